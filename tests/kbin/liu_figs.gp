# SPDX-License-Identifier: Apache-2.0
# Plots of tests/kbin/liu_figs.sh (outdir set by the caller): Liu et al.
# Figs. 13-14 at flit level, throughput of multiple multicast.
set terminal pngcairo size 1000,420 font ",10"
set datafile separator ","
set grid
set key top left
names = "CCO SPCCO RAM-STB RAM-STC RAM-RB RAM-RC"
set output outdir."/liu_nm.png"
set title "NM multicasts at once, 40 destinations, 512 hosts (cf. Liu et al. Fig. 13)"
set xlabel "multicasts at once (NM)"; set ylabel "throughput (flits per cycle)"
set logscale x 2
plot for [i = 1:6] outdir."/liu_nm.csv" every ::1 using 1:(column(2 * i)) with linespoints lw 2 title word(names, i)
unset logscale x
set output outdir."/liu_nd.png"
set multiplot layout 1,2 title "16 multicasts at once against destinations each (cf. Liu et al. Fig. 14)"
set xlabel "destinations per multicast (ND)"
set title "32 switches, 256 hosts"
plot for [i = 1:6] outdir."/liu_nd.csv" every ::1 using 2:($1 == 32 ? column(1 + 2 * i) : 1/0) with linespoints lw 2 title word(names, i)
set title "40 switches, 320 hosts"
plot for [i = 1:6] outdir."/liu_nd.csv" every ::1 using 2:($1 == 40 ? column(1 + 2 * i) : 1/0) with linespoints lw 2 title word(names, i)
unset multiplot
set output outdir."/liu_long.png"
set title "16 multicasts at once, K of them long (4,096 flits, the others 64), 256 hosts (cf. Liu et al. Fig. 15)"
set xlabel "long multicasts (K of 16)"; set ylabel "throughput (flits per cycle)"
plot for [i = 1:6] outdir."/liu_long.csv" every ::1 using 1:(column(2 * i)) with linespoints lw 2 title word(names, i)

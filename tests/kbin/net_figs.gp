# SPDX-License-Identifier: Apache-2.0
# Plots of tests/kbin/net_figs.sh (outdir set by the caller): Kesavan and
# Panda Figs. 13-14 at cycle level, average multicast latency in cycles
# with the least and largest over the runs as error bars.
set terminal pngcairo size 1000,420 font ",10"
set datafile separator ","
set key top left
set grid
set output outdir."/kbin_net_m.png"
set multiplot layout 1,2 title "One multicast to 15 destinations, 64-host irregular networks, m packets of 256 B (cf. Kesavan and Panda Figs. 13a, 14a)"
set xlabel "packets m"; set ylabel "latency (cycles)"
plot outdir."/kbin_net_m.csv" every ::1 using 1:5:6:7 with yerrorlines lw 2 title "binomial", \
     "" every ::1 using 1:8:9:10 with yerrorlines lw 2 title "optimal k-binomial"
set ylabel "binomial / k-binomial"; set yrange [0:*]
plot outdir."/kbin_net_m.csv" every ::1 using 1:11 with linespoints lw 2 title "cycle level", \
     "" every ::1 using 1:12 with lines dt 2 lw 2 title "step level (FPFS steps)"
unset multiplot
set autoscale y
set output outdir."/kbin_net_n.png"
set multiplot layout 1,2 title "One multicast of 8 packets (2 KiB), 64-host irregular networks (cf. Kesavan and Panda Figs. 13b, 14b)"
set xlabel "destinations n-1"; set ylabel "latency (cycles)"
plot outdir."/kbin_net_n.csv" every ::1 using 1:5:6:7 with yerrorlines lw 2 title "binomial", \
     "" every ::1 using 1:8:9:10 with yerrorlines lw 2 title "optimal k-binomial"
set ylabel "binomial / k-binomial"; set yrange [0:*]
plot outdir."/kbin_net_n.csv" every ::1 using 1:11 with linespoints lw 2 title "cycle level"
unset multiplot

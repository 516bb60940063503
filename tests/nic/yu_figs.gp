# SPDX-License-Identifier: Apache-2.0
# Plots of tests/nic/yu_figs.sh (outdir set by the caller): Yu, Buntinas
# and Panda Figs. 4-5 at cycle level.
set terminal pngcairo size 1000,480 font ",10"
set datafile separator ","
set grid
set logscale x 2
set key below horizontal
set xlabel "message bytes"
set output outdir."/yu_fig4.png"
set multiplot layout 1,2 title "NIC-based multisend against host-posted unicasts, 16 nodes (cf. Yu et al. Fig. 4)"
set ylabel "host unicasts / NIC multisend"
set title "host bus as fast as the link (canonical: the paper's PCI is faster)"
plot for [d in "2 3 4 8 15"] outdir."/yu_fig4.csv" every ::1 using 3:($1 == 0 && $2 == d+0 ? $6 : 1/0) with linespoints lw 2 title d." destinations"
set title "sensitivity: host memory 4 wait states per access"
plot for [d in "2 3 4 8 15"] outdir."/yu_fig4.csv" every ::1 using 3:($1 == 4 && $2 == d+0 ? $6 : 1/0) with linespoints lw 2 title d." destinations"
unset multiplot
set output outdir."/yu_fig5.png"
set multiplot layout 1,2 title "Multicast to every node: host-based binomial / NIC-based best postal tree (cf. Yu et al. Fig. 5b)"
set ylabel "improvement factor"
set title "hosts of zero cost (canonical)"
plot for [n in "4 8 16"] outdir."/yu_fig5.csv" every ::1 using 3:($1 == 0 && $2 == n+0 ? $10 : 1/0) with linespoints lw 2 title n." nodes"
set title "sensitivity: hosts take 2,500 cycles per completion"
plot for [n in "4 8 16"] outdir."/yu_fig5.csv" every ::1 using 3:($1 == 2500 && $2 == n+0 ? $10 : 1/0) with linespoints lw 2 title n." nodes"
unset multiplot
set output outdir."/yu_skew.png"
set terminal pngcairo size 1400,520 font ",10"
set multiplot layout 1,3 title "Process skew: hosts' average time in the multicast, 20 draws a point, bars their least and largest (cf. Yu et al. Figs. 7, 8)"
# The x axis is logarithmic from 100 cycles up; the run without skew is
# drawn at x0, left of the axis break (the dashed line), so that the
# point the curves start from stays visible.
x0 = 20
set logscale x 10
set xrange [12:40000]
set xtics ("0" x0, "100" 100, "300" 300, "1k" 1000, "3k" 3000, "10k" 10000, "25k" 25000)
set arrow 1 from 45, graph 0 to 45, graph 1 nohead dt 3 lc rgb "gray40"
sx(c) = (column(c) == 0 ? x0 : column(c))
set xlabel "average skew between two hosts (cycles; 0 left of the break)"
set ylabel "hosts' time (cycles)"
set logscale y 10
set title "16 nodes: host-based (solid), NIC-based (dashed)"
sizes = "4 2048 8192"
plot for [i = 1:3] outdir."/yu_skew.csv" every ::1 using (sx(4)):($1 == 16 && $2 == word(sizes, i)+0 ? $6 : 1/0):11:12 with yerrorlines lw 2 lc i title word(sizes, i)." B host", \
     for [i = 1:3] outdir."/yu_skew.csv" every ::1 using (sx(4)):($1 == 16 && $2 == word(sizes, i)+0 ? $7 : 1/0):13:14 with yerrorlines lw 2 lc i dt 2 title word(sizes, i)." B NIC"
set ylabel "host-based / NIC-based"
set title "improvement factor, 16 nodes (Fig. 7b, 7d)"
sizes = "4 2048 4096 8192"
plot for [i = 1:4] outdir."/yu_skew.csv" every ::1 using (sx(4)):($1 == 16 && $2 == word(sizes, i)+0 ? $8 : 1/0) with linespoints lw 2 lc i title word(sizes, i)." B"
set title "improvement factor, 4 B and 4 KiB on 4, 8, 16 nodes (Fig. 8)"
nodes = "4 8 16"
plot for [i = 1:3] outdir."/yu_skew.csv" every ::1 using (sx(4)):($1 == word(nodes, i)+0 && $2 == 4 ? $8 : 1/0) with linespoints lw 2 lc i title word(nodes, i)." nodes, 4 B", \
     for [i = 1:3] outdir."/yu_skew.csv" every ::1 using (sx(4)):($1 == word(nodes, i)+0 && $2 == 4096 ? $8 : 1/0) with linespoints lw 2 lc i dt 2 title word(nodes, i)." nodes, 4 KiB"
unset multiplot

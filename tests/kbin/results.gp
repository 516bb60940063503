# SPDX-License-Identifier: Apache-2.0
# Plots for docs/results/kbin_*.png (called from mk/kbin.mk with outdir set).
set terminal pngcairo size 900,600 font ",11"
set datafile separator ","
set key outside right
set grid

set output outdir."/kbin_kopt_vs_m.png"
set title "Optimal k vs packets m (Kesavan and Panda Fig. 12, fixed n)"
set xlabel "packets m"; set ylabel "optimal k"
set yrange [0:9]; set logscale x 2
plot for [n in "16 32 64 128 256"] outdir."/kbin_kopt_vs_m.csv" using 2:($1==n+0 ? $3 : 1/0) with steps lw 2 title "n=".n

set output outdir."/kbin_kopt_vs_n.png"
set title "Optimal k vs multicast set size n (Kesavan and Panda Fig. 12, fixed m)"
set xlabel "n (nodes incl. source)"; set ylabel "optimal k"
set yrange [0:9]; unset logscale x; set logscale x 2
plot for [m in "1 2 4 8 16 32"] outdir."/kbin_kopt_vs_n.csv" using 2:($1==m+0 ? $3 : 1/0) with steps lw 2 title "m=".m, \
     outdir."/kbin_kopt_vs_n.csv" using 2:($1==1 ? $7 : 1/0) with lines dt 2 lc black title "ceil(log2 n)"

set output outdir."/kbin_ratio.png"
set title "Binomial / optimal k-binomial completion (FPFS simulation)"
set xlabel "packets m"; set ylabel "ratio"
set autoscale y; set yrange [0:*]; set logscale x 2
plot for [n in "16 64 256"] outdir."/kbin_ratio.csv" using 2:($1==n+0 ? $6 : 1/0) with linespoints lw 2 title "steps, n=".n, \
     for [n in "16 64 256"] outdir."/kbin_ratio.csv" using 2:($1==n+0 ? $9 : 1/0) with lines dt 2 lw 2 title "latency model, n=".n

set output outdir."/kbin_buffer.png"
set title "Largest forwarder buffer (packets): FPFS vs FCFS (Section 3.3)"
set xlabel "packets m"; set ylabel "packets held"
unset logscale x; set autoscale x; set yrange [0:*]
plot outdir."/kbin_buffer.csv" using 1:2 with linespoints lw 2 title "binomial n=16, FPFS", \
     "" using 1:3 with linespoints lw 2 title "binomial n=16, FCFS", \
     "" using 1:4 with linespoints lw 2 title "opt k-binomial n=64, FPFS", \
     "" using 1:5 with linespoints lw 2 title "opt k-binomial n=64, FCFS", \
     "" using 1:6 with linespoints lw 2 title "zero-delay node (3 children), FPFS", \
     "" using 1:7 with linespoints lw 2 title "zero-delay node (3 children), FCFS"

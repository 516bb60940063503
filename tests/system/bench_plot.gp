# SPDX-License-Identifier: Apache-2.0
# docs/results/system_latency16.png from system_latency16.csv (written by
# tests/system/bench_system.sh; mk/system.mk, results-system, sets csv and png).
set terminal pngcairo size 900,650 font ",11" noenhanced
set datafile separator ","
set output png
set title "mcast_bench, 16 nodes (cube:4): root's call to the last member's completion"
set xlabel "message bytes"; set ylabel "cycles"
set logscale xy 2
set format y "%.0f"
set key below
set grid
plot csv using 1:2 skip 1 with linespoints lw 2 title "NIC-based FPFS, best tree", \
     csv using 1:3 skip 1 with linespoints lw 2 title "NIC-based FCFS, best tree", \
     csv using 1:5 skip 1 with linespoints lw 2 title "host-based, binomial", \
     csv using 1:4 skip 1 with linespoints lw 2 title "host-based, best tree", \
     csv using 1:6 skip 1 with linespoints lw 2 title "separate unicasts", \
     csv using 1:7 skip 1 with lines dt 2 lw 2 lc black title "host-based, binomial, hosts of zero cost (msg)", \
     csv using 1:8 skip 1 with lines dt 3 lw 2 lc black title "NIC-based FPFS, kbin:opt, hosts of zero cost (msg)"

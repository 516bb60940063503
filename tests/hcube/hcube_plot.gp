# SPDX-License-Identifier: Apache-2.0
# Plot one Robinson et al. Fig. 9/10 reproduction.  Called from mk/hcube.mk
# with csv, png and ttl set on the command line.
set terminal pngcairo size 900,560 font "sans,11"
set output png
set datafile separator ","
set title ttl
set xlabel "number of destinations"
set ylabel "average of the maximum steps (100 random sets)"
# below the plot: inside it the key covered the curves at large m
set key outside below horizontal
set grid
set yrange [0:*]
set autoscale xfix
set offsets 0, 0, 0.5, 0
plot csv using 1:2 skip 2 with lines lw 2 title "U-cube", \
     csv using 1:3 skip 2 with lines lw 2 title "Maxport", \
     csv using 1:4 skip 2 with lines lw 2 title "Combine", \
     csv using 1:5 skip 2 with lines lw 2 title "W-sort", \
     csv using 1:7 skip 2 with steps lw 1 dt 2 lc rgb "gray40" title "all-port lower bound ceil(log_{n+1}(m+1))"

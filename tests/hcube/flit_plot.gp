# SPDX-License-Identifier: Apache-2.0
# Plot Robinson et al. Fig. 13 (off = 0: delay averaged over the
# destinations) or Fig. 14 (off = 1: the largest, the completion) from the
# CSV of tests/hcube/flit_results.sh.  Called from mk/hcube.mk with csv,
# png, ttl and off set on the command line.
set terminal pngcairo size 900,560 font "sans,11"
set output png
set datafile separator ","
set title ttl
set xlabel "number of destinations"
set ylabel (off ? "largest delay among destinations (cycles)" : "delay averaged over destinations (cycles)")
set key bottom right opaque box
set grid
set yrange [0:*]
set autoscale xfix
plot csv using 1:(column(2 + off)) skip 2 with linespoints lw 2 title "U-cube", \
     csv using 1:(column(4 + off)) skip 2 with linespoints lw 2 title "Maxport", \
     csv using 1:(column(6 + off)) skip 2 with linespoints lw 2 title "Combine", \
     csv using 1:(column(8 + off)) skip 2 with linespoints lw 2 title "W-sort"

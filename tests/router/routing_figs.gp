# SPDX-License-Identifier: Apache-2.0
# Plot of tests/router/routing_figs.sh (outdir set by the caller):
# latency against offered load, west-first and XY, on mesh:8x8.
set terminal pngcairo size 1200,420 font ",10"
set datafile separator ","
set grid
set key top left
set output outdir."/routing_mesh8.png"
set multiplot layout 1,3 title "mesh:8x8, 8-flit packets, 8-flit buffers: average latency against offered load, up to the stable saturation"
set xlabel "offered load (flits/node/cycle)"; set ylabel "average latency (cycles)"
set yrange [0:100]
set xtics 0.05
set format x "%.2f"
do for [t in "uniform transpose bitcomp"] {
  set title t
  plot outdir."/routing_mesh8.csv" every ::1 using (strcol(1) eq "xy" && strcol(2) eq t && $8 == 1 ? $4 : 1/0):6 with linespoints lw 2 title "XY", \
       outdir."/routing_mesh8.csv" every ::1 using (strcol(1) eq "west-first" && strcol(2) eq t && $8 == 1 ? $4 : 1/0):6 with linespoints lw 2 title "west-first"
}
unset multiplot

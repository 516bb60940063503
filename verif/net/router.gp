# SPDX-License-Identifier: Apache-2.0
# docs/results/router_load.png from router_sweep.csv (make results-router,
# called with dir set): average latency against offered load, the points
# of the saturation sweeps whose measured packets drained
set terminal pngcairo size 1000,600 font ",11"
set datafile separator ","
set output dir."/router_load.png"
set title "Latency against offered load (8-flit packets and buffers, 1 VC; drained points of the sweeps)"
set xlabel "offered load (flits/node/cycle)"; set ylabel "average latency (cycles)"
set key outside right; set grid
set yrange [0:300]; set xrange [0:0.7]
f = dir."/router_sweep.csv"
sel(t, k, s) = (strcol(1) eq t && strcol(2) eq k && column(3) == s && column(9) == 1) ? column(7) : 1/0
plot f using 5:(sel("mesh:8x8", "uniform", 1)) with linespoints lw 2 pt 7 ps 0.5 title "mesh:8x8 uniform", \
     f using 5:(sel("mesh:8x8", "uniform", 2)) with linespoints lw 2 pt 7 ps 0.5 dt 2 title "mesh:8x8 uniform, 2 stages", \
     f using 5:(sel("mesh:8x8", "transpose", 1)) with linespoints lw 2 pt 7 ps 0.5 title "mesh:8x8 transpose", \
     f using 5:(sel("mesh:8x8", "bitcomp", 1)) with linespoints lw 2 pt 7 ps 0.5 title "mesh:8x8 bit-complement", \
     f using 5:(sel("cube:6", "uniform", 1)) with linespoints lw 2 pt 7 ps 0.5 title "cube:6 uniform", \
     f using 5:(sel("cube:6", "uniform", 2)) with linespoints lw 2 pt 7 ps 0.5 dt 2 title "cube:6 uniform, 2 stages"

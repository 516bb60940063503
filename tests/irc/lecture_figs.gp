# SPDX-License-Identifier: Apache-2.0
# Plots of tests/irc/lecture_figs.sh (outdir and slice set by the caller;
# slice: net,z,combining measured,formula,no combining measured,formula).
set terminal pngcairo size 1000,420 font ",10"
set datafile separator ","
set grid
set key top left
set logscale xy 2
set output outdir."/lecture_oas.png"
set multiplot layout 1,2 title "One-to-all scatter, M = 64 flits a node, t_s = 100 cycles a send: flit level (points) against the notes' formulas (lines)"
set xlabel "nodes z"; set ylabel "completion (cycles)"
do for [net in "mesh cube"] {
  set title net eq "mesh" ? "1-D mesh, source anywhere (chain)" : "hypercube, one port (binomial tree)"
  plot slice using 2:(strcol(1) eq net ? $3 : NaN) with points pt 7 ps 1.2 lc 1 title "combining, measured", \
       slice using 2:(strcol(1) eq net ? $4 : NaN) with lines lc 1 title (net eq "mesh" ? "t_s log z + (t_d + M t_m)(z-1)" : "t_s n + M t_m (2^n - 1)"), \
       slice using 2:(strcol(1) eq net ? $5 : NaN) with points pt 5 ps 1.2 lc 2 title "no combining, measured", \
       slice using 2:(strcol(1) eq net ? $6 : NaN) with lines lc 2 title "(t_s + M t_m)(z-1)"
}
unset multiplot

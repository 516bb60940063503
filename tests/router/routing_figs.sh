#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# West-first against XY on mesh:8x8 (docs/results/routing.md): the sweep
# docs/results/routing_mesh8.sweep through wormcast sweep, its points
# into OUTDIR/routing_mesh8.csv (routing, traffic, rate, offered,
# accepted, average and p99 latency, stable) and the plot
# OUTDIR/routing_mesh8.png.
# Usage: routing_figs.sh WORMCAST OUTDIR SWEEPDIR
set -eu
wc=$1 out=$2 sdir=$3
here=$(dirname "$0")
"$here/../../tools/run-sweep.sh" "$wc" "$sdir" "$out/routing_mesh8.sweep"
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
            print "routing,traffic,rate,offered,accepted,lat_avg,lat_p99,stable"; next }
  { print $c["routing"] "," $c["traffic"] "," $c["rate"] "," $c["offered"] "," $c["accepted"] "," \
          $c["lat_avg"] "," $c["lat_p99"] "," $c["stable"] }
' "$sdir/routing_mesh8/routing_mesh8.csv" > "$out/routing_mesh8.csv"
gnuplot -e "outdir='$out'" "$here/routing_figs.gp"
echo "routing: $out/routing_mesh8.csv and $out/routing_mesh8.png"

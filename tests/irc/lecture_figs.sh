#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The lecture notes' one-to-all scatter and mesh chain multicast at flit
# level (docs/results/lecture.md): the sweeps docs/results/lecture_*.sweep
# through wormcast sweep, then each point beside the notes' formula:
#   combining on a 1-D mesh of z nodes: t_s ceil(log2 z) + (t_d + M t_m)(z - 1)
#   combining on Q_n (binomial tree):   t_s n + M t_m (2^n - 1)
#   without combining (star, one port):  (t_s + M t_m)(z - 1), the source's sends one after another
# with t_m = 1 cycle per flit, t_d = 1 cycle per hop (our router), t_s =
# the --mcast-forward cost of a send, M = --packet flits per node.
# Into OUTDIR/lecture_oas.csv, lecture_mchain.csv and their .png.
# Usage: lecture_figs.sh WORMCAST OUTDIR SWEEPDIR
set -eu
wc=$1 out=$2 sdir=$3
here=$(dirname "$0")
"$here/../../tools/run-sweep.sh" "$wc" "$sdir" "$out"/lecture_{oas_mesh,oas_cube,mchain}.sweep
. "$here/../../tools/csvcol.sh"
{
  echo "net,z,algo,m,ts,measured,formula,measured_over_formula"
  for f in mesh cube; do
    awk -F, -v net=$f "$CSV_BY_NAME"'
      { split($c["axis_topo"], t, ":"); z = net == "mesh" ? t[2] + 0 : 2 ^ t[2]; n = net == "cube" ? t[2] : 0
        m = $c["m"]; ts = $c["ts"]; a = $c["algo"]; lg = 0; while (2 ^ lg < z) lg++
        if (a == "star") f = (ts + m) * (z - 1)
        else if (net == "mesh") f = ts * lg + (1 + m) * (z - 1)
        else f = ts * n + m * (2 ^ n - 1)
        printf "%s,%d,%s,%d,%d,%.1f,%d,%.4f\n", net, z, a, m, ts, $c["lat_avg"], f, $c["lat_avg"] / f }
    ' "$sdir/lecture_oas_$f/lecture_oas_$f.csv"
  done
} > "$out/lecture_oas.csv"
{
  echo "topo,dests,algo,rounds_max,ceil_log2_n,lat_avg,dest_lat_avg"
  awk -F, "$CSV_BY_NAME"'
    { d = $c["dests"]; lg = 0; while (2 ^ lg < d + 1) lg++
      printf "%s,%d,%s,%d,%d,%.1f,%.1f\n", $c["axis_topo"], d, $c["algo"], $c["rounds_max"], lg, $c["lat_avg"], $c["dest_lat_avg"] }
  ' "$sdir/lecture_mchain/lecture_mchain.csv"
} > "$out/lecture_mchain.csv"
# the plotted slice (M = 64, t_s = 100), one row per network and size
awk -F, 'NR > 1 && $4 == 64 && $5 == 100 { k = $1 "," $2; if (!(k in seen)) { seen[k] = 1; ks[++n] = k }
                                           if ($3 == "star") { sm[k] = $6; sf[k] = $7 } else { cm[k] = $6; cf[k] = $7 } }
         END { for (i = 1; i <= n; i++) print ks[i] "," cm[ks[i]] "," cf[ks[i]] "," sm[ks[i]] "," sf[ks[i]] }' \
  "$out/lecture_oas.csv" > "$sdir/lecture_oas_plot.csv"
gnuplot -e "outdir='$out'; slice='$sdir/lecture_oas_plot.csv'" "$here/lecture_figs.gp"
echo "lecture: $out/lecture_oas.csv $out/lecture_mchain.csv and their .png"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Kesavan and Panda Figs. 13-14 at cycle level (docs/results/kbinomial.md):
# the sweeps docs/results/kbin_net_{m,n}.sweep through wormcast sweep (GNU
# parallel, every local core), then per point the average, least and
# largest multicast latency over the networks and destination sets, for
# the binomial and the optimal k-binomial tree, into
# OUTDIR/kbin_net_{m,n}.csv, and the plots OUTDIR/kbin_net_{m,n}.png.
# Usage: net_figs.sh WORMCAST OUTDIR SWEEPDIR   (SWEEPDIR: the sweeps' job
# logs and outputs; rerun after an interruption and they resume)
set -eu
wc=$1 out=$2 sdir=$3
here=$(dirname "$0")
mkdir -p "$out" "$sdir"

"$here/../../tools/run-sweep.sh" "$wc" "$sdir" "$out"/kbin_net_{m,n}.sweep

# per (x, tree): runs, average, least, largest lat_max (the multicast's
# completion: its last destination has the whole message).  The topology
# name is quoted and holds commas: quoted fields are blanked first.
agg() { # agg CSV XCOL
  awk -F, -v xcol="$2" '
    { gsub(/"[^"]*"/, "Q") }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { x = $c[xcol]; t = $c["tree"]; v = $c["lat_max"] + 0; k = x SUBSEP t
      if (!(k in n)) { n[k] = 0; s[k] = 0; lo[k] = v; hi[k] = v; if (!(x in seen)) { seen[x] = 1; xs[++nx] = x } }
      n[k]++; s[k] += v; if (v < lo[k]) lo[k] = v; if (v > hi[k]) hi[k] = v }
    END { for (i = 1; i <= nx; i++) { x = xs[i]; b = x SUBSEP "binomial"; q = x SUBSEP "kbinomial"
            printf "%s,%d,%.1f,%d,%d,%.1f,%d,%d,%.4f\n", x, n[b], s[b] / n[b], lo[b], hi[b], s[q] / n[q], lo[q], hi[q], (s[b] / n[b]) / (s[q] / n[q]) } }
  ' "$1"
}

# m: packets of the NIC's 256-byte payload; k and the step-level ratio of
# the same n = 16, m from the FPFS step simulation (kbin_ratio.csv)
pay=256
{
  echo "m,bytes,k,runs,binomial_avg,binomial_min,binomial_max,kbin_avg,kbin_min,kbin_max,ratio,step_ratio"
  agg "$sdir/kbin_net_m/kbin_net_m.csv" size | while IFS=, read -r bytes rest; do
    m=$(( (bytes + pay - 1) / pay ))
    k=$("$wc" kopt --n 16 --m "$m" | sed 's/.*"k":\([0-9]*\).*/\1/')
    sr=$(awk -F, -v m="$m" '$1 == 16 && $2 == m {print $6}' "$out/kbin_ratio.csv")
    echo "$m,$bytes,$k,$rest,$sr"
  done
} > "$out/kbin_net_m.csv"
{
  echo "dests,n,k,runs,binomial_avg,binomial_min,binomial_max,kbin_avg,kbin_min,kbin_max,ratio"
  agg "$sdir/kbin_net_n/kbin_net_n.csv" dests | while IFS=, read -r d rest; do
    k=$("$wc" kopt --n $((d + 1)) --m 8 | sed 's/.*"k":\([0-9]*\).*/\1/')
    echo "$d,$((d + 1)),$k,$rest"
  done
} > "$out/kbin_net_n.csv"
gnuplot -e "outdir='$out'" "$here/net_figs.gp"
echo "kbin-net: $out/kbin_net_m.csv $out/kbin_net_n.csv and their .png"

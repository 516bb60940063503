#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Liu et al. Figs. 13-15 at flit level (docs/results/liu.md): the sweeps
# docs/results/liu_{nm,nd,long}.sweep through wormcast sweep, then per
# point and algorithm the throughput (flits delivered per cycle until the
# last multicast of a batch completes) and the completion, averaged over
# the networks, into OUTDIR/liu_{nm,nd,long}.csv and the plots
# OUTDIR/liu_{nm,nd,long}.png.
# Usage: liu_figs.sh WORMCAST OUTDIR SWEEPDIR
set -eu
wc=$1 out=$2 sdir=$3
here=$(dirname "$0")
"$here/../../tools/run-sweep.sh" "$wc" "$sdir" "$out"/liu_{nm,nd,long}.sweep
algos="cco spcco ram:stb ram:stc ram:rb ram:rc"
# agg CSV KEYCOLS...: one row per distinct key, per algorithm the mean
# throughput and completion over the networks
agg() {
  local csv=$1; shift
  awk -F, -v keys="$*" -v algos="$algos" '
    { gsub(/"[^"]*"/, "Q") }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; nk = split(keys, kk, " "); na = split(algos, al, " ")
              printf "%s", kk[1]; for (i = 2; i <= nk; i++) printf ",%s", kk[i]
              for (j = 1; j <= na; j++) printf ",%s_tput,%s_lat", al[j], al[j]; printf "\n"; next }
    { k = $c[kk[1]]; for (i = 2; i <= nk; i++) k = k "," $c[kk[i]]
      if (!(k in seen)) { seen[k] = 1; ks[++n] = k }
      a = $c["algo"]; t[k, a] += $c["throughput"]; l[k, a] += $c["lat_avg"]; m[k, a]++ }
    END { for (i = 1; i <= n; i++) { k = ks[i]; printf "%s", k
            for (j = 1; j <= na; j++) printf ",%.3f,%.1f", t[k, al[j]] / m[k, al[j]], l[k, al[j]] / m[k, al[j]]
            printf "\n" } }
  ' "$csv"
}
agg "$sdir/liu_nm/liu_nm.csv" nm > "$out/liu_nm.csv"
agg "$sdir/liu_nd/liu_nd.csv" ns nd > "$out/liu_nd.csv"
agg "$sdir/liu_long/liu_long.csv" long > "$out/liu_long.csv"
gnuplot -e "outdir='$out'" "$here/liu_figs.gp"
echo "liu: $out/liu_nm.csv $out/liu_nd.csv $out/liu_long.csv and their .png"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Robinson et al. Figs. 11-14 at flit level (docs/results/hcube_flit*.sweep
# say what is run): a sweep through wormcast sweep, then per number of
# destinations and algorithm the delay averaged over the destinations
# (Figs. 11 and 13, dest_lat_avg) and the multicast's completion (Figs. 12
# and 14, lat_avg: the largest delay), each the mean over the jobs' equal
# numbers of sets.  Not part of make test.
#   usage: flit_results.sh WORMCAST SPEC SWEEPDIR OUT.csv
set -eu
wc=$1 spec=$2 sdir=$3 out=$4
here=$(dirname "$0")
fig=$(basename "$spec" .sweep)
[ "$(basename "$sdir")" = "$fig" ] || { echo "flit_results.sh: SWEEPDIR must end in /$fig" >&2; exit 2; }
"$here/../../tools/run-sweep.sh" "$wc" "$(dirname "$sdir")" "$spec"
algos="ucube maxport combine wsort"
{
  echo "# Robinson et al. at flit level ($fig): $(sed -n 's/^run *//p' "$spec") over $(grep -c . <<<"$(sed -n 's/^axis *seed *//p' "$spec" | tr ' ' '\n')") seeds per point"
  printf 'destinations'
  for a in $algos; do printf ',%s_avg,%s_max' "$a" "$a"; done
  printf '\n'
  awk -F, -v algos="$algos" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { m = $c["dests"]; a = $c["algo"]
      if (!(m in seen)) { seen[m] = 1; ms[++n] = m }
      s[m, a] += $c["dest_lat_avg"]; x[m, a] += $c["lat_avg"]; k[m, a]++ }
    END { na = split(algos, al, " ")
          for (i = 1; i <= n; i++) { m = ms[i]; printf "%s", m
            for (j = 1; j <= na; j++) printf ",%.1f,%.1f", s[m, al[j]] / k[m, al[j]], x[m, al[j]] / k[m, al[j]]
            printf "\n" } }
  ' "$sdir/$fig.csv"
} > "$out"
echo "written to $out"

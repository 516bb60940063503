#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Seconds for `wormcast fpfs` (load the JSON tree, simulate, print) on
# 10^5-node trees: a chain, a star and a random recursive tree, both send
# orders.  The target is under 2 s each (docs/multicast-algorithms.md).
# Usage: bench_fpfs.sh WORMCAST OUTFILE
set -eu
wc=$1; out=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
mkdir -p "$(dirname "$out")"
n=100000
awk -v n=$n 'BEGIN { printf "{\"root\":0,\"children\":{"; for (i = 0; i < n - 1; i++) { if (i) printf ","; printf "\"%d\":[%d]", i, i + 1 }; print "}}" }' > "$dir/chain.json"
awk -v n=$n 'BEGIN { printf "{\"root\":0,\"children\":{\"0\":[1"; for (i = 2; i < n; i++) printf ",%d", i; print "]}}" }' > "$dir/star.json"
# random recursive tree: node i hangs off a uniformly random earlier node
awk -v n=$n 'BEGIN { srand(1); for (i = 1; i < n; i++) { p = int(rand() * i); if (p in k) k[p] = k[p] "," i; else k[p] = i }
  printf "{\"root\":0,\"children\":{"; f = 1
  for (p = 0; p < n; p++) if (p in k) { if (!f) printf ","; printf "\"%d\":[%s]", p, k[p]; f = 0 }
  print "}}" }' > "$dir/random.json"
now() { date +%s.%N; }
{
  echo "# wormcast fpfs on $n-node trees: seconds to load, simulate and print (target < 2 s)"
  printf '%-8s %6s %4s %6s %8s\n' tree mode m steps seconds
  for tree in chain star random; do
    for mode in fpfs fcfs; do
      for m in 1 8; do
        t0=$(now); steps=$("$wc" fpfs --tree "$dir/$tree.json" --m $m --mode $mode | sed 's/^{"steps":\([0-9]*\).*/\1/'); t1=$(now)
        awk -v a="$t0" -v b="$t1" -v t=$tree -v md=$mode -v m=$m -v s="$steps" \
          'BEGIN { printf "%-8s %6s %4d %6d %8.3f\n", t, md, m, s, b - a }'
      done
    done
  done
} > "$out"
cat "$out"

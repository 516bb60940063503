#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build time of up*/down* tables and of the full checker for large switch
# networks, through `wormcast topo`; the largest allowed (4096 switches,
# 64 ports) is the worst case.  Usage: bench.sh WORMCAST OUTFILE
set -eu
wc=$1; out=$2
mkdir -p "$(dirname "$out")"
now() { date +%s.%N; }
{
  echo "# wormcast topo: seconds to build (create + JSON) and to build + check every host pair"
  printf '%-26s %8s %8s %10s\n' topology nnodes build_s check_s
  for n in irregular:16,8,4,1 irregular:256,16,4,1 irregular:1024,16,4,1 irregular:4096,8,1,1 irregular:4096,3,1,1 irregular:4096,64,1,1 cube:10:all mesh:64x64; do
    t0=$(now); "$wc" topo --topo "$n" > "$out.json"; t1=$(now)
    "$wc" topo --topo "$n" --check > /dev/null 2>&1; t2=$(now)
    # cube and mesh route in the router: nothing to check
    case $n in irregular:*|file:*) ;; *) t2=x ;; esac
    nn=$(grep -m1 '"nnodes"' "$out.json" | tr -dc 0-9)
    awk -v n="$n" -v nn="$nn" -v a="$t0" -v b="$t1" -v c="$t2" \
      'BEGIN { printf "%-26s %8d %8.3f %10s\n", n, nn, b - a, c == "x" ? "-" : sprintf("%.3f", c - b) }'
  done
} > "$out"
rm -f "$out.json"
cat "$out"

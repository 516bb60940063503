#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Speed of SystemC networks (all C-model routers, one RTL router among C
# ones, all RTL) against the plain C network model (wormcast sim --engine c)
# and the Verilated network of wormcast sim --engine rtl, on one workload:
# uniform Bernoulli unicast traffic, 8-flit packets, 8-flit buffers,
# 100,000 cycles then the drain.  Each figure is the best of 3 runs (the
# machine is shared).  Writes build/bench/systemc.txt and prints it.
# usage: sc/bench.sh WC_SC WORMCAST
set -u
sc=$1 wc=$2 out=${BUILD:-build}/bench/systemc.txt
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
mkdir -p "$(dirname "$out")"
cycles=100000 rate=0.2
best() { sort -g | tail -1; }
sc_speed() { # topo rtl-nodes
  for i in 1 2 3; do "$sc" --topo "$1" --rtl-nodes "$2" --rate $rate --cycles $cycles \
    | sed -n 's/.* s, \([0-9]*\) cycles\/s/\1/p'; done | best
}
sim_speed() { # topo engine
  for i in 1 2 3; do "$wc" sim --topo "$1" --engine "$2" --rate $rate --warmup 0 --cycles $cycles --quiet --csv \
    | awk -F, 'NR==1 {for (i=1;i<=NF;i++) if ($i=="cycles_per_s") c=i} NR==2 {print $c}'; done | best
}
{
echo "# Wormcast SystemC bench ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m), SystemC $(pkg-config --modversion systemc 2>/dev/null || echo '?'))"
echo "# uniform unicast, rate $rate flits/node/cycle, 8-flit packets, 8-flit buffers, $cycles cycles + drain;"
echo "# simulated cycles per second, best of 3; ratio = plain C model / this"
printf '%-9s %-28s %12s %8s\n' topology engine cycles_per_s ratio
for spec in "cube:4 5" "mesh:4x4 5"; do
  set -- $spec
  c=$(sim_speed "$1" c)
  printf '%-9s %-28s %12s %8s\n' "$1" "wormcast sim --engine c" "$c" 1.00
  for e in "rtl" ; do
    v=$(sim_speed "$1" $e)
    printf '%-9s %-28s %12s %8.2f\n' "$1" "wormcast sim --engine $e" "$v" "$(echo "$c / $v" | bc -l)"
  done
  for n in none "$2" all; do
    v=$(sc_speed "$1" "$n")
    case $n in none) what="SystemC, all C" ;; all) what="SystemC, all RTL" ;; *) what="SystemC, RTL router $n" ;; esac
    printf '%-9s %-28s %12s %8.2f\n' "$1" "$what" "$v" "$(echo "$c / $v" | bc -l)"
  done
done
echo
echo "# goal: the all-C SystemC network within 3x of the plain C model (ratio <= 3)"
} | tee "$out"

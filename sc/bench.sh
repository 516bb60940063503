#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Speed of SystemC networks (all C-model routers, one RTL router among C
# ones, all RTL) against the plain C network model (wormcast sim --engine c)
# and the Verilated network of wormcast sim --engine rtl, on one workload:
# uniform Bernoulli unicast traffic, 8-flit packets, 8-flit buffers,
# 100,000 cycles then the drain; the SystemC engine of the tool on it
# (wormcast sim --engine sc).  Then routers and NICs: wormcast msg on
# cube:4 (its default traffic, MSGS messages) with the C model, the RTL
# engine and the SystemC engine all C, with node 5's router and NIC RTL,
# and all RTL.  Each figure is the best of 3 runs (the machine is shared).
# Writes build/bench/systemc.txt and prints it, and the same figures as
# build/bench/systemc.csv (docs/results/engines_net.csv's columns).
# usage: sc/bench.sh WC_SC WORMCAST
set -u
sc=$1 wc=$2 out=${BUILD:-build}/bench/systemc.txt csv=${BUILD:-build}/bench/systemc.csv
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
mkdir -p "$(dirname "$out")"
cycles=100000 rate=0.2 msgs=100
best() { sort -g | tail -1; }
sc_speed() { # topo rtl-nodes
  for i in 1 2 3; do "$sc" --topo "$1" --rtl-nodes "$2" --rate $rate --cycles $cycles \
    | sed -n 's/.* s, \([0-9]*\) cycles\/s/\1/p'; done | best
}
csv_col() { awk -F, -v col="$1" 'NR==1 {for (i=1;i<=NF;i++) if ($i==col) c=i} NR==2 {print $c}'; }
sim_speed() { # topo engine [rtl-nodes]
  for i in 1 2 3; do "$wc" sim --topo "$1" --engine "$2" ${3:+--rtl-nodes "$3"} --rate $rate --warmup 0 \
    --cycles $cycles --quiet --csv | csv_col cycles_per_s; done | best
}
msg_speed() { # engine [rtl-nodes]
  for i in 1 2 3; do "$wc" msg --topo cube:4 --engine "$1" ${2:+--rtl-nodes "$2"} --messages $msgs --quiet --csv \
    | csv_col cycles_per_s; done | best
}
# row TOPOLOGY WHAT CPS C_CPS BENCH ENGINE RTL_NODES: a line of the text
# and one of the CSV
day=$(date -u +%F) rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "run,commit,bench,topology,engine,rtl_nodes,cycles_per_s,c_cps" > "$csv"
row() { printf '%-9s %-34s %12s %8.2f\n' "$1" "$2" "$3" "$(echo "$4 / $3" | bc -l)"
        echo "$day,$rev,$5,$1,$6,$7,$3,$4" >> "$csv"; }
{
echo "# Wormcast SystemC bench ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m), SystemC $(pkg-config --modversion systemc 2>/dev/null || echo '?'))"
echo "# uniform unicast, rate $rate flits/node/cycle, 8-flit packets, 8-flit buffers, $cycles cycles + drain;"
echo "# simulated cycles per second, best of 3; ratio = plain C model / this"
printf '%-9s %-34s %12s %8s\n' topology engine cycles_per_s ratio
for spec in "cube:4 5" "mesh:4x4 5"; do
  set -- $spec
  c=$(sim_speed "$1" c)
  row "$1" "wormcast sim --engine c" "$c" "$c" sim wormcast-c -
  row "$1" "wormcast sim --engine rtl" "$(sim_speed "$1" rtl)" "$c" sim wormcast-rtl -
  for n in none "$2" all; do
    v=$(sc_speed "$1" "$n")
    case $n in none) what="SystemC, all C" ;; all) what="SystemC, all RTL" ;; *) what="SystemC, RTL router $n" ;; esac
    row "$1" "wc_sc: $what" "$v" "$c" sim wc_sc "$n"
  done
  row "$1" "wormcast sim --engine sc (all C)" "$(sim_speed "$1" sc none)" "$c" sim wormcast-sc none
done
echo
echo "# routers and NICs: wormcast msg --topo cube:4 --messages $msgs (default mix and sizes), cycles until"
echo "# every message is delivered; ratio = wormcast msg --engine c / this"
printf '%-9s %-34s %12s %8s\n' topology engine cycles_per_s ratio
c=$(msg_speed c)
row cube:4 "wormcast msg --engine c" "$c" "$c" msg wormcast-c -
row cube:4 "wormcast msg --engine rtl" "$(msg_speed rtl)" "$c" msg wormcast-rtl -
for n in none 5 all; do
  case $n in none) what="all C" ;; all) what="all RTL" ;; *) what="RTL node $n" ;; esac
  row cube:4 "wormcast msg --engine sc, $what" "$(msg_speed sc $n)" "$c" msg wormcast-sc "$n"
done
echo
echo "# goal: the all-C SystemC network within 3x of the plain C model (ratio <= 3)"
} | tee "$out"

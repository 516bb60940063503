#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench part of the system (docs/system.md): the simulation speed of a
# 16-node system (cube:4, the stress firmware's first cycles) with the C
# system model and with the Verilated RTL, against the goals of 500,000
# and 50,000 node-cycles per second.  Writes $OUT (build/bench/system.txt).
# Inputs from mk/system.mk: WC, NODE_FW (directory of the node apps), OUT.
set -u
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
speed() {  # ENGINE CYCLES: node-cycles/s of the summary line
  "$WC" run --quiet --topo cube:4 --fw "$NODE_FW/mcast_stress.elf" --engine "$1" --cycles "$2" > "$tmp" 2>&1
  grep -o '[0-9]* node-cycles/s' "$tmp" | awk '{print $1}'
}
c=$(speed c 2000000)
r=$(speed rtl 40000)
{
  echo "# wormcast run speed, cube:4 (16 nodes), mcast_stress, $(date -u +%F)"
  echo "c_model_node_cycles_per_s $c (goal 500000: $([ "$c" -ge 500000 ] && echo met || echo MISSED))"
  echo "verilated_node_cycles_per_s $r (goal 50000: $([ "$r" -ge 50000 ] && echo met || echo MISSED))"
} | tee "$OUT"

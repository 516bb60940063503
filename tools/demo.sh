#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make demo: something a newcomer can watch.  The system first: 16 Wormcast
# nodes (RV32IM core, RAM, multicast NIC, router) on a 4-cube running the
# multicast benchmark firmware, and the same kind of system with Verilated
# nodes and routers in lockstep with the C system model.  Then the
# network alone: RTL routers in lockstep with a waveform, a load sweep,
# multidestination worms against a unicast tree, and a W-sort tree.
# The RTL models build in the background while the C-model parts run.
set -eu
B=${BUILD:-build}
wc=$B/bin/wormcast
fw=$B/node/fw
out=$B/demo
mkdir -p "$out"
line() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Verilate the node SoC and the 4x4-mesh router now (minutes, once): a
# short RTL run of the smallest firmware builds both.
"$wc" run --quiet --topo mesh:4x4 --fw "$B/system/fw/hello.elf" --engine rtl > "$out/rtl-build.log" 2>&1 &
build=$!

line "Wormcast demo 1/6: 16 nodes on a 4-cube run the multicast benchmark (C system model)"
echo "Each node: the RV32IM core runs the firmware, which builds its part of the multicast tree and drives"
echo "its own NIC; the routers carry the packets.  Node 0 multicasts to the 15 others; every row is the time"
echo "in cycles from node 0's call to the last node's completion, on the nodes' own cycle counters."
echo "fpfs: the NICs forward packet by packet; host: every inner node's firmware receives the whole message"
echo "and sends it on; unicast: node 0 sends 15 separate messages.  kbin:opt: the k-binomial tree of"
echo "Kesavan and Panda with the optimal k for the message's packet count."
"$wc" run --quiet --topo cube:4 --fw "$fw/mcast_bench.elf" --arg sizes=4,1024,16384 \
  --arg modes=fpfs,host,unicast --arg trees=binomial,kbin:opt --arg reps=1 | grep -v 'csv,'

line "Demo 2/6: the network alone: latency against load on a 4x4 mesh (C model)"
"$wc" sim --topo mesh:4x4 --sweep 0.05:0.8:0.05 --warmup 2000 --cycles 10000

line "Demo 3/6: broadcast on an 8x8 mesh: multidestination worms against a tree of unicasts (C model = RTL, cycle for cycle)"
echo "64-flit messages from 3 random sources; worms are absorbed and forwarded by the routers (intermediate reception)."
"$wc" sim --topo mesh:8x8 --mcast-once all --mcast-scheme worm --packet 64 --sets 3
"$wc" sim --topo mesh:8x8 --mcast-once all --mcast-scheme tree --packet 64 --sets 3
"$wc" worm --topo mesh:8x8 --scheme bcast-any --src 27 --dst all --format dot | neato -n2 -Tpng -o "$out/bcast.png" 2>/dev/null \
  && echo "the worms and their rounds: $out/bcast.png"

line "Demo 4/6: a multicast tree on a 4-cube (W-sort, all-port; Robinson et al.)"
"$wc" tree --topo cube:4:all --algo wsort --src 0 --dst 1,3,5,7,11,12,14,15 --format text
if command -v dot >/dev/null; then
  "$wc" tree --topo cube:4:all --algo wsort --src 0 --dst 1,3,5,7,11,12,14,15 --format dot | dot -Tpng -o "$out/wsort.png"
  echo "tree picture: $out/wsort.png"
fi

echo
echo "(waiting for the node and router RTL to finish building: $out/rtl-build.log)"
wait $build || { cat "$out/rtl-build.log"; exit 1; }

line "Demo 5/6: 16 Verilated nodes and routers on a 4x4 mesh, in lockstep with the C system model"
echo "Every node sends a message to the next and sleeps in wfi until its NIC interrupts.  Every cycle, every"
echo "core bus request, RAM grant, interrupt line, retired instruction, NIC output and router port is compared."
"$wc" run --quiet --topo mesh:4x4 --fw "$B/system/fw/ring.elf" --engine lockstep

line "Demo 6/6: the 4x4 mesh of RTL routers alone, in lockstep with the C model, with a waveform"
echo "XY routing, 8-flit packets and buffers, uniform traffic at 0.25 flits/node/cycle; every port compared."
"$wc" sim --topo mesh:4x4 --engine lockstep --rate 0.25 --warmup 2000 --cycles 20000 --seed 1 \
  --wave "$out/mesh4x4" --wave-routers 0,1,4,5

line "Where to look"
w=$out/mesh4x4.fst; [ -f "$w" ] || w=$out/mesh4x4.vcd
echo "waveform of routers 0,1,4,5 (RTL value and C-model value of every port): $w"
echo "open it with:  gtkwave -a $out/mesh4x4.gtkw"
echo "your own firmware on the nodes: docs/system.md ('Firmware runtime', 'wormcast run')"
echo "more:  $wc run --help   |   $wc sim --help   |   docs/system.md   |   docs/nic.md   |   make test"

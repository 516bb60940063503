#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make demo: something a newcomer can watch.  A 4x4 mesh of RTL routers
# runs in lockstep with the C model (every port compared every cycle),
# multicast with multidestination worms and a tree from the algorithm
# library, then a network of NICs: messages over lossy links in lockstep,
# and one 16 KiB multicast forwarded by the NICs against the hosts.
set -eu
wc=${BUILD:-build}/bin/wormcast
out=${BUILD:-build}/demo
mkdir -p "$out"
line() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
line "Wormcast demo 1/6: a 4x4 mesh, Verilated RTL routers and the C model in lockstep"
echo "16 routers, XY routing, 8-flit packets, 8-flit buffers, uniform traffic at 0.25 flits/node/cycle."
echo "Every router port (flit, valid, credit) is compared every cycle; any difference stops the run."
"$wc" sim --topo mesh:4x4 --engine lockstep --rate 0.25 --warmup 2000 --cycles 20000 --seed 1 \
  --wave "$out/mesh4x4" --wave-routers 0,1,4,5
line "Demo 2/6: latency against load on the same mesh (C model, fast)"
"$wc" sim --topo mesh:4x4 --sweep 0.05:0.8:0.05 --warmup 2000 --cycles 10000
line "Demo 3/6: broadcast on an 8x8 mesh of RTL routers: multidestination worms against a tree of unicasts"
echo "64-flit messages from 3 random sources; worms are absorbed and forwarded by the routers (intermediate reception)."
"$wc" sim --topo mesh:8x8 --engine rtl --mcast-once all --mcast-scheme worm --packet 64 --sets 3
"$wc" sim --topo mesh:8x8 --engine rtl --mcast-once all --mcast-scheme tree --packet 64 --sets 3
"$wc" worm --topo mesh:8x8 --scheme bcast-any --src 27 --dst all --format dot | neato -n2 -Tpng -o "$out/bcast.png" 2>/dev/null \
  && echo "the worms and their rounds: $out/bcast.png"
line "Demo 4/6: a multicast tree on a 4-cube (W-sort, all-port; Robinson et al.)"
"$wc" tree --topo cube:4:all --algo wsort --src 0 --dst 1,3,5,7,11,12,14,15 --format text
if command -v dot >/dev/null; then
  "$wc" tree --topo cube:4:all --algo wsort --src 0 --dst 1,3,5,7,11,12,14,15 --format dot | dot -Tpng -o "$out/wsort.png"
  echo "tree picture: $out/wsort.png"
fi
line "Demo 5/6: a 3-cube of RTL routers and RTL NICs in lockstep with the C model, over lossy links"
echo "Hosts post unicasts, multisends and multicasts of 1 byte to 16 KiB; 1% of the packets are dropped or"
echo "bit-flipped on the links; the NICs retransmit.  Every NIC output and router port is compared every cycle,"
echo "and every message is checked at every destination: exactly once, in order, byte for byte."
"$wc" msg --topo cube:3 --engine lockstep --messages 60 --size 1-16384 --fault-rate 0.01 --seed 2
line "Demo 6/6: one 16 KiB multicast from node 0 to the 15 others of a 4-cube, on the RTL"
echo "Forwarded packet by packet by the NICs (FPFS), then by the hosts (each inner host receives the whole"
echo "message and sends it on).  The last line of each is the latency in cycles."
"$wc" msg --topo cube:4 --engine rtl --group 0:all --once multicast --size 16384 --mode fpfs --quiet | grep -E "peak|latency"
"$wc" msg --topo cube:4 --engine rtl --group 0:all --once multicast --size 16384 --mode host --quiet | grep -E "peak|latency"
line "Where to look"
w=$out/mesh4x4.fst; [ -f "$w" ] || w=$out/mesh4x4.vcd
echo "waveform of routers 0,1,4,5 (RTL value and C-model value of every port): $w"
echo "open it with:  gtkwave -a $out/mesh4x4.gtkw"
echo "more:  $wc sim --help   |   $wc msg --help   |   docs/router.md   |   docs/nic.md   |   make test"

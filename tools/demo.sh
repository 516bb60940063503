#!/usr/bin/env bash
# make demo: something a newcomer can watch.  A 4x4 mesh of RTL routers
# runs in lockstep with the C model (every port compared every cycle),
# then a multicast tree from the algorithm library.
set -eu
wc=${BUILD:-build}/bin/wormcast
out=${BUILD:-build}/demo
mkdir -p "$out"
line() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
line "Wormcast demo 1/4: a 4x4 mesh, Verilated RTL routers and the C model in lockstep"
echo "16 routers, XY routing, 8-flit packets, 8-flit buffers, uniform traffic at 0.25 flits/node/cycle."
echo "Every router port (flit, valid, credit) is compared every cycle; any difference stops the run."
"$wc" sim --topo mesh:4x4 --engine lockstep --rate 0.25 --warmup 2000 --cycles 20000 --seed 1 \
  --wave "$out/mesh4x4" --wave-routers 0,1,4,5
line "Demo 2/4: latency against load on the same mesh (C model, fast)"
"$wc" sim --topo mesh:4x4 --sweep 0.05:0.8:0.05 --warmup 2000 --cycles 10000
line "Demo 3/4: broadcast on an 8x8 mesh of RTL routers: multidestination worms against a tree of unicasts"
echo "64-flit messages from 3 random sources; worms are absorbed and forwarded by the routers (intermediate reception)."
"$wc" sim --topo mesh:8x8 --engine rtl --mcast-once all --mcast-scheme worm --packet 64 --sets 3
"$wc" sim --topo mesh:8x8 --engine rtl --mcast-once all --mcast-scheme tree --packet 64 --sets 3
"$wc" worm --topo mesh:8x8 --scheme bcast-any --src 27 --dst all --format dot | neato -n2 -Tpng -o "$out/bcast.png" 2>/dev/null \
  && echo "the worms and their rounds: $out/bcast.png"
line "Demo 4/4: a multicast tree on a 4-cube (W-sort, all-port; Robinson et al.)"
"$wc" tree --topo cube:4:all --algo wsort --src 0 --dst 1,3,5,7,11,12,14,15 --format text
if command -v dot >/dev/null; then
  "$wc" tree --topo cube:4:all --algo wsort --src 0 --dst 1,3,5,7,11,12,14,15 --format dot | dot -Tpng -o "$out/wsort.png"
  echo "tree picture: $out/wsort.png"
fi
line "Where to look"
w=$out/mesh4x4.fst; [ -f "$w" ] || w=$out/mesh4x4.vcd
echo "waveform of routers 0,1,4,5 (RTL value and C-model value of every port): $w"
echo "open it with:  gtkwave -a $out/mesh4x4.gtkw"
echo "more:  $wc sim --help   |   docs/router.md   |   make test"

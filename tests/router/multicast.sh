#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Multicast traffic in the simulator: a fraction of messages go to N
# random destinations as separate unicasts, as a binomial tree of
# unicasts that the destinations forward, or as multidestination worms.
# Runs in lockstep stay clean, multicasts complete, and both the tree and
# the worms beat separate unicasts from the source for 16 destinations at
# low load (log-depth schemes against 16 serialized sends).
set -u
wc=$1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
col() { awk -F, -v c="$2" 'NR==1 {for (i=1;i<=NF;i++) if ($i==c) k=i} NR==2 {print $k}' <<<"$1"; }
for spec in "mesh:4x4 unicast" "mesh:4x4 tree" "irregular:8,8,2,1 tree" "cube:4:all tree" \
            "mesh:4x4 worm" "irregular:8,8,2,1 worm" "cube:4:all worm" "cube:4 worm"; do
  set -- $spec
  out=$("$wc" sim --topo "$1" --engine lockstep --rate 0.05 --multicast 0.3 --mcast-dests 6 --mcast-scheme "$2" \
        --warmup 1000 --cycles 20000 --seed 9 --quiet --csv | sed 's/^"[^"]*"/topo/')
  rc=$?
  check "$1 $2: lockstep run passes (exit $rc)" "[ $rc -eq 0 ]"
  check "$1 $2: multicasts measured ($(col "$out" mcasts))" "[ $(col "$out" mcasts) -gt 50 ]"
  check "$1 $2: completion latency reported ($(col "$out" mcast_lat_avg))" "awk 'BEGIN {exit !($(col "$out" mcast_lat_avg) > 0)}'"
done
u=$("$wc" sim --topo mesh:8x8 --rate 0.02 --multicast 0.5 --mcast-dests 16 --mcast-scheme unicast --warmup 2000 --cycles 30000 --quiet --csv)
t=$("$wc" sim --topo mesh:8x8 --rate 0.02 --multicast 0.5 --mcast-dests 16 --mcast-scheme tree --warmup 2000 --cycles 30000 --quiet --csv)
lu=$(col "$u" mcast_lat_avg) lt=$(col "$t" mcast_lat_avg)
check "mesh:8x8, 16 destinations: tree ($lt cycles) completes before separate unicasts ($lu cycles)" "awk 'BEGIN {exit !($lt < $lu)}'"
w=$("$wc" sim --topo mesh:8x8 --rate 0.02 --multicast 0.5 --mcast-dests 16 --mcast-scheme worm --warmup 2000 --cycles 30000 --quiet --csv)
lw=$(col "$w" mcast_lat_avg)
check "mesh:8x8, 16 destinations: multidestination worms ($lw cycles) complete before separate unicasts ($lu cycles)" "awk 'BEGIN {exit !($lw < $lu)}'"
err=$("$wc" sim --topo mesh:4x4 --multicast 0.1 --mcast-scheme worm --packet 1 2>&1 >/dev/null); rc=$?
check "worm scheme needs a payload flit for the id" "[ $rc -ne 0 ] && grep -q 'needs --packet >= 2' <<<\"\$err\""
o=$("$wc" sim --topo mesh:8x8 --engine rtl --mcast-once all --mcast-scheme worm --packet 64 --sets 2 --csv | tail -1)
check "RTL broadcast with worms completes in 2 rounds on mesh:8x8 ($o)" "[ \"\$(cut -d, -f10 <<<\"\$o\")\" = 2 ]"
err=$("$wc" sim --topo mesh:4x4 --multicast 0.1 --mcast-dests 16 2>&1 >/dev/null); rc=$?
check "too many destinations refused" "[ $rc -ne 0 ] && grep -q 'mcast-dests 16 out of range 1..15' <<<\"\$err\""
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# Multicast traffic in the simulator: a fraction of messages go to N
# random destinations as separate unicasts or as a binomial tree of
# unicasts that the destinations forward.  Runs in lockstep stay clean,
# multicasts complete, and the tree beats separate unicasts from the
# source for 16 destinations at low load (log-depth tree against 16
# serialized sends).
set -u
wc=$1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
col() { awk -F, -v c="$2" 'NR==1 {for (i=1;i<=NF;i++) if ($i==c) k=i} NR==2 {print $k}' <<<"$1"; }
for spec in "mesh:4x4 unicast" "mesh:4x4 tree" "irregular:8,8,2,1 tree" "cube:4:all tree"; do
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
err=$("$wc" sim --topo mesh:4x4 --multicast 0.1 --mcast-scheme worm 2>&1 >/dev/null); rc=$?
check "worm scheme refused with a reason until the router has intermediate reception" "[ $rc -ne 0 ] && grep -q 'intermediate reception' <<<\"\$err\""
err=$("$wc" sim --topo mesh:4x4 --multicast 0.1 --mcast-dests 16 2>&1 >/dev/null); rc=$?
check "too many destinations refused" "[ $rc -ne 0 ] && grep -q 'mcast-dests 16 out of range 1..15' <<<\"\$err\""
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

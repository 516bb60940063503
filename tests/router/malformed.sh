#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Malformed worms (unroutable destination, body/tail without a head) are
# dropped and counted identically by the RTL and the C model, and never
# stall the rest of the traffic: in lockstep, with 3% of worms malformed,
# zero mismatches, every good packet delivered, drop counters equal to the
# malformed worms sent; non-conformant multidestination worms (BRCP
# broken at their first destination) are dropped there the same way.
set -u
wc=$1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
for spec in "mesh:4x4 0.3" "cube:4:all 0.3" "irregular:8,8,2,1 0.1"; do
  set -- $spec
  row=$("$wc" sim --topo "$1" --engine lockstep --rate "$2" --malformed 0.03 --warmup 1000 --cycles 30000 --seed 5 --quiet --csv | tail -1 | sed 's/^"[^"]*"/topo/')
  rc=$?
  IFS=, read -r _ _ _ _ _ _ _ _ _ _ _ _ inj deliv lost dup ooo corrupt drops mal sat dead mism cyc cps <<<"$row"
  check "$1: run passes (exit $rc)" "[ $rc -eq 0 ]"
  check "$1: malformed worms were sent ($mal)" "[ ${mal:-0} -gt 10 ]"
  check "$1: routers dropped exactly those ($drops)" "[ '$drops' = '$mal' ]"
  check "$1: all good packets delivered ($deliv of $inj)" "[ '$inj' = '$deliv' ] && [ '$lost' = 0 ] && [ '$corrupt' = 0 ]"
  check "$1: no mismatch, no deadlock" "[ '$mism' = 0 ] && [ '$dead' = 0 ]"
done
# non-conformant multidestination worms among worm multicasts, in lockstep
for t in mesh:4x4 cube:4:all; do
  out=$("$wc" sim --topo $t --engine lockstep --rate 0.2 --malformed 0.05 --multicast 0.2 --mcast-dests 5 \
        --mcast-scheme worm --warmup 1000 --cycles 20000 --seed 4 --quiet)
  rc=$?
  check "$t worms: run passes (exit $rc)" "[ $rc -eq 0 ]"
  nb=$(sed -n 's/.*(\([0-9]*\) of them multidestination worms breaking BRCP).*/\1/p' <<<"$out")
  check "$t worms: non-conformant multidestination worms were sent (${nb:-0})" "[ ${nb:-0} -gt 20 ]"
  check "$t worms: drops equal malformed worms, no loss or corruption" \
        "grep -q 'lost 0  duplicated 0  out-of-order 0  corrupt 0' <<<\"\$out\" && grep -q 'lockstep   0 mismatches' <<<\"\$out\""
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

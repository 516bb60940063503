#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The lockstep comparison must be able to fail: each C-model mutation
# (1 = round-robin pointer never advances, 2 = the other dimension order,
# 3 = the absorption channel gets the forwarded head, 4 = the forwarded
# head keeps its address count, 5 = the two-stage hop's granted head
# crosses in its grant cycle, 6 = west-first's adaptive choice inverted:
# the output with fewer credits wins, in either hop mode)
# must make `wormcast sim --engine lockstep` report a mismatch and exit
# non-zero; the first one also leaves a waveform and a GTKWave layout.
# One RTL mutation besides: west-first's adaptive choice frozen in a copy
# of the RTL.  And two of the router engine's sleep (verif/net/
# wc_rtl_routers.cpp), each in a copy of the harness: a sleeping router
# not woken by a credit, and a router put to sleep without comparing its
# state before and after the edge.
set -u
wc=$1 out=${BUILD:-build}/test-mutation
rm -rf "$out"; mkdir -p "$out"
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
run() { # name topo mutate rate [more options]
  local name=$1 topo=$2 mut=$3 rate=$4; shift 4
  "$wc" sim --topo "$topo" --engine lockstep --mutate "$mut" --rate "$rate" --warmup 0 --cycles 20000 --seed 3 --quiet \
     --wave-dir "$out/$name" "$@" > "$out/$name.out" 2> "$out/$name.err"
  echo $?
}
for spec in "arb-mesh mesh:4x4 1 0.5" "arb-cube cube:4 1 0.6" "arb-irregular irregular:8,8,2,1 1 0.2" \
            "route-mesh mesh:4x4 2 0.1" "route-cube cube:4 2 0.1" "route-cube-all cube:4:all 2 0.1" \
            "absorb-mesh mesh:4x4 3 0.05 --multicast 0.3 --mcast-scheme worm --mcast-dests 5" \
            "forward-irregular irregular:8,8,2,1 4 0.05 --multicast 0.3 --mcast-scheme worm --mcast-dests 5" \
            "traverse-mesh mesh:4x4 5 0.1 --router-stages 2" \
            "adapt-mesh mesh:4x4 6 0.3 --routing west-first" \
            "adapt-mesh-s2 mesh:4x4 6 0.3 --routing west-first --router-stages 2"; do
  set -- $spec
  rc=$(run "$@")
  check "$1: mutation $3 on $2 exits non-zero" "[ $rc -ne 0 ]"
  check "$1: mismatch names cycle, router, port, expected and actual" \
        "grep -Eq 'LOCKSTEP MISMATCH: cycle [0-9]+ router [0-9]+ port [0-9]+ [a-z_]+: expected \(C model\) 0x[0-9a-f]+, actual \(RTL\) 0x[0-9a-f]+' '$out/$1.err'"
done
# An RTL mutation: west-first's choice frozen (the second output never
# taken: the better matrix zero) in a copy of the RTL (never the tree),
# whose lockstep runs must fail in both hop modes.
root=$(cd "$(dirname "$0")/../.." && pwd) frozen=$out/rtl-frozen
mkdir -p "$frozen/verif"
cp -r "$root/defs" "$root/rtl" "$frozen/" && cp -r "$root/verif/net" "$frozen/verif/"
sed -i -E "s/(assign better\[o\*P \+ i\] = )(\{~own\[o\].*\});/\11'b0 \&\& (\2);/" "$frozen/rtl/router/wc_router.v"
check "frozen choice: the copy of wc_router.v is mutated" "! cmp -s '$root/rtl/router/wc_router.v' '$frozen/rtl/router/wc_router.v'"
for s in 1 2; do
  WORMCAST_ROOT=$frozen WORMCAST_BUILD=$out/rtl-frozen-build "$wc" sim --topo mesh:4x4 --engine lockstep --routing west-first \
    --router-stages $s --rate 0.3 --warmup 0 --cycles 20000 --seed 3 --quiet > "$out/frozen-s$s.out" 2> "$out/frozen-s$s.err"
  rc=$?
  check "frozen adaptive choice in the RTL (--router-stages $s): lockstep mismatch" \
        "[ $rc -ne 0 ] && grep -q 'LOCKSTEP MISMATCH' '$out/frozen-s$s.err'"
done
# The router engine's quiescence: a wrong sleep must show in lockstep.
shim=verif/net/wc_rtl_routers.cpp
for m in "credit|s/ \&\& hd\[1\] == c / /" \
         "nocompare|s/if \(check\) n->asleep\[r\] = same\(m, n->before.data\(\)\);/if (check) n->asleep[r] = true;/"; do
  name=${m%%|*} sleep=$out/sleep-$name
  mkdir -p "$sleep/verif"
  cp -r "$root/defs" "$root/rtl" "$sleep/" && cp -r "$root/verif/net" "$sleep/verif/"
  sed -i -E "${m#*|}" "$sleep/$shim"
  check "sleep mutation $name: the copy of the harness is mutated" "! cmp -s '$root/$shim' '$sleep/$shim'"
  WORMCAST_ROOT=$sleep WORMCAST_BUILD=$sleep-build "$wc" sim --topo mesh:4x4 --engine lockstep --rate 0.3 --warmup 0 \
    --cycles 20000 --seed 3 --quiet > "$sleep.out" 2> "$sleep.err"
  rc=$?
  check "sleep mutation $name in the router engine: lockstep mismatch" \
        "[ $rc -ne 0 ] && grep -q 'LOCKSTEP MISMATCH' '$sleep.err'"
done
# and without a mutation the same runs pass
"$wc" sim --topo mesh:4x4 --engine lockstep --rate 0.5 --warmup 0 --cycles 20000 --seed 3 --quiet > "$out/clean.out" 2>&1
check "unmutated run passes" "[ $? -eq 0 ]"
"$wc" sim --topo mesh:4x4 --engine lockstep --router-stages 2 --rate 0.5 --warmup 0 --cycles 20000 --seed 3 --quiet \
  > "$out/clean-s2.out" 2>&1
check "unmutated two-stage run passes" "[ $? -eq 0 ]"
for s in 1 2; do
  "$wc" sim --topo mesh:4x4 --engine lockstep --routing west-first --router-stages $s --rate 0.3 --warmup 0 --cycles 20000 \
    --seed 3 --quiet > "$out/clean-wf-s$s.out" 2>&1
  check "unmutated west-first run passes (--router-stages $s)" "[ $? -eq 0 ]"
done
w=$out/arb-mesh
check "waveform written" "[ -s $w/mismatch.fst ] || [ -s $w/mismatch.vcd ]"
check "GTKWave layout groups links and nodes, the C model's values closed" \
      "grep -q '^-router [0-9]* -> router [0-9]*, [-+][xy]$' $w/mismatch.gtkw && grep -q '^-node [0-9]* (router [0-9]* port 4)$' $w/mismatch.gtkw \
       && grep -q '^@c00200$' $w/mismatch.gtkw"
if [ -s "$w/mismatch.fst" ] && command -v fst2vcd >/dev/null; then
  check "waveform holds RTL and expected values" "fst2vcd $w/mismatch.fst 2>/dev/null | grep -q exp_out_flit"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

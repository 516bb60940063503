#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SystemC networks (docs/systemc.md): a mixed network, Verilated RTL
# routers among C-model ones, against the plain C network model every
# cycle at every router port, on cube:4 and mesh:4x4, 100,000 cycles of
# traffic each at a low and a high load; every packet delivered once, in
# order and intact.  Then the comparison must be able to fail: the C
# model broken (mutation 1, the arbiter pointer frozen; 2, the other
# dimension order: the two that unicast traffic reaches) must stop the
# run at a mismatch naming cycle, router, port, expected and actual.
# Bad usage exits 2 with one line.  The minimal sc_main of
# docs/systemc.md (sc/example/sc_min.cpp) delivers its packet.
set -u
sc=$1 min=$2 out=${BUILD:-build}/test-sc
rm -rf "$out"; mkdir -p "$out"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
for spec in "cube4-low cube:4 0,9 0.1" "cube4-high cube:4 3,5,6 0.35" \
            "mesh4-low mesh:4x4 5 0.1" "mesh4-high mesh:4x4 0,5,10,15 0.35"; do
  set -- $spec
  "$sc" --topo "$2" --rtl-nodes "$3" --rate "$4" --cycles 100000 --lockstep > "$out/$1.out" 2>&1
  rc=$?
  check "$1: $2, RTL routers $3 among C ones, rate $4: lockstep passes" "[ $rc -eq 0 ] && grep -q '^PASS' '$out/$1.out'"
  check "$1: 100000 cycles of traffic compared, zero mismatches" \
        "grep -Eq 'cycles compared, 0 mismatches' '$out/$1.out' && grep -Eq '\(100001 with traffic\)' '$out/$1.out' \
         && [ \$(sed -n 's/.*: \([0-9]*\) cycles compared.*/\1/p' '$out/$1.out') -ge 100000 ]"
  check "$1: packets delivered, none lost, no errors" \
        "grep -Eq 'packets +[1-9][0-9]* injected, [1-9][0-9]* delivered, 0 lost, 0 errors' '$out/$1.out'"
  sed 's/^/     /' "$out/$1.out" | sed -n 2,4p
done
for spec in "arb-cube cube:4 3 1 0.35" "route-mesh mesh:4x4 5 2 0.1" "arb-mesh mesh:4x4 all 1 0.35"; do
  set -- $spec
  "$sc" --topo "$2" --rtl-nodes "$3" --mutate "$4" --rate "$5" --cycles 100000 --lockstep > "$out/$1.out" 2>&1
  rc=$?
  check "$1: C model mutation $4 on $2 (RTL routers $3) fails the run" "[ $rc -eq 1 ] && grep -q '^FAIL' '$out/$1.out'"
  check "$1: the mismatch names cycle, router, port, expected and actual" \
        "grep -Eq '^  cycle [0-9]+ router [0-9]+ port [0-9]+ [a-z_]+: expected \(C model, mutation $4\) 0x[0-9a-f]+, actual \(SystemC, (C|RTL) router\) 0x[0-9a-f]+' '$out/$1.out'"
  grep '^  cycle [0-9]' "$out/$1.out" | sed 's/^ */     /'
done
"$min" > "$out/sc_min.out" 2>&1
rc=$?
check "sc_min: the packet crosses the RTL router 5 whole, flits in order" \
      "[ $rc -eq 0 ] && grep -q '^4 of 4 flits from node 0 arrived at node 9' '$out/sc_min.out' \
       && [ \"\$(sed -n 's/^cycle [0-9]*: flit \(0x[0-9a-f]*\) at node 9/\1/p' '$out/sc_min.out' | tr '\n' ' ')\" = '0x100000009 0x1001 0x1002 0x200001003 ' ]"
"$sc" --topo mesh:4x4 --rtl-nodes 5 --cycles 200 --vcd "$out/wave" > "$out/wave.out" 2>&1
rc=$?
wave_ok() { # every signal of the layout is in the dump, router 5 shown as RTL
  [ $rc -eq 0 ] && [ -s "$out/wave.vcd" ] && grep -q '^-router 5 port 0 (RTL)' "$out/wave.gtkw" || return 1
  local s n=0
  for s in $(sed -n 's/^SystemC\.\([a-z0-9_]*\).*/\1/p' "$out/wave.gtkw"); do
    grep -q " $s " "$out/wave.vcd" || { echo "     $s not in the dump"; return 1; }
    n=$((n+1))
  done
  [ $n -eq $((2 + 16 * 5 * 5)) ]
}
check "--vcd: a dump of every router port and a GTKWave layout naming its signals" wave_ok
doc_matches() {
  local fence='```'
  diff <(sed -n "/^${fence}c++\$/,/^${fence}\$/p" docs/systemc.md | sed '1d;$d') \
       <(sed -n '/^#include "wc_sc_net.h"/,$p' sc/example/sc_min.cpp) > /dev/null
}
check "docs/systemc.md shows sc_min.cpp as it is" doc_matches
bad() { # name expected-message args...
  local name=$1 msg=$2; shift 2
  "$sc" "$@" > "$out/bad.out" 2> "$out/bad.err"
  local rc=$?
  check "bad usage, $name: exit 2, one line naming it" "[ $rc -eq 2 ] && [ \$(wc -l < '$out/bad.err') -eq 1 ] && grep -q '$msg' '$out/bad.err'"
}
bad "router out of range" "rtl-nodes" --topo mesh:4x4 --rtl-nodes 16
bad "no RTL build for the parameters" "no RTL router" --topo cube:3 --rtl-nodes 1
bad "mutation without lockstep" "mutate" --topo cube:4 --mutate 1
bad "table routing" "not supported yet" --topo irregular:8,8,2,1
bad "unknown topology" "" --topo ring:5
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

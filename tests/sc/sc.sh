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
# The SystemC engine of the tool (wormcast msg|sim --engine lockstep-sc):
# RTL routers and NICs among C ones against the C model on cube:4 and
# mesh:4x4 under wormcast msg's traffic and scoreboard, 100,000 cycles and
# more each, the routers alone under wormcast sim's; a NIC mutation and a
# router mutation of the C model must stop the run at a mismatch; the
# engine's refusals (no RTL build for the parameters, a second simulation,
# the shared object missing) say what to do.
set -u
sc=$1 min=$2 wc=$3 out=${BUILD:-build}/test-sc
rm -rf "$out"; mkdir -p "$out"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
# (a fifth field: the routing function, west-first's RTL router being
# one of make sc's parameter sets)
for spec in "cube4-low cube:4 0,9 0.1" "cube4-high cube:4 3,5,6 0.35" \
            "mesh4-low mesh:4x4 5 0.1" "mesh4-high mesh:4x4 0,5,10,15 0.35" \
            "mesh4wf-high mesh:4x4 0,5,6,10,15 0.35 west-first"; do
  set -- $spec
  "$sc" --topo "$2" ${5:+--routing "$5"} --rtl-nodes "$3" --rate "$4" --cycles 100000 --lockstep > "$out/$1.out" 2>&1
  rc=$?
  check "$1: $2${5:+ $5}, RTL routers $3 among C ones, rate $4: lockstep passes" "[ $rc -eq 0 ] && grep -q '^PASS' '$out/$1.out'"
  check "$1: 100000 cycles of traffic compared, zero mismatches" \
        "grep -Eq 'cycles compared, 0 mismatches' '$out/$1.out' && grep -Eq '\(100001 with traffic\)' '$out/$1.out' \
         && [ \$(sed -n 's/.*: \([0-9]*\) cycles compared.*/\1/p' '$out/$1.out') -ge 100000 ]"
  check "$1: packets delivered, none lost, no errors" \
        "grep -Eq 'packets +[1-9][0-9]* injected, [1-9][0-9]* delivered, 0 lost, 0 errors' '$out/$1.out'"
  # (west-first: the adaptive choice was taken, worms of a pair passed
  # one another)
  [ -z "${5:-}" ] || check "$1: the adaptive choice was taken (packets overtook one of their pair)" \
        "grep -Eq '^  order +[1-9][0-9]* packets overtook' '$out/$1.out'"
  sed 's/^/     /' "$out/$1.out" | sed -n 2,4p
done
for spec in "arb-cube cube:4 3 1 0.35" "route-mesh mesh:4x4 5 2 0.1" "arb-mesh mesh:4x4 all 1 0.35" \
            "choice-mesh-wf mesh:4x4 all 6 0.35 west-first"; do
  set -- $spec
  "$sc" --topo "$2" ${6:+--routing "$6"} --rtl-nodes "$3" --mutate "$4" --rate "$5" --cycles 100000 --lockstep > "$out/$1.out" 2>&1
  rc=$?
  check "$1: C model mutation $4 on $2${6:+ $6} (RTL routers $3) fails the run" "[ $rc -eq 1 ] && grep -q '^FAIL' '$out/$1.out'"
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
. "$(dirname "$0")/doc_snippet.sh"
doc_matches() { doc_shows docs/systemc.md c++ '#include "wc_sc_net.h"' sc/example/sc_min.cpp; }
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
bad "west-first's mutation without west-first" "needs --routing west-first" --topo mesh:4x4 --lockstep --mutate 6
bad "unknown routing function" "routing" --topo mesh:4x4 --routing south-last
bad "table routing" "not supported yet" --topo irregular:8,8,2,1
bad "unknown topology" "" --topo ring:5

# ---- the SystemC engine of wormcast ----
cycles_of() { sed -n 's/^  cycles  *\([0-9]*\)$/\1/p' "$1"; }
for spec in "msg-cube4 cube:4 5" "msg-mesh4 mesh:4x4 0,5,10,15"; do
  set -- $spec
  "$wc" msg --topo "$2" --engine lockstep-sc --rtl-nodes "$3" --min-cycles 100000 --quiet > "$out/$1.out" 2> "$out/$1.err"
  rc=$?
  check "$1: wormcast msg on $2, RTL routers and NICs $3 among C ones, against the C model: passes" \
        "[ $rc -eq 0 ] && grep -q '^  lockstep     0 mismatches over' '$out/$1.out'"
  check "$1: at least 100000 cycles compared" \
        "[ \"\$(cycles_of '$out/$1.out')\" -ge 100000 ] && grep -q \"0 mismatches over \$(cycles_of '$out/$1.out') cycles\" '$out/$1.out'"
  check "$1: the scoreboard saw every expected delivery once, in order, intact" \
        "grep -Eq '^  deliveries   expected ([1-9][0-9]*)  delivered \\1  lost 0  duplicated 0  out-of-order 0  corrupt 0  send errors 0' '$out/$1.out'"
  grep -E '^  (cycles|deliveries|lockstep|speed)' "$out/$1.out" | sed 's/^ */     /'
done
"$wc" sim --topo cube:4 --engine lockstep-sc --rtl-nodes 3,5,6 --rate 0.35 --warmup 0 --cycles 100000 --quiet \
  > "$out/sim-cube4.out" 2> "$out/sim-cube4.err"
rc=$?
check "sim-cube4: wormcast sim on cube:4, RTL routers 3,5,6 among C ones, against the C model: passes" \
      "[ $rc -eq 0 ] && grep -q '^  lockstep   0 mismatches over' '$out/sim-cube4.out'"
check "sim-cube4: at least 100000 cycles compared, every packet delivered" \
      "[ \$(sed -n 's/.*0 mismatches over \([0-9]*\) cycles.*/\1/p' '$out/sim-cube4.out') -ge 100000 ] \
       && grep -Eq '^  packets    injected ([1-9][0-9]*)  delivered \\1  lost 0  duplicated 0  out-of-order 0  corrupt 0' '$out/sim-cube4.out'"
grep -E '^  (packets|lockstep|speed)' "$out/sim-cube4.out" | sed 's/^ */     /'
# absorption channels and drop counters: multidestination worms and
# malformed worms through RTL routers among C ones
"$wc" sim --topo cube:4 --engine lockstep-sc --rtl-nodes 3,5 --rate 0.2 --multicast 0.2 --mcast-dests 6 \
  --mcast-scheme worm --malformed 0.02 --warmup 0 --cycles 20000 --quiet > "$out/sim-worms.out" 2> "$out/sim-worms.err"
rc=$?
check "sim-worms: multidestination and malformed worms through RTL routers 3,5: absorptions and drops agree" \
      "[ $rc -eq 0 ] && grep -q '^  lockstep   0 mismatches over' '$out/sim-worms.out' \
       && grep -Eq '^  multicast  [1-9][0-9]* measured multicasts' '$out/sim-worms.out' \
       && grep -Eq '^  drops      [1-9][0-9]* worms dropped by routers, [1-9]' '$out/sim-worms.out'"
grep -E '^  (multicast|drops|lockstep)' "$out/sim-worms.out" | sed 's/^ */     /'
# west-first (--routing, a choice between two outputs by their credits):
# the SystemC network must route with the function chosen, not the
# topology's default; worms overtaking one another on a pair show that the
# adaptive choice was taken, and the C model with the choice inverted
# (mutation 6) must stop the run at a mismatch
"$wc" sim --topo mesh:4x4 --routing west-first --engine lockstep-sc --rtl-nodes 5,6,9,10 --rate 0.3 --warmup 0 \
  --cycles 50000 --quiet > "$out/sim-wf.out" 2> "$out/sim-wf.err"
rc=$?
check "sim-wf: mesh:4x4 west-first in SystemC (RTL routers 5,6,9,10) against the C model: 50000 cycles, 0 mismatches, every packet delivered" \
      "[ $rc -eq 0 ] && [ \$(sed -n 's/.*0 mismatches over \([0-9]*\) cycles.*/\1/p' '$out/sim-wf.out') -ge 50000 ] \
       && grep -Eq '^  packets    injected ([1-9][0-9]*)  delivered \\1  lost 0  duplicated 0  out-of-order 0  corrupt 0' '$out/sim-wf.out'"
check "sim-wf: the adaptive choice was taken (unicasts overtook one of their pair)" \
      "grep -Eq '^  order      [1-9][0-9]* unicasts overtook' '$out/sim-wf.out'"
grep -E '^  (packets|order|lockstep)' "$out/sim-wf.out" | sed 's/^ */     /'
"$wc" sim --topo mesh:4x4 --routing west-first --engine lockstep-sc --mutate 6 --rate 0.3 --warmup 0 --cycles 50000 \
  --quiet > "$out/sim-wf-mut.out" 2> "$out/sim-wf-mut.err"
rc=$?
check "sim-wf-mut: west-first's choice inverted in the C model (mutation 6) fails at a mismatch naming cycle, router, port" \
      "[ $rc -eq 1 ] && grep -Eq 'LOCKSTEP MISMATCH: cycle [0-9]+ router [0-9]+ port [0-9]+ [a-z_]+: expected \(C model\) 0x[0-9a-f]+, actual \(SystemC, all C\) 0x[0-9a-f]+' '$out/sim-wf-mut.err'"
grep 'LOCKSTEP MISMATCH' "$out/sim-wf-mut.err" | sed 's/^/     /'
mutant() { # name what where where-pattern command...
  local name=$1 what=$2 desc=$3 where=$4; shift 4
  "$@" > "$out/$name.out" 2> "$out/$name.err"
  local rc=$?
  check "$name: $what of the C model fails the run" "[ $rc -eq 1 ] && grep -q 'MISMATCH' '$out/$name.out'"
  check "$name: the mismatch names cycle, $desc, signal, expected (the mutated C model) and actual (SystemC)" \
        "grep -Eq 'LOCKSTEP MISMATCH: cycle [0-9]+ $where [a-z_]+: expected \(C model[^)]*\) 0x[0-9a-f]+, actual \(SystemC, RTL [a-z]+ [0-9,]+\) 0x[0-9a-f]+' '$out/$name.err'"
  grep 'LOCKSTEP MISMATCH' "$out/$name.err" | sed 's/^/     /'
}
mutant msg-nic-mutation "NIC mutation 1" "node" "node [0-9]+ nic" \
  "$wc" msg --topo cube:4 --engine lockstep-sc --rtl-nodes 5 --mutate 1 --min-cycles 100000 --quiet
mutant sim-router-mutation "router mutation 1" "router and port" "router [0-9]+ port [0-9]+" \
  "$wc" sim --topo mesh:4x4 --engine lockstep-sc --rtl-nodes 5 --mutate 1 --rate 0.35 --warmup 0 --cycles 100000 --quiet
badwc() { # name expected-message args...
  local name=$1 msg=$2; shift 2
  "$wc" "$@" > "$out/bad.out" 2> "$out/bad.err"
  local rc=$?
  check "wormcast bad usage, $name: exit 2 naming it" "[ $rc -eq 2 ] && grep -q -- '$msg' '$out/bad.err'"
}
badwc "no RTL build for the parameters, the builds listed" "which has: cube:4 (.*); mesh:4x4 (" \
  msg --topo cube:3 --engine sc --rtl-nodes 2 --messages 5
badwc "no RTL NIC for other NIC parameters, the build's listed" "no RTL NIC with the parameters .*-GNSLOT=64.* which has: the NICs of wormcast msg on cube:4 (.*-GNSLOT=72" \
  msg --topo cube:4 --engine sc --rtl-nodes 5 --slots 64 --messages 2
badwc "--rtl-nodes without a SystemC engine" "rtl-nodes chooses" sim --topo cube:4 --rtl-nodes 5
badwc "--rtl-nodes out of range" "node 16 is not a node" msg --topo cube:4 --engine sc --rtl-nodes 3,16
badwc "a second simulation in one process" "one SystemC simulation per process" \
  sim --topo cube:4 --engine sc --sweep 0.1:0.2:0.1
badwc "table routing" "table-routed" sim --topo irregular:8,8,2,1 --engine sc
WORMCAST_BUILD="$out/empty" badwc "the engine not built" "make sc" sim --topo cube:4 --engine sc

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

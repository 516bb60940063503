#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The node firmware apps on whole systems in fwsim (tests/fw/fwsim.c:
# instruction-set model cores, the C NIC and router models), short runs:
# every app passes on every node, the bench prints a row and a CSV line
# per measurement, and a corrupted message word is caught.
# usage: FWSIM=... NODE_FW=build/node/fw tests/fw/system.sh
set -u
sim=${FWSIM:?FWSIM: the fwsim binary}
fw=${NODE_FW:?NODE_FW: the directory of the node ELFs}
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
out=$(mktemp); trap 'rm -f "$out"' EXIT

# run DESC EXPECTED-STATUS fwsim-arguments...
run() {
  local desc=$1 want=$2; shift 2
  local t0=$SECONDS
  "$sim" --quiet "$@" > "$out" 2>&1
  local rc=$?
  if [ "$rc" -eq "$want" ]; then ok "$desc ($((SECONDS - t0)) s)"; return 0; fi
  bad "$desc: fwsim exited $rc, expected $want"; tail -20 "$out"; return 1
}

if run "mcast_bench on cube:2: every mode, two trees, 4 B to 16 KiB" 0 --topo cube:2 \
     --arg sizes=4,1024,16384 --arg reps=1 --arg trees=binomial,kbin:opt "$fw/mcast_bench.elf"; then
  rows=$(grep -c '^n0: csv,' "$out"); want=$((3 * 2 * 3 + 3))
  [ "$rows" -eq "$want" ] && ok "mcast_bench printed $rows CSV lines" || bad "mcast_bench printed $rows CSV lines, expected $want"
  grep -q '^n0: csv,unicast,-,.*,16384,64,' "$out" && ok "mcast_bench: 16 KiB by unicasts (announced, no header)" \
    || bad "mcast_bench: no 16 KiB unicast row"
fi
run "mcast_stress on cube:3, seed 1" 0 --topo cube:3 --arg seed=1 --arg count=24 "$fw/mcast_stress.elf" &&
  grep -q 'mcast_stress: 0 bad messages.*PASS' "$out" && ok "mcast_stress reports a clean run"
run "mcast_stress on mesh:3x3, seed 2, 300-byte messages, 8 groups a round" 0 --topo mesh:3x3 --arg seed=2 \
    --arg count=24 --arg max=300 --arg groups=8 "$fw/mcast_stress.elf"
run "collectives on cube:2 in every mode, three roots" 0 --topo cube:2 --arg trees=binomial "$fw/collectives.elf" &&
  grep -q "collectives: 4 nodes, 12 mode/tree/root runs (0 skipped: tree not placeable), 0 errors: PASS" "$out" && ok "collectives checked 12 runs"
# a message word corrupted on its way into node 5's RAM: the stress test's
# byte check must catch it and every node fail
if run "mcast_stress with one corrupted word fails" 1 --topo cube:3 --arg seed=1 --arg count=24 --flip 5:50 \
     "$fw/mcast_stress.elf"; then
  grep -q 'mcast_stress: 1 bad messages (1 bytes).*FAIL' "$out" && ok "the corrupted byte is reported" \
    || bad "the corrupted byte is not reported"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

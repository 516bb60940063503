#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The node firmware apps on whole systems: `wormcast run` with the C
# system model (cycle-exact cores, single-port RAM, NICs, routers), short
# runs on the topologies of the system tests: the collectives and the
# stress test pass on every node, with and without link faults (the NICs'
# retransmission must lose and duplicate nothing), the bench prints a row
# and a CSV line per measurement, and a corrupted message word is caught.
# Each line gives the run's cycles.
# usage: WC=build/bin/wormcast NODE_FW=build/node/fw tests/fw/system.sh
set -u
WC=${WC:?WC: the wormcast binary}
fw=${NODE_FW:?NODE_FW: the directory of the node ELFs}
. "$(dirname "$0")/../system/lib.sh"

# far above any run here (3M cycles at most): a hang ends as a failed
# run, not a stuck test
cycles=20000000

# app NAME APP RC PATTERN -- ARGS: one app on every node of a system
app() {
  local name=$1 elf=$fw/$2.elf want=$3 pat=$4; shift 5
  expect "$name" "$want" "$pat" -- --fw "$elf" --cycles $cycles "$@"
  grep -Eo '[0-9]+ cycles, [0-9.]+ s' "$out/o" | tail -1 | sed 's/^/     /'
}

# mcast_bench: every mode, two trees, the smallest and the largest message
app "mcast_bench on cube:2" mcast_bench 0 'PASS: cube:2' -- --topo cube:2 \
  --arg sizes=4,16384 --arg reps=1 --arg trees=binomial,kbin:opt
rows=$(grep -c '^\[0\] csv,' "$out/o"); want=$((3 * 2 * 2 + 2))
[ "$rows" -eq "$want" ] && ok "mcast_bench printed $rows CSV lines" || bad "mcast_bench printed $rows CSV lines, expected $want"
grep -q '^\[0\] csv,unicast,-,.*,16384,64,' "$out/o" && ok "mcast_bench: 16 KiB by unicasts (announced, no header)" \
  || bad "mcast_bench: no 16 KiB unicast row"

# first_mcast, the tutorial's app: every node checks every byte; a bad
# argument stops every node with the set-up code
app "first_mcast on cube:3" first_mcast 0 'PASS: cube:3' -- --topo cube:3 --arg tree=kbin:2 --arg len=4096
app "first_mcast len=0 refused" first_mcast 1 'first_mcast: len' -- --topo cube:1 --arg len=0

# collectives: one root each, a tree forwarded by the NICs in either
# order and one forwarded by the hosts (unicasts: the bench above and the
# stress test below)
coll() {
  local topo=$1 root=$2 modes=$3 tree=$4 runs n
  runs=$(($(tr ',' '\n' <<< "$modes" | wc -l)))
  n=$(nnodes "$topo")
  app "collectives on $topo, root $root, $modes, $tree" collectives 0 \
    "collectives: $n nodes, $runs mode/tree/root runs \(0 skipped: tree not placeable\), 0 errors: PASS" -- \
    --topo "$topo" --arg roots=$root --arg modes=$modes --arg trees=$tree
}
coll cube:4 5 fpfs binomial
coll mesh:4x4 15 fcfs kbin:2
# the 64-node network of the lockstep runs (make test-system-lockstep-*)
coll irregular:16,8,4,1 0 host postal:3

# mcast_stress: overlapping groups, a NIC mode drawn per round (so mode
# switches: drain, sync with the parents, groups restarted); clean
# links first (nothing resent, nothing dropped for a bad packet), then
# drops and bit flips on every injection link, which the NICs must repair
# (resends, CRC drops) without losing or duplicating a message
stress() {
  local topo=$1 nic=$2; shift 2
  app "mcast_stress on $topo $*" mcast_stress 0 'mcast_stress: 0 bad messages.*0 duplicates, 0 unknown, 0 lost, 0 send errors: PASS' -- \
    --topo "$topo" --arg seed=3 --arg count=8 --arg max=1024 --arg trees=binomial,kbin:1,kbin:opt,postal:3 "$@"
  grep -Eq "mcast_stress: NICs .*$nic" "$out/o" && ok "  NIC counters: $(grep -Eo 'resent .*' "$out/o")" \
    || bad "  NIC counters do not match /$nic/: $(grep -Eo 'NICs .*' "$out/o")"
}
for t in cube:4 mesh:4x4 irregular:8,8,2,1; do
  stress $t 'resent 0; dropped 0 for their CRC, 0 for their head'
  stress $t 'resent [1-9][0-9]*; dropped [1-9]' --faults 0.01
done

# a mistyped numeric argument stops every node with its name, not the
# default or a wrapped value
for a in count=abc count=-1 seed=abc max=0 limit=-1; do
  app "mcast_stress --arg $a: refused" mcast_stress 1 "mcast_stress: ${a%%=*}=|app: ${a%%=*}=" -- --topo cube:2 --arg "$a"
  grep -q "FAIL exit code 2" "$out/o" && grep -Eq "${a%%=*}=${a#*=}: expected a whole number in" "$out/o" &&
    ok "  every node exits with code 2 (setup)" || bad "  $a: $(grep -m1 'expected\|exit' "$out/o")"
done
app "mcast_bench --arg reps=abc: refused" mcast_bench 1 "mcast_bench: reps=abc: expected a whole number in 1\.\." -- \
  --topo cube:2 --arg reps=abc

# a message word corrupted at node 5 before its check: the byte check must
# catch it and every node fail
app "mcast_stress with one corrupted word fails" mcast_stress 1 'mcast_stress: 1 bad messages \(1 bytes\).*FAIL' -- \
  --topo cube:3 --arg seed=1 --arg count=24 --arg flip=5:50
grep -q 'FAIL: cube:3, 8 nodes, 0 passed' "$out/o" && ok "every node failed with it" || bad "not every node failed"
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The node SoC as a SystemC module (wc::node, sc/example/sc_node.cpp,
# docs/systemc.md): the node firmware's stress test (mcast_stress: NIC
# traffic, DMA against the core for the RAM, interrupts) on a 4-node system
# of wc::node modules and C routers, compared every cycle at every node's
# outputs with the C system model of `wormcast run`, must pass on every
# node with zero mismatches, and print the console lines and exit summary
# that `wormcast run` prints for the same image and topology.  A mutation
# of the C system model (node, core, NIC) must be caught by the comparison
# with the mismatch report; bad usage exits 2 with one line.
#   node.sh SC_NODE WORMCAST NODE_FW            C-model nodes (make test-sc)
#   node.sh --rtl SC_NODE_RTL WORMCAST NODE_FW  one or all nodes the
#                                               Verilated RTL (make test-sc-node)
set -u
rtl=0
[ "${1:-}" = --rtl ] && { rtl=1; shift; }
[ $# -eq 3 ] || { echo "usage: $0 [--rtl] SC_NODE WORMCAST NODE_FW" >&2; exit 2; }
scn=$1 wc=$2 fw=$3 out=${BUILD:-build}/test-sc-node$([ $rtl = 1 ] && echo -rtl)
rm -rf "$out"; mkdir -p "$out"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
# the stress test's arguments of the system tests (tests/fw/system.sh)
elf=$fw/mcast_stress.elf
args=(--arg seed=3 --arg count=8 --arg max=1024)
verdict='mcast_stress: 0 bad messages \(0 bytes\), 0 duplicates, 0 unknown, 0 lost, 0 send errors: PASS'

# run NAME TOPO [sc_node args...]: sc_node on the image, timed
run() {
  local name=$1 topo=$2 t0; shift 2
  t0=$(date +%s.%N)
  "$scn" --topo "$topo" --fw "$elf" "${args[@]}" "$@" > "$out/$name.out" 2> "$out/$name.err"
  echo $? > "$out/$name.rc"
  echo "$(date +%s.%N) - $t0" | bc > "$out/$name.time"
}
rc_of() { cat "$out/$1.rc"; }
# system TOPO NAME [sc_node args...]: the run passes and agrees with wormcast run
system() {
  local topo=$1 name=$2; shift 2
  run "$name" "$topo" "$@"
  check "$name: $topo passes on every node, zero mismatches with the C system model ($(sed -n 's/.*passed, \([0-9]*\) cycles.*/\1 cycles/p' "$out/$name.out"), $(cat "$out/$name.time") s)" \
    "[ $(rc_of "$name") -eq 0 ] && grep -Eq '^sc_node: PASS: $topo, [0-9]+ nodes .*every node.s outputs equal the C system model.s every cycle' '$out/$name.out' && ! grep -q MISMATCH '$out/$name.out'"
  check "$name: the app's own verdict" "grep -Eq -- '$verdict' '$out/$name.out'"
  "$wc" run --topo "$topo" --fw "$elf" "${args[@]}" > "$out/$name.run" 2>&1
  echo $? > "$out/$name.run.rc"
  # the console lines and the exit summary, without the lines that carry times
  check "$name: console output and exits equal wormcast run's (exit status $(cat "$out/$name.run.rc"))" \
    "[ $(cat "$out/$name.run.rc") -eq $(rc_of "$name") ] && diff <(grep -v -e '^PASS: ' -e '^sc_node: ' '$out/$name.out') <(grep -v '^PASS: ' '$out/$name.run') > '$out/$name.diff' && [ \$(grep -c '^\[[0-9]\] ' '$out/$name.out') -gt 0 ]"
}
# mutant NAME TOPO UNIT M [sc_node args...]: the comparison must catch it
mutant() {
  local name=$1 topo=$2 unit=$3 m=$4; shift 4
  run "$name" "$topo" --mutate-"$unit" "$m" "$@"
  check "$name: --mutate-$unit $m caught: $(grep -o 'MISMATCH: cycle [0-9]* node [0-9]* [a-z ]*[a-z_]*' "$out/$name.out")" \
    "[ $(rc_of "$name") -eq 1 ] && grep -Eq '^MISMATCH: cycle [0-9]+ node [0-9]+ [a-z_ ]+: expected \(C model, mutation $unit $m\) 0x[0-9a-f]+, actual \(SystemC, [^)]*\) 0x[0-9a-f]+$' '$out/$name.out' && grep -q '^sc_node: FAIL' '$out/$name.out'"
}
bad() { # name expected-message args...
  local name=$1 msg=$2; shift 2
  "$scn" "$@" > "$out/bad.out" 2> "$out/bad.err"
  local rc=$?
  check "bad usage, $name: exit 2, one line naming it" "[ $rc -eq 2 ] && [ \$(wc -l < '$out/bad.err') -eq 1 ] && grep -q -- '$msg' '$out/bad.err'"
}

if [ $rtl = 0 ]; then
  system cube:2 c-cube2
  system mesh:2x2 c-mesh2x2
  mutant c-mut-node cube:2 node 1
  mutant c-mut-core cube:2 core 1
  mutant c-mut-nic mesh:2x2 nic 8
  bad "no RTL node in this program" "no RTL node with the parameters" --topo cube:2 --fw "$elf" --rtl-nodes 1
  bad "unknown option" "unknown option" --bogus
  bad "no firmware" "--topo and --fw are required" --topo cube:2
  bad "not an ELF" "not an ELF file" --topo cube:2 --fw "$0"
  bad "--rtl-nodes outside the system" "--rtl-nodes" --topo cube:2 --fw "$elf" --rtl-nodes 4
  bad "bad --arg" "the key may hold letters" --topo cube:2 --fw "$elf" --arg "a b=1"
  bad "unknown topology" "sc_node: " --topo ring:5 --fw "$elf"
else
  system cube:2 rtl-node1 --rtl-nodes 1
  system mesh:2x2 rtl-all --rtl-nodes all
  # the RTL node is the one where the mutated C model's mismatch shows
  # first (as the C-model runs above find it)
  mutant rtl-mut-nic cube:2 nic 8 --rtl-nodes 3
  mutant rtl-mut-node cube:2 node 1 --rtl-nodes 0
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

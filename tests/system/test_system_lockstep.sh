#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test part of the system in lockstep (docs/system.md): one firmware
# app on every node of a network, the Verilated nodes and routers beside
# the C system model, compared every cycle; the run must pass on every
# node, lose, duplicate and corrupt nothing, find zero mismatches and last
# at least MIN_CYCLES (a short run would prove little about the NICs'
# recovery or the cores' timing).
# usage: WC=... NODE_FW=build/node/fw tests/system/test_system_lockstep.sh \
#          TOPO APP MIN_CYCLES NIC_PATTERN [wormcast run arguments...]
#   CYCLES       the hang bound (--cycles; default 20,000,000)
#   NIC_PATTERN  grep -E on the app's NIC counter line (mcast_stress), or
#                '' for apps that print none
set -u
WC=${WC:?WC: the wormcast binary}
fw=${NODE_FW:?NODE_FW: the directory of the node ELFs}
[ $# -ge 4 ] || { echo "usage: $0 TOPO APP MIN_CYCLES NIC_PATTERN [ARGS...]" >&2; exit 2; }
topo=$1 app=$2 min=$3 nic=$4; shift 4
. "$(dirname "$0")/lib.sh"

case $app in
  mcast_stress) verdict='mcast_stress: 0 bad messages \(0 bytes\), 0 duplicates, 0 unknown, 0 lost, 0 send errors: PASS' ;;
  collectives)  verdict='collectives: [0-9]+ nodes, [0-9]+ mode/tree/root runs .*, 0 errors: PASS' ;;
  *) echo "$0: no verdict known for app '$app'" >&2; exit 2 ;;
esac
n=$(nnodes "$topo")
t0=$(date +%s)
expect "$app on $topo in lockstep $*" 0 "^PASS: $topo, $n nodes, $n passed" -- \
  --topo "$topo" --fw "$fw/$app.elf" --engine lockstep --cycles "${CYCLES:-20000000}" "$@"
echo "     ($(( $(date +%s) - t0 )) s)"
grep -q MISMATCH "$out/o" && bad "a mismatch was reported: $(grep MISMATCH "$out/o" | head -1)" \
  || ok "no mismatch between the RTL and the C system model"
grep -Eq -- "$verdict" "$out/o" && ok "the app's verdict: $(grep -Eo -- "$verdict" "$out/o" | head -1)" \
  || bad "no passing verdict from $app: $(grep -E "$app:" "$out/o" | tail -2)"
cyc=$(sed -n "s/^PASS: .* passed, \([0-9]*\) cycles,.*/\1/p" "$out/o")
[ -n "$cyc" ] && [ "$cyc" -ge "$min" ] && ok "$cyc cycles compared (at least $min)" \
  || bad "the run lasted ${cyc:-?} cycles, fewer than $min"
if [ -n "$nic" ]; then
  grep -Eq -- "NICs .*$nic" "$out/o" && ok "NIC counters: $(grep -Eo 'NICs .*' "$out/o")" \
    || bad "NIC counters do not match /$nic/: $(grep -Eo 'NICs .*' "$out/o")"
fi
finish

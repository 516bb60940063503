#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# An RTL assertion ends a run like any failed check (defs/wc_engine_abi.h,
# defs/wc_vl_hook.h), on every kind of Verilated engine: the router
# network (sim), the NICs (msg), the node SoCs (run) and the SystemC
# network (sim and msg --engine sc).  --mutate-rtl K breaks the link
# protocol into the RTL on purpose (one credit more than was taken, into
# node 0's router or NIC), and the RTL's credit-overflow assertion must
# give one line "wormcast CMD: cycle C: RTL assertion failed in INSTANCE:
# MESSAGE (FILE:LINE)", exit 1 and nothing of Verilator's on stdout; under
# lockstep the mismatch report and the waveform of the failing unit.  The
# same runs without the mutation pass.  Each run fails within its first
# cycles: seconds, once the models are built (make test builds them first).
# usage: WC=build/bin/wormcast SYS_FW=build/system/fw [SC=1] tests/system/rtl_assert.sh
set -u
. "$(dirname "$0")/lib.sh"

# one CMD ARGS...: exit 1, stdout free of Verilator's text, one stderr
# line matching PATTERN (grep -E), which is shown
one() {
  local name=$1 pat=$2; shift 2
  "$WC" "$@" > "$out/o" 2> "$out/e"; local rc=$?
  local n; n=$(grep -cE -- "$pat" "$out/e")
  if [ $rc -eq 1 ] && [ "$n" -eq 1 ] && ! grep -q '%Error' "$out/o" "$out/e"; then
    ok "$name: $(grep -E -- "$pat" "$out/e")"
  else bad "$name: exit $rc, $n lines /$pat/"; tail -3 "$out/e"; grep -m2 '%Error' "$out/o"; fi
}
# clean NAME CMD ARGS...: the same run without the mutation passes
clean() {
  local name=$1; shift
  "$WC" "$@" > "$out/o" 2> "$out/e" && ok "$name passes" || { bad "$name: exit $?"; tail -3 "$out/e"; }
}

router='RTL assertion failed in r0\.wc_router\.[][a-z_.0-9]+: credit overflow \(downstream returned more than B\) \(wc_output_ctrl\.v:[0-9]+\)$'
nic='RTL assertion failed in nic0\.wc_nic\.[][a-z_.0-9]+: credit overflow \(the router returned more than B = [0-9]+\) \(wc_nic_tx\.v:[0-9]+\)$'
node='RTL assertion failed in node0\.wc_node_soc\.[][a-z_.0-9]+: credit overflow \(the router returned more than B = [0-9]+\) \(wc_nic_tx\.v:[0-9]+\)$'
sim=(sim --topo cube:1 --buffer 2 --rate 0.2 --warmup 100 --cycles 2000 --quiet)

# the router network: the report, also with --csv (stdout stays CSV)
one "sim, RTL routers" "^wormcast sim: cycle [0-9]+: $router" "${sim[@]}" --engine rtl --mutate-rtl 1
one "sim --csv, RTL routers" "^wormcast sim: cycle [0-9]+: $router" "${sim[@]}" --engine rtl --mutate-rtl 1 --csv
[ "$(wc -l < "$out/o")" -eq 2 ] && head -1 "$out/o" | grep -q '^topo,traffic,' && ok "  stdout: the CSV header and row only" \
  || bad "  stdout of --csv: $(head -3 "$out/o")"
one "sim, lockstep" "^wormcast sim: LOCKSTEP MISMATCH: cycle [0-9]+: $router" "${sim[@]}" --engine lockstep --mutate-rtl 1 \
  --wave-dir "$out/simw"
[ -s "$out/simw/mismatch.fst" ] && [ -s "$out/simw/mismatch.gtkw" ] && ok "  the waveform of the failing router" \
  || bad "  no waveform in $out/simw"
clean "sim, RTL routers, unmutated" "${sim[@]}" --engine rtl

# the NICs
msg=(msg --topo cube:4 --messages 4 --size 64 --quiet)
one "msg, RTL NICs" "^wormcast msg: cycle [0-9]+: $nic" "${msg[@]}" --engine rtl --mutate-rtl 2
one "msg, RTL NICs, a router's assertion" "^wormcast msg: cycle [0-9]+: $router" "${msg[@]}" --engine rtl --mutate-rtl 1
one "msg, lockstep" "^wormcast msg: LOCKSTEP MISMATCH: cycle [0-9]+: $nic" "${msg[@]}" --engine lockstep --mutate-rtl 2
clean "msg, RTL NICs, unmutated" "${msg[@]}" --engine rtl

# the node SoCs
run=(run --topo cube:4 --fw "$SYS_FW/hello.elf" --quiet)
one "run, RTL nodes" "^wormcast run: cycle [0-9]+: $node" "${run[@]}" --engine rtl --mutate-rtl 2
one "run, RTL nodes, a router's assertion" "^wormcast run: cycle [0-9]+: $router" "${run[@]}" --engine rtl --mutate-rtl 1
"$WC" "${run[@]}" --engine lockstep --mutate-rtl 2 --wave-dir "$out/runw" > "$out/o" 2> "$out/e"; rc=$?
[ $rc -eq 1 ] && grep -Eq "^MISMATCH: cycle [0-9]+: $node" "$out/o" && [ -s "$out/runw/mismatch.node0.fst" ] &&
  ok "run, lockstep: $(grep -E '^MISMATCH' "$out/o"), the waveform of node 0" || { bad "run, lockstep: exit $rc"; tail -3 "$out/o"; }
clean "run, RTL nodes, unmutated" "${run[@]}" --engine rtl

# the SystemC network (make sc), node 0's router and NIC the RTL
if [ "${SC:-0}" = 1 ]; then
  one "sim, SystemC" "^wormcast sim: cycle [0-9]+: RTL assertion failed in .*credit overflow \(downstream returned more than B\)" \
    sim --topo cube:4 --rate 0.1 --warmup 100 --cycles 2000 --quiet --engine sc --rtl-nodes 0 --mutate-rtl 1
  one "msg, SystemC" "^wormcast msg: cycle [0-9]+: RTL assertion failed in .*credit overflow \(the router returned more than B = 8\)" \
    "${msg[@]}" --engine sc --rtl-nodes 0 --mutate-rtl 2
fi
finish

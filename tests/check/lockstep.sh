#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make check: one short lockstep run of one engine of the tool, RTL (or
# SystemC) against the C model every cycle, seconds once the model is
# built.  Passes when the run exits 0 and reports zero mismatches.
#   router  wormcast sim, Verilated routers of mesh:4x4
#   nic     wormcast msg, Verilated NICs and routers of cube:4
#   node    wormcast run, Verilated nodes (core, RAM, NIC) and routers of
#           cube:4 running tests/system/fw_ring.c (every node sends to the next)
#   sc      wormcast msg --engine lockstep-sc, two RTL nodes among SystemC C models
# usage: lockstep.sh WORMCAST router|nic|node|sc [RING_ELF]
set -u
wc=$1 kind=$2 ring=${3:-build/system/fw/ring.elf}
out=$(mktemp); trap 'rm -f "$out"' EXIT
case $kind in
  router) what="sim, RTL routers of mesh:4x4"
          cmd=("$wc" sim --topo mesh:4x4 --rate 0.2 --warmup 1000 --cycles 20000 --engine lockstep --quiet) ;;
  nic)    what="msg, RTL NICs and routers of cube:4"
          cmd=("$wc" msg --topo cube:4 --messages 40 --size 1-4096 --engine lockstep --quiet) ;;
  node)   what="run, RTL nodes and routers of cube:4 (a ring of messages)"
          cmd=("$wc" run --topo cube:4 --fw "$ring" --engine lockstep --quiet) ;;
  sc)     what="msg, SystemC network with RTL nodes 3 and 5"
          cmd=("$wc" msg --topo cube:4 --engine lockstep-sc --rtl-nodes 3,5 --messages 40 --size 1-4096 --quiet) ;;
  *) echo "lockstep.sh: unknown engine '$kind' (router, nic, node, sc)" >&2; exit 2 ;;
esac
t0=$SECONDS
"${cmd[@]}" > "$out" 2>&1; rc=$?
# sim and msg report the comparison on a line of its own; run ends with
# PASS over both instances (a mismatch ends it with exit 1)
line=$(grep -m1 -E "^ *lockstep[: ]|^PASS: .*\(both instances\)" "$out")
if [ $rc -eq 0 ] && grep -Eq "(^| )0 mismatch|both instances" <<<"$line"; then
  echo "ok   $what: ${line#"${line%%[! ]*}"} ($((SECONDS - t0)) s)"
  echo "1 passed, 0 failed"
else
  echo "FAIL $what: exit $rc"; tail -15 "$out"
  echo "0 passed, 1 failed"; exit 1
fi

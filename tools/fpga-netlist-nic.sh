#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The NIC's synthesized netlist in the NIC's lockstep bench: the same
# harness as the RTL's, linked by the same script (verif/nic/tb_nic.cpp,
# verif/nic/link-nic.sh; the C model compared every
# cycle, stopping at the first mismatch), with the netlist and the
# family's cell models in place of rtl/nic.  A netlist that differs from
# the RTL shows here within a few thousand cycles and names the port and
# cycle, where the system's netlist (fpga-netlist-system) takes half an
# hour to build and can only hang.
# usage: tools/fpga-netlist-nic.sh OUTDIR NETLIST "NNODES=16 W=32 ..." CYCLES SEED VERILATOR-FLAGS CELL-FILES...
#   NETLIST is Yosys's write_verilog of wc_nic with exactly the parameters
#   given (the bench checks the C model's set against them)
set -eu
out=$1 nl=$2 built=$3 cycles=$4 seed=$5 vflags=$6
shift 6
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bdir=${BUILD:-build}/unit/nic
obj=$out/obj
exe=$out/tb_nic
mkdir -p "$out"
make -s --no-print-directory "$bdir/libnicbench.a"
if [ ! -x "$exe" ] || [ -n "$(find "$nl" verif/nic/tb_nic.cpp verif/nic/link-nic.sh "$bdir/libnicbench.a" "$0" -newer "$exe" 2>/dev/null)" ]; then
  echo "verilate the NIC netlist $nl"
  rm -rf "$obj"
  # shellcheck disable=SC2086
  nice verilator --cc -O2 --x-assign fast --x-initial fast $vflags --Mdir "$obj" --top-module wc_nic \
    "$(realpath "$nl")" "$@" > "$out/build.log" 2>&1 || { tail -30 "$out/build.log" >&2; exit 2; }
  nice make -s -C "$obj" -f Vwc_nic.mk -j "${JOBS:-2}" OPT_FAST="-O1" OPT_SLOW="-O1" VM_GLOBAL_FAST= VM_GLOBAL_SLOW= \
    Vwc_nic__ALL.a verilated.o verilated_threads.o >> "$out/build.log" 2>&1 || { tail -30 "$out/build.log" >&2; exit 2; }
  verif/nic/link-nic.sh "$obj" "$bdir/libnicbench.a" "$built" "$exe" > "$out/link.log" 2>&1 \
    || { tail -30 "$out/link.log" >&2; exit 2; }
fi
rc=0
"$exe" --directed > "$out/directed.log" 2>&1 || rc=1
tail -3 "$out/directed.log"
"$exe" --random --seed "$seed" --cycles "$cycles" > "$out/random.log" 2>&1 || rc=1
tail -3 "$out/random.log"
if [ $rc = 0 ]; then
  echo "fpga-netlist-nic: PASS: $nl, directed scenarios and $cycles random cycles (seed $seed) in lockstep with the C model"
else
  echo "fpga-netlist-nic: FAIL: $nl differs from the C model (logs: $out/directed.log, $out/random.log)"
fi
exit $rc

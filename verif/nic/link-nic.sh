#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Link the NIC's lockstep bench (verif/nic/tb_nic.cpp and the bench
# library) against one Verilated wc_nic, RTL (verif/nic/run.sh) or a
# synthesized netlist (tools/fpga-netlist-nic.sh): the same harness for
# both, so a netlist is judged exactly as its RTL is.
# usage: verif/nic/link-nic.sh OBJDIR BENCHLIB "NNODES=.. W=.. ..." EXE
#   OBJDIR holds Vwc_nic__ALL.a and the Verilator runtime objects
#   (verilated_fst_c.o too for a build with waveforms); the parameters
#   are those the model was built with (NIC_BUILT: the bench checks
#   the C model's set against them)
set -eu
obj=$1 lib=$2 built=$3 exe=$4
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
rt=(verilated.o verilated_threads.o) libs=() fst=0
[ ! -f "$obj/verilated_fst_c.o" ] || { rt+=(verilated_fst_c.o); libs+=(-lz); fst=1; }
vinc=$(verilator --getenv VERILATOR_ROOT)/include
nice g++ -O2 -std=c++17 -Wall -Wextra -isystem "$obj" -isystem "$vinc" -isystem "$vinc/vltstd" -Iverif/nic -Idefs -Isw/lib -Icmodel \
  -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=$fst -DVM_TRACE_FST=$fst -DVM_TRACE_VCD=0 -DNIC_BUILT="\"$built\"" \
  -o "$exe.tmp" verif/nic/tb_nic.cpp "$lib" "$obj/Vwc_nic__ALL.a" "${rt[@]/#/$obj/}" "${libs[@]}" -pthread
mv "$exe.tmp" "$exe"

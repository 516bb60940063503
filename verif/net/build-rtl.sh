#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Verilate a whole network for one topology into a shared object that
# `wormcast --engine rtl|lockstep` loads.
# usage: verif/net/build-rtl.sh WORMCAST OUTDIR TOPO W B TRACE(0|1)
set -eu
wc=$1 out=$2 topo=$3 w=$4 b=$5 trace=$6
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
"$wc" netgen --topo "$topo" --width "$w" --buffer "$b" > "$out/wc_net_top.v.tmp"
mv "$out/wc_net_top.v.tmp" "$out/wc_net_top.v"
tr=()
[ "$trace" = 1 ] && tr=(--trace-fst --trace-structs)
vinc=$(verilator --getenv VERILATOR_ROOT)/include
verilator --cc -O3 --x-assign fast --x-initial fast --Mdir "$out/obj" "${tr[@]}" \
  -I"$root/rtl/include" -I"$root/rtl/router" --top-module wc_net_top \
  "$out/wc_net_top.v" "$root"/rtl/router/*.v > "$out/verilator.log" 2>&1 || { cat "$out/verilator.log" >&2; exit 1; }
glob=(verilated.o verilated_threads.o)
[ "$trace" = 1 ] && glob+=(verilated_fst_c.o)
make -s -C "$out/obj" -f Vwc_net_top.mk -j "${JOBS:-2}" OPT_FAST="-O2" OPT_SLOW="-O1" \
  CXXFLAGS="-fPIC" Vwc_net_top__ALL.a "${glob[@]}" > "$out/make.log" 2>&1 || { tail -30 "$out/make.log" >&2; exit 1; }
g++ -shared -fPIC -O2 -std=c++17 -I"$out/obj" -I"$vinc" -I"$vinc/vltstd" \
  -DVM_TRACE=$trace -DVM_TRACE_FST=$trace "$root/verif/net/wc_rtl_shim.cpp" "$out/obj/Vwc_net_top__ALL.a" \
  "${glob[@]/#/$out/obj/}" -o "$out/libwcrtl.so.tmp" -pthread -lz 2>&1 | tail -20
mv "$out/libwcrtl.so.tmp" "$out/libwcrtl.so"

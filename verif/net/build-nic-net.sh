#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Verilate one NIC configuration into a shared object for the message
# simulation's RTL engine (verif/net/wc_rtl_nics.cpp: one model per node).
# usage: verif/net/build-nic-net.sh OUTDIR "-GNNODES=16 -GB=8 ..."
set -eu
out=$1 gparams=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
vinc=$(verilator --getenv VERILATOR_ROOT)/include
# shellcheck disable=SC2086
verilator --cc -O3 --x-assign fast --x-initial fast --unroll-count 1024 --unroll-stmts 100000 --Mdir "$out/obj" $gparams \
  -I"$root/rtl/include" -I"$root/rtl/nic" --top-module wc_nic \
  "$root"/rtl/nic/*.v "$root"/rtl/router/wc_rr_arb.v > "$out/verilator.log" 2>&1 || { cat "$out/verilator.log" >&2; exit 1; }
glob=(verilated.o verilated_threads.o)
make -s -C "$out/obj" -f Vwc_nic.mk -j "${JOBS:-2}" OPT_FAST="-O2" OPT_SLOW="-O1" \
  CXXFLAGS="-fPIC" Vwc_nic__ALL.a "${glob[@]}" > "$out/make.log" 2>&1 || { tail -30 "$out/make.log" >&2; exit 1; }
g++ -shared -fPIC -O2 -std=c++17 -I"$out/obj" -I"$vinc" -I"$vinc/vltstd" -I"$root/defs" -I"$root/cmodel" \
  "$root/verif/net/wc_rtl_nics.cpp" "$out/obj/Vwc_nic__ALL.a" \
  "${glob[@]/#/$out/obj/}" -o "$out/libwcnic.so.tmp" -pthread
mv "$out/libwcnic.so.tmp" "$out/libwcnic.so"

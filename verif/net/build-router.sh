#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Verilate one router configuration into a shared object for the RTL
# engine (verif/net/wc_rtl_routers.cpp wires the routers per topology).
# usage: verif/net/build-router.sh OUTDIR "-GP=5 -GROUTING=1 ..."
set -eu
out=$1 gparams=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
vinc=$(verilator --getenv VERILATOR_ROOT)/include
# shellcheck disable=SC2086
verilator --cc -O3 --x-assign fast --x-initial fast --unroll-count 256 --unroll-stmts 100000 --Mdir "$out/obj" $gparams \
  -I"$root/rtl/include" -I"$root/rtl/router" --top-module wc_router \
  "$root"/rtl/router/*.v > "$out/verilator.log" 2>&1 || { cat "$out/verilator.log" >&2; exit 1; }
glob=(verilated.o verilated_threads.o)
make -s -C "$out/obj" -f Vwc_router.mk -j "${JOBS:-2}" OPT_FAST="-O2" OPT_SLOW="-O1" \
  CXXFLAGS="-fPIC" Vwc_router__ALL.a "${glob[@]}" > "$out/make.log" 2>&1 || { tail -30 "$out/make.log" >&2; exit 1; }
g++ -shared -fPIC -O2 -std=c++17 -I"$out/obj" -I"$vinc" -I"$vinc/vltstd" \
  "$root/verif/net/wc_rtl_routers.cpp" "$out/obj/Vwc_router__ALL.a" \
  "${glob[@]/#/$out/obj/}" -o "$out/libwcrouter.so.tmp" -pthread
mv "$out/libwcrouter.so.tmp" "$out/libwcrouter.so"

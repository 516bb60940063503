#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Verilate one NIC configuration (rtl/nic/wc_nic.v) into a static archive
# that a C++ harness links: OUTDIR/obj/Vwc_nic__ALL.a, the Verilator
# runtime objects OUTDIR/obj/verilated.o and verilated_threads.o, and the
# headers (Vwc_nic.h) in OUTDIR/obj.
# usage: verif/nic/build-nic.sh OUTDIR "-GNNODES=16 -GPAYLOAD=256 ..."
#   (the -G parameters are those of wc_nic; omitted ones take the RTL's
#   defaults)
set -eu
out=$1 gparams=${2-}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
# the NIC's Verilator options and the compiler's, as wormcast's NIC engine
# has them (verif/nic/run.sh links that engine's build of the default set
# instead of making its own)
. "$root/verif/net/vflags.sh"
# shellcheck disable=SC2086
verilator --cc -O3 --x-assign fast --x-initial fast "${NIC_VFLAGS[@]}" --Mdir "$out/obj" $gparams \
  -I"$root/rtl/include" -I"$root/rtl/nic" --top-module wc_nic \
  "$root"/rtl/nic/*.v "$root"/rtl/router/wc_rr_arb.v > "$out/verilator.log" 2>&1 || { cat "$out/verilator.log" >&2; exit 1; }
glob=(verilated.o verilated_threads.o)
make -s -C "$out/obj" -f Vwc_nic.mk -j "${JOBS:-2}" "${VL_MAKEOPT[@]}" \
  CXXFLAGS="-fPIC" Vwc_nic__ALL.a "${glob[@]}" > "$out/make.log" 2>&1 || { tail -30 "$out/make.log" >&2; exit 1; }
echo "build-nic: $out/obj/Vwc_nic__ALL.a${gparams:+ ($gparams)}"

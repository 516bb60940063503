#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Verilate one RTL engine into a shared object that wormcast loads with
# dlopen (sw/host/wc_rtl.c runs this on demand, under a lock on OUTDIR;
# defs/wc_engine_abi.h is the interface of the shims it compiles in):
#   router  one router configuration, wired per topology by wc_rtl_routers.cpp
#   nic     one NIC configuration, one model per node (wc_rtl_nics.cpp)
#   nic-fst the same, able to dump any NIC to FST (wormcast msg --wave and
#           a lockstep mismatch's waveform): a build of its own, so that
#           the plain engine every other run (and the NIC bench, which
#           links its archive) uses stays as it is
#   node    one node SoC configuration (core, RAM, devices, NIC), one
#           model per node (wc_rtl_nodes.cpp), always able to dump FST:
#           compiled in and not opened it costs no measurable speed, and
#           one build serves plain runs and waveforms alike
#   nic-sc  the NIC through `verilator --sc` into a static library, for the
#           SystemC layer (mk/sc.mk; not loaded by wormcast)
#   node-sc the node SoC the same way (class Vwc_node_sc), with the node
#           engine's Verilator flags and sources but no tracing
#   flat    the generated network top of one topology, verilated whole
#           (wc_rtl_shim.cpp): slow to compile, can dump every signal to FST
# usage: build-engine.sh router OUTDIR [-GNAME=VALUE ...]
#        build-engine.sh nic    OUTDIR [-GNAME=VALUE ...]
#        build-engine.sh nic-fst OUTDIR [-GNAME=VALUE ...]
#        build-engine.sh nic-sc OUTDIR [-GNAME=VALUE ...]
#        build-engine.sh node   OUTDIR [-GNAME=VALUE ...]
#        build-engine.sh node-sc OUTDIR [-GNAME=VALUE ...]
#        build-engine.sh flat   OUTDIR WORMCAST TOPO W B TRACE(0|1) STAGES(1|2)
# Logs go to OUTDIR/{verilator,make,link}.log; the shared object appears
# (renamed into place) only when every step succeeded.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 router|nic|nic-fst|nic-sc|node|node-sc|flat OUTDIR ..." >&2; exit 2; }
kind=$1 out=$2; shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
vinc=$(verilator --getenv VERILATOR_ROOT)/include
# NIC_VFLAGS and VL_MAKEOPT, shared with the NIC benches
. "$root/verif/net/vflags.sh"

# runtime TOP OBJ...: the Verilator runtime objects (verilated.o and the
# like) into OUTDIR/obj, where the link and the NIC bench take them.  They
# are the same for every model of one Verilator, compiler and tracing
# choice: the first build of a tree compiles them through its model's
# makefile and leaves a copy beside the models (OUTDIR/../vlrt-*), which
# the others take instead of compiling their own (9-12 s of CPU each).
# They are compiled with defs/wc_vl_hook.h forced in, through which an
# engine keeps an RTL assertion's message for the tool's report (the
# "-hook" in the copy's name keeps runtimes built without it apart).
runtime() {
  local top=$1 rt f have=1
  shift
  rt=$(dirname "$out")/vlrt-$(verilator --version | awk '{print $2}')-gcc$(g++ -dumpfullversion)-hook
  case " $* " in *" verilated_fst_c.o "*) rt=$rt-fst ;; esac
  mkdir -p "$rt"
  # (after the caller's lock on OUTDIR, never before: no cycle)
  exec 7> "$rt/.lock"
  flock 7
  for f; do [ -f "$rt/$f" ] || have=0; done
  if [ $have = 1 ]; then
    for f; do cp "$rt/$f" "$out/obj/$f"; done
  else
    make -s -C "$out/obj" -f "V$top.mk" -j "${JOBS:-2}" CXXFLAGS="-fPIC -include $root/defs/wc_vl_hook.h" "$@" \
      >> "$out/make.log" 2>&1 \
      || { tail -30 "$out/make.log" >&2; exit 1; }
    for f; do cp "$out/obj/$f" "$rt/$f.tmp" && mv "$rt/$f.tmp" "$rt/$f"; done
  fi
  exec 7>&-
}

# verilate TOP SHIM SO [verilator args] [-- g++ args]
verilate() {
  local top=$1 shim=$2 so=$3; shift 3
  local vargs=() glob=(verilated.o verilated_threads.o)
  while [ $# -gt 0 ] && [ "$1" != -- ]; do vargs+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  case " ${vargs[*]} " in *" --trace-fst "*) glob+=(verilated_fst_c.o) ;; esac
  verilator --cc -O3 --x-assign fast --x-initial fast --Mdir "$out/obj" -I"$root/rtl/include" --top-module "$top" \
    "${vargs[@]}" > "$out/verilator.log" 2>&1 || { cat "$out/verilator.log" >&2; exit 1; }
  make -s -C "$out/obj" -f "V$top.mk" -j "${JOBS:-2}" "${VL_MAKEOPT[@]}" \
    CXXFLAGS="-fPIC" "V${top}__ALL.a" > "$out/make.log" 2>&1 || { tail -30 "$out/make.log" >&2; exit 1; }
  runtime "$top" "${glob[@]}"
  g++ -shared -fPIC -O2 -std=c++17 -I"$out/obj" -I"$vinc" -I"$vinc/vltstd" -I"$root/defs" \
    "$root/verif/net/$shim" "$out/obj/V${top}__ALL.a" "${glob[@]/#/$out/obj/}" -o "$out/$so.tmp" -pthread "$@" \
    > "$out/link.log" 2>&1 || { tail -30 "$out/link.log" >&2; exit 1; }
  mv "$out/$so.tmp" "$out/$so"
}

NIC_ARGS=("${NIC_VFLAGS[@]}")
NIC_SRCS=(-I"$root/rtl/nic" "$root"/rtl/nic/*.v "$root"/rtl/router/wc_rr_arb.v)
NODE_ARGS=("${NIC_VFLAGS[@]}")
NODE_SRCS=(-I"$root/rtl/nic" "$root"/rtl/core/*.v "$root"/rtl/soc/wc_soc_mmio.v "$root"/rtl/soc/wc_node_ram.v
           "$root"/rtl/soc/wc_node_soc.v "$root"/rtl/nic/*.v "$root"/rtl/router/wc_rr_arb.v)

# sc_lib TOP PREFIX [verilator args]: `verilator --sc` into a static
# library of class PREFIX in OUTDIR (no shim, no shared object)
sc_lib() {
  local top=$1 prefix=$2; shift 2
  verilator --sc -O3 --x-assign fast --x-initial fast --Mdir "$out" -I"$root/rtl/include" --top-module "$top" \
    --prefix "$prefix" "$@" > "$out/verilator.log" 2>&1 || { cat "$out/verilator.log" >&2; exit 1; }
  make -s -C "$out" -f "$prefix.mk" -j "${JOBS:-2}" "${VL_MAKEOPT[@]}" \
    CXXFLAGS="-fPIC $(pkg-config --cflags systemc 2>/dev/null)" "${prefix}__ALL.a" > "$out/make.log" 2>&1 \
    || { tail -30 "$out/make.log" >&2; exit 1; }
}

case $kind in
  router)
    verilate wc_router wc_rtl_routers.cpp libwcrouter.so --unroll-count 256 --unroll-stmts 100000 "$@" \
      -I"$root/rtl/router" "$root"/rtl/router/*.v ;;
  nic)
    verilate wc_nic wc_rtl_nics.cpp libwcnic.so "${NIC_ARGS[@]}" "$@" "${NIC_SRCS[@]}" ;;
  nic-fst)
    # traces count 10 ns per cycle (wc_rtl_nics.cpp), as the node engine's do
    verilate wc_nic wc_rtl_nics.cpp libwcnic.so "${NIC_ARGS[@]}" \
      --trace-fst --trace-structs --timescale 1ns/1ns "$@" "${NIC_SRCS[@]}" \
      -- -DVM_TRACE=1 -DVM_TRACE_FST=1 -lz ;;
  nic-sc)
    # the NIC as a SystemC module (`verilator --sc`), the same Verilator
    # flags as the NIC engine: a static library of class Vwc_nic_sc for
    # the SystemC layer (mk/sc.mk links it; no shim, no shared object)
    sc_lib wc_nic Vwc_nic_sc "${NIC_ARGS[@]}" "$@" "${NIC_SRCS[@]}" ;;
  node-sc)
    # the node SoC as a SystemC module: the node engine's flags and
    # sources (class Vwc_node_sc, mk/sc.mk); without tracing, which the
    # engine has for its waveforms and the SystemC side does not use
    sc_lib wc_node_soc Vwc_node_sc "${NODE_ARGS[@]}" "$@" "${NODE_SRCS[@]}" ;;
  node)
    # traces count 10 ns per cycle (wc_rtl_nodes.cpp), as wormcast sim's waveforms do
    verilate wc_node_soc wc_rtl_nodes.cpp libwcnode.so "${NODE_ARGS[@]}" \
      --trace-fst --trace-structs --timescale 1ns/1ns "$@" "${NODE_SRCS[@]}" \
      -- -DVM_TRACE=1 -DVM_TRACE_FST=1 -lz ;;
  flat)
    [ $# -eq 6 ] || { echo "usage: $0 flat OUTDIR WORMCAST TOPO W B TRACE(0|1) STAGES(1|2)" >&2; exit 2; }
    wc=$1 topo=$2 w=$3 b=$4 trace=$5 stages=$6
    "$wc" netgen --topo "$topo" --width "$w" --buffer "$b" --router-stages "$stages" > "$out/wc_net_top.v.tmp"
    mv "$out/wc_net_top.v.tmp" "$out/wc_net_top.v"
    # the dimensions the shim checks against the network the tool asks for
    ports=$(sed -n 's/^ *input  *wire *\[\([0-9]*\):0\] *ext_valid_i,.*/\1/p' "$out/wc_net_top.v")
    fw=$(sed -n 's/^ *localparam integer FW = \([0-9]*\);.*/\1/p' "$out/wc_net_top.v")
    [ -n "$ports" ] && [ -n "$fw" ] || { echo "build-engine.sh: no ext_valid_i width or FW in $out/wc_net_top.v" >&2; exit 1; }
    tr=()
    [ "$trace" = 1 ] && tr=(--trace-fst --trace-structs)
    verilate wc_net_top wc_rtl_shim.cpp libwcrtl.so "${tr[@]}" -I"$root/rtl/router" "$out/wc_net_top.v" "$root"/rtl/router/*.v \
      -- -DVM_TRACE="$trace" -DVM_TRACE_FST="$trace" -DWC_FLAT_PORTS=$((ports + 1)) -DWC_FLAT_FW="$fw" -lz ;;
  *) echo "build-engine.sh: unknown engine kind '$kind' (router, nic, nic-fst, nic-sc, node, node-sc or flat)" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build (if stale) and run the NIC lockstep bench for one parameter set.
# usage: verif/nic/run.sh [--params "NAME=V ..."] [--wave PATH] [--build-only] [tb_nic options]
#   The parameters are resolved against the C model's defaults (every one
#   of them goes to Verilator as -G and to the C model's wc_nic_cfg), and
#   the bench is built in $BUILD/unit/nic/<parameters>/ (a separate build
#   with FST tracing when --wave is given).  Every other option goes to the
#   bench: --seed, --cycles, --directed, --random, --mutate, --coverage...
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. verif/net/vflags.sh
bdir=${BUILD:-build}/unit/nic
params="" wave=0 build_only=0
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --params) params=${2?--params needs a value}; shift 2 ;;
    --wave) wave=1; args+=("$1" "${2?--wave needs a path}"); shift 2 ;;
    --build-only) build_only=1; shift ;;
    *) args+=("$1"); shift ;;
  esac
done

# the C side (the bench library and the C twin, which also resolves parameters)
make -s --no-print-directory "$bdir/tb_nic_c" "$bdir/libnicbench.a"
gp=$("$bdir/tb_nic_c" --params "$params" --gparams)
built=${gp//-G/}
# Verilator gets the parameters the RTL top declares; one it lacks must
# be at the C model's default (which the RTL then implements as fixed)
defaults=$("$bdir/tb_nic_c" --gparams)
vgp=""
for g in $gp; do
  name=${g#-G}
  name=${name%%=*}
  if grep -Eq "parameter[[:space:]]+(integer[[:space:]]+)?$name[[:space:]]*=" rtl/nic/wc_nic.v 2>/dev/null; then
    vgp="$vgp $g"
  elif [[ " $defaults " != *" $g "* ]]; then
    echo "run.sh: rtl/nic/wc_nic.v has no parameter $name; only the C model's default ($(tr ' ' '\n' <<< "$defaults" | grep "^-G$name=" | cut -c3-)) can be run" >&2
    exit 2
  fi
done
key=${built// /_}
key=${key//=/}
[ $wave = 1 ] && key=${key}_fst
out=$bdir/$key
exe=$out/tb_nic

obj=$out/obj
# the Verilated model is stale when the RTL or how it is built changed; the
# bench only needs linking again when its C or C++ side changed
# newer FILE SCRIPT...: the NIC's RTL or one of the build scripts changed
# after FILE
newer() {
  local f=$1
  shift
  [ -n "$(find rtl/nic rtl/router/wc_rr_arb.v rtl/include "$@" -newer "$f" \( -name '*.v' -o -name '*.vh' -o -name '*.sh' \) \
          2>/dev/null)" ]
}
vstale() {
  [ -f "$obj/Vwc_nic__ALL.a" ] || return 0
  newer "$obj/Vwc_nic__ALL.a" verif/nic/run.sh verif/nic/build-nic.sh verif/net/vflags.sh
}
lstale() {
  [ -x "$exe" ] || return 0
  [ -n "$(find verif/nic/tb_nic.cpp verif/nic/link-nic.sh "$bdir/libnicbench.a" "$obj/Vwc_nic__ALL.a" -newer "$exe" 2>/dev/null)" ]
}

verilate() {
  local rt=(verilated.o verilated_threads.o)
  rm -rf "$obj"
  mkdir -p "$out"
  echo "verilate wc_nic: $built$([ $wave = 1 ] && echo ', FST')" >&2
  if [ $wave = 0 ] && [ -x verif/nic/build-nic.sh ]; then
    # shellcheck disable=SC2086
    verif/nic/build-nic.sh "$out" "$vgp" > "$out/build.log" 2>&1 || { tail -40 "$out/build.log" >&2; return 1; }
  else
    # the same Verilator options as build-nic.sh, plus tracing
    [ $wave = 1 ] && rt+=(verilated_fst_c.o)
    # shellcheck disable=SC2086
    verilator --cc -O3 -Wno-fatal --x-assign fast --x-initial fast "${NIC_VFLAGS[@]}" \
      $([ $wave = 1 ] && echo --trace-fst) --Mdir "$obj" $vgp -Irtl/include -Irtl/nic -Irtl/router \
      --top-module wc_nic rtl/nic/*.v > "$out/build.log" 2>&1 || { tail -40 "$out/build.log" >&2; return 1; }
    make -s -C "$obj" -f Vwc_nic.mk -j "${JOBS:-2}" "${VL_MAKEOPT[@]}" \
      Vwc_nic__ALL.a "${rt[@]}" >> "$out/build.log" 2>&1 || { tail -40 "$out/build.log" >&2; return 1; }
  fi
}

link() {
  verif/nic/link-nic.sh "$obj" "$bdir/libnicbench.a" "$built" "$exe" > "$out/link.log" 2>&1 \
    || { tail -40 "$out/link.log" >&2; return 1; }
}

mkdir -p "$out"
# one build per directory at a time (make runs several sets in parallel)
exec 9> "$out/.lock"
flock 9
# A set that wormcast's NIC engine was built for (verif/net/build-engine.sh
# nic: the same Verilator and compiler options, the same parameters when
# the directory names match) is not verilated a second time, minutes of
# make test: the bench links that build's archive while it is current,
# under the engine directory's lock so that wormcast cannot rebuild it
# meanwhile.
eng=${BUILD:-build}/rtl/nic_$key
if [ $wave = 0 ] && [ -f "$eng/libwcnic.so" ] && [ -f "$eng/obj/Vwc_nic__ALL.a" ] &&
   ! newer "$eng/libwcnic.so" verif/net/build-engine.sh verif/net/vflags.sh; then
  exec 8> "$eng/.lock"
  flock 8
  obj=$eng/obj
fi
if [ "$obj" = "$out/obj" ] && vstale; then
  verilate || { echo "run.sh: verilating wc_nic for $built failed (log: $out/build.log)" >&2; exit 2; }
fi
if lstale; then
  link || { echo "run.sh: linking the bench for $built failed (log: $out/link.log)" >&2; exit 2; }
fi
flock -u 9
[ "$obj" = "$out/obj" ] || flock -u 8
[ $build_only = 1 ] && exit 0
exec "$exe" "${args[@]}"

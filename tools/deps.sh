#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install the Debian packages Wormcast needs, if any are missing.
# As root: apt-get installs them.  Otherwise: prints the exact command.
# Usage: tools/deps.sh [group...]   groups: base (default), fpga, view, pictures, systemc, fuzz, formal
# (formal: make formal's PDR engine, yosys-abc of Debian's yosys; the rest is PyPI)
# (pictures: make wave-pictures renders the docs' waveforms through GTKWave on a virtual display)
# (fuzz: make fuzz and make test-asan, clang with libFuzzer, ASan and UBSan)
# (base includes systemc: make test builds the SystemC networks, docs/systemc.md;
# and nextpnr-ice40 and icestorm: make test places and routes one router)
set -eu
declare -A cmd_pkg=(
  [gcc]=gcc [g++]=g++ [make]=make [verilator]=verilator [iverilog]=iverilog
  [yosys]=yosys [dot]=graphviz [gnuplot]=gnuplot-nox
  [riscv64-unknown-elf-gcc]=gcc-riscv64-unknown-elf
  [gtkwave]=gtkwave [vcd2fst]=gtkwave [clang]=clang [parallel]=parallel [nextpnr-ice40]=nextpnr-ice40 [icepack]=fpga-icestorm
  [yosys-abc]=yosys [xvfb-run]=xvfb [import]=imagemagick [convert]=imagemagick
)
groups=${*:-base}
want=()
for g in $groups; do
  case $g in
    base)  want+=(gcc g++ make verilator iverilog yosys nextpnr-ice40 icepack dot gnuplot riscv64-unknown-elf-gcc vcd2fst parallel) ;;
    fpga)  want+=(yosys nextpnr-ice40 icepack) ;;
    view)  want+=(gtkwave) ;;
    pictures) want+=(gtkwave xvfb-run import convert) ;;
    systemc) ;;
    fuzz)  want+=(clang) ;;
    formal) want+=(yosys-abc) ;;
    *) echo "deps.sh: unknown group '$g' (base, fpga, view, pictures, systemc, fuzz, formal)" >&2; exit 2 ;;
  esac
done
missing=()
for c in "${want[@]}"; do command -v "$c" >/dev/null 2>&1 || missing+=("${cmd_pkg[$c]}"); done
# picolibc is a library, not a command: check its spec file
if [[ " $groups " == *" base "* ]] && ! ls /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs >/dev/null 2>&1; then
  missing+=(picolibc-riscv64-unknown-elf)
fi
# nor is zlib: the FST writer Verilator compiles into traced models needs it
if [[ " $groups " == *" base "* ]] && [ ! -e /usr/include/zlib.h ]; then
  missing+=(zlib1g-dev)
fi
# nor is SystemC: a header and a library (libsystemc-dev ships no command)
if [[ " $groups " == *" base "* || " $groups " == *" systemc "* ]] && [ ! -e /usr/include/systemc.h ]; then
  missing+=(libsystemc-dev)
fi
# nor are libFuzzer and the sanitizers' runtimes (Debian's clang 14)
if [[ " $groups " == *" fuzz "* ]] && ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  missing+=(libfuzzer-14-dev libclang-rt-14-dev)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
pkgs=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ]; then
  echo "deps: installing $pkgs"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq $pkgs >/dev/null
else
  echo "deps: missing packages; run:  sudo apt-get install -y $pkgs" >&2
  exit 1
fi

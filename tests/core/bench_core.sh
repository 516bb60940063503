#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Node core figures: CPI on sw/fw/bench/bench.c, simulated instructions per
# second of the Verilated SoC (alone and in lockstep) and of the
# instruction-set model, simulated cycles per second of the cycle-accurate
# model (alone and in cycle lockstep), and the ice40 LUT4 count of
# wc_rv32_core (retire port off).  mk/core.mk tees this into build/bench/core.txt.
set -eu
LOCK=$CORE_B/vobj/lockstep
ISS=$CORE_B/rv32iss
CYC=$CORE_B/vobj/cyclestep
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
field() { sed -n "s/.*$1 \([0-9.]*\).*/\1/p" "$2" | head -1; }

echo "# node core (rtl/core), $(date -u +%Y-%m-%d) on $(nproc) cores: $(uname -m)"
"$LOCK" --engine rtl "$BENCH_ELF" > "$tmp/b" 2>&1
grep '^bench:' "$tmp/b" | sed 's/^/program: /'
echo "bench CPI (timed region, mcycle/minstret): $(sed -n 's/.*CPI \([0-9.]*\)$/\1/p' "$tmp/b")"
echo "bench CPI (whole run, reset to exit):      $(sed -n 's/^rtl: .*CPI \([0-9.]*\).*/\1/p' "$tmp/b")"
for prog in "$CORE_B/fw/isa/alu.elf" "$CORE_B/fw/isa/ldst.elf" "$CORE_B/fw/isa/muldiv.elf"; do
  "$LOCK" --engine rtl --quiet "$prog" > "$tmp/c" 2>&1
  echo "CPI $(basename "$prog" .elf) test: $(field CPI "$tmp/c")"
done
speed=$CORE_B/fw/rand/speed.elf
"$LOCK" --engine rtl --quiet "$speed" > "$tmp/r" 2>&1
"$LOCK" --quiet "$speed" > "$tmp/l" 2>&1
"$ISS" "$speed" > "$tmp/i" 2>&1
echo "random stream: $(sed -n 's/^rtl: \([0-9]*\) retired.*/\1/p' "$tmp/r") instructions+traps, CPI $(field CPI "$tmp/r")"
echo "Verilated SoC alone:     $(sed -n 's/.*s, \([0-9]*\) instructions\/s.*/\1/p' "$tmp/r") instructions/s"
echo "lockstep (RTL + model):  $(sed -n 's/.*s, \([0-9]*\) instructions\/s.*/\1/p' "$tmp/l") instructions/s"
echo "instruction-set model:   $(sed -n 's/.*(\([0-9.]*\) M instructions\/s).*/\1/p' "$tmp/i") M instructions/s"
# the bench program is about 1.2M cycles: the best of three runs
best=0
for k in 1 2 3; do
  "$CYC" --engine model --quiet "$BENCH_ELF" > "$tmp/m" 2>&1
  c=$(sed -n 's/.* \([0-9]*\) cycles\/s.*/\1/p' "$tmp/m")
  [ "${c:-0}" -gt "$best" ] && best=$c
done
"$CYC" --quiet "$BENCH_ELF" > "$tmp/cl" 2>&1
echo "cycle-accurate model, bench.c ($(sed -n 's/.*: \([0-9]*\) cycles, .*/\1/p' "$tmp/m") cycles; core + the harness's C RAM and devices, one CPU core, best of 3): $best cycles/s"
echo "cycle lockstep (Verilated SoC + cycle model), bench.c: $(sed -n 's/.* \([0-9]*\) cycles\/s.*/\1/p' "$tmp/cl") cycles/s"
s=$CORE_B/synth_ice40.txt
echo "yosys synth_ice40 wc_rv32_core (RVFI=0, default MD_STEPS=1): $(awk '/SB_LUT4/ {print $2; exit}' "$s") LUT4, $(awk '/SB_CARRY/ {print $2; exit}' "$s") SB_CARRY, $(awk '/SB_DFF/ {n += $2} END {print n}' "$s") flip-flops, $(awk '/SB_RAM40_4K/ {print $2; exit}' "$s") SB_RAM40_4K (register file)"
s=$CORE_B/synth_ice40_md2.txt
echo "yosys synth_ice40 wc_rv32_core (RVFI=0, MD_STEPS=2: M ops in 20 cycles): $(awk '/SB_LUT4/ {print $2; exit}' "$s") LUT4"

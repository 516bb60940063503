#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test part of the cycle-accurate core model (cmodel/rv32/wc_rv32_core.c):
# cycle lockstep with the Verilated SoC (verif/core/cyclestep.cpp) on every
# ISA test, C program and the random stream, for MD_STEPS 1 and 4; the
# model alone prints what the RTL prints; each deliberate model bug
# (--mutate timing|irq) and a wrong MD_STEPS are caught with a report
# naming cycle and signal; resets in the middle of a run; bad parameters
# are refused.
# Inputs from mk/core.mk: CORE_B ISA_TESTS FW_CTESTS RAND_ELF RAND_MIN.
set -u
pass=0; fail=0
ok()  { pass=$((pass+1)); echo "ok   - $*"; }
bad() { fail=$((fail+1)); echo "FAIL - $*"; }
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
summary() { grep -o '[0-9]* cycles compared, [0-9]* retired ([^)]*)' "$1"; }

# kbin runs 28M cycles: once, with MD_STEPS=1 (the other programs cover
# the multiplier timing of both builds)
LONG=" kbin "
for md in 1 4; do
  if [ $md = 1 ]; then CYC=$CORE_B/vobj/cyclestep; else CYC=$CORE_B/vobj_md4/cyclestep; fi
  # 1. ISA tests
  for t in $ISA_TESTS; do
    "$CYC" --quiet "$CORE_B/fw/isa/$t.elf" > "$out/$t" 2>&1; rc=$?
    if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/$t" && grep -q "^cyclestep: PASS" "$out/$t"; then
      ok "MD_STEPS=$md isa/$t: cycle lockstep pass, $(summary "$out/$t"), zero mismatches"
    else bad "MD_STEPS=$md isa/$t: cycle lockstep (rc $rc)"; tail -8 "$out/$t"; fi
  done
  # 2. C programs: cycle lockstep, their OK line, and the model alone
  #    prints exactly what the RTL printed
  for t in $FW_CTESTS; do
    case "$LONG" in *" $t "*) [ $md = 1 ] || continue ;; esac
    elf=$CORE_B/fw/tests/$t.elf
    "$CYC" "$elf" > "$out/$t" 2>&1; rc=$?
    if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/$t" && grep -q "^$t: OK" "$out/$t"; then
      ok "MD_STEPS=$md $t.c: cycle lockstep pass, $(summary "$out/$t"), prints '$t: OK'"
    else bad "MD_STEPS=$md $t.c: cycle lockstep (rc $rc)"; tail -8 "$out/$t"; fi
    "$CYC" --engine model "$elf" > "$out/$t.m" 2>&1
    if diff <(grep -v '^cyclestep:' "$out/$t") <(grep -v '^cyclestep:' "$out/$t.m") > "$out/$t.d" &&
       [ "$(grep -o '[0-9]* cycles, [0-9]* retired' "$out/$t.m")" = "$(grep -o '[0-9]* cycles compared, [0-9]* retired' "$out/$t" | sed 's/ compared//')" ]; then
      ok "MD_STEPS=$md $t.c: model alone prints the RTL's console output in the same cycles and instructions"
    else bad "MD_STEPS=$md $t.c: model alone differs from the RTL run"; head -5 "$out/$t.d"; fi
  done
  # 3. the random stream (timer interrupts at any instruction)
  "$CYC" --quiet --min-instret "$RAND_MIN" "$RAND_ELF" > "$out/rand" 2>&1; rc=$?
  if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/rand"; then
    ok "MD_STEPS=$md random stream $(basename "$RAND_ELF"): $(summary "$out/rand"), zero mismatches"
  else bad "MD_STEPS=$md random stream (rc $rc)"; tail -8 "$out/rand"; fi
done

# 4. interrupts were in the comparison: irq.S, timer.c and the random
#    stream retire interrupt records (taken in the same cycle on both sides)
for f in irq timer rand; do
  n=$(sed -n 's/.*retired ([0-9]* traps, \([0-9]*\) interrupts).*/\1/p' "$out/$f" 2>/dev/null)
  if [ -n "$n" ] && [ "$n" -gt 0 ]; then ok "$f: $n interrupts taken in cycle lockstep"
  else bad "$f: no interrupt compared"; fi
done

# 5. synchronous reset in the middle of a run: registers without a reset
#    (register file, ir, retire fields) keep their edge's values on both
#    sides; sort.c starts again three times and still passes, and resets
#    at 16 consecutive cycles of the random stream (every state, loads, M
#    ops, traps) are followed by 60k cycles in lockstep
"$CORE_B/vobj/cyclestep" --quiet --reset-at 100003,200019,300037 "$CORE_B/fw/tests/sort.elf" > "$out/rst" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/rst"; then ok "sort.c reset 3 times in cycle lockstep: $(summary "$out/rst"), zero mismatches"
else bad "sort.c with resets (rc $rc)"; tail -8 "$out/rst"; fi
n=0
for k in $(seq 0 15); do
  for c in "$CORE_B/vobj/cyclestep" "$CORE_B/vobj_md4/cyclestep"; do
    "$c" --quiet --max-cycles 150000 --reset-at $((60000+k)),$((90000+3*k)) "$RAND_ELF" > "$out/rst" 2>&1; rc=$?
    if [ $rc -eq 3 ] && ! grep -q MISMATCH "$out/rst"; then n=$((n+1)); else tail -6 "$out/rst"; fi
  done
done
if [ $n -eq 32 ]; then ok "random stream: 32 runs with two resets each (MD_STEPS 1 and 4), 150k cycles each, zero mismatches"
else bad "random stream with resets: $n of 32 runs without mismatch"; fi

# 6. every deliberate model bug is caught, with cycle, signal and values
mut() {  # elf mutation
  local elf=$1 m=$2 rc
  "$CORE_B/vobj/cyclestep" --quiet --mutate "$m" "$elf" > "$out/mut" 2>&1; rc=$?
  if [ $rc -eq 1 ] && grep -Eq "^MISMATCH at cycle [0-9]+: [a-z_.]+: rtl \(expected\) 0x[0-9a-f]{8}, model \(actual\) 0x[0-9a-f]{8}$" "$out/mut" &&
     grep -q "mismatch caught (model mutated: $m)" "$out/mut"; then
    ok "mutation $m on $(basename "$elf"): $(grep '^MISMATCH' "$out/mut")"
  else bad "mutation $m on $(basename "$elf") not caught (rc $rc)"; tail -5 "$out/mut"; fi
}
mut "$CORE_B/fw/isa/ldst.elf" timing
mut "$CORE_B/fw/tests/sort.elf" timing
mut "$CORE_B/fw/isa/irq.elf" irq
mut "$CORE_B/fw/tests/timer.elf" irq
mut "$RAND_ELF" irq
# the multiplier's latency is compared: a model with MD_STEPS 2 against the
# MD_STEPS=1 build
"$CORE_B/vobj/cyclestep" --quiet --md-steps 2 "$CORE_B/fw/isa/muldiv.elf" > "$out/md" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q "^MISMATCH at cycle" "$out/md"; then ok "MD_STEPS 2 model vs MD_STEPS=1 RTL: $(grep '^MISMATCH' "$out/md")"
else bad "MD_STEPS 2 model vs MD_STEPS=1 RTL not caught (rc $rc)"; tail -5 "$out/md"; fi

# 7. bad parameters and input are refused
"$CORE_B/vobj/cyclestep" --md-steps 3 "$CORE_B/fw/isa/alu.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "md_steps must be 1, 2 or 4 (got 3)" "$out/e"; then ok "cyclestep: MD_STEPS 3 refused by wc_rv32_core_cfg_check"
else bad "cyclestep --md-steps 3 (rc $rc)"; cat "$out/e"; fi
"$CORE_B/vobj/cyclestep" --mutate nosuch "$CORE_B/fw/isa/alu.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "unknown mutation" "$out/e"; then ok "cyclestep: unknown --mutate refused"
else bad "cyclestep --mutate nosuch (rc $rc)"; fi
"$CORE_B/vobj/cyclestep" --reset-at 50,40 "$CORE_B/fw/isa/alu.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "increasing cycle numbers" "$out/e"; then ok "cyclestep: decreasing --reset-at refused"
else bad "cyclestep --reset-at 50,40 (rc $rc)"; fi
"$CORE_B/vobj/cyclestep" "$out/none.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "cannot open" "$out/e"; then ok "cyclestep: missing ELF refused (exit 2)"
else bad "cyclestep missing ELF (rc $rc)"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

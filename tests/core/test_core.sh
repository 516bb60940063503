#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test part of the node core: every ISA test and C program in lockstep
# (RTL vs instruction-set model) and stand-alone on the model, output
# checks, the mutation checks and the 1M-instruction random lockstep run.
# Inputs from mk/core.mk: CORE_B ISA_TESTS FW_CTESTS RAND_ELF RAND_MIN.
set -u
LOCK=$CORE_B/vobj/lockstep
ISS=$CORE_B/rv32iss
pass=0; fail=0
ok()  { pass=$((pass+1)); echo "ok   - $*"; }
bad() { fail=$((fail+1)); echo "FAIL - $*"; }
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

# 1. ISA tests: lockstep with zero mismatches, and pass on the model alone
for t in $ISA_TESTS; do
  elf=$CORE_B/fw/isa/$t.elf
  if "$LOCK" --quiet "$elf" > "$out/$t.lock" 2>&1 && grep -q "zero mismatches" "$out/$t.lock"; then
    ok "isa/$t: lockstep pass, $(grep -o '[0-9]* retired ([^)]*)' "$out/$t.lock" | head -1), zero mismatches"
  else bad "isa/$t: lockstep"; tail -25 "$out/$t.lock"; fi
  if "$ISS" --quiet "$elf" > "$out/$t.iss" 2>&1; then ok "isa/$t: model alone pass"
  else bad "isa/$t: model alone"; cat "$out/$t.iss"; fi
done

# 2. C programs: lockstep, self-check line, RTL console == model console
for t in $FW_CTESTS; do
  elf=$CORE_B/fw/tests/$t.elf
  "$LOCK" "$elf" > "$out/$t.lock" 2>&1; rc=$?
  if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/$t.lock" && grep -q "^$t: OK" "$out/$t.lock"; then
    ok "$t.c: lockstep pass, program prints '$t: OK'"
  else bad "$t.c: lockstep (rc $rc)"; tail -25 "$out/$t.lock"; fi
  "$ISS" "$elf" > "$out/$t.iss" 2>&1
  if diff <(grep -v '^lockstep:' "$out/$t.lock") <(grep -v '^iss:' "$out/$t.iss") > "$out/$t.diff"; then
    ok "$t.c: console output of RTL and model identical ($(grep -vc '^lockstep:' "$out/$t.lock") lines)"
  else bad "$t.c: console output differs"; cat "$out/$t.diff"; fi
done
# the same sources compiled for the host print the same (independent compiler and CPU)
for t in $FW_TWINS; do
  "$CORE_B/host/$t" > "$out/$t.host" 2>&1
  if diff <(grep -v '^lockstep:' "$out/$t.lock") "$out/$t.host" > "$out/$t.hdiff"; then
    ok "$t.c: RTL console output equals the host-compiled program's output"
  else bad "$t.c: RTL output differs from the host build"; cat "$out/$t.hdiff"; fi
done
# published check values (not computed by this code): CRC-32 and CRC-16/CCITT-FALSE of "123456789"
if grep -q "crc32(123456789) = cbf43926 (bitwise) cbf43926 (table)" "$out/crc.lock" &&
   grep -q "crc16-ccitt(123456789) = 29b1" "$out/crc.lock"; then
  ok "crc.c: RTL prints the published check values cbf43926 and 29b1"
else bad "crc.c: check values"; fi
if grep -q "timer: 5 ticks" "$out/timer.lock" && grep -q "last mcause 8000000b" "$out/timer.lock"; then
  ok "timer.c: 5 timer interrupts and one external interrupt (mcause 8000000b) on the RTL"
else bad "timer.c: interrupt counts"; fi

# 3. mutation: a wrong instruction in the model must be caught in lockstep
mut() {  # elf insn how
  local elf=$1 insn=$2 how=$3 rc
  if [ "$how" = env ]; then WC_LOCKSTEP_MUTATE=$insn "$LOCK" --quiet "$elf" > "$out/mut" 2>&1; rc=$?
  else "$LOCK" --quiet --mutate "$insn" "$elf" > "$out/mut" 2>&1; rc=$?; fi
  if [ $rc -eq 1 ] && grep -q "^MISMATCH" "$out/mut" && grep -q "mismatch caught (model mutated: $insn)" "$out/mut" &&
     grep -q "register files" "$out/mut"; then
    ok "mutation $insn ($how) on $(basename "$elf"): $(grep '^MISMATCH' "$out/mut" | head -1)"
  else bad "mutation $insn ($how) on $(basename "$elf") not caught (rc $rc)"; tail -5 "$out/mut"; fi
}
mut "$CORE_B/fw/isa/alu.elf" sltu flag
mut "$CORE_B/fw/isa/muldiv.elf" mulhsu env
mut "$CORE_B/fw/tests/sort.elf" lw flag
mut "$RAND_ELF" xor env
# the ISA tests themselves fail when the model is wrong (they can fail)
for pair in alu:sra branch:jalr ldst:lhu muldiv:rem csr:csrrc trap:csrrs; do
  t=${pair%%:*}; i=${pair#*:}
  "$ISS" --quiet --max 1000000 --mutate "$i" "$CORE_B/fw/isa/$t.elf" > "$out/m" 2>&1; rc=$?
  if [ $rc -eq 1 ] && grep -q "FAIL code" "$out/m"; then ok "isa/$t fails on a model with $i mutated: $(head -1 "$out/m")"
  else bad "isa/$t did not fail with $i mutated (rc $rc)"; cat "$out/m"; fi
done

# 4. random instruction stream, >= RAND_MIN instructions in lockstep
"$LOCK" --quiet --min-instret "$RAND_MIN" "$RAND_ELF" > "$out/rand" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/rand"; then
  ok "random stream $(basename "$RAND_ELF"): $(grep -o '[0-9]* retired ([^)]*)' "$out/rand") in lockstep, zero mismatches (>= $RAND_MIN required)"
else bad "random stream (rc $rc)"; tail -30 "$out/rand"; fi

# 4b. the 4-bits-per-cycle multiplier/divider configuration, same checks
L4=$CORE_B/vobj_md4/lockstep
"$L4" --quiet "$CORE_B/fw/isa/muldiv.elf" > "$out/md4" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/md4"; then ok "MD_STEPS=4 core: isa/muldiv in lockstep, $(grep -o 'CPI [0-9.]*' "$out/md4")"
else bad "MD_STEPS=4 core: isa/muldiv (rc $rc)"; tail -20 "$out/md4"; fi
"$L4" --quiet --min-instret "$RAND_MIN" "$RAND_ELF" > "$out/md4r" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q "zero mismatches" "$out/md4r"; then ok "MD_STEPS=4 core: random stream in lockstep, $(grep -o '[0-9]* retired ([^)]*)' "$out/md4r")"
else bad "MD_STEPS=4 core: random stream (rc $rc)"; tail -20 "$out/md4r"; fi

# 5. the same RTL under Icarus runs the ISA tests to PASS
for t in $ISA_TESTS; do
  elf=$CORE_B/fw/isa/$t.elf
  th=$("$ISS" --hex "$out/$t.hex" "$elf") &&
    vvp -n "$CORE_B/tb_soc.vvp" +hex="$out/$t.hex" +tohost="$th" > "$out/$t.ivl" 2>&1
  if grep -q "^icarus: PASS" "$out/$t.ivl"; then ok "isa/$t: Icarus run of the SoC: $(grep '^icarus:' "$out/$t.ivl")"
  else bad "isa/$t: Icarus"; tail -5 "$out/$t.ivl"; fi
done

# 6. bad input is refused with a message
"$LOCK" "$out/none.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "cannot open" "$out/e"; then ok "lockstep: missing ELF refused (exit 2)"; else bad "lockstep missing ELF (rc $rc)"; fi
echo "not an elf" > "$out/x.elf"
"$ISS" "$out/x.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "not an ELF" "$out/e"; then ok "rv32iss: non-ELF refused (exit 2)"; else bad "rv32iss non-ELF (rc $rc)"; fi
"$LOCK" --mutate nosuch "$CORE_B/fw/isa/alu.elf" > "$out/e" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "unknown instruction" "$out/e"; then ok "lockstep: unknown --mutate name refused"; else bad "lockstep bad --mutate (rc $rc)"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

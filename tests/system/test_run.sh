#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test part of `wormcast run` (docs/system.md): firmware on systems of
# nodes with the C system model, and every bad input and failed run with
# its message and exit status: 0 pass, 1 a failed run (a node's failure
# code, a trap, a hang, a lockstep mismatch), 2 bad input (images,
# arguments, options).
# Inputs from mk/system.mk: WC (the tool), SYS_FW (directory of the test
# images: hello, trap, hang, fail, big).
set -u
. "$(dirname "$0")/lib.sh"

H=$SYS_FW/hello.elf
for t in cube:2 irregular:8,4,2,1 mesh:3x3; do
  expect "hello on $t, C model" 0 "^PASS: .*passed" -- --topo $t --fw "$H"
done
n=$(grep -c '^\[[ 0-9]*\] node [0-9]* of 9$' "$out/o")
[ "$n" = 9 ] && ok "each node's console line, prefixed with its id (9 of 9)" || bad "console lines: $n of 9"
expect "lockstep-c: two C systems agree" 0 "^PASS" -- --topo mesh:3x3 --fw "$H" --engine lockstep-c
# NIC traffic with interrupts: every node sends to the next in a ring
R=$SYS_FW/ring.elf
for t in cube:2 mesh:3x3 irregular:8,4,2,1; do
  expect "ring of messages with interrupts on $t" 0 "^PASS" -- --topo $t --fw "$R"
done
# each mutation of the C model must be caught by the comparison
for m in "node 1:ram grant" "node 2:core irq_ext" "core 1:core (ibus|dbus)" "core 2:core (ibus|dbus)" "nic 1:nic"; do
  u=${m%% *}; rest=${m#* }; k=${rest%%:*}; sig=${m#*:}
  expect "lockstep-c --mutate-$u $k caught" 1 "MISMATCH: cycle [0-9]+ node [0-9]+ $sig" -- \
    --topo cube:2 --fw "$R" --engine lockstep-c --mutate-$u $k
done
expect "lockstep-c --mutate-core 1 caught" 1 "MISMATCH: cycle [0-9]+ node [0-9]+ core" -- \
  --topo cube:2 --fw "$H" --engine lockstep-c --mutate-core 1
expect "a node's failure code" 1 "node 2: FAIL exit code 5" -- --topo cube:2 --fw "$SYS_FW/fail.elf"
expect "trap: pc, mcause, mtval, instruction" 1 \
  "node 1: TRAP at cycle [0-9]+, pc 0x800[0-9a-f]+: mcause 2 \(illegal instruction\), mtval 0x00000000: 00000000" -- \
  --topo cube:2 --fw "$SYS_FW/trap.elf"
expect "hang: the unfinished nodes, their pc and NIC" 1 "HANG: 3 of 4 nodes had not exited after 20000 cycles, and nothing moved" -- \
  --topo cube:2 --fw "$SYS_FW/hang.elf" --cycles 20000
grep -q "node 3: last retired pc 0x800" "$out/o" && grep -q "NIC 3:" "$out/o" &&
  ok "hang report names node 3's pc and its NIC" || bad "hang report details"
# a program that needs more cycles is no hang: the network was busy at the end
expect "collectives past --cycles: TIMEOUT, still running, not HANG" 1 \
  "^TIMEOUT: 16 of 16 nodes had not exited after 100000 cycles, still running: the network or a console was active" -- \
  --topo irregular:8,8,2,1 --fw "$NODE_FW/collectives.elf" --cycles 100000
grep -q "^HANG" "$out/o" && bad "  ... and HANG printed too" || ok "  no HANG line"
expect "per-node image" 0 "^PASS" -- --topo cube:2 --fw "$SYS_FW/fail.elf" --fw-node 2="$H"
expect "not an ELF" 2 "node 0: .*Makefile: not an ELF file" -- --topo cube:2 --fw Makefile
expect "not RV32" 2 "node 0: .*: not a 32-bit little-endian RISC-V ELF" -- --topo cube:2 --fw "$WC"
expect "image larger than the RAM" 2 "node 0: .*big.elf: segment .* does not fit the RAM 0x80000000..0x80010000" -- \
  --topo cube:2 --fw "$SYS_FW/big.elf"
expect "missing image file" 2 "node 3: .*nothing.elf: cannot open" -- --topo cube:2 --fw "$H" --fw-node 3=/nothing.elf
expect "no firmware at all" 2 "node 0 has no firmware" -- --topo cube:2
expect "--fw-node outside the system" 2 "--fw-node 9=.*cube:2 has nodes 0..3" -- --topo cube:2 --fw "$H" --fw-node 9="$H"
expect "--arg without =" 2 "--arg expects KEY=VALUE, got 'size'" -- --topo cube:2 --fw "$H" --arg size
expect "--arg with a bad key" 2 "bad --arg 'a b=1'" -- --topo cube:2 --fw "$H" --arg "a b=1"
expect "--arg for an image without wc_args" 2 "node 0: .*hello.elf has no wc_args symbol" -- \
  --topo cube:2 --fw "$H" --arg size=4
expect "--wave without RTL" 2 "--wave needs RTL nodes" -- --topo cube:2 --fw "$H" --wave "$out/w"
expect "--wave-nodes without --wave" 2 "--wave-nodes needs --wave" -- --topo cube:2 --fw "$H" --wave-nodes 1
expect "--wave-dir without lockstep" 2 "--wave-dir needs --engine lockstep" -- --topo cube:2 --fw "$H" --wave-dir "$out"
expect "--no-wave without lockstep" 2 "--no-wave needs --engine lockstep" -- --topo cube:2 --fw "$H" --engine lockstep-c \
  --no-wave
expect "--no-wave with --wave-dir" 2 "--no-wave takes no --wave-dir" -- --topo cube:2 --fw "$H" --engine lockstep \
  --no-wave --wave-dir "$out"
expect "an all-port cube: refused, not run into a deadlock" 2 "cube:2:all has 2 injection ports per node" -- \
  --topo cube:2:all --fw "$H"
expect "--fw naming a directory" 2 "node 0: /tmp: cannot read \(a directory\)" -- --topo cube:2 --fw /tmp
expect "--mutate-core outside lockstep: refused" 2 "--mutate-core breaks the C model of a lockstep run; engine c" -- \
  --topo cube:2 --fw "$H" --mutate-core 1
expect "--mutate-rtl on the C model: refused" 2 "--mutate-rtl breaks the inputs of the RTL; engine c runs none" -- \
  --topo cube:2 --fw "$H" --mutate-rtl 1
expect "--fw-node given twice for one node" 2 "--fw-node 1 given twice" -- --topo cube:2 --fw "$H" \
  --fw-node 1="$H" --fw-node 1="$SYS_FW/fail.elf"
expect "--arg given twice for one key" 2 "--arg size given twice \('size=4' and 'size=8'\)" -- --topo cube:2 --fw "$H" \
  --arg size=4 --arg size=8
expect "--md-steps 3" 2 "--md-steps 3: the core takes 1, 2 or 4" -- --topo cube:2 --fw "$H" --md-steps 3
# --nic: the FPGA designs' small NIC runs the ring, and its C model
# differs from the default NIC's (64-byte packets: the ring's exits move)
B=NSLOT=8,JSEND=1,JFWD=1,NCTX=2,NGROUPS=8,PAYLOAD=64,MAXCHILD=3
expect "--nic $B: the ring passes" 0 "exits at cycles 15792..15793" -- --topo mesh:2x2 --fw "$R" --nic "$B"
expect "--nic with an unknown key" 2 "--nic: 'SLOTS=8' is not K=V with K one of PAYLOAD NSLOT" -- \
  --topo cube:2 --fw "$H" --nic SLOTS=8
expect "--nic with a bad value" 2 "--nic: JSEND takes a positive number \\(got 'x'\\)" -- --topo cube:2 --fw "$H" --nic JSEND=x
expect "--nic outside the NIC's range" 2 "NIC: JSEND must be 1..8 \\(got 9\\)" -- --topo cube:2 --fw "$H" --nic JSEND=9
expect "--nic MAXCHILD=0" 2 "--nic: MAXCHILD takes a positive number \\(got '0'\\)" -- --topo cube:2 --fw "$H" \
  --nic MAXCHILD=0
expect "--nic MAXCHILD=17" 2 "NIC: MAXCHILD must be 1..16 \\(got 17\\)" -- --topo cube:2 --fw "$H" --nic MAXCHILD=17
expect "--nic with a trailing comma" 2 "--nic: the list ends with a comma" -- --topo cube:2 --fw "$H" --nic NSLOT=8,
expect "bad topology" 2 "wormcast run: " -- --topo cube:0 --fw "$H"
"$WC" run --help > "$out/h" 2>&1
miss=""
for o in --topo --fw --fw-node --arg --engine --cycles --wave --wave-nodes --wave-dir --no-wave --faults --seed \
         --md-steps --nic; do
  grep -q -- "$o" "$out/h" || miss="$miss $o"
done
[ -z "$miss" ] && ok "wormcast run --help documents every option" || bad "--help misses$miss"

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test part of the system in RTL (docs/system.md): Verilated nodes and
# routers in lockstep with the C system model, every cycle (every router
# port, NIC output, core bus request, RAM grant, interrupt line and retire
# record), and each mutation of the C model caught against the RTL.
# Inputs from mk/system.mk: WC (the tool), SYS_FW (test images).
set -u
. "$(dirname "$0")/lib.sh"

R=$SYS_FW/ring.elf
expect "hello, RTL nodes alone" 0 "^PASS: cube:4" -- --topo cube:4 --fw "$SYS_FW/hello.elf" --engine rtl
for t in cube:4 mesh:4x4; do
  expect "ring with interrupts on $t, lockstep with the RTL" 0 "^PASS" -- --topo $t --fw "$R" --engine lockstep
done
for m in "node 1:ram grant" "node 2:core irq_ext" "core 1:core (ibus|dbus)" "core 2:core (ibus|dbus)" "nic 1:nic"; do
  u=${m%% *}; rest=${m#* }; k=${rest%%:*}; sig=${m#*:}
  expect "lockstep --mutate-$u $k caught against the RTL" 1 "MISMATCH: cycle [0-9]+ node [0-9]+ $sig" -- \
    --topo cube:4 --fw "$R" --engine lockstep --mutate-$u $k
done

finish

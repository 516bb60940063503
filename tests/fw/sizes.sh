#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# RAM use of node firmware ELFs: code and read-only data, data, bss, and
# what stays free for the stack below the top of the node's RAM.
# usage: RV32_NM=... tests/fw/sizes.sh ELF...
set -eu
nm=${RV32_NM:-riscv64-unknown-elf-nm}
printf '%-16s %7s %7s %7s %7s %7s\n' elf code data bss used stack
for elf in "$@"; do
  # symbol values in hex; the linker script names the section bounds
  eval "$("$nm" "$elf" | awk '
    $3 == "_start" {print "start=0x" $1}
    $3 == "__bss_start" {print "bss0=0x" $1}
    $3 == "__bss_end" {print "bss1=0x" $1}
    $3 == "_end" {print "end=0x" $1}
    $3 == "__stack_top" {print "top=0x" $1}
    $3 == "wc_args" {print "args=0x" $1}')"
  # code and read-only data run from _start to the argument area's .data
  code=$((args - start)); data=$((bss0 - args)); bss=$((bss1 - bss0))
  printf '%-16s %7d %7d %7d %7d %7d\n' "$(basename "$elf" .elf)" "$code" "$data" "$bss" \
    $((end - start)) $((top - end))
done

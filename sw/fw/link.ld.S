/* SPDX-License-Identifier: Apache-2.0 */
/* Node SoC firmware layout, run through the C preprocessor so the RAM
 * window comes from defs/wc_defs.def.  Sections follow riscv-tests' env/p
 * link.ld: code first at the reset address, tohost in its own section. */
#include "wc_defs_macros.h"
OUTPUT_ARCH(riscv)
ENTRY(_start)
MEMORY { RAM (rwx) : ORIGIN = WC_SOC_RAM_BASE, LENGTH = WC_SOC_RAM_SIZE }
SECTIONS
{
  .text : { *(.text.init) *(.text .text.*) } > RAM
  .rodata : { *(.rodata .rodata.* .srodata .srodata.*) } > RAM
  .data : { *(.data .data.*) } > RAM
  .sdata : { __global_pointer$ = . + 0x800; *(.sdata .sdata.*) } > RAM
  .tohost ALIGN(64) : { *(.tohost) } > RAM
  .bss : { __bss_start = .; *(.sbss .sbss.* .bss .bss.* COMMON) . = ALIGN(4); __bss_end = .; } > RAM
  _end = .;
  __stack_top = ORIGIN(RAM) + LENGTH(RAM);
}

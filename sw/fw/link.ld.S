/* SPDX-License-Identifier: Apache-2.0 */
/* Node SoC firmware layout, run through the C preprocessor so the RAM
 * window comes from defs/wc_defs.def.  Sections follow riscv-tests' env/p
 * link.ld: code first at the reset address, tohost in its own section.
 * With -DWC_NODE it is the Wormcast node's layout: its smaller RAM, and
 * WC_NODE_STACK bytes kept free for the stack at the top.  With
 * -DWC_RAM_BYTES=n the RAM is n bytes (the FPGA boards' block RAM,
 * mk/fpga.mk), with the same stack reserve. */
#include "wc_defs_macros.h"
#if defined(WC_RAM_BYTES)
#define RAM_LEN WC_RAM_BYTES
#define STACK_CHECK 1
#elif defined(WC_NODE)
#define RAM_LEN WC_NODE_RAM_SIZE
#define STACK_CHECK 1
#else
#define RAM_LEN WC_SOC_RAM_SIZE
#endif
OUTPUT_ARCH(riscv)
ENTRY(_start)
MEMORY { RAM (rwx) : ORIGIN = WC_SOC_RAM_BASE, LENGTH = RAM_LEN }
SECTIONS
{
  .text : { *(.text.init) *(.text .text.*) } > RAM
  .rodata : { *(.rodata .rodata.* .srodata .srodata.*) } > RAM
  /* the loader writes the arguments by symbol even if no code reads them */
  .data : { KEEP(*(.data.wc_args)) *(.data .data.*) } > RAM
  .sdata : { __global_pointer$ = . + 0x800; *(.sdata .sdata.*) } > RAM
  .tohost ALIGN(64) : { *(.tohost) } > RAM
  .bss : { __bss_start = .; *(.sbss .sbss.* .bss .bss.* COMMON) . = ALIGN(4); __bss_end = .; } > RAM
  _end = .;
  __stack_top = ORIGIN(RAM) + LENGTH(RAM);
}
#ifdef STACK_CHECK
ASSERT(_end + WC_NODE_STACK <= __stack_top, "firmware: code and data leave less than WC_NODE_STACK bytes of RAM for the stack")
#endif

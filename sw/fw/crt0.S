/* SPDX-License-Identifier: Apache-2.0 */
/* Reset entry of the node firmware: clear the register file (the RTL's
 * register file is not reset), install the trap entry, set gp/sp, clear
 * .bss, run main and report its return value through tohost as riscv-tests'
 * env/p does (0 -> 1 = pass, n -> n<<1|1 = fail code n); built with
 * -DWC_NODE (or -DWC_EXIT_REG: the FPGA boards' core), through the exit
 * register the Wormcast node watches. */
#include "wc_defs_macros.h"
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    .irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    li x\r, 0
    .endr
    la t0, wc_trap_entry
    csrw mtvec, t0
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, __bss_start
    la t1, __bss_end
    /* eight words a turn while eight remain, then one at a time: on the
     * multi-cycle core a word a turn made clearing the apps' 40 KiB of
     * buffers most of their start-up (120,000 cycles) */
    addi t2, t1, -28
1:  bgeu t0, t2, 2f
    sw zero, 0(t0)
    sw zero, 4(t0)
    sw zero, 8(t0)
    sw zero, 12(t0)
    sw zero, 16(t0)
    sw zero, 20(t0)
    sw zero, 24(t0)
    sw zero, 28(t0)
    addi t0, t0, 32
    j 1b
2:  bgeu t0, t1, 5f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 2b
5:  call main
    /* fall through to wc_exit with main's return value in a0 */
    .globl wc_exit
wc_exit:
    li t0, 1
    beqz a0, 3f
    slli t0, a0, 1
    ori t0, t0, 1
#if defined(WC_NODE) || defined(WC_EXIT_REG)
    /* a Wormcast node reports through its exit register (docs/system.md) */
3:  li t1, WC_SOC_EXIT_ADDR
#else
3:  la t1, tohost
#endif
    sw t0, 0(t1)
4:  j 4b

/* Trap entry: save the caller-saved registers, call
 * wc_trap_handler(mcause, mepc, mtval) (weak default in rt.c: report the
 * unexpected trap and fail), write back the mepc it returns, mret. */
    .text
    .align 2
    .globl wc_trap_entry
wc_trap_entry:
    addi sp, sp, -64
    sw ra, 0(sp)
    sw t0, 4(sp)
    sw t1, 8(sp)
    sw t2, 12(sp)
    sw a0, 16(sp)
    sw a1, 20(sp)
    sw a2, 24(sp)
    sw a3, 28(sp)
    sw a4, 32(sp)
    sw a5, 36(sp)
    sw a6, 40(sp)
    sw a7, 44(sp)
    sw t3, 48(sp)
    sw t4, 52(sp)
    sw t5, 56(sp)
    sw t6, 60(sp)
    csrr a0, mcause
    csrr a1, mepc
    csrr a2, mtval
    call wc_trap_handler
    csrw mepc, a0
    lw ra, 0(sp)
    lw t0, 4(sp)
    lw t1, 8(sp)
    lw t2, 12(sp)
    lw a0, 16(sp)
    lw a1, 20(sp)
    lw a2, 24(sp)
    lw a3, 28(sp)
    lw a4, 32(sp)
    lw a5, 36(sp)
    lw a6, 40(sp)
    lw a7, 44(sp)
    lw t3, 48(sp)
    lw t4, 52(sp)
    lw t5, 56(sp)
    lw t6, 60(sp)
    addi sp, sp, 64
    mret

    .section .tohost, "aw", @progbits
    .align 6
    .globl tohost
tohost: .word 0, 0
    .align 6
    .globl fromhost
fromhost: .word 0, 0

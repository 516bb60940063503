/* SPDX-License-Identifier: Apache-2.0 */
/* Interrupts: the timer (mtime >= mtimecmp) and the external line (SoC
 * IRQ register) trap with mcause bit 31 set, mepc at the interrupted
 * instruction and mtval 0; nothing is taken while mstatus.MIE or the mie
 * bit is clear although mip shows the pending line; the external
 * interrupt has priority over the timer. */
#include "wc_test.h"
#define MTIMECMP_HI (WC_SOC_MTIMECMP_ADDR + 4)
TEST_BEGIN
    la t0, irq_handler
    csrw mtvec, t0
    li s1, WC_SOC_MTIME_ADDR
    li s2, WC_SOC_MTIMECMP_ADDR
    li s3, WC_SOC_IRQ_ADDR
    li s8, 0
    /* 1: mtimecmp = 0 makes the timer pending at once; with MIE clear
     * nothing is taken but mip.MTIP reads 1 */
    li s11, 1
    sw zero, 4(s2)
    sw zero, 0(s2)
    li a1, 1 << WC_IRQ_MTI
    csrw mie, a1
    nop
    nop
    csrr a3, mip
    andi a3, a3, 1 << WC_IRQ_MTI
    beqz a3, fail
    bnez s8, fail
    /* 2: enabling MIE takes it; the handler disables the timer */
    li s11, 2
12: csrsi mstatus, 8
    li a2, 1000
1:  bnez s8, 2f
    addi a2, a2, -1
    bnez a2, 1b
    j fail
2:  li t6, 0x80000000 | WC_IRQ_MTI
    bne s8, t6, fail
    /* 3: it was taken after the csrsi that enabled it, before the loop
     * saw it (mepc in between), with mtval 0 */
    li s11, 3
    la a1, 12b
    addi a1, a1, 4
    la a2, 2b
    bltu s10, a1, fail
    bgeu s10, a2, fail
    bnez s9, fail
    /* 4: timer in the future: not taken while mtime < mtimecmp */
    li s11, 4
    li s8, 0
    lw a1, 0(s1)
    addi a1, a1, 300
    sw a1, 0(s2)
    sw zero, 4(s2)
    lw a3, 0(s1)
    bgeu a3, a1, 5f           /* reached already: skip the check */
    bnez s8, fail
5:  li a2, 100000
6:  bnez s8, 7f
    addi a2, a2, -1
    bnez a2, 6b
    j fail
7:  li t6, 0x80000000 | WC_IRQ_MTI
    bne s8, t6, fail
    /* 5: external interrupt, masked by mie.MEIE first */
    li s11, 5
    li s8, 0
    li a1, 1
    sw a1, 0(s3)
    nop
    nop
    csrr a3, mip
    srli a3, a3, WC_IRQ_MEI
    andi a3, a3, 1
    beqz a3, fail
    bnez s8, fail
    li a1, 1 << WC_IRQ_MEI
    csrs mie, a1
    li a2, 1000
8:  bnez s8, 9f
    addi a2, a2, -1
    bnez a2, 8b
    j fail
9:  li t6, 0x80000000 | WC_IRQ_MEI
    bne s8, t6, fail
    /* 6: both pending at once: external first, then timer */
    li s11, 6
    csrci mstatus, 8
    li s8, 0
    li s4, 0
    sw zero, 0(s2)
    sw zero, 4(s2)
    li a1, 1
    sw a1, 0(s3)
    nop
    csrsi mstatus, 8
    li a2, 1000
10: li t6, 2
    beq s4, t6, 11f
    addi a2, a2, -1
    bnez a2, 10b
    j fail
11: li t6, 0x80000000 | WC_IRQ_MEI
    bne s5, t6, fail
    li t6, 0x80000000 | WC_IRQ_MTI
    bne s6, t6, fail
    csrw mie, zero
    csrci mstatus, 8
    la t0, wc_trap_entry
    csrw mtvec, t0
    TEST_PASS
TEST_FAIL_LABEL

/* Records mcause (s8), mtval (s9), mepc (s10); the first two causes of
 * test 6 into s5, s6 (s4 counts them); silences the source; no mepc
 * adjustment: an interrupt resumes the interrupted instruction. */
    .align 2
irq_handler:
    csrr s8, mcause
    csrr s9, mtval
    csrr s10, mepc
    li t5, 6
    bne s11, t5, 1f
    bnez s4, 2f
    mv s5, s8
    li s4, 1
    j 1f
2:  mv s6, s8
    li s4, 2
1:  li t5, 0x80000000 | WC_IRQ_MTI
    bne s8, t5, 3f
    li t5, -1
    sw t5, 4(s2)              /* mtimecmp high = all ones: timer off */
    sw t5, 0(s2)
    mret
3:  sw zero, 0(s3)            /* external line low */
    mret

/* SPDX-License-Identifier: Apache-2.0 */
/* Synchronous traps: mcause, mtval, mepc and the mstatus MIE/MPIE stack
 * for illegal instructions, ecall, ebreak, misaligned loads/stores/jumps
 * and branches, bus errors on fetches, loads and stores, and mret's return. A
 * trapping instruction must not write rd or memory. */
#include "wc_test.h"
TEST_BEGIN
    TRAP_SETUP
    la s1, buf
    /* ecall / ebreak */
    TRAP_CLEAR
    TEST_CASE(1, s8, WC_CAUSE_ECALL_M, 1: ecall)
    TEST_CASE(2, s10, 0, la a1, 1b; sub s10, s10, a1)
    TRAP_CLEAR
    TEST_CASE(3, s8, WC_CAUSE_BREAKPOINT, ebreak)
    /* illegal encodings: all zeros, all ones, an unused opcode, mul-like
     * funct7, bad jalr funct3, fence with bad funct3 */
    TRAP_CLEAR
    TEST_CASE(4, s8, WC_CAUSE_ILLEGAL, .word 0)
    TEST_CASE(5, s9, 0, nop)
    TRAP_CLEAR
    TEST_CASE(6, s8, WC_CAUSE_ILLEGAL, .word 0xffffffff)
    TEST_CASE(7, s9, 0xffffffff, nop)
    TRAP_CLEAR
    TEST_CASE(8, s8, WC_CAUSE_ILLEGAL, .word 0x0000005b)
    TRAP_CLEAR
    TEST_CASE(9, s8, WC_CAUSE_ILLEGAL, .word 0x04c58633)
    TRAP_CLEAR
    TEST_CASE(10, s8, WC_CAUSE_ILLEGAL, .word 0x000510e7)
    TRAP_CLEAR
    TEST_CASE(11, s8, WC_CAUSE_ILLEGAL, .word 0x0000200f)
    TRAP_CLEAR
    TEST_CASE(12, s8, WC_CAUSE_ILLEGAL, .word 0x40005033 | (1 << 25))
    /* misaligned loads: rd unchanged, mtval = address */
    TRAP_CLEAR
    TEST_CASE(13, s8, WC_CAUSE_LOAD_MISALIGN, li a3, 99; lw a3, 1(s1))
    TEST_CASE(14, a3, 99, nop)
    TEST_CASE(15, s9, 1, sub s9, s9, s1)
    TRAP_CLEAR
    TEST_CASE(16, s8, WC_CAUSE_LOAD_MISALIGN, lh a3, 3(s1))
    TRAP_CLEAR
    TEST_CASE(17, s8, WC_CAUSE_LOAD_MISALIGN, lhu a3, 1(s1))
    TRAP_CLEAR
    TEST_CASE(18, s8, -1, lh a3, 2(s1); lb a3, 3(s1); lbu a3, 1(s1))
    /* misaligned stores: memory unchanged */
    TRAP_CLEAR
    TEST_CASE(19, s8, WC_CAUSE_STORE_MISALIGN, li a1, -1; sw a1, 2(s1))
    TEST_CASE(20, s9, 2, sub s9, s9, s1)
    TEST_CASE(21, a3, 0x01020304, lw a3, 0(s1))
    TRAP_CLEAR
    TEST_CASE(22, s8, WC_CAUSE_STORE_MISALIGN, sh a1, 1(s1))
    TEST_CASE(23, a3, 0x01020304, lw a3, 0(s1))
    /* misaligned jump targets: rd not written, mepc = the jump */
    TRAP_CLEAR
    TEST_CASE(24, s8, WC_CAUSE_IFETCH_MISALIGN, la a1, 2f; addi a1, a1, 2; li a4, 5; 3: jalr a4, 0(a1); 2: nop)
    TEST_CASE(25, a4, 5, nop)
    TEST_CASE(26, s10, 0, la a2, 3b; sub s10, s10, a2)
    TEST_CASE(27, s9, 0, addi a1, a1, 0; sub s9, s9, a1)
    /* taken branch to a misaligned target traps; not taken does not */
    TRAP_CLEAR
    TEST_CASE(28, s8, WC_CAUSE_IFETCH_MISALIGN, beq zero, zero, .+6; nop)
    TRAP_CLEAR
    TEST_CASE(29, s8, -1, bne zero, zero, .+6; nop; nop)
    /* bus errors: nothing is mapped at 0 */
    TRAP_CLEAR
    TEST_CASE(30, s8, WC_CAUSE_LOAD_FAULT, li a3, 7; lw a3, 0(zero))
    TEST_CASE(31, a3, 7, nop)
    TRAP_CLEAR
    TEST_CASE(32, s8, WC_CAUSE_STORE_FAULT, li a1, 0x20000000; sw a1, 0(a1))
    TEST_CASE(33, s9, 0x20000000, nop)
    /* unmapped word inside the device region */
    TRAP_CLEAR
    TEST_CASE(34, s8, WC_CAUSE_LOAD_FAULT, li a1, WC_SOC_MMIO_BASE + 0x100; lw a3, 0(a1))
    /* trap entry stacks MIE into MPIE and clears MIE (no interrupt is
     * enabled in mie, so setting MIE is harmless); mret restores */
    TRAP_CLEAR
    TEST_CASE(35, s7, 0x1880, csrsi mstatus, 8; ecall)
    /* handler returned with mret: MIE = MPIE = 1 */
    TEST_CASE(36, a3, 0x1888, csrr a3, mstatus)
    csrw mstatus, zero
    /* mret to a chosen address */
    TEST_CASE(37, a3, 1, la a1, 4f; csrw mepc, a1; li a3, 0; mret; li a3, 2; 4: addi a3, a3, 1)
    /* fetch outside RAM: instruction access fault, mepc = mtval = the
     * address; the handler resumes at the jump's link (a5), not mepc + 4 */
    la t0, ifault_rec
    csrw mtvec, t0
    TRAP_CLEAR
    TEST_CASE(38, s8, WC_CAUSE_IFETCH_FAULT, li a1, 0x20000000; jalr a5, 0(a1))
    TEST_CASE(39, s9, 0x20000000, nop)
    TEST_CASE(40, s10, 0x20000000, nop)
    la t0, wc_trap_entry
    csrw mtvec, t0
    TEST_PASS
TEST_FAIL_LABEL
TRAP_HANDLER
    .align 2
ifault_rec:
    csrr s8, mcause; csrr s9, mtval; csrr s10, mepc; csrw mepc, a5; mret

    .data
    .align 4
buf: .word 0x01020304, 0

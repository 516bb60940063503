/* SPDX-License-Identifier: Apache-2.0 */
/* Self-checking ISA test conventions (after riscv-tests' env/p and
 * isa/macros/scalar/test_macros.h, rewritten here): each test is an
 * assembly `main` linked with crt0.S.  s11 holds the number of the running
 * case; a failing case exits with code s11 (tohost = s11<<1|1), reaching
 * TEST_PASS exits with tohost = 1.  Cases use a1..a7, t0..t5 and s1..s10;
 * t6 holds expected values. */
#include "wc_defs_macros.h"

#define TEST_BEGIN        .text; .globl main; main:
#define TEST_PASS         li a0, 0; j wc_exit
#define TEST_FAIL_LABEL   fail: mv a0, s11; j wc_exit

/* Run `code`, then require register `reg` to hold `expect`. */
#define TEST_CASE(n, reg, expect, ...) \
    li s11, n; __VA_ARGS__; li t6, expect; bne reg, t6, fail

#define TEST_RR(n, op, expect, v1, v2) \
    TEST_CASE(n, a3, expect, li a1, v1; li a2, v2; op a3, a1, a2)
#define TEST_RI(n, op, expect, v1, imm) \
    TEST_CASE(n, a3, expect, li a1, v1; op a3, a1, imm)
/* destination equal to a source */
#define TEST_RR_SRC1(n, op, expect, v1, v2) \
    TEST_CASE(n, a1, expect, li a1, v1; li a2, v2; op a1, a1, a2)
#define TEST_RR_SRC12(n, op, expect, v1) \
    TEST_CASE(n, a1, expect, li a1, v1; op a1, a1, a1)
/* writes to x0 are discarded */
#define TEST_RR_ZERO(n, op, v1, v2) \
    TEST_CASE(n, x0, 0, li a1, v1; li a2, v2; op x0, a1, a2)

#define TEST_BR_TAKEN(n, op, v1, v2) \
    li s11, n; li a1, v1; li a2, v2; op a1, a2, 1f; j fail; 1:
#define TEST_BR_NOT(n, op, v1, v2) \
    li s11, n; li a1, v1; li a2, v2; op a1, a2, fail

/* Trap recording: TRAP_SETUP points mtvec at a handler that copies mcause,
 * mtval and mepc to s8, s9, s10 (mstatus to s7) and resumes at mepc + 4. */
#define TRAP_SETUP        la t0, trap_rec; csrw mtvec, t0
#define TRAP_HANDLER \
    .align 2; trap_rec: csrr s7, mstatus; csrr s8, mcause; csrr s9, mtval; csrr s10, mepc; \
    addi t5, s10, 4; csrw mepc, t5; mret
#define TRAP_CLEAR        li s8, -1; li s9, -1; li s10, -1

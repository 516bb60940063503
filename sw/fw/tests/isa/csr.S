/* SPDX-License-Identifier: Apache-2.0 */
/* Zicsr semantics: read-old/write-new of all six forms, no write when
 * rs1 = x0 / uimm = 0 for set and clear (so read-only CSRs can be read),
 * WARL masks of mtvec/mepc/mstatus/mie, read-only misa, mhartid and
 * minstret counting, illegal CSR numbers and writes to read-only CSRs. */
#include "wc_test.h"
TEST_BEGIN
    TRAP_SETUP
    TEST_CASE(1, a3, 0, li a1, 0x12345678; csrw mscratch, a1; csrrw a3, mscratch, x0; csrr a4, mscratch; or a3, a3, a4; li a5, 0x12345678; xor a3, a3, a5)
    TEST_CASE(2, a3, 0x0000f0f0, li a1, 0xf0f0; csrw mscratch, a1; csrrs a3, mscratch, zero; nop)
    TEST_CASE(3, a3, 0x0000fff0, li a1, 0x0f00; csrrs x0, mscratch, a1; csrr a3, mscratch)
    TEST_CASE(4, a3, 0x0000f0f0, li a1, 0x0f00; csrrc a4, mscratch, a1; csrr a3, mscratch)
    TEST_CASE(5, a4, 0x0000fff0, nop)
    TEST_CASE(6, a3, 0x0000001f, csrrwi a4, mscratch, 31; csrr a3, mscratch)
    TEST_CASE(7, a3, 0x0000001b, csrrci a4, mscratch, 4; csrr a3, mscratch)
    TEST_CASE(8, a3, 0x0000001f, csrrsi a4, mscratch, 4; csrr a3, mscratch)
    TEST_CASE(9, a4, 0x0000001b, nop)
    /* mtvec and mepc ignore bits 1:0 */
    TEST_CASE(10, a3, 0x80000100, li a1, 0x80000103; csrrw t1, mtvec, a1; csrr a3, mtvec; csrw mtvec, t1)
    TEST_CASE(11, a3, 0x12345674, li a1, 0x12345677; csrw mepc, a1; csrr a3, mepc)
    /* mstatus: only MIE and MPIE are writable, MPP reads as machine mode */
    TEST_CASE(12, a3, 0x00001880, li a1, 0xfffffff7; csrw mstatus, a1; csrr a3, mstatus)
    TEST_CASE(13, a3, 0x00001800, csrw mstatus, zero; csrr a3, mstatus)
    /* mie: timer and external enables only */
    TEST_CASE(14, a3, 0x00000880, li a1, -1; csrw mie, a1; csrr a3, mie; csrw mie, zero)
    /* misa is read-only (writes ignored), mhartid 0 */
    TEST_CASE(15, a3, WC_MISA_RV32IM, csrw misa, zero; csrr a3, misa)
    TEST_CASE(16, a3, 0, csrr a3, mhartid)
    TEST_CASE(17, a3, 0, csrr a3, mvendorid)
    /* minstret counts retired instructions: three between the reads */
    TEST_CASE(18, a3, 3, csrr a1, minstret; nop; nop; csrr a2, minstret; sub a3, a2, a1)
    TEST_CASE(19, a3, 3, csrr a1, instret; nop; nop; csrr a2, instret; sub a3, a2, a1)
    /* writing minstret: the written value wins over the increment */
    TEST_CASE(20, a3, 0, csrw minstret, zero; csrr a3, minstret)
    TEST_CASE(21, a3, 0x55, li a1, 0x55; csrw minstreth, a1; csrr a3, minstreth; csrw minstreth, zero)
    /* mcycle moves forward */
    TEST_CASE(22, a3, 1, csrr a1, mcycle; nop; csrr a2, mcycle; sltu a3, a1, a2)
    TEST_CASE(23, a3, 1, csrr a1, cycle; nop; csrr a2, cycle; sltu a3, a1, a2)
    /* mcause and mtval are plain read/write */
    TEST_CASE(24, a3, 0x8000000b, li a1, 0x8000000b; csrw mcause, a1; csrr a3, mcause)
    TEST_CASE(25, a3, 0xdeadbeef, li a1, 0xdeadbeef; csrw mtval, a1; csrr a3, mtval)
    /* illegal: unknown CSR, write to a read-only CSR; not illegal: read-only
     * CSR with csrrs x0 / csrrci 0 (no write) */
    TRAP_CLEAR
    TEST_CASE(26, s8, WC_CAUSE_ILLEGAL, csrr a3, 0x7c0)
    TEST_CASE(27, s9, 0x7c0026f3, nop)
    TRAP_CLEAR
    TEST_CASE(28, s8, WC_CAUSE_ILLEGAL, csrw mhartid, zero)
    TRAP_CLEAR
    TEST_CASE(29, s8, WC_CAUSE_ILLEGAL, csrw cycle, zero)
    TRAP_CLEAR
    TEST_CASE(30, s8, -1, csrrci a3, mhartid, 0; csrrs a3, cycle, x0)
    TRAP_CLEAR
    TEST_CASE(31, s8, WC_CAUSE_ILLEGAL, li a3, 77; csrrsi a3, instret, 1)
    TEST_CASE(32, a3, 77, nop)
    /* writing mcycle: the counter goes on from the written value (the
     * write wins over the increment, as for minstret) */
    TEST_CASE(33, a3, 1, li a1, 0x1000; csrw mcycle, a1; csrr a2, mcycle; sub a2, a2, a1; sltiu a3, a2, 16)
    TEST_CASE(34, a3, 0x77, li a1, 0x77; csrw mcycleh, a1; csrr a3, mcycleh; csrw mcycleh, zero)
    la t0, wc_trap_entry
    csrw mtvec, t0
    TEST_PASS
TEST_FAIL_LABEL
TRAP_HANDLER

/* SPDX-License-Identifier: Apache-2.0 */
/* Conditional branches (signed and unsigned, both directions, equal
 * operands), backward branches, jal/jalr link values and jalr's clearing
 * of bit 0, jumps that do not write the link (rd = x0). */
#include "wc_test.h"
TEST_BEGIN
    TEST_BR_TAKEN(1, beq, 0, 0)
    TEST_BR_TAKEN(2, beq, -1, -1)
    TEST_BR_NOT(3, beq, 0, 1)
    TEST_BR_TAKEN(4, bne, 0, 1)
    TEST_BR_NOT(5, bne, 7, 7)
    TEST_BR_TAKEN(6, blt, -1, 0)
    TEST_BR_TAKEN(7, blt, 0x80000000, 0x7fffffff)
    TEST_BR_NOT(8, blt, 0, -1)
    TEST_BR_NOT(9, blt, 5, 5)
    TEST_BR_TAKEN(10, bge, 5, 5)
    TEST_BR_TAKEN(11, bge, 0, -1)
    TEST_BR_NOT(12, bge, 0x80000000, 0x7fffffff)
    TEST_BR_TAKEN(13, bltu, 0, -1)
    TEST_BR_TAKEN(14, bltu, 0x7fffffff, 0x80000000)
    TEST_BR_NOT(15, bltu, -1, 0)
    TEST_BR_NOT(16, bltu, 3, 3)
    TEST_BR_TAKEN(17, bgeu, -1, 0)
    TEST_BR_TAKEN(18, bgeu, 3, 3)
    TEST_BR_NOT(19, bgeu, 0x7fffffff, 0x80000000)
    /* backward branch: count a loop down from 10 */
    TEST_CASE(20, a3, 10, li a1, 10; li a3, 0; 2: addi a3, a3, 1; addi a1, a1, -1; bnez a1, 2b)
    /* jal writes pc + 4 */
    li s11, 21
    jal a4, 3f
4:  j fail
3:  la a5, 4b
    bne a4, a5, fail
    /* jal with rd = x0 */
    li s11, 22
    jal x0, 5f
    j fail
5:  /* jalr: target (rs1 + imm) with bit 0 cleared, link pc + 4 */
    li s11, 23
    la a1, 6f
    addi a1, a1, 1
    jalr a4, 0(a1)
7:  j fail
6:  la a5, 7b
    bne a4, a5, fail
    /* jalr with negative offset and rd = rs1 */
    li s11, 24
    la a1, 8f
    addi a1, a1, 16
    jalr a1, -16(a1)
9:  j fail
8:  la a5, 9b
    bne a1, a5, fail
    /* jalr rd = x0 */
    li s11, 25
    la a1, 10f
    jalr x0, 0(a1)
    j fail
10: TEST_PASS
TEST_FAIL_LABEL

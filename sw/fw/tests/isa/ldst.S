/* SPDX-License-Identifier: Apache-2.0 */
/* Loads and stores of every width at every legal alignment, sign and zero
 * extension, byte-lane merging of partial stores, negative offsets, x0 as
 * load destination. */
#include "wc_test.h"
TEST_BEGIN
    la s1, data
    TEST_CASE(1, a3, 0x80ff7f01, lw a3, 0(s1))
    TEST_CASE(2, a3, 0x00000001, lb a3, 0(s1))
    TEST_CASE(3, a3, 0x0000007f, lb a3, 1(s1))
    TEST_CASE(4, a3, 0xffffffff, lb a3, 2(s1))
    TEST_CASE(5, a3, 0xffffff80, lb a3, 3(s1))
    TEST_CASE(6, a3, 0x000000ff, lbu a3, 2(s1))
    TEST_CASE(7, a3, 0x00000080, lbu a3, 3(s1))
    TEST_CASE(8, a3, 0x00007f01, lh a3, 0(s1))
    TEST_CASE(9, a3, 0xffff80ff, lh a3, 2(s1))
    TEST_CASE(10, a3, 0x000080ff, lhu a3, 2(s1))
    TEST_CASE(11, a3, 0x00007f01, lhu a3, 0(s1))
    TEST_CASE(12, a3, 0x80ff7f01, addi a4, s1, 8; lw a3, -8(a4))
    TEST_CASE(13, x0, 0, lw x0, 0(s1))
    /* partial stores merge into the word */
    la s2, buf
    li a1, 0x11223344
    sw a1, 0(s2)
    TEST_CASE(14, a3, 0x112233aa, li a2, 0xaa; sb a2, 0(s2); lw a3, 0(s2))
    TEST_CASE(15, a3, 0x1122bbaa, li a2, 0xbb; sb a2, 1(s2); lw a3, 0(s2))
    TEST_CASE(16, a3, 0x11ccbbaa, li a2, 0x12345ccc; sb a2, 2(s2); lw a3, 0(s2))
    TEST_CASE(17, a3, 0xddccbbaa, li a2, 0xdd; sb a2, 3(s2); lw a3, 0(s2))
    TEST_CASE(18, a3, 0xddcc5678, li a2, 0x12345678; sh a2, 0(s2); lw a3, 0(s2))
    TEST_CASE(19, a3, 0xbeef5678, li a2, 0xdeadbeef; sh a2, 2(s2); lw a3, 0(s2))
    TEST_CASE(20, a3, 0xffffbeef, lh a3, 2(s2))
    TEST_CASE(21, a3, 0xcafef00d, li a2, 0xcafef00d; sw a2, 4(s2); lw a3, 4(s2))
    TEST_CASE(22, a3, 0xcafef00d, addi a4, s2, 12; sw a2, -4(a4); lw a3, 8(s2))
    TEST_CASE(23, a3, 0xffffffca, lb a3, 11(s2))
    /* store then load back-to-back through the same register */
    TEST_CASE(24, a3, 0x5a5a5a5a, li a3, 0x5a5a5a5a; sw a3, 12(s2); li a3, 0; lw a3, 12(s2))
    TEST_PASS
TEST_FAIL_LABEL

    .data
    .align 4
data: .word 0x80ff7f01, 0
buf:  .word 0, 0, 0, 0

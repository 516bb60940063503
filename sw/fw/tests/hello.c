/* SPDX-License-Identifier: Apache-2.0 */
/* Hello and checks: small enough for the FPGA boards' 8 KiB of block RAM
 * (docs/fpga.md, design `core`), and a C test of the core like the others.
 * Checks values published or fixed by the instruction set, not computed by
 * this code: the Adler-32 of "Wikipedia" (0x11E60398, the worked example
 * of the checksum's Wikipedia article), products and quotients of the M extension including
 * its corner cases (division by zero, the signed overflow; The RISC-V ISA
 * Manual Vol. I, "M" chapter, division table), and that a sort of
 * pseudo-random keys is ordered and keeps their sum and xor.
 * HELLO_BREAK=1 (the FPGA flow's mutation) expects a wrong check value, so
 * the program must print FAIL and exit non-zero. */
#include "rt.h"

#ifndef HELLO_BREAK
#define HELLO_BREAK 0
#endif

#define N 64
static int32_t keys[N];

/* Adler-32 (RFC 1950, section 9): two sums modulo 65521 */
static uint32_t adler32(const uint8_t *p, uint32_t n)
{
    uint32_t a = 1, b = 0;
    while (n--) {
        a = (a + *p++) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}

static int check(const char *what, uint32_t got, uint32_t want)
{
    wc_printf("%-12s %08x %s\n", what, got, got == want ? "ok" : "WRONG");
    return got != want;
}

/* the operations in assembly, so the compiler neither folds them nor
 * treats the corner cases as undefined behaviour */
#define RV_FN(name)                                                                 \
    static uint32_t rv_##name(uint32_t a, uint32_t b)                                \
    {                                                                                \
        uint32_t r;                                                                  \
        __asm__ volatile(#name " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));            \
        return r;                                                                    \
    }
RV_FN(mul)
RV_FN(mulh)
RV_FN(mulhu)
RV_FN(div)
RV_FN(divu)
RV_FN(rem)
RV_FN(remu)

int main(void)
{
    static const uint8_t msg[] = "Wikipedia";
    uint32_t s = 1, sum0 = 0, xor0 = 0, sum1 = 0, xor1 = 0, m = 0x80000000u, m1 = 0xffffffffu;
    int i, j, bad = 0, ordered = 1;

    wc_printf("hello from the wormcast core (rv32im)\n");
    bad |= check("adler32", adler32(msg, 9), HELLO_BREAK ? 0x11e60399u : 0x11e60398u);
    bad |= check("mul", rv_mul(0x12345678u, 0x9abcdef0u), 0x242d2080u);
    bad |= check("mulhu", rv_mulhu(0x12345678u, 0x9abcdef0u), 0x0b00ea4eu);
    bad |= check("mulh", rv_mulh(m1, m1), 0u);
    bad |= check("div", rv_div((uint32_t)-7, 2u), (uint32_t)-3);
    bad |= check("rem", rv_rem((uint32_t)-7, 2u), (uint32_t)-1);
    bad |= check("divu/0", rv_divu(5u, 0u), 0xffffffffu);
    bad |= check("remu/0", rv_remu(5u, 0u), 5u);
    bad |= check("div ovf", rv_div(m, m1), m);
    bad |= check("rem ovf", rv_rem(m, m1), 0u);

    for (i = 0; i < N; i++) {
        s = s * 1664525u + 1013904223u;
        keys[i] = (int32_t)s;
        sum0 += s;
        xor0 ^= s;
    }
    for (i = 1; i < N; i++) {
        int32_t k = keys[i];
        for (j = i - 1; j >= 0 && keys[j] > k; j--)
            keys[j + 1] = keys[j];
        keys[j + 1] = k;
    }
    for (i = 0; i < N; i++) {
        sum1 += (uint32_t)keys[i];
        xor1 ^= (uint32_t)keys[i];
        if (i && keys[i - 1] > keys[i])
            ordered = 0;
    }
    wc_printf("sort %d keys: %s, sum %08x xor %08x\n", N, ordered ? "ordered" : "NOT ORDERED", sum1, xor1);
    if (!ordered || sum1 != sum0 || xor1 != xor0)
        bad = 1;
    wc_printf("hello: %s\n", bad ? "FAIL" : "OK");
    return bad;
}

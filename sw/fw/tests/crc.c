/* SPDX-License-Identifier: Apache-2.0 */
/* CRC check: CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) computed
 * bit by bit and with a 256-entry table must agree on a 4 KiB buffer, and
 * both must give the published check value 0xCBF43926 for "123456789"
 * (Williams, "A Painless Guide to CRC Error Detection Algorithms", the
 * CRC-32 parameter model).  Also CRC-16/CCITT-FALSE check value 0x29B1. */
#include "rt.h"

static uint32_t table[256];
static uint8_t buf[4096];

static uint32_t crc32_bits(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    int k;
    while (n--) {
        c ^= *p++;
        for (k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

static uint32_t crc32_table(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

static uint16_t crc16_ccitt(const uint8_t *p, size_t n)
{
    uint16_t c = 0xffff;
    int k;
    while (n--) {
        c ^= (uint16_t)(*p++ << 8);
        for (k = 0; k < 8; k++)
            c = (uint16_t)(c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1);
    }
    return c;
}

int main(void)
{
    static const uint8_t check[] = "123456789";
    uint32_t i, k, c, s = 7, a, b, z;
    int bad = 0;
    for (i = 0; i < 256; i++) {
        c = i;
        for (k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
        table[i] = c;
    }
    for (i = 0; i < sizeof buf; i++) {
        s = s * 1103515245u + 12345u;
        buf[i] = (uint8_t)(s >> 16);
    }
    a = crc32_bits(check, 9);
    b = crc32_table(check, 9);
    z = crc16_ccitt(check, 9);
    wc_printf("crc32(123456789) = %08x (bitwise) %08x (table)\n", a, b);
    wc_printf("crc16-ccitt(123456789) = %04x\n", z);
    if (a != 0xcbf43926u || b != 0xcbf43926u || z != 0x29b1)
        bad = 1;
    a = crc32_bits(buf, sizeof buf);
    b = crc32_table(buf, sizeof buf);
    wc_printf("crc32(4 KiB) bitwise %08x table %08x %s\n", a, b, a == b ? "agree" : "DIFFER");
    if (a != b)
        bad = 1;
    wc_printf("crc: %s\n", bad ? "FAIL" : "OK");
    return bad;
}

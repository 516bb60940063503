/* SPDX-License-Identifier: Apache-2.0 */
/* Runtime of the node firmware (see rt.h). */
#include "rt.h"
#include <stdarg.h>

int wc_putchar(int c)
{
    WC_MMIO32(WC_SOC_CONSOLE_ADDR) = (uint32_t)(unsigned char)c;
    return c;
}

int wc_puts(const char *s)
{
    int n = 0;
    while (*s) {
        wc_putchar(*s++);
        n++;
    }
    return n;
}

/* s[0..n-1] in a field of width: padded on the left, or on the right
 * when left is set (the '-' flag). */
static int put_field(const char *s, int n, int width, int left)
{
    int k, pad = width > n ? width - n : 0;
    for (k = 0; !left && k < pad; k++)
        wc_putchar(' ');
    for (k = 0; k < n; k++)
        wc_putchar(s[k]);
    for (k = 0; left && k < pad; k++)
        wc_putchar(' ');
    return n + pad;
}

static int put_num(unsigned long v, unsigned base, int width, char pad, int neg, int left)
{
    char buf[24], out[24];
    int n = 0, k = 0, i;
    do {
        unsigned d = (unsigned)(v % base);
        buf[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
        v /= base;
    } while (v);
    if (neg && pad == '0' && !left) {
        wc_putchar('-');
        k++;
        width--;
    } else if (neg)
        buf[n++] = '-';
    for (i = 0; i < n; i++)
        out[i] = buf[n - 1 - i];
    for (; !left && width > n; width--, k++)
        wc_putchar(pad);
    return k + put_field(out, n, left ? width : 0, left);
}

int wc_printf(const char *fmt, ...)
{
    va_list ap;
    int n = 0;
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        int width = 0, lng = 0, left = 0;
        char pad = ' ';
        if (*fmt != '%') {
            wc_putchar(*fmt);
            n++;
            continue;
        }
        fmt++;
        if (*fmt == '-') {
            left = 1;
            fmt++;
        }
        if (*fmt == '0')
            pad = '0';
        while (*fmt >= '0' && *fmt <= '9')
            width = width * 10 + (*fmt++ - '0');
        while (*fmt == 'l') {
            lng = 1;
            fmt++;
        }
        switch (*fmt) {
        case 'd': {
            long v = lng ? va_arg(ap, long) : va_arg(ap, int);
            n += put_num(v < 0 ? 0ul - (unsigned long)v : (unsigned long)v, 10, width, pad, v < 0, left);
            break;
        }
        case 'u': n += put_num(lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned), 10, width, pad, 0, left); break;
        case 'x': n += put_num(lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned), 16, width, pad, 0, left); break;
        case 'c': wc_putchar(va_arg(ap, int)); n++; break;
        case 's': {
            const char *str = va_arg(ap, const char *);
            n += put_field(str, (int)strlen(str), width, left);
            break;
        }
        case '%': wc_putchar('%'); n++; break;
        case '\0': fmt--; break;
        default: wc_putchar('%'); wc_putchar(*fmt); n += 2; break;
        }
    }
    va_end(ap);
    return n;
}

uint64_t wc_mtime(void)
{
    uint32_t hi, lo;
    do {   /* re-read if the low word wrapped between the two loads */
        hi = WC_MMIO32(WC_SOC_MTIME_ADDR + 4);
        lo = WC_MMIO32(WC_SOC_MTIME_ADDR);
    } while (hi != WC_MMIO32(WC_SOC_MTIME_ADDR + 4));
    return (uint64_t)hi << 32 | lo;
}

void wc_set_mtimecmp(uint64_t t)
{
    /* raise the high word first so no spurious interrupt fires in between */
    WC_MMIO32(WC_SOC_MTIMECMP_ADDR + 4) = 0xffffffffu;
    WC_MMIO32(WC_SOC_MTIMECMP_ADDR) = (uint32_t)t;
    WC_MMIO32(WC_SOC_MTIMECMP_ADDR + 4) = (uint32_t)(t >> 32);
}

__attribute__((weak)) uint32_t wc_trap_handler(uint32_t mcause, uint32_t mepc, uint32_t mtval)
{
    wc_printf("unexpected trap: mcause %x mepc %x mtval %x\n", mcause, mepc, mtval);
    wc_exit(1000 + (int)(mcause & 0xff));
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    if ((((uintptr_t)dp | (uintptr_t)sp | n) & 3) == 0) {
        for (; n; n -= 4, dp += 4, sp += 4)
            *(uint32_t *)(void *)dp = *(const uint32_t *)(const void *)sp;
        return d;
    }
    while (n--)
        *dp++ = *sp++;
    return d;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    /* whole words where it can: the runtime clears its state this way */
    if ((((uintptr_t)p | n) & 3) == 0) {
        uint32_t w = (uint32_t)(unsigned char)c * 0x01010101u;
        for (; n; n -= 4, p += 4)
            *(uint32_t *)(void *)p = w;
        return d;
    }
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x - *y;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Host stand-in for the firmware runtime (rt.c) so a test program builds
 * natively too: `make test-core` compares the console output of the RTL
 * with the output of the same source compiled by the host compiler, an
 * expected output nobody wrote by hand.  Only the console functions. */
#include "rt.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int wc_putchar(int c) { return putchar(c); }
int wc_puts(const char *s) { return fputs(s, stdout) < 0 ? -1 : 0; }
int wc_printf(const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}
void wc_exit(int code) { exit(code); }

/* SPDX-License-Identifier: Apache-2.0 */
/* The one error convention of the hosted layers (C models, host simulator,
 * CLI, harnesses); docs/architecture.md says why.
 *
 *  - A function that can fail returns -1 (int) or NULL (pointer) and writes
 *    one line naming the problem (what, which value, what was expected) into
 *    the caller's buffer: the last two parameters, `char *err, int errlen`
 *    (err may be NULL).  Library code never prints and never exits.
 *  - Allocation is checked like any other failure: wc_alloc() below.
 *  - The CLI prints "wormcast CMD: MESSAGE" on stderr and exits 2 for bad
 *    usage or input, 1 for a run that failed its own checks.
 *  - A broken invariant of the code itself (a bug, not bad input) is
 *    WC_BUG(): file, line and message, then abort().
 * The freestanding library (sw/lib) has no stdio: it returns negative
 * codes with a *_strerror(), or fills `err` with its own string helpers;
 * it must not include this header. */
#ifndef WC_ERR_H
#define WC_ERR_H
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __GNUC__
#define WC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define WC_PRINTF(f, a)
#endif

static inline int wc_err(char *err, int errlen, const char *fmt, ...) WC_PRINTF(3, 4);
/* Write the message; returns -1 so that `return wc_err(err, errlen, ...);`
 * is the whole error path. */
static inline int wc_err(char *err, int errlen, const char *fmt, ...)
{
    va_list ap;
    if (err && errlen > 0) {
        va_start(ap, fmt);
        vsnprintf(err, (size_t)errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* calloc(n, size) that fails like everything else: NULL with
 * "out of memory for WHAT (N bytes)" in err.  Zeroed memory; n or size 0
 * still returns a valid pointer. */
static inline void *wc_alloc(size_t n, size_t size, const char *what, char *err, int errlen)
{
    void *p;
    if (size && n > (size_t)-1 / size) {
        wc_err(err, errlen, "out of memory for %s (%zu x %zu bytes overflows)", what, n, size);
        return NULL;
    }
    p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        wc_err(err, errlen, "out of memory for %s (%zu bytes)", what, n * size);
    return p;
}

/* A broken invariant of the code (never bad input). */
#define WC_BUG(...)                                                                \
    do {                                                                           \
        fprintf(stderr, "wormcast: internal error at %s:%d: ", __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);                                              \
        fputc('\n', stderr);                                                       \
        abort();                                                                   \
    } while (0)
#endif

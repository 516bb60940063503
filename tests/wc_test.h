/* SPDX-License-Identifier: Apache-2.0 */
/* The assertion harness of every C test program under tests/: a failed
 * CHECK prints "FAIL file:line: message", a GROUP prints "ok"/"FAIL" and
 * its description, and wc_test_done() prints the closing
 * "N passed, N failed" that tools/run-tests.sh and the suites read, and
 * gives the exit status.  One copy, so every program reports alike. */
#ifndef WC_TEST_H
#define WC_TEST_H
#include <stdio.h>

/* One program is one test run: the counts are the program's. */
static int wc_test_pass, wc_test_fail;

#define CHECK(cond, ...) do { \
        if (cond) { wc_test_pass++; } \
        else { wc_test_fail++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
    } while (0)

/* A named group of checks: prints its description and how many it ran. */
#define GROUP(desc, ...) do { int f0_ = wc_test_fail, p0_ = wc_test_pass; __VA_ARGS__; \
        printf("%-4s %s (%d checks)\n", wc_test_fail == f0_ ? "ok" : "FAIL", desc, \
               wc_test_pass + wc_test_fail - f0_ - p0_); } while (0)

/* The closing line; returns main's exit status (1 if any check failed). */
static inline int wc_test_done(void)
{
    printf("%d passed, %d failed\n", wc_test_pass, wc_test_fail);
    return wc_test_fail ? 1 : 0;
}
#endif

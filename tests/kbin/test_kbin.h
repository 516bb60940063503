/* SPDX-License-Identifier: Apache-2.0 */
/* Tiny assertion harness for the tests/kbin programs: every check prints
 * what it verified; the program ends with "N passed, N failed". */
#ifndef TEST_KBIN_H
#define TEST_KBIN_H
#include <stdio.h>
static int t_pass, t_fail;
#define CHECK(cond, ...) do { \
        if (cond) { t_pass++; } \
        else { t_fail++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
    } while (0)
/* A named group of checks: prints its description and how many failed. */
#define GROUP(desc, ...) do { int f0 = t_fail, p0 = t_pass; __VA_ARGS__; \
        printf("%-4s %s (%d checks)\n", t_fail == f0 ? "ok" : "FAIL", desc, t_pass + t_fail - f0 - p0); } while (0)
static int t_done(void)
{
    printf("%d passed, %d failed\n", t_pass, t_fail);
    return t_fail ? 1 : 0;
}
#endif

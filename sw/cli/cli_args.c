/* SPDX-License-Identifier: Apache-2.0 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli_args.h"

int wc_arg_long(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out)
{
    char *end;
    long x;
    errno = 0;
    x = strtol(v, &end, 10);
    if (errno || *end || end == v || x < lo || x > hi) {
        fprintf(stderr, "wormcast %s: %s expects an integer in %ld..%ld, got '%s'\n", cmd, opt, lo, hi, v);
        return -1;
    }
    *out = x;
    return 0;
}

int wc_arg_double(const char *cmd, const char *opt, const char *v, double lo, double hi, double *out)
{
    char *end;
    double x;
    errno = 0;
    x = strtod(v, &end);
    if (errno || *end || end == v || !(x >= lo && x <= hi)) {
        fprintf(stderr, "wormcast %s: %s expects a number in %g..%g, got '%s'\n", cmd, opt, lo, hi, v);
        return -1;
    }
    *out = x;
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast kopt: optimal k of Theorem 3 (kesavan-panda-optimal-multicast-
 * packetization-ni.txt, Section 4.2) for n nodes (source included) and m
 * packets. */
#include <stdio.h>
#include <string.h>
#include "wc_kbin.h"
#include "wc_json.h"

static void kopt_usage(FILE *f)
{
    fprintf(f, "usage: wormcast kopt --n N --m M\n"
               "  N  multicast set size including the source (2..1073741823)\n"
               "  M  packets per message (1..1000000)\n"
               "prints {\"n\":N,\"m\":M,\"k\":K,\"L1\":L1,\"steps\":S}; ties go to the smallest k\n");
}

int wc_cmd_kopt(int argc, char **argv)
{
    int i, n = -1, m = -1, k, l1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            kopt_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--n")) {
            const char *val = i + 1 < argc ? argv[++i] : NULL;
            if (wc_cli_int("kopt", "--n", val, 2, 0x3fffffffL, &n) < 0)
                return 2;
        } else if (!strcmp(argv[i], "--m")) {
            const char *val = i + 1 < argc ? argv[++i] : NULL;
            if (wc_cli_int("kopt", "--m", val, 1, 1000000L, &m) < 0)
                return 2;
        } else {
            fprintf(stderr, "wormcast kopt: unknown option '%s'\n", argv[i]);
            kopt_usage(stderr);
            return 2;
        }
    }
    if (n < 0 || m < 0) {
        fprintf(stderr, "wormcast kopt: %s is required\n", n < 0 ? "--n" : "--m");
        kopt_usage(stderr);
        return 2;
    }
    k = wc_kbin_kopt(n, m);
    l1 = wc_kbin_L1(n, k);
    printf("{\"n\":%d,\"m\":%d,\"k\":%d,\"L1\":%d,\"steps\":%d}\n", n, m, k, l1, wc_kbin_steps(n, m, k));
    return 0;
}

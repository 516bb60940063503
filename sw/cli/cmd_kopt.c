/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast kopt: optimal k of Theorem 3 (Kesavan and Panda, ICPP 1997, Section 4.2) for n nodes (source included) and m
 * packets. */
#include <stdio.h>
#include "wc_kbin.h"
#include "cli_args.h"

int wc_cmd_kopt(int argc, char **argv)
{
    int n = -1, m = -1, k, l1, st;
    wc_opt opts[] = {
        WC_OPT_INT("--n", "N", &n, 2, 0x3fffffffL, "multicast set size including the source"),
        WC_OPT_INT("--m", "M", &m, 1, 1000000L, "packets per message"),
        WC_OPT_END
    };
    wc_cli cli = { "kopt", "--n N --m M", NULL,
                   "prints {\"n\":N,\"m\":M,\"k\":K,\"L1\":L1,\"steps\":S} on one line; ties go to the smallest k",
                   "--n --m", opts, NULL, NULL };
    cli.keys = "n, m       the arguments: nodes including the source, packets per message\n"
                   "k          the optimal fan-out bound of the k-binomial tree (Theorem 3)\n"
                   "L1         steps until the first packet reaches every node with that k\n"
                   "steps      L1 + (m-1)k: FPFS completion of the whole message";
    cli.examples = "wormcast kopt --n 64 --m 8      # 64 nodes, 8-packet messages: k = 2, 22 steps\n"
                   "wormcast kopt --n 1024 --m 1    # one packet: the binomial tree is optimal (k = 10)";
    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    k = wc_kbin_kopt(n, m);
    l1 = wc_kbin_L1(n, k);
    printf("{\"n\":%d,\"m\":%d,\"k\":%d,\"L1\":%d,\"steps\":%d}\n", n, m, k, l1, wc_kbin_steps(n, m, k));
    return 0;
}

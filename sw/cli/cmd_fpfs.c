/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast fpfs: FPFS / FCFS step simulation of a packetized multicast on
 * a tree read from a JSON file (Kesavan and Panda, ICPP 1997, Sections 3 and 4.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_fpfs.h"
#include "wc_json.h"
#include "wc_tree_file.h"
#include "cli_args.h"

/* Work memory of one run: nodes x (m+3) ints, at most 200 MB. */
#define FPFS_MAX_WORK 50000000L

int wc_cmd_fpfs(int argc, char **argv)
{
    static const char *const modes[] = { "fpfs", "fcfs", NULL };
    static const int mode_v[] = { WC_FPFS, WC_FCFS };
    const char *path = NULL, *mode_s;
    int i, m = -1, mode = WC_FPFS, rc = 1, nwork, n, *work = NULL, *L = NULL, *buf = NULL, st;
    long need;
    char err[512];
    wc_tree_file *tf;
    wc_fpfs_result res;
    wc_opt opts[] = {
        WC_OPT_STRING("--tree", "FILE", &path,
                      "{\"root\":R,\"children\":{\"R\":[A,B],\"A\":[C],...}}, children in sending\n"
                      "order; node names are strings or integers"),
        WC_OPT_INT("--m", "M", &m, 1, 100000L, "packets per message"),
        WC_OPT_CHOICE("--mode", "MODE", &mode, modes, mode_v, "packet-first (FPFS) or child-first (FCFS) forwarding"),
        WC_OPT_END
    };
    wc_cli cli = { "fpfs", "--tree FILE --m M [--mode fpfs|fcfs]",
                   "FPFS / FCFS step simulation of a packetized multicast on a tree (Kesavan & Panda)",
                   "prints {\"steps\":S,\"L\":[L1,...,Lm],\"max_buffer\":B,...} on one line", "--tree --m", opts, NULL, NULL };
    cli.keys = "steps       the step in which the last packet reaches the last node\n"
                   "L           [L1,...,Lm]: the step in which packet i has reached every node\n"
                   "max_buffer  the most packets any forwarding node holds at once (root excluded)\n"
                   "mode        fpfs or fcfs, as given\n"
                   "m           packets per message, as given\n"
                   "buffer      {NODE: packets}: the most packets each node holds at once, by node name";
    cli.examples = "wormcast fpfs --tree docs/examples/tree.json --m 4               # packet-first forwarding\n"
                   "wormcast fpfs --tree docs/examples/tree.json --m 4 --mode fcfs   # child-first: compare steps and buffers";

    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    mode_s = modes[mode == WC_FCFS];
    tf = wc_tree_file_load(path, err, (int)sizeof err);
    if (!tf) {
        fprintf(stderr, "wormcast fpfs: %s\n", err);
        return 2;
    }
    n = tf->nnodes;
    /* the simulation keeps every packet's arrival step at every node */
    need = (long)n * (m + 3);
    if (need > FPFS_MAX_WORK) {
        fprintf(stderr, "wormcast fpfs: %s: %d nodes x %d packets is too large to simulate: "
                "nodes x (m+3) = %ld exceeds the limit of %ld\n", path, n, m, need, FPFS_MAX_WORK);
        rc = 2;
        goto out;
    }
    nwork = WC_FPFS_WORK(n, m);
    work = malloc(sizeof *work * (size_t)nwork);
    L = malloc(sizeof *L * (size_t)m);
    buf = malloc(sizeof *buf * (size_t)n);
    if (!work || !L || !buf) {
        fprintf(stderr, "wormcast fpfs: out of memory\n");
        goto out;
    }
    if (wc_fpfs_run(&tf->tree, n, m, mode, &res, L, buf, NULL, work, nwork) < 0) {
        fprintf(stderr, "wormcast fpfs: %s: the tree is malformed\n", path);
        goto out;
    }
    printf("{\"steps\":%d,\"L\":[", res.steps);
    for (i = 0; i < m; i++)
        printf("%s%d", i ? "," : "", L[i]);
    printf("],\"max_buffer\":%d,\"mode\":\"%s\",\"m\":%d,\"buffer\":{", res.max_buffer, mode_s, m);
    for (i = 0; i < n; i++) {
        if (i)
            putchar(',');
        wc_json_put_string(stdout, tf->names[i]);
        printf(":%d", buf[i]);
    }
    printf("}}\n");
    rc = 0;
out:
    free(work);
    free(L);
    free(buf);
    wc_tree_file_free(tf);
    return rc;
}

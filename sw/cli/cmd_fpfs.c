/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast fpfs: FPFS / FCFS step simulation of a packetized multicast on
 * a tree read from a JSON file (kesavan-panda-optimal-multicast-
 * packetization-ni.txt, Sections 3 and 4.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_fpfs.h"
#include "wc_json.h"
#include "wc_tree_file.h"

/* Work memory of one run: nodes x (m+3) ints, at most 200 MB. */
#define FPFS_MAX_WORK 50000000L

static void fpfs_usage(FILE *f)
{
    fprintf(f, "usage: wormcast fpfs --tree FILE --m M [--mode fpfs|fcfs]\n"
               "  FILE  {\"root\":R,\"children\":{\"R\":[A,B],\"A\":[C],...}}, children in sending\n"
               "        order; node names are strings or integers\n"
               "  M     packets per message (1..100000)\n"
               "prints {\"steps\":S,\"L\":[L1,...,Lm],\"max_buffer\":B,...}\n");
}

int wc_cmd_fpfs(int argc, char **argv)
{
    const char *path = NULL, *mode_s = "fpfs";
    int i, m = -1, mode, rc = 1, nwork, n, *work = NULL, *L = NULL, *buf = NULL;
    long need;
    char err[512];
    wc_tree_file *tf;
    wc_fpfs_result res;

    for (i = 1; i < argc; i++) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fpfs_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--tree") || !strcmp(argv[i], "--mode")) {
            if (!val) {
                fprintf(stderr, "wormcast fpfs: %s needs a value\n", argv[i]);
                return 2;
            }
            if (!strcmp(argv[i], "--tree"))
                path = val;
            else
                mode_s = val;
            i++;
        } else if (!strcmp(argv[i], "--m")) {
            if (wc_cli_int("fpfs", "--m", val, 1, 100000L, &m) < 0)
                return 2;
            i++;
        } else {
            fprintf(stderr, "wormcast fpfs: unknown option '%s'\n", argv[i]);
            fpfs_usage(stderr);
            return 2;
        }
    }
    if (!path || m < 0) {
        fprintf(stderr, "wormcast fpfs: %s is required\n", !path ? "--tree" : "--m");
        fpfs_usage(stderr);
        return 2;
    }
    if (!strcmp(mode_s, "fpfs"))
        mode = WC_FPFS;
    else if (!strcmp(mode_s, "fcfs"))
        mode = WC_FCFS;
    else {
        fprintf(stderr, "wormcast fpfs: --mode: '%s' is neither fpfs nor fcfs\n", mode_s);
        return 2;
    }
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

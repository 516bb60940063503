/* SPDX-License-Identifier: Apache-2.0 */
/* The CLI's option tables and value parsers.  The input is words
 * separated by newlines; the first byte chooses what takes them:
 *  - a fast command run whole (kopt, topo, tree, worm, fis, netgen), or
 *  - a command whose run is a simulation (sim, msg, run, sweep, fpfs),
 *    with --help after the words: every word before it is parsed by the
 *    table and the run never starts, or
 *  - the shared value parsers (integers, numbers, lists, --nic, --rtl-nodes)
 *    on each word. */
#include <stdlib.h>
#include <string.h>
#include "cli_args.h"
#include "fuzz.h"
#include "wc_engine.h"
#include "wc_netgen.h"

#define WC_CMD(name, help) int wc_cmd_##name(int argc, char **argv);
#include "commands.def"
#undef WC_CMD

typedef int (*cmd_fn)(int, char **);
static const struct { const char *name; cmd_fn fn; int whole; } cmds[] = {
    { "kopt", wc_cmd_kopt, 1 }, { "topo", wc_cmd_topo, 1 }, { "tree", wc_cmd_tree, 1 },
    { "worm", wc_cmd_worm, 1 }, { "fis", wc_cmd_fis, 1 },   { "netgen", wc_cmd_netgen, 1 },
    { "sim", wc_cmd_sim, 0 },   { "msg", wc_cmd_msg, 0 },   { "run", wc_cmd_run, 0 },
    { "sweep", wc_cmd_sweep, 0 }, { "fpfs", wc_cmd_fpfs, 0 },
};
#define NCMDS (int)(sizeof cmds / sizeof cmds[0])
#define MAXW 24

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_quiet();
    return 0;
}

static void values(char **w, int n)
{
    char err[512];
    int i, *list;
    for (i = 0; i < n; i++) {
        long l;
        double d;
        int k;
        unsigned char mask[64];
        wc_nic_cfg c;
        (void)wc_arg_long("--x", w[i], -1000, 1L << 40, &l, err, sizeof err);
        (void)wc_arg_double("--x", w[i], 0, 1e9, &d, err, sizeof err);
        if ((k = wc_arg_list("--x", "node", w[i], 0, 100, 1, 64, &list, err, sizeof err)) >= 0)
            free(list);
        wc_nic_cfg_default(&c, 16);
        (void)wc_nic_cfg_parse(&c, w[i], err, sizeof err);
        (void)wc_engine_parse_nodes(w[i], 64, mask, err, sizeof err);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf, *argv[MAXW + 3], *p;
    int argc = 0, pick;
    if (!size || size > 512)
        return 0;
    pick = data[0] % (NCMDS + 1);
    if (!(buf = malloc(size)))
        return 0;
    memcpy(buf, data + 1, size - 1);
    buf[size - 1] = 0;
    argv[argc++] = pick < NCMDS ? (char *)cmds[pick].name : "values";
    for (p = buf; argc < MAXW + 1;) {
        char *nl = strchr(p, '\n');
        argv[argc++] = p;
        if (!nl)
            break;
        *nl = 0;
        p = nl + 1;
    }
    if (pick == NCMDS) {
        values(argv + 1, argc - 1);
    } else {
        if (!cmds[pick].whole)
            argv[argc++] = "--help";
        argv[argc] = NULL;
        (void)cmds[pick].fn(argc, argv);
    }
    free(buf);
    return 0;
}

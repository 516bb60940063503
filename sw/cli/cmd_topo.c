/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast topo: describe a network as JSON (links, hosts, up* / down*
 * spanning tree and link directions, optionally every route), or export
 * the routers' up* / down* tables for a design of one's own. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime for progress lines */
#include "wc_topo.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli_args.h"
#include "wc_net.h"
#include "wc_rtl.h"

enum { TABLES_NONE, TABLES_MEMH, TABLES_CFG };

/* --tables: the words every table router of t is configured with, as the
 * C model and the RTL engines write them (wc_net_cfg_words): for each
 * router, entry phase*NNODES + dst (the output port, WC_RT_LOCAL on host
 * ports, WC_RT_PORT_NONE for no route), then 2*NNODES + p (down_only of
 * input p).  memh: one $readmemh image per router, an entry a line in
 * address order, to DIR/router<R>.memh (or router R's alone on stdout);
 * cfg: the cfg_we_i/cfg_addr_i/cfg_data_i writes, a line each. */
static int export_tables(const wc_topo *t, int format, int router, const char *dir)
{
    char err[512], path[4096];
    wc_net *net;
    wc_cfg_word *w;
    long n, k;
    int r, rc = 0;
    unsigned per = 2u * (unsigned)t->nnodes + (unsigned)t->nports;
    if (t->routing != WC_ROUTING_TABLE) {
        fprintf(stderr, "wormcast topo: %s routes by %s in the router: there are no tables to export "
                "(--tables is for irregular:... and file:... networks)\n", t->name,
                t->kind == WC_TOPO_CUBE ? "e-cube" : "XY");
        return 2;
    }
    if (router >= t->nrouters) {
        fprintf(stderr, "wormcast topo: --router %d: %s has routers 0..%d\n", router, t->name, t->nrouters - 1);
        return 2;
    }
    if (format == TABLES_MEMH && router < 0 && !dir) {
        fprintf(stderr, "wormcast topo: --tables memh writes one image per router: give --out DIR, "
                "or --router R for one image on stdout\n");
        return 2;
    }
    if (!(net = wc_net_create(t, 32, 8, 0, err, sizeof err))) {
        fprintf(stderr, "wormcast topo: %s\n", err);
        return 2;
    }
    n = wc_net_cfg_words(net, NULL, 0);
    if (!(w = malloc(sizeof *w * (size_t)n))) {
        fprintf(stderr, "wormcast topo: out of memory for %ld table words\n", n);
        wc_net_free(net);
        return 1;
    }
    wc_net_cfg_words(net, w, n);
    if (format == TABLES_CFG) {
        printf("# %s: the route-table writes of %d routers, in order (hex): router addr data\n"
               "# a write: cfg_addr_i = addr, cfg_data_i = data, cfg_we_i = 1 for one clock; "
               "addr phase*%d + dst: output port (0x%02x: the port leads to a host, 0x%02x: no route), "
               "addr %d + p: down_only of input p\n",
               t->name, t->nrouters, t->nnodes, WC_RT_LOCAL, WC_RT_PORT_NONE, 2 * t->nnodes);
        for (k = 0; k < n; k++)
            if (router < 0 || w[k].router == router)
                printf("%x %x %02x\n", (unsigned)w[k].router, w[k].addr, w[k].data);
    } else {
        if (dir && wc_mkdirs(dir, err, sizeof err)) {
            fprintf(stderr, "wormcast topo: --out %s: %s\n", dir, err);
            rc = 2;
        }
        for (r = 0; !rc && r < t->nrouters; r++) {
            FILE *f = stdout;
            if (router >= 0 && r != router)
                continue;
            if (dir) {
                snprintf(path, sizeof path, "%s/router%d.memh", dir, r);
                if (!(f = fopen(path, "w"))) {
                    fprintf(stderr, "wormcast topo: cannot write %s: %s\n", path, strerror(errno));
                    rc = 2;
                    break;
                }
            }
            fprintf(f, "// %s router %d: %u entries of 8 bits for $readmemh, addresses 0..%u\n", t->name, r, per,
                    per - 1);
            for (k = 0; k < n; k++)
                if (w[k].router == r)
                    fprintf(f, "%02x\n", w[k].data);
            if (dir && fclose(f)) {
                fprintf(stderr, "wormcast topo: cannot write %s: %s\n", path, strerror(errno));
                rc = 2;
            }
        }
        if (!rc && dir)
            fprintf(stderr, "wormcast topo: %s: %s/router0.memh .. router%d.memh, %u entries each\n", t->name, dir,
                    t->nrouters - 1, per);
    }
    free(w);
    wc_net_free(net);
    return rc;
}

/* Progress of --check on stderr: silent for the first 2 s (most checks end
 * sooner), then a line every 2 s of wall time. */
typedef struct {
    const char *name;
    double start, last;
} check_progress;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void check_progress_cb(void *ctx, long done, long total)
{
    check_progress *cp = ctx;
    double now = now_s();
    if (done >= total || now - cp->last < 2.0)
        return;
    cp->last = now;
    fprintf(stderr, "wormcast topo: checking %s: %ld of %ld destination switches (%ld%%), %.0f s\n",
            cp->name, done, total, 100 * done / total, now - cp->start);
}

int wc_cmd_topo(int argc, char **argv)
{
    static const char *const tformats[] = { "memh", "cfg", NULL };
    static const int tformat_v[] = { TABLES_MEMH, TABLES_CFG };
    const char *name = NULL, *out = NULL;
    int routes = 0, check = 0, rc = 0, st, tables = TABLES_NONE, router = -1;
    char err[512];
    wc_topo *t;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "NAME", &name, WC_TOPO_NAMES),
        WC_OPT_FLAG("--routes", &routes, "add the route (switch, output port) of every host pair"),
        WC_OPT_FLAG("--check", &check, "verify the up* / down* tables (switch-based networks) and\n"
                                       "print the verdict on stderr; exit 1 if they are wrong"),
        WC_OPT_CHOICE("--tables", "FORMAT", &tables, tformats, tformat_v,
                      "instead of the JSON, the routers' up*/down* tables as the RTL's\n"
                      "configuration port takes them: memh, a $readmemh image per router\n"
                      "(--out DIR, or --router R on stdout); cfg, the cfg_* writes, a line each"),
        WC_OPT_INT("--router", "R", &router, 0, 4095, "--tables: router R only"),
        WC_OPT_STRING("--out", "DIR", &out, "--tables memh: write DIR/router<R>.memh"),
        WC_OPT_END
    };
    wc_cli cli = { "topo", "--topo NAME [--routes] [--check] [--tables memh|cfg [--router R] [--out DIR]]",
                   "describes a network as JSON: links, hosts, up* / down* spanning tree and link directions;\n"
                   "or exports its routers' tables (docs/howto-ip.md)",
                   NULL, "--topo", opts, NULL, NULL };
    cli.keys = "name, kind, routing  the network, switched|cube|mesh, and its routing (table, ecube, xy)\n"
                   "nrouters, nports     routers and ports per router; nnodes hosts, nlocal ports per host\n"
                   "links                {a: [router, port], b: [router, port], up_end: the router at the\n"
                   "                     link's up end (up*/down* networks)}, each link once\n"
                   "hosts                {node, router, port}: where each host attaches\n"
                   "tree                 the up*/down* spanning tree: {root, level: [depth of each router],\n"
                   "                     parent: [each router's parent, -1 for the root]}\n"
                   "routes               with --routes: {src, dst, hops: [[router, output port], ...]}";
    cli.examples = "wormcast topo --topo irregular:16,8,4,1 --check            # the up*/down* tables, checked\n"
                   "wormcast topo --topo file:tests/topo/small.net --routes    # a network from a file, every route\n"
                   "wormcast topo --topo irregular:8,4,1,1 --tables memh --out tables   # $readmemh images of its tables";

    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    if ((st = wc_cli_needs(&cli, "--router", tables != TABLES_NONE, "--tables", "it picks a router's tables")) ||
        (st = wc_cli_needs(&cli, "--out", tables == TABLES_MEMH, "--tables memh", "it names where the images go")) ||
        (st = wc_cli_excl(&cli, "--tables", "--routes", "the tables are printed instead of the JSON")))
        return st;
    t = wc_topo_create(name, err, sizeof err);
    if (!t) {
        fprintf(stderr, "wormcast topo: %s\n", err);
        return 2;
    }
    if (check) {
        if (t->kind != WC_TOPO_SWITCHED)
            fprintf(stderr, "wormcast topo: %s: routing is computed by the router (%s), nothing to check\n",
                    t->name, t->kind == WC_TOPO_CUBE ? "e-cube" : "XY");
        else {
            check_progress cp;
            cp.name = t->name;
            cp.start = cp.last = now_s();
            if (wc_topo_check_updown_progress(t, check_progress_cb, &cp, err, sizeof err) < 0)
                rc = 1;
            fprintf(stderr, "wormcast topo: %s: %s\n", t->name, err);
        }
    }
    if (tables != TABLES_NONE) {
        if (!rc)
            rc = export_tables(t, tables, router, out);
    } else
        wc_topo_json(t, stdout, routes);
    wc_topo_free(t);
    return rc;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast topo: describe a network as JSON (links, hosts, up* / down*
 * spanning tree and link directions, optionally every route). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime for progress lines */
#include "wc_topo.h"
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "cli_args.h"

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
    const char *name = NULL;
    int routes = 0, check = 0, rc = 0, st;
    char err[512];
    wc_topo *t;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "NAME", &name, WC_TOPO_NAMES),
        WC_OPT_FLAG("--routes", &routes, "add the route (switch, output port) of every host pair"),
        WC_OPT_FLAG("--check", &check, "verify the up* / down* tables (switch-based networks) and\n"
                                       "print the verdict on stderr; exit 1 if they are wrong"),
        WC_OPT_END
    };
    wc_cli cli = { "topo", "--topo NAME [--routes] [--check]",
                   "describes a network as JSON: links, hosts, up* / down* spanning tree and link directions",
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
                   "wormcast topo --topo file:tests/topo/small.net --routes    # a network from a file, every route";

    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
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
    wc_topo_json(t, stdout, routes);
    wc_topo_free(t);
    return rc;
}

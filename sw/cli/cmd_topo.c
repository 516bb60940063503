/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast topo: describe a network as JSON (links, hosts, up* / down*
 * spanning tree and link directions, optionally every route). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime for progress lines */
#include "wc_topo.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static void topo_usage(FILE *f)
{
    fprintf(f,
            "usage: wormcast topo --topo NAME [--routes] [--check]\n"
            "  NAME     cube:N[:all][:low] | mesh:XxY | irregular:S,P,H,SEED | file:PATH\n"
            "  --routes add the route (switch, output port) of every host pair\n"
            "  --check  verify the up* / down* tables (switch-based networks) and\n"
            "           print the verdict on stderr; exit 1 if they are wrong\n");
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
    const char *name = NULL;
    int routes = 0, check = 0, i, rc = 0;
    char err[512];
    wc_topo *t;

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--topo") && i + 1 < argc)
            name = argv[++i];
        else if (!strncmp(argv[i], "--topo=", 7))
            name = argv[i] + 7;
        else if (!strcmp(argv[i], "--routes"))
            routes = 1;
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            topo_usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "wormcast topo: unknown or incomplete option '%s'\n", argv[i]);
            topo_usage(stderr);
            return 2;
        }
    }
    if (!name) {
        fprintf(stderr, "wormcast topo: --topo NAME is required\n");
        topo_usage(stderr);
        return 2;
    }
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

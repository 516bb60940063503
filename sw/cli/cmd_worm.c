/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast worm: multicast schemes of multidestination worms (intermediate
 * reception, the CS838 lecture notes, 1999) printed as
 * text, JSON or a Graphviz picture of the network; --check validates one
 * destination list against the base-routing-conformed-path rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "wc_topo.h"
#include "wc_json.h"
#include "wc_brcp_topo.h"
#include "wc_irc.h"
#include "cli_args.h"

enum { FMT_TEXT, FMT_JSON, FMT_DOT };

static const char *const palette[] = {
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
    "#f032e6", "#9a6324", "#808000", "#000075", "#469990", "#bfef45"
};
#define NPAL ((int)(sizeof palette / sizeof palette[0]))

/* Graphviz node name of a node (cube/mesh: its router; switched: host). */
static void dot_node_name(const wc_topo *t, int v, char *buf, size_t len)
{
    if (t->kind == WC_TOPO_SWITCHED)
        snprintf(buf, len, "h%d", v);
    else
        snprintf(buf, len, "n%d", v);
}

static void dot_router_name(const wc_topo *t, int r, char *buf, size_t len)
{
    if (t->kind == WC_TOPO_SWITCHED)
        snprintf(buf, len, "s%d", r);
    else
        snprintf(buf, len, "n%d", r);
}

static void print_dot(const wc_topo *t, const wc_scheme *s, const char *scheme, FILE *f)
{
    int *recv = calloc((size_t)t->nnodes, sizeof(int));
    int *routers = malloc(sizeof(int) * (size_t)(t->nrouters + 2));
    int *ports = malloc(sizeof(int) * (size_t)(t->nrouters + 2));
    int r, p, w, i;
    char a[32], b[32];
    if (!recv || !routers || !ports) {
        fprintf(stderr, "wormcast worm: out of memory\n");
        goto out;
    }
    for (w = 0; w < s->nworms; w++)
        for (i = 0; i < s->worms[w].ndst; i++)
            recv[s->worms[w].dst[i]] = s->worms[w].round;
    fprintf(f, "graph wormcast_worm {\n"
               "  label=\"%s  %s  source %d  %d worm(s), %d round(s)\"; labelloc=t; fontsize=18;\n"
               "  node [shape=circle, style=filled, fillcolor=white, fontsize=10, width=0.45, fixedsize=true];\n"
               "  edge [color=\"#cccccc\"];\n", t->name, scheme, s->src, s->nworms, s->rounds);
    /* nodes: positions for mesh (grid) and cube (projection of the unit
     * vectors of the dimensions onto a half circle) */
    if (t->kind == WC_TOPO_SWITCHED) {
        fprintf(f, "  overlap=false;\n");
        for (r = 0; r < t->nrouters; r++)
            fprintf(f, "  s%d [shape=box, fillcolor=\"#eeeeee\", label=\"S%d\"];\n", r, r);
    }
    for (i = 0; i < t->nnodes; i++) {
        dot_node_name(t, i, a, sizeof a);
        fprintf(f, "  %s [label=\"%d%s\"", a, i, recv[i] ? "" : "");
        if (i == s->src)
            fprintf(f, ", shape=doublecircle, fillcolor=\"#ffd700\"");
        else if (recv[i])
            fprintf(f, ", fillcolor=\"#aee3ff\", xlabel=\"r%d\"", recv[i]);
        if (t->kind == WC_TOPO_MESH)
            fprintf(f, ", pos=\"%d,%d!\"", (i % t->mx) * 72, (i / t->mx) * 72);
        else if (t->kind == WC_TOPO_CUBE) {
            double x = 0, y = 0;
            int d;
            for (d = 0; d < t->n; d++)
                if ((i >> d) & 1) {
                    double ang = 3.14159265358979 * (d + 0.5) / t->n;
                    x += cos(ang) * 70 * (1 + d * 0.35);
                    y += sin(ang) * 70 * (1 + d * 0.35);
                }
            fprintf(f, ", pos=\"%.0f,%.0f!\"", x, y);
        } else
            fprintf(f, ", width=0.35, fontsize=8");
        fprintf(f, "];\n");
    }
    /* links (each once) */
    for (r = 0; r < t->nrouters; r++)
        for (p = 0; p < t->nports; p++) {
            wc_endpoint e = t->peer[r * t->nports + p];
            dot_router_name(t, r, a, sizeof a);
            if (e.router >= 0 && (e.router > r || (e.router == r && e.port > p))) {
                dot_router_name(t, e.router, b, sizeof b);
                fprintf(f, "  %s -- %s;\n", a, b);
            } else if (e.router == WC_PEER_NODE && t->kind == WC_TOPO_SWITCHED) {
                dot_node_name(t, e.port, b, sizeof b);
                fprintf(f, "  %s -- %s [len=0.6];\n", a, b);
            }
        }
    /* worm paths: one coloured arrow per link hop, the first hop labelled */
    for (w = 0; w < s->nworms; w++) {
        const wc_worm *x = &s->worms[w];
        const char *col = palette[w % NPAL];
        int prev = x->src, first = 1, k;
        for (i = 0; i < x->ndst; i++) {
            int len = wc_topo_path(t, prev, x->dst[i], routers, ports, t->nrouters + 2);
            for (k = 0; k < len; k++) {
                wc_endpoint e = t->peer[routers[k] * t->nports + ports[k]];
                if (k == 0 && t->kind == WC_TOPO_SWITCHED) {
                    dot_node_name(t, prev, a, sizeof a);
                    dot_router_name(t, routers[0], b, sizeof b);
                    fprintf(f, "  %s -- %s [dir=forward, color=\"%s\", penwidth=2.5", a, b, col);
                    if (first)
                        fprintf(f, ", label=\"w%d r%d\", fontcolor=\"%s\", fontsize=9", w, x->round, col);
                    fprintf(f, "];\n");
                    first = 0;
                }
                dot_router_name(t, routers[k], a, sizeof a);
                if (e.router >= 0)
                    dot_router_name(t, e.router, b, sizeof b);
                else if (t->kind == WC_TOPO_SWITCHED)
                    dot_node_name(t, x->dst[i], b, sizeof b);
                else
                    continue;
                fprintf(f, "  %s -- %s [dir=forward, color=\"%s\", penwidth=2.5", a, b, col);
                if (first)
                    fprintf(f, ", label=\"w%d r%d\", fontcolor=\"%s\", fontsize=9", w, x->round, col);
                fprintf(f, "];\n");
                first = 0;
            }
            prev = x->dst[i];
        }
    }
    fprintf(f, "}\n");
out:
    free(recv);
    free(routers);
    free(ports);
}

static void print_text(const wc_topo *t, const wc_scheme *s, const char *scheme, int ndst, FILE *f)
{
    int w, i;
    fprintf(f, "%s %s: source %d, %d destination(s), %d worm(s), %d round(s)\n",
            t->name, scheme, s->src, ndst, s->nworms, s->rounds);
    for (w = 0; w < s->nworms; w++) {
        fprintf(f, "round %d worm %d: %d ->", s->worms[w].round, w, s->worms[w].src);
        for (i = 0; i < s->worms[w].ndst; i++)
            fprintf(f, "%s%d", i ? "," : " ", s->worms[w].dst[i]);
        fprintf(f, "\n");
    }
}

static void print_json(const wc_topo *t, const wc_scheme *s, const char *scheme, FILE *f)
{
    int w, i;
    fprintf(f, "{\"topo\":");
    wc_json_put_string(f, t->name);
    fprintf(f, ",\"scheme\":\"%s\",\"src\":%d,\"rounds\":%d,\"worms\":[", scheme, s->src, s->rounds);
    for (w = 0; w < s->nworms; w++) {
        fprintf(f, "%s{\"id\":%d,\"src\":%d,\"round\":%d,\"dst\":[", w ? "," : "", w,
                s->worms[w].src, s->worms[w].round);
        for (i = 0; i < s->worms[w].ndst; i++)
            fprintf(f, "%s%d", i ? "," : "", s->worms[w].dst[i]);
        fprintf(f, "]}");
    }
    fprintf(f, "]}\n");
}

static int do_check(const wc_cli *cli, const wc_topo *t, const wc_brcp_net *net, const char *spec)
{
    const char *colon = strchr(spec, ':');
    int src, n, bad, rc;
    int *dst = NULL;
    char err[512], srcbuf[32];
    if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof srcbuf)
        return wc_cli_error(cli, "--check: expected SRC:D1,D2,... (got '%s')", spec);
    memcpy(srcbuf, spec, (size_t)(colon - spec));
    srcbuf[colon - spec] = 0;
    /* nodes outside the network are bad input (exit 2), not a list that
     * breaks the scheme's rules (exit 1) */
    if (wc_arg_int("--check source", srcbuf, 0, t->nnodes - 1, &src, err, sizeof err) < 0)
        return wc_cli_error(cli, "%s", err);
    if (!colon[1]) {
        fprintf(stderr, "wormcast worm: --check: empty destination list\n");
        return 2;
    }
    if ((n = wc_arg_list("--check", "node id", colon + 1, 0, t->nnodes - 1, 0, 0, &dst, err, sizeof err)) < 0)
        return wc_cli_error(cli, "%s", err);
    rc = wc_brcp_check(net, src, dst, n, &bad, err, sizeof err);
    free(dst);
    if (rc == 0) {
        printf("conformant\n");
        return 0;
    }
    fprintf(stderr, "wormcast worm: %s: not conformant: %s\n", t->name, err);
    return 1;
}

int wc_cmd_worm(int argc, char **argv)
{
    static const char *const fmts[] = { "text", "json", "dot", NULL };
    static const int fmt_v[] = { FMT_TEXT, FMT_JSON, FMT_DOT };
    static const char *const check_why = "it checks one destination list given with it";
    const char *topo = NULL, *scheme_s = NULL, *dst_s = NULL, *check = NULL;
    int src = -1, fmt = FMT_TEXT, i, rc = 1, scheme, ndst = 0, r, st;
    int *dst = NULL;
    wc_topo *t = NULL;
    wc_brcp_topo bt;
    wc_scheme s;
    wc_irc_work wk;
    char err[512];
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo, WC_TOPO_NAMES),
        WC_OPT_STRING("--scheme", "SCHEME", &scheme_s,
                      "chain (cube), bcast-cr, bcast-rcc, bcast-rcr (mesh, source in a corner),\n"
                      "bcast-any, bcast-nd (mesh, any source), mesh-mcast (mesh),\n"
                      "updown (irregular / file), unicast-tree (any: binomial tree of unicasts)"),
        WC_OPT_INT("--src", "S", &src, 0, 0x7fffffffL, "source node"),
        WC_OPT_STRING("--dst", "A,B,...|all", &dst_s, "destinations (distinct, not S) or all; broadcast schemes take all"),
        WC_OPT_CHOICE("--format", "F", &fmt, fmts, fmt_v,
                      "text: one line per worm; json; dot: Graphviz picture (mesh and cube\n"
                      "carry pos=, render with neato -n2 -Tpng; irregular: neato)"),
        WC_OPT_STRING("--check", "SRC:D1,D2,...", &check,
                      "print 'conformant' or the first offending destination and why (exit 1)"),
        WC_OPT_END
    };
    wc_cli cli = { "worm", "--topo T --scheme SCHEME --src S [--dst A,B,...|all] [--format F]\n"
                           "       wormcast worm --topo T --check SRC:D1,D2,...",
                   "multicast schemes of multidestination worms (intermediate reception), or --check one\n"
                   "destination list against the base-routing-conformed-path rule", NULL, "--topo", opts, NULL, NULL };
    cli.keys = "topo, scheme, src  the arguments\n"
                   "rounds             the rounds the scheme takes: a worm of round r leaves when its\n"
                   "                   source has the message, after round r-1\n"
                   "worms              {id, src: the node that sends it, round, dst: its destinations,\n"
                   "                   in the order the worm visits them}";
    cli.examples = "wormcast worm --topo mesh:8x8 --scheme mesh-mcast --src 27 --dst 1,5,9,14,40,62 --format json   # as JSON\n"
                   "wormcast worm --topo mesh:8x8 --scheme bcast-any --src 27 --dst all --format dot | neato -n2 -Tsvg -o bcast.svg\n"
                   "wormcast worm --topo mesh:8x8 --check 27:29,31,39,63                             # one worm: BRCP-conformant?";

    memset(&bt, 0, sizeof bt);
    memset(&wk, 0, sizeof wk);
    s.worms = NULL;
    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    if (wc_cli_excl(&cli, "--check", "--scheme", check_why) || wc_cli_excl(&cli, "--check", "--src", check_why) ||
        wc_cli_excl(&cli, "--check", "--dst", check_why) || wc_cli_excl(&cli, "--check", "--format", check_why))
        return 2;
    t = wc_topo_create(topo, err, sizeof err);
    if (!t) {
        fprintf(stderr, "wormcast worm: --topo %s: %s\n", topo, err);
        return 2;
    }
    if (wc_brcp_from_topo(t, &bt, err, sizeof err) < 0) {
        fprintf(stderr, "wormcast worm: %s\n", err);
        goto done;
    }
    if (check) {
        rc = do_check(&cli, t, &bt.net, check);
        goto done;
    }
    if (!scheme_s || !wc_cli_given(&cli, "--src")) {
        fprintf(stderr, "wormcast worm: --scheme and --src are required (or use --check)\n");
        rc = 2;
        goto done;
    }
    scheme = wc_irc_parse(scheme_s);
    if (scheme < 0) {
        fprintf(stderr, "wormcast worm: unknown --scheme '%s' (expected chain, bcast-cr, bcast-rcc, "
                        "bcast-rcr, bcast-any, bcast-nd, mesh-mcast, updown or unicast-tree)\n", scheme_s);
        rc = 2;
        goto done;
    }
    if (src >= t->nnodes) {
        fprintf(stderr, "wormcast worm: --src %d outside %s (nodes 0..%d)\n", src, t->name, t->nnodes - 1);
        rc = 2;
        goto done;
    }
    if (wc_irc_is_bcast(scheme)) {
        if (dst_s && strcmp(dst_s, "all")) {
            fprintf(stderr, "wormcast worm: --scheme %s is a broadcast: --dst must be all or absent\n",
                    scheme_s);
            rc = 2;
            goto done;
        }
        ndst = t->nnodes - 1;
    } else if (!dst_s) {
        fprintf(stderr, "wormcast worm: --dst is required for --scheme %s\n", scheme_s);
        rc = 2;
        goto done;
    } else if (!strcmp(dst_s, "all")) {
        dst = malloc(sizeof(int) * (size_t)t->nnodes);
        if (!dst)
            goto oom;
        for (i = 0; i < t->nnodes; i++)
            if (i != src)
                dst[ndst++] = i;
    } else {
        if ((ndst = wc_arg_list("--dst", "node id", dst_s, 0, 0x7fffffffL, 0, 0, &dst, err, sizeof err)) < 0) {
            rc = wc_cli_error(&cli, "%s", err);
            goto done;
        }
    }
    if (ndst < 1) {
        fprintf(stderr, "wormcast worm: %s has no node besides the source\n", t->name);
        rc = 2;
        goto done;
    }
    s.worms = malloc(sizeof(wc_worm) * (size_t)t->nnodes);
    wk.nints = WC_IRC_WORK(t->nnodes);
    wk.ints = malloc(sizeof(int) * (size_t)wk.nints);
    wk.nedges = t->nnodes;
    wk.edges = malloc(sizeof(wc_edge) * (size_t)wk.nedges);
    if (!s.worms || !wk.ints || !wk.edges)
        goto oom;
    s.cap = t->nnodes;
    r = wc_irc_build(&bt.net, scheme, src, dst, ndst, &s, &wk, err, sizeof err);
    if (r < 0) {
        fprintf(stderr, "wormcast worm: %s --scheme %s --src %d: %s\n", t->name, scheme_s, src, err);
        rc = r == WC_WORM_ECHECK ? 3 : 2;
        goto done;
    }
    if (fmt == FMT_TEXT)
        print_text(t, &s, scheme_s, ndst, stdout);
    else if (fmt == FMT_JSON)
        print_json(t, &s, scheme_s, stdout);
    else
        print_dot(t, &s, scheme_s, stdout);
    rc = 0;
    goto done;
oom:
    fprintf(stderr, "wormcast worm: out of memory\n");
    rc = 1;
done:
    free(dst);
    free(s.worms);
    free(wk.ints);
    free(wk.edges);
    wc_brcp_topo_free(&bt);
    wc_topo_free(t);
    return rc;
}

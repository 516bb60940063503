/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast tree: multicast trees on binary n-cubes, timed by the one-port
 * or all-port step model (docs/steps.md) and checked for contention under
 * Definition 4 of Robinson et al., Supercomputing 1993.
 * ucube/maxport/combine/wsort: that paper, Section 4; binomial/linear/
 * kbinomial[:K]: Kesavan and Panda, ICPP 1997
 * Section 4.3.2 (Fig. 11) on the source-relative dimension-ordered chain
 * (the lecture notes' chain multicast). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_topo.h"
#include "wc_json.h"
#include "wc_hcube.h"
#include "wc_kbin.h"
#include "wc_steps.h"
#include "wc_contention.h"
#include "cli_args.h"

enum { FMT_JSON, FMT_DOT, FMT_TEXT };
enum { ALGO_BINOMIAL = 100, ALGO_LINEAR, ALGO_KBINOMIAL };

static int parse_algo(const char *s, int *k)
{
    int a = wc_hcube_algo_parse(s);
    *k = 0;
    if (a >= 0)
        return a;
    if (!strcmp(s, "binomial"))
        return ALGO_BINOMIAL;
    if (!strcmp(s, "linear"))
        return ALGO_LINEAR;
    if (!strcmp(s, "kbinomial"))
        return ALGO_KBINOMIAL;
    if (!strncmp(s, "kbinomial:", 10)) {
        if (wc_arg_int("--algo kbinomial:K", s + 10, 1, 1000000L, k, NULL, 0) < 0) {
            fprintf(stderr, "wormcast tree: --algo %s: K must be an integer >= 1 (at most 1000000)\n", s);
            return -2;
        }
        return ALGO_KBINOMIAL;
    }
    fprintf(stderr, "wormcast tree: unknown --algo '%s' (expected ucube, maxport, combine, wsort, "
                    "binomial, linear or kbinomial[:K])\n", s);
    return -2;
}

static int check_dst(const int *dst, int m, int src, int size, const char *topo)
{
    int i;
    char *seen = calloc((size_t)size, 1);
    if (!seen) {
        fprintf(stderr, "wormcast tree: out of memory\n");
        return -1;
    }
    if (src < 0 || src >= size) {
        fprintf(stderr, "wormcast tree: --src %d outside %s (0..%d)\n", src, topo, size - 1);
        free(seen);
        return -1;
    }
    for (i = 0; i < m; i++) {
        const char *why = NULL;
        if (dst[i] >= size)
            why = "is outside the cube";
        else if (dst[i] == src)
            why = "is the source";
        else if (seen[dst[i]])
            why = "is listed twice";
        if (why) {
            fprintf(stderr, "wormcast tree: --dst: destination %d %s (%s, nodes 0..%d, src %d)\n",
                    dst[i], why, topo, size - 1, src);
            free(seen);
            return -1;
        }
        seen[dst[i]] = 1;
    }
    free(seen);
    return 0;
}

static void bits(char *buf, int v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        buf[i] = (char)('0' + ((v >> (n - 1 - i)) & 1));
    buf[n] = 0;
}

static void print_json(const wc_tree *t, const char *topo, const char *algo,
                       int port, int steps, int cfree)
{
    int i;
    printf("{\"topo\":");
    wc_json_put_string(stdout, topo);
    printf(",\"algo\":");
    wc_json_put_string(stdout, algo);
    printf(",\"src\":%d,\"port\":\"%s\",\"edges\":[", t->src, port == WC_PORT_ALL ? "all" : "one");
    for (i = 0; i < t->nedges; i++)
        printf("%s{\"from\":%d,\"to\":%d,\"step\":%d}", i ? "," : "",
               t->edges[i].from, t->edges[i].to, t->edges[i].step);
    printf("],\"steps\":%d,\"contention_free\":%s}\n", steps, cfree ? "true" : "false");
}

/* Drawn like the papers' figures: nodes by binary address, arcs labelled
 * with the step of the unicast. */
static void print_dot(const wc_tree *t, int n, const char *topo, const char *algo,
                      int port, int steps, int cfree)
{
    char a[32], b[32];
    int i;
    bits(a, t->src, n);
    printf("digraph multicast {\n"
           "  label=\"%s %s %s-port from %s: %d steps%s\";\n"
           "  labelloc=t;\n  node [shape=ellipse, fontname=\"monospace\"];\n"
           "  \"%s\" [style=filled, fillcolor=lightgray];\n",
           topo, algo, port == WC_PORT_ALL ? "all" : "one", a, steps,
           cfree ? "" : ", CONTENTION", a);
    for (i = 0; i < t->nedges; i++) {
        bits(a, t->edges[i].from, n);
        bits(b, t->edges[i].to, n);
        printf("  \"%s\" -> \"%s\" [label=\"%d\"];\n", a, b, t->edges[i].step);
    }
    printf("}\n");
}

static void print_text(const wc_tree *t, int n, const char *topo, const char *algo,
                       int port, int steps, int cfree)
{
    char a[32], b[32];
    int s, i;
    bits(a, t->src, n);
    printf("%s %s %s-port, source %d (%s), %d destinations\n", topo, algo,
           port == WC_PORT_ALL ? "all" : "one", t->src, a, t->nedges);
    for (s = 1; s <= steps; s++)
        for (i = 0; i < t->nedges; i++)
            if (t->edges[i].step == s) {
                bits(a, t->edges[i].from, n);
                bits(b, t->edges[i].to, n);
                printf("step %d: %d (%s) -> %d (%s)\n", s, t->edges[i].from, a, t->edges[i].to, b);
            }
    printf("steps %d, %s\n", steps, cfree ? "contention-free" : "CONTENTION (Definition 4)");
}

int wc_cmd_tree(int argc, char **argv)
{
    static const char *const ports[] = { "one", "all", NULL }, *const fmts[] = { "json", "dot", "text", NULL };
    static const int port_v[] = { WC_PORT_ONE, WC_PORT_ALL }, fmt_v[] = { FMT_JSON, FMT_DOT, FMT_TEXT };
    const char *topo_name = NULL, *algo_name = NULL, *dst_s = NULL;
    char err[256], algo_out[64];
    int src = -1, port = 0, fmt = FMT_JSON, algo, k = 0, m, rc = 2, n, hf, steps, cont, st;
    int *dst = NULL, *chain = NULL, *work = NULL;
    wc_edge *edges = NULL;
    wc_topo *topo = NULL;
    wc_tree t;
    wc_hcube_cfg cfg;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo_name,
                      "cube:N[:all][:low], the hypercube; :all all-port, :low e-cube\n"
                      "resolves the lowest dimension first (default highest first)"),
        WC_OPT_STRING("--algo", "ALGO", &algo_name,
                      "ucube, maxport, combine, wsort (Robinson et al.), binomial, linear,\n"
                      "kbinomial[:K] (Kesavan & Panda; without :K the optimal k for one packet)"),
        WC_OPT_INT("--src", "S", &src, 0, 0x7fffffffL, "source node id (0..2^N-1 on cube:N)"),
        WC_OPT_STRING("--dst", "A,B,...", &dst_s, "destinations in any order, distinct, not S"),
        WC_OPT_CHOICE("--port", "P", &port, ports, port_v,
                      "step model; default all-port for cube:N:all, else one-port"),
        WC_OPT_CHOICE("--format", "F", &fmt, fmts, fmt_v,
                      "json: {\"topo\",\"algo\",\"src\",\"port\",\"edges\":[{from,to,step}],\n"
                      "\"steps\",\"contention_free\"}; dot: Graphviz with step labels; text"),
        WC_OPT_END
    };
    wc_cli cli = { "tree", "--topo cube:N[:all][:low] --algo ALGO --src S --dst A,B,... [--port P] [--format F]",
                   "a multicast tree on a binary n-cube, its steps and a contention check (Definition 4)", NULL,
                   "--topo --algo --src --dst", opts, NULL, NULL };
    cli.keys = "topo, algo, src, port  the arguments (port: one or all)\n"
                   "edges                  the tree's sends: {from, to, step: the step of the send, from 1}\n"
                   "steps                  the step of the last send: the multicast's completion\n"
                   "contention_free        true if no two sends of a step share a channel (Definition 4)";
    cli.examples = "wormcast tree --topo cube:6:all --algo wsort --src 0 --dst 3,5,9,17 --format text    # W-sort, all-port\n"
                   "wormcast tree --topo cube:6 --algo ucube --src 0 --dst 3,5,9,17,33,60               # U-cube as JSON\n"
                   "wormcast tree --topo cube:6:all --algo wsort --src 0 --dst 3,5,9,17 --format dot | dot -Tsvg -o tree.svg";

    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    algo = parse_algo(algo_name, &k);
    if (algo == -2)
        return 2;
    topo = wc_topo_create(topo_name, err, sizeof err);
    if (!topo) {
        fprintf(stderr, "wormcast tree: --topo: %s\n", err);
        return 2;
    }
    if (topo->kind != WC_TOPO_CUBE) {
        fprintf(stderr, "wormcast tree: --topo %s: only binary n-cubes (cube:N) are supported\n", topo->name);
        goto out;
    }
    n = topo->n;
    hf = topo->high_first;
    if (!port)
        port = topo->all_port ? WC_PORT_ALL : WC_PORT_ONE;
    if ((m = wc_arg_list("--dst", "node id", dst_s, 0, 0x7fffffffL, 0, 0, &dst, err, sizeof err)) < 0) {
        wc_cli_error(&cli, "%s", err);
        goto out;
    }
    if (check_dst(dst, m, src, 1 << n, topo->name) < 0)
        goto out;
    chain = malloc(sizeof(int) * (size_t)(m + 1));
    edges = malloc(sizeof(wc_edge) * (size_t)(m + 1));
    work = malloc(sizeof(int) * (size_t)WC_STEPS_WORK(m + 1));
    if (!chain || !edges || !work) {
        fprintf(stderr, "wormcast tree: out of memory\n");
        rc = 1;
        goto out;
    }
    t.edges = edges; t.cap = m + 1; t.nedges = 0; t.src = src;
    snprintf(algo_out, sizeof algo_out, "%s", algo_name);
    if (algo <= WC_HCUBE_WSORT) {
        int r = wc_hcube_tree(algo, n, hf, src, dst, m, chain, &t);
        if (r < 0) {
            fprintf(stderr, "wormcast tree: %s\n", wc_hcube_strerror(r));
            goto out;
        }
    } else {
        int len = wc_hcube_chain(n, hf, src, dst, m, chain);
        if (len < 0) {
            fprintf(stderr, "wormcast tree: %s\n", wc_hcube_strerror(len));
            goto out;
        }
        if (algo == ALGO_LINEAR)
            k = 1;
        else if (algo == ALGO_BINOMIAL)
            k = wc_kbin_log2ceil(len);
        else if (!k) {
            k = len >= 2 ? wc_kbin_kopt(len, 1) : 1;
            snprintf(algo_out, sizeof algo_out, "kbinomial:%d", k);
        }
        if (k < 1)
            k = 1;
        if (len >= 2 && wc_kbin_tree(chain, len, k, &t) < 0) {
            fprintf(stderr, "wormcast tree: k-binomial construction failed for %d nodes, k = %d\n", len, k);
            rc = 1;
            goto out;
        }
        t.src = src;
    }
    cfg.n = n;
    cfg.high_first = hf;
    steps = wc_steps_assign(&t, port, wc_hcube_chan, &cfg, work);
    if (steps < 0) {
        fprintf(stderr, "wormcast tree: internal error: %s\n", wc_steps_strerror(steps));
        rc = 1;
        goto out;
    }
    cont = wc_contention_hcube(&t, n, hf, NULL, 0, work);
    if (cont < 0) {
        fprintf(stderr, "wormcast tree: internal error in the contention check (%d)\n", cont);
        rc = 1;
        goto out;
    }
    if (fmt == FMT_JSON)
        print_json(&t, topo->name, algo_out, port, steps, cont == 0);
    else if (fmt == FMT_DOT)
        print_dot(&t, n, topo->name, algo_out, port, steps, cont == 0);
    else
        print_text(&t, n, topo->name, algo_out, port, steps, cont == 0);
    rc = 0;
out:
    free(dst);
    free(chain);
    free(edges);
    free(work);
    wc_topo_free(topo);
    return rc;
}

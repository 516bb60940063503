/* SPDX-License-Identifier: Apache-2.0 */
/* Deadlock freedom of every routing function, as a property of the
 * function and the topology (Dally and Seitz, "Deadlock-Free Message
 * Routing in Multiprocessor Interconnection Networks", IEEE Trans.
 * Computers, 1987): the channel dependency graph is acyclic.  A channel
 * is a router's output port with a link behind it; channel a depends on
 * b when some worm holds a and asks for b next.  The graph is built from
 * the worms themselves: the route of every source to every destination,
 * walked through wc_topo_route() as the routers apply it (dependencies
 * only where a worm to that destination really arrives, so XY's Y-to-X
 * turns, which no worm makes, are not in it).  Families: binary n-cubes
 * (e-cube, one-port and all-port, highest and lowest dimension first),
 * meshes (XY), and random irregular networks (up* / down* tables), whose
 * routes must also be legal: no hop up after a hop down (Schroeder et
 * al., "Autonet", IEEE JSAC 1991).  Mutants, routing functions with an
 * illegal turn, must each be caught.  An adaptive function (west-first)
 * offers a second output: its graph has the dependencies of every path
 * its choices allow (check_adaptive), whatever the router picks.
 * Usage: test_cdg [--soak N SEED]  (N more random irregular networks) */
#include "wc_topo.h"
#include "wc_route.h"
#include "wc_defs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"

typedef int (*route_fn)(const wc_topo *t, int r, int in_port, int dst);

typedef struct { int from, to; } dep;

static int dep_cmp(const void *a, const void *b)
{
    const dep *x = a, *y = b;
    return x->from != y->from ? (x->from > y->from) - (x->from < y->from)
                              : (x->to > y->to) - (x->to < y->to);
}

/* What one routing function does on one topology. */
typedef struct {
    long deps;         /* distinct dependencies */
    int cyclic;        /* the dependency graph has a cycle */
    long unrouted;     /* pairs whose worm does not reach its destination */
    long illegal;      /* switched networks: pairs routed up after down */
    int oom;
} cdg_result;

/* Kahn's algorithm over the sorted, distinct dependencies: acyclic iff
 * every channel is removed. */
static int has_cycle(const dep *d, long nd, int nch, int *oom)
{
    int *indeg = calloc((size_t)nch, sizeof *indeg), *queue = malloc((size_t)nch * sizeof *queue);
    long *first = malloc(((size_t)nch + 1) * sizeof *first);
    int head = 0, tail = 0, removed = 0, c;
    long i;
    if (!indeg || !queue || !first) {
        free(indeg); free(queue); free(first);
        *oom = 1;
        return 0;
    }
    for (c = 0, i = 0; c <= nch; c++) {
        while (i < nd && d[i].from < c)
            i++;
        first[c] = i;
    }
    for (i = 0; i < nd; i++)
        indeg[d[i].to]++;
    for (c = 0; c < nch; c++)
        if (indeg[c] == 0)
            queue[tail++] = c;
    while (head < tail) {
        c = queue[head++];
        removed++;
        for (i = first[c]; i < first[c + 1]; i++)
            if (--indeg[d[i].to] == 0)
                queue[tail++] = d[i].to;
    }
    free(indeg); free(queue); free(first);
    return removed != nch;
}

/* One more dependency into the growing array; -1 when out of memory. */
static int dep_add(dep **d, long *nd, long *cap, int from, int to)
{
    if (*nd == *cap) {
        dep *n2 = realloc(*d, (size_t)*cap * 2 * sizeof **d);
        if (!n2)
            return -1;
        *d = n2;
        *cap *= 2;
    }
    (*d)[*nd].from = from;
    (*d)[*nd].to = to;
    (*nd)++;
    return 0;
}

/* The distinct dependencies (sorted in place) and whether they close a
 * cycle, into res. */
static void dep_graph(cdg_result *res, dep *d, long nd, int nch)
{
    long i, w;
    qsort(d, (size_t)nd, sizeof *d, dep_cmp);
    for (i = 0, w = 0; i < nd; i++)
        if (w == 0 || d[i].from != d[w - 1].from || d[i].to != d[w - 1].to)
            d[w++] = d[i];
    res->deps = w;
    res->cyclic = has_cycle(d, w, nch, &res->oom);
}

static cdg_result check_routing(const wc_topo *t, route_fn route)
{
    cdg_result res = { 0, 0, 0, 0, 0 };
    int P = t->nports, nch = t->nrouters * P, maxhops = t->nrouters * P + 1;
    long cap = 1024, nd = 0;
    dep *d = malloc((size_t)cap * sizeof *d);
    int src, dst;
    if (!d) {
        res.oom = 1;
        return res;
    }
    for (src = 0; src < t->nnodes && !res.oom; src++)
        for (dst = 0; dst < t->nnodes && !res.oom; dst++) {
            int r = t->node_router[src], in = wc_topo_inject_port(t, src, dst), prev = -1, hops = 0;
            int went_down = 0, reached = 0;
            if (src == dst || in < 0)
                continue;
            while (hops++ < maxhops) {
                int p = route(t, r, in, dst);
                wc_endpoint e;
                if (p < 0 || p >= P)
                    break;
                e = t->peer[r * P + p];
                if (e.router == WC_PEER_NODE) {
                    reached = e.port == dst;
                    break;
                }
                if (e.router < 0)
                    break;
                if (t->up) {
                    if (t->up[r * P + p] && went_down) {
                        res.illegal++;
                    }
                    if (!t->up[r * P + p])
                        went_down = 1;
                }
                if (prev >= 0 && dep_add(&d, &nd, &cap, prev, r * P + p)) {
                    res.oom = 1;
                    break;
                }
                prev = r * P + p;
                r = e.router;
                in = e.port;
            }
            if (!reached)
                res.unrouted++;
        }
    if (!res.oom)
        dep_graph(&res, d, nd, nch);
    free(d);
    return res;
}

/* An adaptive function's outputs at router r for a worm that arrived on
 * in_port: the descriptor's route and its second output; the mutant
 * (mutant != 0) also offers the Y output while west hops remain, the
 * turns into W that west-first prohibits.  Returns the count (0..3). */
static int adaptive_outs(const wc_topo *t, int r, int in_port, int dst, int mutant, int out[3])
{
    const wc_routing *f = wc_routing_by_id(t->routing);
    wc_route_ctx x;
    int local, alt, p, n = 0;
    wc_topo_route_ctx(t, r, &x);
    p = f->route(&x, (unsigned)in_port, (unsigned)dst, &local, &alt);
    if (p < 0)
        return 0;
    out[n++] = p;
    if (alt >= 0)
        out[n++] = alt;
    if (mutant && p == WC_MESH_PORT_W && dst / t->mx != r / t->mx)
        out[n++] = dst / t->mx > r / t->mx ? WC_MESH_PORT_N : WC_MESH_PORT_S;
    return n;
}

/* Every path an adaptive function allows, per destination: the channels a
 * worm to dst can hold, from every source (a breadth-first walk over
 * them), each with the channels it may ask for next. */
static cdg_result check_adaptive(const wc_topo *t, int mutant)
{
    cdg_result res = { 0, 0, 0, 0, 0 };
    int P = t->nports, nch = t->nrouters * P;
    long cap = 1024, nd = 0;
    dep *d = malloc((size_t)cap * sizeof *d);
    int *queue = malloc((size_t)nch * sizeof *queue);
    char *seen = malloc((size_t)nch);
    int src, dst;
    if (!d || !queue || !seen) {
        free(d); free(queue); free(seen);
        res.oom = 1;
        return res;
    }
    for (dst = 0; dst < t->nnodes && !res.oom; dst++) {
        int head = 0, tail = 0;
        memset(seen, 0, (size_t)nch);
        /* held = -1: at the source's router, nothing held yet */
        for (src = -1; src < t->nnodes * 2 && !res.oom; ) {
            int held, r, in, out[3], n, k;
            if (src < t->nnodes - 1) {
                src++;
                if (src == dst)
                    continue;
                held = -1;
                r = t->node_router[src];
                in = wc_topo_inject_port(t, src, dst);
                if (in < 0)
                    continue;
            } else if (head < tail) {
                wc_endpoint e;
                held = queue[head++];
                e = t->peer[held];
                r = e.router;
                in = e.port;
            } else {
                break;
            }
            n = adaptive_outs(t, r, in, dst, mutant, out);
            if (n == 0)
                res.unrouted++;
            for (k = 0; k < n; k++) {
                int c = r * P + out[k];
                wc_endpoint e = t->peer[c];
                if (held >= 0 && dep_add(&d, &nd, &cap, held, c)) {
                    res.oom = 1;
                    break;
                }
                if (e.router == WC_PEER_NODE) {
                    if (e.port != dst)
                        res.unrouted++;
                } else if (e.router < 0) {
                    res.unrouted++;
                } else if (!seen[c]) {
                    seen[c] = 1;
                    queue[tail++] = c;
                }
            }
        }
    }
    if (!res.oom)
        dep_graph(&res, d, nd, nch);
    free(d); free(queue); free(seen);
    return res;
}

/* West-first on a mesh: acyclic and every path reaches its destination;
 * the mutant with the prohibited turns must close a cycle. */
static long good_adaptive(const char *name, int mutant)
{
    char err[512];
    cdg_result r;
    wc_topo *t = wc_topo_create(name, err, sizeof err);
    CHECK(t != NULL, "create %s: %s", name, t ? "" : err);
    if (!t)
        return 0;
    CHECK(wc_topo_set_routing(t, "west-first", err, sizeof err) == 0, "%s: --routing west-first: %s", name, err);
    r = check_adaptive(t, mutant);
    wc_topo_free(t);
    CHECK(!r.oom, "%s: out of memory", name);
    if (mutant) {
        CHECK(r.cyclic, "%s: west-first with the turns into W: no cycle found (%ld dependencies)", name, r.deps);
        return 0;
    }
    CHECK(!r.cyclic, "%s west-first: the channel dependency graph has a cycle (%ld dependencies)", name, r.deps);
    CHECK(r.unrouted == 0, "%s west-first: %ld paths not routed to their destination", name, r.unrouted);
    return r.deps;
}

/* ---- the routing functions under test and their mutants -------------- */

static int route_model(const wc_topo *t, int r, int in_port, int dst)
{
    return wc_topo_route(t, r, in_port, dst);
}

/* Mutant: XY on even columns, YX on odd ones: the Y-to-X turns that XY
 * forbids, taken by some worms. */
static int route_mesh_yx_odd(const wc_topo *t, int r, int in_port, int dst)
{
    int x = r % t->mx, y = r / t->mx, dy = dst / t->mx;
    if ((x & 1) && dy != y)
        return dy > y ? WC_MESH_PORT_N : WC_MESH_PORT_S;
    return wc_topo_route(t, r, in_port, dst);
}

/* Mutant: e-cube resolving the dimensions highest first towards
 * destinations of even parity and lowest first towards the others: each
 * worm keeps an order, but two orders meet (the four worms of a 2-cube's
 * square then wait in a ring). */
static int route_cube_mixed(const wc_topo *t, int r, int in_port, int dst)
{
    unsigned v = (unsigned)dst, odd = 0;
    for (; v; v &= v - 1)
        odd ^= 1u;
    return wc_route_ecube((unsigned)r, (unsigned)dst, (unsigned)in_port, (unsigned)t->n,
                          t->all_port, odd ? !t->high_first : t->high_first);
}

/* Mutant: up* / down* tables read without the phase: a worm that came
 * down may be sent up again (the down -> up turn). */
static int route_updown_nophase(const wc_topo *t, int r, int in_port, int dst)
{
    (void)in_port;
    return wc_route_table(t->rtable + (size_t)r * 2 * (size_t)t->nnodes,
                          (unsigned)t->nnodes, (unsigned)dst, 0);
}

/* One routing function on the network of that name; 0, or -1 when the
 * name does not build (a failed check). */
static int run(const char *name, route_fn route, cdg_result *res)
{
    char err[512];
    wc_topo *t = wc_topo_create(name, err, sizeof err);
    CHECK(t != NULL, "create %s: %s", name, t ? "" : err);
    if (!t)
        return -1;
    *res = check_routing(t, route);
    wc_topo_free(t);
    CHECK(!res->oom, "%s: out of memory", name);
    return res->oom ? -1 : 0;
}

/* The model's routing on one network: acyclic, every pair reached, legal. */
static long good(const char *name)
{
    cdg_result r;
    if (run(name, route_model, &r) != 0)
        return 0;
    CHECK(!r.cyclic, "%s: the channel dependency graph has a cycle (%ld dependencies)", name, r.deps);
    CHECK(r.unrouted == 0, "%s: %ld pairs not routed to their destination", name, r.unrouted);
    CHECK(r.illegal == 0, "%s: %ld up*/down* routes go up after down", name, r.illegal);
    return r.deps;
}

/* A mutant must show a cycle or an illegal route on at least one network. */
static void caught(const char *what, const char *const *names, route_fn route)
{
    int i, hit = 0;
    cdg_result r;
    for (i = 0; names[i]; i++)
        if (run(names[i], route, &r) == 0 && (r.cyclic || r.illegal))
            hit++;
    CHECK(hit > 0, "mutant %s not caught on any of its networks", what);
    printf("mutant %-32s caught on %d of its networks\n", what, hit);
}

int main(int argc, char **argv)
{
    char name[64];
    int n, x, y, s, seed, nirr = 0;
    long deps = 0;
    int soak = 0, soak_seed = 1;
    if (argc == 4 && strcmp(argv[1], "--soak") == 0) {
        soak = atoi(argv[2]);
        soak_seed = atoi(argv[3]);
        if (soak < 1) {
            fprintf(stderr, "test_cdg: --soak needs a count >= 1 (got '%s')\n", argv[2]);
            return 2;
        }
    } else if (argc != 1) {
        fprintf(stderr, "test_cdg: usage: test_cdg [--soak N SEED]\n");
        return 2;
    }
    GROUP("e-cube on cube:1..8, one-port and all-port, high and low first: acyclic, every pair routed", {
        static const char *const form[] = { "", ":low", ":all", ":all:low" };
        int f;
        for (n = 1; n <= 8; n++)
            for (f = 0; f < 4; f++) {
                snprintf(name, sizeof name, "cube:%d%s", n, form[f]);
                deps += good(name);
            }
    });
    GROUP("XY on every mesh up to 8x8, 16x4, 4x16 and 16x16: acyclic, every pair routed", {
        for (x = 1; x <= 8; x++)
            for (y = 1; y <= 8; y++) {
                if (x * y < 2)
                    continue;
                snprintf(name, sizeof name, "mesh:%dx%d", x, y);
                deps += good(name);
            }
        deps += good("mesh:16x4");
        deps += good("mesh:4x16");
        deps += good("mesh:16x16");
    });
    GROUP("up*/down* on random irregular networks (2..48 switches, 4..8 ports): acyclic, legal, every pair routed", {
        for (s = 2; s <= 48; s += (s < 16 ? 1 : 8))
            for (seed = 1; seed <= 6; seed++) {
                int p = 4 + (seed + s) % 5, h = 1 + seed % 2;
                snprintf(name, sizeof name, "irregular:%d,%d,%d,%d", s, p, h, seed);
                deps += good(name);
                nirr++;
            }
        for (seed = 0; seed < soak; seed++) {
            int ss = 2 + (soak_seed + seed * 7) % 63, p = 4 + (soak_seed + seed) % 5;
            snprintf(name, sizeof name, "irregular:%d,%d,1,%d", ss, p, soak_seed * 100000 + seed);
            deps += good(name);
            nirr++;
        }
    });
    GROUP("west-first on meshes: every path its choices allow", {
        static const char *const wf[] = { "mesh:2x2", "mesh:4x4", "mesh:8x8", "mesh:3x5", "mesh:16x4", "mesh:4x16", NULL };
        for (n = 0; wf[n]; n++)
            deps += good_adaptive(wf[n], 0);
        good_adaptive("mesh:4x4", 1);
        printf("mutant %-32s caught on mesh:4x4\n", "west-first with turns into W");
    });
    GROUP("mutants: an illegal turn in each family is caught", {
        static const char *const meshes[] = { "mesh:4x4", "mesh:8x8", "mesh:3x5", NULL };
        static const char *const cubes[] = { "cube:2", "cube:3", "cube:4", "cube:4:all", "cube:6", NULL };
        static const char *const irr[] = { "irregular:16,6,1,1", "irregular:16,6,1,2", "irregular:24,5,1,3",
                                           "irregular:32,6,2,4", "irregular:48,8,1,5", NULL };
        caught("mesh XY/YX by column", meshes, route_mesh_yx_odd);
        caught("e-cube order by destination", cubes, route_cube_mixed);
        caught("up*/down* without phase", irr, route_updown_nophase);
    });
    printf("%ld dependencies checked over %d irregular networks and every cube and mesh above\n", deps, nirr);
    return wc_test_done();
}

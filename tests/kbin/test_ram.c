/* SPDX-License-Identifier: Apache-2.0 */
/* RAM, its multiple-multicast variants and CCO
 * (Liu et al., GPC 2006 Sections 1, 3-5) on
 * random irregular networks with up-down routing. */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_ram.h"
#include "wc_fis.h"
#include "wc_cco.h"
#include "wc_ram_topo.h"
#include "wc_kbin.h"
#include "wc_rng.h"

#define MAXH 512

/* Section 4 latency of a hop, from the routing tree alone: same switch 1,
 * down into the sender switch's subtree L_l, otherwise L_r. */
static int hop(const wc_topo *t, int a, int b, int ll, int lr)
{
    int u = t->node_router[b], s = t->node_router[a];
    if (u == s)
        return 1;
    while (u >= 0 && u != s)
        u = t->parent[u];
    return u == s ? ll : lr;
}

/* Every destination exactly once, nothing else reached, senders hold m
 * when they send and send at most once per unit; returns the last
 * reception time or -1. */
static int replay(const wc_topo *t, const wc_tree *tr, int src, const int *dst, int ndst, int ll, int lr)
{
    static int have[MAXH], busy[MAXH][64];
    int i, T = 0;
    for (i = 0; i < t->nnodes; i++)
        have[i] = -1;
    memset(busy, 0, sizeof busy);
    have[src] = 0;
    for (i = 0; i < tr->nedges; i++) {
        int a = tr->edges[i].from, b = tr->edges[i].to, s = tr->edges[i].step - 1;
        if (a < 0 || b < 0 || a >= t->nnodes || b >= t->nnodes || have[a] < 0 || have[a] > s || have[b] >= 0 ||
            s >= 64 || busy[a][s])
            return -1;
        busy[a][s] = 1;
        have[b] = s + hop(t, a, b, ll, lr);
        if (have[b] > T)
            T = have[b];
    }
    for (i = 0; i < ndst; i++)
        if (have[dst[i]] < 0)
            return -1;
    return tr->nedges == ndst ? T : -1;
}

int main(void)
{
    static wc_edge e[MAXH];
    wc_tree tr = { 0, 0, MAXH, e };
    char err[256];
    int i, dst[MAXH], nd, src;
    wc_rng rng;

    GROUP("single switch: RAM is ForwardInSwitch with no remotes (ceil(log2 L) after the source's hop)", {
        wc_topo *t = wc_topo_create("irregular:4,8,6,1", err, sizeof err);
        CHECK(t != NULL, "topology: %s", err);
        if (t) {
            int T;
            for (nd = 1; nd <= 5; nd++) {
                int lg = 0;
                for (i = 0; i < nd; i++)
                    dst[i] = 6 + i;          /* switch 1 */
                /* source on the same switch: 1 unit to the agent, then the
                 * agent doubles over nd destinations */
                T = wc_ram_topo(t, 6 + 5, dst, nd, 3, 5, -1, 0, &tr, err, sizeof err);
                while ((1 << lg) < nd)
                    lg++;
                CHECK(T == 1 + lg, "nd=%d: T=%d want %d", nd, T, 1 + lg);
                CHECK(replay(t, &tr, 11, dst, nd, 3, 5) >= 0, "nd=%d replays", nd);
            }
            wc_topo_free(t);
        }
    });

    GROUP("RAM and the four Section 3.2 variants on random irregular networks: every destination once, times replay", {
        wc_rng_seed(&rng, 2024);
        for (i = 0; i < 60; i++) {
            char name[64];
            wc_topo *t;
            int S = 4 + (int)wc_rng_below(&rng, 13), H = 1 + (int)wc_rng_below(&rng, 4), j, v;
            snprintf(name, sizeof name, "irregular:%d,8,%d,%d", S, H, i + 1);
            t = wc_topo_create(name, err, sizeof err);
            if (!t) {
                CHECK(0, "%s: %s", name, err);
                continue;
            }
            src = (int)wc_rng_below(&rng, (uint32_t)t->nnodes);
            nd = 0;
            for (j = 0; j < t->nnodes; j++)
                if (j != src && wc_rng_chance(&rng, 0.5))
                    dst[nd++] = j;
            for (v = -1; v < 4; v++) {
                int ll = 2 + (int)wc_rng_below(&rng, 3), lr = ll + 1 + (int)wc_rng_below(&rng, 3);
                int T = wc_ram_topo(t, src, dst, nd, ll, lr, v, (unsigned)i, &tr, err, sizeof err);
                int R = replay(t, &tr, src, dst, nd, ll, lr);
                CHECK(T >= 0 && R >= 0, "%s variant %d: T=%d replay=%d (%s)", name, v, T, R, T < 0 ? err : "");
                /* the returned time bounds every reception (tasks may end
                 * later than the last reception only by zero) */
                CHECK(R <= T, "%s variant %d: replay %d <= T %d", name, v, R, T);
            }
            {
                int T = wc_cco_topo(t, src, dst, nd, 3, &tr, err, sizeof err), k, seen[MAXH] = { 0 }, ok = tr.nedges == nd;
                for (k = 0; k < tr.nedges; k++) {
                    ok &= !seen[tr.edges[k].to] && tr.edges[k].to != src;
                    seen[tr.edges[k].to] = 1;
                }
                CHECK(T >= 0 && ok, "%s CCO: every destination once (T=%d)", name, T);
            }
            wc_topo_free(t);
        }
    });

    GROUP("CCO chains: a binomial multicast on each chain alone has no same-step link sharing", {
        wc_topo *t = wc_topo_create("irregular:16,8,4,7", err, sizeof err);
        CHECK(t != NULL, "topology: %s", err);
        if (t) {
            int chain[MAXH], poc[MAXH], *work, nw, npoc, c, ok = 1;
            nd = 0;
            for (i = 1; i < t->nnodes; i += 2)
                dst[nd++] = i;
            nw = WC_CCO_WORK(nd, 64);
            work = malloc(sizeof *work * (size_t)nw);
            npoc = wc_cco_order(0, dst, nd, wc_topo_links, t, 64, chain, poc, work, nw);
            CHECK(npoc >= 1 && chain[0] == 0, "%d chains, source first", npoc);
            for (c = 0; c < npoc; c++) {
                int mem[MAXH], q = 0, a, b;
                wc_edge ce[MAXH];
                wc_tree ct = { 0, 0, MAXH, ce };
                for (i = 0; i <= nd; i++)
                    if (poc[i] == c)
                        mem[q++] = chain[i];
                wc_kbin_tree(mem, q, 30, &ct);
                for (a = 0; a < ct.nedges; a++)
                    for (b = a + 1; b < ct.nedges; b++) {
                        int la[70], lb[70], na, nb, x, y;
                        if (ct.edges[a].step != ct.edges[b].step)
                            continue;
                        na = wc_topo_links(t, ct.edges[a].from, ct.edges[a].to, la, 70);
                        nb = wc_topo_links(t, ct.edges[b].from, ct.edges[b].to, lb, 70);
                        for (x = 0; x < na; x++)
                            for (y = 0; y < nb; y++)
                                ok &= la[x] != lb[y];
                    }
            }
            CHECK(ok, "no chain's binomial multicast shares a link within a step");
            free(work);
            wc_topo_free(t);
        }
    });

    GROUP("bad input is rejected with a message", {
        wc_topo *t = wc_topo_create("irregular:4,8,2,3", err, sizeof err);
        if (t) {
            int d2[2] = { 1, 1 };
            CHECK(wc_ram_topo(t, 0, d2, 2, 2, 3, -1, 0, &tr, err, sizeof err) < 0 && strstr(err, "twice"), "duplicate: %s", err);
            d2[0] = 0;
            CHECK(wc_ram_topo(t, 0, d2, 1, 2, 3, -1, 0, &tr, err, sizeof err) < 0 && strstr(err, "source"), "source as destination: %s", err);
            d2[0] = 99;
            CHECK(wc_cco_topo(t, 0, d2, 1, 2, &tr, err, sizeof err) < 0 && strstr(err, "not a host"), "unknown host: %s", err);
            wc_topo_free(t);
        }
        {
            wc_topo *c = wc_topo_create("cube:3", err, sizeof err);
            int d1 = 1;
            CHECK(c && wc_ram_topo(c, 0, &d1, 1, 2, 3, -1, 0, &tr, err, sizeof err) < 0 && strstr(err, "switched"), "cube rejected: %s", err);
            wc_topo_free(c);
        }
    });
    return wc_test_done();
}

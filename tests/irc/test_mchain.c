/* SPDX-License-Identifier: Apache-2.0 */
/* The notes' chain multicast on meshes with the source anywhere in the
 * dimension-order chain (sw/lib/wc_mchain): a worked example with an
 * interior source, then on many meshes and random destination sets: every
 * destination reached exactly once from a node that already held the
 * message, one send per node per step, exactly ceil(log2 n) steps, and no
 * two sends of a step on a common directed link under XY routing. */
#include <stdlib.h>
#include <string.h>
#include "wc_mchain.h"
#include "wc_contention.h"
#include "wc_rng.h"
#include "../wc_test.h"

typedef struct { int X, Y; } mesh;

/* XY route as directed links: node * 4 + direction (0 +x, 1 -x, 2 +y, 3 -y) */
static int xy_path(void *ctx, int from, int to, int *links, int max)
{
    const mesh *m = ctx;
    int x = from % m->X, y = from / m->X, tx = to % m->X, ty = to / m->X, n = 0;
    while (x != tx) {
        if (n == max)
            return -1;
        links[n++] = (y * m->X + x) * 4 + (tx > x ? 0 : 1);
        x += tx > x ? 1 : -1;
    }
    while (y != ty) {
        if (n == max)
            return -1;
        links[n++] = (y * m->X + x) * 4 + (ty > y ? 2 : 3);
        y += ty > y ? 1 : -1;
    }
    return n;
}

static int clog2(int n)
{
    int k = 0;
    while ((1 << k) < n)
        k++;
    return k;
}

/* validity, one-port, step count, contention; 0 if all hold */
static int check_tree(const mesh *m, const int *chain, int n, int src, const wc_tree *t, int steps, char *why)
{
    const int N = m->X * m->Y;
    int *got = calloc((size_t)N, sizeof *got), i, bad = 0;
    unsigned char *sent = calloc((size_t)N * 64, 1);
    int *work = malloc(sizeof(int) * (size_t)WC_CONTENTION_LINKS_WORK(t->nedges, m->X + m->Y));
    wc_contention_pair p;
    if (!got || !sent || !work)
        return strcpy(why, "out of memory"), free(got), free(sent), free(work), 1;
    for (i = 0; i < N; i++)
        got[i] = -1;
    got[src] = 0;
    if (steps != clog2(n))
        bad = 1, sprintf(why, "%d steps, ceil(log2 %d) = %d", steps, n, clog2(n));
    if (t->nedges != n - 1)
        bad = 1, sprintf(why, "%d edges for %d nodes", t->nedges, n);
    /* edges in issue order; a sender must hold the message before its step */
    for (i = 0; i < t->nedges && !bad; i++) {
        const wc_edge *e = &t->edges[i];
        if (got[e->to] >= 0)
            bad = 1, sprintf(why, "node %d receives twice", e->to);
        else if (got[e->from] < 0 || got[e->from] >= e->step)
            bad = 1, sprintf(why, "node %d sends at step %d without the message", e->from, e->step);
        else if (e->step >= 64 || sent[e->from * 64 + e->step]++)
            bad = 1, sprintf(why, "node %d sends twice in step %d", e->from, e->step);
        else
            got[e->to] = e->step;
    }
    for (i = 0; i < n && !bad; i++)
        if (got[chain[i]] < 0)
            bad = 1, sprintf(why, "node %d never receives", chain[i]);
    if (!bad) {
        int c = wc_contention_links(t, xy_path, (void *)m, 1, m->X + m->Y, &p, 1, work);
        if (c != 0)
            bad = 1, sprintf(why, "%d contending pairs (first: %d->%d and %d->%d)", c, t->edges[p.a].from,
                             t->edges[p.a].to, t->edges[p.b].from, t->edges[p.b].to);
    }
    free(got);
    free(sent);
    free(work);
    return bad;
}

int main(void)
{
    wc_edge ev[4096];
    wc_tree t = { 0, 0, 4096, ev };
    int chain[4096], dst[4096];

    GROUP("worked example: mesh 8x1, source 5 interior, 8 nodes in 3 steps", {
        const mesh m = { 8, 1 };
        static const wc_edge want[] = { { 5, 3, 1 }, { 3, 1, 2 }, { 1, 0, 3 }, { 3, 2, 3 },
                                        { 5, 6, 2 }, { 5, 4, 3 }, { 6, 7, 3 } };
        int d[7] = { 0, 1, 2, 3, 4, 6, 7 }, si = -1, s, i, same = 1;
        char why[128] = "";
        CHECK(wc_mchain_order(8, 1, 5, d, 7, chain, &si) == 0 && si == 5, "order: source at %d", si);
        s = wc_mchain_tree(chain, 8, si, &t);
        CHECK(s == 3 && t.nedges == 7, "%d steps, %d edges", s, t.nedges);
        for (i = 0; i < 7 && i < t.nedges; i++)
            same &= ev[i].from == want[i].from && ev[i].to == want[i].to && ev[i].step == want[i].step;
        CHECK(same, "edges differ from the worked example");
        CHECK(!check_tree(&m, chain, 8, 5, &t, s, why), "%s", why);
    });

    GROUP("the chain is ordered by x, then y (XY corrects x first)", {
        int d[3] = { 1, 4, 6 }, si = -1; /* mesh 3x3: 1 = (1,0), 4 = (1,1), 6 = (0,2), source 2 = (2,0) */
        CHECK(wc_mchain_order(3, 3, 2, d, 3, chain, &si) == 0, "order");
        CHECK(chain[0] == 6 && chain[1] == 1 && chain[2] == 4 && chain[3] == 2 && si == 3, "chain %d %d %d %d, source at %d",
              chain[0], chain[1], chain[2], chain[3], si);
    });

    GROUP("bad input", {
        int d[2] = { 3, 3 }, si;
        CHECK(wc_mchain_order(2, 2, 0, d, 2, chain, &si) == WC_MCHAIN_EARG, "repeated destination");
        d[0] = 0;
        CHECK(wc_mchain_order(2, 2, 0, d, 1, chain, &si) == WC_MCHAIN_EARG, "source among the destinations");
        d[0] = 4;
        CHECK(wc_mchain_order(2, 2, 0, d, 1, chain, &si) == WC_MCHAIN_EARG, "destination outside the mesh");
        CHECK(wc_mchain_tree(chain, 3, 3, &t) == WC_MCHAIN_EARG, "source index outside the chain");
        {
            wc_edge small[2];
            wc_tree ts = { 0, 0, 2, small };
            int c[4] = { 0, 1, 2, 3 };
            CHECK(wc_mchain_tree(c, 4, 0, &ts) == WC_MCHAIN_EFULL, "edge array too small");
        }
    });

    GROUP("random sets on 12 meshes: valid, one-port, ceil(log2 n) steps, contention-free under XY", {
        static const mesh ms[] = { { 4, 4 }, { 8, 8 }, { 5, 3 }, { 3, 5 }, { 16, 1 }, { 1, 16 },
                                   { 7, 6 }, { 16, 16 }, { 2, 9 }, { 10, 10 }, { 32, 32 }, { 64, 64 } };
        wc_rng r;
        int k, trial, fails = 0, runs = 0;
        char why[160] = "";
        wc_rng_seed(&r, 2026);
        for (k = 0; k < (int)(sizeof ms / sizeof ms[0]); k++) {
            const int N = ms[k].X * ms[k].Y, trials = N > 1024 ? 20 : 200;
            for (trial = 0; trial < trials; trial++) {
                int src = (int)wc_rng_below(&r, (uint32_t)N), nd, i, si, s, perm[4096];
                for (i = 0; i < N; i++)
                    perm[i] = i;
                /* a random subset of the other nodes: 1..N-1 of them */
                nd = 1 + (int)wc_rng_below(&r, (uint32_t)(N - 1));
                for (i = 0; i < N - 1; i++) {
                    int j = i + (int)wc_rng_below(&r, (uint32_t)(N - i)), x = perm[i];
                    perm[i] = perm[j];
                    perm[j] = x;
                }
                for (i = 0, s = 0; s < nd; i++)
                    if (perm[i] != src)
                        dst[s++] = perm[i];
                runs++;
                if (wc_mchain_order(ms[k].X, ms[k].Y, src, dst, nd, chain, &si) ||
                    (s = wc_mchain_tree(chain, nd + 1, si, &t)) < 0 ||
                    check_tree(&ms[k], chain, nd + 1, src, &t, s, why)) {
                    if (!fails++)
                        printf("mesh %dx%d source %d, %d destinations: %s\n", ms[k].X, ms[k].Y, src, nd, why);
                }
            }
        }
        CHECK(fails == 0, "%d of %d multicasts failed", fails, runs);
    });
    return wc_test_done();
}

/* SPDX-License-Identifier: Apache-2.0 */
/* The k-binomial tree code of the algorithm library (sw/lib/wc_kbin.c,
 * Kesavan and Panda, ICPP 1997 Section 4) running
 * as firmware: optimal k and step counts over a grid of set sizes and
 * packet counts, and trees on chains, each checked for its defining
 * properties (every destination receives exactly once, from a node that
 * already had the packet, at most k children, completion = L1).  The same
 * source also builds for the host (make test compares the two outputs). */
#include "rt.h"
#include "wc_kbin.h"

#define NMAX 64
static wc_edge edges[NMAX];
static int chain[NMAX], recv_step[NMAX], kids[NMAX];

static int check_tree(const wc_tree *t, int n, int k, int l1)
{
    int i, last = 0;
    for (i = 0; i < n; i++) {
        recv_step[i] = i == 0 ? 0 : -1;
        kids[i] = 0;
    }
    if (t->nedges != n - 1)
        return 1;
    for (i = 0; i < t->nedges; i++) {
        const wc_edge *e = &t->edges[i];
        if (e->to <= 0 || e->to >= n || recv_step[e->to] != -1)
            return 2;
        recv_step[e->to] = e->step;
        if (++kids[e->from] > k)
            return 3;
        if (e->step > last)
            last = e->step;
    }
    for (i = 0; i < t->nedges; i++)   /* the sender had it before sending */
        if (recv_step[t->edges[i].from] < 0 || recv_step[t->edges[i].from] >= t->edges[i].step)
            return 4;
    return last == l1 ? 0 : 5;
}

int main(void)
{
    int n, m, k, bad = 0, trees = 0;
    uint32_t digest = 0;
    wc_tree t;
    for (n = 2; n <= NMAX; n++)
        for (m = 1; m <= 8; m++) {
            int ko = wc_kbin_kopt(n, m);
            digest = digest * 31u + (uint32_t)ko * 7u + (uint32_t)wc_kbin_steps(n, m, ko);
        }
    wc_printf("kbin: kopt(64,1)=%d kopt(64,4)=%d kopt(64,16)=%d steps(64,4,kopt)=%d N(5,2)=%d\n",
              wc_kbin_kopt(64, 1), wc_kbin_kopt(64, 4), wc_kbin_kopt(64, 16),
              wc_kbin_steps(64, 4, wc_kbin_kopt(64, 4)), (int)wc_kbin_N(5, 2));
    for (n = 0; n < NMAX; n++)
        chain[n] = n;
    for (n = 2; n <= NMAX; n += 3)
        for (k = 1; k <= 6; k++) {
            int l1, rc, i;
            t.src = 0;
            t.nedges = 0;
            t.cap = NMAX;
            t.edges = edges;
            l1 = wc_kbin_tree(chain, n, k, &t);
            rc = check_tree(&t, n, k, wc_kbin_L1(n, k));
            if (l1 != wc_kbin_L1(n, k) || rc) {
                wc_printf("kbin: tree n=%d k=%d wrong (check %d)\n", n, k, rc);
                bad = 1;
            }
            for (i = 0; i < t.nedges; i++)
                digest = digest * 33u + (uint32_t)(edges[i].from * 4096 + edges[i].to * 16 + edges[i].step);
            trees++;
        }
    wc_printf("kbin: %d trees checked, digest %08x\n", trees, digest);
    wc_printf("kbin: %s\n", bad ? "FAIL" : "OK");
    return bad;
}

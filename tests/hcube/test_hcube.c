/* SPDX-License-Identifier: Apache-2.0 */
/* Tests for the hypercube multicast library: the worked examples of
 * Robinson et al., Supercomputing 1993 (Figs. 3, 5, 6, 8),
 * the lecture notes' chain lemma and Q6 scatter table
 * (the CS838 lecture notes, 1999), and randomized
 * property tests against independent re-implementations written here
 * (time-stepped step simulator, explicit arc sets for Definition 4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_hcube.h"
#include "wc_steps.h"
#include "wc_contention.h"
#include "wc_scatter.h"
#include "wc_rng.h"
#include "wc_kbin.h"
#include "wc_topo.h"
#include "../wc_test.h"

#define MAXM 1024
static wc_edge ebuf[MAXM];
static int work[4 * MAXM + 8];
static int chainbuf[MAXM + 1];

static int bin(const char *s)
{
    int v = 0;
    while (*s) v = 2 * v + (*s++ - '0');
    return v;
}

/* Build and time a tree; returns steps or negative. */
static int make_tree(int algo, int n, int src, const int *dst, int m, int port,
                     wc_tree *t)
{
    wc_hcube_cfg cfg;
    int r;
    cfg.n = n; cfg.high_first = 1;
    t->edges = ebuf; t->cap = MAXM; t->nedges = 0;
    r = wc_hcube_tree(algo, n, 1, src, dst, m, chainbuf, t);
    if (r < 0)
        return r;
    return wc_steps_assign(t, port, wc_hcube_chan, &cfg, work);
}

static int find_edge(const wc_tree *t, int from, int to)
{
    int i;
    for (i = 0; i < t->nedges; i++)
        if (t->edges[i].from == from && t->edges[i].to == to)
            return i;
    return -1;
}

static int hcube_contention(const wc_tree *t, int n)
{
    return wc_contention_hcube(t, n, 1, NULL, 0, work);
}

/* ---- the 4-cube example: Figs. 2, 3, 5 and 8 -------------------------- */
static const char *const fig3_dst[8] = { "0001", "0011", "0101", "0111", "1011", "1100", "1110", "1111" };

static void test_fig3(void)
{
    int dst[8], i, s, m = 8;
    wc_tree t;
    for (i = 0; i < 8; i++)
        dst[i] = bin(fig3_dst[i]);
    /* Fig. 3(c): U-cube one-port, 4 steps = ceil(log2(8+1)), first send to 0111 */
    s = make_tree(WC_HCUBE_UCUBE, 4, 0, dst, m, WC_PORT_ONE, &t);
    CHECK(s == 4, "Fig. 3(c) U-cube one-port: %d steps, paper 4", s);
    CHECK(t.edges[0].from == 0 && t.edges[0].to == bin("0111") && t.edges[0].step == 1,
          "Fig. 3(c): first unicast 0000->0111 in step 1");
    CHECK(hcube_contention(&t, 4) == 0, "Fig. 3(c): U-cube one-port contention-free");
    /* the paper: 0111->1011 and 0111->1100 share channels but go in
     * different steps */
    i = find_edge(&t, bin("0111"), bin("1011"));
    CHECK(i >= 0 && find_edge(&t, bin("0111"), bin("1100")) >= 0 &&
          t.edges[i].step != t.edges[find_edge(&t, bin("0111"), bin("1100"))].step,
          "Fig. 3(c): 0111 sends to 1100 and 1011 in different steps");
    CHECK(wc_contention_hcube_share(bin("0111"), bin("1011"), bin("0111"), bin("1100"), 1),
          "Fig. 3(c): paths 0111->1011 and 0111->1100 share a channel");
    /* Fig. 3(d): U-cube all-port still 4 steps, 1011 reached in step 3 */
    s = make_tree(WC_HCUBE_UCUBE, 4, 0, dst, m, WC_PORT_ALL, &t);
    CHECK(s == 4, "Fig. 3(d) U-cube all-port: %d steps, paper 4", s);
    CHECK(wc_steps_recv(&t, bin("1011")) == 3, "Fig. 3(d): 1011 reached in step %d, paper 3",
          wc_steps_recv(&t, bin("1011")));
    /* Fig. 3(e): a 2-step all-port tree exists; W-sort finds it (Fig. 8(c)) */
    s = make_tree(WC_HCUBE_WSORT, 4, 0, dst, m, WC_PORT_ALL, &t);
    CHECK(s == 2, "Fig. 3(e)/8(c) W-sort all-port: %d steps, paper 2", s);
    CHECK(hcube_contention(&t, 4) == 0, "Fig. 8(c): W-sort contention-free");
    /* Fig. 8(a): node 7 cannot send to 11 and 12 in the same step */
    s = make_tree(WC_HCUBE_UCUBE, 4, 0, dst, m, WC_PORT_ALL, &t);
    CHECK(find_edge(&t, 7, 11) >= 0 && find_edge(&t, 7, 12) >= 0 &&
          t.edges[find_edge(&t, 7, 11)].step != t.edges[find_edge(&t, 7, 12)].step,
          "Fig. 8(a): U-cube node 7 sends to 11 and 12 in different steps");
    /* Fig. 8(b): Maxport 4 steps; each sender uses distinct channels */
    s = make_tree(WC_HCUBE_MAXPORT, 4, 0, dst, m, WC_PORT_ALL, &t);
    CHECK(s == 4, "Fig. 8(b) Maxport all-port: %d steps, paper 4", s);
    {
        int a, b, ok = 1;
        for (a = 0; a < t.nedges; a++)
            for (b = a + 1; b < t.nedges; b++)
                if (t.edges[a].from == t.edges[b].from &&
                    wc_hcube_delta(t.edges[a].from, t.edges[a].to, 1) ==
                    wc_hcube_delta(t.edges[b].from, t.edges[b].to, 1))
                    ok = 0;
        CHECK(ok, "Fig. 8(b): Maxport unicasts of one sender leave on different channels");
    }
    CHECK(hcube_contention(&t, 4) == 0, "Fig. 8(b): Maxport contention-free");
    printf("checked Figs. 3(c)-(e) and 8(a)-(c): the 4-cube example\n");
}

static void test_fig5_chain(void)
{
    static const char *const d[8] = { "0001", "0011", "0101", "0111", "1000", "1010", "1011", "1111" };
    /* Phi as the paper prints it: 8 entries, no 1110 */
    static const char *const paper_phi[8] = { "0000", "0001", "0011", "0101", "0111", "1011", "1100", "1111" };
    /* what XOR with 0100 and sorting gives (1010 ^ 0100 = 1110) */
    static const char *const phi[9] = { "0000", "0001", "0011", "0101", "0111", "1011", "1100", "1110", "1111" };
    int dst[8], i, len, ok = 1, src = bin("0100"), s, missing = 0;
    wc_tree t;
    for (i = 0; i < 8; i++)
        dst[i] = bin(d[i]);
    len = wc_hcube_chain(4, 1, src, dst, 8, chainbuf);
    CHECK(len == 9, "Fig. 5 chain length %d (source + 8)", len);
    for (i = 0; i < 9 && len == 9; i++)
        if ((chainbuf[i] ^ src) != bin(phi[i]))
            ok = 0;
    CHECK(ok, "Fig. 5: source-relative chain is 0000,0001,0011,0101,0111,1011,1100,1110,1111");
    /* The printed Phi omits 1110 although 1010 is a destination: a typo
     * in the paper (docs/results/hypercube.md); pin that it differs. */
    for (i = 0; i < 8; i++)
        if (bin(paper_phi[i]) == bin("1110"))
            missing = 1;
    CHECK(!missing && len == 9, "Fig. 5: the printed Phi (8 entries) misses 1110 = 1010^0100");
    s = make_tree(WC_HCUBE_UCUBE, 4, src, dst, 8, WC_PORT_ONE, &t);
    CHECK(s == 4, "Fig. 5 U-cube one-port from 0100: %d steps, paper 4", s);
    CHECK(hcube_contention(&t, 4) == 0, "Fig. 5: contention-free");
    /* same operation as Fig. 3 translated by XOR 0100: same step profile */
    {
        int dst3[8], k, same = 1;
        wc_tree t3;
        static wc_edge e3[16];
        static int w3[64], c3[16];
        wc_hcube_cfg cfg = { 4, 1 };
        for (k = 0; k < 8; k++)
            dst3[k] = bin(fig3_dst[k]);
        t3.edges = e3; t3.cap = 16; t3.nedges = 0;
        wc_hcube_tree(WC_HCUBE_UCUBE, 4, 1, 0, dst3, 8, c3, &t3);
        wc_steps_assign(&t3, WC_PORT_ONE, wc_hcube_chan, &cfg, w3);
        for (k = 0; k < t3.nedges; k++) {
            int e = find_edge(&t, t3.edges[k].from ^ src, t3.edges[k].to ^ src);
            if (e < 0 || t.edges[e].step != t3.edges[k].step)
                same = 0;
        }
        CHECK(same && t3.nedges == t.nedges, "Fig. 5 tree is the Fig. 3(c) tree XOR 0100");
    }
    printf("checked Fig. 5: source-relative chain and U-cube from 0100\n");
}

static void test_fig6(void)
{
    int dst[3], s;
    wc_tree t;
    dst[0] = bin("1001"); dst[1] = bin("1010"); dst[2] = bin("1011");
    s = make_tree(WC_HCUBE_MAXPORT, 4, 0, dst, 3, WC_PORT_ALL, &t);
    CHECK(s == 3, "Fig. 6(a) Maxport: %d steps, paper 3", s);
    s = make_tree(WC_HCUBE_UCUBE, 4, 0, dst, 3, WC_PORT_ALL, &t);
    CHECK(s == 2, "Fig. 6(b) U-cube: %d steps, paper 2", s);
    s = make_tree(WC_HCUBE_COMBINE, 4, 0, dst, 3, WC_PORT_ALL, &t);
    CHECK(s == 2, "Fig. 6 case, Combine: %d steps (takes U-cube's choice, 2)", s);
    printf("checked Fig. 6: Maxport 3 steps vs U-cube 2 steps\n");
}

static void test_fig8_order(void)
{
    static const int d[9] = { 0, 1, 3, 5, 7, 11, 12, 14, 15 };
    static const int want[9] = { 0, 1, 3, 5, 7, 14, 15, 12, 11 };
    int c[9], i, ok = 1;
    for (i = 0; i < 9; i++)
        c[i] = d[i];
    CHECK(wc_hcube_is_cube_ordered(c, 9, 4, 1), "Fig. 8: D is cube-ordered (Theorem 4)");
    wc_hcube_weighted_sort(c, 0, 8, 4, 4, 1);
    for (i = 0; i < 9; i++)
        if (c[i] != want[i])
            ok = 0;
    CHECK(ok, "Fig. 8: weighted_sort gives {0,1,3,5,7,14,15,12,11}, got {%d,%d,%d,%d,%d,%d,%d,%d,%d}",
          c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
    CHECK(wc_hcube_is_cube_ordered(c, 9, 4, 1), "Fig. 8: weighted chain still cube-ordered (Theorem 5.1)");
    /* the dimension-ordered sequence is not the weighted one */
    c[5] = 11; c[6] = 14;
    CHECK(wc_hcube_is_cube_ordered(c, 9, 4, 1) == 0 || c[5] != want[5], "cube-order checker sanity");
    {   /* a chain that is not cube-ordered is rejected */
        int bad[4] = { 0, 8, 1, 9 };
        wc_tree t;
        t.edges = ebuf; t.cap = MAXM; t.nedges = 0;
        CHECK(!wc_hcube_is_cube_ordered(bad, 4, 4, 1), "{0,8,1,9} is not cube-ordered");
        CHECK(wc_hcube_chain_tree(WC_HCUBE_MAXPORT, bad, 4, 4, 1, &t) == WC_HCUBE_EORDER,
              "Maxport refuses a chain that is not cube-ordered");
    }
    printf("checked Fig. 8 weighted order\n");
}

/* ---- input validation ---------------------------------------------------- */
static void test_validation(void)
{
    int d1[3] = { 1, 2, 1 }, d2[2] = { 1, 0 }, d3[2] = { 1, 16 }, d4[3] = { 9, 3, 5 };
    CHECK(wc_hcube_chain(4, 1, 0, d1, 3, chainbuf) == WC_HCUBE_EDUP, "duplicate destination rejected");
    CHECK(wc_hcube_chain(4, 1, 0, d2, 2, chainbuf) == WC_HCUBE_ESRC, "source as destination rejected");
    CHECK(wc_hcube_chain(4, 1, 0, d3, 2, chainbuf) == WC_HCUBE_ERANGE, "out-of-range destination rejected");
    CHECK(wc_hcube_chain(0, 1, 0, d3, 0, chainbuf) == WC_HCUBE_EDIM, "0-cube rejected");
    CHECK(wc_hcube_chain(4, 1, 0, d4, 3, chainbuf) == 4 && chainbuf[1] == 3 && chainbuf[2] == 5 &&
          chainbuf[3] == 9, "destinations in any order are sorted");
    /* low-first routing: dimension order is bit-reversed order
     * (Section 4.1 example: 10100, 10010, 00110) */
    {
        int v[3] = { bin("10100"), bin("00110"), bin("10010") };
        wc_hcube_sort_dimorder(v, 3, 5, 0);
        CHECK(v[0] == bin("10100") && v[1] == bin("10010") && v[2] == bin("00110"),
              "Section 4.1: low-first dimension order 10100,10010,00110");
        wc_hcube_sort_dimorder(v, 3, 5, 1);
        CHECK(v[0] == bin("00110") && v[1] == bin("10010") && v[2] == bin("10100"),
              "Section 4.1: high-first dimension order 00110,10010,10100");
    }
    {   /* step model rejects malformed trees */
        wc_edge e[3];
        wc_tree t;
        t.edges = e; t.cap = 3; t.src = 0; t.nedges = 0;
        wc_tree_add(&t, 0, 1, 0); wc_tree_add(&t, 2, 3, 0);
        CHECK(wc_steps_assign(&t, WC_PORT_ONE, NULL, NULL, work) == WC_STEPS_EORPHAN, "orphan edge rejected");
        t.nedges = 0; wc_tree_add(&t, 0, 1, 0); wc_tree_add(&t, 0, 1, 0);
        CHECK(wc_steps_assign(&t, WC_PORT_ONE, NULL, NULL, work) == WC_STEPS_EMULTI, "double delivery rejected");
        t.nedges = 0; wc_tree_add(&t, 0, 1, 0); wc_tree_add(&t, 1, 0, 0);
        CHECK(wc_steps_assign(&t, WC_PORT_ONE, NULL, NULL, work) == WC_STEPS_ESRC, "edge to the root rejected");
        t.nedges = 0; wc_tree_add(&t, 0, 1, 0); wc_tree_add(&t, 1, 2, 0); wc_tree_add(&t, 2, 1, 0);
        CHECK(wc_steps_assign(&t, WC_PORT_ALL, NULL, NULL, work) == WC_STEPS_EARG, "all-port without channels rejected");
    }
    printf("checked input validation\n");
}

/* ---- independent re-implementations ----------------------------------- */

/* Time-stepped simulation of the step model: walk steps 1, 2, ...; in each
 * step every informed sender starts its next pending unicast (one-port) or
 * the next pending unicast of each channel (all-port). */
static int sim_steps(const wc_tree *t, int port, int n, int *steps_out)
{
    static int recv[1 << 12], sent[MAXM];
    int i, step, left = t->nedges, last = 0;
    for (i = 0; i < (1 << n); i++) recv[i] = -1;
    recv[t->src] = 0;
    for (i = 0; i < t->nedges; i++) { sent[i] = 0; steps_out[i] = 0; }
    for (step = 1; left > 0 && step <= 4 * MAXM; step++) {
        static int busy[1 << 12][32];
        int u, c;
        for (u = 0; u < (1 << n); u++) for (c = 0; c <= n; c++) busy[u][c] = 0;
        for (i = 0; i < t->nedges; i++) {
            int u2 = t->edges[i].from, j, blocked = 0;
            if (sent[i] || recv[u2] < 0 || recv[u2] >= step)
                continue;
            c = port == WC_PORT_ONE ? n : wc_hcube_delta(u2, t->edges[i].to, 1);
            /* an earlier-issued pending send on the same resource goes first */
            for (j = 0; j < i; j++)
                if (!sent[j] && t->edges[j].from == u2 &&
                    (port == WC_PORT_ONE || wc_hcube_delta(u2, t->edges[j].to, 1) == c))
                    blocked = 1;
            if (blocked || busy[u2][c])
                continue;
            busy[u2][c] = 1;
            steps_out[i] = step;
        }
        for (i = 0; i < t->nedges; i++)
            if (!sent[i] && steps_out[i] == step) {
                sent[i] = 1;
                recv[t->edges[i].to] = step;
                left--;
                last = step;
            }
    }
    return left ? -1 : last;
}

/* Definition 4 by brute force: explicit node sequences of e-cube paths,
 * arcs as (node, next) pairs, ancestry from a parent array. */
static int ecube_nodes(int u, int v, int *seq)
{
    int k = 0, d;
    seq[k++] = u;
    for (d = 30; d >= 0; d--)
        if (((u ^ v) >> d) & 1) {
            u ^= 1 << d;
            seq[k++] = u;
        }
    return k;
}

static int brute_def4(const wc_tree *t, int n)
{
    static int parent[1 << 12];
    int i, j, cnt = 0;
    for (i = 0; i < (1 << n); i++) parent[i] = -2;
    parent[t->src] = -1;
    for (i = 0; i < t->nedges; i++) parent[t->edges[i].to] = t->edges[i].from;
    for (i = 0; i < t->nedges; i++)
        for (j = 0; j < t->nedges; j++) {
            const wc_edge *a = &t->edges[i], *b = &t->edges[j];
            int sa[40], sb[40], la, lb, p, q, share = 0, x, ok;
            if (i == j || a->step > b->step || (a->step == b->step && i > j))
                continue;
            la = ecube_nodes(a->from, a->to, sa);
            lb = ecube_nodes(b->from, b->to, sb);
            for (p = 0; p + 1 < la; p++)
                for (q = 0; q + 1 < lb; q++)
                    if (sa[p] == sb[q] && sa[p + 1] == sb[q + 1])
                        share = 1;
            if (!share)
                continue;
            ok = 0;
            if (a->step < b->step)
                for (x = b->from; x >= 0; x = parent[x])
                    if (x == a->from) { ok = 1; break; }
            if (!ok)
                cnt++;
        }
    return cnt;
}

/* every destination reached exactly once, nothing else, senders informed
 * before they send */
static int check_delivery(const wc_tree *t, const int *dst, int m, int n)
{
    static int mark[1 << 12], recv[1 << 12];
    int i;
    for (i = 0; i < (1 << n); i++) { mark[i] = 0; recv[i] = -1; }
    for (i = 0; i < m; i++) mark[dst[i]] = 1;
    recv[t->src] = 0;
    if (t->nedges != m)
        return 0;
    for (i = 0; i < t->nedges; i++) {
        if (mark[t->edges[i].to] != 1) return 0;
        mark[t->edges[i].to] = 2;
        recv[t->edges[i].to] = t->edges[i].step;
    }
    for (i = 0; i < t->nedges; i++)
        if (recv[t->edges[i].from] < 0 || recv[t->edges[i].from] >= t->edges[i].step)
            return 0;
    for (i = 0; i < m; i++)
        if (mark[dst[i]] != 2) return 0;
    return 1;
}

static void random_set(wc_rng *r, int n, int *src, int *dst, int m)
{
    static int perm[1 << 12];
    int size = 1 << n, i;
    *src = (int)wc_rng_below(r, (uint32_t)size);
    for (i = 0; i < size; i++) perm[i] = i;
    perm[*src] = size - 1; perm[size - 1] = *src;
    for (i = 0; i < m; i++) {
        int j = i + (int)wc_rng_below(r, (uint32_t)(size - 1 - i)), x = perm[i];
        perm[i] = perm[j]; perm[j] = x;
        dst[i] = perm[i];
    }
}

static int ceil_log(int base, int x)   /* smallest s with base^s >= x */
{
    int s = 0;
    long p = 1;
    while (p < x) { p *= base; s++; }
    return s;
}

/* A random multicast tree: random source and destinations, each
 * destination sent to by the source or a random earlier destination. */
static void random_tree(wc_rng *r, int n, int *dst, int m, wc_tree *t)
{
    int i, src;
    random_set(r, n, &src, dst, m);
    t->edges = ebuf; t->cap = MAXM; t->nedges = 0; t->src = src;
    for (i = 0; i < m; i++) {
        int p = (int)wc_rng_below(r, (uint32_t)(i + 1));
        wc_tree_add(t, p == i ? src : dst[p], dst[i], 0);
    }
}

/* Random trees (random earlier parent, random issue order) do contend:
 * the Definition 4 checker must agree with brute force there too. */
static void test_random_trees(void)
{
    wc_rng r;
    int it, bad = 0, contending = 0, bad_sim = 0;
    static int simsteps[MAXM];
    wc_rng_seed(&r, 99);
    for (it = 0; it < 300; it++) {
        int n = 3 + (int)wc_rng_below(&r, 4), size = 1 << n, i, c, port;
        int m = 1 + (int)wc_rng_below(&r, (uint32_t)(size - 1));
        static int dst[MAXM];
        wc_tree t;
        wc_hcube_cfg cfg;
        cfg.n = n; cfg.high_first = 1;
        random_tree(&r, n, dst, m, &t);
        port = it & 1 ? WC_PORT_ALL : WC_PORT_ONE;
        if (wc_steps_assign(&t, port, wc_hcube_chan, &cfg, work) != sim_steps(&t, port, n, simsteps))
            bad_sim++;
        else
            for (i = 0; i < m; i++)
                if (simsteps[i] != t.edges[i].step) { bad_sim++; break; }
        c = hcube_contention(&t, n);
        if (c) contending++;
        if (c != brute_def4(&t, n)) bad++;
    }
    CHECK(bad_sim == 0, "random trees: step model equals the time-stepped simulation (%d differ)", bad_sim);
    CHECK(contending > 50, "random trees do contend (%d of 300): the checker is exercised", contending);
    CHECK(bad == 0, "random trees: Definition 4 checker equals brute force (%d differ)", bad);
}

/* k-binomial trees (the other half of the library) on the source-relative
 * chain: their own step labels must equal the one-port step model, and the
 * chain order must keep them contention-free under Definition 4. */
static void test_kbin_on_chain(void)
{
    wc_rng r;
    int it, bad_steps = 0, cont = 0, trees = 0;
    static int dst[MAXM], keep[MAXM];
    wc_rng_seed(&r, 4242);
    for (it = 0; it < 300; it++) {
        int n = 2 + (int)wc_rng_below(&r, 7), size = 1 << n, src, len, k, i, l1, s;
        int m = 1 + (int)wc_rng_below(&r, (uint32_t)(size - 1));
        wc_tree t;
        wc_hcube_cfg cfg;
        cfg.n = n; cfg.high_first = 1;
        random_set(&r, n, &src, dst, m);
        len = wc_hcube_chain(n, 1, src, dst, m, chainbuf);
        k = 1 + (int)wc_rng_below(&r, (uint32_t)wc_kbin_log2ceil(len));
        t.edges = ebuf; t.cap = MAXM; t.nedges = 0; t.src = src;
        l1 = wc_kbin_tree(chainbuf, len, k, &t);
        for (i = 0; i < t.nedges; i++) keep[i] = t.edges[i].step;
        s = wc_steps_assign(&t, WC_PORT_ONE, wc_hcube_chan, &cfg, work);
        trees++;
        if (s != l1 || !check_delivery(&t, dst, m, n)) bad_steps++;
        else
            for (i = 0; i < t.nedges; i++)
                if (keep[i] != t.edges[i].step) { bad_steps++; break; }
        if (hcube_contention(&t, n)) cont++;
    }
    CHECK(bad_steps == 0, "k-binomial on the chain: wc_kbin_tree's steps equal the one-port step model, L1 (%d of %d differ)",
          bad_steps, trees);
    CHECK(cont == 0, "k-binomial on the source-relative dimension-ordered chain: no Definition 4 contention one-port (%d of %d contend)",
          cont, trees);
}

/* The general checker on the host topology's routes (wc_topo_path):
 * link = router * P + output port.  On cube:N it must find exactly what it
 * finds with the library's own e-cube links, and everything it finds is
 * Definition 4 contention too (same step, shared arc). */
static int topo_path(void *ctx, int from, int to, int *links, int max)
{
    const wc_topo *t = (const wc_topo *)ctx;
    int routers[64], ports[64], len, i;
    len = wc_topo_path(t, from, to, routers, ports, max < 64 ? max : 64);
    if (len < 0)
        return -1;
    for (i = 0; i < len; i++)
        links[i] = routers[i] * t->nports + ports[i];
    return len;
}

static void test_topo_links(void)
{
    char err[256];
    wc_topo *topo = wc_topo_create("cube:5", err, sizeof err);
    wc_rng r;
    int it, bad = 0, notdef4 = 0, found = 0;
    static int lw[WC_CONTENTION_LINKS_WORK(64, 12)], lw2[WC_CONTENTION_LINKS_WORK(64, 12)];
    static wc_contention_pair pr[4096];
    CHECK(topo != NULL, "cube:5 topology: %s", topo ? "ok" : err);
    if (!topo)
        return;
    wc_rng_seed(&r, 31);
    for (it = 0; it < 200; it++) {
        int n = 5, i, c1, c2, m = 1 + (int)wc_rng_below(&r, 31);
        static int dst[64];
        wc_tree t;
        wc_hcube_cfg cfg;
        cfg.n = n; cfg.high_first = 1;
        random_tree(&r, n, dst, m, &t);
        wc_steps_assign(&t, WC_PORT_ALL, wc_hcube_chan, &cfg, work);
        c1 = wc_contention_links(&t, topo_path, topo, 1, 12, pr, 4096, lw);
        c2 = wc_contention_links(&t, wc_contention_hcube_path, &cfg, 1, 12, NULL, 0, lw2);
        if (c1 != c2) bad++;
        found += c1 > 0;
        for (i = 0; i < c1 && i < 4096; i++) {
            const wc_edge *a = &t.edges[pr[i].a], *b = &t.edges[pr[i].b];
            if (a->step != b->step || !wc_contention_hcube_share(a->from, a->to, b->from, b->to, 1))
                notdef4++;
        }
    }
    CHECK(bad == 0, "shared-link checker: wc_topo_path routes on cube:5 give the e-cube result (%d differ)", bad);
    CHECK(found > 20, "shared-link checker finds same-step contention in random trees (%d of 200)", found);
    CHECK(notdef4 == 0, "every shared-link contention is a same-step Definition 4 contention (%d not)", notdef4);
    wc_topo_free(topo);
}

static void test_random(void)
{
    static const int dims[] = { 2, 3, 4, 5, 6, 8 };
    static int dst[MAXM], simsteps[MAXM];
    wc_rng r;
    int di, it, algo, port;
    int bad_deliver = 0, bad_sim = 0, bad_brute = 0, trees = 0, ucube_opt = 0, lb = 0;
    int cf[4][3] = { { 0 } };   /* contending trees per algo, port */
    int ex_algo = -1, ex_n = 0, ex_src = 0, ex_m = 0;
    static int ex_dst[64];
    wc_rng_seed(&r, 12345);
    for (di = 0; di < (int)(sizeof dims / sizeof dims[0]); di++) {
        int n = dims[di], size = 1 << n, iters = n <= 6 ? 150 : 40;
        for (it = 0; it < iters; it++) {
            int src, m = 1 + (int)wc_rng_below(&r, (uint32_t)(size - 1));
            random_set(&r, n, &src, dst, m);
            for (algo = 0; algo <= WC_HCUBE_WSORT; algo++)
                for (port = WC_PORT_ONE; port <= WC_PORT_ALL; port++) {
                    wc_tree t;
                    int s = make_tree(algo, n, src, dst, m, port, &t), ss, c;
                    trees++;
                    if (!check_delivery(&t, dst, m, n)) bad_deliver++;
                    ss = sim_steps(&t, port, n, simsteps);
                    if (ss != s) bad_sim++;
                    else {
                        int i;
                        for (i = 0; i < t.nedges; i++)
                            if (simsteps[i] != t.edges[i].step) { bad_sim++; break; }
                    }
                    c = hcube_contention(&t, n);
                    if (n <= 6 && c != brute_def4(&t, n)) bad_brute++;
                    if (c) {
                        cf[algo][port]++;
                        if (port == WC_PORT_ALL && algo == WC_HCUBE_COMBINE && ex_algo < 0 && m <= 64) {
                            ex_algo = algo; ex_n = n; ex_src = src; ex_m = m;
                            memcpy(ex_dst, dst, sizeof(int) * (size_t)m);
                        }
                    }
                    if (algo == WC_HCUBE_UCUBE && port == WC_PORT_ONE && s != ceil_log(2, m + 1))
                        ucube_opt++;
                    if (port == WC_PORT_ALL && s < ceil_log(n + 1, m + 1))
                        lb++;
                }
        }
    }
    printf("random: %d trees on n = 2,3,4,5,6,8 (U-cube, Maxport, Combine, W-sort x one/all-port)\n", trees);
    CHECK(bad_deliver == 0, "every destination reached exactly once by informed senders (%d bad)", bad_deliver);
    CHECK(bad_sim == 0, "step model equals a time-stepped simulation (%d differ)", bad_sim);
    CHECK(bad_brute == 0, "Definition 4 checker equals brute force over arc sets (%d differ)", bad_brute);
    CHECK(ucube_opt == 0, "U-cube one-port takes ceil(log2(m+1)) steps ([9] via Section 4.1) (%d not)", ucube_opt);
    CHECK(lb == 0, "all-port trees never beat ceil(log_(n+1)(m+1)) (%d do)", lb);
    CHECK(cf[WC_HCUBE_UCUBE][WC_PORT_ONE] == 0, "U-cube one-port contention-free (%d trees contend)", cf[0][1]);
    CHECK(cf[WC_HCUBE_MAXPORT][WC_PORT_ALL] == 0, "Maxport all-port contention-free (%d trees contend)", cf[1][2]);
    CHECK(cf[WC_HCUBE_WSORT][WC_PORT_ALL] == 0, "W-sort all-port contention-free, Theorem 6 (%d trees contend)", cf[3][2]);
    CHECK(cf[WC_HCUBE_COMBINE][WC_PORT_ALL] == 0, "Combine all-port contention-free (%d trees contend)", cf[2][2]);
    printf("informational: trees with Definition-4 contention: U-cube all-port %d, Maxport one-port %d, "
           "Combine one-port %d, W-sort one-port %d\n", cf[0][2], cf[1][1], cf[2][1], cf[3][1]);
    if (ex_algo >= 0) {
        int i;
        printf("example: Combine all-port contends on n=%d src=%d dst=", ex_n, ex_src);
        for (i = 0; i < ex_m; i++) printf("%s%d", i ? "," : "", ex_dst[i]);
        printf("\n");
    }
}

/* Theorems 4 and 5, and Maxport over arbitrary cube-ordered chains (the
 * claim in Section 4.2 that any cube-ordered chain avoids contention). */
static void shuffle_halves(wc_rng *r, int *c, int first, int last, int ns, int n)
{
    int p;
    if (last - first < 1 || ns <= 0)
        return;
    for (p = first; p <= last && !((c[p] ^ c[0]) >> (ns - 1) & 1); p++)
        ;
    shuffle_halves(r, c, first, p - 1, ns - 1, n);
    shuffle_halves(r, c, p, last, ns - 1, n);
    if (first != 0 && p > first && p <= last && wc_rng_below(r, 2)) {
        static int tmp[MAXM];
        int k = 0, i;
        for (i = p; i <= last; i++) tmp[k++] = c[i];
        for (i = first; i < p; i++) tmp[k++] = c[i];
        for (i = 0; i < k; i++) c[first + i] = tmp[i];
    }
}

static void test_chains(void)
{
    static int dst[MAXM], c[MAXM + 1], orig[MAXM + 1];
    wc_rng r;
    int it, bad4 = 0, bad5 = 0, badmp = 0, ordered = 0;
    wc_rng_seed(&r, 777);
    for (it = 0; it < 400; it++) {
        int n = 2 + (int)wc_rng_below(&r, 7), size = 1 << n, src, i, len;
        int m = 1 + (int)wc_rng_below(&r, (uint32_t)(size - 1));
        static int cnt[1 << 12];
        random_set(&r, n, &src, dst, m);
        len = wc_hcube_chain(n, 1, src, dst, m, c);
        if (!wc_hcube_is_cube_ordered(c, len, n, 1)) bad4++;
        for (i = 1; i < len; i++)
            if (((c[i] ^ src) <= (c[i - 1] ^ src))) bad4++;
        memcpy(orig, c, sizeof(int) * (size_t)len);
        wc_hcube_weighted_sort(c, 0, len - 1, n, n, 1);
        for (i = 0; i < size; i++) cnt[i] = 0;
        for (i = 0; i < len; i++) { cnt[c[i]]++; cnt[orig[i]]--; }
        for (i = 0; i < size; i++) if (cnt[i]) { bad5++; break; }
        if (c[0] != src || !wc_hcube_is_cube_ordered(c, len, n, 1)) bad5++;
        /* random cube-ordered chain: flip subcube halves at random */
        memcpy(c, orig, sizeof(int) * (size_t)len);
        shuffle_halves(&r, c, 0, len - 1, n, n);
        if (wc_hcube_is_cube_ordered(c, len, n, 1)) {
            wc_tree t;
            wc_hcube_cfg cfg;
            cfg.n = n; cfg.high_first = 1;
            t.edges = ebuf; t.cap = MAXM; t.nedges = 0; t.src = src;
            ordered++;
            wc_hcube_chain_tree(WC_HCUBE_MAXPORT, c, len, n, 1, &t);
            wc_steps_assign(&t, WC_PORT_ALL, wc_hcube_chan, &cfg, work);
            if (!check_delivery(&t, dst, m, n) || hcube_contention(&t, n)) badmp++;
        }
    }
    CHECK(bad4 == 0, "Theorem 4: source-relative dimension-ordered chains are cube-ordered (%d bad)", bad4);
    CHECK(bad5 == 0, "Theorem 5: weighted_sort keeps a cube-ordered permutation with the source first (%d bad)", bad5);
    CHECK(ordered == 400, "random half-swaps keep chains cube-ordered (%d of 400)", ordered);
    CHECK(badmp == 0, "Maxport on random cube-ordered chains: complete and contention-free (%d bad)", badmp);
    printf("checked Theorems 4-6 on 400 random chains, n = 2..8\n");
}

/* Theorems 1 and 2 and the lecture's chain lemma, exhaustively in Q4. */
static void test_path_theorems(void)
{
    int n = 4, size = 16, u, v, x, y, w, z, bad1 = 0, bad2 = 0, lem = 0, checked = 0;
    for (x = 0; x < size; x++)
        for (y = 0; y < size; y++)
            for (v = 0; v < size; v++)
                if (y != x && v != x && wc_hcube_delta(x, y, 1) != wc_hcube_delta(x, v, 1) &&
                    wc_contention_hcube_share(x, y, x, v, 1))
                    bad1++;
    CHECK(bad1 == 0, "Theorem 1 in Q4: different first channels give arc-disjoint paths");
    for (u = 0; u < size; u++)
        for (v = 0; v < size; v++)
            for (x = 0; x < size; x++)
                for (y = 0; y < size; y++) {
                    int ns, in = 0;
                    if (u == v || x == y) continue;
                    for (ns = 0; ns < n && !in; ns++)
                        if ((u >> ns) == (v >> ns) && (x >> ns) != (u >> ns) && (y >> ns) != (u >> ns))
                            in = 1;
                    if (in && wc_contention_hcube_share(u, v, x, y, 1)) bad2++;
                }
    CHECK(bad2 == 0, "Theorem 2 in Q4: paths inside a subcube and outside it are arc-disjoint");
    for (u = 0; u < size; u++)
        for (v = u + 1; v < size; v++)
            for (w = v + 1; w < size; w++)
                for (z = w + 1; z < size; z++) {
                    checked++;
                    if (wc_contention_hcube_share(u, v, w, z, 1) ||
                        wc_contention_hcube_share(v, u, z, w, 1) ||
                        wc_contention_hcube_share(v, u, w, z, 1))
                        lem++;
                }
    CHECK(lem == 0, "lecture Lemma in Q4 (%d ordered quadruples): u->v/w->z, v->u/z->w, v->u/w->z link-disjoint", checked);
    /* "u->v and u->z are not link-disjoint": only sometimes */
    CHECK(!wc_contention_hcube_share(0, 1, 0, 8, 1) && wc_contention_hcube_share(0, 4, 0, 5, 1),
          "lecture Lemma: u->v and u->z may share (0->4, 0->5) or not (0->1, 0->8): 'not link-disjoint' means 'not necessarily'");
    printf("checked Theorems 1-2 and the chain lemma exhaustively in Q4\n");
}

/* ---- scatter --------------------------------------------------------- */
/* lecture Table: Q6 partition, positions in row-major order (n per row) */
static const char *const q6_table[63] = {
    "000001", "000010", "000100", "001000", "010000", "100000",
    "000011", "000110", "001100", "011000", "110000", "100001",
    "000101", "001010", "010100", "101000", "010001", "100010",
    "001001", "010010", "100100", "111000", "110001", "100011",
    "000111", "001110", "011100", "011001", "110010", "100101",
    "001011", "010110", "101100", "101001", "010011", "100110",
    "001101", "011010", "110100", "101010", "010101", "100111",
    "001111", "011110", "111100", "111001", "110011", "101110",
    "011101", "111010", "110101", "101011", "010111", "101101",
    "011011", "110110", "111110", "111101", "111011", "110111",
    "101111", "011111", "111111"
};

static const int *chan_col;
static int col_chan(void *ctx, int from, int to)
{
    (void)ctx; (void)from;
    return chan_col[to];
}

static void test_scatter(void)
{
    static int order[1 << 12], col[1 << 12], parent[1 << 12], tcol[64], tpar[64];
    static wc_edge se[1 << 12];
    int n, ok_build = 1, ok_hook = 1, ok_sched = 1, ok_cf = 1, ok_steps = 1, pos, same = 0;
    int ecube_cont = -1;
    for (n = 1; n <= 12; n++) {
        int size = 1 << n, w, s;
        wc_tree t;
        wc_scatter_ctx ctx;
        if (wc_scatter_build(n, order, col, parent) != 0 || wc_scatter_check(n, col, parent) != 0)
            ok_build = 0;
        for (w = 1; w < size; w++) {
            int k = 0, x;
            for (x = w; x; x >>= 1) k += x & 1;
            if (k >= 2 && k < n && wc_scatter_period(n, wc_scatter_hook(n, w)) != n)
                ok_hook = 0;
        }
        t.edges = se; t.cap = size; t.nedges = 0;
        s = wc_scatter_schedule(n, order, col, &t);
        if (s != (size - 1 + n - 1) / n || t.nedges != size - 1)
            ok_sched = 0;
        ctx.n = n; ctx.parent = parent;
        if (n <= 9) {
            static int lw[WC_CONTENTION_LINKS_WORK(512, 10)];
            if (wc_contention_links(&t, wc_scatter_path, &ctx, 1, 10, NULL, 0, lw) != 0)
                ok_cf = 0;
            if (n == 6) {
                wc_hcube_cfg cfg;
                cfg.n = n; cfg.high_first = 1;
                ecube_cont = wc_contention_links(&t, wc_contention_hcube_path, &cfg, 1, 10, NULL, 0, lw);
            }
        }
        {   /* all-port step model, channel = subtree: same rounds */
            static int w2[WC_STEPS_WORK(1 << 12)];
            static int keep[1 << 12];
            int i, s2;
            for (i = 0; i < t.nedges; i++) keep[i] = t.edges[i].step;
            chan_col = col;
            s2 = wc_steps_assign(&t, WC_PORT_ALL, col_chan, NULL, w2);
            (void)s2;
            for (i = 0; i < t.nedges; i++)
                if (keep[i] != t.edges[i].step) ok_steps = 0;
        }
    }
    CHECK(ok_build, "necklace scatter tree valid for n = 1..12 (balanced, shortest-path, one column per subtree)");
    CHECK(ok_hook, "lecture Lemma: the hook of every necklace with 2..n-1 ones is a full necklace (n = 1..12)");
    CHECK(ok_sched, "scatter takes ceil((2^n-1)/n) steps, one packet per subtree per step");
    CHECK(ok_cf, "scatter paths along the subtrees never share a link in a step (n = 1..9)");
    CHECK(ok_steps, "all-port step model with one channel per subtree reproduces the scatter rounds");
    printf("informational: the same Q6 scatter schedule over e-cube routes instead of tree paths has %d contending pairs\n",
           ecube_cont);
    /* the lecture's Q6 table */
    for (pos = 0; pos < 64; pos++) tcol[pos] = tpar[pos] = -1;
    for (pos = 0; pos < 63; pos++) tcol[bin(q6_table[pos])] = pos % 6;
    for (pos = 0; pos < 63; pos++) {
        int v = bin(q6_table[pos]), d;
        for (d = 0; d < 6; d++)
            if ((v >> d & 1) && ((v ^ (1 << d)) == 0 || tcol[v ^ (1 << d)] == tcol[v]))
                tpar[v] = v ^ (1 << d);
    }
    CHECK(wc_scatter_check(6, tcol, tpar) == 0, "lecture Q6 table is a valid balanced partition (%d)",
          wc_scatter_check(6, tcol, tpar));
    wc_scatter_build(6, order, col, parent);
    while (same < 63 && order[same] == bin(q6_table[same])) same++;
    CHECK(same == 56, "construction reproduces the Q6 table through L_43 (%d of 63 positions); "
          "L_51 starts with 111101 where the table has 111110", same);
    CHECK(order[56] == bin("111101") && bin(q6_table[56]) == bin("111110") &&
          wc_scatter_hook(6, bin("111110")) == bin("011110"),
          "table's 111110 in D_2 hooks on 111100, not on the Lemma's 011110 (D_1)");
    printf("checked the lecture's Q6 scatter table and the necklace construction\n");
}

int main(void)
{
    test_fig3();
    test_fig5_chain();
    test_fig6();
    test_fig8_order();
    test_validation();
    test_path_theorems();
    test_random();
    test_random_trees();
    test_kbin_on_chain();
    test_topo_links();
    test_chains();
    test_scatter();
    return wc_test_done();
}

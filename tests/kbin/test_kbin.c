/* SPDX-License-Identifier: Apache-2.0 */
/* k-binomial trees and FPFS/FCFS simulation against the paper
 * (Kesavan and Panda, ICPP 1997) and against
 * independent checks written here: a direct recursive Lemma 1, a
 * global-clock simulator, and a brute force over every tree shape. */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_kbin.h"
#include "wc_fpfs.h"
#include "wc_rng.h"

#define MAXN 130
#define MAXM 40

/* ---- independent references ------------------------------------------ */

/* Lemma 1 exactly as printed, by plain recursion. */
static long ref_N(int s, int k)
{
    long v = 1;
    int i;
    if (s <= k)
        return 1L << s;
    for (i = 1; i <= k; i++)
        v += ref_N(s - i, k);
    return v;
}

/* Global-clock simulation: in each step every node looks at the next copy
 * of its send list and sends it if it holds that packet from an earlier
 * step.  Returns the completion step; fills L, buf (max packets held
 * waiting for a copy, per node) and, when not NULL, sent (the step of
 * every copy, per edge and packet) like wc_fpfs_run.  O(steps * n). */
static int ref_sim(const wc_tree *t, int n, int m, int mode, int *L, int *buf, int *sent)
{
    int *have = malloc(sizeof(int) * (size_t)n * (size_t)m), *lastsend = malloc(sizeof(int) * (size_t)n * (size_t)m);
    int *kids = malloc(sizeof(int) * (size_t)(t->nedges + 1)), *ks = calloc((size_t)n + 1, sizeof(int));
    int *nk = calloc((size_t)n, sizeof(int)), *idx = calloc((size_t)n, sizeof(int));
    int *who = malloc(sizeof(int) * (size_t)n), *pk = malloc(sizeof(int) * (size_t)n);
    int v, j, step, left = 0, done = 0;
    if (!have || !lastsend || !kids || !ks || !nk || !idx || !who || !pk) {
        printf("ref_sim: out of memory\n");
        exit(1);
    }
    for (v = 0; v < n; v++)
        for (j = 0; j < m; j++)
            have[v * m + j] = v == t->src ? 0 : 1 << 29, lastsend[v * m + j] = -1;
    /* each node's child edges in edge order */
    for (j = 0; j < t->nedges; j++)
        ks[t->edges[j].from + 1]++;
    for (v = 0; v < n; v++)
        ks[v + 1] += ks[v];
    for (j = 0; j < t->nedges; j++)
        kids[ks[t->edges[j].from] + nk[t->edges[j].from]++] = j;
    for (v = 0; v < n; v++)
        left += nk[v] * m;
    for (step = 1; left > 0 && step < 1000000; step++) {
        int cnt = 0, q;
        for (v = 0; v < n; v++) {
            int c, p, e;
            if (idx[v] >= nk[v] * m)
                continue;
            p = mode == WC_FPFS ? idx[v] / nk[v] : idx[v] % m;
            c = mode == WC_FPFS ? idx[v] % nk[v] : idx[v] / m;
            e = kids[ks[v] + c];
            if (have[v * m + p] < step) {
                who[cnt] = t->edges[e].to;
                pk[cnt++] = p;
                lastsend[v * m + p] = step;
                if (sent)
                    sent[e * m + p] = step;
                idx[v]++;
                left--;
            }
        }
        for (q = 0; q < cnt; q++)    /* arrivals land at the end of the step */
            have[who[q] * m + pk[q]] = step;
    }
    for (j = 0; j < m; j++) {
        L[j] = 0;
        for (v = 0; v < n; v++)
            if (have[v * m + j] > L[j])
                L[j] = have[v * m + j];
        if (L[j] > done)
            done = L[j];
    }
    for (v = 0; v < n; v++) {
        buf[v] = 0;
        if (!nk[v])
            continue;
        for (step = 1; step <= done; step++) {
            int held = 0;
            for (j = 0; j < m; j++)
                if (have[v * m + j] < step && lastsend[v * m + j] >= step)
                    held++;
            if (held > buf[v])
                buf[v] = held;
        }
    }
    free(have);
    free(lastsend);
    free(kids);
    free(ks);
    free(nk);
    free(idx);
    free(who);
    free(pk);
    return done;
}

static int work[MAXN * (MAXM + 3) + 1];

static int sim(const wc_tree *t, int n, int m, int mode, int *L, int *buf, wc_fpfs_result *r)
{
    int rc = wc_fpfs_run(t, n, m, mode, r, L, buf, NULL, work, (int)(sizeof work / sizeof work[0]));
    return rc < 0 ? rc : r->steps;
}

/* ---- brute force over all ordered trees -------------------------------- */

static wc_edge bf_e[16];
static wc_tree bf_t;
static int bf_best, bf_m, bf_n;

/* Ordered rooted trees on n nodes in preorder: node i hangs off a node of
 * the current rightmost path (Catalan(n-1) shapes, child order included). */
static void bf_rec(int i, int *path, int depth)
{
    int d;
    wc_fpfs_result r;
    int L[MAXM];
    if (i == bf_n) {
        int s = sim(&bf_t, bf_n, bf_m, WC_FPFS, L, NULL, &r);
        if (s >= 0 && s < bf_best)
            bf_best = s;
        return;
    }
    for (d = 0; d < depth; d++) {
        int np[16];
        memcpy(np, path, sizeof(int) * (size_t)(d + 1));
        np[d + 1] = i;
        bf_t.edges[bf_t.nedges].from = path[d];
        bf_t.edges[bf_t.nedges].to = i;
        bf_t.edges[bf_t.nedges].step = 0;
        bf_t.nedges++;
        bf_rec(i + 1, np, d + 2);
        bf_t.nedges--;
    }
}

static int brute_opt(int n, int m)
{
    int path[16] = { 0 };
    bf_t.src = 0;
    bf_t.nedges = 0;
    bf_t.cap = 16;
    bf_t.edges = bf_e;
    bf_best = 1 << 30;
    bf_m = m;
    bf_n = n;
    bf_rec(1, path, 1);
    return bf_best;
}

/* ---- the tests ---------------------------------------------------------- */

static wc_edge E[MAXN];
static wc_tree T = { 0, 0, MAXN, E };
static int chain[MAXN];

/* chain[0..n-1] = a random permutation of 0..n-1 */
static void shuffled(wc_rng *rng, int n)
{
    int e;
    for (e = 0; e < n; e++)
        chain[e] = e;
    for (e = n - 1; e > 0; e--) {
        int j = (int)wc_rng_below(rng, (uint32_t)e + 1), x = chain[e];
        chain[e] = chain[j];
        chain[j] = x;
    }
}

static void set_tree(int src, const int (*ed)[2], int ne)
{
    int i;
    T.src = src;
    T.nedges = 0;
    for (i = 0; i < ne; i++)
        wc_tree_add(&T, ed[i][0], ed[i][1], 0);
}

int main(void)
{
    int i, n, m, k, s, L[MAXM], buf[MAXN], L2[MAXM], buf2[MAXN];
    wc_fpfs_result r;
    wc_rng rng;

    for (i = 0; i < MAXN; i++)
        chain[i] = i;

    GROUP("Lemma 1: N(s,k) equals the recursion as printed (s<=22, k<=7)", {
        for (k = 1; k <= 7; k++)
            for (s = 0; s <= 22; s++)
                CHECK(wc_kbin_N(s, k) == ref_N(s, k), "N(%d,%d)=%ld want %ld", s, k, wc_kbin_N(s, k), ref_N(s, k));
    });

    GROUP("L1 is the least s with N(s,k) >= n; kopt minimises L1+(m-1)k over [1,ceil(log2 n)], ties smallest", {
        for (n = 2; n <= 300; n++)
            for (k = 1; k <= 9; k++) {
                int l1 = wc_kbin_L1(n, k);
                CHECK(ref_N(l1, k) >= n && (l1 == 0 || ref_N(l1 - 1, k) < n), "L1(%d,%d)=%d", n, k, l1);
            }
        for (n = 2; n <= 300; n++)
            for (m = 1; m <= 40; m += 3) {
                int lg = 0, best = 1 << 30, bk = 0, kk = wc_kbin_kopt(n, m);
                while ((1 << lg) < n)
                    lg++;
                for (k = 1; k <= lg; k++) {
                    int l1 = 0;
                    while (ref_N(l1, k) < n)
                        l1++;
                    if (l1 + (m - 1) * k < best)
                        best = l1 + (m - 1) * k, bk = k;
                }
                CHECK(kk == bk, "kopt(%d,%d)=%d want %d", n, m, kk, bk);
            }
        CHECK(wc_kbin_kopt(1, 3) == -1 && wc_kbin_kopt(5, 0) == -1, "bad arguments rejected");
    });

    GROUP("Section 5.1 worked values: n=16,m=4 -> k=2, L1=5, 11 steps (hand-computed from Lemma 1)", {
        CHECK(wc_kbin_kopt(16, 4) == 2 && wc_kbin_L1(16, 2) == 5 && wc_kbin_steps(16, 4, 2) == 11, "kopt(16,4)");
        /* m = 1: the binomial bound ceil(log2 n) is reached, but smaller k may tie */
        CHECK(wc_kbin_steps(23, 1, wc_kbin_kopt(23, 1)) == 5 && wc_kbin_kopt(23, 1) == 3,
              "n=23,m=1: k=3 ties the binomial's 5 steps and wins the tie");
    });

    GROUP("Fig. 5: 3 packets to 3 destinations, binomial 6 steps, linear 5 steps (FPFS)", {
        static const int bin[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 3 } };
        set_tree(0, bin, 3);
        CHECK(sim(&T, 4, 3, WC_FPFS, L, buf, &r) == 6, "binomial: %d steps", r.steps);
        CHECK(wc_kbin_tree(chain, 4, 1, &T) == 3, "linear L1 = 3");
        CHECK(sim(&T, 4, 3, WC_FPFS, L, buf, &r) == 5, "linear: %d steps", r.steps);
        CHECK(wc_kbin_tree(chain, 4, 2, &T) == 2, "2-binomial on 4 nodes has L1 = 2");
        CHECK(sim(&T, 4, 3, WC_FPFS, L, buf, &r) == 6, "chain-built binomial: %d steps", r.steps);
    });

    GROUP("Fig. 8: 3 packets to 7 destinations on a binomial tree: 9 steps, packets lag by 3 = delta_r", {
        CHECK(wc_kbin_tree(chain, 8, 3, &T) == 3, "binomial L1 = 3");
        CHECK(sim(&T, 8, 3, WC_FPFS, L, buf, &r) == 9, "%d steps", r.steps);
        CHECK(L[0] == 3 && L[1] == 6 && L[2] == 9, "L = %d,%d,%d", L[0], L[1], L[2]);
    });

    GROUP("Theorem 3: FPFS on the optimal k-binomial tree takes L1+(m-1)k (n<=128, m<=24)", {
        for (n = 2; n <= 128; n += (n < 40 ? 1 : 7))
            for (m = 1; m <= 24; m++) {
                k = wc_kbin_kopt(n, m);
                wc_kbin_tree(chain, n, k, &T);
                CHECK(sim(&T, n, m, WC_FPFS, L, buf, &r) == wc_kbin_steps(n, m, k),
                      "n=%d m=%d k=%d: sim %d formula %d", n, m, k, r.steps, wc_kbin_steps(n, m, k));
            }
    });

    GROUP("Theorem 3: the optimum over all tree shapes (brute force, n<=10, m<=8) equals min_k L1+(m-1)k", {
        for (n = 2; n <= 10; n++)
            for (m = 1; m <= 8; m++) {
                int b = brute_opt(n, m), f = wc_kbin_steps(n, m, wc_kbin_kopt(n, m));
                CHECK(b == f, "n=%d m=%d: brute force %d, Theorem 3 %d", n, m, b, f);
            }
    });

    GROUP("Theorems 1-2 fail when the root is not the node with most children (pinned counterexample)", {
        /* R -> A, A -> B,C,D: delta_r = 1, L1 = 4.  Theorem 2 predicts
         * 4 + (m-1)*1; A can only emit a packet every 3 steps, so packet j
         * completes at 3j+1 (hand-derived: A gets packet j in step j and
         * sends its copies in steps 3j-1, 3j, 3j+1). */
        static const int ed[4][2] = { { 0, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 } };
        set_tree(0, ed, 4);
        CHECK(sim(&T, 5, 3, WC_FPFS, L, buf, &r) == 10, "completion %d, want 10", r.steps);
        CHECK(L[0] == 4 && L[1] == 7 && L[2] == 10, "L = %d,%d,%d want 4,7,10", L[0], L[1], L[2]);
        CHECK(r.steps != 4 + (3 - 1) * 1, "Theorem 2 formula L1+(m-1)delta_r = 6 is not met");
        CHECK(L[1] - L[0] == 3 && L[1] - L[0] != 1, "Theorem 1 lag is 3 (max children), not delta_r = 1");
    });

    GROUP("Fig. 11 construction: every node once, <=k children, sends rightward into disjoint segments, one send per step", {
        wc_rng_seed(&rng, 11);
        for (i = 0; i < 400; i++) {
            int seen[MAXN], nkid[MAXN], recvs[MAXN], e, f, ok = 1, l1, mx = 0;
            n = 1 + (int)wc_rng_below(&rng, MAXN);
            k = 1 + (int)wc_rng_below(&rng, 8);
            /* a shuffled chain of ids so positions and ids differ */
            shuffled(&rng, n);
            l1 = wc_kbin_tree(chain, n, k, &T);
            CHECK(l1 == wc_kbin_L1(n, k), "n=%d k=%d: returned %d, L1 %d", n, k, l1, wc_kbin_L1(n, k));
            CHECK(T.nedges == n - 1 && T.src == chain[0], "n=%d k=%d: %d edges", n, k, T.nedges);
            memset(seen, 0, sizeof seen);
            memset(nkid, 0, sizeof nkid);
            for (e = 0; e < n; e++)
                recvs[e] = -1;
            recvs[chain[0]] = 0;
            seen[chain[0]] = 1;
            for (e = 0; e < T.nedges; e++) {
                int a = T.edges[e].from, b = T.edges[e].to;
                ok &= !seen[b];
                seen[b] = 1;
                nkid[a]++;
                recvs[b] = T.edges[e].step;
                if (T.edges[e].step > mx)
                    mx = T.edges[e].step;
            }
            for (e = 0; e < n; e++)
                ok &= seen[e] && nkid[e] <= k;
            CHECK(ok, "n=%d k=%d: every node reached exactly once, fan-out <= k", n, k);
            CHECK(mx == l1, "n=%d k=%d: last step %d = L1 %d", n, k, mx, l1);
            ok = 1;
            for (e = 0; e < T.nedges; e++) {
                int pa = -1, pb = -1, q;
                for (q = 0; q < n; q++) {
                    if (chain[q] == T.edges[e].from) pa = q;
                    if (chain[q] == T.edges[e].to) pb = q;
                }
                ok &= pa < pb && T.edges[e].step > recvs[T.edges[e].from];
                for (f = 0; f < T.nedges; f++) {
                    int qa = -1, qb = -1;
                    if (f == e)
                        continue;
                    if (T.edges[f].from == T.edges[e].from)
                        ok &= T.edges[f].step != T.edges[e].step;
                    if (T.edges[f].step != T.edges[e].step)
                        continue;
                    for (q = 0; q < n; q++) {
                        if (chain[q] == T.edges[f].from) qa = q;
                        if (chain[q] == T.edges[f].to) qb = q;
                    }
                    ok &= qb < pa || pb < qa;  /* same-step unicasts: disjoint chain intervals */
                }
            }
            CHECK(ok, "n=%d k=%d: contention-free on the chain (same-step unicasts span disjoint intervals)", n, k);
        }
        for (i = 0; i < MAXN; i++)
            chain[i] = i;
        CHECK(wc_kbin_tree(chain, 0, 2, &T) == -1 && wc_kbin_tree(chain, 5, 0, &T) == -1, "bad args rejected");
    });

    GROUP("wc_fpfs_run equals a global-clock simulator (random trees, both modes, L and buffers)", {
        wc_rng_seed(&rng, 5);
        for (i = 0; i < 300; i++) {
            int mode = i & 1, d, e, ok;
            n = 2 + (int)wc_rng_below(&rng, 30);
            m = 1 + (int)wc_rng_below(&rng, 12);
            T.src = (int)wc_rng_below(&rng, (uint32_t)n);
            T.nedges = 0;
            /* random recursive tree over a random labelling */
            shuffled(&rng, n);
            for (e = 0; e < n; e++)
                if (chain[e] == T.src) {
                    chain[e] = chain[0];
                    chain[0] = T.src;
                }
            for (e = 1; e < n; e++)
                wc_tree_add(&T, chain[wc_rng_below(&rng, (uint32_t)e)], chain[e], 0);
            d = ref_sim(&T, n, m, mode, L2, buf2, NULL);
            CHECK(sim(&T, n, m, mode, L, buf, &r) == d, "n=%d m=%d mode=%d: %d vs ref %d", n, m, mode, r.steps, d);
            ok = 1;
            for (e = 0; e < m; e++)
                ok &= L[e] == L2[e];
            for (e = 0; e < n; e++)
                ok &= buf[e] == buf2[e];
            CHECK(ok, "n=%d m=%d mode=%d: per-packet L_i and per-node buffers agree", n, m, mode);
        }
        for (i = 0; i < MAXN; i++)
            chain[i] = i;
    });

    GROUP("wc_fpfs_run equals the global-clock simulator on large trees (n <= 2000, random, chain-like, broad; "
          "edges shuffled; L, buffers and the step of every copy)", {
        wc_rng_seed(&rng, 11);
        for (i = 0; i < 12; i++) {
            int nn = 300 + (int)wc_rng_below(&rng, 1700), mm = 1 + (int)wc_rng_below(&rng, 6), mode = i & 1;
            int shape = (i / 2) % 3, e, d, ok = 1;
            int *perm = malloc(sizeof(int) * (size_t)nn), *bl = malloc(sizeof(int) * (size_t)mm);
            int *bb = malloc(sizeof(int) * (size_t)nn), *rl = malloc(sizeof(int) * (size_t)mm);
            int *rb = malloc(sizeof(int) * (size_t)nn), nw = WC_FPFS_WORK(nn, mm);
            int *bs = malloc(sizeof(int) * (size_t)nn * (size_t)mm), *rsent = malloc(sizeof(int) * (size_t)nn * (size_t)mm);
            int *bw = malloc(sizeof(int) * (size_t)nw);
            wc_edge *ed = malloc(sizeof *ed * (size_t)nn);
            wc_tree bt;
            if (!perm || !bl || !bb || !rl || !rb || !bs || !rsent || !bw || !ed) {
                printf("out of memory\n");
                exit(1);
            }
            bt.src = 0;
            bt.nedges = 0;
            bt.cap = nn;
            bt.edges = ed;
            for (e = 0; e < nn; e++)
                perm[e] = e;
            for (e = nn - 1; e > 1; e--) {   /* labels random, the root stays 0 */
                int j2 = 1 + (int)wc_rng_below(&rng, (uint32_t)e), x = perm[e];
                perm[e] = perm[j2];
                perm[j2] = x;
            }
            for (e = 1; e < nn; e++) {
                /* random recursive, a long path with twigs, or a few broad forwarders */
                int par = shape == 0 ? (int)wc_rng_below(&rng, (uint32_t)e)
                        : shape == 1 ? (wc_rng_below(&rng, 8) ? e - 1 : (int)wc_rng_below(&rng, (uint32_t)e))
                        : (int)wc_rng_below(&rng, (uint32_t)(e < 5 ? e : 5));
                wc_tree_add(&bt, perm[par], perm[e], 0);
            }
            for (e = bt.nedges - 1; e > 0; e--) {   /* interleave the senders' edges */
                int j2 = (int)wc_rng_below(&rng, (uint32_t)e + 1);
                wc_edge x = ed[e];
                ed[e] = ed[j2];
                ed[j2] = x;
            }
            d = ref_sim(&bt, nn, mm, mode, rl, rb, rsent);
            CHECK(wc_fpfs_run(&bt, nn, mm, mode, &r, bl, bb, bs, bw, nw) == 0 && r.steps == d,
                  "n=%d m=%d mode=%d shape=%d: %d steps vs ref %d", nn, mm, mode, shape, r.steps, d);
            for (e = 0; e < mm; e++)
                ok &= bl[e] == rl[e];
            for (e = 0; e < nn; e++)
                ok &= bb[e] == rb[e];
            for (e = 0; e < bt.nedges * mm; e++)
                ok &= bs[e] == rsent[e];
            CHECK(ok, "n=%d m=%d mode=%d shape=%d: L_i, buffers and copy steps agree", nn, mm, mode, shape);
            free(perm);
            free(bl);
            free(bb);
            free(rl);
            free(rb);
            free(bs);
            free(rsent);
            free(bw);
            free(ed);
        }
    });

    GROUP("Section 3.3: FCFS holds every packet at a forwarder, FPFS one when packets arrive no faster than it forwards", {
        for (m = 1; m <= 16; m++) {
            int fp, fc;
            wc_kbin_tree(chain, 16, 4, &T);
            sim(&T, 16, m, WC_FPFS, L, buf, &r);
            fp = r.max_buffer;
            sim(&T, 16, m, WC_FCFS, L, buf, &r);
            fc = r.max_buffer;
            CHECK(fp == 1 && fc == m, "binomial n=16 m=%d: FPFS %d (want 1), FCFS %d (want m)", m, fp, fc);
        }
    });

    GROUP("Section 3.3 with zero delay between arrivals: FPFS backlog still grows (R->A, A->3 children)", {
        static const int ed[4][2] = { { 0, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 } };
        set_tree(0, ed, 4);
        for (m = 1; m <= 12; m++) {
            /* A receives packet j in step j and releases it in step 3j+1,
             * so during step x it holds #{j < x} - #{3j+1 < x}; the peak is
             * at x = m+1: m - floor((m-1)/3) packets (hand-derived). */
            int want = m - (m - 1) / 3;
            sim(&T, 5, m, WC_FPFS, L, buf, &r);
            CHECK(buf[1] == want, "m=%d: FPFS holds %d at A, want %d", m, buf[1], want);
            sim(&T, 5, m, WC_FCFS, L, buf, &r);
            CHECK(buf[1] == m, "m=%d: FCFS holds %d at A, want %d", m, buf[1], m);
        }
    });

    GROUP("wc_fpfs_run rejects malformed trees", {
        static const int two[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
        static const int cyc[3][2] = { { 0, 1 }, { 2, 3 }, { 3, 2 } };
        static const int bad[1][2] = { { 0, 9 } };
        static const int toroot[2][2] = { { 0, 1 }, { 1, 0 } };
        set_tree(0, two, 3);
        CHECK(sim(&T, 3, 2, WC_FPFS, L, buf, &r) == WC_FPFS_EPARENT, "two parents");
        set_tree(0, cyc, 3);
        CHECK(sim(&T, 4, 2, WC_FPFS, L, buf, &r) == WC_FPFS_ECYCLE, "detached cycle");
        set_tree(0, bad, 1);
        CHECK(sim(&T, 4, 2, WC_FPFS, L, buf, &r) == WC_FPFS_ENODE, "unknown node");
        set_tree(0, toroot, 2);
        CHECK(sim(&T, 2, 2, WC_FPFS, L, buf, &r) == WC_FPFS_EPARENT, "edge into the root");
    });
    return wc_test_done();
}

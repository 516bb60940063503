/* SPDX-License-Identifier: Apache-2.0 */
/* k-binomial trees: Kesavan and Panda, ICPP 1997,
 * Section 4.2 (Definition 1, Lemma 1, Theorem 3) and Section 4.3.2
 * (Fig. 11, construction on an ordered chain). */
#include "wc_kbin.h"

/* Slots 0..k-1 of the ring are all cleared before any is read, which GCC
 * cannot follow through the remainders: its warning is waived here only. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
long wc_kbin_N(int s, int k)
{
    /* Lemma 1 by the sliding-window form of the recurrence:
     * N(s) = 1 + sum_{i=1..k} N(s-i), with N(j) = 2^j for j <= k. */
    long win[64];           /* ring of the last k values, k capped below */
    long sum = 0, v = 1;
    int j;
    if (s < 0 || k < 1)
        return 0;
    if (k > 62)
        k = 62;             /* 2^62 saturates long before it matters */
    if (s <= k) {
        if (s >= 31)
            return WC_KBIN_NMAX;
        return 1L << s;
    }
    /* only the k slots in use: the firmware calls this for every node of
     * every tree it builds, and clearing all 64 was most of its cost */
    for (j = 0; j < k; j++)
        win[j] = 0;
    /* seed the window with N(1..k) = 2^1..2^k (saturated) */
    for (j = 1; j <= k; j++) {
        v = j >= 30 ? WC_KBIN_NMAX : (1L << j);
        win[j % k] = v;
        sum += v;
        if (sum > WC_KBIN_NMAX)
            sum = WC_KBIN_NMAX;
    }
    for (j = k + 1; j <= s; j++) {
        v = 1 + sum;
        if (v > WC_KBIN_NMAX)
            v = WC_KBIN_NMAX;
        /* slide: drop N(j-k), add N(j) */
        sum = sum - win[j % k] + v;
        if (sum > WC_KBIN_NMAX)
            sum = WC_KBIN_NMAX;
        win[j % k] = v;
        if (v == WC_KBIN_NMAX)
            return v;       /* saturated: the window sum is no longer exact */
    }
    return v;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

int wc_kbin_log2ceil(int n)
{
    int l = 0;
    while (l < 31 && (1L << l) < (long)n)
        l++;
    return l;
}

int wc_kbin_L1(int n, int k)
{
    int s = 0;
    if (n < 1 || k < 1)
        return -1;
    if (k == 1)
        return n - 1;       /* N(s,1) = s+1: the linear tree */
    /* k >= 2 grows at least like Fibonacci, so this loop is short */
    while (wc_kbin_N(s, k) < n)
        s++;
    return s;
}

int wc_kbin_steps(int n, int m, int k)
{
    int l1 = wc_kbin_L1(n, k);
    if (l1 < 0 || m < 1)
        return -1;
    return l1 + (m - 1) * k;
}

int wc_kbin_kopt(int n, int m)
{
    /* Section 4.2: beyond ceil(log2 n) L1 stops falling while (m-1)k keeps
     * growing, so the search interval is [1, ceil(log2 n)]. */
    int k, best = -1, bestk = -1, kmax;
    if (n < 2 || m < 1)
        return -1;
    kmax = wc_kbin_log2ceil(n);
    for (k = 1; k <= kmax; k++) {
        int t = wc_kbin_steps(n, m, k);
        if (best < 0 || t < best) {   /* strict: ties keep the smaller k */
            best = t;
            bestk = k;
        }
    }
    return bestk;
}

/* Children of a node whose chain segment has `size` nodes (itself
 * included) with `s` steps left: the i-th child (sent i steps after the
 * node received) takes the rightmost N(s-i,k) of the nodes still
 * uncovered (Fig. 11); fewer when the chain runs out.  Returns the number
 * of children; when sizes is non-NULL stores their segment sizes. */
static int kbin_split(int size, int s, int k, int *sizes, int max)
{
    int rem = size - 1, i, d = 0;
    for (i = 1; i <= s && i <= k && rem > 0; i++) {
        long c = wc_kbin_N(s - i, k);
        if (c > rem)
            c = rem;
        if (sizes && d < max)
            sizes[d] = (int)c;
        d++;
        rem -= (int)c;
    }
    return d;
}

int wc_kbin_tree(const int *chain, int n, int k, wc_tree *out)
{
    int l1, i, head, jend, done = 0;
    if (!chain || !out || n < 1 || k < 1 || (n > 1 && (!out->edges || out->cap < n - 1)))
        return -1;
    l1 = wc_kbin_L1(n, k);
    out->src = chain[0];
    out->nedges = 0;
    if (n == 1)
        return 0;

    /* Pass 1, breadth first, using out->edges itself as the work queue so
     * no extra storage is needed: while building, an edge holds
     * (from = end of the child's chain segment, to = child's chain
     * position, step).  A node received in step r has L1 - r steps left
     * (true for the root with r = 0, and child i of a node received in r
     * is sent in r+i with L1-r-i left). */
    for (head = -1; head < out->nedges; head++) {
        int pos = head < 0 ? 0 : out->edges[head].to;
        int end = head < 0 ? n : out->edges[head].from;
        int r = head < 0 ? 0 : out->edges[head].step;
        int s = l1 - r, rem = end - pos - 1, c;
        for (i = 1; i <= s && i <= k && rem > 0; i++) {
            long nn = wc_kbin_N(s - i, k);
            c = nn > rem ? rem : (int)nn;
            /* the child covers [pos+rem-c+1, pos+rem+1) */
            if (wc_tree_add(out, pos + rem + 1, pos + rem - c + 1, r + i) < 0)
                return -1;
            rem -= c;
        }
        if (rem != 0)
            return -1;      /* cannot happen: N(s,k) >= segment size */
    }

    /* Pass 2, backwards: node h's children form the block just before the
     * blocks of all later nodes, so walking nodes in reverse lets us
     * rewrite the children's `from` (segment end, already consumed by
     * their own expansion) with the parent's position. */
    jend = out->nedges;
    for (head = out->nedges - 1; head >= -1; head--) {
        int pos = head < 0 ? 0 : out->edges[head].to;
        int end = head < 0 ? n : out->edges[head].from;
        int r = head < 0 ? 0 : out->edges[head].step;
        int d = kbin_split(end - pos, l1 - r, k, 0, 0);
        for (i = jend - d; i < jend; i++)
            out->edges[i].from = pos;
        jend -= d;
    }
    if (jend != 0)
        return -1;

    for (i = 0; i < out->nedges; i++) {
        out->edges[i].from = chain[out->edges[i].from];
        out->edges[i].to = chain[out->edges[i].to];
        if (out->edges[i].step > done)
            done = out->edges[i].step;
    }
    return done;
}

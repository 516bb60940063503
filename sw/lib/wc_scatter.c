/* SPDX-License-Identifier: Apache-2.0 */
/* Necklace construction of the optimal all-port non-combining scatter tree
 * in Q_n (the CS838 lecture notes, 1999, "All-port
 * non-combining hypercube").  Columns of the table are the subtrees; a
 * node's parent is its hook, so every tree edge joins two nodes of one
 * column and paths into different columns never meet. */
#include "wc_scatter.h"

static int rotl(int n, int w, int s)
{
    unsigned mask = (1u << n) - 1u, x = (unsigned)w;
    s %= n;
    if (s < 0)
        s += n;
    if (!s)
        return w;
    return (int)(((x << s) | (x >> (n - s))) & mask);
}

static int popcount(unsigned x)
{
    int c = 0;
    while (x) { c += (int)(x & 1u); x >>= 1; }
    return c;
}

int wc_scatter_period(int n, int w)
{
    int t;
    for (t = 1; t < n; t++)
        if (rotl(n, w, t) == w)
            return t;
    return n;
}

static int is_min_rotation(int n, int w)
{
    int t;
    for (t = 1; t < n; t++)
        if (rotl(n, w, t) < w)
            return 0;
    return 1;
}

int wc_scatter_hook(int n, int w)
{
    int r, best_r = -1, best_len = 0;
    for (r = 0; r < n; r++) {
        int len = 0, p = r;
        /* a run's right end: a zero whose right neighbour (cyclically) is 1 */
        if (((w >> r) & 1) || !((w >> ((r + n - 1) % n)) & 1))
            continue;
        while (len < n && !((w >> p) & 1)) {
            len++;
            p = (p + 1) % n;
        }
        if (len > best_len) {
            best_len = len;
            best_r = r;
        }
    }
    if (best_r < 0)   /* no zeros: 1^n */
        return w & ~1;
    return w & ~(1 << ((best_r + n - 1) % n));
}

int wc_scatter_build(int n, int *order, int *col, int *parent)
{
    int size, pos = 0, k, x, i;
    if (n < 1 || n > WC_SCATTER_MAXN)
        return -1;
    size = 1 << n;
    for (i = 0; i < size; i++)
        col[i] = parent[i] = -1;
    /* R_1, R_2, ..., R_n; within R_k necklaces by their smallest rotation,
     * so L_k1 is the one holding 1^k 0^(n-k) (smallest rotation 2^k-1). */
    for (k = 1; k <= n; k++)
        for (x = 1; x < size; x++) {
            int q, c0, shift, h, t;
            if (popcount((unsigned)x) != k || !is_min_rotation(n, x))
                continue;
            q = wc_scatter_period(n, x);
            c0 = pos % n;
            if (k == 1) {
                h = 0;
                shift = c0;
            } else {
                h = wc_scatter_hook(n, x);
                if (col[h] < 0 || wc_scatter_period(n, h) != n)
                    return -1;
                /* rotate so the node entering column c0 hooks on the
                 * rotation of h that sits in column c0 */
                shift = c0 - col[h];
            }
            for (t = 0; t < q; t++) {
                int v = rotl(n, x, shift + t);
                order[pos++] = v;
                col[v] = (c0 + t) % n;
                parent[v] = k == 1 ? 0 : rotl(n, h, shift + t);
            }
        }
    return pos == size - 1 ? 0 : -1;
}

int wc_scatter_check(int n, const int *col, const int *parent)
{
    int size = 1 << n, v, c, lo = (size - 1) / n, hi = (size - 1 + n - 1) / n;
    int cnt[WC_SCATTER_MAXN];
    for (c = 0; c < n; c++)
        cnt[c] = 0;
    for (v = 1; v < size; v++) {
        int p = parent[v];
        unsigned d;
        if (col[v] < 0 || col[v] >= n || p < 0 || p >= size)
            return v;
        d = (unsigned)(v ^ p);
        if (popcount(d) != 1 || !((unsigned)v & d))
            return v;
        if (p != 0 && col[p] != col[v])
            return v;
        cnt[col[v]]++;
    }
    for (c = 0; c < n; c++)
        if (cnt[c] < lo || cnt[c] > hi)
            return -1;
    return 0;
}

int wc_scatter_schedule(int n, const int *order, const int *col,
                        wc_tree *out)
{
    int size = 1 << n, rows = (size - 1 + n - 1) / n, r, c, last = 0;
    (void)col;
    out->src = 0;
    out->nedges = 0;
    if (out->cap < size - 1)
        return -1;
    /* Column c holds positions c, c+n, ... in table order, which is by
     * increasing weight; walking them backwards sends farthest first. */
    for (r = 0; r < rows; r++)
        for (c = 0; c < n; c++) {
            int cnt = (size - 1 - c + n - 1) / n, pos;
            if (r >= cnt)
                continue;
            pos = c + (cnt - 1 - r) * n;
            wc_tree_add(out, 0, order[pos], r + 1);
            last = r + 1;
        }
    return last;
}

int wc_scatter_path(void *ctx, int from, int to, int *links, int max)
{
    const wc_scatter_ctx *s = (const wc_scatter_ctx *)ctx;
    int cnt = 0, v = to, i;
    if (from != 0)
        return -1;
    while (v != 0) {
        int p = s->parent[v], d = 0;
        unsigned x;
        if (p < 0 || cnt >= max)
            return -1;
        for (x = (unsigned)(v ^ p); x > 1u; x >>= 1)
            d++;
        links[cnt++] = p * s->n + d;
        v = p;
    }
    for (i = 0; i < cnt / 2; i++) {   /* source end first */
        int t = links[i];
        links[i] = links[cnt - 1 - i];
        links[cnt - 1 - i] = t;
    }
    return cnt;
}

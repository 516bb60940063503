/* SPDX-License-Identifier: Apache-2.0 */
#include "wc_mchain.h"

/* x first (the first dimension XY routing corrects), then y */
static long key(int X, int node)
{
    return (long)(node % X) * 65536L + node / X;
}

int wc_mchain_order(int X, int Y, int src, const int *dst, int nd, int *chain, int *src_idx)
{
    const int N = X * Y;
    int i, j, gap;
    if (X < 1 || Y < 1 || nd < 0 || src < 0 || src >= N)
        return WC_MCHAIN_EARG;
    chain[0] = src;
    for (i = 0; i < nd; i++) {
        if (dst[i] < 0 || dst[i] >= N || dst[i] == src)
            return WC_MCHAIN_EARG;
        chain[i + 1] = dst[i];
    }
    /* Shell sort: no library, n up to a few thousand */
    for (gap = (nd + 1) / 2; gap > 0; gap /= 2)
        for (i = gap; i <= nd; i++) {
            int v = chain[i];
            for (j = i; j >= gap && key(X, chain[j - gap]) > key(X, v); j -= gap)
                chain[j] = chain[j - gap];
            chain[j] = v;
        }
    for (i = 0; i <= nd; i++) {
        if (i > 0 && chain[i] == chain[i - 1])
            return WC_MCHAIN_EARG;
        if (chain[i] == src)
            *src_idx = i;
    }
    return 0;
}

/* chain[lo..hi] held by chain[s] from step `step` on; the deepest step */
static int halve(const int *chain, int lo, int hi, int s, int step, wc_tree *out)
{
    int mid, to, a, b;
    if (lo >= hi)
        return step - 1;
    /* lower half chain[lo..mid-1] gets the larger part of an odd chain */
    mid = lo + (hi - lo + 2) / 2;
    to = s < mid ? mid : mid - 1;
    if (wc_tree_add(out, chain[s], chain[to], step) < 0)
        return WC_MCHAIN_EFULL;
    a = halve(chain, lo, mid - 1, s < mid ? s : to, step + 1, out);
    if (a < 0)
        return a;
    b = halve(chain, mid, hi, s < mid ? to : s, step + 1, out);
    if (b < 0)
        return b;
    return a > b ? a : b;
}

int wc_mchain_tree(const int *chain, int n, int src_idx, wc_tree *out)
{
    int r;
    if (n < 1 || src_idx < 0 || src_idx >= n || !out)
        return WC_MCHAIN_EARG;
    out->src = chain[src_idx];
    out->nedges = 0;
    r = halve(chain, 0, n - 1, src_idx, 1, out);
    return r;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Hypercube multicast trees: Robinson et al., Supercomputing 1993
 * Section 4.1 (U-cube, Fig. 4; Maxport; Combine) and Section 4.2
 * (weighted_sort, Fig. 7; W-sort).  See wc_hcube.h. */
#include "wc_hcube.h"

const char *wc_hcube_strerror(int err)
{
    switch (err) {
    case WC_HCUBE_EDIM:   return "cube dimension out of range";
    case WC_HCUBE_ERANGE: return "node id outside the cube";
    case WC_HCUBE_ESRC:   return "destination equals the source";
    case WC_HCUBE_EDUP:   return "destination listed twice";
    case WC_HCUBE_ECAP:   return "edge array too small";
    case WC_HCUBE_EORDER: return "chain is not cube-ordered relative to its first node";
    case WC_HCUBE_EALGO:  return "unknown algorithm";
    default:              return "no error";
    }
}

static int hibit(unsigned x)
{
    int b = -1;
    while (x) { x >>= 1; b++; }
    return b;
}

static int lobit(unsigned x)
{
    int b = 0;
    if (!x)
        return -1;
    while (!(x & 1u)) { x >>= 1; b++; }
    return b;
}

/* Rank of the first routed dimension of a^b in routing order: the higher
 * the rank, the earlier e-cube resolves it.  With high-first routing the
 * rank is the dimension itself; with low-first it is n-1-dimension, which
 * makes both cases the same problem on bit-reversed addresses. */
static int rank(unsigned a, unsigned b, int n, int hf)
{
    unsigned x = a ^ b;
    if (!x)
        return -1;
    return hf ? hibit(x) : n - 1 - lobit(x);
}

/* Bit of x that holds routing rank r. */
static unsigned rbit(unsigned x, int r, int n, int hf)
{
    return (x >> (hf ? r : n - 1 - r)) & 1u;
}

static unsigned rev(unsigned x, int n)
{
    unsigned y = 0;
    int i;
    for (i = 0; i < n; i++)
        y |= ((x >> i) & 1u) << (n - 1 - i);
    return y;
}

int wc_hcube_delta(int u, int v, int high_first)
{
    unsigned x = (unsigned)u ^ (unsigned)v;
    return high_first ? hibit(x) : lobit(x);
}

int wc_hcube_chan(void *cfg, int from, int to)
{
    const wc_hcube_cfg *c = (const wc_hcube_cfg *)cfg;
    return wc_hcube_delta(from, to, c->high_first);
}

/* Dimension order is numeric order of the routing-order key (Section 4.1:
 * "if address resolution is performed from highest to lowest, dimension
 * order is the same as the usual increasing order"). */
static unsigned dkey(unsigned x, int n, int hf)
{
    return hf ? x : rev(x, n);
}

int wc_hcube_dim_less(int a, int b, int n, int high_first)
{
    return dkey((unsigned)a, n, high_first) < dkey((unsigned)b, n, high_first);
}

static void sift(int *a, int i, int cnt)
{
    for (;;) {
        int c = 2 * i + 1, t;
        if (c >= cnt)
            return;
        if (c + 1 < cnt && a[c + 1] > a[c])
            c++;
        if (a[i] >= a[c])
            return;
        t = a[i]; a[i] = a[c]; a[c] = t;
        i = c;
    }
}

/* Heap sort: no recursion, no allocation, O(m log m). */
static void sort_ints(int *a, int cnt)
{
    int i, t;
    for (i = cnt / 2 - 1; i >= 0; i--)
        sift(a, i, cnt);
    for (i = cnt - 1; i > 0; i--) {
        t = a[0]; a[0] = a[i]; a[i] = t;
        sift(a, 0, i);
    }
}

void wc_hcube_sort_dimorder(int *nodes, int cnt, int n, int high_first)
{
    int i;
    for (i = 0; i < cnt; i++)
        nodes[i] = (int)dkey((unsigned)nodes[i], n, high_first);
    sort_ints(nodes, cnt);
    for (i = 0; i < cnt; i++)   /* rev is its own inverse */
        nodes[i] = (int)dkey((unsigned)nodes[i], n, high_first);
}

int wc_hcube_chain(int n, int high_first, int src, const int *dst, int m,
                   int *chain)
{
    int i, size;
    if (n < 1 || n > WC_HCUBE_MAXN || m < 0)
        return WC_HCUBE_EDIM;
    size = 1 << n;
    if (src < 0 || src >= size)
        return WC_HCUBE_ERANGE;
    for (i = 0; i < m; i++) {
        if (dst[i] < 0 || dst[i] >= size)
            return WC_HCUBE_ERANGE;
        if (dst[i] == src)
            return WC_HCUBE_ESRC;
        chain[i + 1] = (int)dkey((unsigned)(dst[i] ^ src), n, high_first);
    }
    sort_ints(chain + 1, m);
    for (i = 2; i <= m; i++)
        if (chain[i] == chain[i - 1])
            return WC_HCUBE_EDUP;
    chain[0] = src;
    for (i = 1; i <= m; i++)
        chain[i] = (int)dkey((unsigned)chain[i], n, high_first) ^ src;
    return m + 1;
}

/* Definition 5 recursively: within a subcube of routing rank ns the chain
 * may switch halves (bit of rank ns-1) at most once, and each half must be
 * cube-ordered in its own right. */
static int cube_ordered(const int *c, int first, int last, int ns, unsigned s,
                        int n, int hf)
{
    int p;
    unsigned b0;
    if (last - first < 1 || ns <= 0)
        return 1;
    b0 = rbit((unsigned)c[first] ^ s, ns - 1, n, hf);
    for (p = first + 1; p <= last && rbit((unsigned)c[p] ^ s, ns - 1, n, hf) == b0; p++)
        ;
    for (; p <= last; p++)
        if (rbit((unsigned)c[p] ^ s, ns - 1, n, hf) == b0)
            return 0;
    for (p = first + 1; p <= last && rbit((unsigned)c[p] ^ s, ns - 1, n, hf) == b0; p++)
        ;
    return cube_ordered(c, first, p - 1, ns - 1, s, n, hf) &&
           cube_ordered(c, p, last, ns - 1, s, n, hf);
}

int wc_hcube_is_cube_ordered(const int *chain, int len, int n, int high_first)
{
    if (len <= 1)
        return 1;
    return cube_ordered(chain, 0, len - 1, n, (unsigned)chain[0], n, high_first);
}

/* Fig. 7 cube_center: start of the second half (routing rank ns-1) of the
 * subcube holding chain[first..last]; last+1 when only one half is
 * populated. */
static int cube_center(const int *c, int first, int last, int ns, unsigned s,
                       int n, int hf)
{
    int p = first + 1;
    unsigned b0 = rbit((unsigned)c[first] ^ s, ns - 1, n, hf);
    while (p <= last && rbit((unsigned)c[p] ^ s, ns - 1, n, hf) == b0)
        p++;
    return p;
}

static void reverse(int *a, int i, int j)
{
    while (i < j) {
        int t = a[i]; a[i] = a[j]; a[j] = t;
        i++; j--;
    }
}

static void wsort(int *c, int first, int last, int ns, unsigned s, int n, int hf)
{
    int center;
    if (last - first < 2 || ns <= 0)
        return;
    center = cube_center(c, first, last, ns, s, n, hf);
    wsort(c, first, center - 1, ns - 1, s, n, hf);
    wsort(c, center, last, ns - 1, s, n, hf);
    if (first != 0 && (center - first) < (last - center + 1)) {
        /* swap the halves in place: rotate by reversing thrice */
        reverse(c, first, center - 1);
        reverse(c, center, last);
        reverse(c, first, last);
    }
}

void wc_hcube_weighted_sort(int *chain, int first, int last, int ns, int n,
                            int high_first)
{
    wsort(chain, first, last, ns, (unsigned)chain[0], n, high_first);
}

/* Fig. 4 main loop, run by the node chain[left] for the chain segment
 * [left..right]; the variants differ only in statement 4 (Section 4.1).
 * A node's sends are appended first, then each child runs on the segment
 * it was handed, so edges come out in issue order per node.  Sends per
 * node are bounded by the routing ranks (Maxport, W-sort: x strictly falls
 * on a cube-ordered chain) or by halving (U-cube, Combine), so 2*32 is
 * plenty; the caller verified cube order. */
static int build(int algo, const int *c, int left, int right, int n, int hf,
                 wc_tree *out)
{
    int next_at[64];
    int nk = 0, k, r0 = right;
    unsigned me = (unsigned)c[left];
    while (left < right && nk < 64) {
        int x = rank(me, (unsigned)c[right], n, hf);
        int highdim, center, next, lo = left + 1, hi = right;
        /* The chain is cube-ordered, hence so is every segment, and the
         * nodes within rank j of `me` (a subcube holding it) form a prefix:
         * ranks never fall along the segment, so binary search finds the
         * leftmost node of rank x. */
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (rank(me, (unsigned)c[mid], n, hf) < x) lo = mid + 1; else hi = mid;
        }
        highdim = lo;
        center = left + (right - left + 1) / 2;   /* left + ceil((right-left)/2) */
        switch (algo) {
        case WC_HCUBE_UCUBE:   next = center; break;
        case WC_HCUBE_COMBINE: next = highdim > center ? highdim : center; break;
        default:               next = highdim; break;
        }
        if (wc_tree_add(out, (int)me, c[next], 0) < 0)
            return WC_HCUBE_ECAP;
        next_at[nk++] = next;
        right = next - 1;
    }
    for (k = 0; k < nk; k++) {
        int hi = k == 0 ? r0 : next_at[k - 1] - 1;
        int e = build(algo, c, next_at[k], hi, n, hf, out);
        if (e < 0)
            return e;
    }
    return 0;
}

int wc_hcube_chain_tree(int algo, const int *chain, int len, int n,
                        int high_first, wc_tree *out)
{
    int e, before = out->nedges;
    if (n < 1 || n > WC_HCUBE_MAXN)
        return WC_HCUBE_EDIM;
    if (algo < WC_HCUBE_UCUBE || algo > WC_HCUBE_WSORT)
        return WC_HCUBE_EALGO;
    if (len < 1)
        return 0;
    if (!wc_hcube_is_cube_ordered(chain, len, n, high_first))
        return WC_HCUBE_EORDER;
    if (out->cap - out->nedges < len - 1)
        return WC_HCUBE_ECAP;
    e = build(algo, chain, 0, len - 1, n, high_first, out);
    return e < 0 ? e : out->nedges - before;
}

int wc_hcube_tree(int algo, int n, int high_first, int src, const int *dst,
                  int m, int *work, wc_tree *out)
{
    int len;
    if (algo < WC_HCUBE_UCUBE || algo > WC_HCUBE_WSORT)
        return WC_HCUBE_EALGO;
    len = wc_hcube_chain(n, high_first, src, dst, m, work);
    if (len < 0)
        return len;
    if (algo == WC_HCUBE_WSORT)
        wc_hcube_weighted_sort(work, 0, len - 1, n, n, high_first);
    out->src = src;
    out->nedges = 0;
    return wc_hcube_chain_tree(algo, work, len, n, high_first, out);
}

static const char *const algo_names[] = { "ucube", "maxport", "combine", "wsort" };

const char *wc_hcube_algo_name(int algo)
{
    return algo >= 0 && algo <= WC_HCUBE_WSORT ? algo_names[algo] : "?";
}

static int streq(const char *a, const char *b)
{
    while (*a && *a == *b) { a++; b++; }
    return *a == *b;
}

int wc_hcube_algo_parse(const char *s)
{
    int i;
    for (i = 0; i <= WC_HCUBE_WSORT; i++)
        if (streq(s, algo_names[i]))
            return i;
    return -1;
}

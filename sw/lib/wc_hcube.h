/* SPDX-License-Identifier: Apache-2.0 */
/* Unicast-based multicast on wormhole-routed binary n-cubes with e-cube
 * routing (Robinson et al., Supercomputing 1993, Sections 3-4;
 * dimension-ordered chains also in
 * the CS838 lecture notes, 1999, "Multicast in
 * hypercubes").  Freestanding: caller storage only.
 *
 * Every algorithm works on a chain of real node ids whose first element is
 * the source.  Routing resolves the highest differing dimension first by
 * default (high_first = 1, what the paper assumes in Section 2); with
 * high_first = 0 the lowest dimension goes first (the nCUBE-2 order) and
 * "dimension order" becomes the order of the bit-reversed addresses, which
 * the paper notes changes none of its results.
 *
 * Trees come out as wc_tree edges in issue order with step 0: the step
 * model (wc_steps.h) times them for the one-port or all-port model.  The
 * channel a unicast leaves on is wc_hcube_chan(). */
#ifndef WC_HCUBE_H
#define WC_HCUBE_H
#include "wc_tree.h"

#define WC_HCUBE_MAXN 24   /* largest cube dimension the library accepts */

enum wc_hcube_algo {
    WC_HCUBE_UCUBE,    /* Fig. 4, next = center */
    WC_HCUBE_MAXPORT,  /* Section 4.1, next = highdim */
    WC_HCUBE_COMBINE,  /* Section 4.1, next = max(highdim, center) */
    WC_HCUBE_WSORT     /* Section 4.2: weighted_sort (Fig. 7), then Maxport */
};

enum wc_hcube_err {
    WC_HCUBE_EDIM = -1,      /* n out of 1..WC_HCUBE_MAXN */
    WC_HCUBE_ERANGE = -2,    /* a node id outside 0..2^n-1 */
    WC_HCUBE_ESRC = -3,      /* a destination equals the source */
    WC_HCUBE_EDUP = -4,      /* a destination listed twice */
    WC_HCUBE_ECAP = -5,      /* the caller's edge array is too small */
    WC_HCUBE_EORDER = -6,    /* chain is not cube-ordered relative to chain[0] */
    WC_HCUBE_EALGO = -7
};
const char *wc_hcube_strerror(int err);

/* For the all-port step model: ctx points to this. */
typedef struct { int n, high_first; } wc_hcube_cfg;

/* Dimension of the first hop of P(u,v): Definition 1's delta(u,v) for
 * high-first routing, the lowest differing bit otherwise.  -1 if u == v. */
int wc_hcube_delta(int u, int v, int high_first);

/* Outgoing channel of the unicast from -> to (a wc_chan_fn for wc_steps). */
int wc_hcube_chan(void *cfg, int from, int to);

/* Strict dimension order a <_d b (Section 4.1) on n-bit addresses. */
int wc_hcube_dim_less(int a, int b, int n, int high_first);

/* Sort nodes[0..cnt-1] into a dimension-ordered chain (in place). */
void wc_hcube_sort_dimorder(int *nodes, int cnt, int n, int high_first);

/* Source-relative dimension-ordered chain (Section 4.1, the "d0-relative"
 * chain Phi): chain[0] = src, then the destinations ordered so that
 * chain[i] ^ src is dimension-ordered.  dst may be in any order; it must
 * not hold src, duplicates or ids outside the cube.  chain has room for
 * m+1 entries (it may alias nothing).  Returns m+1 or a WC_HCUBE_E*. */
int wc_hcube_chain(int n, int high_first, int src, const int *dst, int m,
                   int *chain);

/* 1 if chain[0..len-1] is cube-ordered relative to chain[0]
 * (Definition 5 applied to chain[i] ^ chain[0]), else 0. */
int wc_hcube_is_cube_ordered(const int *chain, int len, int n, int high_first);

/* Fig. 7 weighted_sort(D, first, last, n_S) on a source-relative
 * cube-ordered chain: exchanges subcube halves so the more populated half
 * comes first, except in the range holding the source (first == 0).  The
 * top-level call is (chain, 0, len-1, n). */
void wc_hcube_weighted_sort(int *chain, int first, int last, int ns, int n,
                            int high_first);

/* U-cube / Maxport / Combine (Fig. 4 and its Section 4.1 variants) on a
 * prepared chain (chain[0] = source, cube-ordered relative to it; W-sort is
 * Maxport here, the caller having applied weighted_sort).  Appends
 * len-1 edges to out.  Returns the number of edges or a WC_HCUBE_E*. */
int wc_hcube_chain_tree(int algo, const int *chain, int len, int n,
                        int high_first, wc_tree *out);

/* Whole pipeline: chain (m+1 ints of work), weighted_sort for W-sort, tree.
 * out->src is set, out->nedges reset. */
int wc_hcube_tree(int algo, int n, int high_first, int src, const int *dst,
                  int m, int *work, wc_tree *out);

/* "ucube", "maxport", "combine", "wsort"; parse returns -1 if unknown. */
const char *wc_hcube_algo_name(int algo);
int wc_hcube_algo_parse(const char *s);
#endif

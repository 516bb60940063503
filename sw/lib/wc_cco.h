/* SPDX-License-Identifier: Apache-2.0 */
/* Ordered-chain multicast for irregular networks (CCO): chains of
 * destinations on which a binomial multicast has no contention
 * ("partial ordered chains"), concatenated with the source's chain first,
 * then a k-binomial tree on the concatenation.  As described in
 * Liu et al., GPC 2006 Section 1 (after
 * Kesavan and Panda, who use it as the base ordering: ICPP 1997 Section 5.2).  Freestanding: routes come
 * from a caller function (wc_path_fn of wc_contention.h). */
#ifndef WC_CCO_H
#define WC_CCO_H
#include "wc_tree.h"
#include "wc_contention.h"

/* Caller storage: ints. */
#define WC_CCO_WORK(ndst, maxhops) (((ndst) + 1) * ((ndst) + 1) * ((maxhops) + 1) + 6 * ((ndst) + 2))

/* Greedy partial ordered chains: destinations are taken in the given
 * order (pass them grouped by switch, e.g. in spanning-tree order) and
 * each joins the first chain whose binomial multicast stays free of
 * same-step link sharing, else opens a new chain.  Writes chain[0..ndst]
 * (chain[0] = src) and, if poc is non-NULL, the chain number of every
 * position.  Returns the number of chains, or -1 (bad args, routing
 * failure, path longer than maxhops, work too small). */
int wc_cco_order(int src, const int *dst, int ndst, wc_path_fn path, void *ctx, int maxhops,
                 int *chain, int *poc, int *work, int nwork);

/* wc_cco_order then wc_kbin_tree(chain, ndst+1, k): returns the completion
 * step or -1.  edges must hold ndst + 1 entries (scratch for the check). */
int wc_cco_multicast(int src, const int *dst, int ndst, wc_path_fn path, void *ctx, int maxhops,
                     int k, wc_tree *out, int *chain, int *work, int nwork);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Source-partitioned chain concatenation ordering (SPCCO) for multiple
 * multicast on irregular networks, as Liu et al., GPC 2006 Section 1 describes it (after Kesavan and Panda):
 * "Each multicast produces its own sequence (consisting of POCs), and each
 * resulting sequence is shifted until the source appears at the beginning
 * of the sequence."  The partial ordered chains are those of CCO
 * (wc_cco.h), built over the whole participant set in a base order that
 * does not favour the source; the concatenation is then rotated so the
 * source comes first, and a k-binomial tree runs on the rotated sequence.
 * Multicasts from different sources over the same nodes therefore walk
 * one cyclic sequence from different starting points, which is the
 * interleaving the paper credits for avoiding hot spots.  Freestanding:
 * routes come from a caller function (wc_path_fn of wc_contention.h). */
#ifndef WC_SPCCO_H
#define WC_SPCCO_H
#include "wc_tree.h"
#include "wc_contention.h"
#include "wc_cco.h"

/* Caller storage: ints, for n >= 1 participants (source included). */
#define WC_SPCCO_WORK(n, maxhops) WC_CCO_WORK((n) - 1, maxhops)

/* members[0..n-1]: every participant (the source among them), distinct,
 * in the base order (e.g. grouped by switch in spanning-tree order; the
 * same order whoever the source is).  Chains are built greedily over the
 * members in that order exactly as wc_cco_order does (each joins the
 * first chain whose binomial multicast stays free of same-step link
 * sharing, else opens a new one), concatenated in creation order, and the
 * concatenation is rotated so that src is first.  Writes chain[0..n-1]
 * and, if poc is non-NULL, the chain number of every position (numbers
 * of the unrotated concatenation).  Returns the number of chains, or -1
 * (src not a member, bad args, routing failure, path longer than maxhops,
 * work too small). */
int wc_spcco_order(int src, const int *members, int n, wc_path_fn path, void *ctx, int maxhops,
                   int *chain, int *poc, int *work, int nwork);

/* wc_spcco_order then wc_kbin_tree(chain, n, k): returns the completion
 * step or -1.  out->cap >= n - 1. */
int wc_spcco_multicast(int src, const int *members, int n, wc_path_fn path, void *ctx, int maxhops,
                       int k, wc_tree *out, int *chain, int *work, int nwork);
#endif

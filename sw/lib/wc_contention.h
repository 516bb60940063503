/* SPDX-License-Identifier: Apache-2.0 */
/* Contention checkers for trees of timed unicasts.  Freestanding.
 *
 * Hypercube: Definition 4 of Robinson et al., Supercomputing 1993
 * (Section 3.4) over e-cube paths.  Unicasts (u,v,t) and (x,y,tau) with
 * t <= tau are contention-free iff P(u,v) and P(x,y) share no arc, or
 * t < tau and x is in the reachable set R_u (the subtree of u).  Only the
 * external channels (arcs between nodes) are compared; sends of one node on
 * one injection channel are serialized by the step model already.
 *
 * General: unicasts whose step intervals [step, step+dur-1] overlap and
 * whose paths share a directed link, with links given by a caller
 * function (e.g. from the host topology's wc_topo_path). */
#ifndef WC_CONTENTION_H
#define WC_CONTENTION_H
#include "wc_tree.h"

typedef struct { int a, b; } wc_contention_pair;  /* edge indices, a < b */

enum wc_contention_err {
    WC_CONTENTION_EARG = -1,    /* bad dimension, dur or maxhops */
    WC_CONTENTION_ETREE = -2,   /* a node receives twice or an edge is untimed */
    WC_CONTENTION_EPATH = -3    /* the path function failed */
};

/* 1 if the e-cube paths P(u,v) and P(x,y) share a directed arc. */
int wc_contention_hcube_share(int u, int v, int x, int y, int high_first);

/* 1 if x is in R_u of tree t (x == u, or x descends from u). */
int wc_contention_reaches(const wc_tree *t, const int *byto, int u, int x);

#define WC_CONTENTION_HCUBE_WORK(ne) ((ne) + 1)

/* Definition 4 over every pair.  Writes up to maxout contending pairs to
 * out (may be NULL) and returns how many contend in total, or a
 * WC_CONTENTION_E*.  n only bounds the node ids (1..30). */
int wc_contention_hcube(const wc_tree *t, int n, int high_first,
                        wc_contention_pair *out, int maxout, int *work);

/* Directed links of the route from -> to as ints (any encoding that is
 * equal for equal links); returns the count, or -1 if unroutable or longer
 * than max. */
typedef int (*wc_path_fn)(void *ctx, int from, int to, int *links, int max);

#define WC_CONTENTION_LINKS_WORK(ne, maxhops) ((ne) * ((maxhops) + 1) + 1)

/* General checker (shared links at overlapping steps). */
int wc_contention_links(const wc_tree *t, wc_path_fn path, void *ctx,
                        int dur, int maxhops, wc_contention_pair *out,
                        int maxout, int *work);

/* wc_path_fn for e-cube on the n-cube: link = node * n + dimension.
 * ctx is a const wc_hcube_cfg *. */
int wc_contention_hcube_path(void *ctx, int from, int to, int *links, int max);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* One-to-all scatter on the all-port binary n-cube without combining:
 * a spanning tree of the source 0 whose n subtrees D_0..D_{n-1} have
 * floor or ceil of (2^n-1)/n nodes each, are shortest-path trees and are
 * vertex-disjoint, so paths into different subtrees are link-disjoint
 * (the CS838 lecture notes, 1999, "All-port
 * non-combining hypercube": the necklace construction).  Any other source
 * s uses the same tree XOR s.  Freestanding, caller storage. */
#ifndef WC_SCATTER_H
#define WC_SCATTER_H
#include "wc_tree.h"

#define WC_SCATTER_MAXN 20

/* The hook of the lecture's Lemma: w' = w with the 1 immediately to the
 * right (cyclically, towards lower bits) of w's longest run of zeros
 * cleared; ties go to the run that ends at the lowest bit.  For w = 1^n
 * (no zeros) bit 0 is cleared. */
int wc_scatter_hook(int n, int w);

/* Rotation period of w as an n-bit necklace (n for a full necklace). */
int wc_scatter_period(int n, int w);

/* Fill the table: order[pos] (pos = 0..2^n-2, row-major, n per row) is
 * the node at that position, col[v] = its subtree (column), parent[v] the
 * node it hooks on (0 for the weight-1 nodes); col[0] = parent[0] = -1.
 * Arrays hold 2^n ints.  Returns 0 or -1 on bad n or a necklace with no
 * full hook (the Lemma failing). */
int wc_scatter_build(int n, int *order, int *col, int *parent);

/* Checks a partition independently of how it was built: every nonzero
 * node in exactly one column, parent differs from the node in exactly one
 * bit that is 1 in the node (shortest-path tree towards 0), parent in the
 * same column (or 0 for a weight-1 node), column sizes floor/ceil of
 * (2^n-1)/n.  Returns 0 if all hold, else the first bad node (> 0) or -1
 * for bad sizes. */
int wc_scatter_check(int n, const int *col, const int *parent);

/* The non-combining scatter as timed unicasts from 0: the packet for each
 * node travels the tree path inside its subtree; per step the source
 * injects one packet into every subtree, farthest (most 1s) first.
 * out->cap >= 2^n-1.  Returns the last step, ceil((2^n-1)/n). */
int wc_scatter_schedule(int n, const int *order, const int *col,
                        wc_tree *out);

/* wc_path_fn: the tree path from the source 0 to `to`; ctx is a
 * wc_scatter_ctx.  Links are node * n + dimension, as for e-cube. */
typedef struct { int n; const int *parent; } wc_scatter_ctx;
int wc_scatter_path(void *ctx, int from, int to, int *links, int max);
#endif

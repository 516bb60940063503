/* SPDX-License-Identifier: Apache-2.0 */
/* Chain multicast on a mesh with the source anywhere in the chain
 * (the CS838 lecture notes, 1999, "Multicast in
 * meshes").  Freestanding, caller storage.
 *
 * The destinations and the source are ordered lexicographically in the
 * order the base routing corrects the dimensions (XY: x first, so by x,
 * then y): the dimension-order chain.  For chain nodes u < v <= w < z the
 * XY paths u -> v and w -> z share no directed link (the notes' lemma,
 * which "applies similarly" to meshes), so recursive halving of the chain
 * is contention-free: split the chain into two halves; a holder in the
 * lower half sends to the first node of the upper half, a holder in the
 * upper half to the last node of the lower half; recurse into both halves
 * with their holders.  On a mesh the source may be interior; every other
 * holder is a boundary node of its part.  ceil(log2 n) steps for n chain
 * nodes (source included), one-port. */
#ifndef WC_MCHAIN_H
#define WC_MCHAIN_H
#include "wc_tree.h"

enum { WC_MCHAIN_EARG = -1, WC_MCHAIN_EFULL = -2 };

/* The dimension-order chain of src and dst[0..nd-1] on an X x Y mesh
 * (node = y*X + x) into chain[0..nd] (nd + 1 entries); *src_idx is the
 * source's place.  0, or WC_MCHAIN_EARG for ids outside the mesh, the
 * source among the destinations or a repeated destination. */
int wc_mchain_order(int X, int Y, int src, const int *dst, int nd, int *chain, int *src_idx);

/* The recursive halving over chain[0..n-1] from chain[src_idx] into out
 * (n - 1 edges, steps from 1, a holder's sends in the order it makes
 * them).  Returns the number of steps, or WC_MCHAIN_EARG / EFULL. */
int wc_mchain_tree(const int *chain, int n, int src_idx, wc_tree *out);
#endif

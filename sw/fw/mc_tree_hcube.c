/* SPDX-License-Identifier: Apache-2.0 */
/* Hypercube trees for the multicast runtime (see mc_tree.h): link this
 * file to make MC_TREE_HCUBE available. */
#include "mc_tree.h"
#include "wc_hcube.h"

int mc_tree_hcube(const mc_tree *t, unsigned root, const int *dst, unsigned m, unsigned nnodes, int *work,
                  wc_tree *out)
{
    int d = 0, e;
    while ((1u << d) < nnodes)
        d++;
    if (d < 1 || (1u << d) != nnodes)
        return MC_E_TOPO;
    /* the library orders the chain relative to the root itself */
    e = wc_hcube_tree(t->algo, d, t->high_first, (int)root, dst, (int)m, work, out);
    return e == WC_HCUBE_EDIM ? MC_E_TOPO : e < 0 ? MC_E_ARG : 0;
}

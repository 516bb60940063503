/* SPDX-License-Identifier: Apache-2.0 */
/* Host glue: RAM (wc_ram.h), CCO (wc_cco.h) and SPCCO (wc_spcco.h) on a switched wc_topo
 * (irregular:S,P,H,SEED or file:PATH networks with up-down routing). */
#ifndef WC_RAM_TOPO_H
#define WC_RAM_TOPO_H
#include "wc_topo.h"
#include "wc_tree.h"

/* wc_path_fn over wc_topo_path; ctx is a const wc_topo *.  A link is a
 * router output channel (router*nports + port) or a host's injection
 * channel (nrouters*nports + host). */
int wc_topo_links(void *ctx, int from, int to, int *links, int max);

/* variant: -1 single RAM (Section 3.1), else primary | exchange << 1 with
 * WC_RAM_SAMETREE/RANDOM and WC_RAM_BINOMIAL/CYCLIC (Section 3.2).
 * out->cap >= ndst.  Returns total time or -1 (message in err). */
int wc_ram_topo(const wc_topo *t, int src, const int *dst, int ndst, int ll, int lr,
                int variant, unsigned pick, wc_tree *out, char *err, int errlen);

/* CCO with destinations grouped by switch in spanning-tree (BFS) order;
 * out->cap >= ndst.  Returns the completion step or -1. */
int wc_cco_topo(const wc_topo *t, int src, const int *dst, int ndst, int k, wc_tree *out,
                char *err, int errlen);

/* SPCCO over {src} and dst (k < 1: binomial, k = ceil(log2(ndst + 1))): the base order is every participant grouped
 * by switch in spanning-tree (BFS) order, by host id within a switch, so
 * it depends on the set alone (not on which member is the source nor on
 * the order of dst); out->cap >= ndst.  If chain is non-NULL it receives
 * the ndst + 1 ordered participants (source first) and poc their chain
 * numbers (poc may be NULL).  Returns the completion step or -1. */
int wc_spcco_topo(const wc_topo *t, int src, const int *dst, int ndst, int k, wc_tree *out,
                  int *chain, int *poc, char *err, int errlen);
#endif

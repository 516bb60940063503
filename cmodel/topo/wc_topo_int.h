/* SPDX-License-Identifier: Apache-2.0 */
/* Internals shared by the topology sources (wc_topo.c, wc_topo_file.c,
 * wc_topo_updown.c).  Not part of the public API. */
#ifndef WC_TOPO_INT_H
#define WC_TOPO_INT_H
#include "wc_topo.h"

/* errors: wc_err() of defs/wc_err.h, as everywhere */
#include "wc_err.h"

/* Strict decimal parse of s[0..len): digits only, value <= max.
 * 0 on success, -1 malformed, -2 out of range. */
int wc__topo_parse_u64(const char *s, int len, unsigned long long max,
                       unsigned long long *out);

/* Allocates a topology with every port unconnected. */
wc_topo *wc__topo_alloc(enum wc_topo_kind kind, int nrouters, int nports,
                        int nnodes);

/* Switch-based network from a port map: switch s carries nhosts[s] hosts on
 * ports 0..nhosts[s]-1, numbered in switch order (node_ids == NULL) or by
 * node_ids[] taken in the same switch/port order; links[4*i..4*i+3] =
 * {sa, pa, sb, pb}.  Validates ports, then builds the up* / down* state. */
wc_topo *wc__topo_switched(const char *name, int nswitches, int nports,
                           const int *nhosts, const int *node_ids,
                           const int *links, int nlinks,
                           char *err, int errlen);

/* BFS tree, link directions and route tables for t (WC_TOPO_SWITCHED
 * with peer/node arrays filled).  -1 (message in err) if disconnected. */
int wc__topo_updown_build(wc_topo *t, char *err, int errlen);

/* file:PATH */
wc_topo *wc__topo_from_file(const char *path, char *err, int errlen);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* BRCP descriptions of wc_topo networks (host side: allocates).  Cubes and
 * meshes need only their sizes; switched networks hand the routers' own
 * up* / down* tables to sw/lib/wc_brcp.c so conformance is judged on the
 * routes the routers really take. */
#ifndef WC_BRCP_TOPO_H
#define WC_BRCP_TOPO_H
#include "wc_topo.h"
#include "wc_brcp.h"

typedef struct {
    wc_brcp_net net;
    wc_brcp_updown ud;
    int *peer;        /* [nrouters*nports] for ud.peer */
    int *node_key;    /* [nnodes] spanning-tree preorder rank of the host's switch */
} wc_brcp_topo;

/* 0 on success; -1 with a message in err. */
int wc_brcp_from_topo(const wc_topo *t, wc_brcp_topo *bt, char *err, int errlen);
void wc_brcp_topo_free(wc_brcp_topo *bt);
#endif

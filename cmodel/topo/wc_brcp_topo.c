/* SPDX-License-Identifier: Apache-2.0 */
#include <stdio.h>
#include <stdlib.h>
#include "wc_brcp_topo.h"

/* Preorder of the BFS spanning tree (children by increasing switch id), so
 * hosts in one subtree get neighbouring keys and the schemes hand a holder
 * destinations it can reach going down. */
static int tree_preorder(const wc_topo *t, int *rank)
{
    int n = t->nrouters, top = 0, next = 0, r, c;
    int *stack = malloc(sizeof(int) * (size_t)n);
    if (!stack)
        return -1;
    for (r = 0; r < n; r++)
        rank[r] = -1;
    stack[top++] = t->root;
    while (top > 0) {
        r = stack[--top];
        rank[r] = next++;
        /* push children highest id first so the lowest is visited first */
        for (c = n - 1; c >= 0; c--)
            if (t->parent[c] == r && c != r)
                stack[top++] = c;
    }
    free(stack);
    for (r = 0; r < n; r++)
        if (rank[r] < 0)
            rank[r] = next++;
    return 0;
}

int wc_brcp_from_topo(const wc_topo *t, wc_brcp_topo *bt, char *err, int errlen)
{
    int i;
    bt->peer = NULL;
    bt->node_key = NULL;
    if (t->kind == WC_TOPO_CUBE) {
        if (wc_brcp_cube(&bt->net, t->n, t->high_first) < 0)
            goto bad;
        return 0;
    }
    if (t->kind == WC_TOPO_MESH) {
        int size[2];
        size[0] = t->mx;
        size[1] = t->my;
        if (wc_brcp_mesh(&bt->net, 2, size) < 0)
            goto bad;
        return 0;
    }
    {
        int n = t->nrouters * t->nports, *rank;
        bt->peer = malloc(sizeof(int) * (size_t)n);
        bt->node_key = malloc(sizeof(int) * (size_t)t->nnodes);
        rank = malloc(sizeof(int) * (size_t)t->nrouters);
        if (!bt->peer || !bt->node_key || !rank || tree_preorder(t, rank) < 0) {
            free(rank);
            wc_brcp_topo_free(bt);
            snprintf(err, (size_t)errlen, "out of memory");
            return -1;
        }
        for (i = 0; i < n; i++)
            bt->peer[i] = t->peer[i].router >= 0 ? t->peer[i].router : -1;
        for (i = 0; i < t->nnodes; i++)
            bt->node_key[i] = rank[t->node_router[i]] * t->nnodes + i;
        free(rank);
        bt->ud.nrouters = t->nrouters;
        bt->ud.nports = t->nports;
        bt->ud.nnodes = t->nnodes;
        bt->ud.rtable = t->rtable;
        bt->ud.up = t->up;
        bt->ud.peer = bt->peer;
        bt->ud.node_router = t->node_router;
        bt->ud.node_key = bt->node_key;
        bt->ud.same_switch_ok = 0;
        if (wc_brcp_updown_net(&bt->net, &bt->ud) < 0) {
            wc_brcp_topo_free(bt);
            goto bad;
        }
        return 0;
    }
bad:
    snprintf(err, (size_t)errlen, "%s: no BRCP description for this network", t->name);
    return -1;
}

void wc_brcp_topo_free(wc_brcp_topo *bt)
{
    free(bt->peer);
    free(bt->node_key);
    bt->peer = NULL;
    bt->node_key = NULL;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* FPFS / FCFS step simulation: Kesavan and Panda, ICPP 1997, Section 3 (Figs. 6 and 7 give the two send
 * orders) and Section 4.1 (the pipelined model whose completion Theorems
 * 1-2 predict; the simulation is what checks them). */
#include "wc_fpfs.h"
#include <limits.h>

int wc_fpfs_run(const wc_tree *t, int nnodes, int m, int mode,
                wc_fpfs_result *res, int *L, int *buf, int *sent,
                int *work, int nwork)
{
    int *recv, *parent, *order, *start, *kids;
    int i, j, e, head, tail, v;

    if (!t || !res || !work || nnodes < 1 || m < 1 || t->nedges < 0 ||
        (mode != WC_FPFS && mode != WC_FCFS) ||
        m > INT_MAX - 3 || nnodes > (INT_MAX - 1) / (m + 3) || nwork < WC_FPFS_WORK(nnodes, m) ||
        (t->nedges > 0 && !t->edges))
        return WC_FPFS_EARG;
    if (t->src < 0 || t->src >= nnodes)
        return WC_FPFS_ENODE;
    recv = work;                    /* [nnodes*m] step node v got packet j */
    parent = recv + nnodes * m;     /* [nnodes] parent edge index, -1 none;
                                     * then the BFS order */
    start = parent + nnodes;        /* [nnodes+1] node v's children are */
    kids = start + nnodes + 1;      /* kids[start[v]..start[v+1]-1], edge
                                     * indices in edge order; [nnodes-1] */

    for (v = 0; v < nnodes; v++)
        parent[v] = -1;
    for (e = 0; e < t->nedges; e++) {
        int a = t->edges[e].from, b = t->edges[e].to;
        if (a < 0 || a >= nnodes || b < 0 || b >= nnodes)
            return WC_FPFS_ENODE;
        if (b == t->src || parent[b] >= 0)
            return WC_FPFS_EPARENT;
        parent[b] = e;
    }
    /* Distinct targets other than the root: nedges <= nnodes-1 fits kids.
     * A stable counting sort by sender keeps each node's children in
     * edge order. */
    for (v = 0; v <= nnodes; v++)
        start[v] = 0;
    for (e = 0; e < t->nedges; e++)
        start[t->edges[e].from + 1]++;
    for (v = 0; v < nnodes; v++)
        start[v + 1] += start[v];
    for (e = 0; e < t->nedges; e++)
        kids[start[t->edges[e].from]++] = e;
    for (v = nnodes; v > 0; v--)
        start[v] = start[v - 1];
    start[0] = 0;
    for (i = 0; i < nnodes * m; i++)
        recv[i] = -1;
    for (j = 0; j < m; j++)
        recv[t->src * m + j] = 0;   /* the root holds every packet at step 0 */

    /* Breadth first from the root: a node's receive steps are final before
     * it is expanded, and its sends depend on nothing else. */
    order = parent;
    head = tail = 0;
    order[tail++] = t->src;
    while (head < tail) {
        int u = order[head++], prev = 0, c;
        int d = start[u + 1] - start[u];
        const int *ku = kids + start[u], *ru = recv + u * m;
        /* FPFS walks (packet, child) with the child index fastest, FCFS
         * with the packet index fastest; each copy goes in the earliest
         * step after both the node's previous send and the packet's
         * arrival. */
        for (i = 0; i < d * m; i++) {
            int jj = mode == WC_FPFS ? i / d : i % m;
            int ci = mode == WC_FPFS ? i % d : i / m;
            int s = prev + 1;
            e = ku[ci];
            c = t->edges[e].to;
            if (ru[jj] + 1 > s)
                s = ru[jj] + 1;
            prev = s;
            recv[c * m + jj] = s;
            if (sent)
                sent[e * m + jj] = s;
        }
        for (i = 0; i < d; i++) {
            if (tail >= nnodes)
                return WC_FPFS_ECYCLE;
            order[tail++] = t->edges[ku[i]].to;
        }
    }
    /* every edge's target must have been reached: otherwise some edges form
     * a cycle detached from the root */
    for (e = 0; e < t->nedges; e++)
        if (recv[t->edges[e].to * m] < 0)
            return WC_FPFS_ECYCLE;

    res->steps = 0;
    res->max_buffer = 0;
    res->max_buffer_node = -1;
    if (L)
        for (j = 0; j < m; j++)
            L[j] = 0;
    for (v = 0; v < nnodes; v++)
        for (j = 0; j < m; j++) {
            int r = recv[v * m + j];
            if (L && r > L[j])
                L[j] = r;
            if (r > res->steps)
                res->steps = r;
        }

    /* Buffer occupancy: both orders forward packets of one node in packet
     * order to each child, so arrival and release steps are nondecreasing
     * in j and a two-pointer sweep counts the packets held per step. */
    for (v = 0; v < nnodes; v++) {
        int d = start[v + 1] - start[v], a, r, held, best = 0;
        const int *rv = recv + v * m;
        if (d > 0 && rv[0] >= 0) {
            /* a packet is released by its copy to the last child, in
             * either order */
            const int *rl = recv + t->edges[kids[start[v + 1] - 1]].to * m;
            /* occupancy during step x: #{j : rv[j] < x} - #{j : rel[j] < x};
             * it can only rise at x = rv[j]+1, so test those points */
            r = 0;
            for (a = 0; a < m; a++) {
                int x = rv[a] + 1;
                while (r < m && rl[r] < x)
                    r++;
                held = (a + 1) - r;
                /* packets arriving together are all counted at once */
                while (a + 1 < m && rv[a + 1] + 1 == x) {
                    a++;
                    held++;
                }
                if (held > best)
                    best = held;
            }
        }
        if (buf)
            buf[v] = best;
        if (v != t->src && best > res->max_buffer) {
            res->max_buffer = best;
            res->max_buffer_node = v;
        }
    }
    return 0;
}

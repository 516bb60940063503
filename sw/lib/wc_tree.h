/* SPDX-License-Identifier: Apache-2.0 */
/* A multicast as a set of timed unicasts: the common currency of the
 * algorithm library (tree builders fill it, step models and the contention
 * checker read it, the CLI prints it).  Caller-owned storage: no malloc. */
#ifndef WC_TREE_H
#define WC_TREE_H

typedef struct {
    int from, to;   /* node ids */
    int step;       /* step in which the unicast is sent (from 1); 0 = not yet timed */
} wc_edge;

typedef struct {
    int src;        /* root of the multicast */
    int nedges;
    int cap;        /* capacity of edges[] */
    wc_edge *edges; /* in issue order: a node's sends appear in the order it makes them */
} wc_tree;

/* Append an edge; returns -1 when the caller's array is full. */
static inline int wc_tree_add(wc_tree *t, int from, int to, int step)
{
    if (t->nedges >= t->cap)
        return -1;
    t->edges[t->nedges].from = from;
    t->edges[t->nedges].to = to;
    t->edges[t->nedges].step = step;
    t->nedges++;
    return 0;
}
#endif

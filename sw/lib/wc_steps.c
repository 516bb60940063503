/* SPDX-License-Identifier: Apache-2.0 */
/* Step models for unicast trees: the semantics fixed by the project's
 * multicast issue and docs/steps.md (one-port / all-port as in
 * Robinson et al., Supercomputing 1993 Section 1, Fig. 3(c)-(e)).
 * Nodes are whatever ids the tree uses, so the code never indexes arrays by
 * node id: it sorts edge indices and binary-searches. */
#include "wc_steps.h"

const char *wc_steps_strerror(int err)
{
    switch (err) {
    case WC_STEPS_EARG:    return "bad port model or missing channel function";
    case WC_STEPS_ESRC:    return "an edge goes to the root or to its own sender";
    case WC_STEPS_EMULTI:  return "a node receives more than once";
    case WC_STEPS_EORPHAN: return "an edge leaves a node that never receives the message";
    default:               return "no error";
    }
}

static int key_less(const wc_tree *t, int a, int b, int by_from)
{
    int ka = by_from ? t->edges[a].from : t->edges[a].to;
    int kb = by_from ? t->edges[b].from : t->edges[b].to;
    return ka != kb ? ka < kb : a < b;
}

static void sift(const wc_tree *t, int *a, int i, int cnt, int by_from)
{
    for (;;) {
        int c = 2 * i + 1, x;
        if (c >= cnt)
            return;
        if (c + 1 < cnt && key_less(t, a[c], a[c + 1], by_from))
            c++;
        if (!key_less(t, a[i], a[c], by_from))
            return;
        x = a[i]; a[i] = a[c]; a[c] = x;
        i = c;
    }
}

void wc_steps_sort_edges(const wc_tree *t, int *idx, int cnt, int by_from)
{
    int i, x;
    for (i = 0; i < cnt; i++)
        idx[i] = i;
    for (i = cnt / 2 - 1; i >= 0; i--)
        sift(t, idx, i, cnt, by_from);
    for (i = cnt - 1; i > 0; i--) {
        x = idx[0]; idx[0] = idx[i]; idx[i] = x;
        sift(t, idx, 0, i, by_from);
    }
}

int wc_steps_find_to(const wc_tree *t, const int *idx, int cnt, int v)
{
    int lo = 0, hi = cnt - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, k = t->edges[idx[mid]].to;
        if (k == v)
            return idx[mid];
        if (k < v) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

/* First position in idx (sorted by from) whose edge leaves u. */
static int lower_from(const wc_tree *t, const int *idx, int cnt, int u)
{
    int lo = 0, hi = cnt;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (t->edges[idx[mid]].from < u) lo = mid + 1; else hi = mid;
    }
    return lo;
}

int wc_steps_assign(wc_tree *t, int port, wc_chan_fn chan, void *ctx,
                    int *work)
{
    int ne = t->nedges, i;
    int *byto = work, *byfrom = work + ne, *queue = work + 2 * ne;
    int qh = 0, qt = 0, done = 0, last = 0;
    if ((port != WC_PORT_ONE && port != WC_PORT_ALL) ||
        (port == WC_PORT_ALL && !chan))
        return WC_STEPS_EARG;
    for (i = 0; i < ne; i++)
        if (t->edges[i].to == t->src || t->edges[i].to == t->edges[i].from)
            return WC_STEPS_ESRC;
    wc_steps_sort_edges(t, byto, ne, 0);
    for (i = 1; i < ne; i++)
        if (t->edges[byto[i]].to == t->edges[byto[i - 1]].to)
            return WC_STEPS_EMULTI;
    wc_steps_sort_edges(t, byfrom, ne, 1);
    /* Breadth-first from the root: a sender's ready step is known once the
     * edge delivering to it has been timed.  -1 in the queue is the root. */
    queue[qt++] = -1;
    while (qh < qt) {
        int e = queue[qh++];
        int u = e < 0 ? t->src : t->edges[e].to;
        int ready = e < 0 ? 1 : t->edges[e].step + 1;
        int p0 = lower_from(t, byfrom, ne, u), p;
        for (p = p0; p < ne && t->edges[byfrom[p]].from == u; p++) {
            int f = byfrom[p], before = p - p0;
            if (port == WC_PORT_ALL) {
                /* only earlier sends on the same channel delay this one */
                int c = chan(ctx, u, t->edges[f].to), q;
                before = 0;
                for (q = p0; q < p; q++)
                    if (chan(ctx, u, t->edges[byfrom[q]].to) == c)
                        before++;
            }
            t->edges[f].step = ready + before;
            if (t->edges[f].step > last)
                last = t->edges[f].step;
            queue[qt++] = f;
            done++;
        }
    }
    return done == ne ? last : WC_STEPS_EORPHAN;
}

int wc_steps_recv(const wc_tree *t, int v)
{
    int i;
    if (v == t->src)
        return 0;
    for (i = 0; i < t->nedges; i++)
        if (t->edges[i].to == v)
            return t->edges[i].step;
    return -1;
}

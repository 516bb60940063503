/* SPDX-License-Identifier: Apache-2.0 */
/* Contention checkers (Robinson et al., Supercomputing 1993
 * Section 3.4, Definition 4; general shared-link check).  See the header. */
#include "wc_contention.h"
#include "wc_hcube.h"
#include "wc_steps.h"

/* Under e-cube routing the arc a unicast u->v takes in dimension d starts
 * at the node that already carries v's bits in every dimension routed
 * before d and still carries u's bits in d and every dimension after it
 * (Lemma 1).  Two paths share the arc iff both travel d from the same
 * node. */
static unsigned arc_start(unsigned u, unsigned v, int d, int hf)
{
    unsigned done = hf ? ~((2u << d) - 1u) : ((1u << d) - 1u);
    return (v & done) | (u & ~done);
}

int wc_contention_hcube_share(int u, int v, int x, int y, int high_first)
{
    unsigned common = ((unsigned)u ^ (unsigned)v) & ((unsigned)x ^ (unsigned)y);
    int d;
    for (d = 0; common; d++, common >>= 1)
        if ((common & 1u) &&
            arc_start((unsigned)u, (unsigned)v, d, high_first) ==
            arc_start((unsigned)x, (unsigned)y, d, high_first))
            return 1;
    return 0;
}

int wc_contention_reaches(const wc_tree *t, const int *byto, int u, int x)
{
    int hops = 0;
    while (x != u) {
        int e;
        if (x == t->src || hops++ > t->nedges)
            return 0;
        e = wc_steps_find_to(t, byto, t->nedges, x);
        if (e < 0)
            return 0;
        x = t->edges[e].from;
    }
    return 1;
}

static void record(wc_contention_pair *out, int maxout, int *found, int i, int j)
{
    if (out && *found < maxout) {
        out[*found].a = i;
        out[*found].b = j;
    }
    (*found)++;
}

static int check_tree(const wc_tree *t, const int *byto)
{
    int i;
    for (i = 0; i < t->nedges; i++)
        if (t->edges[i].step < 1)
            return WC_CONTENTION_ETREE;
    for (i = 1; i < t->nedges; i++)
        if (t->edges[byto[i]].to == t->edges[byto[i - 1]].to)
            return WC_CONTENTION_ETREE;
    return 0;
}

int wc_contention_hcube(const wc_tree *t, int n, int high_first,
                        wc_contention_pair *out, int maxout, int *work)
{
    int ne = t->nedges, i, j, found = 0, e;
    if (n < 1 || n > 30)
        return WC_CONTENTION_EARG;
    wc_steps_sort_edges(t, work, ne, 0);
    if ((e = check_tree(t, work)) < 0)
        return e;
    for (i = 0; i < ne; i++)
        for (j = i + 1; j < ne; j++) {
            const wc_edge *a = &t->edges[i], *b = &t->edges[j];
            if (a->step > b->step) {
                const wc_edge *s = a; a = b; b = s;
            }
            if (!wc_contention_hcube_share(a->from, a->to, b->from, b->to, high_first))
                continue;
            if (a->step < b->step && wc_contention_reaches(t, work, a->from, b->from))
                continue;
            record(out, maxout, &found, i, j);
        }
    return found;
}

int wc_contention_links(const wc_tree *t, wc_path_fn path, void *ctx,
                        int dur, int maxhops, wc_contention_pair *out,
                        int maxout, int *work)
{
    int ne = t->nedges, i, j, found = 0;
    int stride = maxhops + 1;
    if (dur < 1 || maxhops < 1)
        return WC_CONTENTION_EARG;
    for (i = 0; i < ne; i++) {
        int *p = work + i * stride;
        int len = path(ctx, t->edges[i].from, t->edges[i].to, p + 1, maxhops);
        if (len < 0)
            return WC_CONTENTION_EPATH;
        if (t->edges[i].step < 1)
            return WC_CONTENTION_ETREE;
        p[0] = len;
    }
    for (i = 0; i < ne; i++)
        for (j = i + 1; j < ne; j++) {
            const int *p = work + i * stride, *q = work + j * stride;
            int si = t->edges[i].step, sj = t->edges[j].step, a, b, shared = 0;
            if (si + dur - 1 < sj || sj + dur - 1 < si)
                continue;
            for (a = 1; a <= p[0] && !shared; a++)
                for (b = 1; b <= q[0]; b++)
                    if (p[a] == q[b]) { shared = 1; break; }
            if (!shared)
                continue;
            record(out, maxout, &found, i, j);
        }
    return found;
}

int wc_contention_hcube_path(void *ctx, int from, int to, int *links, int max)
{
    const wc_hcube_cfg *c = (const wc_hcube_cfg *)ctx;
    int cnt = 0, cur = from;
    while (cur != to) {
        int d = wc_hcube_delta(cur, to, c->high_first);
        if (cnt >= max)
            return -1;
        links[cnt++] = cur * c->n + d;
        cur ^= 1 << d;
    }
    return cnt;
}

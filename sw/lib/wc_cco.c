/* SPDX-License-Identifier: Apache-2.0 */
/* CCO: partial ordered chains concatenated (Liu et al., GPC 2006 Section 1: "a sequence of destinations
 * such that we can apply a binomial multicast on it without any
 * contention"; the chains are then concatenated and a binomial multicast
 * runs on the result). */
#include "wc_cco.h"
#include "wc_kbin.h"

#define WC_CCO_MAXCHAIN 128

typedef struct {
    wc_path_fn path;
    void *ctx;
    int maxhops, n;         /* n = ndst + 1 elements: 0 = src, i = dst[i-1] */
    const int *host;        /* element -> host; element 0 handled apart */
    int src;
    int *cache;             /* [n*n*(maxhops+1)]: count (-2 = unknown), links */
} cco_ctx;

static int elem_host(const cco_ctx *c, int e)
{
    return e == 0 ? c->src : c->host[e - 1];
}

static const int *links(cco_ctx *c, int a, int b)
{
    int *slot = c->cache + ((long)a * c->n + b) * (c->maxhops + 1);
    if (slot[0] == -2) {
        int k = c->path(c->ctx, elem_host(c, a), elem_host(c, b), slot + 1, c->maxhops);
        if (k < 0)
            return 0;
        slot[0] = k;
    }
    return slot;
}

static int share(cco_ctx *c, int a, int b, int x, int y, int *bad)
{
    const int *p = links(c, a, b), *q = links(c, x, y);
    int i, j;
    if (!p || !q) {
        *bad = 1;
        return 1;
    }
    for (i = 1; i <= p[0]; i++)
        for (j = 1; j <= q[0]; j++)
            if (p[i] == q[j])
                return 1;
    return 0;
}

/* 1 if the binomial multicast on elements mem[0..q-1] has two unicasts in
 * the same step sharing a link. */
static int contends(cco_ctx *c, const int *mem, int q, wc_edge *ed, int *pos, int *bad)
{
    wc_tree t;
    int i, j;
    t.edges = ed;
    t.cap = q;
    for (i = 0; i < q; i++)
        pos[i] = i;
    if (q < 3)
        return 0;
    wc_kbin_tree(pos, q, wc_kbin_log2ceil(q), &t);
    for (i = 0; i < t.nedges; i++)
        for (j = i + 1; j < t.nedges; j++)
            if (t.edges[i].step == t.edges[j].step &&
                share(c, mem[t.edges[i].from], mem[t.edges[i].to], mem[t.edges[j].from], mem[t.edges[j].to], bad))
                return 1;
    return 0;
}

int wc_cco_order(int src, const int *dst, int ndst, wc_path_fn path, void *ctx, int maxhops,
                 int *chain, int *poc, int *work, int nwork)
{
    cco_ctx c;
    int n = ndst + 1, i, e, nchain = 0, bad = 0, q;
    int *pid, *mem, *pos, *ord;
    if (ndst < 0 || (ndst > 0 && !dst) || !path || maxhops < 1 || !chain || !work ||
        nwork < WC_CCO_WORK(ndst, maxhops))
        return -1;
    c.path = path;
    c.ctx = ctx;
    c.maxhops = maxhops;
    c.n = n;
    c.host = dst;
    c.src = src;
    c.cache = work;
    for (i = 0; i < n * n; i++)
        c.cache[(long)i * (maxhops + 1)] = -2;
    pid = work + (long)n * n * (maxhops + 1);   /* element -> chain */
    mem = pid + n + 1;                          /* members of one chain */
    pos = mem + n + 1;
    ord = pos + n + 1;
    pid[0] = 0;
    nchain = 1;
    for (e = 1; e < n; e++) {
        int placed = -1, ch;
        for (ch = 0; ch < nchain && placed < 0; ch++) {
            wc_edge tmp[WC_CCO_MAXCHAIN];   /* the check's binomial tree */
            q = 0;
            for (i = 0; i < e; i++)
                if (pid[i] == ch)
                    mem[q++] = i;
            mem[q++] = e;
            if (q > WC_CCO_MAXCHAIN)
                continue;   /* bounded stack: a full chain opens a new one */
            if (!contends(&c, mem, q, tmp, pos, &bad))
                placed = ch;
            if (bad)
                return -1;
        }
        if (placed < 0)
            placed = nchain++;
        pid[e] = placed;
    }
    /* concatenate: chain 0 (it starts with the source) first */
    q = 0;
    for (i = 0; i < nchain; i++)
        for (e = 0; e < n; e++)
            if (pid[e] == i) {
                ord[q] = i;
                chain[q++] = elem_host(&c, e);
            }
    if (poc)
        for (i = 0; i < n; i++)
            poc[i] = ord[i];
    return nchain;
}

int wc_cco_multicast(int src, const int *dst, int ndst, wc_path_fn path, void *ctx, int maxhops,
                     int k, wc_tree *out, int *chain, int *work, int nwork)
{
    if (!out || k < 1 || wc_cco_order(src, dst, ndst, path, ctx, maxhops, chain, 0, work, nwork) < 0)
        return -1;
    return wc_kbin_tree(chain, ndst + 1, k, out);
}

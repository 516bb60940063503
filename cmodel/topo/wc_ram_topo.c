/* SPDX-License-Identifier: Apache-2.0 */
/* wc_topo glue for the agent-based and ordered-chain multicasts
 * (Liu et al., GPC 2006 Sections 1, 3). */
#include "wc_ram_topo.h"
#include "wc_ram.h"
#include "wc_cco.h"
#include "wc_spcco.h"
#include "wc_kbin.h"
#include <stdio.h>
#include <stdlib.h>

#define RT_MAXHOPS 64

int wc_topo_links(void *ctx, int from, int to, int *links, int max)
{
    const wc_topo *t = ctx;
    int r[RT_MAXHOPS], p[RT_MAXHOPS], k, i;
    k = wc_topo_path(t, from, to, r, p, RT_MAXHOPS);
    if (k < 0 || k + 1 > max)
        return -1;
    links[0] = t->nrouters * t->nports + from;
    for (i = 0; i < k; i++)
        links[i + 1] = r[i] * t->nports + p[i];
    return k + 1;
}

/* The first switch >= from at BFS level d, -1 if none: walking levels
 * 0.. (BFS levels have no gaps: stop at the first empty one) and the
 * switches within each gives the spanning-tree order the chain orderings
 * group hosts by. */
static int first_at_level(const wc_topo *t, int d, int from)
{
    int v;
    for (v = from; v < t->nrouters; v++)
        if (t->level[v] == d)
            return v;
    return -1;
}

static int check_set(const wc_topo *t, int src, const int *dst, int ndst, char *err, int errlen)
{
    int i, j;
    if (t->kind != WC_TOPO_SWITCHED || !t->parent) {
        snprintf(err, (size_t)errlen, "%s is not a switched network with up-down routing", t->name);
        return -1;
    }
    if (src < 0 || src >= t->nnodes) {
        snprintf(err, (size_t)errlen, "source %d is not a host of %s (0..%d)", src, t->name, t->nnodes - 1);
        return -1;
    }
    for (i = 0; i < ndst; i++) {
        if (dst[i] < 0 || dst[i] >= t->nnodes) {
            snprintf(err, (size_t)errlen, "destination %d is not a host of %s", dst[i], t->name);
            return -1;
        }
        if (dst[i] == src) {
            snprintf(err, (size_t)errlen, "destination %d is the source", dst[i]);
            return -1;
        }
        for (j = 0; j < i; j++)
            if (dst[j] == dst[i]) {
                snprintf(err, (size_t)errlen, "destination %d listed twice", dst[i]);
                return -1;
            }
    }
    return 0;
}

int wc_ram_topo(const wc_topo *t, int src, const int *dst, int ndst, int ll, int lr,
                int variant, unsigned pick, wc_tree *out, char *err, int errlen)
{
    wc_ram_in in;
    wc_ram_work w;
    int *dsw = NULL, i, rc = -1;
    if (check_set(t, src, dst, ndst, err, errlen) < 0)
        return -1;
    dsw = malloc(sizeof *dsw * (size_t)(ndst + 1));
    w.niwork = WC_RAM_IWORK(t->nrouters, ndst);
    w.iwork = malloc(sizeof *w.iwork * (size_t)w.niwork);
    w.nfis = ndst + t->nrouters;
    w.fis = malloc(sizeof *w.fis * (size_t)w.nfis);
    w.nedges = t->nrouters + 1;
    w.edges = malloc(sizeof *w.edges * (size_t)(w.nedges + ndst + 1));
    w.nedges += ndst;   /* the root-switch binomial of Section 3.2 uses it too */
    if (!dsw || !w.iwork || !w.fis || !w.edges) {
        snprintf(err, (size_t)errlen, "out of memory");
        goto out;
    }
    for (i = 0; i < ndst; i++)
        dsw[i] = t->node_router[dst[i]];
    in.nsw = t->nrouters;
    in.parent = t->parent;
    in.ndst = ndst;
    in.dst = dst;
    in.dst_sw = dsw;
    in.ll = ll;
    in.lr = lr;
    if (variant < 0)
        rc = wc_ram_multicast(&in, src, t->node_router[src], out, &w);
    else
        rc = wc_ram_multi_one(&in, src, t->node_router[src], variant & 1, variant >> 1 & 1, pick, out, &w);
    if (rc < 0)
        snprintf(err, (size_t)errlen, "RAM failed (more than %d child subtrees at a switch?)", 64);
out:
    free(dsw);
    free(w.iwork);
    free(w.fis);
    free(w.edges);
    return rc;
}

int wc_cco_topo(const wc_topo *t, int src, const int *dst, int ndst, int k, wc_tree *out,
                char *err, int errlen)
{
    int *ord = NULL, *chain = NULL, *work = NULL, nwork, j, v, d, q = 0, rc = -1;
    if (check_set(t, src, dst, ndst, err, errlen) < 0)
        return -1;
    nwork = WC_CCO_WORK(ndst, RT_MAXHOPS);
    ord = malloc(sizeof *ord * (size_t)(ndst + 1));
    chain = malloc(sizeof *chain * (size_t)(ndst + 1));
    work = malloc(sizeof *work * (size_t)nwork);
    if (!ord || !chain || !work) {
        snprintf(err, (size_t)errlen, "out of memory");
        goto out;
    }
    /* switches by BFS level of the up-down tree, hosts of a switch together */
    for (d = 0; (v = first_at_level(t, d, 0)) >= 0; d++)
        for (; v >= 0; v = first_at_level(t, d, v + 1))
            for (j = 0; j < ndst; j++)
                if (t->node_router[dst[j]] == v)
                    ord[q++] = dst[j];
    rc = wc_cco_multicast(src, ord, ndst, wc_topo_links, (void *)t, RT_MAXHOPS, k, out, chain, work, nwork);
    if (rc < 0)
        snprintf(err, (size_t)errlen, "CCO failed (unroutable pair?)");
out:
    free(ord);
    free(chain);
    free(work);
    return rc;
}

int wc_spcco_topo(const wc_topo *t, int src, const int *dst, int ndst, int k, wc_tree *out,
                  int *chain, int *poc, char *err, int errlen)
{
    int *mem = NULL, *ch = NULL, *work = NULL, *in = NULL, nwork, j, v, d, h, q = 0, rc = -1;
    const int n = ndst + 1;
    if (check_set(t, src, dst, ndst, err, errlen) < 0)
        return -1;
    nwork = WC_SPCCO_WORK(n, RT_MAXHOPS);
    mem = malloc(sizeof *mem * (size_t)n);
    ch = malloc(sizeof *ch * (size_t)n);
    in = calloc((size_t)t->nnodes, sizeof *in);
    work = malloc(sizeof *work * (size_t)nwork);
    if (!mem || !ch || !in || !work) {
        snprintf(err, (size_t)errlen, "out of memory");
        goto out;
    }
    in[src] = 1;
    for (j = 0; j < ndst; j++)
        in[dst[j]] = 1;
    for (d = 0; (v = first_at_level(t, d, 0)) >= 0; d++)
        for (; v >= 0; v = first_at_level(t, d, v + 1))
            for (h = 0; h < t->nnodes; h++)
                if (in[h] && t->node_router[h] == v)
                    mem[q++] = h;
    if (q != n || wc_spcco_order(src, mem, n, wc_topo_links, (void *)t, RT_MAXHOPS, ch, poc, work, nwork) < 0) {
        snprintf(err, (size_t)errlen, "SPCCO failed (unroutable pair?)");
        goto out;
    }
    if (k < 1)
        k = wc_kbin_log2ceil(n) > 0 ? wc_kbin_log2ceil(n) : 1;
    rc = wc_kbin_tree(ch, n, k, out);
    if (rc >= 0 && chain)
        for (j = 0; j < n; j++)
            chain[j] = ch[j];
out:
    free(mem);
    free(ch);
    free(in);
    free(work);
    return rc;
}

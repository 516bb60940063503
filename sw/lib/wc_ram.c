/* SPDX-License-Identifier: Apache-2.0 */
/* Recursive agent-based multicast: Liu et al., GPC 2006, Section 3.1 (agents A(m,v), costs C(m,v), Fig. 4)
 * and Section 3.2 (multiple multicast), scheduling by ForwardInSwitch
 * (Sections 4-5, wc_fis.c). */
#include "wc_ram.h"
#include "wc_kbin.h"

typedef struct {
    const wc_ram_in *in;
    wc_ram_work *w;
    int *cost, *agent, *has, *t0, *order, *dcount, *dstart, *dsorted;
    int *kid, *chain, *h, *start, *assign, *depth;
} ram_ctx;

static int ram_setup(ram_ctx *c, const wc_ram_in *in, wc_ram_work *w)
{
    int n, i, v, d, maxd = 0, k;
    if (!in || !w || !w->iwork || !w->fis || !w->edges || in->nsw < 1 || in->ndst < 0 ||
        (in->ndst > 0 && (!in->dst || !in->dst_sw)) || !in->parent || in->ll < 1 || in->lr < 1 ||
        w->niwork < WC_RAM_IWORK(in->nsw, in->ndst) || w->nfis < in->ndst + in->nsw ||
        w->nedges < in->nsw + 1)
        return -1;
    n = in->nsw;
    c->in = in;
    c->w = w;
    c->cost = w->iwork;
    c->agent = c->cost + n;
    c->has = c->agent + n;
    c->t0 = c->has + n;
    c->order = c->t0 + n;
    c->dcount = c->order + n;
    c->dstart = c->dcount + n;
    c->kid = c->dstart + n;
    c->chain = c->kid + n;
    c->h = c->chain + n + 1;
    c->start = c->h + n + 1;
    c->assign = c->start + n + 1;
    c->depth = c->assign + n + 1;
    c->dsorted = c->depth + n;
    /* depths by walking to the root; a walk longer than n is a cycle */
    for (v = 0; v < n; v++) {
        int u = v;
        d = 0;
        if (in->parent[v] < -1 || in->parent[v] >= n)
            return -1;
        while (in->parent[u] >= 0) {
            u = in->parent[u];
            if (++d > n)
                return -1;
        }
        c->depth[v] = d;
        if (d > maxd)
            maxd = d;
        c->dcount[v] = 0;
        c->has[v] = 0;
        c->t0[v] = -1;
    }
    /* breadth-first order = by depth (parents before children) */
    k = 0;
    for (d = 0; d <= maxd; d++)
        for (v = 0; v < n; v++)
            if (c->depth[v] == d)
                c->order[k++] = v;
    for (i = 0; i < in->ndst; i++) {
        int u = in->dst_sw[i];
        if (u < 0 || u >= n)
            return -1;
        c->dcount[u]++;
        for (; u >= 0; u = in->parent[u])
            c->has[u]++;
    }
    /* destinations grouped by switch, in input order within a switch */
    k = 0;
    for (v = 0; v < n; v++) {
        c->dstart[v] = k;
        k += c->dcount[v];
        c->dcount[v] = 0;
    }
    for (i = 0; i < in->ndst; i++) {
        v = in->dst_sw[i];
        c->dsorted[c->dstart[v] + c->dcount[v]++] = in->dst[i];
    }
    return 0;
}

/* S(m,v) into c->kid, heaviest first (ties: lower switch id); returns |S|. */
static int children(ram_ctx *c, int v)
{
    int q = 0, u, i;
    for (u = 0; u < c->in->nsw; u++)
        if (c->in->parent[u] == v && c->has[u] > 0) {
            for (i = q; i > 0 && c->cost[c->kid[i - 1]] < c->cost[u]; i--)
                c->kid[i] = c->kid[i - 1];
            c->kid[i] = u;
            q++;
        }
    return q;
}

/* Binomial multicast among q agents whose costs are cst(kid[0..q-1])
 * (heaviest first), every send L_r and one unit of sender time: the shape
 * is the binomial tree of wc_kbin_tree on positions 0..q-1; position 0
 * is the heaviest agent (A(m,v) by Section 3.1), the other positions get
 * agents heaviest first in order of their task start.  Fills h (time the
 * position holds m), start (its task start), assign (position -> index
 * into kid), the edges in c->w->edges; returns the completion time
 * max(start + cost). */
static int binom(ram_ctx *c, int q, const int *cst)
{
    wc_tree t;
    int i, j, done = 0;
    t.edges = c->w->edges;
    t.cap = c->w->nedges;
    for (i = 0; i < q; i++)
        c->chain[i] = i;
    if (wc_kbin_tree(c->chain, q, wc_kbin_log2ceil(q) > 0 ? wc_kbin_log2ceil(q) : 1, &t) < 0)
        return -1;
    for (i = 0; i < q; i++)
        c->start[i] = 0;            /* sends made so far */
    c->h[0] = 0;
    /* edges are breadth first with each node's sends in issue order */
    for (i = 0; i < t.nedges; i++) {
        int a = t.edges[i].from, b = t.edges[i].to;
        t.edges[i].step = c->h[a] + c->start[a];   /* send start, relative */
        c->h[b] = t.edges[i].step + c->in->lr;
        c->start[a]++;
    }
    for (i = 0; i < q; i++)
        c->start[i] += c->h[i];
    /* positions 1..q-1 by task start, stable; agents 1..q-1 heaviest first */
    c->assign[0] = 0;
    for (i = 1; i < q; i++) {
        for (j = i; j > 1 && c->start[c->assign[j - 1]] > c->start[i]; j--)
            c->assign[j] = c->assign[j - 1];
        c->assign[j] = i;
    }
    /* c->assign now lists positions in task-start order; invert so that
     * assign[position] = agent index */
    for (i = 0; i < q; i++)
        c->chain[c->assign[i]] = i;
    for (i = 0; i < q; i++) {
        c->assign[i] = c->chain[i];
        if (c->start[i] + cst[c->assign[i]] > done)
            done = c->start[i] + cst[c->assign[i]];
    }
    return done;
}

/* Schedule of switch v: ForwardInSwitch when v holds destinations, else
 * the binomial among its child agents.  Costs of kid[] must be final. */
static int switch_plan(ram_ctx *c, int v, int q, wc_fis_sched *s)
{
    int i, kc[WC_FIS_MAXR];
    if (q > WC_FIS_MAXR)
        return -1;
    for (i = 0; i < q; i++)
        kc[i] = c->cost[c->kid[i]];
    if (c->dcount[v] > 0) {
        s->send = c->w->fis;
        s->cap = c->w->nfis;
        return wc_fis_optimal(c->dcount[v], kc, q, c->in->ll, c->in->lr, s);
    }
    return binom(c, q, kc);
}

static int ram_cost_pass(ram_ctx *c)
{
    int i;
    wc_fis_sched s;
    for (i = c->in->nsw - 1; i >= 0; i--) {
        int v = c->order[i], q, cv;
        c->agent[v] = -1;
        c->cost[v] = 0;
        if (!c->has[v])
            continue;
        q = children(c, v);
        cv = switch_plan(c, v, q, &s);
        if (cv < 0)
            return -1;
        c->cost[v] = cv;
        c->agent[v] = c->dcount[v] > 0 ? c->dsorted[c->dstart[v]] : c->agent[c->kid[0]];
    }
    return 0;
}

static int emit(wc_tree *out, int from, int to, int t)
{
    return wc_tree_add(out, from, to, t + 1);
}

/* Fig. 4, top down in breadth-first order: c->t0[v] is when the agent of
 * v holds m and starts its task (set for v's ancestors first). */
static int ram_emit_from(ram_ctx *c, int top, wc_tree *out)
{
    int i;
    wc_fis_sched s;
    for (i = 0; i < c->in->nsw; i++) {
        int v = c->order[i], q, j;
        if (!c->has[v] || c->t0[v] < 0)
            continue;
        /* only v = top and switches below it are scheduled here */
        {
            int u = v;
            while (u >= 0 && u != top)
                u = c->in->parent[u];
            if (u != top)
                continue;
        }
        q = children(c, v);
        if (switch_plan(c, v, q, &s) < 0)
            return -1;
        if (c->dcount[v] > 0) {
            int nl = c->dcount[v];
            for (j = 0; j < s.nsend; j++) {
                int f = s.send[j].from, g = s.send[j].to;
                int fh = f < nl ? c->dsorted[c->dstart[v] + f] : c->agent[c->kid[f - nl]];
                int gh = g < nl ? c->dsorted[c->dstart[v] + g] : c->agent[c->kid[g - nl]];
                if (emit(out, fh, gh, c->t0[v] + s.send[j].t) < 0)
                    return -1;
            }
            for (j = 0; j < q; j++)
                c->t0[c->kid[j]] = c->t0[v] + s.task_start[j];
        } else {
            for (j = 0; j < q - 1; j++) {
                const wc_edge *e = &c->w->edges[j];
                if (emit(out, c->agent[c->kid[c->assign[e->from]]], c->agent[c->kid[c->assign[e->to]]],
                         c->t0[v] + e->step) < 0)
                    return -1;
            }
            for (j = 0; j < q; j++)
                c->t0[c->kid[c->assign[j]]] = c->t0[v] + c->start[j];
        }
    }
    return 0;
}

/* Latency of a hop between hosts on switches a and b (Section 4): same
 * switch 1, down into a's subtree L_l, otherwise L_r. */
static int hop(const ram_ctx *c, int a, int b)
{
    int u = b;
    if (a == b)
        return 1;
    while (u >= 0 && u != a)
        u = c->in->parent[u];
    return u == a ? c->in->ll : c->in->lr;
}

static int find_sw(const ram_ctx *c, int host)
{
    int i;
    for (i = 0; i < c->in->ndst; i++)
        if (c->in->dst[i] == host)
            return c->in->dst_sw[i];
    return -1;
}

int wc_ram_costs(const wc_ram_in *in, wc_ram_work *w, const int **cost, const int **agent)
{
    ram_ctx c;
    if (ram_setup(&c, in, w) < 0 || ram_cost_pass(&c) < 0)
        return -1;
    if (cost)
        *cost = c.cost;
    if (agent)
        *agent = c.agent;
    return 0;
}

/* Common start of both entry points: 1 = nothing to send, 0 = costs
 * ready, -1 = bad arguments. */
static int ram_begin(ram_ctx *c, const wc_ram_in *in, int src, int src_sw, wc_tree *out, wc_ram_work *w)
{
    if (!out || ram_setup(c, in, w) < 0 || src_sw < 0 || src_sw >= in->nsw || out->cap < in->ndst)
        return -1;
    out->src = src;
    out->nedges = 0;
    if (in->ndst == 0)
        return 1;
    return ram_cost_pass(c);
}

int wc_ram_multicast(const wc_ram_in *in, int src, int src_sw, wc_tree *out, wc_ram_work *w)
{
    ram_ctx c;
    int root, a, t, rc = ram_begin(&c, in, src, src_sw, out, w);
    if (rc != 0)
        return rc < 0 ? -1 : 0;
    root = c.order[0];
    a = c.agent[root];
    if (a == src)
        return -1;          /* the source is not a destination */
    t = hop(&c, src_sw, find_sw(&c, a));
    if (emit(out, src, a, 0) < 0)
        return -1;
    c.t0[root] = t;
    if (ram_emit_from(&c, root, out) < 0)
        return -1;
    return t + c.cost[root];
}

int wc_ram_multi_one(const wc_ram_in *in, int src, int src_sw, int primary_mode,
                     int exchange_mode, unsigned pick, wc_tree *out, wc_ram_work *w)
{
    ram_ctx c;
    int root, q, i, p, nl, d = -1, t1, done = 0, nr, pa, m, rc;
    if ((primary_mode != WC_RAM_SAMETREE && primary_mode != WC_RAM_RANDOM) ||
        (exchange_mode != WC_RAM_BINOMIAL && exchange_mode != WC_RAM_CYCLIC))
        return -1;
    rc = ram_begin(&c, in, src, src_sw, out, w);
    if (rc != 0)
        return rc < 0 ? -1 : 0;
    root = c.order[0];
    q = children(&c, root);
    nl = c.dcount[root];
    if (nl > 0)
        d = c.dsorted[c.dstart[root]];
    if (q == 0) {
        /* every destination is on the root switch: plain RAM */
        return wc_ram_multicast(in, src, src_sw, out, w);
    }
    /* primary agent: index p into kid[] */
    p = (int)(pick % (unsigned)q);
    if (primary_mode == WC_RAM_SAMETREE) {
        int u = src_sw;
        while (u >= 0 && c.in->parent[u] != root)
            u = c.in->parent[u];
        p = 0;      /* source on the root switch or its subtree has no destination: heaviest */
        for (i = 0; i < q; i++)
            if (c.kid[i] == u)
                p = i;
    }
    pa = c.agent[c.kid[p]];
    t1 = hop(&c, src_sw, find_sw(&c, pa));
    if (emit(out, src, pa, 0) < 0)
        return -1;
    /* members of the exchange: ring/binomial positions 0..m-1 over the
     * primary agent, the other root agents, then d; chain[] holds kid
     * indices, -1 for d */
    nr = 0;
    c.chain[nr++] = p;
    for (i = 1; i < q; i++)
        c.chain[nr++] = (p + i) % q;   /* ring order: the subtrees after p */
    if (d >= 0)
        c.chain[nr++] = -1;
    m = nr;
    {
        int member[WC_FIS_MAXR + 2], hold[WC_FIS_MAXR + 2], sends[WC_FIS_MAXR + 2];
        if (m > WC_FIS_MAXR + 1)
            return -1;
        /* members as switch ids (-1 = d): ram_emit_from below reuses kid[] */
        for (i = 0; i < m; i++) {
            member[i] = c.chain[i] < 0 ? -1 : c.kid[c.chain[i]];
            hold[i] = -1;
            sends[i] = 0;
        }
        hold[0] = t1;
        if (exchange_mode == WC_RAM_CYCLIC) {
            /* each member relays to its right neighbour */
            for (i = 0; i + 1 < m; i++) {
                int fh = member[i] < 0 ? d : c.agent[member[i]];
                int gh = member[i + 1] < 0 ? d : c.agent[member[i + 1]];
                if (emit(out, fh, gh, hold[i]) < 0)
                    return -1;
                hold[i + 1] = hold[i] + c.in->lr;
                sends[i] = 1;
            }
        } else {
            wc_tree t;
            int ord[WC_FIS_MAXR + 2];
            t.edges = c.w->edges;
            t.cap = c.w->nedges;
            for (i = 0; i < m; i++)
                ord[i] = i;
            if (wc_kbin_tree(ord, m, wc_kbin_log2ceil(m) > 0 ? wc_kbin_log2ceil(m) : 1, &t) < 0)
                return -1;
            for (i = 0; i < t.nedges; i++) {
                int a = t.edges[i].from, b = t.edges[i].to;
                int fh = member[a] < 0 ? d : c.agent[member[a]];
                int gh = member[b] < 0 ? d : c.agent[member[b]];
                int st = hold[a] + sends[a];
                if (emit(out, fh, gh, st) < 0)
                    return -1;
                hold[b] = st + c.in->lr;
                sends[a]++;
            }
        }
        /* then every agent runs RAM below it, and d reaches the root
         * switch's other destinations by a binomial (local sends, 1 unit) */
        for (i = 0; i < m; i++) {
            int st = hold[i] + sends[i];
            if (member[i] >= 0) {
                int w2 = member[i];
                c.t0[w2] = st;
                if (ram_emit_from(&c, w2, out) < 0)
                    return -1;
                if (st + c.cost[w2] > done)
                    done = st + c.cost[w2];
            } else {
                wc_tree t;
                int j, lg = wc_kbin_log2ceil(nl);
                t.edges = c.w->edges;
                t.cap = c.w->nedges;
                if (nl > c.w->nedges + 1)
                    return -1;
                if (nl > 1) {
                    if (wc_kbin_tree(c.dsorted + c.dstart[root], nl, lg, &t) < 0)
                        return -1;
                    for (j = 0; j < t.nedges; j++)
                        if (emit(out, t.edges[j].from, t.edges[j].to, st + t.edges[j].step - 1) < 0)
                            return -1;
                }
                if (st + lg > done)
                    done = st + lg;
            }
        }
    }
    return done;
}

/* SPDX-License-Identifier: Apache-2.0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_net.h"
#include "wc_defs.h"
#include "wc_err.h"

struct wc_net {
    const wc_topo *t;
    wc_router_cfg cfg;
    int R, P;
    long cycle;
    /* router r in its own block at slots + r * stride (cache-line
     * aligned): the handle, then its per-port state and buffers sized to
     * P ports (wc_router_mem_words) */
    unsigned char *slots, *slots_raw;
    size_t stride;
    uint8_t *tables;
    int *peer;              /* [R*P]: flat index of the peer port, -1 none, -2 terminal */
    /* what arrives at each router this cycle, pushed by the senders */
    uint64_t *inc_vmask, *inc_cmask;
    uint64_t *inc_flit;     /* [R*P] */
    /* Work in proportion to activity: bit sets over the routers.
     * visit: routers the next cycle evaluates (not still) or quiets
     * (evaluated the cycle before); commit: between two steps, the routers
     * a terminal's flit or credit reaches (wc_net_set_ext), during a step
     * the routers of its pass; busy: the
     * routers evaluated this cycle, the only ones with outputs; of those,
     * busy_ext: the ones driving a port not wired to a router (a
     * terminal's), busy_abs: the ones with an absorption channel valid.  A router
     * outside visit is still (wc_router_still: its outputs may wait for
     * credits, which arrive through commit) with its outputs clear and its
     * drop counter output up to date, so skipping it is what evaluating
     * it would do. */
    uint64_t *visit, *commit, *busy, *busy_ext, *busy_abs;
    uint64_t *cur;          /* this cycle's visit set, during wc_net_step */
    int nw;                 /* words of each set */
    uint64_t *link_mask;    /* [R]: ports wired to another router */
    struct wc_net_link { int r, p; } *link;   /* [R*P]: the peer router and port of a link */
    int *router_of;         /* [R*P]: r of port index r*P+p (no division per port and cycle) */
};

static inline wc_router *RT(const wc_net *n, int r)
{
    return (wc_router *)(void *)(n->slots + (size_t)r * n->stride);
}

void wc_net_router_cfg_of(const wc_topo *t, int W, int B, int mutate, wc_router_cfg *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->P = t->nports;
    cfg->W = W;
    cfg->B = B;
    cfg->routing = t->routing;
    cfg->cube_n = t->n;
    cfg->all_port = t->all_port;
    cfg->high_first = t->high_first;
    cfg->mesh_x = t->mx;
    cfg->mesh_y = t->my;
    cfg->nnodes = t->nnodes;
    cfg->stages = t->stages;
    cfg->mutate = mutate;
}

wc_net *wc_net_create(const wc_topo *t, int W, int B, int mutate, char *err, int errlen)
{
    wc_net *n;
    int r, p;
    size_t R = (size_t)t->nrouters, RP = (size_t)t->nrouters * (size_t)t->nports;
    if (W < 32 || W > 62) {
        wc_err(err, errlen, "flit data width %d out of range 32..62", W);
        return NULL;
    }
    if (B < 1 || B > 4096) {
        wc_err(err, errlen, "buffer depth %d out of range 1..4096", B);
        return NULL;
    }
    if (t->nports > WC_MAX_PORTS) {
        wc_err(err, errlen, "%d ports per router exceeds %d", t->nports, WC_MAX_PORTS);
        return NULL;
    }
    if (!(n = wc_alloc(1, sizeof *n, "the network model", err, errlen)))
        return NULL;
    n->t = t;
    n->R = t->nrouters;
    n->P = t->nports;
    wc_net_router_cfg_of(t, W, B, mutate, &n->cfg);
    n->stride = (sizeof(wc_router) + 7u) / 8u * 8u + (size_t)wc_router_mem_words(&n->cfg) * sizeof(uint64_t);
    n->stride = (n->stride + 63u) / 64u * 64u;
    if (R > ((size_t)-1 - 64u) / n->stride) {
        wc_err(err, errlen, "out of memory for the routers (%zu x %zu bytes overflows)", R, n->stride);
        wc_net_free(n);
        return NULL;
    }
    if (!(n->slots_raw = wc_alloc(R * n->stride + 64u, 1, "the routers", err, errlen)) ||
        (t->routing == WC_ROUTING_TABLE &&
         !(n->tables = wc_alloc(R * 2u, (size_t)t->nnodes, "the routing tables", err, errlen))) ||
        !(n->peer = wc_alloc(RP, sizeof *n->peer, "the link table", err, errlen)) ||
        !(n->inc_vmask = wc_alloc(R, sizeof *n->inc_vmask, "the link state", err, errlen)) ||
        !(n->inc_cmask = wc_alloc(R, sizeof *n->inc_cmask, "the link state", err, errlen)) ||
        !(n->inc_flit = wc_alloc(RP, sizeof *n->inc_flit, "the link state", err, errlen)) ||
        !(n->link_mask = wc_alloc(R, sizeof *n->link_mask, "the link table", err, errlen)) ||
        !(n->link = wc_alloc(RP, sizeof *n->link, "the link table", err, errlen)) ||
        !(n->router_of = wc_alloc(RP, sizeof *n->router_of, "the link table", err, errlen)) ||
        !(n->visit = wc_alloc(6u * ((R + 63u) / 64u), sizeof *n->visit, "the activity sets", err, errlen))) {
        wc_net_free(n);
        return NULL;
    }
    n->slots = n->slots_raw + (64u - (uintptr_t)n->slots_raw % 64u) % 64u;
    n->nw = (int)((R + 63u) / 64u);
    n->commit = n->visit + n->nw;
    n->busy = n->commit + n->nw;
    n->busy_ext = n->busy + n->nw;
    n->busy_abs = n->busy_ext + n->nw;
    n->cur = n->busy_abs + n->nw;
    for (r = 0; r < n->R; r++) {
        n->visit[r >> 6] |= 1ull << (r & 63);   /* the first cycle looks at every router */
        wc_router *rt = RT(n, r);
        wc_router_init(rt, &n->cfg, r,
                       (uint64_t *)(void *)((unsigned char *)rt + (sizeof(wc_router) + 7u) / 8u * 8u),
                       n->tables ? n->tables + (size_t)r * 2u * (size_t)t->nnodes : NULL);
        for (p = 0; p < n->P; p++) {
            wc_endpoint e = t->peer[r * n->P + p];
            n->router_of[r * n->P + p] = r;
            n->peer[r * n->P + p] = e.router >= 0 ? e.router * n->P + e.port
                                  : e.router == WC_PEER_NODE ? -2 : -1;
            if (e.router >= 0) {
                n->link_mask[r] |= 1ull << p;
                n->link[r * n->P + p].r = e.router;
                n->link[r * n->P + p].p = e.port;
            }
        }
    }
    return n;
}

void wc_net_free(wc_net *n)
{
    if (!n)
        return;
    free(n->slots_raw); free(n->tables); free(n->peer);
    free(n->inc_vmask); free(n->inc_cmask); free(n->inc_flit); free(n->link_mask); free(n->link); free(n->router_of);
    free(n->visit);
    free(n);
}

const wc_router_cfg *wc_net_router_cfg(const wc_net *n) { return &n->cfg; }

long wc_net_cfg_words(const wc_net *n, wc_cfg_word *out, long max)
{
    const wc_topo *t = n->t;
    long k = 0;
    int r, p;
    unsigned a, nn = (unsigned)t->nnodes;
    if (t->routing != WC_ROUTING_TABLE)
        return 0;
    for (r = 0; r < n->R; r++) {
        for (a = 0; a < 2 * nn; a++, k++)
            if (k < max) {
                unsigned e = t->rtable[(size_t)r * 2u * nn + a];
                /* host ports carry WC_RT_LOCAL: a multidestination worm
                 * for that host is absorbed here */
                if (e != WC_RT_PORT_NONE && t->peer[r * n->P + (int)(e & WC_RT_PORT_MASK)].router == WC_PEER_NODE)
                    e |= WC_RT_LOCAL;
                out[k].router = r; out[k].addr = a;
                out[k].data = e;
            }
        for (p = 0; p < n->P; p++, k++)
            if (k < max) {
                out[k].router = r; out[k].addr = 2 * nn + (unsigned)p;
                out[k].data = t->down_only[r * n->P + p];
            }
    }
    return k;
}

void wc_net_cfg_write(wc_net *n, int router, unsigned addr, unsigned data)
{
    wc_router_cfg_write(RT(n, router), addr, data);
}

void wc_net_set_ext(wc_net *n, int idx, int valid, uint64_t flit, int credit)
{
    const int r = n->router_of[idx], p = idx - r * n->P;
    if (valid) {
        n->inc_vmask[r] |= 1ull << p;
        n->inc_flit[idx] = flit;
    }
    if (credit)
        n->inc_cmask[r] |= 1ull << p;
    if (valid || credit)
        n->commit[r >> 6] |= 1ull << (r & 63);
}

/* What wc_net_step reads of the handle, in registers (stores through
 * the routers could alias the handle's fields). */
typedef struct {
    unsigned char *slots;
    size_t stride;
    int P;
    const struct wc_net_link *link;
    const uint64_t *link_mask, *pass;
    uint64_t *inc_vmask, *inc_cmask, *inc_flit, *next;
} step_ctx;

/* Deliver router r's outputs of this cycle to the routers at the other
 * end of its links: flits to their inputs, credits to their outputs.  A
 * peer whose turn of this cycle's pass is over (earlier in the pass, or
 * not in it) takes them now; a later one finds them in its inc_* masks
 * at its turn, after its own evaluation. */
static inline void push_outputs(const step_ctx *x, const wc_router *rt, int r)
{
    const struct wc_net_link *lk = x->link + (size_t)r * (size_t)x->P;
    const uint64_t lm = x->link_mask[r];
    uint64_t m = rt->out_valid_mask & lm, c = rt->in_credit_mask & lm;
    const uint64_t *of = rt->out_flit;
    while (m) {
        const int p = __builtin_ctzll(m), pr = lk[p].r, pp = lk[p].p;
        m &= m - 1;
        if (pr <= r || !((x->pass[pr >> 6] >> (pr & 63)) & 1)) {
            wc_router_take_flit((wc_router *)(void *)(x->slots + (size_t)pr * x->stride), pp, of[p]);
            x->next[pr >> 6] |= 1ull << (pr & 63);
        } else {
            x->inc_vmask[pr] |= 1ull << pp;
            x->inc_flit[pr * x->P + pp] = of[p];
        }
    }
    while (c) {
        const int p = __builtin_ctzll(c), pr = lk[p].r;
        c &= c - 1;
        if (pr <= r || !((x->pass[pr >> 6] >> (pr & 63)) & 1))
            wc_router_take_credit((wc_router *)(void *)(x->slots + (size_t)pr * x->stride), lk[p].p);
        else
            x->inc_cmask[pr] |= 1ull << lk[p].p;
    }
}

/* One cycle in one pass over the routers that are visited (evaluated, or
 * quieted the cycle after their last evaluation) or take a terminal's
 * flit or credit, in index order: each evaluates, applies its own
 * decisions at once (no other router reads its state), delivers its
 * outputs (push_outputs) and takes what reached it before its turn.  The
 * result is the two-phase cycle's: every evaluation reads registered
 * state only, and each router's edge is its own decisions and then its
 * arrivals, whatever the order. */
void wc_net_step(wc_net *n)
{
    const int nw = n->nw;
    uint64_t *const pass = n->commit, *const next = n->visit, *const cur = n->cur;
    uint64_t *const busy = n->busy, *const busy_ext = n->busy_ext, *const busy_abs = n->busy_abs;
    const step_ctx x = { n->slots, n->stride, n->P, n->link, n->link_mask, pass,
                         n->inc_vmask, n->inc_cmask, n->inc_flit, next };
    int w;

    /* this cycle's pass: the visit set (moved to cur, next collects the
     * next cycle's) and the terminals' arrivals already in commit */
    for (w = 0; w < nw; w++) {
        pass[w] |= next[w];
        cur[w] = next[w];
        next[w] = 0;
    }
    for (w = 0; w < nw; w++) {
        uint64_t m = pass[w], vis = cur[w], prev = busy[w], b = 0, be = 0, ba = 0, nx = 0;
        while (m) {
            const int r = w * 64 + __builtin_ctzll(m);
            const uint64_t bit = m & -m;
            wc_router *rt = (wc_router *)(void *)(x.slots + (size_t)r * x.stride);
            m &= m - 1;
            if (vis & bit) {
                rt->drop_count_o = rt->drops;
                if (!wc_router_still(rt)) {
                    wc_router_cycle(rt);
                    b |= bit;
                    if ((rt->out_valid_mask | rt->in_credit_mask) & ~x.link_mask[r])
                        be |= bit;
                    if (rt->abs_mask)
                        ba |= bit;
                    push_outputs(&x, rt, r);
                } else if (prev & bit) {
                    wc_router_quiet(rt);
                }
            }
            if (x.inc_vmask[r] | x.inc_cmask[r]) {
                uint64_t vm = x.inc_vmask[r], cm = x.inc_cmask[r];
                const uint64_t *f = x.inc_flit + (size_t)r * (size_t)x.P;
                x.inc_vmask[r] = 0;
                x.inc_cmask[r] = 0;
                if (vm)
                    nx |= bit;
                for (; vm; vm &= vm - 1)
                    wc_router_take_flit(rt, __builtin_ctzll(vm), f[__builtin_ctzll(vm)]);
                for (; cm; cm &= cm - 1)
                    wc_router_take_credit(rt, __builtin_ctzll(cm));
            }
        }
        /* the next cycle visits the evaluated (to quiet them if still)
         * and every router a flit reached (the rest stay still) */
        pass[w] = 0;
        next[w] |= b | nx;
        busy[w] = b;
        busy_ext[w] = be;
        busy_abs[w] = ba;
    }
    n->cycle++;
}

const uint64_t *wc_net_busy(const wc_net *n) { return n->busy; }
const uint64_t *wc_net_busy_ext(const wc_net *n) { return n->busy_ext; }
const uint64_t *wc_net_busy_abs(const wc_net *n) { return n->busy_abs; }

void wc_net_port(const wc_net *n, int r, int p, int *valid, uint64_t *flit, int *credit)
{
    const wc_router *rt = RT(n, r);
    *valid = (int)(rt->out_valid_mask >> p) & 1;
    *flit = *valid ? rt->out_flit[p] : 0;
    *credit = (int)(rt->in_credit_mask >> p) & 1;
}

/* the output drop_count_o of this cycle (the register before the edge) */
unsigned wc_net_drops(const wc_net *n, int r) { return RT(n, r)->drop_count_o; }
unsigned wc_net_drops_now(const wc_net *n, int r) { return RT(n, r)->drops; }
uint64_t wc_net_active_ports(const wc_net *n, int r)
{
    return RT(n, r)->out_valid_mask | RT(n, r)->in_credit_mask;
}

uint64_t wc_net_abs_mask(const wc_net *n, int r) { return RT(n, r)->abs_mask; }

uint64_t wc_net_abs(const wc_net *n, int r, int p, int *valid)
{
    *valid = (int)(RT(n, r)->abs_mask >> p) & 1;
    return *valid ? RT(n, r)->abs_flit[p] : 0;
}
long wc_net_cycle(const wc_net *n) { return n->cycle; }
const wc_router *wc_net_router(const wc_net *n, int r) { return RT(n, r); }

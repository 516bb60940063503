/* SPDX-License-Identifier: Apache-2.0 */
/* C model of the router; each function names the RTL module it mirrors. */
#include <string.h>
#include "wc_router.h"
#include "wc_route.h"
#include "wc_defs.h"

#define BIT(i) (1ull << (i))
/* the evaluation and the edge inlined into each of their callers */
#define HOT static inline __attribute__((always_inline))
#define FOR_BITS(i, m) for (uint64_t m_ = (m); m_ && ((i) = __builtin_ctzll(m_), 1); m_ &= m_ - 1)

/* The per-port storage in words, in the order wc_router_init lays it out. */
#define WORDS(bytes) (((long)(bytes) + 7) / 8)
long wc_router_mem_words(const wc_router_cfg *cfg)
{
    const long P = cfg->P;
    return WORDS(P * (long)sizeof(wc_in)) + WORDS(P * (long)sizeof(wc_out)) + P + WORDS(4 * P) + 2 * P +
           7 + P * (long)cfg->B;   /* (7: the buffers start on a cache line) */
}

void wc_router_init(wc_router *r, const wc_router_cfg *cfg, int node_id,
                    uint64_t *mem, uint8_t *table)
{
    const int P = cfg->P;
    int i;
    uint64_t *m = mem, *buf;
    int8_t *dec;
    memset(r, 0, sizeof *r);
    memset(mem, 0, (size_t)wc_router_mem_words(cfg) * sizeof *mem);
    r->cfg = cfg;
    r->W = cfg->W;
    r->B = cfg->B;
    r->two = cfg->stages == 2 && cfg->mutate != 5;   /* mutation 5: one stage */
    r->fn = wc_routing_by_id(cfg->routing);
    r->node_id = node_id;
    r->table = table;
    /* hot first: the input and output units, this cycle's flits and
     * decisions; the absorption channels and down_only bits after */
    r->in = (wc_in *)m;
    m += WORDS(P * sizeof(wc_in));
    r->out = (wc_out *)m;
    m += WORDS(P * sizeof(wc_out));
    r->out_flit = m;
    m += P;
    dec = (int8_t *)m;
    r->rport = dec;
    r->nport = dec + P;
    r->ogidx = dec + 2 * P;
    r->down_only = (uint8_t *)(dec + 3 * P);
    m += WORDS(4 * P);
    r->abs_flit = m;
    m += P;
    r->turn = m;
    m += P;
    buf = m + (8 - (long)((uintptr_t)m / 8 % 8)) % 8;
    for (i = 0; i < P; i++)
        r->in[i].buf = buf + (long)i * cfg->B;
    if (table)
        memset(table, WC_RT_PORT_NONE, 2u * (unsigned)cfg->nnodes);
    wc_router_reset(r);
}

void wc_router_reset(wc_router *r)
{
    const wc_router_cfg *c = r->cfg;
    int i;
    for (i = 0; i < c->P; i++) {
        wc_in *in = &r->in[i];
        in->rd = in->wr = in->cnt = 0;
        in->active = in->dropping = 0;
        in->port = 0;
        in->dual = in->skip = in->hdone = 0;
        r->out[i].own = 0;
        r->out[i].owner = 0;
        r->out[i].ptr = 0;
        r->out[i].cred = c->B;
        r->down_only[i] = 0;
    }
    r->drops = 0;
    r->ne_mask = r->credit_mask = r->own_mask = r->act_mask = r->dual_mask = 0;
    /* what the routing function reads of this router (wc_route_ctx);
     * mutation 2 resolves the other dimension first */
    r->cx.node = (unsigned)r->node_id;
    r->cx.cube_n = (unsigned)c->cube_n;
    r->cx.all_port = c->all_port;
    r->cx.high_first = c->mutate == 2 ? !c->high_first : c->high_first;
    r->cx.mx = (unsigned)c->mesh_x;
    r->cx.my = (unsigned)c->mesh_y;
    r->cx.table = r->table;
    r->cx.down_only = r->down_only;
    r->cx.nnodes = (unsigned)c->nnodes;
    /* the legal turns by input, once (wc_router_route reads one bit) */
    for (i = 0; i < c->P; i++) {
        int o;
        r->turn[i] = 0;
        for (o = 0; o < c->P; o++)
            if (r->fn && r->fn->turn_ok(&r->cx, (unsigned)i, (unsigned)o))
                r->turn[i] |= 1ull << o;
    }
    wc_router_quiet(r);
}

/* wc_route_table.v configuration port */
void wc_router_cfg_write(wc_router *r, unsigned addr, unsigned data)
{
    unsigned nn = (unsigned)r->cfg->nnodes;
    const wc_routing *f = r->fn;
    if (!f || !f->tables)
        return;
    if (addr < 2 * nn)
        r->table[addr] = (uint8_t)data;
    else if (addr < 2 * nn + (unsigned)r->cfg->P)
        r->down_only[addr - 2 * nn] = (uint8_t)(data & 1u);
}

/* wc_rr_arb.v: the first requester at or after ptr, cyclically. */
int wc_rr_arb(uint64_t req, int ptr)
{
    uint64_t hi;
    if (!req)
        return -1;
    hi = req >> ptr;
    return hi ? ptr + __builtin_ctzll(hi) : __builtin_ctzll(req);
}

/* Adaptive choice: output a is better than b when it is free and b is
 * owned, or both alike and a has more credits; ties keep the function's
 * first output.  Registered state only, so that an RTL branch can make
 * the same choice in the same cycle (wc_router.v better, wc_input_ctrl.v
 * better_i).  Mutation 6 inverts it: the output with fewer credits wins,
 * ties go to the second. */
static int better(const wc_router *r, int a, int b)
{
    long ka = (long)!r->out[a].own << 16 | r->out[a].cred, kb = (long)!r->out[b].own << 16 | r->out[b].cred;
    return r->cfg->mutate == 6 ? ka <= kb : ka > kb;
}

/* route compute: the function's module (wc_routing.rtl_module) */
int wc_router_route(const wc_router *r, int in_port, unsigned dst, int *local)
{
    const wc_router_cfg *c = r->cfg;
    const wc_routing *f = r->fn;
    int p, alt;
    p = f ? f->route(&r->cx, (unsigned)in_port, dst, local, &alt) : (*local = 0, -1);
    /* neither an ejection nor a legal turn: unroutable (wc_router.v, the
     * route records' ok bit); mutation 7 routes it anyway */
    if (p >= 0 && p < c->P && !*local && c->mutate != 7 && !((r->turn[in_port] >> p) & 1))
        return -1;
    if (c->mutate == 2 && c->routing == WC_ROUTING_XY && p >= 0) {
        /* YX instead of XY: the routing mutation for the self-check */
        unsigned y = (unsigned)r->node_id / (unsigned)c->mesh_x, dy = dst / (unsigned)c->mesh_x;
        if (dy != y)
            p = dy > y ? WC_MESH_PORT_N : WC_MESH_PORT_S;
    }
    /* an entry naming a port the router lacks is as unroutable as
     * WC_RT_PORT_NONE: the RTL checks the same way */
    if (p >= c->P)
        return -1;
    if (p >= 0 && alt >= 0 && alt < c->P && better(r, alt, p))
        p = alt;
    return p;
}

int wc_router_turn_ok(const wc_router *r, int in_port, int out_port)
{
    const wc_routing *f = r->fn;
    wc_route_ctx x = r->cx;
    x.high_first = r->cfg->high_first;   /* (the turn rule is the base routing's, mutation 2 or not) */
    return f ? f->turn_ok(&x, (unsigned)in_port, (unsigned)out_port) : 0;
}

void wc_router_quiet(wc_router *r)
{
    r->out_valid_mask = 0;
    r->in_credit_mask = 0;
    r->abs_mask = 0;
    r->pop_mask = r->discard_mask = r->fresh_mask = r->here_mask = r->ogrant_mask = r->early_mask = 0;
    r->otail_mask = 0;
    r->ndrop = 0;
}

/* The head the forward copy of an absorbed worm carries: the next
 * destination, one address fewer, single-flit if the stripped address was
 * the tail (wc_input_ctrl.v rewrite). */
static uint64_t rewrite_head(uint64_t head, uint64_t next, int W, int mutate)
{
    uint32_t d = (uint32_t)head;
    d = WC_SET(d, HEAD_DST, WC_GET((uint32_t)next, ADDR_DST));
    if (mutate != 4)   /* mutation 4: the address count is not decremented */
        d = WC_SET(d, HEAD_NADDR, WC_GET(d, HEAD_NADDR) - 1u);
    head = (head & ~0xffffffffull) | d;
    head &= ~(1ull << (W + 1));
    head |= next & (1ull << (W + 1));
    return head;
}

/* One cycle's decisions, from the evaluation to the edge: held in
 * registers when both run in one call (wc_router_cycle), kept in the
 * handle between wc_router_eval and wc_router_commit_self. */
typedef struct {
    uint64_t valid, pop, discard, fresh, here, ogrant, early, otail, abs;
    int ndrop;
} wc_dec;

/* The transfer of output o from input sel once the flit can go: the
 * crossbar. */
static inline void traverse_go(wc_router *r, wc_dec *dc, int o, int sel)
{
    const int W = r->W, B = r->B;
    const wc_in *in = &r->in[sel];
    const uint64_t h = in->buf[in->rd];
    uint64_t f;
    dc->valid |= BIT(o);
    dc->pop |= BIT(sel);
    if (in->dual && !in->hdone && ((h >> W) & 1))
        f = rewrite_head(h, in->buf[in->rd == B - 1 ? 0 : in->rd + 1], W, r->cfg->mutate);
    else
        f = h;
    r->out_flit[o] = f;
    dc->otail |= ((f >> (W + 1)) & 1) << o;
}

/* The router's transfer decision for output o from input sel: a flit
 * at the front, not a head absorbed here, a credit, not the stripped
 * address of an absorbed worm.  (Most calls under load stop here.) */
static inline void traverse(wc_router *r, wc_dec *dc, int o, int sel)
{
    const wc_in *in = &r->in[sel];
    if ((dc->here & BIT(sel)) || !(r->ne_mask & BIT(sel)) || r->out[o].cred == 0 || (in->dual && in->skip))
        return;
    traverse_go(r, dc, o, sel);
}

/* The two-stage hop: only owned outputs cross (the allocation of the
 * cycle before); then every output that is free, or whose tail crosses
 * now, allocates among its requests.  An input whose unicast tail crosses
 * now with a head behind it requests that head's route in the same cycle
 * (the head then crosses in the next, as the tail's successor), so a busy
 * input loses no cycle between its worms either. */
static inline void eval_two(wc_router *r, wc_dec *dc, uint64_t *reqmask, uint64_t reqports)
{
    const int W = r->W, B = r->B;
    uint64_t freed = 0;
    int i, o;
    FOR_BITS(o, r->own_mask) {
        traverse(r, dc, o, r->out[o].owner);
    }
    freed = dc->otail;
    dc->early = 0;
    FOR_BITS(i, dc->pop) {
        const wc_in *in = &r->in[i];
        uint64_t nx;
        int p, local, multi, naddr;
        if (!in->active || in->cnt < 2 || !((in->buf[in->rd] >> (W + 1)) & 1))
            continue;
        nx = in->buf[in->rd == B - 1 ? 0 : in->rd + 1];
        if (!((nx >> W) & 1))
            continue;
        naddr = (int)WC_GET((uint32_t)nx, HEAD_NADDR);
        multi = WC_GET((uint32_t)nx, HEAD_KIND) == WC_KIND_MULTI && naddr != 0;
        p = wc_router_route(r, i, WC_GET((uint32_t)nx, HEAD_DST), &local);
        if (p < 0 || (multi && (local || ((nx >> (W + 1)) & 1))))
            continue;   /* absorbed here or dropped: at the front, next cycle */
        dc->early |= BIT(i);
        r->rport[i] = p;
        if (!(reqports & BIT(p)))
            reqmask[p] = 0;
        reqports |= BIT(p);
        reqmask[p] |= BIT(i);
    }
    FOR_BITS(o, reqports) {
        if (r->out[o].own && !(freed & BIT(o)))
            continue;
        dc->ogrant |= BIT(o);
        r->ogidx[o] = wc_rr_arb(reqmask[o], r->out[o].ptr);
    }
}

HOT void eval_core(wc_router *r, wc_dec *dc)
{
    const wc_router_cfg *c = r->cfg;
    const int W = r->W, B = r->B;
    uint64_t reqmask[WC_MAX_PORTS];
    uint64_t head[WC_MAX_PORTS];
    uint64_t reqports = 0, outs, dual = 0;
    const int two = r->two;
    int i, o;

    memset(dc, 0, sizeof *dc);
    r->in_credit_mask = r->credit_mask;

    /* wc_input_ctrl.v: inputs holding flits */
    /* (an active input's flit is read where it crosses) */
    FOR_BITS(i, r->ne_mask & ~r->act_mask) {
        wc_in *in = &r->in[i];
        int is_head, is_tail, p, local, req_port;
        if (in->dual) {
            dual |= BIT(i);
            head[i] = in->buf[in->rd];
            continue;
        }
        head[i] = in->buf[in->rd];
        is_head = (int)(head[i] >> W) & 1;
        is_tail = (int)(head[i] >> (W + 1)) & 1;
        if (is_head) {
            uint32_t d = (uint32_t)head[i];
            unsigned naddr = WC_GET(d, HEAD_NADDR);
            int multi = WC_GET(d, HEAD_KIND) == WC_KIND_MULTI && naddr != 0;
            int here, bad;
            p = wc_router_route(r, i, WC_GET(d, HEAD_DST), &local);
            here = multi && p >= 0 && local;
            bad = p < 0 || (multi && is_tail);
            dc->fresh |= BIT(i);
            r->rport[i] = p;
            req_port = p;
            if (here) {
                dc->here |= BIT(i);
                if (B < 2) {
                    bad = 1;                    /* cannot see the address flit: drop, never block */
                } else if (in->cnt >= 2) {
                    uint64_t nx = in->buf[in->rd == B - 1 ? 0 : in->rd + 1];
                    int nl, np = wc_router_route(r, i, WC_GET((uint32_t)nx, ADDR_DST), &nl);
                    int leg_ok = !((nx >> W) & 1) && np >= 0 && wc_router_turn_ok(r, i, np) &&
                                 (!nl || naddr == 1);
                    r->nport[i] = np;
                    req_port = np;
                    if (!leg_ok)
                        bad = 1;
                } else if (!bad) {
                    continue;               /* wait for the first address flit */
                }
            }
            if (bad) {
                dc->discard |= BIT(i);
                dc->ndrop++;
                continue;
            }
        } else {
            /* stray body/tail: discarded, counted once per run */
            dc->discard |= BIT(i);
            if (!in->dropping)
                dc->ndrop++;
            continue;
        }
        if (!(reqports & BIT(req_port)))
            reqmask[req_port] = 0;
        reqports |= BIT(req_port);
        reqmask[req_port] |= BIT(i);
    }

    /* wc_output_ctrl.v + wc_rr_arb.v, the router's transfer decision and
     * wc_crossbar.v: owned outputs and outputs with requests (an owned
     * output ignores requests) */
    if (two) {
        eval_two(r, dc, reqmask, reqports);
    } else {
        outs = r->own_mask | reqports;
        FOR_BITS(o, outs) {
            wc_out *out = &r->out[o];
            int sel;
            if (out->own) {
                sel = out->owner;
            } else {
                sel = wc_rr_arb(reqmask[o], out->ptr);
                dc->ogrant |= BIT(o);
                r->ogidx[o] = sel;
            }
            traverse(r, dc, o, sel);
        }
    }
    /* absorption channels: every flit an absorbing worm moves, and the
     * stripped address on its own */
    FOR_BITS(i, dual) {
        if ((dc->pop & BIT(i)) || r->in[i].skip) {
            dc->abs |= BIT(i);
            r->abs_flit[i] = head[i];
            if (c->mutate == 3 && !r->in[i].hdone && ((head[i] >> W) & 1))   /* mutation 3: the node gets the forwarded head */
                r->abs_flit[i] = rewrite_head(head[i], r->in[i].buf[r->in[i].rd == B - 1 ? 0 : r->in[i].rd + 1], W, 0);
            dc->pop |= BIT(i);
        }
    }
    dc->pop |= dc->discard;
    r->out_valid_mask = dc->valid;
    r->abs_mask = dc->abs;
}

void wc_router_eval(wc_router *r)
{
    wc_dec dc;
    eval_core(r, &dc);
    r->pop_mask = dc.pop;
    r->discard_mask = dc.discard;
    r->fresh_mask = dc.fresh;
    r->here_mask = dc.here;
    r->ogrant_mask = dc.ogrant;
    r->early_mask = dc.early;
    r->otail_mask = dc.otail;
    r->ndrop = dc.ndrop;
}

HOT void commit_core(wc_router *r, const wc_dec *dc)
{
    const wc_router_cfg *c = r->cfg;
    const int W = r->W, B = r->B;
    const int two = r->two;
    uint64_t egrant = 0;         /* early requests granted: the input goes on with the next worm */
    int i, o;

    /* input units (wc_input_ctrl.v, in its order): grants, then what
     * left the front, then discards */
    FOR_BITS(o, dc->ogrant) {
        wc_out *out = &r->out[o];
        int g = r->ogidx[o];
        wc_in *in = &r->in[g];
        egrant |= dc->early & BIT(g);
        if (dc->here & BIT(g)) {
            in->dual = 1;
            r->dual_mask |= BIT(g);
            in->port = r->nport[g];
        } else {
            in->active = 1;
            r->act_mask |= BIT(g);
            in->port = r->rport[g];
        }
        out->own = 1;
        r->own_mask |= BIT(o);
        out->owner = g;
        if (c->mutate != 1)
            out->ptr = g == c->P - 1 ? 0 : g + 1;
    }
    FOR_BITS(i, dc->fresh | dc->discard | dc->pop) {
        wc_in *in = &r->in[i];
        uint64_t front = in->buf[in->rd];
        int is_head = (int)(front >> W) & 1, is_tail = (int)(front >> (W + 1)) & 1;
        if (dc->fresh & BIT(i))
            in->dropping = 0;
        if (dc->discard & BIT(i)) {
            in->dropping = (uint8_t)!is_tail;
        } else if (dc->pop & BIT(i)) {
            if (dc->abs & BIT(i)) {
                in->skip = (uint8_t)(is_head && !in->hdone);
                in->hdone = 1;
                if (is_tail) {
                    in->dual = in->skip = in->hdone = 0;
                    r->dual_mask &= ~BIT(i);
                }
            } else if (is_tail && !(egrant & BIT(i))) {
                in->active = 0;   /* a one-flit worm: granted and gone in one cycle */
                r->act_mask &= ~BIT(i);
            }
        }
        if (dc->pop & BIT(i)) {
            in->rd = in->rd == B - 1 ? 0 : in->rd + 1;
            if (--in->cnt == 0)
                r->ne_mask &= ~BIT(i);
        }
    }
    if (dc->ndrop) {
        int d = r->drops + dc->ndrop;
        r->drops = (uint16_t)(d > 0xffff ? 0xffff : d);
    }
    r->credit_mask = dc->pop;
    FOR_BITS(o, dc->valid) {
        wc_out *out = &r->out[o];
        /* (two stages: a grant beside a tail is the next worm's) */
        if ((dc->otail & BIT(o)) && !(two && (dc->ogrant & BIT(o)))) {
            out->own = 0;
            r->own_mask &= ~BIT(o);
        }
        out->cred--;
    }
}

void wc_router_commit_self(wc_router *r)
{
    wc_dec dc;
    dc.valid = r->out_valid_mask;
    dc.pop = r->pop_mask;
    dc.discard = r->discard_mask;
    dc.fresh = r->fresh_mask;
    dc.here = r->here_mask;
    dc.ogrant = r->ogrant_mask;
    dc.early = r->early_mask;
    dc.otail = r->otail_mask;
    dc.abs = r->abs_mask;
    dc.ndrop = r->ndrop;
    commit_core(r, &dc);
}

/* wc_router_cycle of a one-stage router whose every buffered input holds
 * an output (active, none absorbing): no head to route, no grant, no
 * drop; the owned outputs move their inputs' flits.  What eval_core and
 * commit_core do in that case, in one loop. */
static void cycle_owned(wc_router *r)
{
    const int W = r->W, B = r->B;
    /* (the masks in registers: the flit stores could alias them) */
    uint64_t valid = 0, pop = 0, ne = r->ne_mask, own = r->own_mask, act = r->act_mask, m;
    uint64_t *const out_flit = r->out_flit;
    wc_in *const ins = r->in;
    wc_out *const outs = r->out;
    r->in_credit_mask = r->credit_mask;
    r->abs_mask = 0;
    for (m = own; m; m &= m - 1) {
        const int o = __builtin_ctzll(m);
        wc_out *out = &outs[o];
        const int sel = out->owner;
        wc_in *in = &ins[sel];
        uint64_t f;
        if (!(ne & BIT(sel)) || out->cred == 0)
            continue;
        f = in->buf[in->rd];
        out_flit[o] = f;
        valid |= BIT(o);
        pop |= BIT(sel);
        out->cred--;
        in->rd = in->rd == B - 1 ? 0 : in->rd + 1;
        if (--in->cnt == 0)
            ne &= ~BIT(sel);
        if ((f >> (W + 1)) & 1) {
            in->active = 0;
            act &= ~BIT(sel);
            out->own = 0;
            own &= ~BIT(o);
        }
    }
    r->ne_mask = ne;
    r->own_mask = own;
    r->act_mask = act;
    r->out_valid_mask = valid;
    r->credit_mask = pop;
}

void wc_router_cycle(wc_router *r)
{
    wc_dec dc;
    if (!r->two && !(r->ne_mask & ~r->act_mask) && !r->dual_mask) {
        cycle_owned(r);
        return;
    }
    eval_core(r, &dc);
    commit_core(r, &dc);
}

void wc_router_commit(wc_router *r, uint64_t in_vmask, const uint64_t *in_flit, uint64_t out_cmask)
{
    int i, o;
    wc_router_commit_self(r);
    FOR_BITS(i, in_vmask)
        wc_router_take_flit(r, i, in_flit[i]);
    FOR_BITS(o, out_cmask)
        wc_router_take_credit(r, o);
}

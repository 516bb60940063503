/* C model of the router; each function names the RTL module it mirrors. */
#include <string.h>
#include "wc_router.h"
#include "wc_route.h"
#include "wc_defs.h"

#define BIT(i) (1ull << (i))
#define FOR_BITS(i, m) for (uint64_t m_ = (m); m_ && ((i) = __builtin_ctzll(m_), 1); m_ &= m_ - 1)

void wc_router_init(wc_router *r, const wc_router_cfg *cfg, int node_id,
                    uint64_t *buf, uint8_t *table)
{
    int i;
    memset(r, 0, sizeof *r);
    r->cfg = cfg;
    r->node_id = node_id;
    r->table = table;
    for (i = 0; i < cfg->P; i++)
        r->in[i].buf = buf + (long)i * cfg->B;
    if (table)
        memset(table, WC_RT_PORT_NONE, 2u * (unsigned)cfg->nnodes);
    wc_router_reset(r);
}

void wc_router_reset(wc_router *r)
{
    int i;
    for (i = 0; i < r->cfg->P; i++) {
        wc_in *in = &r->in[i];
        in->rd = in->wr = in->cnt = 0;
        in->active = in->dropping = 0;
        in->port = 0;
        r->out[i].own = 0;
        r->out[i].owner = 0;
        r->out[i].ptr = 0;
        r->out[i].cred = r->cfg->B;
        r->down_only[i] = 0;
    }
    r->drops = 0;
    r->ne_mask = r->credit_mask = r->own_mask = r->lowcred_mask = 0;
    wc_router_quiet(r);
}

/* wc_route_table.v configuration port */
void wc_router_cfg_write(wc_router *r, unsigned addr, unsigned data)
{
    unsigned nn = (unsigned)r->cfg->nnodes;
    if (r->cfg->routing != WC_ROUTING_TABLE)
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

/* route compute: wc_route_ecube.v / wc_route_xy.v / wc_route_table.v */
int wc_router_route(const wc_router *r, int in_port, uint64_t flit)
{
    const wc_router_cfg *c = r->cfg;
    unsigned dst = WC_GET(flit, HEAD_DST);
    switch (c->routing) {
    case WC_ROUTING_ECUBE:
        return wc_route_ecube((unsigned)r->node_id, dst, (unsigned)in_port,
                              (unsigned)c->cube_n, c->all_port,
                              c->mutate == 2 ? !c->high_first : c->high_first);
    case WC_ROUTING_XY: {
        int p = wc_route_xy((unsigned)r->node_id, dst, (unsigned)c->mesh_x, (unsigned)c->mesh_y);
        if (c->mutate == 2 && p >= 0) {
            /* YX instead of XY: the routing mutation for the self-check */
            unsigned y = (unsigned)r->node_id / (unsigned)c->mesh_x, dy = dst / (unsigned)c->mesh_x;
            if (dy != y)
                return dy > y ? WC_MESH_PORT_N : WC_MESH_PORT_S;
        }
        return p;
    }
    default: {
        /* an entry naming a port the router lacks is as unroutable as
         * WC_RT_PORT_NONE: the RTL checks e < P the same way */
        int p = wc_route_table(r->table, (unsigned)c->nnodes, dst, r->down_only[in_port]);
        return p < c->P ? p : -1;
    }
    }
}

void wc_router_quiet(wc_router *r)
{
    r->out_valid_mask = 0;
    r->in_credit_mask = 0;
    r->pop_mask = r->discard_mask = r->fwd_tail_mask = r->fresh_mask = r->ogrant_mask = 0;
    r->ndrop = 0;
}

void wc_router_eval(wc_router *r)
{
    const wc_router_cfg *c = r->cfg;
    const int W = c->W;
    uint64_t reqmask[WC_MAX_PORTS];
    uint64_t head[WC_MAX_PORTS];
    uint64_t reqports = 0, outs;
    int i, o;

    wc_router_quiet(r);
    r->in_credit_mask = r->credit_mask;

    /* wc_input_ctrl.v: only inputs holding flits do anything */
    FOR_BITS(i, r->ne_mask) {
        wc_in *in = &r->in[i];
        int is_head;
        head[i] = in->buf[in->rd];
        if (in->active)
            continue;
        is_head = (int)(head[i] >> W) & 1;
        if (is_head) {
            int p = wc_router_route(r, i, head[i]);
            r->fresh_mask |= BIT(i);
            r->rport[i] = p;
            if (p >= 0) {
                if (!(reqports & BIT(p)))
                    reqmask[p] = 0;
                reqports |= BIT(p);
                reqmask[p] |= BIT(i);
            } else {
                r->discard_mask |= BIT(i);
                r->ndrop++;
            }
        } else {
            /* stray body/tail: discarded, counted once per run */
            r->discard_mask |= BIT(i);
            if (!in->dropping)
                r->ndrop++;
        }
    }

    /* wc_output_ctrl.v + wc_rr_arb.v + wc_crossbar.v: owned outputs and
     * outputs with requests (an owned output ignores requests) */
    outs = r->own_mask | reqports;
    FOR_BITS(o, outs) {
        wc_out *out = &r->out[o];
        int sel;
        if (out->own) {
            sel = out->owner;
        } else {
            sel = wc_rr_arb(reqmask[o], out->ptr);
            r->ogrant_mask |= BIT(o);
            r->ogidx[o] = sel;
        }
        if ((r->ne_mask & BIT(sel)) && out->cred > 0) {
            r->out_valid_mask |= BIT(o);
            r->out_flit[o] = head[sel];
            r->pop_mask |= BIT(sel);
            if ((head[sel] >> (W + 1)) & 1)
                r->fwd_tail_mask |= BIT(sel);
        }
    }
    r->pop_mask |= r->discard_mask;
}

void wc_router_commit(wc_router *r, uint64_t in_vmask, const uint64_t *in_flit, uint64_t out_cmask)
{
    const wc_router_cfg *c = r->cfg;
    const int W = c->W, B = c->B;
    int i, o;

    /* input units whose front flit was decided on this cycle */
    FOR_BITS(i, r->fresh_mask | r->discard_mask | r->pop_mask) {
        wc_in *in = &r->in[i];
        if (r->fresh_mask & BIT(i))
            in->dropping = 0;
        if (r->discard_mask & BIT(i))
            in->dropping = (uint8_t)!((in->buf[in->rd] >> (W + 1)) & 1);
        else if (r->fwd_tail_mask & BIT(i))
            in->active = 0;
        if (r->pop_mask & BIT(i)) {
            in->rd = in->rd == B - 1 ? 0 : in->rd + 1;
            if (--in->cnt == 0)
                r->ne_mask &= ~BIT(i);
        }
    }
    /* grants make their inputs active (a single-flit worm is granted and
     * forwarded in one cycle and never becomes active) */
    FOR_BITS(o, r->ogrant_mask) {
        wc_out *out = &r->out[o];
        int g = r->ogidx[o];
        if (!(r->fwd_tail_mask & BIT(g))) {
            r->in[g].active = 1;
            out->own = 1;
            r->own_mask |= BIT(o);
        }
        r->in[g].port = r->rport[g];
        out->owner = g;
        if (c->mutate != 1)
            out->ptr = g == c->P - 1 ? 0 : g + 1;
    }
    if (r->ndrop) {
        int d = r->drops + r->ndrop;
        r->drops = (uint16_t)(d > 0xffff ? 0xffff : d);
    }
    FOR_BITS(i, in_vmask) {
        wc_in *in = &r->in[i];
        in->buf[in->wr] = in_flit[i];
        in->wr = in->wr == B - 1 ? 0 : in->wr + 1;
        in->cnt++;
        r->ne_mask |= BIT(i);
    }
    r->credit_mask = r->pop_mask;
    FOR_BITS(o, r->out_valid_mask) {
        wc_out *out = &r->out[o];
        if ((r->out_flit[o] >> (W + 1)) & 1) {
            out->own = 0;
            r->own_mask &= ~BIT(o);
        }
        out->cred--;
    }
    FOR_BITS(o, out_cmask)
        r->out[o].cred++;
    FOR_BITS(o, r->out_valid_mask | out_cmask) {
        if (r->out[o].cred != B)
            r->lowcred_mask |= BIT(o);
        else
            r->lowcred_mask &= ~BIT(o);
    }
}

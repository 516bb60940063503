/* C model of the router; each function names the RTL module it mirrors. */
#include <string.h>
#include "wc_router.h"
#include "wc_route.h"
#include "wc_defs.h"

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
        in->active = in->dropping = in->credit = 0;
        in->port = 0;
        r->out[i].own = 0;
        r->out[i].owner = 0;
        r->out[i].ptr = 0;
        r->out[i].cred = r->cfg->B;
        r->down_only[i] = 0;
    }
    r->drops = 0;
    r->busy = 0;
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

/* wc_rr_arb.v */
int wc_rr_arb(const uint8_t *req, int n, int ptr)
{
    int k, idx;
    for (k = 0; k < n; k++) {
        idx = ptr + k;
        if (idx >= n)
            idx -= n;
        if (req[idx])
            return idx;
    }
    return -1;
}

/* route compute: wc_route_ecube.v / wc_route_xy.v / wc_route_table.v */
static int route(const wc_router *r, int in_port, uint64_t flit)
{
    const wc_router_cfg *c = r->cfg;
    unsigned dst = WC_GET(flit, HEAD_DST);
    switch (c->routing) {
    case WC_ROUTING_ECUBE:
        return wc_route_ecube((unsigned)r->node_id, dst, (unsigned)in_port,
                              (unsigned)c->cube_n, c->all_port,
                              c->mutate == 2 ? !c->high_first : c->high_first);
    case WC_ROUTING_XY:
        if (c->mutate == 2) {
            /* YX instead of XY: the routing mutation for the self-check */
            int p = wc_route_xy((unsigned)r->node_id, dst, (unsigned)c->mesh_x, (unsigned)c->mesh_y);
            unsigned x = (unsigned)r->node_id % (unsigned)c->mesh_x, y = (unsigned)r->node_id / (unsigned)c->mesh_x;
            if (p >= 0 && dst / (unsigned)c->mesh_x != y)
                return dst / (unsigned)c->mesh_x > y ? WC_MESH_PORT_N : WC_MESH_PORT_S;
            (void)x;
            return p;
        }
        return wc_route_xy((unsigned)r->node_id, dst, (unsigned)c->mesh_x, (unsigned)c->mesh_y);
    default: {
        /* an entry naming a port the router lacks is as unroutable as
         * WC_RT_PORT_NONE: the RTL checks e < P the same way */
        int p = wc_route_table(r->table, (unsigned)c->nnodes, dst, r->down_only[in_port]);
        return p < c->P ? p : -1;
    }
    }
}

void wc_router_eval(wc_router *r)
{
    const wc_router_cfg *c = r->cfg;
    const int P = c->P, W = c->W;
    uint8_t req[WC_MAX_PORTS], nonempty[WC_MAX_PORTS];
    int port[WC_MAX_PORTS];
    uint64_t head[WC_MAX_PORTS];
    int i, o;

    /* wc_input_ctrl.v */
    for (i = 0; i < P; i++) {
        wc_in *in = &r->in[i];
        int is_head, is_tail, fresh, stray, ok;
        r->in_credit[i] = in->credit;
        r->grant[i] = 0;
        r->pop[i] = 0;
        r->fwd_tail[i] = 0;
        nonempty[i] = in->cnt != 0;
        if (!in->cnt) {
            req[i] = 0; r->discard[i] = 0; r->fresh[i] = 0; r->drop[i] = 0;
            port[i] = in->port;
            head[i] = 0;
            continue;
        }
        head[i] = in->buf[in->rd];
        is_head = (int)(head[i] >> W) & 1;
        is_tail = (int)(head[i] >> (W + 1)) & 1;
        fresh = !in->active && is_head;
        stray = !in->active && !is_head;
        r->rport[i] = fresh ? route(r, i, head[i]) : -1;
        ok = r->rport[i] >= 0;
        r->fresh[i] = (uint8_t)fresh;
        r->discard[i] = (uint8_t)((fresh && !ok) || stray);
        r->drop[i] = (uint8_t)((fresh && !ok) || (stray && !in->dropping));
        req[i] = (uint8_t)(fresh && ok);
        port[i] = in->active ? in->port : r->rport[i];
        (void)is_tail;
    }

    /* wc_output_ctrl.v + wc_rr_arb.v + wc_crossbar.v */
    for (o = 0; o < P; o++) {
        wc_out *out = &r->out[o];
        int sel = -1, g = -1;
        r->ogrant[o] = 0;
        if (out->own) {
            sel = out->owner;
        } else {
            uint8_t rq[WC_MAX_PORTS];
            int any = 0;
            for (i = 0; i < P; i++) {
                rq[i] = (uint8_t)(req[i] && port[i] == o);
                any |= rq[i];
            }
            if (any)
                g = wc_rr_arb(rq, P, out->ptr);
            if (g >= 0) {
                sel = g;
                r->ogrant[o] = 1;
                r->ogidx[o] = g;
                r->grant[g] = 1;
            }
        }
        if (sel >= 0 && nonempty[sel] && out->cred > 0) {
            r->out_valid[o] = 1;
            r->out_flit[o] = head[sel];
            r->pop[sel] = 1;
            r->fwd_tail[sel] = (uint8_t)((head[sel] >> (W + 1)) & 1);
        } else {
            r->out_valid[o] = 0;
            r->out_flit[o] = 0;
        }
    }
    for (i = 0; i < P; i++)
        r->pop[i] |= r->discard[i];
}

void wc_router_commit(wc_router *r, const uint8_t *in_valid,
                      const uint64_t *in_flit, const uint8_t *out_credit)
{
    const wc_router_cfg *c = r->cfg;
    const int P = c->P, W = c->W, B = c->B;
    int i, o;

    for (i = 0; i < P; i++) {
        wc_in *in = &r->in[i];
        int popped = r->pop[i] && in->cnt;
        if (in->cnt) {
            uint64_t h = in->buf[in->rd];
            int is_tail = (int)(h >> (W + 1)) & 1;
            if (r->grant[i]) {
                in->active = 1;
                in->port = r->rport[i];
            }
            if (r->pop[i] && !r->discard[i] && r->fwd_tail[i])
                in->active = 0;
            if (r->fresh[i])
                in->dropping = 0;
            if (r->discard[i])
                in->dropping = (uint8_t)!is_tail;
            if (r->drop[i] && r->drops != 0xffff)
                r->drops++;
        }
        if (popped) {
            in->rd = in->rd == B - 1 ? 0 : in->rd + 1;
            in->cnt--;
        }
        if (in_valid[i]) {
            in->buf[in->wr] = in_flit[i];
            in->wr = in->wr == B - 1 ? 0 : in->wr + 1;
            in->cnt++;
        }
        in->credit = (uint8_t)popped;
    }
    r->busy = 0;
    for (i = 0; i < P; i++)
        r->busy |= r->in[i].cnt | r->in[i].credit;
    for (o = 0; o < P; o++) {
        wc_out *out = &r->out[o];
        if (r->ogrant[o]) {
            out->own = 1;
            out->owner = r->ogidx[o];
            if (c->mutate != 1)
                out->ptr = r->ogidx[o] == P - 1 ? 0 : r->ogidx[o] + 1;
        }
        if (r->out_valid[o] && ((r->out_flit[o] >> (W + 1)) & 1))
            out->own = 0;
        out->cred += (int)out_credit[o] - (int)r->out_valid[o];
        r->busy |= out->own | (out->cred != B);
    }
}

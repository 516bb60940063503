/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle- and bit-exact C model of rtl/router/wc_router.v.
 *
 * One cycle is two calls: wc_router_eval() computes this cycle's outputs
 * and decisions from registered state only (the RTL's combinational
 * logic), wc_router_commit() applies the clock edge given this cycle's
 * link inputs.  Because outputs never depend on same-cycle inputs, a
 * network evaluates every router, then commits every router, and the
 * result cannot depend on call order.
 *
 * Ports are tracked as bit masks (bit p = port p, P <= 64) so idle ports
 * cost nothing; the decisions are the RTL's, port for port.
 *
 * Flits are uint64_t: data in bits [W-1:0], head bit W, tail bit W+1
 * (WC_FT_* in defs/wc_defs.def). */
#ifndef WC_ROUTER_H
#define WC_ROUTER_H
#include <stdint.h>
#include "wc_route.h"

#define WC_MAX_PORTS 64
/* mutations 1..WC_ROUTER_MUTATIONS (wc_router_cfg.mutate) */
#define WC_ROUTER_MUTATIONS 7

typedef struct {
    int P, W, B;
    int routing;                 /* WC_ROUTING_* */
    int cube_n, all_port, high_first;
    int mesh_x, mesh_y;
    int nnodes;                  /* table routing */
    /* Hop pipeline (wc_router.v STAGES): 1 = a head is allocated and
     * crosses in one cycle; 2 = allocation is registered and the head
     * crosses in the next cycle (two cycles per hop for a head, one per
     * flit after it; an output allocates its next worm in the cycle its
     * tail crosses, and an input requests for the head behind its
     * crossing tail in that cycle, so neither side leaves a bubble
     * between worms). */
    int stages;
    /* Mutation switches for the lockstep self-check (0 in real runs):
     * 1 = arbiter pointer does not advance, 2 = e-cube/XY picks the other
     * dimension order, 3 = the absorption channel gets the forwarded head,
     * 4 = the forwarded head keeps its address count, 5 = two-stage hop:
     * a granted head crosses in its grant cycle (no traversal stage), 6 =
     * an adaptive function's choice inverted (fewer credits wins, ties go
     * to the second output). */
    int mutate;
} wc_router_cfg;

/* Input unit (wc_input_ctrl.v + wc_fifo.v). */
typedef struct {
    uint64_t *buf;               /* its ring of B flits */
    uint16_t rd, wr, cnt;        /* B <= 4096 */
    uint8_t active, dropping;
    uint8_t port;
    /* absorbing a multidestination worm: holds its forward output port
     * (dual); skip = the front is the stripped address (absorbed only) */
    uint8_t dual, skip;
    uint8_t hdone;               /* its head has left: later heads travel as bodies */
} wc_in;

/* Output unit (wc_output_ctrl.v). */
typedef struct {
    uint8_t own, owner, ptr;
    int cred;
} wc_out;

/* The handle holds the masks and scalars the cycle reads first; the
 * per-port state lives in the caller's storage (wc_router_mem_words),
 * sized to the router's P ports: the input units, the output units, this
 * cycle's flits and decisions, then the buffers.  A network gives each
 * router one block, handle and storage together. */
typedef struct {
    /* registered state as masks (bit p = port p) */
    uint64_t ne_mask;            /* inputs with buffered flits */
    uint64_t credit_mask;        /* wc_input_ctrl credit_q: credit leaves next eval */
    uint64_t own_mask;           /* outputs allocated to a worm */
    uint64_t act_mask, dual_mask;   /* inputs whose wc_in active, dual is set */
    /* ---- this cycle, filled by eval ---- */
    uint64_t out_valid_mask;     /* out_valid_o */
    uint64_t in_credit_mask;     /* in_credit_o */
    uint64_t abs_mask;           /* abs_valid_o: absorbed copies per input port */
    /* (one cache line above, the next holds the rest of what every
     * cycle reads: where the ports are, the configuration) */
    /* per-port state [P] */
    wc_in *in;
    wc_out *out;
    uint64_t *out_flit;          /* out_flit_o where out_valid_mask is set */
    uint64_t *abs_flit;          /* abs_flit_o where abs_mask is set */
    /* the configuration, what eval and commit read of it */
    const wc_router_cfg *cfg;
    int W, B, two;               /* two: the two-stage hop (stages 2, not mutation 5) */
    uint16_t drops;
    uint16_t drop_count_o;       /* drop_count_o: the counter register this cycle */
    /* decisions for commit (wc_router_eval to wc_router_commit_self) */
    int8_t *rport, *nport, *ogidx;
    uint64_t pop_mask, discard_mask, fresh_mask, here_mask, ogrant_mask;
    uint64_t early_mask;         /* two stages: requests of the head behind a crossing tail */
    uint64_t otail_mask;         /* outputs whose flit this cycle is a tail */
    int ndrop;
    /* ---- read per head only ---- */
    int node_id;
    const wc_routing *fn;        /* its routing function */
    uint8_t *table;              /* [2*nnodes] (table routing) */
    uint8_t *down_only;          /* [P] */
    uint64_t *turn;              /* [P]: bit o of turn[i], a legal turn from input i to output o */
    wc_route_ctx cx;             /* what the function reads, set at reset */
} wc_router;

/* Words of storage a router of cfg needs for its per-port state and its
 * P*B flits of buffer (wc_router_init's mem). */
long wc_router_mem_words(const wc_router_cfg *cfg);
/* storage: caller provides mem of wc_router_mem_words(cfg) words and
 * table for 2*nnodes; the router keeps cfg (it must outlive it) */
void wc_router_init(wc_router *r, const wc_router_cfg *cfg, int node_id,
                    uint64_t *mem, uint8_t *table);
/* (after a change of node_id, as the RTL samples it in reset) */
void wc_router_reset(wc_router *r);
void wc_router_cfg_write(wc_router *r, unsigned addr, unsigned data);
/* nothing buffered, allocated, owed or pending: eval would be all zeros */
static inline int wc_router_idle(const wc_router *r)
{
    int o;
    if (r->ne_mask | r->credit_mask | r->own_mask)
        return 0;
    for (o = 0; o < r->cfg->P; o++)
        if (r->out[o].cred != r->B)
            return 0;
    return 1;
}
/* nothing buffered, allocated or owed, credits owed to it or not: eval
 * would give all zeros (an output waiting for credits changes only when
 * one arrives, at the edge) */
static inline int wc_router_still(const wc_router *r)
{
    return !(r->ne_mask | r->credit_mask | r->own_mask);
}
void wc_router_eval(wc_router *r);
/* Clear this cycle's outputs and decisions without evaluating (only valid
 * when wc_router_still). */
void wc_router_quiet(wc_router *r);
/* in_vmask/in_flit: flits arriving per input this cycle; out_cmask:
 * credits arriving per output. */
void wc_router_commit(wc_router *r, uint64_t in_vmask, const uint64_t *in_flit, uint64_t out_cmask);
/* The edge in two parts, in either order of routers: what the router's
 * own decisions of this cycle change (wc_router_commit_self, after its
 * wc_router_eval), and what arrives on its links (a flit on input i, a
 * credit for output o), each touching state the other does not.
 * wc_router_commit is the one, then the arrivals. */
void wc_router_commit_self(wc_router *r);
/* wc_router_eval then wc_router_commit_self, the decisions held in
 * registers (the handle's decision masks are left as they were). */
void wc_router_cycle(wc_router *r);
static inline void wc_router_take_flit(wc_router *r, int i, uint64_t flit)
{
    wc_in *in = &r->in[i];
    in->buf[in->wr] = flit;
    in->wr = in->wr == r->B - 1 ? 0 : in->wr + 1;
    in->cnt++;
    r->ne_mask |= 1ull << i;
}
static inline void wc_router_take_credit(wc_router *r, int o) { r->out[o].cred++; }

/* Route compute of destination dst for a worm that arrived on in_port:
 * the output port or -1 (unroutable: the worm is dropped and counted);
 * *local: the port is an ejection port (the worm is at dst). */
int wc_router_route(const wc_router *r, int in_port, unsigned dst, int *local);
/* Is forwarding a worm that arrived on in_port out of out_port a legal
 * turn of the base routing (BRCP)? */
int wc_router_turn_ok(const wc_router *r, int in_port, int out_port);

/* Round-robin arbiter of wc_rr_arb.v: req bit i = input i requests;
 * returns the first requester at or after ptr (< 64), cyclically, or -1. */
int wc_rr_arb(uint64_t req, int ptr);
#endif

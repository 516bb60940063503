/* Cycle- and bit-exact C model of rtl/router/wc_router.v.
 *
 * One cycle is two calls: wc_router_eval() computes this cycle's outputs
 * and decisions from registered state only (the RTL's combinational
 * logic), wc_router_commit() applies the clock edge given this cycle's
 * link inputs.  Because outputs never depend on same-cycle inputs, a
 * network evaluates every router, then commits every router, and the
 * result cannot depend on call order.
 *
 * Flits are uint64_t: data in bits [W-1:0], head bit W, tail bit W+1
 * (WC_FT_* in defs/wc_defs.def). */
#ifndef WC_ROUTER_H
#define WC_ROUTER_H
#include <stdint.h>

#define WC_MAX_PORTS 64

typedef struct {
    int P, W, B;
    int routing;                 /* WC_ROUTING_* */
    int cube_n, all_port, high_first;
    int mesh_x, mesh_y;
    int nnodes;                  /* table routing */
    /* Mutation switches for the lockstep self-check (0 in real runs):
     * 1 = arbiter pointer does not advance, 2 = e-cube/XY picks the other
     * dimension order. */
    int mutate;
} wc_router_cfg;

/* Input unit (wc_input_ctrl.v + wc_fifo.v). */
typedef struct {
    uint64_t *buf;
    int rd, wr, cnt;
    uint8_t active, dropping, credit;
    int port;
} wc_in;

/* Output unit (wc_output_ctrl.v). */
typedef struct {
    uint8_t own;
    int owner, ptr, cred;
} wc_out;

typedef struct {
    const wc_router_cfg *cfg;
    int node_id;
    wc_in in[WC_MAX_PORTS];
    wc_out out[WC_MAX_PORTS];
    uint8_t *table;              /* [2*nnodes] (table routing) */
    uint8_t down_only[WC_MAX_PORTS];
    uint16_t drops;
    /* ---- this cycle, filled by eval ---- */
    uint8_t out_valid[WC_MAX_PORTS];
    uint64_t out_flit[WC_MAX_PORTS];
    uint8_t in_credit[WC_MAX_PORTS];
    /* decisions for commit */
    uint8_t pop[WC_MAX_PORTS], grant[WC_MAX_PORTS], fwd_tail[WC_MAX_PORTS];
    uint8_t discard[WC_MAX_PORTS], fresh[WC_MAX_PORTS], drop[WC_MAX_PORTS];
    int rport[WC_MAX_PORTS];
    uint8_t ogrant[WC_MAX_PORTS];
    int ogidx[WC_MAX_PORTS];
    int busy;                    /* after commit: any buffered flit, owned output, pending credit or missing credit */
} wc_router;

/* storage: caller provides buf for P*B flits and table for 2*nnodes */
void wc_router_init(wc_router *r, const wc_router_cfg *cfg, int node_id,
                    uint64_t *buf, uint8_t *table);
void wc_router_reset(wc_router *r);
void wc_router_cfg_write(wc_router *r, unsigned addr, unsigned data);
void wc_router_eval(wc_router *r);
/* in_valid/in_flit: per input port this cycle; out_credit: per output */
void wc_router_commit(wc_router *r, const uint8_t *in_valid,
                      const uint64_t *in_flit, const uint8_t *out_credit);

/* Round-robin arbiter of wc_rr_arb.v: first requester at or after ptr;
 * returns -1 if none. */
int wc_rr_arb(const uint8_t *req, int n, int ptr);
#endif

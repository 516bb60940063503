/* SPDX-License-Identifier: Apache-2.0 */
/* One system instance behind one interface, whatever implements it: the
 * C models (cmodel/) or the Verilated RTL (wc_rtl.h), so that every front
 * end (wormcast sim, msg, run) drives C, RTL and lockstep alike.
 *
 * An instance is made of units: the network (routers: terminal ports,
 * absorption channels, drop counters, configuration port) and, when asked
 * for, one NIC per node.  A further unit (a core per node) joins as
 * another group of operations here and another comparison in
 * wc_lockstep.c; the front ends' loop does not change.
 *
 * One cycle, for every instance alike:
 *   set the inputs (wc_engine_net_set, wc_engine_nic_set as the front end
 *   learns them), evaluate (wc_engine_nic_eval, wc_engine_net_eval: this
 *   cycle's outputs, from registered state and this cycle's inputs), read
 *   the outputs, compare (wc_lockstep.h), then wc_engine_tick, the clock
 *   edge.  The C models take their edge inside eval and set where that is
 *   their natural form; their outputs stay readable until the next cycle,
 *   so the order above holds for both. */
#ifndef WC_ENGINE_H
#define WC_ENGINE_H
#include <stdint.h>
#include <stdio.h>
#include "wc_topo.h"
#include "wc_nic.h"
#include "wc_net.h"
#include "wc_node_soc.h"

/* What a front end runs: the C model, the RTL, the SystemC network (sc/:
 * routers and NICs as SystemC modules, each the C model or the RTL as
 * wc_engine_cfg.sc_rtl says), or two instances in lockstep (C model
 * against RTL, against the SystemC network, or two C models, the
 * self-check of the comparison path). */
enum { WC_ENGINE_C, WC_ENGINE_RTL, WC_ENGINE_LOCKSTEP, WC_ENGINE_LOCKSTEP_C, WC_ENGINE_SC, WC_ENGINE_LOCKSTEP_SC };
/* "c", "rtl", "lockstep", "lockstep-c", "sc", "lockstep-sc" */
const char *wc_engine_kind_name(int engine);
/* -1 for an unknown name */
int wc_engine_kind_parse(const char *name);
/* 1 if the engine runs two instances */
int wc_engine_kind_lockstep(int engine);
/* 1 if the engine runs the SystemC network */
int wc_engine_kind_sc(int engine);
/* --rtl-nodes LIST of the SystemC engines: "none", "all", or node ids and
 * ranges ("0,5,8-11"), into mask[0..nnodes-1] (1: node n's router and NIC
 * are the RTL).  0, or -1 with a message. */
int wc_engine_parse_nodes(const char *list, int nnodes, unsigned char *mask, char *err, int errlen);
/* A mutation breaks one C model of a lockstep run, so that the comparison
 * must fail: outside lockstep it would run a broken model and compare
 * nothing.  0, or -1 with a message. */
int wc_engine_check_mutate(int engine, int mutate, int max, const char *unit, char *err, int errlen);

typedef struct {
    const wc_topo *t;
    int width, buffer;          /* flit data width W, router input buffer depth B */
    int net_mutate;             /* C model: router mutation (wc_router_cfg.mutate) */
    int rtl_flat, rtl_trace;    /* RTL: the whole generated network top, FST-capable
                                 * (RTL nodes always are) */
    const wc_nic_cfg *nic;      /* NULL: routers only; else one NIC per node (its
                                 * mutate applies to a C model) */
    int nic_trace;              /* RTL NICs: the FST-capable build (wc_engine_nic_trace) */
    const wc_node_soc_cfg *node; /* instead of nic: one node SoC per node (core,
                                 * RAM, devices, NIC) */
    const unsigned char *sc_rtl; /* SystemC: [nnodes] 1 makes node n's router and
                                 * NIC the RTL (NULL: all C models) */
    int rtl_mutate;             /* WC_ENGINE_MUTATE_RTL_*, 0 in real runs: an RTL
                                 * instance's inputs break the link protocol */
} wc_engine_cfg;

/* The RTL self-check of the assertions (--mutate-rtl K): at an edge from
 * WC_ENGINE_MUTATE_RTL_CYCLE on an RTL instance (not a C one) gets one
 * credit more than it gave on node 0's link: into its router's terminal
 * port (ROUTER) or into node 0's NIC (NIC, also inside a node SoC).  The
 * receiver's count then exceeds its buffer by one as soon as all its
 * credits are back (at once for an idle link), so the RTL's
 * credit-overflow assertion must end the run (wc_engine_rtl_failure). */
enum { WC_ENGINE_MUTATE_RTL_ROUTER = 1, WC_ENGINE_MUTATE_RTL_NIC = 2, WC_ENGINE_MUTATE_RTL_MAX = 2 };
#define WC_ENGINE_MUTATE_RTL_CYCLE 10
/* 0, or -1 with a message when K is no mutation of a run with or
 * without NICs, or engine (WC_ENGINE_*, -1: not checked) runs no RTL. */
/* The SystemC engines build their routers from the topology's name, so
 * with one-cycle hops only, and a routing function without an RTL module
 * runs on the C engines only: 0, or -1 with the reason. */
int wc_engine_check_stages(int engine, const wc_topo *t, char *err, int errlen);
int wc_engine_check_mutate_rtl(int engine, int mutate, int has_nics, char *err, int errlen);

typedef struct wc_engine wc_engine;

/* What implements an instance: the C models, the Verilated RTL (built on
 * first use), or the SystemC network (BUILD/sc/libwcsc.so, `make sc`; one
 * per process, routers and NICs only). */
enum { WC_IMPL_C, WC_IMPL_RTL, WC_IMPL_SC };
/* impl: WC_IMPL_*; name: how reports call it ("C model", "RTL").  Reset,
 * route tables loaded.  NULL with a message on failure. */
wc_engine *wc_engine_open(int impl, const wc_engine_cfg *c, const char *name, char *err, int errlen);
void wc_engine_close(wc_engine *e);
const char *wc_engine_name(const wc_engine *e);
const wc_topo *wc_engine_topo(const wc_engine *e);
int wc_engine_nnics(const wc_engine *e);

/* ---- network unit: terminal port idx = r * P + p ---- */
void wc_engine_net_set(wc_engine *e, int idx, int valid, uint64_t flit, int credit);
void wc_engine_net_eval(wc_engine *e);
void wc_engine_net_port(const wc_engine *e, int r, int p, int *valid, uint64_t *flit, int *credit);
/* ports of router r that may carry a flit or a credit this cycle (all of
 * them where the instance cannot tell) */
uint64_t wc_engine_net_active(const wc_engine *e, int r);
/* The routers that may drive a terminal's port (one not wired to another
 * router), and those that may drive an absorption channel, this cycle:
 * bit r%64 of word r/64 (the C model: of the routers it evaluated, those
 * that do), or NULL where the instance cannot tell (any router may). */
const uint64_t *wc_engine_net_busy_ext(const wc_engine *e);
const uint64_t *wc_engine_net_busy_abs(const wc_engine *e);
uint64_t wc_engine_net_abs_mask(const wc_engine *e, int r);
uint64_t wc_engine_net_abs(const wc_engine *e, int r, int p, int *valid);
unsigned wc_engine_net_drops(const wc_engine *e, int r);        /* drop_count_o this cycle */
unsigned wc_engine_net_drops_total(const wc_engine *e, int r);  /* worms dropped so far */
/* RTL flat form: dump every internal signal to an FST file from now on */
int wc_engine_net_trace(wc_engine *e, const char *path);
/* the C model's network (router state for deadlock reports), NULL for RTL */
const wc_net *wc_engine_c_net(const wc_engine *e);

/* ---- NIC unit: node n ---- */
/* This cycle's outputs (registered state only), kept for the comparison. */
const wc_nic_out *wc_engine_nic_eval(wc_engine *e, int n);
const wc_nic_out *wc_engine_nic_out(const wc_engine *e, int n);
void wc_engine_nic_set(wc_engine *e, int n, const wc_nic_in *in);
/* A register as a read returns it: live for the C model, from the last
 * wc_engine_nic_snapshot for the RTL (0 before one). */
uint32_t wc_engine_nic_reg(const wc_engine *e, int n, unsigned reg);
/* Every register of every NIC over the slave bus, the NICs clocked alone
 * (the run is over): a read request, the edge that answers it, an idle
 * edge, all NICs at once.  Instances that take the same sequence can be
 * compared register for register.  -1 with a message when memory runs out. */
int wc_engine_nic_snapshot(wc_engine *e, char *err, int errlen);
/* The snapshot's value (0 before one). */
uint32_t wc_engine_nic_snap(const wc_engine *e, int n, unsigned reg);
/* FST of NIC n from now on: 0, or -1 (C model, SystemC, or RTL opened
 * without nic_trace, or n traced already); the trace ends with the
 * instance, after the cycle it stopped in */
int wc_engine_nic_trace(wc_engine *e, int n, const char *path);
/* end every NIC trace now, after the cycle the instance is in */
void wc_engine_nic_trace_close(wc_engine *e);
/* one line per busy unit of the C model's NIC (nothing for RTL) */
void wc_engine_nic_dump(const wc_engine *e, int n, FILE *f);

/* ---- node unit: node SoC n (wc_engine_cfg.node) ---- */
int wc_engine_nnodes(const wc_engine *e);
/* RAM back door: only before the first tick. */
void wc_engine_node_load(wc_engine *e, int n, uint32_t addr, const uint32_t *w, uint32_t nw);
const wc_node_out *wc_engine_node_eval(wc_engine *e, int n);
const wc_node_out *wc_engine_node_out(const wc_engine *e, int n);
void wc_engine_node_set(wc_engine *e, int n, const wc_node_in *in);
/* the C model's node (core, NIC, RAM for reports), NULL for RTL */
const wc_node_soc *wc_engine_c_node(const wc_engine *e, int n);
/* FST of node n from now on: 0, or -1 (C model, or RTL built without it) */
int wc_engine_node_trace(wc_engine *e, int n, const char *path);

/* The clock edge of every unit. */
void wc_engine_tick(wc_engine *e);
/* After an edge: Verilator's text of the first RTL assertion that failed
 * in the instance (defs/wc_engine_abi.h), NULL while none has (and for
 * the C models). */
const char *wc_engine_rtl_failure(const wc_engine *e);
#endif

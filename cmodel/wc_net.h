/* SPDX-License-Identifier: Apache-2.0 */
/* Network of C-model routers wired per a topology: the golden model of the
 * generated RTL network top and the project's fast simulator.
 * All state lives behind the handle. */
#ifndef WC_NET_H
#define WC_NET_H
#include <stdint.h>
#include "wc_topo.h"
#include "wc_router.h"

typedef struct wc_net wc_net;

/* W: flit data width (32..62), B: buffer depth (>= 1); mutate as in
 * wc_router_cfg.  NULL with a message on bad parameters. */
wc_net *wc_net_create(const wc_topo *t, int W, int B, int mutate, char *err, int errlen);
void wc_net_free(wc_net *n);
const wc_router_cfg *wc_net_router_cfg(const wc_net *n);

/* The configuration every router of topology t gets (what wc_net_create
 * uses; other front ends that wire routers themselves take it from here). */
void wc_net_router_cfg_of(const wc_topo *t, int W, int B, int mutate, wc_router_cfg *cfg);

/* Load the up*-down* tables of the topology into every router (what the
 * RTL gets through its configuration port, in the same order:
 * wc_net_cfg_words enumerates them). */
typedef struct { int router; unsigned addr, data; } wc_cfg_word;
long wc_net_cfg_words(const wc_net *n, wc_cfg_word *out, long max);
void wc_net_cfg_write(wc_net *n, int router, unsigned addr, unsigned data);

/* Terminal side of port idx = r*P + p (ports whose peer is a node):
 * a flit entering the router this cycle, and a credit for the router's
 * output (the terminal drained one ejected flit last cycle).  One-shot:
 * cleared by wc_net_step. */
void wc_net_set_ext(wc_net *n, int idx, int valid, uint64_t flit, int credit);

/* One clock cycle: evaluate all routers, then commit all. */
void wc_net_step(wc_net *n);

/* This cycle's signals at router r port p (valid after wc_net_step):
 * the flit leaving on the output, and the credit leaving the input. */
static inline int wc_net_idx(int P, int r, int p) { return r * P + p; }
void wc_net_port(const wc_net *n, int r, int p, int *valid, uint64_t *flit, int *credit);
/* The routers evaluated this cycle, bit r%64 of word r/64 (after
 * wc_net_step): the others' outputs and absorption channels are all clear
 * this cycle. */
const uint64_t *wc_net_busy(const wc_net *n);
/* Of those, the routers driving a port not wired to another router (a
 * terminal's) this cycle, and the routers with an absorption channel
 * valid this cycle (same layout). */
const uint64_t *wc_net_busy_ext(const wc_net *n);
const uint64_t *wc_net_busy_abs(const wc_net *n);
/* bit p set when port p of router r carries a flit or a credit this cycle */
uint64_t wc_net_active_ports(const wc_net *n, int r);
/* absorption channel of router r, input port p this cycle (abs_*_o) */
uint64_t wc_net_abs(const wc_net *n, int r, int p, int *valid);
uint64_t wc_net_abs_mask(const wc_net *n, int r);
unsigned wc_net_drops(const wc_net *n, int r);      /* drop_count_o this cycle */
unsigned wc_net_drops_now(const wc_net *n, int r);  /* after the last edge */
long wc_net_cycle(const wc_net *n);
/* Router state for deadlock reports. */
const wc_router *wc_net_router(const wc_net *n, int r);
#endif

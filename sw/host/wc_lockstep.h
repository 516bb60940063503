/* SPDX-License-Identifier: Apache-2.0 */
/* The lockstep comparator of every front end: two system instances
 * (wc_engine.h) driven with the same inputs must show the same value on
 * every observable signal every cycle.  The first difference stops the
 * run with one report format:
 *
 *   cycle C UNIT INDEX [port P] SIGNAL: expected (A) 0xE, actual (B) 0xV
 *
 * UNIT is "router" (SIGNAL out_valid, out_flit, in_credit, abs_valid,
 * abs_flit, drop_count) or "node" with "nic" (the NIC's outputs, and its
 * registers NICR_* read after the run), "core ibus" / "core dbus" (the
 * core's bus requests), "core" (retire port rvfi_*, interrupt lines),
 * "ram" (the arbiter's grant) or "mmio" (console, exit); A names the instance taken as the
 * expectation, B the other one.  A data signal counts while its valid or
 * strobe is up, the way its receiver sees it. */
#ifndef WC_LOCKSTEP_H
#define WC_LOCKSTEP_H
#include "wc_engine.h"

typedef struct {
    long cycle;             /* -1: none */
    int router, port;       /* where, -1 when not in the network */
    int node;               /* -1 when not at a node */
    char text[512];         /* the report line, without a trailing newline */
} wc_mismatch;

void wc_mismatch_clear(wc_mismatch *m);

/* This cycle (both instances evaluated): the NICs' or nodes' outputs, then every
 * router port, absorption channel and drop counter.  1 and the first
 * difference in m, else 0. */
int wc_lockstep_compare(const wc_engine *a, const wc_engine *b, long cycle, wc_mismatch *m);

/* One node's outputs of this cycle, x the expectation (named a in the
 * report), y the other (b): the comparison of wc_lockstep_compare for
 * node n, for front ends that hold the outputs themselves (the SystemC
 * node's lockstep, sc/example/sc_node.cpp).  1 and the difference in m. */
int wc_lockstep_compare_node(const wc_node_out *x, const wc_node_out *y, const char *a, const char *b, long cycle,
                             int n, wc_mismatch *m);

/* After an edge: 1 when an RTL assertion of e failed (wc_engine_rtl_failure),
 * with "cycle C: RTL assertion failed in INSTANCE: MESSAGE (FILE:LINE)"
 * in m and the router or node the instance belongs to; the
 * front ends end the run with it, as a mismatch in lockstep. */
int wc_lockstep_rtl_assert(const wc_engine *e, long cycle, wc_mismatch *m);

/* After the run: every NIC register of the two snapshots
 * (wc_engine_nic_snapshot), the free-running cycle counter aside. */
int wc_lockstep_compare_regs(const wc_engine *a, const wc_engine *b, long cycle, wc_mismatch *m);

/* "STATUS", "SQ_TAIL", ... ("?" for a word without a register) */
const char *wc_nic_reg_name(unsigned reg);
#endif

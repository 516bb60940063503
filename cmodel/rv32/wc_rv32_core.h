/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle-accurate C model of the node core (rtl/core/wc_rv32_core.v): the
 * RTL's FETCH/EXEC/MEM/MD states, its Wishbone requests on the same clock
 * edges, interrupts taken in the same cycle, the retire record in the
 * same cycle as rvfi_valid_o.  Instruction semantics are those of the
 * instruction-set model (rv32_iss.h), shared, not copied.
 *
 * One cycle is two calls, as for the NIC and the router:
 * wc_rv32_core_eval() gives this cycle's outputs, a function of registered
 * state only; wc_rv32_core_commit() applies the clock edge given this
 * cycle's inputs (the slaves' answers and the interrupt lines).  The core
 * owns no memory: every fetch, load and store is a bus cycle.
 *
 * All state lives behind the handle; nothing is global. */
#ifndef WC_RV32_CORE_H
#define WC_RV32_CORE_H
#include <stdint.h>
#include <stdio.h>
#include "wc_node_port.h"

/* Deliberate model bugs for the lockstep self-check (the comparison must
 * catch each; 0 in real runs). */
enum {
    WC_RV32_MUT_NONE = 0,
    WC_RV32_MUT_TIMING = 1, /* a load stays one cycle longer in MEM */
    WC_RV32_MUT_IRQ = 2,    /* a pending interrupt is taken one EXEC late */
    WC_RV32_MUT_COUNT
};

/* Elaboration parameters (the RTL's, same names upper-case). */
typedef struct {
    uint32_t reset_pc;  /* RESET_PC, 4-aligned */
    uint32_t hartid;    /* HARTID */
    int md_steps;       /* MD_STEPS: 1, 2 or 4 */
    int mutate;         /* WC_RV32_MUT_* */
} wc_rv32_core_cfg;

/* Outputs of one cycle. */
typedef struct {
    wc_wb_req ibus, dbus;
    wc_retire_port rvfi;
} wc_rv32_core_out;

/* Inputs of one cycle. */
typedef struct {
    wc_wb_rsp ibus, dbus;
    int irq_timer, irq_ext;
} wc_rv32_core_in;

typedef struct wc_rv32_core wc_rv32_core;

void wc_rv32_core_cfg_default(wc_rv32_core_cfg *c);
/* 0, or -1 with a message naming the bad parameter. */
int wc_rv32_core_cfg_check(const wc_rv32_core_cfg *c, char *err, int errlen);
/* NULL with a message on bad parameters or no memory.  Comes out of reset. */
wc_rv32_core *wc_rv32_core_create(const wc_rv32_core_cfg *c, char *err, int errlen);
void wc_rv32_core_free(wc_rv32_core *c);
/* The RTL's synchronous reset (rst_ni low for a cycle).  For a reset in
 * the middle of a run, call it after that cycle's commit: the RTL's
 * registers without a reset (register file, ir, retire port fields) take
 * the edge's values as usual, the others their reset values. */
void wc_rv32_core_reset(wc_rv32_core *c);
/* A bus's we/sel/adr/dat mean something only while its cyc is high
 * (Wishbone): the model drives an idle data port as all zeros where the
 * RTL drives whatever its datapath holds, so a comparison looks at them
 * only while cyc is high (the fetch port is exact in every cycle).  The
 * retire fields keep the last record while valid is low, like the RTL's
 * registers (zero before the first). */
void wc_rv32_core_eval(const wc_rv32_core *c, wc_rv32_core_out *o);
void wc_rv32_core_commit(wc_rv32_core *c, const wc_rv32_core_in *in);

/* For reports (hangs, traps): pc of the instruction in progress, the
 * state's name ("FETCH", "EXEC", "MEM", "MD"), registers, counters. */
uint32_t wc_rv32_core_pc(const wc_rv32_core *c);
const char *wc_rv32_core_state(const wc_rv32_core *c);
uint32_t wc_rv32_core_reg(const wc_rv32_core *c, int i);
uint64_t wc_rv32_core_cycles(const wc_rv32_core *c);
uint64_t wc_rv32_core_instret(const wc_rv32_core *c);
#endif

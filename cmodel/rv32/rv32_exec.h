/* SPDX-License-Identifier: Apache-2.0 */
/* Instruction semantics of the node core, shared by the instruction-set
 * model (rv32_iss.c: a whole instruction per call) and the cycle-accurate
 * model (wc_rv32_core.c: the same calls spread over the RTL's FETCH, EXEC,
 * MEM and MD states).  Internal to cmodel/rv32: neither model exposes it.
 *
 * An instruction runs as rv_exec() and, for loads, stores and M ops,
 * rv_exec_finish() (or rv_exec_bus_fault()) once the caller has done the
 * bus transfer or waited for the multiplier: the split is where the RTL
 * leaves EXEC, so each model does its memory access where it belongs. */
#ifndef RV32_EXEC_H
#define RV32_EXEC_H
#include "rv32_iss.h"

/* Architectural state: registers, pc, machine CSRs, counters. */
typedef struct rv_hart {
    uint32_t x[32], pc;
    uint32_t mie_bit, mpie_bit;      /* mstatus.MIE / MPIE */
    uint32_t mie, mtvec, mscratch, mepc, mcause, mtval;
    uint64_t mcycle, minstret;
    uint32_t hartid;                 /* mhartid (the RTL's HARTID) */
    uint32_t mip;                    /* pending lines, as a read of mip sees them */
    /* csr_nd: values the model takes from outside (lockstep); may be NULL */
    const rv_bus_ops_t *ops;
    void *ctx;
    int mutate_op;                   /* rv_iss_set_mutation(); -1: none */
} rv_hart_t;

/* What rv_exec() left to the caller. */
enum {
    RV_EX_DONE,     /* retired or trapped: the record is complete */
    RV_EX_LOAD,     /* read the word at addr & ~3 (lanes sel), then finish */
    RV_EX_STORE,    /* write wdata at addr & ~3 (lanes sel), then finish */
    RV_EX_MD        /* multiply/divide: res is the result, finish writes it */
};

typedef struct rv_ex {
    uint32_t addr;          /* load/store: effective byte address */
    uint32_t sel;           /* load/store: byte lanes (Wishbone SEL) */
    uint32_t wdata;         /* store: rs2 shifted to its lanes */
    uint32_t res;           /* M op: the value for rd */
    int mcycle_written;     /* a CSR write set mcycle/mcycleh (no increment) */
} rv_ex_t;

/* Reset values of the RTL (registers: zero). */
void rv_hart_reset(rv_hart_t *h, uint32_t pc);

/* Execute word w, decoded as op (rv_decode), on h: fills r (pc, insn and,
 * unless a load/store/M op is left pending, everything) and returns
 * RV_EX_*.  Operands are h->x[rs1], h->x[rs2].  A pending instruction has
 * not changed h yet. */
int rv_exec(rv_hart_t *h, uint32_t w, int op, rv_retire_t *r, rv_ex_t *x);
/* Complete a pending instruction: word is the bus read data of a load. */
void rv_exec_finish(rv_hart_t *h, uint32_t w, int op, const rv_ex_t *x,
                    uint32_t word, rv_retire_t *r);
/* A pending load or store got a bus error: access fault trap. */
void rv_exec_bus_fault(rv_hart_t *h, int op, const rv_ex_t *x, rv_retire_t *r);
/* Trap entry for the instruction at h->pc (r: pc and insn already set). */
void rv_exec_trap(rv_hart_t *h, rv_retire_t *r, uint32_t cause, uint32_t tval);
/* Interrupt the hart takes given pending lines mip (WC_IRQ_*), or -1. */
int rv_hart_pending_irq(const rv_hart_t *h, uint32_t mip);
/* Take interrupt irq before the instruction at h->pc; fills r. */
void rv_exec_interrupt(rv_hart_t *h, uint32_t irq, rv_retire_t *r);
#endif

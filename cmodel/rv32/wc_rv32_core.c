/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle-accurate model of rtl/core/wc_rv32_core.v (wc_rv32_core.h).
 *
 * The registers are the RTL's: state_q, pc_q (hart.pc), ir_q, ifault_q, the
 * multiply/divide counter, the retire port registers, the CSRs and the
 * register file (hart).  What the RTL computes combinationally in EXEC
 * from ir_q and the operands, the model computes once, at the EXEC edge,
 * through the instruction-set model's semantics (rv32_exec.h), and keeps
 * what the later states need: the data-port request of MEM, the result of
 * MD.  The word is decoded once, on the fetch ACK.
 *
 * The RTL's register file is read on the fetch ACK, the model's hart at
 * the EXEC edge: the same values, since nothing writes a register in
 * between (the core is not pipelined). */
#include "wc_rv32_core.h"
#include "rv32_exec.h"
#include "wc_defs_macros.h"
#include "wc_err.h"
#include <stdlib.h>
#include <string.h>

enum { S_FETCH, S_EXEC, S_MEM, S_MD };

struct wc_rv32_core {
    wc_rv32_core_cfg cfg;
    rv_hart_t h;            /* pc_q, register file, CSRs, mcycle, minstret */
    int state;              /* state_q */
    uint32_t ir;            /* ir_q */
    int ifault;             /* ifault_q: the fetch of ir ended with ERR */
    int op;                 /* rv_decode(ir), taken on the fetch ACK */
    int pend;               /* RV_EX_LOAD/STORE/MD of the instruction in MEM/MD */
    rv_ex_t x;              /* its address, lanes, data or M result */
    rv_retire_t rec;        /* its retire record so far */
    wc_wb_req dreq;         /* the data-port request while in MEM */
    int md_left;            /* MD cycles left, the done cycle included */
    int md_cycles;          /* 32 / MD_STEPS + 1: start to done */
    int irq_late;           /* WC_RV32_MUT_IRQ: an interrupt was let pass */
    int mem_late;           /* WC_RV32_MUT_TIMING: the load's ACK came */
    wc_wb_rsp mem_rsp;      /* ... with this answer */
    wc_retire_port rvfi;    /* the retire port's registers */
    uint64_t cycles;        /* clock edges since reset */
};

void wc_rv32_core_cfg_default(wc_rv32_core_cfg *c)
{
    c->reset_pc = WC_SOC_RAM_BASE;
    c->hartid = 0;
    c->md_steps = 1;
    c->mutate = WC_RV32_MUT_NONE;
}

int wc_rv32_core_cfg_check(const wc_rv32_core_cfg *c, char *err, int errlen)
{
    if (c->reset_pc & 3)
        return wc_err(err, errlen, "reset_pc 0x%08x is not 4-byte aligned", (unsigned)c->reset_pc);
    if (c->md_steps != 1 && c->md_steps != 2 && c->md_steps != 4)
        return wc_err(err, errlen, "md_steps must be 1, 2 or 4 (got %d)", c->md_steps);
    if (c->mutate < WC_RV32_MUT_NONE || c->mutate >= WC_RV32_MUT_COUNT)
        return wc_err(err, errlen, "mutate must be 0..%d (got %d)", WC_RV32_MUT_COUNT - 1, c->mutate);
    return 0;
}

wc_rv32_core *wc_rv32_core_create(const wc_rv32_core_cfg *cfg, char *err, int errlen)
{
    wc_rv32_core *c;
    if (wc_rv32_core_cfg_check(cfg, err, errlen) != 0)
        return NULL;
    c = wc_alloc(1, sizeof *c, "the cycle-accurate core model", err, errlen);
    if (!c)
        return NULL;
    c->cfg = *cfg;
    c->h.hartid = cfg->hartid;
    c->h.mutate_op = -1;
    c->md_cycles = 32 / cfg->md_steps + 1;
    c->op = RV_OP_ILLEGAL;
    wc_rv32_core_reset(c);
    return c;
}

void wc_rv32_core_free(wc_rv32_core *c)
{
    free(c);
}

/* Only what the RTL resets: the register file, ir_q/ifault_q and the
 * retire port's fields keep their values (zero after create). */
void wc_rv32_core_reset(wc_rv32_core *c)
{
    uint32_t x[32];
    memcpy(x, c->h.x, sizeof x);
    rv_hart_reset(&c->h, c->cfg.reset_pc);
    memcpy(c->h.x, x, sizeof x);
    c->state = S_FETCH;
    c->pend = RV_EX_DONE;
    memset(&c->dreq, 0, sizeof c->dreq);
    c->md_left = 0;
    c->irq_late = 0;
    c->mem_late = 0;
    c->rvfi.valid = 0;
    c->cycles = 0;
}

void wc_rv32_core_eval(const wc_rv32_core *c, wc_rv32_core_out *o)
{
    o->ibus.cyc = o->ibus.stb = c->state == S_FETCH;
    o->ibus.we = 0;
    o->ibus.sel = 0xf;
    o->ibus.adr = c->h.pc;
    o->ibus.dat = 0;
    if (c->state == S_MEM)
        o->dbus = c->dreq;
    else
        memset(&o->dbus, 0, sizeof o->dbus);
    o->rvfi = c->rvfi;
}

/* The retire port registers take the record at the edge that ends it. */
static void retire(wc_rv32_core *c, const rv_retire_t *r)
{
    wc_retire_port *p = &c->rvfi;
    p->valid = 1;
    p->insn = r->insn;
    p->pc_rdata = r->pc;
    p->pc_wdata = r->next_pc;
    p->rd_addr = r->rd;
    p->rd_wdata = r->rd_wdata;
    p->mem_addr = r->mem_addr;
    p->mem_rmask = r->mem_rmask;
    p->mem_wmask = r->mem_wmask;
    p->mem_rdata = r->mem_rdata;
    p->mem_wdata = r->mem_wdata;
    p->trap = (int)r->trap;
    p->intr = (int)r->intr;
    p->cause = r->cause;
    c->state = S_FETCH;
}

/* The data-port request of a load/store leaving EXEC.  The write data is
 * rs2 replicated over the lanes (docs/bus.md), for loads too: the RTL
 * drives it whatever WE says. */
static void mem_request(wc_rv32_core *c)
{
    uint32_t b = c->h.x[c->ir >> 20 & 31];
    unsigned sz = c->ir >> 12 & 3;
    c->dreq.cyc = c->dreq.stb = 1;
    c->dreq.we = c->pend == RV_EX_STORE;
    c->dreq.sel = c->x.sel;
    c->dreq.adr = c->x.addr & ~3u;
    c->dreq.dat = sz == 0 ? (b & 0xffu) * 0x01010101u : sz == 1 ? (b & 0xffffu) * 0x00010001u : b;
}

/* EXEC: interrupt, fetch fault, or the instruction; returns 1 if a CSR
 * write set mcycle (it then does not count this cycle). */
static int exec(wc_rv32_core *c, const wc_rv32_core_in *in)
{
    int irq;
    c->h.mip = (uint32_t)!!in->irq_timer << WC_IRQ_MTI | (uint32_t)!!in->irq_ext << WC_IRQ_MEI;
    irq = rv_hart_pending_irq(&c->h, c->h.mip);
    if (c->cfg.mutate == WC_RV32_MUT_IRQ) {
        if (irq >= 0 && !c->irq_late) {
            c->irq_late = 1;
            irq = -1;
        } else
            c->irq_late = 0;
    }
    if (irq >= 0) {
        rv_exec_interrupt(&c->h, (uint32_t)irq, &c->rec);
        retire(c, &c->rec);
        return 0;
    }
    if (c->ifault) {
        memset(&c->rec, 0, sizeof c->rec);
        c->rec.pc = c->h.pc;
        rv_exec_trap(&c->h, &c->rec, WC_CAUSE_IFETCH_FAULT, c->h.pc);
        retire(c, &c->rec);
        return 0;
    }
    c->pend = rv_exec(&c->h, c->ir, c->op, &c->rec, &c->x);
    switch (c->pend) {
    case RV_EX_LOAD:
    case RV_EX_STORE:
        mem_request(c);
        c->state = S_MEM;
        break;
    case RV_EX_MD:
        /* funct3[2] is a division; by zero, the unit answers at once */
        c->md_left = (c->ir >> 14 & 1) && c->h.x[c->ir >> 20 & 31] == 0 ? 1 : c->md_cycles;
        c->state = S_MD;
        break;
    default:
        retire(c, &c->rec);
        return c->x.mcycle_written;
    }
    return 0;
}

static void mem_end(wc_rv32_core *c, const wc_wb_rsp *r)
{
    if (r->err)
        rv_exec_bus_fault(&c->h, c->op, &c->x, &c->rec);
    else
        rv_exec_finish(&c->h, c->ir, c->op, &c->x, r->dat, &c->rec);
    retire(c, &c->rec);
}

void wc_rv32_core_commit(wc_rv32_core *c, const wc_rv32_core_in *in)
{
    int mcycle_set = 0;
    c->rvfi.valid = 0;
    switch (c->state) {
    case S_FETCH:
        if (in->ibus.ack || in->ibus.err) {
            c->ir = in->ibus.dat;
            c->ifault = in->ibus.err;
            c->op = in->ibus.err ? RV_OP_ILLEGAL : rv_decode(c->ir);
            c->state = S_EXEC;
        }
        break;
    case S_EXEC:
        mcycle_set = exec(c, in);
        break;
    case S_MEM:
        if (c->mem_late) {
            c->mem_late = 0;
            mem_end(c, &c->mem_rsp);
        } else if (in->dbus.ack || in->dbus.err) {
            if (c->cfg.mutate == WC_RV32_MUT_TIMING && c->pend == RV_EX_LOAD) {
                c->mem_late = 1;
                c->mem_rsp = in->dbus;
            } else
                mem_end(c, &in->dbus);
        }
        break;
    default:        /* S_MD */
        if (--c->md_left == 0) {
            rv_exec_finish(&c->h, c->ir, c->op, &c->x, 0, &c->rec);
            retire(c, &c->rec);
        }
        break;
    }
    if (!mcycle_set)
        c->h.mcycle++;
    c->cycles++;
}

uint32_t wc_rv32_core_pc(const wc_rv32_core *c) { return c->h.pc; }

const char *wc_rv32_core_state(const wc_rv32_core *c)
{
    static const char *const names[] = { "FETCH", "EXEC", "MEM", "MD" };
    return names[c->state];
}

uint32_t wc_rv32_core_reg(const wc_rv32_core *c, int i) { return c->h.x[i & 31]; }
uint64_t wc_rv32_core_cycles(const wc_rv32_core *c) { return c->cycles; }
uint64_t wc_rv32_core_instret(const wc_rv32_core *c) { return c->h.minstret; }

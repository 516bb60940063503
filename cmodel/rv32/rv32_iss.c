/* SPDX-License-Identifier: Apache-2.0 */
/* Instruction-set model of the node core: one whole instruction per step,
 * RAM inside, devices through callbacks.  The semantics are those of
 * rv32_exec.c, which the cycle-accurate model (wc_rv32_core.c) shares. */
#include "rv32_iss.h"
#include "rv32_exec.h"
#include "wc_defs_macros.h"
#include "wc_err.h"
#include <stdlib.h>
#include <string.h>

struct rv_iss {
    rv_hart_t h;
    uint32_t ram_base, ram_size;
    uint8_t *ram;
};

static const struct { uint32_t mask, match; } rv_tab[] = {
#define RV_INSN(n, mask, match, fmt) { mask, match },
#include "rv32_insns.def"
#undef RV_INSN
};

int rv_decode(uint32_t insn)
{
    int i;
    for (i = 0; i < RV_OP_ILLEGAL; i++)
        if ((insn & rv_tab[i].mask) == rv_tab[i].match)
            return i;
    return RV_OP_ILLEGAL;
}

rv_iss_t *rv_iss_new(uint32_t ram_base, uint32_t ram_size,
                     const rv_bus_ops_t *ops, void *ctx, char *err, int errlen)
{
    rv_iss_t *s = wc_alloc(1, sizeof *s, "the instruction-set model", err, errlen);
    if (!s)
        return NULL;
    s->ram = wc_alloc(1, ram_size, "the instruction-set model's RAM", err, errlen);
    if (!s->ram) {
        free(s);
        return NULL;
    }
    s->ram_base = ram_base;
    s->ram_size = ram_size;
    s->h.ops = ops;
    s->h.ctx = ctx;
    s->h.mutate_op = -1;
    rv_iss_reset(s, ram_base);
    return s;
}

void rv_iss_free(rv_iss_t *s)
{
    if (s) {
        free(s->ram);
        free(s);
    }
}

void rv_iss_reset(rv_iss_t *s, uint32_t pc)
{
    rv_hart_reset(&s->h, pc);
}

uint8_t *rv_iss_ram(rv_iss_t *s) { return s->ram; }
void rv_iss_set_mutation(rv_iss_t *s, int op) { s->h.mutate_op = op; }
uint32_t rv_iss_reg(const rv_iss_t *s, int i) { return s->h.x[i & 31]; }
uint32_t rv_iss_pc(const rv_iss_t *s) { return s->h.pc; }
uint64_t rv_iss_instret(const rv_iss_t *s) { return s->h.minstret; }

/* Word access at a word-aligned address: RAM here, anything else through
 * the callbacks. */
static int bus_load(rv_iss_t *s, uint32_t a, uint32_t sel, uint32_t *d)
{
    uint32_t off = a - s->ram_base;
    if (off < s->ram_size) {
        const uint8_t *p = s->ram + off;
        *d = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        return 0;
    }
    return s->h.ops && s->h.ops->load ? s->h.ops->load(s->h.ctx, a, sel, d) : -1;
}

static int bus_store(rv_iss_t *s, uint32_t a, uint32_t sel, uint32_t d)
{
    uint32_t off = a - s->ram_base;
    int i;
    if (off < s->ram_size) {
        for (i = 0; i < 4; i++)
            if (sel >> i & 1)
                s->ram[off + i] = (uint8_t)(d >> 8 * i);
        return 0;
    }
    return s->h.ops && s->h.ops->store ? s->h.ops->store(s->h.ctx, a, sel, d) : -1;
}

void rv_iss_step(rv_iss_t *s, rv_retire_t *r)
{
    rv_hart_t *h = &s->h;
    uint32_t w, word = 0;
    rv_ex_t x;
    int op;

    h->mcycle++;
    /* the fetch port reaches RAM only (rtl/soc/wc_soc_node.v) */
    if (h->pc - s->ram_base >= s->ram_size || bus_load(s, h->pc, 0xf, &w) != 0) {
        memset(r, 0, sizeof *r);
        r->pc = h->pc;
        rv_exec_trap(h, r, WC_CAUSE_IFETCH_FAULT, h->pc);
        return;
    }
    op = rv_decode(w);
    switch (rv_exec(h, w, op, r, &x)) {
    case RV_EX_LOAD:
        if (bus_load(s, x.addr & ~3u, x.sel, &word) != 0) {
            rv_exec_bus_fault(h, op, &x, r);
            return;
        }
        break;
    case RV_EX_STORE:
        if (bus_store(s, x.addr & ~3u, x.sel, x.wdata) != 0) {
            rv_exec_bus_fault(h, op, &x, r);
            return;
        }
        break;
    case RV_EX_MD:
        break;
    default:
        return;
    }
    rv_exec_finish(h, w, op, &x, word, r);
}

int rv_iss_pending_irq(const rv_iss_t *s, uint32_t mip)
{
    return rv_hart_pending_irq(&s->h, mip);
}

int rv_iss_interrupt(rv_iss_t *s, uint32_t irq, rv_retire_t *r)
{
    if (rv_hart_pending_irq(&s->h, 1u << irq) != (int)irq)
        return -1;
    s->h.mcycle++;
    rv_exec_interrupt(&s->h, irq, r);
    return 0;
}

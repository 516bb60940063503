/* SPDX-License-Identifier: Apache-2.0 */
/* Instruction-set model of the node core.  Semantics follow The RISC-V
 * Instruction Set Manual Vol. I (RV32I, "M" extension: division by zero and
 * overflow results from its table "Semantics for division by zero and
 * division overflow") and Vol. II (machine-mode CSRs and trap entry).
 * Where the privileged spec leaves a choice (WARL fields, which CSRs exist)
 * the model does exactly what rtl/core/wc_rv32_csr.v does; docs/core.md
 * lists those choices. */
#include "rv32_iss.h"
#include "wc_defs_macros.h"
#include "wc_err.h"
#include <stdlib.h>
#include <string.h>

struct rv_iss {
    uint32_t x[32], pc;
    uint32_t ram_base, ram_size;
    uint8_t *ram;
    const rv_bus_ops_t *ops;
    void *ctx;
    int mutate_op;
    /* CSRs */
    uint32_t mie_bit, mpie_bit;      /* mstatus.MIE / MPIE */
    uint32_t mie, mtvec, mscratch, mepc, mcause, mtval;
    uint64_t mcycle, minstret;
};

static const struct { uint32_t mask, match; } rv_tab[] = {
#define RV_INSN(n, mask, match, fmt) { mask, match },
#include "rv32_insns.def"
#undef RV_INSN
};

#define MSTATUS_MIE  (1u << 3)
#define MSTATUS_MPIE (1u << 7)
#define MSTATUS_MPP  (3u << 11)
#define IRQ_MASK     ((1u << WC_IRQ_MTI) | (1u << WC_IRQ_MEI))

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
    s->ops = ops;
    s->ctx = ctx;
    s->mutate_op = -1;
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
    memset(s->x, 0, sizeof s->x);
    s->pc = pc;
    s->mie_bit = s->mpie_bit = 0;
    s->mie = s->mtvec = s->mscratch = s->mepc = s->mcause = s->mtval = 0;
    s->mcycle = s->minstret = 0;
}

uint8_t *rv_iss_ram(rv_iss_t *s) { return s->ram; }
void rv_iss_set_mutation(rv_iss_t *s, int op) { s->mutate_op = op; }
uint32_t rv_iss_reg(const rv_iss_t *s, int i) { return s->x[i & 31]; }
uint32_t rv_iss_pc(const rv_iss_t *s) { return s->pc; }
uint64_t rv_iss_instret(const rv_iss_t *s) { return s->minstret; }

static uint32_t lane_mask(uint32_t sel)
{
    return (sel & 1 ? 0xffu : 0) | (sel & 2 ? 0xff00u : 0) |
           (sel & 4 ? 0xff0000u : 0) | (sel & 8 ? 0xff000000u : 0);
}

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
    return s->ops && s->ops->load ? s->ops->load(s->ctx, a, sel, d) : -1;
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
    return s->ops && s->ops->store ? s->ops->store(s->ctx, a, sel, d) : -1;
}

static void trap(rv_iss_t *s, rv_retire_t *r, uint32_t cause, uint32_t tval)
{
    r->trap = 1;
    r->cause = cause;
    r->rd = r->rd_wdata = 0;
    r->mem_rmask = r->mem_wmask = 0;
    r->mem_addr = r->mem_rdata = r->mem_wdata = 0;
    s->mepc = s->pc;
    s->mcause = cause;
    s->mtval = tval;
    s->mpie_bit = s->mie_bit;
    s->mie_bit = 0;
    s->pc = s->mtvec;
    r->next_pc = s->pc;
}

static uint32_t mip_own(const rv_iss_t *s)
{
    (void)s;
    return 0;
}

/* CSR read; returns 0, or -1 if the CSR does not exist. */
static int csr_read(rv_iss_t *s, uint32_t c, uint32_t *v)
{
    const rv_bus_ops_t *o = s->ops;
    switch (c) {
    case WC_CSR_MSTATUS:
        *v = (s->mie_bit ? MSTATUS_MIE : 0) | (s->mpie_bit ? MSTATUS_MPIE : 0) | MSTATUS_MPP;
        return 0;
    case WC_CSR_MISA: *v = WC_MISA_RV32IM; return 0;
    case WC_CSR_MIE: *v = s->mie; return 0;
    case WC_CSR_MTVEC: *v = s->mtvec; return 0;
    case WC_CSR_MSCRATCH: *v = s->mscratch; return 0;
    case WC_CSR_MEPC: *v = s->mepc; return 0;
    case WC_CSR_MCAUSE: *v = s->mcause; return 0;
    case WC_CSR_MTVAL: *v = s->mtval; return 0;
    case WC_CSR_MIP: *v = mip_own(s); break;
    case WC_CSR_MCYCLE: case WC_CSR_CYCLE: *v = (uint32_t)s->mcycle; break;
    case WC_CSR_MCYCLEH: case WC_CSR_CYCLEH: *v = (uint32_t)(s->mcycle >> 32); break;
    case WC_CSR_MINSTRET: case WC_CSR_INSTRET: *v = (uint32_t)s->minstret; return 0;
    case WC_CSR_MINSTRETH: case WC_CSR_INSTRETH: *v = (uint32_t)(s->minstret >> 32); return 0;
    case WC_CSR_MVENDORID: case WC_CSR_MARCHID: case WC_CSR_MIMPID:
    case WC_CSR_MHARTID: *v = 0; return 0;
    default: return -1;
    }
    if (o && o->csr_nd)
        *v = o->csr_nd(s->ctx, c, *v);
    return 0;
}

/* Returns 1 if the write must also stop minstret from counting this
 * instruction (an explicit write wins over the increment). */
static int csr_write(rv_iss_t *s, uint32_t c, uint32_t v)
{
    switch (c) {
    case WC_CSR_MSTATUS:
        s->mie_bit = !!(v & MSTATUS_MIE);
        s->mpie_bit = !!(v & MSTATUS_MPIE);
        break;
    case WC_CSR_MIE: s->mie = v & IRQ_MASK; break;
    case WC_CSR_MTVEC: s->mtvec = v & ~3u; break;
    case WC_CSR_MSCRATCH: s->mscratch = v; break;
    case WC_CSR_MEPC: s->mepc = v & ~3u; break;
    case WC_CSR_MCAUSE: s->mcause = v; break;
    case WC_CSR_MTVAL: s->mtval = v; break;
    case WC_CSR_MCYCLE: s->mcycle = (s->mcycle & 0xffffffff00000000ull) | v; break;
    case WC_CSR_MCYCLEH: s->mcycle = (s->mcycle & 0xffffffffull) | (uint64_t)v << 32; break;
    case WC_CSR_MINSTRET:
        s->minstret = (s->minstret & 0xffffffff00000000ull) | v;
        return 1;
    case WC_CSR_MINSTRETH:
        s->minstret = (s->minstret & 0xffffffffull) | (uint64_t)v << 32;
        return 1;
    default: break;                 /* misa, mip: writes ignored (WARL) */
    }
    return 0;
}

static uint32_t imm_i(uint32_t w) { return (uint32_t)((int32_t)w >> 20); }
static uint32_t imm_s(uint32_t w) { return (uint32_t)((int32_t)(w & 0xfe000000u) >> 20) | (w >> 7 & 0x1f); }
static uint32_t imm_b(uint32_t w)
{
    return (uint32_t)((int32_t)(w & 0x80000000u) >> 19) | (w << 4 & 0x800) |
           (w >> 20 & 0x7e0) | (w >> 7 & 0x1e);
}
static uint32_t imm_u(uint32_t w) { return w & 0xfffff000u; }
static uint32_t imm_j(uint32_t w)
{
    return (uint32_t)((int32_t)(w & 0x80000000u) >> 11) | (w & 0xff000) |
           (w >> 9 & 0x800) | (w >> 20 & 0x7fe);
}

static uint32_t mulh_ss(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b) >> 32);
}
static uint32_t mulh_su(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int64_t)(uint64_t)b) >> 32);
}

void rv_iss_step(rv_iss_t *s, rv_retire_t *r)
{
    uint32_t w, a, b, rd, res = 0, addr, sel = 0, word, npc;
    int op, wr = 0, noinc = 0;

    memset(r, 0, sizeof *r);
    r->pc = s->pc;
    s->mcycle++;
    /* the fetch port reaches RAM only (rtl/soc/wc_soc_node.v) */
    if (s->pc - s->ram_base >= s->ram_size || bus_load(s, s->pc, 0xf, &w) != 0) {
        trap(s, r, WC_CAUSE_IFETCH_FAULT, s->pc);
        return;
    }
    r->insn = w;
    op = rv_decode(w);
    a = s->x[w >> 15 & 31];
    b = s->x[w >> 20 & 31];
    rd = w >> 7 & 31;
    npc = s->pc + 4;

    switch (op) {
    case RV_OP_lui: res = imm_u(w); wr = 1; break;
    case RV_OP_auipc: res = s->pc + imm_u(w); wr = 1; break;
    case RV_OP_jal: res = npc; wr = 1; npc = s->pc + imm_j(w); break;
    case RV_OP_jalr: res = npc; wr = 1; npc = (a + imm_i(w)) & ~1u; break;
    case RV_OP_beq: if (a == b) npc = s->pc + imm_b(w); break;
    case RV_OP_bne: if (a != b) npc = s->pc + imm_b(w); break;
    case RV_OP_blt: if ((int32_t)a < (int32_t)b) npc = s->pc + imm_b(w); break;
    case RV_OP_bge: if ((int32_t)a >= (int32_t)b) npc = s->pc + imm_b(w); break;
    case RV_OP_bltu: if (a < b) npc = s->pc + imm_b(w); break;
    case RV_OP_bgeu: if (a >= b) npc = s->pc + imm_b(w); break;
    case RV_OP_lb: case RV_OP_lh: case RV_OP_lw: case RV_OP_lbu: case RV_OP_lhu: {
        unsigned sz = (w >> 12) & 3, sh;
        addr = a + imm_i(w);
        if (addr & ((1u << sz) - 1)) {
            trap(s, r, WC_CAUSE_LOAD_MISALIGN, addr);
            return;
        }
        sel = (sz == 0 ? 1u : sz == 1 ? 3u : 0xfu) << (addr & 3);
        if (bus_load(s, addr & ~3u, sel, &word) != 0) {
            trap(s, r, WC_CAUSE_LOAD_FAULT, addr);
            return;
        }
        r->mem_addr = addr & ~3u;
        r->mem_rmask = sel;
        r->mem_rdata = word;
        sh = 8 * (addr & 3);
        res = word >> sh;
        if (op == RV_OP_lb) res = (uint32_t)(int32_t)(int8_t)res;
        else if (op == RV_OP_lh) res = (uint32_t)(int32_t)(int16_t)res;
        else if (op == RV_OP_lbu) res &= 0xff;
        else if (op == RV_OP_lhu) res &= 0xffff;
        wr = 1;
        break;
    }
    case RV_OP_sb: case RV_OP_sh: case RV_OP_sw: {
        unsigned sz = (w >> 12) & 3;
        addr = a + imm_s(w);
        if (addr & ((1u << sz) - 1)) {
            trap(s, r, WC_CAUSE_STORE_MISALIGN, addr);
            return;
        }
        sel = (sz == 0 ? 1u : sz == 1 ? 3u : 0xfu) << (addr & 3);
        word = b << 8 * (addr & 3);
        if (bus_store(s, addr & ~3u, sel, word) != 0) {
            trap(s, r, WC_CAUSE_STORE_FAULT, addr);
            return;
        }
        r->mem_addr = addr & ~3u;
        r->mem_wmask = sel;
        r->mem_wdata = word & lane_mask(sel);
        break;
    }
    case RV_OP_addi: res = a + imm_i(w); wr = 1; break;
    case RV_OP_slti: res = (int32_t)a < (int32_t)imm_i(w); wr = 1; break;
    case RV_OP_sltiu: res = a < imm_i(w); wr = 1; break;
    case RV_OP_xori: res = a ^ imm_i(w); wr = 1; break;
    case RV_OP_ori: res = a | imm_i(w); wr = 1; break;
    case RV_OP_andi: res = a & imm_i(w); wr = 1; break;
    case RV_OP_slli: res = a << (w >> 20 & 31); wr = 1; break;
    case RV_OP_srli: res = a >> (w >> 20 & 31); wr = 1; break;
    case RV_OP_srai: res = (uint32_t)((int32_t)a >> (w >> 20 & 31)); wr = 1; break;
    case RV_OP_add: res = a + b; wr = 1; break;
    case RV_OP_sub: res = a - b; wr = 1; break;
    case RV_OP_sll: res = a << (b & 31); wr = 1; break;
    case RV_OP_slt: res = (int32_t)a < (int32_t)b; wr = 1; break;
    case RV_OP_sltu: res = a < b; wr = 1; break;
    case RV_OP_xor: res = a ^ b; wr = 1; break;
    case RV_OP_srl: res = a >> (b & 31); wr = 1; break;
    case RV_OP_sra: res = (uint32_t)((int32_t)a >> (b & 31)); wr = 1; break;
    case RV_OP_or: res = a | b; wr = 1; break;
    case RV_OP_and: res = a & b; wr = 1; break;
    case RV_OP_mul: res = a * b; wr = 1; break;
    case RV_OP_mulh: res = mulh_ss(a, b); wr = 1; break;
    case RV_OP_mulhsu: res = mulh_su(a, b); wr = 1; break;
    case RV_OP_mulhu: res = (uint32_t)(((uint64_t)a * b) >> 32); wr = 1; break;
    case RV_OP_div:
        res = b == 0 ? 0xffffffffu : (a == 0x80000000u && b == 0xffffffffu) ? a
              : (uint32_t)((int32_t)a / (int32_t)b);
        wr = 1;
        break;
    case RV_OP_divu: res = b == 0 ? 0xffffffffu : a / b; wr = 1; break;
    case RV_OP_rem:
        res = b == 0 ? a : (a == 0x80000000u && b == 0xffffffffu) ? 0
              : (uint32_t)((int32_t)a % (int32_t)b);
        wr = 1;
        break;
    case RV_OP_remu: res = b == 0 ? a : a % b; wr = 1; break;
    case RV_OP_fence: case RV_OP_fence_i: case RV_OP_wfi: break;
    case RV_OP_ecall: trap(s, r, WC_CAUSE_ECALL_M, 0); return;
    case RV_OP_ebreak: trap(s, r, WC_CAUSE_BREAKPOINT, 0); return;
    case RV_OP_mret:
        npc = s->mepc;
        s->mie_bit = s->mpie_bit;
        s->mpie_bit = 1;
        break;
    case RV_OP_csrrw: case RV_OP_csrrs: case RV_OP_csrrc:
    case RV_OP_csrrwi: case RV_OP_csrrsi: case RV_OP_csrrci: {
        uint32_t c = w >> 20, f3 = w >> 12 & 3, src, old, nv;
        uint32_t field = w >> 15 & 31;
        int we = f3 == 1 || field != 0;
        src = (w >> 14 & 1) ? field : a;
        if (csr_read(s, c, &old) != 0 || (we && (c >> 10) == 3)) {
            trap(s, r, WC_CAUSE_ILLEGAL, w);
            return;
        }
        nv = f3 == 1 ? src : f3 == 2 ? old | src : old & ~src;
        if (we)
            noinc = csr_write(s, c, nv);
        res = old;
        wr = 1;
        break;
    }
    default:
        trap(s, r, WC_CAUSE_ILLEGAL, w);
        return;
    }
    if (npc & 3) {
        trap(s, r, WC_CAUSE_IFETCH_MISALIGN, npc);
        return;
    }
    if (wr && rd != 0) {
        if (op == s->mutate_op)
            res += 1;
        s->x[rd] = res;
        r->rd = rd;
        r->rd_wdata = res;
    }
    if (!noinc)
        s->minstret++;
    s->pc = npc;
    r->next_pc = npc;
}

int rv_iss_pending_irq(const rv_iss_t *s, uint32_t mip)
{
    uint32_t p = mip & s->mie;
    if (!s->mie_bit)
        return -1;
    if (p >> WC_IRQ_MEI & 1)
        return WC_IRQ_MEI;
    if (p >> WC_IRQ_MTI & 1)
        return WC_IRQ_MTI;
    return -1;
}

int rv_iss_interrupt(rv_iss_t *s, uint32_t irq, rv_retire_t *r)
{
    if (rv_iss_pending_irq(s, 1u << irq) != (int)irq)
        return -1;
    memset(r, 0, sizeof *r);
    r->pc = s->pc;
    r->intr = 1;
    s->mcycle++;
    trap(s, r, 0x80000000u | irq, 0);
    return 0;
}

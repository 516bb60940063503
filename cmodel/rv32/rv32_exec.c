/* SPDX-License-Identifier: Apache-2.0 */
/* Instruction semantics of the node core (rv32_exec.h).  They follow The
 * RISC-V Instruction Set Manual Vol. I (RV32I, "M" extension: division by
 * zero and overflow results from its table "Semantics for division by zero
 * and division overflow") and Vol. II (machine-mode CSRs and trap entry).
 * Where the privileged spec leaves a choice (WARL fields, which CSRs exist)
 * the code does exactly what rtl/core/wc_rv32_csr.v does; docs/core.md
 * lists those choices. */
#include "rv32_exec.h"
#include "wc_defs_macros.h"
#include <string.h>

#define MSTATUS_MIE  (1u << 3)
#define MSTATUS_MPIE (1u << 7)
#define MSTATUS_MPP  (3u << 11)
#define IRQ_MASK     ((1u << WC_IRQ_MTI) | (1u << WC_IRQ_MEI))

void rv_hart_reset(rv_hart_t *h, uint32_t pc)
{
    memset(h->x, 0, sizeof h->x);
    h->pc = pc;
    h->mie_bit = h->mpie_bit = 0;
    h->mie = h->mtvec = h->mscratch = h->mepc = h->mcause = h->mtval = 0;
    h->mcycle = h->minstret = 0;
    h->mip = 0;
}

static uint32_t lane_mask(uint32_t sel)
{
    return (sel & 1 ? 0xffu : 0) | (sel & 2 ? 0xff00u : 0) |
           (sel & 4 ? 0xff0000u : 0) | (sel & 8 ? 0xff000000u : 0);
}

void rv_exec_trap(rv_hart_t *h, rv_retire_t *r, uint32_t cause, uint32_t tval)
{
    r->trap = 1;
    r->cause = cause;
    r->rd = r->rd_wdata = 0;
    r->mem_rmask = r->mem_wmask = 0;
    r->mem_addr = r->mem_rdata = r->mem_wdata = 0;
    h->mepc = h->pc;
    h->mcause = cause;
    h->mtval = tval;
    h->mpie_bit = h->mie_bit;
    h->mie_bit = 0;
    h->pc = h->mtvec;
    r->next_pc = h->pc;
}

/* CSR read; returns 0, or -1 if the CSR does not exist. */
static int csr_read(const rv_hart_t *h, uint32_t c, uint32_t *v)
{
    const rv_bus_ops_t *o = h->ops;
    switch (c) {
    case WC_CSR_MSTATUS:
        *v = (h->mie_bit ? MSTATUS_MIE : 0) | (h->mpie_bit ? MSTATUS_MPIE : 0) | MSTATUS_MPP;
        return 0;
    case WC_CSR_MISA: *v = WC_MISA_RV32IM; return 0;
    case WC_CSR_MIE: *v = h->mie; return 0;
    case WC_CSR_MTVEC: *v = h->mtvec; return 0;
    case WC_CSR_MSCRATCH: *v = h->mscratch; return 0;
    case WC_CSR_MEPC: *v = h->mepc; return 0;
    case WC_CSR_MCAUSE: *v = h->mcause; return 0;
    case WC_CSR_MTVAL: *v = h->mtval; return 0;
    case WC_CSR_MIP: *v = h->mip; break;
    case WC_CSR_MCYCLE: case WC_CSR_CYCLE: *v = (uint32_t)h->mcycle; break;
    case WC_CSR_MCYCLEH: case WC_CSR_CYCLEH: *v = (uint32_t)(h->mcycle >> 32); break;
    case WC_CSR_MINSTRET: case WC_CSR_INSTRET: *v = (uint32_t)h->minstret; return 0;
    case WC_CSR_MINSTRETH: case WC_CSR_INSTRETH: *v = (uint32_t)(h->minstret >> 32); return 0;
    case WC_CSR_MVENDORID: case WC_CSR_MARCHID: case WC_CSR_MIMPID: *v = 0; return 0;
    case WC_CSR_MHARTID: *v = h->hartid; return 0;
    default: return -1;
    }
    if (o && o->csr_nd)
        *v = o->csr_nd(h->ctx, c, *v);
    return 0;
}

/* Returns 1 if the write must also stop minstret from counting this
 * instruction (an explicit write wins over the increment). */
static int csr_write(rv_hart_t *h, uint32_t c, uint32_t v)
{
    switch (c) {
    case WC_CSR_MSTATUS:
        h->mie_bit = !!(v & MSTATUS_MIE);
        h->mpie_bit = !!(v & MSTATUS_MPIE);
        break;
    case WC_CSR_MIE: h->mie = v & IRQ_MASK; break;
    case WC_CSR_MTVEC: h->mtvec = v & ~3u; break;
    case WC_CSR_MSCRATCH: h->mscratch = v; break;
    case WC_CSR_MEPC: h->mepc = v & ~3u; break;
    case WC_CSR_MCAUSE: h->mcause = v; break;
    case WC_CSR_MTVAL: h->mtval = v; break;
    case WC_CSR_MCYCLE: h->mcycle = (h->mcycle & 0xffffffff00000000ull) | v; break;
    case WC_CSR_MCYCLEH: h->mcycle = (h->mcycle & 0xffffffffull) | (uint64_t)v << 32; break;
    case WC_CSR_MINSTRET:
        h->minstret = (h->minstret & 0xffffffff00000000ull) | v;
        return 1;
    case WC_CSR_MINSTRETH:
        h->minstret = (h->minstret & 0xffffffffull) | (uint64_t)v << 32;
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

static uint32_t md_result(int op, uint32_t a, uint32_t b)
{
    switch (op) {
    case RV_OP_mul: return a * b;
    case RV_OP_mulh: return mulh_ss(a, b);
    case RV_OP_mulhsu: return mulh_su(a, b);
    case RV_OP_mulhu: return (uint32_t)(((uint64_t)a * b) >> 32);
    case RV_OP_div:
        return b == 0 ? 0xffffffffu : (a == 0x80000000u && b == 0xffffffffu) ? a
               : (uint32_t)((int32_t)a / (int32_t)b);
    case RV_OP_divu: return b == 0 ? 0xffffffffu : a / b;
    case RV_OP_rem:
        return b == 0 ? a : (a == 0x80000000u && b == 0xffffffffu) ? 0
               : (uint32_t)((int32_t)a % (int32_t)b);
    default: return b == 0 ? a : a % b;     /* remu */
    }
}

/* The end of every instruction that retires: rd, minstret, pc. */
static void retire(rv_hart_t *h, rv_retire_t *r, int op, uint32_t rd, int wr,
                   uint32_t res, int noinc, uint32_t npc)
{
    if (wr && rd != 0) {
        if (op == h->mutate_op)
            res += 1;
        h->x[rd] = res;
        r->rd = rd;
        r->rd_wdata = res;
    }
    if (!noinc)
        h->minstret++;
    h->pc = npc;
    r->next_pc = npc;
}

/* rv32_insns.def lists the loads together, then the stores. */
static int is_load(int op) { return op >= RV_OP_lb && op <= RV_OP_lhu; }
static int is_store(int op) { return op >= RV_OP_sb && op <= RV_OP_sw; }

/* Byte lanes of a load/store: funct3[1:0] is log2 of the size. */
static uint32_t lanes_of(uint32_t w, uint32_t addr)
{
    unsigned sz = (w >> 12) & 3;
    return (sz == 0 ? 1u : sz == 1 ? 3u : 0xfu) << (addr & 3);
}

int rv_exec(rv_hart_t *h, uint32_t w, int op, rv_retire_t *r, rv_ex_t *x)
{
    uint32_t a, b, rd, res = 0, npc;
    int wr = 0, noinc = 0;

    memset(r, 0, sizeof *r);
    r->pc = h->pc;
    r->insn = w;
    x->mcycle_written = 0;
    a = h->x[w >> 15 & 31];
    b = h->x[w >> 20 & 31];
    rd = w >> 7 & 31;
    npc = h->pc + 4;

    switch (op) {
    case RV_OP_lui: res = imm_u(w); wr = 1; break;
    case RV_OP_auipc: res = h->pc + imm_u(w); wr = 1; break;
    case RV_OP_jal: res = npc; wr = 1; npc = h->pc + imm_j(w); break;
    case RV_OP_jalr: res = npc; wr = 1; npc = (a + imm_i(w)) & ~1u; break;
    case RV_OP_beq: if (a == b) npc = h->pc + imm_b(w); break;
    case RV_OP_bne: if (a != b) npc = h->pc + imm_b(w); break;
    case RV_OP_blt: if ((int32_t)a < (int32_t)b) npc = h->pc + imm_b(w); break;
    case RV_OP_bge: if ((int32_t)a >= (int32_t)b) npc = h->pc + imm_b(w); break;
    case RV_OP_bltu: if (a < b) npc = h->pc + imm_b(w); break;
    case RV_OP_bgeu: if (a >= b) npc = h->pc + imm_b(w); break;
    case RV_OP_lb: case RV_OP_lh: case RV_OP_lw: case RV_OP_lbu: case RV_OP_lhu:
    case RV_OP_sb: case RV_OP_sh: case RV_OP_sw: {
        int load = is_load(op);
        uint32_t addr = a + (load ? imm_i(w) : imm_s(w));
        if (addr & ((1u << ((w >> 12) & 3)) - 1)) {
            rv_exec_trap(h, r, load ? WC_CAUSE_LOAD_MISALIGN : WC_CAUSE_STORE_MISALIGN, addr);
            return RV_EX_DONE;
        }
        x->addr = addr;
        x->sel = lanes_of(w, addr);
        x->wdata = b << 8 * (addr & 3);
        return load ? RV_EX_LOAD : RV_EX_STORE;
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
    case RV_OP_mul: case RV_OP_mulh: case RV_OP_mulhsu: case RV_OP_mulhu:
    case RV_OP_div: case RV_OP_divu: case RV_OP_rem: case RV_OP_remu:
        x->res = md_result(op, a, b);
        return RV_EX_MD;
    case RV_OP_fence: case RV_OP_fence_i: case RV_OP_wfi: break;
    case RV_OP_ecall: rv_exec_trap(h, r, WC_CAUSE_ECALL_M, 0); return RV_EX_DONE;
    case RV_OP_ebreak: rv_exec_trap(h, r, WC_CAUSE_BREAKPOINT, 0); return RV_EX_DONE;
    case RV_OP_mret:
        npc = h->mepc;
        h->mie_bit = h->mpie_bit;
        h->mpie_bit = 1;
        break;
    case RV_OP_csrrw: case RV_OP_csrrs: case RV_OP_csrrc:
    case RV_OP_csrrwi: case RV_OP_csrrsi: case RV_OP_csrrci: {
        uint32_t c = w >> 20, f3 = w >> 12 & 3, src, old, nv;
        uint32_t field = w >> 15 & 31;
        int we = f3 == 1 || field != 0;
        src = (w >> 14 & 1) ? field : a;
        if (csr_read(h, c, &old) != 0 || (we && (c >> 10) == 3)) {
            rv_exec_trap(h, r, WC_CAUSE_ILLEGAL, w);
            return RV_EX_DONE;
        }
        nv = f3 == 1 ? src : f3 == 2 ? old | src : old & ~src;
        if (we) {
            noinc = csr_write(h, c, nv);
            x->mcycle_written = c == WC_CSR_MCYCLE || c == WC_CSR_MCYCLEH;
        }
        res = old;
        wr = 1;
        break;
    }
    default:
        rv_exec_trap(h, r, WC_CAUSE_ILLEGAL, w);
        return RV_EX_DONE;
    }
    if (npc & 3) {
        rv_exec_trap(h, r, WC_CAUSE_IFETCH_MISALIGN, npc);
        return RV_EX_DONE;
    }
    retire(h, r, op, rd, wr, res, noinc, npc);
    return RV_EX_DONE;
}

void rv_exec_finish(rv_hart_t *h, uint32_t w, int op, const rv_ex_t *x,
                    uint32_t word, rv_retire_t *r)
{
    uint32_t rd = w >> 7 & 31, res;
    if (is_load(op)) {
        r->mem_addr = x->addr & ~3u;
        r->mem_rmask = x->sel;
        r->mem_rdata = word;
        res = word >> 8 * (x->addr & 3);
        if (op == RV_OP_lb) res = (uint32_t)(int32_t)(int8_t)res;
        else if (op == RV_OP_lh) res = (uint32_t)(int32_t)(int16_t)res;
        else if (op == RV_OP_lbu) res &= 0xff;
        else if (op == RV_OP_lhu) res &= 0xffff;
        retire(h, r, op, rd, 1, res, 0, h->pc + 4);
    } else if (is_store(op)) {
        r->mem_addr = x->addr & ~3u;
        r->mem_wmask = x->sel;
        r->mem_wdata = x->wdata & lane_mask(x->sel);
        retire(h, r, op, rd, 0, 0, 0, h->pc + 4);
    } else
        retire(h, r, op, rd, 1, x->res, 0, h->pc + 4);
}

void rv_exec_bus_fault(rv_hart_t *h, int op, const rv_ex_t *x, rv_retire_t *r)
{
    rv_exec_trap(h, r, is_load(op) ? WC_CAUSE_LOAD_FAULT : WC_CAUSE_STORE_FAULT, x->addr);
}

int rv_hart_pending_irq(const rv_hart_t *h, uint32_t mip)
{
    uint32_t p = mip & h->mie;
    if (!h->mie_bit)
        return -1;
    if (p >> WC_IRQ_MEI & 1)
        return WC_IRQ_MEI;
    if (p >> WC_IRQ_MTI & 1)
        return WC_IRQ_MTI;
    return -1;
}

void rv_exec_interrupt(rv_hart_t *h, uint32_t irq, rv_retire_t *r)
{
    memset(r, 0, sizeof *r);
    r->pc = h->pc;
    r->intr = 1;
    rv_exec_trap(h, r, 0x80000000u | irq, 0);
}

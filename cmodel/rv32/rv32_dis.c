/* SPDX-License-Identifier: Apache-2.0 */
/* Disassembler and trace formatter, driven by the same instruction list
 * (rv32_insns.def) as the decoder. */
#include "rv32_iss.h"
#include <stdio.h>
#include <string.h>

static const struct { const char *name; int fmt; } rv_info[] = {
#define RV_INSN(n, mask, match, fmt) { #n, fmt },
#include "rv32_insns.def"
#undef RV_INSN
};

static const char *const abi[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
    "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6",
    "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"
};

const char *rv_reg_name(int i) { return abi[i & 31]; }

const char *rv_op_name(int op)
{
    return op >= 0 && op < RV_OP_ILLEGAL ? rv_info[op].name : "illegal";
}

int rv_op_by_name(const char *name)
{
    int i;
    for (i = 0; i < RV_OP_ILLEGAL; i++)
        if (!strcmp(rv_info[i].name, name))
            return i;
    return -1;
}

void rv_disasm(uint32_t w, uint32_t pc, char *buf, size_t n)
{
    int op = rv_decode(w);
    const char *rd = abi[w >> 7 & 31], *rs1 = abi[w >> 15 & 31], *rs2 = abi[w >> 20 & 31];
    int32_t ii = (int32_t)w >> 20;
    int32_t is = ((int32_t)(w & 0xfe000000u) >> 20) | (int32_t)(w >> 7 & 0x1f);
    int32_t ib = ((int32_t)(w & 0x80000000u) >> 19) | (int32_t)((w << 4 & 0x800) | (w >> 20 & 0x7e0) | (w >> 7 & 0x1e));
    int32_t ij = ((int32_t)(w & 0x80000000u) >> 11) | (int32_t)((w & 0xff000) | (w >> 9 & 0x800) | (w >> 20 & 0x7fe));
    char name[16];
    size_t k;

    if (op == RV_OP_ILLEGAL) {
        snprintf(buf, n, "illegal 0x%08x", w);
        return;
    }
    /* fence_i in the table (a C identifier) is fence.i in assembly */
    snprintf(name, sizeof name, "%s", rv_info[op].name);
    for (k = 0; name[k]; k++)
        if (name[k] == '_')
            name[k] = '.';
    switch (rv_info[op].fmt) {
    case RV_FMT_R: snprintf(buf, n, "%s %s, %s, %s", name, rd, rs1, rs2); break;
    case RV_FMT_I: snprintf(buf, n, "%s %s, %s, %d", name, rd, rs1, ii); break;
    case RV_FMT_I_JALR: snprintf(buf, n, "%s %s, %d(%s)", name, rd, ii, rs1); break;
    case RV_FMT_SHAMT: snprintf(buf, n, "%s %s, %s, %u", name, rd, rs1, w >> 20 & 31); break;
    case RV_FMT_LOAD: snprintf(buf, n, "%s %s, %d(%s)", name, rd, ii, rs1); break;
    case RV_FMT_STORE: snprintf(buf, n, "%s %s, %d(%s)", name, rs2, is, rs1); break;
    case RV_FMT_B: snprintf(buf, n, "%s %s, %s, 0x%08x", name, rs1, rs2, pc + (uint32_t)ib); break;
    case RV_FMT_U: snprintf(buf, n, "%s %s, 0x%05x", name, rd, w >> 12); break;
    case RV_FMT_J: snprintf(buf, n, "%s %s, 0x%08x", name, rd, pc + (uint32_t)ij); break;
    case RV_FMT_CSR: snprintf(buf, n, "%s %s, 0x%03x, %s", name, rd, w >> 20, rs1); break;
    case RV_FMT_CSRI: snprintf(buf, n, "%s %s, 0x%03x, %u", name, rd, w >> 20, w >> 15 & 31); break;
    default: snprintf(buf, n, "%s", name); break;
    }
}

void rv_format_retire(const rv_retire_t *r, char *buf, size_t n)
{
    char dis[64];
    int k;
    if (r->intr) {
        snprintf(buf, n, "%08x: interrupt cause 0x%08x -> %08x", r->pc, r->cause, r->next_pc);
        return;
    }
    rv_disasm(r->insn, r->pc, dis, sizeof dis);
    k = snprintf(buf, n, "%08x: %08x  %-32s", r->pc, r->insn, dis);
    if (k < 0 || (size_t)k >= n)
        return;
    if (r->trap)
        k += snprintf(buf + k, n - k, " trap cause %u -> %08x", r->cause, r->next_pc);
    else {
        if (r->rd)
            k += snprintf(buf + k, n - k, " %s=%08x", abi[r->rd], r->rd_wdata);
        if (r->mem_rmask && (size_t)k < n)
            k += snprintf(buf + k, n - k, " load [%08x/%x]=%08x", r->mem_addr, r->mem_rmask, r->mem_rdata);
        if (r->mem_wmask && (size_t)k < n)
            snprintf(buf + k, n - k, " store [%08x/%x]=%08x", r->mem_addr, r->mem_wmask, r->mem_wdata);
    }
}

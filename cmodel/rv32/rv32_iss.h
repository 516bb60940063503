/* SPDX-License-Identifier: Apache-2.0 */
/* Instruction-set model of the Wormcast node core (RV32IM, machine mode).
 * All state lives in an rv_iss handle; devices outside RAM are reached
 * through callbacks so the same model runs stand-alone (rv32_soc.c) or in
 * lockstep with the RTL (verif/core/), where the RTL supplies the values the
 * model cannot know (device loads, cycle counters, mip). */
#ifndef RV32_ISS_H
#define RV32_ISS_H
#include <stdint.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

enum rv_fmt { RV_FMT_R, RV_FMT_I, RV_FMT_I_JALR, RV_FMT_SHAMT, RV_FMT_LOAD,
              RV_FMT_STORE, RV_FMT_B, RV_FMT_U, RV_FMT_J, RV_FMT_CSR,
              RV_FMT_CSRI, RV_FMT_NONE };

enum rv_op {
#define RV_INSN(n, mask, match, fmt) RV_OP_##n,
#include "rv32_insns.def"
#undef RV_INSN
    RV_OP_ILLEGAL, RV_OP_COUNT
};

/* One retired instruction (or trap), field for field what the RTL's
 * rvfi_* port reports; see docs/core.md "Retire interface". */
typedef struct rv_retire {
    uint32_t pc, insn, next_pc;
    uint32_t rd, rd_wdata;         /* rd = 0: no register written */
    uint32_t mem_addr;             /* word-aligned bus address */
    uint32_t mem_rmask, mem_wmask; /* byte lanes (Wishbone SEL) */
    uint32_t mem_rdata, mem_wdata; /* bus words; wdata masked to wmask lanes */
    uint32_t trap, intr, cause;    /* trap: the instruction did not retire */
} rv_retire_t;

/* Device callbacks.  load/store return 0, or -1 for a bus error. */
typedef struct rv_bus_ops {
    int (*load)(void *ctx, uint32_t addr, uint32_t mask, uint32_t *data);
    int (*store)(void *ctx, uint32_t addr, uint32_t mask, uint32_t data);
    /* Value of a CSR the model cannot predict (mcycle[h], cycle[h], mip)
     * whose own idea is `own`. */
    uint32_t (*csr_nd)(void *ctx, uint32_t csr, uint32_t own);
} rv_bus_ops_t;

typedef struct rv_iss rv_iss_t;

/* NULL with the reason in err (defs/wc_err.h) when out of memory. */
rv_iss_t *rv_iss_new(uint32_t ram_base, uint32_t ram_size,
                     const rv_bus_ops_t *ops, void *ctx, char *err, int errlen);
void rv_iss_free(rv_iss_t *s);
void rv_iss_reset(rv_iss_t *s, uint32_t pc);
uint8_t *rv_iss_ram(rv_iss_t *s);
/* Execute one instruction; fills *r. */
void rv_iss_step(rv_iss_t *s, rv_retire_t *r);
/* Take interrupt `irq` (7 timer, 11 external) before the next instruction.
 * Returns -1 (and does nothing) if mstatus/mie would not allow it. */
int rv_iss_interrupt(rv_iss_t *s, uint32_t irq, rv_retire_t *r);
/* Interrupt the model would take now given pending lines mip, or -1. */
int rv_iss_pending_irq(const rv_iss_t *s, uint32_t mip);
/* Make instruction `op` write rd+1 (test that lockstep catches it). */
void rv_iss_set_mutation(rv_iss_t *s, int op);
uint32_t rv_iss_reg(const rv_iss_t *s, int i);
uint32_t rv_iss_pc(const rv_iss_t *s);
uint64_t rv_iss_instret(const rv_iss_t *s);

/* Table helpers shared by decoder, disassembler and tracer. */
int rv_decode(uint32_t insn);                  /* enum rv_op */
const char *rv_op_name(int op);
int rv_op_by_name(const char *name);           /* -1 if unknown */
void rv_disasm(uint32_t insn, uint32_t pc, char *buf, size_t n);
const char *rv_reg_name(int i);
/* One trace line: pc, insn, disassembly and effects. */
void rv_format_retire(const rv_retire_t *r, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif

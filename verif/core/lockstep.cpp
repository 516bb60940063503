// SPDX-License-Identifier: Apache-2.0
// Lockstep harness: the Verilated node SoC (rtl/soc/wc_soc_node.v) runs an
// ELF; every record on the core's retire port is compared with the
// instruction-set model (cmodel/rv32/) executing the same instruction.
// The first difference stops the run with both records, the disassembly
// and both register files (the RTL's as committed through the retire
// port).  Values the model cannot know -- device loads, bus errors,
// mcycle/mip reads, when an interrupt arrives -- are taken from the RTL
// record; everything else the model computes itself.
//   lockstep [--engine lockstep|rtl] [--mutate INSN] [--max-cycles N]
//            [--trace] [--quiet] [--min-instret N] prog.elf
#include "Vwc_soc_node.h"
#include "verilated.h"
#include "rv32_elf.h"
#include "rv32_iss.h"
#include "rv32_soc.h"
#include "wc_defs_macros.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Harness {
    rv_retire_t rtl;   // the record the model is checked against
};

int cb_load(void *ctx, uint32_t, uint32_t, uint32_t *d)
{
    const rv_retire_t &r = static_cast<Harness *>(ctx)->rtl;
    if (r.trap && r.cause == WC_CAUSE_LOAD_FAULT)
        return -1;
    *d = r.mem_rdata;
    return 0;
}

int cb_store(void *ctx, uint32_t, uint32_t, uint32_t)
{
    const rv_retire_t &r = static_cast<Harness *>(ctx)->rtl;
    return (r.trap && r.cause == WC_CAUSE_STORE_FAULT) ? -1 : 0;
}

uint32_t cb_csr(void *ctx, uint32_t, uint32_t own)
{
    const rv_retire_t &r = static_cast<Harness *>(ctx)->rtl;
    return r.rd ? r.rd_wdata : own;
}

const rv_bus_ops_t lockstep_ops = { cb_load, cb_store, cb_csr };

void grab(const Vwc_soc_node *t, rv_retire_t *r)
{
    r->pc = t->rvfi_pc_rdata_o;
    r->insn = t->rvfi_insn_o;
    r->next_pc = t->rvfi_pc_wdata_o;
    r->rd = t->rvfi_rd_addr_o;
    r->rd_wdata = t->rvfi_rd_wdata_o;
    r->mem_addr = t->rvfi_mem_addr_o;
    r->mem_rmask = t->rvfi_mem_rmask_o;
    r->mem_wmask = t->rvfi_mem_wmask_o;
    r->mem_rdata = t->rvfi_mem_rdata_o;
    r->mem_wdata = t->rvfi_mem_wdata_o;
    r->trap = t->rvfi_trap_o;
    r->intr = t->rvfi_intr_o;
    r->cause = t->rvfi_cause_o;
}

const char *diff_field(const rv_retire_t &a, const rv_retire_t &b)
{
#define CMP(f) if (a.f != b.f) return #f;
    CMP(pc) CMP(insn) CMP(trap) CMP(intr) CMP(cause) CMP(next_pc) CMP(rd)
    CMP(rd_wdata) CMP(mem_addr) CMP(mem_rmask) CMP(mem_wmask) CMP(mem_rdata)
    CMP(mem_wdata)
#undef CMP
    return nullptr;
}

void usage()
{
    std::fprintf(stderr, "usage: lockstep [--engine lockstep|rtl] [--mutate INSN] [--max-cycles N]\n"
                         "                [--min-instret N] [--trace] [--quiet] prog.elf\n");
}

} // namespace

int main(int argc, char **argv)
{
    std::string engine = "lockstep", elf;
    unsigned long long max_cycles = 400000000ull, min_instret = 0;
    bool trace = false, quiet = false;
    int mutate = -1;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--engine" && i + 1 < argc) engine = argv[++i];
        else if (a == "--mutate" && i + 1 < argc) {
            mutate = rv_op_by_name(argv[++i]);
            if (mutate < 0) {
                std::fprintf(stderr, "lockstep: unknown instruction '%s' for --mutate\n", argv[i]);
                return 2;
            }
        } else if (a == "--max-cycles" && i + 1 < argc) max_cycles = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "--min-instret" && i + 1 < argc) min_instret = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "--trace") trace = true;
        else if (a == "--quiet") quiet = true;
        else if (a.size() && a[0] == '+') continue;   // Verilator plusargs
        else if (a.size() && a[0] == '-') {
            std::fprintf(stderr, "lockstep: unknown option '%s'\n", a.c_str());
            usage();
            return 2;
        } else elf = a;
    }
    if (const char *m = std::getenv("WC_LOCKSTEP_MUTATE")) {
        mutate = rv_op_by_name(m);
        if (mutate < 0) {
            std::fprintf(stderr, "lockstep: unknown instruction '%s' in WC_LOCKSTEP_MUTATE\n", m);
            return 2;
        }
    }
    if (elf.empty() || (engine != "lockstep" && engine != "rtl")) {
        usage();
        return 2;
    }
    const bool check = engine == "lockstep";

    Harness h;
    std::memset(&h.rtl, 0, sizeof h.rtl);
    char err[600];
    rv_iss_t *iss = rv_iss_new(WC_SOC_RAM_BASE, WC_SOC_RAM_SIZE, &lockstep_ops, &h, err, sizeof err);
    rv_elf_info_t info;
    if (!iss || rv_elf_load(elf.c_str(), rv_iss_ram(iss), WC_SOC_RAM_BASE, WC_SOC_RAM_SIZE, &info, err, sizeof err) != 0) {
        std::fprintf(stderr, "lockstep: %s\n", err);
        return 2;
    }
    rv_iss_reset(iss, WC_SOC_RAM_BASE);
    rv_iss_set_mutation(iss, mutate);
    std::string hex = elf + ".hex";
    if (rv_elf_write_hex(hex.c_str(), rv_iss_ram(iss), WC_SOC_RAM_BASE, &info, err, sizeof err) != 0) {
        std::fprintf(stderr, "lockstep: %s\n", err);
        return 2;
    }

    VerilatedContext ctx;
    std::string plus = "+hex=" + hex;
    const char *vargs[] = { "lockstep", plus.c_str() };
    ctx.commandArgs(2, vargs);
    Vwc_soc_node top(&ctx);
    uint32_t shadow[32] = { 0 };   // RTL register file as committed

    top.clk_i = 0;
    top.rst_ni = 0;
    for (int i = 0; i < 4; i++) {
        top.clk_i = !top.clk_i;
        top.eval();
    }
    top.rst_ni = 1;

    auto t0 = std::chrono::steady_clock::now();
    unsigned long long cycles = 0, retired = 0, traps = 0, intrs = 0;
    int rc = 3;
    bool done = false;
    while (!done && cycles < max_cycles) {
        top.clk_i = 0;
        top.eval();
        top.clk_i = 1;
        top.eval();
        cycles++;
        if (top.console_valid_o && !quiet) {
            std::putchar(top.console_data_o);
            std::fflush(stdout);
        }
        if (!top.rvfi_valid_o)
            continue;
        rv_retire_t &r = h.rtl;
        grab(&top, &r);
        retired++;
        traps += r.trap && !r.intr;
        intrs += r.intr;
        if (trace) {
            char line[200];
            rv_format_retire(&r, line, sizeof line);
            std::fprintf(stderr, "%s\n", line);
        }
        if (check) {
            rv_retire_t m;
            if (r.intr) {
                if (rv_iss_interrupt(iss, r.cause & 0x1f, &m) != 0) {
                    std::printf("MISMATCH at retire %llu: RTL took interrupt cause %08x, the model "
                                "has it disabled\n", retired, r.cause);
                    rc = 1;
                    break;
                }
            } else
                rv_iss_step(iss, &m);
            const char *f = diff_field(r, m);
            if (f) {
                char a[200], b[200], dis[64];
                rv_format_retire(&r, a, sizeof a);
                rv_format_retire(&m, b, sizeof b);
                rv_disasm(r.insn, r.pc, dis, sizeof dis);
                std::printf("MISMATCH at retire %llu (cycle %llu), field %s\n", retired, cycles, f);
                std::printf("  instruction: %08x  %s\n", r.insn, dis);
                std::printf("  rtl:   %s\n", a);
                std::printf("  model: %s\n", b);
                if (r.rd)
                    shadow[r.rd] = r.rd_wdata;
                std::printf("  register files after this instruction (rtl | model):\n");
                for (int k = 0; k < 32; k++)
                    std::printf("  x%-2d %-4s %08x | %08x%s", k, rv_reg_name(k), shadow[k],
                                rv_iss_reg(iss, k), (k % 2) ? "\n" : "   ");
                rc = 1;
                break;
            }
        }
        if (r.rd)
            shadow[r.rd] = r.rd_wdata;
        uint32_t val;
        if (rv_exit_check(&r, info.tohost, info.has_tohost, &val)) {
            rc = rv_exit_report(check ? "lockstep" : "rtl", val, retired);
            done = true;
        }
    }
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!done && rc == 3)
        std::printf("%s: no exit after %llu cycles (%llu retired)\n", engine.c_str(), cycles, retired);
    std::printf("%s: %llu retired (%llu traps, %llu interrupts), %llu cycles, CPI %.3f, "
                "%.3f s, %.0f instructions/s%s\n",
                engine.c_str(), retired, traps, intrs, cycles,
                retired ? (double)cycles / retired : 0.0, sec, sec > 0 ? retired / sec : 0.0,
                check && rc != 1 ? ", zero mismatches" : "");
    if (rc == 1 && check && mutate >= 0)
        std::printf("lockstep: mismatch caught (model mutated: %s)\n", rv_op_name(mutate));
    if (rc == 0 && retired - traps - intrs < min_instret) {
        std::printf("%s: FAIL: only %llu instructions retired (traps excluded), at least %llu required\n",
                    engine.c_str(), retired - traps - intrs, min_instret);
        rc = 1;
    }
    top.final();
    rv_iss_free(iss);
    return rc;
}

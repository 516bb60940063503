// SPDX-License-Identifier: Apache-2.0
// Cycle lockstep: the Verilated node SoC (rtl/soc/wc_soc_node.v) and the
// cycle-accurate C model of its core (cmodel/rv32/wc_rv32_core.h) run the
// same ELF clock by clock, each with its own RAM and devices: the RTL with
// the SoC's, the model with the C copy below (same registered ACK one
// cycle after the request, same ERR responder, mtime counting cycles,
// console and exit).  Every cycle compares both Wishbone requests of the
// core, the answers it gets, its interrupt lines, its retire port and the
// console/exit outputs; the first difference stops the run with the
// cycle, the signal, the RTL's value (expected) and the model's (actual).
//   cyclestep [--engine lockstep|model] [--md-steps N] [--mutate timing|irq]
//             [--reset-at N,N,..] [--max-cycles N] [--min-instret N] [--quiet] prog.elf
// --engine model runs the C side alone (the model's speed figure);
// --reset-at pulls rst_ni low for the edges of those cycles (the program
// starts again, with what it left in RAM).
#include "Vwc_soc_node.h"
#include "verilated.h"
#include "rv32_elf.h"
#include "rv32_iss.h"
#include "rv32_soc.h"
#include "wc_defs_macros.h"
extern "C" {
#include "wc_rv32_core.h"
}
#include "wc_soc_mmio.h"
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef WC_CYC_MD_STEPS
#define WC_CYC_MD_STEPS 1   // MD_STEPS of the Verilated SoC this file is linked with
#endif

namespace {

// ---- the SoC's RAM, device block and ERR responders, in C ----------------
// Mirrors rtl/soc/wc_soc_node.v, wc_soc_ram.v and wc_soc_mmio.v register
// for register: outputs come from registered state (and the address decode
// of the request being answered), the edge is soc_commit().
struct CSoc {
    std::vector<uint32_t> ram;
    uint32_t a_dat, b_dat;          // RAM read data registers (ports a, b)
    int a_ack, b_ack;
    int i_nerr, d_nerr;             // ERR responders
    wc_soc_mmio mmio;               // the device block: the node's C model of it
};

const uint32_t RAM_WORDS = WC_SOC_RAM_SIZE / 4;

bool in_ram(uint32_t a) { return a - WC_SOC_RAM_BASE < WC_SOC_RAM_SIZE; }
bool in_mmio(uint32_t a) { return a - WC_SOC_MMIO_BASE < WC_SOC_MMIO_SIZE; }
uint32_t lanes(unsigned sel)
{
    return (sel & 1 ? 0xffu : 0) | (sel & 2 ? 0xff00u : 0) | (sel & 4 ? 0xff0000u : 0) |
           (sel & 8 ? 0xff000000u : 0);
}
uint32_t merge(uint32_t old, uint32_t nw, uint32_t m) { return (old & ~m) | (nw & m); }

// The registers rst_ni resets; the read data registers keep their values.
// The simulation SoC is node 0 of a one-node system.
void soc_reset(CSoc *s)
{
    s->a_ack = s->b_ack = s->i_nerr = s->d_nerr = 0;
    wc_soc_mmio_reset(&s->mmio);
}

// The core's inputs this cycle.
void soc_answer(const CSoc *s, const wc_wb_req *d, wc_rv32_core_in *in)
{
    wc_wb_rsp m = wc_soc_mmio_rsp(&s->mmio);
    in->ibus.ack = s->a_ack;
    in->ibus.err = s->i_nerr;
    in->ibus.dat = s->a_dat;
    in->dbus.ack = s->b_ack || m.ack;
    in->dbus.err = s->d_nerr || m.err;
    in->dbus.dat = in_ram(d->adr) ? s->b_dat : m.dat;
    in->irq_timer = wc_soc_mmio_irq_timer(&s->mmio);
    in->irq_ext = s->mmio.irq_q;
}

void soc_commit(CSoc *s, const wc_wb_req *i, const wc_wb_req *d)
{
    bool i_req = i->cyc && i->stb, d_req = d->cyc && d->stb;
    bool a_go = i_req && in_ram(i->adr) && !s->a_ack;
    bool b_go = d_req && in_ram(d->adr) && !s->b_ack;
    uint32_t ai = (i->adr - WC_SOC_RAM_BASE) / 4 % RAM_WORDS;
    uint32_t bi = (d->adr - WC_SOC_RAM_BASE) / 4 % RAM_WORDS;
    wc_wb_req mq = *d;

    s->i_nerr = i_req && !in_ram(i->adr) && !s->i_nerr;
    s->d_nerr = d_req && !in_ram(d->adr) && !in_mmio(d->adr) && !s->d_nerr;
    // reads see the word before this edge's writes
    if (a_go) s->a_dat = s->ram[ai];
    if (b_go) s->b_dat = s->ram[bi];
    if (a_go && i->we) s->ram[ai] = merge(s->ram[ai], i->dat, lanes(i->sel));
    if (b_go && d->we) s->ram[bi] = merge(s->ram[bi], d->dat, lanes(d->sel));
    s->a_ack = a_go;
    s->b_ack = b_go;
    mq.cyc = d->cyc && in_mmio(d->adr);
    mq.stb = d->stb && in_mmio(d->adr);
    wc_soc_mmio_commit(&s->mmio, &mq);
}

// ---- one cycle of either side, as the comparison sees it -----------------
struct Obs {
    wc_rv32_core_out o;
    wc_rv32_core_in in;
    int cons, exit;
    unsigned cons_data;
    uint32_t exit_code;
};

void grab_rtl(const Vwc_soc_node *t, Obs *b)
{
    b->o.ibus = { t->ibus_cyc_o, t->ibus_stb_o, t->ibus_we_o, t->ibus_sel_o, t->ibus_adr_o, t->ibus_dat_o };
    b->o.dbus = { t->dbus_cyc_o, t->dbus_stb_o, t->dbus_we_o, t->dbus_sel_o, t->dbus_adr_o, t->dbus_dat_o };
    b->in.ibus = { t->ibus_ack_o, t->ibus_err_o, t->ibus_rdat_o };
    b->in.dbus = { t->dbus_ack_o, t->dbus_err_o, t->dbus_rdat_o };
    b->in.irq_timer = t->irq_timer_o;
    b->in.irq_ext = t->irq_ext_o;
    wc_retire_port &r = b->o.rvfi;
    r.valid = t->rvfi_valid_o;
    r.insn = t->rvfi_insn_o;
    r.pc_rdata = t->rvfi_pc_rdata_o;
    r.pc_wdata = t->rvfi_pc_wdata_o;
    r.rd_addr = t->rvfi_rd_addr_o;
    r.rd_wdata = t->rvfi_rd_wdata_o;
    r.mem_addr = t->rvfi_mem_addr_o;
    r.mem_rmask = t->rvfi_mem_rmask_o;
    r.mem_wmask = t->rvfi_mem_wmask_o;
    r.mem_rdata = t->rvfi_mem_rdata_o;
    r.mem_wdata = t->rvfi_mem_wdata_o;
    r.trap = t->rvfi_trap_o;
    r.intr = t->rvfi_intr_o;
    r.cause = t->rvfi_cause_o;
    b->cons = t->console_valid_o;
    b->cons_data = t->console_data_o;
    b->exit = t->exit_valid_o;
    b->exit_code = t->exit_code_o;
}

void grab_model(const wc_rv32_core *core, const CSoc *s, Obs *b)
{
    wc_rv32_core_eval(core, &b->o);
    soc_answer(s, &b->o.dbus, &b->in);
    b->cons = s->mmio.cons_q;
    b->cons_data = s->mmio.wdat_q & 0xff;
    b->exit = s->mmio.exit_q;
    b->exit_code = s->mmio.wdat_q;
}

// First differing signal: its name and both values.  The fetch port is
// compared whole every cycle; the data port's WE/SEL/ADR/DAT while its CYC
// is high (Wishbone defines them only then: the model drives 0 on an idle
// port, the RTL whatever its datapath holds); read data with ACK; the
// retire port whole every cycle (its fields hold the last record);
// console/exit data with their strobes.
struct Diff {
    const char *sig;
    uint32_t rtl, model;
};

bool diff(const Obs &r, const Obs &m, Diff *d)
{
#define CMP(name, f) do { if ((uint32_t)(r.f) != (uint32_t)(m.f)) { *d = { name, (uint32_t)(r.f), (uint32_t)(m.f) }; return true; } } while (0)
#define CMP_RSP(bus) do { \
        CMP(#bus ".ack", in.bus.ack); CMP(#bus ".err", in.bus.err); \
        if (r.in.bus.ack) CMP(#bus ".rdat", in.bus.dat); } while (0)
    CMP("ibus.cyc", o.ibus.cyc);
    CMP("ibus.stb", o.ibus.stb);
    CMP("ibus.we", o.ibus.we);
    CMP("ibus.sel", o.ibus.sel);
    CMP("ibus.adr", o.ibus.adr);
    CMP("ibus.dat", o.ibus.dat);
    CMP("dbus.cyc", o.dbus.cyc);
    CMP("dbus.stb", o.dbus.stb);
    if (r.o.dbus.cyc) {
        CMP("dbus.we", o.dbus.we);
        CMP("dbus.sel", o.dbus.sel);
        CMP("dbus.adr", o.dbus.adr);
        CMP("dbus.dat", o.dbus.dat);
    }
    CMP_RSP(ibus);
    CMP_RSP(dbus);
    CMP("irq_timer", in.irq_timer);
    CMP("irq_ext", in.irq_ext);
    CMP("rvfi.valid", o.rvfi.valid);
    CMP("rvfi.insn", o.rvfi.insn);
    CMP("rvfi.pc_rdata", o.rvfi.pc_rdata);
    CMP("rvfi.pc_wdata", o.rvfi.pc_wdata);
    CMP("rvfi.trap", o.rvfi.trap);
    CMP("rvfi.intr", o.rvfi.intr);
    CMP("rvfi.cause", o.rvfi.cause);
    CMP("rvfi.rd_addr", o.rvfi.rd_addr);
    CMP("rvfi.rd_wdata", o.rvfi.rd_wdata);
    CMP("rvfi.mem_addr", o.rvfi.mem_addr);
    CMP("rvfi.mem_rmask", o.rvfi.mem_rmask);
    CMP("rvfi.mem_wmask", o.rvfi.mem_wmask);
    CMP("rvfi.mem_rdata", o.rvfi.mem_rdata);
    CMP("rvfi.mem_wdata", o.rvfi.mem_wdata);
    CMP("console_valid", cons);
    if (r.cons) CMP("console_data", cons_data);
    CMP("exit_valid", exit);
    if (r.exit) CMP("exit_code", exit_code);
#undef CMP_RSP
#undef CMP
    return false;
}

rv_retire_t to_retire(const wc_retire_port &p)
{
    rv_retire_t r;
    r.pc = p.pc_rdata;
    r.insn = p.insn;
    r.next_pc = p.pc_wdata;
    r.rd = p.rd_addr;
    r.rd_wdata = p.rd_wdata;
    r.mem_addr = p.mem_addr;
    r.mem_rmask = p.mem_rmask;
    r.mem_wmask = p.mem_wmask;
    r.mem_rdata = p.mem_rdata;
    r.mem_wdata = p.mem_wdata;
    r.trap = (uint32_t)p.trap;
    r.intr = (uint32_t)p.intr;
    r.cause = p.cause;
    return r;
}

void usage()
{
    std::fprintf(stderr, "usage: cyclestep [--engine lockstep|model] [--md-steps N] [--mutate timing|irq]\n"
                         "                 [--reset-at N,N,..] [--max-cycles N] [--min-instret N] [--quiet] prog.elf\n");
}

const char *const mut_names[WC_RV32_MUT_COUNT] = { "none", "timing", "irq" };

} // namespace

int main(int argc, char **argv)
{
    std::string engine = "lockstep", elf;
    unsigned long long max_cycles = 2000000000ull, min_instret = 0;
    bool quiet = false;
    std::vector<unsigned long long> resets;   // cycles whose edge has rst_ni low
    wc_rv32_core_cfg cfg;
    wc_rv32_core_cfg_default(&cfg);
    cfg.md_steps = WC_CYC_MD_STEPS;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--engine" && i + 1 < argc) engine = argv[++i];
        else if (a == "--md-steps" && i + 1 < argc) cfg.md_steps = std::atoi(argv[++i]);
        else if (a == "--mutate" && i + 1 < argc) {
            std::string m = argv[++i];
            cfg.mutate = -1;
            for (int k = 1; k < WC_RV32_MUT_COUNT; k++)
                if (m == mut_names[k]) cfg.mutate = k;
            if (cfg.mutate < 0) {
                std::fprintf(stderr, "cyclestep: unknown mutation '%s' (timing or irq)\n", m.c_str());
                return 2;
            }
        } else if (a == "--reset-at" && i + 1 < argc) {
            for (char *p = argv[++i]; *p;) {
                char *end;
                unsigned long long c = std::strtoull(p, &end, 0);
                if (end == p || (*end && *end != ',') || (!resets.empty() && c <= resets.back())) {
                    std::fprintf(stderr, "cyclestep: --reset-at takes increasing cycle numbers N,N,... (got '%s')\n", argv[i]);
                    return 2;
                }
                resets.push_back(c);
                p = *end ? end + 1 : end;
            }
        } else if (a == "--max-cycles" && i + 1 < argc) max_cycles = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "--min-instret" && i + 1 < argc) min_instret = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "--quiet") quiet = true;
        else if (a.size() && a[0] == '+') continue;   // Verilator plusargs
        else if (a.size() && a[0] == '-') {
            std::fprintf(stderr, "cyclestep: unknown option '%s'\n", a.c_str());
            usage();
            return 2;
        } else elf = a;
    }
    if (elf.empty() || (engine != "lockstep" && engine != "model")) {
        usage();
        return 2;
    }
    const bool rtl = engine == "lockstep";

    char err[600];
    std::vector<uint8_t> image(WC_SOC_RAM_SIZE);
    rv_elf_info_t info;
    if (rv_elf_load(elf.c_str(), image.data(), WC_SOC_RAM_BASE, WC_SOC_RAM_SIZE, &info, err, sizeof err) != 0) {
        std::fprintf(stderr, "cyclestep: %s\n", err);
        return 2;
    }
    wc_rv32_core *core = wc_rv32_core_create(&cfg, err, sizeof err);
    if (!core) {
        std::fprintf(stderr, "cyclestep: %s\n", err);
        return 2;
    }
    CSoc soc = {};
    soc.ram.resize(RAM_WORDS);
    for (uint32_t k = 0; k < RAM_WORDS; k++)
        soc.ram[k] = image[4 * k] | (uint32_t)image[4 * k + 1] << 8 | (uint32_t)image[4 * k + 2] << 16 |
                     (uint32_t)image[4 * k + 3] << 24;
    wc_soc_mmio_init(&soc.mmio, 0, 1);
    soc_reset(&soc);

    // The RTL's RAM loads the same image (a name of its own: lockstep.cpp
    // writes ELF.hex and may run at the same time).
    std::string hex = elf + ".cyc.hex";
    VerilatedContext ctx;
    Vwc_soc_node *top = nullptr;
    if (rtl) {
        if (rv_elf_write_hex(hex.c_str(), image.data(), WC_SOC_RAM_BASE, &info, err, sizeof err) != 0) {
            std::fprintf(stderr, "cyclestep: %s\n", err);
            wc_rv32_core_free(core);
            return 2;
        }
        std::string plus = "+hex=" + hex;
        const char *vargs[] = { "cyclestep", plus.c_str() };
        ctx.commandArgs(2, vargs);
        top = new Vwc_soc_node(&ctx);
        top->clk_i = 0;
        top->rst_ni = 0;
        for (int i = 0; i < 4; i++) {
            top->clk_i = !top->clk_i;
            top->eval();
        }
        top->rst_ni = 1;
    }

    auto t0 = std::chrono::steady_clock::now();
    unsigned long long cycles = 0, retired = 0, traps = 0, intrs = 0;
    size_t next_reset = 0;
    int rc = 3;
    bool done = false;
    Obs m, r;
    wc_retire_port last = {};
    while (!done && cycles < max_cycles) {
        grab_model(core, &soc, &m);
        const Obs *ref = &m;
        if (rtl) {
            grab_rtl(top, &r);
            ref = &r;
            Diff d;
            if (diff(r, m, &d)) {
                std::printf("MISMATCH at cycle %llu: %s: rtl (expected) 0x%08" PRIx32 ", model (actual) 0x%08" PRIx32 "\n",
                            cycles, d.sig, d.rtl, d.model);
                std::printf("  model: state %s, pc %08" PRIx32 ", %llu cycles, %llu retired\n",
                            wc_rv32_core_state(core), wc_rv32_core_pc(core),
                            (unsigned long long)wc_rv32_core_cycles(core),
                            (unsigned long long)wc_rv32_core_instret(core));
                char line[200];
                if (r.o.rvfi.valid || m.o.rvfi.valid) {
                    const Obs *side[2] = { &r, &m };
                    for (int k = 0; k < 2; k++) {
                        rv_retire_t lr = to_retire(side[k]->o.rvfi);
                        rv_format_retire(&lr, line, sizeof line);
                        std::printf("  %s record: %s\n", k ? "model" : "rtl  ",
                                    side[k]->o.rvfi.valid ? line : "(none this cycle)");
                    }
                }
                if (last.valid) {
                    rv_retire_t lr = to_retire(last);
                    rv_format_retire(&lr, line, sizeof line);
                    std::printf("  last record both agreed on: %s\n", line);
                }
                rc = 1;
                break;
            }
        }
        if (ref->cons && !quiet) {
            std::putchar((int)ref->cons_data);
            std::fflush(stdout);
        }
        if (ref->o.rvfi.valid) {
            const wc_retire_port &p = ref->o.rvfi;
            last = p;
            retired++;
            traps += p.trap && !p.intr;
            intrs += p.intr;
            rv_retire_t lr = to_retire(p);
            uint32_t val;
            if (rv_exit_check(&lr, info.tohost, info.has_tohost, &val)) {
                rc = rv_exit_report("cyclestep", val, retired);
                done = true;
            }
        }
        // a reset edge: every register takes its next value, then those
        // with a reset their reset value (as the RTL's always blocks do)
        bool rst = next_reset < resets.size() && resets[next_reset] == cycles;
        next_reset += rst;
        wc_rv32_core_commit(core, &m.in);
        soc_commit(&soc, &m.o.ibus, &m.o.dbus);
        if (rst) {
            wc_rv32_core_reset(core);
            soc_reset(&soc);
        }
        if (rtl) {
            top->rst_ni = !rst;
            top->clk_i = 0;
            top->eval();
            top->clk_i = 1;
            top->eval();
            top->rst_ni = 1;
        }
        cycles++;
    }
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!done && rc == 3)
        std::printf("cyclestep: no exit after %llu cycles (%llu retired)\n", cycles, retired);
    std::printf("cyclestep: %s, MD_STEPS %d: %llu cycles%s, %llu retired (%llu traps, %llu interrupts), "
                "CPI %.3f, %.3f s, %.0f cycles/s%s\n",
                rtl ? "RTL and model" : "model alone", cfg.md_steps, cycles, rtl ? " compared" : "",
                retired, traps, intrs, retired ? (double)cycles / retired : 0.0, sec,
                sec > 0 ? cycles / sec : 0.0, rtl && rc != 1 ? ", zero mismatches" : "");
    if (rc == 1 && rtl && cfg.mutate)
        std::printf("cyclestep: mismatch caught (model mutated: %s)\n", mut_names[cfg.mutate]);
    if (rc == 0 && retired - traps - intrs < min_instret) {
        std::printf("cyclestep: FAIL: only %llu instructions retired (traps excluded), at least %llu required\n",
                    retired - traps - intrs, min_instret);
        rc = 1;
    }
    if (top) {
        top->final();
        delete top;
    }
    wc_rv32_core_free(core);
    return rc;
}

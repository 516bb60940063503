/* SPDX-License-Identifier: Apache-2.0 */
// Shared scaffolding of the NIC unit benches (verif/nicunit/tb_nic_*.cpp):
// one Verilated unit of rtl/nic/ beside the matching C unit functions of
// cmodel/wc_nic_*.c, fed the same inputs every cycle, every output port
// compared every cycle.  The C unit runs inside a whole wc_nic whose other
// units' state is what the bench drives (the neighbours' registers and
// decisions, set before the unit decides); the bench's stimulus plays the
// neighbours legally, so the unit's own protocol assertions must never
// fire.
//
// A run stops at the first difference with the cycle, the unit, the
// signal, the C model's value (expected) and the RTL's (actual).  It
// counts the events its stimulus was meant to exercise and fails if a
// required one never happened.  '--mutate N' flips bit 0 of the C side of
// the first nonzero comparison at or after cycle N: the run must then end
// in a mismatch report, which proves the comparison can fail.
// '--model-mutate K' builds the C model with its mutation K (wc_nic.h,
// WC_NIC_MUTATIONS): a bench of the unit the mutation breaks must then
// end in a mismatch report too, which proves the bench reaches it.
#ifndef WC_NICUNIT_H
#define WC_NICUNIT_H
#include <string>
#include <utility>
#include <vector>
#include "unit.h"
extern "C" {
#include "wc_nic_int.h"
}

// ceil(log2(n)) for n >= 1, as Verilog's $clog2
static inline int nu_clog2(unsigned n)
{
    int b = 0;
    while ((1u << b) < n) b++;
    return b;
}

// A unit whose parameters do not include NNODES still needs a wc_nic:
// the smallest network the model accepts (wc_nic_cfg_check) sizes its
// unused stream tables.
static const int NU_NODES_UNUSED = 2;

class NuBench {
public:
    NuBench(const char *unit, int argc, char **argv, uint64_t dflt_cycles)
        : unit_(unit), prog_(argv[0])
    {
        for (int i = 1; i < argc; i++) {
            const char *a = argv[i];
            if (std::strcmp(a, "--seed") && std::strcmp(a, "--cycles") && std::strcmp(a, "--mutate") &&
                std::strcmp(a, "--model-mutate")) {
                std::fprintf(stderr,
                             "%s: unknown option '%s' (--seed N, --cycles N, --mutate CYCLE, --model-mutate K)\n",
                             argv[0], a);
                std::exit(2);
            }
            i++;
        }
        seed = unit_opt(argc, argv, "--seed", 1);
        cycles = unit_opt(argc, argv, "--cycles", dflt_cycles);
        mutate_at = unit_opt(argc, argv, "--mutate", 0);
        model_mutate = unit_opt(argc, argv, "--model-mutate", 0);
        if (model_mutate > WC_NIC_MUTATIONS) {
            std::fprintf(stderr, "%s: --model-mutate must be 1..%d\n", argv[0], WC_NIC_MUTATIONS);
            std::exit(2);
        }
        if (cycles == 0) {
            std::fprintf(stderr, "%s: --cycles must be at least 1\n", argv[0]);
            std::exit(2);
        }
        wc_rng_seed(&rng, seed);
        ctx.fatalOnError(false);      // an RTL assertion is reported as a failure of the run
        ctx.commandArgs(argc, argv);
    }

    // ---- the C model ----------------------------------------------------
    // A wc_nic of configuration c at node self; exits with the model's
    // message if the configuration is refused.
    wc_nic *nic(const wc_nic_cfg &c0, unsigned self)
    {
        char err[200];
        wc_nic_cfg c = c0;
        c.mutate = (int)model_mutate;
        wc_nic *n = wc_nic_create(&c, self, err, sizeof err);
        if (!n) {
            std::fprintf(stderr, "nicunit %s: %s\n", unit_, err);
            std::exit(2);
        }
        return n;
    }
    // The top's soft reset (wc_nic.c reset_core): everything but the
    // register slave's answer.
    static void soft_reset(wc_nic *n)
    {
        uint8_t ack = n->regs.s_ack;
        uint32_t dat = n->regs.s_dat;
        wc_nic_reset(n);
        n->regs.s_ack = ack;
        n->regs.s_dat = dat;
    }

    // ---- comparison -----------------------------------------------------
    // rtl and c masked to w bits; idx >= 0 names an element of a vector
    // port ("tag_o[3]").
    void eq(const char *sig, uint64_t rtl, uint64_t c, int w = 64, int idx = -1)
    {
        uint64_t m = unit_mask(w);
        rtl &= m;
        c &= m;
        ncmp++;
        if (mutate_at && !mutated && cycle >= mutate_at && c) {
            c ^= 1;
            mutated = true;
            std::printf("nicunit %s: --mutate: bit 0 of the C side of %s flipped at cycle %llu\n", unit_,
                        signame(sig, idx).c_str(), (unsigned long long)cycle);
        }
        if (rtl != c)
            mismatch(signame(sig, idx), c, rtl);
    }
    // field [lsb +: w] of a port of any width against c
    template <typename T> void eqf(const char *sig, const T &port, int lsb, int w, uint64_t c, int idx = -1)
    {
        eq(sig, ut_get(port, lsb, w), c, w, idx);
    }
    [[noreturn]] void mismatch(const std::string &sig, uint64_t c, uint64_t rtl)
    {
        std::printf("MISMATCH nicunit %s cycle %llu: %s expected (C model) 0x%llx, actual (RTL) 0x%llx\n", unit_,
                    (unsigned long long)cycle, sig.c_str(), (unsigned long long)c, (unsigned long long)rtl);
        replay();
        std::exit(1);
    }
    [[noreturn]] void fail(const char *fmt, ...) __attribute__((format(printf, 2, 3)))
    {
        va_list ap;
        va_start(ap, fmt);
        std::printf("FAIL nicunit %s cycle %llu: ", unit_, (unsigned long long)cycle);
        std::vprintf(fmt, ap);
        std::printf("\n");
        va_end(ap);
        replay();
        std::exit(1);
    }
    // After each clock edge: an RTL assertion ($error) stops the run.
    void check_rtl()
    {
        if (!ctx.gotError())
            return;
        fail("the unit's own assertion failed at this edge (its message is above): the stimulus was illegal or "
             "the RTL broke its contract");
    }

    // The clock edge that ends a cycle, after the comparisons and the C
    // unit's commit: a soft reset of the C side if the RTL's soft_i was
    // set (the top resets every unit after its commits), the RTL's edge
    // and its assertions.
    template <class M> void edge(M &m, wc_nic *n, bool soft, int e_soft)
    {
        if (soft) {
            soft_reset(n);
            hit(e_soft);
        }
        unit_tick(m);
        check_rtl();
        cycle++;
    }
    // The run: reset (soft_i and the inputs zero), then the cycles.
    template <class T> int run(T &t)
    {
        unit_reset(t.m);
        while (cycle < cycles) t.cycle();
        t.m.final();
        return finish();
    }

    // ---- events the stimulus must exercise --------------------------------
    int event(const char *name, bool required = true)
    {
        evs.push_back({name, 0, required});
        return (int)evs.size() - 1;
    }
    void hit(int e, bool cond = true)
    {
        if (cond) evs[(size_t)e].n++;
    }
    // The one-line summary; 0 if every required event occurred.
    int finish()
    {
        std::string s, miss;
        for (const NuEv &e : evs) {
            s += unit_fmt(" %s %ld,", e.name, e.n);
            if (e.req && !e.n) miss += unit_fmt(" %s", e.name);
        }
        if (!s.empty()) s.pop_back();
        if (mutate_at && !mutated)
            miss += " (the --mutate comparison: no nonzero value compared after that cycle)";
        std::printf("nicunit %s seed %llu: %llu cycles, %llu comparisons; events:%s; %s\n", unit_,
                    (unsigned long long)seed, (unsigned long long)cycles, (unsigned long long)ncmp, s.c_str(),
                    miss.empty() ? "PASS" : "FAIL");
        if (!miss.empty()) {
            std::printf("FAIL nicunit %s: never exercised:%s\n", unit_, miss.c_str());
            replay();
        }
        return miss.empty() ? 0 : 1;
    }

    // ---- stimulus helpers -------------------------------------------------
    uint32_t below(uint32_t n) { return wc_rng_below(&rng, n); }
    bool chance(double p) { return wc_rng_chance(&rng, p) != 0; }
    uint32_t u32() { return (uint32_t)wc_rng_next(&rng); }
    uint64_t bits(int w) { return wc_rng_next(&rng) & unit_mask(w); }
    // an id at or past the end of a table of `limit` entries, often just
    // at it (where an off-by-one would hide), as a 12-bit id field holds it
    unsigned beyond(unsigned limit) { return (limit + (chance(0.5) ? 0u : below(100))) & (unsigned)unit_mask(WC_HEAD_DST_W); }

    VerilatedContext ctx;
    wc_rng rng;
    uint64_t seed = 1, cycles = 0, cycle = 0, mutate_at = 0, model_mutate = 0, ncmp = 0;

private:
    struct NuEv {
        const char *name;
        long n;
        bool req;
    };
    std::string signame(const char *sig, int idx) const
    {
        return idx < 0 ? std::string(sig) : unit_fmt("%s[%d]", sig, idx);
    }
    void replay() const
    {
        std::printf("  replay: %s --seed %llu --cycles %llu%s%s\n", prog_, (unsigned long long)seed,
                    (unsigned long long)cycles,
                    mutate_at ? unit_fmt(" --mutate %llu", (unsigned long long)mutate_at).c_str() : "",
                    model_mutate ? unit_fmt(" --model-mutate %llu", (unsigned long long)model_mutate).c_str() : "");
        std::fflush(stdout);
    }
    const char *unit_, *prog_;
    bool mutated = false;
    std::vector<NuEv> evs;
};

// Decisions of the units a bench does not run: "nothing this cycle"
// (the -1 and NONE fields of wc_nic_int.h).  A bench sets the fields its
// unit's commit reads from the neighbours it plays.
static inline void nu_dec_idle(nic_dec *d)
{
    std::memset(d, 0, sizeof *d);
    d->rp.free_slot = d->rp.cnt = d->rp.setpend = d->rp.setpend2 = -1;
    d->rp.ctx_i = d->rp.fj = d->rp.tag_slot = d->rp.gr_ctx = d->rp.nfj = -1;
    d->rp.wait_clr = d->rp.regrant = -1;
    d->sel.job = -1;
    d->ra.wslot = -1;
    d->ra.ev_slot = NONE;
    d->sq.next = -1;
    d->jobs.push = -1;
    d->jobs.rel_group = -1;
    d->jobs.pe_start = -1;
    d->dma.wq.fj = NONE;
}

// The C model's configuration for a unit: the defaults, the payload, and
// (jobs > 0) J jobs as JSEND + JFWD, for units that take only J.
static inline wc_nic_cfg nu_cfg(int payload, int jobs = 0)
{
    wc_nic_cfg c;
    wc_nic_cfg_default(&c, NU_NODES_UNUSED);
    c.payload = payload;
    if (jobs) {
        c.jsend = jobs / 2;
        c.jfwd = jobs - jobs / 2;
    }
    return c;
}

// KW, the width of a packet count, is a parameter of several units that
// the top derives from PAYLOAD; a bench given a KW that does not fit the
// largest message would test another design.
static inline void nu_check_kw(int payload, int kw)
{
    int npk = (WC_NIC_MAX_MSG + payload - 1) / payload;
    if (kw != nu_clog2((unsigned)npk + 1u)) {
        std::fprintf(stderr, "nicunit: KW=%d does not match PAYLOAD=%d (the top derives KW=%d)\n", kw, payload,
                     nu_clog2((unsigned)npk + 1u));
        std::exit(2);
    }
}
#endif

// SPDX-License-Identifier: Apache-2.0
// wc_fifo.v against a reference queue: random push/pop, never pushing
// into a full FIFO (the credit contract of wc_input_ctrl.v: the upstream
// sends only with a credit), never popping an empty one.  Phases of
// different push/pop rates drive it to full and to empty many times;
// a reset mid-run must empty it.  next_o (the flit behind the front) and
// two_o (at least two flits) are checked whenever the queue holds two,
// third_o whenever it holds three (in the block-RAM form with LA < FW
// its top LA bits, the bits below zero), cnt_o always.
#include <deque>
#include "unit.h"
#include "Vwc_fifo.h"

#ifndef UT_B
#error "build with -DUT_FW=.. -DUT_B=.."
#endif

#ifndef UT_LA
#define UT_LA UT_FW
#endif
#ifndef UT_RAM_MIN_B
#define UT_RAM_MIN_B 5
#endif
static const int FW = UT_FW, B = UT_B, LA = UT_LA;
// the block-RAM form keeps third_o's top LA bits only (wc_fifo.v)
static const bool RAM = B >= UT_RAM_MIN_B && B >= 3;
static const uint64_t LAMASK = RAM ? ((FW >= 64 ? ~0ull : (1ull << FW) - 1) & ~((1ull << (FW - LA)) - 1))
                                   : (FW >= 64 ? ~0ull : (1ull << FW) - 1);

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_fifo m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 6);
    std::deque<uint64_t> q;

    char name[128];
    std::snprintf(name, sizeof name, "wc_fifo B=%d FW=%d LA=%d: 200000 random push/pop cycles", B, FW, LA);
    UnitCheck ck(name);
    long nfull = 0, nempty = 0, nboth = 0;   // nboth: push and pop together
    m.push_i = m.pop_i = 0;
    unit_reset(m);
    double ppush = 0.5, ppop = 0.5;
    for (int t = 0; t < 200000; t++) {
        if (t % 500 == 0) {
            ppush = (double)wc_rng_below(&rng, 11) / 10.0;
            ppop = (double)wc_rng_below(&rng, 11) / 10.0;
        }
        bool reset = t % 20011 == 20010;
        m.rst_ni = !reset;
        // outputs come from registers: check them before driving this cycle
        m.eval();
        ck.ok(m.empty_o == q.empty(), "cycle %d: empty_o %d, reference holds %zu", t, m.empty_o, q.size());
        if (!q.empty())
            ck.ok(m.head_o == q.front(), "cycle %d: head %#llx, want %#llx", t,
                  (unsigned long long)m.head_o, (unsigned long long)q.front());
        ck.ok(m.two_o == (q.size() >= 2), "cycle %d: two_o %d, reference holds %zu", t, m.two_o, q.size());
        if (q.size() >= 2)
            ck.ok(m.next_o == q[1], "cycle %d: next %#llx, want %#llx", t, (unsigned long long)m.next_o,
                  (unsigned long long)q[1]);
        if (q.size() >= 3)
            ck.ok(m.third_o == (q[2] & LAMASK), "cycle %d: third %#llx, want %#llx", t,
                  (unsigned long long)m.third_o, (unsigned long long)(q[2] & LAMASK));
        ck.ok(m.cnt_o == q.size(), "cycle %d: cnt_o %d, reference holds %zu", t, m.cnt_o, q.size());
        nfull += (int)q.size() == B;
        nempty += q.empty();
        bool push = (int)q.size() < B && wc_rng_chance(&rng, ppush);
        bool pop = !q.empty() && wc_rng_chance(&rng, ppop);
        nboth += push && pop;
        uint64_t d = unit_rand(&rng, FW);
        m.push_i = push;
        m.pop_i = pop;
        m.data_i = d;
        m.eval();
        unit_tick(m);
        if (reset) {
            q.clear();
            continue;
        }
        if (pop) q.pop_front();
        if (push) q.push_back(d);
    }
    ck.ok(nfull > 100 && nempty > 100, "coverage: full %ld cycles, empty %ld cycles", nfull, nempty);
    ck.finish();
    std::printf("     cycles full %ld, empty %ld, push and pop together %ld\n", nfull, nempty, nboth);
    m.final();
    return unit_summary();
}

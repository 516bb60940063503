// SPDX-License-Identifier: Apache-2.0
// wc_output_ctrl.v cycle by cycle against a reference written here from
// the output-unit parts of cmodel/wc_router.c (wc_router_eval: owner or
// wc_rr_arb() winner, busy = owned or granted, has_cred = a credit in
// hand; wc_router_commit: ownership from the head's grant to the tail's
// transfer, pointer to winner + 1, credit counting).  The bench plays P
// input buffers holding worms (some for other outputs, which never
// request this one), a downstream buffer of depth B that frees slots at
// random, and the router's transfer decision: xfer_i when busy, the
// selected input holds a flit and a credit is in hand, but now and then
// withheld anyway, as the router does while an absorbing worm's head is
// granted or its stripped address goes to the node only.
// Property checks, independent of the reference: the output never
// switches owner mid-worm, every requester is granted within P grants,
// and a flit moves only while the downstream has a free slot.
#include <deque>
#include "unit.h"
#include "Vwc_output_ctrl.h"

#ifndef UT_B
#error "build with -DUT_P=.. -DUT_IW=.. -DUT_B=.."
#endif

#ifndef UT_STAGES
#define UT_STAGES 1
#endif

static const int P = UT_P, IW = UT_IW, B = UT_B, W = 32;
// two stages: only an owned output transfers, and it arbitrates when free
// or in the cycle its tail leaves (wc_router_eval with cfg.stages = 2)
static const bool TWO = UT_STAGES == 2;

// struct wc_out of cmodel/wc_router.h
struct RefOut {
    bool own = false;
    int owner = 0, ptr = 0, cred = B;
};

// One input as this output sees it: buffered flits, each marked with
// whether its worm wants this output.
struct Src {
    std::deque<uint64_t> flits;
    std::deque<bool> ours;
    bool active = false;    // allocated to this output (wc_input_ctrl active)
    UnitStream gen;
};

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_output_ctrl m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 8);
    RefOut ref;
    Src in[P];
    for (int k = 0; k < P; k++) {
        in[k].gen.src = k;
        in[k].gen.p_stray = 0;          // malformed worms never reach an output
        in[k].gen.p_trunc = 0.05;       // a lost tail makes one long worm
    }
    const int NCYC = 200000;
    char name[160];
    std::snprintf(name, sizeof name, "wc_output_ctrl P=%d B=%d STAGES=%d: %d cycles against the C-model output unit", P, B,
                  UT_STAGES, NCYC);
    UnitCheck ck(name);
    std::snprintf(name, sizeof name, "wc_output_ctrl P=%d: owner never changes mid-worm", P);
    UnitCheck ck_own(name);
    std::snprintf(name, sizeof name, "wc_output_ctrl P=%d: every requester granted within P grants", P);
    UnitCheck ck_starve(name);
    std::snprintf(name, sizeof name, "wc_output_ctrl B=%d: a flit moves only with a free downstream slot", B);
    UnitCheck ck_cred(name);

    unit_reset(m);
    int down = 0, down_free = B;        // downstream occupancy and its free slots
    int worm_src = -1;                  // input whose worm is on the link, -1 between worms
    int waited[P] = {0};
    int max_wait = 0;
    long xfers = 0, grants = 0, stalls = 0, withheld_n = 0;
    double parrive = 0.5, pdrain = 0.5, pother = 0.3;
    for (int t = 0; t < NCYC; t++) {
        if (t % 300 == 0) {
            parrive = 0.1 + 0.2 * wc_rng_below(&rng, 5);
            pdrain = 0.1 + 0.2 * wc_rng_below(&rng, 5);
            pother = 0.1 * wc_rng_below(&rng, 6);
        }
        // ---- inputs: a fresh head for us requests until granted
        uint32_t req = 0, has = 0;
        for (int k = 0; k < P; k++) {
            if (in[k].flits.empty()) continue;
            has |= 1u << k;
            if (!in[k].active && in[k].ours.front() && unit_is_head(in[k].flits.front(), W))
                req |= 1u << k;
        }
        bool credit = down > 0 && wc_rng_chance(&rng, pdrain);

        // ---- reference eval
        int g = ref.own ? -1 : wc_rr_arb(req, ref.ptr);
        if (TWO)
            g = -1;     // (decided after the transfer below)
        int sel = ref.own ? ref.owner : (g >= 0 ? g : 0);
        bool busy = ref.own || g >= 0, has_cred = ref.cred > 0;
        bool withheld = wc_rng_chance(&rng, 0.1);
        bool xfer = busy && ((has >> sel) & 1) && has_cred && !withheld;
        bool tail = ((has >> sel) & 1) ? unit_is_tail(in[sel].flits.front(), W) : wc_rng_chance(&rng, 0.5);
        if (TWO && (!ref.own || (xfer && tail)))
            g = wc_rr_arb(req, ref.ptr);

        m.req_i = req;
        m.credit_i = credit;
        m.xfer_i = 0;
        m.tail_i = 0;
        m.eval();
        // the router's decision, from this module's outputs; tail_i is the
        // type bit of the flit the crossbar selected
        bool rtl_xfer = m.busy_o && ((has >> m.sel_o) & 1) && m.has_cred_o && !withheld;
        m.xfer_i = rtl_xfer;
        m.tail_i = ((has >> m.sel_o) & 1) ? unit_is_tail(in[m.sel_o].flits.front(), W) : tail;
        m.eval();

        bool same = true;
        same &= ck.ok(m.gnt_valid_o == (g >= 0), "cycle %d req=%#x ptr=%d own=%d: gnt_valid %d, ref %d", t, req,
                      ref.ptr, ref.own, m.gnt_valid_o, g >= 0);
        if (g >= 0)
            same &= ck.ok(m.gnt_idx_o == g, "cycle %d req=%#x ptr=%d: gnt_idx %d, ref %d", t, req, ref.ptr,
                          m.gnt_idx_o, g);
        if (ref.own || (g >= 0 && !TWO))
            same &= ck.ok(m.sel_o == sel, "cycle %d: sel %d, ref %d", t, m.sel_o, sel);
        same &= ck.ok(m.busy_o == busy, "cycle %d: busy %d, ref %d", t, m.busy_o, busy);
        same &= ck.ok(m.has_cred_o == has_cred, "cycle %d: has_cred %d, ref %d (cred %d)", t, m.has_cred_o,
                      has_cred, ref.cred);
        same &= ck.ok(rtl_xfer == xfer, "cycle %d: transfer %d, ref %d", t, rtl_xfer, xfer);
        if (!same) {
            std::fprintf(stderr, "  stopping at cycle %d after a mismatch\n", t);
            break;
        }

        // ---- properties, from the bench's own bookkeeping
        if (g >= 0) {
            grants++;
            for (int k = 0; k < P; k++) {
                if (k == g || !((req >> k) & 1)) continue;
                waited[k]++;
                if (waited[k] > max_wait) max_wait = waited[k];
                ck_starve.ok(waited[k] <= P - 1, "cycle %d: input %d passed over %d times", t, k, waited[k]);
            }
            waited[g] = 0;
        }
        if (rtl_xfer) {
            int s = m.sel_o;
            ck_cred.ok(down_free > 0, "cycle %d: transfer with no free downstream slot", t);
            ck_own.ok(worm_src < 0 || worm_src == s, "cycle %d: input %d interrupts the worm of input %d", t, s,
                      worm_src);
            worm_src = unit_is_tail(in[s].flits.front(), W) ? -1 : s;
        } else if (((has >> m.sel_o) & 1) && (ref.own || g >= 0)) {
            stalls += ref.cred == 0;
            withheld_n += ref.cred > 0;
        }
        unit_tick(m);

        // ---- reference commit (a one-stage grant's own one-flit worm
        // releases it again; a two-stage grant follows the tail it
        // replaces)
        if (g >= 0 && !TWO) {
            ref.own = true;
            ref.owner = g;
            ref.ptr = g == P - 1 ? 0 : g + 1;
            in[g].active = true;
        }
        if (xfer) {
            xfers++;
            if (tail) {
                ref.own = false;
                in[sel].active = false;
            }
            in[sel].flits.pop_front();
            in[sel].ours.pop_front();
            down++;
            down_free--;
        }
        if (g >= 0 && TWO) {
            ref.own = true;
            ref.owner = g;
            ref.ptr = g == P - 1 ? 0 : g + 1;
            in[g].active = true;
        }
        ref.cred += (int)credit - (int)xfer;
        if (credit) {
            down--;
            down_free++;
        }
        // worms for other outputs leave at their own pace (an input
        // allocated here forwards everything here until a tail)
        for (int k = 0; k < P; k++) {
            if (!in[k].active && !in[k].flits.empty() && !in[k].ours.front() && wc_rng_chance(&rng, 0.6)) {
                in[k].flits.pop_front();
                in[k].ours.pop_front();
            }
        }
        // arrivals: whole worms, each for us or for another output
        for (int k = 0; k < P; k++) {
            if (in[k].flits.size() < 8 && wc_rng_chance(&rng, parrive)) {
                bool ours = !wc_rng_chance(&rng, pother);
                in[k].gen.refill(&rng, [] { return 0u; });
                while (!in[k].gen.pend.empty()) {
                    in[k].flits.push_back(in[k].gen.pend.front());
                    in[k].ours.push_back(ours);
                    in[k].gen.pend.pop_front();
                }
            }
        }
    }
    ck.ok(xfers > 10000 && stalls > 1000 && withheld_n > 1000,
          "coverage: %ld transfers, %ld credit stalls, %ld withheld by the router", xfers, stalls, withheld_n);
    ck.finish();
    ck_own.finish();
    ck_starve.finish();
    ck_cred.finish();
    std::printf("     %ld transfers, %ld grants, %ld credit stalls, %ld withheld, longest wait %d grants\n", xfers,
                grants, stalls, withheld_n, max_wait);
    m.final();
    return unit_summary();
}

// SPDX-License-Identifier: Apache-2.0
// wc_input_ctrl.v cycle by cycle against a reference written here from
// the input-unit parts of cmodel/wc_router.c (wc_router_eval: fresh /
// stray / discard / drop counting, absorbing heads (here), their forward
// leg and its checks; wc_router_commit: dropping, active, dual, skip, pop,
// credit).  The bench plays the rest of the router: route functions of
// the head's destination and of the address flit behind it, a turn rule,
// grants only to a request, forwards only an allocated worm (never while
// an absorbing head is being granted, never the stripped address), and
// an upstream that sends only with a credit in hand.
// Multidestination worms (intermediate reception with forward-and-absorb,
// the CS838 lecture notes, 1999, BRCP; the absorbing
// variant in docs/router.md): well-formed ones mostly absorbed here, plus
// single-flit heads with addresses, a head right behind a multidestination
// head, illegal turns and lost tails.  Independent of the reference, every
// absorbed worm's two copies are compared once its tail has gone: the
// absorption channel carries the worm as it arrived, the forward output
// the head rewritten for the next destination, then everything after the
// first address flit.  And the output side's view of the worm must end
// with the input's: the router's output releases on the tail bit of the
// copy it carries (head_o, or fwd_o while absorbing), the input on the
// tail bit of its own front flit.
#include <deque>
#include <vector>
#include "unit.h"
#include "Vwc_input_ctrl.h"

#ifndef UT_B
#error "build with -DUT_FW=.. -DUT_B=.. -DUT_PW=.."
#endif

static const int FW = UT_FW, W = UT_FW - 2, B = UT_B, PW = UT_PW;

// Route compute stand-ins: pure functions of a destination, as in the
// router.  Bit 3 marks destinations on this router; bits 5:4 == 3 make
// the forward leg an illegal turn.
static bool route_ok(unsigned d) { return (d & 7u) != 7u; }
static unsigned route_port(unsigned d) { return d % 5u; }
static bool route_local(unsigned d) { return (d >> 3) & 1u; }
static bool turn_ok(unsigned d) { return ((d >> 4) & 3u) != 3u; }

// struct wc_in of cmodel/wc_router.h, its buffer a ring of B slots like
// the C model's.  hdone: the absorbed worm's head has left, so a later
// head (the next worm, after a lost tail) travels as a body flit.
struct RefIn {
    uint64_t buf[B] = {0};
    int rd = 0, wr = 0, cnt = 0;
    bool active = false, dropping = false, credit = false, dual = false, skip = false, hdone = false;
    unsigned port = 0;
    size_t size() const { return (size_t)cnt; }
    uint64_t at(int k) const { return buf[(rd + k) % B]; }
    void push(uint64_t f) { buf[wr] = f; wr = (wr + 1) % B; cnt++; }
    void pop() { rd = (rd + 1) % B; cnt--; }
    void reset() { rd = wr = cnt = 0; active = dropping = credit = dual = skip = hdone = false; port = 0; }
};

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_input_ctrl m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 7);
    RefIn ref;
    UnitStream src;
    src.W = W;
    src.p_stray = 0.08;
    src.p_trunc = 0.08;
    auto dst = [&]() { return (unsigned)unit_rand(&rng, WC_HEAD_DST_W); };
    // destinations with chosen properties for multidestination worms
    auto pick = [&](bool ok, bool local, bool turn) {
        unsigned d;
        do d = dst(); while (route_ok(d) != ok || route_local(d) != local || turn_ok(d) != turn);
        return d;
    };

    const int NCYC = 200000;
    char name[160];
    std::snprintf(name, sizeof name, "wc_input_ctrl B=%d: %d cycles against the C-model input unit", B, NCYC);
    UnitCheck ck(name);
    std::snprintf(name, sizeof name, "wc_input_ctrl B=%d: credits (one per freed slot, upstream never above B)", B);
    UnitCheck ckc(name);
    std::snprintf(name, sizeof name,
                  "wc_input_ctrl B=%d: absorbed worms: node copy as sent, forward copy rewritten and address stripped", B);
    UnitCheck cka(name);
    UnitCheck cko(unit_fmt("wc_input_ctrl B=%d: the output copy's tail and the input's worm end together", B));
    UnitCheck cko_lt(unit_fmt("wc_input_ctrl B=%d: the same for absorbed worms that lose their tail", B));
    // the group a check belongs to: a worm being absorbed that has run into
    // another head (lost tail) goes to cko_lt
    auto own_ck = [&](int heads) -> UnitCheck & { return heads > 1 ? cko_lt : cko; };
    bool held = false;
    int last_heads = 0;   // heads in the last absorbed worm (1 unless it lost its tail)   // the output granted to this input has not carried a tail yet

    unit_reset(m);
    int ucred = B;                   // upstream's credit counter
    long pushed = 0, credits = 0, drops = 0, grants = 0, fwds = 0, discards = 0;
    long abs_merged = 0, absorbed = 0, abs_worms = 0, abs_grants = 0, multi_drops = 0, waits = 0, stuck_resets = 0;
    int stuck = 0;   // cycles an absorbing head has waited with the buffer full
    std::vector<uint64_t> absq, fwdq;   // the two copies of the worm absorbing now
    double psend = 0.7, pgrant = 0.5, pfwd = 0.7;
    for (int t = 0; t < NCYC; t++) {
        if (t % 400 == 0) {
            psend = 0.2 + 0.2 * wc_rng_below(&rng, 5);
            pgrant = 0.2 + 0.2 * wc_rng_below(&rng, 5);
            pfwd = 0.2 + 0.2 * wc_rng_below(&rng, 5);
        }
        // At B=1 an absorbing head can never see its address flit behind
        // it, so both models drop it; an input that still got stuck would
        // be reset (and counted, which fails the B=1 coverage check).
        bool reset = t % 50021 == 50020 || stuck >= 16;
        if (stuck >= 16) stuck_resets++;

        // ---- reference: this cycle's decisions from registered state
        bool empty = ref.cnt == 0, two = ref.cnt >= 2;
        uint64_t head = empty ? 0 : ref.at(0);
        uint64_t next = ref.at(1);
        bool is_head = unit_is_head(head, W), is_tail = unit_is_tail(head, W);
        unsigned naddr = WC_GET(head, HEAD_NADDR);
        bool multi = WC_GET(head, HEAD_KIND) == WC_KIND_MULTI && naddr != 0;
        unsigned hd = WC_GET(head, HEAD_DST), nd = WC_GET(next, ADDR_DST);
        // the router's route compute sees whatever is at the front; with
        // nothing there the inputs are don't-care, so drive noise
        bool rok = empty ? wc_rng_chance(&rng, 0.5) : route_ok(hd);
        unsigned rport = empty ? (unsigned)unit_rand(&rng, PW) : route_port(hd);
        bool rlocal = empty ? wc_rng_chance(&rng, 0.5) : route_local(hd);
        bool nok = two ? route_ok(nd) : wc_rng_chance(&rng, 0.5);
        unsigned nport = two ? route_port(nd) : (unsigned)unit_rand(&rng, PW);
        bool nlocal = two ? route_local(nd) : wc_rng_chance(&rng, 0.5);
        bool nturn = two ? turn_ok(nd) : wc_rng_chance(&rng, 0.5);

        bool idle = !ref.active && !ref.dual;
        bool fresh = !empty && idle && is_head;
        bool stray = !empty && idle && !is_head;
        bool here = fresh && multi && rok && rlocal;
        bool leg_ok = two && !unit_is_head(next, W) && nok && nturn && (!nlocal || naddr == 1);
        // one-flit buffers cannot show the address flit: absorbing heads are dropped
        bool bad = fresh && (!rok || (multi && is_tail) || (here && (B < 2 || (two && !leg_ok))));
        bool discard = bad || stray;
        bool req = fresh && !bad && (!here || two);
        bool drop = bad || (stray && !ref.dropping);
        unsigned port = (ref.active || ref.dual) ? ref.port : here ? nport : rport;
        uint64_t fwdv = (ref.dual && !ref.hdone && is_head) ? unit_rewrite_head(head, next, W) : head;

        // ---- the rest of the router, legal moves only
        bool grant = req && wc_rng_chance(&rng, pgrant);
        bool fwd = !empty && (ref.active || (ref.dual && !ref.skip) || (grant && !here)) && wc_rng_chance(&rng, pfwd);
        bool absorb = ref.dual && (fwd || (ref.skip && !empty));
        bool pop = discard || fwd || absorb;
        bool send = ucred > 0 && wc_rng_chance(&rng, psend);
        if (send && src.pend.empty() && wc_rng_chance(&rng, 0.3)) {
            // a multidestination worm: mostly for this router, legal
            // forward legs, plus each malformation
            unsigned d[4];
            int n = 1 + (int)wc_rng_below(&rng, 4), how = UnitStream::UNIT_MULTI_OK;
            unsigned c = wc_rng_below(&rng, 20);
            if (c == 0) how = UnitStream::UNIT_MULTI_SINGLE;
            else if (c == 1) how = UnitStream::UNIT_MULTI_HEADHEAD;
            else if (c == 2) how = UnitStream::UNIT_MULTI_TRUNC;
            d[0] = wc_rng_chance(&rng, 0.85) ? pick(true, true, wc_rng_chance(&rng, 0.5)) : dst();
            for (int k = 1; k < n; k++)
                d[k] = wc_rng_chance(&rng, 0.8) ? pick(true, k == n - 1 && wc_rng_chance(&rng, 0.2), true) : dst();
            src.push_multi(&rng, d, n, (int)wc_rng_below(&rng, 4), how);
        }
        uint64_t flit = send ? src.next(&rng, dst) : unit_rand(&rng, FW);
        m.rst_ni = !reset;
        m.in_valid_i = send;
        m.in_flit_i = flit;
        m.route_port_i = (uint8_t)rport;
        m.route_ok_i = rok;
        m.route_local_i = rlocal;
        m.nroute_port_i = (uint8_t)nport;
        m.nroute_ok_i = nok;
        m.nroute_local_i = nlocal;
        m.turn_ok_i = nturn;
        m.grant_i = grant;
        m.fwd_i = fwd;
        // the held output's credit: in the router it is what decides a
        // unicast front's crossing (asserted equal to fwd_i); the one-stage
        // unit reads it for nothing else
        m.held_cred_i = fwd;
        m.eval();

        bool same = true;
        same &= ck.ok(m.credit_o == ref.credit, "cycle %d: credit_o %d, ref %d", t, m.credit_o, ref.credit);
        same &= ck.ok(m.nonempty_o == !empty, "cycle %d: nonempty_o %d, ref holds %zu", t, m.nonempty_o, ref.size());
        if (!empty) {
            same &= ck.ok(m.head_o == head, "cycle %d: head_o %#llx, ref %#llx", t,
                          (unsigned long long)m.head_o, (unsigned long long)head);
            same &= ck.ok(m.fwd_o == fwdv, "cycle %d: fwd_o %#llx, ref %#llx (dual %d skip %d)", t,
                          (unsigned long long)m.fwd_o, (unsigned long long)fwdv, ref.dual, ref.skip);
        }
        if (two)
            same &= ck.ok(m.next_o == next, "cycle %d: next_o %#llx, ref %#llx", t,
                          (unsigned long long)m.next_o, (unsigned long long)next);
        same &= ck.ok(m.req_o == req, "cycle %d: req_o %d, ref %d", t, m.req_o, req);
        same &= ck.ok(m.active_o == ref.active, "cycle %d: active_o %d, ref %d", t, m.active_o, ref.active);
        same &= ck.ok(m.dual_o == ref.dual, "cycle %d: dual_o %d, ref %d", t, m.dual_o, ref.dual);
        same &= ck.ok(m.skip_o == ref.skip, "cycle %d: skip_o %d, ref %d", t, m.skip_o, ref.skip);
        same &= ck.ok(m.hold_o == here, "cycle %d: hold_o %d, ref %d", t, m.hold_o, here);
        same &= ck.ok(m.port_o == port, "cycle %d: port_o %d, ref %u", t, m.port_o, port);
        same &= ck.ok(m.drop_o == drop, "cycle %d: drop_o %d, ref %d (head %#llx dropping %d)", t, m.drop_o,
                      drop, (unsigned long long)head, ref.dropping);
        same &= ck.ok(m.abs_valid_o == absorb, "cycle %d: abs_valid_o %d, ref %d", t, m.abs_valid_o, absorb);
        same &= ck.ok(m.abs_flit_o == (absorb ? head : 0), "cycle %d: abs_flit_o %#llx, ref %#llx", t,
                      (unsigned long long)m.abs_flit_o, (unsigned long long)(absorb ? head : 0));
        if (!same) {
            // the bench's moves follow the reference; past a mismatch they
            // could be illegal for the RTL, so stop here
            std::fprintf(stderr, "  stopping at cycle %d after a mismatch\n", t);
            break;
        }
        bool credit_seen = m.credit_o;
        if (m.abs_valid_o) absq.push_back(m.abs_flit_o);
        if (ref.dual && fwd) fwdq.push_back(m.fwd_o);
        if (grant) held = true;
        if (fwd) {
            uint64_t copy = ref.dual ? m.fwd_o : m.head_o;
            int heads = 0;
            for (uint64_t f : absq) heads += unit_is_head(f, W);
            own_ck(heads).ok(held, "cycle %d: flit %#llx forwarded after the output copy's tail", t,
                             (unsigned long long)copy);
            held = !unit_is_tail(copy, W);
        }
        unit_tick(m);

        // ---- upstream credit accounting (credit_o seen now, usable next cycle)
        credits += credit_seen;
        ucred += (int)credit_seen - (int)send;

        // ---- reference commit (wc_router_commit, input part)
        stuck = here && !two && (int)ref.size() == B ? stuck + 1 : 0;
        if (reset) {
            stuck = 0;
            held = false;
            ref.reset();
            ucred = B;
            src.pend.clear();
            absq.clear();
            fwdq.clear();
            continue;
        }
        if (grant && !here) {
            ref.active = true;
            ref.port = rport;
        }
        if (grant && here) {
            ref.dual = true;
            ref.port = nport;
            abs_grants++;
        }
        if (fwd && !ref.dual && is_tail) ref.active = false;
        if (absorb) {
            absorbed++;
            ref.skip = is_head && !ref.hdone;
            ref.hdone = true;
            if (is_tail) {
                ref.dual = ref.skip = ref.hdone = false;
                // the worm's two copies, now complete (a worm that lost its
                // tail carries the next worm's head as a body flit)
                abs_worms++;
                int nheads = 0;
                for (uint64_t f : absq) nheads += unit_is_head(f, W);
                last_heads = nheads;
                abs_merged += nheads != 1;
                bool okc = absq.size() >= 2 && fwdq.size() + 1 == absq.size() &&
                           fwdq[0] == unit_rewrite_head(absq[0], absq[1], W);
                for (size_t k = 2; okc && k < absq.size(); k++) okc = fwdq[k - 1] == absq[k];
                cka.ok(okc, "cycle %d: worm of %zu flits absorbed, %zu forwarded, heads %#llx / %#llx", t,
                       absq.size(), fwdq.size(), absq.empty() ? 0ull : (unsigned long long)absq[0],
                       fwdq.empty() ? 0ull : (unsigned long long)fwdq[0]);
                absq.clear();
                fwdq.clear();
            }
        }
        if (fresh) ref.dropping = false;
        if (discard) ref.dropping = !is_tail;
        if (!ref.active && !ref.dual && held) {
            // resynchronise after reporting, so one fault is one mismatch
            own_ck(last_heads).ok(false, "cycle %d: the input ended its worm (last flit %#llx, %d heads), its output copy has no tail yet",
                                  t, (unsigned long long)head, last_heads);
            held = false;
        } else if (!ref.active && !ref.dual) {
            own_ck(last_heads).ok(true, "");
        }
        if (!ref.dual) last_heads = 0;
        if (pop) ref.pop();
        if (send) ref.push(flit);
        ref.credit = pop;
        // conservation: every slot is either free at the upstream, holding
        // a flit, or freed with its credit on the way
        ckc.ok(ucred >= 0 && ucred + (int)ref.size() + (int)ref.credit == B,
               "cycle %d: upstream credits %d + buffered %zu + credit in flight %d != B=%d", t, ucred,
               ref.size(), ref.credit, B);
        pushed += send;
        drops += drop;
        multi_drops += drop && fresh && multi;
        waits += here && !two;
        grants += grant;
        fwds += fwd;
        discards += discard;
    }
    ck.ok(grants > 1000 && drops > 1000 && discards > drops,
          "coverage: %ld grants, %ld drops, %ld discarded flits", grants, drops, discards);
    if (B >= 2)
        ck.ok(abs_grants > 500 && absorbed > 2000 && multi_drops > 200 && waits > 500,
              "coverage: %ld absorbing grants, %ld flits absorbed, %ld multidestination drops, %ld waits",
              abs_grants, absorbed, multi_drops, waits);
    else
        ck.ok(abs_grants == 0 && multi_drops > 200 && stuck_resets == 0,
              "B=1: %ld absorbing grants (none possible), %ld multidestination drops, %ld resets of a stuck input (none expected)",
              abs_grants, multi_drops, stuck_resets);
    if (B >= 2) cka.ok(abs_worms > 200, "coverage: %ld absorbed worms completed", abs_worms);
    else cka.ok(abs_worms == 0, "B=1: %ld absorbed worms completed", abs_worms);
    ck.finish();
    ckc.finish();
    cka.finish();
    cko.finish();
    if (cko_lt.count() == 0) cko_lt.ok(B == 1, "no absorbed worm lost its tail");
    cko_lt.finish();
    std::printf("     %ld flits in, %ld forwarded, %ld discarded in %ld dropped worms (%ld multidestination), %ld grants, %ld credits\n",
                pushed, fwds, discards, drops, multi_drops, grants, credits);
    std::printf("     %ld absorbing grants, %ld worms (%ld merged by a lost tail) and %ld flits absorbed, %ld cycles a head waited for its address, %ld stuck resets\n",
                abs_grants, abs_worms, abs_merged, absorbed, waits, stuck_resets);
    m.final();
    return unit_summary();
}

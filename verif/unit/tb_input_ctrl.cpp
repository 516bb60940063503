// wc_input_ctrl.v cycle by cycle against a reference written here from
// the input-unit parts of cmodel/wc_router.c (wc_router_eval: fresh /
// stray / discard / drop counting; wc_router_commit: dropping, active,
// pop, credit).  The bench plays the rest of the router: a route function
// of the head, grants only to a request, forwards only an allocated
// worm, and an upstream that sends only with a credit in hand.
#include <deque>
#include "unit.h"
#include "Vwc_input_ctrl.h"

#ifndef UT_B
#error "build with -DUT_FW=.. -DUT_B=.. -DUT_PW=.."
#endif

static const int FW = UT_FW, W = UT_FW - 2, B = UT_B, PW = UT_PW;

// Route compute stand-in: a pure function of the head, as in the router.
static bool route_ok(uint64_t f) { return (WC_GET(f, HEAD_DST) & 7u) != 7u; }
static unsigned route_port(uint64_t f) { return WC_GET(f, HEAD_DST) % 5u; }

// struct wc_in of cmodel/wc_router.h, kept as a queue
struct RefIn {
    std::deque<uint64_t> buf;
    bool active = false, dropping = false, credit = false;
    unsigned port = 0;
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

    const int NCYC = 200000;
    char name[160];
    std::snprintf(name, sizeof name, "wc_input_ctrl B=%d: %d cycles against the C-model input unit", B, NCYC);
    UnitCheck ck(name);
    std::snprintf(name, sizeof name, "wc_input_ctrl B=%d: credits (one per freed slot, upstream never above B)", B);
    UnitCheck ckc(name);

    unit_reset(m);
    int ucred = B;                   // upstream's credit counter
    long pushed = 0, credits = 0, drops = 0, grants = 0, fwds = 0, discards = 0;
    double psend = 0.7, pgrant = 0.5, pfwd = 0.7;
    for (int t = 0; t < NCYC; t++) {
        if (t % 400 == 0) {
            psend = 0.2 + 0.2 * wc_rng_below(&rng, 5);
            pgrant = 0.2 + 0.2 * wc_rng_below(&rng, 5);
            pfwd = 0.2 + 0.2 * wc_rng_below(&rng, 5);
        }
        bool reset = t % 50021 == 50020;

        // ---- reference: this cycle's decisions from registered state
        bool empty = ref.buf.empty();
        uint64_t head = empty ? 0 : ref.buf.front();
        bool is_head = unit_is_head(head, W), is_tail = unit_is_tail(head, W);
        bool rok = empty ? wc_rng_chance(&rng, 0.5) : route_ok(head);
        unsigned rport = empty ? (unsigned)unit_rand(&rng, PW) : route_port(head);
        bool fresh = !empty && !ref.active && is_head;
        bool stray = !empty && !ref.active && !is_head;
        bool discard = (fresh && !rok) || stray;
        bool req = fresh && rok;
        bool drop = (fresh && !rok) || (stray && !ref.dropping);
        unsigned port = ref.active ? ref.port : rport;

        // ---- the rest of the router, legal moves only
        bool grant = req && wc_rng_chance(&rng, pgrant);
        bool fwd = !empty && (ref.active || grant) && wc_rng_chance(&rng, pfwd);
        bool send = ucred > 0 && wc_rng_chance(&rng, psend);
        uint64_t flit = send ? src.next(&rng, dst) : unit_rand(&rng, FW);
        m.rst_ni = !reset;
        m.in_valid_i = send;
        m.in_flit_i = flit;
        m.route_port_i = (uint8_t)rport;
        m.route_ok_i = rok;
        m.grant_i = grant;
        m.fwd_i = fwd;
        m.eval();

        bool same = true;
        same &= ck.ok(m.credit_o == ref.credit, "cycle %d: credit_o %d, ref %d", t, m.credit_o, ref.credit);
        same &= ck.ok(m.nonempty_o == !empty, "cycle %d: nonempty_o %d, ref holds %zu", t, m.nonempty_o, ref.buf.size());
        if (!empty)
            same &= ck.ok(m.head_o == head, "cycle %d: head_o %#llx, ref %#llx", t,
                          (unsigned long long)m.head_o, (unsigned long long)head);
        same &= ck.ok(m.req_o == req, "cycle %d: req_o %d, ref %d", t, m.req_o, req);
        same &= ck.ok(m.active_o == ref.active, "cycle %d: active_o %d, ref %d", t, m.active_o, ref.active);
        same &= ck.ok(m.port_o == port, "cycle %d: port_o %d, ref %u", t, m.port_o, port);
        same &= ck.ok(m.drop_o == drop, "cycle %d: drop_o %d, ref %d (head %#llx dropping %d)", t, m.drop_o,
                      drop, (unsigned long long)head, ref.dropping);
        if (!same) {
            // the bench's moves follow the reference; past a mismatch they
            // could be illegal for the RTL, so stop here
            std::fprintf(stderr, "  stopping at cycle %d after a mismatch\n", t);
            break;
        }
        bool credit_seen = m.credit_o;
        unit_tick(m);

        // ---- upstream credit accounting (credit_o seen now, usable next cycle)
        credits += credit_seen;
        ucred += (int)credit_seen - (int)send;

        // ---- reference commit (wc_router_commit, input part)
        if (reset) {
            ref = RefIn();
            ucred = B;
            src.pend.clear();
            continue;
        }
        bool pop = discard || fwd;
        if (fresh) ref.dropping = false;
        if (discard) ref.dropping = !is_tail;
        else if (fwd && is_tail) ref.active = false;
        if (grant) {
            if (!(fwd && is_tail)) ref.active = true;
            ref.port = rport;
        }
        if (pop) ref.buf.pop_front();
        if (send) ref.buf.push_back(flit);
        ref.credit = pop;
        // conservation: every slot is either free at the upstream, holding
        // a flit, or freed with its credit on the way
        ckc.ok(ucred >= 0 && ucred + (int)ref.buf.size() + (int)ref.credit == B,
               "cycle %d: upstream credits %d + buffered %zu + credit in flight %d != B=%d", t, ucred,
               ref.buf.size(), ref.credit, B);
        pushed += send;
        drops += drop;
        grants += grant;
        fwds += fwd;
        discards += discard;
    }
    ck.ok(grants > 1000 && drops > 1000 && discards > drops,
          "coverage: %ld grants, %ld drops, %ld discarded flits", grants, drops, discards);
    ck.finish();
    ckc.finish();
    std::printf("     %ld flits in, %ld forwarded, %ld discarded in %ld dropped worms, %ld grants, %ld credits\n",
                pushed, fwds, discards, drops, grants, credits);
    m.final();
    return unit_summary();
}

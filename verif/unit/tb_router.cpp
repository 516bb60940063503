// SPDX-License-Identifier: Apache-2.0
// The whole router (wc_router.v) cycle by cycle against wc_router_eval() /
// wc_router_commit() of the C model: every output link (valid, flit),
// every input credit and the drop counter, every cycle.  Random traffic on
// all inputs respects the credits; downstream buffers of depth B return
// credits at random rates; malformed worms (stray bodies and tails, lost
// tails, unroutable heads) exercise drop-and-count.  The run ends with a
// drain (every credit must come home, the C model must go idle) and a
// flood of unroutable heads that saturates the 16-bit drop counter.
// Resets mid-traffic move the router to other node ids (sampled only in
// reset, so node_id_i wiggles in between), and table routers get entries
// rewritten while worms are in flight.
// Multidestination worms (intermediate reception, forward-and-absorb:
// the CS838 lecture notes, 1999, BRCP; docs/router.md)
// are mixed in: most for this router with a legal forward leg (BRCP turn),
// others with an illegal turn, a single flit with addresses, a head right
// behind the head, or a lost tail; the absorption channels (abs_valid_o,
// abs_flit_o) are compared with the C model's abs_mask / abs_flit[] every
// cycle too.  At B=1 an absorbing head never sees its address flit and
// blocks its input for good (both models agree), so the B=1 build sends
// multidestination worms that pass through or are dropped, and unicast
// random heads.
// Independent properties: an output carries one source's worm from head
// to tail, never a stray body, and never more flits than downstream room;
// an absorption channel carries only its own input's flits, starting with
// a multidestination head.
#include <vector>
#include "unit.h"
#include "Vwc_router.h"

#ifndef UT_ROUTING
#error "build with the router parameters as -DUT_<NAME>=<value>"
#endif

#ifndef UT_STAGES
#define UT_STAGES 1
#endif
#ifndef UT_W
#define UT_W WC_FLIT_DATA_W
#endif
static const int P = UT_P, B = UT_B, W = UT_W, FW = UT_W + 2;
static const unsigned SRC_SHIFT = W - 6;   // UnitStream's source tag

struct Bench {
    Vwc_router *m;
    wc_router r;
    wc_router_cfg cfg;
    std::vector<uint64_t> buf;
    std::vector<uint8_t> table;
    wc_rng rng;
    UnitStream src[P];
    int ucred[P], occ[P], worm_src[P];
    bool abs_open[P];
    UnitCheck *ck, *ck_prop;
    long cycles = 0, delivered = 0, sent = 0, absorbed = 0, abs_worms = 0, multi_drops = 0;
    double pmulti = 0.25;
    // multidestination worms absorbed here may lose their tail (and random
    // heads may be multidestination heads): only in the lost-tail phase
    bool lost_tail = false;
    bool broken = false;

    unsigned node = UT_ROUTING == WC_ROUTING_XY ? 5 : UT_ROUTING == WC_ROUTING_ECUBE ? 6 : 0;
    unsigned node_id() const { return node; }
    // ids the routing function accepts: 0..nodes()-1; above that it drops
    static unsigned nodes()
    {
        return UT_ROUTING == WC_ROUTING_XY ? UT_MESH_X * UT_MESH_Y
             : UT_ROUTING == WC_ROUTING_ECUBE ? 1u << UT_CUBE_N : UT_NNODES;
    }
    unsigned dst_good() { return wc_rng_below(&rng, nodes()); }
    unsigned dst_bad() { return nodes() + wc_rng_below(&rng, WC_MAX_NODES - nodes()); }
    void reset_env()
    {
        for (int p = 0; p < P; p++) {
            ucred[p] = B;
            occ[p] = 0;
            worm_src[p] = -1;
            abs_open[p] = false;
            src[p].pend.clear();
        }
    }
    // The router samples node_id_i while in reset; between resets the pin
    // may change without effect (the C model keeps the sampled id).
    void reset(unsigned new_node)
    {
        node = new_node;
        r.node_id = (int)new_node;
        m->node_id_i = (uint16_t)new_node;
        m->rst_ni = 0;
        m->in_valid_i = 0;
        m->out_credit_i = 0;
        m->cfg_we_i = 0;
        unit_reset(*m);
        wc_router_reset(&r);
        reset_env();
    }

    // One cycle: send[p] = flit to inject on input p (or none), credit =
    // downstream slots freed per output; cfg = an optional table write.
    void cycle(const bool *send, const uint64_t *flit, uint64_t credit, int cfg_addr = -1, unsigned cfg_data = 0)
    {
        wc_router_eval(&r);
        // multidestination heads the C model drops this cycle
        for (int p = 0; p < P; p++) {
            if (!((r.fresh_mask & r.discard_mask) >> p & 1)) continue;
            uint64_t h = r.in[p].buf[r.in[p].rd];
            multi_drops += WC_GET(h, HEAD_KIND) == WC_KIND_MULTI && WC_GET(h, HEAD_NADDR) != 0;
        }
        uint64_t vmask = 0;
        for (int p = 0; p < P; p++) {
            if (send[p]) vmask |= 1ull << p;
            ut_set(m->in_flit_i, p * FW, FW, send[p] ? flit[p] : unit_rand(&rng, FW));
        }
        m->in_valid_i = vmask;
        m->out_credit_i = credit;
        m->cfg_we_i = cfg_addr >= 0;
        m->cfg_addr_i = (uint16_t)(cfg_addr >= 0 ? cfg_addr : 0);
        m->cfg_data_i = (uint8_t)cfg_data;
        m->eval();

        bool same = true;
        same &= ck->ok(m->out_valid_o == r.out_valid_mask, "cycle %ld: out_valid %#llx, C %#llx", cycles,
                       (unsigned long long)m->out_valid_o, (unsigned long long)r.out_valid_mask);
        same &= ck->ok(m->in_credit_o == r.in_credit_mask, "cycle %ld: in_credit %#llx, C %#llx", cycles,
                       (unsigned long long)m->in_credit_o, (unsigned long long)r.in_credit_mask);
        same &= ck->ok(m->drop_count_o == r.drops, "cycle %ld: drop_count %u, C %u", cycles,
                       (unsigned)m->drop_count_o, (unsigned)r.drops);
        same &= ck->ok(m->abs_valid_o == r.abs_mask, "cycle %ld: abs_valid %#llx, C %#llx", cycles,
                       (unsigned long long)m->abs_valid_o, (unsigned long long)r.abs_mask);
        for (int p = 0; p < P; p++) {
            uint64_t f = ut_get(m->abs_flit_o, p * FW, FW);
            uint64_t want = (r.abs_mask >> p) & 1 ? r.abs_flit[p] : 0;   // idle channels carry zeros
            same &= ck->ok(f == want, "cycle %ld: abs %d flit %#llx, C %#llx", cycles, p,
                           (unsigned long long)f, (unsigned long long)want);
        }
        for (int o = 0; o < P; o++) {
            uint64_t f = ut_get(m->out_flit_o, o * FW, FW);
            bool v = (r.out_valid_mask >> o) & 1;
            uint64_t want = v ? r.out_flit[o] : 0;   // idle links carry zeros
            same &= ck->ok(f == want, "cycle %ld: out %d flit %#llx, C %#llx", cycles, o,
                           (unsigned long long)f, (unsigned long long)want);
        }
        if (!same && !broken) {
            broken = true;
            std::fprintf(stderr, "  first mismatch at cycle %ld\n", cycles);
        }
        // properties, on the RTL's outputs
        for (int o = 0; o < P; o++) {
            if (!((m->out_valid_o >> o) & 1)) continue;
            uint64_t f = ut_get(m->out_flit_o, o * FW, FW);
            int s = (int)((f >> SRC_SHIFT) & 63);
            ck_prop->ok(occ[o] < B, "cycle %ld: out %d sends with %d of %d downstream slots full", cycles, o,
                        occ[o], B);
            if (worm_src[o] < 0)
                ck_prop->ok(unit_is_head(f, W), "cycle %ld: out %d starts a worm with a non-head %#llx", cycles,
                            o, (unsigned long long)f);
            else
                ck_prop->ok(s == worm_src[o], "cycle %ld: out %d switches from input %d to %d mid-worm", cycles,
                            o, worm_src[o], s);
            worm_src[o] = unit_is_tail(f, W) ? -1 : s;
            occ[o]++;
            delivered++;
        }
        for (int p = 0; p < P; p++) {
            if (!((m->abs_valid_o >> p) & 1)) continue;
            uint64_t f = ut_get(m->abs_flit_o, p * FW, FW);
            ck_prop->ok((int)((f >> SRC_SHIFT) & 63) == p, "cycle %ld: abs %d carries a flit of input %d", cycles,
                        p, (int)((f >> SRC_SHIFT) & 63));
            if (!abs_open[p]) {
                ck_prop->ok(unit_is_head(f, W) && WC_GET(f, HEAD_KIND) == WC_KIND_MULTI && WC_GET(f, HEAD_NADDR) != 0,
                            "cycle %ld: abs %d starts with %#llx, not a multidestination head", cycles, p,
                            (unsigned long long)f);
                abs_worms++;
            }
            abs_open[p] = !unit_is_tail(f, W);
            absorbed++;
        }
        for (int p = 0; p < P; p++) {
            ucred[p] += (int)((m->in_credit_o >> p) & 1) - (int)send[p];
            ck_prop->ok(ucred[p] >= 0 && ucred[p] <= B, "cycle %ld: input %d upstream credits %d", cycles, p,
                        ucred[p]);
            if ((credit >> p) & 1) occ[p]--;
            sent += send[p];
        }
        unit_tick(*m);
        // the RTL's own protocol assertions ($error) count as mismatches
        if (m->contextp()->gotError()) {
            ck->ok(false, "cycle %ld: RTL assertion failed (message above)", cycles);
            m->contextp()->gotError(false);
        }
        uint64_t in_flit[WC_MAX_PORTS];
        for (int p = 0; p < P; p++) in_flit[p] = flit[p];
        wc_router_commit(&r, vmask, in_flit, credit);
        if (cfg_addr >= 0) wc_router_cfg_write(&r, (unsigned)cfg_addr, cfg_data);
        cycles++;
    }
    // random legal traffic: send with probability psend when a credit is
    // in hand; free downstream slots with probability pdrain[o]
    // Table routing: now and then rewrite one entry or down_only bit while
    // worms are in flight (both models see it from the next cycle).
    void traffic(int n, double psend, const double *pdrain, double pbad, double pcfg = 0)
    {
        for (int t = 0; t < n; t++) {
            int cfg_addr = -1;
            unsigned cfg_data = 0;
            if (UT_ROUTING == WC_ROUTING_TABLE && wc_rng_chance(&rng, pcfg)) {
                cfg_addr = (int)wc_rng_below(&rng, 2 * UT_NNODES + P);
                cfg_data = cfg_addr < 2 * UT_NNODES ? table_entry() : (unsigned)unit_rand(&rng, 8);
            }
            if (wc_rng_chance(&rng, 0.01)) m->node_id_i = (uint16_t)unit_rand(&rng, WC_HEAD_DST_W);
            bool send[P];
            uint64_t flit[P] = {0};
            uint64_t credit = 0;
            for (int p = 0; p < P; p++) {
                send[p] = ucred[p] > 0 && wc_rng_chance(&rng, psend);
                if (send[p] && src[p].pend.empty() && wc_rng_chance(&rng, pmulti)) multi_worm(p, pbad);
                if (send[p])
                    flit[p] = src[p].next(&rng, [&] { return wc_rng_chance(&rng, pbad) ? dst_bad() : dst_good(); });
                if (occ[p] > 0 && wc_rng_chance(&rng, pdrain[p])) credit |= 1ull << p;
            }
            cycle(send, flit, credit, cfg_addr, cfg_data);
        }
    }
    // random routes: mostly real ports (a third of them host ports,
    // WC_RT_LOCAL), some 'no route', some >= P
    unsigned table_entry()
    {
        unsigned c = wc_rng_below(&rng, 20);
        if (c < 17) return wc_rng_below(&rng, P) | (wc_rng_chance(&rng, 0.35) ? (unsigned)WC_RT_LOCAL : 0u);
        return c < 19 ? (unsigned)WC_RT_PORT_NONE : P + wc_rng_below(&rng, 200);
    }
    // A destination whose route from input p is a legal forward leg (BRCP
    // turn, not an ejection port) as the C model sees it now; the table may
    // change before the worm gets here, so this only biases the mix.
    unsigned dst_leg(int p)
    {
        for (int k = 0; k < 32; k++) {
            unsigned d = dst_good();
            int loc, q = wc_router_route(&r, p, d, &loc);
            if (q >= 0 && !loc && wc_router_turn_ok(&r, p, q)) return d;
        }
        return dst_good();
    }
    // A multidestination worm on input p: mostly absorbed here (first
    // destination this router's node, or any table destination, a third
    // of which are host ports), with legal forward legs, plus every kind
    // of malformed worm.
    void multi_worm(int p, double pbad)
    {
        unsigned d[4];
        int n = 1 + (int)wc_rng_below(&rng, 4), how = UnitStream::UNIT_MULTI_OK;
        unsigned c = wc_rng_below(&rng, 20);
        if (c == 0) how = UnitStream::UNIT_MULTI_SINGLE;
        else if (c == 1) how = UnitStream::UNIT_MULTI_HEADHEAD;
        else if (c <= 4 && lost_tail) how = UnitStream::UNIT_MULTI_TRUNC;
        bool here = B > 1 && wc_rng_chance(&rng, 0.7);
        if (UT_ROUTING == WC_ROUTING_TABLE) d[0] = dst_good();
        else if (here) d[0] = node;
        else do d[0] = dst_good(); while (B == 1 && d[0] == node);
        if (wc_rng_chance(&rng, pbad)) d[0] = dst_bad();
        for (int k = 1; k < n; k++) d[k] = wc_rng_chance(&rng, 0.8) ? dst_leg(p) : dst_good();
        src[p].push_multi(&rng, d, n, (int)wc_rng_below(&rng, 4), how);
    }
};

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    ctx.fatalOnError(false);
    Vwc_router model(&ctx);
    Bench b;
    b.m = &model;
    b.rng = unit_rng(argc, argv, 9);
    b.cfg = wc_router_cfg();
    b.cfg.P = P;
    b.cfg.W = W;
    b.cfg.B = B;
    b.cfg.routing = UT_ROUTING;
    b.cfg.cube_n = UT_CUBE_N;
    b.cfg.all_port = UT_ALL_PORT;
    b.cfg.high_first = UT_HIGH_FIRST;
    b.cfg.mesh_x = UT_MESH_X;
    b.cfg.mesh_y = UT_MESH_Y;
    b.cfg.nnodes = UT_NNODES;
    b.cfg.stages = UT_STAGES;
    // the lockstep's own self-check: a broken C model must be caught
    b.cfg.mutate = (int)unit_opt(argc, argv, "--mutate", 0);
    b.buf.assign((size_t)wc_router_mem_words(&b.cfg), 0);
    b.table.assign(2 * UT_NNODES, 0);
    wc_router_init(&b.r, &b.cfg, (int)b.node_id(), b.buf.data(), b.table.data());
    for (int p = 0; p < P; p++) {
        b.src[p].W = W;
        b.src[p].src = p;
        b.src[p].unicast_only = true;
    }
    char kind[64];
    if (UT_ROUTING == WC_ROUTING_XY)
        std::snprintf(kind, sizeof kind, "XY %dx%d", UT_MESH_X, UT_MESH_Y);
    else if (UT_ROUTING == WC_ROUTING_ECUBE)
        std::snprintf(kind, sizeof kind, "e-cube n=%d %s %s", UT_CUBE_N, UT_ALL_PORT ? "all-port" : "one-port",
                      UT_HIGH_FIRST ? "high-first" : "low-first");
    else
        std::snprintf(kind, sizeof kind, "table NNODES=%d W=%d", UT_NNODES, W);
    char name[200];
    std::snprintf(name, sizeof name,
                  "wc_router %s P=%d B=%d STAGES=%d: outputs, absorption channels, credits, drop count vs C model "
                  "each cycle", kind, P, B, UT_STAGES);
    UnitCheck ck(name);
    std::snprintf(name, sizeof name,
                  "wc_router %s: whole worms per output, no stray body out, flits only with credit", kind);
    UnitCheck ck_prop(name);
    std::snprintf(name, sizeof name, "wc_router %s: drain returns every credit and idles the C model", kind);
    UnitCheck ck_drain(name);
    b.ck = &ck;
    b.ck_prop = &ck_prop;

    model.clk_i = 0;
    b.reset(b.node_id());
    bool none[P] = {false};
    uint64_t zero[P] = {0};
    if (UT_ROUTING == WC_ROUTING_TABLE) {
        for (int a = 0; a < 2 * UT_NNODES; a++) b.cycle(none, zero, 0, a, b.table_entry());
        for (int p = 0; p < P; p++) b.cycle(none, zero, 0, 2 * UT_NNODES + p, wc_rng_below(&b.rng, 2));
    }

    double pdrain[P];
    long drop_traffic = 0;
    for (int phase = 0; phase < 40; phase++) {
        double psend = 0.2 + 0.2 * wc_rng_below(&b.rng, 5);
        for (int p = 0; p < P; p++)
            // now and then one output stalls completely: head-of-line blocking
            pdrain[p] = wc_rng_chance(&b.rng, 0.1) ? 0.0 : 0.2 + 0.2 * wc_rng_below(&b.rng, 5);
        for (int p = 0; p < P; p++) {
            b.src[p].p_stray = phase % 3 == 0 ? 0.0 : 0.04;
            b.src[p].p_trunc = phase % 3 == 0 ? 0.0 : 0.03;
        }
        b.traffic(2500, psend, pdrain, phase % 3 == 0 ? 0.0 : 0.05, 0.01);
        if (phase % 10 == 9 && phase < 39) {
            drop_traffic += b.r.drops;
            b.reset(b.dst_good());
        }
    }
    drop_traffic += b.r.drops;

    // Drain: finish every worm in progress, end any worm that lost its tail
    // with a lone tail (dropped as a stray where no worm is open), then
    // stop sending and free every downstream slot.
    for (int p = 0; p < P; p++) pdrain[p] = 1.0;
    for (int guard = 0; guard < 10000; guard++) {
        bool send[P];
        uint64_t flit[P] = {0};
        bool more = false;
        for (int p = 0; p < P; p++) {
            send[p] = !b.src[p].pend.empty() && b.ucred[p] > 0;
            if (send[p]) {
                flit[p] = b.src[p].pend.front();
                b.src[p].pend.pop_front();
            }
            more |= !b.src[p].pend.empty();
        }
        uint64_t credit = 0;
        for (int p = 0; p < P; p++) if (b.occ[p] > 0) credit |= 1ull << p;
        b.cycle(send, flit, credit);
        if (!more) break;
    }
    for (int p = 0; p < P; p++) b.src[p].pend.push_back(b.src[p].tagged(WC_FT_TAIL, 0));
    for (int t = 0; t < 200; t++) {
        bool send[P];
        uint64_t flit[P] = {0};
        for (int p = 0; p < P; p++) {
            send[p] = !b.src[p].pend.empty() && b.ucred[p] > 0;
            if (send[p]) {
                flit[p] = b.src[p].pend.front();
                b.src[p].pend.pop_front();
            }
        }
        uint64_t credit = 0;
        for (int p = 0; p < P; p++) if (b.occ[p] > 0) credit |= 1ull << p;
        b.cycle(send, flit, credit);
    }
    for (int p = 0; p < P; p++) {
        ck_drain.ok(b.ucred[p] == B, "input %d: %d of %d credits back after the drain", p, b.ucred[p], B);
        ck_drain.ok(b.occ[p] == 0, "output %d: %d flits unacknowledged downstream", p, b.occ[p]);
    }
    ck_drain.ok(wc_router_idle(&b.r), "C model not idle after the drain");
    for (int p = 0; p < P; p++)
        ck_drain.ok(!b.r.in[p].active && !b.r.in[p].dual, "input %d still holds a worm after the drain", p);

    // Flood of unroutable one-flit worms until the drop counter saturates.
    long flood = 0;
    for (int t = 0; t < 40000 && b.r.drops != 0xffff; t++, flood++) {
        bool send[P];
        uint64_t flit[P] = {0};
        for (int p = 0; p < P; p++) {
            send[p] = b.ucred[p] > 0;
            flit[p] = b.src[p].tagged(WC_FT_SINGLE, b.dst_bad());
        }
        b.cycle(send, flit, 0);
    }
    for (int t = 0; t < 50; t++) {
        bool send[P];
        uint64_t flit[P];
        for (int p = 0; p < P; p++) {
            send[p] = b.ucred[p] > 0;
            flit[p] = b.src[p].tagged(WC_FT_SINGLE, b.dst_bad());
        }
        b.cycle(send, flit, 0);
    }
    ck.ok(b.r.drops == 0xffff, "drop counter %u after the flood, want saturated 0xffff", (unsigned)b.r.drops);
    ck.ok(b.delivered > 20000 && drop_traffic > 100, "coverage: %ld flits delivered, %ld drops in traffic",
          b.delivered, drop_traffic);
    if (B > 1)
        ck.ok(b.abs_worms > 500 && b.absorbed > 2000 && b.multi_drops > 100,
              "coverage: %ld worms and %ld flits absorbed, %ld multidestination heads dropped", b.abs_worms,
              b.absorbed, b.multi_drops);
    else
        ck.ok(b.abs_worms == 0 && b.multi_drops > 100,
              "B=1: %ld worms absorbed (none may be), %ld multidestination heads dropped", b.abs_worms,
              b.multi_drops);
    ck.finish();
    ck_prop.finish();
    ck_drain.finish();
    std::printf("     %ld cycles, %ld flits in, %ld delivered, %ld worms dropped in traffic, saturated after %ld flood cycles\n",
                b.cycles, b.sent, b.delivered, drop_traffic, flood);
    std::printf("     %ld worms and %ld flits absorbed, %ld multidestination heads dropped\n", b.abs_worms,
                b.absorbed, b.multi_drops);

    if (unit_opt(argc, argv, "--no-lost-tail", 0)) {
        model.final();
        return unit_summary();
    }
    // Lost tails inside absorbed worms: a worm being absorbed runs into
    // the next worm's head.  Malformed input must not break the router's
    // protocol (wc_router.v / wc_input_ctrl.v assertions, and the
    // properties above), and the models must still agree.
    UnitCheck ck_lt(unit_fmt("wc_router %s: absorbed worms that lose their tail: lockstep and RTL assertions", kind));
    UnitCheck ck_lt_prop(unit_fmt("wc_router %s: absorbed worms that lose their tail: properties", kind));
    b.ck = &ck_lt;
    b.ck_prop = &ck_lt_prop;
    b.broken = false;
    b.lost_tail = true;
    long abs0 = b.abs_worms;
    b.reset(b.node_id());
    for (int p = 0; p < P; p++) {
        b.src[p].unicast_only = B == 1;
        b.src[p].p_stray = 0.02;
        b.src[p].p_trunc = 0.05;
        pdrain[p] = 0.6;
    }
    b.traffic(10000, 0.6, pdrain, 0.02, 0.005);
    if (B > 1) ck_lt.ok(b.abs_worms - abs0 > 50, "coverage: %ld worms absorbed", b.abs_worms - abs0);
    ck_lt.finish();
    ck_lt_prop.finish();
    model.final();
    return unit_summary();
}

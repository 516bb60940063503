// SPDX-License-Identifier: Apache-2.0
// wc_route_table.v against wc_route_table() of the C model plus the e < P
// rule of wc_router_route() (an entry naming a port the router lacks is
// unroutable).  Random tables and per-port down_only bits go in through
// the configuration port; every port looks up a random destination each
// cycle.  Table layout and the down-only phase: docs/topology.md,
// "up*/down* routing".  NL lookups (default 2P: the heads, then the first
// address flits of multidestination worms); lookup j uses the down_only
// bit of port j mod P.  Entries carry flags above the port field:
// WC_RT_LOCAL (local_o, checked against wc_route_table_local()) and bit 6,
// which is neither flag nor port (WC_RT_PORT_MASK) and must not matter
// unless it lifts the port to >= P.  A lookup is addressed a cycle ahead
// (the result a cycle after dst_i, from the table as it is then), with
// entries and down_only bits rewritten under the lookups.
// With SHARE = 1 (lookups j and j+P share a copy) the destinations are
// those of an input buffer, as the router gives them: per port a queue of
// random destinations, often repeated, pushed and popped at random, the
// front's looked up by lookup j, the flit's behind it by j+P, each checked
// where there is such a flit.
#include <deque>
#include <vector>
#include "unit.h"
#include "Vwc_route_table.h"

#ifndef UT_NNODES
#error "build with -DUT_P=.. -DUT_PW=.. -DUT_NNODES=.."
#endif

#ifndef UT_NL
#define UT_NL (2 * UT_P)   // the module's default
#endif
#ifndef UT_SHARE
#define UT_SHARE 0         // the module's default
#endif
static const int P = UT_P, PW = UT_PW, NN = UT_NNODES, NL = UT_NL, SHARE = UT_SHARE;

// a destination to look up: mostly a host, else any value of the field
static unsigned rand_dst(wc_rng *r)
{
    return wc_rng_chance(r, 0.85) ? wc_rng_below(r, NN) : (unsigned)unit_rand(r, WC_HEAD_DST_W);
}

static void cfg_write(Vwc_route_table &m, unsigned addr, unsigned data)
{
    m.cfg_we_i = 1;
    m.cfg_addr_i = (uint16_t)addr;
    m.cfg_data_i = (uint8_t)data;
    unit_tick(m);
    m.cfg_we_i = 0;
}

// Entries: mostly real ports, plus WC_RT_PORT_NONE and numbers >= P that
// must both be unroutable.
static unsigned rand_entry(wc_rng *r)
{
    unsigned c = wc_rng_below(r, 20);
    if (c < 12) return wc_rng_below(r, P) | (wc_rng_chance(r, 0.4) ? (unsigned)WC_RT_LOCAL : 0u);
    if (c < 15) return WC_RT_PORT_NONE;
    if (c < 18) return P + wc_rng_below(r, 256 - P - 1);   // P..254
    if (c < 19) return 64u | wc_rng_below(r, P) | (wc_rng_chance(r, 0.5) ? (unsigned)WC_RT_LOCAL : 0u);
    return (unsigned)unit_rand(r, 8);
}

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_route_table m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 4);
    std::vector<uint8_t> table(2 * NN, 0);
    int down[P] = {0};
    // SHARE = 1: each port's input buffer of destinations
    std::vector<std::deque<unsigned>> queue(P);

    m.cfg_we_i = 0;
    unit_reset(m);

    char name[160];
    std::snprintf(name, sizeof name,
                  "wc_route_table P=%d NNODES=%d NL=%d SHARE=%d: 8 random tables, 4000 cycles of %s each", P,
                  NN, NL, SHARE, SHARE ? "input buffers' fronts and flits behind" : "all lookups");
    UnitCheck ck(name);
    long routable = 0, none = 0, big = 0, range = 0, local = 0, fresh = 0, rephased = 0;
    for (int round = 0; round < 8; round++) {
        // Round 0 writes every entry; later rounds rewrite a random subset
        // so stale entries and fresh writes mix.
        for (int a = 0; a < 2 * NN; a++) {
            if (round && wc_rng_chance(&rng, 0.7)) continue;
            unsigned e = rand_entry(&rng);
            cfg_write(m, (unsigned)a, e);
            table[a] = (uint8_t)e;
        }
        for (int p = 0; p < P; p++) {
            // only data[0] counts: random upper bits must be ignored
            unsigned d = (unsigned)unit_rand(&rng, 8);
            cfg_write(m, 2u * NN + p, d);
            down[p] = d & 1;
        }
        // addresses past the last down_only bit decode to nothing
        for (int k = 0; k < 4; k++)
            cfg_write(m, 2u * NN + P + wc_rng_below(&rng, 64), (unsigned)unit_rand(&rng, 8));
        if (round == 4) {
            // reset clears down_only but not the table, as in wc_router_reset()
            m.rst_ni = 0;
            unit_tick(m);
            m.rst_ni = 1;
            for (int p = 0; p < P; p++) down[p] = 0;
            // (the router's input buffers are empty after reset)
            for (auto &q : queue) q.clear();
        }
        // Lookups are addressed a cycle ahead: dst_i now, the route next
        // cycle, from the table as it is then.  Entries and down_only
        // bits are rewritten under the lookups, often the very entry a
        // lookup reads or the phase it reads with, in the cycle it is
        // read (the write is not yet in the RAM's answer).
        unsigned prev[NL];
        bool prev_m[NL];
        bool have = false;
        for (int t = 0; t < 4000; t++) {
            unsigned dst[NL];
            bool meant[NL];
            for (int p = 0; p < NL; p++) {
                dst[p] = rand_dst(&rng);
                meant[p] = true;
            }
            if (SHARE) {
                // a pop and a push (after it) this cycle: dst_i is the
                // front and the flit behind it as they will be next cycle;
                // where there is none, dst_i is any value
                for (int p = 0; p < P; p++) {
                    std::deque<unsigned> &q = queue[p];
                    if (!q.empty() && wc_rng_chance(&rng, 0.45)) q.pop_front();
                    if (q.size() < 8 && wc_rng_chance(&rng, 0.5))
                        q.push_back(!q.empty() && wc_rng_chance(&rng, 0.3) ? q.back() : rand_dst(&rng));
                    if ((meant[p] = q.size() >= 1)) dst[p] = q[0];
                    if ((meant[p + P] = q.size() >= 2)) dst[p + P] = q[1];
                }
            }
            for (int p = 0; p < NL; p++) {
                ut_set(m.dst_i, p * WC_HEAD_DST_W, WC_HEAD_DST_W, dst[p]);
                ut_set(m.vld_i, p, 1, meant[p]);
            }
            int waddr = -1;
            unsigned wdata = 0;
            if (wc_rng_chance(&rng, 0.2)) {
                int p = (int)wc_rng_below(&rng, NL);
                unsigned c = wc_rng_below(&rng, 4);
                if (c == 0) {
                    waddr = 2 * NN + p % P;
                    wdata = (unsigned)unit_rand(&rng, 8);
                } else {
                    unsigned d = c < 3 && dst[p] < (unsigned)NN ? dst[p] : wc_rng_below(&rng, NN);
                    waddr = (int)((down[p % P] ? NN : 0) + d);
                    wdata = rand_entry(&rng);
                }
            }
            m.cfg_we_i = waddr >= 0;
            m.cfg_addr_i = (uint16_t)(waddr >= 0 ? waddr : 0);
            m.cfg_data_i = (uint8_t)wdata;
            m.eval();
            for (int p = 0; p < NL && have; p++) {
                if (!prev_m[p]) continue;
                int dn = down[p % P], wloc = 0;
                int want = wc_route_table_local(table.data(), NN, prev[p], dn, &wloc);
                if (want >= P) { want = -1; big++; }
                if (prev[p] >= (unsigned)NN) range++;
                else if (table[(dn ? NN : 0) + prev[p]] == WC_RT_PORT_NONE) none++;
                int ok = (int)ut_get(m.ok_o, p, 1);
                int port = (int)ut_get(m.port_o, p * PW, PW);
                ck.ok(ok == (want >= 0), "round %d cycle %d lookup %d dst=%u down=%d: ok %d, C %d", round, t, p,
                      prev[p], dn, ok, want);
                if (want >= 0) {
                    routable++;
                    int loc = (int)ut_get(m.local_o, p, 1);
                    local += wloc;
                    ck.ok(port == want, "round %d cycle %d lookup %d dst=%u down=%d: port %d, C %d", round, t, p,
                          prev[p], dn, port, want);
                    ck.ok(loc == wloc, "round %d cycle %d lookup %d dst=%u down=%d: local %d, C %d", round, t, p,
                          prev[p], dn, loc, wloc);
                }
            }
            unit_tick(m);
            m.cfg_we_i = 0;
            if (waddr >= 2 * NN) {
                down[waddr - 2 * NN] = (int)(wdata & 1u);
                rephased++;
            } else if (waddr >= 0) {
                table[waddr] = (uint8_t)wdata;
                // the entry some lookup reads next cycle, unless its phase changes
                for (int p = 0; p < NL; p++)
                    fresh += dst[p] < (unsigned)NN && (unsigned)waddr == (down[p % P] ? NN : 0) + dst[p];
            }
            for (int p = 0; p < NL; p++) {
                prev[p] = dst[p];
                prev_m[p] = meant[p];
            }
            have = true;
        }
    }
    ck.ok(routable && none && big && range && local && local < routable && fresh > 1000 && rephased > 500,
          "coverage: %ld routable (%ld local), %ld PORT_NONE, %ld entries >= P, %ld dst >= NNODES, %ld lookups of "
          "an entry written as they read it, %ld down_only writes under lookups", routable, local, none, big, range,
          fresh, rephased);
    ck.finish();
    std::printf("     lookups: %ld routable (%ld local), %ld PORT_NONE, %ld entries >= P, %ld dst >= NNODES, %ld of "
                "entries written as they were read\n", routable, local, none, big, range, fresh);
    m.final();
    return unit_summary();
}

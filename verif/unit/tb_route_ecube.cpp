// SPDX-License-Identifier: Apache-2.0
// wc_route_ecube.v against wc_route_ecube() of the C model, exhaustive over
// node, destination (including ids with bits above n) and input port for
// n = 1..6, in the node model and dimension order of this build.
// E-cube routing: Robinson et al., Supercomputing 1993,
// Section 2 (either dimension order) and Section 3.1, Lemma 1 (each
// dimension crossed at most once, in a fixed order).
// local_o and turn_ok_o (the BRCP turn rule for the forward leg of a
// multidestination worm: the CS838 lecture notes, 1999,
// BRCP; the leg must continue the e-cube order) against wc_ecube_local()
// and wc_ecube_turn_ok() on the same sweep, for every port the RTL puts
// out (routable or not: both are pure functions of in_port and port_o).
#include "unit.h"
#include "Vunit_ecube_top.h"

#ifndef UT_ALL_PORT
#error "build with -DUT_ALL_PORT=0|1 -DUT_HIGH_FIRST=0|1"
#endif

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vunit_ecube_top m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 2);
    const int ap = UT_ALL_PORT, hf = UT_HIGH_FIRST;

    for (int n = 1; n <= 6; n++) {
        int P = ap ? 2 * n : n + 1;
        char name[160];
        std::snprintf(name, sizeof name,
                      "wc_route_ecube n=%d %s %s: node < 2^n x dst < 2^(n+3) + 64 random ids x in_port < %d",
                      n, ap ? "all-port" : "one-port", hf ? "high-first" : "low-first", P);
        UnitCheck ck(name);
        long ok_seen = 0, drop_seen = 0, turn_seen[2] = {0, 0}, local_seen[2] = {0, 0};
        for (unsigned node = 0; node < (1u << n); node++) {
            for (unsigned t = 0; t < (8u << n) + 64; t++) {
                // every id up to three bits above n, then random 12-bit ids
                unsigned dst = t < (8u << n) ? t : (unsigned)unit_rand(&rng, WC_HEAD_DST_W);
                for (int in = 0; in < P; in++) {
                    m.node_i = (uint16_t)node;
                    m.dst_i = (uint16_t)dst;
                    m.in_port_i = (uint8_t)in;
                    m.eval();
                    int want = wc_route_ecube(node, dst, (unsigned)in, (unsigned)n, ap, hf);
                    int ok = (m.ok_o >> (n - 1)) & 1;
                    int port = (int)ut_get(m.port_o, (n - 1) * 4, 4);
                    ck.ok(ok == (want >= 0), "node=%u dst=%#x in=%d: ok %d, C %d", node, dst, in, ok, want);
                    int loc = (m.local_o >> (n - 1)) & 1, turn = (m.turn_ok_o >> (n - 1)) & 1;
                    int wloc = wc_ecube_local((unsigned)port, (unsigned)n);
                    int wturn = wc_ecube_turn_ok((unsigned)in, (unsigned)port, (unsigned)n, hf);
                    ck.ok(loc == wloc, "node=%u dst=%#x in=%d port=%d: local %d, C %d", node, dst, in, port, loc, wloc);
                    ck.ok(turn == wturn, "node=%u dst=%#x in=%d port=%d: turn_ok %d, C %d", node, dst, in, port,
                          turn, wturn);
                    if (want >= 0) {
                        turn_seen[wturn]++;
                        local_seen[wloc]++;
                    }
                    if (want >= 0) {
                        ok_seen++;
                        ck.ok(port == want, "node=%u dst=%#x in=%d: port %d, C %d", node, dst, in, port, want);
                    } else {
                        drop_seen++;
                    }
                }
            }
        }
        // both outcomes must have been exercised, or the sweep is too narrow
        ck.ok(ok_seen > 0 && drop_seen > 0, "sweep saw %ld routable and %ld unroutable", ok_seen, drop_seen);
        ck.ok(turn_seen[0] && turn_seen[1] && local_seen[0] && local_seen[1],
              "sweep saw turns %ld bad / %ld ok, ports %ld network / %ld local", turn_seen[0], turn_seen[1],
              local_seen[0], local_seen[1]);
        ck.finish();
    }
    m.final();
    return unit_summary();
}

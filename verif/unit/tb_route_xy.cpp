// SPDX-License-Identifier: Apache-2.0
// wc_route_xy.v against wc_route_xy() of the C model: every node of the
// 4x4, 3x5 and 8x8 meshes against every 12-bit destination (so every
// dst >= MX*MY, which must be unroutable).  XY dimension order:
// the CS838 lecture notes, 1999 (XY base routing on
// 2D meshes).  local_o and turn_ok_o (BRCP turn rule of a
// multidestination worm's forward leg, same lecture notes) against
// wc_xy_local() and wc_xy_turn_ok() for every input port 0..7 (5..7 are
// not mesh ports and must behave like the local port).
#include "unit.h"
#include "Vunit_xy_top.h"

static const unsigned mesh[3][2] = {{4, 4}, {3, 5}, {8, 8}};

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vunit_xy_top m(&ctx);
    (void)unit_seed(argc, argv, 3);   // exhaustive: the seed is unused

    for (int k = 0; k < 3; k++) {
        unsigned mx = mesh[k][0], my = mesh[k][1];
        char name[128];
        std::snprintf(name, sizeof name, "wc_route_xy %ux%u: every node x every dst < %d x in_port < 8", mx,
                      my, WC_MAX_NODES);
        UnitCheck ck(name);
        int hits[WC_MESH_PORT_L + 1] = {0};
        long turn_seen[2] = {0, 0};
        for (unsigned node = 0; node < mx * my; node++) {
            for (unsigned dst = 0; dst < (unsigned)WC_MAX_NODES; dst++) {
              for (unsigned in = 0; in < 8; in++) {   // in_port must not steer XY
                m.node_i = (uint16_t)node;
                m.dst_i = (uint16_t)dst;
                m.in_port_i = (uint8_t)in;
                m.eval();
                int want = wc_route_xy(node, dst, mx, my);
                int ok = (m.ok_o >> k) & 1;
                int port = (int)ut_get(m.port_o, 3 * k, 3);
                int loc = (m.local_o >> k) & 1, turn = (m.turn_ok_o >> k) & 1;
                int wloc = wc_xy_local((unsigned)port), wturn = wc_xy_turn_ok(in, (unsigned)port);
                ck.ok(loc == wloc, "node=%u dst=%u port=%d: local %d, C %d", node, dst, port, loc, wloc);
                ck.ok(turn == wturn, "node=%u dst=%u in=%u port=%d: turn_ok %d, C %d", node, dst, in, port, turn,
                      wturn);
                if (want >= 0) turn_seen[wturn]++;
                ck.ok(ok == (want >= 0), "node=%u dst=%u: ok %d, C %d", node, dst, ok, want);
                if (want >= 0) {
                    ck.ok(port == want, "node=%u dst=%u: port %d, C %d", node, dst, port, want);
                    hits[want]++;
                }
                // the first hop must shrink the X distance before any Y hop
                if (want >= 0 && dst % mx != node % mx)
                    ck.ok(want == WC_MESH_PORT_E || want == WC_MESH_PORT_W,
                          "node=%u dst=%u: C routes %d before X is resolved", node, dst, want);
              }
            }
        }
        ck.ok(turn_seen[0] > 0 && turn_seen[1] > 0, "turns seen: %ld illegal, %ld legal", turn_seen[0],
              turn_seen[1]);
        for (int p = 0; p <= WC_MESH_PORT_L; p++)
            ck.ok(hits[p] > 0, "port %d never chosen", p);
        ck.finish();
    }
    m.final();
    return unit_summary();
}

// wc_route_xy.v against wc_route_xy() of the C model: every node of the
// 4x4, 3x5 and 8x8 meshes against every 12-bit destination (so every
// dst >= MX*MY, which must be unroutable).  XY dimension order:
// lecture-multicast-irc-brcp-broadcast-scatter.txt (XY base routing on
// 2D meshes).
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
        std::snprintf(name, sizeof name, "wc_route_xy %ux%u: every node x every dst < %d", mx, my,
                      WC_MAX_NODES);
        UnitCheck ck(name);
        int hits[WC_MESH_PORT_L + 1] = {0};
        for (unsigned node = 0; node < mx * my; node++) {
            for (unsigned dst = 0; dst < (unsigned)WC_MAX_NODES; dst++) {
                m.node_i = (uint16_t)node;
                m.dst_i = (uint16_t)dst;
                m.eval();
                int want = wc_route_xy(node, dst, mx, my);
                int ok = (m.ok_o >> k) & 1;
                int port = (int)ut_get(m.port_o, 3 * k, 3);
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
        for (int p = 0; p <= WC_MESH_PORT_L; p++)
            ck.ok(hits[p] > 0, "port %d never chosen", p);
        ck.finish();
    }
    m.final();
    return unit_summary();
}

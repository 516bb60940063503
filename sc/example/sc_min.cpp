// SPDX-License-Identifier: Apache-2.0
// The smallest Wormcast SystemC program (docs/systemc.md): a 4x4 mesh whose
// router 5 is the Verilated RTL and the others the C model; node 0 sends
// one 4-flit packet to node 9 (XY: routers 0, 1, 5, 9) and the program
// prints each flit as it arrives.
#include "wc_sc_net.h"
#include <cstdio>
extern "C" {
#include "wc_defs.h"
#include "wc_topo.h"
}

int sc_main(int, char *[])
{
    char err[256];
    wc_topo *t = wc_topo_create("mesh:4x4", err, sizeof err);
    if (!t) {
        std::fprintf(stderr, "sc_min: %s\n", err);
        return 2;
    }
    std::vector<bool> rtl((size_t)t->nrouters, false);
    rtl[5] = true;
    sc_clock clk("clk", 10, SC_NS);
    sc_signal<bool> rst_n("rst_n", false);
    const int W = WC_FLIT_DATA_W, B = 8;
    wc::network net("net", t, W, B, rtl, 0);
    net.clk_i(clk);
    net.rst_ni(rst_n);

    const int P = t->nports, src = 0, dst = 9, len = 4;
    const size_t in = (size_t)(t->node_router[src] * P + t->node_port[src]);
    const size_t out = (size_t)(t->node_router[dst] * P + t->node_port[dst]);
    sc_start(35, SC_NS);          // rising edges at 0, 10, 20, 30 in reset
    rst_n = true;
    int sent = 0, got = 0;
    for (int cycle = 0; got < len && cycle < 100; cycle++) {
        // inputs of this cycle: the next flit (B credits cover all four),
        // and a credit back for the flit taken last cycle
        const uint64_t type = sent == 0 ? WC_FT_HEAD : sent == len - 1 ? WC_FT_TAIL : WC_FT_BODY;
        uint32_t data = 0x1000u + (uint32_t)sent;
        if (sent == 0)
            data = WC_SET(WC_SET(WC_SET(0u, HEAD_DST, (uint32_t)dst), HEAD_KIND, WC_KIND_UNICAST), HEAD_USER, (uint32_t)src);
        net.ext_valid[in] = sent < len;
        net.ext_flit[in] = (uint64_t)data | type << W;
        net.ext_credit[out] = net.out_valid[out].read();
        if (sent < len)
            sent++;
        sc_start(10, SC_NS);      // one rising edge: the routers take the inputs
        if (net.out_valid[out].read()) {
            std::printf("cycle %d: flit 0x%llx at node %d\n", cycle + 1, (unsigned long long)net.out_flit[out].read(), dst);
            got++;
        }
    }
    std::printf("%d of %d flits from node %d arrived at node %d through the RTL router 5\n", got, len, src, dst);
    wc_topo_free(t);
    return got == len ? 0 : 1;
}

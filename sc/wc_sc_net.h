/* SPDX-License-Identifier: Apache-2.0 */
/* wc::network: routers wired per a topology (cmodel/topo), each one a
 * wc::router of the implementation chosen for it.  Every signal of a
 * router port is a member the testbench can read, indexed i = r*P + p
 * as in the C model (cmodel/wc_net.h) and the generated network top:
 *   out_valid[i], out_flit[i]   flit leaving router r on port p
 *   in_credit[i]                credit leaving r's input p
 *   abs_valid[i], abs_flit[i]   absorption channel of r's input p
 *   drops[r]                    r's drop counter
 * and the terminal side of the ports wired to nodes, which the traffic
 * drives: ext_valid[i], ext_flit[i] (into the router), ext_credit[i]
 * (for the router's output). */
#ifndef WC_SC_NET_H
#define WC_SC_NET_H
#include "wc_sc_router.h"
#include <memory>
extern "C" {
#include "wc_topo.h"
}

namespace wc {

class network : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i, rst_ni;
    const int R, P;
    sc_core::sc_vector<sc_core::sc_signal<bool>> out_valid, in_credit, abs_valid;
    sc_core::sc_vector<sc_core::sc_signal<uint64_t>> out_flit, abs_flit;
    sc_core::sc_vector<sc_core::sc_signal<uint32_t>> drops;
    sc_core::sc_vector<sc_core::sc_signal<bool>> ext_valid, ext_credit;
    sc_core::sc_vector<sc_core::sc_signal<uint64_t>> ext_flit;

    /* rtl[r]: router r is the Verilated RTL (else the C model); mutate:
     * the C routers' mutation (wc_router_cfg.mutate).  Throws
     * std::runtime_error with a message on a configuration this program
     * cannot build (no RTL router with the topology's parameters, table
     * routing). */
    network(sc_core::sc_module_name nm, const wc_topo *t, int W, int B, const std::vector<bool> &rtl, int mutate);
    router &at(int r) { return *routers_[(size_t)r]; }
    /* The router link of a module on the node side (a NIC's or a node's:
     * rx_valid_i, rx_flit_i, rx_credit_o, tx_valid_o, tx_flit_o,
     * tx_credit_i) bound to terminal port i = r*P + p. */
    template <class M>
    void bind_link(M &m, size_t i)
    {
        m.rx_valid_i(out_valid[i]);
        m.rx_flit_i(out_flit[i]);
        m.rx_credit_o(ext_credit[i]);
        m.tx_valid_o(ext_valid[i]);
        m.tx_flit_o(ext_flit[i]);
        m.tx_credit_i(in_credit[i]);
    }

private:
    wc_router_cfg cfg_;
    std::vector<std::unique_ptr<router>> routers_;
    sc_core::sc_vector<sc_core::sc_signal<uint32_t>> node_id_;
    sc_core::sc_signal<bool> zero_b_;
    sc_core::sc_signal<uint64_t> zero_f_;
    sc_core::sc_signal<uint32_t> zero_u_;
};

/* The -G flags of the wc_router parameters a topology needs
 * (wc_router_params), as `wormcast netgen` gives them: "-GP=5 -GW=32 ..." */
std::string router_gparams(const wc_topo *t, int W, int B);

} // namespace wc
#endif

// SPDX-License-Identifier: Apache-2.0
#include "wc_sc_net.h"
#include "wc_sc_nic.h"
#include <stdexcept>
extern "C" {
#include "wc_defs.h"
#include "wc_net.h"
#include "wc_netgen.h"
}

namespace wc {

std::string router_gparams(const wc_topo *t, int W, int B)
{
    wc_param prm[WC_ROUTER_NPARAMS];
    std::string s;
    wc_router_params(t, W, B, prm);
    for (int k = 0; k < WC_ROUTER_NPARAMS; k++)
        s += (k ? " -G" : "-G") + std::string(prm[k].name) + "=" + std::to_string(prm[k].value);
    return s;
}

std::string nic_gparams(const wc_nic_cfg &c)
{
    wc_param prm[WC_NIC_NPARAMS];
    std::string s;
    wc_nic_params(&c, prm);
    for (int k = 0; k < WC_NIC_NPARAMS; k++)
        s += (k ? " -G" : "-G") + std::string(prm[k].name) + "=" + std::to_string(prm[k].value);
    return s;
}

network::network(sc_core::sc_module_name nm, const wc_topo *t, int W, int B, const std::vector<bool> &rtl, int mutate)
    : sc_core::sc_module(nm), clk_i("clk_i"), rst_ni("rst_ni"), R(t->nrouters), P(t->nports),
      out_valid("out_valid", (size_t)(R * P)), in_credit("in_credit", (size_t)(R * P)),
      abs_valid("abs_valid", (size_t)(R * P)), out_flit("out_flit", (size_t)(R * P)),
      abs_flit("abs_flit", (size_t)(R * P)), drops("drops", (size_t)R), ext_valid("ext_valid", (size_t)(R * P)),
      ext_credit("ext_credit", (size_t)(R * P)), ext_flit("ext_flit", (size_t)(R * P)), cfg_(),
      node_id_("node_id", (size_t)R), zero_b_("zero_b"), zero_f_("zero_f"), zero_u_("zero_u")
{
    // Route tables would have to be loaded through the configuration port
    // before reset ends, which this network does not do yet.
    if (t->routing == WC_ROUTING_TABLE)
        throw std::runtime_error(std::string("table-routed networks (") + t->name + ") are not supported yet: cube and mesh only");
    wc_net_router_cfg_of(t, W, B, mutate, &cfg_);
    const std::string gp = router_gparams(t, W, B);
    for (int r = 0; r < R; r++) {
        const std::string name = "r" + std::to_string(r);
        router *x;
        if (rtl[(size_t)r]) {
            if (!(x = make_rtl_router(name.c_str(), gp, P, W + 2)))
                throw std::runtime_error("no RTL router with the parameters of " + std::string(t->name) + " (" + gp +
                                         ") in this build, which has: " + rtl_router_list());
        } else {
            x = new router_c(name.c_str(), cfg_);
        }
        routers_.emplace_back(x);
        node_id_[(size_t)r].write((uint32_t)r);
    }
    for (int r = 0; r < R; r++) {
        router &x = *routers_[(size_t)r];
        x.clk_i(clk_i);
        x.rst_ni(rst_ni);
        x.node_id_i(node_id_[(size_t)r]);
        x.cfg_we_i(zero_b_);
        x.cfg_addr_i(zero_u_);
        x.cfg_data_i(zero_u_);
        x.drop_count_o(drops[(size_t)r]);
        for (int p = 0; p < P; p++) {
            const size_t i = (size_t)(r * P + p);
            const wc_endpoint e = t->peer[i];
            x.out_valid_o[p](out_valid[i]);
            x.out_flit_o[p](out_flit[i]);
            x.in_credit_o[p](in_credit[i]);
            x.abs_valid_o[p](abs_valid[i]);
            x.abs_flit_o[p](abs_flit[i]);
            if (e.router >= 0) {
                const size_t j = (size_t)(e.router * P + e.port);
                x.in_valid_i[p](out_valid[j]);
                x.in_flit_i[p](out_flit[j]);
                x.out_credit_i[p](in_credit[j]);
            } else if (e.router == WC_PEER_NODE) {
                x.in_valid_i[p](ext_valid[i]);
                x.in_flit_i[p](ext_flit[i]);
                x.out_credit_i[p](ext_credit[i]);
            } else {
                x.in_valid_i[p](zero_b_);
                x.in_flit_i[p](zero_f_);
                x.out_credit_i[p](zero_b_);
            }
        }
    }
}

} // namespace wc

// SPDX-License-Identifier: Apache-2.0
// The Verilated node SoCs of a program that links them (mk/sc.mk: the
// node's `verilator --sc` build takes minutes, so only the programs that
// run RTL nodes link this and the node's library; the others link
// wc_sc_node_none.cpp).  mk/sc.mk generates wc_sc_node_cfgs.h: the headers
// of the classes and WC_SC_NODE_CFGS(X), one X(class, root class,
// "-G flags", "what it is for") per parameter set.
#include "wc_sc_node.h"
#include "wc_sc_node_cfgs.h"

namespace wc {

node *make_rtl_node(sc_core::sc_module_name nm, const std::string &gparams)
{
#define WC_SC_NODE_MAKE(cls, root, g, what) \
    if (gparams == g)                    \
        return new node_rtl<cls, root>(nm);
    WC_SC_NODE_CFGS(WC_SC_NODE_MAKE)
#undef WC_SC_NODE_MAKE
    return nullptr;
}

std::string rtl_node_list()
{
    std::string s;
#define WC_SC_NODE_NAME(cls, root, g, what) s += std::string(s.empty() ? "" : "; ") + what " (" g ")";
    WC_SC_NODE_CFGS(WC_SC_NODE_NAME)
#undef WC_SC_NODE_NAME
    return s;
}

} // namespace wc

// SPDX-License-Identifier: Apache-2.0
// The Verilated routers this program was built with.  mk/sc.mk generates
// wc_sc_rtl_cfgs.h: the headers of the `verilator --sc` classes and
// WC_SC_RTL_CFGS(X), one X(class, "-G flags") per parameter set.
#include "wc_sc_router.h"
#include "wc_sc_rtl_cfgs.h"

namespace wc {

router *make_rtl_router(sc_core::sc_module_name nm, const std::string &gparams, int nports, int fw)
{
#define WC_SC_RTL_MAKE(cls, g) \
    if (gparams == g)          \
        return new router_rtl<cls>(nm, nports, fw);
    WC_SC_RTL_CFGS(WC_SC_RTL_MAKE)
#undef WC_SC_RTL_MAKE
    return nullptr;
}

std::string rtl_router_list()
{
    std::string s;
#define WC_SC_RTL_NAME(cls, g) s += std::string(s.empty() ? "" : "; ") + #cls " (" g ")";
    WC_SC_RTL_CFGS(WC_SC_RTL_NAME)
#undef WC_SC_RTL_NAME
    return s;
}

} // namespace wc

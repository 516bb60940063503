// SPDX-License-Identifier: Apache-2.0
// The Verilated routers and NICs this program was built with.  mk/sc.mk
// generates wc_sc_rtl_cfgs.h: the headers of the `verilator --sc` classes,
// WC_SC_RTL_CFGS(X), one X(class, "-G flags", "what it is for") per router
// parameter set, and WC_SC_NIC_CFGS(X), the same for the NIC.
#include "wc_sc_router.h"
#include "wc_sc_nic.h"
#include "wc_sc_rtl_cfgs.h"
#include "wc_vl_hook.h"

namespace wc {

router *make_rtl_router(sc_core::sc_module_name nm, const std::string &gparams, int nports, int fw)
{
#define WC_SC_RTL_MAKE(cls, g, what) \
    if (gparams == g)          \
        return new router_rtl<cls>(nm, nports, fw);
    WC_SC_RTL_CFGS(WC_SC_RTL_MAKE)
#undef WC_SC_RTL_MAKE
    return nullptr;
}

nic *make_rtl_nic(sc_core::sc_module_name nm, const std::string &gparams)
{
#define WC_SC_NIC_MAKE(cls, g, what) \
    if (gparams == g)          \
        return new nic_rtl<cls>(nm);
    WC_SC_NIC_CFGS(WC_SC_NIC_MAKE)
#undef WC_SC_NIC_MAKE
    return nullptr;
}

#define WC_SC_NAME(cls, g, what) s += std::string(s.empty() ? "" : "; ") + what " (" g ")";
std::string rtl_router_list()
{
    std::string s;
    WC_SC_RTL_CFGS(WC_SC_NAME)
    return s;
}

std::string rtl_nic_list()
{
    std::string s;
    WC_SC_NIC_CFGS(WC_SC_NAME)
    return s;
}
#undef WC_SC_NAME

void rtl_assertions_reported()
{
    Verilated::defaultContextp()->fatalOnError(false);
    wc_vl_capture_set(1);
}

const char *rtl_failure()
{
    const wc_vl_capture_state *s = wc_vl_capture();
    return s->got ? s->text : nullptr;
}

} // namespace wc

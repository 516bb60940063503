/* SPDX-License-Identifier: Apache-2.0 */
/* wc::nic: the Wormcast NIC (rtl/nic/wc_nic.v) as a SystemC module, in two
 * implementations behind one set of ports, chosen per instance like the
 * router's (wc_sc_router.h):
 *
 *   wc::nic_c       the C model (cmodel/wc_nic.c) in an SC_MODULE
 *   wc::nic_rtl<V>  the Verilated RTL (`verilator --sc`, class V)
 *
 * The ports are the fields of wc_nic_in and wc_nic_out (defs/wc_nic_port.h)
 * with the RTL's names: clk_i, rst_ni, node_id_i (sampled in reset); the
 * router side rx_valid_i, rx_flit_i, rx_credit_o (ejection link) and
 * tx_valid_o, tx_flit_o, tx_credit_i (injection link); the Wishbone slave
 * s_* (register window) and master m_* (DMA); irq_o.  A flit is
 * {type, data} in the low W+2 bits of a uint64_t; the buses narrower than
 * 33 bits are uint32_t, as `verilator --sc` makes them, so the RTL
 * binds its ports to these directly.
 *
 * Both implementations take the rising edge the same way: they sample the
 * inputs of the cycle that ends, and their outputs for the next cycle
 * depend on registered state only, so NICs and routers of either kind
 * connect to each other in any mix. */
#ifndef WC_SC_NIC_H
#define WC_SC_NIC_H
#include <systemc.h>
#include <stdint.h>
#include <string>
extern "C" {
#include "wc_nic.h"
}

namespace wc {

/* The ports every NIC module has whatever its bus side: clock, reset, node
 * id, the links to the router and the interrupt.  A base of the module
 * (after sc_module, so that the ports are the module's): wc::nic, and
 * wc::nic_tlm (wc_sc_tlm.h), which puts TLM sockets in place of the
 * Wishbone ports. */
struct nic_link_ports {
    sc_core::sc_in<bool> clk_i, rst_ni;
    sc_core::sc_in<uint32_t> node_id_i;
    sc_core::sc_in<bool> rx_valid_i;
    sc_core::sc_in<uint64_t> rx_flit_i;
    sc_core::sc_out<bool> rx_credit_o;
    sc_core::sc_out<bool> tx_valid_o;
    sc_core::sc_out<uint64_t> tx_flit_o;
    sc_core::sc_in<bool> tx_credit_i;
    sc_core::sc_out<bool> irq_o;
    nic_link_ports()
        : clk_i("clk_i"), rst_ni("rst_ni"), node_id_i("node_id_i"), rx_valid_i("rx_valid_i"), rx_flit_i("rx_flit_i"),
          rx_credit_o("rx_credit_o"), tx_valid_o("tx_valid_o"), tx_flit_o("tx_flit_o"), tx_credit_i("tx_credit_i"),
          irq_o("irq_o")
    {
    }
    /* these ports bound to outer's of the same names (a module's own
     * NIC to the module's ports) */
    void bind_link(nic_link_ports &outer)
    {
        clk_i(outer.clk_i);
        rst_ni(outer.rst_ni);
        node_id_i(outer.node_id_i);
        rx_valid_i(outer.rx_valid_i);
        rx_flit_i(outer.rx_flit_i);
        rx_credit_o(outer.rx_credit_o);
        tx_valid_o(outer.tx_valid_o);
        tx_flit_o(outer.tx_flit_o);
        tx_credit_i(outer.tx_credit_i);
        irq_o(outer.irq_o);
    }
};

class nic : public sc_core::sc_module, public nic_link_ports {
public:
    sc_core::sc_in<bool> s_cyc_i, s_stb_i, s_we_i;
    sc_core::sc_in<uint32_t> s_adr_i, s_dat_i, s_sel_i;
    sc_core::sc_out<bool> s_ack_o;
    sc_core::sc_out<uint32_t> s_dat_o;
    sc_core::sc_out<bool> m_cyc_o, m_stb_o, m_we_o;
    sc_core::sc_out<uint32_t> m_adr_o, m_dat_o, m_sel_o;
    sc_core::sc_in<bool> m_ack_i, m_err_i;
    sc_core::sc_in<uint32_t> m_dat_i;

    virtual const char *impl() const = 0;   /* "C" or "RTL" */

protected:
    explicit nic(sc_core::sc_module_name nm)
        : sc_core::sc_module(nm), nic_link_ports(), s_cyc_i("s_cyc_i"), s_stb_i("s_stb_i"), s_we_i("s_we_i"), s_adr_i("s_adr_i"),
          s_dat_i("s_dat_i"), s_sel_i("s_sel_i"), s_ack_o("s_ack_o"), s_dat_o("s_dat_o"), m_cyc_o("m_cyc_o"),
          m_stb_o("m_stb_o"), m_we_o("m_we_o"), m_adr_o("m_adr_o"), m_dat_o("m_dat_o"), m_sel_o("m_sel_o"),
          m_ack_i("m_ack_i"), m_err_i("m_err_i"), m_dat_i("m_dat_i")
    {
    }
};

/* The C model.  cfg is copied (its mutate field breaks this NIC for the
 * lockstep self-check).  Throws std::runtime_error when the model cannot
 * be made (bad parameters, a node id out of range at reset). */
class nic_c : public nic {
public:
    SC_HAS_PROCESS(nic_c);
    nic_c(sc_core::sc_module_name nm, const wc_nic_cfg &cfg);
    ~nic_c() override;
    const char *impl() const override { return "C"; }
    /* the model (NULL before the first reset edge): registers, dumps */
    const wc_nic *model() const { return n_; }

private:
    void edge();
    void drive();
    wc_nic_cfg cfg_;
    wc_nic *n_ = nullptr;
    unsigned id_ = 0;
    wc_nic_out out_{}, prev_{};
    bool driven_ = false;
};

/* The Verilated RTL: V is a class `verilator --sc --top-module wc_nic`
 * made with one parameter set (mk/sc.mk).  Its ports have the types of
 * these, so they bind straight through. */
template <class V>
class nic_rtl : public nic {
public:
    explicit nic_rtl(sc_core::sc_module_name nm) : nic(nm), v_("rtl")
    {
        v_.clk_i(clk_i);
        v_.rst_ni(rst_ni);
        v_.node_id_i(node_id_i);
        v_.rx_valid_i(rx_valid_i);
        v_.rx_flit_i(rx_flit_i);
        v_.rx_credit_o(rx_credit_o);
        v_.tx_valid_o(tx_valid_o);
        v_.tx_flit_o(tx_flit_o);
        v_.tx_credit_i(tx_credit_i);
        v_.s_cyc_i(s_cyc_i);
        v_.s_stb_i(s_stb_i);
        v_.s_we_i(s_we_i);
        v_.s_adr_i(s_adr_i);
        v_.s_dat_i(s_dat_i);
        v_.s_sel_i(s_sel_i);
        v_.s_ack_o(s_ack_o);
        v_.s_dat_o(s_dat_o);
        v_.m_cyc_o(m_cyc_o);
        v_.m_stb_o(m_stb_o);
        v_.m_we_o(m_we_o);
        v_.m_adr_o(m_adr_o);
        v_.m_dat_o(m_dat_o);
        v_.m_sel_o(m_sel_o);
        v_.m_ack_i(m_ack_i);
        v_.m_err_i(m_err_i);
        v_.m_dat_i(m_dat_i);
        v_.irq_o(irq_o);
    }
    const char *impl() const override { return "RTL"; }

private:
    V v_;
};

/* The -G flags of a NIC configuration (wc_nic_params, the NIC engine's):
 * "-GNNODES=16 -GW=32 ..." */
std::string nic_gparams(const wc_nic_cfg &c);
/* The Verilated NIC whose parameters are gparams, or NULL when this
 * program was built without one (mk/sc.mk, SC_NIC_TOPO). */
nic *make_rtl_nic(sc_core::sc_module_name nm, const std::string &gparams);
/* the parameter sets this program has an RTL NIC for, on one line */
std::string rtl_nic_list();

} // namespace wc
#endif

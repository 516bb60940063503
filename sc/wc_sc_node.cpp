// SPDX-License-Identifier: Apache-2.0
// wc::node_c: the C model of the node SoC on the SystemC clock.  One method
// at the rising edge does what the C engine does for one node in one
// cycle: the edge (wc_node_soc_commit with the inputs of the cycle that
// ends, or the reset), then this cycle's outputs from registered state
// (wc_node_soc_eval).
#include "wc_sc_node.h"
#include <stdexcept>
extern "C" {
#include "wc_netgen.h"
}

namespace wc {

node::node(sc_core::sc_module_name nm)
    : sc_core::sc_module(nm), clk_i("clk_i"), rst_ni("rst_ni"), node_id_i("node_id_i"), node_count_i("node_count_i"),
      rx_valid_i("rx_valid_i"), rx_flit_i("rx_flit_i"), rx_credit_o("rx_credit_o"), tx_valid_o("tx_valid_o"),
      tx_flit_o("tx_flit_o"), tx_credit_i("tx_credit_i"), console_valid_o("console_valid_o"),
      console_data_o("console_data_o"), exit_valid_o("exit_valid_o"), exit_code_o("exit_code_o"),
      ibus_cyc_o("ibus_cyc_o"), ibus_stb_o("ibus_stb_o"), ibus_we_o("ibus_we_o"), ibus_sel_o("ibus_sel_o"),
      ibus_adr_o("ibus_adr_o"), ibus_dat_o("ibus_dat_o"), dbus_cyc_o("dbus_cyc_o"), dbus_stb_o("dbus_stb_o"),
      dbus_we_o("dbus_we_o"), dbus_sel_o("dbus_sel_o"), dbus_adr_o("dbus_adr_o"), dbus_dat_o("dbus_dat_o"),
      gnt_o("gnt_o"), irq_timer_o("irq_timer_o"), irq_ext_o("irq_ext_o"), rvfi_valid_o("rvfi_valid_o"),
      rvfi_insn_o("rvfi_insn_o"), rvfi_pc_rdata_o("rvfi_pc_rdata_o"), rvfi_pc_wdata_o("rvfi_pc_wdata_o"),
      rvfi_rd_addr_o("rvfi_rd_addr_o"), rvfi_rd_wdata_o("rvfi_rd_wdata_o"), rvfi_mem_addr_o("rvfi_mem_addr_o"),
      rvfi_mem_rmask_o("rvfi_mem_rmask_o"), rvfi_mem_wmask_o("rvfi_mem_wmask_o"),
      rvfi_mem_rdata_o("rvfi_mem_rdata_o"), rvfi_mem_wdata_o("rvfi_mem_wdata_o"), rvfi_trap_o("rvfi_trap_o"),
      rvfi_intr_o("rvfi_intr_o"), rvfi_cause_o("rvfi_cause_o"), nic_s_ack_o("nic_s_ack_o"),
      nic_s_dat_o("nic_s_dat_o"), nic_m_cyc_o("nic_m_cyc_o"), nic_m_stb_o("nic_m_stb_o"), nic_m_we_o("nic_m_we_o"),
      nic_m_adr_o("nic_m_adr_o"), nic_m_dat_o("nic_m_dat_o"), nic_m_sel_o("nic_m_sel_o"), nic_irq_o("nic_irq_o")
{
}

void node::read(wc_node_out *o) const
{
    *o = wc_node_out{};
#define WC_READ(port, f, cast) o->f = port.read();
    WC_SC_NODE_LINK_OUTS(WC_READ)
    WC_SC_NODE_OBS_OUTS(WC_READ)
#undef WC_READ
    // the NIC's link outputs are the node's (defs/wc_node_port.h)
    o->nic.tx_valid = o->tx_valid;
    o->nic.tx_flit = o->tx_flit;
    o->nic.rx_credit = o->rx_credit;
}

node_c::node_c(sc_core::sc_module_name nm, const wc_node_soc_cfg &cfg) : node(nm), cfg_(cfg)
{
    char err[256];
    if (wc_node_soc_cfg_check(&cfg_, err, sizeof err))
        throw std::runtime_error(err);
    SC_METHOD(edge);
    sensitive << clk_i.pos();
    dont_initialize();
}

node_c::~node_c() { wc_node_soc_free(s_); }

void node_c::load(uint32_t addr, const uint32_t *words, uint32_t nwords)
{
    image_.emplace_back(addr, std::vector<uint32_t>(words, words + nwords));
    if (s_)
        wc_node_soc_load(s_, addr, words, nwords);
}

void node_c::edge()
{
    if (!rst_ni.read()) {
        // the RTL latches its straps while in reset: a model per id and size
        const unsigned id = node_id_i.read();
        const int count = (int)node_count_i.read();
        if (!s_ || id != id_ || count != count_) {
            char err[256];
            wc_node_soc_cfg c = cfg_;
            c.nodes = count;
            wc_node_soc *x = wc_node_soc_create(&c, id, err, sizeof err);
            if (!x)
                SC_REPORT_FATAL("wc::node_c", err);
            for (auto &seg : image_)
                wc_node_soc_load(x, seg.first, seg.second.data(), (uint32_t)seg.second.size());
            wc_node_soc_free(s_);
            s_ = x;
            id_ = id;
            count_ = count;
        }
        wc_node_soc_reset(s_);
    } else if (s_) {
        wc_node_in in;
        in.rx_valid = rx_valid_i.read();
        in.rx_flit = rx_flit_i.read();
        in.tx_credit = tx_credit_i.read();
        wc_node_soc_commit(s_, &in);
    } else {
        return;     // never reset: no model, the outputs stay 0
    }
    wc_node_soc_eval(s_, &out_);
    drive();
}

// Only what changed is written: an idle bus costs no signal update.
void node_c::drive()
{
    const wc_node_out &o = out_, &p = prev_;
    const bool all = !driven_;
#define WC_DRIVE(port, f, cast) \
    if (all || o.f != p.f)      \
        port.write((cast)o.f);
    WC_SC_NODE_LINK_OUTS(WC_DRIVE)
    WC_SC_NODE_OBS_OUTS(WC_DRIVE)
#undef WC_DRIVE
    prev_ = out_;
    driven_ = true;
}

std::string node_gparams(const wc_node_soc_cfg &c)
{
    wc_param prm[WC_NODE_NPARAMS];
    std::string s;
    wc_node_params(&c, prm);
    for (int i = 0; i < WC_NODE_NPARAMS; i++)
        s += std::string(i ? " " : "") + "-G" + prm[i].name + "=" + std::to_string(prm[i].value);
    return s;
}

} // namespace wc

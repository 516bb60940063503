// SPDX-License-Identifier: Apache-2.0
// wc::nic_c: the C model of the NIC on the SystemC clock.  One method at
// the rising edge does what the C engine does for one NIC in one cycle:
// the edge (wc_nic_commit with the inputs of the cycle that ends, or the
// reset), then this cycle's outputs from registered state (wc_nic_eval).
#include "wc_sc_nic.h"
#include <stdexcept>

namespace wc {

nic_c::nic_c(sc_core::sc_module_name nm, const wc_nic_cfg &cfg) : nic(nm), cfg_(cfg)
{
    char err[256];
    if (wc_nic_cfg_check(&cfg_, err, sizeof err))
        throw std::runtime_error(err);
    SC_METHOD(edge);
    sensitive << clk_i.pos();
    dont_initialize();
}

nic_c::~nic_c() { wc_nic_free(n_); }

void nic_c::edge()
{
    if (!rst_ni.read()) {
        // the RTL latches its node id while in reset: a model per id
        const unsigned id = node_id_i.read();
        if (!n_ || id != id_) {
            char err[256];
            wc_nic *x = wc_nic_create(&cfg_, id, err, sizeof err);
            if (!x)
                SC_REPORT_FATAL("wc::nic_c", err);
            wc_nic_free(n_);
            n_ = x;
            id_ = id;
        }
        wc_nic_reset(n_);
    } else if (n_) {
        wc_nic_in in;
        in.rx_valid = rx_valid_i.read();
        in.rx_flit = rx_flit_i.read();
        in.tx_credit = tx_credit_i.read();
        in.s_cyc = s_cyc_i.read();
        in.s_stb = s_stb_i.read();
        in.s_we = s_we_i.read();
        in.s_adr = s_adr_i.read();
        in.s_dat = s_dat_i.read();
        in.s_sel = s_sel_i.read();
        in.m_ack = m_ack_i.read();
        in.m_err = m_err_i.read();
        in.m_dat = m_dat_i.read();
        wc_nic_commit(n_, &in);
    } else {
        return;     // never reset: no model, the outputs stay 0
    }
    wc_nic_eval(n_, &out_);
    drive();
}

// Only what changed is written: an idle NIC costs no signal update.
void nic_c::drive()
{
    const wc_nic_out &o = out_, &p = prev_;
    const bool all = !driven_;
#define WC_DRIVE(port, f, cast) \
    if (all || o.f != p.f)      \
        port.write((cast)o.f)
    WC_DRIVE(tx_valid_o, tx_valid, bool);
    WC_DRIVE(tx_flit_o, tx_flit, uint64_t);
    WC_DRIVE(rx_credit_o, rx_credit, bool);
    WC_DRIVE(s_ack_o, s_ack, bool);
    WC_DRIVE(s_dat_o, s_dat, uint32_t);
    WC_DRIVE(m_cyc_o, m_cyc, bool);
    WC_DRIVE(m_stb_o, m_stb, bool);
    WC_DRIVE(m_we_o, m_we, bool);
    WC_DRIVE(m_adr_o, m_adr, uint32_t);
    WC_DRIVE(m_dat_o, m_dat, uint32_t);
    WC_DRIVE(m_sel_o, m_sel, uint32_t);
    WC_DRIVE(irq_o, irq, bool);
#undef WC_DRIVE
    prev_ = out_;
    driven_ = true;
}

} // namespace wc

// SPDX-License-Identifier: Apache-2.0
// wc::nic_tlm and wc::tlm_memory (wc_sc_tlm.h).
#include "wc_sc_tlm.h"
#include <algorithm>
#include <cstring>
#include <stdexcept>
extern "C" {
#include "wc_defs.h"
}

namespace wc {

// The NIC decodes bits 7:2 of the slave address and ignores SEL, so the
// window is NICR_WORDS words and only whole words can be accessed safely.
static const uint64_t regs_bytes = 4u * WC_NICR_WORDS;
static_assert(4u * WC_NICR_WORDS == WC_NODE_NIC_SIZE, "the NIC window of the node map is the register file");

nic_tlm::nic_tlm(sc_core::sc_module_name nm, const wc_nic_cfg &cfg, bool rtl)
    : sc_core::sc_module(nm), nic_link_ports(), regs("regs"), dma("dma"), s_cyc_("s_cyc"), s_stb_("s_stb"),
      s_we_("s_we"), s_adr_("s_adr"), s_dat_i_("s_dat_i"), s_sel_("s_sel"), s_ack_("s_ack"), s_dat_o_("s_dat_o"),
      m_cyc_("m_cyc"), m_stb_("m_stb"), m_we_("m_we"), m_ack_("m_ack"), m_err_("m_err"), m_adr_("m_adr"),
      m_dat_o_("m_dat_o"), m_sel_("m_sel"), m_dat_i_("m_dat_i")
{
    if (rtl) {
        const std::string gp = nic_gparams(cfg);
        nic *x = make_rtl_nic("nic", gp);
        if (!x)
            throw std::runtime_error("no RTL NIC with the parameters " + gp + " in this build, which has: " +
                                     rtl_nic_list());
        nic_.reset(x);
    } else {
        nic_.reset(new nic_c("nic", cfg));
    }
    nic &n = *nic_;
    n.bind_link(*this);
    n.s_cyc_i(s_cyc_);
    n.s_stb_i(s_stb_);
    n.s_we_i(s_we_);
    n.s_adr_i(s_adr_);
    n.s_dat_i(s_dat_i_);
    n.s_sel_i(s_sel_);
    n.s_ack_o(s_ack_);
    n.s_dat_o(s_dat_o_);
    n.m_cyc_o(m_cyc_);
    n.m_stb_o(m_stb_);
    n.m_we_o(m_we_);
    n.m_adr_o(m_adr_);
    n.m_dat_o(m_dat_o_);
    n.m_sel_o(m_sel_);
    n.m_ack_i(m_ack_);
    n.m_err_i(m_err_);
    n.m_dat_i(m_dat_i_);
    regs.register_b_transport(this, &nic_tlm::b_transport);
    SC_THREAD(dma_thread);
}

void nic_tlm::b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    const uint64_t a = t.get_address();
    const tlm::tlm_command cmd = t.get_command();
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (a >= regs_bytes || a % 4) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (t.get_data_length() != 4 || t.get_streaming_width() < 4) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (const unsigned char *be = t.get_byte_enable_ptr()) {
        // the NIC ignores SEL: a part-word write would write the whole word
        const unsigned n = t.get_byte_enable_length();
        for (unsigned i = 0; i < 4; i++)
            if (!n || be[i % n] != TLM_BYTE_ENABLED) {
                t.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
                return;
            }
    }
    // a loosely-timed initiator runs ahead by delay: the NIC's state is
    // that of the present, so catch up before touching it
    if (delay != sc_core::SC_ZERO_TIME) {
        wait(delay);
        delay = sc_core::SC_ZERO_TIME;
    }
    bus_.lock();
    // written in the first delta of a rising edge, the request would be
    // sampled by that very edge, in no time; one delta on, the NIC has
    // taken the edge, and the request waits for the next one as a
    // registered bus master's does
    wait(sc_core::SC_ZERO_TIME);
    const bool we = cmd == tlm::TLM_WRITE_COMMAND;
    uint32_t v = 0;
    if (we)
        std::memcpy(&v, t.get_data_ptr(), 4);
    s_we_.write(we);
    s_adr_.write((uint32_t)a);
    s_dat_i_.write(we ? v : 0u);
    s_sel_.write(0xFu);
    s_cyc_.write(true);
    s_stb_.write(true);
    // the request is sampled at the next rising edge, acknowledged right
    // after it (a write takes effect at that edge)
    int edges = 0;
    bool acked = false;
    while (!acked && edges <= ack_limit) {
        wait(s_ack_.posedge_event() | clk_i->posedge_event());
        if (s_ack_.event() && s_ack_.read())
            acked = true;
        else
            edges++;
    }
    const uint32_t r = s_dat_o_.read();
    s_cyc_.write(false);
    s_stb_.write(false);
    s_we_.write(false);
    bus_.unlock();
    if (!acked) {
        t.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    if (!we)
        std::memcpy(t.get_data_ptr(), &r, 4);
    t.set_dmi_allowed(false);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

// The NIC's outputs follow the rising edge; at the falling edge they are
// settled and the answer for the word then on the bus is written, to be
// sampled at the next rising edge: a memory with no delay acknowledges a
// word in the cycle it is requested, one word per cycle, as the host
// memory of wormcast msg does (--mem-wait 0).
void nic_tlm::dma_thread()
{
    tlm::tlm_generic_payload t;
    unsigned char data[4], be[4];
    for (;;) {
        if (!(m_cyc_.read() && m_stb_.read())) {
            if (m_ack_.read() || m_err_.read()) {
                m_ack_.write(false);
                m_err_.write(false);
            }
            wait(m_stb_.posedge_event());
        }
        wait(clk_i->negedge_event());
        if (!(m_cyc_.read() && m_stb_.read()))
            continue;
        if (m_ack_.read() || m_err_.read()) {
            m_ack_.write(false);
            m_err_.write(false);
        }
        const bool we = m_we_.read();
        const uint32_t sel = m_sel_.read(), wd = m_dat_o_.read();
        std::memcpy(data, &wd, 4);
        for (int i = 0; i < 4; i++)
            be[i] = (sel >> i & 1u) ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
        t.set_command(we ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        t.set_address(m_adr_.read());
        t.set_data_ptr(data);
        t.set_data_length(4);
        t.set_streaming_width(4);
        t.set_byte_enable_ptr((sel & 0xFu) == 0xFu ? nullptr : be);
        t.set_byte_enable_length((sel & 0xFu) == 0xFu ? 0 : 4);
        t.set_dmi_allowed(false);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time d = sc_core::SC_ZERO_TIME;
        const sc_core::sc_time t0 = sc_core::sc_time_stamp();
        dma->b_transport(t, d);
        // the word's answer waits for the delay, rounded up to whole cycles
        while (sc_core::sc_time_stamp() - t0 < d)
            wait(clk_i->negedge_event());
        const bool ok = t.get_response_status() == tlm::TLM_OK_RESPONSE;
        uint32_t rd = 0;
        if (ok && !we)
            std::memcpy(&rd, data, 4);
        m_dat_i_.write(rd);
        m_ack_.write(ok);
        m_err_.write(!ok);
    }
}

tlm_memory::tlm_memory(sc_core::sc_module_name nm, size_t bytes, const std::vector<sc_core::sc_time> &latency)
    : sc_core::sc_module(nm), port("port", latency.size()), mem_(bytes, 0), latency_(latency)
{
    for (int i = 0; i < (int)latency.size(); i++) {
        port[(size_t)i].register_b_transport(this, &tlm_memory::b_transport, i);
        port[(size_t)i].register_transport_dbg(this, &tlm_memory::transport_dbg, i);
    }
}

void tlm_memory::b_transport(int id, tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    const uint64_t a = t.get_address();
    const unsigned n = t.get_data_length();
    const tlm::tlm_command cmd = t.get_command();
    if (a >= mem_.size() || n > mem_.size() - a) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (t.get_streaming_width() < n) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    const unsigned char *be = t.get_byte_enable_ptr();
    const unsigned bl = t.get_byte_enable_length();
    unsigned char *p = t.get_data_ptr();
    for (unsigned i = 0; i < n; i++) {
        if (be && (!bl || be[i % bl] != TLM_BYTE_ENABLED))
            continue;
        if (cmd == tlm::TLM_WRITE_COMMAND)
            mem_[(size_t)a + i] = p[i];
        else if (cmd == tlm::TLM_READ_COMMAND)
            p[i] = mem_[(size_t)a + i];
    }
    delay += latency_[(size_t)id];
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned int tlm_memory::transport_dbg(int id, tlm::tlm_generic_payload &t)
{
    const uint64_t a = t.get_address();
    (void)id;
    if (a >= mem_.size())
        return 0;
    const size_t n = std::min((size_t)t.get_data_length(), mem_.size() - (size_t)a);
    if (t.get_command() == tlm::TLM_WRITE_COMMAND)
        std::memcpy(&mem_[(size_t)a], t.get_data_ptr(), n);
    else if (t.get_command() == tlm::TLM_READ_COMMAND)
        std::memcpy(t.get_data_ptr(), &mem_[(size_t)a], n);
    return (unsigned int)n;
}

} // namespace wc

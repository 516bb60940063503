/* SPDX-License-Identifier: Apache-2.0 */
/* TLM-2.0 for virtual platforms (docs/systemc.md, "TLM-2.0"):
 *
 *   wc::nic_tlm      the cycle-accurate NIC (wc::nic, the C model or the
 *                    Verilated RTL) with its Wishbone slave behind a TLM
 *                    target socket (the register window) and its Wishbone
 *                    master behind a TLM initiator socket (DMA); the router
 *                    side, clock, reset and interrupt stay signals
 *   wc::tlm_memory   a byte-addressed memory with TLM target sockets: the
 *                    host memory the driver and the NIC's DMA share
 *
 * The register target is blocking transport that takes the NIC's real
 * cycles: b_transport first waits out the initiator's annotated delay,
 * then holds the Wishbone request until the NIC acknowledges it (one cycle
 * after it samples the request), so it must be called from an SC_THREAD
 * and returns with the delay zero.  Each DMA word is one b_transport on
 * the initiator socket; the delay the memory returns holds the word's
 * acknowledge back by as many whole cycles, and an error response becomes
 * the NIC's m_err. */
#ifndef WC_SC_TLM_H
#define WC_SC_TLM_H
#include "wc_sc_nic.h"
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <memory>
#include <vector>

namespace wc {

/* The ports of nic_link_ports (wc_sc_nic.h) are wc::nic's of the same
 * names: clock, reset, node id, router links, interrupt. */
class nic_tlm : public sc_core::sc_module, public nic_link_ports {
public:
    /* the register window: byte address 4 * WC_NICR_*, 32-bit accesses only */
    tlm_utils::simple_target_socket<nic_tlm, 32> regs;
    /* DMA into host memory: one 32-bit b_transport per Wishbone word */
    tlm_utils::simple_initiator_socket<nic_tlm, 32> dma;

    /* rtl: the Verilated NIC for cfg's parameters (wc::make_rtl_nic); throws
     * std::runtime_error, naming what the build has, when there is none,
     * and for a cfg the C model refuses. */
    SC_HAS_PROCESS(nic_tlm);
    nic_tlm(sc_core::sc_module_name nm, const wc_nic_cfg &cfg, bool rtl = false);
    const char *impl() const { return nic_->impl(); }
    /* a register access with no acknowledge after ack_limit rising edges
     * of clk_i (the NIC held in reset) answers TLM_GENERIC_ERROR_RESPONSE;
     * without a clock it waits for ever */
    static const int ack_limit = 64;

private:
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    void dma_thread();

    std::unique_ptr<nic> nic_;
    sc_core::sc_mutex bus_;     /* one register access at a time, whoever calls */
    /* written by whichever initiator's process holds bus_ */
    sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS> s_cyc_, s_stb_, s_we_;
    sc_core::sc_signal<uint32_t, sc_core::SC_MANY_WRITERS> s_adr_, s_dat_i_, s_sel_;
    sc_core::sc_signal<bool> s_ack_;
    sc_core::sc_signal<uint32_t> s_dat_o_;
    sc_core::sc_signal<bool> m_cyc_, m_stb_, m_we_, m_ack_, m_err_;
    sc_core::sc_signal<uint32_t> m_adr_, m_dat_o_, m_sel_, m_dat_i_;
};

class tlm_memory : public sc_core::sc_module {
public:
    /* one target socket per entry of latency, onto the same bytes (a CPU's
     * and a DMA's); an access through port[i] adds latency[i] to the
     * caller's delay */
    sc_core::sc_vector<tlm_utils::simple_target_socket_tagged<tlm_memory, 32>> port;
    tlm_memory(sc_core::sc_module_name nm, size_t bytes, const std::vector<sc_core::sc_time> &latency);
    size_t size() const { return mem_.size(); }

private:
    void b_transport(int id, tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned int transport_dbg(int id, tlm::tlm_generic_payload &t);
    std::vector<unsigned char> mem_;
    std::vector<sc_core::sc_time> latency_;
};

} // namespace wc
#endif

// SPDX-License-Identifier: Apache-2.0
// The smallest platform with the TLM NIC (docs/systemc.md, "TLM-2.0"):
// a CPU thread of its own writes and reads NIC registers through
// b_transport, loosely timed, and reports what the accesses cost; the
// router side is left idle.  Built as build/sc/tlm_min, run by
// make test-sc.
#include "wc_sc_tlm.h"
#include <tlm_utils/tlm_quantumkeeper.h>
#include <cstdio>
extern "C" {
#include "wc_defs.h"
}

struct cpu : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<cpu, 32> bus;
    tlm_utils::tlm_quantumkeeper qk;
    int status = 1;
    SC_HAS_PROCESS(cpu);
    explicit cpu(sc_core::sc_module_name nm) : sc_core::sc_module(nm), bus("bus") { SC_THREAD(run); }

    uint32_t access(tlm::tlm_command cmd, unsigned reg, uint32_t v)
    {
        tlm::tlm_generic_payload t;
        t.set_command(cmd);
        t.set_address(4u * reg);                  // byte offset in the register window
        t.set_data_ptr(reinterpret_cast<unsigned char *>(&v));
        t.set_data_length(4);
        t.set_streaming_width(4);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time d = qk.get_local_time(); // the target catches up on it...
        bus->b_transport(t, d);                   // ...and returns at the NIC's acknowledge
        qk.set(d);
        if (t.is_response_error())
            SC_REPORT_ERROR("cpu", t.get_response_string().c_str());
        return v;
    }

    void run()
    {
        qk.inc(sc_core::sc_time(50, sc_core::SC_NS)); // past the reset, in local time
        const sc_core::sc_time t0 = sc_core::sc_time_stamp() + qk.get_local_time();
        access(tlm::TLM_WRITE_COMMAND, WC_NICR_TIMEOUT, 5000);
        const uint32_t to = access(tlm::TLM_READ_COMMAND, WC_NICR_TIMEOUT, 0);
        const uint32_t id = access(tlm::TLM_READ_COMMAND, WC_NICR_ID, 0);
        const sc_core::sc_time t1 = sc_core::sc_time_stamp() + qk.get_local_time();
        std::printf("NICR_ID 0x%08x, NICR_TIMEOUT %u; 3 register accesses took %s\n", (unsigned)id, (unsigned)to,
                    (t1 - t0).to_string().c_str());
        status = to == 5000 && id % WC_MAX_NODES == 3 ? 0 : 1;
        sc_core::sc_stop();
    }
};

int sc_main(int, char *[])
{
    wc_nic_cfg cfg;
    wc_nic_cfg_default(&cfg, 16);
    sc_core::sc_clock clk("clk", 10, sc_core::SC_NS);
    sc_core::sc_signal<bool> rst_n("rst_n", false), idle("idle"), tx_valid("tx_valid"), rx_credit("rx_credit"), irq("irq");
    sc_core::sc_signal<uint32_t> node_id("node_id", 3);
    sc_core::sc_signal<uint64_t> no_flit("no_flit"), tx_flit("tx_flit");
    wc::nic_tlm nic("nic", cfg);       // ("nic", cfg, true): the Verilated RTL NIC, if the build has cfg's
    wc::tlm_memory mem("mem", WC_NODE_RAM_SIZE, { sc_core::SC_ZERO_TIME });
    cpu c("cpu");
    nic.clk_i(clk);
    nic.rst_ni(rst_n);
    nic.node_id_i(node_id);
    nic.rx_valid_i(idle);              // in a network: wc::network's terminal port signals
    nic.rx_flit_i(no_flit);
    nic.rx_credit_o(rx_credit);
    nic.tx_valid_o(tx_valid);
    nic.tx_flit_o(tx_flit);
    nic.tx_credit_i(idle);
    nic.irq_o(irq);
    c.bus.bind(nic.regs);
    nic.dma.bind(mem.port[0]);
    sc_core::sc_start(35, sc_core::SC_NS);
    rst_n.write(true);
    sc_core::sc_start();
    return c.status;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wc::node: the Wormcast node SoC (rtl/soc/wc_node_soc.v: core, RAM,
 * devices, NIC; the router is outside) as a SystemC module, in two
 * implementations behind one set of ports, chosen per instance like the
 * router's and the NIC's:
 *
 *   wc::node_c       the C model (cmodel/wc_node_soc.c) in an SC_MODULE
 *   wc::node_rtl<V, R>  the Verilated RTL (`verilator --sc`, class V, root R)
 *
 * The ports are the RTL's, with the types `verilator --sc` gives them
 * (bool for one bit, uint32_t up to 32, uint64_t up to 64), so that
 * node_rtl<V> binds the Verilated ports straight through; their values
 * are the fields of wc_node_out (defs/wc_node_port.h):
 *
 *   clk_i, rst_ni          clock; reset, active low, synchronous (the RAM
 *                          contents survive it)
 *   node_id_i              this node's id      } straps, sampled in reset
 *   node_count_i           the system size     }
 *   rx_valid_i, rx_flit_i  the router's ejection link into the NIC
 *   rx_credit_o            credit for it
 *   tx_valid_o, tx_flit_o  the injection link into the router
 *   tx_credit_i            the router's local input buffer freed a slot
 *   console_valid_o, console_data_o   a byte stored to the console
 *   exit_valid_o, exit_code_o         a word stored to the exit register
 *                                     (1 pass, code<<1|1 fail)
 *   ibus_*_o, dbus_*_o     the core's fetch and data masters (cyc, stb,
 *                          we, sel, adr, dat)
 *   gnt_o                  the RAM arbiter's grant (WC_NODE_GNT_*)
 *   irq_timer_o, irq_ext_o the core's interrupt inputs
 *   rvfi_*_o               the core's retire port (wc_retire_port)
 *   nic_*_o                the NIC's outputs besides the link (slave
 *                          answer, DMA master, interrupt)
 * A flit is {type, data} in the low W+2 bits of a uint64_t.
 *
 * Every output depends on registered state only: at the rising edge a
 * node samples the inputs of the cycle that ends, so nodes and routers of
 * either kind connect in any mix.  The outputs other than the link and
 * the devices are there to be observed: lockstep compares them.
 *
 * The RAM is loaded through its back door (load()), before the first
 * rising edge after reset, as the tool's engines load it: node_c writes
 * it at once (or when the model is made, at the first reset edge);
 * node_rtl at the next falling edge of clk_i, after the RTL's initial
 * blocks (which clear the RAM) have run, so that edge must come while
 * rst_ni is low. */
#ifndef WC_SC_NODE_H
#define WC_SC_NODE_H
#include <systemc.h>
#include <stdint.h>
#include <string>
#include <utility>
#include <vector>
extern "C" {
#include "wc_node_soc.h"
#include "wc_defs_macros.h"
}

/* The outputs, X(port, wc_node_out field, port type): the router link,
 * then the devices and what lockstep observes.  One table for the C
 * model's drive, node::read and node_observed. */
#define WC_SC_NODE_LINK_OUTS(X) X(tx_valid_o, tx_valid, bool) X(tx_flit_o, tx_flit, uint64_t) X(rx_credit_o, rx_credit, bool)
#define WC_SC_NODE_OBS_OUTS(X)                                                                                   \
    X(console_valid_o, console_valid, bool) X(console_data_o, console_data, uint32_t)                            \
    X(exit_valid_o, exit_valid, bool) X(exit_code_o, exit_code, uint32_t)                                        \
    X(ibus_cyc_o, ibus.cyc, bool) X(ibus_stb_o, ibus.stb, bool) X(ibus_we_o, ibus.we, bool)                      \
    X(ibus_sel_o, ibus.sel, uint32_t) X(ibus_adr_o, ibus.adr, uint32_t) X(ibus_dat_o, ibus.dat, uint32_t)        \
    X(dbus_cyc_o, dbus.cyc, bool) X(dbus_stb_o, dbus.stb, bool) X(dbus_we_o, dbus.we, bool)                      \
    X(dbus_sel_o, dbus.sel, uint32_t) X(dbus_adr_o, dbus.adr, uint32_t) X(dbus_dat_o, dbus.dat, uint32_t)        \
    X(gnt_o, gnt, uint32_t) X(irq_timer_o, irq_timer, bool) X(irq_ext_o, irq_ext, bool)                          \
    X(rvfi_valid_o, rvfi.valid, bool) X(rvfi_insn_o, rvfi.insn, uint32_t)                                        \
    X(rvfi_pc_rdata_o, rvfi.pc_rdata, uint32_t) X(rvfi_pc_wdata_o, rvfi.pc_wdata, uint32_t)                      \
    X(rvfi_rd_addr_o, rvfi.rd_addr, uint32_t) X(rvfi_rd_wdata_o, rvfi.rd_wdata, uint32_t)                        \
    X(rvfi_mem_addr_o, rvfi.mem_addr, uint32_t) X(rvfi_mem_rmask_o, rvfi.mem_rmask, uint32_t)                    \
    X(rvfi_mem_wmask_o, rvfi.mem_wmask, uint32_t) X(rvfi_mem_rdata_o, rvfi.mem_rdata, uint32_t)                  \
    X(rvfi_mem_wdata_o, rvfi.mem_wdata, uint32_t) X(rvfi_trap_o, rvfi.trap, bool)                                \
    X(rvfi_intr_o, rvfi.intr, bool) X(rvfi_cause_o, rvfi.cause, uint32_t)                                        \
    X(nic_s_ack_o, nic.s_ack, bool) X(nic_s_dat_o, nic.s_dat, uint32_t) X(nic_m_cyc_o, nic.m_cyc, bool)          \
    X(nic_m_stb_o, nic.m_stb, bool) X(nic_m_we_o, nic.m_we, bool) X(nic_m_adr_o, nic.m_adr, uint32_t)            \
    X(nic_m_dat_o, nic.m_dat, uint32_t) X(nic_m_sel_o, nic.m_sel, uint32_t) X(nic_irq_o, nic.irq, bool)

namespace wc {

class node : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i, rst_ni;
    sc_core::sc_in<uint32_t> node_id_i, node_count_i;
    sc_core::sc_in<bool> rx_valid_i;
    sc_core::sc_in<uint64_t> rx_flit_i;
    sc_core::sc_out<bool> rx_credit_o, tx_valid_o;
    sc_core::sc_out<uint64_t> tx_flit_o;
    sc_core::sc_in<bool> tx_credit_i;
    sc_core::sc_out<bool> console_valid_o;
    sc_core::sc_out<uint32_t> console_data_o;
    sc_core::sc_out<bool> exit_valid_o;
    sc_core::sc_out<uint32_t> exit_code_o;
    sc_core::sc_out<bool> ibus_cyc_o, ibus_stb_o, ibus_we_o;
    sc_core::sc_out<uint32_t> ibus_sel_o, ibus_adr_o, ibus_dat_o;
    sc_core::sc_out<bool> dbus_cyc_o, dbus_stb_o, dbus_we_o;
    sc_core::sc_out<uint32_t> dbus_sel_o, dbus_adr_o, dbus_dat_o;
    sc_core::sc_out<uint32_t> gnt_o;
    sc_core::sc_out<bool> irq_timer_o, irq_ext_o;
    sc_core::sc_out<bool> rvfi_valid_o;
    sc_core::sc_out<uint32_t> rvfi_insn_o, rvfi_pc_rdata_o, rvfi_pc_wdata_o, rvfi_rd_addr_o, rvfi_rd_wdata_o;
    sc_core::sc_out<uint32_t> rvfi_mem_addr_o, rvfi_mem_rmask_o, rvfi_mem_wmask_o, rvfi_mem_rdata_o, rvfi_mem_wdata_o;
    sc_core::sc_out<bool> rvfi_trap_o, rvfi_intr_o;
    sc_core::sc_out<uint32_t> rvfi_cause_o;
    sc_core::sc_out<bool> nic_s_ack_o;
    sc_core::sc_out<uint32_t> nic_s_dat_o;
    sc_core::sc_out<bool> nic_m_cyc_o, nic_m_stb_o, nic_m_we_o;
    sc_core::sc_out<uint32_t> nic_m_adr_o, nic_m_dat_o, nic_m_sel_o;
    sc_core::sc_out<bool> nic_irq_o;

    virtual const char *impl() const = 0;   /* "C" or "RTL" */
    /* RAM back door: nwords words at byte address addr (4-aligned, inside
     * the RAM; WC_SOC_RAM_BASE is its first byte) */
    virtual void load(uint32_t addr, const uint32_t *words, uint32_t nwords) = 0;
    /* every output as the struct of the C model and the engines, for
     * comparisons and observers */
    void read(wc_node_out *o) const;

protected:
    explicit node(sc_core::sc_module_name nm);
};

/* The C model.  cfg is copied (cfg.nodes is replaced by node_count_i at
 * reset; core_mutate, mutate and nic.mutate break this node for the
 * lockstep self-check).  Throws std::runtime_error when cfg is bad. */
class node_c : public node {
public:
    SC_HAS_PROCESS(node_c);
    node_c(sc_core::sc_module_name nm, const wc_node_soc_cfg &cfg);
    ~node_c() override;
    const char *impl() const override { return "C"; }
    void load(uint32_t addr, const uint32_t *words, uint32_t nwords) override;
    /* the model (NULL before the first reset edge): core, NIC, RAM */
    const wc_node_soc *model() const { return s_; }

private:
    void edge();
    void drive();
    wc_node_soc_cfg cfg_;
    wc_node_soc *s_ = nullptr;
    unsigned id_ = 0;
    int count_ = 0;
    std::vector<std::pair<uint32_t, std::vector<uint32_t>>> image_;    // replayed into a new model
    wc_node_out out_{}, prev_{};
    bool driven_ = false;
};

/* The Verilated RTL: V is a class `verilator --sc --top-module wc_node_soc`
 * made with one parameter set (mk/sc.mk); R is its root class (V___024root),
 * whose RAM array (public_flat in rtl/soc/wc_node_ram.v) is the back door. */
template <class V, class R>
class node_rtl : public node {
public:
    SC_HAS_PROCESS(node_rtl);
    explicit node_rtl(sc_core::sc_module_name nm) : node(nm), v_("rtl")
    {
        v_.clk_i(clk_i);
        v_.rst_ni(rst_ni);
        v_.node_id_i(node_id_i);
        v_.node_count_i(node_count_i);
        v_.rx_valid_i(rx_valid_i);
        v_.rx_flit_i(rx_flit_i);
        v_.rx_credit_o(rx_credit_o);
        v_.tx_valid_o(tx_valid_o);
        v_.tx_flit_o(tx_flit_o);
        v_.tx_credit_i(tx_credit_i);
        v_.console_valid_o(console_valid_o);
        v_.console_data_o(console_data_o);
        v_.exit_valid_o(exit_valid_o);
        v_.exit_code_o(exit_code_o);
        v_.ibus_cyc_o(ibus_cyc_o);
        v_.ibus_stb_o(ibus_stb_o);
        v_.ibus_we_o(ibus_we_o);
        v_.ibus_sel_o(ibus_sel_o);
        v_.ibus_adr_o(ibus_adr_o);
        v_.ibus_dat_o(ibus_dat_o);
        v_.dbus_cyc_o(dbus_cyc_o);
        v_.dbus_stb_o(dbus_stb_o);
        v_.dbus_we_o(dbus_we_o);
        v_.dbus_sel_o(dbus_sel_o);
        v_.dbus_adr_o(dbus_adr_o);
        v_.dbus_dat_o(dbus_dat_o);
        v_.gnt_o(gnt_o);
        v_.irq_timer_o(irq_timer_o);
        v_.irq_ext_o(irq_ext_o);
        v_.rvfi_valid_o(rvfi_valid_o);
        v_.rvfi_insn_o(rvfi_insn_o);
        v_.rvfi_pc_rdata_o(rvfi_pc_rdata_o);
        v_.rvfi_pc_wdata_o(rvfi_pc_wdata_o);
        v_.rvfi_rd_addr_o(rvfi_rd_addr_o);
        v_.rvfi_rd_wdata_o(rvfi_rd_wdata_o);
        v_.rvfi_mem_addr_o(rvfi_mem_addr_o);
        v_.rvfi_mem_rmask_o(rvfi_mem_rmask_o);
        v_.rvfi_mem_wmask_o(rvfi_mem_wmask_o);
        v_.rvfi_mem_rdata_o(rvfi_mem_rdata_o);
        v_.rvfi_mem_wdata_o(rvfi_mem_wdata_o);
        v_.rvfi_trap_o(rvfi_trap_o);
        v_.rvfi_intr_o(rvfi_intr_o);
        v_.rvfi_cause_o(rvfi_cause_o);
        v_.nic_s_ack_o(nic_s_ack_o);
        v_.nic_s_dat_o(nic_s_dat_o);
        v_.nic_m_cyc_o(nic_m_cyc_o);
        v_.nic_m_stb_o(nic_m_stb_o);
        v_.nic_m_we_o(nic_m_we_o);
        v_.nic_m_adr_o(nic_m_adr_o);
        v_.nic_m_dat_o(nic_m_dat_o);
        v_.nic_m_sel_o(nic_m_sel_o);
        v_.nic_irq_o(nic_irq_o);
        SC_METHOD(apply);
        sensitive << clk_i.neg();
        dont_initialize();
    }
    const char *impl() const override { return "RTL"; }
    void load(uint32_t addr, const uint32_t *words, uint32_t nwords) override
    {
        pending_.emplace_back(addr, std::vector<uint32_t>(words, words + nwords));
    }

private:
    // The RAM's words, as the engine's node writes them (verif/net/wc_rtl_nodes.cpp)
    void apply()
    {
        if (pending_.empty())
            return;
        if (rst_ni.read())
            SC_REPORT_ERROR("wc::node_rtl", "RAM loaded after reset ended: load() before the reset's last falling edge");
        auto &mem = v_.rootp->wc_node_soc__DOT__u_ram__DOT__mem_q;
        const uint32_t words = (uint32_t)(sizeof mem / sizeof mem[0]);
        for (auto &seg : pending_) {
            const uint32_t ix = (seg.first - WC_SOC_RAM_BASE) / 4;
            for (uint32_t k = 0; k < seg.second.size() && ix + k < words; k++)
                mem[ix + k] = seg.second[k];
        }
        pending_.clear();
    }
    V v_;
    std::vector<std::pair<uint32_t, std::vector<uint32_t>>> pending_;
};

/* A signal for every output that a harness only observes (devices, buses,
 * retire port, NIC): bind() ties them to a node, whose link and inputs the
 * harness binds itself; node::read() then sees every output. */
struct node_observed {
#define WC_SC_NODE_SIG(port, f, type) sc_core::sc_signal<type> port;
    WC_SC_NODE_OBS_OUTS(WC_SC_NODE_SIG)
#undef WC_SC_NODE_SIG
    void bind(node &n)
    {
#define WC_SC_NODE_BIND(port, f, type) n.port(port);
        WC_SC_NODE_OBS_OUTS(WC_SC_NODE_BIND)
#undef WC_SC_NODE_BIND
    }
};

/* The -G flags of a node configuration (wc_node_params, the node
 * engine's): "-GNNODES=16 -GW=32 ... -GRAM_BYTES=65536 -GMD_STEPS=1" */
std::string node_gparams(const wc_node_soc_cfg &c);
/* The Verilated node whose parameters are gparams, or NULL when this
 * program was built without one: only programs that link the node's
 * library (mk/sc.mk, SC_NODE_LIB: minutes to build) have one; the others
 * link wc_sc_node_none.o, which has none. */
node *make_rtl_node(sc_core::sc_module_name nm, const std::string &gparams);
/* the parameter sets this program has an RTL node for, on one line */
std::string rtl_node_list();

} // namespace wc
#endif

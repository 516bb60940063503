// SPDX-License-Identifier: Apache-2.0
// The node engine (WC_ENGINE_NODES of defs/wc_engine_abi.h): one Verilated
// wc_node_soc (core, RAM, devices, NIC) per node, behind the same
// per-cycle contract as the C model (cmodel/wc_node_soc.h), so a system
// simulation drives either, or both in lockstep; the routers are a
// network engine of their own.  Outputs depend on registers only, so a
// snapshot taken after the last clock edge is this cycle's wc_node_out;
// inputs are stored and applied at the next edge.
//
// Traces: any node may dump to its own FST.  The trace time is ten
// units (ns with the --timescale of build-engine.sh) per cycle since
// reset, as in the waveforms of wormcast sim: at 10*C a traced node shows
// cycle C as the caller sees it (registered outputs after C edges, the
// inputs it set for cycle C), and its clock rises at 10*C+5.
//
// The RAM's back door is its memory array, public to Verilator
// (public_flat in rtl/soc/wc_node_ram.v, so the modules still inline),
// written directly while the nodes are in reset; NNODES, public the same
// way, bounds the node count.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <type_traits>
#include <vector>
#include "Vwc_node_soc.h"
#include "Vwc_node_soc___024root.h"
#include "verilated.h"
#include "wc_shim.h"

namespace {
// The RAM as the model holds it; its size is the RAM_BYTES it was built with.
#define WC_NODE_MEM(x) ((x)->rootp->wc_node_soc__DOT__u_ram__DOT__mem_q)
using Mem = std::remove_reference<decltype(WC_NODE_MEM((Vwc_node_soc *)nullptr))>::type;
constexpr uint32_t RAM_BYTES = (uint32_t)sizeof(Mem);
static_assert(std::is_same<Mem, VlUnpacked<IData, RAM_BYTES / sizeof(IData)>>::value, "the RAM is an array of 32-bit words");
constexpr int NNODES = (int)Vwc_node_soc___024root::wc_node_soc__DOT__NNODES;

struct Nodes {
    VerilatedContext ctx;
    std::vector<Vwc_node_soc *> m;
    std::vector<std::unique_ptr<wc_shim::Trace>> trace;  // [node], null: not traced
    uint64_t cycle = 0;                                  // edges since reset
};

// The inputs set for this cycle settle into a traced node's nets only
// with an eval before the edge; untraced nodes skip it, nothing reads them.
void dump_cycle(Nodes *n)
{
    for (size_t i = 0; i < n->trace.size(); i++)
        if (n->trace[i]) { n->m[i]->eval(); n->trace[i]->dump(n->cycle * 10); }
}

void edge_all(Nodes *n)
{
    dump_cycle(n);
    for (auto *x : n->m) { x->clk_i = 1; x->eval(); }
    for (size_t i = 0; i < n->trace.size(); i++)
        if (n->trace[i]) n->trace[i]->dump(n->cycle * 10 + 5);
    for (auto *x : n->m) wc_shim::clock_low(x);
    n->cycle++;
}

int trace_open(void *h, int node, const char *path)
{
    Nodes *n = (Nodes *)h;
    if (n->trace[node]) return -1;
    std::unique_ptr<wc_shim::Trace> t(new wc_shim::Trace);
    if (t->open(n->m[node], path)) return -1;
    n->trace[node] = std::move(t);
    return 0;
}

// The cycle the run stopped in is dumped before the files close, so a
// trace that ends at a mismatch shows the mismatching cycle itself.
void trace_close(void *h)
{
    Nodes *n = (Nodes *)h;
    dump_cycle(n);
    for (auto &t : n->trace)
        if (t) { t->close(); t.reset(); }
}

void destroy(void *h)
{
    Nodes *n = (Nodes *)h;
    trace_close(h);
    for (auto *x : n->m) { x->final(); delete x; }
    delete n;
}

void build(Nodes *n, int count)
{
#if VM_TRACE_FST
    n->ctx.traceEverOn(true);
#endif
    wc_shim::assertions_reported(n->ctx);
    n->m.reserve(count);
    n->trace.resize((size_t)count);
    for (int i = 0; i < count; i++) {
        char name[32];
        snprintf(name, sizeof name, "node%d", i);
        Vwc_node_soc *x = new Vwc_node_soc(&n->ctx, name);
        n->m.push_back(x);
        x->node_id_i = (uint16_t)i;
        x->node_count_i = (uint16_t)count;
        x->clk_i = 0;
        x->rst_ni = 0;
        x->eval();
    }
}

void *create(int count, char *err, int errlen)
{
    if (count < 1 || count > NNODES) {
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen, "the RTL nodes were built for 1..%d nodes, not %d", NNODES, count);
        return nullptr;
    }
    return wc_shim::create<Nodes>("the RTL nodes", err, errlen, [=](Nodes *n) { build(n, count); }, destroy);
}

void load(void *h, int node, uint32_t addr, const uint32_t *words, uint32_t nwords)
{
    auto &mem = WC_NODE_MEM(((Nodes *)h)->m[node]);
    uint32_t ix = (addr % RAM_BYTES) / 4;
    for (uint32_t k = 0; k < nwords; k++) mem[ix + k] = words[k];
}

void reset(void *h, int cycles)
{
    Nodes *n = (Nodes *)h;
    for (auto *x : n->m) x->rst_ni = 0;
    for (int i = 0; i < cycles; i++) edge_all(n);
    for (auto *x : n->m) { x->rst_ni = 1; x->eval(); }
    n->cycle = 0;
}

void get(void *h, int i, wc_node_out *o)
{
    const Vwc_node_soc *x = ((Nodes *)h)->m[i];
    o->tx_valid = x->tx_valid_o;
    o->tx_flit = (uint64_t)x->tx_flit_o;
    o->rx_credit = x->rx_credit_o;
    o->console_valid = x->console_valid_o;
    o->console_data = x->console_data_o;
    o->exit_valid = x->exit_valid_o;
    o->exit_code = x->exit_code_o;
    o->ibus = { x->ibus_cyc_o, x->ibus_stb_o, x->ibus_we_o, x->ibus_sel_o, x->ibus_adr_o, x->ibus_dat_o };
    o->dbus = { x->dbus_cyc_o, x->dbus_stb_o, x->dbus_we_o, x->dbus_sel_o, x->dbus_adr_o, x->dbus_dat_o };
    o->gnt = x->gnt_o;
    o->irq_timer = x->irq_timer_o;
    o->irq_ext = x->irq_ext_o;
    wc_retire_port *r = &o->rvfi;
    r->valid = x->rvfi_valid_o;
    r->insn = x->rvfi_insn_o;
    r->pc_rdata = x->rvfi_pc_rdata_o;
    r->pc_wdata = x->rvfi_pc_wdata_o;
    r->rd_addr = x->rvfi_rd_addr_o;
    r->rd_wdata = x->rvfi_rd_wdata_o;
    r->mem_addr = x->rvfi_mem_addr_o;
    r->mem_rmask = x->rvfi_mem_rmask_o;
    r->mem_wmask = x->rvfi_mem_wmask_o;
    r->mem_rdata = x->rvfi_mem_rdata_o;
    r->mem_wdata = x->rvfi_mem_wdata_o;
    r->trap = x->rvfi_trap_o;
    r->intr = x->rvfi_intr_o;
    r->cause = x->rvfi_cause_o;
    wc_nic_out *c = &o->nic;
    c->tx_valid = o->tx_valid;
    c->tx_flit = o->tx_flit;
    c->rx_credit = o->rx_credit;
    c->s_ack = x->nic_s_ack_o;
    c->s_dat = x->nic_s_dat_o;
    c->m_cyc = x->nic_m_cyc_o;
    c->m_stb = x->nic_m_stb_o;
    c->m_we = x->nic_m_we_o;
    c->m_adr = x->nic_m_adr_o;
    c->m_dat = x->nic_m_dat_o;
    c->m_sel = x->nic_m_sel_o;
    c->irq = x->nic_irq_o;
}

void set(void *h, int i, const wc_node_in *in)
{
    Vwc_node_soc *x = ((Nodes *)h)->m[i];
    x->rx_valid_i = (uint8_t)in->rx_valid;
    x->rx_flit_i = in->rx_flit;
    x->tx_credit_i = (uint8_t)in->tx_credit;
}

void tick(void *h)
{
    edge_all((Nodes *)h);
}

const wc_engine_nodes_abi table = { wc_shim::head<wc_engine_nodes_abi>(WC_ENGINE_NODES),
                                    sizeof(wc_node_in), sizeof(wc_node_out), RAM_BYTES,
                                    create, destroy, load, reset, get, set, tick, trace_open, trace_close,
                                    wc_shim::failure };
} // namespace
WC_SHIM_ENTRY(wc_engine_nodes_abi, wc_engine_nodes, table)

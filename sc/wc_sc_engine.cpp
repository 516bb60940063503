// SPDX-License-Identifier: Apache-2.0
// The SystemC engine (WC_ENGINE_SC_NET of defs/wc_engine_abi.h): one
// SystemC simulation of a network's routers (wc::network) and, when asked,
// one wc::nic per node, each the C model or the Verilated RTL, behind the
// same per-cycle contract as the RTL engines, so that the tool's front
// ends (wormcast sim, msg) drive it with their own traffic, scoreboard and
// lockstep comparison.  Built by mk/sc.mk into a shared object the tool
// loads with dlopen (sw/host/wc_rtl.c, wc_sc_open); nothing here prints to
// stdout, and no C++ exception crosses the table.
//
// Time: the clock's rising edges are at 0, 10, 20 ns...; between two
// calls the simulation rests 5 ns after an edge, where every output is
// settled and every input written by the caller is pending until the next
// sc_start, which applies it before the next edge.
#include "wc_sc_net.h"
#include "wc_sc_nic.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
extern "C" {
#include "wc_defs.h"
#include "wc_engine_abi.h"
#include "wc_topo.h"
}

namespace {

const sc_core::sc_time PERIOD(10, sc_core::SC_NS), HALF(5, sc_core::SC_NS);

// The kernel reports to stdout by default, where the tool writes its
// CSV and JSON: its messages go to stderr instead.
void report_handler(const sc_core::sc_report &rep, const sc_core::sc_actions &actions)
{
    if (actions & sc_core::SC_DISPLAY)
        std::fprintf(stderr, "wormcast: SystemC: %s\n", sc_core::sc_report_compose_message(rep).c_str());
    if (actions & sc_core::SC_STOP)
        sc_core::sc_stop();
    if (actions & sc_core::SC_ABORT)
        std::abort();
    if (actions & sc_core::SC_THROW)
        throw rep;
}

class top : public sc_core::sc_module {
public:
    const int N;
    sc_core::sc_clock clk;
    sc_core::sc_signal<bool> rst_n;
    std::unique_ptr<wc::network> net;
    std::vector<std::unique_ptr<wc::nic>> nics;
    // NIC ports, [node]
    sc_core::sc_vector<sc_core::sc_signal<uint32_t>> node_id;
    sc_core::sc_vector<sc_core::sc_signal<bool>> rx_valid, rx_credit, tx_valid, tx_credit;
    sc_core::sc_vector<sc_core::sc_signal<uint64_t>> rx_flit, tx_flit;
    sc_core::sc_vector<sc_core::sc_signal<bool>> s_cyc, s_stb, s_we, s_ack, m_cyc, m_stb, m_we, m_ack, m_err, irq;
    sc_core::sc_vector<sc_core::sc_signal<uint32_t>> s_adr, s_dat_i, s_sel, s_dat_o, m_adr, m_dat_o, m_sel, m_dat_i;
    std::vector<int> terminals;     // flat indices of the ports wired to nodes

    top(sc_core::sc_module_name nm, const wc_topo *t, const wc_engine_sc_spec *sp)
        : sc_core::sc_module(nm), N(sp->nic ? t->nnodes : 0), clk("clk", PERIOD), rst_n("rst_n", false),
          node_id("node_id", (size_t)N), rx_valid("rx_valid", (size_t)N), rx_credit("rx_credit", (size_t)N),
          tx_valid("tx_valid", (size_t)N), tx_credit("tx_credit", (size_t)N), rx_flit("rx_flit", (size_t)N),
          tx_flit("tx_flit", (size_t)N), s_cyc("s_cyc", (size_t)N), s_stb("s_stb", (size_t)N), s_we("s_we", (size_t)N),
          s_ack("s_ack", (size_t)N), m_cyc("m_cyc", (size_t)N), m_stb("m_stb", (size_t)N), m_we("m_we", (size_t)N),
          m_ack("m_ack", (size_t)N), m_err("m_err", (size_t)N), irq("irq", (size_t)N), s_adr("s_adr", (size_t)N),
          s_dat_i("s_dat_i", (size_t)N), s_sel("s_sel", (size_t)N), s_dat_o("s_dat_o", (size_t)N),
          m_adr("m_adr", (size_t)N), m_dat_o("m_dat_o", (size_t)N), m_sel("m_sel", (size_t)N),
          m_dat_i("m_dat_i", (size_t)N)
    {
        std::vector<bool> rtl((size_t)t->nrouters);
        for (int r = 0; r < t->nrouters; r++)
            rtl[(size_t)r] = sp->rtl_router && sp->rtl_router[r];
        net.reset(new wc::network("net", t, sp->width, sp->buffer, rtl, sp->router_mutate));
        net->clk_i(clk);
        net->rst_ni(rst_n);
        for (int i = 0; i < t->nrouters * t->nports; i++)
            if (t->peer[i].router == WC_PEER_NODE)
                terminals.push_back(i);
        if (!N)
            return;
        const std::string gp = wc::nic_gparams(*sp->nic);
        for (int n = 0; n < N; n++) {
            const std::string name = "nic" + std::to_string(n);
            wc::nic *x;
            if (sp->rtl_nic && sp->rtl_nic[n]) {
                if (!(x = wc::make_rtl_nic(name.c_str(), gp)))
                    throw std::runtime_error("no RTL NIC with the parameters of " + std::string(t->name) + "'s NICs (" +
                                             gp + ") in this build, which has: " + wc::rtl_nic_list());
            } else {
                x = new wc::nic_c(name.c_str(), *sp->nic);
            }
            nics.emplace_back(x);
            const size_t k = (size_t)n;
            node_id[k].write((uint32_t)n);
            x->clk_i(clk);
            x->rst_ni(rst_n);
            x->node_id_i(node_id[k]);
            x->rx_valid_i(rx_valid[k]);
            x->rx_flit_i(rx_flit[k]);
            x->rx_credit_o(rx_credit[k]);
            x->tx_valid_o(tx_valid[k]);
            x->tx_flit_o(tx_flit[k]);
            x->tx_credit_i(tx_credit[k]);
            x->s_cyc_i(s_cyc[k]);
            x->s_stb_i(s_stb[k]);
            x->s_we_i(s_we[k]);
            x->s_adr_i(s_adr[k]);
            x->s_dat_i(s_dat_i[k]);
            x->s_sel_i(s_sel[k]);
            x->s_ack_o(s_ack[k]);
            x->s_dat_o(s_dat_o[k]);
            x->m_cyc_o(m_cyc[k]);
            x->m_stb_o(m_stb[k]);
            x->m_we_o(m_we[k]);
            x->m_adr_o(m_adr[k]);
            x->m_dat_o(m_dat_o[k]);
            x->m_sel_o(m_sel[k]);
            x->m_ack_i(m_ack[k]);
            x->m_err_i(m_err[k]);
            x->m_dat_i(m_dat_i[k]);
            x->irq_o(irq[k]);
        }
    }
};

struct engine {
    wc_topo *t = nullptr;
    top *m = nullptr;           // never deleted: the kernel keeps its modules
    bool started = false;
};

bool elaborated;    // one SystemC simulation per process

void fail(char *err, int errlen, const std::string &msg)
{
    if (err && errlen > 0)
        std::snprintf(err, (size_t)errlen, "%s", msg.c_str());
}

void *create(const wc_engine_sc_spec *sp, char *err, int errlen)
{
    if (elaborated) {
        fail(err, errlen, "the SystemC engine elaborates one simulation per process, and this process has made one "
                          "already: run one SystemC simulation per wormcast command");
        return nullptr;
    }
    char e[512];
    wc_topo *t = wc_topo_create(sp->topo, e, sizeof e);
    if (!t) {
        fail(err, errlen, e);
        return nullptr;
    }
    if (sp->routing && wc_topo_set_routing(t, sp->routing, e, sizeof e) != 0) {
        fail(err, errlen, e);
        wc_topo_free(t);
        return nullptr;
    }
    if (sp->nic && sp->nic->nnodes != t->nnodes) {
        fail(err, errlen, "NIC parameters for " + std::to_string(sp->nic->nnodes) + " nodes, " + t->name + " has " +
                              std::to_string(t->nnodes));
        wc_topo_free(t);
        return nullptr;
    }
    // before the kernel's first word: no banner on the tool's stdout
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    sc_core::sc_report_handler::set_handler(report_handler);
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    elaborated = true;
    wc::rtl_assertions_reported();
    engine *g = nullptr;
    try {
        g = new engine;
        g->t = t;
        g->m = new top("wc", t, sp);
    } catch (const std::exception &x) {
        // the half-built modules stay with the kernel, which cannot take
        // them apart: this process makes no second attempt (an
        // sc_report is a std::exception too)
        fail(err, errlen, x.what());
        delete g;
        wc_topo_free(t);
        return nullptr;
    }
    return g;
}

void destroy(void *h)
{
    engine *g = (engine *)h;
    wc_topo_free(g->t);
    delete g;
}

// sc_start with the kernel's errors turned into a message and an exit:
// the table has no way to return them, and a simulation that failed
// cannot go on.
void run(engine *g, const sc_core::sc_time &d)
{
    try {
        sc_core::sc_start(d);
    } catch (const std::exception &x) {
        std::fprintf(stderr, "wormcast: SystemC engine: %s\n", x.what());
        std::exit(2);
    }
    g->started = true;
}

void reset(void *h, int cycles)
{
    engine *g = (engine *)h;
    g->m->rst_n.write(false);
    for (int i = 0; i < cycles; i++)
        run(g, g->started ? PERIOD : HALF);
    g->m->rst_n.write(true);
}

void set_ext(void *h, int idx, int valid, uint64_t flit, int credit)
{
    wc::network &n = *((engine *)h)->m->net;
    n.ext_valid[(size_t)idx].write(valid != 0);
    if (valid)
        n.ext_flit[(size_t)idx].write(flit);
    n.ext_credit[(size_t)idx].write(credit != 0);
}

void get(void *h, int idx, int *valid, uint64_t *flit, int *credit)
{
    const wc::network &n = *((engine *)h)->m->net;
    *valid = n.out_valid[(size_t)idx].read();
    *flit = n.out_flit[(size_t)idx].read();
    *credit = n.in_credit[(size_t)idx].read();
}

void get_abs(void *h, int idx, int *valid, uint64_t *flit)
{
    const wc::network &n = *((engine *)h)->m->net;
    *valid = n.abs_valid[(size_t)idx].read();
    *flit = n.abs_flit[(size_t)idx].read();
}

unsigned drops(void *h, int r) { return ((engine *)h)->m->net->drops[(size_t)r].read(); }

void nic_get(void *h, int i, wc_nic_out *o)
{
    const top &m = *((engine *)h)->m;
    const size_t k = (size_t)i;
    o->tx_valid = m.tx_valid[k].read();
    o->tx_flit = m.tx_flit[k].read();
    o->rx_credit = m.rx_credit[k].read();
    o->s_ack = m.s_ack[k].read();
    o->s_dat = m.s_dat_o[k].read();
    o->m_cyc = m.m_cyc[k].read();
    o->m_stb = m.m_stb[k].read();
    o->m_we = m.m_we[k].read();
    o->m_adr = m.m_adr[k].read();
    o->m_dat = m.m_dat_o[k].read();
    o->m_sel = m.m_sel[k].read();
    o->irq = m.irq[k].read();
}

void nic_set(void *h, int i, const wc_nic_in *in)
{
    top &m = *((engine *)h)->m;
    const size_t k = (size_t)i;
    m.rx_valid[k].write(in->rx_valid != 0);
    m.rx_flit[k].write(in->rx_flit);
    m.tx_credit[k].write(in->tx_credit != 0);
    m.s_cyc[k].write(in->s_cyc != 0);
    m.s_stb[k].write(in->s_stb != 0);
    m.s_we[k].write(in->s_we != 0);
    m.s_adr[k].write(in->s_adr);
    m.s_dat_i[k].write(in->s_dat);
    m.s_sel[k].write(in->s_sel);
    m.m_ack[k].write(in->m_ack != 0);
    m.m_err[k].write(in->m_err != 0);
    m.m_dat_i[k].write(in->m_dat);
}

void tick(void *h) { run((engine *)h, PERIOD); }

void tick_idle_net(void *h)
{
    engine *g = (engine *)h;
    for (int i : g->m->terminals) {
        g->m->net->ext_valid[(size_t)i].write(false);
        g->m->net->ext_credit[(size_t)i].write(false);
    }
    tick(h);
}

const char *router_impl(void *h, int r) { return ((engine *)h)->m->net->at(r).impl(); }
const char *nic_impl(void *h, int n) { return ((engine *)h)->m->nics[(size_t)n]->impl(); }
const char *failure(void *) { return wc::rtl_failure(); }

const wc_engine_sc_abi table = {
    { WC_ENGINE_ABI_VERSION, WC_ENGINE_SC_NET, sizeof(wc_engine_sc_abi) },
    sizeof(wc_nic_in), sizeof(wc_nic_out), sizeof(wc_nic_cfg), sizeof(wc_engine_sc_spec),
    create, destroy, reset, set_ext, get, get_abs, drops, nic_get, nic_set, tick, tick_idle_net, router_impl, nic_impl,
    failure
};

} // namespace

extern "C" const wc_engine_sc_abi *wc_engine_sc(void) { return &table; }

// libsystemc's main() calls sc_main; the tool has its own main and never
// calls it, but the dynamic loader must resolve the name.
int sc_main(int, char *[])
{
    std::fprintf(stderr, "the Wormcast SystemC engine is a library, loaded by wormcast\n");
    return 2;
}

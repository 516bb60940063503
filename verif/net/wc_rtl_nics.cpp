// SPDX-License-Identifier: Apache-2.0
// The NIC engine (WC_ENGINE_NICS of defs/wc_engine_abi.h): one Verilated
// wc_nic per node, behind the same per-cycle contract as the C model
// (cmodel/wc_nic.h), so the message simulation (sw/host/wc_msg.c) drives
// either, or both in lockstep.  Outputs depend on registers only, so a
// snapshot taken after the last clock edge is this cycle's wc_nic_out;
// inputs are stored and applied at the next edge.
#include <cstdint>
#include <cstdio>
#include <vector>
#include "Vwc_nic.h"
#include "Vwc_nic___024root.h"
#include "verilated.h"
#include "wc_shim.h"

namespace {
struct Nics {
    VerilatedContext ctx;
    std::vector<Vwc_nic *> m;
};

void edge_all(Nics *n)
{
    for (auto *x : n->m) { x->clk_i = 1; x->eval(); }
    for (auto *x : n->m) wc_shim::clock_low(x);
}

void destroy(void *h)
{
    Nics *n = (Nics *)h;
    for (auto *x : n->m) { x->final(); delete x; }
    delete n;
}

void build(Nics *n, int count)
{
    wc_shim::assertions_reported(n->ctx);
    n->m.reserve(count);
    for (int i = 0; i < count; i++) {
        char name[32];
        snprintf(name, sizeof name, "nic%d", i);
        Vwc_nic *x = new Vwc_nic(&n->ctx, name);
        x->node_id_i = (uint16_t)i;
        x->clk_i = 0;
        x->rst_ni = 0;
        x->eval();
        n->m.push_back(x);
    }
}

void *create(int count, char *err, int errlen)
{
    if (count < 1) {
        if (err && errlen > 0) snprintf(err, (size_t)errlen, "the RTL NICs need at least one NIC, not %d", count);
        return nullptr;
    }
    return wc_shim::create<Nics>("the RTL NICs", err, errlen, [=](Nics *n) { build(n, count); }, destroy);
}

void reset(void *h, int cycles)
{
    Nics *n = (Nics *)h;
    for (auto *x : n->m) x->rst_ni = 0;
    for (int i = 0; i < cycles; i++) edge_all(n);
    for (auto *x : n->m) { x->rst_ni = 1; x->eval(); }
}

void get(void *h, int i, wc_nic_out *o)
{
    const Vwc_nic *x = ((Nics *)h)->m[i];
    o->tx_valid = x->tx_valid_o;
    o->tx_flit = (uint64_t)x->tx_flit_o;
    o->rx_credit = x->rx_credit_o;
    o->s_ack = x->s_ack_o;
    o->s_dat = x->s_dat_o;
    o->m_cyc = x->m_cyc_o;
    o->m_stb = x->m_stb_o;
    o->m_we = x->m_we_o;
    o->m_adr = x->m_adr_o;
    o->m_dat = x->m_dat_o;
    o->m_sel = x->m_sel_o;
    o->irq = x->irq_o;
}

void set(void *h, int i, const wc_nic_in *in)
{
    Vwc_nic *x = ((Nics *)h)->m[i];
    x->rx_valid_i = (uint8_t)in->rx_valid;
    x->rx_flit_i = in->rx_flit;
    x->tx_credit_i = (uint8_t)in->tx_credit;
    x->s_cyc_i = (uint8_t)in->s_cyc;
    x->s_stb_i = (uint8_t)in->s_stb;
    x->s_we_i = (uint8_t)in->s_we;
    x->s_adr_i = in->s_adr;
    x->s_dat_i = in->s_dat;
    x->s_sel_i = (uint8_t)in->s_sel;
    x->m_ack_i = (uint8_t)in->m_ack;
    x->m_err_i = (uint8_t)in->m_err;
    x->m_dat_i = in->m_dat;
}

void tick(void *h)
{
    edge_all((Nics *)h);
}

const wc_engine_nics_abi table = { wc_shim::head<wc_engine_nics_abi>(WC_ENGINE_NICS), sizeof(wc_nic_in),
                                   sizeof(wc_nic_out), create, destroy, reset, get, set, tick, wc_shim::failure };
} // namespace
WC_SHIM_ENTRY(wc_engine_nics_abi, wc_engine_nics, table)

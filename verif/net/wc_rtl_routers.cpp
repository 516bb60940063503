// SPDX-License-Identifier: Apache-2.0
// The router network engine (WC_ENGINE_ROUTER_NET of defs/wc_engine_abi.h):
// one Verilated wc_router per network router, wired by
// this harness exactly as wc_net_top.v wires them (flat port index
// i = router*P + port on every bus).  One router model per router
// configuration instead of one model per network: Verilator specializes
// code per instance, so a flattened 64-router network is ~50x the C++ of
// one router (minutes to compile); this way every topology of a
// configuration reuses one small build.
//
// Per cycle: eval() snapshots every router's outputs (they depend only
// on registers), get() reads the snapshot, tick() drives each router's
// inputs from its neighbours' snapshot and clocks them all.
#include <cstdint>
#include <cstdio>
#include <vector>
#include "wc_shim.h"
#include "Vwc_router.h"
#include "Vwc_router___024root.h"
#include "verilated.h"

namespace {
// Sequential packing of P fields of w bits into a Verilator port value.
template <typename T> void pack(T &v, const uint64_t *x, int n, int w)
{
    uint64_t acc = 0;
    for (int i = n - 1; i >= 0; i--) acc = (acc << w) | x[i];
    v = (T)acc;
}
template <std::size_t N> void pack(VlWide<N> &v, const uint64_t *x, int n, int w)
{
    unsigned __int128 acc = 0;
    int bits = 0, word = 0;
    for (int i = 0; i < n; i++) {
        acc |= (unsigned __int128)x[i] << bits;
        bits += w;
        while (bits >= 32) { v[word++] = (uint32_t)acc; acc >>= 32; bits -= 32; }
    }
    if (bits) v[word++] = (uint32_t)acc;
    while (word < (int)N) v[word++] = 0;
}
template <typename T> void unpack(const T &v, uint64_t *x, int n, int w)
{
    uint64_t acc = (uint64_t)v, m = w >= 64 ? ~0ull : ((1ull << w) - 1);
    for (int i = 0; i < n; i++) { x[i] = acc & m; acc = w >= 64 ? 0 : acc >> w; }
}
template <std::size_t N> void unpack(const VlWide<N> &v, uint64_t *x, int n, int w)
{
    unsigned __int128 acc = 0;
    int bits = 0, word = 0;
    const uint64_t m = (1ull << w) - 1;
    for (int i = 0; i < n; i++) {
        while (bits < w) { acc |= (unsigned __int128)v[word++] << bits; bits += 32; }
        x[i] = (uint64_t)acc & m;
        acc >>= w;
        bits -= w;
    }
}

struct Net {
    VerilatedContext ctx;
    std::vector<Vwc_router *> r;
    int R = 0, P = 0, FW = 0;
    std::vector<int> peer;                 // flat peer index, -1 none, -2 terminal
    std::vector<uint8_t> ov, oc, ev, ec;   // snapshot outputs / terminal inputs
    std::vector<uint64_t> of, ef, af;
    std::vector<uint8_t> av;
    std::vector<unsigned> drops;
};

void edge_all(Net *n)
{
    for (auto *m : n->r) { m->clk_i = 1; m->eval(); }
    for (auto *m : n->r) wc_shim::clock_low(m);
}

void destroy(void *h)
{
    Net *n = (Net *)h;
    for (auto *m : n->r) { m->final(); delete m; }
    delete n;
}

void build(Net *n, int R, int P, int FW, const int *peer)
{
    n->R = R; n->P = P; n->FW = FW;
    n->peer.assign(peer, peer + R * P);
    n->ov.assign(R * P, 0); n->oc.assign(R * P, 0); n->of.assign(R * P, 0);
    n->ev.assign(R * P, 0); n->ec.assign(R * P, 0); n->ef.assign(R * P, 0);
    n->drops.assign(R, 0);
    n->av.assign(R * P, 0); n->af.assign(R * P, 0);
    wc_shim::assertions_reported(n->ctx);
    n->r.reserve(R);
    for (int i = 0; i < R; i++) {
        char name[32];
        snprintf(name, sizeof name, "r%d", i);
        Vwc_router *m = new Vwc_router(&n->ctx, name);
        m->node_id_i = (uint16_t)i;
        m->clk_i = 0;
        m->rst_ni = 0;
        m->eval();
        n->r.push_back(m);
    }
}

void *create(int R, int P, int FW, const int *peer, char *err, int errlen)
{
    // tick() gathers one router's input flits in an array of 64
    if (R < 1 || P < 1 || P > 64 || FW < 1 || FW > 64) {
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen,
                     "the RTL router network takes 1..64 ports of 1..64-bit flits, not %d routers x %d ports of %d bits",
                     R, P, FW);
        return nullptr;
    }
    return wc_shim::create<Net>("the RTL router network", err, errlen, [=](Net *n) { build(n, R, P, FW, peer); }, destroy);
}

void reset(void *h, int cycles)
{
    Net *n = (Net *)h;
    for (auto *m : n->r) m->rst_ni = 0;
    for (int i = 0; i < cycles; i++) edge_all(n);
    for (auto *m : n->r) { m->rst_ni = 1; m->eval(); }
}

void cfg(void *h, int router, unsigned addr, unsigned data)
{
    Vwc_router *m = ((Net *)h)->r[router];
    m->cfg_we_i = 1;
    m->cfg_addr_i = addr;
    m->cfg_data_i = (uint8_t)data;
    m->clk_i = 1; m->eval();
    m->clk_i = 0; m->cfg_we_i = 0; m->eval();
}

void set_ext(void *h, int idx, int valid, uint64_t flit, int credit)
{
    Net *n = (Net *)h;
    n->ev[idx] = (uint8_t)valid;
    n->ef[idx] = flit;
    n->ec[idx] = (uint8_t)credit;
}

void eval(void *h)
{
    Net *n = (Net *)h;
    const int P = n->P, FW = n->FW;
    for (int r = 0; r < n->R; r++) {
        Vwc_router *m = n->r[r];
        uint64_t v = (uint64_t)m->out_valid_o, c = (uint64_t)m->in_credit_o;
        for (int p = 0; p < P; p++) {
            n->ov[r * P + p] = (uint8_t)((v >> p) & 1);
            n->oc[r * P + p] = (uint8_t)((c >> p) & 1);
        }
        unpack(m->out_flit_o, &n->of[r * P], P, FW);
        uint64_t a = (uint64_t)m->abs_valid_o;
        for (int p = 0; p < P; p++)
            n->av[r * P + p] = (uint8_t)((a >> p) & 1);
        if (a)
            unpack(m->abs_flit_o, &n->af[r * P], P, FW);
        else
            for (int p = 0; p < P; p++) n->af[r * P + p] = 0;
        n->drops[r] = m->drop_count_o;
    }
}

void get(void *h, int idx, int *valid, uint64_t *flit, int *credit)
{
    Net *n = (Net *)h;
    *valid = n->ov[idx];
    *flit = n->of[idx];
    *credit = n->oc[idx];
}

void get_abs(void *h, int idx, int *valid, uint64_t *flit)
{
    Net *n = (Net *)h;
    *valid = n->av[idx];
    *flit = n->af[idx];
}

unsigned drops(void *h, int router)
{
    return ((Net *)h)->drops[router];
}

void tick(void *h)
{
    Net *n = (Net *)h;
    const int P = n->P, FW = n->FW;
    uint64_t f[64];
    for (int r = 0; r < n->R; r++) {
        Vwc_router *m = n->r[r];
        uint64_t v = 0, c = 0;
        for (int p = 0; p < P; p++) {
            int i = r * P + p, q = n->peer[i];
            f[p] = 0;
            if (q >= 0) {
                v |= (uint64_t)n->ov[q] << p; c |= (uint64_t)n->oc[q] << p;
                if (n->ov[q]) f[p] = n->of[q];
            } else if (q == -2) {
                v |= (uint64_t)n->ev[i] << p; c |= (uint64_t)n->ec[i] << p;
                if (n->ev[i]) f[p] = n->ef[i];
            }
        }
        m->in_valid_i = v;
        m->out_credit_i = c;
        pack(m->in_flit_i, f, P, FW);
    }
    edge_all(n);
}

// routers never trace: the flat network does
int trace_open(void *, const char *) { return -1; }
void trace_close(void *) {}

const wc_engine_net_abi table = { wc_shim::head<wc_engine_net_abi>(WC_ENGINE_ROUTER_NET), create, destroy, reset, cfg,
                                  set_ext, eval, get, get_abs, drops, tick, trace_open, trace_close,
                                  wc_shim::failure };
} // namespace
WC_SHIM_ENTRY(wc_engine_net_abi, wc_engine_router_net, table)

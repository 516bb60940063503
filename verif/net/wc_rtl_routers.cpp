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
// Per cycle: eval() snapshots the routers' outputs (they depend only on
// registers), get() reads the snapshot, tick() drives the routers'
// inputs from their neighbours' snapshot and clocks them.
//
// Quiescent routers are not clocked.  A model's whole state is the bytes
// of its two objects (the root with its ports, the router module with
// every register and internal signal), and one clock edge is a
// deterministic function of those bytes.  So when an edge leaves them
// exactly as they were, that state is a fixed point under those inputs:
// every further edge with the same inputs leaves it again, and skipping
// them changes nothing, outputs included.  tick() checks this on routers
// whose inputs did not change and whose outputs are all clear (an idle
// router, or a worm waiting for a credit; a router moving a flit or
// returning a credit changes a counter, so it is not checked) by
// comparing the bytes before and after the edge, and puts the router to
// sleep when they agree; a sleeping router is clocked again from the
// first cycle its inputs differ from those it holds.  The comparison is
// exact by construction (it reads nothing of what the RTL's registers
// mean); the lockstep against the C model checks it, and
// tests/router/mutation.sh checks that a wrong sleep is caught.
//
// Work follows activity: eval() reads back only the routers clocked since
// the last call (a sleeping router's outputs are clear and stay so), and
// tick() looks only at the routers awake and those an input may have
// changed for: the peers of a router whose link outputs eval() found
// changed, and the router of a terminal input set to a new value.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>
#include "wc_shim.h"
#include "Vwc_router.h"
#include "Vwc_router___024root.h"
#include "Vwc_router_wc_router.h"
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
    int R = 0, P = 0, FW = 0, NW = 0;
    std::vector<int> peer;                 // flat peer index, -1 none, -2 terminal
    std::vector<uint8_t> ov, oc, ev, ec;   // snapshot outputs / terminal inputs
    std::vector<uint64_t> of, ef, af;
    std::vector<uint8_t> av;
    std::vector<unsigned> drops;
    // per router: the routers across its links; its ports and absorption
    // channels active in the snapshot
    std::vector<std::vector<int>> peers;
    std::vector<uint64_t> term, act, absm;
    // routers driving a terminal port / an absorption channel in the
    // snapshot, bit r%64 of word r/64
    std::vector<uint64_t> busy_ext, busy_abs;
    // asleep: at a fixed point for the inputs it holds.  todo: the routers
    // tick() looks at (awake, or an input may have changed: a peer's
    // outputs or a terminal input); ticked: clocked since eval() last
    // read their outputs.
    std::vector<uint8_t> asleep, queued;
    std::vector<int> todo, next, ticked;
    std::vector<unsigned char> before; // a model's state bytes before its edge
    // the inputs each model holds, kept here (v, c, then the flit
    // words), so that looking at a router does not touch its model
    std::size_t HW = 0;
    std::vector<uint64_t> held;
};

// The bytes of one model's state (see the top): its root and its router.
constexpr std::size_t ROOT_BYTES = sizeof(Vwc_router___024root), MOD_BYTES = sizeof(Vwc_router_wc_router);
void save(const Vwc_router *m, unsigned char *to)
{
    std::memcpy(to, (const void *)m->rootp, ROOT_BYTES);
    std::memcpy(to + ROOT_BYTES, (const void *)m->rootp->__PVT__wc_router, MOD_BYTES);
}
bool same(const Vwc_router *m, const unsigned char *as)
{
    return !std::memcmp(as, (const void *)m->rootp, ROOT_BYTES) &&
           !std::memcmp(as + ROOT_BYTES, (const void *)m->rootp->__PVT__wc_router, MOD_BYTES);
}

void edge(Vwc_router *m)
{
    m->clk_i = 1;
    m->eval();
    wc_shim::clock_low(m);
}

void look_at(Net *n, int r)
{
    if (!n->queued[r]) { n->queued[r] = 1; n->todo.push_back(r); }
}

// Every router awake, looked at and read again (after reset, edges of all).
void wake_all(Net *n)
{
    n->todo.clear();
    n->ticked.clear();
    for (int r = 0; r < n->R; r++) {
        n->asleep[r] = 0;
        n->queued[r] = 1;
        n->todo.push_back(r);
        n->ticked.push_back(r);
    }
}

void edge_all(Net *n)
{
    for (auto *m : n->r) edge(m);
}

void destroy(void *h)
{
    Net *n = (Net *)h;
    for (auto *m : n->r) { m->final(); delete m; }
    delete n;
}

void build(Net *n, int R, int P, int FW, const int *peer)
{
    n->R = R; n->P = P; n->FW = FW; n->NW = (R + 63) / 64;
    n->peer.assign(peer, peer + R * P);
    n->ov.assign(R * P, 0); n->oc.assign(R * P, 0); n->of.assign(R * P, 0);
    n->ev.assign(R * P, 0); n->ec.assign(R * P, 0); n->ef.assign(R * P, 0);
    n->drops.assign(R, 0);
    n->av.assign(R * P, 0); n->af.assign(R * P, 0);
    n->peers.assign(R, {});
    n->term.assign(R, 0); n->act.assign(R, 0); n->absm.assign(R, 0);
    n->busy_ext.assign(n->NW, 0); n->busy_abs.assign(n->NW, 0);
    for (int r = 0; r < R; r++)
        for (int p = 0; p < P; p++) {
            int q = peer[r * P + p];
            if (q == -2) n->term[r] |= 1ull << p;
            if (q < 0) continue;
            int pr = q / P;
            bool have = false;
            for (int x : n->peers[r]) have |= x == pr;
            if (!have) n->peers[r].push_back(pr);
        }
    n->asleep.assign(R, 0); n->queued.assign(R, 0);
    n->todo.reserve(R); n->next.reserve(R); n->ticked.reserve(R);
    n->before.assign(ROOT_BYTES + MOD_BYTES, 0);
    n->HW = 2 + (sizeof(std::remove_reference_t<decltype(Vwc_router::in_flit_i)>) + 7) / 8;
    n->held.assign(n->HW * R, 0);
    wc_shim::assertions_reported(n->ctx);
    n->r.reserve(R);
    for (int i = 0; i < R; i++) {
        char name[32];
        snprintf(name, sizeof name, "r%d", i);
        Vwc_router *m = new Vwc_router(&n->ctx, name);
        m->node_id_i = (uint16_t)i;
        // (the inputs held[] says it holds)
        m->in_valid_i = 0;
        m->out_credit_i = 0;
        std::memset((void *)&m->in_flit_i, 0, sizeof m->in_flit_i);
        m->clk_i = 0;
        m->rst_ni = 0;
        m->eval();
        n->r.push_back(m);
    }
    wake_all(n);
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
    wake_all(n);
}

void cfg(void *h, int router, unsigned addr, unsigned data)
{
    Net *n = (Net *)h;
    Vwc_router *m = n->r[router];
    m->cfg_we_i = 1;
    m->cfg_addr_i = addr;
    m->cfg_data_i = (uint8_t)data;
    m->clk_i = 1; m->eval();
    m->clk_i = 0; m->cfg_we_i = 0; m->eval();
    n->asleep[router] = 0;
    look_at(n, router);
    bool read = false;
    for (int x : n->ticked) read |= x == router;
    if (!read) n->ticked.push_back(router);
}

void set_ext(void *h, int idx, int valid, uint64_t flit, int credit)
{
    Net *n = (Net *)h;
    if (n->ev[idx] == (uint8_t)valid && n->ef[idx] == flit && n->ec[idx] == (uint8_t)credit) return;
    n->ev[idx] = (uint8_t)valid;
    n->ef[idx] = flit;
    n->ec[idx] = (uint8_t)credit;
    look_at(n, idx / n->P);
}

// The snapshot of the routers clocked since the last call (the others'
// outputs are as they were: all zero, as a router sleeps only with its
// outputs clear); their peers' inputs may have changed.
void eval(void *h)
{
    Net *n = (Net *)h;
    const int P = n->P, FW = n->FW;
    uint64_t fl[64];
    for (int r : n->ticked) {
        Vwc_router *m = n->r[r];
        uint64_t v = (uint64_t)m->out_valid_o, c = (uint64_t)m->in_credit_o;
        // (what the peers see: only a change wakes them)
        bool changed = false;
        unpack(m->out_flit_o, fl, P, FW);
        for (int p = 0; p < P; p++) {
            const int i = r * P + p;
            const uint8_t vp = (uint8_t)((v >> p) & 1), cp = (uint8_t)((c >> p) & 1);
            changed |= n->ov[i] != vp || n->oc[i] != cp || n->of[i] != fl[p];
            n->ov[i] = vp;
            n->oc[i] = cp;
            n->of[i] = fl[p];
        }
        uint64_t a = (uint64_t)m->abs_valid_o;
        for (int p = 0; p < P; p++)
            n->av[r * P + p] = (uint8_t)((a >> p) & 1);
        if (a)
            unpack(m->abs_flit_o, &n->af[r * P], P, FW);
        else
            for (int p = 0; p < P; p++) n->af[r * P + p] = 0;
        n->drops[r] = m->drop_count_o;
        n->act[r] = v | c;
        n->absm[r] = a;
        const uint64_t bit = 1ull << (r & 63);
        if ((v | c) & n->term[r]) n->busy_ext[r >> 6] |= bit; else n->busy_ext[r >> 6] &= ~bit;
        if (a) n->busy_abs[r >> 6] |= bit; else n->busy_abs[r >> 6] &= ~bit;
        if (changed)
            for (int q : n->peers[r]) look_at(n, q);
    }
    n->ticked.clear();
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


// Drive the routers looked at from their neighbours' snapshot (and the
// terminal inputs), and clock those that are awake or whose inputs
// changed; see the top for when a router falls asleep.
void tick(void *h)
{
    Net *n = (Net *)h;
    const int P = n->P, FW = n->FW;
    uint64_t f[64];
    n->next.clear();
    for (int r : n->todo) {
        n->queued[r] = 0;
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
        // the inputs it holds, unchanged?
        uint64_t *hd = &n->held[n->HW * r];
        std::remove_reference_t<decltype(m->in_flit_i)> fl;
        pack(fl, f, P, FW);
        bool held = hd[0] == v && hd[1] == c && !std::memcmp(&fl, hd + 2, sizeof fl);
        if (held && n->asleep[r]) continue;
        n->asleep[r] = 0;
        if (!held) {
            m->in_valid_i = v;
            m->out_credit_i = c;
            std::memcpy(&m->in_flit_i, &fl, sizeof fl);
            hd[0] = v;
            hd[1] = c;
            std::memcpy(hd + 2, &fl, sizeof fl);
        }
        bool check = held && !m->out_valid_o && !m->in_credit_o && !m->abs_valid_o;
        if (check) save(m, n->before.data());
        edge(m);
        if (check) n->asleep[r] = same(m, n->before.data());
        n->ticked.push_back(r);
        if (!n->asleep[r]) n->next.push_back(r);
    }
    n->todo.swap(n->next);
    for (int r : n->todo) n->queued[r] = 1;
}

// routers never trace: the flat network does
int trace_open(void *, const char *) { return -1; }
void trace_close(void *) {}

const wc_engine_net_abi table = { wc_shim::head<wc_engine_net_abi>(WC_ENGINE_ROUTER_NET), create, destroy, reset, cfg,
                                  set_ext, eval, get, get_abs, drops, tick, trace_open, trace_close,
                                  wc_shim::failure };
} // namespace
WC_SHIM_ENTRY(wc_engine_net_abi, wc_engine_router_net, table)

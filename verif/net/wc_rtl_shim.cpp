// SPDX-License-Identifier: Apache-2.0
// The flat network engine (WC_ENGINE_FLAT_NET of defs/wc_engine_abi.h):
// the generated network top (wc_net_top) verilated whole, loaded by
// `wormcast` with dlopen.  Slow to compile, but it can dump every internal
// signal to FST.  build-engine.sh compiles it for one topology and passes its
// dimensions (WC_FLAT_PORTS = routers x ports, WC_FLAT_FW = flit bits),
// so create() refuses a network of other dimensions.
#include <cstdint>
#include <cstdio>
#include "wc_shim.h"
#include "Vwc_net_top.h"
#include "verilated.h"

namespace {
struct Rtl {
    VerilatedContext ctx;
    Vwc_net_top *top = nullptr;
    wc_shim::Trace trace;
    int fw = 0;
};

// Bit-field access for every Verilator port representation.
template <typename T> uint64_t getb(const T &v, int lsb, int w)
{
    uint64_t x = (uint64_t)v >> lsb;
    return w >= 64 ? x : x & ((1ull << w) - 1);
}
template <std::size_t N> uint64_t getb(const VlWide<N> &v, int lsb, int w)
{
    uint64_t x = 0;
    for (int b = 0; b < w;) {
        int word = (lsb + b) >> 5, off = (lsb + b) & 31, take = 32 - off;
        if (take > w - b) take = w - b;
        uint64_t bits = ((uint64_t)v[word] >> off) & ((take == 32) ? 0xffffffffull : ((1ull << take) - 1));
        x |= bits << b;
        b += take;
    }
    return x;
}
template <typename T> void setb(T &v, int lsb, int w, uint64_t x)
{
    uint64_t m = (w >= 64 ? ~0ull : ((1ull << w) - 1)) << lsb;
    v = (T)(((uint64_t)v & ~m) | ((x << lsb) & m));
}
template <std::size_t N> void setb(VlWide<N> &v, int lsb, int w, uint64_t x)
{
    for (int b = 0; b < w;) {
        int word = (lsb + b) >> 5, off = (lsb + b) & 31, take = 32 - off;
        if (take > w - b) take = w - b;
        uint32_t m = (take == 32 ? 0xffffffffu : ((1u << take) - 1)) << off;
        v[word] = (v[word] & ~m) | ((uint32_t)((x >> b) << off) & m);
        b += take;
    }
}

void edge(Rtl *r)
{
    r->top->clk_i = 1;
    r->top->eval();
    r->trace.dump();
    r->top->clk_i = 0;
    r->top->eval();
    r->trace.dump();
}

int trace_open(void *h, const char *path)
{
    Rtl *r = (Rtl *)h;
    return r->trace.open(r->top, path);
}

void trace_close(void *h)
{
    ((Rtl *)h)->trace.close();
}

void destroy(void *h)
{
    Rtl *r = (Rtl *)h;
    trace_close(h);
    if (r->top) {
        r->top->final();
        delete r->top;
    }
    delete r;
}

void *create(int routers, int ports, int fw, const int *peer, char *err, int errlen)
{
    (void)peer; // the links are wired in the generated top
    if (routers * ports != WC_FLAT_PORTS || fw != WC_FLAT_FW) {
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen, "this flat RTL network has %d ports of %d-bit flits, not %d x %d ports of %d bits",
                     WC_FLAT_PORTS, WC_FLAT_FW, routers, ports, fw);
        return nullptr;
    }
    return wc_shim::create<Rtl>("the flat RTL network", err, errlen, [fw](Rtl *r) {
        r->fw = fw;
        wc_shim::assertions_reported(r->ctx);
        r->ctx.traceEverOn(true);
        r->top = new Vwc_net_top(&r->ctx);
        r->top->clk_i = 0;
        r->top->rst_ni = 0;
        r->top->eval();
    }, destroy);
}

void reset(void *h, int cycles)
{
    Rtl *r = (Rtl *)h;
    r->top->rst_ni = 0;
    for (int i = 0; i < cycles; i++) edge(r);
    r->top->rst_ni = 1;
    r->top->eval();
}

void cfg(void *h, int router, unsigned addr, unsigned data)
{
    Rtl *r = (Rtl *)h;
    r->top->cfg_we_i = 1;
    r->top->cfg_router_i = (uint16_t)router;
    r->top->cfg_addr_i = addr;
    r->top->cfg_data_i = (uint8_t)data;
    edge(r);
    r->top->cfg_we_i = 0;
    r->top->eval();
}

void set_ext(void *h, int idx, int valid, uint64_t flit, int credit)
{
    Rtl *r = (Rtl *)h;
    setb(r->top->ext_valid_i, idx, 1, (uint64_t)valid);
    setb(r->top->ext_flit_i, idx * r->fw, r->fw, flit);
    setb(r->top->ext_credit_i, idx, 1, (uint64_t)credit);
}

void eval(void *h)
{
    ((Rtl *)h)->top->eval();
}

void get(void *h, int idx, int *valid, uint64_t *flit, int *credit)
{
    Rtl *r = (Rtl *)h;
    *valid = (int)getb(r->top->mon_valid_o, idx, 1);
    *flit = getb(r->top->mon_flit_o, idx * r->fw, r->fw);
    *credit = (int)getb(r->top->mon_credit_o, idx, 1);
}

void get_abs(void *h, int idx, int *valid, uint64_t *flit)
{
    Rtl *r = (Rtl *)h;
    *valid = (int)getb(r->top->mon_abs_valid_o, idx, 1);
    *flit = getb(r->top->mon_abs_flit_o, idx * r->fw, r->fw);
}

unsigned drops(void *h, int router)
{
    return (unsigned)getb(((Rtl *)h)->top->mon_drops_o, router * 16, 16);
}

void tick(void *h)
{
    edge((Rtl *)h);
}

const wc_engine_net_abi table = { wc_shim::head<wc_engine_net_abi>(WC_ENGINE_FLAT_NET), create, destroy, reset, cfg,
                                  set_ext, eval, get, get_abs, drops, tick, trace_open, trace_close,
                                  wc_shim::failure };
} // namespace
WC_SHIM_ENTRY(wc_engine_net_abi, wc_engine_flat_net, table)

// SPDX-License-Identifier: Apache-2.0
// The Verilated NIC (rtl/nic/wc_nic.v) as the DUT of the lockstep bench:
// only the port mapping, reset, clocking and waveform live here; the
// bench itself (stimulus, comparison, report) is C in nic_lock.c.
// Built once per parameter set with -DNIC_BUILT="NNODES=16 W=32 ..." (the
// values given to Verilator as -G), see mk/nicunit.mk.
#include <cstdio>
#include "Vwc_nic.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif
extern "C" {
#include "nic_lock.h"
}

#ifndef NIC_BUILT
#error "build with -DNIC_BUILT=\"NNODES=.. W=.. ...\": the parameters given to Verilator"
#endif

namespace {

struct Rtl {
    VerilatedContext ctx;
    Vwc_nic *m = nullptr;
#if VM_TRACE_FST
    VerilatedFstC *tfp = nullptr;
#endif
    uint64_t time = 0;
    int W = 32;
};

void dump(Rtl *r)
{
#if VM_TRACE_FST
    if (r->tfp) r->tfp->dump(r->time);
#endif
    r->time++;
}

void tick(Rtl *r)
{
    r->m->clk_i = 1;
    r->m->eval();
    dump(r);
    r->m->clk_i = 0;
    r->m->eval();
    dump(r);
}

void *rtl_open(const wc_nic_cfg *c, const char *wave, char *err, int errlen)
{
    Rtl *r = new Rtl;
    r->W = c->W;
    // RTL assertions ($error) are reported as mismatches, not exits
    r->ctx.fatalOnError(false);
    if (wave) {
#if VM_TRACE_FST
        r->ctx.traceEverOn(true);
#else
        std::snprintf(err, (size_t)errlen, "this build has no waveform support (verif/nic/run.sh --wave builds one)");
        delete r;
        return nullptr;
#endif
    }
    r->m = new Vwc_nic(&r->ctx);
#if VM_TRACE_FST
    if (wave) {
        r->tfp = new VerilatedFstC;
        r->m->trace(r->tfp, 99);
        r->tfp->open(wave);
    }
#endif
    (void)err;
    (void)errlen;
    return r;
}

void rtl_close(void *d)
{
    Rtl *r = static_cast<Rtl *>(d);
#if VM_TRACE_FST
    if (r->tfp) {
        r->tfp->close();
        delete r->tfp;
    }
#endif
    r->m->final();
    delete r->m;
    delete r;
}

void rtl_drive(void *d, const wc_nic_in *in)
{
    Rtl *r = static_cast<Rtl *>(d);
    Vwc_nic *m = r->m;
    m->rx_valid_i = in->rx_valid != 0;
    m->rx_flit_i = in->rx_flit;
    m->tx_credit_i = in->tx_credit != 0;
    m->s_cyc_i = in->s_cyc != 0;
    m->s_stb_i = in->s_stb != 0;
    m->s_we_i = in->s_we != 0;
    m->s_adr_i = in->s_adr;
    m->s_dat_i = in->s_dat;
    m->s_sel_i = in->s_sel & 0xFu;
    m->m_ack_i = in->m_ack != 0;
    m->m_err_i = in->m_err != 0;
    m->m_dat_i = in->m_dat;
    // node_id_i counts only while rst_ni is low: out of reset it wanders
    if (m->rst_ni) m->node_id_i = (in->s_dat ^ in->m_dat ^ (uint32_t)in->rx_flit) & 0xFFFu;
    m->eval();
}

// rst_ni low for `edges` edges with node_id_i set (sampled in reset),
// all other inputs idle; released before the first compared cycle
void rtl_reset(void *d, unsigned node, int edges)
{
    Rtl *r = static_cast<Rtl *>(d);
    wc_nic_in idle = {};
    r->m->clk_i = 0;
    r->m->rst_ni = 0;
    rtl_drive(d, &idle);
    r->m->node_id_i = node & 0xFFFu;
    r->m->eval();
    for (int i = 0; i < edges; i++)
        tick(r);
    r->m->rst_ni = 1;
    r->m->eval();
}

void rtl_outputs(void *d, wc_nic_out *o)
{
    const Vwc_nic *m = static_cast<Rtl *>(d)->m;
    o->tx_valid = m->tx_valid_o;
    o->tx_flit = m->tx_flit_o;
    o->rx_credit = m->rx_credit_o;
    o->s_ack = m->s_ack_o;
    o->s_dat = m->s_dat_o;
    o->m_cyc = m->m_cyc_o;
    o->m_stb = m->m_stb_o;
    o->m_we = m->m_we_o;
    o->m_adr = m->m_adr_o;
    o->m_dat = m->m_dat_o;
    o->m_sel = m->m_sel_o;
    o->irq = m->irq_o;
}

void rtl_edge(void *d) { tick(static_cast<Rtl *>(d)); }

int rtl_failed(void *d, char *msg, int n)
{
    Rtl *r = static_cast<Rtl *>(d);
    if (!r->ctx.gotError()) return 0;
    r->ctx.gotError(false);
    std::snprintf(msg, (size_t)n, "an RTL assertion failed (its message is above)");
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    nl_dut_ops ops = {};
    ops.name = "RTL";
    ops.built = NIC_BUILT;
    ops.open = rtl_open;
    ops.close = rtl_close;
    ops.reset = rtl_reset;
    ops.outputs = rtl_outputs;
    ops.drive = rtl_drive;
    ops.edge = rtl_edge;
    ops.failed = rtl_failed;
    return nl_main(argc, argv, &ops);
}

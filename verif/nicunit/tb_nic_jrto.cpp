// SPDX-License-Identifier: Apache-2.0
// wc_nic_jrto.v against cmodel/wc_nic_jrto.c (nic_jrto_commit()) and
// nic_rto() (cmodel/wc_nic_int.h): the job unit's adaptive timeout.  The
// bench plays stage B of the pipeline (wc_nic_jrel and wc_nic_jsel): one
// operation a cycle on one (job, child), which may be a first-time data
// packet starting a probe (only while none runs, as wc_nic_jsel asks),
// an acknowledgement of the probe's child that covers its packet (a round
// trip) or NAKs it (Karn), a timeout of the probe's child or another, or
// a job leaving; and the job table's starts of send and forwarding jobs.
// Round trips are short, long, or long enough to raise the peak past the
// floor, the clock runs from near its wrap now and then, and the timeout
// register moves below, across and far above eight times the peak, so
// that every branch of the clamp shows.  The C side holds the probe and
// the peak in its wc_nic (n->jobs) and reads the clock and the timeout
// register there.
#include "nicunit.h"
#include "Vwc_nic_jrto.h"

#if !defined(UT_JSEND) || !defined(UT_JFWD) || !defined(UT_KW)
#error "build with the unit's parameters: -DUT_JSEND=.. -DUT_JFWD=.. -DUT_KW=.. [-DUT_MAXCHILD=..] (mk/unit_nic.mk)"
#endif

namespace {

const int JS = UT_JSEND, JF = UT_JFWD, J = JS + JF, KW = UT_KW;
#ifdef UT_MAXCHILD
const int MC = UT_MAXCHILD;
#else
const int MC = MAXC;
#endif
const int JW = nu_clog2(J), CIW = MC > 1 ? nu_clog2(MC) : 1;

enum {
    X_START, X_RAISE, X_LOWER, X_END_SAMPLE, X_END_TMO, X_TMO_OTHER, X_END_NAK, X_END_PUSH, X_PUSH_OTHER,
    X_END_NEWFJ, X_END_CREATE, X_NEW_OTHER, X_RTO_MIN, X_RTO_T, X_RTO_PK, X_WRAP, X_NX
};
const char *const XNAME[X_NX] = {
    "probe-started", "sample-raises-peak", "sample-decays-peak", "ended-by-round-trip",
    "ended-by-timeout-of-its-child", "timeout-of-another-child-keeps-it", "ended-by-nak-karn",
    "ended-by-completion", "completion-of-another-job-keeps-it", "ended-by-forwarding-job-in-its-place",
    "ended-by-send-job-in-its-place", "new-job-elsewhere-keeps-it", "rto-at-floor", "rto-at-timeout-register",
    "rto-eight-times-peak", "clock-wraps-during-probe"};

struct Bench {
    NuBench &b;
    Vwc_nic_jrto m;
    wc_nic *n;
    // how long a round trip takes (cycles before the probe's ack is drawn)
    uint32_t rtt_lo = 10, rtt_span = 100, rtt = 10;
    // a resend or the job's end cuts a probe short (rare while round
    // trips are long, or few would end)
    double p_end = 0.03;
    int e[X_NX], e_soft;

    Bench(NuBench &bb, const wc_nic_cfg &c) : b(bb), m(&bb.ctx), n(bb.nic(c, 0))
    {
        for (int i = 0; i < X_NX; i++) e[i] = b.event(XNAME[i]);
        e_soft = b.event("soft-reset");
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    void setup()
    {
        n->regs.now = b.chance(0.5) ? 0xFFFFF000u + b.below(4096) : b.u32();
        n->regs.timeout = 100000;
    }
    // a timeout register below the floor, about it, and far above it (or
    // the largest), so the clamp shows every branch
    uint32_t timeout()
    {
        switch (b.below(4)) {
        case 0: return b.below(WC_NIC_RTO_MIN);
        case 1: return WC_NIC_RTO_MIN + b.below(8 * WC_NIC_RTO_MIN);
        case 2: return b.chance(0.5) ? 0xFFFFFFFFu : b.u32();
        default: return 8 * WC_NIC_RTO_MIN + b.below(64 * WC_NIC_RTO_MIN);
        }
    }

    void cycle()
    {
        nic_jobs_q *q = &n->jobs;
        nic_regs_q *g = &n->regs;
        if (b.cycle % 4000 == 0) {
            g->timeout = timeout();
            // round trips of a few cycles, hundreds, or past the floor's
            // eighth (the peak then shows in the timeout)
            switch (b.below(3)) {
            case 0: rtt_lo = 1; rtt_span = 20; p_end = 0.03; break;
            case 1: rtt_lo = 50; rtt_span = 400; p_end = 0.01; break;
            default:
                rtt_lo = WC_NIC_RTO_MIN / 8;
                rtt_span = WC_NIC_RTO_MIN / 2;
                p_end = 0.0005;
                if (b.chance(0.7)) g->timeout = 8 * WC_NIC_RTO_MIN + b.below(64 * WC_NIC_RTO_MIN);
                break;
            }
        }
        // (the clock jumps now and then, to near its wrap, while no probe
        // runs: a round trip across the wrap must not show)
        if (!q->pr_v && b.chance(0.002)) g->now = b.chance(0.5) ? 0xFFFFFFFFu - b.below(256) : b.u32();
        g->now++;
        bool soft = b.chance(0.0001);

        nic_dec d;
        nu_dec_idle(&d);
        nic_jobs_dec &jd = d.jobs;
        // stage B's operation and its (job, child)
        unsigned bj = b.below(J), bc = b.below(MC);
        bool mine = false;
        if (q->pr_v && b.chance(0.6)) {
            bj = q->pr_j;
            bc = q->pr_c;
            mine = true;
        } else if (q->pr_v && bj == q->pr_j && bc == q->pr_c) {
            bc = (bc + 1) % MC;         // (another child, or another job's)
            if (MC == 1) bj = (bj + 1) % J;
        }
        bool start = false, sample = false, nak_pr = false, tmo = false, push = false;
        uint32_t age = g->now - q->pr_t0;
        switch (b.below(5)) {
        case 0:                         // SEL: a first-time data packet
            start = !q->pr_v && b.chance(0.5);
            break;
        case 1:                         // ACK: of the probe's child, a round trip after a while; NAK
            if (mine) {
                sample = age >= rtt;
                nak_pr = b.chance(p_end);
            }
            break;
        case 2:                         // TMO
            tmo = b.chance(mine ? p_end : 0.3);
            break;
        case 3:                         // DONE (of another job: the probe's job leaving ends it)
            push = b.chance(mine ? p_end / 3 : q->pr_v && bj == q->pr_j ? 0 : 0.1);
            break;
        default: break;
        }
        unsigned k = (unsigned)b.bits(KW);
        // the job table: a job starts (never both kinds in one cycle)
        bool newfj = false, create = false;
        unsigned nj = b.below(J);
        if (b.chance(0.02)) {
            newfj = b.chance(0.5);
            create = !newfj;
            nj = newfj ? JS + nj % JF : nj % JS;
            // (another job's index, or now and then the probe's)
            if (q->pr_v && nj == q->pr_j && !b.chance(10 * p_end)) newfj = create = false;
            if (q->pr_v && b.chance(10 * p_end) && (q->pr_j >= JS) == newfj) nj = q->pr_j;
        }
        jd.probe = start;
        jd.pkt.job = (uint8_t)bj;
        jd.pkt.child = (uint8_t)bc;
        jd.pkt.k = (uint16_t)k;
        jd.sample = sample;
        jd.nak_pr = nak_pr;
        jd.tmo = tmo;
        jd.scan_j = (int)bj;
        jd.scan_c = (int)bc;
        jd.push = push ? (int)bj : -1;
        d.rp.new_fj = newfj;
        d.rp.nfj = (int)nj;
        d.sq.create = create;
        d.sq.job = (int)nj;

        m.soft_i = soft;
        m.now_i = g->now;
        m.timeout_i = g->timeout;
        m.b_j_i = bj;
        m.b_c_i = bc;
        m.start_i = start;
        m.k_i = k;
        m.sample_i = sample;
        m.nak_pr_i = nak_pr;
        m.tmo_i = tmo;
        m.push_i = push;
        m.newfj_i = newfj;
        m.nfj_i = nj;
        m.create_i = create;
        m.cj_i = nj;
        m.eval();

        uint32_t rto = nic_rto(n);
        b.eq("rto_o", m.rto_o, rto, 32);
        b.eq("pr_v_o", m.pr_v_o, q->pr_v, 1);
        if (q->pr_v) {
            b.eq("pr_j_o", m.pr_j_o, q->pr_j, JW);
            b.eq("pr_c_o", m.pr_c_o, q->pr_c, CIW);
            b.eq("pr_k_o", m.pr_k_o, q->pr_k, KW);
        }

        // events, against the state before the edge
        bool pr_v = q->pr_v;
        uint32_t pk = q->pk, T = g->timeout, r8 = pk << 3;
        b.hit(e[X_RTO_MIN], r8 < WC_NIC_RTO_MIN && WC_NIC_RTO_MIN < T);
        b.hit(e[X_RTO_T], rto == T && T < (r8 < WC_NIC_RTO_MIN ? (uint32_t)WC_NIC_RTO_MIN : r8));
        b.hit(e[X_RTO_PK], r8 > WC_NIC_RTO_MIN && r8 < T);
        nic_jrto_commit(n, &d);
        b.hit(e[X_START], !pr_v && q->pr_v);
        // the probe's round trip, when its packet's ack comes
        if (!pr_v && q->pr_v) rtt = rtt_lo + b.below(rtt_span + 1);
        if (sample) {
            uint32_t r = age;
            b.hit(e[r > pk ? X_RAISE : X_LOWER]);
            b.hit(e[X_WRAP], g->now < age);
        }
        if (pr_v && !q->pr_v) {
            int why = sample ? X_END_SAMPLE : nak_pr ? X_END_NAK : tmo ? X_END_TMO : push ? X_END_PUSH
                    : newfj ? X_END_NEWFJ : X_END_CREATE;
            b.hit(e[why]);
        }
        if (pr_v && q->pr_v) {
            b.hit(e[X_TMO_OTHER], tmo);
            b.hit(e[X_PUSH_OTHER], push);
            b.hit(e[X_NEW_OTHER], newfj || create);
        }
        b.edge(m, n, soft, e_soft);
        if (soft) setup();
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("jrto", argc, argv, 100000);
    wc_nic_cfg c = nu_cfg(WC_NIC_PAYLOAD);
    c.jsend = JS;
    c.jfwd = JF;
    c.maxchild = MC;
    Bench t(b, c);
    return b.run(t);
}

// SPDX-License-Identifier: Apache-2.0
// wc_nic_dma.v against cmodel/wc_nic_dma.c (nic_dma_out(), nic_dma_decide(),
// nic_dma_commit()).  The bench plays all five clients and the bus: the
// completion FIFO's producers (an entry only while there is room), the
// receive processor's write queue (packets of open contexts, last ones
// with or without a completion, forwarded ones naming their job), its
// contexts (read through the context port; a failed write marks one),
// its receive-buffer FIFO (fetches into it, buffers taken out), the
// transmit selection asking for staging (any length, the last word
// masked), the send-queue unit (a descriptor, then maybe a destination
// list), the job address port, the slots' read port, the host's rings
// (completion ring filling up, receive ring emptying, sizes changed while
// the master is idle) and a Wishbone slave that answers in the same cycle
// or after waits, with bus errors now and then.  The C side sees the same
// through its wc_nic's registers, write queue, contexts, prefetch FIFO,
// selection register, jobs and send-queue state.
#include "nicunit.h"
#include "Vwc_nic_dma.h"

#if !defined(UT_PAYLOAD) || !defined(UT_NSLOT) || !defined(UT_NCTX) || !defined(UT_J)
#error "build with the unit's parameters: -DUT_PAYLOAD=.. -DUT_NSLOT=.. -DUT_NCTX=.. -DUT_J=.. (mk/unit_nic.mk)"
#endif

namespace {

const int PAYLOAD = UT_PAYLOAD, S = UT_NSLOT, NC = UT_NCTX, J = UT_J;
const int PW = PAYLOAD / 4, SW = S > 1 ? nu_clog2(S) : 1, CW = NC > 1 ? nu_clog2(NC) : 1, JW = nu_clog2(J);
const int IW = PW > 1 ? nu_clog2(PW) : 1;

struct Bench {
    NuBench &b;
    Vwc_nic_dma m;
    wc_nic *n;
    std::deque<nic_wq> wq;
    double p_ack = 1.0, p_err = 0.01, p_req = 0.3, p_host = 0.15;
    int sel_hold = 0;                   // cycles the ready selection stays before the emitter takes it
    unsigned slot_ns = 0, slot_ni = 0;  // the slot word addressed a cycle ahead (the slot table's block RAM)
    // the write queue's entry of the next cycle, known a cycle ahead (as
    // the receive processor knows a packet it accepts: wq_nslot_i)
    bool push_next = false;
    nic_wq next_e{};
    int e_op[NCLI], e_err[NCLI], e_cd, e_hostdone, e_hderr, e_ctxerr, e_fifofull, e_ringfull, e_rqfull, e_partial,
        e_list, e_wait, e_all, e_soft, e_urgent;

    Bench(NuBench &bb, const wc_nic_cfg &c) : b(bb), m(&bb.ctx), n(bb.nic(c, 0))
    {
        static const char *const op[NCLI] = {"op-cq", "op-rx-write", "op-rq-fetch", "op-staging", "op-sq-read"};
        static const char *const er[NCLI] = {"buserr-cq", "buserr-rx-write", "buserr-rq-fetch", "buserr-staging",
                                             "buserr-sq-read"};
        for (int i = 0; i < NCLI; i++) {
            e_op[i] = b.event(op[i]);
            e_err[i] = b.event(er[i]);
        }
        e_cd = b.event("rx-write-with-completion");
        e_hostdone = b.event("forwarded-message-in-host-memory");
        e_hderr = b.event("forwarded-message-with-error");
        e_ctxerr = b.event("completion-of-failed-message");
        e_fifofull = b.event("completion-fifo-full");
        e_ringfull = b.event("completion-ring-full");
        e_rqfull = b.event("prefetch-fifo-full");
        e_partial = b.event("partial-last-word");
        e_list = b.event("destination-list-read");
        e_wait = b.event("slave-wait-state");
        e_all = b.event("all-clients-asking");
        e_soft = b.event("soft-reset");
        e_urgent = b.event("rx-write-at-half-full-queue");
        for (size_t i = 0; i < (size_t)S * PW; i++) n->sbuf[i] = b.u32();
        for (int j = 0; j < J; j++) n->jobs.job[j].addr = b.u32() & ~3u;
        for (int i = 0; i < NC; i++) context(i);
        rings();
    }
    ~Bench() { wc_nic_free(n); }

    void context(int i)
    {
        nic_ctx *x = &n->rxp.ctx[i];
        x->valid = 1;
        x->err = b.chance(0.1);
        x->addr = b.u32() & ~3u;
        x->src = (uint16_t)b.below(4096);
        x->group = (uint16_t)b.below(4096);
        x->msglen = (uint16_t)(1 + b.below(WC_NIC_MAX_MSG));
    }
    uint16_t ring_size() { return (uint16_t)(b.chance(0.1) ? 0 : b.chance(0.1) ? 3 + b.below(5) : 1u << b.below(4)); }
    void rings()
    {
        nic_regs_q *g = &n->regs;
        g->cq_base = b.u32() & ~15u;
        g->rq_base = b.u32() & ~7u;
        g->sq_base = b.u32() & ~15u;
        g->cq_size = ring_size();
        g->rq_size = ring_size();
        g->sq_size = ring_size();
        g->cq_head = g->cq_tail = (uint16_t)b.below(65536);
        g->rq_head = g->rq_tail = (uint16_t)b.below(65536);
        g->sq_head = (uint16_t)b.below(65536);
    }

    // the other units and the host between cycles
    void neighbours()
    {
        nic_regs_q *g = &n->regs;
        nic_rxp_q *r = &n->rxp;
        nic_tx_q *t = &n->tx;
        if (b.cycle % 3000 == 0) {
            static const double pa[] = {1.0, 0.6, 0.15};
            p_ack = pa[b.below(3)];
            p_err = b.chance(0.5) ? 0.0 : 0.05;
            p_req = b.chance(0.5) ? 0.8 : 0.2;
            // the host takes completions, or has stopped (the ring fills)
            p_host = b.chance(0.3) ? 0.0 : p_req * 0.5;
        }
        if (!n->dma.busy && b.chance(0.002)) rings();
        if (g->cq_head != g->cq_tail && b.chance(p_host)) g->cq_head++;
        if ((uint16_t)(g->rq_tail - g->rq_head) < 4 && b.chance(p_req * 0.3)) g->rq_tail++;
        if (r->rqb_n && b.chance(0.05)) {
            r->rqb_n--;
            r->rqb_rd ^= 1u;
        }
        if (push_next) wq.push_back(next_e);
        push_next = false;
        if (wq.size() < (size_t)S && b.chance(p_req * 0.4)) {
            nic_wq &e = next_e;
            e = nic_wq{};
            e.slot = (uint16_t)b.below(S);
            e.ctx = (uint16_t)b.below(NC);
            e.off = (uint16_t)(b.below(64) * PAYLOAD);
            e.len = (uint16_t)(b.chance(0.5) ? PAYLOAD : 1 + b.below(PAYLOAD));
            e.last = b.chance(0.4);
            e.fj = b.chance(0.3) ? (uint16_t)b.below(J) : (uint16_t)NONE;
            push_next = true;
        }
        if (!t->sel.valid && b.chance(p_req * 0.3)) {
            t->sel = nic_send{};
            t->sel.valid = 1;
            t->sel.job = (uint8_t)b.below(J);
            t->sel.buf = (uint8_t)b.below(2);
            t->sel.off = (uint16_t)(b.below(64) * PAYLOAD);
            t->sel.len = (uint16_t)(b.chance(0.5) ? PAYLOAD : 1 + b.below(PAYLOAD));
            t->sel.fill = 1;
            sel_hold = (int)b.below(4);
        } else if (t->sel.valid && t->sel.ready && sel_hold-- <= 0) {
            t->sel.valid = 0;
        }
        if (n->sq.st == SQ_IDLE && b.chance(p_req * 0.1)) n->sq.st = SQ_FETCH;
        if (b.chance(0.005)) n->jobs.job[b.below(J)].addr = b.u32() & ~3u;
        if (b.chance(0.01)) context((int)b.below(NC));
        n->rxp.wq_rd = 0;
        n->rxp.wq_n = (uint16_t)wq.size();
        if (!wq.empty()) n->wq[0] = wq.front();
    }

    void cycle()
    {
        nic_dma_q *q = &n->dma;
        neighbours();
        bool soft = b.chance(0.0003);
        nic_dec d;
        nu_dec_idle(&d);
        wc_nic_in in{};
        wc_nic_out o{};
        nic_dma_out(n, &o);
        // the slave answers a request now or after waits
        if (o.m_stb && b.chance(p_ack)) {
            (b.chance(p_err) ? in.m_err : in.m_ack) = 1;
            in.m_dat = b.u32();
        }
        b.hit(e_wait, o.m_stb && !in.m_ack && !in.m_err);
        uint32_t cq[4];
        if (q->cqf_n < CQF && b.chance(p_req * 0.3)) {
            for (uint32_t &w : cq) w = b.u32();
            d.cq = cq;
        }

        const nic_regs_q *g = &n->regs;
        const nic_tx_q *t = &n->tx;
        const nic_wq *h = wq.empty() ? nullptr : &wq.front();
        m.soft_i = soft;
        m.m_ack_i = in.m_ack;
        m.m_err_i = in.m_err;
        m.m_dat_i = in.m_dat;
        m.cq_base_i = g->cq_base;
        m.cq_size_i = g->cq_size;
        m.cq_head_i = g->cq_head;
        m.cq_tail_i = g->cq_tail;
        m.rq_base_i = g->rq_base;
        m.rq_size_i = g->rq_size;
        m.rq_head_i = g->rq_head;
        m.rq_tail_i = g->rq_tail;
        m.sq_base_i = g->sq_base;
        m.sq_size_i = g->sq_size;
        m.sq_head_i = g->sq_head;
        m.push_i = d.cq != nullptr;
        for (int k = 0; k < 4; k++) ut_set(m.push_w_i, 32 * k, 32, d.cq ? d.cq[k] : 0u);
        m.wq_any_i = h != nullptr;
        m.wq_half_i = nic_rxp_wq_half(n);
        m.wq_slot_i = h ? h->slot : 0;
        // the head after this edge unless popped now
        m.wq_nslot_i = h ? h->slot : push_next ? next_e.slot : 0;
        m.wq_ctx_i = h ? h->ctx : 0;
        m.wq_off_i = h ? h->off : 0;
        m.wq_len_i = h ? h->len : 0;
        m.wq_last_i = h && h->last;
        m.wq_fjv_i = h && h->fj != NONE;
        m.wq_fj_i = h && h->fj != NONE ? h->fj : 0;
        m.rqb_n_i = n->rxp.rqb_n;
        m.rqb_rd_i = n->rxp.rqb_rd;
        m.sel_valid_i = t->sel.valid;
        m.sel_fill_i = t->sel.fill;
        m.sel_buf_i = t->sel.buf;
        m.sel_job_i = t->sel.job;
        m.sel_off_i = t->sel.off;
        m.sel_len_i = t->sel.len;
        bool sqreq = n->sq.st == SQ_FETCH || n->sq.st == SQ_LIST;
        m.sq_req_i = sqreq;
        m.sq_fetch_i = n->sq.st == SQ_FETCH;
        m.sq_list_i = n->sq.d[3];
        m.sq_n_i = WC_GET(n->sq.d[2], SD2_DST);
        m.eval();
        // the read ports: contexts, slots, job addresses
        unsigned ci = m.ctx_idx_o, si = slot_ns, wi = slot_ni, ji = m.job_o;
        const nic_ctx *x = ci < (unsigned)NC ? &n->rxp.ctx[ci] : nullptr;
        m.ctx_addr_i = x ? x->addr : 0;
        m.ctx_src_i = x ? x->src : 0;
        m.ctx_group_i = x ? x->group : 0;
        m.ctx_msglen_i = x ? x->msglen : 0;
        m.ctx_err_i = x && x->err;
        // the slot table answers at the address given last cycle
        m.slot_word_i = si < (unsigned)S && wi < (unsigned)PW ? n->sbuf[(size_t)si * PW + wi] : 0;
        m.job_addr_i = ji < (unsigned)J ? n->jobs.job[ji].addr : 0;
        m.eval();

        nic_dma_decide(n, &in, &d.dma);
        const nic_dma_dec *dm = &d.dma;
        b.eq("m_cyc_o", m.m_cyc_o, (uint64_t)o.m_cyc, 1);
        b.eq("m_stb_o", m.m_stb_o, (uint64_t)o.m_stb, 1);
        b.eq("m_we_o", m.m_we_o, (uint64_t)o.m_we, 1);
        b.eq("m_adr_o", m.m_adr_o, o.m_adr, 32);
        b.eq("m_dat_o", m.m_dat_o, o.m_dat, 32);
        b.eq("m_sel_o", m.m_sel_o, o.m_sel, 4);
        b.eq("cq_room_o", m.cq_room_o, q->cqf_n < CQF, 1);
        b.eq("cqf_any_o", m.cqf_any_o, q->cqf_n != 0, 1);
        bool rxw_end = dm->op_done && dm->cli == CLI_RXW;
        bool cd = rxw_end && dm->wq.last && dm->wq.fj == NONE;
        b.eq("cq_adv_o", m.cq_adv_o, (dm->op_done && dm->cli == CLI_CQ) || cd, 1);
        b.eq("wq_pop_o", m.wq_pop_o, dm->start && dm->cli == CLI_RXW, 1);
        // the context and slot ports, where the op reads them: a receive
        // write starting, or running (its completion, its next word)
        if (dm->start && dm->cli == CLI_RXW) {
            b.eq("ctx_idx_o", m.ctx_idx_o, dm->wq.ctx, CW);
            // its first word, given a cycle ahead
            b.eq("slot_nslot_o (last cycle)", slot_ns, dm->wq.slot, SW);
            b.eq("slot_nidx_o (last cycle)", slot_ni, 0, IW);
        }
        if (q->busy && q->cli == CLI_RXW) {
            b.eq("ctx_idx_o", m.ctx_idx_o, q->wq.ctx, CW);
            // a running receive write's next word, given a cycle ahead
            b.eq("slot_nslot_o (last cycle)", slot_ns, q->wq.slot, SW);
            b.eq("slot_nidx_o (last cycle)", slot_ni, (q->i + 1u) & ((1u << IW) - 1), IW);
        }
        b.eq("rxw_done_o", m.rxw_done_o, rxw_end, 1);
        b.eq("rxw_slot_o", m.rxw_slot_o, q->wq.slot, SW);
        b.eq("rxw_ctx_o", m.rxw_ctx_o, q->wq.ctx, CW);
        b.eq("rxw_last_o", m.rxw_last_o, q->wq.last, 1);
        if (rxw_end) b.eq("rxw_err_o", m.rxw_err_o, (uint64_t)dm->op_err, 1);
        bool hd = rxw_end && dm->wq.last && dm->wq.fj != NONE;
        b.eq("hostdone_o", m.hostdone_o, hd, 1);
        if (hd) {
            b.eq("hostdone_job_o", m.hostdone_job_o, dm->wq.fj, JW);
            b.eq("hostdone_err_o", m.hostdone_err_o, (uint64_t)dm->rxw_err, 1);
        }
        bool rq_wr = dm->word_done && dm->cli == CLI_RQ;
        b.eq("rq_wr_o", m.rq_wr_o, rq_wr, 1);
        b.eq("rq_buf_o", m.rq_buf_o, q->buf, 1);
        b.eq("rq_hi_o", m.rq_hi_o, q->i != 0, 1);
        if (rq_wr) b.eq("rq_data_o", m.rq_data_o, dm->rdata, 32);
        b.eq("rq_done_o", m.rq_done_o, dm->op_done && dm->cli == CLI_RQ, 1);
        b.eq("job_o", m.job_o, t->sel.job, JW);
        bool st_wr = dm->word_done && dm->cli == CLI_STAGE, st_done = dm->op_done && dm->cli == CLI_STAGE;
        b.eq("st_start_o", m.st_start_o, dm->start && dm->cli == CLI_STAGE, 1);
        b.eq("st_wr_o", m.st_wr_o, st_wr, 1);
        b.eq("st_buf_o", m.st_buf_o, q->buf, 1);
        b.eq("st_idx_o", m.st_idx_o, q->i, IW);
        if (st_wr) {
            b.eq("st_word_o", m.st_word_o, dm->sword, 32);
            b.eq("st_crc_o", m.st_crc_o, dm->scrc, 32);
        }
        b.eq("st_done_o", m.st_done_o, st_done, 1);
        if (st_done) b.eq("st_err_o", m.st_err_o, (uint64_t)dm->op_err, 1);
        bool sq_wr = dm->word_done && dm->cli == CLI_SQ;
        b.eq("sq_start_o", m.sq_start_o, dm->start && dm->cli == CLI_SQ, 1);
        b.eq("sq_wr_o", m.sq_wr_o, sq_wr, 1);
        b.eq("sq_idx_o", m.sq_idx_o, q->i, 5);
        if (sq_wr) {
            b.eq("sq_data_o", m.sq_data_o, dm->rdata, 32);
            b.eq("sq_err_o", m.sq_err_o, (uint64_t)dm->err, 1);
        }
        b.eq("sq_done_o", m.sq_done_o, dm->op_done && dm->cli == CLI_SQ, 1);
        b.eq("busy_o", m.busy_o, q->busy, 1);

        if (dm->start) b.hit(e_op[dm->cli]);
        if (dm->word_done && dm->err) b.hit(e_err[dm->cli]);
        b.hit(e_cd, cd);
        b.hit(e_hostdone, hd);
        b.hit(e_hderr, hd && dm->rxw_err);
        b.hit(e_ctxerr, cd && n->rxp.ctx[dm->wq.ctx].err);
        b.hit(e_fifofull, q->cqf_n == CQF);
        bool space = g->cq_size && (uint16_t)(g->cq_tail - g->cq_head) < g->cq_size;
        b.hit(e_ringfull, q->cqf_n && g->cq_size && !space);
        b.hit(e_rqfull, n->rxp.rqb_n == 2 && g->rq_size && g->rq_head != g->rq_tail);
        b.hit(e_partial, (st_done && (q->len & 3)) || (rxw_end && (q->wq.len & 3)));
        b.hit(e_list, dm->op_done && dm->cli == CLI_SQ && n->sq.st == SQ_LIST);
        b.hit(e_all, !q->busy && q->cqf_n && space && h && t->sel.valid && t->sel.fill && sqreq &&
                         n->rxp.rqb_n < 2 && g->rq_size && g->rq_head != g->rq_tail);

        // what the neighbours do with this edge's outputs (before the commit
        // moves the op on)
        // the write queue at half the slots or more: receive writes go first
        b.hit(e_urgent, dm->start && dm->cli == CLI_RXW && nic_rxp_wq_half(n));
        if (dm->start && dm->cli == CLI_RXW) wq.pop_front();
        if (rxw_end) {
            if (dm->wq.last) context(dm->wq.ctx);
            else if (dm->op_err) n->rxp.ctx[dm->wq.ctx].err = 1;
        }
        if (cd || (dm->op_done && dm->cli == CLI_CQ)) n->regs.cq_tail++;
        if (dm->op_done && dm->cli == CLI_RQ) {
            n->regs.rq_head++;
            n->rxp.rqb_n++;
        }
        if (dm->start && dm->cli == CLI_STAGE) n->tx.sel.fill = 0;
        if (st_done) n->tx.sel.ready = 1;
        if (dm->op_done && dm->cli == CLI_SQ) {
            // a multisend's list follows its descriptor
            if (n->sq.st == SQ_FETCH && b.chance(0.4)) {
                n->sq.st = SQ_LIST;
                n->sq.d[2] = WC_SET(0u, SD2_DST, 1 + b.below(WC_NIC_MAX_DESTS));
                n->sq.d[3] = b.u32() & ~3u;
            } else {
                n->sq.st = SQ_IDLE;
            }
        }
        nic_dma_commit(n, &d);
        if (soft) {
            // the soft reset clears the other units as well
            wq.clear();
            push_next = false;
            n->tx.sel.valid = 0;
            n->sq.st = SQ_IDLE;
            n->rxp.rqb_n = 0;
        }
        // keep what the bench plays across the model's soft reset
        nic_regs_q regs = n->regs;
        nic_rxp_q rxp = n->rxp;
        nic_tx_q tx = n->tx;
        nic_sq_q sq = n->sq;
        uint32_t adr[MAXJ];
        for (int j = 0; j < J; j++) adr[j] = n->jobs.job[j].addr;
        slot_ns = m.slot_nslot_o;
        slot_ni = m.slot_nidx_o;
        b.edge(m, n, soft, e_soft);
        if (soft) {
            n->regs = regs;
            n->rxp = rxp;
            n->tx = tx;
            n->sq = sq;
            for (int j = 0; j < J; j++) n->jobs.job[j].addr = adr[j];
        }
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("dma", argc, argv, 100000);
    wc_nic_cfg c = nu_cfg(PAYLOAD, J);
    c.nslot = S;
    c.nctx = NC;
    Bench t(b, c);
    return b.run(t);
}

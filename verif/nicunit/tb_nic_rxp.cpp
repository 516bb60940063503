// SPDX-License-Identifier: Apache-2.0
// wc_nic_rxp.v against cmodel/wc_nic_rxp.c (nic_rxp_decide(),
// nic_rxp_commit()).  The bench plays the assembler's event register and
// the peers behind it: senders of unicast and group streams that ask
// with a REQ, repeat it, send a granted message's packets in order or
// packet 0 eagerly, now and then a duplicate, an early packet, a packet
// of the wrong offset, length or source, or a REQ for a message already
// granted (its GRANT lost); acknowledgements of every kind (ACK, GRANT,
// WAIT, NAK) for known and unknown groups and nodes; and events the
// assembler refused (each status, CRC errors naming a stream).  It also
// plays the register block (expected sequence numbers from near the wrap,
// the group table, enable, mode, the clock and a short timeout so that
// GRANTs repeat), the jobs unit (forwarding jobs started by the unit,
// counting its packets, finishing once complete; its INIT sequencer busy
// with a new forwarding job's children for a few cycles, while no other
// may start), the DMA (the write
// queue drained with gaps, a write now and then failing, receive buffers
// fetched, some too small), the slot pool behind the event's slot, and
// the completion FIFO's room.  The C side reads the same through its
// wc_nic: the event register, the tables, the jobs, the FIFO's fill.
#include "nicunit.h"
#include "Vwc_nic_rxp.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_PAYLOAD) || !defined(UT_NSLOT) || \
    !defined(UT_JSEND) || !defined(UT_JFWD) || !defined(UT_NCTX) || !defined(UT_KW)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_PAYLOAD=.. -DUT_NSLOT=.. -DUT_JSEND=.. -DUT_JFWD=.. -DUT_NCTX=.. -DUT_KW=.. (mk/unit_nic.mk)"
#endif

namespace {

const int N = UT_NNODES, G = UT_NGROUPS, PAYLOAD = UT_PAYLOAD, S = UT_NSLOT, JS = UT_JSEND, JF = UT_JFWD;
const int NC = UT_NCTX, KW = UT_KW, J = JS + JF, NG = N + G;
const int SW = S > 1 ? nu_clog2(S) : 1, CW = NC > 1 ? nu_clog2(NC) : 1, JW = nu_clog2(J), SIDW = nu_clog2(NG);
const unsigned NOPAR = WC_NIC_NO_PARENT, HALF = WC_NIC_SEQ_MOD / 2;

struct Ev {
    bool valid, slot_ok;
    unsigned status, type, slot, src, group, seq, off, len, msglen;
};

// the event's fate, for the counts
enum {
    X_ACCEPT, X_EAGER, X_CLOSE, X_GRANT, X_WAIT, X_REWAIT, X_REGRANT_REQ, X_REQDUP, X_DUP, X_EARLYNAK, X_NAKD,
    X_CRCNAK, X_NOBUF_DEFER, X_TOOBIG, X_SCAN_GRANT, X_SCAN_DROP, X_REPEAT, X_NEWFJ, X_FJINC, X_NOFJ, X_ERRLEN,
    X_ERRGRP, X_ERRDST, X_DISABLED, X_NOCTX, X_NOBUF, X_ACKS, X_CTXFREE, X_CTXERR, X_WQFULL, X_WRAP, X_FJBUSY, X_NX
};
const char *const XNAME[X_NX] = {
    "accepted",          "eager-packet-0-admitted", "message-closed",     "req-granted",
    "req-waits",         "req-while-waiting",        "lost-grant-repeated", "req-duplicate",
    "duplicate",         "early-nak",                "nak-already-asked",   "crc-error-nak",
    "eager-packet-0-deferred", "toobig",             "scanner-grant",       "scanner-drops-stale-group",
    "grant-repeated-after-timeout", "forwarding-job-started", "forwarding-packet-counted",
    "forwarded-without-job", "err-len",              "err-group",           "err-dst",
    "nic-disabled",      "no-free-context",          "no-receive-buffer",   "ack-to-jobs",
    "context-freed",     "context-write-failed",     "write-queue-full",    "expect-wraps",
    "forwarding-admission-waits-for-sequencer"};

struct Bench {
    NuBench &b;
    Vwc_nic_rxp m;
    wc_nic *n;
    unsigned self;
    bool pool[128] = {};                // slots held by the receive path
    // the DMA: one op at a time; -1 idle, 0 a receive write, 1 a buffer fetch
    int op = -1, op_left = 0, rq_i = 0;
    unsigned rq_buf = 0;                // the prefetch entry a fetch fills
    nic_wq op_wq{};
    // p_cont: a granted sender goes on (low: its GRANT is repeated)
    double p_ev = 0.5, p_dma = 0.5, p_new = 0.5, p_cont = 0.9;
    // the job unit's forwarding INIT sequencer: children of the last new
    // forwarding job still to initialise (n->jobs.fi_v while nonzero)
    int fi_left = 0;
    double p_fi = 0.5;              // ... a step taken in a cycle (low: a busy pipeline)
    int e[X_NX], e_type[WC_PT_LAST + 1], e_st[5], e_soft;

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        static const char *const ty[WC_PT_LAST + 1] = {"", "intact-udata", "intact-mdata", "intact-uack",
                                                        "intact-mack", "intact-req", "intact-grant",
                                                        "intact-wait", "intact-nak"};
        static const char *const st[5] = {"refused-badlen", "refused-badcrc", "refused-badtype", "refused-baddst",
                                          "refused-noslot"};
        // (one forwarding job: none is free while the sequencer
        // initialises it)
        for (int i = 0; i < X_NX; i++) e[i] = b.event(XNAME[i], i != X_FJBUSY || JF > 1);
        for (int t = 1; t <= WC_PT_LAST; t++) e_type[t] = b.event(ty[t]);
        for (int i = 0; i < 5; i++) e_st[i] = b.event(st[i]);
        e_soft = b.event("soft-reset");
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    // what the host sets up (again after a soft reset)
    void setup()
    {
        n->regs.en = 1;
        n->regs.timeout = 20 + b.below(200);
        n->regs.now = b.chance(0.5) ? 0xFFFFFF00u + b.below(256) : b.u32();
        for (int g = 1; g < G; g++) group(g);
        for (int v = 0; v < N; v++) n->uexp[v] = (uint16_t)(b.chance(0.3) ? 0xFFF0u + b.below(16) : b.below(65536));
        for (int g = 0; g < G; g++) n->gexp[g] = (uint16_t)(b.chance(0.3) ? 0xFFF0u + b.below(16) : b.below(65536));
    }
    unsigned other() { unsigned v = b.below(N); return v == self ? (v + 1) % N : v; }
    // a legal group entry: mostly a non-root (this node receives the
    // group), with or without children, sometimes the root or none
    void group(int g)
    {
        wc_nic_group_ent *x = &n->gt.g[g];
        *x = wc_nic_group_ent{};
        x->parent = (uint16_t)NOPAR;
        n->gexp[g] = 0;
        if (b.chance(0.15)) return;
        x->valid = 1;
        if (b.chance(0.85)) x->parent = (uint16_t)other();
        x->nchild = (uint8_t)(x->parent == NOPAR ? 1 + b.below(MAXC) : b.chance(0.4) ? 0 : 1 + b.below(4));
        for (int c = 0; c < x->nchild; c++) x->child[c] = (uint16_t)other();
    }
    int take_slot()
    {
        int c[128], k = 0;
        for (int s = 0; s < S; s++)
            if (!pool[s]) c[k++] = s;
        if (!k) return -1;
        int s = c[b.below((uint32_t)k)];
        pool[s] = true;
        return s;
    }
    int find_ctx(unsigned sid) const
    {
        for (int i = 0; i < NC; i++) {
            const nic_ctx *x = &n->rxp.ctx[i];
            if (x->valid && !x->closing && x->sid == sid) return i;
        }
        return -1;
    }
    unsigned len_at(unsigned msglen, unsigned off) const
    {
        return msglen - off < (unsigned)PAYLOAD ? msglen - off : (unsigned)PAYLOAD;
    }

    // an acknowledgement for the jobs
    Ev ack()
    {
        static const unsigned kind[] = {WC_PT_UACK, WC_PT_MACK, WC_PT_GRANT, WC_PT_WAIT, WC_PT_NAK};
        Ev v{};
        v.valid = true;
        v.type = kind[b.below(5)];
        v.src = b.chance(0.9) ? b.below(N) : b.beyond(N);
        v.group = b.chance(0.4) ? 0 : b.chance(0.9) ? 1 + b.below(G - 1) : b.beyond(G);
        v.seq = b.below(65536);
        return v;
    }

    // The next event: a stream's packet, an acknowledgement, or a packet
    // the assembler refused.
    Ev event()
    {
        Ev v{};
        v.valid = true;
        unsigned r = b.below(100);
        if (r < 8) {                    // refused by the assembler
            static const unsigned sts[] = {WC_NIC_ST_BADLEN, WC_NIC_ST_BADCRC, WC_NIC_ST_BADTYPE, WC_NIC_ST_BADDST,
                                           ST_NOSLOT};
            v.status = sts[b.below(5)];
            v.type = v.status == ST_NOSLOT || v.status == WC_NIC_ST_BADCRC ? WC_PT_UDATA + b.below(2) : b.below(16);
            v.src = b.chance(0.8) ? b.below(N) : b.below(4096);
            v.group = v.type == WC_PT_UDATA && b.chance(0.7) ? 0 : b.below(G + 1);
            v.seq = b.below(65536);
            v.off = b.below(4) * PAYLOAD;
            v.len = b.below(PAYLOAD + 1);
            v.msglen = b.below(WC_NIC_MAX_MSG + 1);
            int s = v.status != ST_NOSLOT && b.chance(0.5) ? take_slot() : -1;
            v.slot_ok = s >= 0;
            v.slot = s >= 0 ? (unsigned)s : 0;
            return v;
        }
        if (r < 25) return ack();
        // a stream's packet
        bool uni = b.chance(0.5);
        unsigned g = 1 + b.below(G - 1), src = other();
        // most packets go on a message being received
        const nic_ctx *open = &n->rxp.ctx[b.below(NC)];
        if (open->valid && !open->closing && b.chance(0.6 * p_cont)) {
            uni = open->sid < (unsigned)N;
            if (uni) src = open->sid;
            else g = open->sid - N;
        } else if (!b.chance(p_new)) {  // few new messages: the waiting ones get their turn
            return ack();
        } else if (b.chance(0.04)) {    // a stream this node does not receive
            if (uni) src = b.chance(0.5) ? self : b.beyond(N);
            else g = b.chance(0.3) ? 0 : b.chance(0.5) ? b.beyond(G) : g;
        }
        unsigned sid = uni ? src : N + g;
        unsigned expect = sid < (unsigned)NG ? (uni ? n->uexp[sid] : n->gexp[g]) : 0;
        int c = sid < (unsigned)NG ? find_ctx(sid) : -1;
        bool req = false;
        if (c >= 0 && b.chance(p_cont)) {   // the granted message goes on
            const nic_ctx *x = &n->rxp.ctx[c];
            src = x->src;
            v.msglen = x->msglen;
            v.off = x->next_off;
            req = b.chance(0.05);       // its REQ again: the GRANT was lost
            switch (b.chance(0.1) ? b.below(3) : 9) {
            case 0: v.off = (v.off + PAYLOAD) % (WC_NIC_MAX_MSG / PAYLOAD * PAYLOAD); break;
            case 1: v.msglen = 1 + b.below(WC_NIC_MAX_MSG); break;
            case 2: src = other(); break;
            default: break;
            }
        } else {
            req = sid < (unsigned)NG && (n->waitv[sid] ? b.chance(0.7) : b.chance(0.6));
            v.msglen = 1 + b.below(b.chance(0.9) ? 4u * PAYLOAD : (unsigned)WC_NIC_MAX_MSG);
            v.off = b.chance(0.05) ? PAYLOAD * (1 + b.below(3)) : 0;
        }
        if (v.off >= v.msglen) v.off = 0;
        v.src = src;
        v.group = uni ? 0 : g;
        v.seq = expect;
        if (b.chance(0.1)) v.seq = (expect + (b.chance(0.5) ? HALF + b.below(HALF) : 1 + b.below(4))) & 0xFFFFu;
        if (req) {
            v.type = WC_PT_REQ;
            v.off = 0;
            return v;
        }
        v.type = uni ? WC_PT_UDATA : WC_PT_MDATA;
        v.len = len_at(v.msglen, v.off);
        int s = take_slot();
        if (s < 0) {
            v.status = ST_NOSLOT;   // the assembler found no slot
            return v;
        }
        v.slot_ok = true;
        v.slot = (unsigned)s;
        return v;
    }

    // the register block, the jobs unit and the host between cycles
    void neighbours()
    {
        if (b.cycle % 2500 == 0) {
            // calm (few new messages, a fast DMA) or congested phases (a slow
            // or stalled bus: the write queue fills)
            bool calm = b.chance(0.5);
            p_ev = calm ? 0.3 : b.chance(0.5) ? 0.9 : 0.5;
            p_new = calm ? 0.1 : 0.6;
            p_dma = calm ? 0.9 : b.chance(0.3) ? 0.0 : b.chance(0.5) ? 0.05 : 0.5;
            p_cont = b.chance(0.2) ? 0.05 : 0.9;
            p_fi = b.chance(0.5) ? 0.8 : 0.02;
        }
        n->regs.now++;
        if (b.chance(0.002)) n->regs.en = b.chance(0.9);
        if (b.chance(0.003)) n->regs.mode = (uint8_t)b.below(3);
        if (b.chance(0.002)) n->regs.timeout = 20 + b.below(200);
        if (b.chance(0.003)) group(1 + (int)b.below(G - 1));
        for (int j = 0; j < J; j++) {
            nic_job *jb = &n->jobs.job[j];
            if (j < JS && b.chance(0.02)) {
                jb->valid = b.chance(0.5);
                jb->group = (uint16_t)b.below(G);
                jb->npk = 1;
                jb->avail = (uint16_t)b.below(2);
            }
            // a forwarding job that has its whole message finishes
            if (j >= JS && jb->valid && jb->avail >= jb->npk && b.chance(0.05)) jb->valid = 0;
        }
        n->dma.cqf_n = b.chance(0.9) ? 0 : CQF;
        // one child a cycle when the pipeline takes it
        if (fi_left > 0 && b.chance(p_fi)) fi_left--;
        n->jobs.fi_v = fi_left > 0;
    }

    void cycle()
    {
        neighbours();
        bool soft = b.chance(0.0003);
        Ev v = b.chance(p_ev) ? event() : Ev{};
        nic_rxa_q *ra = &n->rxa;
        ra->ev_valid = v.valid;
        ra->ev_status = (uint8_t)v.status;
        ra->ev_type = (uint8_t)v.type;
        ra->ev_slot = v.slot_ok ? (uint16_t)v.slot : (uint16_t)NONE;
        ra->ev_src = (uint16_t)v.src;
        ra->ev_group = (uint16_t)v.group;
        ra->ev_seq = (uint16_t)v.seq;
        ra->ev_off = (uint16_t)v.off;
        ra->ev_len = (uint16_t)v.len;
        ra->ev_msglen = (uint16_t)v.msglen;

        // the DMA: a receive write (pop, then its end) or a buffer fetch
        nic_dec d;
        nu_dec_idle(&d);
        nic_dma_dec &dm = d.dma;
        nic_rxp_q *r = &n->rxp;
        if (op < 0 && b.chance(p_dma)) {
            if (r->wq_n && b.chance(0.7)) {
                op = 0;
                op_wq = n->wq[r->wq_rd];
                op_left = 1 + (int)b.below(4);
                dm.start = 1;
                dm.cli = CLI_RXW;
                pool[op_wq.slot] = false;
            } else if (r->rqb_n < 2) {
                op = 1;
                rq_i = 0;
                dm.start = 1;
                dm.cli = CLI_RQ;
                rq_buf = (r->rqb_rd + r->rqb_n) & 1u;
            }
        } else if (op == 0 && --op_left == 0) {
            dm.op_done = 1;
            dm.cli = CLI_RXW;
            dm.wq = op_wq;
            dm.op_err = b.chance(0.05);
            op = -1;
        } else if (op == 1 && b.chance(0.7)) {
            dm.word_done = 1;
            dm.cli = CLI_RQ;
            dm.idx = (unsigned)rq_i;
            dm.buf = rq_buf;
            dm.rdata = rq_i == 0 ? b.u32() : b.chance(0.85) ? (uint32_t)WC_NIC_MAX_MSG : b.below(4 * PAYLOAD);
            if (++rq_i == 2) {
                dm.op_done = 1;
                op = -1;
            }
        }

        m.soft_i = soft;
        m.self_i = self;
        m.en_i = n->regs.en;
        m.mode_i = n->regs.mode;
        m.now_i = n->regs.now;
        m.timeout_i = n->regs.timeout;
        m.ev_valid_i = v.valid;
        m.ev_status_i = v.status;
        m.ev_type_i = v.type;
        m.ev_slot_ok_i = v.slot_ok;
        m.ev_slot_i = v.slot;
        m.ev_src_i = v.src;
        m.ev_group_i = v.group;
        m.ev_seq_i = v.seq;
        m.ev_off_i = v.off;
        m.ev_len_i = v.len;
        m.ev_msglen_i = v.msglen;
        m.job_valid_i = 0;
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &n->jobs.job[j];
            ut_set(m.job_valid_i, j, 1, jb->valid);
            ut_set(m.job_group_i, j * WC_NH0_GROUP_W, WC_NH0_GROUP_W, jb->group);
            ut_set(m.job_open_i, j, 1, jb->avail < jb->npk);
        }
        m.cq_room_i = n->dma.cqf_n < CQF;
        m.fj_rdy_i = !n->jobs.fi_v;
        m.rq_wr_i = dm.word_done;
        m.rq_buf_i = dm.buf;
        m.rq_hi_i = dm.idx != 0;
        m.rq_data_i = dm.rdata;
        m.rq_done_i = dm.op_done && dm.cli == CLI_RQ;
        m.wq_pop_i = dm.start && dm.cli == CLI_RXW;
        unsigned ci = b.below(NC);
        m.ctx_idx_i = ci;
        m.rxw_done_i = dm.op_done && dm.cli == CLI_RXW;
        m.rxw_ctx_i = dm.wq.ctx;
        m.rxw_last_i = dm.wq.last;
        m.rxw_err_i = dm.op_err;
        m.eval();
        // the register block's read port at the unit's node and group
        unsigned tn = m.tab_node_o, tg = m.tab_gid_o;
        const wc_nic_group_ent *x = tg < (unsigned)G ? &n->gt.g[tg] : nullptr;
        m.gvalid_i = x && x->valid;
        m.gparent_i = x ? x->parent : b.below(4096);
        m.gnc_i = x ? x->nchild : b.below(MAXC + 1);
        m.uexp_i = tn < (unsigned)N ? n->uexp[tn] : 0;
        m.gexp_i = x ? n->gexp[tg] : 0;
        m.eval();

        nic_rxp_decide(n, &d.rp);
        const nic_rxp_dec &rp = d.rp;
        if (v.valid) {
            b.eq("tab_node_o", m.tab_node_o, v.src, WC_NH0_SRC_W);
            b.eq("tab_gid_o", m.tab_gid_o, v.group, WC_NH0_GROUP_W);
        } else {
            unsigned s = r->scan;
            b.eq("tab_gid_o", m.tab_gid_o, s < (unsigned)N ? 0 : s - N, WC_NH0_GROUP_W);
            if (s < (unsigned)N) b.eq("tab_node_o", m.tab_node_o, s, WC_NH0_SRC_W);
        }
        b.eq("cnt_o", m.cnt_o, rp.cnt >= 0, 1);
        if (rp.cnt >= 0) b.eq("cnt_reg_o", m.cnt_reg_o, (uint64_t)rp.cnt, 6);
        b.eq("rxpkt_o", m.rxpkt_o, (uint64_t)rp.rxpkt, 1);
        b.eq("ack_o", m.ack_o, (uint64_t)rp.ack_valid, 1);
        if (rp.ack_valid) {
            b.eq("ack_grp_o", m.ack_grp_o, rp.ack_grp, WC_NH0_GROUP_W);
            b.eq("ack_from_o", m.ack_from_o, rp.ack_from, WC_NH0_SRC_W);
            b.eq("ack_seq_o", m.ack_seq_o, rp.ack_seq, 16);
            b.eq("ack_kind_o", m.ack_kind_o, rp.ack_kind, 3);
        }
        b.eq("free_o", m.free_o, rp.free_slot >= 0, 1);
        if (rp.free_slot >= 0) b.eq("free_idx_o", m.free_idx_o, (uint64_t)rp.free_slot, SW);
        b.eq("tag_o", m.tag_o, rp.tag_slot >= 0, 1);
        if (rp.tag_slot >= 0) b.eq("tag_k_o", m.tag_k_o, rp.tag_k, KW);
        b.eq("setpend_o", m.setpend_o, rp.setpend >= 0, 1);
        if (rp.setpend >= 0) {
            b.eq("sid_o", m.sid_o, (uint64_t)rp.setpend, SIDW);
            b.eq("pkind_o", m.pkind_o, (uint64_t)rp.pkind, 3);
        }
        b.eq("povr_o", m.povr_o, rp.accept || rp.nak, 1);
        b.eq("setpend2_o", m.setpend2_o, rp.setpend2 >= 0, 1);
        if (rp.setpend2 >= 0) b.eq("sid2_o", m.sid2_o, (uint64_t)rp.setpend2, SIDW);
        b.eq("regrant_o", m.regrant_o, rp.regrant >= 0, 1);
        if (rp.regrant >= 0) b.eq("sid3_o", m.sid3_o, rp.regrant_sid, SIDW);
        b.eq("exp_inc_o", m.exp_inc_o, (uint64_t)rp.accept, 1);
        if (rp.accept) b.eq("exp_grp_o", m.exp_grp_o, rp.sid >= (unsigned)N, 1);
        b.eq("newfj_o", m.newfj_o, (uint64_t)rp.new_fj, 1);
        if (rp.new_fj) b.eq("nfj_o", m.nfj_o, (uint64_t)rp.nfj, JW);
        bool fjinc = rp.accept && rp.fj >= 0;
        b.eq("fjinc_o", m.fjinc_o, fjinc, 1);
        if (fjinc) b.eq("fj_o", m.fj_o, (uint64_t)rp.fj, JW);
        if (rp.grant) {
            b.eq("nf_group_o", m.nf_group_o, rp.gr_group, WC_NH0_GROUP_W);
            b.eq("nf_src_o", m.nf_src_o, rp.gr_src, WC_NH0_SRC_W);
            b.eq("nf_msglen_o", m.nf_msglen_o, rp.gr_len, 16);
            b.eq("npk_o", m.npk_o, nic_npk_of(n, rp.gr_len), KW);
            b.eq("nf_seq_o", m.nf_seq_o, rp.gr_seq, 16);
        }
        b.eq("buf_addr_o", m.buf_addr_o, rp.addr, 32);
        b.eq("toobig_o", m.toobig_o, (uint64_t)rp.toobig, 1);
        if (rp.toobig)
            for (int k = 0; k < 4; k++) b.eqf("toobig_w_o", m.toobig_w_o, 32 * k, 32, rp.cd[k], k);
        b.eq("rqb_n_o", m.rqb_n_o, r->rqb_n, 2);
        b.eq("rqb_rd_o", m.rqb_rd_o, r->rqb_rd, 1);
        b.eq("wq_any_o", m.wq_any_o, r->wq_n != 0, 1);
        b.eq("wq_half_o", m.wq_half_o, nic_rxp_wq_half(n), 1);
        if (r->wq_n) {
            const nic_wq *q = &n->wq[r->wq_rd];
            b.eq("wq_slot_o", m.wq_slot_o, q->slot, SW);
            b.eq("wq_ctx_o", m.wq_ctx_o, q->ctx, CW);
            b.eq("wq_off_o", m.wq_off_o, q->off, 16);
            b.eq("wq_len_o", m.wq_len_o, q->len, 16);
            b.eq("wq_last_o", m.wq_last_o, q->last, 1);
            b.eq("wq_fjv_o", m.wq_fjv_o, q->fj != NONE, 1);
            if (q->fj != NONE) b.eq("wq_fj_o", m.wq_fj_o, q->fj, JW);
        }
        const nic_ctx *cx = &r->ctx[ci];
        b.eq("ctx_addr_o", m.ctx_addr_o, cx->addr, 32);
        b.eq("ctx_src_o", m.ctx_src_o, cx->src, WC_NH0_SRC_W);
        b.eq("ctx_group_o", m.ctx_group_o, cx->group, WC_NH0_GROUP_W);
        b.eq("ctx_msglen_o", m.ctx_msglen_o, cx->msglen, 16);
        b.eq("ctx_err_o", m.ctx_err_o, cx->err, 1);
        bool busy = r->wq_n != 0;
        for (int i = 0; i < NC; i++) busy |= r->ctx[i].valid != 0;
        b.eq("busy_o", m.busy_o, busy, 1);

        count(v, d);
        if (rp.new_fj) fi_left = n->gt.g[rp.gr_group].nchild;
        // what the neighbours do with it: the slot pool, the jobs unit,
        // the register block's expected sequence numbers
        if (rp.free_slot >= 0) pool[rp.free_slot] = false;
        if (rp.new_fj) {
            nic_job *f = &n->jobs.job[rp.nfj];
            *f = nic_job{};
            f->valid = 1;
            f->fwd = 1;
            f->group = (uint16_t)rp.gr_group;
            f->npk = (uint16_t)nic_npk_of(n, rp.gr_len);
        }
        if (fjinc) n->jobs.job[rp.fj].avail++;
        if (rp.accept) {
            if (rp.sid < (unsigned)N) n->uexp[rp.sid]++;
            else n->gexp[rp.sid - N]++;
        }
        nic_rxp_commit(n, &d);
        // the grant scanner's group the unit announces a cycle ahead
        unsigned sngid = m.s_ngid_o;
        // and the write queue's head after the edge, unless popped
        unsigned wqns = m.wq_nslot_o;
        bool popped = m.wq_pop_i;
        b.edge(m, n, soft, e_soft);
        b.eq("s_ngid_o", sngid, r->scan < (unsigned)N ? 0 : r->scan - N, WC_NH0_GROUP_W);
        if (!soft && !popped && r->wq_n)
            b.eq("wq_nslot_o (the head after the edge)", wqns, n->wq[r->wq_rd].slot, SW);
        if (soft) {
            op = -1;
            fi_left = 0;
            std::memset(pool, 0, sizeof pool);
            setup();
        }
    }

    void count(const Ev &v, const nic_dec &d)
    {
        const nic_rxp_dec &rp = d.rp;
        const nic_rxp_q *r = &n->rxp;
        if (v.valid && v.status == WC_NIC_ST_OK && v.type >= 1 && v.type <= WC_PT_LAST) b.hit(e_type[v.type]);
        if (v.valid && v.status != WC_NIC_ST_OK)
            b.hit(e_st[v.status == ST_NOSLOT ? 4 : v.status == WC_NIC_ST_BADLEN ? 0 : v.status == WC_NIC_ST_BADCRC ? 1
                       : v.status == WC_NIC_ST_BADTYPE ? 2 : 3]);
        bool data = v.type == WC_PT_UDATA || v.type == WC_PT_MDATA, ok = v.valid && v.status == WC_NIC_ST_OK;
        b.hit(e[X_ACCEPT], rp.accept);
        b.hit(e[X_EAGER], rp.accept && rp.grant);
        b.hit(e[X_CLOSE], rp.accept && rp.last);
        b.hit(e[X_GRANT], ok && v.type == WC_PT_REQ && rp.grant);
        b.hit(e[X_WAIT], rp.wait_set && v.type == WC_PT_REQ);
        b.hit(e[X_REWAIT], ok && v.type == WC_PT_REQ && rp.pkind == WC_NIC_PEND_WAIT && !rp.wait_set);
        b.hit(e[X_REGRANT_REQ], ok && v.type == WC_PT_REQ && rp.pkind == WC_NIC_PEND_GRANT && !rp.grant);
        b.hit(e[X_REQDUP], ok && v.type == WC_PT_REQ && rp.cnt == WC_NICR_DUPS);
        b.hit(e[X_DUP], ok && data && rp.cnt == WC_NICR_DUPS);
        b.hit(e[X_EARLYNAK], ok && rp.nak);
        b.hit(e[X_NAKD], ok && data && rp.cnt == WC_NICR_DUPS && !rp.nak &&
                             wc_nic_seq_diff(v.seq, v.group ? n->gexp[v.group % G] : n->uexp[v.src % N]) < HALF);
        b.hit(e[X_CRCNAK], v.valid && v.status == WC_NIC_ST_BADCRC && rp.nak);
        b.hit(e[X_NOBUF_DEFER], ok && data && rp.cnt == WC_NICR_ERR_NOBUF && rp.pkind == WC_NIC_PEND_WAIT);
        b.hit(e[X_TOOBIG], rp.toobig);
        b.hit(e[X_SCAN_GRANT], rp.setpend2 >= 0);
        b.hit(e[X_SCAN_DROP], !v.valid && rp.wait_clr >= 0 && rp.setpend2 < 0);
        b.hit(e[X_REPEAT], rp.regrant >= 0);
        b.hit(e[X_NEWFJ], rp.new_fj);
        b.hit(e[X_FJINC], rp.accept && rp.fj >= 0);
        b.hit(e[X_NOFJ], ok && data && rp.cnt == WC_NICR_ERR_LEN && v.group && find_ctx(N + v.group) >= 0);
        b.hit(e[X_ERRLEN], ok && rp.cnt == WC_NICR_ERR_LEN);
        b.hit(e[X_ERRGRP], ok && rp.cnt == WC_NICR_ERR_GROUP);
        b.hit(e[X_ERRDST], ok && rp.cnt == WC_NICR_ERR_DST);
        b.hit(e[X_DISABLED], ok && !n->regs.en);
        int freec = 0;
        for (int i = 0; i < NC; i++) freec += !r->ctx[i].valid;
        b.hit(e[X_NOCTX], rp.wait_set && !freec);
        b.hit(e[X_NOBUF], rp.wait_set && !r->rqb_n);
        b.hit(e[X_ACKS], rp.ack_valid);
        b.hit(e[X_CTXFREE], d.dma.op_done && d.dma.cli == CLI_RXW && d.dma.wq.last);
        b.hit(e[X_CTXERR], d.dma.op_done && d.dma.cli == CLI_RXW && !d.dma.wq.last && d.dma.op_err);
        b.hit(e[X_WQFULL], r->wq_n >= S - 1);
        b.hit(e[X_WRAP], rp.accept && v.seq == 0xFFFFu);
        // a forwarded stream's message that a free forwarding job, context
        // and buffer would admit, told to wait while the sequencer is busy
        bool fjfree = false;
        for (int j = JS; j < J; j++) fjfree |= !n->jobs.job[j].valid;
        bool fwd = ok && v.group && v.group < (unsigned)G && n->gt.g[v.group].nchild && n->regs.mode != WC_NIC_MODE_HOST;
        b.hit(e[X_FJBUSY], n->jobs.fi_v && fjfree && freec && r->rqb_n && fwd && (v.type == WC_PT_REQ || data) &&
                               rp.setpend >= 0 && rp.pkind == WC_NIC_PEND_WAIT);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("rxp", argc, argv, 150000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_cfg(PAYLOAD);
    c.nnodes = N;
    c.ngroups = G;
    c.nslot = S;
    c.jsend = JS;
    c.jfwd = JF;
    c.nctx = NC;
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}

// SPDX-License-Identifier: Apache-2.0
// wc_nic_jobs.v against cmodel/wc_nic_jobs.c (nic_jobs_select(),
// nic_jobs_decide(), nic_jobs_commit()).  The bench plays everything
// around the job table:
//  - the send-queue unit creating send jobs (unicast, multisend,
//    multicast) and setting their streams' bases one child a cycle, from
//    near the sequence wrap now and then;
//  - the receive processor starting forwarding jobs, counting their
//    packets, setting ack flags of every kind, returning a buffer TOOBIG
//    (the completion FIFO is its first), and the children's answers on the
//    ack bus: GRANT or WAIT to a REQ, later GRANTs, cumulative ACKs (no
//    progress, some, all, beyond the message, stale), NAKs at the oldest
//    packet, and noise from other nodes and groups;
//  - the transmitter: the selection register filled by the unit's choice,
//    its staging fill (with a bus error now and then), the emitter that
//    pins staging buffer 0 or a slot while it sends, and the staging
//    buffers' tags, dropped when their job index starts afresh;
//  - the slots tagged with forwarded packets, reclaimed once every child
//    has been sent them, evicted now and then;
//  - the DMA reporting a forwarded message in host memory (with an error
//    now and then), the completion FIFO's room, the clock, the mode (FPFS,
//    FCFS, host) and the timeout, short so that timeouts happen, or long.
// The C side sees all of it through its wc_nic: the register block's
// tables and group table, the selection, emitter and staging registers,
// the slots, and the neighbours' decisions.
#include "nicunit.h"
#include "Vwc_nic_jobs.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_PAYLOAD) || !defined(UT_NSLOT) || \
    !defined(UT_JSEND) || !defined(UT_JFWD) || !defined(UT_KW) || !defined(UT_TXWIN)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_PAYLOAD=.. -DUT_NSLOT=.. -DUT_JSEND=.. -DUT_JFWD=.. -DUT_KW=.. -DUT_TXWIN=.. (mk/unit_nic.mk)"
#endif

namespace {

const int N = UT_NNODES, G = UT_NGROUPS, PAYLOAD = UT_PAYLOAD, S = UT_NSLOT, JS = UT_JSEND, JF = UT_JFWD;
// MAXCHILD is optional: the RTL's default (the C model's array size) else
#ifdef UT_MAXCHILD
const int MC = UT_MAXCHILD;
#else
const int MC = MAXC;
#endif
const int KW = UT_KW, TXWIN = UT_TXWIN, J = JS + JF, NG = N + G;
const int JW = nu_clog2(J), SIDW = nu_clog2(NG), SW = S > 1 ? nu_clog2(S) : 1, CIW = MC > 1 ? nu_clog2(MC) : 1;
const int NCW = nu_clog2(MC + 1), DW = WC_HEAD_DST_W, GB = nu_clog2(G), PW = PAYLOAD / 4;
const unsigned NOPAR = WC_NIC_NO_PARENT, HALF = WC_NIC_SEQ_MOD / 2;

enum {
    X_SEND_U, X_SEND_M, X_SEND_G, X_FWD, X_REQ, X_ADMIT, X_WAIT, X_DATA_SLOT, X_DATA_STAGED, X_DATA_FILL,
    X_FILL_B1, X_PROGRESS, X_NAK, X_TMO_DATA, X_TMO_REQ, X_WINDOW, X_FCFS, X_FPFS, X_HOSTMODE, X_ACK, X_ACK_NOPARENT,
    X_ALTERNATE, X_DONE_SEND, X_DONE_FWD, X_DONE_HELD, X_OLDER, X_SAMPLE, X_KARN, X_STAGE_ERR, X_HOST_ERR, X_WRAP,
    X_SELBUSY, X_CREATE_INIT, X_NX
};
const char *const XNAME[X_NX] = {
    "send-job-unicast", "send-job-multisend", "send-job-multicast", "forwarding-job", "req-sent",
    "child-admitted", "child-waits", "data-from-slot", "data-already-staged", "data-staging-fill",
    "fill-into-buffer-1", "ack-progress", "nak-rewind", "timeout-rewind", "timeout-req-again", "window-full",
    "fcfs-data", "fpfs-data", "host-mode-data", "ack-sent", "ack-flag-cleared-without-parent",
    "data-while-ack-pending", "completion-send", "completion-forward", "completion-held-back",
    "forward-held-for-older", "rtt-sample", "probe-ended-by-resend", "staging-buserr", "host-write-error",
    "sequence-wraps-in-message", "selection-register-full", "created-and-initialised-at-once"};

// the transmitter as the jobs unit sees it
struct Tx {
    bool sel, data, fill, from, em, em_from;
    int job, buf, hold, em_buf, em_left;
};

struct Bench {
    NuBench &b;
    Vwc_nic_jobs m;
    wc_nic *n;
    unsigned self;
    Tx tx{};
    // the send-queue unit: initialising job sq_job's children
    bool sq_init = false;
    int sq_job = 0, sq_c = 0;
    // p_progress: an admitted child answers at all (low: windows fill)
    double p_ack = 0.3, p_create = 0.05, p_fwd = 0.05, p_progress = 1.0;
    int e[X_NX], e_type[WC_PT_LAST + 1], e_soft;
    wc_rng rng_ci;      // creation and first base in one cycle

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        // (one forwarding job has no older one to wait for)
        for (int i = 0; i < X_NX; i++) e[i] = b.event(XNAME[i], i != X_OLDER || JF > 1);
        static const char *const ty[WC_PT_LAST + 1] = {"", "chose-udata", "chose-mdata", "chose-uack",
                                                        "chose-mack", "chose-req", "chose-grant", "chose-wait",
                                                        "chose-nak"};
        for (int t = 1; t <= WC_PT_LAST; t++) e_type[t] = b.event(ty[t]);
        e_soft = b.event("soft-reset");
        wc_rng_seed(&rng_ci, ~b.seed);
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    unsigned other() { unsigned v = b.below(N); return v == self ? (v + 1) % N : v; }
    uint16_t seq0() { return (uint16_t)(b.chance(0.3) ? 0xFFFFu - b.below(8) : b.below(65536)); }
    // group entries: half rooted here (multicast send jobs), half below a
    // parent with children (forwarding jobs), now and then none
    void group(int g)
    {
        wc_nic_group_ent *x = &n->gt.g[g];
        *x = wc_nic_group_ent{};
        x->parent = (uint16_t)NOPAR;
        if (b.chance(0.1)) return;
        x->valid = 1;
        if (b.chance(0.5)) x->parent = (uint16_t)other();
        x->nchild = (uint8_t)(1 + b.below(b.chance(0.8) ? (MC < 3 ? MC : 3) : MC));
        for (int c = 0; c < x->nchild; c++) x->child[c] = (uint16_t)other();
    }
    void setup()
    {
        n->regs.timeout = 40 + b.below(300);
        n->regs.now = b.chance(0.5) ? 0xFFFFF000u + b.below(4096) : b.u32();
        for (int g = 1; g < G; g++) group(g);
        for (int v = 0; v < N; v++) n->uexp[v] = seq0();
        for (int g = 0; g < G; g++) n->gexp[g] = seq0();
    }

    // a peer a new send job may use: no live or starting send job has it
    bool peer_free(unsigned v) const
    {
        for (int j = 0; j < JS; j++) {
            const nic_job *jb = &n->jobs.job[j];
            if ((jb->valid || (sq_init && sq_job == j)) && jb->type == WC_PT_UDATA)
                for (int c = 0; c < jb->nc; c++)
                    if (jb->dst[c] == v) return false;
        }
        return v != self;
    }
    bool group_free(unsigned g) const
    {
        for (int j = 0; j < JS; j++) {
            const nic_job *jb = &n->jobs.job[j];
            if ((jb->valid || (sq_init && sq_job == j)) && jb->type == WC_PT_MDATA && jb->group == g) return false;
        }
        return true;
    }
    // mostly a few packets, enough to fill a child's window
    unsigned msglen()
    {
        if (b.chance(0.3)) return (TXWIN + b.below(3)) * PAYLOAD + 1 + b.below(PAYLOAD);
        return 1 + b.below(b.chance(0.9) ? (TXWIN + 3u) * PAYLOAD : (unsigned)WC_NIC_MAX_MSG);
    }

    // The send-queue unit: a new send job (wc_nic_sq.c new_job), then its
    // streams' bases, one child a cycle (a multicast's in one).
    void send_queue(nic_sq_dec &s)
    {
        if (sq_init) {
            nic_job *jb = &n->jobs.job[sq_job];
            s.init = 1;
            s.job = sq_job;
            s.init_grp = jb->type == WC_PT_MDATA;
            s.init_c = (unsigned)sq_c;
            s.base = seq0();
            s.fin = s.init_grp || sq_c + 1 == jb->nc;
            sq_c++;
            sq_init = !s.fin;
            return;
        }
        int j = -1;
        for (int k = 0; k < JS; k++)
            if (!n->jobs.job[k].valid) { j = k; break; }
        if (j < 0 || !b.chance(p_create)) return;
        nic_job *nj = &s.nj;
        *nj = nic_job{};
        nj->tag = (uint16_t)b.below(4096);
        nj->msglen = (uint16_t)msglen();
        nj->npk = (uint16_t)nic_npk_of(n, nj->msglen);
        nj->avail = nj->npk;
        nj->addr = b.u32() & ~3u;
        nj->src = (uint16_t)self;
        unsigned kind = b.below(3);
        if (kind == 2) {
            unsigned g = 1 + b.below(G - 1);
            const wc_nic_group_ent *x = &n->gt.g[g];
            if (!x->valid || !group_free(g)) return;
            nj->type = WC_PT_MDATA;
            nj->group = (uint16_t)g;
            nj->nc = x->nchild;
            for (int c = 0; c < nj->nc; c++) nj->dst[c] = x->child[c];
            if (x->parent != NOPAR) nj->src = (uint16_t)b.below(N);     // a host forwarding (host mode)
        } else {
            nj->type = WC_PT_UDATA;
            unsigned want = kind == 0 ? 1 : 1 + b.below(MC);
            for (unsigned v0 = b.below(N), i = 0; i < (unsigned)N && nj->nc < want; i++)
                if (peer_free((v0 + i) % N)) nj->dst[nj->nc++] = (uint16_t)((v0 + i) % N);
            if (!nj->nc) return;
        }
        s.create = 1;
        s.job = j;
        sq_job = j;
        sq_c = 0;
        sq_init = true;
        // Now and then the first stream base in the creation's own cycle:
        // wc_nic_sq.c waits a cycle, but the jobs unit's order (bases
        // after the creation) is its own to keep, and a base cleared by
        // the creation that sets it would otherwise pass unseen.  (Drawn
        // from a stream of its own, so that the main stream's draws are
        // not shifted: every soak seed still covers every event.)
        if (wc_rng_chance(&rng_ci, 0.1)) {
            s.init = 1;
            s.init_grp = nj->type == WC_PT_MDATA;
            s.init_c = 0;
            s.base = (uint16_t)wc_rng_below(&rng_ci, 65536);
            s.fin = s.init_grp || nj->nc == 1;
            sq_c = 1;
            sq_init = !s.fin;
            b.hit(e[X_CREATE_INIT]);
        }
        b.hit(e[nj->type == WC_PT_MDATA ? X_SEND_G : nj->nc == 1 && kind == 0 ? X_SEND_U : X_SEND_M]);
    }

    // An answer on the ack bus: mostly a child of a live job answering
    // what it was sent, now and then noise.
    void answer(nic_rxp_dec &rp)
    {
        if (!b.chance(p_ack)) return;
        rp.ack_valid = 1;
        rp.ack_from = b.below(N);
        rp.ack_grp = b.chance(0.5) ? 0 : b.below(G);
        rp.ack_seq = b.below(65536);
        rp.ack_kind = 1 + b.below(WC_NIC_PEND_GRANT);
        int j = (int)b.below(J);
        const nic_job *jb = &n->jobs.job[j];
        if (b.chance(0.1) || !jb->valid || !jb->nc) return;
        int c = (int)b.below(jb->nc);
        const wc_nic_rel_child *ch = &jb->ch[c];
        rp.ack_from = jb->dst[c];
        rp.ack_grp = jb->type == WC_PT_MDATA ? jb->group : 0;
        unsigned base = ch->base, r = b.below(100);
        rp.ack_kind = WC_NIC_PEND_ACK;
        rp.ack_seq = base;
        switch (ch->adm) {
        case WC_NIC_ADM_REQ: rp.ack_kind = r < 70 ? WC_NIC_PEND_GRANT : WC_NIC_PEND_WAIT; break;
        case WC_NIC_ADM_WAIT: rp.ack_kind = r < 80 ? WC_NIC_PEND_GRANT : WC_NIC_PEND_WAIT; break;
        case WC_NIC_ADM_GRANT:
            if (!b.chance(p_progress)) {
                rp.ack_valid = 0;
                return;
            }
            if (r < 60) rp.ack_seq = base + ch->acked + b.below(ch->sent - ch->acked + 1u);
            else if (r < 75) { rp.ack_kind = WC_NIC_PEND_NAK; rp.ack_seq = base + ch->acked; }
            else if (r < 80) rp.ack_seq = base + jb->npk + b.below(5);
            else if (r < 85) rp.ack_seq = base - 1u - b.below(100);
            else if (r < 90) rp.ack_kind = WC_NIC_PEND_GRANT;
            else rp.ack_seq = base + ch->acked;
            break;
        default: rp.ack_kind = 1 + b.below(WC_NIC_PEND_GRANT); break;
        }
        rp.ack_seq &= 0xFFFFu;
    }

    // The receive processor: a forwarding job starts, a packet of one
    // arrives (tagged into a slot most of the time), a TOOBIG.
    void receive(nic_rxp_dec &rp)
    {
        rp.toobig = b.chance(0.02);
        int f = -1;
        for (int j = JS; j < J; j++)
            if (!n->jobs.job[j].valid) { f = j; break; }
        unsigned g = 1 + b.below(G - 1);
        const wc_nic_group_ent *x = &n->gt.g[g];
        if (f >= 0 && x->valid && x->parent != NOPAR && x->nchild && b.chance(p_fwd)) {
            rp.new_fj = 1;
            rp.nfj = f;
            rp.grant = 1;
            rp.gr_group = g;
            rp.gr_src = b.below(N);
            rp.gr_len = msglen();
            rp.gr_seq = seq0();
            rp.addr = b.u32() & ~3u;
            b.hit(e[X_FWD]);
        }
        // a packet for a job still receiving (packet 0 of the new one, too)
        int j = rp.new_fj && b.chance(0.3) ? rp.nfj : JS + (int)b.below(JF);
        const nic_job *jb = &n->jobs.job[j];
        bool open = j == rp.nfj && rp.new_fj ? true : jb->valid && jb->avail < jb->npk;
        if (open && b.chance(0.3)) {
            rp.accept = 1;
            rp.fj = j;
            unsigned k = j == rp.nfj && rp.new_fj ? 0u : jb->avail;
            int s = -1;
            for (int i = 0; i < S; i++)
                if (!n->slot[i].used) { s = i; break; }
            if (s >= 0 && b.chance(0.8)) {
                rp.tag_slot = s;
                rp.tag_k = (uint16_t)k;
            }
        }
    }

    // the transmitter and the DMA between cycles
    void transmit(nic_dma_dec &dm)
    {
        if (tx.em && --tx.em_left <= 0) tx.em = false;
        if (!tx.sel) return;
        if (tx.fill) {
            if (!b.chance(0.4)) return;
            tx.fill = false;            // the DMA's staging done
            if (b.chance(0.05)) {
                dm.op_done = 1;
                dm.cli = CLI_STAGE;
                dm.op_err = 1;
                dm.stage_job = (unsigned)tx.job;
                b.hit(e[X_STAGE_ERR]);
            }
            return;
        }
        if (tx.hold-- > 0 || tx.em) return;
        tx.sel = false;                 // to the emitter
        tx.em = true;
        tx.em_from = tx.data && tx.from;
        tx.em_buf = tx.data ? tx.buf : -1;
        // (the emitter's pace is the bench's: a few cycles a packet)
        tx.em_left = WC_NIC_HDR_FLITS + 1 + (tx.data ? (int)b.below(PW < 8 ? PW : 8) : 0);
    }

    // the slots: a packet every child has been sent (or of a job gone) is
    // reclaimed, unless the selection or the emitter reads it; evictions
    void slots()
    {
        for (int s = 0; s < S; s++) {
            nic_slot *sp = &n->slot[s];
            if (!sp->used) continue;
            bool pinned = (tx.sel && tx.data && tx.from && tx.buf == s) || (tx.em && tx.em_from && tx.em_buf == s);
            const nic_job *jb = &n->jobs.job[sp->fj];
            if (!pinned && (!jb->valid || sp->k < nic_job_min_sent(jb) || b.chance(0.01))) sp->used = sp->fwd = 0;
        }
    }

    void cycle()
    {
        nic_regs_q *g = &n->regs;
        nic_jobs_q *q = &n->jobs;
        if (b.cycle % 3000 == 0) {
            g->mode = (uint8_t)b.below(3);
            g->timeout = b.chance(0.7) ? 40 + b.below(300) : WC_NIC_RTO_MIN + b.below(4 * WC_NIC_RTO_MIN);
            // answers plenty, few, or so few that windows fill
            p_ack = b.chance(0.5) ? 0.6 : 0.15;
            p_progress = b.chance(0.3) ? 0.02 : 1.0;
            p_create = b.chance(0.5) ? 0.2 : 0.02;
            p_fwd = b.chance(0.5) ? 0.2 : 0.02;
        }
        g->now++;
        if (b.chance(0.002)) group(1 + (int)b.below(G - 1));
        if (b.chance(0.1)) n->ackpend[b.below(NG)] = (uint8_t)(1 + b.below(WC_NIC_PEND_GRANT));
        if (b.chance(0.01)) n->uexp[b.below(N)]++;
        if (b.chance(0.01)) n->gexp[b.below(G)]++;
        bool soft = b.chance(0.0003);

        nic_dec d;
        nu_dec_idle(&d);
        transmit(d.dma);
        slots();
        send_queue(d.sq);
        answer(d.rp);
        receive(d.rp);
        int hd = -1;
        if (!d.dma.op_done)
            for (int j = JS; j < J && hd < 0; j++) {
                const nic_job *jb = &q->job[j];
                if (jb->valid && !jb->hostdone && jb->avail == jb->npk && b.chance(0.05)) hd = j;
            }
        if (hd >= 0) {
            d.dma.op_done = 1;
            d.dma.cli = CLI_RXW;
            d.dma.wq.last = 1;
            d.dma.wq.fj = (uint16_t)hd;
            d.dma.rxw_err = b.chance(0.2);
            b.hit(e[X_HOST_ERR], d.dma.rxw_err);
        }
        bool cq_room = b.chance(0.9);
        unsigned adr_job = b.below(J);

        // the transmitter's registers and the slots as the C model reads them
        nic_tx_q *t = &n->tx;
        t->sel = nic_send{};
        t->sel.valid = tx.sel;
        t->sel.ack = !tx.data;
        t->sel.job = (uint8_t)tx.job;
        t->em = nic_send{};
        bool stage0 = tx.em && !tx.em_from && tx.em_buf == 0;
        t->em.valid = stage0;

        const nic_rxp_dec &rp = d.rp;
        const nic_sq_dec &sq = d.sq;
        const wc_nic_group_ent *fx = &n->gt.g[rp.gr_group];
        m.soft_i = soft;
        m.self_i = self;
        m.mode_i = g->mode;
        m.now_i = g->now;
        m.timeout_i = g->timeout;
        m.ack_i = rp.ack_valid;
        m.ack_grp_i = rp.ack_grp;
        m.ack_from_i = rp.ack_from;
        m.ack_seq_i = rp.ack_seq;
        m.ack_kind_i = rp.ack_kind;
        m.newfj_i = rp.new_fj;
        m.nfj_i = rp.new_fj ? rp.nfj : b.below(J);
        m.fjinc_i = rp.accept;
        m.fj_i = rp.accept ? rp.fj : b.below(J);
        m.nf_group_i = rp.gr_group;
        m.nf_src_i = rp.gr_src;
        m.nf_msglen_i = rp.gr_len;
        m.nf_npk_i = nic_npk_of(n, rp.gr_len);
        m.nf_addr_i = rp.addr;
        m.nf_seq_i = rp.gr_seq;
        m.nf_nc_i = fx->nchild;
        for (int c = 0; c < MC; c++) ut_set(m.nf_dst_i, c * DW, DW, fx->child[c]);
        m.toobig_i = rp.toobig;
        m.cq_room_i = cq_room;
        m.create_i = sq.create;
        m.cj_i = sq.create || sq.init ? sq.job : b.below(J);
        m.c_tag_i = sq.nj.tag;
        m.c_msglen_i = sq.nj.msglen;
        m.c_npk_i = sq.nj.npk;
        m.c_addr_i = sq.nj.addr;
        m.c_src_i = sq.nj.src;
        m.c_type_i = sq.nj.type;
        m.c_group_i = sq.nj.group;
        m.c_nc_i = sq.nj.nc;
        for (int c = 0; c < MC; c++) ut_set(m.c_dst_i, c * DW, DW, sq.create ? sq.nj.dst[c] : b.below(4096));
        m.init_i = sq.init;
        m.init_all_i = sq.init_grp;
        m.init_c_i = sq.init_c;
        m.init_base_i = sq.base;
        m.init_fin_i = sq.fin;
        bool stage_err = d.dma.op_done && d.dma.cli == CLI_STAGE;
        m.stage_err_i = stage_err;
        m.stage_err_job_i = stage_err ? d.dma.stage_job : b.below(J);
        m.hostdone_i = hd >= 0;
        m.hostdone_job_i = hd >= 0 ? hd : (int)b.below(J);
        m.hostdone_err_i = d.dma.rxw_err;
        m.sel_busy_i = tx.sel;
        m.sel_data_i = tx.sel && tx.data;
        m.sel_job_i = tx.job;
        for (int s = 0; s < NG; s++) ut_set(m.ackpend_i, s, 1, n->ackpend[s] != 0);
        for (int s = 0; s < S; s++) {
            const nic_slot *sp = &n->slot[s];
            ut_set(m.slot_tag_i, s, 1, sp->used && sp->fwd);
            ut_set(m.slot_fj_i, s * JW, JW, sp->fj);
            ut_set(m.slot_k_i, s * KW, KW, sp->k);
        }
        for (int k = 0; k < 2; k++) {
            ut_set(m.stage_valid_i, k, 1, t->stage[k].valid);
            ut_set(m.stage_job_i, k * JW, JW, t->stage[k].job);
            ut_set(m.stage_k_i, k * KW, KW, t->stage[k].k);
        }
        m.stage0_pin_i = stage0;
        m.adr_job_i = adr_job;
        m.eval();
        // the register block's read port at the acknowledgement's stream
        unsigned as = m.ak_sid_o;
        bool auni = as < (unsigned)N;
        const wc_nic_group_ent *ax = !auni && as < (unsigned)NG ? &n->gt.g[as - N] : nullptr;
        m.ak_kind_i = as < (unsigned)NG ? n->ackpend[as] : 0;
        m.ak_exp_i = auni ? n->uexp[as] : ax ? n->gexp[as - N] : 0;
        m.ak_gvalid_i = ax && ax->valid;
        m.ak_gparent_i = ax ? ax->parent : b.below(4096);
        m.eval();

        nic_jobs_select(n, &d.sel);
        nic_jobs_decide(n, &d.sel, &d.rp, cq_room, &d.jobs);
        compare(d, adr_job);
        count(d, cq_room);

        uint32_t pk = q->pk;
        bool pr_v = q->pr_v;
        nic_jobs_commit(n, &d);
        b.hit(e[X_SAMPLE], q->pk != pk);
        b.hit(e[X_KARN], pr_v && !q->pr_v && q->pk == pk && (d.jobs.tmo || d.jobs.nak_pr));

        // the neighbours take this edge's decisions
        const nic_sel_dec &sl = d.sel;
        if (sl.ack) n->ackpend[sl.ack_sid] = 0;
        for (int k = 0; k < 2; k++)
            if ((rp.new_fj && t->stage[k].job == rp.nfj) || (sq.create && t->stage[k].job == sq.job))
                t->stage[k].valid = 0;
        if (rp.new_fj)
            for (int s = 0; s < S; s++)
                if (n->slot[s].fwd && n->slot[s].fj == rp.nfj) n->slot[s].fwd = n->slot[s].used = 0;
        if (rp.tag_slot >= 0) {
            nic_slot *sp = &n->slot[rp.tag_slot];
            sp->used = sp->fwd = 1;
            sp->fj = (uint8_t)rp.fj;
            sp->k = rp.tag_k;
        }
        if (sl.valid) {
            tx.sel = true;
            tx.data = !sl.s.ack;
            tx.fill = sl.s.fill;
            tx.from = sl.s.from_slot;
            tx.job = sl.s.job;
            tx.buf = sl.s.buf;
            tx.hold = (int)b.below(3);
            if (sl.s.fill) {
                t->stage[sl.s.buf].valid = 1;
                t->stage[sl.s.buf].job = sl.s.job;
                t->stage[sl.s.buf].k = sl.s.k;
            }
        }
        // (a soft reset clears the transmitter, the slots and the tables
        // as well; the host sets the tables up again)
        b.edge(m, n, soft, e_soft);
        if (soft) {
            tx = Tx{};
            sq_init = false;
            setup();
        }
    }

    void compare(const nic_dec &d, unsigned adr_job)
    {
        const nic_sel_dec &sl = d.sel;
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        b.eq("sl_valid_o", m.sl_valid_o, (uint64_t)sl.valid, 1);
        b.eq("sl_ack_o", m.sl_ack_o, (uint64_t)sl.ack, 1);
        b.eq("sl_req_o", m.sl_req_o, (uint64_t)sl.req, 1);
        if (sl.ack) {
            b.eq("sl_sid_o", m.sl_sid_o, sl.ack_sid, SIDW);
            b.eq("ak_sid_o", m.ak_sid_o, sl.ack_sid, SIDW);
        }
        if (sl.valid) {
            const nic_send &s = sl.s;
            b.eq("s_ready_o", m.s_ready_o, s.ready, 1);
            b.eq("s_from_o", m.s_from_o, s.from_slot, 1);
            b.eq("s_buf_o", m.s_buf_o, s.buf, SW);
            b.eq("s_job_o", m.s_job_o, s.job, JW);
            b.eq("s_child_o", m.s_child_o, s.child, CIW);
            b.eq("s_type_o", m.s_type_o, s.type, WC_NH0_TYPE_W);
            b.eq("s_fill_o", m.s_fill_o, s.fill, 1);
            b.eq("s_k_o", m.s_k_o, s.k, KW);
            b.eq("s_dst_o", m.s_dst_o, s.dst, DW);
            b.eq("s_src_o", m.s_src_o, s.src, WC_NH0_SRC_W);
            b.eq("s_group_o", m.s_group_o, s.group, WC_NH0_GROUP_W);
            b.eq("s_seq_o", m.s_seq_o, s.seq, 16);
            b.eq("s_off_o", m.s_off_o, s.off, 16);
            b.eq("s_len_o", m.s_len_o, s.len, 16);
            b.eq("s_msglen_o", m.s_msglen_o, s.msglen, 16);
        }
        bool busy = false;
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            busy |= jb->valid != 0;
            b.eqf("job_valid_o", m.job_valid_o, j, 1, jb->valid, j);
            b.eqf("job_group_o", m.job_group_o, j * WC_NH0_GROUP_W, WC_NH0_GROUP_W, jb->group, j);
            b.eqf("job_open_o", m.job_open_o, j, 1, jb->avail < jb->npk, j);
            b.eqf("job_minsent_o", m.job_minsent_o, j * 16, 16, nic_job_min_sent(jb), j);
        }
        b.eq("adr_o", m.adr_o, q->job[adr_job].addr, 32);
        b.eq("push_o", m.push_o, jd.push >= 0, 1);
        if (jd.push >= 0) {
            const nic_job *pj = &q->job[jd.push];
            for (int k = 0; k < 4; k++) b.eqf("push_w_o", m.push_w_o, 32 * k, 32, jd.cd[k], k);
            b.eq("push_send_o", m.push_send_o, !pj->fwd, 1);
            if (!pj->fwd) {
                b.eq("push_grp_o", m.push_grp_o, jd.rel_group >= 0, 1);
                if (jd.rel_group >= 0) {
                    b.eq("push_gid_o", m.push_gid_o, (uint64_t)jd.rel_group, GB);
                } else {
                    b.eq("push_nc_o", m.push_nc_o, jd.rel_n, NCW);
                    for (unsigned c = 0; c < jd.rel_n; c++)
                        b.eqf("push_dst_o", m.push_dst_o, (int)c * DW, DW, jd.rel_dst[c], (int)c);
                }
            }
        }
        b.eq("tmo_o", m.tmo_o, (uint64_t)jd.tmo, 1);
        if (jd.tmo) b.eq("tmo_amt_o", m.tmo_amt_o, jd.tmo_amt, KW);
        b.eq("nak_amt_o", m.nak_amt_o, jd.nak_amt, KW);
        b.eq("busy_o", m.busy_o, busy, 1);
    }

    void count(const nic_dec &d, bool cq_room)
    {
        const nic_sel_dec &sl = d.sel;
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        bool data = sl.valid && !sl.ack && !sl.req;
        b.hit(e[X_REQ], sl.req);
        if (sl.valid) b.hit(e_type[sl.s.type]);
        // a packet past the 16-bit wrap of its child's stream
        b.hit(e[X_WRAP], data && sl.s.seq < q->job[sl.job].ch[sl.child].base);
        b.hit(e[X_DATA_SLOT], data && sl.s.from_slot);
        b.hit(e[X_DATA_STAGED], data && !sl.s.from_slot && !sl.s.fill);
        b.hit(e[X_DATA_FILL], data && sl.s.fill);
        b.hit(e[X_FILL_B1], data && sl.s.fill && sl.s.buf == 1);
        b.hit(e[X_FCFS], data && n->regs.mode == WC_NIC_MODE_FCFS);
        b.hit(e[X_FPFS], data && n->regs.mode == WC_NIC_MODE_FPFS);
        b.hit(e[X_HOSTMODE], data && n->regs.mode == WC_NIC_MODE_HOST);
        b.hit(e[X_ACK], sl.ack && sl.valid);
        b.hit(e[X_ACK_NOPARENT], sl.ack && !sl.valid);
        bool pending = false;
        for (int s = 0; s < NG; s++) pending |= n->ackpend[s] != 0;
        b.hit(e[X_ALTERNATE], data && pending);
        b.hit(e[X_SELBUSY], n->tx.sel.valid && pending);
        b.hit(e[X_NAK], jd.nak_amt != 0);
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            if (!jb->valid) continue;
            int c = jd.hit[j];
            if (c >= 0) {
                const wc_nic_rel_child *ch = &jb->ch[c];
                unsigned dd = wc_nic_seq_diff(d.rp.ack_seq, ch->base);
                b.hit(e[X_PROGRESS], dd < HALF && dd > ch->acked && ch->acked < jb->npk);
                b.hit(e[X_ADMIT], ch->adm != WC_NIC_ADM_GRANT && !ch->acked && !dd &&
                                      d.rp.ack_kind == WC_NIC_PEND_GRANT);
                b.hit(e[X_WAIT], ch->adm == WC_NIC_ADM_REQ && !ch->acked && !dd && d.rp.ack_kind == WC_NIC_PEND_WAIT);
            }
            for (int k = 0; k < jb->nc; k++) {
                const wc_nic_rel_child *ch = &jb->ch[k];
                b.hit(e[X_WINDOW], ch->adm == WC_NIC_ADM_GRANT && ch->sent < jb->avail &&
                                       ch->sent - ch->acked >= TXWIN);
            }
        }
        if (jd.tmo) {
            const wc_nic_rel_child *ch = &q->job[jd.scan_j].ch[jd.scan_c];
            b.hit(e[ch->adm == WC_NIC_ADM_GRANT ? X_TMO_DATA : X_TMO_REQ]);
        }
        if (jd.push >= 0) b.hit(e[q->job[jd.push].fwd ? X_DONE_FWD : X_DONE_SEND]);
        // a finished job waiting for the completion FIFO or an older one
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            bool all = jb->valid && jb->avail == jb->npk && (!jb->fwd || jb->hostdone);
            for (int c = 0; c < jb->nc; c++) all = all && jb->ch[c].acked == jb->npk;
            if (!all || jd.push == j) continue;
            b.hit(e[X_DONE_HELD], !cq_room || d.rp.toobig);
            if (jb->fwd && cq_room && !d.rp.toobig && jd.push < 0) b.hit(e[X_OLDER]);
        }
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("jobs", argc, argv, 100000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_cfg(PAYLOAD);
    c.nnodes = N;
    c.ngroups = G;
    c.nslot = S;
    c.jsend = JS;
    c.jfwd = JF;
    c.txwin = TXWIN;
    c.maxchild = MC;
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}

// SPDX-License-Identifier: Apache-2.0
// wc_nic_jobs.v, the whole job unit (its four pieces and the pipeline
// between them), against cmodel/wc_nic_jobs.c (nic_jobs_select(),
// nic_jobs_decide(), nic_jobs_commit()).  The bench plays everything
// around the unit:
//  - the send-queue unit creating send jobs (unicast, multisend,
//    multicast) and then offering their children's INIT steps one a
//    cycle, each held until the unit's pipeline takes it (init_gnt_o),
//    from near the sequence wrap now and then; no job created in a cycle
//    a forwarding job starts;
//  - the receive processor starting forwarding jobs while the unit's INIT
//    sequencer is free (fj_rdy_o), counting their packets, setting ack
//    flags of every kind, returning a buffer TOOBIG (the completion FIFO
//    is its first), and the children's answers on the ack bus: GRANT or
//    WAIT to a REQ, later GRANTs, cumulative ACKs (no progress, some,
//    all, beyond the message, stale), NAKs at the oldest packet, and noise
//    from other nodes and groups;
//  - the register block: the unicast streams' busy flags (set as a
//    unicast INIT step is taken, cleared when the job completes), the
//    acknowledgement read port, the group table;
//  - the transmitter: the selection register filled by the unit's choice,
//    its staging fill (with a bus error now and then), the emitter that
//    pins staging buffer 0 or a slot while it sends, and the staging
//    buffers' tags, dropped when their job index starts afresh;
//  - the slots tagged with forwarded packets, each kept until every child
//    of its job has been sent its first copy (the selection's s_first_o),
//    evicted now and then;
//  - the DMA reporting a forwarded message in host memory (with an error
//    now and then), the completion FIFO's room, the clock, the mode (FPFS,
//    FCFS, host) and the timeout, short so that timeouts happen, or long.
// The C side sees all of it through its wc_nic: the register block's
// tables, busy flags and group table, the selection, emitter and staging
// registers, the slots, and the neighbours' decisions.  Besides what the
// old single-module unit did, the events count what the pipeline adds:
// INIT steps it does not take in their cycle, forwarding jobs held back
// while the sequencer is busy, passes started over, candidates replaced
// by events, and the bypass (an operation on the entry the one ahead of
// it wrote).
#include "nicunit_jobs.h"
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
const int NCW = nu_clog2(MC + 1), DW = WC_HEAD_DST_W, GB = nu_clog2(G), PW = PAYLOAD / 4;
const unsigned NOPAR = WC_NIC_NO_PARENT, HALF = WC_NIC_SEQ_MOD / 2;

enum {
    X_SEND_U, X_SEND_M, X_SEND_G, X_FWD, X_REQ, X_ADMIT, X_WAIT, X_PROGRESS, X_NAK, X_TMO_DATA, X_TMO_REQ, X_WINDOW,
    X_DONE_SEND, X_DONE_FWD, X_DONE_HELD, X_OLDER, X_SAMPLE, X_KARN, X_STAGE_ERR, X_HOST_ERR, X_WRAP, X_CREATE_INIT, X_INIT_WAIT, X_FI_WAIT, X_FJ_WAIT, X_RESTART, X_CAND_EVENT, X_WOKEN, X_PASS_CAND,
    X_BYPASS, X_FIRST_SLOT, X_CHAIN_RACE, X_SEL_RACE, X_NX
};
const char *const XNAME[X_NX] = {
    "send-job-unicast", "send-job-multisend", "send-job-multicast", "forwarding-job", "req-sent",
    "child-admitted", "child-waits", "ack-progress", "nak-rewind", "timeout-rewind", "timeout-req-again",
    "window-full", "completion-send", "completion-forward", "completion-held-back", "forward-held-for-older",
    "rtt-sample", "probe-ended-by-resend", "staging-buserr", "host-write-error", "sequence-wraps-in-message",
    "created-and-initialised-at-once",
    "init-step-not-taken", "forwarding-init-step-waits", "forwarding-job-held-sequencer-busy", "pass-restarted",
    "candidate-replaced-by-event", "idle-job-woken-by-event", "candidate-from-pass", "bypass-used",
    "first-copy-from-slot", "forwarding-job-starts-as-group-job-leaves", "job-restarts-behind-its-last-sel"};

// the transmitter as the jobs unit sees it
struct Tx {
    bool sel, data, fill, from, em, em_from;
    int job, buf, hold, em_buf, em_left;
};

// the send-queue unit: job sq_job's INIT step sq_c, with its base
struct Sq {
    bool init;
    int job, c;
    uint16_t base;
};

struct Bench {
    NuBench &b;
    Vwc_nic_jobs m;
    wc_nic *n;
    unsigned self;
    Tx tx{};
    Sq sq{};
    // the receive processor has a forwarding job to start (a stream
    // waiting for admission retries every cycle until it gets one)
    bool fj_pend = false;
    unsigned fj_g = 0;
    // p_progress: an admitted child answers at all (low: windows fill)
    double p_ack = 0.3, p_create = 0.05, p_fwd = 0.05, p_progress = 1.0;
    int e[X_NX], e_soft;
    NuSelEvents sev;
    wc_rng rng_ci;      // creation and first INIT step in one cycle

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        // (one forwarding job has no older one to wait for, and is never
        // held back by the sequencer with another one free)
        // (a job restarting behind a stale SEL needs a done job with a
        // candidate: a REQ of a child that has acknowledged everything;
        // another child's event replaces a candidate only in jobs of two
        // children or more)
        for (int i = 0; i < X_NX; i++)
            e[i] = b.event(XNAME[i], ((i != X_OLDER && i != X_FJ_WAIT && i != X_CHAIN_RACE) || JF > 1) &&
                                         (i != X_CAND_EVENT || (MC > 1 && N > 2)) && i != X_SEL_RACE);
        sev.add(b);
        e_soft = b.event("soft-reset");
        wc_rng_seed(&rng_ci, ~b.seed);
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    unsigned other() { unsigned v = b.below(N); return v == self ? (v + 1) % N : v; }
    uint16_t seq0() { return (uint16_t)(b.chance(0.3) ? 0xFFFFu - b.below(8) : b.below(65536)); }
    // group entries: half rooted here (multicast send jobs), half below a
    // parent with children (forwarding jobs), now and then none; the
    // children distinct and not this node (as the group table makes them)
    void group(int g)
    {
        wc_nic_group_ent *x = &n->gt.g[g];
        *x = wc_nic_group_ent{};
        x->parent = (uint16_t)NOPAR;
        if (b.chance(0.1)) return;
        x->valid = 1;
        if (b.chance(0.5)) x->parent = (uint16_t)other();
        int want = 1 + (int)b.below(b.chance(0.8) ? (MC < 3 ? MC : 3) : MC);
        for (unsigned v0 = b.below(N), i = 0; i < (unsigned)N && x->nchild < want; i++) {
            unsigned v = (v0 + i) % N;
            if (v != self) x->child[x->nchild++] = (uint16_t)v;
        }
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
            if ((jb->valid || (sq.init && sq.job == j)) && jb->type == WC_PT_UDATA)
                for (int c = 0; c < jb->nc; c++)
                    if (jb->dst[c] == v) return false;
        }
        return v != self && !n->ubusy[v];
    }
    bool group_free(unsigned g) const
    {
        for (int j = 0; j < JS; j++) {
            const nic_job *jb = &n->jobs.job[j];
            if ((jb->valid || (sq.init && sq.job == j)) && jb->type == WC_PT_MDATA && jb->group == g) return false;
        }
        return true;
    }
    // mostly a few packets, enough to fill a child's window
    unsigned msglen()
    {
        if (b.chance(0.3)) return (TXWIN + b.below(3)) * PAYLOAD + 1 + b.below(PAYLOAD);
        return 1 + b.below(b.chance(0.9) ? (TXWIN + 3u) * PAYLOAD : (unsigned)WC_NIC_MAX_MSG);
    }

    // The send-queue unit (wc_nic_sq.c): INIT steps of the job it fills,
    // else a new send job, not in the cycle a forwarding job starts.
    void send_queue(nic_sq_dec &s, bool newfj)
    {
        if (sq.init) {
            nu_sq_step(n, s, sq.job, sq.c, sq.base);
            return;
        }
        // (mostly the first free send job; the index of a job that left
        // as its SEL was granted, while that SEL is in stage B)
        int j = -1;
        for (int k = 0; k < JS; k++)
            if (!n->jobs.job[k].valid) { j = k; break; }
        const nic_jop &o = n->jobs.b;
        bool behind = o.v && o.op == JOP_SEL && o.j < JS && !n->jobs.job[o.j].valid;
        if (behind) j = o.j;
        if (j < 0 || newfj || !(behind || b.chance(p_create))) return;
        nic_job *nj = &s.nj;
        nu_send_job(b, n, nj, msglen(), self);
        unsigned kind = b.below(3);
        if (kind == 2) {
            unsigned g = 1 + b.below(G - 1);
            const wc_nic_group_ent *x = &n->gt.g[g];
            if (!x->valid || !x->nchild || !group_free(g)) return;
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
        sq = Sq{true, j, 0, seq0()};
        // Now and then the first INIT step in the creation's own cycle:
        // wc_nic_sq.c waits a cycle, but the job unit's order (a step after
        // the creation) is its own to keep.  (Drawn from a stream of its
        // own, so that the main stream's draws are not shifted.)
        if (wc_rng_chance(&rng_ci, 0.1)) {
            s.init = 1;
            s.init_grp = nj->type == WC_PT_MDATA;
            s.init_c = 0;
            s.init_id = s.init_grp ? nj->group : nj->dst[0];
            s.base = sq.base;
            s.npk = nj->npk;
            s.fin = nj->nc == 1;
            b.hit(e[X_CREATE_INIT]);
        }
        b.hit(e[nj->type == WC_PT_MDATA ? X_SEND_G : nj->nc == 1 && kind == 0 ? X_SEND_U : X_SEND_M]);
    }

    // The receive processor: a forwarding job starts (while the INIT
    // sequencer is free; now and then the group's next message just as
    // the group's last job leaves through the completion FIFO), a packet
    // of one arrives (tagged into a slot most of the time), a TOOBIG.
    void receive(nic_rxp_dec &rp, bool cq_room)
    {
        const nic_jobs_q *q = &n->jobs;
        rp.toobig = b.chance(0.02);
        int f = -1;
        for (int j = JS; j < J; j++)
            if (!q->job[j].valid) { f = j; break; }
        // (the index of a job that left as its SEL was granted, while that
        // SEL is in stage B)
        if (q->b.v && q->b.op == JOP_SEL && q->b.j >= JS && !q->job[q->b.j].valid) {
            f = q->b.j;
            fj_pend = true;
        }
        bool leaves = q->b.v && q->b.op == JOP_DONE && q->job[q->b.j].fwd && nic_jtab_done(n, q->b.j) && cq_room &&
                      !rp.toobig;
        if (leaves && !fj_pend && b.chance(0.3)) {
            fj_pend = true;
            fj_g = q->job[q->b.j].group;
        }
        unsigned g = fj_pend ? fj_g : 1 + b.below(G - 1);
        const wc_nic_group_ent *x = &n->gt.g[g];
        fj_pend = fj_pend && f >= 0;
        if (f >= 0 && x->valid && x->parent != NOPAR && x->nchild && (fj_pend || b.chance(p_fwd))) {
            fj_pend = n->jobs.fi_v;
            fj_g = g;
            if (fj_pend) {
                b.hit(e[X_FJ_WAIT]);
            } else {
                rp.new_fj = 1;
                rp.nfj = f;
                rp.grant = 1;
                rp.gr_group = g;
                rp.gr_src = b.below(N);
                rp.gr_len = msglen();
                rp.gr_seq = seq0();
                rp.addr = b.u32() & ~3u;
                b.hit(e[X_FWD]);
                // now and then the group's next message right behind it
                fj_pend = b.chance(0.3);
            }
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

    // the slots (wc_nic_slots.c): a packet every child has been sent a
    // first time (or of a job gone) is reclaimed, unless the selection or
    // the emitter reads it; evictions
    void slots()
    {
        for (int s = 0; s < S; s++) {
            nic_slot *sp = &n->slot[s];
            if (!sp->used) continue;
            bool pinned = (tx.sel && tx.data && tx.from && tx.buf == s) || (tx.em && tx.em_from && tx.em_buf == s);
            const nic_job *jb = &n->jobs.job[sp->fj];
            if (!pinned && (!jb->valid || !sp->need || b.chance(0.01))) sp->used = sp->fwd = 0;
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
        // (the unit copies a group's children when a job starts)
        if (b.chance(0.002)) group(1 + (int)b.below(G - 1));
        if (b.chance(0.1)) nic_regs_ack_set(n, b.below(NG), 1 + b.below(WC_NIC_PEND_GRANT), 1);
        if (b.chance(0.01)) n->uexp[b.below(N)]++;
        if (b.chance(0.01)) n->gexp[b.below(G)]++;
        bool soft = b.chance(0.0003);

        nic_dec d;
        nu_dec_idle(&d);
        transmit(d.dma);
        slots();
        nu_answer(b, n, d.rp, p_ack, p_progress);
        bool cq_room = b.chance(0.9);
        receive(d.rp, cq_room);
        send_queue(d.sq, d.rp.new_fj);
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
        const nic_sq_dec &sq_d = d.sq;
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
        nu_drive_fwd(b, m, n, rp, J, MC, true);
        m.toobig_i = rp.toobig;
        m.cq_room_i = cq_room;
        nu_drive_create(b, m, sq_d, J, MC, true);
        m.init_uni_i = sq_d.init && !sq_d.init_grp;
        m.init_node_i = sq_d.init && !sq_d.init_grp ? sq_d.init_id : b.below(N);
        m.init_c_i = sq_d.init ? sq_d.init_c : b.below(MC);
        m.init_base_i = sq_d.base;
        for (int v = 0; v < N; v++) ut_set(m.ubusy_i, v, 1, n->ubusy[v]);
        bool stage_err = d.dma.op_done && d.dma.cli == CLI_STAGE;
        m.stage_err_i = stage_err;
        m.stage_err_job_i = stage_err ? d.dma.stage_job : b.below(J);
        m.hostdone_i = hd >= 0;
        m.hostdone_job_i = hd >= 0 ? hd : (int)b.below(J);
        m.hostdone_err_i = d.dma.rxw_err;
        m.sel_data_i = tx.sel && tx.data;
        m.sel_job_i = tx.job;
        m.adr_job_i = adr_job;
        nu_drive_sel(b, m, n, stage0, KW);

        nic_jobs_select(n, &d.sel);
        nic_jobs_decide(n, &d, cq_room, &d.jobs);
        compare(d, adr_job);
        count(d, cq_room);

        // state before the edge, for the events the commit reveals
        uint32_t pk = q->pk;
        bool pr_v = q->pr_v, pe_v = q->pe_v;
        uint8_t pe_pid = q->pe_pid, pe_j = q->pe_j;
        nic_job before = q->job[q->b.j];
        nic_jop ob = q->b;
        nic_jobs_commit(n, &d);
        b.hit(e[X_SAMPLE], q->pk != pk);
        b.hit(e[X_KARN], pr_v && !q->pr_v && q->pk == pk && (d.jobs.tmo || d.jobs.nak_pr));
        b.hit(e[X_RESTART], pe_v && q->pe_v && q->pe_pid != pe_pid);
        b.hit(e[X_PASS_CAND], pe_v && !q->pe_v && q->job[pe_j].cv && d.jobs.push != pe_j);
        if (ob.v && d.jobs.ok && (ob.op == JOP_ACK || ob.op == JOP_TMO || ob.op == JOP_INIT) &&
            !(pe_v && pe_j == ob.j)) {
            const nic_job *jb = &q->job[ob.j];
            b.hit(e[X_CAND_EVENT], before.cv && before.cc != ob.c && jb->cv && jb->cc == ob.c);
            b.hit(e[X_WOKEN], before.live && !before.cv && !before.need && jb->cv);
        }

        // the neighbours take this edge's decisions
        const nic_sel_dec &sl = d.sel;
        if (sl.ack) nic_regs_ack_take(n, sl.ack_sid);
        for (int k = 0; k < 2; k++)
            if ((rp.new_fj && t->stage[k].job == rp.nfj) || (sq_d.create && t->stage[k].job == sq_d.job))
                t->stage[k].valid = 0;
        if (rp.new_fj)
            for (int s = 0; s < S; s++)
                if (n->slot[s].fwd && n->slot[s].fj == rp.nfj) n->slot[s].fwd = n->slot[s].used = 0;
        if (rp.tag_slot >= 0) {
            nic_slot *sp = &n->slot[rp.tag_slot];
            sp->used = sp->fwd = 1;
            sp->fj = (uint8_t)rp.fj;
            sp->k = rp.tag_k;
            sp->need = rp.new_fj && rp.nfj == rp.fj ? fx->nchild : q->job[rp.fj].nc;
        }
        if (sl.valid && !sl.ack && sl.s.from_slot && sl.first && n->slot[sl.s.buf].need) {
            n->slot[sl.s.buf].need--;
            b.hit(e[X_FIRST_SLOT]);
        }
        // the register block: a unicast stream is busy from its INIT step
        // until its job completes
        if (d.jobs.sq_gnt && !sq_d.init_grp) n->ubusy[sq_d.init_id] = 1;
        if (d.jobs.push >= 0)
            for (unsigned c = 0; c < d.jobs.rel_n; c++) n->ubusy[d.jobs.rel_dst[c]] = 0;
        // the send-queue unit: the step taken, the next child
        if (sq_d.init && d.jobs.sq_gnt) {
            if (sq_d.fin) {
                sq.init = false;
            } else {
                sq.c = (int)sq_d.init_c + 1;
                if (!sq_d.init_grp) sq.base = seq0();
            }
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
            sq = Sq{};
            fj_pend = false;
            setup();
        }
    }

    void compare(const nic_dec &d, unsigned adr_job)
    {
        const nic_sel_dec &sl = d.sel;
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        b.eq("fj_rdy_o", m.fj_rdy_o, !q->fi_v, 1);
        b.eq("init_gnt_o", m.init_gnt_o, (uint64_t)jd.sq_gnt, 1);
        nu_cmp_sel(b, m, n, sl, KW, MC);
        bool busy = false;
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            busy |= jb->valid != 0;
            b.eqf("job_valid_o", m.job_valid_o, j, 1, jb->valid, j);
            b.eqf("job_group_o", m.job_group_o, j * WC_NH0_GROUP_W, WC_NH0_GROUP_W, jb->group, j);
            b.eqf("job_open_o", m.job_open_o, j, 1, jb->avail < jb->npk, j);
            b.eqf("job_nc_o", m.job_nc_o, j * NCW, NCW, jb->nc, j);
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
        const nic_jop &o = q->b;
        bool data = sl.valid && !sl.ack && !sl.req;
        sev.count(b, n, sl);
        b.hit(e[X_REQ], sl.req);
        // a packet past the 16-bit wrap of its child's stream
        b.hit(e[X_WRAP], data && sl.s.seq < q->job[sl.job].ch[sl.child].base);
        b.hit(e[X_NAK], jd.nak_amt != 0);
        b.hit(e[X_INIT_WAIT], d.sq.init && !jd.sq_gnt);
        // a forwarding job starting in the cycle its group's youngest one
        // leaves (the new one is linked behind it and must become the
        // oldest); a job index started afresh while the SEL granted in the
        // cycle its last job left is in stage B
        b.hit(e[X_CHAIN_RACE], d.rp.new_fj && o.v && o.op == JOP_DONE && jd.push == o.j && q->job[o.j].fwd &&
                                   q->job[o.j].group == d.rp.gr_group);
        b.hit(e[X_SEL_RACE], o.v && o.op == JOP_SEL && ((d.sq.create && d.sq.job == o.j) || (d.rp.new_fj && d.rp.nfj == o.j)));
        b.hit(e[X_FI_WAIT], q->fi_v && !jd.fi_gnt);
        // stage B's operation on the entry the one ahead of it wrote (the
        // C model keeps that entry's identity for mutation 12)
        b.hit(e[X_BYPASS], o.v && q->mut_v && q->mut_j == o.j && q->mut_c == o.c);
        // an acknowledgement stage B applies, against the entry it read
        if (o.v && o.op == JOP_ACK && jd.ok) {
            const nic_job *jb = &q->job[o.j];
            wc_nic_rel_child ch = nic_jrel_entry(n);
            unsigned dd = wc_nic_seq_diff(o.seq, ch.base);
            b.hit(e[X_PROGRESS], dd < HALF && dd > ch.acked && ch.acked < jb->npk);
            b.hit(e[X_ADMIT], ch.adm != WC_NIC_ADM_GRANT && !ch.acked && !dd && o.kind == WC_NIC_PEND_GRANT);
            b.hit(e[X_WAIT], ch.adm == WC_NIC_ADM_REQ && !ch.acked && !dd && o.kind == WC_NIC_PEND_WAIT);
        }
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            if (!jb->valid || !jb->live) continue;
            for (int k = 0; k < jb->nc; k++) {
                const wc_nic_rel_child *ch = &jb->ch[k];
                b.hit(e[X_WINDOW], ch->adm == WC_NIC_ADM_GRANT && ch->sent < jb->avail &&
                                       ch->sent - ch->acked >= TXWIN);
            }
        }
        if (jd.tmo) b.hit(e[nic_jrel_entry(n).adm == WC_NIC_ADM_GRANT ? X_TMO_DATA : X_TMO_REQ]);
        if (jd.push >= 0) b.hit(e[q->job[jd.push].fwd ? X_DONE_FWD : X_DONE_SEND]);
        // a finished job waiting for the completion FIFO; a forwarding job
        // with its whole message, in host memory, waiting for an older one
        // of its group (only the oldest asks its children for admission)
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            if (jd.push == j) continue;
            b.hit(e[X_DONE_HELD], nic_jtab_done(n, j) && (!cq_room || d.rp.toobig));
            b.hit(e[X_OLDER], jb->valid && jb->live && jb->fwd && jb->avail == jb->npk && jb->hostdone && !jb->old);
        }
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("jobs", argc, argv, 100000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_jobs_cfg(PAYLOAD, N, G, S, JS, JF, TXWIN, MC);
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}

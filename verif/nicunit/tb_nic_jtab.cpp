// SPDX-License-Identifier: Apache-2.0
// wc_nic_jtab.v against cmodel/wc_nic_jtab.c (nic_jtab_request(),
// nic_jtab_stage_b(), nic_jtab_commit(), nic_jtab_done()): the job unit's
// job table.  The bench plays
//  - the send-queue unit: send jobs created (unicast, multisend,
//    multicast; children past the count carry noise that the row must
//    drop), then their INIT steps one child a cycle, held until the
//    pipeline takes them (now and then the first in the creation's cycle);
//  - the receive processor: forwarding jobs started while the INIT
//    sequencer is free (of groups that already have one, so that the
//    chain of a group's jobs grows; now and then just as the group's job
//    leaves), their packets counted (packet 0 in the start's cycle too),
//    TOOBIG taking the completion FIFO;
//  - the pipeline (wc_nic_jrel, wc_nic_jsel): stage A granting the
//    table's requests or not (the sequencer's and the send-queue unit's
//    INIT steps, DONE) in place of acknowledgements, SELs, FINDs and
//    timeouts of live jobs, and stage B's operation a cycle later: INIT,
//    an ACK that gives a child every packet (once per child), a SEL with
//    FCFS's advance, DONE with the job's destination row;
//  - the selection and prep registers holding a job's data packet, the
//    DMA's host writes and staging errors, the completion FIFO's room.
// The C side's job table (n->jobs.job, the sequencer, stage B's register
// n->jobs.b) is the unit's own; the bench writes the other pieces' state
// (prep, the selection register, FCFS's pointer as wc_nic_jsel moves it)
// into the same wc_nic.
#include "nicunit_jobs.h"
#include "Vwc_nic_jtab.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_PAYLOAD) || !defined(UT_JSEND) || \
    !defined(UT_JFWD) || !defined(UT_KW)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_PAYLOAD=.. -DUT_JSEND=.. -DUT_JFWD=.. -DUT_KW=.. [-DUT_MAXCHILD=..] (mk/unit_nic.mk)"
#endif

namespace {

// (PAYLOAD is the bench's, for the packet counts: the module takes KW)
const int N = UT_NNODES, G = UT_NGROUPS, PAYLOAD = UT_PAYLOAD, JS = UT_JSEND, JF = UT_JFWD, KW = UT_KW;
#ifdef UT_MAXCHILD
const int MC = UT_MAXCHILD;
#else
const int MC = MAXC;
#endif
const int J = JS + JF, JW = nu_clog2(J), CIW = MC > 1 ? nu_clog2(MC) : 1, NCW = nu_clog2(MC + 1);
const int DW = WC_HEAD_DST_W, GB = nu_clog2(G), TW = WC_NH0_TYPE_W, GW = WC_NH0_GROUP_W, SRW = WC_NH0_SRC_W;

enum {
    X_SEND_U, X_SEND_M, X_SEND_G, X_FWD, X_CHAINED, X_PROMOTED, X_CHAIN_RACE, X_LIVE, X_INIT_WAIT, X_FI_WAIT,
    X_FJ_WAIT, X_CREATE_INIT, X_PKT, X_PKT0, X_FULL, X_DONE_REQ, X_NOROOM, X_HELD_SEL, X_HELD_PREP, X_HELD_OLDER,
    X_PUSH_U, X_PUSH_G, X_PUSH_FWD, X_TOOBIG, X_STALE_DONE, X_HOSTDONE, X_HOSTERR, X_STAGE_ERR, X_FC, X_PAD, X_NX
};
const char *const XNAME[X_NX] = {
    "send-job-unicast", "send-job-multisend", "send-job-multicast", "forwarding-job", "forwarding-job-chained",
    "promoted-to-oldest", "forwarding-job-starts-as-group-job-leaves", "live-at-last-init", "init-step-not-taken",
    "forwarding-init-step-waits", "forwarding-job-held-sequencer-busy", "created-and-initialised-at-once",
    "packet-counted", "packet-0-in-start-cycle", "child-has-every-packet", "done-requested",
    "done-waits-for-fifo-room", "done-held-by-selection", "done-held-by-prep", "done-held-for-older",
    "completion-unicast", "completion-group", "completion-forward", "completion-lost-to-toobig",
    "done-in-stage-b-no-longer-done", "host-write-done", "host-write-error", "staging-buserr", "fcfs-advance",
    "row-padded"};

struct Bench {
    NuBench &b;
    Vwc_nic_jtab m;
    wc_nic *n;
    unsigned self;
    // the send-queue unit: job sq_job's INIT step sq_c
    bool sq_init = false;
    int sq_job = 0, sq_c = 0;
    uint16_t sq_base = 0;
    // the receive processor has a forwarding job to start
    bool fj_pend = false;
    unsigned fj_g = 0;
    // children that have every packet acknowledged (one ACK says so)
    bool full[MAXJ][MAXC] = {};
    // the prep and selection registers' data packet, and their job
    bool prep_d = false, sel_d = false;
    int prep_j = 0, sel_j = 0;
    double p_create = 0.05, p_fwd = 0.05, p_gnt = 0.7, p_full = 0.05, p_room = 0.9;
    int e[X_NX], e_soft;
    wc_rng rng_ci;      // creation and first INIT step in one cycle

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        // (one forwarding job has no chain; a job's children are at most
        // the nodes other than this one)
        for (int i = 0; i < X_NX; i++)
            e[i] = b.event(XNAME[i], ((i != X_CHAINED && i != X_PROMOTED && i != X_CHAIN_RACE && i != X_HELD_OLDER &&
                                       i != X_FJ_WAIT) || JF > 1) && (i != X_PAD || MC > 1));
        e_soft = b.event("soft-reset");
        wc_rng_seed(&rng_ci, ~b.seed);
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    unsigned other() { unsigned v = b.below(N); return v == self ? (v + 1) % N : v; }
    // a group entry with 1..MAXCHILD distinct children (few, mostly)
    void group(int g)
    {
        wc_nic_group_ent *x = &n->gt.g[g];
        *x = wc_nic_group_ent{};
        x->valid = 1;
        x->parent = (uint16_t)other();
        int want = 1 + (int)b.below(b.chance(0.8) ? (MC < 3 ? MC : 3) : MC);
        for (unsigned v0 = b.below(N), i = 0; i < (unsigned)N && x->nchild < want; i++) {
            unsigned v = (v0 + i) % N;
            if (v != self) x->child[x->nchild++] = (uint16_t)v;
        }
    }
    void setup()
    {
        for (int g = 1; g < G; g++) group(g);
        std::memset(full, 0, sizeof full);
    }
    unsigned msglen()
    {
        return 1 + b.below(b.chance(0.9) ? 6u * PAYLOAD : (unsigned)WC_NIC_MAX_MSG);
    }
    bool live(int j) const { return n->jobs.job[j].valid && n->jobs.job[j].live; }
    int live_job()
    {
        int c[MAXJ], k = 0;
        for (int j = 0; j < J; j++)
            if (live(j)) c[k++] = j;
        return k ? c[b.below((uint32_t)k)] : -1;
    }

    // The send-queue unit: its INIT step, else a new send job (not in a
    // forwarding job's start cycle).
    void send_queue(nic_sq_dec &s, bool newfj)
    {
        if (sq_init) {
            nu_sq_step(n, s, sq_job, sq_c, sq_base);
            return;
        }
        int j = -1;
        for (int k = 0; k < JS; k++)
            if (!n->jobs.job[k].valid) { j = k; break; }
        if (j < 0 || newfj || !b.chance(p_create)) return;
        nic_job *nj = &s.nj;
        nu_send_job(b, n, nj, msglen(), self);
        unsigned kind = b.below(3);
        if (kind == 2) {
            unsigned g = 1 + b.below(G - 1);
            const wc_nic_group_ent *x = &n->gt.g[g];
            nj->type = WC_PT_MDATA;
            nj->group = (uint16_t)g;
            nj->nc = x->nchild;
            for (int c = 0; c < nj->nc; c++) nj->dst[c] = x->child[c];
            if (b.chance(0.3)) nj->src = (uint16_t)b.below(N);      // a host forwarding (host mode)
        } else {
            nj->type = WC_PT_UDATA;
            nj->nc = (uint8_t)(kind == 0 ? 1 : 1 + b.below(MC < N - 1 ? MC : N - 1));
            for (unsigned v = self + 1 + b.below(N), c = 0; c < nj->nc; v++)
                if (v % N != self) nj->dst[c++] = (uint16_t)(v % N);
        }
        s.create = 1;
        s.job = j;
        sq_init = true;
        sq_job = j;
        sq_c = 0;
        sq_base = (uint16_t)b.below(65536);
        if (wc_rng_chance(&rng_ci, 0.1)) {
            s.init = 1;
            s.init_grp = nj->type == WC_PT_MDATA;
            s.init_c = 0;
            s.init_id = s.init_grp ? nj->group : nj->dst[0];
            s.base = sq_base;
            s.npk = nj->npk;
            s.fin = nj->nc == 1;
            b.hit(e[X_CREATE_INIT]);
        }
        b.hit(e[nj->type == WC_PT_MDATA ? X_SEND_G : kind == 0 ? X_SEND_U : X_SEND_M]);
    }

    // The receive processor: a forwarding job starts while the sequencer
    // is free (mostly of a group whose job is still there, or just as it
    // leaves); packets of jobs still receiving.
    void receive(nic_rxp_dec &rp, bool push_now)
    {
        const nic_jobs_q *q = &n->jobs;
        rp.toobig = b.chance(0.03);
        int f = -1;
        for (int j = JS; j < J; j++)
            if (!q->job[j].valid) { f = j; break; }
        if (!fj_pend && b.chance(p_fwd)) {
            fj_pend = true;
            fj_g = 1 + b.below(G - 1);
            // the group of a forwarding job there: its chain grows
            int k = JS + (int)b.below(JF);
            if (q->job[k].valid && b.chance(0.6)) fj_g = q->job[k].group;
        }
        if (push_now && q->job[q->b.j].fwd && !rp.toobig && b.chance(0.5)) {
            fj_pend = true;
            fj_g = q->job[q->b.j].group;
        }
        if (fj_pend && f >= 0) {
            if (q->fi_v) {
                b.hit(e[X_FJ_WAIT]);
            } else {
                fj_pend = false;
                const wc_nic_group_ent *x = &n->gt.g[fj_g];
                rp.new_fj = 1;
                rp.nfj = f;
                rp.grant = 1;
                rp.gr_group = fj_g;
                rp.gr_src = b.below(N);
                rp.gr_len = msglen();
                rp.gr_seq = b.below(65536);
                rp.addr = b.u32() & ~3u;
                (void)x;
            }
        }
        int j = rp.new_fj && b.chance(0.3) ? rp.nfj : JS + (int)b.below(JF);
        const nic_job *jb = &q->job[j];
        bool fresh = rp.new_fj && j == rp.nfj;
        if ((fresh || (jb->valid && jb->avail < jb->npk)) && b.chance(0.3)) {
            rp.accept = 1;
            rp.fj = j;
        }
    }

    void cycle()
    {
        nic_jobs_q *q = &n->jobs;
        if (b.cycle % 3000 == 0) {
            p_create = b.chance(0.5) ? 0.2 : 0.02;
            p_fwd = b.chance(0.5) ? 0.05 : 0.005;
            p_gnt = b.chance(0.5) ? 0.9 : 0.3;
            p_full = b.chance(0.5) ? 0.3 : 0.03;
            p_room = b.chance(0.7) ? 0.95 : 0.3;
        }
        if (b.chance(0.002)) group(1 + (int)b.below(G - 1));
        bool soft = b.chance(0.0003);

        nic_dec d;
        nu_dec_idle(&d);
        nic_jobs_dec &jd = d.jobs;
        const nic_jop o = q->b;
        bool cq_room = b.chance(p_room);
        bool push_now = o.v && o.op == JOP_DONE && nic_jtab_done(n, o.j) && cq_room;
        receive(d.rp, push_now);
        send_queue(d.sq, d.rp.new_fj);
        const nic_rxp_dec &rp = d.rp;
        const nic_sq_dec &sq = d.sq;
        // the DMA: a forwarded message in host memory, a staging error
        int hd = -1;
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
        } else if (b.chance(0.01)) {
            int j = live_job();
            d.dma.op_done = 1;
            d.dma.cli = CLI_STAGE;
            d.dma.op_err = 1;
            d.dma.stage_job = j >= 0 ? (unsigned)j : b.below(J);
        }
        // the selection and prep registers: a data packet of a job now and
        // then (a resend chosen before the job's last ack)
        if (b.chance(0.1)) {
            prep_d = b.chance(0.3);
            prep_j = (int)b.below(J);
        }
        if (b.chance(0.1)) {
            sel_d = b.chance(0.3);
            sel_j = (int)b.below(J);
        }
        q->prep = nic_send{};
        q->prep.valid = prep_d || b.chance(0.2);
        q->prep.ack = !prep_d;
        q->prep.job = (uint8_t)prep_j;
        n->tx.sel = nic_send{};
        n->tx.sel.valid = sel_d || b.chance(0.2);
        n->tx.sel.ack = !sel_d;
        n->tx.sel.job = (uint8_t)sel_j;

        // stage B's operation (registered at the last edge): what it tells
        // the table
        bool full_now = false, fc_inc = false;
        if (o.v && o.op == JOP_ACK && live(o.j) && o.c < q->job[o.j].nc && !full[o.j][o.c] && b.chance(p_full)) {
            full_now = true;
            jd.ok = 1;
            jd.full = 1;
        }
        if (o.v && o.op == JOP_INIT) jd.ok = 1;
        if (o.v && o.op == JOP_SEL && live(o.j) && o.c == q->job[o.j].fc && q->job[o.j].fc < q->job[o.j].nc &&
            b.chance(0.3))
            fc_inc = true;
        const nic_job *bj = &q->job[o.j];

        m.soft_i = soft;
        bool pad = nu_drive_fwd(b, m, n, rp, J, MC, true);
        m.toobig_i = rp.toobig;
        m.cq_room_i = cq_room;
        pad |= nu_drive_create(b, m, sq, J, MC, true);
        bool stage_err = d.dma.op_done && d.dma.cli == CLI_STAGE;
        m.stage_err_i = stage_err;
        m.stage_err_job_i = stage_err ? d.dma.stage_job : b.below(J);
        m.hostdone_i = hd >= 0;
        m.hostdone_job_i = hd >= 0 ? hd : (int)b.below(J);
        m.hostdone_err_i = d.dma.rxw_err;
        m.sel_data_i = n->tx.sel.valid && !n->tx.sel.ack;
        m.sel_job_i = n->tx.sel.job;
        m.prep_data_i = q->prep.valid && !q->prep.ack;
        m.prep_job_i = q->prep.job;
        m.b_v_i = o.v;
        m.b_op_i = o.op;
        m.b_j_i = o.j;
        m.b_c_i = o.c;
        m.full_i = full_now;
        for (int c = 0; c < MC; c++) ut_set(m.b_row_i, c * DW, DW, bj->dst[c]);
        m.fc_inc_i = fc_inc;
        unsigned adr_job = b.below(J);
        m.adr_job_i = adr_job;
        m.sq_gnt_i = 0;
        m.fi_gnt_i = 0;
        m.eval();

        // stage A (the bench's, in wc_nic_jrel's order with the higher
        // requesters drawn): an ACK or a SEL of a live job, else the
        // table's DONE, the sequencer's INIT, the send-queue unit's INIT
        // (each taken or not), else a FIND or a timeout
        int dreq = nic_jtab_request(n, cq_room);
        nic_jop a{};
        int lj = live_job();
        if (lj >= 0 && b.chance(0.15)) {
            a = nic_jop{1, (uint8_t)JOP_ACK, (uint8_t)lj, (uint8_t)b.below(q->job[lj].nc)};
        } else if (lj >= 0 && b.chance(0.15)) {
            a = nic_jop{1, (uint8_t)JOP_SEL, (uint8_t)lj, (uint8_t)b.below(q->job[lj].nc)};
        } else if (dreq >= 0 && b.chance(p_gnt)) {
            a = nic_jop{1, (uint8_t)JOP_DONE, (uint8_t)dreq, 0};
            // now and then the SEL in stage B puts a packet of the job in
            // the prep register (a resend chosen before its last ack): the
            // DONE finds it no longer done
            if (o.v && o.op == JOP_SEL && b.chance(0.2)) {
                prep_d = true;
                prep_j = dreq;
            }
        } else if (q->fi_v && b.chance(p_gnt)) {
            a = nic_jop{1, (uint8_t)JOP_INIT, q->fi_j, q->fi_c};
            a.base = q->fi_base;
            jd.fi_gnt = 1;
        } else if (sq.init && !q->fi_v && b.chance(p_gnt)) {
            a = nic_jop{1, (uint8_t)JOP_INIT, (uint8_t)sq.job, (uint8_t)sq.init_c};
            a.base = sq.base;
            jd.sq_gnt = 1;
        } else if (lj >= 0 && b.chance(0.5)) {
            a = nic_jop{1, (uint8_t)(b.chance(0.5) ? JOP_FIND : JOP_TMO), (uint8_t)lj, (uint8_t)b.below(MC)};
        }
        m.sq_gnt_i = jd.sq_gnt;
        m.fi_gnt_i = jd.fi_gnt;
        m.eval();

        nic_jtab_stage_b(n, &d, cq_room, &jd);
        compare(d, dreq, adr_job);
        count(d, cq_room, dreq, full_now, fc_inc, pad);

        unsigned old0 = 0;
        for (int j = 0; j < J; j++) old0 |= (unsigned)q->job[j].old << j;
        unsigned chg = nic_jtab_commit(n, &d);
        b.eq("chg_o", m.chg_o, chg, J);
        if (rp.new_fj || sq.create) {
            int wj = rp.new_fj ? rp.nfj : sq.job;
            b.eq("row_wj_o", m.row_wj_o, (uint64_t)wj, JW);
            for (int c = 0; c < MC; c++) b.eqf("row_wd_o", m.row_wd_o, c * DW, DW, q->job[wj].dst[c], c);
        }
        for (int j = 0; j < J; j++)
            b.hit(e[X_PROMOTED], !(old0 >> j & 1) && q->job[j].old && q->job[j].valid && !(rp.new_fj && rp.nfj == j));

        // the neighbours: the pipeline's register, FCFS's pointer (wc_nic_jsel
        // moves it), the children's full flags, the send-queue unit
        if (fc_inc) q->job[o.j].fc++;
        if (full_now) full[o.j][o.c] = true;
        if (rp.new_fj) std::memset(full[rp.nfj], 0, sizeof full[0]);
        if (sq.create) std::memset(full[sq.job], 0, sizeof full[0]);
        if (sq.init && jd.sq_gnt) {
            if (sq.fin) sq_init = false;
            else {
                sq_c = (int)sq.init_c + 1;
                if (!sq.init_grp) sq_base = (uint16_t)b.below(65536);
            }
        }
        q->b = a;
        b.edge(m, n, soft, e_soft);
        if (soft) {
            sq_init = fj_pend = prep_d = sel_d = false;
            setup();
        }
    }

    void compare(const nic_dec &d, int dreq, unsigned adr_job)
    {
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        b.eq("fj_rdy_o", m.fj_rdy_o, !q->fi_v, 1);
        b.eq("done_req_o", m.done_req_o, dreq >= 0, 1);
        if (dreq >= 0) b.eq("done_j_o", m.done_j_o, (uint64_t)dreq, JW);
        b.eq("fi_req_o", m.fi_req_o, q->fi_v, 1);
        if (q->fi_v) {
            b.eq("fi_j_o", m.fi_j_o, q->fi_j, JW);
            b.eq("fi_c_o", m.fi_c_o, q->fi_c, CIW);
            b.eq("fi_base_o", m.fi_base_o, q->fi_base, 16);
        }
        b.eq("row_we_o", m.row_we_o, d.rp.new_fj || d.sq.create, 1);
        bool busy = false;
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            busy |= jb->valid != 0;
            b.eqf("job_valid_o", m.job_valid_o, j, 1, jb->valid, j);
            b.eqf("job_live_o", m.job_live_o, j, 1, jb->live, j);
            b.eqf("job_fwd_o", m.job_fwd_o, j, 1, jb->fwd, j);
            b.eqf("job_old_o", m.job_old_o, j, 1, jb->old, j);
            b.eqf("job_type_o", m.job_type_o, j * TW, TW, jb->type, j);
            b.eqf("job_src_o", m.job_src_o, j * SRW, SRW, jb->src, j);
            b.eqf("job_group_o", m.job_group_o, j * GW, GW, jb->group, j);
            b.eqf("job_msglen_o", m.job_msglen_o, j * 16, 16, jb->msglen, j);
            b.eqf("job_npk_o", m.job_npk_o, j * KW, KW, jb->npk, j);
            b.eqf("job_avail_o", m.job_avail_o, j * KW, KW, jb->avail, j);
            b.eqf("job_nc_o", m.job_nc_o, j * NCW, NCW, jb->nc, j);
            b.eqf("job_fc_o", m.job_fc_o, j * NCW, NCW, jb->fc, j);
            b.eqf("job_open_o", m.job_open_o, j, 1, jb->avail < jb->npk, j);
        }
        b.eq("adr_o", m.adr_o, q->job[adr_job].addr, 32);
        b.eq("busy_o", m.busy_o, busy, 1);
        b.eq("push_o", m.push_o, jd.push >= 0, 1);
        if (jd.push >= 0) {
            const nic_job *pj = &q->job[jd.push];
            b.eq("push_j_o", m.push_j_o, (uint64_t)jd.push, JW);
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
    }

    void count(const nic_dec &d, bool cq_room, int dreq, bool full_now, bool fc_inc, bool pad)
    {
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        const nic_jop &o = q->b;
        const nic_rxp_dec &rp = d.rp;
        if (rp.new_fj) {
            b.hit(e[X_FWD]);
            bool chained = false;
            for (int j = JS; j < J; j++)
                chained |= j != rp.nfj && q->job[j].valid && q->job[j].group == rp.gr_group;
            b.hit(e[X_CHAINED], chained);
            b.hit(e[X_CHAIN_RACE], jd.push >= 0 && q->job[jd.push].fwd && q->job[jd.push].group == rp.gr_group);
        }
        b.hit(e[X_LIVE], o.v && o.op == JOP_INIT && o.c + 1 == q->job[o.j].nc);
        b.hit(e[X_INIT_WAIT], d.sq.init && !jd.sq_gnt);
        b.hit(e[X_FI_WAIT], q->fi_v && !jd.fi_gnt);
        b.hit(e[X_PKT], rp.accept);
        b.hit(e[X_PKT0], rp.accept && rp.new_fj && rp.fj == rp.nfj);
        b.hit(e[X_FULL], full_now);
        b.hit(e[X_DONE_REQ], dreq >= 0);
        b.hit(e[X_FC], fc_inc);
        b.hit(e[X_PAD], pad);
        b.hit(e[X_HOSTDONE], d.dma.op_done && d.dma.cli == CLI_RXW);
        b.hit(e[X_HOSTERR], d.dma.op_done && d.dma.cli == CLI_RXW && d.dma.rxw_err);
        b.hit(e[X_STAGE_ERR], d.dma.op_done && d.dma.cli == CLI_STAGE);
        for (int j = 0; j < J; j++) {
            const nic_job *jb = &q->job[j];
            // done but for the FIFO's room, a packet still in the prep or
            // selection register, or an older job of the group
            bool done0 = jb->valid && jb->live && jb->avail == jb->npk && jb->ndone == jb->nc;
            bool fdone = !jb->fwd || jb->hostdone;
            b.hit(e[X_NOROOM], nic_jtab_done(n, j) && !cq_room);
            b.hit(e[X_HELD_SEL], done0 && fdone && (!jb->fwd || jb->old) && n->tx.sel.valid && !n->tx.sel.ack &&
                                     n->tx.sel.job == j);
            b.hit(e[X_HELD_PREP], done0 && fdone && (!jb->fwd || jb->old) && q->prep.valid && !q->prep.ack &&
                                      q->prep.job == j);
            b.hit(e[X_HELD_OLDER], done0 && jb->fwd && jb->hostdone && !jb->old);
        }
        if (o.v && o.op == JOP_DONE) {
            b.hit(e[X_STALE_DONE], !nic_jtab_done(n, o.j));
            b.hit(e[X_TOOBIG], nic_jtab_done(n, o.j) && cq_room && rp.toobig);
        }
        if (jd.push >= 0) {
            const nic_job *pj = &q->job[jd.push];
            b.hit(e[pj->fwd ? X_PUSH_FWD : pj->type == WC_PT_UDATA ? X_PUSH_U : X_PUSH_G]);
        }
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("jtab", argc, argv, 50000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_jobs_cfg(PAYLOAD, N, G, 1, JS, JF, 1, MC);
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}

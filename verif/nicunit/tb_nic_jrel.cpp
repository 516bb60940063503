// SPDX-License-Identifier: Apache-2.0
// wc_nic_jrel.v against cmodel/wc_nic_jrel.c (nic_jrel_stage_a(),
// nic_jrel_stage_b(), nic_jrel_commit(), nic_jrel_entry()): the job
// unit's child table, its two-stage pipeline, the acknowledgement matcher,
// the unicast owner table and the timeout scanner.  The bench plays
//  - the job table (wc_nic_jtab): send jobs (unicast, multisend,
//    multicast) and forwarding jobs starting with their destination rows,
//    their children's INIT steps (the send-queue unit's, one child a cycle
//    until taken, and the forwarding INIT sequencer's), a job live after
//    its last INIT passes stage B, the forwarding jobs of a group in a
//    chain (only the oldest is the group's for acks), DONE requested for a
//    live job and the job leaving when its DONE passes stage B (or not:
//    the FIFO was full), the register block's unicast busy flags;
//  - the selection (wc_nic_jsel): a candidate for stage A (mostly a
//    child's due REQ or next packet, now and then a stale one) and stage
//    B's sel_ok, as wc_nic_jsel's C stage B decides it; the pass engine's
//    FINDs, child after child of a live job;
//  - the adaptive timeout (wc_nic_jrto): the probe and the timeout;
//  - the receive processor's ack bus: the children's answers (GRANT and
//    WAIT to a REQ, cumulative ACKs of every reach, NAKs), acks of jobs
//    gone or not live yet, of forwarding jobs not their group's oldest,
//    and noise.
// The C side's pipeline register, matcher, scanner, owner table and child
// entries (n->jobs.b, .m, .scan, .ft, n->uown, job[].ch) are the unit's;
// the bench writes the job table's registers, the selection's and the
// sequencer's requests and the probe into the same wc_nic so that the C
// stage A sees the requests the RTL gets on its ports.
#include "nicunit_jobs.h"
#include "Vwc_nic_jrel.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_JSEND) || !defined(UT_JFWD) || !defined(UT_KW) || \
    !defined(UT_PAYLOAD)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_JSEND=.. -DUT_JFWD=.. -DUT_KW=.. -DUT_PAYLOAD=.. [-DUT_MAXCHILD=..] (mk/unit_nic.mk)"
#endif

namespace {

const int N = UT_NNODES, G = UT_NGROUPS, JS = UT_JSEND, JF = UT_JFWD, KW = UT_KW, PAYLOAD = UT_PAYLOAD;
#ifdef UT_MAXCHILD
const int MC = UT_MAXCHILD;
#else
const int MC = MAXC;
#endif
const int J = JS + JF, JW = nu_clog2(J), CIW = MC > 1 ? nu_clog2(MC) : 1, NCW = nu_clog2(MC + 1);
const int DW = WC_HEAD_DST_W, TW = WC_NH0_TYPE_W, GW = WC_NH0_GROUP_W;
const unsigned HALF = WC_NIC_SEQ_MOD / 2;

enum {
    X_ACK_U, X_ACK_G, X_ACK_F, X_ACK_NOTOLD, X_ACK_NOOWN, X_ACK_DEAD, X_ACK_NOCHILD, X_ADMIT, X_WAIT, X_PROGRESS,
    X_BEYOND, X_STALE, X_NAK, X_FULL, X_SAMPLE, X_KARN, X_TMO_DATA, X_TMO_REQ, X_TMO_EARLY, X_SKIP, X_FLIP,
    X_SEL_REQ, X_SEL_DATA, X_SEL_NO, X_INIT_FI, X_INIT_SQ, X_W_SEL, X_W_DONE, X_W_FI, X_W_SQ, X_W_FIND, X_W_TMO,
    X_DONE, X_BYPASS, X_OWNER, X_LATE_OP, X_NX
};
const char *const XNAME[X_NX] = {
    "ack-unicast-placed", "ack-group-send-job", "ack-group-forwarding-job", "ack-not-for-younger-forwarding-job",
    "ack-unicast-no-owner", "ack-job-not-live", "ack-source-not-a-child", "child-admitted", "child-waits",
    "ack-progress", "ack-beyond-message", "ack-stale", "nak-rewind", "child-has-every-packet", "rtt-sample",
    "nak-ends-probe", "timeout-data", "timeout-req", "visit-not-late", "scanner-skips-unused", "find-and-visit-alternate",
    "req-sent", "data-sent", "sel-no-longer-due", "init-forwarding", "init-send-queue", "sel-waits-for-ack",
    "done-waits", "forwarding-init-waits", "send-queue-init-waits", "find-waits", "visit-waits", "done-granted",
    "bypass-used", "owner-rewritten", "op-on-job-gone"};

// the job table as the bench keeps it (besides the C job's fields)
struct Job {
    bool done_want;         // DONE requested
    int init_c;             // next child to initialise (INIT steps), nc: all granted
    uint16_t base;          // that step's base
    unsigned age;           // start order (the chain of a group's forwarding jobs)
};

struct Bench {
    NuBench &b;
    Vwc_nic_jrel m;
    wc_nic *n;
    unsigned self;
    Job jb[MAXJ] = {};
    unsigned age = 0;
    // the send-queue unit: the job whose INIT steps it offers, -1 none
    int sq_job = -1;
    // the pass engine (FIND) and its pass id; the candidate for SEL
    bool pe_v = false, pid = false;
    int pe_j = 0, pe_i = 0;
    bool cand = false, creq = false;
    int cj = 0, cc = 0;
    uint32_t rto = 300;
    double p_ack = 0.3, p_progress = 1.0, p_start = 0.05;
    int e[X_NX], e_soft;

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        // (one forwarding job is always its group's oldest; a unicast
        // peer's owner changes only with two send jobs, or two children)
        for (int i = 0; i < X_NX; i++)
            e[i] = b.event(XNAME[i], (i != X_ACK_NOTOLD || JF > 1) && (i != X_OWNER || JS > 1 || (MC > 1 && N > 2)));
        e_soft = b.event("soft-reset");
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    void setup()
    {
        n->regs.now = b.chance(0.5) ? 0xFFFFF000u + b.below(4096) : b.u32();
        std::memset(jb, 0, sizeof jb);
        sq_job = -1;
        pe_v = cand = false;
    }
    uint16_t seq0() { return (uint16_t)(b.chance(0.3) ? 0xFFFFu - b.below(8) : b.below(65536)); }
    bool live(int j) const { return n->jobs.job[j].valid && n->jobs.job[j].live; }
    int live_job()
    {
        int c[MAXJ], k = 0;
        for (int j = 0; j < J; j++)
            if (live(j)) c[k++] = j;
        return k ? c[b.below((uint32_t)k)] : -1;
    }
    bool node_used(unsigned v) const
    {
        for (int j = 0; j < JS; j++) {
            const nic_job *x = &n->jobs.job[j];
            if ((x->valid || sq_job == j) && x->type == WC_PT_UDATA)
                for (int c = 0; c < x->nc; c++)
                    if (x->dst[c] == v) return true;
        }
        return n->ubusy[v] != 0;
    }

    // A job starts at index j: its registers and row (the row write is
    // the RTL's input this cycle; the C side takes the registers after its
    // commit, as the job table commits after the child table)
    nic_job start(int j, bool fwd)
    {
        nic_job x{};
        x.valid = fwd;
        x.fwd = fwd;
        x.npk = (uint16_t)(1 + b.below(b.chance(0.8) ? 8 : (unsigned)unit_mask(KW)));
        x.avail = fwd ? (uint16_t)b.below(x.npk + 1u) : x.npk;
        unsigned kind = fwd ? 2 : b.below(3);
        x.type = kind == 2 ? WC_PT_MDATA : WC_PT_UDATA;
        x.group = kind == 2 ? (uint16_t)(1 + b.below(G - 1)) : 0;
        unsigned want = 1 + b.below(b.chance(0.8) ? (MC < 3 ? MC : 3) : MC);
        if (kind == 0) want = 1;
        for (unsigned v0 = b.below(N), i = 0; i < (unsigned)N && x.nc < want; i++) {
            unsigned v = (v0 + i) % N;
            if (v != self && (kind == 2 || !node_used(v))) x.dst[x.nc++] = (uint16_t)v;
        }
        x.old = 1;
        if (fwd)
            for (int k = JS; k < J; k++)
                if (k != j && n->jobs.job[k].valid && n->jobs.job[k].group == x.group) x.old = 0;
        return x;
    }

    void cycle()
    {
        nic_jobs_q *q = &n->jobs;
        if (b.cycle % 3000 == 0) {
            n->regs.mode = (uint8_t)b.below(3);
            rto = b.chance(0.7) ? 20 + b.below(300) : b.below(1u << 20);
            p_ack = b.chance(0.5) ? 0.6 : 0.15;
            p_progress = b.chance(0.3) ? 0.02 : 1.0;
            p_start = b.chance(0.5) ? 0.2 : 0.02;
        }
        n->regs.now++;
        bool soft = b.chance(0.0003);
        const nic_jop o = q->b;

        nic_dec d;
        nu_dec_idle(&d);
        nic_jobs_dec &jd = d.jobs;
        std::memset(&jd, 0, sizeof jd);
        jd.push = jd.rel_group = jd.pe_start = -1;
        nu_answer(b, n, d.rp, p_ack, p_progress);

        // the job table's starts: a forwarding job while the sequencer is
        // free, else a send job while the send-queue unit is idle (one row
        // a cycle)
        int newj = -1;
        nic_job nx{};
        if (b.chance(p_start)) {
            bool fwd = b.chance(0.5);
            for (int j = fwd ? JS : 0; j < (fwd ? J : JS) && newj < 0; j++)
                if (!q->job[j].valid && sq_job != j && !(fwd && q->fi_v)) newj = j;
            if (newj >= 0 && !fwd && sq_job >= 0) newj = -1;
            if (newj >= 0) {
                nx = start(newj, fwd);
                if (!nx.nc) newj = -1;
            }
        }
        // the send-queue unit's INIT step
        nic_sq_dec &sq = d.sq;
        if (sq_job >= 0) nu_sq_step(n, sq, sq_job, jb[sq_job].init_c, jb[sq_job].base);
        // DONE: a live job now and then (not the one whose DONE is in
        // stage B); the C job table says it is done (nic_jtab_request)
        for (int j = 0; j < J; j++) {
            if (!live(j)) jb[j].done_want = false;
            else if (b.chance(0.002) && (!q->job[j].fwd || q->job[j].old)) jb[j].done_want = true;
        }
        int dreq = -1;
        for (int j = 0; j < J && dreq < 0; j++)
            if (jb[j].done_want && !(o.v && o.op == JOP_DONE && o.j == j)) dreq = j;
        for (int j = 0; j < J; j++) {
            nic_job *x = &q->job[j];
            x->ndone = j == dreq ? x->nc : 0xFF;
            if (j == dreq) x->hostdone = 1, x->avail = x->npk;
        }
        q->prep.valid = 0;
        n->tx.sel.valid = 0;
        // the selection's candidate: mostly a child whose REQ or packet is
        // due, now and then a stale one; not while a SEL is in stage B
        if (!cand || !live(cj) || b.chance(0.05)) {
            cand = false;
            int j = live_job();
            if (j >= 0 && b.chance(0.5)) {
                cand = true;
                cj = j;
                cc = (int)b.below(q->job[j].nc);
                creq = b.chance(0.1) ? !(q->job[j].ch[cc].adm == WC_NIC_ADM_NEED)
                                     : q->job[j].ch[cc].adm == WC_NIC_ADM_NEED;
            }
        }
        bool sel_req = cand && !(o.v && o.op == JOP_SEL);
        for (int j = 0; j < J; j++) q->job[j].cv = 0;
        if (sel_req) {
            q->job[cj].cv = 1;
            q->job[cj].cc = (uint8_t)cc;
            q->job[cj].creq = creq;
            q->job_ptr = (uint8_t)cj;
        }
        // the pass engine
        if (pe_v && (!live(pe_j) || pe_i >= q->job[pe_j].nc)) pe_v = false;
        if (!pe_v && b.chance(0.05)) {
            int j = live_job();
            if (j >= 0) {
                pe_v = true;
                pe_j = j;
                pe_i = 0;
                pid = !pid;
            }
        }
        q->pe_v = pe_v;
        q->pe_j = (uint8_t)pe_j;
        q->pe_pi = (uint8_t)pe_i;
        q->pe_pid = pid;
        // the probe, the timeout (nic_rto() = rto: the peak's eight times
        // above it, the register at it)
        if (b.chance(0.02)) {
            q->pr_v = b.chance(0.7);
            int j = live_job();
            q->pr_j = (uint8_t)(j >= 0 && b.chance(0.8) ? j : b.below(J));
            q->pr_c = (uint8_t)(j >= 0 && b.chance(0.8) ? b.below(q->job[q->pr_j].nc ? q->job[q->pr_j].nc : 1) : b.below(MC));
            q->pr_k = (uint16_t)b.below(q->job[q->pr_j].npk + 1u);
        }
        n->regs.timeout = rto;
        q->pk = 0xFFFFFFFFu >> 3;

        // stage B: the child table's outcome, then the selection's SEL
        nic_jrel_stage_b(n, &jd);
        nic_jsel_stage_b(n, &jd);
        // stage A
        nic_jrel_stage_a(n, &d, dreq >= 0, &jd);
        bool sel_ok = o.v && o.op == JOP_SEL && jd.ok;

        drive(d, soft, newj, nx, sel_req, dreq, sel_ok);
        compare(d, o);
        count(d, o, dreq, sel_req);

        nic_jrel_commit(n, &d);
        // the job table after the child table: the INIT that makes a job
        // live, DONE (the job leaves, its successor is the oldest), a new
        // job; the send-queue unit's and the sequencer's next steps; the
        // register block's busy flags
        if (o.v && o.op == JOP_INIT && o.c + 1 == q->job[o.j].nc) q->job[o.j].live = 1;
        if (o.v && o.op == JOP_DONE && live(o.j) && b.chance(0.8)) leave(o.j);
        if (jd.sq_gnt) {
            if (!sq.init_grp) n->ubusy[sq.init_id] = 1;
            if (sq.fin) {
                q->job[sq_job].valid = 1;
                sq_job = -1;
            } else {
                jb[sq_job].init_c++;
                jb[sq_job].base = sq.init_grp ? jb[sq_job].base : seq0();
            }
        }
        if (jd.fi_gnt && ++q->fi_c == q->job[q->fi_j].nc) q->fi_v = 0;
        if (jd.find_gnt) pe_i++;
        if (jd.sel_gnt) cand = false;
        if (newj >= 0) {
            nic_job *x = &q->job[newj];
            nx.live = 0;
            std::memcpy(x, &nx, offsetof(nic_job, ch));
            jb[newj] = Job{false, 0, seq0(), ++age};
            if (nx.fwd) {
                q->fi_v = 1;
                q->fi_j = (uint8_t)newj;
                q->fi_c = 0;
                q->fi_base = jb[newj].base;
            } else {
                sq_job = newj;
            }
        }
        q->b = jd.a;
        b.edge(m, n, soft, e_soft);
        if (soft) setup();
    }

    // job j leaves: the next forwarding job of its group is the oldest;
    // its unicast streams are free
    void leave(int j)
    {
        nic_jobs_q *q = &n->jobs;
        nic_job *x = &q->job[j];
        x->valid = x->live = 0;
        jb[j].done_want = false;
        if (x->fwd) {
            int nxt = -1;
            for (int k = JS; k < J; k++)
                if (q->job[k].valid && q->job[k].group == x->group && (nxt < 0 || jb[k].age < jb[nxt].age)) nxt = k;
            if (nxt >= 0) q->job[nxt].old = 1;
        } else if (x->type == WC_PT_UDATA) {
            for (int c = 0; c < x->nc; c++) n->ubusy[x->dst[c]] = 0;
        }
    }

    void drive(const nic_dec &d, bool soft, int newj, const nic_job &nx, bool sel_req, int dreq, bool sel_ok)
    {
        const nic_jobs_q *q = &n->jobs;
        const nic_rxp_dec &rp = d.rp;
        const nic_sq_dec &sq = d.sq;
        m.soft_i = soft;
        m.now_i = n->regs.now;
        m.rto_i = rto;
        m.ack_i = rp.ack_valid;
        m.ack_grp_i = rp.ack_grp;
        m.ack_from_i = rp.ack_from;
        m.ack_seq_i = rp.ack_seq;
        m.ack_kind_i = rp.ack_kind;
        for (int v = 0; v < N; v++) ut_set(m.ubusy_i, v, 1, n->ubusy[v]);
        for (int j = 0; j < J; j++) {
            const nic_job *x = &q->job[j];
            ut_set(m.job_valid_i, j, 1, x->valid);
            ut_set(m.job_live_i, j, 1, x->live);
            ut_set(m.job_fwd_i, j, 1, x->fwd);
            ut_set(m.job_old_i, j, 1, x->old);
            ut_set(m.job_type_i, j * TW, TW, x->type);
            ut_set(m.job_group_i, j * GW, GW, x->group);
            ut_set(m.job_nc_i, j * NCW, NCW, x->nc);
            ut_set(m.job_npk_i, j * KW, KW, x->npk);
        }
        m.row_we_i = newj >= 0;
        m.row_wj_i = newj >= 0 ? newj : (int)b.below(J);
        for (int c = 0; c < MC; c++) ut_set(m.row_wd_i, c * DW, DW, newj >= 0 ? nx.dst[c] : b.below(4096));
        m.sel_req_i = sel_req;
        m.sel_j_i = cj;
        m.sel_c_i = cc;
        m.sel_creq_i = creq;
        m.done_req_i = dreq >= 0;
        m.done_j_i = dreq >= 0 ? dreq : (int)b.below(J);
        m.fi_req_i = q->fi_v;
        m.fi_j_i = q->fi_j;
        m.fi_c_i = q->fi_c;
        m.fi_base_i = q->fi_base;
        m.sq_req_i = sq.init;
        m.sq_uni_i = sq.init && !sq.init_grp;
        m.sq_node_i = sq.init && !sq.init_grp ? sq.init_id : b.below(N);
        m.sq_j_i = sq.init ? sq.job : (int)b.below(J);
        m.sq_c_i = sq.init ? sq.init_c : b.below(MC);
        m.sq_base_i = sq.base;
        m.find_req_i = q->pe_v;
        m.find_j_i = q->pe_j;
        m.find_c_i = q->pe_pi;
        m.find_pid_i = q->pe_pid;
        m.sel_ok_i = sel_ok;
        m.pr_v_i = q->pr_v;
        m.pr_j_i = q->pr_j;
        m.pr_c_i = q->pr_c;
        m.pr_k_i = q->pr_k;
        m.eval();
    }

    void compare(const nic_dec &d, const nic_jop &o)
    {
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        b.eq("sel_gnt_o", m.sel_gnt_o, (uint64_t)jd.sel_gnt, 1);
        b.eq("fi_gnt_o", m.fi_gnt_o, (uint64_t)jd.fi_gnt, 1);
        b.eq("sq_gnt_o", m.sq_gnt_o, (uint64_t)jd.sq_gnt, 1);
        b.eq("find_gnt_o", m.find_gnt_o, (uint64_t)jd.find_gnt, 1);
        b.eq("b_v_o", m.b_v_o, o.v, 1);
        bool evt = o.v && (o.op == JOP_ACK || o.op == JOP_TMO || o.op == JOP_INIT);
        if (o.v) {
            const nic_job *x = &q->job[o.j];
            b.eq("b_op_o", m.b_op_o, o.op, 3);
            b.eq("b_j_o", m.b_j_o, o.j, JW);
            b.eq("b_c_o", m.b_c_o, o.c, CIW);
            if (o.op == JOP_SEL) b.eq("b_req_o", m.b_req_o, o.req, 1);
            if (o.op == JOP_FIND) b.eq("b_pid_o", m.b_pid_o, o.pid, 1);
            // the entry as read (the bypass's or the memory's): what the
            // selection reads of a live child (other entries are stale)
            if (x->valid && x->live && o.c < x->nc) {
                wc_nic_rel_child e = nic_jrel_entry(n);
                b.eq("b_adm_o", m.b_adm_o, e.adm, 2);
                b.eq("b_base_o", m.b_base_o, e.base, 16);
                b.eq("b_sent_o", m.b_sent_o, e.sent, KW);
                b.eq("b_acked_o", m.b_acked_o, e.acked, KW);
                b.eq("b_hi_o", m.b_hi_o, e.hi, KW);
            }
            // the row a SEL's packet and a DONE's release read
            if (x->valid && (o.op == JOP_SEL || o.op == JOP_DONE)) {
                if (o.op == JOP_SEL && o.c < x->nc) b.eq("b_dst_o", m.b_dst_o, x->dst[o.c], DW);
                for (int c = 0; c < x->nc; c++) b.eqf("b_row_o", m.b_row_o, c * DW, DW, x->dst[c], c);
            }
        }
        b.eq("b_ok_o", m.b_ok_o, evt && jd.ok, 1);
        if (evt && jd.ok) {
            b.eq("n_adm_o", m.n_adm_o, jd.e.adm, 2);
            b.eq("n_sent_o", m.n_sent_o, jd.e.sent, KW);
            b.eq("n_acked_o", m.n_acked_o, jd.e.acked, KW);
        }
        b.eq("full_o", m.full_o, (uint64_t)jd.full, 1);
        b.eq("tmo_o", m.tmo_o, (uint64_t)jd.tmo, 1);
        if (jd.tmo) b.eq("tmo_amt_o", m.tmo_amt_o, jd.tmo_amt, KW);
        b.eq("nak_amt_o", m.nak_amt_o, jd.nak_amt, KW);
        b.eq("sample_o", m.sample_o, (uint64_t)jd.sample, 1);
        b.eq("nak_pr_o", m.nak_pr_o, (uint64_t)jd.nak_pr, 1);
    }

    void count(const nic_dec &d, const nic_jop &o, int dreq, bool sel_req)
    {
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        const nic_jop &a = jd.a;
        // stage A: what went in, what waited
        if (a.v && a.op == JOP_ACK) {
            const nic_job *x = &q->job[a.j];
            b.hit(e[a.grp == 0 ? X_ACK_U : x->fwd ? X_ACK_F : X_ACK_G]);
        }
        b.hit(e[X_W_SEL], sel_req && !jd.sel_gnt);
        b.hit(e[X_W_DONE], dreq >= 0 && !(a.v && a.op == JOP_DONE));
        b.hit(e[X_DONE], dreq >= 0 && a.v && a.op == JOP_DONE);
        b.hit(e[X_W_FI], q->fi_v && !jd.fi_gnt);
        b.hit(e[X_W_SQ], d.sq.init && !jd.sq_gnt);
        b.hit(e[X_INIT_FI], jd.fi_gnt);
        b.hit(e[X_INIT_SQ], jd.sq_gnt);
        b.hit(e[X_W_FIND], q->pe_v && !jd.find_gnt);
        unsigned sj = q->scan / (unsigned)MC, sc = q->scan % (unsigned)MC;
        bool tmo_req = sj < (unsigned)J && live((int)sj) && sc < q->job[sj].nc;
        b.hit(e[X_W_TMO], tmo_req && !jd.tmo_gnt);
        b.hit(e[X_SKIP], !tmo_req);
        b.hit(e[X_FLIP], jd.ft_flip);
        // the matcher's ack, one cycle after its arrival
        if (q->m.v && !(a.v && a.op == JOP_ACK)) {
            if (q->m.grp == 0) b.hit(e[X_ACK_NOOWN], !q->m.cv);
            else b.hit(e[X_ACK_NOCHILD], !q->m.cv);
            b.hit(e[X_ACK_DEAD], q->m.cv && !live(q->m.j));
        }
        if (d.rp.ack_valid && d.rp.ack_grp)
            for (int j = JS; j < J; j++) {
                const nic_job *x = &q->job[j];
                b.hit(e[X_ACK_NOTOLD], x->valid && x->live && !x->old && x->group == d.rp.ack_grp);
            }
        if (d.sq.init && jd.sq_gnt && !d.sq.init_grp)
            b.hit(e[X_OWNER], n->uown[d.sq.init_id].j != d.sq.job || n->uown[d.sq.init_id].c != d.sq.init_c);
        if (!o.v) return;
        const nic_job *x = &q->job[o.j];
        b.hit(e[X_LATE_OP], !x->valid && o.op != JOP_INIT);
        b.hit(e[X_BYPASS], q->mut_v && q->mut_j == o.j && q->mut_c == o.c);
        wc_nic_rel_child ch = nic_jrel_entry(n);
        if (o.op == JOP_ACK && jd.ok) {
            unsigned dd = wc_nic_seq_diff(o.seq, ch.base);
            b.hit(e[X_PROGRESS], dd < HALF && dd > ch.acked && ch.acked < x->npk);
            b.hit(e[X_BEYOND], dd < HALF && dd > x->npk);
            b.hit(e[X_STALE], dd >= HALF);
            b.hit(e[X_ADMIT], ch.adm != WC_NIC_ADM_GRANT && jd.e.adm == WC_NIC_ADM_GRANT);
            b.hit(e[X_WAIT], ch.adm == WC_NIC_ADM_REQ && jd.e.adm == WC_NIC_ADM_WAIT);
            b.hit(e[X_NAK], jd.nak_amt != 0);
            b.hit(e[X_FULL], jd.full);
            b.hit(e[X_SAMPLE], jd.sample);
            b.hit(e[X_KARN], jd.nak_pr);
        }
        if (o.op == JOP_TMO) {
            b.hit(e[ch.adm == WC_NIC_ADM_GRANT ? X_TMO_DATA : X_TMO_REQ], jd.tmo);
            b.hit(e[X_TMO_EARLY], !jd.tmo && x->valid && x->live);
        }
        if (o.op == JOP_SEL) b.hit(e[!jd.ok ? X_SEL_NO : o.req ? X_SEL_REQ : X_SEL_DATA]);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("jrel", argc, argv, 60000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_jobs_cfg(PAYLOAD, N, G, 1, JS, JF, 1, MC);
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}

// SPDX-License-Identifier: Apache-2.0
// wc_nic_jsel.v against cmodel/wc_nic_jsel.c (nic_jobs_select(),
// nic_jsel_request(), nic_jsel_stage_b(), nic_jsel_next_pass(),
// nic_jsel_commit(), nic_jsel_key()): the job unit's transmit selection.
// The bench plays
//  - the pipeline (wc_nic_jrel): stage A granting the unit's SEL and FIND
//    requests or, first, other operations: acknowledgements of every kind
//    and reach, timeouts and INIT steps, each moving a child's entry (by
//    sw/lib/wc_nic_rel.c's steps) and reported by stage B a cycle later
//    with the entry before (b_*) and after (n_*), or refused (b_ok 0);
//    a job's DONE; the child table itself, written as stage B writes it
//    (a SEL's entry as the unit's stage B computes it);
//  - the job table (wc_nic_jtab): send and forwarding jobs starting
//    (newj2_i, newj_i) and going live after their INITs, a forwarding job's
//    packet count growing and a job becoming its group's oldest (chg_i),
//    FCFS's pointer moved by the unit's fc_inc_o, a job leaving (push_i,
//    with stage B's DONE; a done job has nothing due: no candidate);
//  - the adaptive timeout's probe (pr_v_i);
//  - the transmitter and the register block: the selection register busy
//    for a few cycles after each choice, pending acks of every kind for
//    nodes and groups (with and without a parent), the slots tagged with
//    forwarded packets, the staging buffers' tags, buffer 0 pinned by the
//    emitter.
// The C side's candidates, pass engine, prep register and pointers
// (n->jobs: job[].rdy/cv/creq/cc/ck/need, pe_*, pq, rb_*, prep, job_ptr,
// last_ack) are the unit's; the bench writes the other pieces' state (the
// job table, the child entries, stage B's register n->jobs.b, the probe,
// the transmitter, the slots) into the same wc_nic, and stage B's outcome
// of an ACK, TMO or INIT into the decision (jd.ok, jd.e, and its claim by
// nic_jsel_key(), as wc_nic_jrel.c's stage B computes it).
#include "nicunit_jobs.h"
#include "Vwc_nic_jsel.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_PAYLOAD) || !defined(UT_NSLOT) || \
    !defined(UT_JSEND) || !defined(UT_JFWD) || !defined(UT_KW) || !defined(UT_TXWIN)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_PAYLOAD=.. -DUT_NSLOT=.. -DUT_JSEND=.. -DUT_JFWD=.. -DUT_KW=.. -DUT_TXWIN=.. [-DUT_MAXCHILD=..] (mk/unit_nic.mk)"
#endif

namespace {

const int N = UT_NNODES, G = UT_NGROUPS, PAYLOAD = UT_PAYLOAD, S = UT_NSLOT, JS = UT_JSEND, JF = UT_JFWD;
#ifdef UT_MAXCHILD
const int MC = UT_MAXCHILD;
#else
const int MC = MAXC;
#endif
const int KW = UT_KW, TXWIN = UT_TXWIN, J = JS + JF, NG = N + G;
const int JW = nu_clog2(J), CIW = MC > 1 ? nu_clog2(MC) : 1;
const int NCW = nu_clog2(MC + 1), TW = WC_NH0_TYPE_W, GW = WC_NH0_GROUP_W, SRW = WC_NH0_SRC_W;
const unsigned NOPAR = WC_NIC_NO_PARENT;

enum {
    X_REQ, X_DATA, X_SEL_NO, X_FCFS_INC, X_PROBE, X_FIND, X_PASS_CAND, X_PASS_NONE, X_RESTART_CHG, X_RESTART_FELL,
    X_MERGE_PASS, X_MERGE_SKIP, X_CAND_BETTER, X_CAND_DROP, X_CAND_KEEP, X_WOKEN, X_INIT_CAND, X_PASS_PUSH,
    X_NEED_CHG, X_STALE_FIND, X_FIRST, X_RESEND, X_SEL_NEXT, X_SEL_EMPTY, X_JOIN, X_NX
};
const char *const XNAME[X_NX] = {
    "req-to-prep", "data-to-prep", "sel-no-longer-due", "fcfs-advance", "probe-started", "find-read",
    "pass-gives-candidate", "pass-finds-nothing", "pass-restarted-by-chg", "pass-restarted-best-fell-back",
    "event-merged-into-pass", "event-ahead-of-pass", "candidate-replaced-by-better", "candidate-dropped",
    "candidate-kept", "idle-job-woken-by-event", "candidate-from-init", "pass-ended-by-completion",
    "pass-due-by-chg", "find-of-stale-pass", "first-copy", "resend", "sel-leaves-next-child-ready",
    "sel-empties-ready-set", "event-child-joins-ready-set"};

struct Bench {
    NuBench &b;
    Vwc_nic_jsel m;
    wc_nic *n;
    unsigned self;
    int hold = 0;                   // cycles the selection register stays full
    bool done_want[MAXJ] = {};      // the job table wants job j out (DONE)
    int init_c[MAXJ] = {};          // INIT steps of a starting job: the next child
    uint16_t base[MAXJ] = {};
    double p_evt = 0.3, p_ack = 0.1;
    int e[X_NX], e_soft;
    NuSelEvents sev;

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        // (one child a job: no other child's claim to merge against, and
        // a pass ends with its one FIND)
        for (int i = 0; i < X_NX; i++)
            e[i] = b.event(XNAME[i], (i != X_CAND_BETTER && i != X_MERGE_PASS && i != X_RESTART_FELL &&
                                      i != X_SEL_NEXT && i != X_JOIN) ||
                                         (MC > 1 && N > 2));
        sev.add(b);
        e_soft = b.event("soft-reset");
        setup();
    }
    ~Bench() { wc_nic_free(n); }

    unsigned other() { unsigned v = b.below(N); return v == self ? (v + 1) % N : v; }
    void group(int g)
    {
        wc_nic_group_ent *x = &n->gt.g[g];
        *x = wc_nic_group_ent{};
        x->parent = (uint16_t)NOPAR;
        if (b.chance(0.1)) return;
        x->valid = 1;
        if (b.chance(0.6)) x->parent = (uint16_t)other();
    }
    void setup()
    {
        n->regs.now = b.u32();
        for (int g = 1; g < G; g++) group(g);
        for (int v = 0; v < N; v++) n->uexp[v] = (uint16_t)b.below(65536);
        for (int g = 0; g < G; g++) n->gexp[g] = (uint16_t)b.below(65536);
        std::memset(done_want, 0, sizeof done_want);
        hold = 0;
    }
    bool live(int j) const { return n->jobs.job[j].valid && n->jobs.job[j].live; }
    int pick(bool want_live)
    {
        int c[MAXJ], k = 0;
        for (int j = 0; j < J; j++)
            if (n->jobs.job[j].valid && live(j) == want_live) c[k++] = j;
        return k ? c[b.below((uint32_t)k)] : -1;
    }

    // a job starting at index j (the job table's registers and row; its
    // children's entries come with their INITs)
    void start(int j)
    {
        nic_job *x = &n->jobs.job[j];
        bool fwd = j >= JS;
        std::memset(x, 0, offsetof(nic_job, ch));
        x->valid = 1;
        x->fwd = fwd;
        x->msglen = (uint16_t)(1 + b.below(b.chance(0.9) ? (TXWIN + 3u) * PAYLOAD : (unsigned)WC_NIC_MAX_MSG));
        x->npk = (uint16_t)nic_npk_of(n, x->msglen);
        x->avail = fwd ? (uint16_t)b.below(x->npk + 1u) : x->npk;
        x->type = fwd || b.chance(0.4) ? WC_PT_MDATA : WC_PT_UDATA;
        x->group = x->type == WC_PT_MDATA ? (uint16_t)(1 + b.below(G - 1)) : 0;
        x->src = (uint16_t)(b.chance(0.8) ? self : b.below(N));
        x->nc = (uint8_t)(1 + b.below(b.chance(0.7) ? (MC < 3 ? MC : 3) : MC));
        for (int c = 0; c < x->nc; c++) x->dst[c] = (uint16_t)other();
        x->old = 1;
        if (fwd)
            for (int k = JS; k < J; k++)
                if (k != j && n->jobs.job[k].valid && n->jobs.job[k].group == x->group) x->old = 0;
        init_c[j] = 0;
        base[j] = (uint16_t)(b.chance(0.3) ? 0xFFFFu - b.below(8) : b.below(65536));
        done_want[j] = false;
    }

    // An event of the pipeline on a live job's child: the entry after it,
    // by sw/lib/wc_nic_rel.c's steps as wc_nic_jrel.c's stage B takes them
    bool event(int j, int c, int op, wc_nic_rel_child &e)
    {
        const nic_job *x = &n->jobs.job[j];
        uint32_t now = n->regs.now, T = 200;
        e = x->ch[c];
        if (op == JOP_INIT) {
            wc_nic_rel_child_init(&e, base[j]);
            return true;
        }
        if (op == JOP_TMO) {
            if (e.adm == WC_NIC_ADM_GRANT ? e.acked == e.sent : e.adm != WC_NIC_ADM_REQ) return false;
            wc_nic_rel_rewind(&e, now, T);
            return true;
        }
        // an answer: GRANT or WAIT to a REQ, acks of some, all or no
        // packets, a NAK
        unsigned kind = WC_NIC_PEND_ACK, seq = e.base, r = b.below(100);
        switch (e.adm) {
        case WC_NIC_ADM_NEED:
        case WC_NIC_ADM_REQ: kind = r < 60 ? WC_NIC_PEND_GRANT : WC_NIC_PEND_WAIT; break;
        case WC_NIC_ADM_WAIT: kind = WC_NIC_PEND_GRANT; break;
        default:
            if (r < 60) seq = e.base + e.acked + b.below(e.sent - e.acked + 1u);
            else if (r < 80) { kind = WC_NIC_PEND_NAK; seq = e.base + e.acked; }
            else if (r < 85) seq = e.base + x->npk;
            break;
        }
        seq &= 0xFFFFu;
        wc_nic_rel_ack(&e, x->npk, seq, now, T);
        wc_nic_rel_answer(&e, kind, seq);
        if (kind == WC_NIC_PEND_NAK) wc_nic_rel_nak(&e, seq, now, T);
        return true;
    }

    void cycle()
    {
        nic_jobs_q *q = &n->jobs;
        if (b.cycle % 3000 == 0) {
            n->regs.mode = (uint8_t)b.below(3);
            p_evt = b.chance(0.5) ? 0.5 : 0.1;
            p_ack = b.chance(0.5) ? 0.3 : 0.03;
        }
        n->regs.now++;
        bool soft = b.chance(0.0003);
        if (b.chance(0.002)) group(1 + (int)b.below(G - 1));
        if (b.chance(p_ack)) nic_regs_ack_set(n, b.below(NG), 1 + b.below(WC_NIC_PEND_GRANT), 1);
        if (b.chance(0.01)) q->pr_v = b.chance(0.5);

        nic_dec d;
        nu_dec_idle(&d);
        nic_jobs_dec &jd = d.jobs;
        std::memset(&jd, 0, sizeof jd);
        jd.push = jd.rel_group = jd.pe_start = -1;
        const nic_jop o = q->b;

        // the transmitter: the selection register full for a while after
        // each choice; the slots and staging buffers as the C model reads
        // them
        if (hold > 0) hold--;
        nic_tx_q *t = &n->tx;
        t->sel = nic_send{};
        t->sel.valid = hold > 0;
        t->sel.ack = 1;
        t->em = nic_send{};
        bool stage0 = b.chance(0.3);
        t->em.valid = stage0;
        if (b.chance(0.05)) {
            int k = (int)b.below(2);
            t->stage[k].valid = b.chance(0.7);
            t->stage[k].job = (uint8_t)b.below(J);
            t->stage[k].k = (uint16_t)b.below(q->job[t->stage[k].job].npk + 1u);
            if (q->prep.valid && b.chance(0.5)) t->stage[k].job = q->prep.job, t->stage[k].k = q->prep.k;
        }
        if (b.chance(0.1)) {
            nic_slot *sp = &n->slot[b.below(S)];
            sp->used = b.chance(0.7);
            sp->fwd = b.chance(0.8);
            sp->fj = (uint8_t)(JS + b.below(JF));
            sp->k = (uint16_t)b.below(q->job[sp->fj].npk + 1u);
            if (q->prep.valid && b.chance(0.5)) sp->fj = q->prep.job, sp->k = q->prep.k;
        }

        // stage B: the entry the operation in it read (the child table),
        // and what the pipeline says of an ACK, TMO or INIT
        bool b_ok = false;
        wc_nic_rel_child ne{};
        if (o.v && (o.op == JOP_ACK || o.op == JOP_TMO || o.op == JOP_INIT)) {
            const nic_job *x = &q->job[o.j];
            bool ok = o.op == JOP_INIT ? x->valid && !x->live && o.c < x->nc : live(o.j) && o.c < x->nc;
            if (ok && event(o.j, o.c, o.op, ne) && (o.op == JOP_INIT || b.chance(0.9))) {
                b_ok = true;
                jd.ok = 1;
                jd.e = ne;
                jd.key = nic_jsel_key(n, x, &ne, o.c);
            }
        }
        // the job table: DONE's push (a done job has nothing due)
        int push = -1;
        if (o.v && o.op == JOP_DONE && live(o.j) && !q->job[o.j].cv && b.chance(0.8)) push = o.j;
        jd.push = push;

        nic_jobs_select(n, &d.sel);
        int sreq_j = -1;
        bool sreq = nic_jsel_request(n, &sreq_j) != 0;
        bool freq = q->pe_v && q->pe_pi < q->job[q->pe_j].nc;
        nic_jsel_stage_b(n, &jd);
        jd.pe_start = nic_jsel_next_pass(n, push);

        // stage A (the bench's jrel): an ACK, else the SEL, else a DONE or
        // an INIT step, else the FIND or a timeout
        nic_jop a{};
        int lj = pick(true), sj = pick(false);
        if (lj >= 0 && b.chance(p_evt)) {
            a = nic_jop{1, (uint8_t)(b.chance(0.8) ? JOP_ACK : JOP_TMO), (uint8_t)lj, (uint8_t)b.below(q->job[lj].nc)};
        } else if (sreq && b.chance(0.7)) {
            a = nic_jop{1, (uint8_t)JOP_SEL, (uint8_t)sreq_j, q->job[sreq_j].cc};
            a.req = q->job[sreq_j].creq;
            jd.sel_gnt = 1;
        } else if (lj >= 0 && done_want[lj] && !q->job[lj].cv) {
            a = nic_jop{1, (uint8_t)JOP_DONE, (uint8_t)lj, 0};
        } else if (sj >= 0 && init_c[sj] < q->job[sj].nc && b.chance(0.7)) {
            a = nic_jop{1, (uint8_t)JOP_INIT, (uint8_t)sj, (uint8_t)init_c[sj]};
            init_c[sj]++;
        } else if (freq && b.chance(0.7)) {
            a = nic_jop{1, (uint8_t)JOP_FIND, q->pe_j, q->pe_pi};
            a.pid = q->pe_pid;
            jd.find_gnt = 1;
        } else if (lj >= 0 && b.chance(0.3)) {
            a = nic_jop{1, (uint8_t)JOP_TMO, (uint8_t)lj, (uint8_t)b.below(MC)};
        }
        jd.a = a;

        // the job table's changes at this edge: a job starts (one a cycle),
        // a forwarding job's packet, a job the group's oldest now
        // (never behind a SEL of its index in stage B: that SEL was granted
        // as the index's job left, which only a job without a candidate
        // does here)
        int newj = -1;
        if (b.chance(0.02)) {
            int j = (int)b.below(J);
            if (!q->job[j].valid && !(o.v && o.op == JOP_SEL && o.j == j)) newj = j;
        }
        unsigned chg = 0;
        int inc = -1;
        if (b.chance(0.05)) {
            int j = JS + (int)b.below(JF);
            // (a job leaving has its whole message: no packet comes for it)
            if (q->job[j].valid && q->job[j].avail < q->job[j].npk && j != newj && j != push) inc = j, chg |= 1u << j;
        }
        int promo = -1;
        if (push >= 0 && q->job[push].fwd)
            for (int k = JS; k < J; k++)
                if (k != push && q->job[k].valid && !q->job[k].old && q->job[k].group == q->job[push].group) promo = k;
        if (promo >= 0) chg |= 1u << promo;
        for (int j = 0; j < J; j++)
            if (live(j) && !done_want[j] && b.chance(0.0005)) done_want[j] = true;
        // (now and then a job in its pass: the pass ends with it)
        if (q->pe_v && live(q->pe_j) && b.chance(0.005)) done_want[q->pe_j] = true;

        drive(d, soft, o, b_ok, ne, newj, chg, push, stage0);
        compare(d, sreq, sreq_j, freq);
        count(d, o, b_ok);

        // the commit: the job table first (nic_jobs_commit's order), then
        // the selection; then the child table as stage B writes it
        unsigned live0 = 0;
        for (int j = 0; j < J; j++) live0 |= (unsigned)q->job[j].live << j;
        if (o.v && o.op == JOP_INIT && b_ok && o.c + 1 == q->job[o.j].nc) q->job[o.j].live = 1;
        if (push >= 0) {
            nic_job *x = &q->job[push];
            x->valid = x->live = x->cv = x->need = 0;
            x->rdy = 0;
            done_want[push] = false;
        }
        if (promo >= 0) q->job[promo].old = 1;
        if (inc >= 0) q->job[inc].avail++;
        if (newj >= 0) start(newj);
        uint8_t pe_pid = q->pe_pid;
        bool pe_v = q->pe_v;
        int pe_j = q->pe_j;
        nic_job before = q->job[o.j];
        bool before_cv[MAXJ];
        for (int j = 0; j < J; j++) before_cv[j] = q->job[j].cv;
        nic_jsel_commit(n, &d, chg, live0);
        // (the events the commit reveals)
        b.hit(e[X_RESTART_CHG], pe_v && q->pe_v && q->pe_pid != pe_pid && (chg >> pe_j & 1));
        b.hit(e[X_RESTART_FELL], pe_v && q->pe_v && q->pe_pid != pe_pid && !(chg >> pe_j & 1));
        b.hit(e[X_PASS_PUSH], pe_v && push == pe_j);
        for (int j = 0; j < J; j++)
            b.hit(e[X_NEED_CHG], (chg >> j & 1) && (live0 >> j & 1) && !(pe_v && j == pe_j) && !before_cv[j] &&
                                     q->job[j].need);
        if (pe_v && !q->pe_v && push != pe_j) b.hit(e[q->job[pe_j].cv ? X_PASS_CAND : X_PASS_NONE]);
        if (b_ok && !(pe_v && pe_j == o.j)) {
            const nic_job *x = &q->job[o.j];
            b.hit(e[X_CAND_BETTER], before.cv && before.cc != o.c && x->cv && x->cc == o.c);
            b.hit(e[X_CAND_DROP], before.cv && before.cc == o.c && !x->cv);
            b.hit(e[X_CAND_KEEP], before.cv && x->cv && x->cc == before.cc);
            b.hit(e[X_WOKEN], before.live && !before.cv && !before.need && x->cv);
            b.hit(e[X_INIT_CAND], o.op == JOP_INIT && !before.cv && x->cv);
            b.hit(e[X_JOIN], before.cv && !(before.rdy >> o.c & 1u) && (x->rdy >> o.c & 1u) && x->rdy != 1u << o.c);
        }
        if (o.v && o.op == JOP_SEL && jd.ok) b.hit(e[q->job[o.j].cv ? X_SEL_NEXT : X_SEL_EMPTY]);
        if (b_ok) q->job[o.j].ch[o.c] = ne;
        if (o.v && o.op == JOP_SEL && jd.ok) q->job[o.j].ch[o.c] = jd.e;
        // the neighbours take the selection: the ack flag clears, the
        // selection register fills
        if (d.sel.ack) nic_regs_ack_take(n, d.sel.ack_sid);
        if (d.sel.valid) hold = 1 + (int)b.below(4);
        q->b = a;
        b.edge(m, n, soft, e_soft);
        if (soft) setup();
    }

    void drive(const nic_dec &d, bool soft, const nic_jop &o, bool b_ok, const wc_nic_rel_child &ne, int newj,
               unsigned chg, int push, bool stage0)
    {
        const nic_jobs_q *q = &n->jobs;
        const nic_tx_q *t = &n->tx;
        m.soft_i = soft;
        m.self_i = self;
        m.mode_i = n->regs.mode;
        for (int j = 0; j < J; j++) {
            const nic_job *x = &q->job[j];
            ut_set(m.job_valid_i, j, 1, x->valid);
            ut_set(m.job_live_i, j, 1, x->live);
            ut_set(m.job_fwd_i, j, 1, x->fwd);
            ut_set(m.job_old_i, j, 1, x->old);
            ut_set(m.job_type_i, j * TW, TW, x->type);
            ut_set(m.job_src_i, j * SRW, SRW, x->src);
            ut_set(m.job_group_i, j * GW, GW, x->group);
            ut_set(m.job_msglen_i, j * 16, 16, x->msglen);
            ut_set(m.job_npk_i, j * KW, KW, x->npk);
            ut_set(m.job_avail_i, j * KW, KW, x->avail);
            ut_set(m.job_nc_i, j * NCW, NCW, x->nc);
            ut_set(m.job_fc_i, j * NCW, NCW, x->fc);
        }
        bool fwd = newj >= JS;
        m.newj_i = newj >= 0 && fwd;
        m.newj_j_i = newj >= 0 && fwd ? newj : (int)b.below(J);
        m.newj2_i = newj >= 0 && !fwd;
        m.newj2_j_i = newj >= 0 && !fwd ? newj : (int)b.below(J);
        m.chg_i = chg;
        m.push_i = push >= 0;
        m.push_j_i = push >= 0 ? push : (int)b.below(J);
        m.sel_gnt_i = d.jobs.sel_gnt;
        m.find_gnt_i = d.jobs.find_gnt;
        m.b_v_i = o.v;
        m.b_op_i = o.op;
        m.b_j_i = o.j;
        m.b_c_i = o.c;
        m.b_req_i = o.req;
        m.b_pid_i = o.pid;
        const nic_job *x = &q->job[o.j];
        wc_nic_rel_child e = x->ch[o.c];
        m.b_adm_i = e.adm;
        m.b_base_i = e.base;
        m.b_sent_i = e.sent;
        m.b_acked_i = e.acked;
        m.b_hi_i = e.hi;
        m.b_dst_i = x->dst[o.c];
        m.b_ok_i = b_ok;
        m.n_adm_i = b_ok ? ne.adm : b.below(4);
        m.n_sent_i = b_ok ? ne.sent : b.bits(KW);
        m.n_acked_i = b_ok ? ne.acked : b.bits(KW);
        m.pr_v_i = q->pr_v;
        nu_drive_sel(b, m, n, stage0, KW);
    }

    void compare(const nic_dec &d, bool sreq, int sreq_j, bool freq)
    {
        const nic_sel_dec &sl = d.sel;
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        const nic_jop &o = q->b;
        b.eq("sel_req_o", m.sel_req_o, sreq, 1);
        if (sreq) {
            b.eq("sel_j_o", m.sel_j_o, (uint64_t)sreq_j, JW);
            b.eq("sel_c_o", m.sel_c_o, q->job[sreq_j].cc, CIW);
            b.eq("sel_creq_o", m.sel_creq_o, q->job[sreq_j].creq, 1);
        }
        b.eq("find_req_o", m.find_req_o, freq, 1);
        if (freq) {
            b.eq("find_j_o", m.find_j_o, q->pe_j, JW);
            b.eq("find_c_o", m.find_c_o, q->pe_pi, CIW);
            b.eq("find_pid_o", m.find_pid_o, q->pe_pid, 1);
        }
        bool sel_ok = o.v && o.op == JOP_SEL && jd.ok;
        b.eq("sel_ok_o", m.sel_ok_o, sel_ok, 1);
        b.eq("fc_inc_o", m.fc_inc_o,
             sel_ok && !o.req && o.c == q->job[o.j].fc && jd.pkt.k + 1u == q->job[o.j].npk, 1);
        b.eq("probe_o", m.probe_o, (uint64_t)jd.probe, 1);
        if (jd.probe) b.eq("probe_k_o", m.probe_k_o, jd.pkt.k, KW);
        b.eq("prep_data_o", m.prep_data_o, q->prep.valid && !q->prep.ack, 1);
        if (q->prep.valid && !q->prep.ack) b.eq("prep_job_o", m.prep_job_o, q->prep.job, JW);
        nu_cmp_sel(b, m, n, sl, KW, MC);
    }

    void count(const nic_dec &d, const nic_jop &o, bool b_ok)
    {
        const nic_sel_dec &sl = d.sel;
        const nic_jobs_dec &jd = d.jobs;
        const nic_jobs_q *q = &n->jobs;
        bool data = sl.valid && !sl.ack && !sl.req;
        sev.count(b, n, sl);
        b.hit(e[X_FIRST], data && sl.first);
        b.hit(e[X_RESEND], data && !sl.first);
        b.hit(e[X_PROBE], jd.probe);
        if (!o.v) return;
        if (o.op == JOP_SEL) {
            b.hit(e[!jd.ok ? X_SEL_NO : o.req ? X_REQ : X_DATA]);
            b.hit(e[X_FCFS_INC], jd.ok && !o.req && o.c == q->job[o.j].fc && jd.pkt.k + 1u == q->job[o.j].npk);
        }
        if (o.op == JOP_FIND) b.hit(e[jd.ok ? X_FIND : X_STALE_FIND]);
        if (b_ok && q->pe_v && q->pe_j == o.j) b.hit(e[o.c < q->pe_pb ? X_MERGE_PASS : X_MERGE_SKIP]);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("jsel", argc, argv, 60000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_jobs_cfg(PAYLOAD, N, G, S, JS, JF, TXWIN, MC);
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}

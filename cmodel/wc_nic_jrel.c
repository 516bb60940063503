/* SPDX-License-Identifier: Apache-2.0 */
/* The job unit's per-child reliability (rtl/nic/wc_nic_jrel.v): the child
 * table, one entry per (job, child) in block RAM (the GM-2 go-back-N
 * state of sw/lib/wc_nic_rel.c: admission, base, sent, acked, ever sent,
 * deadline), and the pipeline that is its only way in: one operation a
 * cycle on one entry.  Stage A chooses the operation and reads its entry;
 * stage B computes the entry's next state and writes it, and tells the
 * job table, the selection and the adaptive timeout what happened (the
 * RTL bypasses the entry stage B writes to the operation behind it; here
 * stage B reads the table as it stands, which is the same).
 *
 * Operations, in the order stage A grants them: an acknowledgement the
 * matcher has placed (ACK), the selection's candidate (SEL), a finished
 * job (DONE), a child's initialisation (INIT: the forwarding job's
 * sequencer, then the send-queue unit's), and the pass engine's visit
 * (FIND) or the timeout scanner's (TMO), taking turns when both ask.
 *
 * The acknowledgement matcher turns an ack from the receive processor
 * into an entry in the cycle it arrives: a unicast stream's from the
 * owner table (written as the send-queue unit's INIT step for that peer
 * is taken, valid while the register block's busy flag of the stream is
 * set), a group's from its job (the send job, or the oldest live
 * forwarding job, by the job table) and the child whose destination in
 * the job's row is the ack's source.  Stage A takes it in the next cycle
 * if that entry's job is live and of the ack's kind; stage B checks
 * again, and that the child is the ack's source. */
#include <string.h>
#include "wc_nic_int.h"

/* the timeout scanner's entry: job, child */
static void scan_entry(const wc_nic *n, unsigned *j, unsigned *c)
{
    *j = n->jobs.scan / (unsigned)n->c.maxchild;
    *c = n->jobs.scan % (unsigned)n->c.maxchild;
}

/* an entry of a job the pipeline may touch */
static int entry_live(const wc_nic *n, unsigned j, unsigned c)
{
    const nic_job *jb = &n->jobs.job[j];
    return j < (unsigned)n->J && jb->valid && jb->live && c < jb->nc;
}

/* an ack of group grp (0: unicast) may move a child of job j */
static int ack_fits(const wc_nic *n, unsigned j, unsigned grp)
{
    const nic_job *jb = &n->jobs.job[j];
    return jb->valid && jb->live && (grp == 0 ? jb->type == WC_PT_UDATA : jb->type == WC_PT_MDATA && jb->group == grp);
}

void nic_jrel_stage_a(const wc_nic *n, const nic_dec *dd, int cq_room, nic_jobs_dec *d)
{
    const nic_jobs_q *q = &n->jobs;
    const nic_sq_dec *sq = &dd->sq;
    nic_jop *a = &d->a;
    unsigned sj, sc;
    int jx, find, tmo;
    scan_entry(n, &sj, &sc);
    tmo = entry_live(n, sj, sc);
    find = q->pe_v && q->pe_pi < q->job[q->pe_j].nc;
    a->v = 1;
    if (q->m.v && q->m.cv && ack_fits(n, q->m.j, q->m.grp)) {
        a->op = JOP_ACK;
        a->j = q->m.j;
        a->c = q->m.c;
        a->kind = q->m.kind;
        a->grp = q->m.grp;
        a->from = q->m.from;
        a->seq = q->m.seq;
    } else if (nic_jsel_request(n, &jx)) {
        a->op = JOP_SEL;
        a->j = (uint8_t)jx;
        a->c = q->job[jx].cc;
        a->req = q->job[jx].creq;
        d->sel_gnt = 1;
    } else if ((jx = nic_jtab_request(n, cq_room)) >= 0) {
        a->op = JOP_DONE;
        a->j = (uint8_t)jx;
    } else if (q->fi_v) {
        a->op = JOP_INIT;
        a->j = q->fi_j;
        a->c = q->fi_c;
        a->base = q->fi_base;
        d->fi_gnt = 1;
    } else if (sq->init) {
        a->op = JOP_INIT;
        a->j = (uint8_t)sq->job;
        a->c = (uint8_t)sq->init_c;
        a->base = sq->base;
        d->sq_gnt = 1;
    } else if (find && (!tmo || !q->ft)) {
        a->op = JOP_FIND;
        a->j = q->pe_j;
        a->c = q->pe_pi;
        a->pid = q->pe_pid;
        d->find_gnt = 1;
    } else if (tmo) {
        a->op = JOP_TMO;
        a->j = (uint8_t)sj;
        a->c = (uint8_t)sc;
        d->tmo_gnt = 1;
    } else {
        a->v = 0;
    }
    /* a FIND and a visit both asking take turns; the scanner skips an
     * entry nobody uses, and waits for its turn at one that is live */
    d->ft_flip = find && tmo && (d->find_gnt || d->tmo_gnt);
    d->scan_step = !tmo || d->tmo_gnt;
}

/* The entry stage B reads: the table's (the RTL: the memory's word, or
 * the word the operation ahead of it wrote).  Mutation 12 (lockstep
 * self-check): without that bypass. */
wc_nic_rel_child nic_jrel_entry(const wc_nic *n)
{
    const nic_jobs_q *q = &n->jobs;
    if (n->c.mutate == 12 && q->mut_v && q->mut_j == q->b.j && q->mut_c == q->b.c)
        return q->mut_old;
    return q->job[q->b.j].ch[q->b.c];
}

/* Stage B's outcome for the child entry: ACK, TMO, INIT (SEL and FIND
 * are the selection's, DONE the job table's). */
void nic_jrel_stage_b(const wc_nic *n, nic_jobs_dec *d)
{
    const nic_jobs_q *q = &n->jobs;
    const nic_jop *o = &q->b;
    const nic_job *jb = &q->job[o->j];
    const uint32_t T = nic_rto(n), now = n->regs.now;
    if (!o->v)
        return;
    d->e = nic_jrel_entry(n);
    switch (o->op) {
    case JOP_INIT:
        wc_nic_rel_child_init(&d->e, o->base);
        d->ok = 1;
        d->key = nic_jsel_key(n, jb, &d->e, o->c);
        break;
    case JOP_ACK: {
        int full0 = d->e.acked == jb->npk;
        if (!entry_live(n, o->j, o->c) || !ack_fits(n, o->j, o->grp) || jb->dst[o->c] != o->from)
            break;
        d->ok = 1;
        /* the probe's round trip ends with an ack that covers its packet */
        if (q->pr_v && q->pr_j == o->j && q->pr_c == o->c) {
            unsigned df = wc_nic_seq_diff(o->seq, d->e.base);
            d->sample = df < WC_NIC_SEQ_MOD / 2u && (df < jb->npk ? df : jb->npk) > q->pr_k;
        }
        /* GRANT and WAIT carry the cumulative ack as well */
        wc_nic_rel_ack(&d->e, jb->npk, o->seq, now, T);
        wc_nic_rel_answer(&d->e, o->kind, o->seq);
        if (o->kind == WC_NIC_PEND_NAK) {
            d->nak_amt = wc_nic_rel_nak(&d->e, o->seq, now, T);
            /* Karn: the probe's packet may be resent */
            d->nak_pr = d->nak_amt && q->pr_v && q->pr_j == o->j && q->pr_c == o->c;
        }
        d->full = !full0 && d->e.acked == jb->npk;
        d->key = nic_jsel_key(n, jb, &d->e, o->c);
        break;
    }
    case JOP_TMO:
        /* (the scanner asked for a live entry; its job may have ended
         * since) */
        if (!entry_live(n, o->j, o->c) || !wc_nic_rel_late(&d->e, now) || n->c.mutate == 11)
            break;
        d->ok = 1;
        d->tmo = 1;
        d->scan_j = o->j;
        d->scan_c = o->c;
        d->tmo_amt = wc_nic_rel_rewind(&d->e, now, T);
        d->key = nic_jsel_key(n, jb, &d->e, o->c);
        break;
    default:
        break;
    }
}

/* In this order: the acknowledgement matcher (reading the owner table,
 * the busy flags and the rows as they were before this edge, as the
 * RTL's block RAMs read first), the entry stage B writes and the owner
 * table the send-queue unit's INIT step writes, then the FIND/visit turn
 * and the scanner. */
void nic_jrel_commit(wc_nic *n, const nic_dec *d)
{
    nic_jobs_q *q = &n->jobs;
    const nic_jobs_dec *jd = &d->jobs;
    const nic_rxp_dec *rp = &d->rp;
    const nic_jop *o = &q->b;
    int j, c;

    /* mutation 13 (lockstep self-check): the matcher places an ack twice
     * (in the cycle after it, when no other ack comes) */
    if (n->c.mutate == 13 && q->m.v && !rp->ack_valid && !q->mut_dbl)
        q->mut_dbl = 1;
    else {
        q->mut_dbl = 0;
        memset(&q->m, 0, sizeof q->m);
    }
    /* mutation 10 (lockstep self-check): the matcher loses an ack whose
     * sequence number is a multiple of 8 */
    if (rp->ack_valid && !(n->c.mutate == 10 && !(rp->ack_seq & 7u))) {
        q->m.v = 1;
        q->m.grp = (uint16_t)rp->ack_grp;
        q->m.from = (uint16_t)rp->ack_from;
        q->m.seq = (uint16_t)rp->ack_seq;
        q->m.kind = (uint8_t)rp->ack_kind;
        if (rp->ack_grp == 0) {
            q->m.cv = n->ubusy[rp->ack_from];
            q->m.j = n->uown[rp->ack_from].j;
            q->m.c = n->uown[rp->ack_from].c;
        } else {
            /* the group's job, then the first child of its row that is
             * the ack's source (padding entries past the children are
             * zero, and a real child comes first) */
            for (j = 0; j < n->J; j++) {
                const nic_job *jb = &q->job[j];
                if (jb->valid && jb->type == WC_PT_MDATA && jb->group == rp->ack_grp && (!jb->fwd || jb->old))
                    break;
            }
            q->m.j = (uint8_t)(j < n->J ? j : 0);
            if (j < n->J)
                for (c = 0; c < n->c.maxchild; c++)
                    if (q->job[j].dst[c] == rp->ack_from) {
                        q->m.c = (uint8_t)c;
                        q->m.cv = 1;
                        break;
                    }
        }
    }

    q->mut_v = 0;
    if (o->v && jd->ok && (o->op == JOP_ACK || o->op == JOP_TMO || o->op == JOP_INIT || o->op == JOP_SEL)) {
        q->mut_v = 1;
        q->mut_j = o->j;
        q->mut_c = o->c;
        q->mut_old = q->job[o->j].ch[o->c];
        q->job[o->j].ch[o->c] = jd->e;
    }
    if (jd->sq_gnt && !d->sq.init_grp) {
        n->uown[d->sq.init_id].j = (uint8_t)d->sq.job;
        n->uown[d->sq.init_id].c = (uint8_t)d->sq.init_c;
    }

    /* (stage A's operation goes into stage B at the end of
     * nic_jobs_commit: the other pieces read the one leaving it) */
    if (jd->ft_flip)
        q->ft ^= 1u;
    if (jd->scan_step)
        q->scan = (uint16_t)((q->scan + 1u) % (unsigned)(n->J * n->c.maxchild));
}

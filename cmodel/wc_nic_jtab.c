/* SPDX-License-Identifier: Apache-2.0 */
/* The job unit's job table (rtl/nic/wc_nic_jtab.v): send jobs
 * 0..JSEND-1 run host descriptors, forwarding jobs JSEND..J-1 forward a
 * received multicast message to this node's children.  A job starts in
 * one cycle (its registers and destination row); its children's entries
 * are then initialised one a cycle through the child table's pipeline
 * (the send-queue unit's INIT steps give a send job's stream bases, the
 * forwarding INIT sequencer a forwarding job's), and the job goes live
 * with the last.  The forwarding jobs of one group form a chain in the
 * order they started (which is their messages' order): only the oldest
 * asks its children for admission and completes, so the host sees a
 * stream's messages in order.  A job is done when its packets are all
 * available and every child has acknowledged all of them (a count kept
 * as acks arrive), and, forwarding, its message is in host memory; it
 * leaves through the completion FIFO (DONE in stage B): a send job with
 * its send completion, releasing its streams, a forwarding job with the
 * receive completion of its message (held back until then: the host
 * buffer was the retransmission copy). */
#include <stddef.h>
#include <string.h>
#include "wc_nic_int.h"

/* job j may leave (registered state): a packet of the job still in the
 * prep or selection register (a resend chosen before the last ack came)
 * would be staged from the host memory of whichever job takes the index
 * next: it leaves first (a REQ there is of a child that has acknowledged
 * nothing) */
int nic_jtab_done(const wc_nic *n, int j)
{
    const nic_job *jb = &n->jobs.job[j];
    const nic_send *p = &n->jobs.prep, *s = &n->tx.sel;
    return jb->valid && jb->live && jb->avail == jb->npk && jb->ndone == jb->nc && (!jb->fwd || (jb->hostdone && jb->old)) &&
           !(s->valid && !s->ack && s->job == j) && !(p->valid && !p->ack && p->job == j);
}

/* A DONE to stage A: the first done job, while the completion FIFO has
 * room, and not the one in stage B; -1 if none. */
int nic_jtab_request(const wc_nic *n, int cq_room)
{
    const nic_jop *b = &n->jobs.b;
    int j;
    if (!cq_room)
        return -1;
    for (j = 0; j < n->J; j++)
        if (nic_jtab_done(n, j) && !(b->v && b->op == JOP_DONE && b->j == j))
            return j;
    return -1;
}

/* Stage B of DONE: the job leaves if it is still done and the completion
 * FIFO takes it (the receive processor's TOOBIG goes first). */
void nic_jtab_stage_b(const wc_nic *n, const nic_dec *dd, int cq_room, nic_jobs_dec *d)
{
    const nic_jop *o = &n->jobs.b;
    const nic_job *jb = &n->jobs.job[o->j];
    unsigned c;
    if (!o->v || o->op != JOP_DONE || !nic_jtab_done(n, o->j) || !cq_room || dd->rp.toobig)
        return;
    d->ok = 1;
    d->push = o->j;
    if (jb->fwd) {
        nic_cd_recv(d->cd, jb->status, jb->src, jb->group, jb->addr, jb->msglen);
        return;
    }
    nic_cd_send(d->cd, jb->status, jb->tag, jb->addr, jb->msglen);
    if (jb->type != WC_PT_UDATA)
        d->rel_group = jb->group;
    else
        for (c = 0; c < jb->nc; c++)
            d->rel_dst[d->rel_n++] = jb->dst[c];
}

/* a job in place of the one at index j: nothing of it yet */
static void job_clear(nic_job *jb)
{
    memset(jb, 0, offsetof(nic_job, ch));
}

/* In this order: a new forwarding job (the receive processor) and its
 * packet count; stage B's INIT (the last child: live), ACK (a child
 * done) and DONE (the job leaves; its successor becomes the oldest); the
 * send-queue unit's job creation and its last INIT step (the job is
 * valid); the forwarding INIT sequencer; then the DMA's end of a
 * forwarded message's host write and a staging read's bus error.
 * Returns the jobs whose every child's claim moved (nic_jsel_commit). */
unsigned nic_jtab_commit(wc_nic *n, const nic_dec *d)
{
    nic_jobs_q *q = &n->jobs;
    const nic_rxp_dec *rp = &d->rp;
    const nic_jobs_dec *jd = &d->jobs;
    const nic_jop *o = &q->b;
    unsigned chg = 0;
    int j, c;

    if (rp->new_fj) {
        nic_job *f = &q->job[rp->nfj];
        const wc_nic_group_ent *e = &n->gt.g[rp->gr_group];
        job_clear(f);
        f->valid = 1; f->fwd = 1; f->type = WC_PT_MDATA;
        f->nc = e->nchild;
        f->group = (uint16_t)rp->gr_group; f->src = (uint16_t)rp->gr_src;
        f->msglen = (uint16_t)rp->gr_len;
        f->npk = (uint16_t)nic_npk_of(n, rp->gr_len);
        f->addr = rp->addr;
        memset(f->dst, 0, sizeof f->dst);
        for (c = 0; c < f->nc; c++)
            f->dst[c] = e->child[c];
        /* the youngest job of its group before it points to it; with
         * none, it is the oldest */
        f->old = 1;
        for (j = n->c.jsend; j < n->J; j++) {
            nic_job *o2 = &q->job[j];
            if (j != rp->nfj && o2->valid && o2->group == rp->gr_group) {
                f->old = 0;
                if (!o2->hs) {
                    o2->hs = 1;
                    o2->succ = (uint8_t)rp->nfj;
                }
            }
        }
        q->fi_v = 1;
        q->fi_j = (uint8_t)rp->nfj;
        q->fi_c = 0;
        q->fi_base = (uint16_t)rp->gr_seq;
    }
    if (rp->accept && rp->fj >= 0) {
        q->job[rp->fj].avail++;
        chg |= 1u << rp->fj;
    }

    if (o->v && jd->ok) {
        nic_job *jb = &q->job[o->j];
        /* the INITs gave it its first candidate, as a pass would: the
         * first child's REQ, if it may ask */
        if (o->op == JOP_INIT && o->c + 1u == jb->nc)
            jb->live = 1;
        if (o->op == JOP_ACK && jd->full)
            jb->ndone++;
        if (o->op == JOP_DONE) {
            jb->valid = jb->live = jb->cv = jb->need = 0;
            jb->rdy = 0;
            if (jb->fwd && jb->hs) {
                q->job[jb->succ].old = 1;
                chg |= 1u << jb->succ;
            }
        }
    }

    if (d->sq.create) {
        nic_job *jb = &q->job[d->sq.job];
        job_clear(jb);
        memcpy(jb, &d->sq.nj, offsetof(nic_job, ch));
        jb->valid = jb->live = jb->cv = jb->need = jb->ndone = jb->hs = 0;
        jb->rdy = 0;
        jb->old = 1;
    }
    if (d->sq.init && jd->sq_gnt && d->sq.fin)
        q->job[d->sq.job].valid = 1;
    if (jd->fi_gnt && ++q->fi_c == q->job[q->fi_j].nc)
        q->fi_v = 0;

    if (d->dma.op_done && d->dma.cli == CLI_RXW && d->dma.wq.last && d->dma.wq.fj != NONE) {
        nic_job *f = &q->job[d->dma.wq.fj];
        f->hostdone = 1;
        if (d->dma.rxw_err)
            f->status = WC_NIC_ST_BUSERR;
    }
    if (d->dma.op_done && d->dma.cli == CLI_STAGE && d->dma.op_err)
        q->job[d->dma.stage_job].status = WC_NIC_ST_BUSERR;
    return chg;
}

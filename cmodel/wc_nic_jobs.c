/* SPDX-License-Identifier: Apache-2.0 */
/* NIC replication jobs (rtl/nic/wc_nic_jobs.v): the job table (send jobs
 * 0..JSEND-1 run host descriptors, forwarding jobs JSEND..J-1 forward a
 * received multicast message to this node's children), the transmit
 * selection (acks and data alternating when both are ready, round robin
 * over jobs, each picking its next child in FPFS or FCFS order), the GM-2 go-back-N state per
 * child (sent, acknowledged, deadline), the timeout scanner (one child a
 * cycle) and completion. */
#include <string.h>
#include "wc_nic_int.h"

static unsigned pkt_len(const wc_nic *n, unsigned msglen, unsigned off)
{
    unsigned rest = msglen - off;
    return rest < (unsigned)n->c.payload ? rest : (unsigned)n->c.payload;
}

/* The child a job sends to next, or -1.  A child with TXWIN packets
 * unacknowledged waits: a child that drops everything (no buffer) then
 * costs its siblings at most a window per timeout, instead of taking
 * the whole link for go-back-N resends while their messages, and the
 * receive buffers those hold, stall. */
static int job_child(const wc_nic *n, const nic_job *j)
{
    int c, best = -1;
    for (c = 0; c < j->nc; c++) {
        if (n->c.mutate == 6 && j->ch[c].adm != WC_NIC_ADM_GRANT) {
            /* mutation 6: data without admission */
            wc_nic_rel_child t = j->ch[c];
            t.adm = WC_NIC_ADM_GRANT;
            if (!wc_nic_rel_may_send(&t, j->avail, n->c.txwin))
                continue;
        } else
        if (!wc_nic_rel_may_send(&j->ch[c], j->avail, n->c.txwin))
            continue;
        if (n->regs.mode == WC_NIC_MODE_FCFS) {
            if (c <= j->fc)
                return c;
            break;
        }
        if (best < 0 || j->ch[c].sent < j->ch[best].sent)
            best = c;
    }
    return best;
}

/* A forwarding job asks its children for admission only when it is its
 * group's oldest: a child admits a stream's messages in order, one at a
 * time, so a REQ for the next message would only find the stream busy. */
static int job_may_req(const wc_nic *n, int jx)
{
    const nic_job *j = &n->jobs.job[jx];
    int o;
    if (!j->fwd)
        return 1;
    for (o = n->c.jsend; o < n->J; o++)
        if (o != jx && n->jobs.job[o].valid && n->jobs.job[o].group == j->group &&
            wc_nic_seq_diff(j->ch[0].base, n->jobs.job[o].ch[0].base) < WC_NIC_SEQ_MOD / 2u)
            return 0;
    return 1;
}

/* The job's first child due a REQ, or -1.  FCFS asks a child when the
 * one before it is being served: a grant holds the receiver's context,
 * buffer and forwarding job, which a child served much later would hold
 * idle. */
static int job_req(const wc_nic *n, int jx)
{
    const nic_job *j = &n->jobs.job[jx];
    int c;
    for (c = 0; c < j->nc; c++)
        if (j->ch[c].adm == WC_NIC_ADM_NEED)
            return (n->regs.mode != WC_NIC_MODE_FCFS || c <= j->fc + 1) && job_may_req(n, jx) ? c : -1;
    return -1;
}

/* the first pending ack at or after the pointer; 0 if none */
static int select_ack(const wc_nic *n, nic_sel_dec *d)
{
    int i, NG = n->N + n->G, sid = n->jobs.ack_ptr;
    /* sid wraps by compare, not %: this scan runs every cycle the
     * selection register is free, and a division per stream was half the
     * time of a 16-node firmware run */
    for (i = 0; i < NG; i++, sid = sid + 1 == NG ? 0 : sid + 1) {
        if (!n->ackpend[sid])
            continue;
        d->ack = 1;
        d->ack_sid = (unsigned)sid;
        d->s.ack = 1;
        d->s.src = (uint16_t)n->self;
        /* GRANT, NAK and WAIT name the stream's group, 0 for unicast */
        d->s.type = n->ackpend[sid] == WC_NIC_PEND_GRANT ? WC_PT_GRANT
                  : n->ackpend[sid] == WC_NIC_PEND_NAK ? WC_PT_NAK
                  : n->ackpend[sid] == WC_NIC_PEND_WAIT ? WC_PT_WAIT
                  : sid < n->N ? WC_PT_UACK : WC_PT_MACK;
        if (sid < n->N) {
            d->s.dst = (uint16_t)sid;
            d->s.seq = n->uexp[sid];
        } else {
            const wc_nic_group_ent *e = &n->gt.g[sid - n->N];
            if (!e->valid || e->parent == WC_NIC_NO_PARENT)
                return 1;           /* nobody to acknowledge: the flag just clears */
            d->s.dst = e->parent;
            d->s.group = (uint16_t)(sid - n->N);
            d->s.seq = n->gexp[sid - n->N];
        }
        d->valid = 1;
        d->s.valid = 1;
        d->s.ready = 1;
        return 1;
    }
    return 0;
}

/* The first job at or after the pointer with a packet to send, and its
 * child; -1 if none.  A REQ goes before the job's data, so every child's
 * admission overlaps the data to the children already admitted. */
static int select_job(const wc_nic *n, int *child, int *req)
{
    int i;
    for (i = 0; i < n->J; i++) {
        int jx = n->jobs.job_ptr + i < n->J ? n->jobs.job_ptr + i : n->jobs.job_ptr + i - n->J;
        const nic_job *j = &n->jobs.job[jx];
        if (!j->valid)
            continue;
        if ((*child = job_req(n, jx)) >= 0) {
            *req = 1;
            return jx;
        }
        if ((*child = job_child(n, j)) >= 0)
            return jx;
    }
    return -1;
}

/* An ack goes first unless the last packet chosen was an ack and a data
 * packet is ready: served first every time, acks starved a congested
 * forwarder's jobs for good (docs/nic-flow.md).  Mutation 4 (lockstep
 * self-check) serves acks first always. */
void nic_jobs_select(const wc_nic *n, nic_sel_dec *d)
{
    int jx, c = 0, s, b, req = 0;
    const nic_job *j;
    nic_send *e = &d->s;
    memset(d, 0, sizeof *d);
    d->job = -1;
    if (n->tx.sel.valid)
        return;
    jx = select_job(n, &c, &req);
    if (!(n->jobs.last_ack && jx >= 0 && n->c.mutate != 4) && select_ack(n, d))
        return;
    if (jx < 0)
        return;
    j = &n->jobs.job[jx];
    d->valid = 1;
    d->job = jx;
    d->child = c;
    d->k = j->ch[c].sent;
    e->valid = 1;
    e->job = (uint8_t)jx;
    e->child = (uint8_t)c;
    e->k = (uint16_t)d->k;
    e->dst = j->dst[c];
    e->type = j->type;
    e->src = j->src;
    e->group = j->group;
    if (req) {
        /* the child's REQ: a control packet with the message's first
         * sequence and length */
        d->req = 1;
        d->k = 0;
        e->k = 0;
        e->ack = 1;
        e->type = WC_PT_REQ;
        e->group = j->type == WC_PT_MDATA ? j->group : 0;
        e->seq = j->ch[c].base;
        e->msglen = j->msglen;
        e->ready = 1;
        return;
    }
    e->seq = (uint16_t)(j->ch[c].base + d->k);
    e->off = (uint16_t)(d->k * (unsigned)n->c.payload);
    e->len = (uint16_t)pkt_len(n, j->msglen, e->off);
    e->msglen = j->msglen;
    /* the data: a slot tagged {job, k}, a staging buffer holding it,
     * else the staging buffer the emitter is not reading, filled by
     * the DMA */
    if (j->fwd)
        for (s = 0; s < n->S; s++)
            if (n->slot[s].used && n->slot[s].fwd && n->slot[s].fj == jx && n->slot[s].k == d->k) {
                e->from_slot = 1;
                e->buf = (uint8_t)s;
                e->ready = 1;
                return;
            }
    for (b = 0; b < 2; b++)
        if (n->tx.stage[b].valid && n->tx.stage[b].job == jx && n->tx.stage[b].k == d->k) {
            e->buf = (uint8_t)b;
            e->ready = 1;
            return;
        }
    for (b = 0; b < 2 && nic_tx_reads(&n->tx, 0, b); b++)
        ;
    e->buf = (uint8_t)b;
    e->fill = 1;
}

/* job j has every packet acknowledged by every child (and a forwarding
 * job its message in host memory) */
static int job_done(const wc_nic *n, int j)
{
    const nic_job *jb = &n->jobs.job[j];
    int c;
    if (jb->avail != jb->npk || (jb->fwd && !jb->hostdone))
        return 0;
    for (c = 0; c < jb->nc; c++)
        if (jb->ch[c].acked != jb->npk)
            return 0;
    /* A packet of the job still in the selection register (a resend
     * chosen before the last ack came) would be staged from the host
     * memory of whichever job takes the index next: it leaves first.  (A
     * REQ there is of a child that has acknowledged nothing.) */
    if (n->tx.sel.valid && n->tx.sel.job == j && !n->tx.sel.ack)
        return 0;
    /* a forwarded message completes only after the earlier ones of its
     * group: the host sees every stream in order */
    if (jb->fwd)
        for (c = n->c.jsend; c < n->J; c++)
            if (c != j && n->jobs.job[c].valid && n->jobs.job[c].group == jb->group &&
                wc_nic_seq_diff(jb->ch[0].base, n->jobs.job[c].ch[0].base) < WC_NIC_SEQ_MOD / 2u)
                return 0;
    return 1;
}

/* The finished job j leaves: a send job with its send completion,
 * releasing its streams, a forwarding job with the receive completion of
 * its message (held back until then: the host buffer was the
 * retransmission copy). */
static void job_leaves(const wc_nic *n, int j, nic_jobs_dec *d)
{
    const nic_job *jb = &n->jobs.job[j];
    unsigned c;
    d->push = j;
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

void nic_jobs_decide(const wc_nic *n, const nic_sel_dec *sel, const nic_rxp_dec *rp, int cq_room,
                     nic_jobs_dec *d)
{
    const nic_jobs_q *q = &n->jobs;
    int j, c, first = -1;
    d->scan_j = q->scan / (unsigned)n->c.maxchild;
    d->scan_c = q->scan % (unsigned)n->c.maxchild;
    d->tmo = 0;
    d->tmo_amt = 0;
    d->nak_amt = 0;
    d->nak_pr = 0;
    d->sample = 0;
    d->push = -1;
    d->rel_group = -1;
    d->rel_n = 0;
    for (j = 0; j < n->J; j++) {
        const nic_job *jb = &q->job[j];
        d->hit[j] = -1;
        if (!jb->valid)
            continue;
        if (rp->ack_valid && (rp->ack_grp == 0 ? jb->type == WC_PT_UDATA
                                                 : jb->type == WC_PT_MDATA && jb->group == rp->ack_grp))
            for (c = 0; c < jb->nc; c++)
                if (jb->dst[c] == rp->ack_from) {
                    d->hit[j] = c;
                    break;
                }
        if (first < 0 && job_done(n, j))
            first = j;
        if (d->hit[j] >= 0 && rp->ack_kind == WC_NIC_PEND_NAK) {
            /* what the NAK rewinds, after its cumulative ack */
            wc_nic_rel_child t = jb->ch[d->hit[j]];
            unsigned a;
            wc_nic_rel_ack(&t, jb->npk, rp->ack_seq, 0, 0);
            a = wc_nic_rel_nak(&t, rp->ack_seq, 0, 0);
            d->nak_amt += a;
            if (a && q->pr_v && q->pr_j == j && q->pr_c == d->hit[j])
                d->nak_pr = 1;      /* Karn: the probe's packet may be resent */
        }
    }
    /* the probe's round trip ends with an ack that covers its packet */
    if (q->pr_v && d->hit[q->pr_j] == q->pr_c) {
        const nic_job *jb = &q->job[q->pr_j];
        unsigned df = wc_nic_seq_diff(rp->ack_seq, jb->ch[q->pr_c].base);
        d->sample = df < WC_NIC_SEQ_MOD / 2u && (df < jb->npk ? df : jb->npk) > q->pr_k;
    }
    if (d->scan_j < n->J) {
        const nic_job *jb = &q->job[d->scan_j];
        int sc = d->scan_c;
        d->tmo = jb->valid && sc < jb->nc && wc_nic_rel_late(&jb->ch[sc], n->regs.now) &&
                 !(sel->valid && !sel->ack && sel->job == d->scan_j && sel->child == sc) &&
                 d->hit[d->scan_j] != sc;
        if (d->tmo)
            d->tmo_amt = jb->ch[sc].adm == WC_NIC_ADM_GRANT ? (uint32_t)(jb->ch[sc].sent - jb->ch[sc].acked)
                                                             : 1u;   /* the REQ again */
    }
    /* the completion FIFO: the receive processor's TOOBIG goes first */
    if (cq_room && !rp->toobig && first >= 0)
        job_leaves(n, first, d);
}

/* A job's updates in this order: a new forwarding job and its packet
 * count (the receive processor), the selection, acknowledgements, a
 * timeout rewind, completion, the send queue unit's job creation and
 * stream bases, the round-robin pointers, then the DMA's end of a
 * forwarded message's host write and a staging read's bus error. */
void nic_jobs_commit(wc_nic *n, const nic_dec *d)
{
    nic_jobs_q *q = &n->jobs;
    const nic_rxp_dec *rp = &d->rp;
    const nic_sel_dec *sl = &d->sel;
    const nic_jobs_dec *jd = &d->jobs;
    const uint32_t T = nic_rto(n), now = n->regs.now;
    int j, c;
    /* a first-time data packet starts a round-trip probe if none runs
     * (Karn: a resent packet's ack cannot tell which copy it answers) */
    int probe = !q->pr_v && sl->valid && !sl->ack && !sl->req && sl->k >= q->job[sl->job].ch[sl->child].hi;

    if (rp->new_fj) {
        nic_job *f = &q->job[rp->nfj];
        const wc_nic_group_ent *e = &n->gt.g[rp->gr_group];
        memset(f, 0, sizeof *f);
        f->valid = 1; f->fwd = 1; f->type = WC_PT_MDATA;
        f->nc = e->nchild;
        f->group = (uint16_t)rp->gr_group; f->src = (uint16_t)rp->gr_src;
        f->msglen = (uint16_t)rp->gr_len;
        f->npk = (uint16_t)nic_npk_of(n, rp->gr_len);
        f->addr = rp->addr;
        for (c = 0; c < f->nc; c++) {
            f->dst[c] = e->child[c];
            wc_nic_rel_child_init(&f->ch[c], rp->gr_seq);
        }
    }
    if (rp->accept && rp->fj >= 0)
        q->job[rp->fj].avail++;

    if (sl->req)
        wc_nic_rel_req_sent(&q->job[sl->job].ch[sl->child], now, T);
    else if (sl->valid && !sl->ack) {
        nic_job *jb = &q->job[sl->job];
        c = sl->child;
        wc_nic_rel_sent(&jb->ch[c], sl->k, now, T);
        if (c == jb->fc && sl->k + 1u == jb->npk)
            jb->fc++;
    }
    for (j = 0; j < n->J; j++)
        if (jd->hit[j] >= 0) {
            wc_nic_rel_child *ch = &q->job[j].ch[jd->hit[j]];
            /* GRANT and WAIT carry the cumulative ack as well */
            wc_nic_rel_ack(ch, q->job[j].npk, rp->ack_seq, now, T);
            wc_nic_rel_answer(ch, rp->ack_kind, rp->ack_seq);
            if (rp->ack_kind == WC_NIC_PEND_NAK)
                wc_nic_rel_nak(ch, rp->ack_seq, now, T);
        }
    if (jd->tmo)
        wc_nic_rel_rewind(&q->job[jd->scan_j].ch[jd->scan_c], now, T);
    q->scan = (uint16_t)((q->scan + 1u) % (unsigned)(n->J * n->c.maxchild));
    if (jd->push >= 0)
        q->job[jd->push].valid = 0;
    /* The probe: a round trip updates the peak (a higher one at once, a
     * lower one by a sixteenth of the difference); the probe ends with
     * it, with a resend of its packet (a timeout or a NAK of its child:
     * Karn), and with its job (a new job in its place is not it). */
    if (jd->sample) {
        uint32_t r = now - q->pr_t0;
        q->pk = r > q->pk ? r : q->pk - ((q->pk - r) >> 4);
    }
    if (q->pr_v && (jd->sample || jd->nak_pr || (jd->tmo && q->pr_j == jd->scan_j && q->pr_c == jd->scan_c) ||
                    jd->push == q->pr_j || (rp->new_fj && rp->nfj == q->pr_j) ||
                    (d->sq.create && d->sq.job == q->pr_j)))
        q->pr_v = 0;
    if (probe) {
        q->pr_v = 1;
        q->pr_j = (uint8_t)sl->job;
        q->pr_c = (uint8_t)sl->child;
        q->pr_k = (uint16_t)sl->k;
        q->pr_t0 = now;
    }

    if (d->sq.create)
        q->job[d->sq.job] = d->sq.nj;
    if (d->sq.init) {
        nic_job *jb = &q->job[d->sq.job];
        if (d->sq.init_grp)
            for (c = 0; c < jb->nc; c++)
                jb->ch[c].base = d->sq.base;
        else
            jb->ch[d->sq.init_c].base = d->sq.base;
        if (d->sq.fin)
            jb->valid = 1;
    }

    if (sl->ack)
        q->ack_ptr = (uint16_t)((sl->ack_sid + 1u) % (unsigned)(n->N + n->G));
    else if (sl->valid)
        q->job_ptr = (uint8_t)((sl->job + 1) % n->J);
    if (sl->valid)
        q->last_ack = (uint8_t)sl->ack;

    if (d->dma.op_done && d->dma.cli == CLI_RXW && d->dma.wq.last && d->dma.wq.fj != NONE) {
        nic_job *f = &q->job[d->dma.wq.fj];
        f->hostdone = 1;
        if (d->dma.rxw_err)
            f->status = WC_NIC_ST_BUSERR;
    }
    if (d->dma.op_done && d->dma.cli == CLI_STAGE && d->dma.op_err)
        q->job[d->dma.stage_job].status = WC_NIC_ST_BUSERR;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* NIC receive processor (rtl/nic/wc_nic_rxp.v): the assembler's event, one
 * checked packet a cycle at most, becomes an ack for the jobs, a data
 * packet in sequence for a message in progress or a new one (a receive
 * context, a prefetched receive buffer and, at a forwarding node, a
 * forwarding job), a duplicate to acknowledge again, or a drop to count.
 * Accepted packets queue for the DMA: the write queue, one entry per slot,
 * so it never overflows.  A packet that cannot be taken now is dropped
 * unacknowledged: the sender's timeout repeats it. */
#include <string.h>
#include "wc_nic_int.h"

static int find_ctx(const wc_nic *n, unsigned sid)
{
    int i;
    for (i = 0; i < n->c.nctx; i++)
        if (n->rxp.ctx[i].valid && !n->rxp.ctx[i].closing && n->rxp.ctx[i].sid == sid)
            return i;
    return -1;
}

static int free_ctx(const wc_nic *n)
{
    int i;
    for (i = 0; i < n->c.nctx; i++)
        if (!n->rxp.ctx[i].valid)
            return i;
    return -1;
}

static int free_fj(const wc_nic *n)
{
    int j;
    for (j = n->c.jsend; j < n->J; j++)
        if (!n->jobs.job[j].valid)
            return j;
    return -1;
}

/* the forwarding job still receiving group g's current message */
static int find_fj(const wc_nic *n, unsigned g)
{
    int j;
    for (j = n->c.jsend; j < n->J; j++) {
        const nic_job *f = &n->jobs.job[j];
        if (f->valid && f->group == g && f->avail < f->npk)
            return j;
    }
    return -1;
}

static int status_counter(unsigned st)
{
    switch (st) {
    case WC_NIC_ST_BADLEN:  return WC_NICR_ERR_LEN;
    case WC_NIC_ST_BADCRC:  return WC_NICR_ERR_CRC;
    case WC_NIC_ST_BADTYPE: return WC_NICR_ERR_TYPE;
    case WC_NIC_ST_BADDST:  return WC_NICR_ERR_DST;
    default:                return WC_NICR_ERR_NOBUF;
    }
}

/* A data packet in sequence on stream sid: take it, or count why not. */
static void take_data(const wc_nic *n, unsigned sid, unsigned g, int fwd, nic_rxp_dec *d)
{
    const nic_rxa_q *e = &n->rxa;
    const nic_rxp_q *r = &n->rxp;
    int c, f = -1;
    if (e->ev_off == 0) {
        if (find_ctx(n, sid) >= 0) { d->cnt = WC_NICR_ERR_LEN; return; }
        c = free_ctx(n);
        if (fwd)
            f = free_fj(n);
        if (c < 0 || !r->rqb_n || (fwd && f < 0)) { d->cnt = WC_NICR_ERR_NOBUF; return; }
        if (e->ev_msglen > r->rqb_cap[r->rqb_rd]) {
            /* the buffer is returned with TOOBIG and the next one tried
             * when the sender repeats the packet */
            d->cnt = WC_NICR_ERR_NOBUF;
            if (n->dma.cqf_n < CQF) {
                d->toobig = 1;
                d->take_rqb = 1;
                nic_cd_recv(d->cd, WC_NIC_ST_TOOBIG, e->ev_src, e->ev_group, d->addr, e->ev_msglen);
            }
            return;
        }
        d->new_ctx = 1;
        d->take_rqb = 1;
        if (fwd) { d->new_fj = 1; d->fj = f; }
    } else {
        c = find_ctx(n, sid);
        if (c < 0 || r->ctx[c].msglen != e->ev_msglen || r->ctx[c].next_off != e->ev_off ||
            r->ctx[c].src != e->ev_src) {
            d->cnt = WC_NICR_ERR_LEN;
            return;
        }
        if (fwd && (f = find_fj(n, g)) < 0) { d->cnt = WC_NICR_ERR_LEN; return; }
        d->fj = f;
    }
    d->ctx_i = c;
    d->accept = 1;
    d->setpend = (int)sid;
    d->wq_push = 1;
    d->free_slot = -1;
    if (fwd)
        d->tag_slot = e->ev_slot;
}

void nic_rxp_decide(const wc_nic *n, nic_rxp_dec *d)
{
    const nic_rxa_q *e = &n->rxa;   /* the event register */
    const nic_rxp_q *r = &n->rxp;
    unsigned sid, expect, g = 0;
    int fwd = 0;
    memset(d, 0, sizeof *d);
    d->free_slot = -1; d->cnt = -1; d->setpend = -1; d->ctx_i = -1; d->fj = -1; d->tag_slot = -1;
    if (!e->ev_valid)
        return;
    d->active = 1;
    d->slot = e->ev_slot; d->src = e->ev_src; d->group = e->ev_group; d->seq = e->ev_seq;
    d->off = e->ev_off; d->len = e->ev_len; d->msglen = e->ev_msglen;
    d->tag_k = (uint16_t)(e->ev_off / (unsigned)n->c.payload);
    d->last = (unsigned)e->ev_off + e->ev_len == e->ev_msglen;
    d->addr = r->rqb_addr[r->rqb_rd] & ~3u;
    d->free_slot = e->ev_slot == NONE ? -1 : e->ev_slot;
    if (e->ev_status != WC_NIC_ST_OK) {
        d->cnt = status_counter(e->ev_status);
        return;
    }
    if (!n->regs.en) {
        d->cnt = WC_NICR_ERR_NOBUF;
        return;
    }
    switch (e->ev_type) {
    case WC_PT_UACK:
        if (e->ev_src >= n->N) { d->cnt = WC_NICR_ERR_DST; return; }
        d->rxpkt = 1;
        d->ack_valid = 1; d->ack_grp = 0; d->ack_from = e->ev_src; d->ack_seq = e->ev_seq;
        return;
    case WC_PT_MACK:
        g = e->ev_group;
        if (g == 0 || g >= (unsigned)n->G || !n->gt.g[g].valid) { d->cnt = WC_NICR_ERR_GROUP; return; }
        d->rxpkt = 1;
        d->ack_valid = 1; d->ack_grp = g; d->ack_from = e->ev_src; d->ack_seq = e->ev_seq;
        return;
    case WC_PT_UDATA:
        if (e->ev_src >= n->N || e->ev_src == n->self) { d->cnt = WC_NICR_ERR_DST; return; }
        sid = e->ev_src;
        expect = n->uexp[sid];
        break;
    default: /* WC_PT_MDATA */
        g = e->ev_group;
        if (g == 0 || g >= (unsigned)n->G || !n->gt.g[g].valid) { d->cnt = WC_NICR_ERR_GROUP; return; }
        if (n->gt.g[g].parent == WC_NIC_NO_PARENT) { d->cnt = WC_NICR_ERR_DST; return; }
        sid = (unsigned)n->N + g;
        expect = n->gexp[g];
        fwd = n->regs.mode != WC_NIC_MODE_HOST && n->gt.g[g].nchild > 0;
        break;
    }
    d->rxpkt = 1;
    d->sid = sid;
    if (!wc_nic_rel_in_order(expect, e->ev_seq)) {
        /* duplicate or early: drop, and repeat the cumulative ack */
        d->cnt = WC_NICR_DUPS;
        if (n->c.mutate != 3)
            d->setpend = (int)sid;
        return;
    }
    take_data(n, sid, g, fwd, d);
}

/* In this order: the accepted packet (context, write queue entry), then
 * the DMA's pop of the write queue, receive buffer words, end of a
 * message's write and buffer fetch, then the buffer this cycle's new
 * message took. */
void nic_rxp_commit(wc_nic *n, const nic_dec *d)
{
    nic_rxp_q *r = &n->rxp;
    const nic_rxp_dec *rp = &d->rp;
    const nic_dma_dec *dm = &d->dma;
    if (rp->accept) {
        nic_ctx *x = &r->ctx[rp->ctx_i];
        nic_wq *q = &n->wq[(r->wq_rd + r->wq_n) % n->S];
        if (rp->new_ctx) {
            x->valid = 1; x->err = 0;
            x->sid = (uint16_t)rp->sid;
            x->msglen = rp->msglen;
            x->next_off = 0;
            x->src = rp->src;
            x->group = rp->group;
            x->addr = rp->addr;
        }
        x->next_off = (uint16_t)(x->next_off + rp->len);
        x->closing = (uint8_t)rp->last;
        q->slot = rp->slot; q->ctx = (uint16_t)rp->ctx_i; q->off = rp->off; q->len = rp->len;
        q->last = (uint8_t)rp->last;
        q->fj = rp->fj >= 0 ? (uint16_t)rp->fj : (uint16_t)NONE;
        r->wq_n++;
    }
    if (dm->start && dm->cli == CLI_RXW) {
        r->wq_rd = (uint16_t)((r->wq_rd + 1u) % (unsigned)n->S);
        r->wq_n--;
    }
    if (dm->word_done && dm->cli == CLI_RQ) {
        if (dm->idx == 0) r->rqb_addr[dm->buf] = dm->rdata;
        else r->rqb_cap[dm->buf] = dm->rdata;
    }
    if (dm->op_done && dm->cli == CLI_RXW) {
        nic_ctx *x = &r->ctx[dm->wq.ctx];
        if (dm->wq.last)
            x->valid = 0;
        else if (dm->op_err)
            x->err = 1;
    }
    if (dm->op_done && dm->cli == CLI_RQ)
        r->rqb_n++;
    if (rp->take_rqb) {
        r->rqb_rd ^= 1u;
        r->rqb_n--;
    }
}

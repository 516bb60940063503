/* SPDX-License-Identifier: Apache-2.0 */
/* NIC receive processor (rtl/nic/wc_nic_rxp.v): the assembler's event, one
 * checked packet a cycle at most, becomes an ack for the jobs, a data
 * packet in sequence for a message in progress or a new one (a receive
 * context, a prefetched receive buffer and, at a forwarding node, a
 * forwarding job), a duplicate to acknowledge again, or a drop to count.
 * Accepted packets queue for the DMA: the write queue, one entry per slot,
 * so it never overflows.  Admission (docs/nic-flow.md): a REQ reserves
 * what the message needs (context, host buffer, forwarding job) before
 * its data is sent, or makes the stream wait; the grant scanner admits
 * waiting streams in turn as resources free. */
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

/* A free forwarding job, while the job unit's forwarding INIT sequencer
 * is free to initialise its children. */
static int free_fj(const wc_nic *n)
{
    int j;
    if (n->jobs.fi_v)
        return -1;
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

/* Does stream sid's message need a forwarding job here? */
static int stream_fwd(const wc_nic *n, unsigned sid)
{
    const wc_nic_group_ent *e;
    if (sid < (unsigned)n->N)
        return 0;
    e = &n->gt.g[sid - (unsigned)n->N];
    return n->regs.mode != WC_NIC_MODE_HOST && e->nchild > 0;
}

/* Admission (docs/nic-flow.md): reserve a context, the prefetched host
 * buffer and, forwarded, a forwarding job for the message of len bytes
 * starting at sequence seq on stream sid.  Returns 1 if granted.  A
 * buffer too small for the message is returned with TOOBIG (when the
 * completion FIFO has room) and the next one is tried later. */
static int admit(const wc_nic *n, nic_rxp_dec *d, unsigned sid, unsigned src, unsigned g, unsigned len,
                 unsigned seq)
{
    const nic_rxp_q *r = &n->rxp;
    int fwd = stream_fwd(n, sid), c = free_ctx(n), f = fwd ? free_fj(n) : -1;
    if (c < 0 || !r->rqb_n || (fwd && f < 0))
        return 0;
    if (len > r->rqb_cap[r->rqb_rd]) {
        if (n->dma.cqf_n < CQF) {
            d->toobig = 1;
            d->take_rqb = 1;
            nic_cd_recv(d->cd, WC_NIC_ST_TOOBIG, src, g, d->addr, len);
        }
        return 0;
    }
    d->grant = 1;
    d->gr_ctx = c;
    d->gr_sid = sid; d->gr_src = src; d->gr_group = g; d->gr_len = len; d->gr_seq = seq;
    d->take_rqb = 1;
    if (fwd) { d->new_fj = 1; d->nfj = f; }
    return 1;
}

/* No room now: the stream waits (once) for the scanner's grant, and the
 * sender is told to wait. */
static void defer(const wc_nic *n, nic_rxp_dec *d, unsigned sid, unsigned src, unsigned len)
{
    if (!n->waitv[sid]) {
        d->wait_set = 1;
        d->w_sid = sid; d->w_src = src; d->w_len = len;
    }
    d->setpend = (int)sid;
    d->pkind = WC_NIC_PEND_WAIT;
}

/* A REQ in sequence on stream sid: grant, wait, or repeat the grant
 * whose answer was lost. */
static void take_req(const wc_nic *n, unsigned sid, unsigned g, nic_rxp_dec *d)
{
    const nic_rxa_q *e = &n->rxa;
    int c = find_ctx(n, sid);
    if (c >= 0) {
        if (n->rxp.ctx[c].next_off == 0 && n->rxp.ctx[c].msglen == e->ev_msglen) {
            d->setpend = (int)sid;
            d->pkind = WC_NIC_PEND_GRANT;
        } else {
            d->cnt = WC_NICR_DUPS;
        }
        return;
    }
    if (n->waitv[sid]) {
        defer(n, d, sid, e->ev_src, e->ev_msglen);
        return;
    }
    /* a stream already waiting goes first: the scanner serves them in turn */
    if (!n->rxp.nwait && admit(n, d, sid, e->ev_src, g, e->ev_msglen, e->ev_seq)) {
        d->setpend = (int)sid;
        d->pkind = WC_NIC_PEND_GRANT;
        return;
    }
    defer(n, d, sid, e->ev_src, e->ev_msglen);
}

/* A data packet in sequence on stream sid: take it, or count why not.
 * Packet 0 of a message that was not admitted by a REQ (a sender that
 * sends eagerly) is admitted as a REQ would be, or deferred and dropped. */
static void take_data(const wc_nic *n, unsigned sid, unsigned g, int fwd, nic_rxp_dec *d)
{
    const nic_rxa_q *e = &n->rxa;
    const nic_rxp_q *r = &n->rxp;
    int c = find_ctx(n, sid), f = -1;
    if (c >= 0) {
        if (r->ctx[c].msglen != e->ev_msglen || r->ctx[c].next_off != e->ev_off || r->ctx[c].src != e->ev_src) {
            d->cnt = WC_NICR_ERR_LEN;
            return;
        }
        if (fwd && (f = find_fj(n, g)) < 0) { d->cnt = WC_NICR_ERR_LEN; return; }
    } else if (e->ev_off != 0) {
        d->cnt = WC_NICR_ERR_LEN;
        return;
    } else if (!r->nwait && !n->waitv[sid] && admit(n, d, sid, e->ev_src, g, e->ev_msglen, e->ev_seq)) {
        c = d->gr_ctx;
        f = d->new_fj ? d->nfj : -1;
    } else {
        d->cnt = WC_NICR_ERR_NOBUF;
        defer(n, d, sid, e->ev_src, e->ev_msglen);
        return;
    }
    d->ctx_i = c;
    d->fj = f;
    d->accept = 1;
    d->setpend = (int)sid;
    d->pkind = WC_NIC_PEND_ACK;
    d->wq_push = 1;
    d->free_slot = -1;
    if (fwd)
        d->tag_slot = e->ev_slot;
}

/* The grant scanner visits one stream in each cycle without an event (the
 * event uses the group and stream tables' read port); a waiting stream
 * with room is admitted.  Round robin: a waiting stream is visited within
 * N + G event-free cycles, so none starves.  The waiting length and
 * source are the RTL's memory, read a cycle ahead with the word the
 * edge before wrote bypassed; mutation 21 (lockstep self-check): without
 * that bypass. */
static void scan(const wc_nic *n, nic_rxp_dec *d)
{
    const nic_rxp_q *r = &n->rxp;
    unsigned s = r->scan, g, len, src;
    if (n->rxa.ev_valid)
        return;
    d->scan_step = 1;
    if (!n->waitv[s] || n->c.mutate == 5)
        return;
    g = s < (unsigned)n->N ? 0u : s - (unsigned)n->N;
    if (g && (!n->gt.g[g].valid || n->gt.g[g].parent == WC_NIC_NO_PARENT)) {
        d->wait_clr = (int)s;       /* the group went away: nothing to grant */
        return;
    }
    len = n->wait_len[s];
    src = n->wait_src[s];
    if (n->c.mutate == 21 && r->mut_wv && r->mut_wsid == s) {
        len = r->mut_wlen;
        src = r->mut_wsrc;
    }
    if (admit(n, d, s, src, g, len, s < (unsigned)n->N ? n->uexp[s] : n->gexp[g])) {
        d->wait_clr = (int)s;
        d->setpend2 = (int)s;
    }
}

/* Ask for stream sid's NAK, once per value of its expect. */
static void ask_nak(const wc_nic *n, nic_rxp_dec *d, unsigned sid)
{
    if (n->nakd[sid])
        return;
    d->setpend = (int)sid;
    d->pkind = WC_NIC_PEND_NAK;
    d->nak = 1;
}

/* A packet that failed its CRC, if its header names a data stream this
 * node receives, makes that stream's NAK: the header may be the corrupt
 * part, so this is only a hint, but the NAK carries this receiver's own
 * expect, which is true whoever gets it, and a sender acts on a NAK only
 * at its oldest outstanding packet. */
static void crc_hint(const wc_nic *n, nic_rxp_dec *d)
{
    const nic_rxa_q *e = &n->rxa;
    unsigned g = e->ev_group;
    if (e->ev_type == WC_PT_UDATA && !g && e->ev_src < n->N && e->ev_src != n->self)
        ask_nak(n, d, e->ev_src);
    else if (e->ev_type == WC_PT_MDATA && g && g < (unsigned)n->G && n->gt.g[g].valid &&
             n->gt.g[g].parent != WC_NIC_NO_PARENT)
        ask_nak(n, d, (unsigned)n->N + g);
}

static void event(const wc_nic *n, nic_rxp_dec *d)
{
    const nic_rxa_q *e = &n->rxa;   /* the event register */
    unsigned sid, expect, g = 0;
    int fwd = 0;
    d->active = 1;
    d->slot = e->ev_slot; d->src = e->ev_src; d->group = e->ev_group; d->seq = e->ev_seq;
    d->off = e->ev_off; d->len = e->ev_len; d->msglen = e->ev_msglen;
    d->tag_k = (uint16_t)(e->ev_off / (unsigned)n->c.payload);
    d->last = (unsigned)e->ev_off + e->ev_len == e->ev_msglen;
    d->free_slot = e->ev_slot == NONE ? -1 : e->ev_slot;
    if (e->ev_status != WC_NIC_ST_OK) {
        d->cnt = status_counter(e->ev_status);
        if (e->ev_status == WC_NIC_ST_BADCRC && n->regs.en)
            crc_hint(n, d);
        return;
    }
    if (!n->regs.en) {
        d->cnt = WC_NICR_ERR_NOBUF;
        return;
    }
    switch (e->ev_type) {
    case WC_PT_UACK: case WC_PT_MACK: case WC_PT_GRANT: case WC_PT_WAIT: case WC_PT_NAK:
        g = e->ev_type == WC_PT_UACK ? 0u : e->ev_group;
        if (e->ev_type == WC_PT_MACK || g) {
            if (g == 0 || g >= (unsigned)n->G || !n->gt.g[g].valid) { d->cnt = WC_NICR_ERR_GROUP; return; }
        } else if (e->ev_src >= n->N) {
            d->cnt = WC_NICR_ERR_DST;
            return;
        }
        d->rxpkt = 1;
        d->ack_valid = 1; d->ack_grp = g; d->ack_from = e->ev_src; d->ack_seq = e->ev_seq;
        d->ack_kind = e->ev_type == WC_PT_GRANT ? WC_NIC_PEND_GRANT
                    : e->ev_type == WC_PT_WAIT ? WC_NIC_PEND_WAIT
                    : e->ev_type == WC_PT_NAK ? WC_NIC_PEND_NAK : WC_NIC_PEND_ACK;
        return;
    case WC_PT_UDATA:
    unicast:
        if (e->ev_src >= n->N || e->ev_src == n->self) { d->cnt = WC_NICR_ERR_DST; return; }
        sid = e->ev_src;
        expect = n->uexp[sid];
        break;
    case WC_PT_REQ:
        if (!e->ev_group)
            goto unicast;
        /* fall through */
    default: /* WC_PT_MDATA */
        g = e->ev_group;
        if (g == 0 || g >= (unsigned)n->G || !n->gt.g[g].valid) { d->cnt = WC_NICR_ERR_GROUP; return; }
        if (n->gt.g[g].parent == WC_NIC_NO_PARENT) { d->cnt = WC_NICR_ERR_DST; return; }
        sid = (unsigned)n->N + g;
        expect = n->gexp[g];
        fwd = stream_fwd(n, sid);
        break;
    }
    d->rxpkt = 1;
    d->sid = sid;
    if (!wc_nic_rel_in_order(expect, e->ev_seq)) {
        /* duplicate or early: drop, and repeat the cumulative ack; an
         * early data packet proves expect was lost (a pair's packets
         * arrive in order): a NAK, once */
        d->cnt = WC_NICR_DUPS;
        if (n->c.mutate != 3) {
            d->setpend = (int)sid;
            d->pkind = WC_NIC_PEND_ACK;
        }
        if (e->ev_type != WC_PT_REQ && wc_nic_seq_diff(e->ev_seq, expect) < WC_NIC_SEQ_MOD / 2u &&
            n->c.mutate != 7)
            ask_nak(n, d, sid);
        return;
    }
    if (e->ev_type == WC_PT_REQ)
        take_req(n, sid, g, d);
    else
        take_data(n, sid, g, fwd, d);
}

/* The repeat scanner visits one context a cycle: a GRANT that no data
 * followed within the timeout is sent again (it may have been lost; the
 * sender, waiting, has no timer of its own). */
static void rescan(const wc_nic *n, nic_rxp_dec *d)
{
    const nic_ctx *x = &n->rxp.ctx[n->rxp.cscan];
    if (x->valid && x->fresh && (int32_t)(n->regs.now - x->gdl) >= 0 && !(d->accept && d->ctx_i == n->rxp.cscan))
    {
        d->regrant = n->rxp.cscan;
        d->regrant_sid = x->sid;
    }
}

void nic_rxp_decide(const wc_nic *n, nic_rxp_dec *d)
{
    const nic_rxp_q *r = &n->rxp;
    memset(d, 0, sizeof *d);
    d->free_slot = -1; d->cnt = -1; d->setpend = -1; d->setpend2 = -1; d->ctx_i = -1; d->fj = -1;
    d->tag_slot = -1; d->gr_ctx = -1; d->nfj = -1; d->wait_clr = -1; d->regrant = -1;
    d->addr = r->rqb_addr[r->rqb_rd] & ~3u;
    if (n->rxa.ev_valid)
        event(n, d);
    scan(n, d);
    rescan(n, d);
}

/* In this order: an admission (context), the waiting streams and the
 * scanner, the accepted packet (context, write queue entry), then
 * the DMA's pop of the write queue, receive buffer words, end of a
 * message's write and buffer fetch, then the buffer this cycle's new
 * message took. */
void nic_rxp_commit(wc_nic *n, const nic_dec *d)
{
    nic_rxp_q *r = &n->rxp;
    const nic_rxp_dec *rp = &d->rp;
    const nic_dma_dec *dm = &d->dma;
    if (rp->grant) {
        nic_ctx *x = &r->ctx[rp->gr_ctx];
        x->valid = 1; x->err = 0; x->closing = 0;
        x->fresh = 1;
        x->gdl = n->regs.now + n->regs.timeout;
        x->sid = (uint16_t)rp->gr_sid;
        x->msglen = (uint16_t)rp->gr_len;
        x->next_off = 0;
        x->src = (uint16_t)rp->gr_src;
        x->group = (uint16_t)rp->gr_group;
        x->addr = rp->addr;
    }
    r->mut_wv = (uint8_t)rp->wait_set;
    if (rp->wait_set) {
        r->mut_wsid = (uint16_t)rp->w_sid;
        r->mut_wlen = n->wait_len[rp->w_sid];
        r->mut_wsrc = n->wait_src[rp->w_sid];
        n->waitv[rp->w_sid] = 1;
        n->wait_len[rp->w_sid] = (uint16_t)rp->w_len;
        n->wait_src[rp->w_sid] = (uint16_t)rp->w_src;
    }
    if (rp->wait_clr >= 0)
        n->waitv[rp->wait_clr] = 0;
    if (rp->nak)
        n->nakd[rp->setpend] = 1;
    else if (rp->accept)
        n->nakd[rp->sid] = 0;       /* expect moves on: its NAK may be asked again */
    r->nwait = (uint16_t)(r->nwait + rp->wait_set - (rp->wait_clr >= 0));
    if (rp->scan_step)
        r->scan = (uint16_t)(r->scan + 1u == (unsigned)(n->N + n->G) ? 0u : r->scan + 1u);
    if (rp->regrant >= 0)
        r->ctx[rp->regrant].gdl = n->regs.now + n->regs.timeout;
    r->cscan = (uint8_t)(r->cscan + 1u == (unsigned)n->c.nctx ? 0u : r->cscan + 1u);
    if (rp->accept) {
        nic_ctx *x = &r->ctx[rp->ctx_i];
        nic_wq *q = &n->wq[(r->wq_rd + r->wq_n) % n->S];
        x->next_off = (uint16_t)(x->next_off + rp->len);
        x->fresh = 0;
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

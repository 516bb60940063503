/* SPDX-License-Identifier: Apache-2.0 */
/* NIC transmitter (rtl/nic/wc_nic_tx.v): the selection register (the next
 * packet, chosen by the jobs unit, waiting for its payload), the emitter
 * (one flit a cycle on the injection link while it has credits), the
 * credit counter, and the two staging buffers the DMA fills from host
 * memory.  A packet's payload CRC was computed once, when the payload
 * arrived or was staged; each copy's header words finish it here, so one
 * payload serves every child with only the head rewritten (GM-2 Section
 * 3.1). */
#include "wc_nic_int.h"

/* Flit k of the packet e; *type its flit type. */
static uint32_t em_word(const wc_nic *n, const nic_send *e, unsigned k, unsigned *type)
{
    unsigned nfl = 1u + WC_NIC_HDR_FLITS + nic_words_of(e->len);
    uint32_t hd, h0, h1, h2, crcp;
    *type = k == 0 ? WC_FT_HEAD : k == nfl - 1 ? WC_FT_TAIL : WC_FT_BODY;
    hd = WC_SET(WC_SET(0u, HEAD_DST, e->dst), HEAD_KIND, WC_KIND_UNICAST);
    h0 = WC_SET(WC_SET(WC_SET(0u, NH0_SRC, e->src), NH0_GROUP, e->group), NH0_TYPE, e->type);
    h1 = WC_SET(WC_SET(0u, NH1_SEQ, e->seq), NH1_OFF,
                n->c.mutate == 2 && e->k ? (unsigned)(e->off - n->c.payload) : e->off);
    h2 = WC_SET(WC_SET(0u, NH2_LEN, e->len), NH2_MSGLEN, e->msglen);
    switch (k) {
    case 0: return hd;
    case 1: return h0;
    case 2: return h1;
    case 3: return h2;
    case 4:
        crcp = e->ack ? 0u : e->from_slot ? n->slot[e->buf].crcp : n->tx.stage[e->buf].crcp;
        /* mutation 8 (lockstep self-check): the CRC without the head */
        return n->c.mutate == 8 ? wc_nic_crc_finish(crcp, 0u, h0, h1, h2) : wc_nic_crc_finish(crcp, hd, h0, h1, h2);
    default:
        return e->from_slot ? n->sbuf[(size_t)e->buf * (size_t)n->PW + (k - 5u)]
                            : n->stbuf[e->buf][k - 5u];
    }
}

void nic_tx_out(const wc_nic *n, wc_nic_out *o)
{
    const nic_tx_q *t = &n->tx;
    if (t->em.valid && t->cred > 0) {
        unsigned type;
        uint32_t w = em_word(n, &t->em, t->em.fk, &type);
        o->tx_valid = 1;
        o->tx_flit = (uint64_t)w | ((uint64_t)type << n->c.W);
    }
}

void nic_tx_decide(const wc_nic *n, nic_tx_dec *d)
{
    const nic_tx_q *t = &n->tx;
    d->em_sent = d->em_last = 0;
    if (t->em.valid && t->cred > 0) {
        unsigned nfl = 1u + WC_NIC_HDR_FLITS + nic_words_of(t->em.len);
        d->em_sent = 1;
        d->em_last = t->em.fk + 1u == nfl;
    }
    d->xfer = t->sel.valid && t->sel.ready && !t->em.valid;
}

/* a new job takes index j: what was staged for the old one is stale */
static void stage_drop(nic_tx_q *t, unsigned j)
{
    int s;
    for (s = 0; s < 2; s++)
        if (t->stage[s].job == j)
            t->stage[s].valid = 0;
}

/* In this order: staging buffers of new jobs (a forwarding job, then a
 * send job) dropped, the emitter, the hand-over from sel, the new
 * selection, credits, then the DMA's staging: start, words, end. */
void nic_tx_commit(wc_nic *n, const wc_nic_in *in, const nic_dec *d)
{
    nic_tx_q *t = &n->tx;
    const nic_sel_dec *sl = &d->sel;
    const nic_dma_dec *dm = &d->dma;
    if (d->rp.new_fj)
        stage_drop(t, (unsigned)d->rp.nfj);
    if (d->sq.create)
        stage_drop(t, (unsigned)d->sq.job);
    if (d->tx.em_sent) {
        t->em.fk++;
        if (d->tx.em_last)
            t->em.valid = 0;
    }
    if (d->tx.xfer) {
        t->em = t->sel;
        t->em.fk = 0;
        t->sel.valid = 0;
    }
    if (sl->valid) {
        t->sel = sl->s;
        if (sl->s.fill) {
            nic_stage *st = &t->stage[sl->s.buf];
            st->valid = 1; st->job = sl->s.job; st->k = sl->s.k;
        }
    }
    t->cred = (uint16_t)(t->cred + (in->tx_credit ? 1 : 0) - d->tx.em_sent);
    if (dm->start && dm->cli == CLI_STAGE)
        t->sel.fill = 0;
    if (dm->word_done && dm->cli == CLI_STAGE)
        n->stbuf[dm->buf][dm->idx] = dm->sword;
    if (dm->op_done && dm->cli == CLI_STAGE) {
        t->stage[dm->buf].crcp = dm->scrc;
        t->sel.ready = 1;
    }
}

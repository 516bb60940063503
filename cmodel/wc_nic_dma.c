/* SPDX-License-Identifier: Apache-2.0 */
/* NIC DMA master (rtl/nic/wc_nic_dma.v): one Wishbone master port shared
 * by five clients in round-robin order (completion writer, receive writer,
 * receive-buffer fetch, staging reads, send-queue reads), one word per bus
 * cycle, and the completion FIFO the completion writer drains.  A received
 * packet's write is followed by its message's completion in the same op
 * when it is the last packet, so the completion never overtakes the data.
 * Bus errors never stop an op; they end up in the status its client
 * reports. */
#include <string.h>
#include "wc_nic_int.h"

void nic_dma_out(const wc_nic *n, wc_nic_out *o)
{
    const nic_dma_q *r = &n->dma;
    o->m_cyc = o->m_stb = r->stb;
    o->m_we = r->stb && r->we;
    o->m_adr = r->stb ? r->adr : 0;
    o->m_dat = r->stb && r->we ? r->dat : 0;
    o->m_sel = r->stb ? r->sel : 0;
}

static int cq_space(const nic_regs_q *r)
{
    return r->cq_size && (uint16_t)(r->cq_tail - r->cq_head) < r->cq_size;
}

static int wq_completes(const nic_wq *q) { return q->last && q->fj == NONE; }

static int dma_requests(const wc_nic *n, int cli)
{
    const nic_regs_q *r = &n->regs;
    switch (cli) {
    case CLI_CQ:    return n->dma.cqf_n > 0 && cq_space(r);
    case CLI_RXW:   return n->rxp.wq_n > 0 && (!wq_completes(&n->wq[n->rxp.wq_rd]) || cq_space(r));
    case CLI_RQ:    return n->rxp.rqb_n < 2 && r->rq_size && r->rq_head != r->rq_tail;
    case CLI_STAGE: return n->tx.sel.valid && n->tx.sel.fill;
    default:        return n->sq.st == SQ_FETCH || n->sq.st == SQ_LIST;
    }
}

static uint32_t cq_addr(const nic_regs_q *r)
{
    return r->cq_base + 16u * (uint32_t)(r->cq_tail & (r->cq_size - 1u));
}

/* Bus word i of an op: address, write data, byte lanes, direction.
 * err_now: a bus error on the word finishing this cycle (only the receive
 * completion's status depends on it). */
static void dma_word(const wc_nic *n, int cli, unsigned i, uint32_t base, const nic_wq *wq,
                     int err_now, uint32_t *adr, uint32_t *dat, unsigned *sel, unsigned *we)
{
    *dat = 0; *sel = 0xFu; *we = 0;
    *adr = base + 4u * i;
    switch (cli) {
    case CLI_CQ:
        /* words 1, 2, 3, then word 0 with CD0_VALID: the host polls word
         * 0, so it must land last */
        *we = 1;
        *adr = base + 4u * ((i + 1u) & 3u);
        *dat = n->dma.cqf[n->dma.cqf_rd][(i + 1u) & 3u];
        break;
    case CLI_RXW: {
        unsigned nw = nic_words_of(wq->len);
        const nic_ctx *x = &n->rxp.ctx[wq->ctx];
        *we = 1;
        if (i < nw) {
            *dat = n->sbuf[(size_t)wq->slot * (size_t)n->PW + i];
            *sel = i == nw - 1 ? nic_last_sel(wq->len) : 0xFu;
        } else {
            unsigned q = (i - nw + 1u) & 3u;   /* word 0 last, as above */
            uint32_t cd[4];
            nic_cd_recv(cd, (x->err || n->dma.err || err_now) ? WC_NIC_ST_BUSERR : WC_NIC_ST_OK, x->src,
                        x->group, x->addr, x->msglen);
            *adr = cq_addr(&n->regs) + 4u * q;
            *dat = cd[q];
        }
        break;
    }
    default:
        break;
    }
}

/* The word finishing this cycle of the op in progress. */
static void word_done(const wc_nic *n, const wc_nic_in *in, nic_dma_dec *d)
{
    const nic_dma_q *r = &n->dma;
    d->word_done = 1;
    d->cli = r->cli;
    d->idx = r->i;
    d->buf = r->buf;
    d->wq = r->wq;
    d->err = in->m_err != 0;
    d->rdata = in->m_err ? 0u : in->m_dat;
    if (r->cli == CLI_STAGE) {
        d->sword = d->rdata;
        if (r->i == r->n - 1u)
            d->sword = nic_mask_bytes(d->sword, r->len - 4u * r->i);
        d->scrc = nic_crc_word(r->crc, d->sword);
    }
    if (r->i + 1u < r->n) {
        d->next = 1;
        dma_word(n, r->cli, r->i + 1u, r->base, &r->wq, d->err, &d->adr, &d->dat, &d->sel, &d->we);
        return;
    }
    d->op_done = 1;
    d->op_err = r->err || d->err;
    if (r->cli == CLI_RXW)
        d->rxw_err = n->rxp.ctx[r->wq.ctx].err || d->op_err;
    if (r->cli == CLI_STAGE)
        d->stage_job = n->tx.sel.job;
}

/* The arbiter: the first client asking at or after the pointer; but
 * while half the slots or more wait in the write queue, the receive
 * writes go first.  The packets in slots are what the network cannot
 * take back: a NIC whose DMA falls behind the link by every slot drops
 * the next packet (docs/nic-flow.md, "receive-slot overrun"), so its own
 * sends (staging), completions and fetches wait until the queue is
 * short again (the writes drain it faster than a link fills it). */
static void start(const wc_nic *n, nic_dma_dec *d)
{
    const nic_regs_q *g = &n->regs;
    int i, urgent = nic_rxp_wq_half(n) && dma_requests(n, CLI_RXW);
    for (i = 0; i < NCLI; i++) {
        int cli = urgent ? CLI_RXW : (n->dma.ptr + i) % NCLI;
        if (!dma_requests(n, cli))
            continue;
        d->start = 1;
        d->cli = cli;
        switch (cli) {
        case CLI_CQ:
            d->base = cq_addr(g);
            d->nwords = 4;
            break;
        case CLI_RXW:
            d->wq = n->wq[n->rxp.wq_rd];
            d->base = n->rxp.ctx[d->wq.ctx].addr + d->wq.off;
            d->nwords = (uint16_t)(nic_words_of(d->wq.len) + (wq_completes(&d->wq) ? 4u : 0u));
            break;
        case CLI_RQ:
            d->base = g->rq_base + 8u * (uint32_t)(g->rq_head & (g->rq_size - 1u));
            d->nwords = 2;
            d->buf = (n->rxp.rqb_rd + n->rxp.rqb_n) & 1u;
            break;
        case CLI_STAGE:
            d->base = n->jobs.job[n->tx.sel.job].addr + n->tx.sel.off;
            d->nwords = (uint16_t)nic_words_of(n->tx.sel.len);
            d->buf = n->tx.sel.buf;
            d->len = n->tx.sel.len;
            break;
        default:
            if (n->sq.st == SQ_FETCH) {
                d->base = g->sq_base + 16u * (uint32_t)(g->sq_head & (g->sq_size - 1u));
                d->nwords = 4;
            } else {
                d->base = n->sq.d[3];
                d->nwords = (uint16_t)WC_GET(n->sq.d[2], SD2_DST);
            }
            break;
        }
        dma_word(n, cli, 0, d->base, &d->wq, 0, &d->adr, &d->dat, &d->sel, &d->we);
        return;
    }
}

void nic_dma_decide(const wc_nic *n, const wc_nic_in *in, nic_dma_dec *d)
{
    memset(d, 0, sizeof *d);
    if (!n->dma.busy)
        start(n, d);
    else if (in->m_ack || in->m_err)
        word_done(n, in, d);
}

/* In this order: the completion FIFO's entry of this cycle, an op's start,
 * its finished word and its end (the FIFO's pop). */
void nic_dma_commit(wc_nic *n, const nic_dec *d)
{
    nic_dma_q *r = &n->dma;
    const nic_dma_dec *dm = &d->dma;
    if (d->cq) {
        memcpy(r->cqf[(r->cqf_rd + r->cqf_n) % CQF], d->cq, sizeof r->cqf[0]);
        r->cqf_n++;
    }
    if (dm->start) {
        r->busy = 1;
        r->cli = (uint8_t)dm->cli;
        r->i = 0;
        r->n = dm->nwords;
        r->base = dm->base;
        r->err = 0;
        r->crc = 0;
        r->stb = 1; r->we = (uint8_t)dm->we; r->adr = dm->adr; r->dat = dm->dat; r->sel = (uint8_t)dm->sel;
        if (n->c.mutate != 1)
            r->ptr = (uint8_t)((dm->cli + 1) % NCLI);
        if (dm->cli == CLI_RXW)
            r->wq = dm->wq;
        if (dm->cli == CLI_STAGE) {
            r->buf = (uint8_t)dm->buf;
            r->len = dm->len;
        }
        if (dm->cli == CLI_RQ)
            r->buf = (uint8_t)dm->buf;
    }
    if (dm->word_done) {
        r->err |= (uint8_t)dm->err;
        if (dm->cli == CLI_STAGE)
            r->crc = dm->scrc;
        if (dm->next) {
            r->i++;
            r->we = (uint8_t)dm->we; r->adr = dm->adr; r->dat = dm->dat; r->sel = (uint8_t)dm->sel;
        }
    }
    if (dm->op_done) {
        r->busy = 0;
        r->stb = 0;
        if (dm->cli == CLI_CQ) {
            r->cqf_rd = (uint8_t)((r->cqf_rd + 1u) % CQF);
            r->cqf_n--;
        }
    }
}

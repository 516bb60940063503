/* SPDX-License-Identifier: Apache-2.0 */
/* NIC register block (rtl/nic/wc_nic_regs.v): the Wishbone slave, control
 * and ring registers, counters, the group table and the per-stream tables
 * (expected and next sequence numbers, busy flags, pending acks). */
#include <string.h>
#include "wc_nic_int.h"

uint32_t nic_regs_read(const wc_nic *n, unsigned a)
{
    const nic_regs_q *r = &n->regs;
    switch (a) {
    case WC_NICR_ID:         return (uint32_t)n->self | (1u << 24);
    case WC_NICR_CTRL:       return (uint32_t)r->en | (uint32_t)r->mode << 1;
    case WC_NICR_STATUS: {
        int busy = n->dma.busy || n->tx.sel.valid || n->tx.em.valid || n->sq.st != SQ_IDLE || n->rxa.ev_valid ||
                   n->rxa.act || n->rxp.wq_n || n->dma.cqf_n;
        int i;
        for (i = 0; i < n->J; i++) busy |= n->jobs.job[i].valid;
        for (i = 0; i < n->c.nctx; i++) busy |= n->rxp.ctx[i].valid;
        return (uint32_t)(r->sq_head != r->sq_tail) | (uint32_t)(r->cq_tail != r->cq_head) << 1 |
               (uint32_t)(!n->rxp.rqb_n && r->rq_head == r->rq_tail) << 2 | (uint32_t)busy << 3;
    }
    case WC_NICR_SQ_BASE:    return r->sq_base;
    case WC_NICR_SQ_SIZE:    return r->sq_size;
    case WC_NICR_SQ_TAIL:    return r->sq_tail;
    case WC_NICR_SQ_HEAD:    return r->sq_head;
    case WC_NICR_RQ_BASE:    return r->rq_base;
    case WC_NICR_RQ_SIZE:    return r->rq_size;
    case WC_NICR_RQ_TAIL:    return r->rq_tail;
    case WC_NICR_RQ_HEAD:    return r->rq_head;
    case WC_NICR_CQ_BASE:    return r->cq_base;
    case WC_NICR_CQ_SIZE:    return r->cq_size;
    case WC_NICR_CQ_HEAD:    return r->cq_head;
    case WC_NICR_CQ_TAIL:    return r->cq_tail;
    case WC_NICR_INT_STATUS: return r->int_status;
    case WC_NICR_INT_ENABLE: return r->int_enable;
    case WC_NICR_GT_SEL:     return r->gt_sel;
    case WC_NICR_GT_PARENT:  return r->gt_parent;
    case WC_NICR_GT_RESULT:  return r->gt_result;
    case WC_NICR_ERR_CRC:    return r->err_crc;
    case WC_NICR_ERR_GROUP:  return r->err_group;
    case WC_NICR_ERR_LEN:    return r->err_len;
    case WC_NICR_ERR_TYPE:   return r->err_type;
    case WC_NICR_ERR_DST:    return r->err_dst;
    case WC_NICR_RETX:       return r->retx;
    case WC_NICR_TIMEOUT:    return r->timeout;
    case WC_NICR_ERR_NOBUF:  return r->nobuf;
    case WC_NICR_DUPS:       return r->dups;
    case WC_NICR_PEAK:       return r->peak;
    case WC_NICR_SLOTS:      return r->slots_used;
    case WC_NICR_TX_PKTS:    return r->tx_pkts;
    case WC_NICR_RX_PKTS:    return r->rx_pkts;
    case WC_NICR_TIMEOUTS:   return r->timeouts;
    case WC_NICR_ERR_DESC:   return r->err_desc;
    case WC_NICR_CYCLE:      return r->now;
    default:                 return 0;
    }
}

void nic_regs_out(const wc_nic *n, wc_nic_out *o)
{
    o->s_ack = n->regs.s_ack;
    o->s_dat = n->regs.s_dat;
    o->irq = (n->regs.int_status & n->regs.int_enable) != 0;
}

void nic_regs_decide(const wc_nic *n, const wc_nic_in *in, nic_regs_dec *d)
{
    d->go = in->s_cyc && in->s_stb && !n->regs.s_ack;
    d->wa = (in->s_adr >> 2) & (WC_NICR_WORDS - 1u);
    d->wr = d->go && in->s_we;
    d->rdat = d->go && !in->s_we ? nic_regs_read(n, d->wa) : 0;
}

static void sat_inc(uint32_t *x)
{
    if (*x != 0xFFFFFFFFu)
        (*x)++;
}

static void count(nic_regs_q *r, int which)
{
    switch (which) {
    case WC_NICR_ERR_LEN:   sat_inc(&r->err_len); r->int_status |= 2; break;
    case WC_NICR_ERR_CRC:   sat_inc(&r->err_crc); r->int_status |= 2; break;
    case WC_NICR_ERR_TYPE:  sat_inc(&r->err_type); r->int_status |= 2; break;
    case WC_NICR_ERR_DST:   sat_inc(&r->err_dst); r->int_status |= 2; break;
    case WC_NICR_ERR_GROUP: sat_inc(&r->err_group); r->int_status |= 2; break;
    case WC_NICR_ERR_NOBUF: sat_inc(&r->nobuf); break;
    case WC_NICR_DUPS:      sat_inc(&r->dups); break;
    default: break;
    }
}

/* Host register write (the slave's side effects); nonzero: soft reset. */
static int reg_write(wc_nic *n, unsigned a, uint32_t v)
{
    nic_regs_q *r = &n->regs;
    switch (a) {
    case WC_NICR_CTRL:
        r->en = v & 1u;
        r->mode = (uint8_t)((v >> 1) & 3u);
        return (v >> 3) & 1u;
    case WC_NICR_SQ_BASE:    r->sq_base = v; break;
    case WC_NICR_SQ_SIZE:    r->sq_size = (uint16_t)v; break;
    case WC_NICR_SQ_TAIL:    r->sq_tail = (uint16_t)v; break;
    case WC_NICR_RQ_BASE:    r->rq_base = v; break;
    case WC_NICR_RQ_SIZE:    r->rq_size = (uint16_t)v; break;
    case WC_NICR_RQ_TAIL:    r->rq_tail = (uint16_t)v; break;
    case WC_NICR_CQ_BASE:    r->cq_base = v; break;
    case WC_NICR_CQ_SIZE:    r->cq_size = (uint16_t)v; break;
    case WC_NICR_CQ_HEAD:    r->cq_head = (uint16_t)v; break;
    case WC_NICR_INT_STATUS: r->int_status &= (uint8_t)~v; break;
    case WC_NICR_INT_ENABLE: r->int_enable = (uint8_t)(v & 7u); break;
    case WC_NICR_GT_SEL:     r->gt_sel = (uint16_t)(v & 0xFFFu); break;
    case WC_NICR_GT_PARENT:  r->gt_parent = (uint16_t)(v & 0xFFFu); break;
    case WC_NICR_GT_CHILD:
        /* the RTL stages MAXCHILD children: an index beyond is dropped */
        if (((v >> 16) & 0xFFu) < (unsigned)n->c.maxchild)
            r->gt_child[(v >> 16) & 0xFFu] = (uint16_t)(v & 0xFFFu);
        break;
    case WC_NICR_GT_COMMIT: {
        unsigned g = r->gt_sel, cnt = v & 0xFFu;
        int rc;
        if (g == 0 || g >= (unsigned)n->G)
            rc = -WC_NIC_ST_NOGROUP;
        else if (cnt == 0 && r->gt_parent == WC_NIC_NO_PARENT)
            rc = wc_nic_group_clear(&n->gt, g);
        else if (v > 0xFFu)
            rc = -WC_NIC_ST_NODST;
        else
            rc = wc_nic_group_set(&n->gt, g, r->gt_parent, r->gt_child, cnt);
        r->gt_result = (uint8_t)-rc;
        if (rc == 0) {
            /* a (re)installed group starts its streams afresh */
            n->gexp[g] = 0;
            n->gnext[g] = 0;
            n->gbusy[g] = 0;
        }
        break;
    }
    case WC_NICR_ERR_CRC:    r->err_crc = 0; break;
    case WC_NICR_ERR_GROUP:  r->err_group = 0; break;
    case WC_NICR_ERR_LEN:    r->err_len = 0; break;
    case WC_NICR_ERR_TYPE:   r->err_type = 0; break;
    case WC_NICR_ERR_DST:    r->err_dst = 0; break;
    case WC_NICR_RETX:       r->retx = 0; break;
    case WC_NICR_TIMEOUT:    r->timeout = v; break;
    case WC_NICR_ERR_NOBUF:  r->nobuf = 0; break;
    case WC_NICR_DUPS:       r->dups = 0; break;
    case WC_NICR_PEAK:       r->peak = 0; break;
    case WC_NICR_TX_PKTS:    r->tx_pkts = 0; break;
    case WC_NICR_RX_PKTS:    r->rx_pkts = 0; break;
    case WC_NICR_TIMEOUTS:   r->timeouts = 0; break;
    case WC_NICR_ERR_DESC:   r->err_desc = 0; break;
    default: break;
    }
    return 0;
}

/* a descriptor is done with (run or refused): the host may reuse its slot */
static void sq_advance(nic_regs_q *r)
{
    r->sq_head++;
    if (r->sq_head == r->sq_tail)
        r->int_status |= 4;
}

/* The other units' updates in this order: the receive processor's counts
 * and stream, a timeout, a finished send job's streams, the send queue
 * unit, the transmitter's ack flags and packet count, the DMA's ring
 * indices, the slot count, and the host's access last, so a host write
 * wins over what the NIC did to the same register in this cycle. */
int nic_regs_commit(wc_nic *n, const wc_nic_in *in, const nic_dec *d, int slots_used)
{
    nic_regs_q *r = &n->regs;
    const nic_rxp_dec *rp = &d->rp;
    const nic_sq_dec *sq = &d->sq;
    unsigned c;
    int soft = 0;

    if (rp->cnt >= 0)
        count(r, rp->cnt);
    if (rp->rxpkt)
        r->rx_pkts++;
    if (rp->accept) {
        if (rp->sid < (unsigned)n->N) n->uexp[rp->sid]++;
        else n->gexp[rp->sid - (unsigned)n->N]++;
    }
    if (d->jobs.tmo) {
        r->retx += d->jobs.tmo_amt;
        sat_inc(&r->timeouts);
    }
    r->retx += d->jobs.nak_amt;
    if (d->jobs.push >= 0) {
        if (d->jobs.rel_group >= 0)
            n->gbusy[d->jobs.rel_group] = 0;
        for (c = 0; c < d->jobs.rel_n; c++)
            n->ubusy[d->jobs.rel_dst[c]] = 0;
    }
    if (d->sq_push) {
        sat_inc(&r->err_desc);
        r->int_status |= 2;
        sq_advance(r);
    }
    if (sq->init && d->jobs.sq_gnt) {
        if (sq->init_grp) {
            if (sq->fin) {
                n->gnext[sq->init_id] = (uint16_t)(sq->base + sq->npk);
                n->gbusy[sq->init_id] = 1;
            }
        } else {
            n->unext[sq->init_id] = (uint16_t)(sq->base + sq->npk);
            n->ubusy[sq->init_id] = 1;
        }
        if (sq->fin)
            sq_advance(r);
    }
    if (d->sel.ack)
        n->ackpend[d->sel.ack_sid] = 0;
    /* A pending GRANT or WAIT is an ack too: the strongest kind wins.  But
     * an accepted data packet proves its sender was granted: a GRANT
     * still pending (a repeated REQ's) would be sent with a later expect
     * and could be taken for the stream's next message. */
    if (rp->setpend >= 0 && (rp->accept || rp->nak || n->ackpend[rp->setpend] < rp->pkind))
        n->ackpend[rp->setpend] = (uint8_t)rp->pkind;
    if (rp->setpend2 >= 0)
        n->ackpend[rp->setpend2] = WC_NIC_PEND_GRANT;
    if (rp->regrant >= 0)
        n->ackpend[rp->regrant_sid] = WC_NIC_PEND_GRANT;
    if (d->tx.em_sent && d->tx.em_last)
        r->tx_pkts++;
    if (d->dma.op_done &&
        (d->dma.cli == CLI_CQ || (d->dma.cli == CLI_RXW && d->dma.wq.last && d->dma.wq.fj == NONE))) {
        r->cq_tail++;
        r->int_status |= 1;
    }
    if (d->dma.op_done && d->dma.cli == CLI_RQ)
        r->rq_head++;
    if (slots_used >= 0) {
        r->slots_used = (uint16_t)slots_used;
        if ((unsigned)slots_used > r->peak)
            r->peak = (unsigned)slots_used;
    }
    r->s_ack = (uint8_t)d->regs.go;
    r->s_dat = d->regs.rdat;
    if (d->regs.wr)
        soft = reg_write(n, d->regs.wa, in->s_dat);
    r->now++;
    return soft;
}

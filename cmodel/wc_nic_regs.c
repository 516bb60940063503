/* SPDX-License-Identifier: Apache-2.0 */
/* NIC register block (rtl/nic/wc_nic_regs.v): the Wishbone slave, control
 * and ring registers, counters, the group table and the per-stream tables
 * (expected and next sequence numbers, busy flags, pending acks).
 *
 * The 32-bit counters live in a counter memory (nic_regs_q: cnt, crd, cz)
 * with a pending amount per counter: the units' events add to the
 * pending amounts, a round-robin scheduler moves one counter's amount
 * into the memory a cycle (read at the pick, written at the next edge:
 * the counter in flight is not picked again until it has landed), and a
 * host read of a counter is answered a cycle later than the other
 * registers' (the memory's read port, then the word plus what is still
 * pending for it).
 *
 * A group commit with children checks them one step a cycle after the
 * GT_COMMIT write (gt_check_steps()), and writes GT_RESULT and the entry
 * at the last step's edge; the bus takes no request until then. */
#include <string.h>
#include "wc_nic_int.h"

/* The counter a register word is (its index in the counter memory), or
 * -1; in the order of the NICR_* words. */
static int cnt_of(unsigned a)
{
    switch (a) {
    case WC_NICR_ERR_CRC:   return WC_NIC_CNT_ERR_CRC;
    case WC_NICR_ERR_GROUP: return WC_NIC_CNT_ERR_GROUP;
    case WC_NICR_ERR_LEN:   return WC_NIC_CNT_ERR_LEN;
    case WC_NICR_ERR_TYPE:  return WC_NIC_CNT_ERR_TYPE;
    case WC_NICR_ERR_DST:   return WC_NIC_CNT_ERR_DST;
    case WC_NICR_RETX:      return WC_NIC_CNT_RETX;
    case WC_NICR_ERR_NOBUF: return WC_NIC_CNT_ERR_NOBUF;
    case WC_NICR_DUPS:      return WC_NIC_CNT_DUPS;
    case WC_NICR_TX_PKTS:   return WC_NIC_CNT_TX_PKTS;
    case WC_NICR_RX_PKTS:   return WC_NIC_CNT_RX_PKTS;
    case WC_NICR_TIMEOUTS:  return WC_NIC_CNT_TIMEOUTS;
    case WC_NICR_ERR_DESC:  return WC_NIC_CNT_ERR_DESC;
    default:                return -1;
    }
}

/* the counters that saturate (docs/nic.md); RETX, TX_PKTS, RX_PKTS wrap */
static int cnt_sat(unsigned k)
{
    return k != WC_NIC_CNT_RETX && k != WC_NIC_CNT_TX_PKTS && k != WC_NIC_CNT_RX_PKTS;
}

static uint32_t cnt_sum(uint32_t base, uint32_t amt, int sat)
{
    uint64_t s = (uint64_t)base + amt;
    return sat && s > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)s;
}

/* counter k as the host would read it now: the memory's word (0 under the
 * zero flag), the amount in flight to it and its pending amount */
static uint32_t cnt_value(const nic_regs_q *r, unsigned k)
{
    uint32_t amt = r->cpend[k] + (r->cinf_v && r->cinf_k == k ? r->cinf_amt : 0u);
    return cnt_sum((r->cz >> k) & 1u ? 0u : r->cnt[k], amt, cnt_sat(k));
}

/* a host write clears counter k: the write wins over this cycle's events
 * and over a move of its pending amount picked in this cycle */
static void cnt_clear(nic_regs_q *r, unsigned k)
{
    r->cz |= (uint16_t)(1u << k);
    r->cpend[k] = 0;
    if (r->cinf_k == k)
        r->cinf_v = 0;
}

uint32_t nic_regs_read(const wc_nic *n, unsigned a)
{
    const nic_regs_q *r = &n->regs;
    if (cnt_of(a) >= 0)
        return cnt_value(r, (unsigned)cnt_of(a));
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
    case WC_NICR_TIMEOUT:    return r->timeout;
    case WC_NICR_PEAK:       return r->peak;
    case WC_NICR_SLOTS:      return r->slots_used;
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
    const nic_regs_q *r = &n->regs;
    int k = -1;
    unsigned i;
    /* no new request while an answer is registered or due, or while a
     * group commit checks its children */
    d->go = in->s_cyc && in->s_stb && !r->s_ack && !r->cw && !r->gtc;
    d->wa = (in->s_adr >> 2) & (WC_NICR_WORDS - 1u);
    d->wr = d->go && in->s_we;
    k = cnt_of(d->wa);
    d->cget = d->go && !in->s_we && k >= 0;
    d->ck = k >= 0 ? (unsigned)k : 0u;
    d->ack = (d->go && !d->cget) || r->cw;
    if (r->cw)
        d->rdat = cnt_sum(r->cw_z ? 0u : r->crd, r->cw_pend, r->cw_sat);
    else
        d->rdat = d->go && !in->s_we && !d->cget ? nic_regs_read(n, d->wa) : 0;
    /* the scheduler: round robin from cptr over the counters with an
     * amount pending, but the one in flight; a counter read takes the
     * memory's read port */
    d->pick = -1;
    if (!d->cget)
        for (i = 0; i < NIC_NCNT; i++) {
            unsigned c = (r->cptr + i) % NIC_NCNT;
            if (r->cpend[c] && !(r->cinf_v && r->cinf_k == c)) {
                d->pick = (int)c;
                break;
            }
        }
}

/* the receive processor's count: its counter's increment, and an error
 * counted raises the interrupt bit */
static void count(nic_regs_q *r, uint32_t *inc, int which)
{
    switch (which) {
    case WC_NICR_ERR_LEN: case WC_NICR_ERR_CRC: case WC_NICR_ERR_TYPE: case WC_NICR_ERR_DST:
    case WC_NICR_ERR_GROUP:
        r->int_status |= 2;
        inc[cnt_of((unsigned)which)]++;
        break;
    case WC_NICR_ERR_NOBUF: case WC_NICR_DUPS:
        inc[cnt_of((unsigned)which)]++;
        break;
    default: break;
    }
}

/* The steps of a group commit's check of its n children (n >= 1, the
 * entry's own checks passed), as the RTL takes them, one a cycle: child i
 * alone (i = 0) or against one earlier child k = 0..i-1, the child's own
 * tests in each of its steps; the check ends at the first failing step
 * (child, at its earlier child dup or at its first step), or after
 * 1 + n(n-1)/2 steps. */
static unsigned gt_check_steps(unsigned cnt, int child, int dup)
{
    unsigned i = child < 0 ? cnt : (unsigned)child;
    unsigned before = i ? 1u + i * (i - 1u) / 2u : 0u;
    return child < 0 ? before : before + (dup < 0 ? 1u : (unsigned)dup + 1u);
}

/* A group commit's end: its result, and a (re)installed or cleared
 * group's streams start afresh. */
static void gt_done(wc_nic *n, unsigned g, int rc)
{
    n->regs.gt_result = (uint8_t)-rc;
    if (rc == 0) {
        n->gexp[g] = 0;
        n->gnext[g] = 0;
        n->gbusy[g] = 0;
    }
}

/* A group entry written with the staged parent and cnt children. */
static int gt_install(wc_nic *n, unsigned g, unsigned cnt)
{
    uint16_t was = n->gt.g[g].parent;
    int rc = wc_nic_group_set(&n->gt, g, n->regs.gt_parent, n->regs.gt_child, cnt);
    /* mutation 18: an install leaves the entry's old parent */
    if (rc == 0 && n->c.mutate == 18)
        n->gt.g[g].parent = was;
    return rc;
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
        int root = r->gt_parent == WC_NIC_NO_PARENT, ci, dk;
        if (g == 0 || g >= (unsigned)n->G)
            gt_done(n, g, -WC_NIC_ST_NOGROUP);
        else if (cnt == 0 && root)
            gt_done(n, g, wc_nic_group_clear(&n->gt, g));
        else if (v > 0xFFu)
            gt_done(n, g, -WC_NIC_ST_NODST);
        else if (cnt == 0 ||
                 (wc_nic_group_check(&n->gt, g, r->gt_parent, r->gt_child, cnt, &ci, &dk) && ci < 0))
            gt_done(n, g, gt_install(n, g, cnt));  /* decided without a child's check */
        else {
            unsigned steps = gt_check_steps(cnt, ci, dk);
            /* mutation 23: the check ends a step early */
            if (n->c.mutate == 23 && steps > 1)
                steps--;
            r->gtc = (uint8_t)steps;
            r->gtc_n = (uint8_t)cnt;
        }
        break;
    }
    case WC_NICR_TIMEOUT:    r->timeout = v; break;
    case WC_NICR_PEAK:       r->peak = 0; break;
    default:
        if (cnt_of(a) >= 0)
            cnt_clear(r, (unsigned)cnt_of(a));
        break;
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

/* The queue of pending acks: a stream joins its tail when it becomes
 * pending and leaves at its head when the selection takes its ack, so it
 * holds each pending stream once and never more than N + G of them (the
 * ring's size).  The RTL keeps the head and the one behind it in
 * registers and the rest in a ring of block RAM: the same order. */
int nic_regs_ack_head(const wc_nic *n)
{
    return n->ackq_n ? (int)n->ackq[n->ackq_head] : -1;
}

void nic_regs_ack_take(wc_nic *n, unsigned sid)
{
    unsigned NG = (unsigned)(n->N + n->G);
    if (!n->ackq_n || n->ackq[n->ackq_head] != sid)
        return;                     /* (the RTL asserts it never happens) */
    n->ackq_head = (n->ackq_head + 1u) % NG;
    n->ackq_n--;
    n->ackpend[sid] = 0;
}

void nic_regs_ack_set(wc_nic *n, unsigned sid, unsigned kind, int ovr)
{
    unsigned NG = (unsigned)(n->N + n->G);
    if (!n->ackpend[sid]) {
        if (n->ackq_n >= NG)
            return;                 /* (cannot happen: one entry per pending stream) */
        n->ackq[(n->ackq_head + n->ackq_n) % NG] = (uint16_t)sid;
        n->ackq_n++;
    }
    if (ovr || n->ackpend[sid] < kind)
        n->ackpend[sid] = (uint8_t)kind;
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
    uint32_t inc[NIC_NCNT] = {0}, rd;

    if (rp->cnt >= 0)
        count(r, inc, rp->cnt);
    if (rp->rxpkt)
        inc[cnt_of(WC_NICR_RX_PKTS)]++;
    if (rp->accept) {
        if (rp->sid < (unsigned)n->N) n->uexp[rp->sid]++;
        /* mutation 17: a group stream's expected sequence number stays */
        else if (n->c.mutate != 17) n->gexp[rp->sid - (unsigned)n->N]++;
    }
    if (d->jobs.tmo) {
        inc[cnt_of(WC_NICR_RETX)] += d->jobs.tmo_amt;
        inc[cnt_of(WC_NICR_TIMEOUTS)]++;
    }
    inc[cnt_of(WC_NICR_RETX)] += d->jobs.nak_amt;
    if (d->jobs.push >= 0) {
        if (d->jobs.rel_group >= 0)
            n->gbusy[d->jobs.rel_group] = 0;
        for (c = 0; c < d->jobs.rel_n; c++)
            n->ubusy[d->jobs.rel_dst[c]] = 0;
    }
    if (d->sq_push) {
        inc[cnt_of(WC_NICR_ERR_DESC)]++;
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
            if (n->c.mutate != 16)
                n->unext[sq->init_id] = (uint16_t)(sq->base + sq->npk);
            n->ubusy[sq->init_id] = 1;
        }
        if (sq->fin)
            sq_advance(r);
    }
    if (d->sel.ack)
        nic_regs_ack_take(n, d->sel.ack_sid);
    /* A pending GRANT or WAIT is an ack too: the strongest kind wins.  But
     * an accepted data packet proves its sender was granted: a GRANT
     * still pending (a repeated REQ's) would be sent with a later expect
     * and could be taken for the stream's next message.  (The RTL keeps
     * the kind as a GRANT flag and a NAK and a WAIT bit, the bits in
     * memory, merged without a read: the same kinds.)  Mutation 19: a
     * WAIT merged into a pending NAK replaces it, as a whole write of the
     * bits would. */
    if (rp->setpend >= 0) {
        unsigned s = (unsigned)rp->setpend;
        if (n->c.mutate == 20 && d->sel.ack && d->sel.ack_sid == s && !n->ackpend[s])
            n->ackpend[s] = (uint8_t)rp->pkind;     /* pending, but not in the queue */
        else
            nic_regs_ack_set(n, s, (unsigned)rp->pkind, rp->accept || rp->nak ||
                             (n->c.mutate == 19 && rp->pkind == WC_NIC_PEND_WAIT && n->ackpend[s] == WC_NIC_PEND_NAK));
    }
    if (rp->setpend2 >= 0)
        nic_regs_ack_set(n, (unsigned)rp->setpend2, WC_NIC_PEND_GRANT, 1);
    if (rp->regrant >= 0)
        nic_regs_ack_set(n, rp->regrant_sid, WC_NIC_PEND_GRANT, 1);
    if (d->tx.em_sent && d->tx.em_last)
        inc[cnt_of(WC_NICR_TX_PKTS)]++;
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
    /* the counter memory: its read port (at the host's counter or the
     * pick, before this edge's write), the host read's snapshot, the
     * write of the amount in flight, the pick, the events' amounts */
    rd = d->regs.cget ? r->cnt[d->regs.ck] : d->regs.pick >= 0 ? r->cnt[d->regs.pick] : r->crd;
    r->cw = (uint8_t)d->regs.cget;
    if (d->regs.cget) {
        c = d->regs.ck;
        r->cw_z = (uint8_t)((r->cz >> c) & 1u);
        r->cw_sat = (uint8_t)cnt_sat(c);
        r->cw_pend = r->cpend[c] + (r->cinf_v && r->cinf_k == c ? r->cinf_amt : 0u);
    }
    if (r->cinf_v) {
        c = r->cinf_k;
        r->cnt[c] = cnt_sum((r->cz >> c) & 1u ? 0u : r->crd, r->cinf_amt, cnt_sat(c));
        r->cz &= (uint16_t)~(1u << c);
    }
    r->crd = rd;
    r->cinf_v = (uint8_t)(d->regs.pick >= 0);
    if (d->regs.pick >= 0) {
        r->cinf_k = (uint8_t)d->regs.pick;
        r->cinf_amt = r->cpend[d->regs.pick];
        /* mutation 14: the amount moved stays pending too */
        if (n->c.mutate != 14)
            r->cpend[d->regs.pick] = 0;
        r->cptr = (uint8_t)((d->regs.pick + 1) % NIC_NCNT);
    }
    for (c = 0; c < NIC_NCNT; c++)
        r->cpend[c] += inc[c];
    r->s_ack = (uint8_t)d->regs.ack;
    r->s_dat = d->regs.rdat;
    /* a group commit's check: its last step writes the result and entry
     * (the bus took no request since the commit) */
    if (r->gtc && --r->gtc == 0)
        gt_done(n, r->gt_sel, gt_install(n, r->gt_sel, r->gtc_n));
    if (d->regs.wr)
        soft = reg_write(n, d->regs.wa, in->s_dat);
    r->now++;
    return soft;
}

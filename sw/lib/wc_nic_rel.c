/* SPDX-License-Identifier: Apache-2.0 */
/* GM-2 reliable ordered multicast: yu-buntinas-panda-nic-multicast-
 * myrinet-gm2.txt Section 5.3 (per-group send sequence, per-child
 * acknowledged sequence, retransmission of a timed-out packet and its
 * successors only to children that did not acknowledge, receivers that
 * accept only the expected sequence). */
#include "wc_nic_rel.h"

#define SEQ_MASK ((unsigned)WC_NIC_SEQ_MOD - 1u)

int wc_nic_rel_tx_init(wc_nic_rel_tx *t, unsigned nchild, unsigned seq0,
                       uint32_t timeout)
{
    unsigned k;
    if (!t || nchild == 0 || nchild > (unsigned)WC_NIC_MAX_CHILDREN)
        return -WC_NIC_ST_NODST;
    t->next = (uint16_t)(seq0 & SEQ_MASK);
    t->nchild = (uint8_t)nchild;
    for (k = 0; k < nchild; k++) {
        t->acked[k] = t->next;
        t->deadline[k] = 0;
    }
    t->timeout = timeout;
    t->timeouts = t->retx = t->stale_acks = 0;
    return 0;
}

unsigned wc_nic_rel_tx_outstanding(const wc_nic_rel_tx *t)
{
    unsigned k, o = 0, d;
    for (k = 0; k < t->nchild; k++) {
        d = wc_nic_seq_diff(t->next, t->acked[k]);
        if (d > o)
            o = d;
    }
    return o;
}

int wc_nic_rel_tx_can_send(const wc_nic_rel_tx *t)
{
    return wc_nic_rel_tx_outstanding(t) < (unsigned)WC_NIC_WINDOW;
}

int wc_nic_rel_tx_send(wc_nic_rel_tx *t, uint32_t now)
{
    unsigned k, s;
    if (!wc_nic_rel_tx_can_send(t))
        return -WC_NIC_ST_SEQ;
    /* A child with nothing outstanding starts its timer with this packet;
     * one already waiting keeps the deadline of its oldest packet. */
    for (k = 0; k < t->nchild; k++)
        if (t->acked[k] == t->next)
            t->deadline[k] = now + t->timeout;
    s = t->next;
    t->next = (uint16_t)((s + 1u) & SEQ_MASK);
    return (int)s;
}

int wc_nic_rel_tx_ack(wc_nic_rel_tx *t, unsigned k, unsigned ack, uint32_t now)
{
    unsigned adv, out;
    if (k >= t->nchild)
        return -WC_NIC_ST_BADDST;
    ack &= SEQ_MASK;
    adv = wc_nic_seq_diff(ack, t->acked[k]);
    out = wc_nic_seq_diff(t->next, t->acked[k]);
    if (adv == 0)
        return 0;
    if (adv > out) {
        t->stale_acks++;
        return -WC_NIC_ST_SEQ;
    }
    t->acked[k] = (uint16_t)ack;
    /* Progress: the oldest outstanding packet is now a newer one, so its
     * timer starts afresh (GM keeps a send record per packet; one timer
     * per child restarted on progress is the hardware-sized equivalent). */
    t->deadline[k] = now + t->timeout;
    return 1;
}

uint32_t wc_nic_rel_tx_poll(wc_nic_rel_tx *t, uint32_t now)
{
    unsigned k;
    uint32_t mask = 0;
    for (k = 0; k < t->nchild; k++) {
        /* Wrap-safe "deadline reached": the signed difference. */
        if (t->acked[k] != t->next && (int32_t)(now - t->deadline[k]) >= 0) {
            mask |= 1u << k;
            t->deadline[k] = now + t->timeout;
            t->timeouts++;
        }
    }
    return mask;
}

void wc_nic_rel_rx_init(wc_nic_rel_rx *r, unsigned seq0)
{
    r->expect = (uint16_t)(seq0 & SEQ_MASK);
    r->accepted = r->dups = r->early = 0;
}

int wc_nic_rel_rx_data(wc_nic_rel_rx *r, unsigned seq, unsigned *ack)
{
    int ok = 0;
    seq &= SEQ_MASK;
    if (seq == r->expect) {
        r->expect = (uint16_t)((seq + 1u) & SEQ_MASK);
        r->accepted++;
        ok = 1;
    } else if (wc_nic_seq_diff(r->expect, seq) <= (unsigned)WC_NIC_SEQ_MOD / 2u) {
        r->dups++;      /* already delivered: its ack was lost */
    } else {
        r->early++;     /* a predecessor was lost: wait for go-back-N */
    }
    if (ack)
        *ack = r->expect;
    return ok;
}

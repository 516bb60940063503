/* SPDX-License-Identifier: Apache-2.0 */
/* GM-2 reliable ordered multicast as the NIC runs it: Yu, Buntinas and Panda, ICPP 2003 Section 5.3 (per-stream sequence numbers,
 * per-child cumulative acknowledgement, retransmission of a timed-out
 * packet and its successors only to children that did not acknowledge,
 * receivers that accept only the expected sequence). */
#include "wc_nic_rel.h"

void wc_nic_rel_child_init(wc_nic_rel_child *c, unsigned base)
{
    c->adm = WC_NIC_ADM_NEED;
    c->base = (uint16_t)base;
    c->sent = c->acked = c->hi = 0;
    c->dl = 0;
}

void wc_nic_rel_req_sent(wc_nic_rel_child *c, uint32_t now, uint32_t timeout)
{
    c->adm = WC_NIC_ADM_REQ;
    c->dl = now + timeout;
}

int wc_nic_rel_answer(wc_nic_rel_child *c, unsigned kind, unsigned seq)
{
    int req = c->adm == WC_NIC_ADM_REQ;
    if (c->adm == WC_NIC_ADM_GRANT || c->acked || wc_nic_seq_diff(seq, c->base))
        return 0;
    if (kind == WC_NIC_PEND_GRANT)
        c->adm = WC_NIC_ADM_GRANT;
    else if (kind == WC_NIC_PEND_WAIT && req)
        c->adm = WC_NIC_ADM_WAIT;
    else
        return 0;
    return req;
}

void wc_nic_rel_sent(wc_nic_rel_child *c, unsigned k, uint32_t now, uint32_t timeout)
{
    if (c->acked == c->sent)
        c->dl = now + timeout;
    c->sent = (uint16_t)(k + 1u);
    if (c->hi < c->sent)
        c->hi = c->sent;
}

int wc_nic_rel_ack(wc_nic_rel_child *c, unsigned npk, unsigned seq, uint32_t now, uint32_t timeout)
{
    unsigned d = wc_nic_seq_diff(seq, c->base), a;
    if (d >= (unsigned)WC_NIC_SEQ_MOD / 2u)
        return -1;
    a = d < npk ? d : npk;
    if (a <= c->acked)
        return 0;
    c->acked = (uint16_t)a;
    /* Progress: the oldest outstanding packet is now a newer one, so its
     * timer starts afresh (GM keeps a send record per packet; one timer
     * per child restarted on progress is the hardware-sized equivalent). */
    c->dl = now + timeout;
    if (c->sent < a)
        c->sent = (uint16_t)a;
    return 1;
}

unsigned wc_nic_rel_nak(wc_nic_rel_child *c, unsigned seq, uint32_t now, uint32_t timeout)
{
    unsigned n = (unsigned)(c->sent - c->acked);
    if (c->adm != WC_NIC_ADM_GRANT || !n || wc_nic_seq_diff(seq, c->base) != c->acked)
        return 0;
    c->sent = c->acked;
    c->dl = now + timeout;
    return n;
}

unsigned wc_nic_rel_rewind(wc_nic_rel_child *c, uint32_t now, uint32_t timeout)
{
    unsigned n = (unsigned)(c->sent - c->acked);
    if (c->adm != WC_NIC_ADM_GRANT) {
        c->adm = WC_NIC_ADM_NEED;
        return 1;
    }
    c->sent = c->acked;
    c->dl = now + timeout;
    return n;
}

void wc_nic_rel_rx_init(wc_nic_rel_rx *r, unsigned seq0)
{
    r->expect = (uint16_t)wc_nic_seq_diff(seq0, 0);
    r->accepted = r->dups = r->early = 0;
}

int wc_nic_rel_rx_data(wc_nic_rel_rx *r, unsigned seq, unsigned *ack)
{
    int ok = 0;
    if (wc_nic_rel_in_order(r->expect, seq)) {
        r->expect = (uint16_t)wc_nic_seq_diff(seq + 1u, 0);
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

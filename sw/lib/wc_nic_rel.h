/* SPDX-License-Identifier: Apache-2.0 */
/* NIC reliability: the GM-2 multicast ordering and retransmission scheme
 * of Yu, Buntinas and Panda, ICPP 2003 Section 5.3 as the
 * NIC runs it, as pure functions on caller-owned state.  The C model of
 * the NIC keeps this state in its jobs (cmodel/wc_nic_jobs.c; the RTL in
 * rtl/nic/wc_nic_jobs.v) and calls these; tests/nic/test_nic_rel.c runs
 * them over lossy links.
 *
 * Sender: a job is one message of npk packets to up to
 * WC_NIC_MAX_CHILDREN children.  Per child it keeps base (the sequence
 * number of packet 0 on that child's stream), sent (packets 0..sent-1
 * have gone out), acked (packets 0..acked-1 are acknowledged: a
 * cumulative ack) and a deadline.  Children are served on their own:
 * FCFS sends child 0 the whole message before child 1 starts, and a child
 * that times out is sent acked.. again, alone (go-back-N to the children
 * that did not acknowledge).  Receiver: one expected sequence per stream;
 * only that one is accepted, and every data packet is answered with the
 * cumulative ack "expect", so duplicates and early packets are dropped
 * and acknowledged again.
 *
 * Sequence numbers are NH1_SEQ_W bits wide and compared modulo
 * NIC_SEQ_MOD.  A child has at most TXWIN <= NIC_WINDOW packets
 * unacknowledged, far below half the sequence space, so a stale ack or a
 * stale duplicate is never mistaken for a new one. */
#ifndef WC_NIC_REL_H
#define WC_NIC_REL_H
#include <stdint.h>
#include "wc_defs.h"

typedef struct {
    uint8_t adm;                          /* admission: NIC_ADM_* (docs/nic-flow.md) */
    uint16_t base;                        /* sequence number of packet 0 on the child's stream */
    uint16_t sent;                        /* packets sent; a timeout rewinds it to acked */
    uint16_t acked;                       /* packets acknowledged (cumulative) */
    uint16_t hi;                          /* packets ever sent: a packet below it is a resend */
    uint32_t dl;                          /* deadline of the oldest unacknowledged packet */
} wc_nic_rel_child;

typedef struct {
    uint16_t expect;                      /* next sequence to accept */
    uint32_t accepted, dups, early;
} wc_nic_rel_rx;

/* (a - b) mod NIC_SEQ_MOD */
static inline unsigned wc_nic_seq_diff(unsigned a, unsigned b)
{
    return (a - b) & ((unsigned)WC_NIC_SEQ_MOD - 1u);
}

/* A child whose packet 0 is sequence base on its stream, nothing sent,
 * not yet admitted (a REQ is due). */
void wc_nic_rel_child_init(wc_nic_rel_child *c, unsigned base);

/* May the child be sent its next packet (index sent): admitted, one of
 * the avail packets the job has, and fewer than win unacknowledged? */
static inline int wc_nic_rel_may_send(const wc_nic_rel_child *c, unsigned avail, int win)
{
    return c->adm == WC_NIC_ADM_GRANT && c->sent < avail && c->sent - c->acked < win;
}

/* Admission (docs/nic-flow.md).  The REQ goes out at time now: the
 * answer is due within the timeout. */
void wc_nic_rel_req_sent(wc_nic_rel_child *c, uint32_t now, uint32_t timeout);

/* The child answered GRANT (kind NIC_PEND_GRANT) or WAIT (NIC_PEND_WAIT)
 * with its cumulative ack seq.  Only an answer to this message (seq is
 * its packet 0, nothing acknowledged yet) moves the admission state: a
 * GRANT admits, a WAIT after the REQ waits for the GRANT.  Returns 1 if
 * it answered the REQ outstanding (a round-trip sample). */
int wc_nic_rel_answer(wc_nic_rel_child *c, unsigned kind, unsigned seq);

/* Packet k (the child's next) goes out at time now.  A child with nothing
 * outstanding starts its deadline; one already waiting keeps the deadline
 * of its oldest packet. */
void wc_nic_rel_sent(wc_nic_rel_child *c, unsigned k, uint32_t now, uint32_t timeout);

/* Cumulative ack seq (the next sequence the child expects) for a job of
 * npk packets.  It may cover later messages of the same stream: it counts
 * up to npk.  Returns 1 if the child progressed (its deadline restarts,
 * and sent is raised to acked if a timeout had rewound it below), 0 if it
 * brings nothing new, -1 if it is older than the job (ignored). */
int wc_nic_rel_ack(wc_nic_rel_child *c, unsigned npk, unsigned seq, uint32_t now, uint32_t timeout);

/* The child's deadline has passed with packets outstanding, or with a
 * REQ unanswered (wrap-safe).  A child in WAIT has no deadline: its
 * receiver repeats a GRANT that no data follows. */
static inline int wc_nic_rel_late(const wc_nic_rel_child *c, uint32_t now)
{
    int waits = c->adm == WC_NIC_ADM_GRANT ? c->acked < c->sent : c->adm == WC_NIC_ADM_REQ;
    return waits && (int32_t)(now - c->dl) >= 0;
}

/* A NAK with cumulative ack seq, after wc_nic_rel_ack() took it: if the
 * child is admitted and seq is its oldest outstanding packet, go back to
 * it now (sent = acked; the deadline restarts).  A NAK may be a hint from
 * a corrupt packet, so one naming anything else is ignored.  Returns the
 * packets to be resent. */
unsigned wc_nic_rel_nak(wc_nic_rel_child *c, unsigned seq, uint32_t now, uint32_t timeout);

/* A late child: admitted, go-back-N (sent = acked, so its next packets
 * are the unacknowledged ones again, and the deadline restarts); not yet
 * admitted, the REQ is due again.  Returns the packets to be resent (a
 * REQ counts one). */
unsigned wc_nic_rel_rewind(wc_nic_rel_child *c, uint32_t now, uint32_t timeout);

/* Is seq the one the receiver expects? */
static inline int wc_nic_rel_in_order(unsigned expect, unsigned seq)
{
    return wc_nic_seq_diff(seq, expect) == 0;
}

void wc_nic_rel_rx_init(wc_nic_rel_rx *r, unsigned seq0);

/* A data packet with sequence seq arrived intact and can be taken.
 * Returns 1 to accept (deliver it; expect advances), 0 for a duplicate
 * or an early packet (drop it).  Either way *ack is the cumulative ack to
 * send back (the next expected sequence), so a lost ack is repaired by
 * the next one. */
int wc_nic_rel_rx_data(wc_nic_rel_rx *r, unsigned seq, unsigned *ack);
#endif

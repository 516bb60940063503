/* SPDX-License-Identifier: Apache-2.0 */
/* NIC reliability: the GM-2 multicast ordering and retransmission scheme
 * of yu-buntinas-panda-nic-multicast-myrinet-gm2.txt Section 5.3, as pure
 * functions on caller-owned state (the RTL keeps the same fields in
 * registers; the C model calls these).
 *
 * Sender, one per stream (a group at this node, or a unicast peer): one
 * send sequence; per child the cumulative acknowledged sequence (every
 * packet below it has arrived); per child a deadline.  When a child's
 * deadline passes with packets outstanding, that packet and all its
 * successors are sent again to that child only (go-back-N to the children
 * that did not acknowledge).  Receiver: accepts only the expected
 * sequence, acknowledges cumulatively, drops and re-acknowledges
 * duplicates and early packets.
 *
 * Sequence numbers are NH1_SEQ_W bits wide and compared modulo
 * NIC_SEQ_MOD; at most NIC_WINDOW packets are outstanding, so a stale ack
 * or a stale duplicate is never mistaken for a new one. */
#ifndef WC_NIC_REL_H
#define WC_NIC_REL_H
#include <stdint.h>
#include "wc_defs.h"

typedef struct {
    uint16_t next;                        /* sequence of the next new packet */
    uint8_t nchild;
    uint16_t acked[WC_NIC_MAX_CHILDREN];  /* next sequence child k expects */
    uint32_t deadline[WC_NIC_MAX_CHILDREN];
    uint32_t timeout;                     /* cycles (or ticks) */
    uint32_t timeouts;                    /* go-back-N events */
    uint32_t retx;                        /* packets resent (counted by the caller's resend) */
    uint32_t stale_acks;                  /* acks outside the window, ignored */
} wc_nic_rel_tx;

typedef struct {
    uint16_t expect;                      /* next sequence to accept */
    uint32_t accepted, dups, early;
} wc_nic_rel_rx;

/* (a - b) mod NIC_SEQ_MOD */
static inline unsigned wc_nic_seq_diff(unsigned a, unsigned b)
{
    return (a - b) & ((unsigned)WC_NIC_SEQ_MOD - 1u);
}

/* nchild streams (1 for unicast), all starting at sequence seq0.
 * Returns 0 or -WC_NIC_ST_NODST (nchild 0 or above NIC_MAX_CHILDREN). */
int wc_nic_rel_tx_init(wc_nic_rel_tx *t, unsigned nchild, unsigned seq0,
                       uint32_t timeout);

/* Packets sent but not yet acknowledged by every child. */
unsigned wc_nic_rel_tx_outstanding(const wc_nic_rel_tx *t);

/* May a new packet go out (window not full)? */
int wc_nic_rel_tx_can_send(const wc_nic_rel_tx *t);

/* Take the next sequence number for a new packet sent to every child at
 * time now.  Returns it, or -WC_NIC_ST_SEQ when the window is full. */
int wc_nic_rel_tx_send(wc_nic_rel_tx *t, uint32_t now);

/* Cumulative ack from child k: ack = next sequence it expects.  Returns 1
 * if it advanced the child, 0 for a duplicate ack, -WC_NIC_ST_SEQ for an
 * ack outside (acked[k], next] (ignored and counted), -WC_NIC_ST_BADDST
 * for a bad child index. */
int wc_nic_rel_tx_ack(wc_nic_rel_tx *t, unsigned k, unsigned ack, uint32_t now);

/* Timer check at time now: returns a bit mask of the children whose
 * deadline passed with packets outstanding; for each such child k the
 * caller resends sequences acked[k] .. next-1 (from host memory) and
 * counts them with wc_nic_rel_tx_resent.  Their deadlines restart. */
uint32_t wc_nic_rel_tx_poll(wc_nic_rel_tx *t, uint32_t now);

/* Account n retransmitted packets (kept separate so the caller may skip
 * or batch them). */
static inline void wc_nic_rel_tx_resent(wc_nic_rel_tx *t, unsigned n)
{
    t->retx += n;
}

void wc_nic_rel_rx_init(wc_nic_rel_rx *r, unsigned seq0);

/* A data packet with sequence seq arrived intact.  Returns 1 to accept
 * (deliver it; expect advances), 0 for a duplicate or an early packet
 * (drop it).  Either way *ack is the cumulative ack to send back (the
 * next expected sequence), so a lost ack is repaired by the next one. */
int wc_nic_rel_rx_data(wc_nic_rel_rx *r, unsigned seq, unsigned *ack);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* GM-2 reliability (Yu, Buntinas and Panda, ICPP 2003
 * Section 5.3) as the NIC runs it (sw/lib/wc_nic_rel, which the NIC's C
 * model calls) with the admission and NAKs of docs/nic-flow.md: unit
 * checks of a job's per-child sender state (admission, window, timer,
 * NAK) and of the receiver, then a seeded simulation of a multicast tree
 * over lossy, bit-flipping links that must deliver every message exactly
 * once, intact and in order, with NIC-based forwarding at the
 * intermediate nodes (Section 5.2: the retransmission copy is the
 * forwarder's stored copy, standing for host memory) and receivers whose
 * host buffers run out. */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_nic_rel.h"
#include "wc_nic_pkt.h"
#include "wc_nic_group.h"
#include "wc_rng.h"

/* A child admitted for the message whose packet 0 is base: its REQ went
 * out at now and the GRANT came back. */
static void admitted(wc_nic_rel_child *c, unsigned base, uint32_t now, uint32_t timeout)
{
    wc_nic_rel_child_init(c, base);
    wc_nic_rel_req_sent(c, now, timeout);
    (void)wc_nic_rel_answer(c, WC_NIC_PEND_GRANT, base);
}

static void test_units(void)
{
    wc_nic_rel_child c;
    wc_nic_rel_rx r;
    unsigned ack, i;
    GROUP("sender: window, cumulative acks counted up to the job's packets, stale acks, sent raised by an ack", {
        admitted(&c, 65530, 0, 50);         /* packet 0 is 65530: the job's sequence numbers wrap */
        CHECK(wc_nic_rel_may_send(&c, 10, 4) && !wc_nic_rel_may_send(&c, 0, 4), "packet 0 may go if the job has it");
        for (i = 0; i < 4; i++)
            wc_nic_rel_sent(&c, i, 100 + i, 50);
        CHECK(c.sent == 4 && c.dl == 150, "4 sent, the deadline the first one's (%u, %u)", c.sent, (unsigned)c.dl);
        CHECK(!wc_nic_rel_may_send(&c, 10, 4) && wc_nic_rel_may_send(&c, 10, 5), "window of 4 full, of 5 not");
        CHECK(!wc_nic_rel_may_send(&c, 4, 16), "nothing beyond the packets the job has");
        CHECK(wc_nic_rel_ack(&c, 10, 65532, 120, 50) == 1 && c.acked == 2 && c.dl == 170,
              "ack 65532: 2 packets, the deadline restarts");
        CHECK(wc_nic_rel_ack(&c, 10, 65532, 121, 50) == 0 && c.dl == 170, "the same ack again: nothing new");
        CHECK(wc_nic_rel_ack(&c, 10, 65520, 122, 50) == -1 && c.acked == 2, "an ack older than the job: ignored");
        CHECK(wc_nic_rel_ack(&c, 10, 2, 123, 50) == 1 && c.acked == 8 && c.sent == 8,
              "ack 2, past the wrap: 8 packets, and sent raised to them");
        CHECK(wc_nic_rel_ack(&c, 10, 30, 124, 50) == 1 && c.acked == 10,
              "an ack that covers the stream's next message counts up to npk (%u)", c.acked);
    });
    GROUP("sender timer: late only with packets outstanding, go-back-N to acked, deadline across the clock's wrap", {
        admitted(&c, 100, 0, 10);
        CHECK(!wc_nic_rel_late(&c, 1000), "nothing sent: never late");
        wc_nic_rel_sent(&c, 0, 0, 10);
        wc_nic_rel_sent(&c, 1, 3, 10);
        wc_nic_rel_sent(&c, 2, 4, 10);
        CHECK(!wc_nic_rel_late(&c, 9) && wc_nic_rel_late(&c, 10), "late at 10: packet 0 sent at 0, timeout 10");
        CHECK(wc_nic_rel_ack(&c, 3, 101, 6, 10) == 1 && !wc_nic_rel_late(&c, 15) && wc_nic_rel_late(&c, 16),
              "progress at 6 restarts the deadline: late at 16");
        CHECK(wc_nic_rel_rewind(&c, 16, 10) == 2 && c.sent == 1 && c.acked == 1 && !wc_nic_rel_late(&c, 1000),
              "go-back-N: packets 1 and 2 to send again, nothing outstanding");
        CHECK(c.hi == 3 && c.adm == WC_NIC_ADM_GRANT, "hi keeps the 3 ever sent (%u), still admitted", c.hi);
        wc_nic_rel_sent(&c, 1, 30, 10);
        CHECK(c.sent == 2 && c.dl == 40 && wc_nic_rel_late(&c, 40) && c.hi == 3,
              "the resend starts the deadline again; below hi, so a resend");
        CHECK(wc_nic_rel_ack(&c, 3, 103, 41, 10) == 1 && c.acked == 3 && c.sent == 3 && !wc_nic_rel_late(&c, 1000),
              "a late ack of the first sending: all 3 packets, sent raised to them");
        admitted(&c, 0, 0, 0x20);
        wc_nic_rel_sent(&c, 0, 0xFFFFFFF0u, 0x20);
        CHECK(!wc_nic_rel_late(&c, 0xFFFFFFFFu) && !wc_nic_rel_late(&c, 0x0F) && wc_nic_rel_late(&c, 0x10),
              "deadline 0x10 after the clock wrapped");
    });
    GROUP("admission: no data before the GRANT; the REQ has a deadline, a WAIT none; a late REQ is due again", {
        wc_nic_rel_child_init(&c, 500);
        CHECK(c.adm == WC_NIC_ADM_NEED && !wc_nic_rel_may_send(&c, 10, 16) && !wc_nic_rel_late(&c, 100000),
              "fresh: a REQ is due, no data may go, never late");
        wc_nic_rel_req_sent(&c, 1000, 50);
        CHECK(c.adm == WC_NIC_ADM_REQ && c.dl == 1050 && !wc_nic_rel_may_send(&c, 10, 16), "REQ sent at 1000");
        CHECK(!wc_nic_rel_late(&c, 1049) && wc_nic_rel_late(&c, 1050), "its answer is late at 1050");
        CHECK(wc_nic_rel_rewind(&c, 1050, 50) == 1 && c.adm == WC_NIC_ADM_NEED && c.sent == 0 && c.acked == 0,
              "a late REQ rewinds to 'REQ due', one packet to resend (the REQ)");
        wc_nic_rel_req_sent(&c, 1100, 50);
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_WAIT, 500) == 1 && c.adm == WC_NIC_ADM_WAIT,
              "WAIT answers the REQ (a round-trip sample)");
        CHECK(!wc_nic_rel_late(&c, 1150) && !wc_nic_rel_late(&c, 1100 + 0x7FFFFFFFu) && !wc_nic_rel_may_send(&c, 10, 16),
              "a child in WAIT is never late and gets no data");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_WAIT, 500) == 0 && c.adm == WC_NIC_ADM_WAIT,
              "a second WAIT: nothing new, no sample");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_GRANT, 500) == 0 && c.adm == WC_NIC_ADM_GRANT,
              "the GRANT after the WAIT admits (no sample: it answers no REQ outstanding)");
        CHECK(wc_nic_rel_may_send(&c, 10, 16), "data may go");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_WAIT, 500) == 0 && c.adm == WC_NIC_ADM_GRANT,
              "a WAIT after the GRANT (a stale one) changes nothing");
        wc_nic_rel_child_init(&c, 500);
        wc_nic_rel_req_sent(&c, 0, 50);
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_GRANT, 500) == 1 && c.adm == WC_NIC_ADM_GRANT,
              "a GRANT answering the REQ admits and is a sample");
        wc_nic_rel_child_init(&c, 500);
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_WAIT, 500) == 0 && c.adm == WC_NIC_ADM_NEED,
              "a WAIT with no REQ outstanding is ignored");
    });
    GROUP("admission: an answer for another message, a plain ack or a NAK moves nothing", {
        wc_nic_rel_child_init(&c, 500);
        wc_nic_rel_req_sent(&c, 0, 50);
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_GRANT, 499) == 0 && c.adm == WC_NIC_ADM_REQ,
              "a GRANT for the message before (expect 499) is ignored");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_GRANT, 503) == 0 && c.adm == WC_NIC_ADM_REQ,
              "a GRANT naming a later sequence is ignored");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_WAIT, 10) == 0 && c.adm == WC_NIC_ADM_REQ, "so is a WAIT for another");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_ACK, 500) == 0 && wc_nic_rel_answer(&c, WC_NIC_PEND_NAK, 500) == 0 &&
              c.adm == WC_NIC_ADM_REQ, "an ACK or a NAK is no answer");
        CHECK(wc_nic_rel_late(&c, 50), "the REQ still times out");
        /* an ack can cover packets of a message never admitted (the
         * receiver had them from before a rewind): its answers are old */
        CHECK(wc_nic_rel_ack(&c, 4, 502, 60, 50) == 1 && c.acked == 2, "an ack covering 2 packets");
        CHECK(wc_nic_rel_answer(&c, WC_NIC_PEND_GRANT, 500) == 0 && wc_nic_rel_answer(&c, WC_NIC_PEND_GRANT, 502) == 0 &&
              c.adm == WC_NIC_ADM_REQ, "then a GRANT, for packet 0 or for the ack's sequence, is not about admission");
    });
    GROUP("NAK: go back at once only when admitted, with packets outstanding, and naming the oldest one", {
        admitted(&c, 200, 0, 50);
        CHECK(wc_nic_rel_nak(&c, 200, 1, 50) == 0, "nothing outstanding: ignored");
        for (i = 0; i < 5; i++)
            wc_nic_rel_sent(&c, i, 10 + i, 50);
        CHECK(wc_nic_rel_ack(&c, 8, 202, 20, 50) == 1 && c.acked == 2, "2 acknowledged, 3 outstanding");
        CHECK(wc_nic_rel_nak(&c, 203, 21, 50) == 0 && c.sent == 5, "a NAK ahead of the oldest outstanding: ignored");
        CHECK(wc_nic_rel_nak(&c, 201, 21, 50) == 0 && c.sent == 5, "a NAK behind it: ignored");
        CHECK(wc_nic_rel_nak(&c, 200 + 40000u, 21, 50) == 0 && c.sent == 5, "far outside the window: ignored");
        CHECK(wc_nic_rel_nak(&c, 202, 30, 50) == 3 && c.sent == 2 && c.acked == 2 && c.dl == 80,
              "NAK 202: the 3 outstanding to resend now, the deadline restarts");
        CHECK(wc_nic_rel_nak(&c, 202, 31, 50) == 0 && c.sent == 2, "again with nothing outstanding: ignored");
        CHECK(c.hi == 5 && wc_nic_rel_may_send(&c, 8, 16), "hi stays 5: packets 2..4 go again as resends");
        wc_nic_rel_child_init(&c, 200);
        wc_nic_rel_req_sent(&c, 0, 50);
        CHECK(wc_nic_rel_nak(&c, 200, 1, 50) == 0 && c.adm == WC_NIC_ADM_REQ, "not admitted: ignored");
    });
    GROUP("receiver: accepts only the expected sequence, cumulative acks, duplicates and early packets dropped", {
        wc_nic_rel_rx_init(&r, 65535);
        CHECK(wc_nic_rel_in_order(65535, 65535) && !wc_nic_rel_in_order(65535, 0), "in order: the expected one only");
        CHECK(wc_nic_rel_rx_data(&r, 65535, &ack) == 1 && ack == 0, "first accepted, ack 0 (wrap)");
        CHECK(wc_nic_rel_rx_data(&r, 1, &ack) == 0 && ack == 0 && r.early == 1, "early packet dropped, re-ack 0");
        CHECK(wc_nic_rel_rx_data(&r, 0, &ack) == 1 && ack == 1, "expected accepted");
        CHECK(wc_nic_rel_rx_data(&r, 0, &ack) == 0 && ack == 1 && r.dups == 1, "duplicate dropped, re-acked");
        CHECK(wc_nic_rel_rx_data(&r, 65535, &ack) == 0 && r.dups == 2, "older duplicate");
        CHECK(r.accepted == 2, "two accepted");
    });
}

/* ---- simulation ---------------------------------------------------------- */
/* The NIC's rules: the root runs one message at a time on the group's
 * stream (a send job: the next descriptor waits until every child has
 * acknowledged the last).  A job asks each child for admission with a REQ
 * (a forwarding job only when it is its group's oldest: a child admits a
 * stream's messages one at a time) and sends a child data only after its
 * GRANT, then its next packets while the child has fewer than TXWIN
 * unacknowledged; a late child is rewound, a late REQ sent again.  A
 * receiver grants a REQ when a host buffer is free and, at a forwarder, a
 * forwarding job (at most NJOB): the job is created then.  Otherwise it
 * answers WAIT and grants when room comes, and it repeats a GRANT that no
 * data follows.  The host gives a delivered message's buffer back after a
 * random delay, so streams wait without any fault.  An early packet, or a
 * corrupt one whose header names the stream, asks a NAK (once per value of
 * expect), and the sender goes back to it at once. */
#define NN 8
#define GID 1
#define LAT 3
#define QCAP 1024
#define TIMEOUT 300
#define TXWIN 16                    /* the NIC's default (wc_nic_cfg_default) */
#define NJOB 8                      /* forwarding jobs, the NIC's default JFWD */
#define NRBUF 2                     /* host receive buffers per node */
#define HOSTLAT 2000                /* a delivered message's buffer is back within this many ticks */
#define MAXPK (WC_NIC_MAX_MSG / WC_NIC_PAYLOAD)

typedef struct { uint32_t f[WC_NIC_MAX_PKT_FLITS]; uint16_t n; uint32_t t; } pkt;
typedef struct { pkt q[QCAP]; unsigned head, count; uint32_t last; } link;
typedef struct { wc_nic_hdr h; uint8_t pay[WC_NIC_PAYLOAD]; } stored;

/* a message being sent to this node's children: per child the shared
 * sender state, and its packets (the copy retransmissions come from) */
typedef struct {
    unsigned npk, avail, msglen;
    wc_nic_rel_child ch[NN];
    stored pk[MAXPK];
} job;

typedef struct {
    wc_nic_gtab gt;
    job jb[NJOB];                   /* a ring, oldest message first */
    unsigned jhead, jn;
    uint16_t next;                  /* the root: the stream's next sequence number */
    wc_nic_rel_rx rx;
    wc_nic_reasm ra;
    uint8_t buf[WC_NIC_MAX_MSG];
    unsigned delivered, corrupt, err[16];
    /* admission at this node as a receiver */
    int res;                        /* a message is granted: buffer (and job) held for it */
    uint16_t res_base;
    unsigned res_npk;
    uint32_t res_gdl;               /* its GRANT is repeated then if no data came */
    int waiting;                    /* a REQ was answered WAIT: grant when room comes */
    unsigned wait_len;
    int nakd;                       /* a NAK went out for the current expect */
    unsigned rbuf;                  /* host buffers free */
    uint32_t back[NRBUF];           /* when the buffers the host holds come back */
    unsigned nback;
    unsigned long retx, timeouts, reqs, grants, late_grants, regrants, waits, naks, crc_naks, nak_retx;
    unsigned long req_dups, unadmitted;
} node;

static const int par[NN] = { -1, 0, 0, 0, 1, 1, 2, 3 };
static node nd[NN];
static link ln[NN][NN];             /* ln[a][b]: a -> b */
static wc_rng frng, hrng;           /* the links' faults; the hosts' delays */
static double p_drop, p_flip;
static unsigned drops, flips, qdrops;

static unsigned msg_size(unsigned k)
{
    uint32_t h = k * 2654435761u;
    h ^= h >> 15;
    /* mostly small, 1 in 50 up to the maximum: both one-packet and
     * multi-packet messages, and the full window */
    return h % 50 == 0 ? 1 + (h >> 8) % WC_NIC_MAX_MSG : 1 + (h >> 8) % 1024;
}

static uint8_t msg_byte(unsigned k, unsigned i)
{
    uint32_t h = (k * 0x9E3779B1u) ^ (i * 0x85EBCA77u);
    h ^= h >> 13;
    h *= 0xC2B2AE3Du;
    return (uint8_t)(h >> 24);
}

static void xmit(unsigned a, unsigned b, const uint32_t *f, int n, uint32_t now)
{
    link *l = &ln[a][b];
    pkt *p;
    if (n <= 0)
        abort();
    if (wc_rng_chance(&frng, p_drop)) {
        drops++;
        return;
    }
    if (l->count == QCAP) {
        qdrops++;
        return;
    }
    p = &l->q[(l->head + l->count++) % QCAP];
    memcpy(p->f, f, (size_t)n * 4);
    p->n = (uint16_t)n;
    if (wc_rng_chance(&frng, p_flip)) {
        /* 1..3 bits anywhere in the worm, the router head included */
        unsigned nb = 1 + wc_rng_below(&frng, 3), i;
        for (i = 0; i < nb; i++) {
            unsigned bit = wc_rng_below(&frng, 32u * (unsigned)n);
            p->f[bit / 32] ^= 1u << (bit % 32);
        }
        flips++;
    }
    /* one packet per tick per link, LAT ticks of latency */
    p->t = now + LAT > l->last + 1 ? now + LAT : l->last + 1;
    l->last = p->t;
}

/* a packet without payload from a to b: an ack, GRANT, WAIT, NAK or REQ */
static void xmit_ctl(unsigned a, unsigned b, unsigned type, unsigned src, unsigned seq, unsigned msglen, uint32_t now)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS];
    wc_nic_hdr h;
    memset(&h, 0, sizeof h);
    h.dst = b; h.src = src; h.group = GID; h.type = type; h.seq = seq & 0xFFFFu; h.msglen = msglen;
    xmit(a, b, f, wc_nic_pkt_build(&h, NULL, f, WC_NIC_MAX_PKT_FLITS), now);
}

static job *job_at(node *n, unsigned i) { return &n->jb[(n->jhead + i) % NJOB]; }

/* a new job (message of msglen bytes) whose packet 0 has sequence base on
 * every child's stream */
static job *job_new(node *n, unsigned base, unsigned msglen)
{
    job *j;
    unsigned k;
    if (n->jn == NJOB)
        return NULL;
    j = job_at(n, n->jn++);
    j->msglen = msglen;
    j->npk = wc_nic_npackets(msglen, WC_NIC_PAYLOAD);
    j->avail = 0;
    for (k = 0; k < NN; k++)
        wc_nic_rel_child_init(&j->ch[k], base);
    return j;
}

/* packet h/pay is now in the job (arrived, or read from the host) */
static void job_add(job *j, const wc_nic_hdr *h, const uint8_t *pay)
{
    stored *s = &j->pk[h->off / WC_NIC_PAYLOAD];
    s->h = *h;
    memcpy(s->pay, pay, h->len);
    j->avail++;
}

/* Each child's REQ when due (the oldest job only), then its next packets
 * while admitted and its window allows, oldest job first. */
static void send_jobs(unsigned v, uint32_t now)
{
    node *n = &nd[v];
    const wc_nic_group_ent *e = wc_nic_group_get(&n->gt, GID);
    unsigned i, k;
    for (i = 0; i < n->jn; i++) {
        job *j = job_at(n, i);
        for (k = 0; k < e->nchild; k++) {
            if (i == 0 && j->ch[k].adm == WC_NIC_ADM_NEED) {
                xmit_ctl(v, e->child[k], WC_PT_REQ, 0, j->ch[k].base, j->msglen, now);
                wc_nic_rel_req_sent(&j->ch[k], now, TIMEOUT);
                n->reqs++;
            }
            while (wc_nic_rel_may_send(&j->ch[k], j->avail, TXWIN)) {
                uint32_t f[WC_NIC_MAX_PKT_FLITS];
                unsigned p = j->ch[k].sent;
                wc_nic_hdr h = j->pk[p].h;
                h.dst = e->child[k];        /* the per-child header rewrite */
                h.seq = (j->ch[k].base + p) & 0xFFFFu;
                xmit(v, e->child[k], f, wc_nic_pkt_build(&h, j->pk[p].pay, f, WC_NIC_MAX_PKT_FLITS), now);
                wc_nic_rel_sent(&j->ch[k], p, now, TIMEOUT);
            }
        }
    }
}

/* late children rewound (a late REQ is due again); finished jobs (every
 * child has every packet) leave */
static void poll_jobs(unsigned v, uint32_t now)
{
    node *n = &nd[v];
    const wc_nic_group_ent *e = wc_nic_group_get(&n->gt, GID);
    unsigned i, k, done;
    for (i = 0; i < n->jn; i++) {
        job *j = job_at(n, i);
        for (k = 0; k < e->nchild; k++)
            if (wc_nic_rel_late(&j->ch[k], now)) {
                n->retx += wc_nic_rel_rewind(&j->ch[k], now, TIMEOUT);
                n->timeouts++;
            }
    }
    while (n->jn) {
        job *j = job_at(n, 0);
        for (k = 0, done = j->avail == j->npk; k < e->nchild; k++)
            done &= j->ch[k].acked == j->npk;
        if (!done)
            break;
        n->jhead = (n->jhead + 1) % NJOB;
        n->jn--;
    }
}

/* the receiver's answer to its parent, carrying its expect */
static void answer(unsigned v, unsigned type, uint32_t now)
{
    node *n = &nd[v];
    xmit_ctl(v, (unsigned)par[v], type, v, n->rx.expect, 0, now);
    n->grants += type == WC_PT_GRANT;
    n->waits += type == WC_PT_WAIT;
    n->naks += type == WC_PT_NAK;
}

/* Reserve what the message of len bytes at the stream's expect needs: a
 * host buffer and, forwarded, a job.  1 if granted. */
static int admit(unsigned v, unsigned len, uint32_t now)
{
    node *n = &nd[v];
    const wc_nic_group_ent *e = wc_nic_group_get(&n->gt, GID);
    if (!n->rbuf || (e->nchild && !job_new(n, n->rx.expect, len)))
        return 0;
    n->rbuf--;
    n->res = 1;
    n->res_base = n->rx.expect;
    n->res_npk = wc_nic_npackets(len, WC_NIC_PAYLOAD);
    n->res_gdl = now + TIMEOUT;
    return 1;
}

/* What a receiver does every tick besides packets: buffers the host gives
 * back, a waiting stream granted when room came, a GRANT no data followed
 * repeated. */
static void admission_tick(unsigned v, uint32_t now)
{
    node *n = &nd[v];
    unsigned i;
    for (i = 0; i < n->nback; )
        if ((int32_t)(now - n->back[i]) >= 0) {
            n->back[i] = n->back[--n->nback];
            n->rbuf++;
        } else {
            i++;
        }
    if (n->waiting && admit(v, n->wait_len, now)) {
        n->waiting = 0;
        n->late_grants++;
        answer(v, WC_PT_GRANT, now);
    } else if (n->res && n->rx.expect == n->res_base && (int32_t)(now - n->res_gdl) >= 0) {
        n->res_gdl = now + TIMEOUT;
        n->regrants++;
        answer(v, WC_PT_GRANT, now);
    }
}

static void deliver_msg(unsigned v, uint32_t now)
{
    node *n = &nd[v];
    unsigned k = n->delivered++, i, sz = msg_size(k);
    /* the host reads the message, then posts the buffer again */
    n->back[n->nback++] = now + 1 + wc_rng_below(&hrng, HOSTLAT);
    if (n->ra.got != sz) {
        n->corrupt++;
        return;
    }
    for (i = 0; i < sz; i++)
        if (n->buf[i] != msg_byte(k, i)) {
            n->corrupt++;
            return;
        }
}

/* a REQ of the parent's: grant, wait, or repeat the answer it lost */
static void receive_req(unsigned v, const wc_nic_hdr *h, uint32_t now)
{
    node *n = &nd[v];
    if (!wc_nic_rel_in_order(n->rx.expect, h->seq)) {
        n->req_dups++;
        answer(v, WC_PT_MACK, now);
    } else if (n->res) {
        answer(v, WC_PT_GRANT, now);
    } else if (!n->waiting && admit(v, h->msglen, now)) {
        answer(v, WC_PT_GRANT, now);
    } else {
        n->waiting = 1;
        n->wait_len = h->msglen;
        answer(v, WC_PT_WAIT, now);
    }
}

static void receive_data(unsigned v, const wc_nic_hdr *h, const uint8_t *pay, uint32_t now)
{
    node *n = &nd[v];
    const wc_nic_group_ent *e = wc_nic_group_get(&n->gt, GID);
    unsigned ack, early = n->rx.early;
    job *fj = NULL;
    if (wc_nic_rel_in_order(n->rx.expect, h->seq)) {
        /* the sender must hold this node's GRANT for the message */
        if (!n->res || wc_nic_seq_diff(h->seq, n->res_base) >= n->res_npk) {
            n->unadmitted++;
            return;
        }
        if (e->nchild) {
            /* the newest job is this message's: it was created at the grant */
            fj = n->jn ? job_at(n, n->jn - 1) : NULL;
            if (!fj || fj->avail >= fj->npk) {
                n->corrupt++;
                return;
            }
        }
    }
    if (wc_nic_rel_rx_data(&n->rx, h->seq, &ack)) {
        int r = wc_nic_reasm_add(&n->ra, h, pay);
        if (r < 0)
            n->corrupt++;
        else if (r == 1)
            deliver_msg(v, now);
        if (fj)
            job_add(fj, h, pay);
        n->nakd = 0;
        if (wc_nic_seq_diff(n->rx.expect, n->res_base) == n->res_npk)
            n->res = 0;             /* the message is in: the next may be granted */
    } else if (n->rx.early != early && !n->nakd) {
        n->nakd = 1;
        answer(v, WC_PT_NAK, now);
        return;
    }
    answer(v, WC_PT_MACK, now);
}

/* an ack, GRANT, WAIT or NAK from child k, for every job of the node */
static void receive_ack(unsigned v, int k, const wc_nic_hdr *h, uint32_t now)
{
    node *n = &nd[v];
    unsigned i, kind = h->type == WC_PT_GRANT ? WC_NIC_PEND_GRANT : h->type == WC_PT_WAIT ? WC_NIC_PEND_WAIT
                     : h->type == WC_PT_NAK ? WC_NIC_PEND_NAK : WC_NIC_PEND_ACK;
    for (i = 0; i < n->jn; i++) {
        job *j = job_at(n, i);
        wc_nic_rel_child *c = &j->ch[k];
        (void)wc_nic_rel_ack(c, j->npk, h->seq, now, TIMEOUT);
        (void)wc_nic_rel_answer(c, kind, h->seq);
        if (kind == WC_NIC_PEND_NAK) {
            unsigned r = wc_nic_rel_nak(c, h->seq, now, TIMEOUT);
            n->retx += r;
            n->nak_retx += r;
        }
    }
}

static void receive(unsigned v, const pkt *p, uint32_t now)
{
    node *n = &nd[v];
    wc_nic_hdr h;
    uint8_t pay[WC_NIC_PAYLOAD];
    const wc_nic_group_ent *e;
    int st = wc_nic_pkt_parse(p->f, p->n, v, &h, pay);
    if (st < 0) {
        n->err[-st]++;
        /* a corrupt packet whose header (maybe the corrupt part) names
         * this node's stream: a NAK is a hint, true whoever gets it */
        if (st == -WC_NIC_ST_BADCRC && h.type == WC_PT_MDATA && h.group == GID && par[v] >= 0 && !n->nakd) {
            n->nakd = 1;
            n->crc_naks++;
            answer(v, WC_PT_NAK, now);
        }
        return;
    }
    e = wc_nic_group_get(&n->gt, h.group);
    if (!e) {
        n->err[WC_NIC_ST_NOGROUP]++;
        return;
    }
    if (h.type == WC_PT_REQ || h.type == WC_PT_MDATA) {
        if (par[v] < 0) {
            n->err[WC_NIC_ST_BADDST]++;
            return;
        }
        if (h.type == WC_PT_REQ)
            receive_req(v, &h, now);
        else
            receive_data(v, &h, pay, now);
        return;
    }
    if (h.type == WC_PT_MACK || h.type == WC_PT_GRANT || h.type == WC_PT_WAIT || h.type == WC_PT_NAK) {
        int k = wc_nic_group_child_index(e, h.src);
        if (k < 0)
            n->err[WC_NIC_ST_BADDST]++;
        else
            receive_ack(v, k, &h, now);
        return;
    }
    n->err[WC_NIC_ST_BADTYPE]++;
}

/* the root's next message, once the last one is done with */
static void post_msg(unsigned m)
{
    node *n = &nd[0];
    unsigned sz = msg_size(m), npk = wc_nic_npackets(sz, WC_NIC_PAYLOAD), k, i;
    job *j = job_new(n, n->next, sz);
    n->next = (uint16_t)(n->next + npk);
    for (k = 0; k < npk; k++) {
        uint8_t pay[WC_NIC_PAYLOAD];
        wc_nic_hdr h;
        memset(&h, 0, sizeof h);
        h.src = 0; h.group = GID; h.type = WC_PT_MDATA; h.msglen = sz;
        h.off = k * WC_NIC_PAYLOAD;
        h.len = sz - h.off < WC_NIC_PAYLOAD ? sz - h.off : WC_NIC_PAYLOAD;
        for (i = 0; i < h.len; i++)
            pay[i] = msg_byte(m, h.off + i);
        job_add(j, &h, pay);
    }
}

typedef struct {
    unsigned long ticks, retx, timeouts, crc, dst, len, type, dups, early;
    unsigned long reqs, grants, late_grants, regrants, waits, naks, crc_naks, nak_retx, req_dups, unadmitted;
} simres;

static int simulate(unsigned nmsg, double pd, double pf, uint64_t seed, simres *res)
{
    unsigned v, c, sent_msgs = 0, bad = 0;
    uint16_t kids[NN][NN];
    unsigned nk[NN];
    uint32_t now;
    memset(res, 0, sizeof *res);
    wc_rng_seed(&frng, seed);
    wc_rng_seed(&hrng, seed ^ 0x5EEDu);
    p_drop = pd; p_flip = pf;
    drops = flips = qdrops = 0;
    memset(nd, 0, sizeof nd);
    memset(ln, 0, sizeof ln);
    memset(nk, 0, sizeof nk);
    for (v = 1; v < NN; v++)
        kids[par[v]][nk[par[v]]++] = (uint16_t)v;
    for (v = 0; v < NN; v++) {
        wc_nic_gtab_init(&nd[v].gt, v, NN);
        if (wc_nic_group_set(&nd[v].gt, GID, par[v] < 0 ? WC_NIC_NO_PARENT : (unsigned)par[v], kids[v], nk[v]))
            return -1;
        wc_nic_rel_rx_init(&nd[v].rx, 0);
        wc_nic_reasm_init(&nd[v].ra, nd[v].buf, sizeof nd[v].buf);
        nd[v].rbuf = NRBUF;
    }
    for (now = 1; now < 50000000u; now++) {
        int busy = 0;
        for (v = 0; v < NN; v++)
            for (c = 0; c < NN; c++) {
                link *l = &ln[v][c];
                while (l->count && l->q[l->head].t <= now) {
                    pkt p = l->q[l->head];
                    l->head = (l->head + 1) % QCAP;
                    l->count--;
                    receive(c, &p, now);
                }
                busy |= l->count != 0;
            }
        if (sent_msgs < nmsg && nd[0].jn == 0)
            post_msg(sent_msgs++);
        for (v = 0; v < NN; v++) {
            if (v)
                admission_tick(v, now);
            if (!nk[v])
                continue;
            poll_jobs(v, now);
            send_jobs(v, now);
            busy |= nd[v].jn != 0;
        }
        if (!busy && sent_msgs == nmsg)
            break;
    }
    res->ticks = now;
    for (v = 0; v < NN; v++) {
        node *n = &nd[v];
        if (v && (n->delivered != nmsg || n->corrupt))
            bad++;
        res->retx += n->retx;
        res->timeouts += n->timeouts;
        res->crc += n->err[WC_NIC_ST_BADCRC];
        res->dst += n->err[WC_NIC_ST_BADDST];
        res->len += n->err[WC_NIC_ST_BADLEN];
        res->type += n->err[WC_NIC_ST_BADTYPE] + n->err[WC_NIC_ST_NOGROUP];
        res->dups += n->rx.dups;
        res->early += n->rx.early;
        res->reqs += n->reqs;
        res->grants += n->grants;
        res->late_grants += n->late_grants;
        res->regrants += n->regrants;
        res->waits += n->waits;
        res->naks += n->naks;
        res->crc_naks += n->crc_naks;
        res->nak_retx += n->nak_retx;
        res->req_dups += n->req_dups;
        res->unadmitted += n->unadmitted;
    }
    return (int)bad;
}

static void run(const char *what, unsigned nmsg, double pd, double pf, uint64_t seed, int expect_faults)
{
    simres r;
    int bad;
    unsigned v;
    GROUP(what, {
        bad = simulate(nmsg, pd, pf, seed, &r);
        printf("     %u messages to 7 receivers, seed %llu, drop %g flip %g: %lu ticks, %u drops, %u bit-flipped packets,"
               " %lu CRC / %lu dst / %lu len / %lu type drops, %lu timeouts, %lu retransmitted (%lu after a NAK),"
               " %lu duplicates, %lu early\n",
               nmsg, (unsigned long long)seed, pd, pf, r.ticks, drops, flips, r.crc, r.dst, r.len, r.type,
               r.timeouts, r.retx, r.nak_retx, r.dups, r.early);
        printf("     admission: %lu REQs (%lu out of sequence), %lu GRANTs (%lu after a WAIT, %lu repeated), %lu WAITs;"
               " %lu NAKs (%lu for a corrupt packet)\n", r.reqs, r.req_dups, r.grants, r.late_grants, r.regrants,
               r.waits, r.naks, r.crc_naks);
        CHECK(bad == 0, "%d receivers missed, duplicated, reordered or corrupted messages", bad);
        for (v = 1; v < NN; v++)
            CHECK(nd[v].delivered == nmsg && nd[v].corrupt == 0, "node %u delivered %u of %u, %u corrupt",
                  v, nd[v].delivered, nmsg, nd[v].corrupt);
        CHECK(qdrops == 0, "link queues overflowed %u times", qdrops);
        CHECK(r.unadmitted == 0, "%lu data packets came in sequence to a receiver that had not granted them",
              r.unadmitted);
        CHECK(r.reqs >= (unsigned long)nmsg * (NN - 1u), "every message asked every edge of the tree for admission "
              "(%lu REQs for %u messages on %u edges)", r.reqs, nmsg, NN - 1u);
        CHECK(r.waits > 0 && r.late_grants > 0,
              "receivers out of host buffers made streams wait (%lu WAITs) and granted them later (%lu)",
              r.waits, r.late_grants);
        if (expect_faults) {
            CHECK(drops > 0 && flips > 0, "faults injected: %u drops, %u flips", drops, flips);
            CHECK(r.crc > 0, "bit flips caught by the CRC");
            CHECK(r.retx > 0 && r.timeouts > 0, "retransmissions happened");
            CHECK(r.naks > 0 && r.nak_retx > 0 && r.crc_naks > 0,
                  "losses signalled: %lu NAKs (%lu for corrupt packets) made %lu resends without a timeout",
                  r.naks, r.crc_naks, r.nak_retx);
        } else {
            CHECK(drops == 0 && flips == 0 && r.retx == 0 && r.crc == 0 && r.timeouts == 0,
                  "clean channel: nothing lost or resent");
            CHECK(r.naks == 0 && r.early == 0 && r.req_dups == 0, "clean channel: no NAK, no early packet, no stale REQ");
            CHECK(r.reqs == (unsigned long)nmsg * (NN - 1u) && r.grants == r.reqs,
                  "clean channel: one REQ per message and edge, each granted once (%lu REQs, %lu GRANTs)",
                  r.reqs, r.grants);
        }
    });
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
    test_units();
    run("reliability simulation, clean channel", 2000, 0, 0, seed, 0);
    run("reliability simulation, faults at 1e-3 per packet (drops and bit flips)", 10000, 1e-3, 1e-3, seed, 1);
    run("reliability simulation, faults at 2e-2 per packet", 10000, 2e-2, 2e-2, seed + 1, 1);
    return wc_test_done();
}

/* SPDX-License-Identifier: Apache-2.0 */
/* GM-2 reliability (yu-buntinas-panda-nic-multicast-myrinet-gm2.txt
 * Section 5.3) as the NIC runs it (sw/lib/wc_nic_rel, which the NIC's C
 * model calls): unit checks of a job's per-child sender state and of the
 * receiver, then a seeded simulation of a multicast tree over lossy,
 * bit-flipping links that must deliver every message exactly once, intact
 * and in order, with NIC-based forwarding at the intermediate nodes
 * (Section 5.2: the retransmission copy is the forwarder's stored copy,
 * standing for host memory). */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_nic_rel.h"
#include "wc_nic_pkt.h"
#include "wc_nic_group.h"
#include "wc_rng.h"

static void test_units(void)
{
    wc_nic_rel_child c;
    wc_nic_rel_rx r;
    unsigned ack, i;
    GROUP("sender: window, cumulative acks counted up to the job's packets, stale acks, sent raised by an ack", {
        wc_nic_rel_child_init(&c, 65530);   /* packet 0 is 65530: the job's sequence numbers wrap */
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
        wc_nic_rel_child_init(&c, 100);
        CHECK(!wc_nic_rel_late(&c, 1000), "nothing sent: never late");
        wc_nic_rel_sent(&c, 0, 0, 10);
        wc_nic_rel_sent(&c, 1, 3, 10);
        wc_nic_rel_sent(&c, 2, 4, 10);
        CHECK(!wc_nic_rel_late(&c, 9) && wc_nic_rel_late(&c, 10), "late at 10: packet 0 sent at 0, timeout 10");
        CHECK(wc_nic_rel_ack(&c, 3, 101, 6, 10) == 1 && !wc_nic_rel_late(&c, 15) && wc_nic_rel_late(&c, 16),
              "progress at 6 restarts the deadline: late at 16");
        CHECK(wc_nic_rel_rewind(&c, 16, 10) == 2 && c.sent == 1 && c.acked == 1 && !wc_nic_rel_late(&c, 1000),
              "go-back-N: packets 1 and 2 to send again, nothing outstanding");
        wc_nic_rel_sent(&c, 1, 30, 10);
        CHECK(c.sent == 2 && c.dl == 40 && wc_nic_rel_late(&c, 40), "the resend starts the deadline again");
        CHECK(wc_nic_rel_ack(&c, 3, 103, 41, 10) == 1 && c.acked == 3 && c.sent == 3 && !wc_nic_rel_late(&c, 1000),
              "a late ack of the first sending: all 3 packets, sent raised to them");
        wc_nic_rel_child_init(&c, 0);
        wc_nic_rel_sent(&c, 0, 0xFFFFFFF0u, 0x20);
        CHECK(!wc_nic_rel_late(&c, 0xFFFFFFFFu) && !wc_nic_rel_late(&c, 0x0F) && wc_nic_rel_late(&c, 0x10),
              "deadline 0x10 after the clock wrapped");
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
 * acknowledged the last), a forwarder starts a forwarding job for each
 * message (at most NJOB at once; without one the packet is dropped
 * unacknowledged), every job sends each child its next packet while the
 * child has fewer than TXWIN unacknowledged, and a late child is rewound
 * to its acknowledged packets. */
#define NN 8
#define GID 1
#define LAT 3
#define QCAP 1024
#define TIMEOUT 300
#define TXWIN 16                    /* the NIC's default (wc_nic_cfg_default) */
#define NJOB 8                      /* forwarding jobs, the NIC's default JFWD */
#define MAXPK (WC_NIC_MAX_MSG / WC_NIC_PAYLOAD)

typedef struct { uint32_t f[WC_NIC_MAX_PKT_FLITS]; uint16_t n; uint32_t t; } pkt;
typedef struct { pkt q[QCAP]; unsigned head, count; uint32_t last; } link;
typedef struct { wc_nic_hdr h; uint8_t pay[WC_NIC_PAYLOAD]; } stored;

/* a message being sent to this node's children: per child the shared
 * sender state, and its packets (the copy retransmissions come from) */
typedef struct {
    unsigned npk, avail;
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
    unsigned delivered, corrupt, nojob, err[16];
    unsigned long retx, timeouts;
} node;

static const int par[NN] = { -1, 0, 0, 0, 1, 1, 2, 3 };
static node nd[NN];
static link ln[NN][NN];             /* ln[a][b]: a -> b */
static wc_rng frng;
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

static job *job_at(node *n, unsigned i) { return &n->jb[(n->jhead + i) % NJOB]; }

/* a new job (message) whose packet 0 has sequence base on every child's stream */
static job *job_new(node *n, unsigned base, unsigned npk)
{
    job *j;
    unsigned k;
    if (n->jn == NJOB)
        return NULL;
    j = job_at(n, n->jn++);
    j->npk = npk;
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

/* every child's next packets while its window allows, oldest job first */
static void send_jobs(unsigned v, uint32_t now)
{
    node *n = &nd[v];
    const wc_nic_group_ent *e = wc_nic_group_get(&n->gt, GID);
    unsigned i, k;
    for (i = 0; i < n->jn; i++) {
        job *j = job_at(n, i);
        for (k = 0; k < e->nchild; k++)
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

/* late children rewound; finished jobs (every child has every packet) leave */
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

static void deliver_msg(unsigned v)
{
    node *n = &nd[v];
    unsigned k = n->delivered++, i, sz = msg_size(k);
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

static void receive(unsigned v, const pkt *p, uint32_t now)
{
    node *n = &nd[v];
    wc_nic_hdr h;
    uint8_t pay[WC_NIC_PAYLOAD];
    const wc_nic_group_ent *e;
    unsigned i;
    int st = wc_nic_pkt_parse(p->f, p->n, v, &h, pay);
    if (st < 0) {
        n->err[-st]++;
        return;
    }
    e = wc_nic_group_get(&n->gt, h.group);
    if (!e || (h.type != WC_PT_MDATA && h.type != WC_PT_MACK)) {
        n->err[WC_NIC_ST_NOGROUP]++;
        return;
    }
    if (h.type == WC_PT_MACK) {
        int k = wc_nic_group_child_index(e, h.src);
        if (k < 0)
            n->err[WC_NIC_ST_BADDST]++;
        else
            for (i = 0; i < n->jn; i++)
                wc_nic_rel_ack(&job_at(n, i)->ch[k], job_at(n, i)->npk, h.seq, now, TIMEOUT);
    } else {
        unsigned ack;
        uint32_t f[WC_NIC_MAX_PKT_FLITS];
        wc_nic_hdr a;
        job *fj = NULL;
        /* A forwarder with no job free for a new message drops its first
         * packet unacknowledged: the parent resends later, and nothing
         * waits on this node. */
        if (e->nchild && wc_nic_rel_in_order(n->rx.expect, h.seq)) {
            if (h.off == 0) {
                if (!(fj = job_new(n, h.seq, wc_nic_npackets(h.msglen, WC_NIC_PAYLOAD)))) {
                    n->nojob++;
                    return;
                }
            } else {
                /* the newest job is this message's: its packet 0 came in order */
                fj = n->jn ? job_at(n, n->jn - 1) : NULL;
                if (!fj || fj->avail >= fj->npk) {
                    n->corrupt++;
                    return;
                }
            }
        }
        if (wc_nic_rel_rx_data(&n->rx, h.seq, &ack)) {
            int r = wc_nic_reasm_add(&n->ra, &h, pay);
            if (r < 0)
                n->corrupt++;
            else if (r == 1)
                deliver_msg(v);
            if (fj)
                job_add(fj, &h, pay);
        }
        memset(&a, 0, sizeof a);
        a.dst = e->parent; a.src = v; a.group = GID; a.type = WC_PT_MACK; a.seq = ack;
        xmit(v, e->parent, f, wc_nic_pkt_build(&a, NULL, f, WC_NIC_MAX_PKT_FLITS), now);
    }
}

/* the root's next message, once the last one is done with */
static void post_msg(unsigned m)
{
    node *n = &nd[0];
    unsigned sz = msg_size(m), npk = wc_nic_npackets(sz, WC_NIC_PAYLOAD), k, i;
    job *j = job_new(n, n->next, npk);
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

typedef struct { unsigned long ticks, retx, timeouts, crc, dst, len, type, dups, early, nojob; } simres;

static int simulate(unsigned nmsg, double pd, double pf, uint64_t seed, simres *res)
{
    unsigned v, c, sent_msgs = 0, bad = 0;
    uint16_t kids[NN][NN];
    unsigned nk[NN];
    uint32_t now;
    wc_rng_seed(&frng, seed);
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
            if (!nk[v])
                continue;
            poll_jobs(v, now);
            send_jobs(v, now);
            busy |= nd[v].jn != 0;
        }
        if (!busy && sent_msgs == nmsg)
            break;
    }
    memset(res, 0, sizeof *res);
    res->ticks = now;
    for (v = 0; v < NN; v++) {
        if (v && (nd[v].delivered != nmsg || nd[v].corrupt))
            bad++;
        res->retx += nd[v].retx;
        res->timeouts += nd[v].timeouts;
        res->crc += nd[v].err[WC_NIC_ST_BADCRC];
        res->dst += nd[v].err[WC_NIC_ST_BADDST];
        res->len += nd[v].err[WC_NIC_ST_BADLEN];
        res->type += nd[v].err[WC_NIC_ST_BADTYPE] + nd[v].err[WC_NIC_ST_NOGROUP];
        res->dups += nd[v].rx.dups;
        res->early += nd[v].rx.early;
        res->nojob += nd[v].nojob;
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
               " %lu CRC / %lu dst / %lu len / %lu type drops, %lu timeouts, %lu retransmitted, %lu duplicates, %lu early, %lu drops for want of a job\n",
               nmsg, (unsigned long long)seed, pd, pf, r.ticks, drops, flips, r.crc, r.dst, r.len, r.type,
               r.timeouts, r.retx, r.dups, r.early, r.nojob);
        CHECK(bad == 0, "%d receivers missed, duplicated, reordered or corrupted messages", bad);
        for (v = 1; v < NN; v++)
            CHECK(nd[v].delivered == nmsg && nd[v].corrupt == 0, "node %u delivered %u of %u, %u corrupt",
                  v, nd[v].delivered, nmsg, nd[v].corrupt);
        CHECK(qdrops == 0, "link queues overflowed %u times", qdrops);
        if (expect_faults) {
            CHECK(drops > 0 && flips > 0, "faults injected: %u drops, %u flips", drops, flips);
            CHECK(r.crc > 0, "bit flips caught by the CRC");
            CHECK(r.retx > 0 && r.timeouts > 0, "retransmissions happened");
        } else {
            CHECK(drops == 0 && flips == 0 && r.retx == 0 && r.crc == 0, "clean channel: nothing lost or resent");
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

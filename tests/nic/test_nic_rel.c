/* SPDX-License-Identifier: Apache-2.0 */
/* GM-2 reliability (yu-buntinas-panda-nic-multicast-myrinet-gm2.txt
 * Section 5.3): unit checks of the sender and receiver state machines,
 * then a seeded simulation of a multicast tree over lossy, bit-flipping
 * links that must deliver every message exactly once, intact and in
 * order, with NIC-based forwarding at the intermediate nodes (Section 5.2:
 * the retransmission copy is the forwarder's stored copy, standing for
 * host memory). */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_nic_rel.h"
#include "wc_nic_pkt.h"
#include "wc_nic_group.h"
#include "wc_rng.h"

static void test_units(void)
{
    wc_nic_rel_tx t;
    wc_nic_rel_rx r;
    unsigned ack, i;
    int s;
    GROUP("sender: sequence, window, cumulative acks, stale and bad acks", {
        CHECK(wc_nic_rel_tx_init(&t, 0, 0, 10) == -WC_NIC_ST_NODST, "no children");
        CHECK(wc_nic_rel_tx_init(&t, WC_NIC_MAX_CHILDREN + 1, 0, 10) == -WC_NIC_ST_NODST, "too many children");
        CHECK(wc_nic_rel_tx_init(&t, 3, 65530, 10) == 0, "3 children from 65530");
        for (i = 0; i < WC_NIC_WINDOW; i++) {
            s = wc_nic_rel_tx_send(&t, 0);
            if (s != (int)((65530u + i) & 0xFFFFu))
                break;
        }
        CHECK(i == WC_NIC_WINDOW, "sequences 65530.. wrap through 0 (%u)", i);
        CHECK(!wc_nic_rel_tx_can_send(&t) && wc_nic_rel_tx_send(&t, 0) == -WC_NIC_ST_SEQ, "window full at NIC_WINDOW");
        CHECK(wc_nic_rel_tx_ack(&t, 0, 2, 1) == 1 && t.acked[0] == 2, "child 0 acks past the wrap");
        CHECK(wc_nic_rel_tx_ack(&t, 0, 2, 1) == 0, "repeated ack is a no-op");
        CHECK(wc_nic_rel_tx_ack(&t, 0, 65531, 1) == -WC_NIC_ST_SEQ && t.acked[0] == 2 && t.stale_acks == 1,
              "older ack ignored and counted");
        CHECK(wc_nic_rel_tx_ack(&t, 1, (65530u + WC_NIC_WINDOW + 1) & 0xFFFFu, 1) == -WC_NIC_ST_SEQ,
              "ack beyond the send sequence ignored");
        CHECK(wc_nic_rel_tx_ack(&t, 3, 2, 1) == -WC_NIC_ST_BADDST, "child index 3 of 3");
        CHECK(!wc_nic_rel_tx_can_send(&t), "window limited by the slowest child");
        CHECK(wc_nic_rel_tx_ack(&t, 1, 5, 1) == 1 && wc_nic_rel_tx_ack(&t, 2, 1, 1) == 1, "children 1, 2 progress");
        CHECK(wc_nic_rel_tx_outstanding(&t) == WC_NIC_WINDOW - 7 && wc_nic_rel_tx_can_send(&t),
              "outstanding counts from the slowest child (%u)", wc_nic_rel_tx_outstanding(&t));
    });
    GROUP("sender timer: only late children that have not acknowledged, deadline restarts", {
        wc_nic_rel_tx_init(&t, 3, 100, 10);
        CHECK(wc_nic_rel_tx_poll(&t, 1000) == 0, "idle stream never times out");
        wc_nic_rel_tx_send(&t, 0);
        wc_nic_rel_tx_send(&t, 3);
        wc_nic_rel_tx_ack(&t, 1, 102, 5);   /* child 1 complete */
        wc_nic_rel_tx_ack(&t, 2, 101, 6);   /* child 2 progressed at 6: deadline 16 */
        CHECK(wc_nic_rel_tx_poll(&t, 9) == 0, "before the first deadline");
        CHECK(wc_nic_rel_tx_poll(&t, 10) == 1u, "child 0 at 10 (sent at 0, timeout 10)");
        CHECK(wc_nic_rel_tx_poll(&t, 11) == 0, "child 0 restarted");
        CHECK(wc_nic_rel_tx_poll(&t, 16) == 4u, "child 2 at 16, child 1 never");
        CHECK(wc_nic_rel_tx_poll(&t, 20) == 1u && t.timeouts == 3, "child 0 again at 20; 3 timeouts");
        wc_nic_rel_tx_resent(&t, 5);
        CHECK(t.retx == 5, "resends counted");
    });
    GROUP("receiver: accepts only the expected sequence, cumulative acks, duplicates and early packets dropped", {
        wc_nic_rel_rx_init(&r, 65535);
        CHECK(wc_nic_rel_rx_data(&r, 65535, &ack) == 1 && ack == 0, "first accepted, ack 0 (wrap)");
        CHECK(wc_nic_rel_rx_data(&r, 1, &ack) == 0 && ack == 0 && r.early == 1, "early packet dropped, re-ack 0");
        CHECK(wc_nic_rel_rx_data(&r, 0, &ack) == 1 && ack == 1, "expected accepted");
        CHECK(wc_nic_rel_rx_data(&r, 0, &ack) == 0 && ack == 1 && r.dups == 1, "duplicate dropped, re-acked");
        CHECK(wc_nic_rel_rx_data(&r, 65535, &ack) == 0 && r.dups == 2, "older duplicate");
        CHECK(r.accepted == 2, "two accepted");
    });
}

/* ---- simulation ---------------------------------------------------------- */
#define NN 8
#define GID 1
#define LAT 3
#define QCAP 1024
#define TIMEOUT 300

typedef struct { uint32_t f[WC_NIC_MAX_PKT_FLITS]; uint16_t n; uint32_t t; } pkt;
typedef struct { pkt q[QCAP]; unsigned head, count; uint32_t last; } link;
typedef struct { wc_nic_hdr h; uint8_t pay[WC_NIC_PAYLOAD]; } stored;

typedef struct {
    wc_nic_gtab gt;
    wc_nic_rel_tx tx;
    wc_nic_rel_rx rx;
    wc_nic_reasm ra;
    uint8_t buf[WC_NIC_MAX_MSG];
    stored st[WC_NIC_WINDOW];       /* copy of each outstanding packet by sequence */
    unsigned delivered, corrupt, backpressure, err[16];
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

static void send_stored(unsigned v, unsigned k, unsigned seq, uint32_t now)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS];
    stored *s = &nd[v].st[seq % WC_NIC_WINDOW];
    const wc_nic_group_ent *e = wc_nic_group_get(&nd[v].gt, GID);
    wc_nic_hdr h = s->h;
    h.dst = e->child[k];    /* the per-child header rewrite */
    h.seq = seq;
    xmit(v, e->child[k], f, wc_nic_pkt_build(&h, s->pay, f, WC_NIC_MAX_PKT_FLITS), now);
}

/* A new packet at node v (originated or accepted from the parent): take a
 * sequence, keep the copy, send it to every child (FPFS order per packet). */
static void originate(unsigned v, const wc_nic_hdr *h, const uint8_t *pay, uint32_t now)
{
    const wc_nic_group_ent *e = wc_nic_group_get(&nd[v].gt, GID);
    int seq = wc_nic_rel_tx_send(&nd[v].tx, now);
    unsigned k;
    stored *s;
    if (seq < 0)
        abort();
    s = &nd[v].st[(unsigned)seq % WC_NIC_WINDOW];
    s->h = *h;
    memcpy(s->pay, pay, h->len);
    for (k = 0; k < e->nchild; k++)
        send_stored(v, k, (unsigned)seq, now);
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
            wc_nic_rel_tx_ack(&n->tx, (unsigned)k, h.seq, now);
    } else {
        unsigned ack;
        uint32_t f[WC_NIC_MAX_PKT_FLITS];
        wc_nic_hdr a;
        /* A forwarder whose window is full drops instead of blocking: the
         * parent retransmits later, and no buffer waits on another. */
        if (e->nchild && !wc_nic_rel_tx_can_send(&n->tx)) {
            n->backpressure++;
            return;
        }
        if (wc_nic_rel_rx_data(&n->rx, h.seq, &ack)) {
            int r = wc_nic_reasm_add(&n->ra, &h, pay);
            if (r < 0)
                n->corrupt++;
            else if (r == 1)
                deliver_msg(v);
            if (e->nchild)
                originate(v, &h, pay, now);
        }
        memset(&a, 0, sizeof a);
        a.dst = e->parent; a.src = v; a.group = GID; a.type = WC_PT_MACK; a.seq = ack;
        xmit(v, e->parent, f, wc_nic_pkt_build(&a, NULL, f, WC_NIC_MAX_PKT_FLITS), now);
    }
}

typedef struct { unsigned long ticks, retx, timeouts, crc, dst, len, type, dups, early, bp; } simres;

static int simulate(unsigned nmsg, double pd, double pf, uint64_t seed, simres *res)
{
    unsigned v, c, k, sent_msgs = 0, cur_pkt = 0, bad = 0;
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
        if (nk[v])
            wc_nic_rel_tx_init(&nd[v].tx, nk[v], 0, TIMEOUT);
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
        /* the root: next packet of the current message while the window allows */
        while (sent_msgs < nmsg && wc_nic_rel_tx_can_send(&nd[0].tx)) {
            uint8_t pay[WC_NIC_PAYLOAD];
            wc_nic_hdr h;
            unsigned sz = msg_size(sent_msgs), i;
            memset(&h, 0, sizeof h);
            h.src = 0; h.group = GID; h.type = WC_PT_MDATA; h.msglen = sz;
            h.off = cur_pkt * WC_NIC_PAYLOAD;
            h.len = sz - h.off < WC_NIC_PAYLOAD ? sz - h.off : WC_NIC_PAYLOAD;
            for (i = 0; i < h.len; i++)
                pay[i] = msg_byte(sent_msgs, h.off + i);
            originate(0, &h, pay, now);
            if (++cur_pkt == wc_nic_npackets(sz, WC_NIC_PAYLOAD)) {
                cur_pkt = 0;
                sent_msgs++;
            }
        }
        for (v = 0; v < NN; v++) {
            uint32_t mask;
            if (!nk[v])
                continue;
            mask = wc_nic_rel_tx_poll(&nd[v].tx, now);
            for (k = 0; k < nk[v]; k++)
                if (mask >> k & 1u) {
                    unsigned s, n = wc_nic_seq_diff(nd[v].tx.next, nd[v].tx.acked[k]);
                    for (s = 0; s < n; s++)
                        send_stored(v, k, (nd[v].tx.acked[k] + s) & 0xFFFFu, now);
                    wc_nic_rel_tx_resent(&nd[v].tx, n);
                }
            busy |= wc_nic_rel_tx_outstanding(&nd[v].tx) != 0;
        }
        if (!busy && sent_msgs == nmsg)
            break;
    }
    memset(res, 0, sizeof *res);
    res->ticks = now;
    for (v = 0; v < NN; v++) {
        if (v && (nd[v].delivered != nmsg || nd[v].corrupt))
            bad++;
        res->retx += nd[v].tx.retx;
        res->timeouts += nd[v].tx.timeouts;
        res->crc += nd[v].err[WC_NIC_ST_BADCRC];
        res->dst += nd[v].err[WC_NIC_ST_BADDST];
        res->len += nd[v].err[WC_NIC_ST_BADLEN];
        res->type += nd[v].err[WC_NIC_ST_BADTYPE] + nd[v].err[WC_NIC_ST_NOGROUP];
        res->dups += nd[v].rx.dups;
        res->early += nd[v].rx.early;
        res->bp += nd[v].backpressure;
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
               " %lu CRC / %lu dst / %lu len / %lu type drops, %lu timeouts, %lu retransmitted, %lu duplicates, %lu early, %lu window drops\n",
               nmsg, (unsigned long long)seed, pd, pf, r.ticks, drops, flips, r.crc, r.dst, r.len, r.type,
               r.timeouts, r.retx, r.dups, r.early, r.bp);
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

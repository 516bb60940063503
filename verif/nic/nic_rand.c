/* SPDX-License-Identifier: Apache-2.0 */
/* Seeded random stimulus for one NIC (nic_rand.h).
 *
 * The host is a sequential program, as firmware would be: it blocks on its
 * register accesses (nb_reg) and idles between actions, while the network
 * around the NIC reacts every cycle in the board's hook: pretend peers
 * answer what the NIC sends (admission: GRANT, or WAIT then GRANT;
 * acknowledgements, NAKs) and send it messages of their own (eagerly or
 * after a REQ), and the router and memory knobs move.  A run is cut into
 * epochs; each starts with a soft reset (CTRL bit 3) and a fresh
 * configuration (ring sizes, timeout, replication mode, group table),
 * which also bounds the damage of events that leave streams out of step
 * (lost completions, refused packets). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_rand.h"

/* host memory map */
#define SQ_BASE    0x00000u     /* send ring, up to 32 entries of 16 bytes */
#define CQ_BASE    0x01000u     /* completion ring, up to 64 entries of 16 bytes */
#define RQ_BASE    0x02000u     /* receive ring, up to 32 entries of 8 bytes */
#define LST_BASE   0x03000u     /* multisend lists, NLIST of 16 words */
#define NLIST      64
#define POISON     0x08000u     /* every access in [POISON, POISON_END) gets ERR */
#define POISON_END 0x09000u
#define MSG_BASE   0x10000u     /* message sources: random bytes, never written */
#define MSG_END    0x40000u
#define RB_BASE    0x40000u     /* receive buffers, NRB of RB_SIZE */
#define RB_SIZE    0x4000u
#define NRB        48

#define MAXPEER 8               /* peers with a unicast stream toward the NIC */
#define MAXPEND 64              /* acks waiting to be sent by the peers */
#define MAXCH   WC_NIC_MAX_CHILDREN
#define NTAG    4096
#define NHIST   128             /* messages a sender remembers */
#define MAXAL   1024            /* peer streams whose admission the peers' scanner watches */

/* bad packets, one kind each (docs/nic.md's validation table and framing) */
enum {
    BAD_CRC, BAD_GROUP_DATA, BAD_GROUP_ACK, BAD_LEN_BIG, BAD_OFF, BAD_SHORT, BAD_LONG, BAD_PAD, BAD_ACKLEN,
    BAD_SINGLE, BAD_TYPE, BAD_RSVD, BAD_DST, BAD_KIND, BAD_USER, BAD_SELF, BAD_SRC_RANGE, BAD_ROOT,
    BAD_MSGLEN, BAD_OVER, BAD_LEN0, BAD_TRUNC, BAD_STRAY, BAD_TOOMANY,
    /* the admission packets (docs/nic-flow.md) */
    BAD_REQ_LEN, BAD_CTL_LEN, BAD_CTL_GROUP, BAD_CTL_SRC, BAD_CTL_STALE, NBAD
};

static const char *bad_name(int k)
{
    switch (k) {
    case BAD_CRC: return "crc";
    case BAD_GROUP_DATA: return "group(data)";
    case BAD_GROUP_ACK: return "group(ack)";
    case BAD_LEN_BIG: return "len>payload";
    case BAD_OFF: return "offset";
    case BAD_SHORT: return "flit-short";
    case BAD_LONG: return "flit-long";
    case BAD_PAD: return "padding";
    case BAD_ACKLEN: return "ack-len";
    case BAD_SINGLE: return "one-flit";
    case BAD_TYPE: return "type";
    case BAD_RSVD: return "rsvd";
    case BAD_DST: return "dst";
    case BAD_KIND: return "head-kind";
    case BAD_USER: return "head-user";
    case BAD_SELF: return "from-self";
    case BAD_SRC_RANGE: return "src-range";
    case BAD_ROOT: return "to-root";
    case BAD_MSGLEN: return "msglen";
    case BAD_OVER: return "off+len";
    case BAD_LEN0: return "len0";
    case BAD_TRUNC: return "lost-tail";
    case BAD_STRAY: return "stray";
    case BAD_REQ_LEN: return "req-len";
    case BAD_CTL_LEN: return "grant/wait/nak-len";
    case BAD_CTL_GROUP: return "control-group";
    case BAD_CTL_SRC: return "control-src";
    case BAD_CTL_STALE: return "stale-control";
    default: return "too-many-flits";
    }
}

/* A pretend peer's stream toward the NIC: a go-back-N sender. */
typedef struct {
    int on;
    unsigned src;               /* NH0 SRC: the peer, or the multicast's root */
    unsigned group;             /* 0: unicast */
    uint16_t seq0;              /* sequence number of packet 0 of the message */
    unsigned msglen, npk;
    unsigned k;                 /* next packet to send */
    unsigned acked;             /* packets the NIC acknowledged */
    /* admission (NIC_ADM_*): a sender that asks sends a REQ first
     * (NEED, then REQ), one that does not starts at GRANT (eager); a WAIT
     * holds it until the NIC's GRANT, or a long deadline at adm_dl */
    int adm;
    long adm_dl;
    long last;                  /* cycle of the last progress */
    long wait_until;            /* pause before the next message */
    unsigned pseed;             /* payload pattern */
    /* the last messages (this one first), to check the payloads the NIC
     * forwards and writes to host memory against what was sent; more
     * than a stream can have in the NIC and the host at once (forwarding
     * jobs; in host mode, received messages waiting to be sent on, one
     * per receive buffer) */
    struct { unsigned msglen, pseed; } hist[NHIST];
} sender;

/* A peer as the receiver of one of the NIC's streams: what it expects
 * next, and its admission of the NIC's messages (a receiver with room
 * grants; one without answers WAIT and grants later). */
enum { PR_NONE, PR_GRANTED, PR_WAITING };
typedef struct {
    uint16_t exp;
    uint8_t st;                 /* PR_*: GRANTED for message [base, base + npk of len) */
    uint8_t nakd;               /* a NAK went out for this value of exp */
    uint8_t listed;             /* on the peers' admission scanner's list */
    uint16_t base, len;
    long at;                    /* WAITING: when the peer grants; GRANTED: when it repeats a GRANT no data followed */
} prx;

/* A group as the host installed it. */
typedef struct {
    int valid;
    unsigned parent, nchild;
    unsigned child[MAXCH];
    prx rx[MAXCH];              /* each child receiving the NIC's stream */
    sender snd;                 /* the parent's stream (non-root groups) */
} grp;

typedef struct {
    int used;
    long due;
    unsigned node;              /* the acknowledging peer */
    unsigned group;             /* 0: unicast */
    unsigned kind;              /* NIC_PEND_*: what the stream's state decides when it goes */
} pend_ack;

typedef struct {
    int used;
    int list;                   /* multisend list slot, -1 none */
    int rb;                     /* receive buffer a host-mode re-send holds, -1 none */
} tagrec;

enum { CK_SEND_I = 0, CK_RECV_I = 1 };

typedef struct {
    long rx_pkts, rx_data, rx_acks, rx_bad[NBAD], rx_corrupt, rx_noise;
    long tx_pkts, tx_udata, tx_mdata, tx_fwd, tx_uack, tx_mack, tx_resent, tx_lost, tx_unparsed;
    long tx_req, tx_grant, tx_wait, tx_nak;     /* the NIC's admission packets */
    long rx_req, rx_grant, rx_wait, rx_nak, rx_late_grant, rx_regrant;  /* the peers' */
    long snd_waited, snd_granted, snd_nak_rewinds;  /* the peers' senders told WAIT, GRANT, NAK by the NIC */
    long comp[2][16], cq_lost;
    long sends[4], sends_bad, rbufs, gt_ok, gt_refused, gt_surprise, reg_rd, reg_wr, irqs, errwins, stalls;
    long host_resend, bad_payload, checked_msgs, wraps;
    long fwd_epochs, rberr_epochs;  /* epochs where forwarding / receive-buffer ERR could happen */
    long nic[WC_NICR_WORDS];    /* NIC counters summed over clears and epochs */
    long epochs, mode_epochs[3], hard_resets;
    unsigned nodes[8];
    int nnodes;
    unsigned peak;
} stats;

typedef struct {
    long rx_flits, tx_flits, regs, dma_rd, dma_wr, dma_err, framing;
} board_count;

typedef struct {
    nic_bench *b;
    board_count c0;             /* the board's counters when the run started */
    wc_nic_cfg cfg;
    const nr_opts *o;
    wc_rng r;
    unsigned self, N, G, pay;
    unsigned MC;                /* MAXCHILD: children of a group, destinations of a multisend */
    /* knobs of the run */
    double p_rx, p_bad, p_corrupt, p_noise, p_lose, p_ackdrop, p_stall, p_stale;
    double p_req, p_wait, p_nak;
    int ack_delay, snd_timeout, stall_max, pause_max, wait_max, regrant;
    /* host */
    unsigned sq_size, rq_size, cq_size, mode;
    uint16_t sq_tail, sq_head, rq_tail, rq_head, cq_head;
    uint16_t next_tag;
    int rb_busy[NRB];
    int list_busy[NLIST];
    tagrec tag[NTAG];
    grp g[WC_NIC_GROUPS];
    /* peers */
    unsigned peer[MAXPEER];
    sender usnd[MAXPEER];
    int npeer;
    prx *urx;                   /* [N]: node p receiving the NIC's unicast stream */
    pend_ack pend[MAXPEND];
    struct { unsigned node, group; } al[MAXAL];     /* streams the peers' admission scanner watches */
    int nal;
    int seen;                   /* packets of b->tx handled */
    int resetting;              /* a soft reset is being written */
    /* this epoch receive buffers may meet ERR (poison addresses, error
     * windows); then a forwarder may send what a failed write left in
     * host memory, and forwarded bytes are not checked */
    int rb_errors;
    int irq;
    long errwin_end;
    long epoch_end, end;
    stats st;
} env;

/* ---- small helpers ----------------------------------------------------- */

static unsigned below(env *e, unsigned n) { return n ? (unsigned)wc_rng_below(&e->r, n) : 0u; }
static int chance(env *e, double p) { return wc_rng_chance(&e->r, p); }
static long now(const env *e) { return e->b->total; }
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

static void note(env *e, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void note(env *e, const char *fmt, ...)
{
    int n;
    va_list ap;
    n = snprintf(e->b->note, sizeof e->b->note, "seed %llu epoch %ld: ", (unsigned long long)e->o->seed,
                 e->st.epochs);
    va_start(ap, fmt);
    vsnprintf(e->b->note + n, sizeof e->b->note - (size_t)n, fmt, ap);
    va_end(ap);
}

/* a node id other than self (and other than avoid, if possible) */
static unsigned other_node(env *e, unsigned avoid)
{
    unsigned v;
    int tries = 0;
    do {
        v = below(e, e->N);
    } while ((v == e->self || (v == avoid && e->N > 2)) && ++tries < 1000);
    return v;
}

/* message length: mostly one or a few packets, now and then up to 16 KiB */
static unsigned msg_len(env *e)
{
    unsigned r = below(e, 100), p = e->pay, l;
    if (e->o->long_epochs && chance(e, 0.5))
        return WC_NIC_MAX_MSG - below(e, 4);
    if (r < 55) l = 1 + below(e, p);
    else if (r < 85) l = p + 1 + below(e, 3 * p);
    else if (r < 96) l = 1 + below(e, 16 * p);
    else l = 1 + below(e, WC_NIC_MAX_MSG);
    return l > WC_NIC_MAX_MSG ? WC_NIC_MAX_MSG : l;
}

static unsigned npk_of(const env *e, unsigned len) { return (len + e->pay - 1) / e->pay; }

static void sum_counter(env *e, unsigned reg)
{
    e->st.nic[reg] += (long)wc_nic_peek(e->b->nic, reg);
}

static void sum_all_counters(env *e)
{
    unsigned r;
    for (r = WC_NICR_ERR_CRC; r <= WC_NICR_ERR_DESC; r++)
        if (r != WC_NICR_TIMEOUT && r != WC_NICR_PEAK && r != WC_NICR_SLOTS)
            sum_counter(e, r);
    if (wc_nic_peek(e->b->nic, WC_NICR_PEAK) > e->st.peak)
        e->st.peak = wc_nic_peek(e->b->nic, WC_NICR_PEAK);
}

/* ---- packets toward the NIC ---------------------------------------------- */

/* Flip 1..3 bits: data bits anywhere (head included), now and then a
 * flit type bit (a framing error). */
static void corrupt(env *e, uint64_t *fl, unsigned n)
{
    unsigned k, nb = 1 + below(e, 3);
    for (k = 0; k < nb; k++) {
        unsigned i = below(e, n);
        if (chance(e, 0.1))
            fl[i] ^= 1ull << (32 + below(e, 2));
        else
            fl[i] ^= 1ull << below(e, 32);
    }
}

static void queue_flits(env *e, const uint64_t *fl, unsigned n)
{
    unsigned i;
    if ((unsigned)nb_rx_room(e->b) < n)
        return;
    for (i = 0; i < n; i++)
        (void)nb_inject_flit(e->b, fl[i]);
    e->st.rx_pkts++;
}

static void typed(const uint32_t *f, unsigned n, uint64_t *fl)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        unsigned t = n == 1 ? WC_FT_SINGLE : i == 0 ? WC_FT_HEAD : i == n - 1 ? WC_FT_TAIL : WC_FT_BODY;
        fl[i] = (uint64_t)f[i] | (uint64_t)t << 32;
    }
}

static void send_words(env *e, const uint32_t *f, unsigned n, int may_corrupt)
{
    uint64_t fl[WC_NIC_MAX_PKT_FLITS + 8];
    typed(f, n, fl);
    if (may_corrupt && chance(e, e->p_corrupt)) {
        corrupt(e, fl, n);
        e->st.rx_corrupt++;
    }
    queue_flits(e, fl, n);
}

static void payload(unsigned seed, unsigned off, unsigned len, uint8_t *p)
{
    unsigned i;
    for (i = 0; i < len; i++)
        p[i] = (uint8_t)(seed * 2654435761u >> 13 ^ (off + i) * 97u ^ (off + i) >> 7);
}

/* packet k of a sender's message, with sequence number seq */
static unsigned data_packet(env *e, const sender *s, unsigned k, unsigned seq, uint32_t *f)
{
    uint8_t p[WC_NIC_PAYLOAD];
    unsigned off = k * e->pay, len = umin(e->pay, s->msglen - off);
    payload(s->pseed, off, len, p);
    return nb_build(e->self, s->src, s->group, s->group ? WC_PT_MDATA : WC_PT_UDATA, seq & 0xFFFFu, off, len,
                    s->msglen, p, f);
}

static void sender_new(env *e, sender *s, uint16_t seq0)
{
    memmove(&s->hist[1], &s->hist[0], sizeof s->hist - sizeof s->hist[0]);
    s->seq0 = seq0;
    s->msglen = msg_len(e);
    s->npk = npk_of(e, s->msglen);
    s->k = s->acked = 0;
    s->last = now(e);
    s->wait_until = now(e) + (long)below(e, (unsigned)e->pause_max + 1);
    s->pseed = (unsigned)wc_rng_next(&e->r);
    s->adm = chance(e, e->p_req) ? WC_NIC_ADM_NEED : WC_NIC_ADM_GRANT;
    s->hist[0].msglen = s->msglen;
    s->hist[0].pseed = s->pseed;
}

/* Does len bytes at offset off of one of s's recent messages of msglen
 * bytes read p?  -1: no such message remembered (nothing to check). */
static int sender_bytes(const sender *s, unsigned msglen, unsigned off, unsigned len, const uint8_t *p)
{
    uint8_t want[WC_NIC_MAX_MSG];
    int i, known = 0;
    for (i = 0; i < NHIST; i++) {
        if (!s->hist[i].msglen || s->hist[i].msglen != msglen || off + len > msglen)
            continue;
        known = 1;
        payload(s->hist[i].pseed, off, len, want);
        if (!memcmp(want, p, len))
            return 1;
    }
    return known ? 0 : -1;
}

/* the NIC acknowledged: it expects seq next */
static void sender_ack(env *e, sender *s, unsigned seq)
{
    unsigned d = (seq - s->seq0) & 0xFFFFu;
    if (!s->on || d > s->npk)
        return;                 /* older than this message */
    if (d > s->acked) {
        s->acked = d;
        s->last = now(e);
        if (s->k < d)
            s->k = d;
    }
    if (s->acked == s->npk) {
        if ((unsigned)s->seq0 + s->npk > 0xFFFFu)
            e->st.wraps++;
        sender_new(e, s, (uint16_t)(s->seq0 + s->npk));
    }
}

/* One data packet from s: usually the next one; now and then a
 * duplicate, an early packet, or a sequence number off by a little. */
static void sender_send(env *e, sender *s)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS + 8];
    unsigned k = s->k, seq, n;
    if (chance(e, e->p_noise)) {
        switch (below(e, 3)) {
        case 0:
            if (k > 0)
                k -= 1 + below(e, umin(k, 3));
            break;
        case 1:
            if (k + 1 < s->npk)
                k += 1 + below(e, umin(s->npk - k - 1, 2));
            break;
        default:
            break;
        }
        seq = s->seq0 + k;
        /* a sequence a little off; never ahead for packet 0: a packet 0
         * at the receiver's expect is the stream's next message */
        if (k == s->k && chance(e, 0.5))
            seq += k ? below(e, 9) - 4u : 0u - below(e, 5);
        e->st.rx_noise++;
    } else {
        seq = s->seq0 + k;
        s->k++;
    }
    n = data_packet(e, s, k, seq, f);
    send_words(e, f, n, 1);
    e->st.rx_data++;
}

/* The REQ of s's message (now and then one naming another sequence, a
 * duplicate or early REQ); its answer is due within the sender's timeout. */
static void sender_req(env *e, sender *s)
{
    uint32_t f[8];
    unsigned seq = s->seq0;
    if (chance(e, e->p_noise)) {
        /* behind the message, or past its end: a REQ at the receiver's
         * expect would ask for the stream's next message */
        seq = chance(e, 0.5) ? seq - 1u - below(e, 4) : seq + s->npk + 1u + below(e, 4);
        e->st.rx_noise++;
    }
    send_words(e, f, nb_build(e->self, s->src, s->group, WC_PT_REQ, seq & 0xFFFFu, 0, 0, s->msglen, NULL, f), 1);
    s->adm = WC_NIC_ADM_REQ;
    s->adm_dl = now(e) + e->snd_timeout;
    e->st.rx_req++;
}

/* The NIC, as receiver, answered s with an ack, GRANT, WAIT or NAK
 * carrying its expect seq.  GRANT and WAIT answer a message's admission,
 * so they name its first packet with nothing of it acknowledged (a GRANT
 * of an earlier message sent late would let the next one in ungranted). */
static void sender_answer(env *e, sender *s, unsigned type, unsigned seq)
{
    unsigned d = (seq - s->seq0) & 0xFFFFu;
    if (type == WC_PT_GRANT || type == WC_PT_WAIT)
        NB_CHECK(e->b, !s->on || (d == 0 && s->acked == 0), "run cycle %ld: the NIC's %s to %u (group %u) names "
                 "sequence %u, not the first of its message (%u, %u of %u packets acknowledged)", now(e),
                 type == WC_PT_GRANT ? "GRANT" : "WAIT", s->src, s->group, seq, s->seq0, s->acked, s->npk);
    sender_ack(e, s, seq);
    if (!s->on || d != s->acked)
        return;
    if (type == WC_PT_GRANT && !s->acked) {
        /* admitted: an eager sender refused before sends packet 0 again */
        s->adm = WC_NIC_ADM_GRANT;
        s->k = 0;
        s->last = now(e);
        e->st.snd_granted++;
    } else if (type == WC_PT_WAIT && !s->acked) {
        s->adm = WC_NIC_ADM_WAIT;
        s->adm_dl = now(e) + 16L * e->snd_timeout;
        e->st.snd_waited++;
    } else if (type == WC_PT_NAK && s->adm == WC_NIC_ADM_GRANT && s->k > s->acked) {
        s->k = s->acked;        /* go back now, no timeout */
        s->last = now(e);
        e->st.snd_nak_rewinds++;
    }
}

/* The peer receiving the NIC's stream to node (group 0: unicast), NULL if
 * the NIC has no such stream. */
static prx *peer_rx(env *e, unsigned node, unsigned group)
{
    grp *g;
    unsigned ci;
    if (!group)
        return node < e->N ? &e->urx[node] : NULL;
    g = group < e->G ? &e->g[group] : NULL;
    if (!g || !g->valid)
        return NULL;
    for (ci = 0; ci < g->nchild && g->child[ci] != node; ci++)
        ;
    return ci < g->nchild ? &g->rx[ci] : NULL;
}

/* A peer's answer: its kind decided by the stream's state now, so a
 * GRANT never goes once the message's data has come (it would be taken
 * for the next message's), and a WAIT becomes the GRANT that followed. */
static void send_ack(env *e, const pend_ack *a)
{
    uint32_t f[8];
    unsigned seq, n, type;
    prx *x = peer_rx(e, a->node, a->group);
    if (!x)
        return;
    seq = x->exp;
    if (a->kind == WC_NIC_PEND_NAK)
        type = WC_PT_NAK;
    else if (a->kind != WC_NIC_PEND_ACK && x->st == PR_GRANTED && x->exp == x->base)
        type = WC_PT_GRANT;
    else if (a->kind != WC_NIC_PEND_ACK && x->st == PR_WAITING)
        type = WC_PT_WAIT;
    else
        type = a->group ? WC_PT_MACK : WC_PT_UACK;
    if (chance(e, e->p_stale))
        seq -= 1 + below(e, 3);         /* an old answer overtaken by a newer one */
    n = nb_build(e->self, a->node, a->group, type, seq & 0xFFFFu, 0, 0, 0, NULL, f);
    send_words(e, f, n, 1);
    e->st.rx_acks++;
    e->st.rx_grant += type == WC_PT_GRANT;
    e->st.rx_wait += type == WC_PT_WAIT;
    e->st.rx_nak += type == WC_PT_NAK;
}

/* A bad packet of kind k: the validation table of docs/nic.md (a valid
 * CRC over whatever is wrong, so the later checks are reached) and
 * framing errors. */
static void send_bad(env *e, int k)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS + 8];
    uint64_t fl[WC_NIC_MAX_PKT_FLITS + 8];
    uint8_t p[WC_NIC_PAYLOAD];
    unsigned src = other_node(e, e->self), n, len = 1 + below(e, e->pay), i;
    unsigned g = 1 + below(e, e->G - 1);
    int fix = 1;
    payload((unsigned)wc_rng_next(&e->r), 0, WC_NIC_PAYLOAD, p);
    n = nb_build(e->self, src, 0, WC_PT_UDATA, e->urx[src].exp ^ below(e, 2), 0, len, len + below(e, 1000), p, f);
    switch (k) {
    case BAD_CRC:
        f[1 + below(e, n - 1)] ^= 1u << below(e, 32);
        fix = 0;
        break;
    case BAD_GROUP_DATA:
    case BAD_GROUP_ACK:
    case BAD_CTL_GROUP:
        for (i = 0; i < 8 && e->g[g].valid; i++)
            g = 1 + below(e, e->G - 1);
        if (e->g[g].valid || chance(e, 0.3))
            g = e->G + below(e, 4096 - e->G);    /* out of range */
        if (k == BAD_GROUP_ACK)
            n = nb_build(e->self, src, g & 0xFFFu, WC_PT_MACK, below(e, 4), 0, 0, 0, NULL, f);
        else if (k == BAD_CTL_GROUP) {
            unsigned t = WC_PT_REQ + below(e, 4);
            n = nb_build(e->self, src, g & 0xFFFu, t, below(e, 4), 0, 0, t == WC_PT_REQ ? len : 0u, NULL, f);
        } else {
            n = nb_build(e->self, src, g & 0xFFFu, WC_PT_MDATA, 0, 0, len, len, p, f);
        }
        break;
    case BAD_LEN_BIG:
        /* a length field above PAYLOAD, the flit count to match when it fits */
        len = e->pay + 4 * (1 + below(e, 8));
        if (len <= WC_NIC_PAYLOAD)
            n = nb_build(e->self, src, 0, WC_PT_UDATA, 0, 0, len, len, p, f);
        else
            f[3] = WC_SET(WC_SET(0u, NH2_LEN, len), NH2_MSGLEN, len + 100);
        break;
    case BAD_OFF:
        /* never a multiple of PAYLOAD (itself a multiple of 4) */
        f[2] = WC_SET(f[2], NH1_OFF, e->pay * below(e, 4) + 2);
        f[3] = WC_SET(f[3], NH2_MSGLEN, 4 * e->pay);
        break;
    case BAD_SHORT:
        if (n > 5)
            n--;
        else
            n = 2 + below(e, 3);            /* a header cut short */
        break;
    case BAD_LONG:
        f[n] = 0;
        n++;
        break;
    case BAD_PAD:
        if (!(len & 3u))
            len = len > 1 ? len - 1 : 1;
        n = nb_build(e->self, src, 0, WC_PT_UDATA, 0, 0, len, len, p, f);
        f[n - 1] |= 0xFFu << 24;
        break;
    case BAD_ACKLEN:
        n = nb_build(e->self, src, 0, WC_PT_UACK, 0, 0, 0, 0, NULL, f);
        if (chance(e, 0.5))
            f[3] = 1 + below(e, 0xFFFF);
        else
            f[2] = WC_SET(f[2], NH1_OFF, 1 + below(e, 0xFFFF));
        break;
    case BAD_SINGLE:
        n = 1;
        fix = 0;
        break;
    case BAD_TYPE: {
        /* 0, or above PT_LAST: 9..15 */
        unsigned t = below(e, 16 - WC_PT_LAST);
        f[1] = WC_SET(f[1], NH0_TYPE, t ? WC_PT_LAST + t : 0u);
        break;
    }
    case BAD_RSVD:
        f[1] = WC_SET(f[1], NH0_RSVD, 1 + below(e, (1u << WC_NH0_RSVD_W) - 1));
        break;
    case BAD_DST:
        /* the CRC covers the head: a head redirected on the way is a CRC
         * error; one built for another node (CRC made for that head) is
         * caught by the destination check */
        f[0] = WC_SET(f[0], HEAD_DST, other_node(e, e->self));
        fix = chance(e, 0.5);
        break;
    case BAD_KIND:
        if (chance(e, 0.5))
            f[0] = WC_SET(f[0], HEAD_KIND, 1 + below(e, (1u << WC_HEAD_KIND_W) - 1));
        else
            f[0] = WC_SET(f[0], HEAD_NADDR, 1 + below(e, (1u << WC_HEAD_NADDR_W) - 1));
        break;
    case BAD_USER:
        f[0] = WC_SET(f[0], HEAD_USER, 1 + below(e, 4095));
        break;
    case BAD_SELF:
        f[1] = WC_SET(f[1], NH0_SRC, e->self);
        break;
    case BAD_SRC_RANGE:
        if (e->N >= 4096) {
            f[1] = WC_SET(f[1], NH0_SRC, e->self);
        } else {
            f[1] = WC_SET(f[1], NH0_SRC, e->N + below(e, 4096 - e->N));
            if (chance(e, 0.5)) {
                f[1] = WC_SET(f[1], NH0_TYPE, WC_PT_UACK);
                f[2] = WC_SET(f[2], NH1_OFF, 0);
                f[3] = 0;
                n = 5;
            }
        }
        break;
    case BAD_ROOT:
        /* data for a group whose root is this node: nobody may send it here */
        for (i = 1; i < e->G; i++)
            if (e->g[i].valid && e->g[i].parent == WC_NIC_NO_PARENT)
                break;
        if (i == e->G)
            i = e->G + below(e, 4096 - e->G);   /* no root group here: an unknown one */
        if (chance(e, 0.5))
            n = nb_build(e->self, src, i & 0xFFFu, WC_PT_REQ, 0, 0, 0, len, NULL, f);
        else
            n = nb_build(e->self, src, i & 0xFFFu, WC_PT_MDATA, 0, 0, len, len, p, f);
        break;
    case BAD_MSGLEN:
    case BAD_REQ_LEN:
        if (k == BAD_REQ_LEN) {
            n = nb_build(e->self, src, 0, WC_PT_REQ, e->urx[src].exp, 0, 0, len, NULL, f);
            if (chance(e, 0.4)) {
                /* a payload, or an offset */
                if (chance(e, 0.5)) {
                    f[3] = WC_SET(f[3], NH2_LEN, len);
                    for (i = 0; i < (len + 3) / 4; i++)
                        f[n++] = (uint32_t)wc_rng_next(&e->r);
                } else {
                    f[2] = WC_SET(f[2], NH1_OFF, 1 + below(e, 0xFFFF));
                }
                break;
            }
        }
        f[3] = WC_SET(f[3], NH2_MSGLEN, chance(e, 0.5) ? 0u : WC_NIC_MAX_MSG + 1 + below(e, 0xFFFF - WC_NIC_MAX_MSG));
        break;
    case BAD_CTL_LEN:
        /* a GRANT, WAIT or NAK with a payload, an offset or a msglen */
        n = nb_build(e->self, src, 0, WC_PT_GRANT + below(e, 3), below(e, 0x10000), 0, 0, 0, NULL, f);
        switch (below(e, 3)) {
        case 0:
            f[3] = WC_SET(f[3], NH2_LEN, len);
            for (i = 0; i < (len + 3) / 4; i++)
                f[n++] = (uint32_t)wc_rng_next(&e->r);
            break;
        case 1:
            f[2] = WC_SET(f[2], NH1_OFF, 1 + below(e, 0xFFFF));
            break;
        default:
            f[3] = WC_SET(f[3], NH2_MSGLEN, 1 + below(e, 0xFFFF));
            break;
        }
        break;
    case BAD_CTL_SRC:
        /* a GRANT, WAIT or NAK from outside the network, a REQ from there
         * or from the node itself */
        if (e->N < 4096 && chance(e, 0.7)) {
            unsigned t = WC_PT_REQ + below(e, 4);
            n = nb_build(e->self, e->N + below(e, 4096 - e->N), 0, t, below(e, 0x10000), 0, 0,
                         t == WC_PT_REQ ? len : 0, NULL, f);
        } else {
            n = nb_build(e->self, e->self, 0, WC_PT_REQ, below(e, 0x10000), 0, 0, len, NULL, f);
        }
        break;
    case BAD_CTL_STALE: {
        /* a GRANT, WAIT or NAK a peer sent long ago: behind what it
         * expects now, so older than anything the NIC sends it */
        prx *x = &e->urx[src];
        n = nb_build(e->self, src, 0, WC_PT_GRANT + below(e, 3), (x->exp - 1u - below(e, 100)) & 0xFFFFu, 0, 0, 0,
                     NULL, f);
        break;
    }
    case BAD_OVER:
        f[3] = WC_SET(f[3], NH2_MSGLEN, len > 1 ? below(e, len - 1) + 1 : 0);
        break;
    case BAD_LEN0:
        f[3] = WC_SET(f[3], NH2_LEN, 0);
        break;
    case BAD_TRUNC:
        /* the tail never comes: the next head ends it */
        typed(f, n, fl);
        fl[n - 1] = (fl[n - 1] & 0xFFFFFFFFu) | (uint64_t)WC_FT_BODY << 32;
        queue_flits(e, fl, n);
        e->st.rx_bad[k]++;
        return;
    case BAD_STRAY:
        n = 1 + below(e, 3);
        for (i = 0; i < n; i++)
            fl[i] = (wc_rng_next(&e->r) & 0xFFFFFFFFu) |
                    (uint64_t)(i == n - 1 && chance(e, 0.5) ? WC_FT_TAIL : WC_FT_BODY) << 32;
        queue_flits(e, fl, n);
        e->st.rx_bad[k]++;
        return;
    default: /* BAD_TOOMANY: more flits than a packet of PAYLOAD bytes has */
        n = 6 + (unsigned)e->pay / 4 + below(e, 4);
        if (n > WC_NIC_MAX_PKT_FLITS + 4)
            n = WC_NIC_MAX_PKT_FLITS + 4;
        for (i = 5; i < n; i++)
            f[i] = (uint32_t)wc_rng_next(&e->r);
        f[3] = WC_SET(WC_SET(0u, NH2_LEN, 4 * (n - 5)), NH2_MSGLEN, 4 * (n - 5));
        break;
    }
    if (fix)
        nb_fix_crc(f, n);
    typed(f, n, fl);
    queue_flits(e, fl, n);
    e->st.rx_bad[k]++;
}

/* A peer's answer of this kind (NIC_PEND_*) becomes pending, as the
 * NIC's do: one per stream, the strongest kind wins, but force (a NAK, the
 * ack of an accepted packet) replaces what is pending. */
static void queue_ack(env *e, unsigned node, unsigned group, unsigned kind, int force)
{
    int i, fr = -1;
    if (chance(e, e->p_ackdrop))
        return;
    for (i = 0; i < MAXPEND; i++) {
        if (e->pend[i].used && e->pend[i].node == node && e->pend[i].group == group) {
            /* cumulative: the pending one will carry the news */
            if (force || kind > e->pend[i].kind)
                e->pend[i].kind = kind;
            return;
        }
        if (!e->pend[i].used && fr < 0)
            fr = i;
    }
    if (fr < 0)
        return;
    e->pend[fr].used = 1;
    e->pend[fr].node = node;
    e->pend[fr].group = group;
    e->pend[fr].kind = kind;
    e->pend[fr].due = now(e) + (long)below(e, (unsigned)e->ack_delay + 1);
}

/* The peers' admission scanner watches the stream: a WAIT to turn into a
 * GRANT, a GRANT to repeat while no data follows (the NIC, told to wait,
 * has no timer of its own). */
static void adm_watch(env *e, unsigned node, unsigned group, prx *x)
{
    if (x->listed || e->nal == MAXAL)
        return;
    e->al[e->nal].node = node;
    e->al[e->nal].group = group;
    e->nal++;
    x->listed = 1;
}

static void adm_scan(env *e)
{
    int i = 0;
    while (i < e->nal) {
        unsigned node = e->al[i].node, group = e->al[i].group;
        prx *x = peer_rx(e, node, group);
        if (x && x->st == PR_WAITING && now(e) >= x->at) {
            /* room at last */
            x->st = PR_GRANTED;
            x->base = x->exp;
            x->at = now(e) + e->regrant;
            e->st.rx_late_grant++;
            queue_ack(e, node, group, WC_NIC_PEND_GRANT, 0);
        } else if (x && x->st == PR_GRANTED && x->exp == x->base && now(e) >= x->at) {
            x->at = now(e) + e->regrant;
            e->st.rx_regrant++;
            queue_ack(e, node, group, WC_NIC_PEND_GRANT, 0);
        }
        if (x && (x->st == PR_WAITING || (x->st == PR_GRANTED && x->exp == x->base))) {
            i++;
            continue;
        }
        if (x)
            x->listed = 0;
        e->al[i] = e->al[--e->nal];
    }
}

/* The NIC asks peer h->dst to admit a message: grant it, or make it wait
 * (and grant later), or repeat the answer of a REQ sent again. */
static void peer_req(env *e, const wc_nic_hdr *h)
{
    prx *x = peer_rx(e, h->dst, h->group);
    if (!x) {
        NB_CHECK(e->b, 0, "run cycle %ld: the NIC sent a REQ of group %u to %u, which is no child of it", now(e),
                 h->group, h->dst);
        return;
    }
    if (h->seq != x->exp) {
        /* the stream's previous message must be done with before the
         * next one asks: its REQ names what the child expects */
        NB_CHECK(e->b, 0, "run cycle %ld: the NIC's REQ to %u (group %u) names sequence %u, the child expects %u",
                 now(e), h->dst, h->group, h->seq, x->exp);
        queue_ack(e, h->dst, h->group, WC_NIC_PEND_ACK, 0);
        return;
    }
    if (x->st == PR_NONE) {
        x->len = (uint16_t)h->msglen;
        x->base = x->exp;
        if (chance(e, e->p_wait)) {
            x->st = PR_WAITING;
            x->at = now(e) + 1 + (long)below(e, (unsigned)e->wait_max);
        } else {
            x->st = PR_GRANTED;
            x->at = now(e) + e->regrant;
        }
        adm_watch(e, h->dst, h->group, x);
    } else if (x->st == PR_GRANTED && x->len != h->msglen) {
        NB_CHECK(e->b, 0, "run cycle %ld: the NIC's REQ to %u (group %u) at %u asks for %u bytes, granted for %u",
                 now(e), h->dst, h->group, h->seq, h->msglen, x->len);
    }
    queue_ack(e, h->dst, h->group, x->st == PR_WAITING ? WC_NIC_PEND_WAIT : WC_NIC_PEND_GRANT, 0);
}

/* ---- what the NIC sent ------------------------------------------------- */

static sender *unicast_sender(env *e, unsigned p)
{
    int i;
    for (i = 0; i < e->npeer; i++)
        if (e->peer[i] == p)
            return &e->usnd[i];
    return NULL;
}

static void tx_packet(env *e, int i)
{
    wc_nic_hdr h;
    uint8_t pay[WC_NIC_PAYLOAD];
    int rc = nb_parse_tx(e->b, i, &h, pay);
    prx *x = NULL;
    grp *g;
    e->st.tx_pkts++;
    if (rc) {
        e->st.tx_unparsed++;
        const nb_pkt *p = &e->b->tx[i % NB_TXP];
        NB_CHECK(e->b, 0, "run cycle %ld: the NIC sent a packet to %u that does not parse (status %d): %u flits, "
                 "src %u group %u type %u seq %u off %u len %u msglen %u", now(e), h.dst, -rc, p->n, h.src,
                 h.group, h.type, h.seq, h.off, h.len, h.msglen);
        return;
    }
    switch (h.type) {
    case WC_PT_UDATA:
        e->st.tx_udata++;
        x = peer_rx(e, h.dst, 0);
        break;
    case WC_PT_MDATA:
        e->st.tx_mdata++;
        g = h.group < e->G ? &e->g[h.group] : NULL;
        if (!g || !g->valid)
            break;
        if (g->parent != WC_NIC_NO_PARENT) {
            /* forwarded, or re-sent by the host naming the parent's
             * source: the parent's bytes (the host's own multicasts in
             * such a group name another source) */
            e->st.tx_fwd += e->mode != WC_NIC_MODE_HOST;
            if (!e->rb_errors && h.src == g->snd.src && sender_bytes(&g->snd, h.msglen, h.off, h.len, pay) == 0) {
                e->st.bad_payload++;
                NB_CHECK(e->b, 0, "run cycle %ld: packet of group %u to %u (seq %u off %u len %u msglen %u) carries "
                         "bytes the parent never sent at that offset", now(e), h.group, h.dst, h.seq, h.off,
                         h.len, h.msglen);
            }
        }
        x = peer_rx(e, h.dst, h.group);
        break;
    case WC_PT_REQ:
        e->st.tx_req++;
        peer_req(e, &h);
        return;
    default: {
        /* the NIC as receiver answers a peer's sender: an ack, GRANT,
         * WAIT or NAK, each carrying its expect */
        sender *s = NULL;
        e->st.tx_uack += h.type == WC_PT_UACK;
        e->st.tx_mack += h.type == WC_PT_MACK;
        e->st.tx_grant += h.type == WC_PT_GRANT;
        e->st.tx_wait += h.type == WC_PT_WAIT;
        e->st.tx_nak += h.type == WC_PT_NAK;
        if (!h.group) {
            s = unicast_sender(e, h.dst);
        } else {
            g = h.group < e->G ? &e->g[h.group] : NULL;
            if (g && g->valid && g->parent == h.dst)
                s = &g->snd;
        }
        if (s)
            sender_answer(e, s, h.type, h.seq);
        return;
    }
    }
    if (!x)
        return;
    if (h.seq == x->exp) {
        /* the child's next packet: only within the message it granted */
        if (x->st != PR_GRANTED || ((h.seq - x->base) & 0xFFFFu) >= npk_of(e, x->len) || h.msglen != x->len) {
            NB_CHECK(e->b, 0, "run cycle %ld: the NIC sent %u data at %u (msglen %u, group %u) before its GRANT "
                     "(the child %s %u bytes at %u)", now(e), h.dst, h.seq, h.msglen, h.group,
                     x->st == PR_GRANTED ? "granted" : x->st == PR_WAITING ? "told it to wait for" : "granted no",
                     x->len, x->base);
            return;
        }
        if (chance(e, e->p_lose)) {
            e->st.tx_lost++;    /* lost on the way: no ack, a NAK or a timeout follows */
            return;
        }
        if (!++x->exp)
            e->st.wraps++;
        x->nakd = 0;
        if (((x->exp - x->base) & 0xFFFFu) == npk_of(e, x->len))
            x->st = PR_NONE;    /* the message is in: the next one must ask */
        queue_ack(e, h.dst, h.type == WC_PT_MDATA ? h.group : 0, WC_NIC_PEND_ACK, 1);
        return;
    }
    if (((h.seq - x->exp) & 0xFFFFu) >= 0x8000u) {
        e->st.tx_resent++;
    } else if (!x->nakd && chance(e, e->p_nak)) {
        /* early: x->exp was lost */
        x->nakd = 1;
        queue_ack(e, h.dst, h.type == WC_PT_MDATA ? h.group : 0, WC_NIC_PEND_NAK, 1);
        return;
    }
    queue_ack(e, h.dst, h.type == WC_PT_MDATA ? h.group : 0, WC_NIC_PEND_ACK, 0);
}

/* ---- the network, every cycle ---------------------------------------- */

/* A sender with a packet to send now: data once admitted, or its REQ. */
static int sender_ready(env *e, const sender *s)
{
    return s->on && s->k < s->npk && now(e) >= s->wait_until &&
           (s->adm == WC_NIC_ADM_GRANT || s->adm == WC_NIC_ADM_NEED);
}

static void sender_timer(env *e, sender *s)
{
    if (!s->on)
        return;
    if ((s->adm == WC_NIC_ADM_REQ || s->adm == WC_NIC_ADM_WAIT) && now(e) >= s->adm_dl) {
        s->adm = WC_NIC_ADM_NEED;   /* no answer, or no GRANT after a WAIT: ask again */
        return;
    }
    if (s->adm == WC_NIC_ADM_GRANT && s->acked < s->k && now(e) - s->last > e->snd_timeout) {
        s->k = s->acked;        /* go-back-N */
        s->last = now(e);
    }
}

static void feed(env *e)
{
    nic_bench *b = e->b;
    int i;
    if (b->rxn > 2)
        return;
    for (i = 0; i < MAXPEND; i++)
        if (e->pend[i].used && e->pend[i].due <= now(e)) {
            e->pend[i].used = 0;
            send_ack(e, &e->pend[i]);
            return;
        }
    if (!chance(e, e->p_rx))
        return;
    if (chance(e, e->p_bad)) {
        send_bad(e, (int)below(e, NBAD));
        return;
    }
    {
        /* a ready sender, starting from a random one */
        int n = e->npeer + (int)e->G, start = (int)below(e, (unsigned)n), j;
        for (j = 0; j < n; j++) {
            int x = (start + j) % n;
            sender *s = x < e->npeer ? &e->usnd[x] : &e->g[x - e->npeer].snd;
            if (x >= e->npeer && !e->g[x - e->npeer].valid)
                continue;
            if (sender_ready(e, s)) {
                if (s->adm == WC_NIC_ADM_NEED)
                    sender_req(e, s);
                else
                    sender_send(e, s);
                return;
            }
        }
    }
}

static void hook(void *ctx, nic_bench *b, const wc_nic_out *o)
{
    env *e = ctx;
    e->irq = o->irq;
    while (e->seen < b->ntx)
        tx_packet(e, e->seen++);
    if ((now(e) & 15) == 0) {
        int i;
        for (i = 0; i < e->npeer; i++)
            sender_timer(e, &e->usnd[i]);
        for (i = 1; i < (int)e->G; i++)
            if (e->g[i].valid)
                sender_timer(e, &e->g[i].snd);
        adm_scan(e);
    }
    if (e->errwin_end && now(e) >= e->errwin_end) {
        nb_set_err(b, 1, 0, 0);
        e->errwin_end = 0;
    }
    if (e->p_stall > 0 && b->cyc >= b->credit_stall && chance(e, e->p_stall)) {
        /* the board counts its cycles from the last reset */
        b->credit_stall = b->cyc + 1 + (long)below(e, (unsigned)e->stall_max);
        e->st.stalls++;
    }
    if (!e->resetting)
        feed(e);
}

/* ---- the host program ---------------------------------------------------- */

static int rb_of(uint32_t a)
{
    if (a < RB_BASE || a >= RB_BASE + NRB * RB_SIZE || (a - RB_BASE) % RB_SIZE)
        return -1;
    return (int)((a - RB_BASE) / RB_SIZE);
}

static void free_tag(env *e, unsigned t)
{
    tagrec *r = &e->tag[t & (NTAG - 1)];
    if (!r->used)
        return;
    if (r->list >= 0)
        e->list_busy[r->list] = 0;
    if (r->rb >= 0)
        e->rb_busy[r->rb] = 0;
    r->used = 0;
}

static uint16_t new_tag(env *e)
{
    uint16_t t;
    e->next_tag = (uint16_t)((e->next_tag + 1u) & (NTAG - 1));
    if (!e->next_tag)
        e->next_tag = 1;        /* tag 0 is what a descriptor read with ERR shows */
    t = e->next_tag;
    free_tag(e, t);
    e->tag[t].used = 1;
    e->tag[t].list = -1;
    e->tag[t].rb = -1;
    return t;
}

static int sq_room(env *e)
{
    if (!e->sq_size)
        return 0;
    if ((uint16_t)(e->sq_tail - e->sq_head) >= e->sq_size)
        e->sq_head = (uint16_t)nb_rd(e->b, WC_NICR_SQ_HEAD);
    return (uint16_t)(e->sq_tail - e->sq_head) < e->sq_size;
}

static void post_desc(env *e, uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3)
{
    uint32_t a = SQ_BASE + 16u * (e->sq_tail & (e->sq_size - 1u));
    nb_w32(e->b, a, d0);
    nb_w32(e->b, a + 4, d1);
    nb_w32(e->b, a + 8, d2);
    nb_w32(e->b, a + 12, d3);
    e->sq_tail++;
    nb_wr(e->b, WC_NICR_SQ_TAIL, e->sq_tail | (chance(e, 0.05) ? (uint32_t)wc_rng_next(&e->r) << 16 : 0u));
}

static uint32_t d0_of(unsigned op, unsigned tag, unsigned len)
{
    return WC_SET(WC_SET(WC_SET(0u, SD0_OP, op), SD0_TAG, tag), SD0_LEN, len);
}

/* A message source: MSG region, word aligned, or now and then over the
 * poison region (the send completes with BUSERR). */
static uint32_t msg_addr(env *e, unsigned len)
{
    if (chance(e, 0.03))
        return POISON + 4u * below(e, (POISON_END - POISON) / 4);
    return MSG_BASE + 4u * below(e, (MSG_END - MSG_BASE - len) / 4 + 1);
}

static int root_group(env *e, int root)
{
    unsigned g, start = below(e, e->G);
    for (g = 0; g < e->G; g++) {
        unsigned x = (start + g) % e->G;
        if (x && e->g[x].valid && (e->g[x].parent == WC_NIC_NO_PARENT) == root && (!root || e->g[x].nchild))
            return (int)x;
    }
    return -1;
}

static int free_list(env *e)
{
    int i, s = (int)below(e, NLIST);
    for (i = 0; i < NLIST; i++)
        if (!e->list_busy[(s + i) % NLIST])
            return (s + i) % NLIST;
    return -1;
}

/* A multisend destination list at slot l: cnt distinct ids, then one
 * spoiled entry if bad (1 repeat, 2 self, 3 out of range, 4 reserved). */
static void write_list(env *e, int l, unsigned cnt, int bad)
{
    uint32_t a = LST_BASE + 64u * (unsigned)l;
    unsigned ids[MAXCH], i, k;
    for (i = 0; i < cnt; i++) {
        unsigned v;
        int tries = 0;
        do {
            v = i < (unsigned)e->npeer && chance(e, 0.7) ? e->peer[below(e, (unsigned)e->npeer)]
                                                          : other_node(e, e->self);
            for (k = 0; k < i && ids[k] != v; k++)
                ;
        } while (k < i && ++tries < 100);
        ids[i] = v;
    }
    if (bad && cnt) {
        unsigned at = below(e, cnt);
        switch (bad) {
        case 1: if (cnt > 1) ids[at] = ids[(at + 1) % cnt]; else ids[at] = e->self; break;
        case 2: ids[at] = e->self; break;
        case 3: ids[at] = e->N < 4096 ? e->N + below(e, 4096 - e->N) : e->self; break;
        default: ids[at] |= (1u + below(e, 0xFFFFF)) << 12; break;
        }
    }
    for (i = 0; i < cnt; i++)
        nb_w32(e->b, a + 4 * i, ids[i]);
}

static void post_send(env *e)
{
    unsigned r = below(e, 100), len = msg_len(e), tag, x, op;
    uint32_t addr = msg_addr(e, len), d3 = 0;
    int l, g;
    if (!sq_room(e))
        return;
    tag = new_tag(e);
    if (r < 46) {
        x = chance(e, 0.8) ? e->peer[below(e, (unsigned)e->npeer)] : other_node(e, e->self);
        note(e, "host posts unicast send tag %u: %u bytes at 0x%x to node %u", tag, len, (unsigned)addr, x);
        post_desc(e, d0_of(WC_OP_UNICAST, tag, len), addr, x, 0);
        e->st.sends[WC_OP_UNICAST]++;
        return;
    }
    if (r < 58 && (l = free_list(e)) >= 0) {
        x = 1 + below(e, umin(umin(e->MC, e->N - 1), chance(e, 0.8) ? 4 : e->MC));
        write_list(e, l, x, 0);
        e->list_busy[l] = 1;
        e->tag[tag].list = l;
        note(e, "host posts multisend tag %u: %u bytes to %u destinations (list slot %d)", tag, len, x, l);
        post_desc(e, d0_of(WC_OP_MULTISEND, tag, len), addr, x, LST_BASE + 64u * (unsigned)l);
        e->st.sends[WC_OP_MULTISEND]++;
        return;
    }
    if (r < 70) {
        g = root_group(e, 1);
        if (g < 0 && e->mode == WC_NIC_MODE_HOST)
            g = root_group(e, 0);
        if (g > 0) {
            if (e->g[g].parent != WC_NIC_NO_PARENT)
                d3 = other_node(e, e->g[g].snd.src);
            note(e, "host posts multicast tag %u: %u bytes to group %d", tag, len, g);
            post_desc(e, d0_of(WC_OP_MULTICAST, tag, len), addr, (unsigned)g, d3);
            e->st.sends[WC_OP_MULTICAST]++;
            return;
        }
    }
    /* an invalid descriptor */
    e->st.sends_bad++;
    op = WC_OP_UNICAST;
    x = e->peer[below(e, (unsigned)e->npeer)];
    switch (below(e, 20)) {
    case 0: op = 0; break;
    case 1: op = 4 + below(e, 12); break;
    case 2: addr |= 1 + below(e, 3); break;
    case 3: x |= (1u + below(e, 0xFFFFF)) << 12; break;
    case 4: d3 = 1 + below(e, 0xFFFF); break;
    case 5: len = 0; break;
    case 6: len = WC_NIC_MAX_MSG + 1 + below(e, 0xFFFF - WC_NIC_MAX_MSG); break;
    case 7: x = e->self; break;
    case 8: x = e->N < 4096 ? e->N + below(e, 4096 - e->N) : e->self; break;
    case 9: op = WC_OP_MULTISEND; x = chance(e, 0.5) ? 0 : e->MC + 1 + below(e, 100); d3 = LST_BASE; break;
    case 10: case 11: case 12: case 13:
        if ((l = free_list(e)) < 0) {
            x = e->self;
            break;
        }
        op = WC_OP_MULTISEND;
        x = 1 + below(e, umin(8, e->N - 1));
        write_list(e, l, x, 1 + (int)below(e, 4));
        e->list_busy[l] = 1;
        e->tag[tag].list = l;
        d3 = LST_BASE + 64u * (unsigned)l;
        break;
    case 14:
        op = WC_OP_MULTISEND;
        x = 1 + below(e, 4);
        d3 = chance(e, 0.5) ? POISON + 4u * below(e, 64) : LST_BASE + 1 + below(e, 3);
        break;
    case 15:
        op = WC_OP_MULTICAST;
        for (x = 1 + below(e, e->G - 1), l = 0; l < 8 && e->g[x].valid; l++)
            x = 1 + below(e, e->G - 1);
        if (e->g[x].valid || chance(e, 0.3))
            x = chance(e, 0.5) ? 0 : e->G + below(e, 4096 - e->G);
        break;
    case 16:
        op = WC_OP_MULTICAST;
        g = root_group(e, 1);
        x = g > 0 ? (unsigned)g : 0;
        d3 = 1 + below(e, 100);
        break;
    case 17: case 18:
        op = WC_OP_MULTICAST;
        g = root_group(e, 0);
        x = g > 0 ? (unsigned)g : 0;
        if (e->mode == WC_NIC_MODE_HOST)
            d3 = e->N < 4096 ? e->N + below(e, 4096 - e->N) : 0;
        break;
    default:
        /* a valid send over the poison region: BUSERR */
        addr = POISON + 4u * below(e, 256);
        len = 1 + below(e, 2 * e->pay);
        break;
    }
    note(e, "host posts a send descriptor meant to be refused, tag %u: op %u len %u x %u d3 0x%x", tag, op, len, x,
         (unsigned)d3);
    post_desc(e, d0_of(op, tag, len), addr, x, d3);
}

/* Host-mode forwarding: a message received for a group with children is
 * sent on by the host with a multicast descriptor naming the source. */
static void host_forward(env *e, unsigned g, unsigned src, uint32_t addr, unsigned len, int rb)
{
    unsigned tag;
    if (!sq_room(e)) {
        if (rb >= 0)
            e->rb_busy[rb] = 0;
        return;
    }
    tag = new_tag(e);
    e->tag[tag].rb = rb;
    note(e, "host re-sends a message of group %u from node %u (host mode), tag %u", g, src, tag);
    post_desc(e, d0_of(WC_OP_MULTICAST, tag, len), addr, g, src);
    e->st.host_resend++;
}

/* A message delivered OK must hold what its sender sent. */
static void check_received(env *e, const uint32_t w[4])
{
    unsigned src = WC_GET(w[1], CD1_SRC), g = WC_GET(w[1], CD1_GROUP), len = WC_GET(w[3], CD3_LEN);
    const sender *s = NULL;
    uint32_t a = w[2];
    if (g == 0)
        s = unicast_sender(e, src);
    else if (g < e->G && e->g[g].valid && e->g[g].parent != WC_NIC_NO_PARENT && e->g[g].snd.src == src)
        s = &e->g[g].snd;
    if (!s || len == 0 || a > e->b->memsize || len > e->b->memsize - a)
        return;
    if (sender_bytes(s, len, 0, len, e->b->mem + a) == 0) {
        e->st.bad_payload++;
        NB_CHECK(e->b, 0, "run cycle %ld: message of %u bytes from %u (group %u) delivered at 0x%x differs from what "
                 "was sent", now(e), len, src, g, (unsigned)a);
    }
    e->st.checked_msgs++;
}

static void completion(env *e, const uint32_t w[4])
{
    unsigned st = WC_GET(w[0], CD0_STATUS), kind = WC_GET(w[0], CD0_KIND);
    int ki = kind == WC_CK_RECV ? CK_RECV_I : CK_SEND_I;
    e->st.comp[ki][st & 15u]++;
    if (kind == WC_CK_SEND) {
        free_tag(e, WC_GET(w[0], CD0_TAG));
        return;
    }
    if (st == WC_NIC_ST_OK)
        check_received(e, w);
    {
        int rb = rb_of(w[2]);
        unsigned g = WC_GET(w[1], CD1_GROUP);
        if (st == WC_NIC_ST_OK && e->mode == WC_NIC_MODE_HOST && g && g < e->G && e->g[g].valid &&
            e->g[g].parent != WC_NIC_NO_PARENT && e->g[g].nchild) {
            host_forward(e, g, WC_GET(w[1], CD1_SRC), w[2], WC_GET(w[3], CD3_LEN), rb);
            return;
        }
        if (rb >= 0)
            e->rb_busy[rb] = 0;
    }
}

static void consume(env *e)
{
    int n = 0, i;
    note(e, "host consumes completions at CQ_HEAD %u", e->cq_head);
    for (i = 0; i < 8 && e->cq_size; i++) {
        uint32_t a = CQ_BASE + 16u * (e->cq_head & (e->cq_size - 1u)), w[4];
        w[0] = nb_r32(e->b, a);
        if (!WC_GET(w[0], CD0_VALID)) {
            /* an entry whose word 0 met ERR stays invalid behind CQ_TAIL */
            if (chance(e, 0.1) && (uint16_t)nb_rd(e->b, WC_NICR_CQ_TAIL) != e->cq_head &&
                !WC_GET(nb_r32(e->b, a), CD0_VALID)) {
                e->st.cq_lost++;
                e->cq_head++;
                n++;
                continue;
            }
            break;
        }
        w[1] = nb_r32(e->b, a + 4);
        w[2] = nb_r32(e->b, a + 8);
        w[3] = nb_r32(e->b, a + 12);
        nb_w32(e->b, a, 0);
        e->cq_head++;
        n++;
        completion(e, w);
        if (chance(e, 0.4)) {
            nb_wr(e->b, WC_NICR_CQ_HEAD, e->cq_head);
            n = 0;
        }
    }
    if (n)
        nb_wr(e->b, WC_NICR_CQ_HEAD, e->cq_head);
}

static void post_rbufs(env *e)
{
    int k, n = 1 + (int)below(e, 4), posted = 0;
    if (!e->rq_size)
        return;
    for (k = 0; k < n; k++) {
        uint32_t a, ent, cap;
        int rb = -1, i, s = (int)below(e, NRB);
        if ((uint16_t)(e->rq_tail - e->rq_head) >= e->rq_size)
            e->rq_head = (uint16_t)nb_rd(e->b, WC_NICR_RQ_HEAD);
        if ((uint16_t)(e->rq_tail - e->rq_head) >= e->rq_size)
            break;
        if (e->rb_errors && chance(e, 0.05)) {
            a = POISON + 4u * below(e, 512);
        } else {
            for (i = 0; i < NRB && e->rb_busy[(s + i) % NRB]; i++)
                ;
            if (i == NRB)
                break;
            rb = (s + i) % NRB;
            e->rb_busy[rb] = 1;
            a = RB_BASE + (uint32_t)rb * RB_SIZE;
            if (chance(e, 0.03))
                a += 1 + below(e, 3);   /* the NIC ignores the low bits */
        }
        cap = below(e, 100) < 75 ? WC_NIC_MAX_MSG
            : chance(e, 0.5) ? 1 + below(e, WC_NIC_MAX_MSG)
                             : below(e, 3 * e->pay);     /* TOOBIG for most messages */
        ent = RQ_BASE + 8u * (e->rq_tail & (e->rq_size - 1u));
        nb_w32(e->b, ent, a);
        nb_w32(e->b, ent + 4, cap);
        e->rq_tail++;
        posted++;
        e->st.rbufs++;
        if (chance(e, 0.5)) {
            note(e, "host posts receive buffers, RQ_TAIL %u", e->rq_tail);
            nb_wr(e->b, WC_NICR_RQ_TAIL, e->rq_tail);
            posted = 0;
        }
    }
    if (posted) {
        note(e, "host posts receive buffers, RQ_TAIL %u", e->rq_tail);
        nb_wr(e->b, WC_NICR_RQ_TAIL, e->rq_tail);
    }
}

static int counter_reg(unsigned r)
{
    return (r >= WC_NICR_ERR_CRC && r <= WC_NICR_RETX) || (r >= WC_NICR_ERR_NOBUF && r <= WC_NICR_PEAK) ||
           (r >= WC_NICR_TX_PKTS && r <= WC_NICR_ERR_DESC);
}

static void reg_read_random(env *e)
{
    unsigned r = chance(e, 0.8) ? below(e, WC_NICR_CYCLE + 1) : below(e, WC_NICR_WORDS);
    note(e, "host reads register %u", r);
    (void)nb_rd(e->b, r);
    e->st.reg_rd++;
}

static void reg_write_random(env *e)
{
    unsigned r;
    uint32_t v = (uint32_t)wc_rng_next(&e->r);
    switch (below(e, 6)) {
    case 0: case 1:
        /* clear a counter (its count so far goes to the statistics) */
        do {
            r = WC_NICR_ERR_CRC + below(e, WC_NICR_ERR_DESC - WC_NICR_ERR_CRC + 1);
        } while (!counter_reg(r));
        if (r == WC_NICR_PEAK) {
            if (wc_nic_peek(e->b->nic, r) > e->st.peak)
                e->st.peak = wc_nic_peek(e->b->nic, r);
        } else {
            sum_counter(e, r);
        }
        break;
    case 2:
        r = WC_NICR_INT_STATUS;
        break;
    case 3:
        r = WC_NICR_INT_ENABLE;
        break;
    case 4:
        r = WC_NICR_TIMEOUT;
        v = 50 + below(e, 4000);
        break;
    default: {
        /* read-only and unmapped registers ignore writes */
        static const unsigned ro[] = { WC_NICR_ID, WC_NICR_STATUS, WC_NICR_SQ_HEAD, WC_NICR_RQ_HEAD, WC_NICR_CQ_TAIL,
                                       WC_NICR_GT_RESULT, WC_NICR_SLOTS, WC_NICR_CYCLE };
        r = chance(e, 0.7) ? ro[below(e, sizeof ro / sizeof ro[0])]
                           : WC_NICR_CYCLE + 1 + below(e, WC_NICR_WORDS - WC_NICR_CYCLE - 1);
        break;
    }
    }
    note(e, "host writes register %u = 0x%08x", r, (unsigned)v);
    nb_wr(e->b, r, v);
    e->st.reg_wr++;
}

static void gt_write(env *e, unsigned g, unsigned parent, const unsigned *ch, unsigned n, uint32_t commit)
{
    unsigned i;
    nb_wr(e->b, WC_NICR_GT_SEL, g);
    nb_wr(e->b, WC_NICR_GT_PARENT, parent);
    /* (indices at or above MAXCHILD too: the NIC drops them) */
    for (i = 0; i < n && i < MAXCH; i++)
        nb_wr(e->b, WC_NICR_GT_CHILD, i << 16 | ch[i]);
    nb_wr(e->b, WC_NICR_GT_COMMIT, commit);
}

/* n distinct children above lo (non-root) or anywhere but self, none equal to avoid */
static unsigned pick_children(env *e, unsigned *ch, unsigned n, unsigned lo, unsigned avoid)
{
    unsigned i, k, got = 0;
    int tries = 0;
    while (got < n && tries++ < 2000) {
        unsigned v = lo + below(e, e->N - lo);
        if (v == e->self || v == avoid)
            continue;
        for (k = 0; k < got && ch[k] != v; k++)
            ;
        if (k == got)
            ch[got++] = v;
    }
    for (i = got; i < n; i++)
        ch[i] = 0;
    return got;
}

/* A group entry the NIC must refuse (the result register is compared in
 * lockstep; the entry in force stays). */
static void gt_refused(env *e)
{
    unsigned ch[MAXCH + 1], g = 1 + below(e, e->G - 1), parent = other_node(e, e->self), n = 1 + below(e, 4), k, res;
    uint32_t commit;
    n = pick_children(e, ch, n, 0, parent);
    commit = n;
    /* with no child to spoil (two nodes: none but self and the parent),
     * the parent, the group or the count must be what is wrong: a leaf
     * entry would be installed and restart the group's streams */
    switch (n ? below(e, 7) : 4 + below(e, 3)) {
    case 0: ch[0] = e->self; break;
    case 1: if (n > 1) ch[1] = ch[0]; else ch[0] = e->self; break;
    case 2: ch[0] = parent; break;
    case 3: if (e->N < 4096) ch[0] = e->N + below(e, 4096 - e->N); else ch[0] = e->self; break;
    case 4: parent = e->self; break;
    case 5: g = chance(e, 0.5) ? 0 : e->G + below(e, 4096 - e->G); break;
    default: commit = e->MC + 1 + below(e, 200); break;
    }
    /* a non-root child below self also breaks the id rule */
    for (k = 0; k < n; k++)
        if (ch[k] < e->self && parent != WC_NIC_NO_PARENT && chance(e, 0.2))
            break;
    note(e, "host writes a group entry to be refused: group %u parent %u, %u children, commit %u", g, parent, n,
         (unsigned)commit);
    gt_write(e, g, parent, ch, n, commit);
    res = nb_rd(e->b, WC_NICR_GT_RESULT);
    NB_CHECK(e->b, res != WC_NIC_ST_OK, "run cycle %ld: the NIC installed a group entry it must refuse: group %u "
             "parent %u, %u children, commit %u", now(e), g, parent, n, (unsigned)commit);
    e->st.gt_refused++;
}

/* A valid entry: root (children anywhere), forwarder (children above
 * self) or leaf (parent only). */
static void gt_install(env *e, unsigned g)
{
    grp *x = &e->g[g];
    unsigned ch[MAXCH], n = 0, parent, kind = below(e, 3), res;
    if (kind == 1 && e->self + 1 >= e->N)
        kind = 2;
    if (kind == 0) {
        parent = WC_NIC_NO_PARENT;
        n = pick_children(e, ch, 1 + below(e, umin(e->MC, chance(e, 0.8) ? 4 : e->MC)), 0, parent);
    } else {
        parent = other_node(e, e->self);
        if (kind == 1)
            n = pick_children(e, ch, 1 + below(e, umin(umin(e->MC, e->N - e->self - 1), chance(e, 0.8) ? 4 : e->MC)),
                              e->self + 1, parent);
    }
    note(e, "host installs group %u: parent %u, %u children", g, parent, n);
    gt_write(e, g, parent, ch, n, n);
    res = nb_rd(e->b, WC_NICR_GT_RESULT);
    memset(x, 0, sizeof *x);
    if (res != WC_NIC_ST_OK || (kind == 0 && n == 0)) {
        e->st.gt_surprise++;
        return;
    }
    e->st.gt_ok++;
    x->valid = 1;
    x->parent = parent;
    x->nchild = n;
    memcpy(x->child, ch, n * sizeof ch[0]);
    if (parent != WC_NIC_NO_PARENT) {
        x->snd.on = 1;
        x->snd.src = chance(e, 0.5) ? parent : other_node(e, e->self);
        x->snd.group = g;
        sender_new(e, &x->snd, 0);
    }
}

static void wait_irq(env *e)
{
    int n = 0;
    uint32_t s;
    note(e, "host waits for an interrupt");
    while (!e->irq && n++ < 3000 && !e->b->stopped)
        nb_step(e->b);
    if (!e->irq)
        return;
    e->st.irqs++;
    s = nb_rd(e->b, WC_NICR_INT_STATUS);
    nb_wr(e->b, WC_NICR_INT_STATUS, s);
}

static void ctrl_change(env *e)
{
    if (chance(e, 0.5) && e->mode != WC_NIC_MODE_HOST) {
        e->mode = e->mode == WC_NIC_MODE_FPFS ? WC_NIC_MODE_FCFS : WC_NIC_MODE_FPFS;
        note(e, "host switches the replication mode to %u", e->mode);
        nb_wr(e->b, WC_NICR_CTRL, 1u | e->mode << 1);
        return;
    }
    note(e, "host disables the NIC for a while");
    nb_wr(e->b, WC_NICR_CTRL, e->mode << 1);
    nb_run(e->b, 20 + (int)below(e, 1500));
    note(e, "host enables the NIC again");
    nb_wr(e->b, WC_NICR_CTRL, 1u | e->mode << 1);
}

static void error_window(env *e)
{
    uint32_t lo, hi;
    unsigned w = below(e, 5);
    switch (w) {
    case 0:
        lo = CQ_BASE;
        hi = CQ_BASE + 16u * e->cq_size;
        break;
    case 1:
        /* a receive ring entry's capacity word: read as 0, the buffer
         * comes back TOOBIG (an address read as 0 would let the NIC write
         * over the rings) */
        lo = RQ_BASE + 8u * (e->rq_tail & (e->rq_size - 1u)) + 4;
        hi = lo + 4;
        break;
    case 2:
        lo = SQ_BASE + 16u * (e->sq_tail & (e->sq_size - 1u));
        hi = lo + 16;
        break;
    case 3:
        if (!e->rb_errors) {
            lo = hi = 0;
            break;
        }
        lo = RB_BASE + RB_SIZE * below(e, NRB);
        hi = lo + RB_SIZE;
        break;
    default:
        lo = MSG_BASE + 4u * below(e, (MSG_END - MSG_BASE) / 4 - 1024);
        hi = lo + 4096;
        break;
    }
    note(e, "bus errors on [0x%x, 0x%x) for a while", (unsigned)lo, (unsigned)hi);
    nb_set_err(e->b, 1, lo, hi);
    e->errwin_end = now(e) + 20 + (long)below(e, 300);
    e->st.errwins++;
}

static unsigned pick_node(env *e);

/* rst_ni for 1..4 edges, now and then moving to another node id: a fresh
 * C model, the board as the run set it up */
static int hard_reset(env *e, int first)
{
    nic_bench *b = e->b;
    unsigned node = first || chance(e, 0.5) ? pick_node(e) : e->self;
    b->reset_edges = first ? 4 : 1 + (int)below(e, 4);
    b->sbase = (uint32_t)wc_rng_next(&e->r) & ~0xFFu;
    if (nb_start(b, &e->cfg, node))
        return -1;
    e->self = node;
    if (e->st.nnodes < 8) {
        int k;
        for (k = 0; k < e->st.nnodes && e->st.nodes[k] != node; k++)
            ;
        if (k == e->st.nnodes)
            e->st.nodes[e->st.nnodes++] = node;
    }
    nb_name_region(b, SQ_BASE, SQ_BASE + 0x1000, "send ring");
    nb_name_region(b, CQ_BASE, CQ_BASE + 0x1000, "completion ring");
    nb_name_region(b, RQ_BASE, RQ_BASE + 0x1000, "receive ring");
    nb_name_region(b, LST_BASE, LST_BASE + 0x1000, "multisend lists");
    nb_name_region(b, POISON, POISON_END, "poison (bus errors)");
    nb_name_region(b, MSG_BASE, MSG_END, "message sources");
    nb_name_region(b, RB_BASE, RB_BASE + NRB * RB_SIZE, "receive buffers");
    nb_set_err(b, 0, POISON, POISON_END);
    return 0;
}

/* A soft or hard reset (after the first epoch) and a fresh configuration. */
static void epoch(env *e)
{
    nic_bench *b = e->b;
    unsigned i, ng;
    long len;
    if (e->st.epochs && e->o->verbose) {
        printf("     end of epoch %ld at cycle %ld, the C model's units:\n", e->st.epochs, now(e));
        wc_nic_dump(b->nic, stdout);
    }
    if (e->st.epochs && chance(e, 0.25)) {
        sum_all_counters(e);
        note(e, "rst_ni (a hard reset)");
        if (hard_reset(e, 0))
            return;
        e->st.hard_resets++;
    } else if (e->st.epochs) {
        sum_all_counters(e);
        note(e, "host soft-resets the NIC");
        /* the peers go quiet meanwhile: a packet queued now would reach
         * the fresh NIC with the old epoch's sequence numbers */
        e->resetting = 1;
        b->reset_at_edge = 1;
        nb_wr(b, WC_NICR_CTRL, 8u | (uint32_t)below(e, 8));
        e->resetting = 0;
    }
    /* what the NIC sent before the reset belongs to the old epoch */
    e->seen = b->ntx;
    e->st.epochs++;
    /* everyone forgets the old epoch: streams start at sequence 0 again */
    memset(e->pend, 0, sizeof e->pend);
    memset(e->g, 0, sizeof e->g);
    memset(e->urx, 0, e->N * sizeof e->urx[0]);
    e->nal = 0;
    memset(e->rb_busy, 0, sizeof e->rb_busy);
    memset(e->list_busy, 0, sizeof e->list_busy);
    memset(e->tag, 0, sizeof e->tag);
    memset(b->mem + CQ_BASE, 0, 0x1000);
    nb_set_err(b, 1, 0, 0);
    e->errwin_end = 0;
    e->sq_tail = e->sq_head = e->rq_tail = e->rq_head = e->cq_head = 0;

    e->rb_errors = chance(e, 0.3);
    /* the board's knobs for this epoch */
    b->wait_max = (int)below(e, 4);
    b->credit_max = 1 + (int)below(e, chance(e, 0.7) ? 3 : 12);
    b->rx_cap = chance(e, 0.2) ? 1 : 2 + (int)below(e, 6);
    b->p_bubble = chance(e, 0.5) ? 0 : 0.2 * (double)below(e, 100) / 100.0;
    b->hold = chance(e, 0.5);

    e->sq_size = 1u << below(e, 6);
    e->cq_size = 2u << below(e, 6);
    e->rq_size = 1u << below(e, 6);
    e->mode = below(e, 10) < 4 ? WC_NIC_MODE_FPFS : below(e, 2) ? WC_NIC_MODE_FCFS : WC_NIC_MODE_HOST;
    note(e, "host configures the rings (send %u, completion %u, receive %u entries)", e->sq_size, e->cq_size,
         e->rq_size);
    nb_wr(b, WC_NICR_SQ_BASE, SQ_BASE);
    nb_wr(b, WC_NICR_SQ_SIZE, e->sq_size);
    nb_wr(b, WC_NICR_CQ_BASE, CQ_BASE);
    nb_wr(b, WC_NICR_CQ_SIZE, e->cq_size);
    nb_wr(b, WC_NICR_RQ_BASE, RQ_BASE);
    nb_wr(b, WC_NICR_RQ_SIZE, e->rq_size);
    nb_wr(b, WC_NICR_TIMEOUT, chance(e, 0.2) ? 30 + below(e, 200) : 300 + below(e, 4000));
    nb_wr(b, WC_NICR_INT_ENABLE, below(e, 8));

    /* peers and their streams toward the NIC */
    e->npeer = e->o->long_epochs ? 1 : 1 + (int)below(e, umin(MAXPEER, e->N - 1));
    for (i = 0; i < (unsigned)e->npeer; i++) {
        unsigned k;
        int tries = 0;
        do {
            e->peer[i] = other_node(e, e->self);
            for (k = 0; k < i && e->peer[k] != e->peer[i]; k++)
                ;
        } while (k < i && ++tries < 100);
        memset(&e->usnd[i], 0, sizeof e->usnd[i]);
        e->usnd[i].on = chance(e, 0.8);
        e->usnd[i].src = e->peer[i];
        sender_new(e, &e->usnd[i], 0);
    }

    /* groups */
    /* distinct groups: a group installed again would start its streams
     * afresh under packets still in flight */
    ng = 1 + below(e, umin(e->G - 1, e->o->long_epochs ? 2 : 6));
    for (i = 0; i < ng; i++) {
        unsigned g = 1 + below(e, e->G - 1);
        while (e->g[g].valid || e->g[g].parent)
            g = g % (e->G - 1) + 1;
        gt_install(e, g);
        if (!e->g[g].valid)
            e->g[g].parent = WC_NIC_NO_PARENT + 1;  /* refused: tried, keep it out of the next picks */
    }
    for (i = 1; i < e->G; i++)
        if (!e->g[i].valid)
            e->g[i].parent = 0;
    if (chance(e, 0.5))
        gt_refused(e);

    for (i = 1; i < e->G; i++)
        if (e->mode != WC_NIC_MODE_HOST && e->g[i].valid && e->g[i].parent != WC_NIC_NO_PARENT && e->g[i].nchild) {
            e->st.fwd_epochs++;
            break;
        }
    e->st.rberr_epochs += e->rb_errors;
    note(e, "host enables the NIC in mode %u", e->mode);
    nb_wr(b, WC_NICR_CTRL, 1u | e->mode << 1);
    e->st.mode_epochs[e->mode]++;
    post_rbufs(e);
    len = e->o->long_epochs ? 1500000 + (long)below(e, 1500000) : 20000 + (long)below(e, 40000);
    e->epoch_end = now(e) + len;
    if (e->o->verbose)
        printf("     epoch %ld at cycle %ld: mode %u, rings %u/%u/%u, %d peers, %u groups, memory waits 0..%d, "
               "credits back in 1..%d cycles\n", e->st.epochs, now(e), e->mode, e->sq_size, e->cq_size, e->rq_size,
               e->npeer, ng, b->wait_max, b->credit_max);
}

static void host_action(env *e)
{
    unsigned w = below(e, 100);
    if (w < 24) consume(e);
    else if (w < 38) post_rbufs(e);
    else if (w < 52) post_send(e);
    else if (w < 60) reg_read_random(e);
    else if (w < 63) reg_write_random(e);
    else if (w < 64) gt_refused(e);
    else if (w < 65 && chance(e, 0.3)) ctrl_change(e);
    else if (w < 68) wait_irq(e);
    else if (w < 69 && chance(e, 0.3)) error_window(e);
    else {
        note(e, "host idles");
        nb_run(e->b, 1 + (int)below(e, chance(e, 0.9) ? 100 : 1000));
    }
}

/* ---- the run --------------------------------------------------------------- */

static void knobs(env *e)
{
    static const double rx[] = { 0.02, 0.1, 0.3, 0.8 };
    e->p_rx = rx[below(e, 4)];
    e->p_bad = 0.03 + 0.12 * (double)below(e, 100) / 100.0;
    e->p_corrupt = 0.03 * (double)below(e, 100) / 100.0;
    e->p_noise = 0.02 + 0.08 * (double)below(e, 100) / 100.0;
    e->p_lose = 0.04 * (double)below(e, 100) / 100.0;
    e->p_ackdrop = 0.08 * (double)below(e, 100) / 100.0;
    e->p_stale = 0.03;
    e->ack_delay = (int)below(e, 400);
    e->snd_timeout = 200 + (int)below(e, 2500);
    e->p_stall = chance(e, 0.5) ? 0.0005 : 0;
    e->stall_max = 50 + (int)below(e, 1500);
    e->pause_max = (int)below(e, 500);
    /* admission: senders that ask first, receivers without room now and
     * then, NAKs for early packets */
    e->p_req = 0.2 + 0.6 * (double)below(e, 100) / 100.0;
    e->p_wait = 0.02 + 0.38 * (double)below(e, 100) / 100.0;
    e->p_nak = 0.1 + 0.9 * (double)below(e, 100) / 100.0;
    e->wait_max = 1 + (int)below(e, 3000);
    e->regrant = 300 + (int)below(e, 3000);
    if (e->o->long_epochs) {
        /* a busy link and few errors: as many packets per stream as can be */
        e->p_rx = 0.8;
        e->p_bad = 0.01;
        e->p_noise = 0.01;
        e->pause_max = 0;
        e->p_wait = 0.02;
    }
}

static unsigned pick_node(env *e)
{
    unsigned r = below(e, 10);
    if (e->o->node >= 0)
        return (unsigned)e->o->node;
    if (r == 0)
        return 0;
    if (r == 1)
        return e->N - 1;
    return 1 + below(e, umin(e->N - 2, 40));
}

static int cov(const char *what, long n, int *missing)
{
    if (n > 0)
        return 1;
    printf("%s%s", *missing ? ", " : "     coverage: never happened: ", what);
    (*missing)++;
    return 0;
}

static int report(env *e, int judge)
{
    stats *s = &e->st;
    int k, missing = 0;
    long bad = 0;
    for (k = 0; k < NBAD; k++)
        bad += s->rx_bad[k];
    printf("     node");
    for (k = 0; k < s->nnodes; k++)
        printf("%s %u", k ? "," : "", s->nodes[k]);
    printf(", %ld epochs (FPFS %ld, FCFS %ld, host %ld; %ld after rst_ni, the others after a soft reset)\n",
           s->epochs, s->mode_epochs[0], s->mode_epochs[1], s->mode_epochs[2], s->hard_resets);
    printf("     to the NIC: %ld packets, %ld flits: %ld data (%ld duplicate/early/off-sequence), %ld acks, %ld bad, "
           "%ld corrupted\n", s->rx_pkts, e->b->rx_flits - e->c0.rx_flits, s->rx_data, s->rx_noise, s->rx_acks,
           bad, s->rx_corrupt);
    printf("     from the NIC: %ld packets, %ld flits: %ld unicast data, %ld multicast data (%ld forwarded), "
           "%ld unicast acks, %ld group acks; %ld resent seen, %ld lost on purpose\n", s->tx_pkts,
           e->b->tx_flits - e->c0.tx_flits, s->tx_udata, s->tx_mdata, s->tx_fwd, s->tx_uack, s->tx_mack,
           s->tx_resent, s->tx_lost);
    printf("     admission: the NIC sent %ld REQs, %ld GRANTs, %ld WAITs, %ld NAKs; the peers %ld REQs, %ld GRANTs (%ld "
           "after a WAIT, %ld repeated), %ld WAITs, %ld NAKs; their senders were told %ld WAITs, granted %ld times, "
           "rewound by %ld NAKs\n", s->tx_req, s->tx_grant, s->tx_wait, s->tx_nak, s->rx_req, s->rx_grant,
           s->rx_late_grant, s->rx_regrant, s->rx_wait, s->rx_nak, s->snd_waited, s->snd_granted,
           s->snd_nak_rewinds);
    printf("     host: sends posted %ld unicast, %ld multisend, %ld multicast, %ld refused kinds, %ld host-mode "
           "re-sends; %ld receive buffers; groups %ld installed, %ld refused\n", s->sends[1], s->sends[2],
           s->sends[3], s->sends_bad, s->host_resend, s->rbufs, s->gt_ok, s->gt_refused);
    printf("     completions: send OK %ld BADOP %ld BADLEN %ld BADDST %ld NOGROUP %ld NODST %ld BUSERR %ld; "
           "receive OK %ld TOOBIG %ld BUSERR %ld; lost %ld\n", s->comp[0][WC_NIC_ST_OK], s->comp[0][WC_NIC_ST_BADOP],
           s->comp[0][WC_NIC_ST_BADLEN], s->comp[0][WC_NIC_ST_BADDST], s->comp[0][WC_NIC_ST_NOGROUP],
           s->comp[0][WC_NIC_ST_NODST], s->comp[0][WC_NIC_ST_BUSERR], s->comp[1][WC_NIC_ST_OK],
           s->comp[1][WC_NIC_ST_TOOBIG], s->comp[1][WC_NIC_ST_BUSERR], s->cq_lost);
    printf("     NIC counters: CRC %ld GROUP %ld LEN %ld TYPE %ld DST %ld NOBUF %ld DUPS %ld TIMEOUTS %ld RETX %ld "
           "ERR_DESC %ld, peak slots %u\n", s->nic[WC_NICR_ERR_CRC], s->nic[WC_NICR_ERR_GROUP],
           s->nic[WC_NICR_ERR_LEN], s->nic[WC_NICR_ERR_TYPE], s->nic[WC_NICR_ERR_DST], s->nic[WC_NICR_ERR_NOBUF],
           s->nic[WC_NICR_DUPS], s->nic[WC_NICR_TIMEOUTS], s->nic[WC_NICR_RETX], s->nic[WC_NICR_ERR_DESC], s->peak);
    printf("     payloads: %ld delivered messages checked against what was sent, %ld forwarded packets or messages "
           "with other bytes; %ld sequence number wraps\n", s->checked_msgs, s->bad_payload, s->wraps);
    printf("     board: DMA %ld words read, %ld written, %ld ERR; %ld interrupts taken, %ld error windows, %ld credit "
           "stalls; %ld register accesses\n", e->b->dma_read_words - e->c0.dma_rd, e->b->dma_write_words - e->c0.dma_wr,
           e->b->dma_errs - e->c0.dma_err, s->irqs, s->errwins, s->stalls, e->b->reg_accesses - e->c0.regs);
    if (!judge) {
        printf("     coverage: not judged (the run stopped early)\n");
        return 0;
    }
    for (k = 0; k < NBAD; k++) {
        char w[40];
        snprintf(w, sizeof w, "bad packet %s", bad_name(k));
        cov(w, s->rx_bad[k], &missing);
    }
    cov("corrupted packet", s->rx_corrupt, &missing);
    cov("ERR_CRC", s->nic[WC_NICR_ERR_CRC], &missing);
    cov("ERR_GROUP", s->nic[WC_NICR_ERR_GROUP], &missing);
    cov("ERR_LEN", s->nic[WC_NICR_ERR_LEN], &missing);
    cov("ERR_TYPE", s->nic[WC_NICR_ERR_TYPE], &missing);
    cov("ERR_DST", s->nic[WC_NICR_ERR_DST], &missing);
    cov("NOBUF", s->nic[WC_NICR_ERR_NOBUF], &missing);
    cov("DUPS", s->nic[WC_NICR_DUPS], &missing);
    cov("TIMEOUTS", s->nic[WC_NICR_TIMEOUTS], &missing);
    cov("RETX", s->nic[WC_NICR_RETX], &missing);
    cov("send OK", s->comp[0][WC_NIC_ST_OK], &missing);
    cov("send BADOP", s->comp[0][WC_NIC_ST_BADOP], &missing);
    cov("send BADLEN", s->comp[0][WC_NIC_ST_BADLEN], &missing);
    cov("send BADDST", s->comp[0][WC_NIC_ST_BADDST], &missing);
    cov("send NOGROUP", s->comp[0][WC_NIC_ST_NOGROUP], &missing);
    cov("send NODST", s->comp[0][WC_NIC_ST_NODST], &missing);
    cov("send BUSERR", s->comp[0][WC_NIC_ST_BUSERR], &missing);
    cov("receive OK", s->comp[1][WC_NIC_ST_OK], &missing);
    cov("receive TOOBIG", s->comp[1][WC_NIC_ST_TOOBIG], &missing);
    if (s->rberr_epochs)
        cov("receive BUSERR", s->comp[1][WC_NIC_ST_BUSERR], &missing);
    cov("unicast data sent", s->tx_udata, &missing);
    cov("multicast data sent", s->tx_mdata, &missing);
    if (s->fwd_epochs)
        cov("forwarded packet", s->tx_fwd, &missing);
    cov("unicast ack sent", s->tx_uack, &missing);
    cov("group ack sent", s->tx_mack, &missing);
    cov("resend seen", s->tx_resent, &missing);
    cov("REQ sent", s->tx_req, &missing);
    cov("GRANT sent", s->tx_grant, &missing);
    cov("WAIT sent", s->tx_wait, &missing);
    cov("NAK sent", s->tx_nak, &missing);
    cov("REQ received", s->rx_req, &missing);
    cov("WAIT received", s->rx_wait, &missing);
    cov("GRANT after a WAIT received", s->rx_late_grant, &missing);
    cov("NAK received", s->rx_nak, &missing);
    cov("sender rewound by a NAK", s->snd_nak_rewinds, &missing);
    cov("multisend", s->sends[WC_OP_MULTISEND], &missing);
    cov("interrupt", s->irqs, &missing);
    if (missing)
        printf("\n");
    else
        printf("     coverage: every expected event happened\n");
    return missing;
}

int nr_run(nic_bench *b, const wc_nic_cfg *cfg, const nr_opts *o)
{
    env *e = calloc(1, sizeof *e);
    int rc, missing, f0 = b->nfail;
    if (!e || b->memsize < NR_MEMSIZE) {
        printf("FAIL random run: no memory\n");
        free(e);
        return 1;
    }
    e->b = b;
    e->cfg = *cfg;
    e->o = o;
    e->N = (unsigned)cfg->nnodes;
    e->G = (unsigned)cfg->ngroups;
    e->MC = (unsigned)cfg->maxchild;
    e->pay = (unsigned)cfg->payload;
    e->urx = calloc(e->N, sizeof *e->urx);
    if (!e->urx) {
        printf("FAIL random run: no memory for %u unicast streams\n", e->N);
        free(e);
        return 1;
    }
    wc_rng_seed(&e->r, o->seed);
    if (o->node >= 0 && (unsigned)o->node >= e->N) {
        printf("FAIL random run: node %d not below NNODES %u\n", o->node, e->N);
        free(e->urx);
        free(e);
        return 1;
    }
    knobs(e);
    memset(b->mem, 0, b->memsize);
    {
        uint32_t a;
        for (a = MSG_BASE; a < MSG_END; a += 4)
            nb_w32(b, a, (uint32_t)wc_rng_next(&e->r));
    }
    e->c0.rx_flits = b->rx_flits;
    e->c0.tx_flits = b->tx_flits;
    e->c0.regs = b->reg_accesses;
    e->c0.dma_rd = b->dma_read_words;
    e->c0.dma_wr = b->dma_write_words;
    e->c0.dma_err = b->dma_errs;
    e->c0.framing = b->tx_framing;
    if (hard_reset(e, 1)) {
        free(e->urx);
        free(e);
        return 1;
    }
    b->hook = hook;
    b->hook_ctx = e;
    e->seen = b->ntx;
    e->end = b->total + o->cycles;
    while (b->total < e->end && !b->stopped) {
        if (now(e) >= e->epoch_end)
            epoch(e);
        host_action(e);
    }
    b->hook = NULL;
    b->hook_ctx = NULL;
    if (!b->stopped)
        sum_all_counters(e);
    printf("     %ld cycles, seed %llu\n", b->total - (e->end - o->cycles), (unsigned long long)o->seed);
    missing = report(e, !b->stopped);
    rc = b->stopped || b->nfail != f0 || b->tx_framing != e->c0.framing || (o->require_coverage && missing);
    if (b->tx_framing != e->c0.framing)
        printf("FAIL %ld flits from the NIC broke worm framing\n", b->tx_framing - e->c0.framing);
    free(e->urx);
    free(e);
    return rc;
}

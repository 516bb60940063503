/* SPDX-License-Identifier: Apache-2.0 */
/* The directed scenarios of the single-NIC bench (nic_bench.h): every
 * bad-input case of docs/nic.md (bad CRC, unknown group, impossible
 * length, wrong type, wrong node, framing, invalid descriptors), the group
 * table's id rule through the registers, the receive path with duplicates
 * and early packets, sends with acknowledgements, timeout and go-back-N,
 * forwarding in FPFS and FCFS order, multisend with one DMA read per
 * packet, host-based mode and receive buffers too small for a message;
 * admission (docs/nic-flow.md) as receiver and as sender (GRANT, WAIT,
 * the grant scanner, repeated REQs and GRANTs, eager senders), NAKs for
 * early and corrupt packets and at the sender, malformed control packets.
 * The peers grant every REQ the NIC sends unless a scenario plays them
 * itself.  test_nic_model runs them on the C model alone; verif/nic/ runs
 * them with the RTL in lockstep.  The expected values are those of
 * wc_nic_cfg_default(16) at node 5. */
#include <stdio.h>
#include <string.h>
#include "nic_bench.h"

#define SELF 5
#define SQB 0x0000u    /* send ring, 16 entries */
#define CQB 0x1000u    /* completion ring, 64 entries */
#define RQB 0x2000u    /* receive ring, 8 entries */
#define LST 0x3000u    /* multisend list */
#define MSG 0x10000u   /* message to send */
#define RBUF 0x20000u  /* receive buffers, 16 KiB apart */
#define MEM_MIN (256u * 1024u)

typedef struct {
    nic_bench *b;
    wc_nic_cfg cfg;            /* every NIC the scenarios start */
    unsigned nn, pay;          /* its NNODES and PAYLOAD */
    uint16_t sq_tail, rq_tail, cq_head;
} sc;

#define CHECK(...) NB_CHECK(s->b, __VA_ARGS__)
#define GROUP(desc, ...) NB_GROUP(s->b, desc, __VA_ARGS__)

static void run(sc *s, int n) { nb_run(s->b, n); }
static void wr(sc *s, unsigned reg, uint32_t v) { nb_wr(s->b, reg, v); }
static uint32_t rd(sc *s, unsigned reg) { return nb_rd(s->b, reg); }
static void w32(sc *s, uint32_t a, uint32_t v) { nb_w32(s->b, a, v); }
static uint32_t r32(sc *s, uint32_t a) { return nb_r32(s->b, a); }
static void inject(sc *s, const uint32_t *f, unsigned n) { (void)nb_inject(s->b, f, n); }
static int parse_tx(sc *s, int i, wc_nic_hdr *h, uint8_t *payload) { return nb_parse_tx(s->b, i, h, payload); }

static int is_data(unsigned type) { return type == WC_PT_UDATA || type == WC_PT_MDATA; }

/* The first packet sent at or after index from of this type (and to dst,
 * unless ANY); its index, -1 if none. */
#define ANY 0xFFFFu
static int find_tx(sc *s, int from, unsigned type, unsigned dst, wc_nic_hdr *h)
{
    int k;
    for (k = from < 0 ? 0 : from; k < s->b->ntx; k++)
        if (parse_tx(s, k, h, NULL) == 0 && h->type == type && (dst == ANY || h->dst == dst))
            return k;
    return -1;
}

/* Packets sent at or after index from of this type (and to dst, unless ANY). */
static int count_tx(sc *s, int from, unsigned type, unsigned dst)
{
    wc_nic_hdr h;
    int k, n = 0;
    for (k = from < 0 ? 0 : from; k < s->b->ntx; k++)
        n += parse_tx(s, k, &h, NULL) == 0 && h.type == type && (dst == ANY || h.dst == dst);
    return n;
}

/* The i-th data packet sent (UDATA or MDATA; REQs and acks skipped) with
 * its payload; -1 if there is none. */
static int data_tx(sc *s, int i, wc_nic_hdr *h, uint8_t *payload)
{
    int k;
    for (k = 0; k < s->b->ntx; k++)
        if (parse_tx(s, k, h, NULL) == 0 && is_data(h->type) && i-- == 0)
            return parse_tx(s, k, h, payload);
    memset(h, 0, sizeof *h);
    return -1;
}

static int count_data(sc *s) { return count_tx(s, 0, WC_PT_UDATA, ANY) + count_tx(s, 0, WC_PT_MDATA, ANY); }

/* A fresh NIC at node 5 with zeroed memory and its rings set up. */
static void setup(sc *s, int mode, uint32_t timeout)
{
    nic_bench *b = s->b;
    memset(b->mem, 0, b->memsize);
    b->dma_read_words = b->dma_write_words = 0;
    s->sq_tail = s->rq_tail = s->cq_head = 0;
    if (nb_start(b, &s->cfg, SELF))
        return;
    nb_name_region(b, SQB, SQB + 256, "send ring");
    nb_name_region(b, CQB, CQB + 1024, "completion ring");
    nb_name_region(b, RQB, RQB + 64, "receive ring");
    nb_name_region(b, LST, LST + 64, "multisend list");
    nb_name_region(b, MSG, MSG + 0x10000, "message");
    nb_name_region(b, RBUF, RBUF + 0xC000, "receive buffers");
    wr(s, WC_NICR_SQ_BASE, SQB); wr(s, WC_NICR_SQ_SIZE, 16);
    wr(s, WC_NICR_CQ_BASE, CQB); wr(s, WC_NICR_CQ_SIZE, 64);
    wr(s, WC_NICR_RQ_BASE, RQB); wr(s, WC_NICR_RQ_SIZE, 8);
    wr(s, WC_NICR_TIMEOUT, timeout);
    wr(s, WC_NICR_CTRL, 1u | (uint32_t)mode << 1);
    /* the peers have room for every message: a scenario playing a peer
     * that waits or loses its answers turns this off */
    b->auto_grant = 1;
}

static uint8_t pattern(unsigned msg, unsigned i) { return (uint8_t)(msg * 131u + i * 7u + (i >> 8)); }

/* A fresh NIC in FPFS mode that is to send message msg's 600 bytes at MSG. */
static void setup_sender(sc *s, uint32_t timeout, unsigned msg)
{
    unsigned i;
    setup(s, WC_NIC_MODE_FPFS, timeout);
    for (i = 0; i < 600; i++)
        s->b->mem[MSG + i] = pattern(msg, i);
}

static void post_rbuf(sc *s, uint32_t addr, uint32_t cap)
{
    uint32_t e = RQB + 8u * (s->rq_tail & 7u);
    w32(s, e, addr); w32(s, e + 4, cap);
    wr(s, WC_NICR_RQ_TAIL, ++s->rq_tail);
}

static void post_send(sc *s, unsigned op, unsigned tag, unsigned len, uint32_t addr, uint32_t x, uint32_t d3)
{
    uint32_t e = SQB + 16u * (s->sq_tail & 15u);
    w32(s, e, WC_SET(WC_SET(WC_SET(0u, SD0_OP, op), SD0_TAG, tag), SD0_LEN, len));
    w32(s, e + 4, addr); w32(s, e + 8, x); w32(s, e + 12, d3);
    wr(s, WC_NICR_SQ_TAIL, ++s->sq_tail);
}

/* Next completion, or word0 = 0 if none within `cycles`. */
static void completion(sc *s, uint32_t w[4], int cycles)
{
    uint32_t e = CQB + 16u * (s->cq_head & 63u);
    while (cycles-- > 0 && !WC_GET(r32(s, e), CD0_VALID) && !s->b->stopped)
        nb_step(s->b);
    w[0] = r32(s, e); w[1] = r32(s, e + 4); w[2] = r32(s, e + 8); w[3] = r32(s, e + 12);
    if (WC_GET(w[0], CD0_VALID)) {
        w32(s, e, 0);
        wr(s, WC_NICR_CQ_HEAD, ++s->cq_head);
    }
}

/* Packet k of message msg (len bytes, packet 0 at sequence seq0) from
 * src: its flits in f; returns their count. */
static unsigned msg_packet(sc *s, unsigned src, unsigned group, unsigned type, unsigned seq0, unsigned msg,
                           unsigned len, unsigned k, uint32_t *f)
{
    uint8_t p[WC_NIC_PAYLOAD];
    unsigned off = k * s->pay, l = len - off < s->pay ? len - off : s->pay, i;
    for (i = 0; i < l; i++)
        p[i] = pattern(msg, off + i);
    return nb_build(SELF, src, group, type, seq0 + k, off, l, len, p, f);
}

static void send_packet(sc *s, unsigned src, unsigned group, unsigned type, unsigned seq0, unsigned msg, unsigned len,
                        unsigned k)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS];
    inject(s, f, msg_packet(s, src, group, type, seq0, msg, len, k, f));
}

static void send_message(sc *s, unsigned src, unsigned group, unsigned type, unsigned seq0, unsigned msg, unsigned len)
{
    unsigned k;
    for (k = 0; k * s->pay < len; k++)
        send_packet(s, src, group, type, seq0, msg, len, k);
}

/* A control packet from a peer: an ack, GRANT, WAIT or NAK (msglen 0),
 * or a REQ for a message of msglen bytes. */
static void ctl(sc *s, unsigned src, unsigned group, unsigned type, unsigned seq, unsigned msglen)
{
    uint32_t f[8];
    inject(s, f, nb_build(SELF, src, group, type, seq, 0, 0, msglen, NULL, f));
}

/* Run until a packet of this type to dst is sent (at index from or
 * later), at most cycles; its index, or -1. */
static int wait_tx(sc *s, int from, unsigned type, unsigned dst, wc_nic_hdr *h, int cycles)
{
    int k;
    while ((k = find_tx(s, from, type, dst, h)) < 0 && cycles-- > 0 && !s->b->stopped)
        nb_step(s->b);
    return k;
}

/* A peer that keeps the protocol: the REQ first, the data once the NIC
 * granted it (checked), as the NIC itself sends.  The data comes 100
 * cycles after the GRANT (a round trip through a network): a forwarder's
 * children, asked at the grant, have answered by then, so the order of
 * what the forwarder sends does not hang on when their GRANTs land behind
 * the data on the one ejection link. */
static void send_granted(sc *s, unsigned src, unsigned group, unsigned type, unsigned seq0, unsigned msg, unsigned len,
                         unsigned parent)
{
    wc_nic_hdr h;
    int k;
    ctl(s, src, group, WC_PT_REQ, seq0, len);
    k = wait_tx(s, s->b->ntx, WC_PT_GRANT, parent, &h, 500);
    CHECK(k >= 0 && h.seq == seq0 && h.group == group, "the REQ at %u was granted (GRANT seq %u group %u)", seq0,
          h.seq, h.group);
    run(s, 100);
    send_message(s, src, group, type, seq0, msg, len);
}

/* ------------------------------------------------------------------ */

static void scen_registers(sc *s)
{
    setup(s, WC_NIC_MODE_FPFS, 1000);
    GROUP("registers: id, control, ring indices, counters clear on write, timeout", {
        CHECK(rd(s, WC_NICR_ID) == (SELF | 1u << 24), "id %08x", (unsigned)rd(s, WC_NICR_ID));
        CHECK(rd(s, WC_NICR_CTRL) == 1u, "enabled, FPFS");
        CHECK(rd(s, WC_NICR_SQ_SIZE) == 16 && rd(s, WC_NICR_CQ_BASE) == CQB, "ring registers read back");
        CHECK(rd(s, WC_NICR_TIMEOUT) == 1000, "timeout");
        CHECK((rd(s, WC_NICR_STATUS) & 4u) == 4u, "status: no receive buffer posted");
        CHECK(rd(s, WC_NICR_CYCLE) > 10, "cycle counter runs");
    });
}

static void gt_install(sc *s, unsigned g, unsigned parent, const unsigned *ch, unsigned n)
{
    unsigned i;
    wr(s, WC_NICR_GT_SEL, g);
    wr(s, WC_NICR_GT_PARENT, parent);
    for (i = 0; i < n; i++)
        wr(s, WC_NICR_GT_CHILD, i << 16 | ch[i]);
    wr(s, WC_NICR_GT_COMMIT, n);
}

static void scen_group_table(sc *s)
{
    unsigned ok[2] = { 7, 9 }, low[1] = { 3 }, selfc[1] = { SELF }, dup[2] = { 9, 9 }, par[1] = { 2 };
    unsigned far[1], rootlow[2] = { 1, 2 }, many[WC_NIC_MAX_CHILDREN + 1];
    unsigned i;
    far[0] = s->nn;
    for (i = 0; i < WC_NIC_MAX_CHILDREN + 1; i++)
        many[i] = 6 + i;
    setup(s, WC_NIC_MODE_FPFS, 1000);
    GROUP("group table through the registers: id rule and every refusal code", {
        gt_install(s, 1, 2, ok, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "children 7, 9 above 5 accepted");
        gt_install(s, 2, 2, low, 1);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "child 3 below 5 at a non-root: IDRULE");
        gt_install(s, 2, 2, selfc, 1);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "child equal to self: IDRULE");
        gt_install(s, 2, 2, dup, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "duplicate child: IDRULE");
        gt_install(s, 2, 9, ok, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "child equal to the parent: IDRULE");
        gt_install(s, 2, 2, far, 1);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_BADDST, "child outside the network: BADDST");
        gt_install(s, 2, SELF, ok, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_BADDST, "parent equal to self: BADDST");
        gt_install(s, 2, 2, many, (unsigned)s->cfg.maxchild + 1);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_NODST, "MAXCHILD + 1 = %d children: NODST", s->cfg.maxchild + 1);
        gt_install(s, 0, 2, ok, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_NOGROUP, "group 0: NOGROUP");
        gt_install(s, WC_NIC_GROUPS, 2, ok, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_NOGROUP, "group %d: NOGROUP", WC_NIC_GROUPS);
        gt_install(s, 3, WC_NIC_NO_PARENT, rootlow, 2);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "a root may have children below its id");
        gt_install(s, 4, 2, par, 0);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "leaf: parent only");
        gt_install(s, 4, WC_NIC_NO_PARENT, par, 0);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "count 0 at no parent clears");
    });
    /* A refused entry keeps the old one: group 1 still forwards to 7, 9 */
    GROUP("a refused entry leaves the installed one working", {
        gt_install(s, 1, 2, low, 1);
        CHECK(rd(s, WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "refused");
        post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
        send_message(s, 2, 1, WC_PT_MDATA, 0, 1, 10);
        run(s, 300);
        {
            int i2, to7 = 0, to9 = 0;
            wc_nic_hdr h;
            for (i2 = 0; i2 < s->b->ntx; i2++)
                if (parse_tx(s, i2, &h, NULL) == 0 && h.type == WC_PT_MDATA) {
                    to7 += h.dst == 7;
                    to9 += h.dst == 9;
                }
            CHECK(to7 == 1 && to9 == 1, "forwarded to 7 (%d) and 9 (%d)", to7, to9);
        }
    });
}

static void scen_bad_packets(sc *s)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS + 2], w[4];
    uint8_t p[WC_NIC_PAYLOAD];
    unsigned n, i;
    unsigned ch[1] = { 9 };
    for (i = 0; i < sizeof p; i++)
        p[i] = (uint8_t)i;
    setup(s, WC_NIC_MODE_FPFS, 1000);
    gt_install(s, 1, 2, ch, 1);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    GROUP("bad packets are dropped and counted, one counter each, and never acknowledged", {
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[7] ^= 0x100u;
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_CRC) == 1, "bad CRC: ERR_CRC");
        n = nb_build(SELF, 2, 7, WC_PT_MDATA, 0, 0, 40, 40, p, f);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_GROUP) == 1, "unknown group 7: ERR_GROUP");
        n = nb_build(SELF, 2, 7, WC_PT_MACK, 0, 0, 0, 0, p, f);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_GROUP) == 2, "ack for unknown group: ERR_GROUP");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[3] = WC_SET(WC_SET(0u, NH2_LEN, 300), NH2_MSGLEN, 400);
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 1, "length 300 above the payload size: ERR_LEN");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[2] = WC_SET(WC_SET(0u, NH1_SEQ, 0), NH1_OFF, 8);
        f[3] = WC_SET(WC_SET(0u, NH2_LEN, 40), NH2_MSGLEN, 400);
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 2, "offset not a packet boundary: ERR_LEN");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        nb_fix_crc(f, n - 1);
        inject(s, f, n - 1); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 3, "one flit short: ERR_LEN");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 41, 41, p, f);
        f[n - 1] |= 0xFF000000u;
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 4, "nonzero padding: ERR_LEN");
        n = nb_build(SELF, 2, 0, WC_PT_UACK, 0, 0, 0, 0, p, f);
        f[3] = 4;
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 5, "ack with a length: ERR_LEN");
        inject(s, f, 1); run(s, 6);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 6, "one-flit worm: ERR_LEN");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[1] = WC_SET(f[1], NH0_TYPE, WC_PT_LAST + 1);
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_TYPE) == 1, "type %d (above PT_LAST): ERR_TYPE", WC_PT_LAST + 1);
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[1] = WC_SET(f[1], NH0_TYPE, 15);
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_TYPE) == 2, "type 15: ERR_TYPE");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[1] = WC_SET(f[1], NH0_RSVD, 2);
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_TYPE) == 3, "reserved bits: ERR_TYPE");
        n = nb_build(SELF + 1, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_DST) == 1, "addressed to node 6: ERR_DST");
        n = nb_build(SELF, SELF, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_DST) == 2, "unicast from itself: ERR_DST");
        n = nb_build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[0] = WC_SET(f[0], HEAD_USER, 1);
        nb_fix_crc(f, n);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_DST) == 3, "head with user bits: ERR_DST");
        /* an ack for node 6 whose head was turned to this node on the way:
         * the CRC covers the head, so it is not taken as node 2's ack here */
        n = nb_build(SELF + 1, 2, 0, WC_PT_UACK, 0, 0, 0, 0, p, f);
        f[0] = WC_SET(f[0], HEAD_DST, SELF);
        inject(s, f, n); run(s, n + 5);
        CHECK(rd(s, WC_NICR_ERR_CRC) == 2, "an ack redirected by a flipped head: ERR_CRC");
        {
            /* the CRC failure's header named node 2's stream: a NAK with
             * its expect, only a hint; nothing else answers a bad packet */
            wc_nic_hdr h;
            CHECK(s->b->ntx == 1 && parse_tx(s, 0, &h, NULL) == 0 && h.type == WC_PT_NAK && h.dst == 2 &&
                  h.seq == 0 && h.group == 0 && h.src == SELF, "no packet was acknowledged, only the corrupt one "
                  "NAKed (%d sent, the first of type %u to %u seq %u)", s->b->ntx, h.type, h.dst, h.seq);
        }
        CHECK(rd(s, WC_NICR_RX_PKTS) == 0, "none counted as received");
        CHECK(rd(s, WC_NICR_SLOTS) == 0, "every slot released");
        CHECK((rd(s, WC_NICR_INT_STATUS) & 2u) == 2u, "error interrupt status set");
        wr(s, WC_NICR_ERR_LEN, 0);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 0, "write clears ERR_LEN");
    });
    GROUP("after the bad packets a good message is received and acknowledged", {
        send_message(s, 2, 0, WC_PT_UDATA, 0, 3, 100);
        completion(s, w, 2000);
        CHECK(WC_GET(w[0], CD0_VALID) && WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK &&
              WC_GET(w[0], CD0_KIND) == WC_CK_RECV, "completion %08x", (unsigned)w[0]);
        CHECK(WC_GET(w[1], CD1_SRC) == 2 && w[2] == RBUF && WC_GET(w[3], CD3_LEN) == 100, "source, buffer, length: %08x %08x %08x",
              (unsigned)w[1], (unsigned)w[2], (unsigned)w[3]);
        for (i = 0; i < 100 && s->b->mem[RBUF + i] == pattern(3, i); i++)
            ;
        CHECK(i == 100, "bytes intact (first difference at %u)", i);
    });
}

static void scen_receive(sc *s)
{
    uint32_t w[4];
    wc_nic_hdr h;
    unsigned i;
    int k, acks = 0, last_ack = -1;
    setup(s, WC_NIC_MODE_FPFS, 1000);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    post_rbuf(s, RBUF + 0x4000, 100);
    post_rbuf(s, RBUF + 0x8000, WC_NIC_MAX_MSG);
    GROUP("receive: in-order packets delivered, cumulative acks, duplicates and early packets re-acked", {
        send_message(s, 2, 0, WC_PT_UDATA, 0, 1, 700);
        completion(s, w, 3000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[3], CD3_LEN) == 700, "700 bytes received");
        for (i = 0; i < 700 && s->b->mem[RBUF + i] == pattern(1, i); i++)
            ;
        CHECK(i == 700, "bytes intact (first difference at %u)", i);
        run(s, 100);
        for (k = 0; k < s->b->ntx; k++)
            if (parse_tx(s, k, &h, NULL) == 0 && h.type == WC_PT_UACK && h.dst == 2) {
                acks++;
                last_ack = (int)h.seq;
            }
        CHECK(acks >= 1 && last_ack == 3, "acks to node 2 (%d), last cumulative %d", acks, last_ack);
        nb_tx_clear(s->b);
        send_message(s, 2, 0, WC_PT_UDATA, 1, 1, 300);   /* seq 1, 2 again: duplicates */
        run(s, 200);
        CHECK(rd(s, WC_NICR_DUPS) == 2, "two duplicates counted (%u)", (unsigned)rd(s, WC_NICR_DUPS));
        CHECK(s->b->ntx >= 1 && parse_tx(s, s->b->ntx - 1, &h, NULL) == 0 && h.type == WC_PT_UACK && h.seq == 3,
              "duplicates re-acknowledged with 3");
        send_message(s, 2, 0, WC_PT_UDATA, 9, 1, 10);    /* early */
        run(s, 100);
        CHECK(rd(s, WC_NICR_DUPS) == 3, "early packet dropped");
        CHECK(parse_tx(s, s->b->ntx - 1, &h, NULL) == 0 && h.seq == 3 && h.type == WC_PT_NAK,
              "and answered by a NAK repeating 3 (type %u seq %u)", h.type, h.seq);
    });
    GROUP("a receive buffer too small is returned with TOOBIG and the next one takes the message", {
        int t0 = s->b->ntx;
        send_message(s, 2, 0, WC_PT_UDATA, 3, 2, 500);
        run(s, 600);
        completion(s, w, 10);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_TOOBIG && w[2] == RBUF + 0x4000, "TOOBIG for the 100-byte buffer");
        CHECK(rd(s, WC_NICR_ERR_NOBUF) >= 1, "the packets were dropped unacknowledged");
        {
            /* packet 0 of an eager sender that cannot be admitted: its
             * stream waits, and the next buffer grants it */
            int kw, ka, past = 0;
            for (ka = find_tx(s, t0, WC_PT_UACK, 2, &h); ka >= 0; ka = find_tx(s, ka + 1, WC_PT_UACK, 2, &h))
                past += h.seq != 3;
            kw = find_tx(s, t0, WC_PT_WAIT, 2, &h);
            CHECK(kw >= 0 && h.seq == 3 && !past,
                  "the sender was told to wait at 3, no packet acknowledged past 3 (%d acks past it)", past);
            CHECK(find_tx(s, kw, WC_PT_GRANT, 2, &h) > kw && h.seq == 3, "then granted at 3 (seq %u)", h.seq);
        }
        send_message(s, 2, 0, WC_PT_UDATA, 3, 2, 500);   /* the sender repeats */
        completion(s, w, 2000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && w[2] == RBUF + 0x8000 && WC_GET(w[3], CD3_LEN) == 500,
              "received into the next buffer");
    });
    GROUP("disabled NIC drops everything unacknowledged", {
        wr(s, WC_NICR_CTRL, 0);
        nb_tx_clear(s->b);
        send_message(s, 3, 0, WC_PT_UDATA, 0, 4, 10);
        run(s, 100);
        CHECK(s->b->ntx == 0 && rd(s, WC_NICR_ERR_NOBUF) >= 1, "no ack, counted");
    });
}

static void scen_descriptors(sc *s)
{
    uint32_t w[4];
    unsigned ch[2] = { 7, 9 };
    struct { unsigned op, len; uint32_t addr, x, d3, list[3]; unsigned nlist; unsigned st; const char *what; } c[] = {
        { 0, 10, MSG, 3, 0, {0}, 0, WC_NIC_ST_BADOP, "opcode 0" },
        { 9, 10, MSG, 3, 0, {0}, 0, WC_NIC_ST_BADOP, "opcode 9" },
        { WC_OP_UNICAST, 10, MSG + 2, 3, 0, {0}, 0, WC_NIC_ST_BADOP, "unaligned message" },
        { WC_OP_UNICAST, 10, MSG, 3 | 1u << 20, 0, {0}, 0, WC_NIC_ST_BADOP, "reserved bits in word 2" },
        { WC_OP_UNICAST, 10, MSG, 3, 4, {0}, 0, WC_NIC_ST_BADOP, "unicast with word 3 set" },
        { WC_OP_UNICAST, 0, MSG, 3, 0, {0}, 0, WC_NIC_ST_BADLEN, "length 0" },
        { WC_OP_UNICAST, 10, MSG, SELF, 0, {0}, 0, WC_NIC_ST_BADDST, "unicast to itself" },
        { WC_OP_UNICAST, 10, MSG, s->nn, 0, {0}, 0, WC_NIC_ST_BADDST, "unicast outside the network" },
        { WC_OP_MULTISEND, 10, MSG, 0, LST, {0}, 0, WC_NIC_ST_NODST, "multisend to nobody" },
        { WC_OP_MULTISEND, 10, MSG, (uint32_t)s->cfg.maxchild + 1, LST, {0}, 0, WC_NIC_ST_NODST,
          "multisend to MAXCHILD + 1" },
        { WC_OP_MULTISEND, 10, MSG, 3, LST, {1, 8, 1}, 3, WC_NIC_ST_BADDST, "multisend list with a repeat" },
        { WC_OP_MULTISEND, 10, MSG, 2, LST, {1, SELF}, 2, WC_NIC_ST_BADDST, "multisend list with itself" },
        { WC_OP_MULTISEND, 10, MSG, 2, s->b->memsize - 4, {0}, 0, WC_NIC_ST_BUSERR, "multisend list outside memory" },
        { WC_OP_MULTICAST, 10, MSG, 3, 0, {0}, 0, WC_NIC_ST_NOGROUP, "multicast to an unknown group" },
        { WC_OP_MULTICAST, 10, MSG, 0, 0, {0}, 0, WC_NIC_ST_NOGROUP, "multicast to group 0" },
        { WC_OP_MULTICAST, 10, MSG, 1, 0, {0}, 0, WC_NIC_ST_BADDST, "multicast from a non-root in NIC mode" },
    };
    unsigned i, k, bad = 0;
    setup(s, WC_NIC_MODE_FPFS, 1000);
    gt_install(s, 1, 2, ch, 2);
    GROUP("invalid descriptors complete with their error status, in order, and are never executed", {
        for (i = 0; i < sizeof c / sizeof c[0]; i++) {
            for (k = 0; k < c[i].nlist; k++)
                w32(s, LST + 4 * k, c[i].list[k]);
            post_send(s, c[i].op, i + 1, c[i].len, c[i].addr, c[i].x, c[i].d3);
            completion(s, w, 500);
            if (!(WC_GET(w[0], CD0_VALID) && WC_GET(w[0], CD0_STATUS) == c[i].st &&
                  WC_GET(w[0], CD0_KIND) == WC_CK_SEND && WC_GET(w[0], CD0_TAG) == i + 1)) {
                bad++;
                printf("  %s: completion %08x, expected status %u\n", c[i].what, (unsigned)w[0], c[i].st);
            }
        }
        CHECK(bad == 0, "%u of %u descriptors wrong", bad, (unsigned)(sizeof c / sizeof c[0]));
        CHECK(rd(s, WC_NICR_ERR_DESC) == sizeof c / sizeof c[0], "ERR_DESC counts them");
        CHECK(s->b->ntx == 0, "no packet sent");
        CHECK((rd(s, WC_NICR_INT_STATUS) & 5u) == 5u, "completion and drained interrupt status");
    });
}

static void ack_all(sc *s, unsigned src, unsigned group, unsigned seq)
{
    ctl(s, src, group, group ? WC_PT_MACK : WC_PT_UACK, seq, 0);
}

static void scen_send(sc *s)
{
    uint32_t w[4];
    wc_nic_hdr h;
    uint8_t pay[WC_NIC_PAYLOAD];
    int k, ok = 1;
    setup_sender(s, 400, 9);
    GROUP("unicast send: packets, sequence, payload; completion after the ack", {
        post_send(s, WC_OP_UNICAST, 77, 600, MSG, 9, 0);
        run(s, 400);
        CHECK(parse_tx(s, 0, &h, NULL) == 0 && h.type == WC_PT_REQ && h.dst == 9 && h.src == SELF && h.group == 0 &&
              h.seq == 0 && h.msglen == 600 && count_tx(s, 0, WC_PT_REQ, ANY) == 1,
              "a REQ for the 600 bytes at sequence 0 first, once");
        CHECK(count_data(s) == 3, "3 packets for 600 bytes (%d)", count_data(s));
        for (k = 0; k < 3; k++) {
            unsigned j;
            if (data_tx(s, k, &h, pay) != 0 || h.dst != 9 || h.src != SELF || h.type != WC_PT_UDATA ||
                h.seq != (unsigned)k || h.off != 256u * (unsigned)k || h.msglen != 600)
                ok = 0;
            for (j = 0; j < h.len; j++)
                if (pay[j] != pattern(9, h.off + j))
                    ok = 0;
        }
        CHECK(ok, "headers and payload");
        completion(s, w, 10);
        CHECK(!WC_GET(w[0], CD0_VALID), "no completion before the ack");
        ack_all(s, 9, 0, 2);
        run(s, 50);
        completion(s, w, 10);
        CHECK(!WC_GET(w[0], CD0_VALID), "no completion on a partial ack");
        ack_all(s, 9, 0, 3);
        completion(s, w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_KIND) == WC_CK_SEND &&
              WC_GET(w[0], CD0_TAG) == 77 && WC_GET(w[3], CD3_LEN) == 600, "send completion %08x", (unsigned)w[0]);
    });
    GROUP("timeout: go-back-N resends the unacknowledged packets to that destination only", {
        nb_tx_clear(s->b);
        post_send(s, WC_OP_UNICAST, 78, 600, MSG, 9, 0);
        run(s, 300);
        CHECK(count_data(s) == 3 && count_tx(s, 0, WC_PT_REQ, 9) == 1, "granted, sent once");
        ack_all(s, 9, 0, 4);           /* first packet of this message (seq 3) */
        run(s, 900);
        CHECK(rd(s, WC_NICR_TIMEOUTS) >= 1 && rd(s, WC_NICR_RETX) >= 2, "timeouts %u, resent %u",
              (unsigned)rd(s, WC_NICR_TIMEOUTS), (unsigned)rd(s, WC_NICR_RETX));
        CHECK(count_data(s) >= 5 && data_tx(s, 3, &h, NULL) == 0 && h.seq == 4 && data_tx(s, 4, &h, NULL) == 0 &&
              h.seq == 5, "resent from sequence 4 on");
        ack_all(s, 9, 0, 6);
        completion(s, w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 78, "completes");
    });
    GROUP("a bus error on the message completes the send with BUSERR", {
        nb_tx_clear(s->b);
        nb_set_err(s->b, 0, MSG, MSG + 4);
        post_send(s, WC_OP_UNICAST, 79, 8, MSG, 9, 0);
        run(s, 100);
        ack_all(s, 9, 0, 7);
        completion(s, w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_BUSERR && WC_GET(w[0], CD0_TAG) == 79, "BUSERR");
        CHECK(count_data(s) == 1 && data_tx(s, 0, &h, pay) == 0 && pay[0] == 0,
              "the packet still went out (zeros), so the stream stays in step");
        nb_set_err(s->b, 0, 0, 0);
    });
}

static void check_order(sc *s, const char *what, const unsigned *want_dst, const unsigned *want_seq, int n)
{
    wc_nic_hdr h;
    int k, m = 0, ok = 1;
    for (k = 0; k < s->b->ntx; k++) {
        if (parse_tx(s, k, &h, NULL) != 0 || (h.type != WC_PT_MDATA && h.type != WC_PT_UDATA))
            continue;
        if (m >= n || h.dst != want_dst[m] || h.seq != want_seq[m]) {
            ok = 0;
            printf("  %s: send %d went to %u seq %u\n", what, m, h.dst, h.seq);
        }
        m++;
    }
    CHECK(ok && m == n, "%s: %d sends in the expected order", what, m);
}

/* node 5 between parent 2 and children 7, 9 in group 1 */
static void forwarder(sc *s, int mode)
{
    unsigned ch[2] = { 7, 9 };
    setup(s, mode, 5000);
    gt_install(s, 1, 2, ch, 2);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
}

static void scen_forward(sc *s)
{
    unsigned fp_d[6] = { 7, 9, 7, 9, 7, 9 }, fp_s[6] = { 0, 0, 1, 1, 2, 2 };
    unsigned fc_d[6] = { 7, 7, 7, 9, 9, 9 }, fc_s[6] = { 0, 1, 2, 0, 1, 2 };
    uint32_t w[4];
    wc_nic_hdr h;
    int k, same = 1, acks = 0;
    forwarder(s, WC_NIC_MODE_FPFS);
    GROUP("NIC-based forwarding, FPFS: packet j to every child before j+1; header only rewritten", {
        send_granted(s, 2, 1, WC_PT_MDATA, 0, 5, 600, 2);
        run(s, 1500);
        check_order(s, "FPFS", fp_d, fp_s, 6);
        {
            /* admitted by the parent's REQ, the forwarder asks its children
             * at once, before any of the message has come */
            int r7 = find_tx(s, 0, WC_PT_REQ, 7, &h), r9 = find_tx(s, 0, WC_PT_REQ, 9, &h), d0 = -1;
            for (k = 0; k < s->b->ntx && d0 < 0; k++)
                if (parse_tx(s, k, &h, NULL) == 0 && is_data(h.type))
                    d0 = k;
            CHECK(r7 >= 0 && r9 >= 0 && r7 < d0 && r9 < d0 && count_tx(s, 0, WC_PT_REQ, ANY) == 2,
                  "one REQ to each child (at %d, %d) before the first data packet (%d)", r7, r9, d0);
            CHECK(parse_tx(s, r9, &h, NULL) == 0 && h.src == 2 && h.group == 1 && h.seq == 0 && h.msglen == 600,
                  "the REQ names the source, the group, sequence 0 and 600 bytes");
        }
        for (k = 0; k < s->b->ntx; k++) {
            if (parse_tx(s, k, &h, NULL) != 0)
                continue;
            if (h.type == WC_PT_MACK && h.dst == 2)
                acks++;
            if (h.type == WC_PT_MDATA && (h.src != 2 || h.group != 1 || h.msglen != 600))
                same = 0;
        }
        CHECK(same, "forwarded packets keep source 2, group 1, message length");
        CHECK(acks >= 1, "acknowledged to the parent");
        completion(s, w, 100);
        CHECK(!WC_GET(w[0], CD0_VALID), "the forwarder's host buffer stays with the NIC until the children ack");
        CHECK(rd(s, WC_NICR_PEAK) >= 1 && rd(s, WC_NICR_SLOTS) == 0,
              "slots freed once forwarded and written, before any ack (peak %u, now %u)",
              (unsigned)rd(s, WC_NICR_PEAK), (unsigned)rd(s, WC_NICR_SLOTS));
        nb_tx_clear(s->b);
        run(s, 5200);
        check_order(s, "FPFS resend from host memory after the timeout", fp_d, fp_s, 6);
        ack_all(s, 7, 1, 3);
        ack_all(s, 9, 1, 3);
        completion(s, w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_KIND) == WC_CK_RECV &&
              WC_GET(w[1], CD1_GROUP) == 1 && WC_GET(w[1], CD1_SRC) == 2 && w[2] == RBUF && WC_GET(w[3], CD3_LEN) == 600,
              "then the forwarder's host gets the message");
        run(s, 5200);
        CHECK(rd(s, WC_NICR_TIMEOUTS) == 2, "no more timeouts once acknowledged (%u)", (unsigned)rd(s, WC_NICR_TIMEOUTS));
    });
    forwarder(s, WC_NIC_MODE_FCFS);
    GROUP("FCFS: every packet to child 1, then to child 2", {
        send_granted(s, 2, 1, WC_PT_MDATA, 0, 5, 600, 2);
        run(s, 1500);
        check_order(s, "FCFS", fc_d, fc_s, 6);
    });
    forwarder(s, WC_NIC_MODE_HOST);
    GROUP("host-based mode: the NIC only delivers; the host re-sends with a multicast descriptor", {
        send_message(s, 2, 1, WC_PT_MDATA, 0, 5, 600);
        run(s, 1500);
        check_order(s, "host mode, before the host acts", fp_d, fp_s, 0);
        completion(s, w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK, "delivered");
        post_send(s, WC_OP_MULTICAST, 5, 600, RBUF, 1, 2);
        run(s, 1500);
        check_order(s, "host re-send", fp_d, fp_s, 6);
        CHECK(data_tx(s, count_data(s) - 1, &h, NULL) == 0 && h.src == 2, "source named by the descriptor");
    });
}

static void scen_multisend(sc *s)
{
    unsigned d[6] = { 3, 8, 3, 8, 3, 8 }, seq[6] = { 0, 0, 1, 1, 2, 2 };
    uint32_t w[4];
    setup_sender(s, 5000, 2);
    w32(s, LST, 3); w32(s, LST + 4, 8);
    GROUP("multisend: one request, each packet read once and sent to every destination", {
        long r0 = s->b->dma_read_words;
        post_send(s, WC_OP_MULTISEND, 4, 600, MSG, 2, LST);
        run(s, 1000);
        check_order(s, "multisend", d, seq, 6);
        CHECK(s->b->dma_read_words - r0 == 4 + 2 + 150, "DMA words read: descriptor 4 + list 2 + message 150 (%ld)",
              s->b->dma_read_words - r0);
        ack_all(s, 3, 0, 3);
        ack_all(s, 8, 0, 3);
        completion(s, w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 4, "completes after both acks");
    });
}

/* ---- admission and NAKs (docs/nic-flow.md) -------------------------- */

/* Is the prefetched receive buffer gone (STATUS bit 2)? */
static int no_rbuf(sc *s) { return (rd(s, WC_NICR_STATUS) & 4u) != 0; }

/* The answer to a REQ or a data packet: to dst, type, carrying expect
 * seq, naming group, from this node, 5 flits with no length fields. */
static int answer_ok(sc *s, int k, unsigned type, unsigned dst, unsigned group, unsigned seq)
{
    wc_nic_hdr h;
    return k >= 0 && parse_tx(s, k, &h, NULL) == 0 && h.type == type && h.dst == dst && h.group == group &&
           h.seq == seq && h.src == SELF && !h.len && !h.off && !h.msglen && s->b->tx[k % NB_TXP].n == 5;
}

/* the message's bytes at addr in host memory, first difference or len */
static unsigned intact(sc *s, uint32_t addr, unsigned msg, unsigned len)
{
    unsigned i;
    for (i = 0; i < len && s->b->mem[addr + i] == pattern(msg, i); i++)
        ;
    return i;
}

static void scen_admission(sc *s)
{
    uint32_t w[4];
    wc_nic_hdr h;
    int k, t0;
    setup(s, WC_NIC_MODE_FPFS, 1000);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    run(s, 50);
    GROUP("REQ with room: GRANT at once, holding the only buffer for the message, whose data is then taken", {
        CHECK(!no_rbuf(s), "one receive buffer prefetched");
        ctl(s, 2, 0, WC_PT_REQ, 0, 600);
        k = wait_tx(s, 0, WC_PT_GRANT, 2, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_GRANT, 2, 0, 0) && s->b->ntx == 1,
              "GRANT to 2 with expect 0, group 0, 5 flits, nothing else (%d sent)", s->b->ntx);
        CHECK(no_rbuf(s), "the GRANT took the buffer");
        ctl(s, 3, 0, WC_PT_REQ, 0, 100);
        k = wait_tx(s, 0, WC_PT_WAIT, 3, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_WAIT, 3, 0, 0), "another stream's REQ finds no buffer: WAIT to 3 with expect 0");
        CHECK(rd(s, WC_NICR_ERR_NOBUF) == 0 && rd(s, WC_NICR_DUPS) == 0, "a deferred REQ is no drop");
        send_message(s, 2, 0, WC_PT_UDATA, 0, 7, 600);
        completion(s, w, 2000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[1], CD1_SRC) == 2 && w[2] == RBUF &&
              WC_GET(w[3], CD3_LEN) == 600, "the data went to the reserved buffer: completion %08x %08x",
              (unsigned)w[0], (unsigned)w[2]);
        CHECK(intact(s, RBUF, 7, 600) == 600, "bytes intact");
        CHECK(rd(s, WC_NICR_ERR_NOBUF) == 0 && rd(s, WC_NICR_RX_PKTS) == 5, "no packet refused (%u received)",
              (unsigned)rd(s, WC_NICR_RX_PKTS));
        run(s, 50);
        CHECK(find_tx(s, 0, WC_PT_UACK, 2, &h) >= 0 && parse_tx(s, s->b->ntx - 1, &h, NULL) == 0 &&
              h.type == WC_PT_UACK && h.seq == 3, "acknowledged up to 3");
    });
    setup(s, WC_NIC_MODE_FPFS, 1000);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    run(s, 50);
    GROUP("a repeated REQ gets the same GRANT and no second buffer; a GRANT no data follows is repeated after NICR_TIMEOUT", {
        long g0;
        ctl(s, 4, 0, WC_PT_REQ, 0, 300);
        k = wait_tx(s, 0, WC_PT_GRANT, 4, &h, 200);
        g0 = s->b->cyc;
        CHECK(answer_ok(s, k, WC_PT_GRANT, 4, 0, 0), "granted");
        post_rbuf(s, RBUF + 0x4000, WC_NIC_MAX_MSG);
        run(s, 50);
        CHECK(!no_rbuf(s), "a second buffer prefetched");
        ctl(s, 4, 0, WC_PT_REQ, 0, 300);     /* as if the GRANT had been lost */
        run(s, 100);
        CHECK(count_tx(s, 0, WC_PT_GRANT, 4) == 2 && answer_ok(s, s->b->ntx - 1, WC_PT_GRANT, 4, 0, 0),
              "the repeated REQ is granted again, same expect");
        CHECK(!no_rbuf(s) && rd(s, WC_NICR_DUPS) == 0, "and took no second buffer");
        t0 = s->b->ntx;
        run(s, (int)(g0 + 990 - s->b->cyc));
        CHECK(s->b->ntx == t0, "nothing else within NICR_TIMEOUT of the first GRANT");
        run(s, 100);
        CHECK(count_tx(s, t0, WC_PT_GRANT, 4) == 1 && answer_ok(s, t0, WC_PT_GRANT, 4, 0, 0),
              "no data 1000 cycles after it: the GRANT is repeated unasked (%d)", count_tx(s, t0, WC_PT_GRANT, 4));
        send_message(s, 4, 0, WC_PT_UDATA, 0, 8, 300);
        completion(s, w, 2000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && w[2] == RBUF && WC_GET(w[3], CD3_LEN) == 300 &&
              intact(s, RBUF, 8, 300) == 300, "the data lands in the first buffer");
        t0 = s->b->ntx;
        run(s, 2500);
        CHECK(count_tx(s, t0, WC_PT_GRANT, ANY) == 0, "no GRANT repeated once the data came");
        ctl(s, 4, 0, WC_PT_REQ, 2, 100);
        k = wait_tx(s, t0, WC_PT_GRANT, 4, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_GRANT, 4, 0, 2), "the stream's next message is granted at 2");
        send_message(s, 4, 0, WC_PT_UDATA, 2, 9, 100);
        completion(s, w, 2000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && w[2] == RBUF + 0x4000, "into the second buffer");
    });
    setup(s, WC_NIC_MODE_FPFS, 1000);
    GROUP("no receive buffer: REQ -> WAIT, no GRANT until a buffer is posted, then GRANT and the data is taken", {
        ctl(s, 3, 0, WC_PT_REQ, 0, 100);
        k = wait_tx(s, 0, WC_PT_WAIT, 3, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_WAIT, 3, 0, 0), "WAIT to 3 with expect 0");
        run(s, 2500);
        CHECK(s->b->ntx == 1, "nothing more while no buffer comes, for longer than the timeout (%d sent)", s->b->ntx);
        ctl(s, 3, 0, WC_PT_REQ, 0, 100);     /* as if the WAIT had been lost */
        run(s, 100);
        CHECK(s->b->ntx == 2 && answer_ok(s, 1, WC_PT_WAIT, 3, 0, 0), "a repeated REQ is told to wait again");
        post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
        k = wait_tx(s, 0, WC_PT_GRANT, 3, &h, 300);
        CHECK(answer_ok(s, k, WC_PT_GRANT, 3, 0, 0), "the buffer posted, the waiting stream is granted unasked");
        send_message(s, 3, 0, WC_PT_UDATA, 0, 10, 100);
        completion(s, w, 1000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[1], CD1_SRC) == 3 && w[2] == RBUF &&
              intact(s, RBUF, 10, 100) == 100, "received");
        CHECK(rd(s, WC_NICR_ERR_NOBUF) == 0, "nothing was dropped");
    });
    GROUP("an eager packet 0 with no buffer: dropped (NOBUF), WAIT; the GRANT when a buffer comes; the repeat is taken", {
        t0 = s->b->ntx;
        send_message(s, 6, 0, WC_PT_UDATA, 0, 11, 40);
        k = wait_tx(s, t0, WC_PT_WAIT, 6, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_WAIT, 6, 0, 0) && rd(s, WC_NICR_ERR_NOBUF) == 1, "WAIT to 6, one NOBUF drop");
        run(s, 500);
        CHECK(count_tx(s, t0, WC_PT_GRANT, 6) == 0, "no GRANT without a buffer");
        post_rbuf(s, RBUF + 0x4000, WC_NIC_MAX_MSG);
        k = wait_tx(s, t0, WC_PT_GRANT, 6, &h, 300);
        CHECK(answer_ok(s, k, WC_PT_GRANT, 6, 0, 0), "GRANT to 6 once the buffer is posted");
        send_message(s, 6, 0, WC_PT_UDATA, 0, 11, 40);
        completion(s, w, 1000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[1], CD1_SRC) == 6 && w[2] == RBUF + 0x4000 &&
              intact(s, RBUF + 0x4000, 11, 40) == 40, "the repeated packet 0 is taken");
    });
}

/* The NIC as the sender: what it does with no answer, a WAIT, a GRANT
 * from elsewhere, then the GRANT. */
static void scen_admission_sender(sc *s)
{
    uint32_t w[4];
    wc_nic_hdr h;
    int t0, k, ok = 1;
    setup_sender(s, 400, 12);
    s->b->auto_grant = 0;
    GROUP("sender: an unanswered REQ is sent again after the timeout; a WAIT holds the data with no deadline; the GRANT sends it", {
        post_send(s, WC_OP_UNICAST, 21, 600, MSG, 9, 0);
        run(s, 300);
        CHECK(s->b->ntx == 1 && parse_tx(s, 0, &h, NULL) == 0 && h.type == WC_PT_REQ && h.seq == 0 && h.msglen == 600,
              "one REQ, no data");
        run(s, 300);
        CHECK(count_tx(s, 0, WC_PT_REQ, 9) == 2 && count_data(s) == 0, "no answer within 400 cycles: the REQ again");
        CHECK(rd(s, WC_NICR_TIMEOUTS) == 1 && rd(s, WC_NICR_RETX) == 1, "one timeout, one packet resent (%u, %u)",
              (unsigned)rd(s, WC_NICR_TIMEOUTS), (unsigned)rd(s, WC_NICR_RETX));
        ctl(s, 9, 0, WC_PT_WAIT, 0, 0);
        run(s, 3000);
        CHECK(s->b->ntx == 2 && rd(s, WC_NICR_TIMEOUTS) == 1,
              "after the WAIT nothing goes for 3000 cycles, no REQ times out (%d sent)", s->b->ntx);
        ctl(s, 8, 0, WC_PT_GRANT, 0, 0);
        ctl(s, 9, 0, WC_PT_GRANT, 0xFFF0u, 0);     /* for the stream's message before: sequence behind 0 */
        run(s, 300);
        CHECK(s->b->ntx == 2 && rd(s, WC_NICR_RX_PKTS) == 3 && rd(s, WC_NICR_ERR_DST) == 0 &&
              rd(s, WC_NICR_ERR_GROUP) == 0, "a GRANT from node 8 (no child) and one for an older message from 9: "
              "received, no error, ignored");
        ctl(s, 9, 0, WC_PT_GRANT, 0, 0);
        run(s, 400);
        CHECK(count_data(s) == 3, "the GRANT releases the 3 packets (%d)", count_data(s));
        for (k = 0; k < 3; k++)
            if (data_tx(s, k, &h, NULL) != 0 || h.dst != 9 || h.seq != (unsigned)k || h.off != 256u * (unsigned)k)
                ok = 0;
        CHECK(ok, "in order, sequences 0, 1, 2");
        ack_all(s, 9, 0, 3);
        completion(s, w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 21, "completes");
        CHECK(rd(s, WC_NICR_TIMEOUTS) == 1 && rd(s, WC_NICR_RETX) == 1, "no other timeout, no resend");
    });
    setup_sender(s, 5000, 13);
    GROUP("NAK at the sender: go back to the NAK's sequence at once, no timeout; a NAK outside the window is ignored", {
        post_send(s, WC_OP_UNICAST, 22, 600, MSG, 9, 0);
        run(s, 400);
        CHECK(count_data(s) == 3, "granted, 3 packets sent");
        t0 = s->b->ntx;
        ctl(s, 9, 0, WC_PT_NAK, 1, 0);
        run(s, 300);
        CHECK(count_tx(s, t0, WC_PT_UDATA, 9) == 2 && find_tx(s, t0, WC_PT_UDATA, 9, &h) >= 0 && h.seq == 1 &&
              find_tx(s, find_tx(s, t0, WC_PT_UDATA, 9, &h) + 1, WC_PT_UDATA, 9, &h) >= 0 && h.seq == 2,
              "NAK 1: packet 0 acknowledged, 1 and 2 resent within 300 cycles of a 5000-cycle timeout");
        CHECK(rd(s, WC_NICR_TIMEOUTS) == 0 && rd(s, WC_NICR_RETX) == 2, "no timeout, 2 resent (%u, %u)",
              (unsigned)rd(s, WC_NICR_TIMEOUTS), (unsigned)rd(s, WC_NICR_RETX));
        ack_all(s, 9, 0, 3);
        completion(s, w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 22, "completes");
        post_send(s, WC_OP_UNICAST, 23, 600, MSG, 9, 0);
        run(s, 400);
        CHECK(count_tx(s, t0, WC_PT_REQ, 9) == 1 && find_tx(s, t0, WC_PT_REQ, 9, &h) >= 0 && h.seq == 3 &&
              count_data(s) == 8, "the next message: REQ at 3, its 3 packets");
        t0 = s->b->ntx;
        ctl(s, 9, 0, WC_PT_NAK, 1, 0);               /* older than the message */
        ctl(s, 9, 0, WC_PT_NAK, 3 + 0x8000u, 0);     /* half the sequence space away */
        run(s, 500);
        CHECK(s->b->ntx == t0 && rd(s, WC_NICR_RETX) == 2 && rd(s, WC_NICR_TIMEOUTS) == 0,
              "NAKs outside the window: nothing resent (%d sent)", s->b->ntx - t0);
        completion(s, w, 10);
        CHECK(!WC_GET(w[0], CD0_VALID), "and nothing acknowledged");
        ack_all(s, 9, 0, 6);
        completion(s, w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 23, "completes on its ack");
    });
}

static void scen_nak(sc *s)
{
    uint32_t w[4], f[WC_NIC_MAX_PKT_FLITS];
    wc_nic_hdr h;
    unsigned n, ch[1] = { 9 };
    int t0, k;
    setup(s, WC_NIC_MODE_FPFS, 5000);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    post_rbuf(s, RBUF + 0x4000, WC_NIC_MAX_MSG);
    GROUP("receiver: an early packet gets one NAK with expect, later early packets plain acks, until expect moves", {
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 0);
        k = wait_tx(s, 0, WC_PT_UACK, 2, &h, 300);
        CHECK(answer_ok(s, k, WC_PT_UACK, 2, 0, 1), "packet 0 taken, ack 1");
        t0 = s->b->ntx;
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 2);
        k = wait_tx(s, t0, WC_PT_NAK, 2, &h, 300);
        CHECK(answer_ok(s, k, WC_PT_NAK, 2, 0, 1) && s->b->ntx == t0 + 1, "packet 2 is early: a NAK with expect 1");
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 3);
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 2);
        run(s, 300);
        CHECK(count_tx(s, t0, WC_PT_NAK, ANY) == 1 && count_tx(s, t0, WC_PT_UACK, 2) >= 1 &&
              answer_ok(s, s->b->ntx - 1, WC_PT_UACK, 2, 0, 1), "two more early packets: plain acks of 1, no NAK");
        CHECK(rd(s, WC_NICR_DUPS) == 3, "the 3 early packets dropped (%u)", (unsigned)rd(s, WC_NICR_DUPS));
        t0 = s->b->ntx;
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 1);
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 3);
        run(s, 300);
        CHECK(count_tx(s, t0, WC_PT_NAK, 2) == 1 && find_tx(s, t0, WC_PT_NAK, 2, &h) >= 0 && h.seq == 2,
              "packet 1 taken, expect 2: early packet 3 gets a NAK again, with 2");
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 2);
        send_packet(s, 2, 0, WC_PT_UDATA, 0, 14, 1000, 3);
        completion(s, w, 1000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[3], CD3_LEN) == 1000 &&
              intact(s, RBUF, 14, 1000) == 1000, "the message completes intact");
        CHECK(rd(s, WC_NICR_DUPS) == 4 && rd(s, WC_NICR_ERR_NOBUF) == 0, "4 early packets in all, no other drop");
    });
    gt_install(s, 1, 2, ch, 1);
    gt_install(s, 4, 2, NULL, 0);
    GROUP("a packet failing its CRC whose header names a stream received here asks that stream's NAK, once", {
        t0 = s->b->ntx;
        send_packet(s, 3, 0, WC_PT_UDATA, 0, 15, 300, 0);
        k = wait_tx(s, t0, WC_PT_UACK, 3, &h, 300);
        CHECK(answer_ok(s, k, WC_PT_UACK, 3, 0, 1), "unicast from 3: packet 0 taken");
        t0 = s->b->ntx;
        n = msg_packet(s, 3, 0, WC_PT_UDATA, 0, 15, 300, 1, f);
        f[6] ^= 0x10u;
        inject(s, f, n);
        k = wait_tx(s, t0, WC_PT_NAK, 3, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_NAK, 3, 0, 1) && rd(s, WC_NICR_ERR_CRC) == 1,
              "its packet 1 corrupt: counted ERR_CRC, NAK to 3 with expect 1");
        inject(s, f, n);
        run(s, 200);
        CHECK(s->b->ntx == t0 + 1 && rd(s, WC_NICR_ERR_CRC) == 2, "corrupt again: nothing more (once per expect)");
        t0 = s->b->ntx;
        n = nb_build(SELF, 9, 4, WC_PT_MDATA, 0, 0, 40, 40, s->b->mem, f);
        f[5] ^= 1u;
        inject(s, f, n);
        k = wait_tx(s, t0, WC_PT_NAK, ANY, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_NAK, 2, 4, 0), "a corrupt packet of group 4 (source 9): NAK to the parent 2, "
              "group 4, expect 0 (to %u)", h.dst);
        t0 = s->b->ntx;
        n = nb_build(SELF, 2, 7, WC_PT_MDATA, 0, 0, 40, 40, s->b->mem, f);
        f[5] ^= 1u;
        inject(s, f, n);
        n = nb_build(SELF, SELF, 0, WC_PT_UDATA, 0, 0, 40, 40, s->b->mem, f);
        f[5] ^= 1u;
        inject(s, f, n);
        n = nb_build(SELF, s->nn + 3, 0, WC_PT_UDATA, 0, 0, 40, 40, s->b->mem, f);
        f[5] ^= 1u;
        inject(s, f, n);
        n = nb_build(SELF, 2, 0, WC_PT_UACK, 0, 0, 0, 0, NULL, f);
        f[2] ^= 1u;
        inject(s, f, n);
        run(s, 400);
        CHECK(s->b->ntx == t0 && rd(s, WC_NICR_ERR_CRC) == 7,
              "corrupt packets naming an unknown group, this node, a node outside the network, or an ack: no NAK "
              "(%d sent, ERR_CRC %u)", s->b->ntx - t0, (unsigned)rd(s, WC_NICR_ERR_CRC));
        send_packet(s, 3, 0, WC_PT_UDATA, 0, 15, 300, 1);
        completion(s, w, 500);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[1], CD1_SRC) == 3 &&
              intact(s, RBUF + 0x4000, 15, 300) == 300, "the resent packet 1 completes the message");
    });
}

/* A control packet edited after its CRC: the fields in NH1/NH2. */
static void bad_ctl(sc *s, unsigned src, unsigned group, unsigned type, unsigned seq, unsigned off, unsigned len,
                    unsigned msglen)
{
    uint32_t f[16];
    unsigned n = nb_build(SELF, src, group, type, seq, 0, 0, type == WC_PT_REQ ? 100 : 0, NULL, f), i;
    f[2] = WC_SET(WC_SET(0u, NH1_SEQ, seq), NH1_OFF, off);
    f[3] = WC_SET(WC_SET(0u, NH2_LEN, len), NH2_MSGLEN, msglen);
    for (i = 0; i < (len + 3) / 4 && n < 16; i++)
        f[n++] = 0x01020304u;
    nb_fix_crc(f, n);
    inject(s, f, n);
}

static void scen_bad_control(sc *s)
{
    uint32_t w[4];
    wc_nic_hdr h;
    unsigned ch[1] = { 9 }, root[1] = { 7 };
    int k, t0;
    setup(s, WC_NIC_MODE_FPFS, 1000);
    gt_install(s, 1, 2, ch, 1);
    gt_install(s, 3, WC_NIC_NO_PARENT, root, 1);
    gt_install(s, 4, 2, NULL, 0);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    GROUP("malformed REQ, GRANT, WAIT, NAK: dropped, each in its counter, never answered", {
        bad_ctl(s, 2, 0, WC_PT_REQ, 0, 0, 0, 0);
        bad_ctl(s, 2, 0, WC_PT_REQ, 0, 0, 0, WC_NIC_MAX_MSG + 1);
        bad_ctl(s, 2, 0, WC_PT_REQ, 0, 0, 4, 100);
        bad_ctl(s, 2, 0, WC_PT_REQ, 0, 256, 0, 100);
        run(s, 100);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 4, "REQ with msglen 0, above NIC_MAX_MSG, with a payload, with an offset: "
              "ERR_LEN (%u)", (unsigned)rd(s, WC_NICR_ERR_LEN));
        bad_ctl(s, 9, 1, WC_PT_GRANT, 0, 0, 4, 0);
        bad_ctl(s, 9, 1, WC_PT_GRANT, 0, 0, 0, 100);
        bad_ctl(s, 9, 1, WC_PT_WAIT, 0, 8, 0, 0);
        bad_ctl(s, 9, 1, WC_PT_WAIT, 0, 0, 0, 1);
        bad_ctl(s, 9, 1, WC_PT_NAK, 0, 4, 0, 0);
        bad_ctl(s, 9, 0, WC_PT_NAK, 0, 0, 8, 0);
        run(s, 100);
        CHECK(rd(s, WC_NICR_ERR_LEN) == 10, "GRANT, WAIT, NAK with a payload, an offset or a msglen: ERR_LEN (%u)",
              (unsigned)rd(s, WC_NICR_ERR_LEN));
        ctl(s, 9, 7, WC_PT_GRANT, 0, 0);
        ctl(s, 9, 7, WC_PT_WAIT, 0, 0);
        ctl(s, 9, 7, WC_PT_NAK, 0, 0);
        ctl(s, 2, 7, WC_PT_REQ, 0, 100);
        ctl(s, 9, WC_NIC_GROUPS - 1, WC_PT_GRANT, 0, 0);
        run(s, 100);
        CHECK(rd(s, WC_NICR_ERR_GROUP) == 5, "GRANT, WAIT, NAK, REQ naming unknown groups 7 and %d: ERR_GROUP (%u)",
              WC_NIC_GROUPS - 1, (unsigned)rd(s, WC_NICR_ERR_GROUP));
        ctl(s, s->nn + 1, 0, WC_PT_GRANT, 0, 0);
        ctl(s, s->nn + 1, 0, WC_PT_NAK, 0, 0);
        ctl(s, s->nn + 1, 0, WC_PT_REQ, 0, 100);
        ctl(s, SELF, 0, WC_PT_REQ, 0, 100);
        ctl(s, 2, 3, WC_PT_REQ, 0, 100);
        run(s, 100);
        CHECK(rd(s, WC_NICR_ERR_DST) == 5, "unicast GRANT, NAK, REQ from a node outside the network, a REQ from "
              "itself, a REQ for group 3 rooted here: ERR_DST (%u)", (unsigned)rd(s, WC_NICR_ERR_DST));
        CHECK(s->b->ntx == 0 && rd(s, WC_NICR_RX_PKTS) == 0 && rd(s, WC_NICR_SLOTS) == 0 && !no_rbuf(s),
              "none answered, none received, no slot or buffer held (%d sent)", s->b->ntx);
        ctl(s, 2, 4, WC_PT_REQ, 0, 100);
        k = wait_tx(s, 0, WC_PT_GRANT, 2, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_GRANT, 2, 4, 0), "then a good REQ is granted");
    });
    setup(s, WC_NIC_MODE_FPFS, 1000);
    gt_install(s, 4, 2, NULL, 0);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    GROUP("a REQ of a group names the message's source, not the sender: the answer goes to the parent", {
        ctl(s, 9, 4, WC_PT_REQ, 0, 100);
        k = wait_tx(s, 0, WC_PT_GRANT, ANY, &h, 200);
        CHECK(answer_ok(s, k, WC_PT_GRANT, 2, 4, 0) && s->b->ntx == 1,
              "REQ of group 4 from source 9: GRANT to the parent 2 (to %u), group 4", h.dst);
        send_message(s, 9, 4, WC_PT_MDATA, 0, 16, 100);
        completion(s, w, 500);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[1], CD1_SRC) == 9 && WC_GET(w[1], CD1_GROUP) == 4 &&
              intact(s, RBUF, 16, 100) == 100, "the data (source 9) completes: %08x", (unsigned)w[1]);
        run(s, 50);
        CHECK(answer_ok(s, s->b->ntx - 1, WC_PT_MACK, 2, 4, 1), "acknowledged to the parent");
        t0 = s->b->ntx;
        ctl(s, 9, 4, WC_PT_REQ, 5, 100);
        ctl(s, 9, 4, WC_PT_REQ, 0, 100);
        run(s, 200);
        CHECK(rd(s, WC_NICR_DUPS) == 2 && count_tx(s, t0, WC_PT_NAK, ANY) == 0 && count_tx(s, t0, WC_PT_GRANT, ANY) == 0
              && count_tx(s, t0, WC_PT_MACK, 2) >= 1 && answer_ok(s, s->b->ntx - 1, WC_PT_MACK, 2, 4, 1),
              "a REQ ahead of expect or behind it: dropped as a duplicate, a plain ack of 1, no NAK, no GRANT");
    });
}

/* A resend chosen before the last ack of its message came: the job must
 * not leave (and its index go to a new job) while the selection register
 * holds the packet, or the packet is staged from the new job's memory. */
static void scen_stale_resend(sc *s)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS];
    wc_nic_hdr h;
    uint8_t pay[WC_NIC_PAYLOAD];
    unsigned ch[1] = { 9 };
    int k, n = 0, ok = 1;
    setup(s, WC_NIC_MODE_FPFS, 100);
    gt_install(s, 1, 2, ch, 1);
    post_rbuf(s, RBUF, WC_NIC_MAX_MSG);
    post_rbuf(s, RBUF + 0x4000, WC_NIC_MAX_MSG);
    post_rbuf(s, RBUF + 0x8000, WC_NIC_MAX_MSG);
    GROUP("a resend still selected when the last ack comes keeps its job until it is sent, and its bytes", {
        /* the timings make the ack land while the resend waits for the
         * DMA (found by a search against the model without the rule: with
         * these two waits, 104..124 cycles for the second, the model
         * without it sends another job's bytes) */
        send_message(s, 2, 1, WC_PT_MDATA, 0, 17, 200);
        run(s, 120);
        /* its write to host memory holds the DMA when the resend after
         * the timeout must be staged */
        inject(s, f, msg_packet(s, 3, 0, WC_PT_UDATA, 0, 18, 2000, 0, f));
        run(s, 116);
        ack_all(s, 9, 1, 1);
        ctl(s, 2, 1, WC_PT_REQ, 1, 300);    /* the next message: a new forwarding job */
        run(s, 1500);
        for (k = 0; k < s->b->ntx; k++)
            if (parse_tx(s, k, &h, NULL) == 0 && h.type == WC_PT_MDATA && h.seq == 0) {
                unsigned i;
                n++;
                (void)parse_tx(s, k, &h, pay);
                for (i = 0; i < h.len && pay[i] == pattern(17, i); i++)
                    ;
                if (h.len != 200 || i != 200)
                    ok = 0;
            }
        CHECK(n >= 2 && ok, "the message was sent and resent (%d copies), every copy with its own bytes", n);
        CHECK(rd(s, WC_NICR_TIMEOUTS) >= 1, "after a timeout");
    });
}


typedef struct {
    const char *name;
    void (*fn)(sc *s);
} scen;

static const scen scens[] = {
    { "registers", scen_registers },
    { "group_table", scen_group_table },
    { "bad_packets", scen_bad_packets },
    { "receive", scen_receive },
    { "descriptors", scen_descriptors },
    { "send", scen_send },
    { "forward", scen_forward },
    { "multisend", scen_multisend },
    { "admission", scen_admission },
    { "admission_sender", scen_admission_sender },
    { "nak", scen_nak },
    { "bad_control", scen_bad_control },
    { "stale_resend", scen_stale_resend },
};

const char *nic_scen_name(int i)
{
    return i >= 0 && i < (int)(sizeof scens / sizeof scens[0]) ? scens[i].name : NULL;
}

int nic_scen_run(nic_bench *b, const wc_nic_cfg *cfg, const char *only)
{
    sc s;
    wc_nic_cfg def;
    int i, n = 0;
    memset(&s, 0, sizeof s);
    s.b = b;
    s.cfg = *cfg;
    s.nn = (unsigned)cfg->nnodes;
    s.pay = (unsigned)cfg->payload;
    if (b->memsize < MEM_MIN || cfg->nnodes <= 9) {
        printf("FAIL directed scenarios need %u bytes of memory and NNODES above 9\n", MEM_MIN);
        b->nfail++;
        return 0;
    }
    /* off their parameters the scenarios still drive both models alike,
     * but the expected counts and codes are not theirs */
    wc_nic_cfg_default(&def, 16);
    def.mutate = cfg->mutate;
    b->advisory = memcmp(&def, cfg, sizeof def) != 0;
    for (i = 0; i < (int)(sizeof scens / sizeof scens[0]); i++) {
        if (only && !strstr(scens[i].name, only))
            continue;
        snprintf(b->note, sizeof b->note, "scenario %s (verif/nic/nic_scen.c)", scens[i].name);
        b->scen = scens[i].name;
        scens[i].fn(&s);
        b->scen = NULL;
        n++;
    }
    b->advisory = 0;
    b->note[0] = 0;
    return n;
}

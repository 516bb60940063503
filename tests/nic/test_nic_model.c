/* One NIC of the cycle model on a bench: the test plays the router (it
 * injects flits on the ejection link, collects what the NIC injects), the
 * host memory (a combinational Wishbone slave) and the host (register
 * accesses on the slave bus).  Covers every bad-input case of docs/nic.md
 * (bad CRC, unknown group, impossible length, wrong type, wrong node,
 * framing, invalid descriptors), the group table's id rule through the
 * registers, the receive path with duplicates and early packets, sends
 * with acknowledgements, timeout and go-back-N, forwarding in FPFS and
 * FCFS order, multisend with one DMA read per packet, host-based mode and
 * receive buffers too small for a message. */
#include <stdlib.h>
#include <string.h>
#include "../kbin/test_kbin.h"
#include "wc_nic.h"
#include "wc_nic_pkt.h"

#define SELF 5
#define NN 16
#define MEM (256 * 1024)
#define SQB 0x0000u    /* send ring, 16 entries */
#define CQB 0x1000u    /* completion ring, 64 entries */
#define RQB 0x2000u    /* receive ring, 8 entries */
#define LST 0x3000u    /* multisend list */
#define MSG 0x10000u   /* message to send */
#define RBUF 0x20000u  /* receive buffers, 16 KiB apart */

typedef struct {
    uint32_t f[WC_NIC_MAX_PKT_FLITS + 8];
    unsigned n;
} pkt;

typedef struct {
    wc_nic *nic;
    wc_nic_cfg cfg;
    uint8_t mem[MEM];
    long cyc;
    /* flits to inject, one per cycle */
    uint64_t rxq[8192];
    int rxh, rxn;
    /* packets the NIC sent */
    pkt tx[4096];
    int ntx;
    pkt cur;
    int credit_back;
    long dma_read_words, dma_write_words;
    uint32_t err_lo, err_hi;    /* DMA to [err_lo, err_hi) gets ERR */
    uint16_t sq_tail, rq_tail, cq_head;
    /* the host's register request this cycle, and what the slave said */
    int sreq, swe;
    unsigned sreg;
    uint32_t sdat, seen_dat;
    int seen_ack;
} bench;

static bench B;

static void step(void)
{
    wc_nic_out o;
    wc_nic_in in;
    memset(&in, 0, sizeof in);
    wc_nic_eval(B.nic, &o);
    B.seen_ack = o.s_ack;
    B.seen_dat = o.s_dat;
    in.s_cyc = in.s_stb = B.sreq;
    in.s_we = B.swe;
    in.s_adr = 4u * B.sreg;
    in.s_dat = B.sdat;
    in.s_sel = 0xFu;
    if (B.rxn) {
        in.rx_valid = 1;
        in.rx_flit = B.rxq[B.rxh];
        B.rxh = (B.rxh + 1) % 8192;
        B.rxn--;
    }
    in.tx_credit = B.credit_back;
    B.credit_back = 0;
    if (o.tx_valid) {
        unsigned type = (unsigned)(o.tx_flit >> 32) & 3u;
        if (type & WC_FT_HEAD)
            B.cur.n = 0;
        if (B.cur.n < WC_NIC_MAX_PKT_FLITS + 8)
            B.cur.f[B.cur.n++] = (uint32_t)o.tx_flit;
        if (type & WC_FT_TAIL)
            B.tx[B.ntx++ % 4096] = B.cur;
        B.credit_back = 1;
    }
    if (o.m_cyc && o.m_stb) {
        uint32_t a = o.m_adr & ~3u;
        if (a + 4 > MEM || (a >= B.err_lo && a < B.err_hi)) {
            in.m_err = 1;
        } else if (o.m_we) {
            int k;
            for (k = 0; k < 4; k++)
                if (o.m_sel & (1u << k))
                    B.mem[a + (unsigned)k] = (uint8_t)(o.m_dat >> (8 * k));
            in.m_ack = 1;
            B.dma_write_words++;
        } else {
            in.m_dat = (uint32_t)B.mem[a] | (uint32_t)B.mem[a + 1] << 8 | (uint32_t)B.mem[a + 2] << 16 |
                       (uint32_t)B.mem[a + 3] << 24;
            in.m_ack = 1;
            B.dma_read_words++;
        }
    }
    wc_nic_commit(B.nic, &in);
    B.cyc++;
}

static void run(int n)
{
    while (n-- > 0)
        step();
}

/* A register access on the slave bus: request in one cycle, the ack
 * and read data in the next. */
static uint32_t reg_access(unsigned reg, int we, uint32_t v)
{
    B.sreq = 1; B.swe = we; B.sreg = reg; B.sdat = v;
    step();
    B.sreq = 0;
    step();
    CHECK(B.seen_ack, "register %u: ack one cycle after the request", reg);
    return B.seen_dat;
}

static void wr(unsigned reg, uint32_t v) { (void)reg_access(reg, 1, v); }
static uint32_t rd(unsigned reg) { return reg_access(reg, 0, 0); }

static void w32(uint32_t a, uint32_t v)
{
    B.mem[a] = (uint8_t)v; B.mem[a + 1] = (uint8_t)(v >> 8);
    B.mem[a + 2] = (uint8_t)(v >> 16); B.mem[a + 3] = (uint8_t)(v >> 24);
}

static uint32_t r32(uint32_t a)
{
    return (uint32_t)B.mem[a] | (uint32_t)B.mem[a + 1] << 8 | (uint32_t)B.mem[a + 2] << 16 |
           (uint32_t)B.mem[a + 3] << 24;
}

static void setup(int mode, uint32_t timeout)
{
    char err[200];
    wc_nic_free(B.nic);
    memset(&B, 0, sizeof B);
    wc_nic_cfg_default(&B.cfg, NN);
    B.nic = wc_nic_create(&B.cfg, SELF, err, sizeof err);
    if (!B.nic) {
        printf("FAIL cannot create NIC: %s\n", err);
        exit(1);
    }
    B.err_lo = B.err_hi = 0;
    wr(WC_NICR_SQ_BASE, SQB); wr(WC_NICR_SQ_SIZE, 16);
    wr(WC_NICR_CQ_BASE, CQB); wr(WC_NICR_CQ_SIZE, 64);
    wr(WC_NICR_RQ_BASE, RQB); wr(WC_NICR_RQ_SIZE, 8);
    wr(WC_NICR_TIMEOUT, timeout);
    wr(WC_NICR_CTRL, 1u | (uint32_t)mode << 1);
}

static void post_rbuf(uint32_t addr, uint32_t cap)
{
    uint32_t e = RQB + 8u * (B.rq_tail & 7u);
    w32(e, addr); w32(e + 4, cap);
    wr(WC_NICR_RQ_TAIL, ++B.rq_tail);
}

static void post_send(unsigned op, unsigned tag, unsigned len, uint32_t addr, uint32_t x, uint32_t d3)
{
    uint32_t e = SQB + 16u * (B.sq_tail & 15u);
    w32(e, WC_SET(WC_SET(WC_SET(0u, SD0_OP, op), SD0_TAG, tag), SD0_LEN, len));
    w32(e + 4, addr); w32(e + 8, x); w32(e + 12, d3);
    wr(WC_NICR_SQ_TAIL, ++B.sq_tail);
}

/* Next completion, or word0 = 0 if none within `cycles`. */
static void completion(uint32_t w[4], int cycles)
{
    uint32_t e = CQB + 16u * (B.cq_head & 63u);
    while (cycles-- > 0 && !WC_GET(r32(e), CD0_VALID))
        step();
    w[0] = r32(e); w[1] = r32(e + 4); w[2] = r32(e + 8); w[3] = r32(e + 12);
    if (WC_GET(w[0], CD0_VALID)) {
        w32(e, 0);
        wr(WC_NICR_CQ_HEAD, ++B.cq_head);
    }
}

static void inject(const uint32_t *f, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        unsigned t = n == 1 ? WC_FT_SINGLE : i == 0 ? WC_FT_HEAD : i == n - 1 ? WC_FT_TAIL : WC_FT_BODY;
        B.rxq[(B.rxh + B.rxn) % 8192] = (uint64_t)f[i] | (uint64_t)t << 32;
        B.rxn++;
    }
}

static unsigned build(unsigned dst, unsigned src, unsigned group, unsigned type, unsigned seq,
                      unsigned off, unsigned len, unsigned msglen, const uint8_t *payload, uint32_t *f)
{
    wc_nic_hdr h;
    int n;
    memset(&h, 0, sizeof h);
    h.dst = dst; h.src = src; h.group = group; h.type = type; h.seq = seq;
    h.off = off; h.len = len; h.msglen = msglen;
    n = wc_nic_pkt_build(&h, payload, f, WC_NIC_MAX_PKT_FLITS);
    if (n < 0) {
        printf("FAIL build: %d\n", n);
        exit(1);
    }
    return (unsigned)n;
}

static void fix_crc(uint32_t *f, unsigned n)
{
    f[4] = wc_nic_crc_finish(wc_nic_crc_words(0, f + 5, n > 5 ? n - 5 : 0), f[1], f[2], f[3]);
}

static uint8_t pattern(unsigned msg, unsigned i) { return (uint8_t)(msg * 131u + i * 7u + (i >> 8)); }

static void send_message(unsigned src, unsigned group, unsigned type, unsigned seq0, unsigned msg, unsigned len)
{
    uint8_t p[WC_NIC_PAYLOAD];
    uint32_t f[WC_NIC_MAX_PKT_FLITS];
    unsigned off, k = 0;
    for (off = 0; off < len; off += WC_NIC_PAYLOAD, k++) {
        unsigned l = len - off < WC_NIC_PAYLOAD ? len - off : WC_NIC_PAYLOAD, i, n;
        for (i = 0; i < l; i++)
            p[i] = pattern(msg, off + i);
        n = build(SELF, src, group, type, seq0 + k, off, l, len, p, f);
        inject(f, n);
    }
}

static int parse_tx(int i, wc_nic_hdr *h, uint8_t *payload)
{
    return wc_nic_pkt_parse(B.tx[i].f, B.tx[i].n, WC_GET(B.tx[i].f[0], HEAD_DST), h, payload);
}

/* ------------------------------------------------------------------ */

static void test_registers(void)
{
    setup(WC_NIC_MODE_FPFS, 1000);
    GROUP("registers: id, control, ring indices, counters clear on write, timeout", {
        CHECK(rd(WC_NICR_ID) == (SELF | 1u << 24), "id %08x", (unsigned)rd(WC_NICR_ID));
        CHECK(rd(WC_NICR_CTRL) == 1u, "enabled, FPFS");
        CHECK(rd(WC_NICR_SQ_SIZE) == 16 && rd(WC_NICR_CQ_BASE) == CQB, "ring registers read back");
        CHECK(rd(WC_NICR_TIMEOUT) == 1000, "timeout");
        CHECK((rd(WC_NICR_STATUS) & 4u) == 4u, "status: no receive buffer posted");
        CHECK(rd(WC_NICR_CYCLE) > 10, "cycle counter runs");
    });
}

static void gt_install(unsigned g, unsigned parent, const unsigned *ch, unsigned n)
{
    unsigned i;
    wr(WC_NICR_GT_SEL, g);
    wr(WC_NICR_GT_PARENT, parent);
    for (i = 0; i < n; i++)
        wr(WC_NICR_GT_CHILD, i << 16 | ch[i]);
    wr(WC_NICR_GT_COMMIT, n);
}

static void test_group_table(void)
{
    unsigned ok[2] = { 7, 9 }, low[1] = { 3 }, selfc[1] = { SELF }, dup[2] = { 9, 9 }, par[1] = { 2 };
    unsigned far[1] = { NN }, rootlow[2] = { 1, 2 }, many[WC_NIC_MAX_CHILDREN + 1];
    unsigned i;
    for (i = 0; i < WC_NIC_MAX_CHILDREN + 1; i++)
        many[i] = 6 + i;
    setup(WC_NIC_MODE_FPFS, 1000);
    GROUP("group table through the registers: id rule and every refusal code", {
        gt_install(1, 2, ok, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "children 7, 9 above 5 accepted");
        gt_install(2, 2, low, 1);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "child 3 below 5 at a non-root: IDRULE");
        gt_install(2, 2, selfc, 1);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "child equal to self: IDRULE");
        gt_install(2, 2, dup, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "duplicate child: IDRULE");
        gt_install(2, 9, ok, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "child equal to the parent: IDRULE");
        gt_install(2, 2, far, 1);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_BADDST, "child outside the network: BADDST");
        gt_install(2, SELF, ok, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_BADDST, "parent equal to self: BADDST");
        gt_install(2, 2, many, WC_NIC_MAX_CHILDREN + 1);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_NODST, "17 children: NODST");
        gt_install(0, 2, ok, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_NOGROUP, "group 0: NOGROUP");
        gt_install(WC_NIC_GROUPS, 2, ok, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_NOGROUP, "group %d: NOGROUP", WC_NIC_GROUPS);
        gt_install(3, WC_NIC_NO_PARENT, rootlow, 2);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "a root may have children below its id");
        gt_install(4, 2, par, 0);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "leaf: parent only");
        gt_install(4, WC_NIC_NO_PARENT, par, 0);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_OK, "count 0 at no parent clears");
    });
    /* A refused entry keeps the old one: group 1 still forwards to 7, 9 */
    GROUP("a refused entry leaves the installed one working", {
        gt_install(1, 2, low, 1);
        CHECK(rd(WC_NICR_GT_RESULT) == WC_NIC_ST_IDRULE, "refused");
        post_rbuf(RBUF, WC_NIC_MAX_MSG);
        send_message(2, 1, WC_PT_MDATA, 0, 1, 10);
        run(300);
        {
            int i2, to7 = 0, to9 = 0;
            wc_nic_hdr h;
            for (i2 = 0; i2 < B.ntx; i2++)
                if (parse_tx(i2, &h, NULL) == 0 && h.type == WC_PT_MDATA) {
                    to7 += h.dst == 7;
                    to9 += h.dst == 9;
                }
            CHECK(to7 == 1 && to9 == 1, "forwarded to 7 (%d) and 9 (%d)", to7, to9);
        }
    });
}

static void test_bad_packets(void)
{
    uint32_t f[WC_NIC_MAX_PKT_FLITS + 2], w[4];
    uint8_t p[WC_NIC_PAYLOAD];
    unsigned n, i;
    unsigned ch[1] = { 9 };
    for (i = 0; i < sizeof p; i++)
        p[i] = (uint8_t)i;
    setup(WC_NIC_MODE_FPFS, 1000);
    gt_install(1, 2, ch, 1);
    post_rbuf(RBUF, WC_NIC_MAX_MSG);
    GROUP("bad packets are dropped and counted, one counter each, and never acknowledged", {
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[7] ^= 0x100u;
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_CRC) == 1, "bad CRC: ERR_CRC");
        n = build(SELF, 2, 7, WC_PT_MDATA, 0, 0, 40, 40, p, f);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_GROUP) == 1, "unknown group 7: ERR_GROUP");
        n = build(SELF, 2, 7, WC_PT_MACK, 0, 0, 0, 0, p, f);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_GROUP) == 2, "ack for unknown group: ERR_GROUP");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[3] = WC_SET(WC_SET(0u, NH2_LEN, 300), NH2_MSGLEN, 400);
        fix_crc(f, n);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_LEN) == 1, "length 300 above the payload size: ERR_LEN");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[2] = WC_SET(WC_SET(0u, NH1_SEQ, 0), NH1_OFF, 8);
        f[3] = WC_SET(WC_SET(0u, NH2_LEN, 40), NH2_MSGLEN, 400);
        fix_crc(f, n);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_LEN) == 2, "offset not a packet boundary: ERR_LEN");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        fix_crc(f, n - 1);
        inject(f, n - 1); run(n + 5);
        CHECK(rd(WC_NICR_ERR_LEN) == 3, "one flit short: ERR_LEN");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 41, 41, p, f);
        f[n - 1] |= 0xFF000000u;
        fix_crc(f, n);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_LEN) == 4, "nonzero padding: ERR_LEN");
        n = build(SELF, 2, 0, WC_PT_UACK, 0, 0, 0, 0, p, f);
        f[3] = 4;
        fix_crc(f, n);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_LEN) == 5, "ack with a length: ERR_LEN");
        inject(f, 1); run(6);
        CHECK(rd(WC_NICR_ERR_LEN) == 6, "one-flit worm: ERR_LEN");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[1] = WC_SET(f[1], NH0_TYPE, 7);
        fix_crc(f, n);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_TYPE) == 1, "type 7: ERR_TYPE");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[1] = WC_SET(f[1], NH0_RSVD, 2);
        fix_crc(f, n);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_TYPE) == 2, "reserved bits: ERR_TYPE");
        n = build(SELF + 1, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_DST) == 1, "addressed to node 6: ERR_DST");
        n = build(SELF, SELF, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_DST) == 2, "unicast from itself: ERR_DST");
        n = build(SELF, 2, 0, WC_PT_UDATA, 0, 0, 40, 40, p, f);
        f[0] = WC_SET(f[0], HEAD_USER, 1);
        inject(f, n); run(n + 5);
        CHECK(rd(WC_NICR_ERR_DST) == 3, "head with user bits: ERR_DST");
        CHECK(B.ntx == 0, "no packet was acknowledged (%d sent)", B.ntx);
        CHECK(rd(WC_NICR_RX_PKTS) == 0, "none counted as received");
        CHECK(rd(WC_NICR_SLOTS) == 0, "every slot released");
        CHECK((rd(WC_NICR_INT_STATUS) & 2u) == 2u, "error interrupt status set");
        wr(WC_NICR_ERR_LEN, 0);
        CHECK(rd(WC_NICR_ERR_LEN) == 0, "write clears ERR_LEN");
    });
    GROUP("after the bad packets a good message is received and acknowledged", {
        send_message(2, 0, WC_PT_UDATA, 0, 3, 100);
        completion(w, 2000);
        CHECK(WC_GET(w[0], CD0_VALID) && WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK &&
              WC_GET(w[0], CD0_KIND) == WC_CK_RECV, "completion %08x", (unsigned)w[0]);
        CHECK(WC_GET(w[1], CD1_SRC) == 2 && w[2] == RBUF && WC_GET(w[3], CD3_LEN) == 100, "source, buffer, length: %08x %08x %08x",
              (unsigned)w[1], (unsigned)w[2], (unsigned)w[3]);
        for (i = 0; i < 100 && B.mem[RBUF + i] == pattern(3, i); i++)
            ;
        CHECK(i == 100, "bytes intact (first difference at %u)", i);
    });
}

static void test_receive(void)
{
    uint32_t w[4];
    wc_nic_hdr h;
    unsigned i;
    int k, acks = 0, last_ack = -1;
    setup(WC_NIC_MODE_FPFS, 1000);
    post_rbuf(RBUF, WC_NIC_MAX_MSG);
    post_rbuf(RBUF + 0x4000, 100);
    post_rbuf(RBUF + 0x8000, WC_NIC_MAX_MSG);
    GROUP("receive: in-order packets delivered, cumulative acks, duplicates and early packets re-acked", {
        send_message(2, 0, WC_PT_UDATA, 0, 1, 700);
        completion(w, 3000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[3], CD3_LEN) == 700, "700 bytes received");
        for (i = 0; i < 700 && B.mem[RBUF + i] == pattern(1, i); i++)
            ;
        CHECK(i == 700, "bytes intact (first difference at %u)", i);
        run(100);
        for (k = 0; k < B.ntx; k++)
            if (parse_tx(k, &h, NULL) == 0 && h.type == WC_PT_UACK && h.dst == 2) {
                acks++;
                last_ack = (int)h.seq;
            }
        CHECK(acks >= 1 && last_ack == 3, "acks to node 2 (%d), last cumulative %d", acks, last_ack);
        B.ntx = 0;
        send_message(2, 0, WC_PT_UDATA, 1, 1, 300);   /* seq 1, 2 again: duplicates */
        run(200);
        CHECK(rd(WC_NICR_DUPS) == 2, "two duplicates counted (%u)", (unsigned)rd(WC_NICR_DUPS));
        CHECK(B.ntx >= 1 && parse_tx(B.ntx - 1, &h, NULL) == 0 && h.type == WC_PT_UACK && h.seq == 3,
              "duplicates re-acknowledged with 3");
        send_message(2, 0, WC_PT_UDATA, 9, 1, 10);    /* early */
        run(100);
        CHECK(rd(WC_NICR_DUPS) == 3, "early packet dropped");
        CHECK(parse_tx(B.ntx - 1, &h, NULL) == 0 && h.seq == 3, "and the ack repeats 3");
    });
    GROUP("a receive buffer too small is returned with TOOBIG and the next one takes the message", {
        send_message(2, 0, WC_PT_UDATA, 3, 2, 500);
        run(600);
        completion(w, 10);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_TOOBIG && w[2] == RBUF + 0x4000, "TOOBIG for the 100-byte buffer");
        CHECK(rd(WC_NICR_ERR_NOBUF) >= 1, "the packets were dropped unacknowledged");
        send_message(2, 0, WC_PT_UDATA, 3, 2, 500);   /* the sender repeats */
        completion(w, 2000);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && w[2] == RBUF + 0x8000 && WC_GET(w[3], CD3_LEN) == 500,
              "received into the next buffer");
    });
    GROUP("disabled NIC drops everything unacknowledged", {
        wr(WC_NICR_CTRL, 0);
        B.ntx = 0;
        send_message(3, 0, WC_PT_UDATA, 0, 4, 10);
        run(100);
        CHECK(B.ntx == 0 && rd(WC_NICR_ERR_NOBUF) >= 1, "no ack, counted");
    });
}

static void test_descriptors(void)
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
        { WC_OP_UNICAST, 10, MSG, NN, 0, {0}, 0, WC_NIC_ST_BADDST, "unicast outside the network" },
        { WC_OP_MULTISEND, 10, MSG, 0, LST, {0}, 0, WC_NIC_ST_NODST, "multisend to nobody" },
        { WC_OP_MULTISEND, 10, MSG, 17, LST, {0}, 0, WC_NIC_ST_NODST, "multisend to 17" },
        { WC_OP_MULTISEND, 10, MSG, 3, LST, {1, 8, 1}, 3, WC_NIC_ST_BADDST, "multisend list with a repeat" },
        { WC_OP_MULTISEND, 10, MSG, 2, LST, {1, SELF}, 2, WC_NIC_ST_BADDST, "multisend list with itself" },
        { WC_OP_MULTISEND, 10, MSG, 2, MEM - 4, {0}, 0, WC_NIC_ST_BUSERR, "multisend list outside memory" },
        { WC_OP_MULTICAST, 10, MSG, 3, 0, {0}, 0, WC_NIC_ST_NOGROUP, "multicast to an unknown group" },
        { WC_OP_MULTICAST, 10, MSG, 0, 0, {0}, 0, WC_NIC_ST_NOGROUP, "multicast to group 0" },
        { WC_OP_MULTICAST, 10, MSG, 1, 0, {0}, 0, WC_NIC_ST_BADDST, "multicast from a non-root in NIC mode" },
    };
    unsigned i, k, bad = 0;
    setup(WC_NIC_MODE_FPFS, 1000);
    gt_install(1, 2, ch, 2);
    GROUP("invalid descriptors complete with their error status, in order, and are never executed", {
        for (i = 0; i < sizeof c / sizeof c[0]; i++) {
            for (k = 0; k < c[i].nlist; k++)
                w32(LST + 4 * k, c[i].list[k]);
            post_send(c[i].op, i + 1, c[i].len, c[i].addr, c[i].x, c[i].d3);
            completion(w, 500);
            if (!(WC_GET(w[0], CD0_VALID) && WC_GET(w[0], CD0_STATUS) == c[i].st &&
                  WC_GET(w[0], CD0_KIND) == WC_CK_SEND && WC_GET(w[0], CD0_TAG) == i + 1)) {
                bad++;
                printf("  %s: completion %08x, expected status %u\n", c[i].what, (unsigned)w[0], c[i].st);
            }
        }
        CHECK(bad == 0, "%u of %u descriptors wrong", bad, (unsigned)(sizeof c / sizeof c[0]));
        CHECK(rd(WC_NICR_ERR_DESC) == sizeof c / sizeof c[0], "ERR_DESC counts them");
        CHECK(B.ntx == 0, "no packet sent");
        CHECK((rd(WC_NICR_INT_STATUS) & 5u) == 5u, "completion and drained interrupt status");
    });
}

static void ack_all(unsigned src, unsigned group, unsigned seq)
{
    uint32_t f[8];
    unsigned n = build(SELF, src, group, group ? WC_PT_MACK : WC_PT_UACK, seq, 0, 0, 0, NULL, f);
    inject(f, n);
}

static void test_send(void)
{
    uint32_t w[4];
    wc_nic_hdr h;
    uint8_t pay[WC_NIC_PAYLOAD];
    unsigned i;
    int k, ok = 1;
    setup(WC_NIC_MODE_FPFS, 400);
    for (i = 0; i < 600; i++)
        B.mem[MSG + i] = pattern(9, i);
    GROUP("unicast send: packets, sequence, payload; completion after the ack", {
        post_send(WC_OP_UNICAST, 77, 600, MSG, 9, 0);
        run(400);
        CHECK(B.ntx == 3, "3 packets for 600 bytes (%d)", B.ntx);
        for (k = 0; k < B.ntx && k < 3; k++) {
            unsigned j;
            if (parse_tx(k, &h, pay) != 0 || h.dst != 9 || h.src != SELF || h.type != WC_PT_UDATA ||
                h.seq != (unsigned)k || h.off != 256u * (unsigned)k || h.msglen != 600)
                ok = 0;
            for (j = 0; j < h.len; j++)
                if (pay[j] != pattern(9, h.off + j))
                    ok = 0;
        }
        CHECK(ok, "headers and payload");
        completion(w, 10);
        CHECK(!WC_GET(w[0], CD0_VALID), "no completion before the ack");
        ack_all(9, 0, 2);
        run(50);
        completion(w, 10);
        CHECK(!WC_GET(w[0], CD0_VALID), "no completion on a partial ack");
        ack_all(9, 0, 3);
        completion(w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_KIND) == WC_CK_SEND &&
              WC_GET(w[0], CD0_TAG) == 77 && WC_GET(w[3], CD3_LEN) == 600, "send completion %08x", (unsigned)w[0]);
    });
    GROUP("timeout: go-back-N resends the unacknowledged packets to that destination only", {
        B.ntx = 0;
        post_send(WC_OP_UNICAST, 78, 600, MSG, 9, 0);
        run(300);
        CHECK(B.ntx == 3, "sent once");
        ack_all(9, 0, 4);           /* first packet of this message (seq 3) */
        run(900);
        CHECK(rd(WC_NICR_TIMEOUTS) >= 1 && rd(WC_NICR_RETX) >= 2, "timeouts %u, resent %u",
              (unsigned)rd(WC_NICR_TIMEOUTS), (unsigned)rd(WC_NICR_RETX));
        CHECK(B.ntx >= 5 && parse_tx(3, &h, NULL) == 0 && h.seq == 4 && parse_tx(4, &h, NULL) == 0 && h.seq == 5,
              "resent from sequence 4 on");
        ack_all(9, 0, 6);
        completion(w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 78, "completes");
    });
    GROUP("a bus error on the message completes the send with BUSERR", {
        B.ntx = 0;
        B.err_lo = MSG; B.err_hi = MSG + 4;
        post_send(WC_OP_UNICAST, 79, 8, MSG, 9, 0);
        run(100);
        ack_all(9, 0, 7);
        completion(w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_BUSERR && WC_GET(w[0], CD0_TAG) == 79, "BUSERR");
        CHECK(B.ntx == 1 && parse_tx(0, &h, pay) == 0 && pay[0] == 0, "the packet still went out (zeros), so the stream stays in step");
        B.err_lo = B.err_hi = 0;
    });
}

static void check_order(const char *what, const unsigned *want_dst, const unsigned *want_seq, int n)
{
    wc_nic_hdr h;
    int k, m = 0, ok = 1;
    for (k = 0; k < B.ntx; k++) {
        if (parse_tx(k, &h, NULL) != 0 || (h.type != WC_PT_MDATA && h.type != WC_PT_UDATA))
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
static void forwarder(int mode)
{
    unsigned ch[2] = { 7, 9 };
    setup(mode, 5000);
    gt_install(1, 2, ch, 2);
    post_rbuf(RBUF, WC_NIC_MAX_MSG);
}

static void test_forward(void)
{
    unsigned fp_d[6] = { 7, 9, 7, 9, 7, 9 }, fp_s[6] = { 0, 0, 1, 1, 2, 2 };
    unsigned fc_d[6] = { 7, 7, 7, 9, 9, 9 }, fc_s[6] = { 0, 1, 2, 0, 1, 2 };
    uint32_t w[4];
    wc_nic_hdr h;
    int k, same = 1, acks = 0;
    forwarder(WC_NIC_MODE_FPFS);
    GROUP("NIC-based forwarding, FPFS: packet j to every child before j+1; header only rewritten", {
        send_message(2, 1, WC_PT_MDATA, 0, 5, 600);
        run(1500);
        check_order("FPFS", fp_d, fp_s, 6);
        for (k = 0; k < B.ntx; k++) {
            if (parse_tx(k, &h, NULL) != 0)
                continue;
            if (h.type == WC_PT_MACK && h.dst == 2)
                acks++;
            if (h.type == WC_PT_MDATA && (h.src != 2 || h.group != 1 || h.msglen != 600))
                same = 0;
        }
        CHECK(same, "forwarded packets keep source 2, group 1, message length");
        CHECK(acks >= 1, "acknowledged to the parent");
        completion(w, 100);
        CHECK(!WC_GET(w[0], CD0_VALID), "the forwarder's host buffer stays with the NIC until the children ack");
        CHECK(rd(WC_NICR_PEAK) >= 1 && rd(WC_NICR_SLOTS) == 0,
              "slots freed once forwarded and written, before any ack (peak %u, now %u)",
              (unsigned)rd(WC_NICR_PEAK), (unsigned)rd(WC_NICR_SLOTS));
        B.ntx = 0;
        run(5200);
        check_order("FPFS resend from host memory after the timeout", fp_d, fp_s, 6);
        ack_all(7, 1, 3);
        ack_all(9, 1, 3);
        completion(w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_KIND) == WC_CK_RECV &&
              WC_GET(w[1], CD1_GROUP) == 1 && WC_GET(w[1], CD1_SRC) == 2 && w[2] == RBUF && WC_GET(w[3], CD3_LEN) == 600,
              "then the forwarder's host gets the message");
        run(5200);
        CHECK(rd(WC_NICR_TIMEOUTS) == 2, "no more timeouts once acknowledged (%u)", (unsigned)rd(WC_NICR_TIMEOUTS));
    });
    forwarder(WC_NIC_MODE_FCFS);
    GROUP("FCFS: every packet to child 1, then to child 2", {
        send_message(2, 1, WC_PT_MDATA, 0, 5, 600);
        run(1500);
        check_order("FCFS", fc_d, fc_s, 6);
    });
    forwarder(WC_NIC_MODE_HOST);
    GROUP("host-based mode: the NIC only delivers; the host re-sends with a multicast descriptor", {
        send_message(2, 1, WC_PT_MDATA, 0, 5, 600);
        run(1500);
        check_order("host mode, before the host acts", fp_d, fp_s, 0);
        completion(w, 100);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK, "delivered");
        post_send(WC_OP_MULTICAST, 5, 600, RBUF, 1, 2);
        run(1500);
        check_order("host re-send", fp_d, fp_s, 6);
        CHECK(parse_tx(B.ntx - 1, &h, NULL) == 0 && h.src == 2, "source named by the descriptor");
    });
}

static void test_multisend(void)
{
    unsigned d[6] = { 3, 8, 3, 8, 3, 8 }, s[6] = { 0, 0, 1, 1, 2, 2 };
    uint32_t w[4];
    unsigned i;
    setup(WC_NIC_MODE_FPFS, 5000);
    for (i = 0; i < 600; i++)
        B.mem[MSG + i] = pattern(2, i);
    w32(LST, 3); w32(LST + 4, 8);
    GROUP("multisend: one request, each packet read once and sent to every destination", {
        long r0 = B.dma_read_words;
        post_send(WC_OP_MULTISEND, 4, 600, MSG, 2, LST);
        run(1000);
        check_order("multisend", d, s, 6);
        CHECK(B.dma_read_words - r0 == 4 + 2 + 150, "DMA words read: descriptor 4 + list 2 + message 150 (%ld)",
              B.dma_read_words - r0);
        ack_all(3, 0, 3);
        ack_all(8, 0, 3);
        completion(w, 200);
        CHECK(WC_GET(w[0], CD0_STATUS) == WC_NIC_ST_OK && WC_GET(w[0], CD0_TAG) == 4, "completes after both acks");
    });
}

int main(void)
{
    test_registers();
    test_group_table();
    test_bad_packets();
    test_receive();
    test_descriptors();
    test_send();
    test_forward();
    test_multisend();
    wc_nic_free(B.nic);
    return t_done();
}

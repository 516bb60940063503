/* SPDX-License-Identifier: Apache-2.0 */
/* NIC packet codec: CRC-32 known answers, flit layout, every parse error
 * code, packetize/reassemble round trips from 1 byte to NIC_MAX_MSG. */
#include <string.h>
#include "../wc_test.h"
#include "wc_nic_pkt.h"
#include "wc_rng.h"

static uint32_t flits[WC_NIC_MAX_PKT_FLITS + 8];
static uint8_t msg[WC_NIC_MAX_MSG], out[WC_NIC_MAX_MSG], pay[WC_NIC_PAYLOAD];

/* Recompute the CRC of a hand-edited packet the independent way: the
 * standard byte-wise CRC over the little-endian bytes of the payload words
 * 5.. and then words 1..3 (so tests reach the checks behind the CRC). */
static void fix_crc(uint32_t *f, unsigned n)
{
    uint8_t b[4 * WC_NIC_MAX_PKT_FLITS];
    unsigned i, k = 0;
    for (i = 5; i < n + 4; i++) {
        unsigned w = i < n ? i : i - n;     /* payload, then head, NH0..NH2 */
        b[k++] = (uint8_t)f[w]; b[k++] = (uint8_t)(f[w] >> 8);
        b[k++] = (uint8_t)(f[w] >> 16); b[k++] = (uint8_t)(f[w] >> 24);
    }
    f[4] = wc_nic_crc32(0, b, k);
}

static wc_nic_hdr data_hdr(unsigned len, unsigned msglen, unsigned off)
{
    wc_nic_hdr h;
    memset(&h, 0, sizeof h);
    h.dst = 7; h.src = 3; h.group = 0; h.type = WC_PT_UDATA;
    h.seq = 0x1234; h.off = off; h.len = len; h.msglen = msglen;
    return h;
}

static int parse_err(const uint32_t *f, unsigned n, unsigned self)
{
    wc_nic_hdr h;
    return wc_nic_pkt_parse(f, n, self, &h, pay);
}

static void test_crc(void)
{
    const char *qbf = "The quick brown fox jumps over the lazy dog";
    uint32_t c;
    GROUP("CRC-32 known answers (IEEE 802.3 check value, empty, 'a', pangram) and incremental use", {
        CHECK(wc_nic_crc32(0, (const uint8_t *)"123456789", 9) == 0xCBF43926u, "check value");
        CHECK(wc_nic_crc32(0, (const uint8_t *)"", 0) == 0u, "empty");
        CHECK(wc_nic_crc32(0, (const uint8_t *)"a", 1) == 0xE8B7BE43u, "'a'");
        CHECK(wc_nic_crc32(0, (const uint8_t *)qbf, (unsigned)strlen(qbf)) == 0x414FA339u, "pangram");
        c = wc_nic_crc32(0, (const uint8_t *)"1234", 4);
        CHECK(wc_nic_crc32(c, (const uint8_t *)"56789", 5) == 0xCBF43926u, "split feed");
    });
}

static void test_layout(void)
{
    wc_nic_hdr h = data_hdr(5, 300, 256), g;
    uint8_t p[5] = { 1, 2, 3, 4, 5 };
    int n;
    GROUP("flit layout: router head, header words, little-endian payload, zero pad, CRC", {
        n = wc_nic_pkt_build(&h, p, flits, WC_NIC_MAX_PKT_FLITS);
        CHECK(n == 1 + WC_NIC_HDR_FLITS + 2, "5 bytes -> %d flits", n);
        CHECK(WC_GET(flits[0], HEAD_DST) == 7 && WC_GET(flits[0], HEAD_KIND) == WC_KIND_UNICAST &&
              WC_GET(flits[0], HEAD_NADDR) == 0 && WC_GET(flits[0], HEAD_USER) == 0, "head %08x", (unsigned)flits[0]);
        CHECK(flits[1] == (3u | (0u << 12) | ((unsigned)WC_PT_UDATA << 24)), "word0 %08x", (unsigned)flits[1]);
        CHECK(flits[2] == (0x1234u | (256u << 16)), "word1 %08x", (unsigned)flits[2]);
        CHECK(flits[3] == (5u | (300u << 16)), "word2 %08x", (unsigned)flits[3]);
        CHECK(flits[5] == 0x04030201u && flits[6] == 0x00000005u, "payload %08x %08x", (unsigned)flits[5], (unsigned)flits[6]);
        {
            /* payload, router head (checked above), NH0, NH1, NH2 */
            uint8_t b[24] = { 1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 1, 0x34, 0x12, 0, 1, 5, 0, 0x2c, 1 };
            b[8] = (uint8_t)flits[0]; b[9] = (uint8_t)(flits[0] >> 8);
            b[10] = (uint8_t)(flits[0] >> 16); b[11] = (uint8_t)(flits[0] >> 24);
            CHECK(flits[4] == wc_nic_crc32(0, b, 24) && h.crc == flits[4], "crc word");
        }
        CHECK(wc_nic_pkt_parse(flits, (unsigned)n, 7, &g, pay) == 0, "parses");
        CHECK(g.src == 3 && g.seq == 0x1234 && g.off == 256 && g.len == 5 && g.msglen == 300 &&
              g.type == WC_PT_UDATA && !memcmp(pay, p, 5), "fields round trip");
        CHECK(WC_NIC_MAX_PKT_FLITS == 1 + WC_NIC_HDR_FLITS + WC_NIC_PAYLOAD / 4, "NIC_MAX_PKT_FLITS consistent");
        CHECK(WC_NIC_MAX_MSG - 1 < (1 << WC_NH1_OFF_W) && WC_NIC_MAX_MSG < (1 << WC_NH2_MSGLEN_W) &&
              WC_NIC_PAYLOAD < (1 << WC_NH2_LEN_W), "offsets and lengths fit their fields");
        CHECK(WC_NIC_WINDOW < WC_NIC_SEQ_MOD / 2 && WC_NIC_SEQ_MOD == 1 << WC_NH1_SEQ_W, "window below half the sequence space");
    });
    h = data_hdr(0, 0, 0);
    h.type = WC_PT_MACK; h.group = 9; h.seq = 77;
    GROUP("ack packet: header only, parses with group and cumulative sequence", {
        n = wc_nic_pkt_build(&h, NULL, flits, WC_NIC_MAX_PKT_FLITS);
        CHECK(n == 1 + WC_NIC_HDR_FLITS, "ack flits %d", n);
        CHECK(wc_nic_pkt_parse(flits, (unsigned)n, 7, &g, NULL) == 0 && g.group == 9 && g.seq == 77 &&
              g.type == WC_PT_MACK, "ack parses");
    });
}

static void test_errors(void)
{
    wc_nic_hdr h = data_hdr(10, 10, 0);
    uint8_t p[WC_NIC_PAYLOAD];
    uint32_t save[WC_NIC_MAX_PKT_FLITS];
    unsigned b, bad;
    int n, e;
    memset(p, 0xA5, sizeof p);
    n = wc_nic_pkt_build(&h, p, flits, WC_NIC_MAX_PKT_FLITS);
    memcpy(save, flits, sizeof save);
    GROUP("every single-bit flip in the router head, header words, CRC or payload gives BADCRC", {
        bad = 0;
        for (b = 0; b < 32u * (unsigned)n; b++) {
            memcpy(flits, save, sizeof save);
            flits[b / 32] ^= 1u << (b % 32);
            if (parse_err(flits, (unsigned)n, 7) != -WC_NIC_ST_BADCRC)
                bad++;
        }
        CHECK(bad == 0, "%u flips not caught as BADCRC", bad);
    });
    GROUP("bad type: 0, 9 (above PT_LAST), 15 and reserved bits give BADTYPE", {
        unsigned t;
        unsigned ts[3] = { 0, WC_PT_LAST + 1, 15 };
        for (t = 0; t < 3; t++) {
            memcpy(flits, save, sizeof save);
            flits[1] = WC_SET(flits[1], NH0_TYPE, ts[t]);
            fix_crc(flits, (unsigned)n);
            e = parse_err(flits, (unsigned)n, 7);
            CHECK(e == -WC_NIC_ST_BADTYPE, "type %u -> %d", ts[t], e);
        }
        memcpy(flits, save, sizeof save);
        flits[1] |= 1u << 31;
        fix_crc(flits, (unsigned)n);
        CHECK(parse_err(flits, (unsigned)n, 7) == -WC_NIC_ST_BADTYPE, "reserved bit");
        h.type = 9;
        CHECK(wc_nic_pkt_build(&h, p, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADTYPE, "build refuses type 9");
        h.type = WC_PT_UDATA;
    });
    GROUP("wrong node, multidestination head, nonzero HEAD_USER give BADDST", {
        memcpy(flits, save, sizeof save);
        CHECK(parse_err(flits, (unsigned)n, 8) == -WC_NIC_ST_BADDST, "self 8, dst 7");
        /* a head with a consistent CRC that names another node: the
         * destination check, after the CRC, catches it */
        flits[0] = WC_SET(flits[0], HEAD_DST, 6);
        fix_crc(flits, (unsigned)n);
        CHECK(parse_err(flits, (unsigned)n, 7) == -WC_NIC_ST_BADDST, "head dst 6 at node 7");
        memcpy(flits, save, sizeof save);
        flits[0] = WC_SET(flits[0], HEAD_KIND, WC_KIND_MULTI);
        fix_crc(flits, (unsigned)n);
        CHECK(parse_err(flits, (unsigned)n, 7) == -WC_NIC_ST_BADDST, "multi kind");
        memcpy(flits, save, sizeof save);
        flits[0] = WC_SET(flits[0], HEAD_USER, 1);
        fix_crc(flits, (unsigned)n);
        CHECK(parse_err(flits, (unsigned)n, 7) == -WC_NIC_ST_BADDST, "user bits");
        h.dst = WC_MAX_NODES;
        CHECK(wc_nic_pkt_build(&h, p, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADDST, "build refuses dst 4096");
        h.dst = 7;
    });
    GROUP("a head flipped to another node's id is a CRC error at that node, data and control alike", {
        /* The head is the only place an ack, GRANT, WAIT or NAK names its
         * destination: outside the CRC, a flip that turned a packet to
         * node x into one to node y made y take x's acknowledgement as its
         * own (a lost message, seen under faults at 1e-2). */
        wc_nic_hdr a;
        uint32_t ack[WC_NIC_MAX_PKT_FLITS];
        unsigned bit, caught = 0, tries = 0;
        int na;
        memset(&a, 0, sizeof a);
        a.dst = 13; a.src = 1; a.type = WC_PT_UACK; a.seq = 47;
        na = wc_nic_pkt_build(&a, NULL, ack, WC_NIC_MAX_PKT_FLITS);
        CHECK(na == 5, "ack built: %d", na);
        for (bit = 0; bit < (unsigned)WC_HEAD_DST_W; bit++) {
            uint32_t f2[WC_NIC_MAX_PKT_FLITS];
            unsigned to = 13u ^ (1u << bit);
            memcpy(f2, ack, sizeof f2);
            f2[0] = WC_SET(f2[0], HEAD_DST, to);
            tries++;
            caught += parse_err(f2, (unsigned)na, to) == -WC_NIC_ST_BADCRC;
            memcpy(f2, save, sizeof f2);
            to = 7u ^ (1u << bit);
            f2[0] = WC_SET(f2[0], HEAD_DST, to);
            tries++;
            caught += parse_err(f2, (unsigned)n, to) == -WC_NIC_ST_BADCRC;
        }
        CHECK(caught == tries, "%u of %u redirected packets caught", caught, tries);
    });
    GROUP("impossible lengths give BADLEN (parse and build)", {
        struct { unsigned len, msglen, off; } c[6] = {
            { 0, 10, 0 }, { 300, 400, 0 }, { 10, 15, 8 }, { 10, WC_NIC_MAX_MSG + 1, 0 }, { 10, 10, 10 }, { 4, 0, 0 } };
        unsigned i;
        for (i = 0; i < 6; i++) {
            unsigned nn;
            memcpy(flits, save, sizeof save);
            flits[2] = WC_SET(flits[2], NH1_OFF, c[i].off);
            flits[3] = WC_SET(WC_SET(flits[3], NH2_LEN, c[i].len), NH2_MSGLEN, c[i].msglen);
            nn = c[i].len <= WC_NIC_PAYLOAD ? wc_nic_pkt_flits(c[i].len) : (unsigned)n;
            fix_crc(flits, nn);
            e = parse_err(flits, nn, 7);
            CHECK(e == -WC_NIC_ST_BADLEN, "len %u msglen %u off %u -> %d", c[i].len, c[i].msglen, c[i].off, e);
            h.len = c[i].len; h.msglen = c[i].msglen; h.off = c[i].off;
            CHECK(wc_nic_pkt_build(&h, p, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "build refuses case %u", i);
        }
        h = data_hdr(10, 10, 0);
        memcpy(flits, save, sizeof save);
        fix_crc(flits, (unsigned)n - 1);
        CHECK(parse_err(flits, (unsigned)n - 1, 7) == -WC_NIC_ST_BADLEN, "truncated packet (CRC fixed)");
        memcpy(flits, save, sizeof save);
        flits[n] = 0;
        fix_crc(flits, (unsigned)n + 1);
        CHECK(parse_err(flits, (unsigned)n + 1, 7) == -WC_NIC_ST_BADLEN, "extra flit (CRC fixed)");
        memcpy(flits, save, sizeof save);
        flits[n - 1] |= 1u << 24;   /* byte 11 of a 10-byte payload */
        fix_crc(flits, (unsigned)n);
        CHECK(parse_err(flits, (unsigned)n, 7) == -WC_NIC_ST_BADLEN, "nonzero pad");
        CHECK(parse_err(flits, 4, 7) == -WC_NIC_ST_BADLEN, "shorter than a header");
        CHECK(parse_err(flits, WC_NIC_MAX_PKT_FLITS + 1, 7) == -WC_NIC_ST_BADLEN, "longer than the largest packet");
        CHECK(wc_nic_pkt_build(&h, p, flits, (unsigned)n - 1) == -WC_NIC_ST_BADLEN, "build into a short buffer");
        h.type = WC_PT_UACK; h.len = 0; h.msglen = 4;
        CHECK(wc_nic_pkt_build(&h, NULL, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "ack with a message length");
        h = data_hdr(10, 10, 0);
    });
}

/* The admission packets (docs/nic-flow.md): a REQ names its message's
 * length, GRANT, WAIT and NAK carry only the cumulative ack; all are 5
 * flits.  What the receiver refuses, build refuses too. */
static void test_control(void)
{
    static const unsigned ts[4] = { WC_PT_REQ, WC_PT_GRANT, WC_PT_WAIT, WC_PT_NAK };
    wc_nic_hdr h, g;
    unsigned t;
    int n, e;
    GROUP("admission packets: REQ with its message length, GRANT/WAIT/NAK bare, each 5 flits", {
        for (t = 0; t < 4; t++) {
            h = data_hdr(0, ts[t] == WC_PT_REQ ? WC_NIC_MAX_MSG : 0, 0);
            h.type = ts[t]; h.group = 12; h.seq = 65535;
            n = wc_nic_pkt_build(&h, NULL, flits, WC_NIC_MAX_PKT_FLITS);
            CHECK(n == 1 + WC_NIC_HDR_FLITS, "type %u: %d flits", ts[t], n);
            e = wc_nic_pkt_parse(flits, (unsigned)n, 7, &g, NULL);
            CHECK(e == 0 && g.type == ts[t] && g.group == 12 && g.seq == 65535 && g.src == 3 && g.len == 0 &&
                  g.msglen == h.msglen, "type %u parses with its fields (%d)", ts[t], e);
        }
        h = data_hdr(0, 1, 0);
        h.type = WC_PT_REQ;
        CHECK(wc_nic_pkt_build(&h, NULL, flits, WC_NIC_MAX_PKT_FLITS) == 1 + WC_NIC_HDR_FLITS, "REQ for 1 byte");
    });
    GROUP("malformed admission packets give BADLEN (parse and build)", {
        /* type, len, msglen, off: each wrong in one field */
        struct { unsigned type, len, msglen, off; const char *what; } c[] = {
            { WC_PT_REQ, 0, 0, 0, "REQ with msglen 0" },
            { WC_PT_REQ, 0, WC_NIC_MAX_MSG + 1, 0, "REQ above NIC_MAX_MSG" },
            { WC_PT_REQ, 4, 100, 0, "REQ with a payload" },
            { WC_PT_REQ, 0, 100, 8, "REQ with an offset" },
            { WC_PT_GRANT, 0, 100, 0, "GRANT with a msglen" },
            { WC_PT_GRANT, 4, 0, 0, "GRANT with a payload" },
            { WC_PT_WAIT, 0, 0, 4, "WAIT with an offset" },
            { WC_PT_WAIT, 0, 1, 0, "WAIT with a msglen" },
            { WC_PT_NAK, 8, 0, 0, "NAK with a payload" },
            { WC_PT_NAK, 0, 0, 256, "NAK with an offset" },
        };
        uint8_t p[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
        unsigned i;
        for (i = 0; i < sizeof c / sizeof c[0]; i++) {
            unsigned nn = wc_nic_pkt_flits(c[i].len);
            h = data_hdr(0, c[i].type == WC_PT_REQ ? 100 : 0, 0);
            h.type = c[i].type;
            n = wc_nic_pkt_build(&h, NULL, flits, WC_NIC_MAX_PKT_FLITS);
            flits[2] = WC_SET(flits[2], NH1_OFF, c[i].off);
            flits[3] = WC_SET(WC_SET(flits[3], NH2_LEN, c[i].len), NH2_MSGLEN, c[i].msglen);
            for (t = 5; t < nn; t++)
                flits[t] = 0x01010101u;
            fix_crc(flits, nn);
            e = parse_err(flits, nn, 7);
            CHECK(n > 0 && e == -WC_NIC_ST_BADLEN, "%s -> %d", c[i].what, e);
            h.len = c[i].len; h.msglen = c[i].msglen; h.off = c[i].off;
            CHECK(wc_nic_pkt_build(&h, p, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "build refuses %s",
                  c[i].what);
        }
    });
}

/* Round trip: fragment, parse, reassemble; compare with the original. */
static int round_trip(unsigned size, unsigned payload, wc_rng *r)
{
    wc_nic_hdr t, h;
    wc_nic_reasm ra;
    unsigned k, np, i;
    int n, st = 0;
    for (i = 0; i < size; i++)
        msg[i] = (uint8_t)wc_rng_next(r);
    memset(&t, 0, sizeof t);
    t.dst = 5; t.src = 2; t.group = 3; t.type = WC_PT_MDATA; t.msglen = size;
    wc_nic_reasm_init(&ra, out, sizeof out);
    np = wc_nic_npackets(size, payload);
    for (k = 0; k < np; k++) {
        n = wc_nic_fragment(&t, msg, payload, k, (k + 65530u) & 0xFFFFu, flits, WC_NIC_MAX_PKT_FLITS);
        if (n < 0 || wc_nic_pkt_parse(flits, (unsigned)n, 5, &h, pay) != 0)
            return -100;
        if (h.seq != ((k + 65530u) & 0xFFFFu) || h.off != k * payload)
            return -101;
        st = wc_nic_reasm_add(&ra, &h, pay);
        if (st != (k + 1 == np))
            return -102;
    }
    return ra.got == size && !memcmp(out, msg, size) ? 0 : -103;
}

static void test_round_trips(void)
{
    wc_rng r;
    unsigned s, bad = 0, count = 0, pi;
    unsigned pays[3] = { 4, 64, WC_NIC_PAYLOAD };
    wc_rng_seed(&r, 42);
    GROUP("packetize/reassemble: sizes 1..1024 every byte, then every 61st to 16 KiB, and edges; payloads 4, 64, 256", {
        for (pi = 0; pi < 3; pi++) {
            for (s = 1; s <= WC_NIC_MAX_MSG; s += s < 1024 ? 1u : 61u) {
                count++;
                if (round_trip(s, pays[pi], &r))
                    bad++;
            }
            {
                unsigned edge[6] = { 255, 256, 257, WC_NIC_MAX_MSG - 1, WC_NIC_MAX_MSG, 4096 };
                for (s = 0; s < 6; s++) {
                    count++;
                    if (round_trip(edge[s], pays[pi], &r))
                        bad++;
                }
            }
        }
        CHECK(bad == 0, "%u of %u round trips failed", bad, count);
        CHECK(wc_nic_npackets(WC_NIC_MAX_MSG, WC_NIC_PAYLOAD) == 64, "16 KiB is 64 packets");
    });
    GROUP("fragment refuses bad payload sizes, packet index and message size", {
        wc_nic_hdr t;
        memset(&t, 0, sizeof t);
        t.type = WC_PT_UDATA; t.msglen = 100;
        CHECK(wc_nic_fragment(&t, msg, 6, 0, 0, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "payload 6");
        CHECK(wc_nic_fragment(&t, msg, 512, 0, 0, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "payload 512");
        CHECK(wc_nic_fragment(&t, msg, 64, 2, 0, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "packet 2 of 2");
        t.msglen = WC_NIC_MAX_MSG + 1;
        CHECK(wc_nic_fragment(&t, msg, 64, 0, 0, flits, WC_NIC_MAX_PKT_FLITS) == -WC_NIC_ST_BADLEN, "oversize message");
    });
}

static void test_reasm_errors(void)
{
    wc_nic_reasm ra;
    wc_nic_hdr h;
    uint8_t small[100];
    GROUP("reassembly: TOOBIG for a small buffer, BADLEN for a gap, changed length or source, mid-message start", {
        wc_nic_reasm_init(&ra, small, sizeof small);
        h = data_hdr(64, 200, 0);
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == -WC_NIC_ST_TOOBIG, "200 into 100");
        wc_nic_reasm_init(&ra, out, sizeof out);
        h = data_hdr(64, 200, 64);
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == -WC_NIC_ST_BADLEN, "starts at offset 64");
        h = data_hdr(64, 200, 0);
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == 0, "first packet");
        h = data_hdr(64, 200, 128);
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == -WC_NIC_ST_BADLEN, "gap");
        h = data_hdr(64, 200, 0);
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == 0, "restart after the error");
        h = data_hdr(64, 300, 64);
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == -WC_NIC_ST_BADLEN, "message length changed");
        h = data_hdr(64, 200, 0);
        wc_nic_reasm_add(&ra, &h, pay);
        h = data_hdr(64, 200, 64);
        h.src = 9;
        CHECK(wc_nic_reasm_add(&ra, &h, pay) == -WC_NIC_ST_BADLEN, "source changed");
    });
}

int main(void)
{
    test_crc();
    test_layout();
    test_errors();
    test_control();
    test_round_trips();
    test_reasm_errors();
    return wc_test_done();
}

/* SPDX-License-Identifier: Apache-2.0 */
/* NIC packet codec: see wc_nic_pkt.h and docs/nic.md. */
#include "wc_nic_pkt.h"

uint32_t wc_nic_crc32(uint32_t crc, const uint8_t *p, unsigned n)
{
    unsigned i;
    int b;
    /* Bitwise rather than table-driven: 1 KiB of table is a poor trade in
     * firmware, and the RTL computes it a word per cycle anyway. */
    crc = ~crc;
    for (i = 0; i < n; i++) {
        crc ^= p[i];
        for (b = 0; b < 8; b++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static void put_le(uint8_t *b, uint32_t w)
{
    b[0] = (uint8_t)w; b[1] = (uint8_t)(w >> 8);
    b[2] = (uint8_t)(w >> 16); b[3] = (uint8_t)(w >> 24);
}

static uint32_t crc_words(uint32_t crc, const uint32_t *w, unsigned n)
{
    uint8_t b[4];
    unsigned i;
    for (i = 0; i < n; i++) {
        put_le(b, w[i]);
        crc = wc_nic_crc32(crc, b, 4);
    }
    return crc;
}

uint32_t wc_nic_crc_words(uint32_t crc, const uint32_t *w, unsigned n)
{
    return crc_words(crc, w, n);
}

/* Payload first, then the router head and the header words as they
 * travel: a sender that knows the payload CRC finishes it per destination
 * while the four words go out.  The head is covered because it is the
 * only place a control packet names its destination: a head flipped to
 * another node's id must not make that node take the packet as its own. */
uint32_t wc_nic_crc_finish(uint32_t crc_payload, uint32_t head, uint32_t nh0, uint32_t nh1, uint32_t nh2)
{
    const uint32_t h[4] = { head, nh0, nh1, nh2 };
    return crc_words(crc_payload, h, 4);
}

static int type_ok(unsigned t)
{
    return t >= WC_PT_UDATA && t <= WC_PT_LAST;
}

static int is_data(unsigned t)
{
    return t == WC_PT_UDATA || t == WC_PT_MDATA;
}

/* Length rules shared by build and parse, so a packet we can build is one
 * we accept and vice versa. */
static int len_ok(const wc_nic_hdr *h)
{
    /* a REQ names the length of the message it asks room for */
    if (h->type == WC_PT_REQ)
        return h->len == 0 && h->off == 0 && h->msglen >= 1 && h->msglen <= (unsigned)WC_NIC_MAX_MSG;
    if (!is_data(h->type))
        return h->len == 0 && h->msglen == 0 && h->off == 0;
    return h->len >= 1 && h->len <= (unsigned)WC_NIC_PAYLOAD &&
           h->msglen >= 1 && h->msglen <= (unsigned)WC_NIC_MAX_MSG &&
           h->off < h->msglen && h->len <= h->msglen - h->off;
}

#define FMAX(F) ((1u << WC_##F##_W) - 1u)

int wc_nic_pkt_build(wc_nic_hdr *h, const uint8_t *payload,
                     uint32_t *flits, unsigned maxflits)
{
    unsigned i, n;
    uint32_t w;

    if (!h || !flits)
        return -WC_NIC_ST_BADOP;
    if (!type_ok(h->type))
        return -WC_NIC_ST_BADTYPE;
    if (h->dst > FMAX(HEAD_DST) || h->src > FMAX(NH0_SRC) ||
        h->group > FMAX(NH0_GROUP))
        return -WC_NIC_ST_BADDST;
    if (!len_ok(h) || h->seq > FMAX(NH1_SEQ) || (h->len && !payload))
        return -WC_NIC_ST_BADLEN;
    n = wc_nic_pkt_flits(h->len);
    if (n > maxflits)
        return -WC_NIC_ST_BADLEN;

    flits[0] = WC_SET(WC_SET(0u, HEAD_DST, h->dst), HEAD_KIND, WC_KIND_UNICAST);
    w = WC_SET(0u, NH0_SRC, h->src);
    w = WC_SET(w, NH0_GROUP, h->group);
    flits[1] = WC_SET(w, NH0_TYPE, h->type);
    flits[2] = WC_SET(WC_SET(0u, NH1_SEQ, h->seq), NH1_OFF, h->off);
    flits[3] = WC_SET(WC_SET(0u, NH2_LEN, h->len), NH2_MSGLEN, h->msglen);
    for (i = 0; i < (h->len + 3u) / 4u; i++) {
        unsigned k, b;
        w = 0;
        for (k = 0; k < 4; k++) {
            b = 4u * i + k;
            if (b < h->len)
                w |= (uint32_t)payload[b] << (8u * k);
        }
        flits[1 + WC_NIC_HDR_FLITS + i] = w;
    }
    h->crc = wc_nic_crc_finish(crc_words(0, flits + 1 + WC_NIC_HDR_FLITS,
                                         n - 1u - (unsigned)WC_NIC_HDR_FLITS),
                               flits[0], flits[1], flits[2], flits[3]);
    flits[4] = h->crc;
    return (int)n;
}

int wc_nic_pkt_parse(const uint32_t *flits, unsigned nflits, unsigned self,
                     wc_nic_hdr *h, uint8_t *payload)
{
    unsigned i, np;
    uint32_t crc;

    if (!flits || !h)
        return -WC_NIC_ST_BADOP;
    if (nflits < 1u + (unsigned)WC_NIC_HDR_FLITS || nflits > (unsigned)WC_NIC_MAX_PKT_FLITS)
        return -WC_NIC_ST_BADLEN;
    np = nflits - 1u - (unsigned)WC_NIC_HDR_FLITS;
    crc = wc_nic_crc_finish(crc_words(0, flits + 1 + WC_NIC_HDR_FLITS, np), flits[0], flits[1], flits[2], flits[3]);
    h->dst = WC_GET(flits[0], HEAD_DST);
    h->src = WC_GET(flits[1], NH0_SRC);
    h->group = WC_GET(flits[1], NH0_GROUP);
    h->type = WC_GET(flits[1], NH0_TYPE);
    h->seq = WC_GET(flits[2], NH1_SEQ);
    h->off = WC_GET(flits[2], NH1_OFF);
    h->len = WC_GET(flits[3], NH2_LEN);
    h->msglen = WC_GET(flits[3], NH2_MSGLEN);
    h->crc = flits[4];
    if (crc != flits[4])
        return -WC_NIC_ST_BADCRC;
    if (!type_ok(h->type) || WC_GET(flits[1], NH0_RSVD) != 0)
        return -WC_NIC_ST_BADTYPE;
    /* The CRC matched, so the head is as its sender built it: a packet
     * built for another node, or not as a plain unicast worm. */
    if (h->dst != self || WC_GET(flits[0], HEAD_KIND) != WC_KIND_UNICAST ||
        WC_GET(flits[0], HEAD_NADDR) != 0 || WC_GET(flits[0], HEAD_USER) != 0)
        return -WC_NIC_ST_BADDST;
    if (!len_ok(h) || (h->len + 3u) / 4u != np)
        return -WC_NIC_ST_BADLEN;
    if (h->len % 4u && (flits[nflits - 1] >> (8u * (h->len % 4u))) != 0)
        return -WC_NIC_ST_BADLEN;
    if (payload)
        for (i = 0; i < h->len; i++)
            payload[i] = (uint8_t)(flits[1 + WC_NIC_HDR_FLITS + i / 4u] >> (8u * (i % 4u)));
    return 0;
}

int wc_nic_fragment(const wc_nic_hdr *tmpl, const uint8_t *msg,
                    unsigned payload, unsigned k, unsigned seq,
                    uint32_t *flits, unsigned maxflits)
{
    wc_nic_hdr h;

    if (!tmpl || !msg)
        return -WC_NIC_ST_BADOP;
    if (payload < 4u || payload > (unsigned)WC_NIC_PAYLOAD || payload % 4u ||
        tmpl->msglen < 1u || tmpl->msglen > (unsigned)WC_NIC_MAX_MSG ||
        k >= wc_nic_npackets(tmpl->msglen, payload))
        return -WC_NIC_ST_BADLEN;
    h = *tmpl;
    h.seq = seq;
    h.off = k * payload;
    h.len = tmpl->msglen - h.off < payload ? tmpl->msglen - h.off : payload;
    return wc_nic_pkt_build(&h, msg + h.off, flits, maxflits);
}

void wc_nic_reasm_init(wc_nic_reasm *r, uint8_t *buf, unsigned cap)
{
    r->buf = buf;
    r->cap = cap;
    r->msglen = 0;
    r->got = 0;
    r->src = 0;
    r->group = 0;
}

int wc_nic_reasm_add(wc_nic_reasm *r, const wc_nic_hdr *h,
                     const uint8_t *payload)
{
    unsigned i;

    if (!r || !h || (h->len && !payload))
        return -WC_NIC_ST_BADOP;
    if (r->msglen == 0) {
        if (h->off != 0 || h->len == 0 || h->len > h->msglen)
            return -WC_NIC_ST_BADLEN;
        if (h->msglen > r->cap)
            return -WC_NIC_ST_TOOBIG;
        r->msglen = h->msglen;
        r->got = 0;
        r->src = h->src;
        r->group = h->group;
    } else if (h->off != r->got || h->msglen != r->msglen || h->src != r->src ||
               h->group != r->group || h->len == 0 || h->len > r->msglen - r->got) {
        r->msglen = 0;
        r->got = 0;
        return -WC_NIC_ST_BADLEN;
    }
    for (i = 0; i < h->len; i++)
        r->buf[r->got + i] = payload[i];
    r->got += h->len;
    if (r->got == r->msglen) {
        r->msglen = 0;  /* the caller reads got bytes; the next packet starts anew */
        return 1;
    }
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* NIC packets: CRC-32, build / parse one packet's flits, packetize a
 * message and reassemble it in order.  Layout and field widths come from
 * defs/wc_defs.def (groups NICPKT, NICST); docs/nic.md explains them.
 * Freestanding: no allocation, caller-provided buffers.
 *
 * Packetization follows Kesavan and Panda, ICPP 1997
 * Section 2 (a message of m packets of fixed size, the last one shorter);
 * the per-packet header with sequence numbers is the one the reliability
 * protocol of Yu, Buntinas and Panda, ICPP 2003 Section 5.3
 * needs. */
#ifndef WC_NIC_PKT_H
#define WC_NIC_PKT_H
#include <stdint.h>
#include "wc_defs.h"

/* A decoded packet header (router head + NIC header words 0..3). */
typedef struct {
    unsigned dst;       /* HEAD_DST of the router head: this hop's target */
    unsigned src;       /* NH0_SRC */
    unsigned group;     /* NH0_GROUP, 0 for unicast */
    unsigned type;      /* NH0_TYPE, a PT_* value */
    unsigned seq;       /* NH1_SEQ */
    unsigned off;       /* NH1_OFF */
    unsigned len;       /* NH2_LEN: payload bytes */
    unsigned msglen;    /* NH2_MSGLEN */
    uint32_t crc;       /* NH3: filled in by wc_nic_pkt_build / parse */
} wc_nic_hdr;

/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320 = bit-reversed
 * 0x04C11DB7, init 0xFFFFFFFF, final xor 0xFFFFFFFF; check value of
 * "123456789" is 0xCBF43926).  Incremental: start with crc = 0, feed the
 * previous result back in. */
uint32_t wc_nic_crc32(uint32_t crc, const uint8_t *p, unsigned n);

/* CRC of n little-endian words, continuing from crc (0 to start). */
uint32_t wc_nic_crc_words(uint32_t crc, const uint32_t *w, unsigned n);

/* NH3 of a packet: the CRC of its payload flits (crc_payload, from
 * wc_nic_crc_words(0, payload, n); 0 for an ack) continued over the
 * router head (flit 0) and header words 0..2. */
uint32_t wc_nic_crc_finish(uint32_t crc_payload, uint32_t head, uint32_t nh0, uint32_t nh1, uint32_t nh2);

/* Flits of a packet carrying len payload bytes. */
static inline unsigned wc_nic_pkt_flits(unsigned len)
{
    return 1u + (unsigned)WC_NIC_HDR_FLITS + (len + 3u) / 4u;
}

/* Packets needed for a message of msglen bytes with payload bytes each. */
static inline unsigned wc_nic_npackets(unsigned msglen, unsigned payload)
{
    return payload ? (msglen + payload - 1u) / payload : 0u;
}

/* Build one packet: flits[0] the router head (unicast worm to h->dst),
 * flits[1..4] the NIC header with the CRC computed here (stored back in
 * h->crc), then the payload.  Returns the flit count, or a negated
 * WC_NIC_ST_* (BADLEN, BADTYPE, BADDST) if h cannot be encoded or maxflits
 * is too small (BADLEN). */
int wc_nic_pkt_build(wc_nic_hdr *h, const uint8_t *payload,
                     uint32_t *flits, unsigned maxflits);

/* Parse and validate a received packet of nflits flit data words at node
 * self.  Checks, in this order: framing length (BADLEN), CRC (BADCRC),
 * type (PT_UDATA..PT_LAST) and reserved bits (BADTYPE), destination
 * (BADDST), lengths (BADLEN: data with len 0 or above NIC_PAYLOAD,
 * off+len above msglen, msglen above NIC_MAX_MSG, flit count not
 * matching len; a control packet with a payload or an offset, a REQ with
 * msglen 0 or above NIC_MAX_MSG, any other control packet with a msglen;
 * pad bytes not zero).  payload (NULL to skip) receives h->len bytes.
 * Returns 0 or a negated WC_NIC_ST_*. */
int wc_nic_pkt_parse(const uint32_t *flits, unsigned nflits, unsigned self,
                     wc_nic_hdr *h, uint8_t *payload);

/* Build packet k (0-based) of a message: tmpl gives dst, src, group, type
 * and msglen; seq is used as given; off and len follow from k and
 * payload (a multiple of 4 in 4..NIC_PAYLOAD).  Returns the flit count or
 * a negated WC_NIC_ST_*. */
int wc_nic_fragment(const wc_nic_hdr *tmpl, const uint8_t *msg,
                    unsigned payload, unsigned k, unsigned seq,
                    uint32_t *flits, unsigned maxflits);

/* In-order reassembly into a caller buffer. */
typedef struct {
    uint8_t *buf;
    unsigned cap;       /* bytes available in buf */
    unsigned msglen;    /* message being assembled, 0 when idle */
    unsigned got;       /* bytes received so far */
    unsigned src, group;
} wc_nic_reasm;

void wc_nic_reasm_init(wc_nic_reasm *r, uint8_t *buf, unsigned cap);

/* Add the payload of a validated data packet.  Packets must arrive in
 * order (the reliability layer guarantees it): a new message starts at
 * offset 0, each next packet continues at the byte after the last.
 * Returns 1 when the message is complete (r->msglen bytes in r->buf; the
 * next call starts a new message), 0 when more is needed, or a negated
 * WC_NIC_ST_*: TOOBIG (message above cap), BADLEN (offset gap, message
 * length or source changed mid-message); an error drops the partial
 * message. */
int wc_nic_reasm_add(wc_nic_reasm *r, const wc_nic_hdr *h,
                     const uint8_t *payload);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* NIC receive assembler (rtl/nic/wc_nic_rxa.v): one flit a cycle from the
 * router, never stalled; head and header words latched, payload words
 * folded into the CRC and written into a slot, the packet checked at its
 * tail and posted to the event register for the receive processor. */
#include <string.h>
#include "wc_nic_int.h"

void nic_rxa_out(const wc_nic *n, wc_nic_out *o)
{
    o->rx_credit = n->rxa.credit;
}

/* the last payload word (index i) has bytes set beyond the length */
static int pad_bad(unsigned len, unsigned i, uint32_t w)
{
    return i == nic_words_of(len) - 1u && len > 0 && (len & 3u) && (w & ~nic_mask_bytes(0xFFFFFFFFu, len & 3u));
}

/* The tail's checks, in the order of docs/nic.md; k is the tail's index. */
static void tail_event(const wc_nic *n, unsigned k, uint32_t w, uint32_t crc, int padbad, int slot,
                       nic_rxa_dec *d)
{
    const nic_rxa_q *r = &n->rxa;
    unsigned nfl = k + 1, len = WC_GET(r->h2, NH2_LEN);
    uint32_t h0 = r->h0, h1 = r->h1, h2 = r->h2, h3 = k == 4 ? w : r->h3;
    unsigned ptype = WC_GET(h0, NH0_TYPE), off = WC_GET(h1, NH1_OFF), msglen = WC_GET(h2, NH2_MSGLEN);
    int data = ptype == WC_PT_UDATA || ptype == WC_PT_MDATA;
    uint8_t st = WC_NIC_ST_OK;
    if (nfl < 5u || nfl > 5u + (unsigned)n->PW)
        st = WC_NIC_ST_BADLEN;
    else if (wc_nic_crc_finish(crc, r->h, h0, h1, h2) != h3)
        st = WC_NIC_ST_BADCRC;
    else if (ptype < WC_PT_UDATA || ptype > WC_PT_LAST || WC_GET(h0, NH0_RSVD))
        st = WC_NIC_ST_BADTYPE;
    else if (WC_GET(r->h, HEAD_DST) != n->self || WC_GET(r->h, HEAD_KIND) != WC_KIND_UNICAST ||
             WC_GET(r->h, HEAD_NADDR) || WC_GET(r->h, HEAD_USER))
        st = WC_NIC_ST_BADDST;
    else if (data ? (len == 0 || len > (unsigned)n->c.payload || msglen == 0 ||
                     msglen > (unsigned)WC_NIC_MAX_MSG || off + len > msglen ||
                     off % (unsigned)n->c.payload || nfl != 5u + nic_words_of(len) || padbad)
                  : (len || off || nfl != 5u ||
                     (ptype == WC_PT_REQ ? msglen == 0 || msglen > (unsigned)WC_NIC_MAX_MSG : msglen != 0)))
        st = WC_NIC_ST_BADLEN;
    else if (data && slot < 0)
        st = ST_NOSLOT;
    d->ev = 1;
    d->ev_status = st;
    d->ev_type = (uint8_t)ptype;
    d->ev_slot = slot < 0 ? NONE : (uint16_t)slot;
    d->ev_src = (uint16_t)WC_GET(h0, NH0_SRC);
    d->ev_group = (uint16_t)WC_GET(h0, NH0_GROUP);
    d->ev_seq = (uint16_t)WC_GET(h1, NH1_SEQ);
    d->ev_off = (uint16_t)off;
    d->ev_len = (uint16_t)len;
    d->ev_msglen = (uint16_t)msglen;
    d->ev_crcp = crc;
}

void nic_rxa_decide(const wc_nic *n, const wc_nic_in *in, int sel_slot, nic_rxa_dec *d)
{
    const nic_rxa_q *r = &n->rxa;
    unsigned type = (unsigned)(in->rx_flit >> n->c.W) & 3u;
    uint32_t w = (uint32_t)in->rx_flit;
    memset(d, 0, sizeof *d);
    d->wslot = -1;
    if (!in->rx_valid)
        return;
    if (type & WC_FT_HEAD) {
        /* a worm that lost its tail is reported when the next head comes
         * (routers never do this; a one-flit worm is a framing error) */
        if (r->act || type == WC_FT_SINGLE) {
            d->ev = 1;
            d->ev_status = WC_NIC_ST_BADLEN;
            d->ev_slot = r->act ? r->slot : (uint16_t)NONE;
        }
        return;                     /* head state is taken in the commit */
    }
    if (!r->act) {
        if (type & WC_FT_TAIL) {    /* a stray tail: one framing error */
            d->ev = 1;
            d->ev_status = WC_NIC_ST_BADLEN;
            d->ev_slot = NONE;
        }
        return;
    }
    {
        unsigned k = r->k;          /* index of this flit */
        unsigned len = WC_GET(r->h2, NH2_LEN);
        int slot = r->slot == NONE ? -1 : r->slot;
        uint32_t crc = r->crc;
        int padbad = r->padbad;
        if (k >= 5) {
            unsigned i = k - 5;
            crc = nic_crc_word(crc, w);
            if (pad_bad(len, i, w))
                padbad = 1;
            if (i < (unsigned)n->PW) {
                if (i == 0) {
                    int f = nic_slots_free(n);
                    if (f < 0)
                        f = nic_slots_evictable(n, sel_slot);
                    if (f >= 0) {
                        d->alloc = 1;
                        d->alloc_slot = f;
                        slot = f;
                    }
                }
                if (slot >= 0) {
                    d->write = 1;
                    d->wslot = slot;
                    d->widx = (int)i;
                    d->wword = w;
                }
            }
        }
        if (type & WC_FT_TAIL)
            tail_event(n, k, w, crc, padbad, slot, d);
    }
}

/* The assembler's registers, then the event register (the processor has
 * taken the last one in this cycle). */
void nic_rxa_commit(wc_nic *n, const wc_nic_in *in, const nic_dec *d)
{
    nic_rxa_q *r = &n->rxa;
    const nic_rxa_dec *ra = &d->ra;
    r->credit = (uint8_t)(in->rx_valid != 0);
    if (in->rx_valid) {
        unsigned type = (unsigned)(in->rx_flit >> n->c.W) & 3u;
        uint32_t w = (uint32_t)in->rx_flit;
        if (type & WC_FT_HEAD) {
            r->act = type != WC_FT_SINGLE;
            r->k = 1;
            r->h = w;
            r->slot = NONE;
            r->crc = 0;
            r->padbad = 0;
            r->h0 = r->h1 = r->h2 = r->h3 = 0;
        } else if (r->act) {
            unsigned k = r->k;
            if (k == 1) r->h0 = w;
            else if (k == 2) r->h1 = w;
            else if (k == 3) r->h2 = w;
            else if (k == 4) r->h3 = w;
            else {
                unsigned len = WC_GET(r->h2, NH2_LEN);
                r->crc = nic_crc_word(r->crc, w);
                if (pad_bad(len, k - 5u, w))
                    r->padbad = 1;
            }
            if (ra->alloc)
                r->slot = (uint16_t)ra->alloc_slot;
            if (k < 255)
                r->k = (uint8_t)(k + 1);
            if (type & WC_FT_TAIL)
                r->act = 0;
        }
    }
    r->ev_valid = 0;
    if (ra->ev) {
        r->ev_valid = 1;
        r->ev_status = ra->ev_status; r->ev_type = ra->ev_type; r->ev_slot = ra->ev_slot;
        r->ev_src = ra->ev_src; r->ev_group = ra->ev_group; r->ev_seq = ra->ev_seq;
        r->ev_off = ra->ev_off; r->ev_len = ra->ev_len; r->ev_msglen = ra->ev_msglen;
    }
}

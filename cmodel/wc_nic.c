/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle- and bit-exact C model of rtl/nic/wc_nic.v.  docs/nic-uarch.md
 * describes the units and their cycle behaviour; each unit below is one
 * RTL module and one pair of functions here: a decide_* function that
 * reads registered state (and this cycle's inputs) and fills a decision,
 * and the apply step at the end of wc_nic_commit() that writes the next
 * state.  Decisions never read state another decision already changed,
 * so the result does not depend on the order the units are written in.
 *
 * Mutations (cfg.mutate, lockstep self-check only):
 *   1  the DMA round-robin pointer does not advance
 *   2  the emitter sends NH1 with the offset of packet k-1 for k >= 1
 *   3  a duplicate data packet is not acknowledged again */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "wc_nic.h"
#include "wc_nic_pkt.h"
#include "wc_nic_group.h"
#include "wc_err.h"

#define MAXC   WC_NIC_MAX_CHILDREN
#define MAXPW  (WC_NIC_PAYLOAD / 4)          /* payload words per packet */
#define MAXJ   16
#define MAXCTX 16
#define NONE   0xFFFFu
#define CQF    4                              /* completion FIFO entries */
#define NCLI   5                              /* DMA clients */

enum { CLI_CQ, CLI_RXW, CLI_RQ, CLI_STAGE, CLI_SQ };
/* event status of a data packet that found no slot: not a host-visible
 * code (it is counted in NICR_ERR_NOBUF) */
#define ST_NOSLOT 0x80
enum { SQ_IDLE, SQ_FETCH, SQ_CHECK, SQ_LIST, SQ_LCHK, SQ_ERR, SQ_WAIT, SQ_INIT };

typedef struct {
    uint8_t valid, fwd, type, nc, fc, status;
    uint8_t hostdone;               /* forwarding: the whole message is in host memory */
    uint16_t tag, group, src, msglen, npk, avail;
    uint32_t addr;                  /* host address of packet 0's payload */
    uint16_t dst[MAXC], base[MAXC], sent[MAXC], acked[MAXC];
    uint32_t dl[MAXC];
} nic_job;

typedef struct {
    uint8_t used, dma, fwd, fj;
    uint16_t k;
    uint32_t crcp;                  /* CRC of the payload words */
} nic_slot;

typedef struct {
    uint8_t valid, closing, err;
    uint16_t sid, msglen, next_off, src, group;
    uint32_t addr;
} nic_ctx;

typedef struct {
    uint8_t valid, job;
    uint16_t k;
    uint32_t crcp;
} nic_stage;

/* A packet chosen to be sent (sel) or being sent (em). */
typedef struct {
    uint8_t valid, ready, ack, from_slot, buf, job, child, type, fill;
    uint16_t k, dst, src, group, seq, off, len, msglen;
    uint8_t fk;                     /* em: next flit index */
} nic_send;

/* fj: the forwarding job of the packet, or NONE: a forwarded message's
 * completion waits for its job (the host buffer is the retransmission
 * copy until every child has acknowledged), so its last write carries no
 * completion */
typedef struct { uint16_t slot, ctx, off, len, fj; uint8_t last; } nic_wq;

typedef struct {
    /* register block */
    uint8_t s_ack;
    uint32_t s_dat;
    uint8_t en, mode, int_status, int_enable;
    uint32_t timeout, now;
    uint32_t sq_base, rq_base, cq_base;
    uint16_t sq_size, rq_size, cq_size;
    uint16_t sq_tail, sq_head, rq_tail, rq_head, cq_head, cq_tail;
    uint16_t gt_sel, gt_parent, gt_child[MAXC];
    uint8_t gt_result;
    uint32_t err_crc, err_group, err_len, err_type, err_dst, retx, nobuf, dups;
    uint32_t peak, tx_pkts, rx_pkts, timeouts, err_desc;
    uint16_t slots_used;
    /* receive assembler */
    uint8_t ra_act, ra_k, ra_padbad, ra_credit;
    uint16_t ra_slot;
    uint32_t ra_h, ra_h0, ra_h1, ra_h2, ra_h3, ra_crc;
    /* event register: a received packet waiting for the processor */
    uint8_t ev_valid, ev_status, ev_type;
    uint16_t ev_slot, ev_src, ev_group, ev_seq, ev_off, ev_len, ev_msglen;
    /* receive buffer prefetch */
    /* receive buffers prefetched from the ring: a 2-entry FIFO, so the
     * next message finds one while the DMA fetches the one after */
    uint8_t rqb_n, rqb_rd;
    uint32_t rqb_addr[2], rqb_cap[2];
    /* DMA master */
    uint8_t dma_busy, dma_cli, dma_ptr, dma_err, m_stb, m_we, m_sel, dma_buf;
    uint16_t dma_i, dma_n, dma_len;
    uint32_t m_adr, m_dat, dma_base, dma_crc;
    nic_wq dma_wq;                  /* the rx write being done */
    /* send queue unit */
    uint8_t sq_st, sq_job, sq_status, sq_err, sq_i;
    uint32_t sq_d[4];
    uint32_t sq_list[MAXC];
    /* transmit */
    nic_send sel, em;
    uint16_t cred;
    uint16_t ack_ptr;
    uint8_t job_ptr;
    uint16_t scan;
    /* completion FIFO */
    uint8_t cqf_n, cqf_rd;
    uint32_t cqf[CQF][4];
    /* rx write queue (ring of nslot entries) */
    uint16_t wq_rd, wq_n;
} nic_regs;

struct wc_nic {
    wc_nic_cfg c;
    unsigned self;
    int N, G, J, S;                 /* nodes, groups, jobs, slots */
    int PW;                         /* payload words */
    nic_regs r;
    nic_job job[MAXJ];
    nic_ctx ctx[MAXCTX];
    nic_slot *slot;
    uint32_t *sbuf;                 /* [S][PW] slot payload */
    nic_stage stage[2];
    uint32_t stbuf[2][MAXPW];
    nic_wq *wq;                     /* [S] */
    wc_nic_gtab gt;
    uint16_t *uexp, *unext, *gexp, *gnext;
    uint8_t *ubusy, *gbusy, *ackpend;   /* ackpend: [N + G] */
};

/* ------------------------------------------------------------------ */

void wc_nic_cfg_default(wc_nic_cfg *c, int nnodes)
{
    memset(c, 0, sizeof *c);
    c->nnodes = nnodes;
    c->W = WC_FLIT_DATA_W;
    c->B = 8;
    c->payload = WC_NIC_PAYLOAD;
    c->nslot = 72;
    c->jsend = 4;
    c->jfwd = 8;
    c->nctx = 16;
    c->ngroups = WC_NIC_GROUPS;
    c->txwin = 16;
}

int wc_nic_cfg_check(const wc_nic_cfg *c, char *err, int errlen)
{
#define BAD(...) return wc_err(err, errlen, __VA_ARGS__)
    if (c->nnodes < 2 || c->nnodes > WC_MAX_NODES) BAD("NIC: NNODES must be 2..%d (got %d)", WC_MAX_NODES, c->nnodes);
    if (c->W < 32 || c->W > 62) BAD("NIC: W must be 32..62 (got %d)", c->W);
    if (c->B < 1 || c->B > 255) BAD("NIC: B must be 1..255 (got %d)", c->B);
    if (c->payload < 4 || c->payload > WC_NIC_PAYLOAD || c->payload % 4)
        BAD("NIC: PAYLOAD must be a multiple of 4 in 4..%d (got %d)", WC_NIC_PAYLOAD, c->payload);
    if (c->nslot < 1 || c->nslot > 128) BAD("NIC: NSLOT must be 1..128 (got %d)", c->nslot);
    if (c->jsend < 1 || c->jsend > 8) BAD("NIC: JSEND must be 1..8 (got %d)", c->jsend);
    if (c->jfwd < 1 || c->jfwd > 8) BAD("NIC: JFWD must be 1..8 (got %d)", c->jfwd);
    if (c->nctx < 1 || c->nctx > MAXCTX) BAD("NIC: NCTX must be 1..%d (got %d)", MAXCTX, c->nctx);
    if (c->ngroups < 2 || c->ngroups > WC_NIC_GROUPS) BAD("NIC: NGROUPS must be 2..%d (got %d)", WC_NIC_GROUPS, c->ngroups);
    if (c->txwin < 1 || c->txwin > WC_NIC_WINDOW) BAD("NIC: TXWIN must be 1..%d (got %d)", WC_NIC_WINDOW, c->txwin);
    if ((WC_NIC_MAX_MSG + c->payload - 1) / c->payload > 32767)
        BAD("NIC: PAYLOAD %d makes too many packets per message", c->payload);
    return 0;
#undef BAD
}

wc_nic *wc_nic_create(const wc_nic_cfg *c, unsigned node_id, char *err, int errlen)
{
    wc_nic *n;
    if (wc_nic_cfg_check(c, err, errlen))
        return NULL;
    if (node_id >= (unsigned)c->nnodes) {
        wc_err(err, errlen, "NIC: node id %u not below NNODES %d", node_id, c->nnodes);
        return NULL;
    }
    if (!(n = wc_alloc(1, sizeof *n, "the NIC model", err, errlen)))
        return NULL;
    n->c = *c;
    n->self = node_id;
    n->N = c->nnodes;
    n->G = c->ngroups;
    n->J = c->jsend + c->jfwd;
    n->S = c->nslot;
    n->PW = c->payload / 4;
    if (!(n->slot = wc_alloc((size_t)n->S, sizeof *n->slot, "the NIC slots", err, errlen)) ||
        !(n->sbuf = wc_alloc((size_t)n->S * (size_t)n->PW, sizeof *n->sbuf, "the NIC slot buffers", err, errlen)) ||
        !(n->wq = wc_alloc((size_t)n->S, sizeof *n->wq, "the NIC slot queue", err, errlen)) ||
        !(n->uexp = wc_alloc((size_t)n->N, sizeof *n->uexp, "the NIC unicast streams", err, errlen)) ||
        !(n->unext = wc_alloc((size_t)n->N, sizeof *n->unext, "the NIC unicast streams", err, errlen)) ||
        !(n->ubusy = wc_alloc((size_t)n->N, 1, "the NIC unicast streams", err, errlen)) ||
        !(n->gexp = wc_alloc((size_t)n->G, sizeof *n->gexp, "the NIC group streams", err, errlen)) ||
        !(n->gnext = wc_alloc((size_t)n->G, sizeof *n->gnext, "the NIC group streams", err, errlen)) ||
        !(n->gbusy = wc_alloc((size_t)n->G, 1, "the NIC group streams", err, errlen)) ||
        !(n->ackpend = wc_alloc((size_t)(n->N + n->G), 1, "the NIC acknowledgements", err, errlen))) {
        wc_nic_free(n);
        return NULL;
    }
    wc_nic_reset(n);
    return n;
}

void wc_nic_free(wc_nic *n)
{
    if (!n)
        return;
    free(n->slot); free(n->sbuf); free(n->wq);
    free(n->uexp); free(n->unext); free(n->ubusy);
    free(n->gexp); free(n->gnext); free(n->gbusy); free(n->ackpend);
    free(n);
}

/* Everything but the slave's answer registers (a soft reset must still
 * acknowledge the write that asked for it). */
static void reset_core(wc_nic *n)
{
    uint8_t ack = n->r.s_ack;
    uint32_t dat = n->r.s_dat;
    memset(&n->r, 0, sizeof n->r);
    n->r.s_ack = ack;
    n->r.s_dat = dat;
    n->r.timeout = 4096;
    n->r.cred = (uint16_t)n->c.B;
    n->r.ra_slot = NONE;
    n->r.gt_parent = WC_NIC_NO_PARENT;
    memset(n->job, 0, sizeof n->job);
    memset(n->ctx, 0, sizeof n->ctx);
    memset(n->slot, 0, (size_t)n->S * sizeof *n->slot);
    memset(n->stage, 0, sizeof n->stage);
    memset(n->uexp, 0, (size_t)n->N * sizeof *n->uexp);
    memset(n->unext, 0, (size_t)n->N * sizeof *n->unext);
    memset(n->ubusy, 0, (size_t)n->N);
    memset(n->gexp, 0, (size_t)n->G * sizeof *n->gexp);
    memset(n->gnext, 0, (size_t)n->G * sizeof *n->gnext);
    memset(n->gbusy, 0, (size_t)n->G);
    memset(n->ackpend, 0, (size_t)(n->N + n->G));
    wc_nic_gtab_init(&n->gt, n->self, (unsigned)n->N);
}

void wc_nic_reset(wc_nic *n)
{
    n->r.s_ack = 0;
    n->r.s_dat = 0;
    reset_core(n);
}

/* ---- small helpers (each is a piece of combinational logic) -------- */

static uint32_t crc_word(uint32_t crc, uint32_t w)
{
    return wc_nic_crc_words(crc, &w, 1);
}

static unsigned words_of(unsigned len) { return (len + 3u) / 4u; }

/* byte lanes of the last word of len bytes */
static unsigned last_sel(unsigned len) { return (len & 3u) ? (1u << (len & 3u)) - 1u : 0xFu; }

static uint32_t mask_bytes(uint32_t w, unsigned len_in_word)
{
    return len_in_word >= 4 ? w : w & ((1u << (8u * len_in_word)) - 1u);
}

static unsigned npk_of(const wc_nic *n, unsigned msglen)
{
    return (msglen + (unsigned)n->c.payload - 1u) / (unsigned)n->c.payload;
}

static unsigned pkt_len(const wc_nic *n, unsigned msglen, unsigned off)
{
    unsigned rest = msglen - off;
    return rest < (unsigned)n->c.payload ? rest : (unsigned)n->c.payload;
}

static int cq_space(const nic_regs *r)
{
    return r->cq_size && (uint16_t)(r->cq_tail - r->cq_head) < r->cq_size;
}

static int slot_pinned(const nic_regs *r, int s)
{
    return (r->sel.valid && !r->sel.ack && r->sel.from_slot && r->sel.buf == s) ||
           (r->em.valid && !r->em.ack && r->em.from_slot && r->em.buf == s);
}

static int stage_pinned(const nic_regs *r, int b)
{
    return (r->sel.valid && !r->sel.ack && !r->sel.from_slot && r->sel.buf == b) ||
           (r->em.valid && !r->em.ack && !r->em.from_slot && r->em.buf == b);
}

static unsigned min_sent(const nic_job *j)
{
    unsigned c, m = 0xFFFFu;
    for (c = 0; c < j->nc; c++)
        if (j->sent[c] < m)
            m = j->sent[c];
    return m;
}

/* ---- register block ------------------------------------------------ */

static uint32_t reg_read(const wc_nic *n, unsigned a)
{
    const nic_regs *r = &n->r;
    switch (a) {
    case WC_NICR_ID:         return (uint32_t)n->self | (1u << 24);
    case WC_NICR_CTRL:       return (uint32_t)r->en | (uint32_t)r->mode << 1;
    case WC_NICR_STATUS: {
        int busy = r->dma_busy || r->sel.valid || r->em.valid || r->sq_st != SQ_IDLE || r->ev_valid ||
                   r->ra_act || r->wq_n || r->cqf_n;
        int i;
        for (i = 0; i < n->J; i++) busy |= n->job[i].valid;
        for (i = 0; i < n->c.nctx; i++) busy |= n->ctx[i].valid;
        return (uint32_t)(r->sq_head != r->sq_tail) | (uint32_t)(r->cq_tail != r->cq_head) << 1 |
               (uint32_t)(!r->rqb_n && r->rq_head == r->rq_tail) << 2 | (uint32_t)busy << 3;
    }
    case WC_NICR_SQ_BASE:    return r->sq_base;
    case WC_NICR_SQ_SIZE:    return r->sq_size;
    case WC_NICR_SQ_TAIL:    return r->sq_tail;
    case WC_NICR_SQ_HEAD:    return r->sq_head;
    case WC_NICR_RQ_BASE:    return r->rq_base;
    case WC_NICR_RQ_SIZE:    return r->rq_size;
    case WC_NICR_RQ_TAIL:    return r->rq_tail;
    case WC_NICR_RQ_HEAD:    return r->rq_head;
    case WC_NICR_CQ_BASE:    return r->cq_base;
    case WC_NICR_CQ_SIZE:    return r->cq_size;
    case WC_NICR_CQ_HEAD:    return r->cq_head;
    case WC_NICR_CQ_TAIL:    return r->cq_tail;
    case WC_NICR_INT_STATUS: return r->int_status;
    case WC_NICR_INT_ENABLE: return r->int_enable;
    case WC_NICR_GT_SEL:     return r->gt_sel;
    case WC_NICR_GT_PARENT:  return r->gt_parent;
    case WC_NICR_GT_RESULT:  return r->gt_result;
    case WC_NICR_ERR_CRC:    return r->err_crc;
    case WC_NICR_ERR_GROUP:  return r->err_group;
    case WC_NICR_ERR_LEN:    return r->err_len;
    case WC_NICR_ERR_TYPE:   return r->err_type;
    case WC_NICR_ERR_DST:    return r->err_dst;
    case WC_NICR_RETX:       return r->retx;
    case WC_NICR_TIMEOUT:    return r->timeout;
    case WC_NICR_ERR_NOBUF:  return r->nobuf;
    case WC_NICR_DUPS:       return r->dups;
    case WC_NICR_PEAK:       return r->peak;
    case WC_NICR_SLOTS:      return r->slots_used;
    case WC_NICR_TX_PKTS:    return r->tx_pkts;
    case WC_NICR_RX_PKTS:    return r->rx_pkts;
    case WC_NICR_TIMEOUTS:   return r->timeouts;
    case WC_NICR_ERR_DESC:   return r->err_desc;
    case WC_NICR_CYCLE:      return r->now;
    default:                 return 0;
    }
}

uint32_t wc_nic_peek(const wc_nic *n, unsigned reg)
{
    return reg_read(n, reg);
}

/* ---- evaluation: outputs from registers only ----------------------- */

static uint32_t em_word(const wc_nic *n, const nic_send *e, unsigned k, unsigned *type)
{
    unsigned nfl = 1u + WC_NIC_HDR_FLITS + words_of(e->len);
    uint32_t h0, h1, h2, crcp;
    *type = k == 0 ? WC_FT_HEAD : k == nfl - 1 ? WC_FT_TAIL : WC_FT_BODY;
    h0 = WC_SET(WC_SET(WC_SET(0u, NH0_SRC, e->src), NH0_GROUP, e->group), NH0_TYPE, e->type);
    h1 = WC_SET(WC_SET(0u, NH1_SEQ, e->seq), NH1_OFF,
                n->c.mutate == 2 && e->k ? (unsigned)(e->off - n->c.payload) : e->off);
    h2 = WC_SET(WC_SET(0u, NH2_LEN, e->len), NH2_MSGLEN, e->msglen);
    switch (k) {
    case 0: return WC_SET(WC_SET(0u, HEAD_DST, e->dst), HEAD_KIND, WC_KIND_UNICAST);
    case 1: return h0;
    case 2: return h1;
    case 3: return h2;
    case 4:
        crcp = e->ack ? 0u : e->from_slot ? n->slot[e->buf].crcp : n->stage[e->buf].crcp;
        return wc_nic_crc_finish(crcp, h0, h1, h2);
    default:
        return e->from_slot ? n->sbuf[(size_t)e->buf * (size_t)n->PW + (k - 5u)]
                            : n->stbuf[e->buf][k - 5u];
    }
}

void wc_nic_eval(wc_nic *n, wc_nic_out *o)
{
    const nic_regs *r = &n->r;
    memset(o, 0, sizeof *o);
    if (r->em.valid && r->cred > 0) {
        unsigned type;
        uint32_t w = em_word(n, &r->em, r->em.fk, &type);
        o->tx_valid = 1;
        o->tx_flit = (uint64_t)w | ((uint64_t)type << n->c.W);
    }
    o->rx_credit = r->ra_credit;
    o->s_ack = r->s_ack;
    o->s_dat = r->s_dat;
    o->m_cyc = o->m_stb = r->m_stb;
    o->m_we = r->m_stb && r->m_we;
    o->m_adr = r->m_stb ? r->m_adr : 0;
    o->m_dat = r->m_stb && r->m_we ? r->m_dat : 0;
    o->m_sel = r->m_stb ? r->m_sel : 0;
    o->irq = (r->int_status & r->int_enable) != 0;
}

/* ---- decisions ------------------------------------------------------ */

/* Receive assembler: what the flit of this cycle does. */
typedef struct {
    int alloc;                      /* take a slot for the first payload word */
    int alloc_slot;
    int ev;                         /* produce an event */
    uint8_t ev_status, ev_type;
    uint16_t ev_slot, ev_src, ev_group, ev_seq, ev_off, ev_len, ev_msglen;
    uint32_t ev_crcp;
    int write;                      /* write word into slot */
    int wslot, widx;
    uint32_t wword;
} dec_ra;

/* Receive processor: what the event register's packet does. */
typedef struct {
    int active;
    int free_slot;                  /* slot to release, -1 none */
    int cnt;                        /* counter to bump: WC_NICR_* or -1 */
    int rxpkt;
    int ack_valid;                  /* ack bus to the jobs */
    unsigned ack_grp, ack_from, ack_seq;
    int accept;
    unsigned sid;
    int setpend;                    /* stream whose ack becomes pending, -1 none */
    int new_ctx, ctx_i;             /* ctx allocated (new_ctx) or used (ctx_i) */
    int new_fj, fj;
    int take_rqb;                   /* the prefetched buffer is consumed */
    int toobig;                     /* return the buffer with TOOBIG */
    int wq_push;
    int tag_slot;                   /* slot tagged for forwarding */
} dec_rp;

typedef struct {
    int valid;
    int job, child;
    unsigned k;
    int ack;
    unsigned ack_sid;
    nic_send s;
} dec_sel;

static int free_slot(const wc_nic *n)
{
    int s;
    for (s = 0; s < n->S; s++)
        if (!n->slot[s].used)
            return s;
    return -1;
}

/* A slot the selection picks this cycle (sel_slot) is as good as pinned:
 * evicting it in the same cycle would send another packet's words under
 * this one's header (found by the random bench with 3 slots). */
static int evictable_slot(const wc_nic *n, int sel_slot)
{
    int s;
    for (s = 0; s < n->S; s++)
        if (n->slot[s].used && n->slot[s].dma && !slot_pinned(&n->r, s) && s != sel_slot)
            return s;
    return -1;
}

static void decide_ra(const wc_nic *n, const wc_nic_in *in, int sel_slot, dec_ra *d)
{
    const nic_regs *r = &n->r;
    unsigned type = (unsigned)(in->rx_flit >> n->c.W) & 3u;
    uint32_t w = (uint32_t)in->rx_flit;
    memset(d, 0, sizeof *d);
    d->wslot = -1;
    if (!in->rx_valid)
        return;
    if (type & WC_FT_HEAD) {
        /* a worm that lost its tail is reported when the next head comes
         * (routers never do this; a one-flit worm is a framing error) */
        if (r->ra_act || type == WC_FT_SINGLE) {
            d->ev = 1;
            d->ev_status = WC_NIC_ST_BADLEN;
            d->ev_slot = r->ra_act ? r->ra_slot : (uint16_t)NONE;
        }
        return;                     /* head state is taken in the apply step */
    }
    if (!r->ra_act) {
        if (type & WC_FT_TAIL) {    /* a stray tail: one framing error */
            d->ev = 1;
            d->ev_status = WC_NIC_ST_BADLEN;
            d->ev_slot = NONE;
        }
        return;
    }
    {
        unsigned k = r->ra_k;       /* index of this flit */
        unsigned len = WC_GET(r->ra_h2, NH2_LEN);
        int slot = r->ra_slot == NONE ? -1 : r->ra_slot;
        uint32_t crc = r->ra_crc;
        int padbad = r->ra_padbad;
        if (k >= 5) {
            unsigned i = k - 5;
            crc = crc_word(crc, w);
            if (i == words_of(len) - 1u && len > 0 && (len & 3u) && (w & ~mask_bytes(0xFFFFFFFFu, len & 3u)))
                padbad = 1;
            if (i < (unsigned)n->PW) {
                if (i == 0) {
                    int f = free_slot(n);
                    if (f < 0) {
                        f = evictable_slot(n, sel_slot);
                    }
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
        if (type & WC_FT_TAIL) {
            unsigned nfl = k + 1;
            uint32_t h0 = r->ra_h0, h1 = r->ra_h1, h2 = r->ra_h2, h3 = k == 4 ? w : r->ra_h3;
            unsigned ptype = WC_GET(h0, NH0_TYPE), off = WC_GET(h1, NH1_OFF), msglen = WC_GET(h2, NH2_MSGLEN);
            int data = ptype == WC_PT_UDATA || ptype == WC_PT_MDATA;
            uint8_t st = WC_NIC_ST_OK;
            if (nfl < 5u || nfl > 5u + (unsigned)n->PW)
                st = WC_NIC_ST_BADLEN;
            else if (wc_nic_crc_finish(crc, h0, h1, h2) != h3)
                st = WC_NIC_ST_BADCRC;
            else if (ptype < WC_PT_UDATA || ptype > WC_PT_MACK || WC_GET(h0, NH0_RSVD))
                st = WC_NIC_ST_BADTYPE;
            else if (WC_GET(r->ra_h, HEAD_DST) != n->self || WC_GET(r->ra_h, HEAD_KIND) != WC_KIND_UNICAST ||
                     WC_GET(r->ra_h, HEAD_NADDR) || WC_GET(r->ra_h, HEAD_USER))
                st = WC_NIC_ST_BADDST;
            else if (data ? (len == 0 || len > (unsigned)n->c.payload || msglen == 0 ||
                             msglen > (unsigned)WC_NIC_MAX_MSG || off + len > msglen ||
                             off % (unsigned)n->c.payload || nfl != 5u + words_of(len) || padbad)
                          : (len || off || msglen || nfl != 5u))
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
    }
}

/* ---- receive processor ---------------------------------------------- */

static int find_ctx(const wc_nic *n, unsigned sid)
{
    int i;
    for (i = 0; i < n->c.nctx; i++)
        if (n->ctx[i].valid && !n->ctx[i].closing && n->ctx[i].sid == sid)
            return i;
    return -1;
}

static int free_ctx(const wc_nic *n)
{
    int i;
    for (i = 0; i < n->c.nctx; i++)
        if (!n->ctx[i].valid)
            return i;
    return -1;
}

static int free_fj(const wc_nic *n)
{
    int j;
    for (j = n->c.jsend; j < n->J; j++)
        if (!n->job[j].valid)
            return j;
    return -1;
}

/* the forwarding job still receiving group g's current message */
static int find_fj(const wc_nic *n, unsigned g)
{
    int j;
    for (j = n->c.jsend; j < n->J; j++)
        if (n->job[j].valid && n->job[j].group == g && n->job[j].avail < n->job[j].npk)
            return j;
    return -1;
}

static int status_counter(unsigned st)
{
    switch (st) {
    case WC_NIC_ST_BADLEN:  return WC_NICR_ERR_LEN;
    case WC_NIC_ST_BADCRC:  return WC_NICR_ERR_CRC;
    case WC_NIC_ST_BADTYPE: return WC_NICR_ERR_TYPE;
    case WC_NIC_ST_BADDST:  return WC_NICR_ERR_DST;
    default:                return WC_NICR_ERR_NOBUF;
    }
}

static void decide_rp(const wc_nic *n, dec_rp *d)
{
    const nic_regs *r = &n->r;
    unsigned sid, expect, g = 0;
    int fwd = 0, c, f = -1;
    memset(d, 0, sizeof *d);
    d->free_slot = -1; d->cnt = -1; d->setpend = -1; d->ctx_i = -1; d->fj = -1; d->tag_slot = -1;
    if (!r->ev_valid)
        return;
    d->active = 1;
    d->free_slot = r->ev_slot == NONE ? -1 : r->ev_slot;
    if (r->ev_status != WC_NIC_ST_OK) {
        d->cnt = status_counter(r->ev_status);
        return;
    }
    if (!r->en) {
        d->cnt = WC_NICR_ERR_NOBUF;
        return;
    }
    switch (r->ev_type) {
    case WC_PT_UACK:
        if (r->ev_src >= n->N) { d->cnt = WC_NICR_ERR_DST; return; }
        d->rxpkt = 1;
        d->ack_valid = 1; d->ack_grp = 0; d->ack_from = r->ev_src; d->ack_seq = r->ev_seq;
        return;
    case WC_PT_MACK:
        g = r->ev_group;
        if (g == 0 || g >= (unsigned)n->G || !n->gt.g[g].valid) { d->cnt = WC_NICR_ERR_GROUP; return; }
        d->rxpkt = 1;
        d->ack_valid = 1; d->ack_grp = g; d->ack_from = r->ev_src; d->ack_seq = r->ev_seq;
        return;
    case WC_PT_UDATA:
        if (r->ev_src >= n->N || r->ev_src == n->self) { d->cnt = WC_NICR_ERR_DST; return; }
        sid = r->ev_src;
        expect = n->uexp[sid];
        break;
    default: /* WC_PT_MDATA */
        g = r->ev_group;
        if (g == 0 || g >= (unsigned)n->G || !n->gt.g[g].valid) { d->cnt = WC_NICR_ERR_GROUP; return; }
        if (n->gt.g[g].parent == WC_NIC_NO_PARENT) { d->cnt = WC_NICR_ERR_DST; return; }
        sid = (unsigned)n->N + g;
        expect = n->gexp[g];
        fwd = r->mode != WC_NIC_MODE_HOST && n->gt.g[g].nchild > 0;
        break;
    }
    d->rxpkt = 1;
    d->sid = sid;
    if (r->ev_seq != expect) {
        /* duplicate or early: drop, and repeat the cumulative ack */
        d->cnt = WC_NICR_DUPS;
        if (n->c.mutate != 3)
            d->setpend = (int)sid;
        return;
    }
    if (r->ev_off == 0) {
        if (find_ctx(n, sid) >= 0) { d->cnt = WC_NICR_ERR_LEN; return; }
        c = free_ctx(n);
        if (fwd)
            f = free_fj(n);
        if (c < 0 || !r->rqb_n || (fwd && f < 0)) { d->cnt = WC_NICR_ERR_NOBUF; return; }
        if (r->ev_msglen > r->rqb_cap[r->rqb_rd]) {
            /* the buffer is returned with TOOBIG and the next one tried
             * when the sender repeats the packet */
            d->cnt = WC_NICR_ERR_NOBUF;
            if (r->cqf_n < CQF) { d->toobig = 1; d->take_rqb = 1; }
            return;
        }
        d->new_ctx = 1;
        d->take_rqb = 1;
        if (fwd) { d->new_fj = 1; d->fj = f; }
    } else {
        c = find_ctx(n, sid);
        if (c < 0 || n->ctx[c].msglen != r->ev_msglen || n->ctx[c].next_off != r->ev_off ||
            n->ctx[c].src != r->ev_src) {
            d->cnt = WC_NICR_ERR_LEN;
            return;
        }
        if (fwd && (f = find_fj(n, g)) < 0) { d->cnt = WC_NICR_ERR_LEN; return; }
        d->fj = f;
    }
    d->ctx_i = c;
    d->accept = 1;
    d->setpend = (int)sid;
    d->wq_push = 1;
    d->free_slot = -1;
    if (fwd)
        d->tag_slot = r->ev_slot;
}

/* ---- transmit selection --------------------------------------------- */

/* The child a job sends to next, or -1.  A child with TXWIN packets
 * unacknowledged waits: a child that drops everything (no buffer) then
 * costs its siblings at most a window per timeout, instead of taking
 * the whole link for go-back-N resends while their messages, and the
 * receive buffers those hold, stall. */
static int job_child(const wc_nic *n, const nic_job *j)
{
    int c, best = -1;
    for (c = 0; c < j->nc; c++) {
        if (j->sent[c] >= j->avail || j->sent[c] - j->acked[c] >= n->c.txwin)
            continue;
        if (n->r.mode == WC_NIC_MODE_FCFS) {
            if (c <= j->fc)
                return c;
            break;
        }
        if (best < 0 || j->sent[c] < j->sent[best])
            best = c;
    }
    return best;
}

static void decide_sel(const wc_nic *n, dec_sel *d)
{
    const nic_regs *r = &n->r;
    int i, NG = n->N + n->G;
    memset(d, 0, sizeof *d);
    d->job = -1;
    if (r->sel.valid)
        return;
    for (i = 0; i < NG; i++) {
        int sid = (r->ack_ptr + i) % NG;
        if (!n->ackpend[sid])
            continue;
        d->ack = 1;
        d->ack_sid = (unsigned)sid;
        d->s.ack = 1;
        d->s.src = (uint16_t)n->self;
        if (sid < n->N) {
            d->s.dst = (uint16_t)sid;
            d->s.type = WC_PT_UACK;
            d->s.seq = n->uexp[sid];
        } else {
            const wc_nic_group_ent *e = &n->gt.g[sid - n->N];
            if (!e->valid || e->parent == WC_NIC_NO_PARENT)
                return;             /* nobody to acknowledge: the flag just clears */
            d->s.dst = e->parent;
            d->s.type = WC_PT_MACK;
            d->s.group = (uint16_t)(sid - n->N);
            d->s.seq = n->gexp[sid - n->N];
        }
        d->valid = 1;
        d->s.valid = 1;
        d->s.ready = 1;
        return;
    }
    for (i = 0; i < n->J; i++) {
        int jx = (r->job_ptr + i) % n->J, c, s, b;
        const nic_job *j = &n->job[jx];
        nic_send *e = &d->s;
        if (!j->valid || (c = job_child(n, j)) < 0)
            continue;
        d->valid = 1;
        d->job = jx;
        d->child = c;
        d->k = j->sent[c];
        e->valid = 1;
        e->job = (uint8_t)jx;
        e->child = (uint8_t)c;
        e->k = (uint16_t)d->k;
        e->dst = j->dst[c];
        e->type = j->type;
        e->src = j->src;
        e->group = j->group;
        e->seq = (uint16_t)(j->base[c] + d->k);
        e->off = (uint16_t)(d->k * (unsigned)n->c.payload);
        e->len = (uint16_t)pkt_len(n, j->msglen, e->off);
        e->msglen = j->msglen;
        if (j->fwd)
            for (s = 0; s < n->S; s++)
                if (n->slot[s].used && n->slot[s].fwd && n->slot[s].fj == jx && n->slot[s].k == d->k) {
                    e->from_slot = 1;
                    e->buf = (uint8_t)s;
                    e->ready = 1;
                    return;
                }
        for (b = 0; b < 2; b++)
            if (n->stage[b].valid && n->stage[b].job == jx && n->stage[b].k == d->k) {
                e->buf = (uint8_t)b;
                e->ready = 1;
                return;
            }
        for (b = 0; b < 2 && stage_pinned(r, b); b++)
            ;
        e->buf = (uint8_t)b;
        e->fill = 1;
        return;
    }
}

/* ---- DMA master ------------------------------------------------------ */

typedef struct {
    int start, cli;                 /* an op starts (arbiter) */
    int word_done, op_done, err;
    uint32_t rdata;                 /* read data of the finished word */
    int next;                       /* present the next word */
    uint32_t adr, dat;
    unsigned sel, we;
    uint16_t nwords;
    uint32_t base;
    nic_wq wq;                      /* rx write: entry latched at start */
} dec_dma;

static int wq_completes(const nic_wq *q) { return q->last && q->fj == NONE; }

static int dma_requests(const wc_nic *n, int cli)
{
    const nic_regs *r = &n->r;
    switch (cli) {
    case CLI_CQ:    return r->cqf_n > 0 && cq_space(r);
    case CLI_RXW:   return r->wq_n > 0 && (!wq_completes(&n->wq[r->wq_rd]) || cq_space(r));
    case CLI_RQ:    return r->rqb_n < 2 && r->rq_size && r->rq_head != r->rq_tail;
    case CLI_STAGE: return r->sel.valid && r->sel.fill;
    default:        return r->sq_st == SQ_FETCH || r->sq_st == SQ_LIST;
    }
}

static uint32_t cq_addr(const nic_regs *r)
{
    return r->cq_base + 16u * (uint32_t)(r->cq_tail & (r->cq_size - 1u));
}

/* Bus word i of an op: address, write data, byte lanes, direction.
 * err_now: a bus error on the word finishing this cycle (only the receive
 * completion's status depends on it). */
static void dma_word(const wc_nic *n, int cli, unsigned i, uint32_t base, const nic_wq *wq,
                     int err_now, uint32_t *adr, uint32_t *dat, unsigned *sel, unsigned *we)
{
    const nic_regs *r = &n->r;
    *dat = 0; *sel = 0xFu; *we = 0;
    *adr = base + 4u * i;
    switch (cli) {
    case CLI_CQ:
        /* words 1, 2, 3, then word 0 with CD0_VALID: the host polls word
         * 0, so it must land last */
        *we = 1;
        *adr = base + 4u * ((i + 1u) & 3u);
        *dat = r->cqf[r->cqf_rd][(i + 1u) & 3u];
        break;
    case CLI_RXW: {
        unsigned nw = words_of(wq->len);
        const nic_ctx *x = &n->ctx[wq->ctx];
        *we = 1;
        if (i < nw) {
            *dat = n->sbuf[(size_t)wq->slot * (size_t)n->PW + i];
            *sel = i == nw - 1 ? last_sel(wq->len) : 0xFu;
        } else {
            unsigned q = (i - nw + 1u) & 3u;   /* word 0 last, as above */
            *adr = cq_addr(r) + 4u * q;
            *dat = q == 0 ? WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, (x->err || r->dma_err || err_now) ? WC_NIC_ST_BUSERR
                                                                                                    : WC_NIC_ST_OK),
                                          CD0_KIND, WC_CK_RECV), CD0_VALID, 1u)
                 : q == 1 ? WC_SET(WC_SET(0u, CD1_SRC, x->src), CD1_GROUP, x->group)
                 : q == 2 ? x->addr
                 : WC_SET(0u, CD3_LEN, x->msglen);
        }
        break;
    }
    default:
        break;
    }
}

static void decide_dma(const wc_nic *n, const wc_nic_in *in, dec_dma *d)
{
    const nic_regs *r = &n->r;
    memset(d, 0, sizeof *d);
    if (r->dma_busy) {
        if (!(in->m_ack || in->m_err))
            return;
        d->word_done = 1;
        d->err = in->m_err != 0;
        d->rdata = in->m_err ? 0u : in->m_dat;
        if (r->dma_i + 1u < r->dma_n) {
            d->next = 1;
            dma_word(n, r->dma_cli, r->dma_i + 1u, r->dma_base, &r->dma_wq, d->err, &d->adr, &d->dat, &d->sel, &d->we);
        } else {
            d->op_done = 1;
        }
        return;
    }
    {
        int i;
        for (i = 0; i < NCLI; i++) {
            int cli = (r->dma_ptr + i) % NCLI;
            if (!dma_requests(n, cli))
                continue;
            d->start = 1;
            d->cli = cli;
            switch (cli) {
            case CLI_CQ:
                d->base = cq_addr(r);
                d->nwords = 4;
                break;
            case CLI_RXW:
                d->wq = n->wq[r->wq_rd];
                d->base = n->ctx[d->wq.ctx].addr + d->wq.off;
                d->nwords = (uint16_t)(words_of(d->wq.len) + (wq_completes(&d->wq) ? 4u : 0u));
                break;
            case CLI_RQ:
                d->base = r->rq_base + 8u * (uint32_t)(r->rq_head & (r->rq_size - 1u));
                d->nwords = 2;
                break;
            case CLI_STAGE:
                d->base = n->job[r->sel.job].addr + r->sel.off;
                d->nwords = (uint16_t)words_of(r->sel.len);
                break;
            default:
                if (r->sq_st == SQ_FETCH) {
                    d->base = r->sq_base + 16u * (uint32_t)(r->sq_head & (r->sq_size - 1u));
                    d->nwords = 4;
                } else {
                    d->base = r->sq_d[3];
                    d->nwords = (uint16_t)WC_GET(r->sq_d[2], SD2_DST);
                }
                break;
            }
            dma_word(n, cli, 0, d->base, &d->wq, 0, &d->adr, &d->dat, &d->sel, &d->we);
            return;
        }
    }
}

/* ---- send queue unit -------------------------------------------------- */

static unsigned sq_check(const wc_nic *n)
{
    const nic_regs *r = &n->r;
    unsigned op = WC_GET(r->sq_d[0], SD0_OP), len = WC_GET(r->sq_d[0], SD0_LEN);
    unsigned x = WC_GET(r->sq_d[2], SD2_DST);
    uint32_t d3 = r->sq_d[3];
    if (r->sq_err)
        return WC_NIC_ST_BUSERR;
    if (op < WC_OP_UNICAST || op > WC_OP_MULTICAST || (r->sq_d[1] & 3u) || (r->sq_d[2] >> WC_SD2_DST_W) ||
        (op == WC_OP_UNICAST && d3) || (op == WC_OP_MULTISEND && (d3 & 3u)))
        return WC_NIC_ST_BADOP;
    if (len == 0 || len > (unsigned)WC_NIC_MAX_MSG)
        return WC_NIC_ST_BADLEN;
    if (op == WC_OP_UNICAST)
        return x >= (unsigned)n->N || x == n->self ? WC_NIC_ST_BADDST : WC_NIC_ST_OK;
    if (op == WC_OP_MULTISEND)
        return x == 0 || x > (unsigned)WC_NIC_MAX_DESTS ? WC_NIC_ST_NODST : WC_NIC_ST_OK;
    if (x == 0 || x >= (unsigned)n->G || !n->gt.g[x].valid)
        return WC_NIC_ST_NOGROUP;
    if (n->gt.g[x].parent == WC_NIC_NO_PARENT) {
        if (d3)
            return WC_NIC_ST_BADOP;
    } else {
        if (r->mode != WC_NIC_MODE_HOST)
            return WC_NIC_ST_BADDST;
        if (d3 >= (uint32_t)n->N)
            return WC_NIC_ST_BADOP;
    }
    return n->gt.g[x].nchild == 0 ? WC_NIC_ST_NODST : WC_NIC_ST_OK;
}

static unsigned sq_list_check(const wc_nic *n)
{
    const nic_regs *r = &n->r;
    unsigned i, k, cnt = WC_GET(r->sq_d[2], SD2_DST);
    if (r->sq_err)
        return WC_NIC_ST_BUSERR;
    for (i = 0; i < cnt; i++) {
        uint32_t w = r->sq_list[i];
        if (w >> WC_SD2_DST_W)
            return WC_NIC_ST_BADOP;
        if (w >= (uint32_t)n->N || w == n->self)
            return WC_NIC_ST_BADDST;
        for (k = 0; k < i; k++)
            if (r->sq_list[k] == w)
                return WC_NIC_ST_BADDST;
    }
    return WC_NIC_ST_OK;
}

/* destinations of the descriptor held by the SQ unit are all free */
static int sq_streams_free(const wc_nic *n)
{
    const nic_regs *r = &n->r;
    unsigned op = WC_GET(r->sq_d[0], SD0_OP), x = WC_GET(r->sq_d[2], SD2_DST), i;
    if (op == WC_OP_UNICAST)
        return !n->ubusy[x];
    if (op == WC_OP_MULTICAST)
        return !n->gbusy[x];
    for (i = 0; i < x; i++)
        if (n->ubusy[r->sq_list[i]])
            return 0;
    return 1;
}

/* ---- the clock edge ---------------------------------------------------- */

static void sat_inc(uint32_t *x)
{
    if (*x != 0xFFFFFFFFu)
        (*x)++;
}

static void count(nic_regs *r, int which)
{
    switch (which) {
    case WC_NICR_ERR_LEN:   sat_inc(&r->err_len); r->int_status |= 2; break;
    case WC_NICR_ERR_CRC:   sat_inc(&r->err_crc); r->int_status |= 2; break;
    case WC_NICR_ERR_TYPE:  sat_inc(&r->err_type); r->int_status |= 2; break;
    case WC_NICR_ERR_DST:   sat_inc(&r->err_dst); r->int_status |= 2; break;
    case WC_NICR_ERR_GROUP: sat_inc(&r->err_group); r->int_status |= 2; break;
    case WC_NICR_ERR_NOBUF: sat_inc(&r->nobuf); break;
    case WC_NICR_DUPS:      sat_inc(&r->dups); break;
    default: break;
    }
}

static void cqf_push(nic_regs *r, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
    uint32_t *e = r->cqf[(r->cqf_rd + r->cqf_n) % CQF];
    e[0] = w0; e[1] = w1; e[2] = w2; e[3] = w3;
    r->cqf_n++;
}

/* Host register write (the slave's side effects). */
static int reg_write(wc_nic *n, unsigned a, uint32_t v)
{
    nic_regs *r = &n->r;
    switch (a) {
    case WC_NICR_CTRL:
        r->en = v & 1u;
        r->mode = (uint8_t)((v >> 1) & 3u);
        return (v >> 3) & 1u;       /* soft reset */
    case WC_NICR_SQ_BASE:    r->sq_base = v; break;
    case WC_NICR_SQ_SIZE:    r->sq_size = (uint16_t)v; break;
    case WC_NICR_SQ_TAIL:    r->sq_tail = (uint16_t)v; break;
    case WC_NICR_RQ_BASE:    r->rq_base = v; break;
    case WC_NICR_RQ_SIZE:    r->rq_size = (uint16_t)v; break;
    case WC_NICR_RQ_TAIL:    r->rq_tail = (uint16_t)v; break;
    case WC_NICR_CQ_BASE:    r->cq_base = v; break;
    case WC_NICR_CQ_SIZE:    r->cq_size = (uint16_t)v; break;
    case WC_NICR_CQ_HEAD:    r->cq_head = (uint16_t)v; break;
    case WC_NICR_INT_STATUS: r->int_status &= (uint8_t)~v; break;
    case WC_NICR_INT_ENABLE: r->int_enable = (uint8_t)(v & 7u); break;
    case WC_NICR_GT_SEL:     r->gt_sel = (uint16_t)(v & 0xFFFu); break;
    case WC_NICR_GT_PARENT:  r->gt_parent = (uint16_t)(v & 0xFFFu); break;
    case WC_NICR_GT_CHILD:
        if (((v >> 16) & 0xFFu) < MAXC)
            r->gt_child[(v >> 16) & 0xFFu] = (uint16_t)(v & 0xFFFu);
        break;
    case WC_NICR_GT_COMMIT: {
        unsigned g = r->gt_sel, cnt = v & 0xFFu;
        int rc;
        if (g == 0 || g >= (unsigned)n->G)
            rc = -WC_NIC_ST_NOGROUP;
        else if (cnt == 0 && r->gt_parent == WC_NIC_NO_PARENT)
            rc = wc_nic_group_clear(&n->gt, g);
        else if (v > 0xFFu)
            rc = -WC_NIC_ST_NODST;
        else
            rc = wc_nic_group_set(&n->gt, g, r->gt_parent, r->gt_child, cnt);
        r->gt_result = (uint8_t)-rc;
        if (rc == 0) {
            /* a (re)installed group starts its streams afresh */
            n->gexp[g] = 0;
            n->gnext[g] = 0;
            n->gbusy[g] = 0;
        }
        break;
    }
    case WC_NICR_ERR_CRC:    r->err_crc = 0; break;
    case WC_NICR_ERR_GROUP:  r->err_group = 0; break;
    case WC_NICR_ERR_LEN:    r->err_len = 0; break;
    case WC_NICR_ERR_TYPE:   r->err_type = 0; break;
    case WC_NICR_ERR_DST:    r->err_dst = 0; break;
    case WC_NICR_RETX:       r->retx = 0; break;
    case WC_NICR_TIMEOUT:    r->timeout = v; break;
    case WC_NICR_ERR_NOBUF:  r->nobuf = 0; break;
    case WC_NICR_DUPS:       r->dups = 0; break;
    case WC_NICR_PEAK:       r->peak = 0; break;
    case WC_NICR_TX_PKTS:    r->tx_pkts = 0; break;
    case WC_NICR_RX_PKTS:    r->rx_pkts = 0; break;
    case WC_NICR_TIMEOUTS:   r->timeouts = 0; break;
    case WC_NICR_ERR_DESC:   r->err_desc = 0; break;
    default: break;
    }
    return 0;
}

void wc_nic_commit(wc_nic *n, const wc_nic_in *in)
{
    nic_regs *r = &n->r;
    const unsigned T = r->timeout;
    const uint32_t now = r->now;
    dec_ra ra;
    dec_rp rp;
    dec_sel sl;
    dec_dma dm;
    int go, wr, push_job = -1, push_sq = 0, sq_next = -1, sq_create = 0;
    unsigned sq_st_v = WC_NIC_ST_OK;
    int done[MAXJ], ack_hit_j[MAXJ], ack_hit_c[MAXJ], reclaim_any = 0;
    int scan_j = r->scan / MAXC, scan_c = r->scan % MAXC, tmo = 0;
    int em_sent = 0, em_last = 0, xfer = 0, soft = 0;
    unsigned wa;
    uint32_t rdat = 0;
    int j, c, s;

    /* ---------------- decisions: registered state and inputs only ---- */
    decide_sel(n, &sl);
    decide_ra(n, in, sl.valid && !sl.ack && sl.s.from_slot ? (int)sl.s.buf : -1, &ra);
    decide_rp(n, &rp);
    decide_dma(n, in, &dm);
    go = in->s_cyc && in->s_stb && !r->s_ack;
    wa = (in->s_adr >> 2) & (WC_NICR_WORDS - 1u);
    wr = go && in->s_we;
    if (go && !in->s_we)
        rdat = reg_read(n, wa);

    /* jobs: acks, completion, the timeout scanner */
    for (j = 0; j < n->J; j++) {
        const nic_job *jb = &n->job[j];
        ack_hit_j[j] = 0;
        ack_hit_c[j] = -1;
        done[j] = 0;
        if (!jb->valid)
            continue;
        if (rp.ack_valid && (rp.ack_grp == 0 ? jb->type == WC_PT_UDATA
                                               : jb->type == WC_PT_MDATA && jb->group == rp.ack_grp))
            for (c = 0; c < jb->nc; c++)
                if (jb->dst[c] == rp.ack_from) {
                    ack_hit_j[j] = 1;
                    ack_hit_c[j] = c;
                    break;
                }
        if (jb->avail == jb->npk && (!jb->fwd || jb->hostdone)) {
            done[j] = 1;
            for (c = 0; c < jb->nc; c++)
                if (jb->acked[c] != jb->npk)
                    done[j] = 0;
            /* a forwarded message completes only after the earlier ones of
             * its group: the host sees every stream in order */
            if (jb->fwd)
                for (c = n->c.jsend; c < n->J; c++)
                    if (c != j && n->job[c].valid && n->job[c].group == jb->group &&
                        ((jb->base[0] - n->job[c].base[0]) & 0xFFFFu) < 0x8000u)
                        done[j] = 0;
        }
    }
    if (scan_j < n->J) {
        const nic_job *jb = &n->job[scan_j];
        tmo = jb->valid && scan_c < jb->nc && jb->acked[scan_c] < jb->sent[scan_c] &&
              (int32_t)(now - jb->dl[scan_c]) >= 0 &&
              !(sl.valid && !sl.ack && sl.job == scan_j && sl.child == scan_c) &&
              !(ack_hit_j[scan_j] && ack_hit_c[scan_j] == scan_c);
    }
    /* completion FIFO: receive processor, then a finished job, then the
     * send queue unit */
    if (r->cqf_n < CQF && !rp.toobig) {
        for (j = 0; j < n->J; j++)
            if (done[j]) { push_job = j; break; }
        if (push_job < 0 && r->sq_st == SQ_ERR)
            push_sq = 1;
    }
    /* send queue unit */
    switch (r->sq_st) {
    case SQ_IDLE:
        if (r->en && r->sq_size && r->sq_head != r->sq_tail)
            for (j = 0; j < n->c.jsend; j++)
                if (!n->job[j].valid) { sq_next = j; break; }
        break;
    case SQ_CHECK:
        sq_st_v = sq_check(n);
        break;
    case SQ_LCHK:
        sq_st_v = sq_list_check(n);
        break;
    case SQ_WAIT:
        sq_create = sq_streams_free(n);
        break;
    default:
        break;
    }

    /* ---------------- apply ------------------------------------------ */

    /* slots: reclaim, then the processor's release and tags, the DMA's
     * done flag, then the assembler's allocation and writes */
    for (s = 0; s < n->S; s++) {
        nic_slot *sp = &n->slot[s];
        if (!sp->used || !sp->dma || slot_pinned(r, s))
            continue;
        if (sp->fwd && n->job[sp->fj].valid && sp->k >= min_sent(&n->job[sp->fj]))
            continue;
        sp->used = 0;
        reclaim_any = 1;
    }
    if (rp.free_slot >= 0) {
        n->slot[rp.free_slot].used = 0;
        reclaim_any = 1;
    }
    if (rp.new_fj)
        for (s = 0; s < n->S; s++)
            if (n->slot[s].fwd && n->slot[s].fj == rp.fj)
                n->slot[s].fwd = 0;
    if (rp.tag_slot >= 0) {
        nic_slot *sp = &n->slot[rp.tag_slot];
        sp->fwd = 1;
        sp->fj = (uint8_t)rp.fj;
        sp->k = (uint16_t)(r->ev_off / (unsigned)n->c.payload);
    }
    if (dm.op_done && r->dma_cli == CLI_RXW)
        n->slot[r->dma_wq.slot].dma = 1;
    if (ra.alloc) {
        nic_slot *sp = &n->slot[ra.alloc_slot];
        sp->used = 1; sp->dma = 0; sp->fwd = 0; sp->crcp = 0;
        reclaim_any = 1;
    }
    if (ra.write)
        n->sbuf[(size_t)ra.wslot * (size_t)n->PW + (size_t)ra.widx] = ra.wword;
    if (ra.ev && ra.ev_slot != NONE)
        n->slot[ra.ev_slot].crcp = ra.ev_crcp;

    /* receive assembler registers */
    r->ra_credit = (uint8_t)(in->rx_valid != 0);
    if (in->rx_valid) {
        unsigned type = (unsigned)(in->rx_flit >> n->c.W) & 3u;
        uint32_t w = (uint32_t)in->rx_flit;
        if (type & WC_FT_HEAD) {
            r->ra_act = type != WC_FT_SINGLE;
            r->ra_k = 1;
            r->ra_h = w;
            r->ra_slot = NONE;
            r->ra_crc = 0;
            r->ra_padbad = 0;
            r->ra_h0 = r->ra_h1 = r->ra_h2 = r->ra_h3 = 0;
        } else if (r->ra_act) {
            unsigned k = r->ra_k;
            if (k == 1) r->ra_h0 = w;
            else if (k == 2) r->ra_h1 = w;
            else if (k == 3) r->ra_h2 = w;
            else if (k == 4) r->ra_h3 = w;
            else {
                unsigned len = WC_GET(r->ra_h2, NH2_LEN);
                r->ra_crc = crc_word(r->ra_crc, w);
                if (k - 5u == words_of(len) - 1u && len > 0 && (len & 3u) &&
                    (w & ~mask_bytes(0xFFFFFFFFu, len & 3u)))
                    r->ra_padbad = 1;
            }
            if (ra.alloc)
                r->ra_slot = (uint16_t)ra.alloc_slot;
            if (k < 255)
                r->ra_k = (uint8_t)(k + 1);
            if (type & WC_FT_TAIL)
                r->ra_act = 0;
        }
    }

    /* receive processor: streams, contexts, forwarding jobs, write queue */
    if (rp.cnt >= 0)
        count(r, rp.cnt);
    if (rp.rxpkt)
        r->rx_pkts++;
    if (rp.toobig) {
        cqf_push(r, WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, WC_NIC_ST_TOOBIG), CD0_KIND, WC_CK_RECV), CD0_VALID, 1u),
                 WC_SET(WC_SET(0u, CD1_SRC, r->ev_src), CD1_GROUP, r->ev_group), r->rqb_addr[r->rqb_rd] & ~3u,
                 WC_SET(0u, CD3_LEN, r->ev_msglen));
    }
    /* (the FIFO pop; the DMA's push below counts against it) */
    if (rp.accept) {
        int last = (unsigned)r->ev_off + r->ev_len == r->ev_msglen;
        nic_ctx *x = &n->ctx[rp.ctx_i];
        nic_wq *q = &n->wq[(r->wq_rd + r->wq_n) % n->S];
        if (rp.new_ctx) {
            x->valid = 1; x->err = 0;
            x->sid = (uint16_t)rp.sid;
            x->msglen = r->ev_msglen;
            x->next_off = 0;
            x->src = r->ev_src;
            x->group = r->ev_group;
            x->addr = r->rqb_addr[r->rqb_rd] & ~3u;
        }
        x->next_off = (uint16_t)(x->next_off + r->ev_len);
        x->closing = (uint8_t)last;
        q->slot = r->ev_slot; q->ctx = (uint16_t)rp.ctx_i; q->off = r->ev_off; q->len = r->ev_len;
        q->last = (uint8_t)last;
        q->fj = rp.fj >= 0 ? (uint16_t)rp.fj : (uint16_t)NONE;
        r->wq_n++;
        if (rp.sid < (unsigned)n->N) n->uexp[rp.sid]++;
        else n->gexp[rp.sid - (unsigned)n->N]++;
        if (rp.new_fj) {
            nic_job *f = &n->job[rp.fj];
            const wc_nic_group_ent *e = &n->gt.g[r->ev_group];
            memset(f, 0, sizeof *f);
            f->valid = 1; f->fwd = 1; f->type = WC_PT_MDATA;
            f->nc = e->nchild;
            f->group = r->ev_group; f->src = r->ev_src;
            f->msglen = r->ev_msglen;
            f->npk = (uint16_t)npk_of(n, r->ev_msglen);
            f->addr = r->rqb_addr[r->rqb_rd] & ~3u;
            for (c = 0; c < f->nc; c++) {
                f->dst[c] = e->child[c];
                f->base[c] = r->ev_seq;
            }
            for (s = 0; s < 2; s++)
                if (n->stage[s].job == rp.fj)
                    n->stage[s].valid = 0;
        }
        if (rp.fj >= 0)
            n->job[rp.fj].avail++;
    }
    r->ev_valid = 0;
    if (ra.ev) {
        r->ev_valid = 1;
        r->ev_status = ra.ev_status; r->ev_type = ra.ev_type; r->ev_slot = ra.ev_slot;
        r->ev_src = ra.ev_src; r->ev_group = ra.ev_group; r->ev_seq = ra.ev_seq;
        r->ev_off = ra.ev_off; r->ev_len = ra.ev_len; r->ev_msglen = ra.ev_msglen;
    }

    /* job children: selection, then acks, then the timeout scanner */
    if (sl.valid && !sl.ack) {
        nic_job *jb = &n->job[sl.job];
        c = sl.child;
        if (jb->acked[c] == jb->sent[c])
            jb->dl[c] = now + T;
        jb->sent[c] = (uint16_t)(sl.k + 1u);
        if (c == jb->fc && sl.k + 1u == jb->npk)
            jb->fc++;
    }
    for (j = 0; j < n->J; j++) {
        nic_job *jb = &n->job[j];
        unsigned d, a2;
        if (!ack_hit_j[j])
            continue;
        c = ack_hit_c[j];
        d = (rp.ack_seq - jb->base[c]) & 0xFFFFu;
        if (d >= 0x8000u)
            continue;               /* older than this job: stale */
        a2 = d < jb->npk ? d : jb->npk;
        if (a2 > jb->acked[c]) {
            jb->acked[c] = (uint16_t)a2;
            jb->dl[c] = now + T;
            if (jb->sent[c] < a2)
                jb->sent[c] = (uint16_t)a2;
        }
    }
    if (tmo) {
        nic_job *jb = &n->job[scan_j];
        r->retx += (uint32_t)(jb->sent[scan_c] - jb->acked[scan_c]);
        sat_inc(&r->timeouts);
        jb->sent[scan_c] = jb->acked[scan_c];
        jb->dl[scan_c] = now + T;
    }
    r->scan = (uint16_t)((r->scan + 1u) % (unsigned)(n->J * MAXC));

    /* a finished job leaves through the completion FIFO: a send job with
     * its send completion, a forwarding job with the receive completion of
     * its message (held back until then: the host buffer was the
     * retransmission copy) */
    if (push_job >= 0) {
        nic_job *jb = &n->job[push_job];
        if (jb->fwd) {
            cqf_push(r, WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, jb->status), CD0_KIND, WC_CK_RECV), CD0_VALID, 1u),
                     WC_SET(WC_SET(0u, CD1_SRC, jb->src), CD1_GROUP, jb->group), jb->addr,
                     WC_SET(0u, CD3_LEN, jb->msglen));
        } else {
            cqf_push(r, WC_SET(WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, jb->status), CD0_KIND, WC_CK_SEND),
                                      CD0_TAG, jb->tag), CD0_VALID, 1u),
                     0u, jb->addr, WC_SET(0u, CD3_LEN, jb->msglen));
            if (jb->type == WC_PT_UDATA)
                for (c = 0; c < jb->nc; c++)
                    n->ubusy[jb->dst[c]] = 0;
            else
                n->gbusy[jb->group] = 0;
        }
        jb->valid = 0;
    }

    /* send queue unit */
    switch (r->sq_st) {
    case SQ_IDLE:
        if (sq_next >= 0) {
            r->sq_job = (uint8_t)sq_next;
            r->sq_st = SQ_FETCH;
        }
        break;
    case SQ_CHECK:
        r->sq_status = (uint8_t)sq_st_v;
        r->sq_st = sq_st_v != WC_NIC_ST_OK ? SQ_ERR
                 : WC_GET(r->sq_d[0], SD0_OP) == WC_OP_MULTISEND ? SQ_LIST : SQ_WAIT;
        break;
    case SQ_LCHK:
        r->sq_status = (uint8_t)sq_st_v;
        r->sq_st = sq_st_v != WC_NIC_ST_OK ? SQ_ERR : SQ_WAIT;
        break;
    case SQ_ERR:
        if (push_sq) {
            cqf_push(r, WC_SET(WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, r->sq_status), CD0_KIND, WC_CK_SEND),
                                      CD0_TAG, WC_GET(r->sq_d[0], SD0_TAG)), CD0_VALID, 1u),
                     0u, r->sq_d[1], WC_SET(0u, CD3_LEN, WC_GET(r->sq_d[0], SD0_LEN)));
            sat_inc(&r->err_desc);
            r->int_status |= 2;
            r->sq_head++;
            if (r->sq_head == r->sq_tail)
                r->int_status |= 4;
            r->sq_st = SQ_IDLE;
        }
        break;
    case SQ_WAIT:
        if (sq_create) {
            nic_job *jb = &n->job[r->sq_job];
            unsigned op = WC_GET(r->sq_d[0], SD0_OP), x = WC_GET(r->sq_d[2], SD2_DST);
            memset(jb, 0, sizeof *jb);
            jb->tag = (uint16_t)WC_GET(r->sq_d[0], SD0_TAG);
            jb->msglen = (uint16_t)WC_GET(r->sq_d[0], SD0_LEN);
            jb->npk = (uint16_t)npk_of(n, jb->msglen);
            jb->avail = jb->npk;
            jb->addr = r->sq_d[1];
            jb->src = (uint16_t)n->self;
            if (op == WC_OP_MULTICAST) {
                const wc_nic_group_ent *e = &n->gt.g[x];
                jb->type = WC_PT_MDATA;
                jb->group = (uint16_t)x;
                jb->nc = e->nchild;
                for (c = 0; c < jb->nc; c++)
                    jb->dst[c] = e->child[c];
                if (e->parent != WC_NIC_NO_PARENT)
                    jb->src = (uint16_t)r->sq_d[3];
            } else {
                jb->type = WC_PT_UDATA;
                jb->nc = (uint8_t)(op == WC_OP_UNICAST ? 1u : x);
                for (c = 0; c < jb->nc; c++)
                    jb->dst[c] = (uint16_t)(op == WC_OP_UNICAST ? x : r->sq_list[c]);
            }
            for (s = 0; s < 2; s++)
                if (n->stage[s].job == r->sq_job)
                    n->stage[s].valid = 0;
            r->sq_i = 0;
            r->sq_st = SQ_INIT;
        }
        break;
    case SQ_INIT: {
        nic_job *jb = &n->job[r->sq_job];
        int fin;
        if (jb->type == WC_PT_MDATA) {
            for (c = 0; c < jb->nc; c++)
                jb->base[c] = n->gnext[jb->group];
            n->gnext[jb->group] = (uint16_t)(n->gnext[jb->group] + jb->npk);
            n->gbusy[jb->group] = 1;
            fin = 1;
        } else {
            unsigned p = jb->dst[r->sq_i];
            jb->base[r->sq_i] = n->unext[p];
            n->unext[p] = (uint16_t)(n->unext[p] + jb->npk);
            n->ubusy[p] = 1;
            fin = r->sq_i + 1 == jb->nc;
            r->sq_i++;
        }
        if (fin) {
            jb->valid = 1;
            r->sq_head++;
            if (r->sq_head == r->sq_tail)
                r->int_status |= 4;
            r->sq_st = SQ_IDLE;
        }
        break;
    }
    default:
        break;
    }

    /* transmit: ack flags, selection, hand-over, emitter, credits */
    if (sl.ack)
        n->ackpend[sl.ack_sid] = 0;
    if (rp.setpend >= 0)
        n->ackpend[rp.setpend] = 1;
    if (sl.ack)
        r->ack_ptr = (uint16_t)((sl.ack_sid + 1u) % (unsigned)(n->N + n->G));
    else if (sl.valid)
        r->job_ptr = (uint8_t)((sl.job + 1) % n->J);
    if (r->em.valid && r->cred > 0) {
        unsigned nfl = 1u + WC_NIC_HDR_FLITS + words_of(r->em.len);
        em_sent = 1;
        em_last = r->em.fk + 1u == nfl;
    }
    xfer = r->sel.valid && r->sel.ready && !r->em.valid;
    if (em_sent) {
        r->em.fk++;
        if (em_last) {
            r->em.valid = 0;
            r->tx_pkts++;
        }
    }
    if (xfer) {
        r->em = r->sel;
        r->em.fk = 0;
        r->sel.valid = 0;
    }
    if (sl.valid) {
        r->sel = sl.s;
        if (sl.s.fill) {
            nic_stage *st = &n->stage[sl.s.buf];
            st->valid = 1; st->job = sl.s.job; st->k = sl.s.k;
        }
    }
    r->cred = (uint16_t)(r->cred + (in->tx_credit ? 1 : 0) - em_sent);

    /* DMA master */
    if (dm.start) {
        r->dma_busy = 1;
        r->dma_cli = (uint8_t)dm.cli;
        r->dma_i = 0;
        r->dma_n = dm.nwords;
        r->dma_base = dm.base;
        r->dma_err = 0;
        r->dma_crc = 0;
        r->m_stb = 1; r->m_we = (uint8_t)dm.we; r->m_adr = dm.adr; r->m_dat = dm.dat; r->m_sel = (uint8_t)dm.sel;
        if (n->c.mutate != 1)
            r->dma_ptr = (uint8_t)((dm.cli + 1) % NCLI);
        switch (dm.cli) {
        case CLI_RXW:
            r->dma_wq = dm.wq;
            r->wq_rd = (uint16_t)((r->wq_rd + 1u) % (unsigned)n->S);
            r->wq_n--;
            break;
        case CLI_STAGE:
            r->dma_buf = r->sel.buf;
            r->dma_len = r->sel.len;
            r->sel.fill = 0;
            break;
        case CLI_SQ:
            r->sq_err = 0;
            break;
        case CLI_RQ:
            r->dma_buf = (uint8_t)((r->rqb_rd + r->rqb_n) & 1u);
            break;
        default:
            break;
        }
    }
    if (dm.word_done) {
        unsigned i = r->dma_i;
        r->dma_err |= (uint8_t)dm.err;
        switch (r->dma_cli) {
        case CLI_RQ:
            if (i == 0) r->rqb_addr[r->dma_buf] = dm.rdata;
            else r->rqb_cap[r->dma_buf] = dm.rdata;
            break;
        case CLI_STAGE: {
            uint32_t w = dm.rdata;
            if (i == r->dma_n - 1u)
                w = mask_bytes(w, r->dma_len - 4u * i);
            n->stbuf[r->dma_buf][i] = w;
            r->dma_crc = crc_word(r->dma_crc, w);
            break;
        }
        case CLI_SQ:
            if (r->sq_st == SQ_FETCH) r->sq_d[i] = dm.rdata;
            else r->sq_list[i] = dm.rdata;
            r->sq_err |= (uint8_t)dm.err;
            break;
        default:
            break;
        }
        if (dm.next) {
            r->dma_i++;
            r->m_we = (uint8_t)dm.we; r->m_adr = dm.adr; r->m_dat = dm.dat; r->m_sel = (uint8_t)dm.sel;
        }
    }
    if (dm.op_done) {
        int err = r->dma_err;       /* this word's error included above */
        r->dma_busy = 0;
        r->m_stb = 0;
        switch (r->dma_cli) {
        case CLI_CQ:
            r->cqf_rd = (uint8_t)((r->cqf_rd + 1u) % CQF);
            r->cqf_n--;
            r->cq_tail++;
            r->int_status |= 1;
            break;
        case CLI_RXW: {
            nic_ctx *x = &n->ctx[r->dma_wq.ctx];
            if (r->dma_wq.last) {
                x->valid = 0;
                if (r->dma_wq.fj != NONE) {
                    nic_job *f = &n->job[r->dma_wq.fj];
                    f->hostdone = 1;
                    if (x->err || err)
                        f->status = WC_NIC_ST_BUSERR;
                } else {
                    r->cq_tail++;
                    r->int_status |= 1;
                }
            } else if (err) {
                x->err = 1;
            }
            break;
        }
        case CLI_RQ:
            r->rqb_n++;
            r->rq_head++;
            break;
        case CLI_STAGE: {
            nic_stage *st = &n->stage[r->dma_buf];
            st->crcp = r->dma_crc;
            r->sel.ready = 1;
            if (err)
                n->job[r->sel.job].status = WC_NIC_ST_BUSERR;
            break;
        }
        case CLI_SQ:
            r->sq_st = r->sq_st == SQ_FETCH ? SQ_CHECK : SQ_LCHK;
            break;
        default:
            break;
        }
    }

    if (rp.take_rqb) {
        r->rqb_rd ^= 1u;
        r->rqb_n--;
    }

    /* slots in use and the peak */
    if (reclaim_any) {
        unsigned u = 0;
        for (s = 0; s < n->S; s++)
            u += n->slot[s].used;
        r->slots_used = (uint16_t)u;
        if (u > r->peak)
            r->peak = u;
    }

    /* the register slave last: a host write wins over this cycle's counts */
    r->s_ack = (uint8_t)go;
    r->s_dat = rdat;
    if (wr)
        soft = reg_write(n, wa, in->s_dat);
    r->now = now + 1u;
    if (soft)
        reset_core(n);
}

void wc_nic_dump(const wc_nic *n, FILE *f)
{
    static const char *const sqs[] = { "idle", "fetch", "check", "list", "lchk", "err", "wait", "init" };
    const nic_regs *r = &n->r;
    int j, c;
    fprintf(f, "    NIC %u: sq %s (job %u, descriptor op %u dst %u) sel %s em %s (flit %u to %u) credits %u dma %s "
            "rqb %u wq %u cqf %u\n",
            n->self, sqs[r->sq_st], r->sq_job, (unsigned)WC_GET(r->sq_d[0], SD0_OP), (unsigned)WC_GET(r->sq_d[2], SD2_DST),
            !r->sel.valid ? "-" : r->sel.ack ? "ack" : r->sel.ready ? "ready" : "filling",
            r->em.valid ? "busy" : "-", r->em.fk, r->em.dst, r->cred, r->dma_busy ? "busy" : "-", r->rqb_n, r->wq_n,
            r->cqf_n);
    if (r->dma_busy)
        fprintf(f, "      dma client %u word %u/%u at 0x%x\n", r->dma_cli, r->dma_i, r->dma_n, r->m_adr);
    for (j = 0; j < n->J; j++) {
        const nic_job *jb = &n->job[j];
        if (!jb->valid)
            continue;
        fprintf(f, "      job %d %s %s group %u src %u npk %u avail %u%s:", j, jb->fwd ? "fwd" : "send",
                jb->type == WC_PT_MDATA ? "multicast" : "unicast", jb->group, jb->src, jb->npk, jb->avail,
                jb->fwd && !jb->hostdone ? " (host write pending)" : "");
        for (c = 0; c < jb->nc; c++)
            fprintf(f, " %u:%u/%u", jb->dst[c], jb->sent[c], jb->acked[c]);
        fprintf(f, "\n");
    }
    for (j = 0; j < n->c.nctx; j++)
        if (n->ctx[j].valid)
            fprintf(f, "      ctx %d stream %u src %u group %u %u/%u bytes%s\n", j, n->ctx[j].sid, n->ctx[j].src,
                    n->ctx[j].group, n->ctx[j].next_off, n->ctx[j].msglen, n->ctx[j].closing ? " (closing)" : "");
}

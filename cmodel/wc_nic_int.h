/* SPDX-License-Identifier: Apache-2.0 */
/* Inside the NIC model (cmodel/wc_nic*.c; the API is wc_nic.h): the state
 * of each unit, the decisions the units hand each other in a cycle, and
 * the units' functions.  One C file per RTL module of rtl/nic/, named as
 * it is: wc_nic_rxa.c models wc_nic_rxa.v, and so on; wc_nic.c is the top,
 * the wiring and the apply order.
 *
 * A cycle is two steps, as in the RTL.  nic_<unit>_decide() reads
 * registered state and this cycle's inputs (and other units' decisions,
 * as wires) and fills the unit's decision: combinational logic.  Then
 * nic_<unit>_commit() writes that unit's next state, and only its own:
 * where several units change one unit's state in a cycle, that unit's
 * commit applies their decisions in a fixed order, named at each commit
 * and in docs/nic-uarch.md (the RTL module applies them in the same
 * order).  A commit that reads another unit's state reads it before that
 * unit commits: wc_nic_commit() calls them in that order.
 *
 * The Verilog names the same state: nic_rxa_q is wc_nic_rxa's *_q
 * registers, and so on.  No globals: everything hangs off the handle. */
#ifndef WC_NIC_INT_H
#define WC_NIC_INT_H
#include <stdint.h>
#include "wc_nic.h"
#include "wc_nic_pkt.h"
#include "wc_nic_group.h"
#include "wc_nic_rel.h"

#define MAXC   WC_NIC_MAX_CHILDREN
#define MAXPW  (WC_NIC_PAYLOAD / 4)          /* payload words per packet */
#define MAXJ   16
#define MAXCTX 16
/* the host-visible 32-bit counters (wc_nic_regs: its counter memory), in
 * the order of their NICR_* words */
#define NIC_NCNT WC_NIC_COUNTERS
#define NONE   0xFFFFu
#define CQF    4                              /* completion FIFO entries */
#define NCLI   5                              /* DMA clients */

enum { CLI_CQ, CLI_RXW, CLI_RQ, CLI_STAGE, CLI_SQ };
/* event status of a data packet that found no slot: not a host-visible
 * code (it is counted in NICR_ERR_NOBUF) */
#define ST_NOSLOT 0x80
enum { SQ_IDLE, SQ_FETCH, SQ_CHECK, SQ_LIST, SQ_LCHK, SQ_ERR, SQ_WAIT, SQ_INIT };

/* ---- state ----------------------------------------------------------- */

/* A job (wc_nic_jtab): its registers, the destination row (wc_nic_jrel's
 * row memory, written whole when the job starts) and its children's
 * entries in the child table (wc_nic_jrel's block RAM, written one entry
 * a cycle by the pipeline; stale until each child's INIT).  The
 * candidate is wc_nic_jsel's: the child the job sends to next. */
typedef struct {
    uint8_t valid, fwd, type, nc, fc, status;
    uint8_t hostdone;               /* forwarding: the whole message is in host memory */
    uint8_t live;                   /* every child initialised: the pipeline may touch the job */
    uint8_t old;                    /* forwarding: the oldest live job of its group (a send job: 1) */
    uint8_t hs, succ;               /* forwarding: the next job of its group exists, and its index */
    uint8_t ndone;                  /* children with every packet acknowledged */
    uint8_t need;                   /* wc_nic_jsel: a pass over the children is due */
    uint32_t rdy;                   /* wc_nic_jsel: the ready set, a bit a child */
    uint8_t creq;                   /* ... its level: REQs, */
    uint16_t ck;                    /* ... or data at this many packets sent (FPFS) */
    uint8_t cv, cc;                 /* ... the candidate: the set not empty, its lowest child */
    uint16_t tag, group, src, msglen, npk, avail;
    uint32_t addr;                  /* host address of packet 0's payload */
    uint16_t dst[MAXC];
    wc_nic_rel_child ch[MAXC];      /* per child: base, sent, acked, deadline */
} nic_job;

typedef struct {
    uint8_t used, dma, fwd, fj;
    uint8_t need;                   /* forwarding: children still to be sent the packet a first time */
    uint16_t k;
    uint32_t crcp;                  /* CRC of the payload words */
} nic_slot;

typedef struct {
    uint8_t valid, closing, err;
    uint8_t fresh;                  /* granted, no data yet: the GRANT is repeated at gdl */
    uint16_t sid, msglen, next_off, src, group;
    uint32_t addr, gdl;
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

/* wc_nic_regs: the slave's answer, control, rings, the group table's
 * staging registers, counters.  Its tables (group table, streams) are in
 * struct wc_nic. */
typedef struct {
    uint8_t s_ack;
    uint32_t s_dat;
    uint8_t en, mode, int_status, int_enable;
    uint32_t timeout, now;
    uint32_t sq_base, rq_base, cq_base;
    uint16_t sq_size, rq_size, cq_size;
    uint16_t sq_tail, sq_head, rq_tail, rq_head, cq_head, cq_tail;
    uint16_t gt_sel, gt_parent, gt_child[MAXC];
    uint8_t gt_result;
    /* a group commit checking its children, one step a cycle: the steps
     * left (the bus takes no request while nonzero) and its count */
    uint8_t gtc, gtc_n;
    uint32_t peak;
    uint16_t slots_used;
    /* the host-visible 32-bit counters (NIC_CNT_*): a counter memory read
     * a cycle ahead (cnt, its read register crd, and a zero flag per
     * counter: reset and a host clear set it, the memory reads 0 under
     * it), a pending amount per counter that the units' events add to,
     * and a scheduler that moves one counter's pending amount into the
     * memory a cycle (round robin from cptr; cinf: the one in flight,
     * written at the next edge).  A host read of a counter takes the
     * read port for a cycle (cw: its answer is due, cw_z/cw_sat/cw_pend
     * what goes with the word read). */
    uint32_t cnt[NIC_NCNT], cpend[NIC_NCNT], crd, cinf_amt, cw_pend;
    uint16_t cz;
    uint8_t cinf_v, cinf_k, cptr, cw, cw_z, cw_sat;
} nic_regs_q;

/* wc_nic_rxa: the packet being assembled, and the event register (a
 * checked packet waiting for the receive processor) */
typedef struct {
    uint8_t act, k, padbad, credit;
    uint16_t slot;
    uint32_t h, h0, h1, h2, h3, crc;
    uint8_t ev_valid, ev_status, ev_type;
    uint16_t ev_slot, ev_src, ev_group, ev_seq, ev_off, ev_len, ev_msglen;
} nic_rxa_q;

/* wc_nic_rxp: receive contexts; receive buffers prefetched from the ring,
 * a 2-entry FIFO, so the next message finds one while the DMA fetches the
 * one after; the write queue's indices (its entries: wc_nic.wq) */
typedef struct {
    nic_ctx ctx[MAXCTX];
    uint8_t rqb_n, rqb_rd;
    uint32_t rqb_addr[2], rqb_cap[2];
    uint16_t wq_rd, wq_n;
    uint16_t scan;                  /* the waiting stream the grant scanner visits */
    uint8_t cscan;                  /* the context the repeat scanner visits */
    uint16_t nwait;                 /* streams waiting for admission */
    /* mutation 21 only (lockstep self-check): the waiting stream the last
     * edge wrote, with its length and source as they were before */
    uint8_t mut_wv;
    uint16_t mut_wsid, mut_wlen, mut_wsrc;
} nic_rxp_q;

/* The job unit's pipeline (wc_nic_jrel): one operation a cycle on one
 * (job, child) entry of the child table.  Stage A chooses it and reads
 * the entry; stage B (this register) computes and writes the entry's
 * new state and tells the other pieces what happened. */
enum {
    JOP_ACK = WC_NIC_JOP_ACK, JOP_SEL = WC_NIC_JOP_SEL, JOP_DONE = WC_NIC_JOP_DONE,
    JOP_INIT = WC_NIC_JOP_INIT, JOP_FIND = WC_NIC_JOP_FIND, JOP_TMO = WC_NIC_JOP_TMO
};
typedef struct {
    uint8_t v, op, j, c;
    uint8_t req;                    /* SEL: the candidate was a REQ */
    uint8_t kind;                   /* ACK: NIC_PEND_* */
    uint8_t pid;                    /* FIND: the pass it belongs to */
    uint16_t grp, from, seq;        /* ACK */
    uint16_t base;                  /* INIT: the child's stream base */
} nic_jop;

/* the acknowledgement matcher (wc_nic_jrel): the entry an ack names,
 * read in the cycle it arrives (a unicast stream's from the owner table,
 * a group's child from the row of the group's job) */
typedef struct {
    uint8_t v, cv, j, c, kind;
    uint16_t grp, from, seq;
} nic_jack;
/* the owner table's entry of a unicast stream: its send job and child */
typedef struct { uint8_t j, c; } nic_uown;

/* The job unit: job table (wc_nic_jtab), child table and pipeline
 * (wc_nic_jrel), selection (wc_nic_jsel), adaptive timeout
 * (wc_nic_jrto). */
typedef struct {
    nic_job job[MAXJ];
    /* wc_nic_jrel */
    nic_jop b;                      /* the operation in stage B */
    nic_jack m;                     /* the acknowledgement matcher */
    uint16_t scan;                  /* the timeout scanner's (job, child) */
    uint8_t ft;                     /* a FIND and a timeout both ask: 1 = the timeout goes first */
    /* wc_nic_jtab: the forwarding job's INIT sequencer */
    uint8_t fi_v, fi_j, fi_c;
    uint16_t fi_base;
    /* wc_nic_jsel */
    uint8_t job_ptr;
    uint8_t last_ack;               /* the last packet chosen was an ack */
    uint8_t pe_v, pe_j, pe_pid, pe_pi, pe_pb, pe_ptr;   /* the pass engine */
    uint32_t pq;                    /* the pass's ready set so far */
    uint8_t rb_req;                 /* ... its level */
    uint16_t rb_k;
    nic_send prep;                  /* the next job packet, for the selection register */
    uint8_t prep_first;             /* ... its child's first copy of it */
    /* wc_nic_jrto: the adaptive timeout (docs/nic-flow.md): one
     * round-trip probe at a time, packet pr_k of job pr_j's child pr_c
     * sent at pr_t0; pk the peak round trip, decaying */
    uint8_t pr_v, pr_j, pr_c;
    uint16_t pr_k;
    uint32_t pr_t0, pk;
    /* mutations 12 and 13 only (lockstep self-check): the entry the last
     * stage B wrote, as it was before; the matcher's ack kept a cycle */
    wc_nic_rel_child mut_old;
    uint8_t mut_v, mut_j, mut_c, mut_dbl;
} nic_jobs_q;

/* wc_nic_tx: selection register, emitter, credits, staging buffers' tags
 * (their words: wc_nic.stbuf) */
typedef struct {
    nic_send sel, em;
    uint16_t cred;
    nic_stage stage[2];
} nic_tx_q;

/* wc_nic_dma: the master, the op in progress, the completion FIFO */
typedef struct {
    uint8_t busy, cli, ptr, err, stb, we, sel, buf;
    uint16_t i, n, len;
    uint32_t adr, dat, base, crc;
    nic_wq wq;                      /* the rx write being done */
    uint8_t cqf_n, cqf_rd;
    uint32_t cqf[CQF][4];
} nic_dma_q;

/* wc_nic_sq: state, the job it fills, the descriptor and a multisend's list */
typedef struct {
    uint8_t st, job, status, err, i;
    uint32_t d[4];
    uint32_t list[MAXC];
} nic_sq_q;

struct wc_nic {
    wc_nic_cfg c;
    unsigned self;
    int N, G, J, S;                 /* nodes, groups, jobs, slots */
    int PW;                         /* payload words */
    nic_regs_q regs;
    wc_nic_gtab gt;                 /* wc_nic_regs: group table */
    uint16_t *uexp, *unext, *gexp, *gnext;  /* wc_nic_regs: stream tables */
    uint8_t *ubusy, *gbusy;
    uint8_t *ackpend;               /* wc_nic_regs: [N + G] pending control packet, NIC_PEND_* or 0 */
    uint16_t *ackq;                 /* wc_nic_regs: [N + G] the queue of pending streams, a ring */
    unsigned ackq_head, ackq_n;     /* ... its head entry and length */
    uint8_t *waitv;                 /* wc_nic_rxp: [N + G] the stream waits for admission */
    uint8_t *nakd;                  /* wc_nic_rxp: [N + G] a NAK was asked for the stream's expect */
    uint16_t *wait_len, *wait_src;  /* wc_nic_rxp: [N + G] its message's length and source */
    nic_rxa_q rxa;
    nic_rxp_q rxp;
    nic_wq *wq;                     /* wc_nic_rxp: write queue, a ring of [S] */
    nic_slot *slot;                 /* wc_nic_slots: [S] */
    uint32_t *sbuf;                 /* wc_nic_slots: [S][PW] payload */
    nic_jobs_q jobs;
    nic_uown *uown;                 /* wc_nic_jrel: [N] the send job and child a unicast stream's last INIT gave */
    nic_tx_q tx;
    uint32_t stbuf[2][MAXPW];       /* wc_nic_tx: staging buffers */
    nic_dma_q dma;
    nic_sq_q sq;
};

/* ---- decisions: what each unit does this cycle ------------------------ */

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
} nic_rxa_dec;

/* Receive processor: what the event register's packet does. */
typedef struct {
    int active;
    int free_slot;                  /* slot to release, -1 none */
    int cnt;                        /* counter to bump: WC_NICR_* or -1 */
    int rxpkt;
    int ack_valid;                  /* ack bus to the jobs */
    unsigned ack_grp, ack_from, ack_seq;
    unsigned ack_kind;              /* NIC_PEND_ACK, _WAIT or _GRANT */
    int accept;                     /* a data packet is taken: sid, ctx_i, fj */
    unsigned sid;
    int setpend, pkind;             /* stream whose control packet becomes pending (-1 none), and its kind */
    int setpend2;                   /* the scanner's grant: stream (-1 none), kind NIC_PEND_GRANT */
    int regrant;                    /* the repeat scanner's context repeats its GRANT (-1 none) */
    unsigned regrant_sid;           /* to that context's stream */
    int ctx_i, fj;                  /* the accepted packet's context and forwarding job (-1 none) */
    /* admission this cycle (a REQ, a data packet 0 without one, or the
     * scanner): the reservation of context gr_ctx, the buffer, and
     * forwarding job nfj if new_fj */
    int grant, gr_ctx;
    unsigned gr_sid, gr_src, gr_group, gr_len, gr_seq;
    int new_fj, nfj;
    int wait_set;                   /* stream w_sid starts waiting for a message of w_len bytes from w_src */
    unsigned w_sid, w_len, w_src;
    int wait_clr;                   /* the scanner's stream stops waiting (-1 none) */
    int scan_step;                  /* the scanner visited its stream: the pointer moves on */
    int nak;                        /* the NAK of stream setpend is asked (nakd set) */
    int take_rqb;                   /* the prefetched buffer is consumed */
    int toobig;                     /* return the buffer with TOOBIG */
    int wq_push;
    int tag_slot;                   /* slot tagged for forwarding */
    /* the event's packet, for the units that take it (accept, toobig) */
    uint16_t slot, src, group, seq, off, len, msglen, tag_k;
    int last;                       /* the message's last packet */
    uint32_t addr;                  /* the prefetched buffer's address */
    uint32_t cd[4];                 /* toobig: the completion */
} nic_rxp_dec;

/* Transmit selection (wc_nic_jsel): the next packet or ack. */
typedef struct {
    int valid;
    int job, child;
    unsigned k;
    int req;                        /* the job's packet is the child's REQ */
    int ack;                        /* a stream's control packet (ACK, WAIT, GRANT) */
    unsigned ack_sid;
    int first;                      /* a data packet its child is sent a first time (from_slot: the slot's count) */
    nic_send s;
} nic_sel_dec;

/* a child's claim to be sent next (wc_nic_jsel): a REQ due, or data
 * with k packets sent; none if !v */
typedef struct { int v, req; unsigned c, k; } nic_jkey;

/* The job unit's cycle: stage A's choice, stage B's outcome. */
typedef struct {
    /* stage A: the operation registered into stage B at the edge */
    nic_jop a;
    int sq_gnt;                     /* the send-queue unit's INIT step is taken */
    int fi_gnt;                     /* the forwarding job's INIT step is taken */
    int find_gnt, tmo_gnt;          /* the pass engine's FIND, the scanner's visit is taken */
    int scan_step;                  /* the scanner moves on */
    int ft_flip;                    /* a FIND and a visit both asked: the other goes first next time */
    int sel_gnt;                    /* a candidate goes to stage B (job_ptr moves on) */
    /* stage B: the operation applies (a live child, a matching ack, a
     * late child, a candidate still due, a finished job with room) */
    int ok;
    wc_nic_rel_child e;             /* the child's entry after it (ok, and not DONE or FIND) */
    nic_jkey key;                   /* the child's claim after it (ACK, TMO, FIND, a data SEL) */
    int full;                       /* ACK: the child has every packet acknowledged now */
    int tmo, scan_j, scan_c;        /* TMO: the child timed out */
    uint32_t tmo_amt;               /* packets it rewinds */
    uint32_t nak_amt;               /* packets a NAK rewinds */
    int nak_pr;                     /* the NAK rewinds the probe's child */
    int sample;                     /* the ack covers the probe's packet: a round trip */
    int probe;                      /* SEL: a first-time data packet starts a probe */
    int first;                      /* SEL: the child's first copy of the packet */
    nic_send pkt;                   /* SEL: the packet for the prep register */
    int pe_start;                   /* the pass engine's next job, -1 none */
    int push;                       /* DONE: the job leaves through the completion FIFO, -1 none */
    uint32_t cd[4];                 /* its completion */
    /* a send job's streams it releases: group (rel_group) or nodes */
    int rel_group;
    unsigned rel_n;
    uint16_t rel_dst[MAXC];
} nic_jobs_dec;

/* Send-queue unit. */
typedef struct {
    int job;                        /* the send job it fills (its register) */
    int next;                       /* IDLE: the free send job it takes, -1 none */
    unsigned status;                /* CHECK, LCHK: the descriptor's status */
    int create;                     /* WAIT: the streams are free: job nj starts */
    nic_job nj;
    int init;                       /* INIT: a stream takes its sequence numbers */
    int init_grp;                   /* the group's stream (a multicast), else node init_id's */
    unsigned init_id, init_c;       /* group or node; child index (unicast) */
    uint16_t base, npk;
    int fin;                        /* the job is complete and goes live */
    int err;                        /* ERR: a completion waits for the FIFO */
    uint32_t cd[4];
} nic_sq_dec;

/* Transmitter. */
typedef struct {
    int em_sent, em_last;           /* the emitter sends a flit, the tail */
    int xfer;                       /* sel hands its packet to the emitter */
} nic_tx_dec;

/* DMA master; start and the word/op fields are exclusive (busy or not). */
typedef struct {
    int start, cli;                 /* an op starts (arbiter) / the client of the op */
    int word_done, op_done, err;
    uint32_t rdata;                 /* read data of the finished word */
    int next;                       /* present the next word */
    uint32_t adr, dat;
    unsigned sel, we;
    uint16_t nwords;
    uint32_t base;
    nic_wq wq;                      /* rx write: entry latched at start, or the op's */
    unsigned idx;                   /* the finished word's index */
    unsigned buf;                   /* stage or rq buffer of the op (at start: the new one) */
    uint16_t len;                   /* start, stage: bytes */
    uint32_t sword, scrc;           /* stage: the masked word, the CRC with it */
    int op_err;                     /* op_done: a word of the op had ERR */
    int rxw_err;                    /* op_done, rx write: the message had an error */
    unsigned stage_job;             /* op_done, stage: the job it filled for */
} nic_dma_dec;

/* Register slave: go (a request taken), wr (a write), wa (its word);
 * ack/rdat: the answer registered at this edge (a counter read's one
 * cycle later: crd, its pending amount, saturated); cget: the request is
 * a counter read (ck: NIC_CNT_*), which takes the counter memory's read
 * port; pick: the scheduler's counter this cycle (or -1). */
typedef struct {
    int go, wr, ack, cget, pick;
    unsigned wa, ck;
    uint32_t rdat;
} nic_regs_dec;

typedef struct {
    nic_sel_dec sel;
    nic_rxa_dec ra;
    nic_rxp_dec rp;
    nic_jobs_dec jobs;
    nic_sq_dec sq;
    nic_tx_dec tx;
    nic_dma_dec dma;
    nic_regs_dec regs;
    int sq_push;                    /* the send queue unit's completion goes in */
    const uint32_t *cq;             /* the completion FIFO's entry this cycle, or NULL */
} nic_dec;

/* ---- combinational helpers ------------------------------------------- */

static inline unsigned nic_words_of(unsigned len) { return (len + 3u) / 4u; }

/* byte lanes of the last word of len bytes */
static inline unsigned nic_last_sel(unsigned len) { return (len & 3u) ? (1u << (len & 3u)) - 1u : 0xFu; }

static inline uint32_t nic_mask_bytes(uint32_t w, unsigned len_in_word)
{
    return len_in_word >= 4 ? w : w & ((1u << (8u * len_in_word)) - 1u);
}

static inline unsigned nic_npk_of(const wc_nic *n, unsigned msglen)
{
    return (msglen + (unsigned)n->c.payload - 1u) / (unsigned)n->c.payload;
}

/* The retransmission timeout now (wc_nic_jobs): eight times the peak
 * round trip, clamped to [NIC_RTO_MIN, NICR_TIMEOUT] (docs/nic-flow.md:
 * why not TCP's srtt + 4 rttvar). */
static inline uint32_t nic_rto(const wc_nic *n)
{
    uint32_t T = n->regs.timeout, r = n->jobs.pk << 3;
    if (r < WC_NIC_RTO_MIN)
        r = WC_NIC_RTO_MIN;
    return r < T ? r : T;
}

/* Completion entries (docs/nic.md): a received message's, a send's. */
static inline void nic_cd_recv(uint32_t *cd, unsigned status, unsigned src, unsigned group, uint32_t addr,
                               unsigned msglen)
{
    cd[0] = WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, status), CD0_KIND, WC_CK_RECV), CD0_VALID, 1u);
    cd[1] = WC_SET(WC_SET(0u, CD1_SRC, src), CD1_GROUP, group);
    cd[2] = addr;
    cd[3] = WC_SET(0u, CD3_LEN, msglen);
}

static inline void nic_cd_send(uint32_t *cd, unsigned status, unsigned tag, uint32_t addr, unsigned msglen)
{
    cd[0] = WC_SET(WC_SET(WC_SET(WC_SET(0u, CD0_STATUS, status), CD0_KIND, WC_CK_SEND), CD0_TAG, tag),
                   CD0_VALID, 1u);
    cd[1] = 0u;
    cd[2] = addr;
    cd[3] = WC_SET(0u, CD3_LEN, msglen);
}

/* The selection or the emitter reads buffer b: a slot (from_slot) or a
 * staging buffer.  Neither is reclaimed, evicted or refilled meanwhile. */
static inline int nic_tx_reads(const nic_tx_q *t, int from_slot, int b)
{
    return (t->sel.valid && !t->sel.ack && t->sel.from_slot == from_slot && t->sel.buf == b) ||
           (t->em.valid && !t->em.ack && t->em.from_slot == from_slot && t->em.buf == b);
}

/* ---- the units ------------------------------------------------------- */

/* wc_nic_crc.c */
uint32_t nic_crc_word(uint32_t crc, uint32_t w);

/* wc_nic_regs.c */
uint32_t nic_regs_read(const wc_nic *n, unsigned a);
void nic_regs_out(const wc_nic *n, wc_nic_out *o);
void nic_regs_decide(const wc_nic *n, const wc_nic_in *in, nic_regs_dec *d);
/* slots_used: the slots in use after this edge, -1 if unchanged.
 * Returns nonzero for a soft reset. */
int nic_regs_commit(wc_nic *n, const wc_nic_in *in, const nic_dec *d, int slots_used);
/* The queue of pending acks (wc_nic_regs.c): the stream offered to the
 * selection (its head; -1 if none), the selection taking it, and a set
 * port setting a stream's kind (merged as the rules say; ovr: it replaces
 * any), the stream joining the queue if it was not pending. */
int nic_regs_ack_head(const wc_nic *n);
void nic_regs_ack_take(wc_nic *n, unsigned sid);
void nic_regs_ack_set(wc_nic *n, unsigned sid, unsigned kind, int ovr);

/* wc_nic_rxa.c */
void nic_rxa_out(const wc_nic *n, wc_nic_out *o);
/* sel_slot: the slot the transmit selection picks this cycle, or -1 */
void nic_rxa_decide(const wc_nic *n, const wc_nic_in *in, int sel_slot, nic_rxa_dec *d);
void nic_rxa_commit(wc_nic *n, const wc_nic_in *in, const nic_dec *d);

/* wc_nic_slots.c */
int nic_slots_free(const wc_nic *n);
int nic_slots_evictable(const wc_nic *n, int sel_slot);
/* Returns the slots in use after the edge, or -1 if none changed hands. */
int nic_slots_commit(wc_nic *n, const nic_dec *d);

/* wc_nic_rxp.c; nic_rxp_wq_half(): half the slots or more wait in the
 * write queue (the DMA serves them first) */
static inline int nic_rxp_wq_half(const wc_nic *n) { return n->rxp.wq_n * 2u >= (unsigned)n->S; }
void nic_rxp_decide(const wc_nic *n, nic_rxp_dec *d);
void nic_rxp_commit(wc_nic *n, const nic_dec *d);

/* The job unit: wc_nic_jobs.c wires its four pieces; each is one RTL
 * module of the same name. */
/* wc_nic_jsel.c: the selection register's next packet (an ack, or the
 * prep register's job packet) */
void nic_jobs_select(const wc_nic *n, nic_sel_dec *d);
/* cq_room: the completion FIFO has room; the send-queue unit has decided */
void nic_jobs_decide(const wc_nic *n, const nic_dec *dd, int cq_room, nic_jobs_dec *d);
void nic_jobs_commit(wc_nic *n, const nic_dec *d);
/* wc_nic_jrel.c: the child table's pipeline; nic_jrel_entry() is the
 * entry stage B reads */
wc_nic_rel_child nic_jrel_entry(const wc_nic *n);
void nic_jrel_stage_a(const wc_nic *n, const nic_dec *dd, int cq_room, nic_jobs_dec *d);
void nic_jrel_stage_b(const wc_nic *n, nic_jobs_dec *d);
void nic_jrel_commit(wc_nic *n, const nic_dec *d);
/* wc_nic_jsel.c */
int nic_jsel_eligible(const wc_nic *n, const nic_job *jb, const wc_nic_rel_child *e, unsigned c);
int nic_jsel_allowed(const wc_nic *n, const nic_job *jb, unsigned c);
nic_jkey nic_jsel_key(const wc_nic *n, const nic_job *jb, const wc_nic_rel_child *e, unsigned c);
int nic_jsel_request(const wc_nic *n, int *job);
void nic_jsel_stage_b(const wc_nic *n, nic_jobs_dec *d);
int nic_jsel_next_pass(const wc_nic *n, int push);
/* chg: jobs whose every child's claim moved this cycle (nic_jtab_commit) */
void nic_jsel_commit(wc_nic *n, const nic_dec *d, unsigned chg, unsigned live0);
/* wc_nic_jtab.c */
int nic_jtab_done(const wc_nic *n, int j);
int nic_jtab_request(const wc_nic *n, int cq_room);
void nic_jtab_stage_b(const wc_nic *n, const nic_dec *dd, int cq_room, nic_jobs_dec *d);
/* returns chg (nic_jsel_commit) */
unsigned nic_jtab_commit(wc_nic *n, const nic_dec *d);
/* wc_nic_jrto.c */
void nic_jrto_commit(wc_nic *n, const nic_dec *d);

/* wc_nic_tx.c */
void nic_tx_out(const wc_nic *n, wc_nic_out *o);
void nic_tx_decide(const wc_nic *n, nic_tx_dec *d);
void nic_tx_commit(wc_nic *n, const wc_nic_in *in, const nic_dec *d);

/* wc_nic_dma.c */
void nic_dma_out(const wc_nic *n, wc_nic_out *o);
void nic_dma_decide(const wc_nic *n, const wc_nic_in *in, nic_dma_dec *d);
void nic_dma_commit(wc_nic *n, const nic_dec *d);

/* wc_nic_sq.c */
/* newfj: the receive processor starts a forwarding job in this cycle */
void nic_sq_decide(const wc_nic *n, int newfj, nic_sq_dec *d);
void nic_sq_commit(wc_nic *n, const nic_dec *d);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Inside wormcast msg (wc_msg.h), shared by its parts:
 *   wc_msg.c          options, set-up, the cycle loop over the system
 *                     instances (wc_engine.h), the result;
 *   wc_msg_host.c     the host model: memory, register bus, driver rings,
 *                     completions, host-based forwarding;
 *   wc_msg_traffic.c  groups and what the hosts post;
 *   wc_msg_report.c   names, the verdict, the stall report.
 * Delivery is checked by the scoreboard (wc_score.h), lockstep by
 * wc_lockstep.h. */
#ifndef WC_MSG_INT_H
#define WC_MSG_INT_H
#include <stdint.h>
#include "wc_msg.h"
#include "wc_engine.h"
#include "wc_score.h"
#include "wc_fault.h"
#include "wc_nic_drv.h"
#include "wc_rng.h"
#include "wc_defs.h"
#include "wc_err.h"

/* Host memory layout and driver sizes.  SQ_SIZE covers the largest
 * --outstanding (48) plus one forward per receive buffer (host mode);
 * CQ_SIZE covers every completion that can be pending at once (sends,
 * forwards and one receive per buffer), so the ring never fills. */
enum { SQ_SIZE = 64, CQ_SIZE = 256, RQ_SIZE = 16, NRBUF = RQ_SIZE, LIST_BYTES = 4 * WC_NIC_MAX_DESTS,
       CQ_BATCH = 4, FWD_TAG = 0x800, BUS_TIMEOUT = 1000, MAX_OUTSTANDING = SQ_SIZE - NRBUF };
enum { K_UNI, K_MS, K_MC };

/* One system instance and what surrounds it in this front end: the host
 * memories its NICs' DMA reaches and the fault injectors on its injection
 * links (per instance, so each instance's NICs write their own memory;
 * host writes go to all of them). */
typedef struct {
    wc_engine *e;
    wc_fault *flt;          /* [N] injection-link fault injectors */
    uint8_t **mem;          /* [N] host memories */
    long mem_size;
    int *mwait;             /* [N] cycles the current DMA request has waited */
    wc_nic_in *in;          /* [N] this cycle's NIC inputs */
    long stray;             /* flits absorbed by routers (no receiver here) */
    unsigned long long dma_reads, dma_writes;
} msg_inst;

typedef struct { uint8_t reg, we, check; uint32_t val; } busop;
typedef struct { int buf; unsigned gid, src, len; } fwdreq;

typedef struct msim msim;
typedef struct {
    msim *s;
    int node;
    wc_nic_drv drv;
    busop *q; int qh, qn, qcap;     /* register accesses; q[qh] in flight when busy */
    int busy;
    long issued, next_ok;
    long *slot_msg;                 /* [outstanding] message of each send slot, -1 free */
    int *free_slot, nfree;
    int inflight;                   /* own messages posted, CK_SEND not consumed */
    int fwd_inflight;
    uint8_t rheld[NRBUF];           /* 0 posted to the NIC, 1 held by the host for a forward */
    int repost[NRBUF], nrepost;
    fwdreq fq[NRBUF]; int nfq;
    long cq_stamp[CQ_SIZE];         /* cycle each pending completion appeared */
    unsigned cq_seen;
    int *groots, ngroots;           /* groups rooted here */
    /* host mode: streams (peers, groups rooted here) one of this host's
     * own sends is using, and each send slot's streams */
    uint8_t *peer_busy, *group_busy;
    int *slot_streams;              /* [outstanding][WC_NIC_MAX_DESTS + 1]: peers, or -1 - gid; -2 ends */
    unsigned kinds;                 /* 1 << K_* this node can post */
} host;

typedef struct {
    int gid, root, n;               /* members, n >= 2: mem[0] the root, then destinations ascending */
    int *mem, *par;                 /* par[i]: parent of mem[i], -1 at the root */
    int *from, *to, ne;             /* tree edges, each node's in send order */
} group;

/* A message; what it still owes its receivers is the scoreboard's.
 * Records live in a pool (msim.m) and are found by slot, which is the
 * scoreboard's item; seq numbers the messages of the run (their
 * contents, msg_word).  hold counts who still needs the record: its
 * sender until the send completes, the scoreboard until it hands the
 * item back (wc_score_recycle). */
typedef struct {
    long seq;
    int src, kind, len, gid;
    long posted;
    int nextf;                      /* next free slot while free */
    uint8_t hold, scored;           /* scored: the scoreboard still has it */
} msgrec;

struct msim {
    const wc_topo *t;
    const wc_msg_opts *o;
    wc_msg_result *res;
    int N, R, P;
    msg_inst *I[2];
    int ni;
    host *h;
    int *nr, *np;                   /* node -> router, port */
    wc_rng rng;
    group *g[WC_NIC_GROUPS];
    msgrec *m; long nm, mcap;       /* slots in use or freed, allocated */
    long nseq;                      /* messages numbered so far */
    long mfree;                     /* free slots, chained by nextf; -1 none */
    wc_score *sb;
    wc_lat lat;
    long sends_pending;
    long cyc, last_progress;
    int started, rr;
    uint32_t sq_base, cq_base, rq_base, list_base, sbuf_base, rbuf_base, bufsz;
    wc_nic_in *bus;                 /* [N] step 1's register-bus inputs */
    long once_at;                   /* --once: the cycle the root posted, -1 before */
    long *join_at, *done_at;        /* --once multicast: [N] joined, last completion taken (-1) */
    int *scratch;                   /* [N] */
};

/* wc_msg_host.c */
int msg_host_init(msim *s, host *h, char *err, int errlen);   /* h->node and h->groots set */
void msg_host_free(host *h);
int msg_hosts_install(msim *s, char *err, int errlen);       /* groups, enable, receive buffers */
void msg_bus_drive(msim *s, host *h, wc_nic_in *in);
void msg_bus_observe(msim *s, host *h, const wc_nic_out *o);
void msg_host_poll(msim *s, host *h);
/* host mode: take (busy 1) or release (busy -1) the streams of a send slot */
void msg_take_streams(host *h, int slot, const int *peers, int np, int gid, int busy);
void msg_mem_wr32(msim *s, int node, uint32_t a, uint32_t v);
void msg_mem_answer(const msim *s, msg_inst *I, int n, const wc_nic_out *o);
/* the first run-time failure wins: later ones are usually its echoes */
void msg_fail(msim *s, const char *fmt, ...) WC_PRINTF(2, 3);
/* a broken invariant of the front end itself */
void msg_internal(const char *what, int gid, int node);

/* wc_msg_traffic.c */
uint32_t msg_word(long seq, uint32_t j);                    /* word j of message seq */
void msg_unhold(msim *s, long slot);                        /* one holder of a record is done with it */
void msg_released(void *ctx, long slot);                    /* the scoreboard's (wc_score_recycle) */
int msg_groups_make(msim *s, int gpn, char *err, int errlen);
void msg_groups_free(msim *s);
int msg_group_children(const group *g, int x, uint16_t *ch);
int msg_can_post(const msim *s, const host *h);
void msg_post_new(msim *s, host *h);
void msg_post_once(msim *s, host *h);
int msg_posting_open(const msim *s);

/* wc_msg_report.c */
unsigned long long msg_sum_reg(const msim *s, unsigned reg);
void msg_stall_report(msim *s);
#endif

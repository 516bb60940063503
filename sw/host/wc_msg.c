/* SPDX-License-Identifier: Apache-2.0 */
/* Message-level network simulation with NICs, host drivers, fault
 * injectors and a per-stream scoreboard (see wc_msg.h).
 *
 * One cycle, in this order (the order is what lets a C instance and an
 * RTL instance be compared signal for signal):
 *  1. every host drives its register bus from its own state;
 *  2. every NIC evaluates (outputs from registered state only);
 *  3. injection links: NIC flit -> fault injector -> router; the network
 *     steps; the router's ejected flit goes to the NIC, its credit for the
 *     injection link back through the injector;
 *  4. host memory answers the NIC's DMA request;
 *  5. every NIC commits;
 *  6. hosts observe the bus answer, poll their completion rings, act on
 *     completions and post new messages.
 * Steps 2-5 run once per system instance with the same host inputs; the
 * hosts read the first instance only.  Host memory is per instance (each
 * instance's NICs write their own), host writes go to all of them. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include "wc_msg.h"
#include "wc_net.h"
#include "wc_nic.h"
#include "wc_fault.h"
#include "wc_nic_drv.h"
#include "wc_rtl.h"
#include "wc_nic_group.h"
#include "wc_kbin.h"
#include "wc_rng.h"
#include "wc_defs.h"

/* Host memory layout and driver sizes.  SQ_SIZE covers the largest
 * --outstanding (48) plus one forward per receive buffer (host mode);
 * CQ_SIZE covers every completion that can be pending at once (sends,
 * forwards and one receive per buffer), so the ring never fills. */
enum { SQ_SIZE = 64, CQ_SIZE = 256, RQ_SIZE = 16, NRBUF = RQ_SIZE, LIST_BYTES = 4 * WC_NIC_MAX_DESTS,
       CQ_BATCH = 4, FWD_TAG = 0x800, BUS_TIMEOUT = 1000, MAX_OUTSTANDING = SQ_SIZE - NRBUF };
enum { K_UNI, K_MS, K_MC };

void wc_msg_defaults(wc_msg_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = WC_MSG_ENGINE_C;
    o->mode = WC_NIC_MODE_FPFS;
    o->messages = 200;
    o->size_min = 1;
    o->size_max = WC_NIC_MAX_MSG;
    o->mix = WC_MSG_UNICAST | WC_MSG_MULTISEND | WC_MSG_MULTICAST;
    o->seed = 1;
    o->outstanding = 2;
    o->groups_per_node = -1;
    o->fixed_root = -1;
    o->timeout = 2000;
    o->mem_size = 1L << 20;
    o->watchdog = 200000;
    o->buffer = 8;
    o->width = WC_FLIT_DATA_W;
}

const char *wc_msg_mode_name(int mode)
{
    return mode == WC_NIC_MODE_FPFS ? "fpfs" : mode == WC_NIC_MODE_FCFS ? "fcfs" : mode == WC_NIC_MODE_HOST ? "host" : "?";
}

const char *wc_msg_engine_name(int e)
{
    return e == WC_MSG_ENGINE_C ? "c" : e == WC_MSG_ENGINE_RTL ? "rtl" : e == WC_MSG_ENGINE_LOCKSTEP ? "lockstep"
                                                                                                   : "lockstep-c";
}

void wc_msg_mix_str(unsigned mix, char *buf, int len)
{
    snprintf(buf, (size_t)len, "%s%s%s%s%s", mix & WC_MSG_UNICAST ? "unicast" : "",
             (mix & WC_MSG_UNICAST) && (mix & (WC_MSG_MULTISEND | WC_MSG_MULTICAST)) ? "," : "",
             mix & WC_MSG_MULTISEND ? "multisend" : "",
             (mix & WC_MSG_MULTISEND) && (mix & WC_MSG_MULTICAST) ? "," : "",
             mix & WC_MSG_MULTICAST ? "multicast" : "");
}

int wc_msg_ok(const wc_msg_result *r)
{
    return !r->lost && !r->duplicated && !r->out_of_order && !r->corrupt && !r->send_errors &&
           !r->bad_completions && !r->stall && r->mismatch_cycle < 0 && !r->failure[0];
}

/* ---- system instances ---------------------------------------------------
 * What the simulation needs from one copy of the system.  The C instance
 * implements it with wc_net and wc_nic; an RTL instance (Verilated
 * routers and NICs) implements the same operations. */
typedef struct inst inst;
typedef struct {
    void (*nic_eval)(inst *, int node, wc_nic_out *o);
    void (*nic_commit)(inst *, int node, const wc_nic_in *in);
    uint32_t (*nic_peek)(const inst *, int node, unsigned reg);
    void (*net_set_ext)(inst *, int idx, int valid, uint64_t flit, int credit);
    void (*net_eval)(inst *);       /* this cycle's router outputs from the inputs set */
    void (*net_port)(const inst *, int r, int p, int *valid, uint64_t *flit, int *credit);
    uint64_t (*net_abs_mask)(const inst *, int r);
    uint64_t (*net_abs)(const inst *, int r, int p, int *valid);
    unsigned (*net_drops)(const inst *, int r);
    void (*end_cycle)(inst *);      /* clock edge where eval and edge are separate calls */
    void (*destroy)(inst *);
    void (*nic_tick)(inst *);       /* clock edge of the NICs alone (C: nic_commit is the edge) */
    void (*net_cfg)(inst *, int router, unsigned addr, unsigned data);  /* route-table write */
} inst_ops;

struct inst {
    const inst_ops *ops;
    char name[64];
    int N;
    wc_net *net;
    wc_nic **nic;
    wc_fault *flt;          /* [N] injection-link fault injectors */
    uint8_t **mem;          /* [N] host memories */
    long mem_size;
    int *mwait;             /* [N] cycles the current DMA request has waited */
    wc_nic_out *out;        /* [N] this cycle */
    wc_nic_in *in;          /* [N] this cycle */
    long stray;
    /* RTL instance */
    wc_rtl *rtl;
    wc_rtl_nic *rnic;
    int P;
    uint32_t *regs;         /* [N][WC_NICR_WORDS] register snapshot */
    unsigned long long dma_reads, dma_writes;
};

static void c_nic_eval(inst *I, int n, wc_nic_out *o) { wc_nic_eval(I->nic[n], o); }
static void c_nic_commit(inst *I, int n, const wc_nic_in *in) { wc_nic_commit(I->nic[n], in); }
static uint32_t c_nic_peek(const inst *I, int n, unsigned reg) { return wc_nic_peek(I->nic[n], reg); }
static void c_net_set_ext(inst *I, int idx, int v, uint64_t f, int c) { wc_net_set_ext(I->net, idx, v, f, c); }
static void c_net_eval(inst *I) { wc_net_step(I->net); }
static void c_net_port(const inst *I, int r, int p, int *v, uint64_t *f, int *c) { wc_net_port(I->net, r, p, v, f, c); }
static uint64_t c_net_abs_mask(const inst *I, int r) { return wc_net_abs_mask(I->net, r); }
static uint64_t c_net_abs(const inst *I, int r, int p, int *v) { return wc_net_abs(I->net, r, p, v); }
static unsigned c_net_drops(const inst *I, int r) { return wc_net_drops_now(I->net, r); }
static void c_end_cycle(inst *I) { (void)I; }
static void c_nic_tick(inst *I) { (void)I; }
static void c_net_cfg(inst *I, int r, unsigned a, unsigned d) { wc_net_cfg_write(I->net, r, a, d); }

static void inst_free(inst *I)
{
    int n;
    if (!I)
        return;
    for (n = 0; n < I->N; n++) {
        if (I->nic && I->nic[n])
            wc_nic_free(I->nic[n]);
        if (I->mem)
            free(I->mem[n]);
    }
    free(I->nic);
    free(I->mem);
    free(I->regs);
    wc_rtl_close(I->rtl);
    wc_rtl_nic_close(I->rnic);
    wc_net_free(I->net);
    free(I->flt);
    free(I->mwait);
    free(I->out);
    free(I->in);
    free(I);
}

static void c_destroy(inst *I) { inst_free(I); }

static const inst_ops c_ops = {
    c_nic_eval, c_nic_commit, c_nic_peek, c_net_set_ext, c_net_eval, c_net_port,
    c_net_abs_mask, c_net_abs, c_net_drops, c_end_cycle, c_destroy, c_nic_tick, c_net_cfg
};

/* The RTL instance: Verilated routers (wc_rtl) and NICs (wc_rtl_nic). */
static void r_nic_eval(inst *I, int n, wc_nic_out *o) { wc_rtl_nic_get(I->rnic, n, o); }
static void r_nic_commit(inst *I, int n, const wc_nic_in *in) { wc_rtl_nic_set(I->rnic, n, in); }
static uint32_t r_nic_peek(const inst *I, int n, unsigned reg)
{
    /* the Verilated registers are read only once the run is over */
    return I->regs && reg < WC_NICR_WORDS ? I->regs[(size_t)n * WC_NICR_WORDS + reg] : 0;
}
static void r_net_set_ext(inst *I, int idx, int v, uint64_t f, int c) { wc_rtl_set_ext(I->rtl, idx, v, f, c); }
static void r_net_eval(inst *I) { wc_rtl_eval(I->rtl); }
static void r_net_port(const inst *I, int r, int p, int *v, uint64_t *f, int *c)
{
    wc_rtl_get(I->rtl, r * I->P + p, v, f, c);
}
static uint64_t r_net_abs(const inst *I, int r, int p, int *v)
{
    uint64_t f;
    wc_rtl_get_abs(I->rtl, r * I->P + p, v, &f);
    return f;
}
static uint64_t r_net_abs_mask(const inst *I, int r)
{
    uint64_t m = 0;
    int p, v;
    for (p = 0; p < I->P; p++) {
        (void)r_net_abs(I, r, p, &v);
        m |= (uint64_t)(v != 0) << p;
    }
    return m;
}
static unsigned r_net_drops(const inst *I, int r) { return wc_rtl_drops(I->rtl, r); }
static void r_end_cycle(inst *I)
{
    wc_rtl_tick(I->rtl);
    wc_rtl_nic_tick(I->rnic);
}

static void r_nic_tick(inst *I) { wc_rtl_nic_tick(I->rnic); }
static void r_net_cfg(inst *I, int r, unsigned a, unsigned d) { wc_rtl_cfg(I->rtl, r, a, d); }

static const inst_ops rtl_ops = {
    r_nic_eval, r_nic_commit, r_nic_peek, r_net_set_ext, r_net_eval, r_net_port,
    r_net_abs_mask, r_net_abs, r_net_drops, r_end_cycle, c_destroy, r_nic_tick, r_net_cfg
};

/* Every register of every NIC over the slave bus, once the run is over
 * (the NICs are clocked alone): a read request, the edge that answers it,
 * an idle edge; all NICs at once.  Both instances of a lockstep run take
 * the same sequence, so their registers are compared at the same cycle. */
static void inst_snapshot(inst *I)
{
    unsigned reg;
    int n;
    if (!I->regs)
        I->regs = calloc((size_t)I->N * WC_NICR_WORDS, sizeof *I->regs);
    for (reg = 0; reg < WC_NICR_WORDS; reg++) {
        wc_nic_in in;
        wc_nic_out o;
        memset(&in, 0, sizeof in);
        in.s_cyc = in.s_stb = 1;
        in.s_adr = 4u * reg;
        in.s_sel = 0xFu;
        for (n = 0; n < I->N; n++)
            I->ops->nic_commit(I, n, &in);
        I->ops->nic_tick(I);
        memset(&in, 0, sizeof in);
        for (n = 0; n < I->N; n++) {
            I->ops->nic_eval(I, n, &o);
            I->regs[(size_t)n * WC_NICR_WORDS + reg] = o.s_dat;
            I->ops->nic_commit(I, n, &in);
        }
        I->ops->nic_tick(I);
    }
}

/* The up*-down* tables, in the order the C model enumerates them, through
 * the instance's configuration port. */
static int load_tables(inst *I, const wc_topo *t, const wc_msg_opts *o, char *err, int errlen)
{
    wc_net *net;
    wc_cfg_word *w;
    long k, ncfg;
    if (t->routing != WC_ROUTING_TABLE)
        return 0;
    if (!(net = wc_net_create(t, o->width, o->buffer, 0, err, errlen)))
        return -1;
    ncfg = wc_net_cfg_words(net, NULL, 0);
    w = malloc((size_t)(ncfg > 0 ? ncfg : 1) * sizeof *w);
    wc_net_cfg_words(net, w, ncfg);
    for (k = 0; k < ncfg; k++)
        I->ops->net_cfg(I, w[k].router, w[k].addr, w[k].data);
    free(w);
    wc_net_free(net);
    return 0;
}

/* What every instance has: host memories, fault injectors, this cycle's
 * NIC signals. */
static inst *inst_alloc(const wc_topo *t, const wc_msg_opts *o, long mem_size, const char *name, char *err,
                        int errlen)
{
    inst *I = calloc(1, sizeof *I);
    int n, N = t->nnodes;
    I->N = N;
    I->P = t->nports;
    snprintf(I->name, sizeof I->name, "%s", name);
    I->mem = calloc((size_t)N, sizeof *I->mem);
    I->flt = calloc((size_t)N, sizeof *I->flt);
    I->mwait = calloc((size_t)N, sizeof *I->mwait);
    I->out = calloc((size_t)N, sizeof *I->out);
    I->in = calloc((size_t)N, sizeof *I->in);
    I->mem_size = mem_size;
    for (n = 0; n < N; n++) {
        wc_fault_init(&I->flt[n], o->width, o->fault_rate, o->fault_rate, o->seed, (unsigned)n);
        if (!(I->mem[n] = calloc((size_t)mem_size, 1))) {
            snprintf(err, (size_t)errlen, "out of memory for %d host memories of %ld bytes", N, mem_size);
            inst_free(I);
            return NULL;
        }
    }
    return I;
}

static inst *inst_c_create(const wc_topo *t, const wc_msg_opts *o, const wc_nic_cfg *nc, long mem_size,
                           const char *name, char *err, int errlen)
{
    inst *I = inst_alloc(t, o, mem_size, name, err, errlen);
    int n, N = t->nnodes;
    if (!I)
        return NULL;
    I->ops = &c_ops;
    I->nic = calloc((size_t)N, sizeof *I->nic);
    if (!(I->net = wc_net_create(t, o->width, o->buffer, 0, err, errlen))) {
        inst_free(I);
        return NULL;
    }
    if (load_tables(I, t, o, err, errlen)) {
        inst_free(I);
        return NULL;
    }
    for (n = 0; n < N; n++) {
        if (!(I->nic[n] = wc_nic_create(nc, (unsigned)n, err, errlen))) {
            inst_free(I);
            return NULL;
        }
        wc_nic_reset(I->nic[n]);
    }
    return I;
}

/* Verilated routers and NICs of the same configuration, built on first
 * use; the route tables go in through the routers' configuration port in
 * the order the C model takes them. */
static inst *inst_rtl_create(const wc_topo *t, const wc_msg_opts *o, const wc_nic_cfg *nc, long mem_size,
                             const char *name, char *err, int errlen)
{
    inst *I = inst_alloc(t, o, mem_size, name, err, errlen);
    if (!I)
        return NULL;
    I->ops = &rtl_ops;
    if (!(I->rtl = wc_rtl_open(t, o->width, o->buffer, 0, 0, err, errlen)) ||
        !(I->rnic = wc_rtl_nic_open(nc, t->nnodes, err, errlen))) {
        inst_free(I);
        return NULL;
    }
    wc_rtl_reset(I->rtl, 4);
    wc_rtl_nic_reset(I->rnic, 4);
    if (load_tables(I, t, o, err, errlen)) {
        inst_free(I);
        return NULL;
    }
    return I;
}

/* ---- hosts -------------------------------------------------------------- */
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
    unsigned kinds;                 /* WC_MSG_* this node can post */
} host;

typedef struct {
    int gid, root, n;               /* members, n >= 2: mem[0] the root, then destinations ascending */
    int *mem, *par;                 /* par[i]: parent of mem[i], -1 at the root */
    int *from, *to, ne;             /* tree edges, each node's in send order */
} group;

typedef struct {
    int src, kind, len, gid, remaining;
    long posted;
    uint8_t failed;
} msgrec;

/* Expected messages at one receiver from one source (unicast and
 * multisend share it) or in one group, in posting order. */
typedef struct {
    uint64_t key;
    long *id;
    uint8_t *got;                   /* received (in order or not) */
    int n, cap, next;               /* next: first not received */
} stream;

struct msim {
    const wc_topo *t;
    const wc_msg_opts *o;
    wc_msg_result *res;
    int N, R, P;
    inst *I[2];
    int ni;
    host *h;
    int *nr, *np;                   /* node -> router, port */
    wc_rng rng;
    group *g[WC_NIC_GROUPS];
    msgrec *m; long nm, mcap;
    stream *sv; long nsv, svcap;
    long *ht; unsigned long htcap;  /* stream hash: index into sv or -1 */
    double *lat; long nlat, latcap;
    long pending_recv, failed_pending, sends_pending;
    long cyc, last_progress;
    int started, rr;
    uint32_t sq_base, cq_base, rq_base, list_base, sbuf_base, rbuf_base, bufsz;
    wc_nic_in *bus;                 /* [N] step 1's register-bus inputs */
    int *scratch;
};

static const char *reg_name(unsigned r)
{
    static const char *names[] = {
        "ID", "CTRL", "STATUS", "SQ_BASE", "SQ_SIZE", "SQ_TAIL", "SQ_HEAD", "RQ_BASE", "RQ_SIZE", "RQ_TAIL",
        "RQ_HEAD", "CQ_BASE", "CQ_SIZE", "CQ_HEAD", "CQ_TAIL", "INT_STATUS", "INT_ENABLE", "GT_SEL",
        "GT_PARENT", "GT_CHILD", "GT_COMMIT", "GT_RESULT", "ERR_CRC", "ERR_GROUP", "ERR_LEN", "ERR_TYPE",
        "ERR_DST", "RETX", "TIMEOUT", "ERR_NOBUF", "DUPS", "PEAK", "SLOTS", "TX_PKTS", "RX_PKTS", "TIMEOUTS",
        "ERR_DESC", "CYCLE"
    };
    return r < sizeof names / sizeof names[0] ? names[r] : "?";
}

/* the first run-time failure wins: later ones are usually its echoes */
static void fail(msim *s, const char *fmt, ...)
{
    va_list ap;
    if (s->res->failure[0])
        return;
    va_start(ap, fmt);
    vsnprintf(s->res->failure, sizeof s->res->failure, fmt, ap);
    va_end(ap);
}

/* host memory: reads from the first instance, writes to every one */
static uint32_t mem_rd32(const msim *s, int node, uint32_t a)
{
    const uint8_t *p = s->I[0]->mem[node] + a;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void mem_wr32(msim *s, int node, uint32_t a, uint32_t v)
{
    int i;
    for (i = 0; i < s->ni; i++) {
        uint8_t *p = s->I[i]->mem[node] + a;
        p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
    }
}

static void bus_push(host *h, unsigned reg, int we, uint32_t val, int check)
{
    int i;
    /* Index registers only ever move forward and publish memory that is
     * already written, so a queued, not yet issued write of the same one
     * can simply take the newer value: one bus cycle instead of many. */
    if (we && (reg == WC_NICR_SQ_TAIL || reg == WC_NICR_RQ_TAIL || reg == WC_NICR_CQ_HEAD)) {
        for (i = h->busy; i < h->qn; i++) {
            busop *b = &h->q[(h->qh + i) % h->qcap];
            if (b->we && b->reg == reg) {
                b->val = val;
                return;
            }
        }
    }
    if (h->qn == h->qcap) {
        int ncap = h->qcap ? 2 * h->qcap : 64;
        busop *nq = malloc((size_t)ncap * sizeof *nq);
        for (i = 0; i < h->qn; i++)
            nq[i] = h->q[(h->qh + i) % h->qcap];
        free(h->q);
        h->q = nq; h->qh = 0; h->qcap = ncap;
    }
    h->q[(h->qh + h->qn) % h->qcap] = (busop){ (uint8_t)reg, (uint8_t)we, (uint8_t)check, val };
    h->qn++;
}

static void io_reg_write(void *ctx, unsigned reg, uint32_t val) { bus_push(ctx, reg, 1, val, 0); }
static uint32_t io_mem_read(void *ctx, uint32_t a) { host *h = ctx; return mem_rd32(h->s, h->node, a); }
static void io_mem_write(void *ctx, uint32_t a, uint32_t v) { host *h = ctx; mem_wr32(h->s, h->node, a, v); }

/* step 1: this cycle's Wishbone slave inputs of host h */
static void host_bus_drive(msim *s, host *h, wc_nic_in *in)
{
    in->s_cyc = in->s_stb = in->s_we = 0;
    in->s_adr = in->s_dat = 0;
    in->s_sel = 0;
    if (!h->busy && h->qn && s->cyc >= h->next_ok) {
        h->busy = 1;
        h->issued = s->cyc;
    }
    if (h->busy) {
        const busop *b = &h->q[h->qh];
        in->s_cyc = in->s_stb = 1;
        in->s_we = b->we;
        in->s_adr = 4u * b->reg;
        in->s_dat = b->we ? b->val : 0;
        in->s_sel = 0xF;
    }
}

/* step 6, bus part: the NIC acknowledges one cycle after the request
 * (Wishbone classic: the master holds the request until it sees ack) */
static void host_bus_observe(msim *s, host *h, const wc_nic_out *o)
{
    if (!h->busy)
        return;
    if (o->s_ack) {
        const busop *b = &h->q[h->qh];
        if (b->check && (o->s_dat & 0xffu) != WC_NIC_ST_OK)
            fail(s, "node %d: the NIC refused group %u: GT_RESULT = %u (the host checked the tree before installing it)",
                 h->node, (unsigned)b->val, (unsigned)(o->s_dat & 0xffu));
        h->qh = (h->qh + 1) % h->qcap;
        h->qn--;
        h->busy = 0;
        h->next_ok = s->cyc + 1;
    } else if (s->cyc - h->issued > BUS_TIMEOUT) {
        char what[64];
        snprintf(what, sizeof what, "%s of NICR_%s", h->q[h->qh].we ? "write" : "read", reg_name(h->q[h->qh].reg));
        fail(s, "register %s at node %d, issued in cycle %ld, not acknowledged after %d cycles", what,
             h->node, h->issued, (int)BUS_TIMEOUT);
    }
}

/* ---- message contents and the scoreboard --------------------------------- */
static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}

/* Word j of message id (bytes 4j..4j+3, little-endian). */
static uint32_t msg_word(long id, uint32_t j)
{
    return hash32((uint32_t)id * 0x9e3779b1u + hash32(j + 0x51ed27u));
}

static int msg_match(const msim *s, int node, uint32_t addr, long id, unsigned len)
{
    const uint8_t *p = s->I[0]->mem[node] + addr;
    uint32_t j;
    if ((unsigned)s->m[id].len != len)
        return 0;
    for (j = 0; 4 * j < len; j++) {
        uint32_t w = msg_word(id, j);
        unsigned b, nb = len - 4 * j < 4 ? len - 4 * j : 4;
        for (b = 0; b < nb; b++)
            if (p[4 * j + b] != (uint8_t)(w >> (8 * b)))
                return 0;
    }
    return 1;
}

static uint64_t stream_key(int node, unsigned src, unsigned gid)
{
    return (uint64_t)node << 32 | (uint64_t)src << 16 | gid;
}

static unsigned long key_hash(uint64_t k)
{
    k ^= k >> 31; k *= 0x9e3779b97f4a7c15ull; k ^= k >> 29;
    return (unsigned long)k;
}

static long stream_find(const msim *s, uint64_t key)
{
    unsigned long i;
    if (!s->htcap)
        return -1;
    for (i = key_hash(key) & (s->htcap - 1);; i = (i + 1) & (s->htcap - 1)) {
        if (s->ht[i] < 0)
            return -1;
        if (s->sv[s->ht[i]].key == key)
            return s->ht[i];
    }
}

static void ht_insert(msim *s, long sid)
{
    unsigned long i;
    for (i = key_hash(s->sv[sid].key) & (s->htcap - 1); s->ht[i] >= 0; i = (i + 1) & (s->htcap - 1))
        ;
    s->ht[i] = sid;
}

static stream *stream_get(msim *s, uint64_t key)
{
    long sid = stream_find(s, key);
    stream *st;
    if (sid >= 0)
        return &s->sv[sid];
    if (2 * (unsigned long)(s->nsv + 1) > s->htcap) {
        unsigned long i;
        s->htcap = s->htcap ? 2 * s->htcap : 1024;
        s->ht = realloc(s->ht, s->htcap * sizeof *s->ht);
        for (i = 0; i < s->htcap; i++)
            s->ht[i] = -1;
        for (i = 0; i < (unsigned long)s->nsv; i++)
            ht_insert(s, (long)i);
    }
    if (s->nsv == s->svcap) {
        s->svcap = s->svcap ? 2 * s->svcap : 256;
        s->sv = realloc(s->sv, (size_t)s->svcap * sizeof *s->sv);
    }
    st = &s->sv[s->nsv];
    memset(st, 0, sizeof *st);
    st->key = key;
    ht_insert(s, s->nsv++);
    return st;
}

static void expect(msim *s, int node, unsigned src, unsigned gid, long id)
{
    stream *st = stream_get(s, stream_key(node, src, gid));
    if (st->n == st->cap) {
        st->cap = st->cap ? 2 * st->cap : 16;
        st->id = realloc(st->id, (size_t)st->cap * sizeof *st->id);
        st->got = realloc(st->got, (size_t)st->cap);
    }
    st->id[st->n] = id;
    st->got[st->n++] = 0;
    s->m[id].remaining++;
    s->res->expected++;
    s->pending_recv++;
}

static void got_msg(msim *s, long id, long appeared)
{
    msgrec *m = &s->m[id];
    s->pending_recv--;
    if (m->failed)
        s->failed_pending--;
    if (--m->remaining == 0) {
        if (s->nlat == s->latcap) {
            s->latcap = s->latcap ? 2 * s->latcap : 4096;
            s->lat = realloc(s->lat, (size_t)s->latcap * sizeof *s->lat);
        }
        s->lat[s->nlat++] = (double)(appeared - m->posted);
    }
}

/* The next message of st arrived at all, intact or not. */
static void take_head(msim *s, stream *st, uint8_t how, long appeared)
{
    long id = st->id[st->next];
    st->got[st->next] = how;
    while (st->next < st->n && st->got[st->next])
        st->next++;
    got_msg(s, id, appeared);
}

/* A CK_RECV at node: with status OK, the head of its stream, or a
 * duplicate, an early message or garbage; with an error status, a
 * delivery that failed.  The NIC delivers each stream in order, so a
 * delivery matching nothing stands for the stream's head: taking it keeps
 * one damaged message from making every later one look out of order. */
static void score(msim *s, int node, const wc_nic_cqe *e, long appeared)
{
    wc_msg_result *r = s->res;
    long sid = stream_find(s, stream_key(node, e->src, e->group));
    stream *st;
    int i;
    if (sid < 0) {
        r->corrupt++;
        return;
    }
    st = &s->sv[sid];
    if (e->status == WC_NIC_ST_OK) {
        if (st->next < st->n && msg_match(s, node, e->addr, st->id[st->next], e->len)) {
            r->delivered++;
            take_head(s, st, 1, appeared);
            return;
        }
        for (i = 0; i < st->n; i++) {
            if (i == st->next || !msg_match(s, node, e->addr, st->id[i], e->len))
                continue;
            if (st->got[i]) {
                r->duplicated++;
            } else {
                r->out_of_order++;
                st->got[i] = 1;
                got_msg(s, st->id[i], appeared);
            }
            return;
        }
    }
    r->corrupt++;
    if (st->next < st->n)
        take_head(s, st, 2, appeared);
}

/* ---- groups ---------------------------------------------------------------- */
static void internal(const char *what, int gid, int node)
{
    fprintf(stderr, "wormcast msg: internal error: group %d: %s (node %d)\n", gid, what, node);
    abort();
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Group gid over root and dests (n of them): the binomial tree over the
 * chain [root, dests ascending], as the simulator's tree scheme builds it.
 * Over an ascending chain every child lies right of its parent, which is
 * the NIC's id rule; both that and the child limit are checked here
 * rather than trusted. */
static group *group_make(msim *s, int gid, int root, const int *dests, int n)
{
    group *g = calloc(1, sizeof *g);
    wc_tree tr;
    int i, k, bad = -1, *parent = s->scratch;
    g->gid = gid;
    g->root = root;
    g->n = n + 1;
    g->mem = malloc((size_t)g->n * sizeof *g->mem);
    g->par = malloc((size_t)g->n * sizeof *g->par);
    g->from = malloc((size_t)g->n * sizeof *g->from);
    g->to = malloc((size_t)g->n * sizeof *g->to);
    g->mem[0] = root;
    memcpy(g->mem + 1, dests, (size_t)n * sizeof *dests);
    qsort(g->mem + 1, (size_t)n, sizeof *g->mem, cmp_int);
    k = wc_kbin_log2ceil(g->n);
    tr.src = root;
    tr.nedges = 0;
    tr.cap = g->n;
    tr.edges = malloc((size_t)g->n * sizeof *tr.edges);
    if (wc_kbin_tree(g->mem, g->n, k < 1 ? 1 : k, &tr) < 0 || tr.nedges != n)
        internal("k-binomial tree construction failed", gid, root);
    for (i = 0; i < s->N; i++)
        parent[i] = -1;
    for (i = 0; i < tr.nedges; i++) {
        g->from[i] = tr.edges[i].from;
        g->to[i] = tr.edges[i].to;
        parent[tr.edges[i].to] = tr.edges[i].from;
    }
    g->ne = tr.nedges;
    free(tr.edges);
    for (i = 0; i < g->n; i++) {
        int c = 0, e;
        g->par[i] = i ? parent[g->mem[i]] : -1;
        if (i && g->par[i] < 0)
            internal("a destination is not in the tree", gid, g->mem[i]);
        for (e = 0; e < g->ne; e++)
            c += g->from[e] == g->mem[i];
        if (c > WC_NIC_MAX_CHILDREN)
            internal("more children than WC_NIC_MAX_CHILDREN", gid, g->mem[i]);
    }
    if (wc_nic_tree_check(parent, (unsigned)s->N, (unsigned)root, &bad))
        internal("the tree breaks the id rule (a child id not above its parent's below the root)", gid, bad);
    return g;
}

static void group_free(group *g)
{
    if (!g)
        return;
    free(g->mem); free(g->par); free(g->from); free(g->to);
    free(g);
}

/* children of node x in g, in send order */
static int group_children(const group *g, int x, uint16_t *ch)
{
    int e, c = 0;
    for (e = 0; e < g->ne; e++)
        if (g->from[e] == x)
            ch[c++] = (uint16_t)g->to[e];
    return c;
}

/* ---- traffic ---------------------------------------------------------- */
static unsigned rnd(msim *s, unsigned n) { return wc_rng_below(&s->rng, n); }

/* log-uniform in [min, max]: as many messages of 1-10 bytes as of 1-10 KiB */
static int draw_size(msim *s)
{
    double lo = log((double)s->o->size_min), hi = log((double)s->o->size_max + 1.0);
    double u = (double)(wc_rng_next(&s->rng) >> 11) * (1.0 / 9007199254740992.0);
    int x = (int)floor(exp(lo + u * (hi - lo)));
    return x < s->o->size_min ? s->o->size_min : x > s->o->size_max ? s->o->size_max : x;
}

/* every node but self into s->scratch; returns how many */
static int others(msim *s, int self)
{
    int i, m = 0;
    for (i = 0; i < s->N; i++)
        if (i != self)
            s->scratch[m++] = i;
    return m;
}

/* k distinct random nodes of the m candidates in s->scratch into out */
static void draw_dests(msim *s, int m, int k, int *out)
{
    int i;
    for (i = 0; i < k; i++) {
        int j = i + (int)rnd(s, (unsigned)(m - i)), t = s->scratch[i];
        s->scratch[i] = s->scratch[j];
        s->scratch[j] = t;
        out[i] = s->scratch[i];
    }
}

static long new_msgrec(msim *s)
{
    if (s->nm == s->mcap) {
        s->mcap = s->mcap ? 2 * s->mcap : 4096;
        s->m = realloc(s->m, (size_t)s->mcap * sizeof *s->m);
    }
    memset(&s->m[s->nm], 0, sizeof *s->m);
    return s->nm++;
}

static int can_post(const msim *s, const host *h)
{
    return h->kinds && h->nfree && h->inflight < s->o->outstanding && wc_nic_drv_sq_space(&h->drv) > 0;
}

/* Host-based forwarding holds a receive buffer until the forward's send
 * completes, and a forward queues in the one send ring behind the host's
 * own sends.  So in host mode the host never posts a send of its own that
 * would wait in the ring for a stream (a peer or group it is already
 * sending to), and keeps fewer of its own in flight than the NIC has send
 * jobs: then a forward never waits on the host's own sends, whose
 * progress may need other nodes' receive buffers (the cycle the id rule
 * cannot see).  Returns how many of the candidate peers are free and
 * leaves them in s->scratch. */
static int free_peers(msim *s, const host *h)
{
    int i, m = 0;
    for (i = 0; i < s->N; i++)
        if (i != h->node && !(h->peer_busy && h->peer_busy[i]))
            s->scratch[m++] = i;
    return m;
}

static void take_streams(host *h, int slot, const int *peers, int np, int gid, int busy)
{
    int *st = h->slot_streams + (size_t)slot * (WC_NIC_MAX_DESTS + 1), i;
    if (busy < 0) {             /* release what the slot recorded */
        for (i = 0; i <= WC_NIC_MAX_DESTS && st[i] != -2; i++) {
            if (st[i] >= 0) h->peer_busy[st[i]] = 0;
            else h->group_busy[-1 - st[i]] = 0;
        }
        st[0] = -2;
        return;
    }
    for (i = 0; i < np; i++) {
        st[i] = peers[i];
        h->peer_busy[peers[i]] = 1;
    }
    if (gid > 0) {
        st[i++] = -1 - gid;
        h->group_busy[gid] = 1;
    }
    st[i] = -2;
}

/* A new message from h's node: contents into a free send buffer, the
 * receivers' expectations onto the scoreboard, the descriptor into the
 * send ring. */
static void post_new(msim *s, host *h)
{
    const int me = h->node;
    int kinds[3], nk = 0, kind, slot, i, d[WC_NIC_MAX_DESTS], nfree, gfree[WC_NIC_GROUPS], ng = 0;
    long id;
    msgrec *m;
    uint32_t addr, j;
    wc_nic_sdesc sd;
    for (i = 0; i < 3; i++)
        if (h->kinds & (1u << i))
            kinds[nk++] = i;
    kind = kinds[rnd(s, (unsigned)nk)];
    nfree = free_peers(s, h);
    for (i = 0; i < h->ngroots; i++)
        if (!(h->group_busy && h->group_busy[h->groots[i]]))
            gfree[ng++] = h->groots[i];
    if ((kind == K_UNI && nfree < 1) || (kind == K_MS && nfree < 2) || (kind == K_MC && ng < 1))
        return;                 /* host mode: every stream of that kind is busy; try again later */
    id = new_msgrec(s);
    m = &s->m[id];
    m->src = me;
    m->kind = kind;
    m->len = draw_size(s);
    m->posted = s->cyc;
    slot = h->free_slot[--h->nfree];
    h->slot_msg[slot] = id;
    addr = s->sbuf_base + (uint32_t)slot * s->bufsz;
    for (j = 0; 4 * j < (uint32_t)m->len; j++)
        mem_wr32(s, me, addr + 4 * j, msg_word(id, j));
    sd.tag = (unsigned)slot;
    sd.len = (unsigned)m->len;
    sd.addr = addr;
    sd.word3 = 0;
    if (kind == K_UNI) {
        draw_dests(s, nfree, 1, d);
        sd.op = WC_OP_UNICAST;
        sd.dst = (unsigned)d[0];
        expect(s, d[0], (unsigned)me, 0, id);
    } else if (kind == K_MS) {
        int lim = WC_NIC_MAX_DESTS < nfree ? WC_NIC_MAX_DESTS : nfree;
        int nd = 2 + (int)rnd(s, (unsigned)(lim - 1));
        uint32_t list = s->list_base + (uint32_t)slot * LIST_BYTES;
        draw_dests(s, nfree, nd, d);
        for (i = 0; i < nd; i++) {
            mem_wr32(s, me, list + 4u * (uint32_t)i, (uint32_t)d[i]);
            expect(s, d[i], (unsigned)me, 0, id);
        }
        sd.op = WC_OP_MULTISEND;
        sd.dst = (unsigned)nd;
        sd.word3 = list;
    } else {
        const group *g = s->g[gfree[rnd(s, (unsigned)ng)]];
        m->gid = g->gid;
        for (i = 1; i < g->n; i++)
            expect(s, g->mem[i], (unsigned)me, (unsigned)g->gid, id);
        sd.op = WC_OP_MULTICAST;
        sd.dst = (unsigned)g->gid;
    }
    if (wc_nic_drv_sq_put(&h->drv, &sd))
        internal("send ring full or descriptor refused by the driver", m->gid, me);
    wc_nic_drv_sq_commit(&h->drv);
    if (h->peer_busy)
        take_streams(h, slot, d, kind == K_UNI ? 1 : kind == K_MS ? (int)sd.dst : 0, kind == K_MC ? m->gid : 0, 1);
    h->inflight++;
    s->sends_pending++;
    s->res->posted++;
    s->res->posted_kind[kind]++;
    s->last_progress = s->cyc;
}

/* --once: the root of the fixed group posts one operation to all its
 * destinations (one multicast, one multisend, or one unicast each). */
static void post_once(msim *s, host *h)
{
    const group *g = s->g[1];
    const int me = h->node, nd = g->n - 1;
    int kind = s->o->once == WC_MSG_MULTICAST ? K_MC : s->o->once == WC_MSG_MULTISEND ? K_MS : K_UNI;
    int k, i, count = kind == K_UNI ? nd : 1;
    for (k = 0; k < count; k++) {
        long id = new_msgrec(s);
        msgrec *m = &s->m[id];
        int slot = h->free_slot[--h->nfree];
        uint32_t addr = s->sbuf_base + (uint32_t)slot * s->bufsz, j;
        wc_nic_sdesc sd;
        m->src = me;
        m->kind = kind;
        m->len = s->o->size_max;
        m->posted = s->cyc;
        h->slot_msg[slot] = id;
        for (j = 0; 4 * j < (uint32_t)m->len; j++)
            mem_wr32(s, me, addr + 4 * j, msg_word(id, j));
        sd.tag = (unsigned)slot;
        sd.len = (unsigned)m->len;
        sd.addr = addr;
        sd.word3 = 0;
        if (kind == K_UNI) {
            sd.op = WC_OP_UNICAST;
            sd.dst = (unsigned)g->mem[1 + k];
            expect(s, g->mem[1 + k], (unsigned)me, 0, id);
        } else if (kind == K_MS) {
            uint32_t list = s->list_base + (uint32_t)slot * LIST_BYTES;
            for (i = 0; i < nd; i++) {
                mem_wr32(s, me, list + 4u * (uint32_t)i, (uint32_t)g->mem[1 + i]);
                expect(s, g->mem[1 + i], (unsigned)me, 0, id);
            }
            sd.op = WC_OP_MULTISEND;
            sd.dst = (unsigned)nd;
            sd.word3 = list;
        } else {
            m->gid = g->gid;
            for (i = 1; i < g->n; i++)
                expect(s, g->mem[i], (unsigned)me, (unsigned)g->gid, id);
            sd.op = WC_OP_MULTICAST;
            sd.dst = (unsigned)g->gid;
        }
        if (wc_nic_drv_sq_put(&h->drv, &sd))
            internal("send ring full or descriptor refused by the driver", m->gid, me);
        h->inflight++;
        s->sends_pending++;
        s->res->posted++;
        s->res->posted_kind[kind]++;
    }
    wc_nic_drv_sq_commit(&h->drv);
    s->last_progress = s->cyc;
}

static int posting_open(const msim *s)
{
    return s->res->posted < s->o->messages || s->cyc < s->o->min_cycles;
}

/* ---- completions ---------------------------------------------------------- */
static void try_forwards(msim *s, host *h)
{
    int i = 0;
    while (i < h->nfq && wc_nic_drv_sq_space(&h->drv) > 0) {
        const fwdreq *f = &h->fq[i];
        wc_nic_sdesc sd;
        sd.op = WC_OP_MULTICAST;
        sd.tag = FWD_TAG + (unsigned)f->buf;
        sd.len = f->len;
        sd.dst = f->gid;
        sd.addr = s->rbuf_base + (uint32_t)f->buf * s->bufsz;
        sd.word3 = f->src;
        if (wc_nic_drv_sq_put(&h->drv, &sd))
            internal("forward descriptor refused by the driver", (int)f->gid, h->node);
        h->fwd_inflight++;
        s->sends_pending++;
        i++;
    }
    if (i) {
        memmove(h->fq, h->fq + i, (size_t)(h->nfq - i) * sizeof *h->fq);
        h->nfq -= i;
        wc_nic_drv_sq_commit(&h->drv);
    }
}

static void handle_send(msim *s, host *h, const wc_nic_cqe *e)
{
    wc_msg_result *r = s->res;
    if (e->tag < (unsigned)s->o->outstanding && h->slot_msg[e->tag] >= 0) {
        msgrec *m = &s->m[h->slot_msg[e->tag]];
        h->slot_msg[e->tag] = -1;
        if (h->peer_busy)
            take_streams(h, (int)e->tag, NULL, 0, 0, -1);
        h->free_slot[h->nfree++] = (int)e->tag;
        h->inflight--;
        s->sends_pending--;
        if (e->status != WC_NIC_ST_OK) {
            r->send_errors++;
            if (!m->failed) {
                /* what it did not deliver will never come: stop waiting */
                m->failed = 1;
                s->failed_pending += m->remaining;
            }
        }
    } else if (e->tag >= FWD_TAG && e->tag < FWD_TAG + NRBUF && h->rheld[e->tag - FWD_TAG] == 1) {
        int b = (int)e->tag - FWD_TAG;
        h->rheld[b] = 0;
        h->repost[h->nrepost++] = b;
        h->fwd_inflight--;
        s->sends_pending--;
        if (e->status != WC_NIC_ST_OK)
            r->send_errors++;
    } else {
        r->bad_completions++;
    }
}

static void handle_recv(msim *s, host *h, const wc_nic_cqe *e, long appeared)
{
    wc_msg_result *r = s->res;
    uint32_t off = e->addr - s->rbuf_base;
    int b = (int)(off / s->bufsz);
    uint16_t ch[WC_NIC_MAX_CHILDREN];
    const group *g;
    if (e->addr < s->rbuf_base || off % s->bufsz || b >= NRBUF || h->rheld[b] != 0) {
        r->bad_completions++;
        return;
    }
    if (e->status == WC_NIC_ST_TOOBIG) {
        /* the NIC tries the next buffer when the packet comes again: not
         * a delivery (cannot happen here: every buffer holds the largest
         * message) */
        r->recv_errors++;
        h->repost[h->nrepost++] = b;
        return;
    }
    if (e->status != WC_NIC_ST_OK) {
        r->recv_errors++;
        score(s, h->node, e, appeared);
        h->repost[h->nrepost++] = b;
        return;
    }
    score(s, h->node, e, appeared);
    g = e->group > 0 && e->group < (unsigned)WC_NIC_GROUPS ? s->g[e->group] : NULL;
    if (s->o->mode == WC_NIC_MODE_HOST && g && group_children(g, h->node, ch) > 0) {
        /* GM-2's host-based baseline: the host re-sends what it received;
         * the buffer is the send buffer until that send completes */
        h->rheld[b] = 1;
        h->fq[h->nfq].buf = b;
        h->fq[h->nfq].gid = e->group;
        h->fq[h->nfq].src = e->src;
        h->fq[h->nfq].len = e->len;
        h->nfq++;
    } else {
        h->repost[h->nrepost++] = b;
    }
}

/* step 6, completion part */
static void host_poll(msim *s, host *h)
{
    wc_nic_cqe e;
    int i, got = 0;
    while (h->cq_seen < CQ_SIZE && wc_nic_drv_cq_ready(&h->drv, h->cq_seen)) {
        h->cq_stamp[(uint16_t)(h->drv.cq_head + h->cq_seen) & (CQ_SIZE - 1)] = s->cyc;
        h->cq_seen++;
    }
    while (h->cq_seen) {
        long appeared = h->cq_stamp[h->drv.cq_head & (CQ_SIZE - 1)];
        if (appeared + s->o->host_delay > s->cyc || !wc_nic_drv_poll(&h->drv, &e))
            break;
        h->cq_seen--;
        got = 1;
        s->last_progress = s->cyc;
        if (e.kind == WC_CK_SEND)
            handle_send(s, h, &e);
        else if (e.kind == WC_CK_RECV)
            handle_recv(s, h, &e, appeared);
        else
            s->res->bad_completions++;
    }
    if (!got)
        wc_nic_drv_cq_flush(&h->drv);
    try_forwards(s, h);
    for (i = 0; i < h->nrepost; i++) {
        if (wc_nic_drv_rq_put(&h->drv, s->rbuf_base + (uint32_t)h->repost[i] * s->bufsz, s->bufsz))
            internal("receive ring full on a repost", 0, h->node);
    }
    if (h->nrepost)
        wc_nic_drv_rq_commit(&h->drv);
    h->nrepost = 0;
}

/* ---- one cycle of one system instance (steps 2-5) ---------------------------- */
static void mem_answer(const msim *s, inst *I, int n)
{
    const wc_nic_out *o = &I->out[n];
    wc_nic_in *in = &I->in[n];
    in->m_ack = in->m_err = 0;
    in->m_dat = 0;
    if (!(o->m_cyc && o->m_stb)) {
        I->mwait[n] = 0;
        return;
    }
    if (I->mwait[n] < s->o->mem_wait) {
        I->mwait[n]++;
        return;
    }
    I->mwait[n] = 0;
    {
        uint32_t a = o->m_adr & ~3u;
        uint8_t *p = I->mem[n] + a;
        int b;
        if ((long)a + 4 > I->mem_size) {
            in->m_err = 1;
            return;
        }
        in->m_ack = 1;
        if (o->m_we)
            I->dma_writes++;
        else
            I->dma_reads++;
        if (o->m_we) {
            for (b = 0; b < 4; b++)
                if (o->m_sel & (1u << b))
                    p[b] = (uint8_t)(o->m_dat >> (8 * b));
        } else {
            in->m_dat = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        }
    }
}

static void inst_cycle(msim *s, inst *I)
{
    const inst_ops *op = I->ops;
    int n, r;
    for (n = 0; n < s->N; n++)
        op->nic_eval(I, n, &I->out[n]);
    for (n = 0; n < s->N; n++) {
        const wc_nic_out *o = &I->out[n];
        int v;
        uint64_t f;
        wc_fault_fwd(&I->flt[n], o->tx_valid, o->tx_flit, &v, &f);
        op->net_set_ext(I, wc_net_idx(s->P, s->nr[n], s->np[n]), v, f, o->rx_credit);
    }
    op->net_eval(I);
    for (n = 0; n < s->N; n++) {
        wc_nic_in *in = &I->in[n];
        int v, c;
        uint64_t f;
        *in = s->bus[n];
        op->net_port(I, s->nr[n], s->np[n], &v, &f, &c);
        in->rx_valid = v;
        in->rx_flit = v ? f : 0;
        in->tx_credit = wc_fault_credit(&I->flt[n], c);
    }
    /* NICs never send multidestination worms; a flipped head can become
     * one, and whatever a router absorbs for it has no receiver here */
    for (r = 0; r < s->R; r++) {
        uint64_t m = op->net_abs_mask(I, r);
        while (m) {
            m &= m - 1;
            I->stray++;
        }
    }
    for (n = 0; n < s->N; n++)
        mem_answer(s, I, n);
    for (n = 0; n < s->N; n++)
        op->nic_commit(I, n, &I->in[n]);
}

/* ---- lockstep comparison ------------------------------------------------------ */
static int cmp_field(msim *s, int n, const char *sig, uint64_t e, uint64_t a)
{
    if (e == a)
        return 0;
    s->res->mismatch_cycle = s->cyc;
    snprintf(s->res->mismatch, sizeof s->res->mismatch,
             "cycle %ld node %d nic %s: expected (%s) 0x%llx, actual (%s) 0x%llx", s->cyc, n, sig,
             s->I[0]->name, (unsigned long long)e, s->I[1]->name, (unsigned long long)a);
    return 1;
}

/* Every NIC output (data fields while their strobe is up) and every
 * router port: stop at the first difference. */
static int compare(msim *s)
{
    const inst *A = s->I[0], *B = s->I[1];
    int n, r, p;
    for (n = 0; n < s->N; n++) {
        const wc_nic_out *x = &A->out[n], *y = &B->out[n];
        int req = x->m_cyc && x->m_stb;
        if (cmp_field(s, n, "tx_valid", (uint64_t)x->tx_valid, (uint64_t)y->tx_valid) ||
            (x->tx_valid && cmp_field(s, n, "tx_flit", x->tx_flit, y->tx_flit)) ||
            cmp_field(s, n, "rx_credit", (uint64_t)x->rx_credit, (uint64_t)y->rx_credit) ||
            cmp_field(s, n, "s_ack", (uint64_t)x->s_ack, (uint64_t)y->s_ack) ||
            (x->s_ack && cmp_field(s, n, "s_dat", x->s_dat, y->s_dat)) ||
            cmp_field(s, n, "m_cyc", (uint64_t)x->m_cyc, (uint64_t)y->m_cyc) ||
            cmp_field(s, n, "m_stb", (uint64_t)x->m_stb, (uint64_t)y->m_stb) ||
            (req && cmp_field(s, n, "m_we", (uint64_t)x->m_we, (uint64_t)y->m_we)) ||
            (req && cmp_field(s, n, "m_adr", x->m_adr, y->m_adr)) ||
            (req && cmp_field(s, n, "m_sel", x->m_sel, y->m_sel)) ||
            (req && x->m_we && cmp_field(s, n, "m_dat", x->m_dat, y->m_dat)) ||
            cmp_field(s, n, "irq", (uint64_t)x->irq, (uint64_t)y->irq))
            return 1;
    }
    for (r = 0; r < s->R; r++) {
        for (p = 0; p < s->P; p++) {
            int v1, c1, v2, c2, a1, a2;
            uint64_t f1, f2, g1, g2;
            const char *what = NULL;
            uint64_t e = 0, a = 0;
            A->ops->net_port(A, r, p, &v1, &f1, &c1);
            B->ops->net_port(B, r, p, &v2, &f2, &c2);
            g1 = A->ops->net_abs(A, r, p, &a1);
            g2 = B->ops->net_abs(B, r, p, &a2);
            if (v1 != v2) { what = "out_valid"; e = (uint64_t)v1; a = (uint64_t)v2; }
            else if (v1 && f1 != f2) { what = "out_flit"; e = f1; a = f2; }
            else if (c1 != c2) { what = "in_credit"; e = (uint64_t)c1; a = (uint64_t)c2; }
            else if (a1 != a2) { what = "abs_valid"; e = (uint64_t)a1; a = (uint64_t)a2; }
            else if (a1 && g1 != g2) { what = "abs_flit"; e = g1; a = g2; }
            if (!what && p == 0 && A->ops->net_drops(A, r) != B->ops->net_drops(B, r)) {
                what = "drop_count";
                e = A->ops->net_drops(A, r);
                a = B->ops->net_drops(B, r);
            }
            if (what) {
                s->res->mismatch_cycle = s->cyc;
                snprintf(s->res->mismatch, sizeof s->res->mismatch,
                         "cycle %ld router %d port %d %s: expected (%s) 0x%llx, actual (%s) 0x%llx", s->cyc, r, p,
                         what, A->name, (unsigned long long)e, B->name, (unsigned long long)a);
                return 1;
            }
        }
    }
    return 0;
}

/* ---- set-up, the run, the report ------------------------------------------- */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static unsigned long long sum_reg(const msim *s, unsigned reg)
{
    unsigned long long t = 0;
    int n;
    for (n = 0; n < s->N; n++)
        t += s->I[0]->ops->nic_peek(s->I[0], n, reg);
    return t;
}

/* Where the undelivered messages are stuck: the first few of them, and
 * the registers of every node that sends or should receive one. */
static void stall_report(msim *s)
{
    const inst *I = s->I[0];
    inst_snapshot(s->I[0]);         /* the run ends here: the NICs may be clocked alone */
    uint8_t *inv = calloc((size_t)s->N, 1);
    long k, shown = 0;
    int n, listed = 0;
    fprintf(stderr, "wormcast msg: STALL: no completion for %ld cycles at cycle %ld: %ld of %ld expected deliveries "
            "missing, %ld sends not completed\n", s->o->watchdog, s->cyc, s->pending_recv - s->failed_pending,
            s->res->expected, s->sends_pending);
    for (k = 0; k < s->nsv; k++) {
        const stream *st = &s->sv[k];
        int i, dst = (int)(st->key >> 32);
        for (i = st->next; i < st->n; i++) {
            const msgrec *m = &s->m[st->id[i]];
            if (st->got[i] || m->failed)
                continue;
            inv[dst] = inv[m->src] = 1;
            if (shown++ < 12) {
                char grp[32] = "";
                if (m->gid)
                    snprintf(grp, sizeof grp, " in group %d", m->gid);
                fprintf(stderr, "  message %ld: %s of %d bytes from node %d%s posted at cycle %ld, not at node %d\n",
                        st->id[i], m->kind == K_UNI ? "unicast" : m->kind == K_MS ? "multisend" : "multicast",
                        m->len, m->src, grp, m->posted, dst);
            }
        }
    }
    for (n = 0; n < s->N; n++)
        if (s->h[n].inflight || s->h[n].fwd_inflight)
            inv[n] = 1;
    fprintf(stderr, "  node: host sends/forwards/bus queue | NIC STATUS SQ tail/head RQ tail/head CQ head/tail "
            "slots tx rx retx timeouts nobuf dups crc dst\n");
    for (n = 0; n < s->N && listed < 32; n++) {
        const host *h = &s->h[n];
        if (!inv[n])
            continue;
        listed++;
#define R_(x) (unsigned)I->ops->nic_peek(I, n, WC_NICR_##x)
        fprintf(stderr, "  %4d: %d/%d/%d | 0x%x %u/%u %u/%u %u/%u %u %u %u %u %u %u %u %u %u\n", n, h->inflight,
                h->fwd_inflight, h->qn, R_(STATUS), R_(SQ_TAIL), R_(SQ_HEAD), R_(RQ_TAIL), R_(RQ_HEAD), R_(CQ_HEAD),
                R_(CQ_TAIL), R_(SLOTS), R_(TX_PKTS), R_(RX_PKTS), R_(RETX), R_(TIMEOUTS), R_(ERR_NOBUF), R_(DUPS),
                R_(ERR_CRC), R_(ERR_DST));
#undef R_
        if (I->nic)
            wc_nic_dump(I->nic[n], stderr);
    }
    free(inv);
}

static int check_opts(const wc_topo *t, const wc_msg_opts *o, const wc_nic_cfg *nc, char *err, int errlen)
{
    const int N = t->nnodes;
    int gpn = o->groups_per_node, i, j;
    if (t->nlocal != 1) {
        snprintf(err, (size_t)errlen, "%s has %d injection ports per node; the NIC attaches to one local port "
                 "(use a one-port network, e.g. cube:N without :all)", t->name, t->nlocal);
        return -1;
    }
    if (N > WC_NIC_NO_PARENT) {
        snprintf(err, (size_t)errlen, "%s has %d nodes; NIC node ids stop at %d", t->name, N, WC_NIC_NO_PARENT - 1);
        return -1;
    }
    if (o->size_min < 1 || o->size_max > WC_NIC_MAX_MSG || o->size_min > o->size_max) {
        snprintf(err, (size_t)errlen, "message sizes %d-%d: need 1 <= MIN <= MAX <= %d", o->size_min, o->size_max,
                 WC_NIC_MAX_MSG);
        return -1;
    }
    if (!o->mix) {
        snprintf(err, (size_t)errlen, "the message mix is empty");
        return -1;
    }
    if ((o->mix & (WC_MSG_MULTISEND | WC_MSG_MULTICAST)) && N < 3) {
        snprintf(err, (size_t)errlen, "multisend and multicast need at least 3 nodes (%s has %d)", t->name, N);
        return -1;
    }
    if (o->fault_rate < 0 || o->fault_rate > 0.5) {
        snprintf(err, (size_t)errlen, "fault rate %g outside 0..0.5", o->fault_rate);
        return -1;
    }
    if (o->outstanding < 1 || o->outstanding > MAX_OUTSTANDING) {
        snprintf(err, (size_t)errlen, "--outstanding %d outside 1..%d (the send ring has %d entries, %d kept for "
                 "host-mode forwards)", o->outstanding, MAX_OUTSTANDING, SQ_SIZE, NRBUF);
        return -1;
    }
    if (o->mode != WC_NIC_MODE_FPFS && o->mode != WC_NIC_MODE_FCFS && o->mode != WC_NIC_MODE_HOST) {
        snprintf(err, (size_t)errlen, "unknown NIC mode %d", o->mode);
        return -1;
    }
    if (o->mutate && o->engine != WC_MSG_ENGINE_LOCKSTEP_C && o->engine != WC_MSG_ENGINE_LOCKSTEP) {
        snprintf(err, (size_t)errlen, "--mutate breaks the C model of a lockstep run; engine %s compares nothing",
                 wc_msg_engine_name(o->engine));
        return -1;
    }
    if (o->once) {
        if (o->fixed_root < 0) {
            snprintf(err, (size_t)errlen, "--once needs --group ROOT:DESTINATIONS");
            return -1;
        }
        if (o->once == WC_MSG_MULTISEND && o->fixed_n > WC_NIC_MAX_DESTS) {
            snprintf(err, (size_t)errlen, "--once multisend: %d destinations, a multisend takes at most %d",
                     o->fixed_n, WC_NIC_MAX_DESTS);
            return -1;
        }
        if (o->once == WC_MSG_UNICAST && o->outstanding < o->fixed_n) {
            snprintf(err, (size_t)errlen, "--once unicasts: --outstanding %d below the %d destinations",
                     o->outstanding, o->fixed_n);
            return -1;
        }
    }
    if (o->fixed_root >= 0) {
        if (!(o->mix & WC_MSG_MULTICAST)) {
            snprintf(err, (size_t)errlen, "--group given but multicast is not in the mix");
            return -1;
        }
        if (o->fixed_root >= N) {
            snprintf(err, (size_t)errlen, "--group: root %d is not a node of %s (0..%d)", o->fixed_root, t->name, N - 1);
            return -1;
        }
        if (o->fixed_n < 1) {
            snprintf(err, (size_t)errlen, "--group: no destinations");
            return -1;
        }
        for (i = 0; i < o->fixed_n; i++) {
            if (o->fixed_dst[i] < 0 || o->fixed_dst[i] >= N || o->fixed_dst[i] == o->fixed_root) {
                snprintf(err, (size_t)errlen, "--group: destination %d is not a node of %s other than the root",
                         o->fixed_dst[i], t->name);
                return -1;
            }
            for (j = 0; j < i; j++)
                if (o->fixed_dst[j] == o->fixed_dst[i]) {
                    snprintf(err, (size_t)errlen, "--group: destination %d repeats", o->fixed_dst[i]);
                    return -1;
                }
        }
    } else if (o->mix & WC_MSG_MULTICAST) {
        long top;
        if (gpn < 0)
            gpn = 2;
        if (gpn < 1) {
            snprintf(err, (size_t)errlen, "multicast in the mix needs --groups-per-node >= 1 (or a --group)");
            return -1;
        }
        top = (long)N * gpn;
        if (top >= nc->ngroups || top >= WC_NIC_GROUPS) {
            snprintf(err, (size_t)errlen, "too many groups: %d nodes x %d groups per node need group ids 1..%ld, "
                     "but the NIC's group table holds ids 1..%d; lower --groups-per-node or use --group", N, gpn,
                     top, (nc->ngroups < WC_NIC_GROUPS ? nc->ngroups : WC_NIC_GROUPS) - 1);
            return -1;
        }
    }
    if (o->messages < 0 || o->min_cycles < 0 || o->host_delay < 0 || o->mem_wait < 0 || o->watchdog < 1) {
        snprintf(err, (size_t)errlen, "negative counts or cycles");
        return -1;
    }
    return 0;
}

int wc_msg_run(const wc_topo *t, const wc_msg_opts *o, wc_msg_result *res, char *err, int errlen)
{
    msim S, *s = &S;
    wc_nic_cfg nc;
    const int N = t->nnodes;
    int n, i, gpn = 0, rc = 0;
    long need, k;
    double t0, tlast;

    memset(s, 0, sizeof *s);
    memset(res, 0, sizeof *res);
    res->mismatch_cycle = -1;
    s->t = t; s->o = o; s->res = res;
    s->N = N; s->R = t->nrouters; s->P = t->nports;

    wc_nic_cfg_default(&nc, N);
    nc.W = o->width;
    nc.B = o->buffer;
    if (o->slots)
        nc.nslot = o->slots;
    if (check_opts(t, o, &nc, err, errlen))
        return -1;
    if (wc_nic_cfg_check(&nc, err, errlen))
        return -1;
    if (o->mode == WC_NIC_MODE_HOST && o->outstanding >= nc.jsend) {
        snprintf(err, (size_t)errlen, "host mode needs --outstanding below the NIC's %d send jobs (got %d): a host's "
                 "forwards must always find a send job its own sends do not hold", nc.jsend, o->outstanding);
        return -1;
    }
    if (o->mix & WC_MSG_MULTICAST && o->fixed_root < 0)
        gpn = o->groups_per_node < 0 ? 2 : o->groups_per_node;

    /* host memory: rings, multisend lists (one per send buffer, so a list
     * lives exactly as long as its send), send and receive buffers sized
     * for the largest message of the run */
    s->bufsz = ((uint32_t)o->size_max + 63u) & ~63u;
    s->sq_base = 0;
    s->cq_base = s->sq_base + 16u * SQ_SIZE;
    s->rq_base = s->cq_base + 16u * CQ_SIZE;
    s->list_base = (s->rq_base + 8u * RQ_SIZE + 63u) & ~63u;
    s->sbuf_base = s->list_base + (uint32_t)o->outstanding * LIST_BYTES;
    s->rbuf_base = s->sbuf_base + (uint32_t)o->outstanding * s->bufsz;
    need = (long)s->rbuf_base + (long)NRBUF * s->bufsz;
    if (need > o->mem_size) {
        snprintf(err, (size_t)errlen, "host memory of %ld bytes is too small: rings, %d send and %d receive buffers "
                 "of %u bytes need %ld (raise --mem-size or lower --outstanding or the largest --size)",
                 o->mem_size, o->outstanding, NRBUF, s->bufsz, need);
        return -1;
    }

    s->nr = malloc((size_t)N * sizeof *s->nr);
    s->np = malloc((size_t)N * sizeof *s->np);
    for (n = 0; n < N; n++) {
        s->nr[n] = t->node_router[n];
        s->np[n] = t->node_port[n];
    }
    s->scratch = malloc((size_t)N * sizeof *s->scratch);
    s->bus = calloc((size_t)N, sizeof *s->bus);
    /* The first instance takes the hosts' decisions; in lockstep the C
     * model (mutated by --mutate, to prove a break is caught) leads and
     * the RTL, or a second C model, follows. */
    s->ni = o->engine == WC_MSG_ENGINE_LOCKSTEP_C || o->engine == WC_MSG_ENGINE_LOCKSTEP ? 2 : 1;
    if (o->engine == WC_MSG_ENGINE_RTL)
        s->I[0] = inst_rtl_create(t, o, &nc, o->mem_size, "RTL", err, errlen);
    else {
        wc_nic_cfg mc = nc;
        char name[64];
        if (o->engine == WC_MSG_ENGINE_LOCKSTEP)
            mc.mutate = o->mutate;
        snprintf(name, sizeof name, mc.mutate ? "C model, NIC mutation %d" : "C model", mc.mutate);
        s->I[0] = inst_c_create(t, o, &mc, o->mem_size, name, err, errlen);
    }
    if (!s->I[0]) {
        rc = -1;
        goto out;
    }
    if (s->ni == 2) {
        char name[64];
        wc_nic_cfg mc = nc;
        if (o->engine == WC_MSG_ENGINE_LOCKSTEP) {
            s->I[1] = inst_rtl_create(t, o, &nc, o->mem_size, "RTL", err, errlen);
        } else {
            mc.mutate = o->mutate;
            snprintf(name, sizeof name, "C model, NIC mutation %d", o->mutate);
            s->I[1] = inst_c_create(t, o, &mc, o->mem_size, name, err, errlen);
        }
        if (!s->I[1]) {
            rc = -1;
            goto out;
        }
    }

    /* groups: fixed, or gpn random ones rooted at every node, drawn
     * before any traffic so the traffic seed alone fixes them */
    wc_rng_seed(&s->rng, o->seed);
    s->h = calloc((size_t)N, sizeof *s->h);
    for (n = 0; n < N; n++)
        s->h[n].groots = malloc((size_t)(gpn > 0 ? gpn : 1) * sizeof(int));
    if (o->mix & WC_MSG_MULTICAST) {
        if (o->fixed_root >= 0) {
            s->g[1] = group_make(s, 1, o->fixed_root, o->fixed_dst, o->fixed_n);
            s->h[o->fixed_root].groots[s->h[o->fixed_root].ngroots++] = 1;
        } else {
            int lim = WC_NIC_MAX_CHILDREN - 1 < N - 1 ? WC_NIC_MAX_CHILDREN - 1 : N - 1, d[WC_NIC_MAX_CHILDREN];
            for (n = 0; n < N; n++)
                for (i = 0; i < gpn; i++) {
                    int gid = 1 + n * gpn + i, nd = 2 + (int)rnd(s, (unsigned)(lim - 1));
                    draw_dests(s, others(s, n), nd, d);
                    s->g[gid] = group_make(s, gid, n, d, nd);
                    s->h[n].groots[s->h[n].ngroots++] = gid;
                }
        }
    }

    /* hosts: driver set-up, group entries (each checked through
     * GT_RESULT), enable, receive buffers; traffic starts once every
     * host's register writes are through */
    for (n = 0; n < N; n++) {
        host *h = &s->h[n];
        wc_nic_drv_cfg dc;
        wc_nic_drv_io io;
        h->s = s;
        h->node = n;
        if (o->mode == WC_NIC_MODE_HOST) {
            h->peer_busy = calloc((size_t)N, 1);
            h->group_busy = calloc(WC_NIC_GROUPS, 1);
            h->slot_streams = malloc((size_t)o->outstanding * (WC_NIC_MAX_DESTS + 1) * sizeof(int));
            for (i = 0; i < o->outstanding; i++)
                h->slot_streams[(size_t)i * (WC_NIC_MAX_DESTS + 1)] = -2;
        }
        h->slot_msg = malloc((size_t)o->outstanding * sizeof *h->slot_msg);
        h->free_slot = malloc((size_t)o->outstanding * sizeof *h->free_slot);
        for (i = 0; i < o->outstanding; i++) {
            h->slot_msg[i] = -1;
            h->free_slot[h->nfree++] = o->outstanding - 1 - i;
        }
        h->kinds = (o->mix & WC_MSG_UNICAST ? 1u << K_UNI : 0) | (o->mix & WC_MSG_MULTISEND ? 1u << K_MS : 0) |
                   (h->ngroots ? 1u << K_MC : 0);
        memset(&dc, 0, sizeof dc);
        dc.sq_base = s->sq_base; dc.sq_size = SQ_SIZE;
        dc.rq_base = s->rq_base; dc.rq_size = RQ_SIZE;
        dc.cq_base = s->cq_base; dc.cq_size = CQ_SIZE;
        dc.timeout = o->timeout;
        dc.cq_batch = CQ_BATCH;
        io.ctx = h;
        io.reg_write = io_reg_write;
        io.reg_read = NULL;
        io.mem_read = io_mem_read;
        io.mem_write = io_mem_write;
        if (wc_nic_drv_init(&h->drv, &dc, &io))
            internal("driver configuration refused", 0, n);
    }
    for (i = 1; i < WC_NIC_GROUPS; i++) {
        const group *g = s->g[i];
        int m;
        if (!g)
            continue;
        for (m = 0; m < g->n; m++) {
            uint16_t ch[WC_NIC_MAX_CHILDREN];
            int x = g->mem[m], nch = group_children(g, x, ch);
            if (wc_nic_drv_group(&s->h[x].drv, (unsigned)g->gid, m ? (unsigned)g->par[m] : WC_NIC_NO_PARENT, ch,
                                 (unsigned)nch) < 0)
                internal("group entry refused by the driver", g->gid, x);
            bus_push(&s->h[x], WC_NICR_GT_RESULT, 0, (uint32_t)g->gid, 1);
        }
    }
    for (n = 0; n < N; n++) {
        host *h = &s->h[n];
        wc_nic_drv_enable(&h->drv, (unsigned)o->mode);
        for (i = 0; i < NRBUF; i++)
            wc_nic_drv_rq_put(&h->drv, s->rbuf_base + (uint32_t)i * s->bufsz, s->bufsz);
        wc_nic_drv_rq_commit(&h->drv);
    }

    t0 = tlast = now_s();
    for (s->cyc = 0;; s->cyc++) {
        /* 1. */
        if (!s->started) {
            int idle = 1;
            for (n = 0; n < N && idle; n++)
                idle = !s->h[n].qn;
            if (idle) {
                s->started = 1;
                s->last_progress = s->cyc;
            }
        }
        for (n = 0; n < N; n++)
            host_bus_drive(s, &s->h[n], &s->bus[n]);
        /* 2.-5. */
        for (i = 0; i < s->ni; i++)
            inst_cycle(s, s->I[i]);
        if (s->ni == 2 && compare(s))
            break;
        for (i = 0; i < s->ni; i++)
            s->I[i]->ops->end_cycle(s->I[i]);
        /* 6. */
        for (n = 0; n < N; n++) {
            host_bus_observe(s, &s->h[n], &s->I[0]->out[n]);
            if (s->started)
                host_poll(s, &s->h[n]);
        }
        if (s->started && o->once) {
            if (!res->posted)
                post_once(s, &s->h[o->fixed_root]);
        } else if (s->started) {
            for (i = 0; i < N && posting_open(s); i++) {
                host *h = &s->h[(s->rr + i) % N];
                if (can_post(s, h))
                    post_new(s, h);
            }
            s->rr = (s->rr + 1) % N;
        }
        if (res->failure[0])
            break;
        if (s->started && !posting_open(s) && s->pending_recv == s->failed_pending && !s->sends_pending) {
            s->cyc++;
            break;
        }
        if (s->cyc - s->last_progress > o->watchdog) {
            res->stall = 1;
            res->undelivered = s->pending_recv - s->failed_pending;
            stall_report(s);
            s->cyc++;
            break;
        }
        if (o->progress && (s->cyc & 1023) == 0) {
            double tn = now_s();
            if (tn - tlast > 2.0) {
                fprintf(stderr, "  cycle %ld: %ld messages posted, %ld of %ld deliveries, %llu packets resent, "
                        "%.0f cycles/s\n", s->cyc, res->posted, res->delivered, res->expected,
                        sum_reg(s, WC_NICR_RETX), s->cyc / (tn - t0));
                tlast = tn;
            }
        }
    }
    res->cycles = s->cyc;
    res->seconds = now_s() - t0;
    for (i = 0; i < s->ni; i++)
        if (!res->stall)
            inst_snapshot(s->I[i]);
    /* lockstep: the register files agree at the end too */
    if (s->ni == 2 && res->mismatch_cycle < 0 && !res->failure[0] && !res->stall) {
        unsigned reg;
        for (n = 0; n < N && res->mismatch_cycle < 0; n++)
            for (reg = 0; reg < WC_NICR_WORDS; reg++) {
                uint32_t a = s->I[0]->regs[(size_t)n * WC_NICR_WORDS + reg];
                uint32_t b = s->I[1]->regs[(size_t)n * WC_NICR_WORDS + reg];
                if (a != b && reg != WC_NICR_CYCLE) {
                    res->mismatch_cycle = s->cyc;
                    snprintf(res->mismatch, sizeof res->mismatch,
                             "after the run, node %d register %u: expected (%s) 0x%x, actual (%s) 0x%x", n, reg,
                             s->I[0]->name, (unsigned)a, s->I[1]->name, (unsigned)b);
                    break;
                }
            }
    }
    res->cps = res->seconds > 0 ? (double)res->cycles / res->seconds : 0;
    /* after a mismatch or a failure the run stopped early: nothing can be
     * called lost */
    res->lost = res->mismatch_cycle < 0 && !res->failure[0] ? s->pending_recv : 0;
    res->tx_pkts = sum_reg(s, WC_NICR_TX_PKTS);
    res->rx_pkts = sum_reg(s, WC_NICR_RX_PKTS);
    res->retx = sum_reg(s, WC_NICR_RETX);
    res->timeouts = sum_reg(s, WC_NICR_TIMEOUTS);
    res->err_crc = sum_reg(s, WC_NICR_ERR_CRC);
    res->err_group = sum_reg(s, WC_NICR_ERR_GROUP);
    res->err_len = sum_reg(s, WC_NICR_ERR_LEN);
    res->err_type = sum_reg(s, WC_NICR_ERR_TYPE);
    res->err_dst = sum_reg(s, WC_NICR_ERR_DST);
    res->err_nobuf = sum_reg(s, WC_NICR_ERR_NOBUF);
    res->dups = sum_reg(s, WC_NICR_DUPS);
    res->err_desc = sum_reg(s, WC_NICR_ERR_DESC);
    for (n = 0; n < N; n++) {
        unsigned pk = s->I[0]->ops->nic_peek(s->I[0], n, WC_NICR_PEAK);
        const wc_fault *f = &s->I[0]->flt[n];
        if (pk > res->peak_slots)
            res->peak_slots = pk;
        if (n != o->fixed_root && pk > res->peak_inner)
            res->peak_inner = pk;
        res->f_pkts += f->pkts;
        res->f_dropped += f->dropped;
        res->f_flipped += f->flipped;
        res->f_bits += f->bits;
    }
    for (i = 0; i < s->R; i++)
        res->router_drops += s->I[0]->ops->net_drops(s->I[0], i);
    res->stray = s->I[0]->stray;
    res->dma_reads = s->I[0]->dma_reads;
    res->dma_writes = s->I[0]->dma_writes;
    if (s->nlat) {
        double sum = 0;
        qsort(s->lat, (size_t)s->nlat, sizeof *s->lat, cmp_double);
        for (k = 0; k < s->nlat; k++)
            sum += s->lat[k];
        res->lat_n = s->nlat;
        res->lat_avg = sum / (double)s->nlat;
        res->lat_p99 = s->lat[(long)((double)(s->nlat - 1) * 0.99)];
        res->lat_max = s->lat[s->nlat - 1];
    }
out:
    for (i = 0; i < 2; i++)
        if (s->I[i])
            s->I[i]->ops->destroy(s->I[i]);
    if (s->h)
        for (n = 0; n < N; n++) {
            free(s->h[n].q);
            free(s->h[n].slot_msg);
            free(s->h[n].peer_busy);
            free(s->h[n].group_busy);
            free(s->h[n].slot_streams);
            free(s->h[n].free_slot);
            free(s->h[n].groots);
        }
    free(s->h);
    for (i = 0; i < WC_NIC_GROUPS; i++)
        group_free(s->g[i]);
    for (k = 0; k < s->nsv; k++) {
        free(s->sv[k].id);
        free(s->sv[k].got);
    }
    free(s->sv); free(s->ht); free(s->m); free(s->lat);
    free(s->nr); free(s->np); free(s->scratch); free(s->bus);
    return rc;
}

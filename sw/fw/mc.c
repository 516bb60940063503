/* SPDX-License-Identifier: Apache-2.0 */
/* The multicast runtime (see mc.h).
 *
 * Cells.  A received message lives in a cell: one of the receive buffers
 * carved from the application's pool (posted to the NIC's receive ring
 * while free), or one of MC_SMALL_CELLS small cells of the runtime.  A
 * message of at most MC_SMALL_BYTES is copied into a small cell as soon as
 * its completion is seen and its buffer goes straight back to the NIC, so
 * barrier tokens and reduce contributions that arrive before their
 * consumer asks never hold a 16 KiB buffer (with two buffers, two early
 * tokens would otherwise starve the message the consumer waits for).
 * A cell is free when it is not queued for the application, not handed to
 * it (mc_recv_msg), and not being forwarded (host mode).
 *
 * Unicasts carry a 4-byte header [7:0] kind, [19:8] group; the payload
 * follows.  A unicast-mode message longer than MC_UNI_MAX goes without
 * header, announced by a header-only unicast on the same (ordered) peer
 * stream.  Multicast packets need none: the completion names the group and
 * the root.
 *
 * Sends.  Every descriptor has a slot (its tag) naming what it belongs
 * to and the stream it uses: a peer for a unicast, the group for a
 * multicast.  A descriptor is posted only when its stream is idle, and in
 * host mode at most own_sends of this node's own descriptors are in
 * flight, so a forward never waits in the send ring behind a descriptor
 * the NIC cannot start (docs/nic.md, "Host-based mode"). */
#include "mc.h"
#include "node.h"
#include "rt.h"
#include "wc_nic_drv.h"

#define MC_SMALL_CELLS 8
#define NCELLS (MC_MAX_BUFS + MC_SMALL_CELLS)
#define BITW ((MC_MAX_NODES + 31) / 32)
#define INT_CQ 1u               /* NICR_INT_STATUS / INT_ENABLE: completion */

enum { K_DATA = 1, K_ANN = 2, K_UP = 3, K_SYNC = 4 };
#define HDR(kind, gid) ((uint32_t)(kind) | (uint32_t)(gid) << 8)
#define HDR_KIND(h) ((h) & 0xffu)
#define HDR_GID(h) ((h) >> 8 & 0xfffu)
#define HDR_RSVD(h) ((h) >> 20)

enum { S_FREE, S_OWN, S_FWD };
enum { OP_TREE = 1, OP_UNI, OP_RAW };

typedef struct {
    uint8_t *p;                 /* 4-aligned, a headroom word in front */
    uint8_t off;                /* message at p + off: 4 behind a unicast header */
    uint8_t posted, queued, app, fwd;
} cell_t;

typedef struct {
    uint8_t cell, kind;
    uint16_t gid, src, len;
    uint64_t t;
} rxent;

typedef struct {
    uint8_t kind, idx;          /* S_OWN: op index; S_FWD: cell */
    int16_t stream;             /* peer id, or -gid for a group */
} slot_t;

typedef struct {
    uint8_t mode, done;
    int err;
    unsigned gid, len, remaining;
    uint32_t addr;              /* first message byte */
    uint32_t *head;             /* headroom word written with the header, or NULL */
    uint32_t saved;             /* its former contents */
    uint32_t ann;               /* DMA source of the announcement */
    int tree, raw_dst;          /* OP_TREE descriptor still to post; OP_RAW destination */
    uint32_t need_ann[BITW], need_data[BITW];
} op_t;

typedef struct {
    uint8_t cell;
    uint16_t gid, src, len;
} fwdreq;

static struct {
    uint32_t sq[MC_SQ_SIZE * WC_NIC_SDESC_WORDS] __attribute__((aligned(16)));
    uint32_t cq[MC_CQ_SIZE * WC_NIC_CDESC_WORDS] __attribute__((aligned(16)));
    uint32_t rq[MC_MAX_BUFS * WC_NIC_RDESC_WORDS] __attribute__((aligned(16)));
    uint32_t small[MC_SMALL_CELLS][1 + MC_SMALL_BYTES / 4];
    uint32_t up[1 + MC_REDUCE_MAX];     /* a reduce contribution: header + vector; at
                                         * the root, the result: headroom + vector */
    uint32_t sync[2];                   /* a mode switch's sync: its header, no payload */
    unsigned switches;                  /* mode switches done */
    wc_nic_drv drv;
    unsigned self, nnodes, mode, own_max, own, cap, nbufs, nposted, nfwd_live;
    uint32_t base, stride;              /* receive buffer i at base + i * stride */
    uint64_t limit;
    cell_t cell[NCELLS];
    rxent rx[NCELLS];
    unsigned nrx;
    fwdreq fq[NCELLS];
    unsigned nfq;
    slot_t slot[MC_SQ_SIZE];
    op_t op[MC_MAX_OPS];
    uint8_t op_used[MC_MAX_OPS];
    uint32_t peer_busy[BITW], group_busy[(WC_NIC_GROUPS + 31) / 32];
    uint16_t ann_gid[MC_MAX_NODES];     /* announced group of the next long unicast, 0: none */
    mc_group *groups[WC_NIC_GROUPS];
    mc_stats st;
} R;

static uint32_t A(const void *p) { return (uint32_t)(uintptr_t)p; }
static int bit(const uint32_t *m, unsigned i) { return (int)(m[i / 32] >> (i % 32) & 1u); }
static int any(const uint32_t *m)
{
    unsigned i;
    for (i = 0; i < BITW; i++)
        if (m[i])
            return 1;
    return 0;
}
static void bset(uint32_t *m, unsigned i) { m[i / 32] |= 1u << (i % 32); }
static void bclr(uint32_t *m, unsigned i) { m[i / 32] &= ~(1u << (i % 32)); }
/* The NIC reads and writes memory behind the compiler's back: plain
 * stores (a message, its header word, the small copies) may not sink
 * below the register write that hands memory to the NIC, nor loads of a
 * buffer about to be reposted, nor may loads of a received message rise
 * above the completion that announced it.  Volatile accesses keep their
 * order only among themselves. */
static void compiler_barrier(void) { __asm__ volatile("" ::: "memory"); }

static void sq_publish(void)
{
    compiler_barrier();
    wc_nic_drv_sq_commit(&R.drv);
}

static void rq_publish(void)
{
    compiler_barrier();
    wc_nic_drv_rq_commit(&R.drv);
}

/* ---- driver callbacks: the NIC window and this node's RAM --------------- */
static void io_wr(void *c, unsigned reg, uint32_t v) { (void)c; node_nic_wr(reg, v); }
static uint32_t io_rd(void *c, unsigned reg) { (void)c; return node_nic_rd(reg); }
static uint32_t io_mrd(void *c, uint32_t a) { (void)c; return *(volatile uint32_t *)(uintptr_t)a; }
static void io_mwr(void *c, uint32_t a, uint32_t v) { (void)c; *(volatile uint32_t *)(uintptr_t)a = v; }

unsigned mc_self(void) { return R.self; }
unsigned mc_nodes(void) { return R.nnodes; }
uint64_t mc_time(void) { return node_time(); }
const mc_stats *mc_get_stats(void) { return &R.st; }
unsigned mc_get_nic_mode(void) { return R.mode; }
unsigned mc_nbufs(void) { return R.nbufs; }

/* ---- cells ------------------------------------------------------------- */
static void cell_maybe_free(unsigned c)
{
    cell_t *x = &R.cell[c];
    if (x->posted || x->queued || x->app || x->fwd)
        return;
    x->off = 0;
    if (c >= R.nbufs)
        return;
    /* the ring has an entry for every buffer: this cannot fail */
    if (wc_nic_drv_rq_put(&R.drv, A(x->p), R.cap) == 0) {
        x->posted = 1;
        R.nposted++;
    }
}

static int small_cell(void)
{
    unsigned c;
    for (c = MC_MAX_BUFS; c < NCELLS; c++)
        if (!R.cell[c].queued && !R.cell[c].app && !R.cell[c].fwd)
            return (int)c;
    return -1;
}

/* The mode switch in progress, or the next one, as a sync header's group
 * field (1..NIC_GROUPS-1). */
static unsigned sync_epoch(void) { return R.switches % ((unsigned)WC_NIC_GROUPS - 1u) + 1u; }

/* ---- receive completions ------------------------------------------------- */
static void on_recv(const wc_nic_cqe *e, uint64_t now)
{
    unsigned c = (unsigned)((e->addr - R.base) / R.stride), kind = K_DATA, gid = e->group, off = 0, len = e->len;
    rxent *r;
    int s;
    if (e->addr < R.base || c >= R.nbufs || A(R.cell[c].p) != e->addr || !R.cell[c].posted) {
        R.st.proto_errors++;    /* not a buffer this runtime posted */
        return;
    }
    R.cell[c].posted = 0;
    R.nposted--;
    if (e->status != WC_NIC_ST_OK) {
        if (e->status == WC_NIC_ST_TOOBIG)
            R.st.toobig++;
        else
            R.st.rx_errors++;
        cell_maybe_free(c);
        return;
    }
    if (gid == 0) {
        uint32_t h = *(volatile uint32_t *)R.cell[c].p;
        if (len > MC_UNI_MAX) {
            gid = e->src < MC_MAX_NODES ? R.ann_gid[e->src] : 0;
            if (gid)
                R.ann_gid[e->src] = 0;
        } else if (len >= 4 && !HDR_RSVD(h) && HDR_GID(h) > 0 && HDR_GID(h) < (unsigned)WC_NIC_GROUPS) {
            kind = HDR_KIND(h);
            gid = HDR_GID(h);
            off = 4;
            len -= 4;
        }
        if (kind == K_ANN && e->src < MC_MAX_NODES && len == 0) {
            R.ann_gid[e->src] = (uint16_t)gid;
            cell_maybe_free(c);
            return;
        }
        /* a sync of a mode switch that is over (see mc_nic_mode) */
        if (kind == K_SYNC && gid != sync_epoch()) {
            cell_maybe_free(c);
            return;
        }
        if (!gid || (kind != K_DATA && kind != K_UP && kind != K_SYNC)) {
            R.st.proto_errors++;
            cell_maybe_free(c);
            return;
        }
    }
    R.st.recvs++;
    r = &R.rx[R.nrx++];
    r->kind = (uint8_t)kind;
    r->gid = (uint16_t)gid;
    r->src = (uint16_t)e->src;
    r->len = (uint16_t)len;
    r->t = now;
    /* small messages move out of the big buffer at once (see the top) */
    if (len <= MC_SMALL_BYTES && (s = small_cell()) >= 0) {
        memcpy(R.cell[s].p, R.cell[c].p + off, len);
        cell_maybe_free(c);
        c = (unsigned)s;
        off = 0;
    }
    /* behind a unicast header, the header word is the message's headroom */
    R.cell[c].off = (uint8_t)off;
    r->cell = (uint8_t)c;
    R.cell[c].queued = 1;
    /* host-based forwarding: this node sends what it received to its children */
    if (e->group && R.mode == WC_NIC_MODE_HOST && R.groups[gid] && R.groups[gid]->pl.nchild &&
        R.groups[gid]->root != R.self) {
        fwdreq *f = &R.fq[R.nfq++];
        f->cell = (uint8_t)c;
        f->gid = (uint16_t)gid;
        f->src = (uint16_t)e->src;
        f->len = (uint16_t)len;
        R.cell[c].fwd = 1;
    }
}

static void rx_remove(unsigned i)
{
    for (; i + 1 < R.nrx; i++)
        R.rx[i] = R.rx[i + 1];
    R.nrx--;
}

/* Forget queued message i (its buffer goes back at the next commit). */
static void rx_drop(unsigned i)
{
    unsigned c = R.rx[i].cell;
    R.cell[c].queued = 0;
    rx_remove(i);
    cell_maybe_free(c);
}

/* ---- sends ------------------------------------------------------------- */
static int stream_busy(int s)
{
    return s >= 0 ? bit(R.peer_busy, (unsigned)s) : bit(R.group_busy, (unsigned)-s);
}

static void stream_set(int s, int busy)
{
    uint32_t *m = s >= 0 ? R.peer_busy : R.group_busy;
    unsigned i = (unsigned)(s >= 0 ? s : -s);
    if (busy)
        bset(m, i);
    else
        bclr(m, i);
}

static int can_post(int stream, int own)
{
    return wc_nic_drv_sq_space(&R.drv) > 0 && !stream_busy(stream) &&
           !(own && R.mode == WC_NIC_MODE_HOST && R.own >= R.own_max);
}

static int post(int kind, unsigned idx, int stream, unsigned op, unsigned dst, uint32_t addr, unsigned len,
                uint32_t word3)
{
    wc_nic_sdesc d;
    unsigned t;
    for (t = 0; t < MC_SQ_SIZE && R.slot[t].kind != S_FREE; t++)
        ;
    d.op = op;
    d.tag = t;
    d.len = len;
    d.dst = dst;
    d.addr = addr;
    d.word3 = word3;
    /* the caller checked ring space, and a slot frees with each ring entry */
    if (t == MC_SQ_SIZE || wc_nic_drv_sq_put(&R.drv, &d)) {
        R.st.proto_errors++;
        return -1;
    }
    R.slot[t].kind = (uint8_t)kind;
    R.slot[t].idx = (uint8_t)idx;
    R.slot[t].stream = (int16_t)stream;
    stream_set(stream, 1);
    R.st.sends++;
    if (kind == S_OWN) {
        R.own++;
        R.op[idx].remaining++;
    }
    return 0;
}

static int op_pending(const op_t *o)
{
    unsigned i;
    if (o->tree || o->raw_dst >= 0)
        return 1;
    for (i = 0; i < BITW; i++)
        if (o->need_ann[i] | o->need_data[i])
            return 1;
    return 0;
}

static void op_check_done(op_t *o)
{
    if (o->done || o->remaining || op_pending(o))
        return;
    if (o->head)
        *o->head = o->saved;
    o->head = 0;
    o->done = 1;
}

static void op_post(unsigned k)
{
    op_t *o = &R.op[k];
    unsigned d;
    if (o->done)
        return;
    if (o->tree && can_post(-(int)o->gid, 1) &&
        !post(S_OWN, k, -(int)o->gid, WC_OP_MULTICAST, o->gid, o->addr, o->len, 0))
        o->tree = 0;
    if (o->raw_dst >= 0 && can_post(o->raw_dst, 1) &&
        !post(S_OWN, k, o->raw_dst, WC_OP_UNICAST, (unsigned)o->raw_dst, o->addr, o->len, 0)) {
        R.st.unicasts++;
        o->raw_dst = -1;
    }
    for (d = 0; d < R.nnodes && o->mode == OP_UNI; d++) {
        if (!bit(o->need_ann, d) && !bit(o->need_data, d))
            continue;
        if (!can_post((int)d, 1)) {
            if (wc_nic_drv_sq_space(&R.drv) == 0 || (R.mode == WC_NIC_MODE_HOST && R.own >= R.own_max))
                break;
            continue;
        }
        if (bit(o->need_ann, d)) {
            if (post(S_OWN, k, (int)d, WC_OP_UNICAST, d, A(&o->ann), 4, 0))
                break;
            bclr(o->need_ann, d);
        } else {
            /* with a header the message starts at the headroom word */
            uint32_t a = o->head ? o->addr - 4u : o->addr;
            if (post(S_OWN, k, (int)d, WC_OP_UNICAST, d, a, o->head ? o->len + 4u : o->len, 0))
                break;
            bclr(o->need_data, d);
        }
        R.st.unicasts++;
    }
    op_check_done(o);
}

static void post_pending(void)
{
    unsigned i = 0, k;
    /* forwards first: they hold receive buffers */
    while (i < R.nfq) {
        fwdreq *f = &R.fq[i];
        if (!can_post(-(int)f->gid, 0)) {
            if (wc_nic_drv_sq_space(&R.drv) == 0)
                break;
            i++;
            continue;
        }
        if (post(S_FWD, f->cell, -(int)f->gid, WC_OP_MULTICAST, f->gid, A(R.cell[f->cell].p), f->len, f->src))
            break;
        R.st.forwards++;
        R.nfwd_live++;
        for (k = i; k + 1 < R.nfq; k++)
            R.fq[k] = R.fq[k + 1];
        R.nfq--;
    }
    for (k = 0; k < MC_MAX_OPS; k++)
        if (R.op_used[k])
            op_post(k);
    sq_publish();
}

static void on_send(const wc_nic_cqe *e)
{
    slot_t *s = e->tag < MC_SQ_SIZE ? &R.slot[e->tag] : 0;
    if (!s || s->kind == S_FREE) {
        R.st.proto_errors++;
        return;
    }
    stream_set(s->stream, 0);
    if (e->status != WC_NIC_ST_OK)
        R.st.tx_errors++;
    if (s->kind == S_OWN) {
        op_t *o = &R.op[s->idx];
        R.own--;
        o->remaining--;
        if (e->status != WC_NIC_ST_OK)
            o->err = MC_E_NIC;
        op_check_done(o);
    } else {
        R.cell[s->idx].fwd = 0;
        R.nfwd_live--;
        cell_maybe_free(s->idx);
    }
    s->kind = S_FREE;
}

/* ---- progress and waiting ------------------------------------------------ */
static int progress(void)
{
    wc_nic_cqe e;
    int n = 0;
    /* a message's time is when the runtime first looked and found it
     * complete, not when its bookkeeping got round to it */
    uint64_t now = node_time();
    while (wc_nic_drv_poll(&R.drv, &e)) {
        compiler_barrier();
        n++;
        if (e.kind == WC_CK_SEND)
            on_send(&e);
        else if (e.kind == WC_CK_RECV)
            on_recv(&e, now);
        else
            R.st.proto_errors++;
    }
    post_pending();
    rq_publish();
    return n;
}

/* Nothing happened: sleep until the NIC has a completion.  Only a
 * completion changes what the runtime may do next, so this waits on the
 * next completion entry's valid word alone, a load and a branch per turn:
 * that is the reaction time of the runtime.  The status bit is cleared
 * before the entry is looked at, and the NIC sets it in the same edge as
 * it writes the valid word (or later), so an entry that appears after the
 * look keeps the line up and wfi returns at once. */
static int idle(uint64_t deadline, int for_rx)
{
    const volatile uint32_t *w0 = &R.cq[(R.drv.cq_head & (MC_CQ_SIZE - 1u)) * WC_NIC_CDESC_WORDS];
    /* every buffer has the same size: a message that did not fit never
     * will, and its sender waits for good */
    if (R.st.toobig)
        return MC_E_TOOBIG;
    if (for_rx && R.nposted == 0 && R.nfq == 0 && R.nfwd_live == 0)
        return MC_E_STALL;
    wc_nic_drv_cq_flush(&R.drv);
    node_nic_wr(WC_NICR_INT_STATUS, INT_CQ);
    while (!WC_GET(*w0, CD0_VALID)) {
        if (deadline && node_time() > deadline)
            return MC_E_TIMEOUT;
        R.st.waits++;
        node_wfi();
    }
    return MC_OK;
}

static uint64_t deadline(void) { return R.limit ? node_time() + R.limit : 0; }

/* ---- set-up -------------------------------------------------------------- */
int mc_init(const mc_cfg *c)
{
    wc_nic_drv_cfg dc;
    wc_nic_drv_io io;
    uint32_t p, end, stride;
    unsigned i, want;
    if (!c || c->nic_mode > WC_NIC_MODE_HOST || c->buf_bytes > WC_NIC_MAX_MSG || c->nbufs > MC_MAX_BUFS || !c->pool)
        return MC_E_ARG;
    memset(&R, 0, sizeof R);
    R.self = node_id();
    R.nnodes = node_count();
    if (R.nnodes < 1 || R.nnodes > MC_MAX_NODES || R.self >= R.nnodes)
        return MC_E_ARG;
    R.mode = c->nic_mode;
    R.own_max = c->own_sends ? c->own_sends : MC_OWN_SENDS;
    R.limit = c->wait_limit;
    /* buffers: a guard word, then the capacity (a unicast header included,
     * and never less than the runtime's own reduce contributions) */
    R.cap = ((c->buf_bytes ? c->buf_bytes : (unsigned)WC_NIC_MAX_MSG) + MC_HEADROOM + 3u) & ~3u;
    if (R.cap < sizeof R.up)
        R.cap = sizeof R.up;
    if (R.cap > (unsigned)WC_NIC_MAX_MSG)
        R.cap = WC_NIC_MAX_MSG;
    stride = 4u + R.cap;
    p = (A(c->pool) + 3u) & ~3u;
    end = A(c->pool) + c->pool_bytes;
    want = c->nbufs ? c->nbufs : MC_MAX_BUFS;
    for (i = 0; i < want && end >= p && end - p >= stride; i++, p += stride)
        R.cell[i].p = (uint8_t *)(uintptr_t)(p + 4u);
    if (i == 0 || (c->nbufs && i < c->nbufs))
        return MC_E_NOMEM;
    R.nbufs = i;
    R.base = A(R.cell[0].p);
    R.stride = stride;
    for (i = 0; i < MC_SMALL_CELLS; i++)
        R.cell[MC_MAX_BUFS + i].p = (uint8_t *)&R.small[i][1];
    memset(&dc, 0, sizeof dc);
    dc.sq_base = A(R.sq);
    dc.sq_size = MC_SQ_SIZE;
    dc.rq_base = A(R.rq);
    dc.rq_size = MC_MAX_BUFS;
    dc.cq_base = A(R.cq);
    dc.cq_size = MC_CQ_SIZE;
    dc.timeout = c->timeout;
    dc.int_enable = INT_CQ;
    dc.cq_batch = MC_CQ_SIZE / 4;
    io.ctx = 0;
    io.reg_write = io_wr;
    io.reg_read = io_rd;
    io.mem_read = io_mrd;
    io.mem_write = io_mwr;
    node_irq_init();
    if (wc_nic_drv_init(&R.drv, &dc, &io))
        return MC_E_ARG;
    for (i = 0; i < R.nbufs; i++)
        cell_maybe_free(i);
    rq_publish();
    wc_nic_drv_enable(&R.drv, R.mode);
    return MC_OK;
}

static int drain(void)
{
    uint64_t dl = deadline();
    unsigned k;
    for (;;) {
        int busy = R.nfq || R.nfwd_live || R.own, rc;
        for (k = 0; k < MC_MAX_OPS; k++)
            busy |= R.op_used[k] && !R.op[k].done;
        if (!busy)
            return MC_OK;
        if (!progress() && (rc = idle(dl, 0)) != MC_OK)
            return rc;
    }
}

/* The group's entry in this node's NIC; MC_OK or MC_E_NIC. */
static int install(const mc_group *g)
{
    /* a group of the root alone needs no entry (and the NIC takes none) */
    if (!g->pl.nchild && g->pl.parent == (unsigned)WC_NIC_NO_PARENT)
        return MC_OK;
    return wc_nic_drv_group(&R.drv, g->gid, g->pl.parent, g->pl.child, g->pl.nchild) == WC_NIC_ST_OK ? MC_OK
                                                                                                  : MC_E_NIC;
}

int mc_finish(void)
{
    int rc = drain();
    wc_nic_drv_cq_flush(&R.drv);
    return rc;
}

/* ---- groups ---------------------------------------------------------------- */
int mc_is_member(const mc_group *g, unsigned id)
{
    return g && id < MC_MAX_NODES && bit(g->members, id);
}

int mc_group_create(mc_group *g, unsigned gid, const uint16_t *members, unsigned n, unsigned root,
                    const mc_tree *t)
{
    unsigned i;
    int rc;
    if (!g || !t || gid == 0 || gid >= (unsigned)WC_NIC_GROUPS || n > MC_MAX_NODES)
        return MC_E_ARG;
    if (R.groups[gid] && R.groups[gid] != g)
        return MC_E_BUSY;
    /* a descriptor reused without mc_group_destroy leaves its old id */
    for (i = 1; i < (unsigned)WC_NIC_GROUPS; i++)
        if (R.groups[i] == g)
            R.groups[i] = 0;
    memset(g, 0, sizeof *g);
    g->gid = gid;
    g->root = root;
    g->n = n;
    g->tree = *t;
    g->fwd = MC_FWD_AUTO;
    for (i = 0; i < n; i++)
        if (members[i] < MC_MAX_NODES)
            bset(g->members, members[i]);
    if ((rc = mc_place(t, members, n, root, R.self, R.nnodes, &g->pl)) != MC_OK ||
        (rc = install(g)) != MC_OK)
        return rc;
    R.groups[gid] = g;
    return MC_OK;
}

int mc_group_world(mc_group *g, unsigned gid, unsigned root, const mc_tree *t)
{
    uint16_t m[MC_MAX_NODES];
    unsigned i;
    for (i = 0; i < R.nnodes; i++)
        m[i] = (uint16_t)i;
    return mc_group_create(g, gid, m, R.nnodes, root, t);
}

void mc_group_destroy(mc_group *g)
{
    if (!g || g->gid == 0 || g->gid >= (unsigned)WC_NIC_GROUPS || R.groups[g->gid] != g)
        return;
    /* count 0 with no parent clears the entry */
    wc_nic_drv_group(&R.drv, g->gid, WC_NIC_NO_PARENT, 0, 0);
    R.groups[g->gid] = 0;
}

/* ---- send -------------------------------------------------------------- */
/* A free operation with its common fields set, or NULL (MC_E_BUSY). */
static op_t *op_new(unsigned mode, unsigned gid, uint32_t addr, unsigned len)
{
    unsigned k, d;
    op_t *o;
    for (k = 0; k < MC_MAX_OPS && R.op_used[k]; k++)
        ;
    if (k == MC_MAX_OPS)
        return 0;
    o = &R.op[k];
    /* field by field: this is the send's fast path */
    R.op_used[k] = 1;
    o->mode = (uint8_t)mode;
    o->done = 0;
    o->err = MC_OK;
    o->gid = gid;
    o->addr = addr;
    o->len = len;
    o->remaining = 0;
    o->head = 0;
    o->tree = 0;
    o->raw_dst = -1;
    for (d = 0; d < BITW; d++)
        o->need_ann[d] = o->need_data[d] = 0;
    return o;
}

/* Unicasts of kind to every node of dsts but this one: with a header in
 * the headroom word, or announced when too long for one. */
static void op_uni(op_t *o, const uint32_t *dsts, unsigned kind)
{
    unsigned d;
    for (d = 0; d < R.nnodes; d++)
        if (d != R.self && bit(dsts, d))
            bset(o->need_data, d);
    if (o->len > MC_UNI_MAX) {
        for (d = 0; d < BITW; d++)
            o->need_ann[d] = o->need_data[d];
        o->ann = HDR(K_ANN, o->gid);
    } else {
        o->head = (uint32_t *)(uintptr_t)(o->addr - 4u);
        o->saved = *o->head;
        *o->head = HDR(kind, o->gid);
    }
}

/* Post what can go now and hand it to the NIC; the operation's index. */
static int op_go(op_t *o)
{
    unsigned k = (unsigned)(o - R.op);
    op_post(k);
    sq_publish();
    return (int)k;
}

int mc_isend(mc_group *g, const void *buf, unsigned len, int fwd, mc_req *r)
{
    op_t *o;
    if (!g || !r || R.groups[g->gid] != g || g->root != R.self || len < 1 || len > WC_NIC_MAX_MSG ||
        (A(buf) & 3u) || fwd < MC_FWD_AUTO || fwd >= MC_FWD_COUNT)
        return MC_E_ARG;
    if ((fwd == MC_FWD_NIC && R.mode == WC_NIC_MODE_HOST) || (fwd == MC_FWD_HOST && R.mode != WC_NIC_MODE_HOST))
        return MC_E_MODE;
    o = op_new(fwd == MC_FWD_UNICAST ? OP_UNI : OP_TREE, g->gid, A(buf), len);
    if (!o)
        return MC_E_BUSY;
    if (o->mode == OP_TREE)
        o->tree = g->pl.nchild > 0;
    else
        op_uni(o, g->members, K_DATA);
    r->op = op_go(o);
    return MC_OK;
}

int mc_test(const mc_req *r)
{
    return r && r->op >= 0 && r->op < MC_MAX_OPS && R.op_used[r->op] && R.op[r->op].done;
}

static int op_wait(int k)
{
    uint64_t dl = deadline();
    int rc = MC_OK;
    if (k < 0 || k >= MC_MAX_OPS || !R.op_used[k])
        return MC_E_ARG;
    while (!R.op[k].done)
        if (!progress() && (rc = idle(dl, 0)) != MC_OK)
            return rc;      /* the operation stays: its descriptors are in the ring */
    rc = R.op[k].err;
    R.op_used[k] = 0;
    return rc;
}

int mc_wait(mc_req *r)
{
    int rc = r ? op_wait(r->op) : MC_E_ARG;
    if (r && rc != MC_E_TIMEOUT)
        r->op = -1;
    return rc;
}

int mc_send(mc_group *g, const void *buf, unsigned len, int fwd)
{
    mc_req r;
    int rc = mc_isend(g, buf, len, fwd, &r);
    return rc ? rc : mc_wait(&r);
}

/* ---- receive ------------------------------------------------------------ */
/* Wait for the first queued message of kind with group gid (any if 0) from
 * a source in srcs (any if NULL); returns its queue index. */
static int rx_wait(unsigned kind, unsigned gid, const uint32_t *srcs)
{
    uint64_t dl = deadline();
    int rc;
    for (;;) {
        unsigned i;
        for (i = 0; i < R.nrx; i++) {
            const rxent *r = &R.rx[i];
            if (r->kind == kind && (!gid || r->gid == gid) && (!srcs || bit(srcs, r->src)))
                return (int)i;
        }
        if (!progress() && (rc = idle(dl, 1)) != MC_OK)
            return rc;
    }
}

static void take(unsigned i, mc_msg *m)
{
    const rxent *r = &R.rx[i];
    m->data = R.cell[r->cell].p + R.cell[r->cell].off;
    m->len = r->len;
    m->src = r->src;
    m->gid = r->gid;
    m->t = r->t;
    m->buf = r->cell;
    R.cell[r->cell].queued = 0;
    R.cell[r->cell].app = 1;
    rx_remove(i);
}

int mc_recv_msg(mc_group *g, mc_msg *m)
{
    int i;
    if (!m)
        return MC_E_ARG;
    i = rx_wait(K_DATA, g ? g->gid : 0, 0);
    if (i < 0)
        return i;
    take((unsigned)i, m);
    return MC_OK;
}

void mc_release(mc_msg *m)
{
    unsigned c;
    if (!m || m->buf < 0 || m->buf >= NCELLS || !R.cell[m->buf].app)
        return;
    c = (unsigned)m->buf;
    R.cell[c].app = 0;
    m->buf = -1;
    cell_maybe_free(c);
    rq_publish();
}

int mc_recv(mc_group *g, void *buf, unsigned cap, unsigned *len)
{
    mc_msg m;
    int rc = mc_recv_msg(g, &m);
    if (rc)
        return rc;
    if (len)
        *len = m.len;
    if (m.len > cap)
        rc = MC_E_TOOBIG;
    else
        memcpy(buf, m.data, m.len);
    mc_release(&m);
    return rc;
}

/* ---- collectives ------------------------------------------------------------ */
int mc_bcast(mc_group *g, void *buf, unsigned len)
{
    unsigned got;
    int rc;
    if (!g)
        return MC_E_ARG;
    if (g->root == R.self)
        return mc_send(g, buf, len, g->fwd);
    rc = mc_recv(g, buf, len, &got);
    return rc == MC_OK && got != len ? MC_E_TOOBIG : rc;
}

static uint32_t combine(uint32_t a, uint32_t b, int op)
{
    switch (op) {
    case MC_OP_MAX: return a > b ? a : b;
    case MC_OP_MIN: return a < b ? a : b;
    default: return a + b;
    }
}

int mc_reduce(mc_group *g, uint32_t *vec, unsigned n, int op, int all)
{
    uint32_t want[BITW] = { 0 };
    unsigned i, left;
    int rc;
    mc_msg m;
    if (!g || R.groups[g->gid] != g || n > MC_REDUCE_MAX || (n && !vec) || op < MC_OP_SUM || op > MC_OP_MIN)
        return MC_E_ARG;
    /* children's contributions in arrival order (the ops commute) */
    for (i = 0; i < g->pl.nchild; i++)
        bset(want, g->pl.child[i]);
    for (left = g->pl.nchild; left; left--) {
        int q = rx_wait(K_UP, g->gid, want);
        if (q < 0)
            return q;
        take((unsigned)q, &m);
        bclr(want, m.src);
        if (m.len != 4u * n) {
            mc_release(&m);
            return MC_E_ARG;
        }
        for (i = 0; i < n; i++) {
            const uint8_t *p = m.data + 4u * i;
            uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
            vec[i] = combine(vec[i], v, op);
        }
        mc_release(&m);
    }
    if (g->root != R.self) {
        R.up[0] = HDR(K_UP, g->gid);
        for (i = 0; i < n; i++)
            R.up[1 + i] = vec[i];
        op_t *o = op_new(OP_RAW, g->gid, A(R.up), 4u + 4u * n);
        if (!o)
            return MC_E_BUSY;
        o->raw_dst = (int)g->pl.parent;
        if ((rc = op_wait(op_go(o))) != MC_OK)
            return rc;
    }
    /* Down again, the result or (without all) a one-word token.  The token
     * keeps members from running into the next reduce: their early
     * contributions would sit in the parent's receive buffers, and with
     * more children than buffers the one the parent still waits for could
     * find none. */
    if (!all)
        n = 0;
    if (g->root == R.self) {
        R.up[1] = 0;
        for (i = 0; i < n; i++)
            R.up[1 + i] = vec[i];
        return mc_send(g, &R.up[1], n ? 4u * n : 4u, g->fwd);
    }
    if ((rc = mc_recv_msg(g, &m)) != MC_OK)
        return rc;
    if (m.len != (n ? 4u * n : 4u))
        rc = MC_E_ARG;
    for (i = 0; i < n && rc == MC_OK; i++)
        vec[i] = ((const uint32_t *)(const void *)m.data)[i];
    mc_release(&m);
    return rc;
}

int mc_barrier(mc_group *g)
{
    return mc_reduce(g, 0, 0, MC_OP_SUM, 1);
}

/* ---- mode switch ------------------------------------------------------------ */
int mc_nic_mode(unsigned mode)
{
    uint32_t kids[BITW] = { 0 }, parents[BITW] = { 0 };
    unsigned gid, i, ep = sync_epoch();
    int rc, k = -1;
    if (mode > WC_NIC_MODE_HOST)
        return MC_E_ARG;
    if ((rc = drain()) != MC_OK)
        return rc;
    /* A forwarding NIC numbers a group's packets with its parent's
     * sequence, a host's re-send with the group's own counter, which NIC
     * forwarding never advanced: every group starts afresh (install),
     * here and (all nodes switch between barriers) at its parent and
     * children.  But a child whose ack of the group's last packet was
     * lost would, once restarted, take the parent's resend of it for an
     * early packet and never ack it: the parent's send or forward never
     * completes.  So a node restarts its groups only when every parent
     * it has in them has drained (its NIC holds every ack it waits for),
     * which the parent tells it with a unicast (peer streams never
     * restart). */
    for (gid = 1; gid < (unsigned)WC_NIC_GROUPS; gid++) {
        const mc_group *g = R.groups[gid];
        if (!g)
            continue;
        for (i = 0; i < g->pl.nchild; i++)
            bset(kids, g->pl.child[i]);
        if (g->pl.parent != (unsigned)WC_NIC_NO_PARENT)
            bset(parents, g->pl.parent);
    }
    if (any(kids)) {
        op_t *o = op_new(OP_UNI, ep, A(&R.sync[1]), 0);
        if (!o)
            return MC_E_BUSY;
        op_uni(o, kids, K_SYNC);
        k = op_go(o);
    }
    while (any(parents)) {
        int q = rx_wait(K_SYNC, ep, parents);
        if (q < 0)
            return q;
        bclr(parents, R.rx[q].src);
        rx_drop((unsigned)q);
    }
    if (k >= 0 && (rc = op_wait(k)) != MC_OK)
        return rc;
    /* syncs of this switch from nodes that are no parent here */
    for (i = 0; i < R.nrx;)
        if (R.rx[i].kind == K_SYNC)
            rx_drop(i);
        else
            i++;
    rq_publish();
    R.switches++;
    R.mode = mode;
    wc_nic_drv_enable(&R.drv, mode);
    for (gid = 1; gid < (unsigned)WC_NIC_GROUPS; gid++)
        if (R.groups[gid] && (rc = install(R.groups[gid])) != MC_OK)
            return rc;
    return MC_OK;
}

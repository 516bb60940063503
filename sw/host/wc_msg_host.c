/* SPDX-License-Identifier: Apache-2.0 */
/* The host model of wormcast msg: each node's host memory, its register
 * bus to the NIC, the freestanding driver's rings (sw/lib/wc_nic_drv.h),
 * completions, and host-based forwarding (NIC_MODE_HOST).  Every received
 * message goes to the scoreboard. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_msg_int.h"
#include "wc_lockstep.h"

void msg_fail(msim *s, const char *fmt, ...)
{
    va_list ap;
    if (s->res->failure[0])
        return;
    va_start(ap, fmt);
    vsnprintf(s->res->failure, sizeof s->res->failure, fmt, ap);
    va_end(ap);
}

void msg_internal(const char *what, int gid, int node)
{
    WC_BUG("wormcast msg: group %d: %s (node %d)", gid, what, node);
}

/* ---- host memory: reads from the first instance, writes to every one ---- */
static uint32_t mem_rd32(const msim *s, int node, uint32_t a)
{
    const uint8_t *p = s->I[0]->mem[node] + a;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void msg_mem_wr32(msim *s, int node, uint32_t a, uint32_t v)
{
    int i;
    for (i = 0; i < s->ni; i++) {
        uint8_t *p = s->I[i]->mem[node] + a;
        p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
    }
}

/* The NICs' DMA master: host memory answers after --mem-wait wait states. */
void msg_mem_answer(const msim *s, msg_inst *I, int n, const wc_nic_out *o)
{
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

/* ---- the register bus ------------------------------------------------------ */
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
        char err[128];
        int ncap = h->qcap ? 2 * h->qcap : 64;
        busop *nq = wc_alloc((size_t)ncap, sizeof *nq, "a host's register-access queue", err, sizeof err);
        if (!nq) {
            msg_fail(h->s, "node %d: %s", h->node, err);
            return;
        }
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
static void io_mem_write(void *ctx, uint32_t a, uint32_t v) { host *h = ctx; msg_mem_wr32(h->s, h->node, a, v); }

/* step 1: this cycle's Wishbone slave inputs of host h */
void msg_bus_drive(msim *s, host *h, wc_nic_in *in)
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
void msg_bus_observe(msim *s, host *h, const wc_nic_out *o)
{
    if (!h->busy)
        return;
    if (o->s_ack) {
        const busop *b = &h->q[h->qh];
        if (b->check && (o->s_dat & 0xffu) != WC_NIC_ST_OK)
            msg_fail(s, "node %d: the NIC refused group %u: GT_RESULT = %u (the host checked the tree before "
                     "installing it)", h->node, (unsigned)b->val, (unsigned)(o->s_dat & 0xffu));
        h->qh = (h->qh + 1) % h->qcap;
        h->qn--;
        h->busy = 0;
        h->next_ok = s->cyc + 1;
    } else if (s->cyc - h->issued > BUS_TIMEOUT) {
        msg_fail(s, "register %s of NICR_%s at node %d, issued in cycle %ld, not acknowledged after %d cycles",
                 h->q[h->qh].we ? "write" : "read", wc_nic_reg_name(h->q[h->qh].reg), h->node, h->issued,
                 (int)BUS_TIMEOUT);
    }
}

/* ---- received messages and the scoreboard ---------------------------------- */
typedef struct {
    const msim *s;
    int node;
    const wc_nic_cqe *e;
} rx_ctx;

/* a completion with status OK whose buffer holds the message of slot
 * id, byte for byte */
static int rx_match(void *ctx, long id)
{
    const rx_ctx *c = ctx;
    const uint8_t *p = c->s->I[0]->mem[c->node] + c->e->addr;
    const msgrec *m = &c->s->m[id];
    unsigned len = c->e->len;
    uint32_t j;
    if (c->e->status != WC_NIC_ST_OK || (unsigned)m->len != len)
        return 0;
    for (j = 0; 4 * j < len; j++) {
        uint32_t w = msg_word(m->seq, j);
        unsigned b, nb = len - 4 * j < 4 ? len - 4 * j : 4;
        for (b = 0; b < nb; b++)
            if (p[4 * j + b] != (uint8_t)(w >> (8 * b)))
                return 0;
    }
    return 1;
}

/* A CK_RECV at node, on the stream of its source and group; the NIC
 * delivers each stream in order.  A message's latency ends at its last
 * receiver's completion. */
static void score(msim *s, int node, const wc_nic_cqe *e, long appeared)
{
    rx_ctx c;
    long id;
    int done;
    char err[128];
    c.s = s;
    c.node = node;
    c.e = e;
    if (wc_score_arrive(s->sb, wc_score_key((unsigned)node, e->src, e->group), rx_match, &c, &id, &done) ==
        WC_SCORE_OK)
        s->res->bytes += e->len;
    if (done && wc_lat_add(&s->lat, appeared - s->m[id].posted, err, sizeof err))
        msg_fail(s, "%s", err);
}

/* ---- completions ------------------------------------------------------------ */
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
            msg_internal("forward descriptor refused by the driver", (int)f->gid, h->node);
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

void msg_take_streams(host *h, int slot, const int *peers, int np, int gid, int busy)
{
    int *st = h->slot_streams + (size_t)slot * (WC_NIC_MAX_DESTS + 1), i;
    if (busy < 0) {
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

static void handle_send(msim *s, host *h, const wc_nic_cqe *e)
{
    wc_msg_result *r = s->res;
    if (e->tag < (unsigned)s->o->outstanding && h->slot_msg[e->tag] >= 0) {
        long id = h->slot_msg[e->tag];
        h->slot_msg[e->tag] = -1;
        if (h->peer_busy)
            msg_take_streams(h, (int)e->tag, NULL, 0, 0, -1);
        h->free_slot[h->nfree++] = (int)e->tag;
        h->inflight--;
        s->sends_pending--;
        if (e->status != WC_NIC_ST_OK) {
            r->send_errors++;
            /* what it did not deliver will never come: stop waiting (a
             * message the scoreboard handed back owes nothing) */
            if (s->m[id].scored)
                wc_score_fail(s->sb, id);
        }
        msg_unhold(s, id);
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
    if (s->o->mode == WC_NIC_MODE_HOST && g && msg_group_children(g, h->node, ch) > 0) {
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
void msg_host_poll(msim *s, host *h)
{
    wc_nic_cqe e;
    int i, got = 0;
    while (h->cq_seen < CQ_SIZE && wc_nic_drv_cq_ready(&h->drv, h->cq_seen)) {
        h->cq_stamp[(uint16_t)(h->drv.cq_head + h->cq_seen) & (CQ_SIZE - 1)] = s->cyc;
        h->cq_seen++;
    }
    /* a skewed host has not joined the multicast yet: its completions wait
     * (its NIC forwards regardless; host-mode forwarding waits too) */
    if (s->join_at && s->once_at >= 0 && (s->join_at[h->node] < 0 || s->cyc < s->join_at[h->node]))
        return;
    while (h->cq_seen) {
        long appeared = h->cq_stamp[h->drv.cq_head & (CQ_SIZE - 1)];
        if (appeared + s->o->host_delay > s->cyc || !wc_nic_drv_poll(&h->drv, &e))
            break;
        if (s->done_at)
            s->done_at[h->node] = s->cyc;
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
            msg_internal("receive ring full on a repost", 0, h->node);
    }
    if (h->nrepost)
        wc_nic_drv_rq_commit(&h->drv);
    h->nrepost = 0;
}

/* ---- set-up ------------------------------------------------------------------ */
/* The driver's rings in this host's memory, its send slots and, in host
 * mode, the stream bookkeeping (h->s, h->node and the groups rooted here
 * are set). */
int msg_host_init(msim *s, host *h, char *err, int errlen)
{
    const wc_msg_opts *o = s->o;
    wc_nic_drv_io io = { 0 };
    wc_nic_drv_cfg dc = { 0 };
    int i;
    if (o->mode == WC_NIC_MODE_HOST) {
        if (!(h->peer_busy = wc_alloc((size_t)s->N, 1, "host stream flags", err, errlen)) ||
            !(h->group_busy = wc_alloc(WC_NIC_GROUPS, 1, "host stream flags", err, errlen)) ||
            !(h->slot_streams = wc_alloc((size_t)o->outstanding * (WC_NIC_MAX_DESTS + 1), sizeof(int),
                                         "host send slots", err, errlen)))
            return -1;
        for (i = 0; i < o->outstanding; i++)
            h->slot_streams[(size_t)i * (WC_NIC_MAX_DESTS + 1)] = -2;
    }
    if (!(h->slot_msg = wc_alloc((size_t)o->outstanding, sizeof *h->slot_msg, "host send slots", err, errlen)) ||
        !(h->free_slot = wc_alloc((size_t)o->outstanding, sizeof *h->free_slot, "host send slots", err, errlen)))
        return -1;
    for (i = 0; i < o->outstanding; i++) {
        h->slot_msg[i] = -1;
        h->free_slot[h->nfree++] = o->outstanding - 1 - i;
    }
    h->kinds = (o->mix & WC_MSG_UNICAST ? 1u << K_UNI : 0) | (o->mix & WC_MSG_MULTISEND ? 1u << K_MS : 0) |
               (h->ngroots ? 1u << K_MC : 0);
    /* rings at the bottom of host memory (wc_msg.c: layout) */
    dc.sq_base = s->sq_base; dc.sq_size = SQ_SIZE; dc.rq_base = s->rq_base; dc.rq_size = RQ_SIZE;
    dc.cq_base = s->cq_base; dc.cq_size = CQ_SIZE; dc.timeout = o->timeout; dc.cq_batch = CQ_BATCH;
    /* the host's side: register writes queue on its bus, memory is direct */
    io.ctx = h; io.reg_write = io_reg_write; io.mem_read = io_mem_read; io.mem_write = io_mem_write;
    if (wc_nic_drv_init(&h->drv, &dc, &io))
        msg_internal("driver configuration refused", 0, h->node);
    return 0;
}

void msg_host_free(host *h)
{
    free(h->q);
    free(h->slot_msg);
    free(h->peer_busy);
    free(h->group_busy);
    free(h->slot_streams);
    free(h->free_slot);
    free(h->groots);
}

/* Every group entry through the driver (each checked through GT_RESULT),
 * then enable and the receive buffers; traffic starts once every host's
 * register writes are through. */
int msg_hosts_install(msim *s, char *err, int errlen)
{
    int i, n;
    for (i = 1; i < WC_NIC_GROUPS; i++) {
        const group *g = s->g[i];
        int m;
        if (!g)
            continue;
        for (m = 0; m < g->n; m++) {
            uint16_t ch[WC_NIC_MAX_CHILDREN];
            int x = g->mem[m], nch = msg_group_children(g, x, ch);
            if (wc_nic_drv_group(&s->h[x].drv, (unsigned)g->gid, m ? (unsigned)g->par[m] : WC_NIC_NO_PARENT, ch,
                                 (unsigned)nch) < 0)
                msg_internal("group entry refused by the driver", g->gid, x);
            bus_push(&s->h[x], WC_NICR_GT_RESULT, 0, (uint32_t)g->gid, 1);
        }
    }
    for (n = 0; n < s->N; n++) {
        host *h = &s->h[n];
        wc_nic_drv_enable(&h->drv, (unsigned)s->o->mode);
        for (i = 0; i < NRBUF; i++)
            wc_nic_drv_rq_put(&h->drv, s->rbuf_base + (uint32_t)i * s->bufsz, s->bufsz);
        wc_nic_drv_rq_commit(&h->drv);
    }
    /* a register queue that could not grow failed the set-up */
    return s->res->failure[0] ? wc_err(err, errlen, "%s", s->res->failure) : 0;
}

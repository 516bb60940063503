/* SPDX-License-Identifier: Apache-2.0 */
/* NIC host driver (see wc_nic_drv.h). */
#include "wc_nic_drv.h"

static int pow2(unsigned n) { return n >= 1 && n <= 32768u && (n & (n - 1u)) == 0; }

static void wr(wc_nic_drv *d, unsigned reg, uint32_t v) { d->io.reg_write(d->io.ctx, reg, v); }

int wc_nic_drv_init(wc_nic_drv *d, const wc_nic_drv_cfg *cfg, const wc_nic_drv_io *io)
{
    if (!pow2(cfg->sq_size) || !pow2(cfg->rq_size) || !pow2(cfg->cq_size) || cfg->cq_batch < 1 ||
        (cfg->sq_base & 15u) || (cfg->rq_base & 7u) || (cfg->cq_base & 15u) || !io->reg_write ||
        !io->mem_read || !io->mem_write)
        return -1;
    d->io = *io;
    d->c = *cfg;
    d->sq_tail = d->rq_tail = d->cq_head = 0;
    d->sq_pub = d->rq_pub = d->cq_pub = 0;
    d->sq_done = d->rq_done = 0;
    wr(d, WC_NICR_SQ_BASE, cfg->sq_base);
    wr(d, WC_NICR_SQ_SIZE, cfg->sq_size);
    wr(d, WC_NICR_RQ_BASE, cfg->rq_base);
    wr(d, WC_NICR_RQ_SIZE, cfg->rq_size);
    wr(d, WC_NICR_CQ_BASE, cfg->cq_base);
    wr(d, WC_NICR_CQ_SIZE, cfg->cq_size);
    if (cfg->timeout)
        wr(d, WC_NICR_TIMEOUT, cfg->timeout);
    if (cfg->int_enable)
        wr(d, WC_NICR_INT_ENABLE, cfg->int_enable);
    return 0;
}

int wc_nic_drv_group(wc_nic_drv *d, unsigned gid, unsigned parent, const uint16_t *child, unsigned n)
{
    unsigned i;
    if (n > (unsigned)WC_NIC_MAX_CHILDREN || (parent == (unsigned)WC_NIC_NO_PARENT && n == 0))
        return -1;
    wr(d, WC_NICR_GT_SEL, gid);
    wr(d, WC_NICR_GT_PARENT, parent);
    for (i = 0; i < n; i++)
        wr(d, WC_NICR_GT_CHILD, (uint32_t)i << 16 | (child[i] & 0xfffu));
    /* a count of 0 with a parent installs a leaf; only 0 at the root clears */
    wr(d, WC_NICR_GT_COMMIT, n);
    return d->io.reg_read ? (int)(d->io.reg_read(d->io.ctx, WC_NICR_GT_RESULT) & 0xffu) : 0;
}

void wc_nic_drv_enable(wc_nic_drv *d, unsigned mode)
{
    wr(d, WC_NICR_CTRL, 1u | (mode & 3u) << 1);
}

unsigned wc_nic_drv_sq_space(const wc_nic_drv *d)
{
    return d->c.sq_size - (uint16_t)(d->sq_tail - d->sq_done);
}

unsigned wc_nic_drv_rq_space(const wc_nic_drv *d)
{
    return d->c.rq_size - (uint16_t)(d->rq_tail - d->rq_done);
}

int wc_nic_drv_sq_put(wc_nic_drv *d, const wc_nic_sdesc *s)
{
    uint32_t a, w0 = 0;
    if (!wc_nic_drv_sq_space(d) || s->op < WC_OP_UNICAST || s->op > WC_OP_MULTICAST || s->len < 1 ||
        s->len > (unsigned)WC_NIC_MAX_MSG || s->tag >= (1u << WC_SD0_TAG_W) ||
        s->dst >= (1u << WC_SD2_DST_W) || (s->addr & 3u))
        return -1;
    a = d->c.sq_base + 16u * (d->sq_tail & (d->c.sq_size - 1u));
    w0 = WC_SET(w0, SD0_OP, s->op);
    w0 = WC_SET(w0, SD0_TAG, s->tag);
    w0 = WC_SET(w0, SD0_LEN, s->len);
    d->io.mem_write(d->io.ctx, a + 4u, s->addr);
    d->io.mem_write(d->io.ctx, a + 8u, WC_SET(0u, SD2_DST, s->dst));
    d->io.mem_write(d->io.ctx, a + 12u, s->word3);
    d->io.mem_write(d->io.ctx, a, w0);
    d->sq_tail++;
    return 0;
}

void wc_nic_drv_sq_commit(wc_nic_drv *d)
{
    if (d->sq_pub != d->sq_tail) {
        d->sq_pub = d->sq_tail;
        wr(d, WC_NICR_SQ_TAIL, d->sq_tail);
    }
}

int wc_nic_drv_rq_put(wc_nic_drv *d, uint32_t addr, uint32_t cap)
{
    uint32_t a;
    if (!wc_nic_drv_rq_space(d) || (addr & 3u))
        return -1;
    a = d->c.rq_base + 8u * (d->rq_tail & (d->c.rq_size - 1u));
    d->io.mem_write(d->io.ctx, a, addr);
    d->io.mem_write(d->io.ctx, a + 4u, cap);
    d->rq_tail++;
    return 0;
}

void wc_nic_drv_rq_commit(wc_nic_drv *d)
{
    if (d->rq_pub != d->rq_tail) {
        d->rq_pub = d->rq_tail;
        wr(d, WC_NICR_RQ_TAIL, d->rq_tail);
    }
}

int wc_nic_drv_post_send(wc_nic_drv *d, const wc_nic_sdesc *s)
{
    if (wc_nic_drv_sq_put(d, s))
        return -1;
    wc_nic_drv_sq_commit(d);
    return 0;
}

int wc_nic_drv_post_recv(wc_nic_drv *d, uint32_t addr, uint32_t cap)
{
    if (wc_nic_drv_rq_put(d, addr, cap))
        return -1;
    wc_nic_drv_rq_commit(d);
    return 0;
}

static uint32_t cq_addr(const wc_nic_drv *d, unsigned k)
{
    return d->c.cq_base + 16u * ((uint16_t)(d->cq_head + k) & (d->c.cq_size - 1u));
}

int wc_nic_drv_cq_ready(const wc_nic_drv *d, unsigned k)
{
    if (k >= d->c.cq_size)
        return 0;
    return (int)WC_GET(d->io.mem_read(d->io.ctx, cq_addr(d, k)), CD0_VALID);
}

int wc_nic_drv_poll(wc_nic_drv *d, wc_nic_cqe *e)
{
    uint32_t a = cq_addr(d, 0);
    unsigned i;
    e->w[0] = d->io.mem_read(d->io.ctx, a);
    if (!WC_GET(e->w[0], CD0_VALID))
        return 0;
    for (i = 1; i < 4; i++)
        e->w[i] = d->io.mem_read(d->io.ctx, a + 4u * i);
    e->status = WC_GET(e->w[0], CD0_STATUS);
    e->kind = WC_GET(e->w[0], CD0_KIND);
    e->tag = WC_GET(e->w[0], CD0_TAG);
    e->src = WC_GET(e->w[1], CD1_SRC);
    e->group = WC_GET(e->w[1], CD1_GROUP);
    e->addr = e->w[2];
    e->len = WC_GET(e->w[3], CD3_LEN);
    /* the NIC sets VALID when it writes an entry; clearing it is what
     * tells the next lap of the ring apart from this one */
    d->io.mem_write(d->io.ctx, a, 0);
    d->cq_head++;
    if (e->kind == WC_CK_SEND)
        d->sq_done++;
    else if (e->kind == WC_CK_RECV)
        d->rq_done++;
    if ((uint16_t)(d->cq_head - d->cq_pub) >= d->c.cq_batch) {
        d->cq_pub = d->cq_head;
        wr(d, WC_NICR_CQ_HEAD, d->cq_head);
    }
    return 1;
}

void wc_nic_drv_cq_flush(wc_nic_drv *d)
{
    if (d->cq_pub != d->cq_head) {
        d->cq_pub = d->cq_head;
        wr(d, WC_NICR_CQ_HEAD, d->cq_head);
    }
}

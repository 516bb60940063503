/* SPDX-License-Identifier: Apache-2.0 */
/* NIC send-queue unit (rtl/nic/wc_nic_sq.v): the host's send descriptors
 * in ring order, one at a time: wait for a free send job, read the
 * descriptor (and a multisend's destination list) through the DMA, check
 * it in the order of docs/nic.md, wait until its streams have no other
 * message in flight (a stream's packets go out in sequence order), create
 * the job and give each destination stream its block of sequence numbers.
 * A refused descriptor completes with its error status. */
#include <string.h>
#include "wc_nic_int.h"

static unsigned sq_check(const wc_nic *n)
{
    const nic_sq_q *r = &n->sq;
    unsigned op = WC_GET(r->d[0], SD0_OP), len = WC_GET(r->d[0], SD0_LEN);
    unsigned x = WC_GET(r->d[2], SD2_DST);
    uint32_t d3 = r->d[3];
    if (r->err)
        return WC_NIC_ST_BUSERR;
    if (op < WC_OP_UNICAST || op > WC_OP_MULTICAST || (r->d[1] & 3u) || (r->d[2] >> WC_SD2_DST_W) ||
        (op == WC_OP_UNICAST && d3) || (op == WC_OP_MULTISEND && (d3 & 3u)))
        return WC_NIC_ST_BADOP;
    if (len == 0 || len > (unsigned)WC_NIC_MAX_MSG)
        return WC_NIC_ST_BADLEN;
    if (op == WC_OP_UNICAST)
        return x >= (unsigned)n->N || x == n->self ? WC_NIC_ST_BADDST : WC_NIC_ST_OK;
    if (op == WC_OP_MULTISEND)
        return x == 0 || x > (unsigned)(n->c.mutate == 9 ? WC_NIC_MAX_DESTS : n->c.maxchild) ? WC_NIC_ST_NODST
                                                                                         : WC_NIC_ST_OK;
    if (x == 0 || x >= (unsigned)n->G || !n->gt.g[x].valid)
        return WC_NIC_ST_NOGROUP;
    if (n->gt.g[x].parent == WC_NIC_NO_PARENT) {
        if (d3)
            return WC_NIC_ST_BADOP;
    } else {
        if (n->regs.mode != WC_NIC_MODE_HOST)
            return WC_NIC_ST_BADDST;
        if (d3 >= (uint32_t)n->N)
            return WC_NIC_ST_BADOP;
    }
    return n->gt.g[x].nchild == 0 ? WC_NIC_ST_NODST : WC_NIC_ST_OK;
}

static unsigned sq_list_check(const wc_nic *n)
{
    const nic_sq_q *r = &n->sq;
    unsigned i, k, cnt = WC_GET(r->d[2], SD2_DST);
    if (r->err)
        return WC_NIC_ST_BUSERR;
    for (i = 0; i < cnt; i++) {
        uint32_t w = r->list[i];
        if (w >> WC_SD2_DST_W)
            return WC_NIC_ST_BADOP;
        if (w >= (uint32_t)n->N || w == n->self)
            return WC_NIC_ST_BADDST;
        for (k = 0; k < i; k++)
            if (r->list[k] == w)
                return WC_NIC_ST_BADDST;
    }
    return WC_NIC_ST_OK;
}

/* destinations of the descriptor held by the SQ unit are all free */
static int sq_streams_free(const wc_nic *n)
{
    const nic_sq_q *r = &n->sq;
    unsigned op = WC_GET(r->d[0], SD0_OP), x = WC_GET(r->d[2], SD2_DST), i;
    if (op == WC_OP_UNICAST)
        return !n->ubusy[x];
    if (op == WC_OP_MULTICAST)
        return !n->gbusy[x];
    for (i = 0; i < x; i++)
        if (n->ubusy[r->list[i]])
            return 0;
    return 1;
}

/* the job the checked descriptor becomes (not live until INIT is done) */
static void new_job(const wc_nic *n, nic_job *jb)
{
    const nic_sq_q *r = &n->sq;
    unsigned op = WC_GET(r->d[0], SD0_OP), x = WC_GET(r->d[2], SD2_DST), c;
    memset(jb, 0, sizeof *jb);
    jb->tag = (uint16_t)WC_GET(r->d[0], SD0_TAG);
    jb->msglen = (uint16_t)WC_GET(r->d[0], SD0_LEN);
    jb->npk = (uint16_t)nic_npk_of(n, jb->msglen);
    jb->avail = jb->npk;
    jb->addr = r->d[1];
    jb->src = (uint16_t)n->self;
    if (op == WC_OP_MULTICAST) {
        const wc_nic_group_ent *e = &n->gt.g[x];
        jb->type = WC_PT_MDATA;
        jb->group = (uint16_t)x;
        jb->nc = e->nchild;
        for (c = 0; c < jb->nc; c++)
            jb->dst[c] = e->child[c];
        if (e->parent != WC_NIC_NO_PARENT)
            jb->src = (uint16_t)r->d[3];
    } else {
        jb->type = WC_PT_UDATA;
        jb->nc = (uint8_t)(op == WC_OP_UNICAST ? 1u : x);
        for (c = 0; c < jb->nc; c++)
            jb->dst[c] = (uint16_t)(op == WC_OP_UNICAST ? x : r->list[c]);
    }
}

void nic_sq_decide(const wc_nic *n, int newfj, nic_sq_dec *d)
{
    const nic_sq_q *r = &n->sq;
    const nic_job *jb = &n->jobs.job[r->job];
    int j;
    d->job = r->job;
    d->next = -1;
    d->status = WC_NIC_ST_OK;
    d->create = d->init = d->fin = d->err = 0;
    switch (r->st) {
    case SQ_IDLE:
        if (n->regs.en && n->regs.sq_size && n->regs.sq_head != n->regs.sq_tail)
            for (j = 0; j < n->c.jsend; j++)
                if (!n->jobs.job[j].valid) { d->next = j; break; }
        break;
    case SQ_CHECK:
        d->status = sq_check(n);
        break;
    case SQ_LCHK:
        d->status = sq_list_check(n);
        break;
    case SQ_ERR:
        d->err = 1;
        nic_cd_send(d->cd, r->status, WC_GET(r->d[0], SD0_TAG), r->d[1], WC_GET(r->d[0], SD0_LEN));
        break;
    case SQ_WAIT:
        /* (not while the receive processor starts a forwarding job: one
         * job a cycle writes the job unit's destination rows) */
        d->create = sq_streams_free(n) && !newfj;
        if (d->create)
            new_job(n, &d->nj);
        break;
    case SQ_INIT:
        /* one child a cycle, when the job unit's pipeline takes it: a
         * destination takes base = next[peer], next[peer] += npk, and
         * marks the peer busy; a multicast's children all take the
         * group's next, which moves on (and the group is busy) with the
         * last */
        d->init = 1;
        d->init_grp = jb->type == WC_PT_MDATA;
        d->init_c = r->i;
        d->init_id = d->init_grp ? jb->group : jb->dst[r->i];
        d->base = d->init_grp ? n->gnext[d->init_id] : n->unext[d->init_id];
        d->npk = jb->npk;
        d->fin = r->i + 1 == jb->nc;
        break;
    default:
        break;
    }
}

/* In this order: the state machine, then the DMA's start, descriptor or
 * list words and end of the read. */
void nic_sq_commit(wc_nic *n, const nic_dec *d)
{
    nic_sq_q *r = &n->sq;
    const nic_sq_dec *s = &d->sq;
    const nic_dma_dec *dm = &d->dma;
    switch (r->st) {
    case SQ_IDLE:
        if (s->next >= 0) {
            r->job = (uint8_t)s->next;
            r->st = SQ_FETCH;
        }
        break;
    case SQ_CHECK:
        r->status = (uint8_t)s->status;
        r->st = s->status != WC_NIC_ST_OK ? SQ_ERR
              : WC_GET(r->d[0], SD0_OP) == WC_OP_MULTISEND ? SQ_LIST : SQ_WAIT;
        break;
    case SQ_LCHK:
        r->status = (uint8_t)s->status;
        r->st = s->status != WC_NIC_ST_OK ? SQ_ERR : SQ_WAIT;
        break;
    case SQ_ERR:
        if (d->sq_push)
            r->st = SQ_IDLE;
        break;
    case SQ_WAIT:
        if (s->create) {
            r->i = 0;
            r->st = SQ_INIT;
        }
        break;
    case SQ_INIT:
        if (d->jobs.sq_gnt) {
            r->i++;
            if (s->fin)
                r->st = SQ_IDLE;
        }
        break;
    default:
        break;
    }
    if (dm->start && dm->cli == CLI_SQ)
        r->err = 0;
    if (dm->word_done && dm->cli == CLI_SQ) {
        if (r->st == SQ_FETCH) r->d[dm->idx] = dm->rdata;
        else r->list[dm->idx] = dm->rdata;
        r->err |= (uint8_t)dm->err;
    }
    if (dm->op_done && dm->cli == CLI_SQ)
        r->st = r->st == SQ_FETCH ? SQ_CHECK : SQ_LCHK;
}

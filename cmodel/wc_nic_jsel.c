/* SPDX-License-Identifier: Apache-2.0 */
/* The job unit's transmit selection (rtl/nic/wc_nic_jsel.v).  A job
 * sends to its children in claim order: a REQ due goes before data; then
 * FPFS and host mode take the child with the fewest packets sent, the
 * lowest index on a tie; FCFS the lowest child up to the one being
 * served.  Every job keeps a ready set (a bit a child) of the children
 * whose claim is at its best level (REQs, or data at the fewest packets
 * sent; in FCFS all data is one level), and that level; its candidate is
 * the set's lowest child.  A SEL takes its child out of the set (or keeps
 * it, still at the level), so a level's children go one a cycle, O(1) a
 * packet.  The set comes from a pass over the job's children, one FIND a
 * cycle through the child table's pipeline, run by one pass engine for
 * every job in turn, gathering the best level it sees; the events keep
 * it current: an ack, NAK, timeout or INIT puts its child in (at the
 * level), makes it the set alone (a better level) or takes it out, in
 * the job's set or that of a pass under way that has visited the child.
 * A pass is due when the set empties, when a forwarding job's packet
 * count grows, and when a job goes live or becomes its group's oldest.
 *
 * The selection proper: round robin over the jobs with a candidate, which
 * goes to stage B (SEL); stage B checks it is still due and writes the
 * packet into the prep register; the selection register takes it from
 * there, or a pending ack first, acks and data alternating when both wait
 * (served first every time, acks starved a congested forwarder's jobs for
 * good: docs/nic-flow.md).  Mutation 4 (lockstep self-check) serves acks
 * first always. */
#include <string.h>
#include "wc_nic_int.h"

static unsigned pkt_len(const wc_nic *n, unsigned msglen, unsigned off)
{
    unsigned rest = msglen - off;
    return rest < (unsigned)n->c.payload ? rest : (unsigned)n->c.payload;
}

/* A REQ may go to child c: FCFS asks a child when the one before it is
 * being served (a grant holds the receiver's context, buffer and
 * forwarding job, which a child served much later would hold idle); a
 * forwarding job asks only as its group's oldest (a child admits a
 * stream's messages in order, one at a time). */
int nic_jsel_allowed(const wc_nic *n, const nic_job *jb, unsigned c)
{
    return (n->regs.mode != WC_NIC_MODE_FCFS || c <= jb->fc + 1u) && (!jb->fwd || jb->old);
}

/* Child c may be sent its next packet: admitted, one of the packets the
 * job has, and fewer than TXWIN unacknowledged (a child that drops
 * everything then costs its siblings at most a window per timeout); in
 * FCFS, the children before it have the whole message. */
int nic_jsel_eligible(const wc_nic *n, const nic_job *jb, const wc_nic_rel_child *e, unsigned c)
{
    wc_nic_rel_child t = *e;
    if (n->c.mutate == 6)
        t.adm = WC_NIC_ADM_GRANT;   /* mutation 6: data without admission */
    return wc_nic_rel_may_send(&t, jb->avail, n->c.txwin) && (n->regs.mode != WC_NIC_MODE_FCFS || c <= jb->fc);
}

nic_jkey nic_jsel_key(const wc_nic *n, const nic_job *jb, const wc_nic_rel_child *e, unsigned c)
{
    nic_jkey k;
    memset(&k, 0, sizeof k);
    k.c = c;
    if (e->adm == WC_NIC_ADM_NEED && nic_jsel_allowed(n, jb, c))
        k.v = k.req = 1;
    else if (nic_jsel_eligible(n, jb, e, c)) {
        k.v = 1;
        k.k = e->sent;
    }
    return k;
}

/* Levels {a REQ, packets sent}: claim a's level goes strictly before
 * the level of set r (none if r is empty), or is it */
static int lv_before(const wc_nic *n, nic_jkey a, uint32_t r, unsigned req, unsigned k)
{
    if (!a.v)
        return 0;
    if (!r)
        return 1;
    if ((unsigned)a.req != req)
        return a.req;
    return !a.req && n->regs.mode != WC_NIC_MODE_FCFS && a.k < k;
}

static int lv_same(const wc_nic *n, nic_jkey a, uint32_t r, unsigned req, unsigned k)
{
    return a.v && r && (unsigned)a.req == req && (a.req || n->regs.mode == WC_NIC_MODE_FCFS || a.k == k);
}

/* Child c's new claim into set *r of level {*req, *k}: a better level
 * makes the child the set alone; its level puts it in; else it leaves.
 * Mutation 15 (lockstep self-check): a child at the level stays out. */
static void lv_merge(const wc_nic *n, uint32_t *r, uint8_t *req, uint16_t *k, unsigned c, nic_jkey e)
{
    if (lv_before(n, e, *r, *req, *k)) {
        *r = 1u << c;
        *req = (uint8_t)e.req;
        *k = (uint16_t)e.k;
    } else if (lv_same(n, e, *r, *req, *k) && n->c.mutate != 15) {
        *r |= 1u << c;
    } else {
        *r &= ~(1u << c);
    }
}

/* a job's ready set, and its candidate: the set's lowest child */
static void set_rdy(nic_job *jb, uint32_t r)
{
    unsigned c = 0;
    jb->rdy = r;
    jb->cv = r != 0;
    while (r && !(r >> c & 1u))
        c++;
    jb->cc = (uint8_t)c;
}

/* A candidate to stage B: the first job at or after the pointer that
 * has one, while the prep register is empty and no SEL is in stage B. */
int nic_jsel_request(const wc_nic *n, int *job)
{
    const nic_jobs_q *q = &n->jobs;
    int i;
    if (q->prep.valid || (q->b.v && q->b.op == JOP_SEL))
        return 0;
    for (i = 0; i < n->J; i++) {
        int j = q->job_ptr + i < n->J ? q->job_ptr + i : q->job_ptr + i - n->J;
        const nic_job *jb = &q->job[j];
        if (jb->valid && jb->live && jb->cv) {
            *job = j;
            return 1;
        }
    }
    return 0;
}

/* Stage B of SEL (the candidate, if still due, becomes the prep
 * register's packet and moves its child on) and of FIND (the child's
 * claim). */
void nic_jsel_stage_b(const wc_nic *n, nic_jobs_dec *d)
{
    const nic_jobs_q *q = &n->jobs;
    const nic_jop *o = &q->b;
    const nic_job *jb = &q->job[o->j];
    const uint32_t T = nic_rto(n), now = n->regs.now;
    nic_send *e = &d->pkt;
    unsigned k;
    int live;
    if (!o->v || (o->op != JOP_SEL && o->op != JOP_FIND))
        return;
    live = jb->valid && jb->live && o->c < jb->nc;
    d->e = nic_jrel_entry(n);
    if (o->op == JOP_FIND) {
        d->ok = live && q->pe_v && q->pe_j == o->j && q->pe_pid == o->pid;
        if (d->ok)
            d->key = nic_jsel_key(n, jb, &d->e, o->c);
        return;
    }
    if (!live || (o->req ? !(d->e.adm == WC_NIC_ADM_NEED && nic_jsel_allowed(n, jb, o->c))
                         : !nic_jsel_eligible(n, jb, &d->e, o->c)))
        return;
    d->ok = 1;
    k = o->req ? 0u : d->e.sent;
    memset(e, 0, sizeof *e);
    e->valid = 1;
    e->job = o->j;
    e->child = o->c;
    e->k = (uint16_t)k;
    e->dst = jb->dst[o->c];
    e->type = jb->type;
    e->src = jb->src;
    e->group = jb->group;
    e->msglen = jb->msglen;
    if (o->req) {
        /* the child's REQ: a control packet with the message's first
         * sequence and length */
        e->ack = 1;
        e->type = WC_PT_REQ;
        e->group = jb->type == WC_PT_MDATA ? jb->group : 0;
        e->seq = d->e.base;
        e->ready = 1;
        wc_nic_rel_req_sent(&d->e, now, T);
        return;
    }
    e->seq = (uint16_t)(d->e.base + k);
    e->off = (uint16_t)(k * (unsigned)n->c.payload);
    e->len = (uint16_t)pkt_len(n, jb->msglen, e->off);
    d->first = k >= d->e.hi;
    /* a first-time data packet starts a round-trip probe if none runs
     * (Karn: a resent packet's ack cannot tell which copy it answers) */
    d->probe = d->first && !q->pr_v;
    wc_nic_rel_sent(&d->e, k, now, T);
    /* the child's claim after the packet, from the registered job (its
     * ready set keeps it if the claim stays at the level) */
    d->key = nic_jsel_key(n, jb, &d->e, o->c);
}

/* An event moved child c of job j to claim k: into the set of a pass
 * under way if the pass has visited c, else into the job's set; a job
 * due a pass takes no event (the pass reads the child).  A pass whose set
 * empties starts over; a job's empty set makes a pass due. */
static void merge(wc_nic *n, int j, unsigned c, nic_jkey k, int *restart)
{
    nic_jobs_q *q = &n->jobs;
    nic_job *jb = &q->job[j];
    uint32_t r;
    if (q->pe_v && q->pe_j == j) {
        if (c >= q->pe_pb)
            return;             /* not visited yet: the pass will read it */
        r = q->pq;
        lv_merge(n, &q->pq, &q->rb_req, &q->rb_k, c, k);
        *restart = r && !q->pq;
        return;
    }
    if (!jb->cv && jb->need)
        return;
    r = jb->rdy;
    lv_merge(n, &r, &jb->creq, &jb->ck, c, k);
    if (jb->cv && !r)
        jb->need = 1;
    set_rdy(jb, r);
}

/* (a pass's id is one bit: a FIND is in flight for one cycle, and a
 * pass starts or starts over at most once a cycle) */
static void restart_pass(nic_jobs_q *q)
{
    q->pe_pid ^= 1u;
    q->pe_pi = q->pe_pb = 0;
    q->pq = 0;
}

/* The pass engine's next job, from registered state: the first at or
 * after its pointer that is live and due a pass, and not leaving in this
 * cycle (push); -1 if a pass runs or none is due. */
int nic_jsel_next_pass(const wc_nic *n, int push)
{
    const nic_jobs_q *q = &n->jobs;
    int i;
    if (q->pe_v)
        return -1;
    for (i = 0; i < n->J; i++) {
        int j = q->pe_ptr + i < n->J ? q->pe_ptr + i : q->pe_ptr + i - n->J;
        const nic_job *jb = &q->job[j];
        if (jb->valid && jb->live && jb->need && j != push)
            return j;
    }
    return -1;
}

/* In this order: the selection register's pick (the prep register
 * empties, the pointers), stage A's SEL (the job pointer) and FIND (the
 * pass's next child), stage B's SEL (the candidate used: a pass is due;
 * the prep register filled), FIND (the pass's best) and child events
 * (merged); then the pass engine: a finished job's pass ends, else a
 * pass starts over (its best child fell back, or chg, the jobs whose
 * every child's claim moved: a forwarding job's packet count grew, the
 * job became its group's oldest), else the pass's last FIND gives the
 * job its candidate; a live job of chg without a candidate is due a pass
 * (a candidate stays: the newly eligible children have more packets sent
 * than it, or are REQs of a job that had none; a job not yet live gets
 * its candidate from its INITs); the engine's next pass starts
 * (d->jobs.pe_start, chosen from registered state).  live0: the jobs
 * live before this edge (nic_jobs_commit). */
void nic_jsel_commit(wc_nic *n, const nic_dec *d, unsigned chg, unsigned live0)
{
    nic_jobs_q *q = &n->jobs;
    const nic_sel_dec *sl = &d->sel;
    const nic_jobs_dec *jd = &d->jobs;
    const nic_jop *o = &q->b;
    int restart = 0, fin = 0, j;
    const int pe_v = q->pe_v, pe_j = q->pe_j;

    if (!sl->ack && sl->valid)
        q->prep.valid = 0;
    if (sl->valid)
        q->last_ack = (uint8_t)sl->ack;
    if (jd->sel_gnt)
        q->job_ptr = (uint8_t)((jd->a.j + 1) % n->J);
    if (jd->find_gnt)
        q->pe_pi++;

    if (o->v && o->op == JOP_SEL) {
        nic_job *jb = &q->job[o->j];
        /* the child leaves the set, or stays if its claim after the
         * packet is at the level; but for FCFS's move to the next child
         * (REQs may be due that no event names: a pass looks) */
        int fc_inc = n->regs.mode == WC_NIC_MODE_FCFS && jd->ok && !o->req && o->c == jb->fc &&
                     jd->pkt.k + 1u == jb->npk;
        uint32_t r = 0;
        if (jd->ok && !fc_inc && jb->cv && !(pe_v && pe_j == o->j)) {
            nic_jkey k = {0, 0, 0, 0};
            if (!o->req)
                k = jd->key;
            r = jb->rdy;
            lv_merge(n, &r, &jb->creq, &jb->ck, o->c, k);
        }
        set_rdy(jb, r);
        /* (a job that left has none due: a job starting at its index
         * this cycle is idle) */
        if (jb->valid && jb->live && o->c < jb->nc)
            jb->need = !r;
        if (jd->ok) {
            q->prep = jd->pkt;
            q->prep_first = (uint8_t)jd->first;
            /* FCFS: the current child has been sent the last packet */
            if (!o->req && o->c == jb->fc && jd->pkt.k + 1u == jb->npk)
                jb->fc++;
        }
    }
    if (o->v && o->op == JOP_FIND && jd->ok) {
        lv_merge(n, &q->pq, &q->rb_req, &q->rb_k, o->c, jd->key);
        q->pe_pb++;
        fin = q->pe_pb == q->job[o->j].nc;
    }
    if (o->v && (o->op == JOP_ACK || o->op == JOP_TMO || o->op == JOP_INIT) && jd->ok)
        merge(n, o->j, o->c, jd->key, &restart);

    if (pe_v && jd->push == pe_j)
        q->pe_v = 0;
    else if (pe_v && (restart || (chg >> pe_j & 1u)))
        restart_pass(q);
    else if (fin) {
        nic_job *jb = &q->job[pe_j];
        set_rdy(jb, q->pq);
        jb->creq = q->rb_req;
        jb->ck = q->rb_k;
        q->pe_v = 0;
    }
    for (j = 0; j < n->J; j++)
        if ((chg >> j & 1u) && !(pe_v && j == pe_j) && !q->job[j].cv && live0 >> j & 1u)
            q->job[j].need = 1;
    if (jd->pe_start >= 0) {
        j = jd->pe_start;
        q->pe_v = 1;
        q->pe_j = (uint8_t)j;
        q->pe_pid ^= 1u;
        q->pe_pi = q->pe_pb = 0;
        q->pq = 0;
        q->pe_ptr = (uint8_t)((j + 1) % n->J);
        q->job[j].need = 0;
    }
}

/* the pending ack the register block offers (the head of its queue); 0
 * if none */
static int select_ack(const wc_nic *n, nic_sel_dec *d)
{
    int sid = nic_regs_ack_head(n);
    if (sid < 0)
        return 0;
    {
        d->ack = 1;
        d->ack_sid = (unsigned)sid;
        d->s.ack = 1;
        d->s.src = (uint16_t)n->self;
        /* GRANT, NAK and WAIT name the stream's group, 0 for unicast */
        d->s.type = n->ackpend[sid] == WC_NIC_PEND_GRANT ? WC_PT_GRANT
                  : n->ackpend[sid] == WC_NIC_PEND_NAK ? WC_PT_NAK
                  : n->ackpend[sid] == WC_NIC_PEND_WAIT ? WC_PT_WAIT
                  : sid < n->N ? WC_PT_UACK : WC_PT_MACK;
        if (sid < n->N) {
            d->s.dst = (uint16_t)sid;
            d->s.seq = n->uexp[sid];
        } else {
            const wc_nic_group_ent *e = &n->gt.g[sid - n->N];
            if (!e->valid || e->parent == WC_NIC_NO_PARENT)
                return 1;           /* nobody to acknowledge: the flag just clears */
            d->s.dst = e->parent;
            d->s.group = (uint16_t)(sid - n->N);
            d->s.seq = n->gexp[sid - n->N];
        }
        d->valid = 1;
        d->s.valid = 1;
        d->s.ready = 1;
        return 1;
    }
}

/* The selection register's next packet, while it is empty: a pending ack,
 * unless the last packet chosen was an ack and the prep register holds
 * one of a job; else that one, with its data: a slot tagged {job, k}, a
 * staging buffer already holding it, else the staging buffer the emitter
 * is not reading, filled by the DMA (so FPFS reads each packet of a
 * multisend or a root multicast once from host memory, and a forwarder
 * sends from its slots without the host). */
void nic_jobs_select(const wc_nic *n, nic_sel_dec *d)
{
    const nic_jobs_q *q = &n->jobs;
    const nic_send *p = &q->prep;
    nic_send *e = &d->s;
    int s, b;
    memset(d, 0, sizeof *d);
    d->job = -1;
    if (n->tx.sel.valid)
        return;
    if (!(q->last_ack && p->valid && n->c.mutate != 4) && select_ack(n, d))
        return;
    if (!p->valid)
        return;
    *e = *p;
    d->valid = 1;
    d->job = p->job;
    d->child = p->child;
    d->k = p->k;
    d->req = p->ack;
    if (p->ack)
        return;
    d->first = q->prep_first;
    if (q->job[p->job].fwd)
        for (s = 0; s < n->S; s++)
            if (n->slot[s].used && n->slot[s].fwd && n->slot[s].fj == p->job && n->slot[s].k == p->k) {
                e->from_slot = 1;
                e->buf = (uint8_t)s;
                e->ready = 1;
                return;
            }
    for (b = 0; b < 2; b++)
        if (n->tx.stage[b].valid && n->tx.stage[b].job == p->job && n->tx.stage[b].k == p->k) {
            e->buf = (uint8_t)b;
            e->ready = 1;
            return;
        }
    for (b = 0; b < 2 && nic_tx_reads(&n->tx, 0, b); b++)
        ;
    e->buf = (uint8_t)b;
    e->fill = 1;
}

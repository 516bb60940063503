/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle- and bit-exact C model of rtl/nic/wc_nic.v, the top: creation and
 * reset, and the wiring of one cycle.  Each unit is one RTL module and
 * one C file named as it is (wc_nic_int.h lists them; docs/nic-uarch.md
 * describes them): its decide function reads registered state and this
 * cycle's inputs and fills a decision, its commit writes its own next
 * state from the decisions.  Decisions never read state a commit has
 * changed, so the units can be decided in any order; the order of the
 * commits is fixed below.
 *
 * Mutations (cfg.mutate, lockstep self-check only): wc_nic_mutation_name()
 * below; each is applied in the unit file named there. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "wc_nic_int.h"
#include "wc_err.h"

const char *wc_nic_mutation_name(int k)
{
    static const char *const name[WC_NIC_MUTATIONS + 1] = {
        "none",
        "the DMA round-robin pointer does not advance (wc_nic_dma.c)",
        "the emitter sends NH1 with the offset of packet k-1 for k >= 1 (wc_nic_tx.c)",
        "a duplicate data packet is not acknowledged again (wc_nic_rxp.c)",
        "the selection serves a pending ack first always, never alternating with data (wc_nic_jsel.c)",
        "the grant scanner never admits a waiting stream (wc_nic_rxp.c)",
        "a child is sent data before its GRANT (wc_nic_jsel.c)",
        "an early data packet asks no NAK (wc_nic_rxp.c)",
        "the emitter leaves the router head out of the CRC (wc_nic_tx.c)",
        "a multisend may name NIC_MAX_DESTS destinations whatever MAXCHILD (wc_nic_sq.c)",
        "the acknowledgement matcher loses an ack whose sequence number is a multiple of 8 (wc_nic_jrel.c)",
        "the timeout scanner never finds a child late (wc_nic_jrel.c)",
        "stage B reads the child table without the bypass of the entry the operation ahead wrote (wc_nic_jrel.c)",
        "the acknowledgement matcher places an ack twice (wc_nic_jrel.c)",
        "the counter scheduler leaves the amount it moves into the counter memory pending (wc_nic_regs.c)",
        "an event's child whose claim is at its job's level does not join the ready set (wc_nic_jsel.c)",
        "a unicast stream's init loses its write to the next-sequence table (wc_nic_regs.c)",
        "an accepted packet of a group stream leaves its expected sequence number (wc_nic_regs.c)",
        "a group's install leaves the entry's old parent in the group table (wc_nic_regs.c)",
        "a WAIT merged into a pending NAK replaces it (wc_nic_regs.c)",
        "a stream set pending in the cycle its ack is taken does not join the ack queue again (wc_nic_regs.c)",
        "the grant scanner reads a waiting stream's length and source without the bypass of the event's write "
        "at the edge before (wc_nic_rxp.c)",
        "a finished packet's payload CRC is lost when its slot's index is odd (wc_nic_slots.c)",
        "a group commit's check of its children ends a step early (wc_nic_regs.c)",
    };
    return k >= 0 && k <= WC_NIC_MUTATIONS ? name[k] : "unknown";
}

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
    c->maxchild = WC_NIC_MAX_CHILDREN;
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
    if (c->maxchild < 1 || c->maxchild > WC_NIC_MAX_CHILDREN)
        BAD("NIC: MAXCHILD must be 1..%d (got %d)", WC_NIC_MAX_CHILDREN, c->maxchild);
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
        !(n->uown = wc_alloc((size_t)n->N, sizeof *n->uown, "the NIC stream owners", err, errlen)) ||
        !(n->ackpend = wc_alloc((size_t)(n->N + n->G), 1, "the NIC acknowledgements", err, errlen)) ||
        !(n->ackq = wc_alloc((size_t)(n->N + n->G), sizeof *n->ackq, "the NIC acknowledgements", err, errlen)) ||
        !(n->waitv = wc_alloc((size_t)(n->N + n->G), 1, "the NIC admission", err, errlen)) ||
        !(n->nakd = wc_alloc((size_t)(n->N + n->G), 1, "the NIC acknowledgements", err, errlen)) ||
        !(n->wait_len = wc_alloc((size_t)(n->N + n->G), sizeof *n->wait_len, "the NIC admission", err, errlen)) ||
        !(n->wait_src = wc_alloc((size_t)(n->N + n->G), sizeof *n->wait_src, "the NIC admission", err, errlen))) {
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
    free(n->gexp); free(n->gnext); free(n->gbusy); free(n->ackpend); free(n->ackq);
    free(n->uown); free(n->waitv); free(n->nakd); free(n->wait_len); free(n->wait_src);
    free(n);
}

/* Everything but the slave's answer registers (a soft reset must still
 * acknowledge the write that asked for it).  The memories (slot payloads,
 * staging buffers, write queue) are not cleared, as in the RTL: nothing
 * reads an entry before it is written again. */
static void reset_core(wc_nic *n)
{
    uint8_t ack = n->regs.s_ack;
    uint32_t dat = n->regs.s_dat;
    memset(&n->regs, 0, sizeof n->regs);
    n->regs.s_ack = ack;
    n->regs.s_dat = dat;
    n->regs.timeout = WC_NIC_TIMEOUT_RST;
    n->regs.gt_parent = WC_NIC_NO_PARENT;
    n->regs.cz = (uint16_t)((1u << NIC_NCNT) - 1u);   /* the counter memory reads 0 */
    memset(n->uexp, 0, (size_t)n->N * sizeof *n->uexp);
    memset(n->unext, 0, (size_t)n->N * sizeof *n->unext);
    memset(n->ubusy, 0, (size_t)n->N);
    memset(n->gexp, 0, (size_t)n->G * sizeof *n->gexp);
    memset(n->gnext, 0, (size_t)n->G * sizeof *n->gnext);
    memset(n->gbusy, 0, (size_t)n->G);
    memset(n->ackpend, 0, (size_t)(n->N + n->G));
    n->ackq_head = n->ackq_n = 0;
    memset(n->waitv, 0, (size_t)(n->N + n->G));
    memset(n->nakd, 0, (size_t)(n->N + n->G));
    wc_nic_gtab_init(&n->gt, n->self, (unsigned)n->N);
    n->gt.maxchild = (unsigned)n->c.maxchild;
    memset(&n->rxa, 0, sizeof n->rxa);
    n->rxa.slot = NONE;
    memset(&n->rxp, 0, sizeof n->rxp);
    memset(n->slot, 0, (size_t)n->S * sizeof *n->slot);
    memset(&n->jobs, 0, sizeof n->jobs);
    memset(n->uown, 0, (size_t)n->N * sizeof *n->uown);
    memset(&n->tx, 0, sizeof n->tx);
    n->tx.cred = (uint16_t)n->c.B;
    memset(&n->dma, 0, sizeof n->dma);
    memset(&n->sq, 0, sizeof n->sq);
}

void wc_nic_reset(wc_nic *n)
{
    n->regs.s_ack = 0;
    n->regs.s_dat = 0;
    reset_core(n);
}

uint32_t wc_nic_peek(const wc_nic *n, unsigned reg)
{
    return nic_regs_read(n, reg);
}

/* Outputs from registers only. */
void wc_nic_eval(wc_nic *n, wc_nic_out *o)
{
    memset(o, 0, sizeof *o);
    nic_tx_out(n, o);
    nic_rxa_out(n, o);
    nic_regs_out(n, o);
    nic_dma_out(n, o);
}

void wc_nic_commit(wc_nic *n, const wc_nic_in *in)
{
    nic_dec d;
    int cq_room = n->dma.cqf_n < CQF, used;

    /* decisions: registered state, this cycle's inputs, and decisions
     * made before them (the selection's slot is not evicted; acks go to
     * the jobs; the completion FIFO's arbitration) */
    nic_jobs_select(n, &d.sel);
    nic_rxa_decide(n, in, d.sel.valid && !d.sel.ack && d.sel.s.from_slot ? (int)d.sel.s.buf : -1, &d.ra);
    nic_rxp_decide(n, &d.rp);
    nic_dma_decide(n, in, &d.dma);
    nic_regs_decide(n, in, &d.regs);
    nic_sq_decide(n, d.rp.new_fj, &d.sq);
    nic_jobs_decide(n, &d, cq_room, &d.jobs);
    nic_tx_decide(n, &d.tx);
    /* the completion FIFO takes one entry a cycle: the receive
     * processor's TOOBIG, else a finished job, else the send queue unit's
     * refused descriptor */
    d.sq_push = d.sq.err && cq_room && !d.rp.toobig && d.jobs.push < 0;
    d.cq = d.rp.toobig ? d.rp.cd : d.jobs.push >= 0 ? d.jobs.cd : d.sq_push ? d.sq.cd : NULL;

    /* the clock edge: each unit writes its own state.  Slots first: its
     * reclaim reads the jobs' and the transmitter's registers.  Registers
     * last: the others read the clock, the timeout and the group table,
     * a host write wins over the NIC's own updates, and a soft reset
     * clears everything this edge wrote. */
    used = nic_slots_commit(n, &d);
    nic_rxp_commit(n, &d);
    nic_rxa_commit(n, in, &d);
    nic_jobs_commit(n, &d);
    nic_sq_commit(n, &d);
    nic_tx_commit(n, in, &d);
    nic_dma_commit(n, &d);
    if (nic_regs_commit(n, in, &d, used))
        reset_core(n);
}

void wc_nic_dump(const wc_nic *n, FILE *f)
{
    static const char *const sqs[] = { "idle", "fetch", "check", "list", "lchk", "err", "wait", "init" };
    /* the children's admission: REQ due, REQ sent, waiting, admitted */
    static const char *const adm[] = { " need-req", " req", " wait", "" };
    const nic_tx_q *t = &n->tx;
    const nic_dma_q *m = &n->dma;
    int j, c;
    fprintf(f, "    NIC %u: sq %s (job %u, descriptor op %u dst %u) sel %s em %s (flit %u to %u) credits %u dma %s "
            "rqb %u wq %u cqf %u\n",
            n->self, sqs[n->sq.st], n->sq.job, (unsigned)WC_GET(n->sq.d[0], SD0_OP),
            (unsigned)WC_GET(n->sq.d[2], SD2_DST),
            !t->sel.valid ? "-" : t->sel.ack ? "ack" : t->sel.ready ? "ready" : "filling",
            t->em.valid ? "busy" : "-", t->em.fk, t->em.dst, t->cred, m->busy ? "busy" : "-", n->rxp.rqb_n,
            n->rxp.wq_n, m->cqf_n);
    if (m->busy)
        fprintf(f, "      dma client %u word %u/%u at 0x%x\n", m->cli, m->i, m->n, m->adr);
    for (j = 0; j < n->J; j++) {
        const nic_job *jb = &n->jobs.job[j];
        if (!jb->valid)
            continue;
        fprintf(f, "      job %d %s %s group %u src %u npk %u avail %u%s:", j, jb->fwd ? "fwd" : "send",
                jb->type == WC_PT_MDATA ? "multicast" : "unicast", jb->group, jb->src, jb->npk, jb->avail,
                jb->fwd && !jb->hostdone ? " (host write pending)" : "");
        for (c = 0; c < jb->nc; c++)
            fprintf(f, " %u:%u/%u%s", jb->dst[c], jb->ch[c].sent, jb->ch[c].acked, adm[jb->ch[c].adm & 3]);
        fprintf(f, "\n");
    }
    if (n->rxp.nwait) {
        fprintf(f, "      %u streams waiting for admission:", n->rxp.nwait);
        for (j = 0; j < n->N + n->G; j++)
            if (n->waitv[j])
                fprintf(f, " %s%d (%u bytes)", j < n->N ? "node " : "group ", j < n->N ? j : j - n->N,
                        n->wait_len[j]);
        fprintf(f, "\n");
    }
    for (j = 0; j < n->c.nctx; j++) {
        const nic_ctx *x = &n->rxp.ctx[j];
        if (x->valid)
            fprintf(f, "      ctx %d stream %u src %u group %u %u/%u bytes%s\n", j, x->sid, x->src, x->group,
                    x->next_off, x->msglen, x->closing ? " (closing)" : "");
    }
}

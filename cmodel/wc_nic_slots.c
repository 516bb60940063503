/* SPDX-License-Identifier: Apache-2.0 */
/* NIC receive slots (rtl/nic/wc_nic_slots.v): one packet's payload each,
 * shared by the receive path and the forwarding jobs.  A slot is reclaimed
 * once its payload is in host memory, nothing is about to send from it,
 * and no child of its forwarding job is still to be sent it a first time
 * (a count set when the packet is tagged, down by one for each child's
 * first copy sent from the slot): a forwarder's retransmissions come from
 * host memory, so slots never wait for acknowledgements (GM-2 Section
 * 5.2). */
#include "wc_nic_int.h"

int nic_slots_free(const wc_nic *n)
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
int nic_slots_evictable(const wc_nic *n, int sel_slot)
{
    int s;
    for (s = 0; s < n->S; s++)
        if (n->slot[s].used && n->slot[s].dma && !nic_tx_reads(&n->tx, 1, s) && s != sel_slot)
            return s;
    return -1;
}

/* In this order: reclaim, the receive processor's release and forwarding
 * tags, the selection's first copy from a slot, the DMA's "in host
 * memory" flag, then the assembler's allocation, payload word and CRC.
 * Reclaim reads the transmitter's registers: this commit comes before
 * theirs. */
int nic_slots_commit(wc_nic *n, const nic_dec *d)
{
    const nic_rxp_dec *rp = &d->rp;
    const nic_rxa_dec *ra = &d->ra;
    int s, reclaim_any = 0;
    unsigned u = 0;

    for (s = 0; s < n->S; s++) {
        nic_slot *sp = &n->slot[s];
        if (!sp->used || !sp->dma || nic_tx_reads(&n->tx, 1, s))
            continue;
        if (sp->fwd && sp->need)
            continue;
        sp->used = 0;
        reclaim_any = 1;
    }
    if (rp->free_slot >= 0) {
        n->slot[rp->free_slot].used = 0;
        reclaim_any = 1;
    }
    if (rp->new_fj)
        for (s = 0; s < n->S; s++)
            if (n->slot[s].fwd && n->slot[s].fj == rp->nfj)
                n->slot[s].fwd = 0;
    if (rp->tag_slot >= 0) {
        nic_slot *sp = &n->slot[rp->tag_slot];
        sp->fwd = 1;
        sp->fj = (uint8_t)rp->fj;
        sp->k = rp->tag_k;
        /* every child of the job (a job starting in this cycle: the
         * group's) */
        sp->need = rp->new_fj && rp->nfj == rp->fj ? n->gt.g[rp->gr_group].nchild : n->jobs.job[rp->fj].nc;
    }
    if (d->sel.valid && !d->sel.ack && d->sel.s.from_slot && d->sel.first && n->slot[d->sel.s.buf].need)
        n->slot[d->sel.s.buf].need--;
    if (d->dma.op_done && d->dma.cli == CLI_RXW)
        n->slot[d->dma.wq.slot].dma = 1;
    if (ra->alloc) {
        nic_slot *sp = &n->slot[ra->alloc_slot];
        sp->used = 1; sp->dma = 0; sp->fwd = 0; sp->crcp = 0;
        reclaim_any = 1;
    }
    if (ra->write)
        n->sbuf[(size_t)ra->wslot * (size_t)n->PW + (size_t)ra->widx] = ra->wword;
    /* (mutation 22, lockstep self-check: the CRC's write lost) */
    if (ra->ev && ra->ev_slot != NONE && !(n->c.mutate == 22 && (ra->ev_slot & 1)))
        n->slot[ra->ev_slot].crcp = ra->ev_crcp;
    if (!reclaim_any)
        return -1;
    for (s = 0; s < n->S; s++)
        u += n->slot[s].used;
    return (int)u;
}

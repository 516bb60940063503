/* SPDX-License-Identifier: Apache-2.0 */
/* The job unit's adaptive timeout (rtl/nic/wc_nic_jrto.v, docs/nic-
 * flow.md): one round-trip probe at a time.  A first-time data packet
 * starts one if none runs (stage B of its SEL); an ack that covers its
 * packet is a round trip, which raises the peak at once or lowers it by a
 * sixteenth of the difference; a resend of its child (a timeout, a NAK:
 * Karn) or the end of its job (completion, or a new job in its place)
 * ends it.  The timeout is eight times the peak, clamped to
 * [NIC_RTO_MIN, NICR_TIMEOUT] (nic_rto(), wc_nic_int.h). */
#include "wc_nic_int.h"

void nic_jrto_commit(wc_nic *n, const nic_dec *d)
{
    nic_jobs_q *q = &n->jobs;
    const nic_jobs_dec *jd = &d->jobs;
    const uint32_t now = n->regs.now;
    const int pr_v = q->pr_v;
    if (jd->sample) {
        uint32_t r = now - q->pr_t0;
        q->pk = r > q->pk ? r : q->pk - ((q->pk - r) >> 4);
    }
    if (pr_v && (jd->sample || jd->nak_pr || (jd->tmo && q->pr_j == jd->scan_j && q->pr_c == jd->scan_c) ||
                 jd->push == q->pr_j || (d->rp.new_fj && d->rp.nfj == q->pr_j) ||
                 (d->sq.create && d->sq.job == q->pr_j)))
        q->pr_v = 0;
    if (jd->probe && !pr_v) {
        q->pr_v = 1;
        q->pr_j = jd->pkt.job;
        q->pr_c = jd->pkt.child;
        q->pr_k = jd->pkt.k;
        q->pr_t0 = now;
    }
}

/* SPDX-License-Identifier: Apache-2.0 */
/* NIC replication jobs (rtl/nic/wc_nic_jobs.v): the job unit, four
 * pieces around one pipeline on the child table (docs/nic-uarch.md,
 * "Jobs"), each an RTL module and a C file of the same name:
 *   wc_nic_jtab  the job table: creation, the children's initialisation,
 *                the forwarding jobs' order, completion;
 *   wc_nic_jrel  the child table, its pipeline (one operation on one
 *                (job, child) entry a cycle), the acknowledgement
 *                matcher, the timeout scanner: GM-2's go-back-N,
 *                admission and NAKs per child;
 *   wc_nic_jsel  each job's candidate child, the pass engine that finds
 *                it, the prep register and the selection register's
 *                choice between acks and data;
 *   wc_nic_jrto  the adaptive timeout's round-trip probe.
 * Per child the state is sw/lib/wc_nic_rel.c's. */
#include <string.h>
#include "wc_nic_int.h"

void nic_jobs_decide(const wc_nic *n, const nic_dec *dd, int cq_room, nic_jobs_dec *d)
{
    memset(d, 0, sizeof *d);
    d->push = -1;
    d->rel_group = -1;
    /* stage B: the operation registered at the last edge */
    nic_jrel_stage_b(n, d);
    nic_jsel_stage_b(n, d);
    nic_jtab_stage_b(n, dd, cq_room, d);
    /* stage A: the next one */
    nic_jrel_stage_a(n, dd, cq_room, d);
    d->pe_start = nic_jsel_next_pass(n, d->push);
}

/* In this order: the child table and the matcher, the job table, the
 * selection, the adaptive timeout (each commit names its own order);
 * the child table and the matcher read the job table's rows before they
 * change, and the selection takes the jobs the job table changed.  Last,
 * stage A's operation goes into stage B: the pieces above read the one
 * leaving it. */
void nic_jobs_commit(wc_nic *n, const nic_dec *d)
{
    unsigned chg;
    unsigned live0 = 0;
    int j;
    for (j = 0; j < n->J; j++)
        live0 |= (unsigned)n->jobs.job[j].live << j;
    nic_jrel_commit(n, d);
    chg = nic_jtab_commit(n, d);
    nic_jsel_commit(n, d, chg, live0);
    nic_jrto_commit(n, d);
    n->jobs.b = d->jobs.a;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* ForwardInSwitch: Liu et al., GPC 2006,
 * Section 5.1 (criticality), 5.2 (priorities, Fig. 11 test_finish_time,
 * Lemmas 1-4) and 5.3 (Fig. 12 binary search). */
#include "wc_fis.h"

#define NEVER 0x3fffffff

static int add_send(wc_fis_sched *o, int t, int from, int to)
{
    if (o->nsend >= o->cap)
        return -1;
    o->send[o->nsend].t = t;
    o->send[o->nsend].from = from;
    o->send[o->nsend].to = to;
    o->nsend++;
    return 0;
}

/* Unserved remote with the largest cost (lowest index on ties) among those
 * with t < deadline (d_l when lat = ll, d_r when lat = lr); -1 if none. */
static int heaviest(const int *cost, int nr, const int *recv, int T, int lat, int t)
{
    int i, best = -1;
    for (i = 0; i < nr; i++)
        if (recv[i] == NEVER && t < T - lat - cost[i] && (best < 0 || cost[i] > cost[best]))
            best = i;
    return best;
}

int wc_fis_test(int nl, const int *cost, int nr, int ll, int lr, int T, wc_fis_sched *o)
{
    int lrecv_n, i, t;
    int *recv, *start;
    if (nl < 1 || nr < 0 || nr > WC_FIS_MAXR || ll < 1 || lr < 1 || !o || !o->send ||
        o->cap < nl - 1 + nr || (nr > 0 && !cost))
        return -1;
    for (i = 0; i < nr; i++)
        if (cost[i] < 0)
            return -1;
    recv = o->recv;
    start = o->task_start;
    o->T = T;
    o->nsend = 0;
    for (i = 0; i < nr; i++)
        recv[i] = start[i] = NEVER;
    lrecv_n = 1;                        /* locals 0..lrecv_n-1 hold m */
    if (T < 0)
        return 0;

    for (t = 0; t < T; t++) {
        int lsend = lrecv_n;            /* locals free this unit (all that hold m) */
        int lnext = lrecv_n;            /* arrivals this unit count from t+1 */
        int busy[WC_FIS_MAXR];          /* remote i sends this unit */
        for (i = 0; i < nr; i++) {
            busy[i] = 0;
            /* missed both deadlines: nobody can still make T */
            if (recv[i] == NEVER && t > T - ll - cost[i])
                return 0;
        }
        /* 1. l-critical remotes must hear from a local now */
        for (i = 0; i < nr; i++)
            if (recv[i] == NEVER && t == T - ll - cost[i]) {
                if (lsend == 0)
                    return 0;
                if (add_send(o, t, lrecv_n - lsend, nl + i) < 0)
                    return -1;
                lsend--;
                recv[i] = t + ll;
            }
        /* 2. then the local nodes still without m (Lemma 1) */
        while (lsend > 0 && lnext < nl) {
            if (add_send(o, t, lrecv_n - lsend, lnext) < 0)
                return -1;
            lsend--;
            lnext++;
        }
        /* 3. then non-l-critical remotes, heaviest first (Lemma 2) */
        while (lsend > 0) {
            int g = heaviest(cost, nr, recv, T, ll, t);
            if (g < 0)
                break;
            if (add_send(o, t, lrecv_n - lsend, nl + g) < 0)
                return -1;
            lsend--;
            recv[g] = t + ll;
        }
        /* 4.-5. remotes that hold m and can spare a unit help: first the
         * r-critical ones, then the heaviest non-r-critical (Lemma 3);
         * local senders went first (Lemma 4).  The helper with most slack
         * sends first. */
        for (;;) {
            int g = -1, h = -1, j;
            for (i = 0; i < nr; i++)
                if (recv[i] == NEVER && t == T - lr - cost[i] && (g < 0 || cost[i] > cost[g]))
                    g = i;
            if (g < 0)
                g = heaviest(cost, nr, recv, T, lr, t);
            if (g < 0)
                break;
            for (j = 0; j < nr; j++)
                if (recv[j] <= t && start[j] == NEVER && !busy[j] && t + 1 + cost[j] <= T &&
                    (h < 0 || cost[j] < cost[h]))
                    h = j;
            if (h < 0)
                break;
            if (add_send(o, t, nl + h, nl + g) < 0)
                return -1;
            busy[h] = 1;
            recv[g] = t + lr;
        }
        /* a remote that holds m and did not send starts its own task */
        for (i = 0; i < nr; i++)
            if (recv[i] <= t && start[i] == NEVER && !busy[i]) {
                if (t + cost[i] > T)
                    return 0;
                start[i] = t;
            }
        lrecv_n = lnext;
    }
    if (lrecv_n < nl)
        return 0;
    for (i = 0; i < nr; i++) {
        if (start[i] == NEVER && recv[i] <= T)
            start[i] = recv[i];         /* zero-cost tasks arriving at T */
        if (start[i] == NEVER || start[i] + cost[i] > T)
            return 0;
    }
    return 1;
}

int wc_fis_optimal(int nl, const int *cost, int nr, int ll, int lr, wc_fis_sched *o)
{
    int lo = -1, hi = 0, i, rc;
    /* an upper bound: the agent sends to every remote (heaviest first)
     * and then to every local */
    if (nl < 1 || nr < 0 || nr > WC_FIS_MAXR || (nr > 0 && !cost))
        return -1;
    for (i = 0; i < nr; i++)
        if (cost[i] < 0)
            return -1;
        else if (i + ll + cost[i] > hi)
            hi = i + ll + cost[i];
    hi += nr + nl;
    while ((rc = wc_fis_test(nl, cost, nr, ll, lr, hi, o)) == 0) {
        if (hi > NEVER / 4)
            return -1;
        hi *= 2;
    }
    if (rc < 0)
        return -1;
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        rc = wc_fis_test(nl, cost, nr, ll, lr, mid, o);
        if (rc < 0)
            return -1;
        if (rc)
            hi = mid;
        else
            lo = mid;
    }
    wc_fis_test(nl, cost, nr, ll, lr, hi, o);
    return hi;
}

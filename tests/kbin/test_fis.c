/* SPDX-License-Identifier: Apache-2.0 */
/* ForwardInSwitch (Liu et al., GPC 2006,
 * Sections 4-5) against an exhaustive search over all schedules of the
 * Section 4 model, plus a replay check of every schedule it returns. */
#include <string.h>
#include "../wc_test.h"
#include "wc_fis.h"
#include "wc_rng.h"

/* ---- exhaustive search ----------------------------------------------------
 * State at the start of unit t: a locals hold m (all free: a send takes one
 * unit), each remote is unsent / done / free / arriving in d units.  Every
 * choice is tried, idling included: locals to new locals, locals to any
 * subset of unsent remotes, each free remote idles, starts its task (it
 * must then end by T) or sends to an unsent remote. */
enum { R_UNSENT = 0, R_DONE = 1, R_FREE = 2, R_ARRIVE = 3 /* + d - 1 */ };
#define BMAXR 4
#define BMAXT 40
static int b_nl, b_nr, b_ll, b_lr, b_T, b_cost[BMAXR];
#define BMAXST 10            /* statuses: R_ARRIVE + latency - 1 <= 9 */
/* memo holds the stamp of the (instance, T) for which a state is known to
 * be infeasible, so nothing needs clearing between searches */
static int memo[BMAXT][5][BMAXST][BMAXST][BMAXST][BMAXST], b_stamp;

static int b_ok(int t, int a, const int *st);

/* distribute free remotes' choices, then recurse into t+1 */
static int b_remotes(int t, int a_next, int *st, int *nst, int i)
{
    int g;
    if (i == b_nr) {
        int k, fin[BMAXR];
        /* arrivals advance by one unit */
        for (k = 0; k < b_nr; k++) {
            fin[k] = nst[k] == R_FREE + 100 ? R_FREE : nst[k];
            if (fin[k] >= R_ARRIVE)
                fin[k] = nst[k] == R_ARRIVE ? R_FREE : nst[k] - 1;
        }
        return b_ok(t + 1, a_next, fin);
    }
    if (st[i] != R_FREE || nst[i] != R_FREE)
        return b_remotes(t, a_next, st, nst, i + 1);
    /* idle */
    if (b_remotes(t, a_next, st, nst, i + 1))
        return 1;
    /* start the task now */
    if (t + b_cost[i] <= b_T) {
        nst[i] = R_DONE;
        if (b_remotes(t, a_next, st, nst, i + 1))
            return 1;
        nst[i] = R_FREE;
    }
    /* forward to an unsent remote, then stay free for later units */
    for (g = 0; g < b_nr; g++)
        if (nst[g] == R_UNSENT) {
            nst[g] = R_ARRIVE + b_lr - 1;   /* arrives at t + lr */
            nst[i] = R_FREE + 100;          /* busy this unit */
            if (b_remotes(t, a_next, st, nst, i + 1)) {
                nst[i] = R_FREE;
                nst[g] = R_UNSENT;
                return 1;
            }
            nst[i] = R_FREE;
            nst[g] = R_UNSENT;
        }
    return 0;
}

static int b_ok(int t, int a, const int *st)
{
    int i, x, mask, key[BMAXR] = { 0 };
    for (i = 0; i < b_nr; i++) {
        if (st[i] == R_FREE + 100)
            return 0;                        /* cannot happen */
        key[i] = st[i];
    }
    if (t == b_T) {
        if (a < b_nl)
            return 0;
        for (i = 0; i < b_nr; i++)
            if (!(st[i] == R_DONE || (st[i] == R_FREE && b_cost[i] == 0)))
                return 0;
        return 1;
    }
    if (memo[t][a][key[0]][key[1]][key[2]][key[3]] == b_stamp)
        return 0;
    for (mask = 0; mask < (1 << b_nr); mask++) {
        int ok = 1, used = 0, nst[BMAXR];
        for (i = 0; i < b_nr; i++) {
            nst[i] = st[i];
            if (mask >> i & 1) {
                ok &= st[i] == R_UNSENT;
                used++;
                nst[i] = R_ARRIVE + b_ll - 1;
            }
        }
        if (!ok || used > a)
            continue;
        for (x = 0; x <= a - used && a + x <= b_nl; x++) {
            int fix[BMAXR];
            memcpy(fix, nst, sizeof fix);
            /* arrivals set by locals this unit land at t + L; a remote that
             * arrives now (ARRIVE with d=1 means t+1) is handled in b_remotes */
            if (b_remotes(t, a + x, (int *)st, fix, 0))
                return 1;
        }
    }
    memo[t][a][key[0]][key[1]][key[2]][key[3]] = b_stamp;
    return 0;
}

static int brute(int nl, const int *cost, int nr, int ll, int lr)
{
    int st[BMAXR] = { 0 }, T;
    b_nl = nl;
    b_nr = nr;
    b_ll = ll;
    b_lr = lr;
    memset(b_cost, 0, sizeof b_cost);
    memcpy(b_cost, cost, sizeof(int) * (size_t)nr);
    for (T = 0; T < BMAXT; T++) {
        b_stamp++;
        b_T = T;
        if (b_ok(0, 1, st))
            return T;
    }
    return -1;
}

/* Replays a schedule under the Section 4 rules; returns its total time or
 * -1 when it breaks a rule (sender without m, sender busy twice in a unit,
 * a node served twice or never). */
static int replay(int nl, const int *cost, int nr, int ll, int lr, const wc_fis_sched *s)
{
    int have[8 + BMAXR * 16], lastsend[8 + BMAXR * 16], i, T = 0, nn = nl + nr;
    for (i = 0; i < nn; i++)
        have[i] = -1, lastsend[i] = -1;
    have[0] = 0;
    for (i = 0; i < s->nsend; i++) {
        const wc_fis_send *e = &s->send[i];
        int lat;
        if (e->from < 0 || e->from >= nn || e->to < 0 || e->to >= nn || e->to == 0)
            return -1;
        if (have[e->from] < 0 || have[e->from] > e->t || lastsend[e->from] >= e->t || have[e->to] >= 0)
            return -1;
        if (e->from >= nl && e->to < nl)
            return -1;                       /* remotes never serve locals */
        if (e->from >= nl && s->task_start[e->from - nl] <= e->t)
            return -1;                       /* forwarding precedes the task */
        lat = e->to < nl ? 1 : e->from < nl ? ll : lr;
        have[e->to] = e->t + lat;
        lastsend[e->from] = e->t;
    }
    for (i = 0; i < nn; i++) {
        if (have[i] < 0)
            return -1;
        if (i < nl && have[i] > T)
            T = have[i];
        if (i >= nl) {
            if (s->task_start[i - nl] < have[i])
                return -1;
            if (s->task_start[i - nl] + cost[i - nl] > T)
                T = s->task_start[i - nl] + cost[i - nl];
        }
    }
    return T;
}

int main(void)
{
    static wc_fis_send sends[256];
    wc_fis_sched s;
    wc_rng rng;
    int i, agree = 0, worse = 0, better = 0;
    s.send = sends;
    s.cap = 256;

    GROUP("local nodes only: ceil(log2 L) by recursive doubling", {
        int L, want;
        for (L = 1; L <= 40; L++) {
            want = 0;
            while ((1 << want) < L)
                want++;
            CHECK(wc_fis_optimal(L, NULL, 0, 3, 5, &s) == want, "L=%d: T=%d want %d", L, s.T, want);
        }
    });

    GROUP("one remote only: the agent sends it first, T = L_l + C when that dominates", {
        int c = 9;
        CHECK(wc_fis_optimal(2, &c, 1, 3, 5, &s) == 12, "T=%d want 12", s.T);
        CHECK(s.nsend == 2 && s.send[0].t == 0 && s.send[0].to == 2, "remote served at t=0 by the agent");
    });

    GROUP("L_r > L_l: ForwardInSwitch equals exhaustive search over schedules (random small instances)", {
        wc_rng_seed(&rng, 42);
        for (i = 0; i < 500; i++) {
            int nl = 1 + (int)wc_rng_below(&rng, 4), nr = (int)wc_rng_below(&rng, BMAXR + 1), c[BMAXR], k;
            int ll = 1 + (int)wc_rng_below(&rng, 4), lr = ll + 1 + (int)wc_rng_below(&rng, 2), T, b, rp;
            for (k = 0; k < nr; k++)
                c[k] = (int)wc_rng_below(&rng, 7);
            T = wc_fis_optimal(nl, c, nr, ll, lr, &s);
            rp = replay(nl, c, nr, ll, lr, &s);
            b = brute(nl, c, nr, ll, lr);
            CHECK(T == b, "nl=%d nr=%d ll=%d lr=%d c=%d,%d,%d,%d: FIS %d, exhaustive %d",
                  nl, nr, ll, lr, nr > 0 ? c[0] : -1, nr > 1 ? c[1] : -1, nr > 2 ? c[2] : -1, nr > 3 ? c[3] : -1, T, b);
            CHECK(rp >= 0 && rp <= T, "schedule replays legally within T (replay %d, T %d)", rp, T);
        }
    });

    GROUP("L_r <= L_l (outside the paper's regime): how often the greedy optimum misses", {
        wc_rng_seed(&rng, 7);
        for (i = 0; i < 400; i++) {
            int nl = 1 + (int)wc_rng_below(&rng, 4), nr = 1 + (int)wc_rng_below(&rng, BMAXR), c[BMAXR], k;
            int lr = 1 + (int)wc_rng_below(&rng, 4), ll = lr + (int)wc_rng_below(&rng, 3), T, b;
            for (k = 0; k < nr; k++)
                c[k] = (int)wc_rng_below(&rng, 7);
            T = wc_fis_optimal(nl, c, nr, ll, lr, &s);
            b = brute(nl, c, nr, ll, lr);
            CHECK(replay(nl, c, nr, ll, lr, &s) >= 0, "schedule legal");
            if (T == b) agree++; else if (T > b) worse++; else better++;
        }
        printf("     L_r <= L_l: %d agree, %d greedy worse, %d impossible-better\n", agree, worse, better);
        CHECK(better == 0, "the greedy never beats exhaustive search");
    });
    GROUP("L_r = L_l counterexample (pinned): greedy 3, optimum 2", {
        /* The agent alone with three zero-cost remotes, L_l = L_r = 1.
         * Optimum: t=0 agent->R1; t=1 agent->R2 and R1->R3; all hold m
         * at 2.  test_finish_time(2) fails: at t=1 both R2 and R3 are
         * l-critical (d_l = 2-1-0 = 1), step 1 demands a local sender for
         * each and declares failure before step 4 lets R1 serve one.  With
         * L_r > L_l, d_r < d_l, so the remote deadline always comes first
         * and this cannot happen. */
        int c[3] = { 0, 0, 0 };
        static wc_fis_send hs[3] = { { 0, 0, 1 }, { 1, 0, 2 }, { 1, 1, 3 } };
        wc_fis_sched h;
        CHECK(wc_fis_optimal(1, c, 3, 1, 1, &s) == 3, "ForwardInSwitch gives %d, want 3", s.T);
        CHECK(wc_fis_test(1, c, 3, 1, 1, 2, &s) == 0, "test_finish_time(2) rejects T=2");
        CHECK(brute(1, c, 3, 1, 1) == 2, "exhaustive search finds 2");
        h.send = hs;
        h.nsend = h.cap = 3;
        h.task_start[0] = 1 + 1;   /* R1 got m at 1, forwarded at 1, starts at 2 */
        h.task_start[1] = 2;
        h.task_start[2] = 2;
        CHECK(replay(1, c, 3, 1, 1, &h) == 2, "the hand schedule is legal and finishes at 2");
    });
    return wc_test_done();
}

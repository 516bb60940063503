/* SPDX-License-Identifier: Apache-2.0 */
/* ForwardInSwitch: the optimal schedule by which the agent of a switch
 * hands a message to the other destinations on that switch ("local"
 * nodes) and to the agents of its child subtrees ("remote" nodes), from
 * Liu et al., GPC 2006, Sections 4-5.
 * Freestanding, caller-owned storage.
 *
 * Timing (Section 4), integer time units, the agent holds m at time 0:
 *   local -> local   sent at t, received at t+1
 *   local -> remote  received at t+L_l
 *   remote -> remote received at t+L_r
 *   a sender is busy 1 unit per send; a remote agent forwards first, then
 *   runs its task of cost C_i, finishing at (task start) + C_i.
 * Total time T = latest local reception / remote task end. */
#ifndef WC_FIS_H
#define WC_FIS_H

#define WC_FIS_MAXR 64      /* remote agents per switch (child subtrees) */

/* One send.  Node ids: 0..nl-1 the local nodes (0 = the agent that holds
 * the message at time 0, others numbered in the order they are served),
 * nl+i the remote agent with cost cost[i]. */
typedef struct { int t, from, to; } wc_fis_send;

typedef struct {
    int T;                          /* total time of this schedule */
    int nsend;
    int cap;                        /* capacity of send[] (>= nl-1+nr) */
    wc_fis_send *send;              /* in time order */
    int recv[WC_FIS_MAXR];          /* when remote i has the message */
    int task_start[WC_FIS_MAXR];    /* when remote i starts its task */
} wc_fis_sched;

/* test_finish_time of Fig. 11: can the greedy priorities of Section 5.2
 * finish within T?  Returns 1 (out holds the schedule), 0, or -1 on bad
 * arguments (nl < 1, nr outside [0, WC_FIS_MAXR], a cost < 0, ll < 1,
 * lr < 1, out too small). */
int wc_fis_test(int nl, const int *cost, int nr, int ll, int lr, int T, wc_fis_sched *out);

/* Optimal_Schedule of Fig. 12: binary search on T over wc_fis_test.
 * Returns T (out holds the schedule) or -1 on bad arguments.  Optimal
 * when L_r > L_l (the paper's regime); otherwise see
 * docs/multicast-algorithms.md for a pinned counterexample. */
int wc_fis_optimal(int nl, const int *cost, int nr, int ll, int lr, wc_fis_sched *out);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Recursive agent-based multicast (RAM) on switch networks with up-down
 * routing, Liu et al., GPC 2006 Section 3:
 * an agent per subtree of the routing tree, costs C(m,v) bottom up,
 * ForwardInSwitch (wc_fis.h) inside switches that hold destinations, a
 * binomial multicast among child agents where the switch holds none; and
 * the multiple-multicast variants of Section 3.2 (SameTree/Random primary
 * agents, Binomial/Cyclic exchange).  Freestanding: the network arrives as
 * arrays (spanning-tree parents, destination switches); the host glue in
 * cmodel/topo/wc_ram_topo.h fills them from a wc_topo.
 *
 * Time model (Section 4): local (same switch) send 1 unit, agent to child
 * agent L_l, agent to agent across the root L_r, one unit of sender time
 * per send.  Output edges carry step = send start time + 1. */
#ifndef WC_RAM_H
#define WC_RAM_H
#include "wc_tree.h"
#include "wc_fis.h"

typedef struct {
    int nsw;                /* switches 0..nsw-1 */
    const int *parent;      /* [nsw] routing (BFS spanning) tree, -1 at the root */
    int ndst;
    const int *dst;         /* [ndst] destination hosts (distinct) */
    const int *dst_sw;      /* [ndst] switch each destination hangs off */
    int ll, lr;             /* ForwardInSwitch latencies, lr > ll in the paper */
} wc_ram_in;

/* Caller storage. */
typedef struct {
    int *iwork;             /* WC_RAM_IWORK(nsw, ndst) ints */
    int niwork;
    wc_fis_send *fis;       /* >= ndst + nsw sends (one switch's schedule) */
    int nfis;
    wc_edge *edges;         /* >= nsw + 1 (binomial among child agents) */
    int nedges;
} wc_ram_work;
#define WC_RAM_IWORK(nsw, ndst) (14 * (nsw) + 2 * (ndst) + 8)

/* Single multicast from host src on switch src_sw: src hands m to the
 * agent of the root (1 unit if on the agent's switch, else L_r), which
 * runs RAM(root).  Fills out (cap >= ndst) and returns the total time,
 * or -1 on bad arguments. */
int wc_ram_multicast(const wc_ram_in *in, int src, int src_sw, wc_tree *out, wc_ram_work *w);

/* C(m,v) and A(m,v) for every switch after wc_ram_costs (valid until the
 * next call with the same work): cost[v], agent[v] (-1 if no destination
 * below v). */
int wc_ram_costs(const wc_ram_in *in, wc_ram_work *w, const int **cost, const int **agent);

enum { WC_RAM_SAMETREE = 0, WC_RAM_RANDOM = 1 };   /* primary agent */
enum { WC_RAM_BINOMIAL = 0, WC_RAM_CYCLIC = 1 };   /* exchange among root agents */

/* One multicast of a multiple multicast (Section 3.2).  Primary agent:
 * SameTree = the agent of the root's child subtree holding src (when it
 * has destinations), Random = an agent of S(m,root) chosen by `pick`
 * (0..|S|-1, e.g. from a seeded PRNG; taken modulo |S|).  The source sends
 * to the primary agent; the primary agent reaches one destination d on
 * the root switch (if any) and the other agents of S(m,root) by a binomial
 * multicast (Binomial) or around a ring starting at itself (Cyclic); then
 * every agent runs RAM in its subtree and d a binomial over the root
 * switch's destinations.  Returns the total time or -1. */
int wc_ram_multi_one(const wc_ram_in *in, int src, int src_sw, int primary_mode,
                     int exchange_mode, unsigned pick, wc_tree *out, wc_ram_work *w);
#endif

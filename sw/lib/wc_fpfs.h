/* SPDX-License-Identifier: Apache-2.0 */
/* Step simulation of packetized multicast through smart network
 * interfaces (Kesavan and Panda, ICPP 1997,
 * Sections 3.1-3.2 and 4.1).  Freestanding, caller-owned storage.
 *
 * Semantics (docs/multicast-algorithms.md): the root holds all m packets
 * at step 0; in every step each network interface sends at most one packet
 * copy; a node may forward packet j only in a step after the one in which
 * it received it (a copy sent in step t is received at the end of step t).
 *   FPFS: packet 1 to every child (in the tree's order), then packet 2, ...
 *   FCFS: every packet to child 1, then every packet to child 2, ...
 * Each node sends its copies in that order as early as the rules allow.
 *
 * Cost: O(n*m + e) time for n nodes, e edges and m packets (each packet
 * copy is placed once, children are grouped by a counting sort) and
 * n*(m+3)+1 ints of scratch: linear in the size of the result. */
#ifndef WC_FPFS_H
#define WC_FPFS_H
#include "wc_tree.h"

enum { WC_FPFS = 0, WC_FCFS = 1 };

/* Error codes (negative returns). */
enum {
    WC_FPFS_EARG = -1,      /* bad arguments or scratch too small */
    WC_FPFS_ENODE = -2,     /* an edge names a node outside [0, nnodes) */
    WC_FPFS_EPARENT = -3,   /* a node has two parents, or the root has one */
    WC_FPFS_ECYCLE = -4     /* some edge is not reachable from the root */
};

typedef struct {
    int steps;              /* completion step of the whole multicast */
    int max_buffer;         /* largest per-node occupancy, root excluded */
    int max_buffer_node;    /* a node reaching it (-1 if no forwarder) */
} wc_fpfs_result;

/* Scratch ints wc_fpfs_run needs (it must fit an int: EARG otherwise). */
#define WC_FPFS_WORK(nnodes, m) ((nnodes) * ((m) + 3) + 1)

/* Run the simulation on tree t (nodes 0..nnodes-1, root t->src, each
 * node's children in the order its edges appear).  L[0..m-1] receives the
 * per-packet completion steps L_i (NULL to skip); buf[0..nnodes-1] the
 * per-node maximum number of packets held waiting to be forwarded (a
 * packet received at the end of step r whose last copy leaves in step e
 * occupies a buffer during steps r+1..e; NULL to skip); sent, when
 * non-NULL, m*t->nedges entries, the step in which edge e carries packet
 * j at sent[e*m + j].  Returns 0 or a WC_FPFS_E* code. */
int wc_fpfs_run(const wc_tree *t, int nnodes, int m, int mode,
                wc_fpfs_result *res, int *L, int *buf, int *sent,
                int *work, int nwork);
#endif

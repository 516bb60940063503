/* SPDX-License-Identifier: Apache-2.0 */
/* Step models for trees of unicasts (semantics in docs/steps.md):
 *  - a unicast sent in step t is received at the end of step t; the
 *    receiver may send from step t+1; steps count from 1;
 *  - all-port: a node may start unicasts on different outgoing channels in
 *    the same step; its unicasts on one channel go in successive steps in
 *    issue order;
 *  - one-port: a node starts at most one unicast per step, in issue order.
 * Freestanding; caller-provided work space. */
#ifndef WC_STEPS_H
#define WC_STEPS_H
#include "wc_tree.h"

enum wc_port_model { WC_PORT_ONE = 1, WC_PORT_ALL = 2 };

/* Outgoing channel a unicast from -> to starts on (all-port model). */
typedef int (*wc_chan_fn)(void *ctx, int from, int to);

enum wc_steps_err {
    WC_STEPS_EARG = -1,     /* bad port model, missing chan for all-port */
    WC_STEPS_ESRC = -2,     /* an edge goes to the root or to its own sender */
    WC_STEPS_EMULTI = -3,   /* a node receives more than once */
    WC_STEPS_EORPHAN = -4   /* an edge leaves a node that never receives */
};
const char *wc_steps_strerror(int err);

/* ints of work space wc_steps_assign needs for a tree of ne edges */
#define WC_STEPS_WORK(ne) (3 * (ne) + 1)

/* Overwrite every edge's step per the model; edges keep their order.
 * Returns the last step (0 for an empty tree) or a WC_STEPS_E*. */
int wc_steps_assign(wc_tree *t, int port, wc_chan_fn chan, void *ctx,
                    int *work);

/* Step in which node v receives (0 for the root, -1 if not in the tree);
 * linear scan, for tests and printing. */
int wc_steps_recv(const wc_tree *t, int v);

/* Sort idx[0..cnt-1] (edge indices of t) by (to, index) or (from, index):
 * shared with the contention checker. */
void wc_steps_sort_edges(const wc_tree *t, int *idx, int cnt, int by_from);

/* Index into idx (sorted by to) of the edge that delivers v, or -1. */
int wc_steps_find_to(const wc_tree *t, const int *idx, int cnt, int v);
#endif

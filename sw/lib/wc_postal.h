/* SPDX-License-Identifier: Apache-2.0 */
/* Latency-optimal ("postal") multicast tree of Yu, Buntinas and Panda, ICPP 2003, Section 5.5 (after Bar-Noy and Kipnis): a
 * node keeps sending to new destinations while its first child has not
 * yet received the message and started forwarding.  Freestanding.
 *
 * Parameters, in any integer time unit: o = send overhead (a node can
 * start a send every o units), lat = end-to-end latency (from the start of
 * a send until the receiver holds the message and may send).  The tree is
 * built greedily: each next destination goes to the informed node whose
 * send would deliver earliest, which keeps the maximal number of nodes
 * sending at any time (Bar-Noy and Kipnis prove this optimal).
 * A node sends about lat/o times before its first child joins in. */
#ifndef WC_POSTAL_H
#define WC_POSTAL_H
#include "wc_tree.h"

/* Number of nodes (source included) a postal tree informs by time t:
 * P(t) = P(t-o) + P(t-lat) for t >= lat, 1 before; saturates at 2^30. */
long wc_postal_count(int t, int o, int lat);

/* Tree over chain[0..n-1] (chain[0] = source, the others receive in chain
 * order).  Edge step = start time of the send + 1 (with o = lat = 1 this
 * is the one-port step model and the tree is binomial).  work: n ints.
 * Returns the completion time (last reception), or -1 on bad args. */
int wc_postal_tree(const int *chain, int n, int o, int lat, wc_tree *out, int *work);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* k-binomial multicast trees for packetized multicast with smart network
 * interfaces (Kesavan and Panda, ICPP 1997,
 * Section 4).  Freestanding: caller-owned storage, no allocation.
 *
 * Notation as in the paper: n = multicast set size INCLUDING the source,
 * m = packets per message, k = the most children any vertex may have.
 *   N(s,k)  Lemma 1: nodes a k-binomial tree covers in s steps
 *   L1      smallest s with N(s,k) >= n (completion of the first packet)
 *   steps   L1 + (m-1)k, the FPFS completion Theorem 3 minimises over k
 * k = 1 is the linear tree, k >= ceil(log2 n) the binomial tree. */
#ifndef WC_KBIN_H
#define WC_KBIN_H
#include "wc_tree.h"

/* N(s,k) of Lemma 1, saturated at WC_KBIN_NMAX so it never overflows. */
#define WC_KBIN_NMAX 0x3fffffffL
long wc_kbin_N(int s, int k);

/* ceil(log2 n) for n >= 1 (0 for n = 1). */
int wc_kbin_log2ceil(int n);

/* L1 for n nodes (n >= 1) and fan-out bound k >= 1; -1 on bad args. */
int wc_kbin_L1(int n, int k);

/* L1 + (m-1)k; -1 on bad args. */
int wc_kbin_steps(int n, int m, int k);

/* Optimal k of Theorem 3 for n >= 2 nodes and m >= 1 packets, searching
 * 1 <= k <= ceil(log2 n); ties go to the smallest k.  -1 on bad args. */
int wc_kbin_kopt(int n, int m);

/* Contention-free k-binomial tree on an ordered chain (Fig. 11):
 * chain[0] is the source, n the chain length including it.  A node that
 * receives in step r with s = L1 - r steps left sends, in steps r+1, r+2,
 * ..., to the node N(s-1,k) places from the right end of its range, then
 * N(s-2,k) places further left, and so on (at most k children); every
 * child covers the chain segment to its right recursively.  Fills out
 * (cap >= n-1) with timed edges, each node's sends in issue order, and
 * returns the completion step of one packet (L1), or -1 on bad args. */
int wc_kbin_tree(const int *chain, int n, int k, wc_tree *out);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Link fault injector: sits on the injection link between a NIC's output
 * and its router's input and damages whole packets (worms), to exercise
 * the NIC's GM-2 reliability (docs/nic.md, "Reliability") on a real
 * network rather than on the abstract links of test_nic_rel.
 *
 * Per packet, decided at its head flit: with probability `drop` the whole
 * worm is swallowed; otherwise, with probability `flip`, 1 to 3 distinct
 * data bits (never the type bits, so the worm's framing survives and the
 * routers stay in step) of one flit are inverted.  The flit is picked at
 * the head uniformly in 0..WC_NIC_MAX_PKT_FLITS-1; if the tail comes
 * first, the tail is flipped, so short packets (acks) are hit at their
 * tail more often than a uniform choice would, which is fine for a
 * fault model and keeps the decision a single draw at the head.
 *
 * A swallowed flit took one of the NIC's credits but never reaches the
 * router's buffer, so no credit would ever come back for it: the injector
 * owes the NIC one credit per swallowed flit and pays it back, one per
 * cycle, from the cycle after the swallow, in cycles where the router
 * returns no credit on this link (the NIC's credit input is one bit).
 *
 * Randomness comes from the injector's own wc_rng seeded from (seed,
 * link), so faults do not depend on traffic randomness nor on the order
 * links are stepped.  A cycle is two calls because on the cycle-level
 * network the flit must enter the router before the router's credit for
 * that cycle is known:
 *     wc_fault_fwd()     NIC flit in -> flit to the router (before the router steps)
 *     wc_fault_credit()  router credit in -> credit to the NIC (after it stepped)
 * Both are pure functions of the injector's state and their inputs;
 * nothing is allocated.  Freestanding C99. */
#ifndef WC_FAULT_H
#define WC_FAULT_H
#include <stdint.h>
#include "wc_rng.h"

typedef struct {
    int W;                  /* flit data width: data bits W-1..0, type bits W+1..W */
    uint64_t dmask;         /* (1 << W) - 1 */
    double drop, flip;      /* per-packet probabilities */
    wc_rng rng;
    /* the packet passing now */
    int in_pkt;             /* a head was seen and its tail not yet */
    int dropping;           /* ... it is being swallowed */
    int flip_at;            /* ... flit index to corrupt, -1 none (or done) */
    int nbits;              /* ... bits to invert there */
    int k;                  /* ... index of the next flit */
    /* credits owed to the NIC for swallowed flits */
    uint32_t owed;          /* payable from this cycle */
    uint32_t owed_next;     /* swallowed this cycle: payable from the next */
    /* counters */
    uint64_t pkts;          /* packets (heads) seen */
    uint64_t dropped;       /* packets swallowed */
    uint64_t flipped;       /* packets corrupted */
    uint64_t bits;          /* bits inverted */
    uint64_t flits_dropped; /* flits swallowed (= credits owed in total) */
} wc_fault;

/* drop, flip: probabilities in [0, 1]; link: an index unique per link in
 * the run (the node id for injection links).  W: 1..62. */
void wc_fault_init(wc_fault *f, int W, double drop, double flip, uint64_t seed, unsigned link);

/* The NIC drives (in_valid, in_flit) this cycle; returns what the router
 * sees in (*out_valid, *out_flit). */
void wc_fault_fwd(wc_fault *f, int in_valid, uint64_t in_flit, int *out_valid, uint64_t *out_flit);

/* The router returns router_credit on this link this cycle; returns the
 * credit bit for the NIC.  Call once per cycle, after wc_fault_fwd. */
int wc_fault_credit(wc_fault *f, int router_credit);

/* Credits still owed (0 once the link is quiet). */
static inline uint32_t wc_fault_owed(const wc_fault *f) { return f->owed + f->owed_next; }
#endif

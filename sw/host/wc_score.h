/* SPDX-License-Identifier: Apache-2.0 */
/* The scoreboard of every front end (wormcast sim: packets and the copies
 * of multidestination worms; wormcast msg: messages; wormcast run next):
 * exactly-once, in-order and intact delivery.
 *
 * An item is one thing sent (a packet, a worm, a message), named by the
 * front end's record id (>= 0).  Each delivery it owes is expected on a
 * stream: one receiver, one source, one channel (a NIC group, or a front
 * end's class of traffic).  An ordered stream must deliver its items in
 * the order they were expected; an unordered one in any order.  When a
 * delivery arrives, the front end says which items its data match (a
 * callback: intact and that item's), and the scoreboard gives the
 * verdict:
 *   OK       the item expected next (any item not yet arrived, unordered);
 *   EARLY    an item of an ordered stream that should come later;
 *   DUP      an item that has arrived already;
 *   DAMAGED  nothing: a damaged delivery; it stands for the stream's next
 *            item, so one damaged message does not make every later one
 *            of its stream look out of order;
 *   UNKNOWN  nothing is expected on that stream at all.
 * Each verdict is counted (DAMAGED and UNKNOWN as corrupt).  The item's
 * state (deliveries still owed, failure) lives here, behind this
 * interface, so that finished items can be recycled later without the
 * front ends changing.  All of it is kept for the run today. */
#ifndef WC_SCORE_H
#define WC_SCORE_H
#include <stdint.h>

typedef struct wc_score wc_score;

enum { WC_SCORE_OK, WC_SCORE_EARLY, WC_SCORE_DUP, WC_SCORE_DAMAGED, WC_SCORE_UNKNOWN };

typedef struct {
    long expected;          /* deliveries expected */
    long delivered;         /* ... arrived intact and in order (OK) */
    long out_of_order;      /* EARLY */
    long duplicated;        /* DUP */
    long corrupt;           /* DAMAGED and UNKNOWN */
    long pending;           /* expected, not arrived */
    long pending_failed;    /* ... of them owed by failed items */
} wc_score_counts;

/* A stream: receiver and source below 65536 (node ids), channel below
 * 65536.  The layout is the key's only meaning. */
static inline uint64_t wc_score_key(unsigned receiver, unsigned source, unsigned channel)
{
    return (uint64_t)receiver << 32 | (uint64_t)(source & 0xffffu) << 16 | (channel & 0xffffu);
}
static inline unsigned wc_score_key_receiver(uint64_t key) { return (unsigned)(key >> 32); }

/* NULL with a message on failure (wc_err.h). */
wc_score *wc_score_create(char *err, int errlen);
void wc_score_free(wc_score *sb);

/* One more delivery of item expected on stream key, after the ones
 * expected there so far.  A stream is ordered or not from its first
 * expectation on.  -1 with a message when memory runs out. */
int wc_score_expect(wc_score *sb, uint64_t key, int ordered, long item, char *err, int errlen);

/* A delivery arrived on stream key.  match(ctx, item) is 1 when the
 * delivered data are exactly item's.  Returns the verdict; *item is the
 * item the delivery was taken for (-1 for UNKNOWN, and for DAMAGED on a
 * stream with nothing left), *done 1 when it was the last delivery that
 * item owed. */
int wc_score_arrive(wc_score *sb, uint64_t key, int (*match)(void *ctx, long item), void *ctx, long *item,
                    int *done);

/* The deliveries item still owes will never come (its send failed): they
 * stay pending but count as failed (wc_score_counts.pending_failed). */
void wc_score_fail(wc_score *sb, long item);
int wc_score_failed(const wc_score *sb, long item);

void wc_score_get(const wc_score *sb, wc_score_counts *c);

/* Every delivery still owed by an item that has not failed, stream by
 * stream in the order the streams first appeared, each stream's in
 * expectation order: fn(ctx, key, item); stops when fn returns non-zero. */
void wc_score_missing(const wc_score *sb, int (*fn)(void *ctx, uint64_t key, long item), void *ctx);

/* Latency samples of a run and their summary. */
typedef struct {
    double *v;
    long n, cap;
} wc_lat;

/* -1 with a message when memory runs out. */
int wc_lat_add(wc_lat *l, double x, char *err, int errlen);
/* avg, the 99th percentile (the sample at rank (n-1)*0.99) and the max;
 * all 0 without samples.  Sorts the samples. */
void wc_lat_summary(wc_lat *l, double *avg, double *p99, double *max);
void wc_lat_free(wc_lat *l);
#endif

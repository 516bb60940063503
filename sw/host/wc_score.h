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
 * interface.
 *
 * Long runs recycle (wc_score_recycle): a delivery that has arrived is
 * kept for `keep` cycles of the front end's clock (wc_score_clock), so
 * that a copy of it arriving in that time is still a DUP; after that its
 * entry goes, and once every entry of an item has gone and it owes
 * nothing, the scoreboard hands the item back to the front end (the
 * release callback), which may then reuse its number for a new item.
 * Memory is then bounded by what is owed and what arrived in the last
 * `keep` cycles, not by the length of the run.  A copy of an item
 * arriving later than that names nothing the scoreboard still knows: it
 * is a DAMAGED delivery (corrupt), still an error.  Without
 * wc_score_recycle every entry is kept for the run. */
#ifndef WC_SCORE_H
#define WC_SCORE_H
#include <stdint.h>

typedef struct wc_score wc_score;

enum { WC_SCORE_OK, WC_SCORE_EARLY, WC_SCORE_DUP, WC_SCORE_DAMAGED, WC_SCORE_UNKNOWN };

typedef struct {
    long expected;          /* deliveries expected */
    long delivered;         /* ... arrived intact and in order (OK) */
    long out_of_order;      /* EARLY */
    long overtook;          /* OK on an unordered stream ahead of an earlier item of it (not an error) */
    long duplicated;        /* DUP */
    long corrupt;           /* DAMAGED and UNKNOWN */
    long pending;           /* expected, not arrived */
    long pending_failed;    /* ... of them owed by failed items */
    long held;              /* entries held (expected, or arrived and kept) */
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

/* Cycles an arrived delivery stays known to the scoreboard (for the DUP
 * verdict) when the front ends recycle: a copy a broken network makes of
 * a worm follows it through the same buffers, well within this; and what
 * it keeps (the deliveries of that many cycles, and their records) stays
 * small next to the models. */
#define WC_SCORE_KEEP 16384L

/* Recycle (see above): entries that arrived more than keep cycles ago
 * (by the last wc_score_clock) go; release(ctx, item) is called, from
 * inside wc_score_expect, for each item whose last entry went and that
 * owes nothing.  Item numbers are then at most the front end's live
 * records, which is what lets it reuse them. */
void wc_score_recycle(wc_score *sb, long keep, void (*release)(void *ctx, long item), void *ctx);
/* The front end's time, in cycles, non-decreasing. */
void wc_score_clock(wc_score *sb, long now);

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
 * stay pending but count as failed (wc_score_counts.pending_failed).  An
 * item with no entry left (never expected, or released) is not touched:
 * it owes nothing. */
void wc_score_fail(wc_score *sb, long item);
int wc_score_failed(const wc_score *sb, long item);

void wc_score_get(const wc_score *sb, wc_score_counts *c);

/* Every delivery still owed by an item that has not failed, stream by
 * stream in the order the streams first appeared, each stream's in
 * expectation order: fn(ctx, key, item); stops when fn returns non-zero. */
void wc_score_missing(const wc_score *sb, int (*fn)(void *ctx, uint64_t key, long item), void *ctx);

/* Latency samples of a run and their summary, in memory that does not
 * grow with the samples: a count per cycle value below WC_LAT_CAP (exact),
 * above it one count per 1/WC_LAT_SUB of an octave; the sum and the
 * maximum are kept exactly.  So the average and the maximum are exact,
 * and so is the 99th percentile while it is below the cap; above it the
 * percentile is the lowest value of its bucket, less than 1/WC_LAT_SUB
 * (0.1%) below the exact one.
 * Values below WC_LAT_LOW are counted in an array; between it and the
 * cap, only the values that occurred, in a hash table, so that the rare
 * samples of a long tail cost a few bytes each rather than a page; once
 * 2^16 values have occurred there, one array for every value below the
 * cap.  Memory: at most 8 MiB below the cap and 352 KiB above it. */
#define WC_LAT_CAP_LOG2 20
#define WC_LAT_CAP (1L << WC_LAT_CAP_LOG2)
#define WC_LAT_LOW 65536L
#define WC_LAT_SUB 1024L
typedef struct { unsigned long long count; long value; } wc_lat_cell;  /* count 0: empty */
typedef struct {
    unsigned long long *low;        /* [WC_LAT_LOW] */
    wc_lat_cell *mid;               /* values in [WC_LAT_LOW, WC_LAT_CAP) that occurred */
    long nmid, midcap;
    unsigned long long *all;        /* [WC_LAT_CAP]: replaces low and mid once mid would be larger */
    unsigned long long *over;       /* [octaves above the cap][WC_LAT_SUB] */
    unsigned long long sum;
    long n, max;
} wc_lat;

/* One sample of x >= 0 cycles; -1 with a message when memory runs out
 * (the first sample allocates the table). */
int wc_lat_add(wc_lat *l, long x, char *err, int errlen);
/* avg, the 99th percentile (the sample at rank (n-1)*0.99 in ascending
 * order, within the bounds above) and the max; all 0 without samples. */
void wc_lat_summary(const wc_lat *l, double *avg, double *p99, double *max);
void wc_lat_free(wc_lat *l);
#endif

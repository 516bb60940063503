/* SPDX-License-Identifier: Apache-2.0 */
/* The scoreboard (wc_score.h): streams in an open-addressing hash table,
 * each an array of the items expected there, in order, with an arrival
 * mark and time per entry; per item the deliveries it still owes and the
 * entries that name it.  Laid out so that a delivery touches few cache
 * lines: the simulator checks one per packet.
 *
 * Recycling drops arrived entries older than `keep` when a stream's
 * array is full, before it would grow, and in every stream once every
 * `keep` cycles (so that a quiet stream does not hold on to what arrived
 * long ago): a stream holds what it still expects and what arrived in the
 * last two `keep` periods, in an array at most four times that (amortized
 * O(1) per expectation, and per cycle a few entries per stream / keep). */
#include <stdlib.h>
#include <string.h>
#include "wc_score.h"
#include "wc_err.h"

enum { NOT_YET, ARRIVED, TAKEN_DAMAGED };

/* One expected delivery: the item and its arrival mark in one word
 * (item << 2 | mark), and the cycle it arrived. */
#define ENTRY(item, mark) ((uint64_t)(item) << 2 | (mark))
#define E_ITEM(e) ((long)((e).w >> 2))
#define E_MARK(e) ((int)((e).w & 3u))
typedef struct {
    uint64_t w;
    long at;                        /* arrival cycle (marked entries) */
} entry;

/* A stream lives in its hash-table slot (one probe reaches it); order
 * keeps the slots in the order the streams appeared. */
typedef struct {
    uint64_t key;
    entry *e;                       /* expected deliveries, in order */
    long n, cap, next;              /* next: first not arrived */
    uint8_t used, ordered;
} stream;

typedef struct {
    int owed;                       /* deliveries not arrived */
    int refs;                       /* entries naming the item */
    int failed;
} itemst;

struct wc_score {
    stream *ht;
    unsigned long htcap;            /* a power of two, at least twice nsv */
    unsigned long *order;           /* [nsv] slots in the order streams appeared */
    long nsv;
    itemst *it;
    long nitems, itcap;
    wc_score_counts c;
    long now, keep;                 /* keep < 0: no recycling */
    long swept;                     /* cycle of the last sweep over every stream */
    void (*release)(void *ctx, long item);
    void *rctx;
};

wc_score *wc_score_create(char *err, int errlen)
{
    wc_score *sb = wc_alloc(1, sizeof(wc_score), "the scoreboard", err, errlen);
    if (sb)
        sb->keep = -1;
    return sb;
}

void wc_score_recycle(wc_score *sb, long keep, void (*release)(void *ctx, long item), void *ctx)
{
    sb->keep = keep;
    sb->release = release;
    sb->rctx = ctx;
}

static int compact(wc_score *sb, stream *st);

void wc_score_clock(wc_score *sb, long now)
{
    long k;
    sb->now = now;
    if (sb->keep < 0 || now - sb->swept <= sb->keep)
        return;
    sb->swept = now;
    for (k = 0; k < sb->nsv; k++) {
        stream *st = &sb->ht[sb->order[k]];
        compact(sb, st);
        /* an array a burst grew gives back what it no longer needs */
        if (st->cap > 8 && 4 * st->n <= st->cap) {
            long ncap = st->cap / 2;
            entry *ne = realloc(st->e, (size_t)ncap * sizeof *ne);
            if (ne) {
                st->e = ne;
                st->cap = ncap;
            }
        }
    }
}

void wc_score_free(wc_score *sb)
{
    long k;
    if (!sb)
        return;
    for (k = 0; k < sb->nsv; k++)
        free(sb->ht[sb->order[k]].e);
    free(sb->ht);
    free(sb->order);
    free(sb->it);
    free(sb);
}

static unsigned long key_hash(uint64_t k)
{
    k ^= k >> 31; k *= 0x9e3779b97f4a7c15ull; k ^= k >> 29;
    return (unsigned long)k;
}

/* the slot of key, or of the empty slot where it would go */
static unsigned long probe(const stream *ht, unsigned long cap, uint64_t key)
{
    unsigned long i;
    for (i = key_hash(key) & (cap - 1); ht[i].used && ht[i].key != key; i = (i + 1) & (cap - 1))
        ;
    return i;
}

static stream *stream_find(const wc_score *sb, uint64_t key)
{
    stream *st;
    if (!sb->htcap)
        return NULL;
    st = &sb->ht[probe(sb->ht, sb->htcap, key)];
    return st->used ? st : NULL;
}

static stream *stream_get(wc_score *sb, uint64_t key, int ordered, char *err, int errlen)
{
    stream *st = stream_find(sb, key);
    unsigned long i;
    if (st)
        return st;
    if (2 * (unsigned long)(sb->nsv + 1) > sb->htcap) {
        unsigned long ncap = sb->htcap ? 2 * sb->htcap : 1024;
        stream *nh = wc_alloc(ncap, sizeof *nh, "the scoreboard's stream table", err, errlen);
        unsigned long *no = wc_alloc(ncap / 2, sizeof *no, "the scoreboard's stream table", err, errlen);
        long k;
        if (!nh || !no) {
            free(nh);
            free(no);
            return NULL;
        }
        for (k = 0; k < sb->nsv; k++) {
            const stream *old = &sb->ht[sb->order[k]];
            i = probe(nh, ncap, old->key);
            nh[i] = *old;
            no[k] = i;
        }
        free(sb->ht);
        free(sb->order);
        sb->ht = nh;
        sb->order = no;
        sb->htcap = ncap;
    }
    i = probe(sb->ht, sb->htcap, key);
    st = &sb->ht[i];
    memset(st, 0, sizeof *st);
    st->key = key;
    st->used = 1;
    st->ordered = (uint8_t)(ordered != 0);
    sb->order[sb->nsv++] = i;
    return st;
}

/* Array a of *cap elements of sz bytes, grown (doubling from `first`)
 * to hold index `need`: a itself or a larger copy, whose new part is
 * zeroed; NULL with a message when memory runs out (a still valid). */
static void *grow(void *a, long *cap, long need, size_t sz, long first, const char *what, char *err, int errlen)
{
    long ncap = *cap ? *cap : first;
    char *na;
    while (ncap <= need)
        ncap *= 2;
    if (ncap == *cap)
        return a;
    if (!(na = realloc(a, (size_t)ncap * sz))) {
        wc_err(err, errlen, "out of memory for %ld %s", ncap, what);
        return NULL;
    }
    memset(na + (size_t)*cap * sz, 0, (size_t)(ncap - *cap) * sz);
    *cap = ncap;
    return na;
}

/* An entry goes: one fewer naming its item, which is handed back once
 * nothing names it and it owes nothing. */
static void drop_entry(wc_score *sb, const entry *e)
{
    long item = E_ITEM(*e);
    itemst *x = &sb->it[item];
    sb->c.held--;
    if (--x->refs == 0 && x->owed == 0) {
        memset(x, 0, sizeof *x);
        if (sb->release)
            sb->release(sb->rctx, item);
    }
}

/* st's array is full: drop the entries that arrived more than keep
 * cycles ago, keeping the others in order.  1 if that freed a quarter of
 * the array (else it grows, so the scans stay amortized O(1)). */
static int compact(wc_score *sb, stream *st)
{
    long i, k = 0;
    if (sb->keep < 0)
        return 0;
    for (i = 0; i < st->n; i++) {
        const entry *e = &st->e[i];
        if (E_MARK(*e) != NOT_YET && sb->now - e->at > sb->keep) {
            drop_entry(sb, e);
            continue;
        }
        st->e[k++] = *e;
    }
    st->n = k;
    for (st->next = 0; st->next < st->n && E_MARK(st->e[st->next]) != NOT_YET; st->next++)
        ;
    return 4 * st->n <= 3 * st->cap;
}

int wc_score_expect(wc_score *sb, uint64_t key, int ordered, long item, char *err, int errlen)
{
    stream *st;
    itemst *ni = grow(sb->it, &sb->itcap, item, sizeof *sb->it, 4096, "scoreboard items", err, errlen);
    entry *ne;
    if (!ni)
        return -1;
    sb->it = ni;
    if (item >= sb->nitems)
        sb->nitems = item + 1;
    if (!(st = stream_get(sb, key, ordered, err, errlen)))
        return -1;
    if (st->n == st->cap && !(st->cap && compact(sb, st))) {
        if (!(ne = grow(st->e, &st->cap, st->n, sizeof *st->e, 8, "entries of a scoreboard stream", err, errlen)))
            return -1;
        st->e = ne;
    }
    st->e[st->n].w = ENTRY(item, NOT_YET);
    st->e[st->n].at = 0;
    st->n++;
    sb->it[item].owed++;
    sb->it[item].refs++;
    sb->c.held++;
    sb->c.expected++;
    sb->c.pending++;
    if (sb->it[item].failed)
        sb->c.pending_failed++;
    return 0;
}

/* entry i of st arrived (mark: ARRIVED or TAKEN_DAMAGED); 1 if that was
 * the last delivery its item owed */
static int take(wc_score *sb, stream *st, long i, int mark)
{
    itemst *x = &sb->it[E_ITEM(st->e[i])];
    st->e[i].w |= (uint64_t)mark;
    st->e[i].at = sb->now;
    while (st->next < st->n && E_MARK(st->e[st->next]) != NOT_YET)
        st->next++;
    sb->c.pending--;
    if (x->failed)
        sb->c.pending_failed--;
    return --x->owed == 0;
}

int wc_score_arrive(wc_score *sb, uint64_t key, int (*match)(void *ctx, long item), void *ctx, long *item,
                    int *done)
{
    stream *st = stream_find(sb, key);
    long i;
    *item = -1;
    *done = 0;
    if (!st) {
        sb->c.corrupt++;
        return WC_SCORE_UNKNOWN;
    }
    if (st->next < st->n && match(ctx, E_ITEM(st->e[st->next]))) {
        *item = E_ITEM(st->e[st->next]);
        *done = take(sb, st, st->next, ARRIVED);
        sb->c.delivered++;
        return WC_SCORE_OK;
    }
    for (i = 0; i < st->n; i++) {
        if (i == st->next || !match(ctx, E_ITEM(st->e[i])))
            continue;
        *item = E_ITEM(st->e[i]);
        if (E_MARK(st->e[i]) != NOT_YET) {
            sb->c.duplicated++;
            return WC_SCORE_DUP;
        }
        *done = take(sb, st, i, ARRIVED);
        if (st->ordered) {
            sb->c.out_of_order++;
            return WC_SCORE_EARLY;
        }
        sb->c.delivered++;
        sb->c.overtook++;
        return WC_SCORE_OK;
    }
    sb->c.corrupt++;
    if (st->next < st->n) {
        *item = E_ITEM(st->e[st->next]);
        *done = take(sb, st, st->next, TAKEN_DAMAGED);
    }
    return WC_SCORE_DAMAGED;
}

void wc_score_fail(wc_score *sb, long item)
{
    if (item < 0 || item >= sb->nitems || sb->it[item].failed || !sb->it[item].refs)
        return;
    sb->it[item].failed = 1;
    sb->c.pending_failed += sb->it[item].owed;
}

int wc_score_failed(const wc_score *sb, long item)
{
    return item >= 0 && item < sb->nitems && sb->it[item].failed;
}

void wc_score_get(const wc_score *sb, wc_score_counts *c)
{
    *c = sb->c;
}

void wc_score_missing(const wc_score *sb, int (*fn)(void *ctx, uint64_t key, long item), void *ctx)
{
    long k, i;
    for (k = 0; k < sb->nsv; k++) {
        const stream *st = &sb->ht[sb->order[k]];
        for (i = st->next; i < st->n; i++)
            if (E_MARK(st->e[i]) == NOT_YET && !sb->it[E_ITEM(st->e[i])].failed && fn(ctx, st->key, E_ITEM(st->e[i])))
                return;
    }
}

/* ---- latency samples ---------------------------------------------------- */
/* Octaves above the cap: values up to LONG_MAX. */
enum { LAT_OCT = (int)(sizeof(long) * 8 - 1) - WC_LAT_CAP_LOG2 };
/* the most cells of the table of values from WC_LAT_LOW to the cap (2 MiB) */
enum { LAT_MIDMAX = 1 << 17 };

static int log2_floor(unsigned long x)
{
    int b = 0;
    while (x >>= 1)
        b++;
    return b;
}

/* bucket of x >= WC_LAT_CAP, and the lowest value it holds */
static long over_bucket(long x)
{
    int o = log2_floor((unsigned long)x) - WC_LAT_CAP_LOG2;
    return (long)o * WC_LAT_SUB + ((x - (WC_LAT_CAP << o)) / ((WC_LAT_CAP / WC_LAT_SUB) << o));
}

static long over_low(long b)
{
    long o = b / WC_LAT_SUB, sub = b % WC_LAT_SUB;
    return (WC_LAT_CAP << o) + sub * ((WC_LAT_CAP / WC_LAT_SUB) << o);
}

/* the cell of value x in a table of cap cells (a power of two), or the
 * empty one where it goes */
static wc_lat_cell *mid_cell(wc_lat_cell *t, long cap, long x)
{
    unsigned long i = (unsigned long)(((unsigned long long)x * 0x9e3779b97f4a7c15ull) >> 32) & (unsigned long)(cap - 1);
    while (t[i].count && t[i].value != x)
        i = (i + 1) & (unsigned long)(cap - 1);
    return &t[i];
}

/* one more sample of x in [WC_LAT_LOW, WC_LAT_CAP) */
static int mid_add(wc_lat *l, long x, char *err, int errlen)
{
    wc_lat_cell *c;
    long k;
    if (2 * (l->nmid + 1) > l->midcap) {
        if (2 * l->midcap > LAT_MIDMAX) {
            /* the values are spread, not a tail: one count per value is
             * faster to add to, and at most four times the table */
            if (!(l->all = wc_alloc(WC_LAT_CAP, sizeof *l->all, "the latency histogram", err, errlen)))
                return -1;
            if (l->low)
                memcpy(l->all, l->low, WC_LAT_LOW * sizeof *l->low);
            for (k = 0; k < l->midcap; k++)
                if (l->mid[k].count)
                    l->all[l->mid[k].value] = l->mid[k].count;
            free(l->low);
            free(l->mid);
            l->low = NULL;
            l->mid = NULL;
            l->all[x]++;
            return 0;
        } else {
            long ncap = l->midcap ? 2 * l->midcap : 1024;
            wc_lat_cell *nt = wc_alloc((size_t)ncap, sizeof *nt, "the latency histogram", err, errlen);
            if (!nt)
                return -1;
            for (k = 0; k < l->midcap; k++)
                if (l->mid[k].count)
                    *mid_cell(nt, ncap, l->mid[k].value) = l->mid[k];
            free(l->mid);
            l->mid = nt;
            l->midcap = ncap;
        }
    }
    c = mid_cell(l->mid, l->midcap, x);
    if (!c->count++) {
        c->value = x;
        l->nmid++;
    }
    return 0;
}

int wc_lat_add(wc_lat *l, long x, char *err, int errlen)
{
    if (x < 0)
        x = 0;
    if (x >= WC_LAT_CAP) {
        if (!l->over &&
            !(l->over = wc_alloc((size_t)LAT_OCT * WC_LAT_SUB, sizeof *l->over, "the latency histogram", err, errlen)))
            return -1;
        l->over[over_bucket(x)]++;
    } else if (l->all) {
        l->all[x]++;
    } else if (x >= WC_LAT_LOW) {
        if (mid_add(l, x, err, errlen))
            return -1;
    } else {
        if (!l->low && !(l->low = wc_alloc(WC_LAT_LOW, sizeof *l->low, "the latency histogram", err, errlen)))
            return -1;
        l->low[x]++;
    }
    l->sum += (unsigned long long)x;
    if (x > l->max)
        l->max = x;
    l->n++;
    return 0;
}

/* samples of value at most v below the cap */
static unsigned long long count_upto(const wc_lat *l, long v)
{
    unsigned long long c = 0;
    long k;
    if (l->all) {
        for (k = 0; k <= v; k++)
            c += l->all[k];
        return c;
    }
    for (k = 0; l->low && k < WC_LAT_LOW && k <= v; k++)
        c += l->low[k];
    for (k = 0; k < l->midcap; k++)
        if (l->mid[k].count && l->mid[k].value <= v)
            c += l->mid[k].count;
    return c;
}

void wc_lat_summary(const wc_lat *l, double *avg, double *p99, double *max)
{
    unsigned long long rank, seen;
    long lo, hi, k;
    *avg = *p99 = *max = 0;
    if (!l->n)
        return;
    *avg = (double)l->sum / (double)l->n;
    *max = (double)l->max;
    rank = (unsigned long long)((double)(l->n - 1) * 0.99);
    seen = count_upto(l, WC_LAT_CAP - 1);
    if (seen > rank) {
        /* the least v with more than rank samples up to it */
        for (lo = 0, hi = WC_LAT_CAP - 1; lo < hi;) {
            long mid = lo + (hi - lo) / 2;
            if (count_upto(l, mid) > rank)
                hi = mid;
            else
                lo = mid + 1;
        }
        *p99 = (double)lo;
        return;
    }
    for (k = 0; l->over && k < (long)LAT_OCT * WC_LAT_SUB; k++)
        if ((seen += l->over[k]) > rank) {
            *p99 = (double)over_low(k);
            return;
        }
}

void wc_lat_free(wc_lat *l)
{
    free(l->low);
    free(l->mid);
    free(l->all);
    free(l->over);
    memset(l, 0, sizeof *l);
}

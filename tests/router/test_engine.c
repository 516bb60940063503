/* SPDX-License-Identifier: Apache-2.0 */
/* The engine framework of sw/host without the RTL: the scoreboard's
 * verdicts, its recycling and the latency histogram (wc_score.h), the
 * lockstep comparator (wc_lockstep.h) on two C instances, one of them
 * broken, and NIC register snapshots. */
#include <stdlib.h>
#include <string.h>
#include "wc_score.h"
#include "wc_lockstep.h"
#include "wc_engine.h"
#include "wc_topo.h"
#include "wc_defs.h"
#include "../wc_test.h"

static int match_item;
static int match(void *ctx, long item) { (void)ctx; return item == match_item; }

static int arrive(wc_score *sb, uint64_t key, long want, long *item, int *done)
{
    match_item = (int)want;
    return wc_score_arrive(sb, key, match, NULL, item, done);
}

typedef struct { uint64_t key[8]; long item[8]; int n; } missing_list;
static int note_missing(void *ctx, uint64_t key, long item)
{
    missing_list *m = ctx;
    if (m->n < 8) {
        m->key[m->n] = key;
        m->item[m->n] = item;
    }
    m->n++;
    return 0;
}

static void test_score(void)
{
    char err[128];
    wc_score *sb = wc_score_create(err, sizeof err);
    wc_score_counts c;
    uint64_t A = wc_score_key(1, 2, 0), B = wc_score_key(1, 3, 0), C = wc_score_key(4, 2, 7), D = wc_score_key(5, 2, 7);
    uint64_t E = wc_score_key(6, 0, 0);
    missing_list ml;
    long item;
    int done, v, i, bad = 0;
    CHECK(sb != NULL, "scoreboard created");
    /* an ordered stream: in order, early, late, again */
    for (i = 0; i < 3; i++)
        bad |= wc_score_expect(sb, A, 1, i, err, sizeof err);
    CHECK(!bad, "three items expected on one ordered stream");
    v = arrive(sb, A, 0, &item, &done);
    CHECK(v == WC_SCORE_OK && item == 0 && done, "item 0 in order: OK and complete (%d)", v);
    v = arrive(sb, A, 2, &item, &done);
    CHECK(v == WC_SCORE_EARLY && item == 2 && done, "item 2 before item 1: EARLY (%d)", v);
    v = arrive(sb, A, 1, &item, &done);
    CHECK(v == WC_SCORE_OK && item == 1, "item 1: OK (%d)", v);
    v = arrive(sb, A, 1, &item, &done);
    CHECK(v == WC_SCORE_DUP && item == 1 && !done, "item 1 again: DUP (%d)", v);
    memset(&ml, 0, sizeof ml);
    wc_score_missing(sb, note_missing, &ml);
    CHECK(ml.n == 0, "nothing more expected (%d listed)", ml.n);
    /* a damaged delivery stands for the stream's next item */
    wc_score_expect(sb, B, 1, 3, err, sizeof err);
    wc_score_expect(sb, B, 1, 4, err, sizeof err);
    v = arrive(sb, B, -1, &item, &done);
    CHECK(v == WC_SCORE_DAMAGED && item == 3 && done, "damaged: taken for item 3 (%d, %ld)", v, item);
    v = arrive(sb, B, 4, &item, &done);
    CHECK(v == WC_SCORE_OK && item == 4, "item 4 after the damaged one: OK, not out of order (%d)", v);
    v = arrive(sb, wc_score_key(9, 9, 9), 4, &item, &done);
    CHECK(v == WC_SCORE_UNKNOWN && item == -1, "a stream nothing was expected on: UNKNOWN (%d)", v);
    /* unordered streams; an item owed to two receivers */
    wc_score_expect(sb, C, 0, 5, err, sizeof err);
    wc_score_expect(sb, D, 0, 5, err, sizeof err);
    wc_score_expect(sb, C, 0, 6, err, sizeof err);
    v = arrive(sb, C, 6, &item, &done);
    CHECK(v == WC_SCORE_OK && done, "unordered: item 6 first is OK (%d)", v);
    v = arrive(sb, C, 5, &item, &done);
    CHECK(v == WC_SCORE_OK && !done, "item 5 at its first receiver: OK, one delivery still owed");
    wc_score_get(sb, &c);
    CHECK(c.overtook == 1 && c.out_of_order == 1, "unordered: item 6 overtook item 5, counted apart from the "
          "ordered stream's early item (%ld, %ld)", c.overtook, c.out_of_order);
    /* a failed item's deliveries stay pending but count as failed */
    wc_score_expect(sb, E, 1, 7, err, sizeof err);
    wc_score_fail(sb, 7);
    CHECK(wc_score_failed(sb, 7) && !wc_score_failed(sb, 5), "item 7 failed, item 5 not");
    wc_score_get(sb, &c);
    CHECK(c.expected == 9 && c.pending == 2 && c.pending_failed == 1, "9 expected, 2 pending, 1 of them failed "
          "(%ld, %ld, %ld)", c.expected, c.pending, c.pending_failed);
    memset(&ml, 0, sizeof ml);
    wc_score_missing(sb, note_missing, &ml);
    CHECK(ml.n == 1 && ml.key[0] == D && ml.item[0] == 5 && wc_score_key_receiver(ml.key[0]) == 5,
          "missing: item 5 at node 5 only (the failed item is not listed; %d listed)", ml.n);
    v = arrive(sb, D, 5, &item, &done);
    CHECK(v == WC_SCORE_OK && done, "item 5 at its second receiver completes it");
    v = arrive(sb, E, 7, &item, &done);
    wc_score_get(sb, &c);
    CHECK(c.delivered == 7 && c.out_of_order == 1 && c.duplicated == 1 && c.corrupt == 2 && c.pending == 0 &&
          c.pending_failed == 0, "counts: 7 delivered, 1 early, 1 duplicate, 2 corrupt, none pending "
          "(%ld %ld %ld %ld %ld)", c.delivered, c.out_of_order, c.duplicated, c.corrupt, c.pending);
    wc_score_free(sb);
}

/* Items handed back by the scoreboard (wc_score_recycle). */
typedef struct { long item[64]; int n; } released;
static void note_release(void *ctx, long item)
{
    released *r = ctx;
    if (r->n < 64)
        r->item[r->n] = item;
    r->n++;
}

static void test_recycle(void)
{
    char err[128];
    wc_score *sb = wc_score_create(err, sizeof err);
    const uint64_t A = wc_score_key(1, 2, 0), B = wc_score_key(3, 2, 0);
    const long keep = 100;
    released rel;
    wc_score_counts c;
    long item, i, held_max = 0, reused = 0;
    int done, v, bad = 0;
    memset(&rel, 0, sizeof rel);
    wc_score_recycle(sb, keep, note_release, &rel);
    /* items 0..7 arrive at cycle 10; nothing goes before keep cycles */
    wc_score_clock(sb, 10);
    for (i = 0; i < 8; i++)
        bad |= wc_score_expect(sb, A, 1, i, err, sizeof err);
    for (i = 0; i < 8; i++)
        bad |= arrive(sb, A, i, &item, &done) != WC_SCORE_OK;
    CHECK(!bad, "items 0..7 in order");
    wc_score_clock(sb, 10 + keep);
    v = arrive(sb, A, 3, &item, &done);
    CHECK(v == WC_SCORE_DUP && item == 3, "a copy of item 3 keep cycles later: still DUP (%d)", v);
    bad |= wc_score_expect(sb, A, 1, 8, err, sizeof err);
    CHECK(!bad && rel.n == 0, "the full stream grows rather than drop what arrived within keep (%d released)",
          rel.n);
    /* one cycle later the arrived entries are past keep: the next time the
     * stream is full they go, and their items come back */
    wc_score_clock(sb, 11 + keep);
    for (i = 9; i < 16; i++)
        bad |= wc_score_expect(sb, A, 1, i, err, sizeof err);
    bad |= wc_score_expect(sb, A, 1, 16, err, sizeof err);
    CHECK(!bad && rel.n == 8 && rel.item[0] == 0 && rel.item[7] == 7, "items 0..7 handed back (%d, first %ld)",
          rel.n, rel.item[0]);
    v = arrive(sb, A, 3, &item, &done);
    CHECK(v == WC_SCORE_DAMAGED && item == 8 && done, "a copy of item 3 after it went: DAMAGED, taken for the "
          "next item, 8 (%d, %ld)", v, item);
    /* an item owed to two streams comes back once, when both its entries
     * went; one that still owes (a failed send) never does */
    rel.n = 0;
    bad |= wc_score_expect(sb, B, 0, 20, err, sizeof err);
    bad |= wc_score_expect(sb, B, 0, 21, err, sizeof err);
    bad |= wc_score_expect(sb, A, 1, 21, err, sizeof err);
    wc_score_fail(sb, 20);
    bad |= arrive(sb, B, 21, &item, &done) != WC_SCORE_OK;
    for (i = 9; i < 17; i++)
        bad |= arrive(sb, A, i, &item, &done) != WC_SCORE_OK;
    bad |= arrive(sb, A, 21, &item, &done) != WC_SCORE_OK || !done;
    wc_score_clock(sb, 12 + 2 * keep);
    for (i = 0; i < 40; i++)
        bad |= wc_score_expect(sb, i & 1 ? A : B, i & 1, 100 + i, err, sizeof err);
    for (i = 0; i < rel.n && i < 64; i++)
        reused |= rel.item[i] == 20;
    CHECK(!bad && !reused && rel.n >= 9, "items 9..16 and 21 handed back, failed item 20 kept (%d released)", rel.n);
    wc_score_free(sb);
    /* a long run: what the scoreboard holds stays bounded by what arrived
     * in the last keep cycles, and item numbers are reused */
    sb = wc_score_create(err, sizeof err);
    memset(&rel, 0, sizeof rel);
    wc_score_recycle(sb, keep, note_release, &rel);
    {
        long fresh = 0, freelist[64], nfree = 0, cyc;
        for (cyc = 0; cyc < 100000 && !bad; cyc++) {
            long it;
            wc_score_clock(sb, cyc);
            /* one item a cycle, from the released ones first */
            while (rel.n > 0 && nfree < 64)
                freelist[nfree++] = rel.item[--rel.n];
            it = nfree ? freelist[--nfree] : fresh++;
            bad |= wc_score_expect(sb, A, 1, it, err, sizeof err);
            bad |= arrive(sb, A, it, &item, &done) != WC_SCORE_OK || !done;
            wc_score_get(sb, &c);
            if (c.held > held_max)
                held_max = c.held;
        }
        CHECK(!bad && held_max <= 4 * keep && fresh <= 4 * keep, "100000 items, one a cycle: at most %ld entries "
              "held and %ld item numbers used (keep %ld)", held_max, fresh, keep);
    }
    wc_score_get(sb, &c);
    CHECK(c.delivered == 100000 && !c.duplicated && !c.corrupt && !c.pending, "all delivered, nothing else");
    wc_score_free(sb);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The histogram against the sorted samples: average, maximum and p99
 * exact below the cap; above it p99 at most 1/WC_LAT_SUB low. */
static void test_latency(void)
{
    static long v[200001];
    char err[128];
    wc_lat lat;
    double avg, p99, max, sum;
    long n, i, scale;
    uint32_t x = 12345;
    int bad = 0;
    memset(&lat, 0, sizeof lat);
    for (i = 100; i >= 1; i--)
        bad |= wc_lat_add(&lat, i, err, sizeof err);
    wc_lat_summary(&lat, &avg, &p99, &max);
    CHECK(!bad && avg == 50.5 && p99 == 99 && max == 100, "latency of 1..100: avg 50.5, p99 99, max 100 "
          "(%g %g %g)", avg, p99, max);
    wc_lat_free(&lat);
    wc_lat_summary(&lat, &avg, &p99, &max);
    CHECK(avg == 0 && p99 == 0 && max == 0, "no samples: all 0");
    /* spreads of random samples: within the cap, straddling it, far above */
    for (scale = WC_LAT_CAP / 64; scale <= 64 * WC_LAT_CAP; scale *= 64) {
        n = 200001;
        sum = 0;
        memset(&lat, 0, sizeof lat);
        for (i = 0; i < n; i++) {
            x = x * 1664525u + 1013904223u;
            v[i] = (long)((double)(x >> 8) / (double)(1u << 24) * (double)scale);
            sum += (double)v[i];
            bad |= wc_lat_add(&lat, v[i], err, sizeof err);
        }
        qsort(v, (size_t)n, sizeof *v, cmp_long);
        wc_lat_summary(&lat, &avg, &p99, &max);
        {
            const double want = (double)v[(long)((double)(n - 1) * 0.99)];
            const int exact = want < WC_LAT_CAP;
            CHECK(!bad && avg == sum / (double)n && max == (double)v[n - 1] &&
                  (exact ? p99 == want : p99 <= want && want - p99 < want / WC_LAT_SUB),
                  "samples up to %ld: avg %.2f max %.0f exact, p99 %.0f %s %.0f", scale, avg, max, p99,
                  exact ? "==" : "within 1/1024 below", want);
        }
        wc_lat_free(&lat);
    }
    /* a short bulk and a long tail: p99 among the few values above
     * WC_LAT_LOW that the table holds */
    memset(&lat, 0, sizeof lat);
    n = 100001;
    sum = 0;
    for (i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        v[i] = i % 50 ? (long)(x % 1000) : WC_LAT_LOW + (long)(x % (WC_LAT_CAP - WC_LAT_LOW));
        sum += (double)v[i];
        bad |= wc_lat_add(&lat, v[i], err, sizeof err);
    }
    qsort(v, (size_t)n, sizeof *v, cmp_long);
    wc_lat_summary(&lat, &avg, &p99, &max);
    CHECK(!bad && !lat.all && lat.nmid > 0 && avg == sum / (double)n && max == (double)v[n - 1] &&
          p99 == (double)v[(long)((double)(n - 1) * 0.99)], "2%% of the samples in a tail from %ld: p99 %.0f exact "
          "from the table of %ld values", WC_LAT_LOW, p99, lat.nmid);
    wc_lat_free(&lat);
    /* every value below the cap once: the table of values above
     * WC_LAT_LOW gives way to one count per value, still exact */
    memset(&lat, 0, sizeof lat);
    for (i = WC_LAT_CAP - 1; i >= 0; i--)
        bad |= wc_lat_add(&lat, i, err, sizeof err);
    wc_lat_summary(&lat, &avg, &p99, &max);
    n = WC_LAT_CAP;
    CHECK(!bad && lat.all && avg == (double)(n - 1) / 2 && p99 == (double)(long)((double)(n - 1) * 0.99) &&
          max == (double)(n - 1), "0..2^20-1 once each: avg %.1f p99 %.0f max %.0f, in one array", avg, p99, max);
    wc_lat_free(&lat);
}

/* A 3-flit worm from node 0 to node 15 of mesh:4x4 into both instances;
 * returns the cycle of the first mismatch, -1 if none in 100 cycles. */
static long race(const wc_topo *t, int mutate_b, wc_mismatch *mm, int *arrived)
{
    char err[256];
    wc_engine_cfg ec;
    wc_engine *a, *b;
    long cyc, at = -1;
    const int P = t->nports, src = 0, dst = 15;
    const int in = t->node_router[src] * P + t->node_port[src];
    const int out_r = t->node_router[dst], out_p = t->node_port[dst];
    memset(&ec, 0, sizeof ec);
    ec.t = t;
    ec.width = WC_FLIT_DATA_W;
    ec.buffer = 8;
    a = wc_engine_open(0, &ec, "C model", err, sizeof err);
    ec.net_mutate = mutate_b;
    b = wc_engine_open(0, &ec, "C model, mutated", err, sizeof err);
    CHECK(a && b, "two C instances of %s: %s", t->name, a && b ? "open" : err);
    if (!a || !b)
        return -2;
    *arrived = 0;
    wc_mismatch_clear(mm);
    for (cyc = 0; cyc < 100 && at < 0; cyc++) {
        int v, c;
        uint64_t f;
        if (cyc < 3) {
            uint32_t h = 0;
            uint64_t type = cyc == 0 ? WC_FT_HEAD : cyc == 2 ? WC_FT_TAIL : WC_FT_BODY;
            h = WC_SET(h, HEAD_DST, (uint32_t)dst);
            h = WC_SET(h, HEAD_KIND, WC_KIND_UNICAST);
            f = (cyc == 0 ? h : 0x1234u + (uint32_t)cyc) | type << WC_FLIT_DATA_W;
            wc_engine_net_set(a, in, 1, f, 0);
            wc_engine_net_set(b, in, 1, f, 0);
        }
        wc_engine_net_eval(a);
        wc_engine_net_eval(b);
        wc_engine_net_port(a, out_r, out_p, &v, &f, &c);
        *arrived += v;
        if (wc_lockstep_compare(a, b, cyc, mm))
            at = cyc;
        wc_engine_tick(a);
        wc_engine_tick(b);
    }
    wc_engine_close(a);
    wc_engine_close(b);
    return at;
}

static void test_compare(void)
{
    char err[256];
    wc_topo *t = wc_topo_create("mesh:4x4", err, sizeof err);
    wc_mismatch mm;
    int arrived;
    long at;
    CHECK(t != NULL, "mesh:4x4: %s", t ? "created" : err);
    if (!t)
        return;
    at = race(t, 0, &mm, &arrived);
    CHECK(at == -1 && arrived == 3, "same model twice: no mismatch in 100 cycles, the worm's 3 flits arrive "
          "(mismatch at %ld: %s)", at, mm.text);
    at = race(t, 2, &mm, &arrived);
    CHECK(at >= 0 && mm.cycle == at && mm.router >= 0 && mm.port >= 0 && mm.node == -1,
          "the other dimension order is caught at cycle %ld, router %d port %d", at, mm.router, mm.port);
    {
        char head[96];
        snprintf(head, sizeof head, "cycle %ld router %d port %d out_", at, mm.router, mm.port);
        CHECK(!strncmp(mm.text, head, strlen(head)) && strstr(mm.text, ": expected (C model) 0x") &&
              strstr(mm.text, ", actual (C model, mutated) 0x"), "report format: %s", mm.text);
    }
    wc_topo_free(t);
}

/* NICs: idle instances agree, and their registers read over the bus. */
static void test_nics(void)
{
    char err[256];
    wc_topo *t = wc_topo_create("cube:3", err, sizeof err);
    wc_nic_cfg nc;
    wc_engine_cfg ec;
    wc_engine *a, *b;
    wc_mismatch mm;
    wc_nic_in in;
    long cyc, at = -1;
    int n;
    if (!t) {
        CHECK(0, "cube:3: %s", err);
        return;
    }
    wc_nic_cfg_default(&nc, t->nnodes);
    memset(&ec, 0, sizeof ec);
    ec.t = t;
    ec.width = WC_FLIT_DATA_W;
    ec.buffer = 8;
    ec.nic = &nc;
    a = wc_engine_open(0, &ec, "A", err, sizeof err);
    b = wc_engine_open(0, &ec, "B", err, sizeof err);
    CHECK(a && b && wc_engine_nnics(a) == 8, "two C instances of cube:3 with 8 NICs: %s", a && b ? "open" : err);
    if (!a || !b) {
        wc_engine_close(a);
        wc_topo_free(t);
        return;
    }
    memset(&in, 0, sizeof in);
    wc_mismatch_clear(&mm);
    for (cyc = 0; cyc < 50 && at < 0; cyc++) {
        for (n = 0; n < 8; n++) {
            wc_engine_nic_eval(a, n);
            wc_engine_nic_eval(b, n);
        }
        wc_engine_net_eval(a);
        wc_engine_net_eval(b);
        for (n = 0; n < 8; n++) {
            wc_engine_nic_set(a, n, &in);
            wc_engine_nic_set(b, n, &in);
        }
        if (wc_lockstep_compare(a, b, cyc, &mm))
            at = cyc;
        wc_engine_tick(a);
        wc_engine_tick(b);
    }
    CHECK(at < 0, "idle NICs agree for 50 cycles (%s)", mm.text);
    CHECK(!wc_engine_nic_snapshot(a, err, sizeof err) && !wc_engine_nic_snapshot(b, err, sizeof err),
          "register snapshots read");
    CHECK(!wc_lockstep_compare_regs(a, b, cyc, &mm), "snapshots agree (%s)", mm.text);
    CHECK((wc_engine_nic_snap(a, 5, WC_NICR_ID) & 0xfffu) == 5 && (wc_engine_nic_reg(a, 5, WC_NICR_ID) & 0xfffu) == 5,
          "node 5 reads its id from NICR_ID");
    CHECK(!strcmp(wc_nic_reg_name(WC_NICR_RETX), "RETX"), "register names");
    wc_engine_close(a);
    wc_engine_close(b);
    wc_topo_free(t);
}

static void test_kinds(void)
{
    char err[160];
    CHECK(wc_engine_kind_parse("lockstep-c") == WC_ENGINE_LOCKSTEP_C && wc_engine_kind_parse("gpu") == -1 &&
          !strcmp(wc_engine_kind_name(WC_ENGINE_RTL), "rtl"), "engine names");
    CHECK(wc_engine_check_mutate(WC_ENGINE_C, 1, 4, "router", err, sizeof err) < 0 &&
          strstr(err, "engine c compares nothing"), "a mutation outside lockstep is refused: %s", err);
    CHECK(wc_engine_check_mutate(WC_ENGINE_LOCKSTEP, 5, 4, "router", err, sizeof err) < 0 &&
          strstr(err, "1..4"), "a mutation that does not exist is refused: %s", err);
    CHECK(!wc_engine_check_mutate(WC_ENGINE_LOCKSTEP, 4, 4, "router", err, sizeof err) &&
          !wc_engine_check_mutate(WC_ENGINE_C, 0, 4, "router", err, sizeof err), "lockstep takes a mutation");
}

int main(void)
{
    GROUP("scoreboard: in order, early, duplicate, damaged, unknown, unordered, failed", test_score());
    GROUP("scoreboard recycling: kept for keep cycles, then handed back; bounded over a long run", test_recycle());
    GROUP("latency histogram: exact average, maximum and p99 below the cap, p99 within 1/1024 above",
          test_latency());
    GROUP("lockstep comparator: a broken router model is caught, with the report format", test_compare());
    GROUP("NIC unit: idle instances agree, register snapshots", test_nics());
    GROUP("engine kinds and mutations", test_kinds());
    return wc_test_done();
}

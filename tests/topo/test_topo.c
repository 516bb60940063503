/* SPDX-License-Identifier: Apache-2.0 */
/* Topology layer tests: every name form, irregular networks under the
 * up* / down* checker (Liu et al., GPC 2006,
 * sec. 2.1), a hand-worked file topology, an anynet file, and e-cube / XY
 * hop counts.  Usage: test_topo DIR  (DIR holds small.net, small.anynet). */
#include "wc_topo.h"
#include "wc_defs.h"
#include "wc_rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"

static wc_topo *mk(const char *name)
{
    char err[512];
    wc_topo *t = wc_topo_create(name, err, sizeof err);
    if (!t)
        printf("FAIL create %s: %s\n", name, err);
    CHECK(t != NULL, "create %s", name);
    return t;
}

static int popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Peer symmetry and host attachment hold for every kind. */
static void check_wiring(const wc_topo *t)
{
    int r, p, P = t->nports, bad = 0, i;
    for (r = 0; r < t->nrouters; r++)
        for (p = 0; p < P; p++) {
            wc_endpoint e = t->peer[r * P + p];
            if (e.router >= 0) {
                wc_endpoint b = t->peer[e.router * P + e.port];
                if (b.router != r || b.port != p || e.router == r)
                    bad++;
            }
        }
    for (i = 0; i < t->nnodes; i++) {
        wc_endpoint e = t->peer[t->node_router[i] * P + t->node_port[i]];
        if (e.router != WC_PEER_NODE || e.port != i)
            bad++;
    }
    CHECK(bad == 0, "%s: %d asymmetric links or misattached hosts", t->name, bad);
}

static void test_names(void)
{
    static const struct { const char *name, *canon; int kind, P, nodes, routing; } c[] = {
        { "cube:1", "cube:1", WC_TOPO_CUBE, 2, 2, WC_ROUTING_ECUBE },
        { "cube:4", "cube:4", WC_TOPO_CUBE, 5, 16, WC_ROUTING_ECUBE },
        { "cube:10", "cube:10", WC_TOPO_CUBE, 11, 1024, WC_ROUTING_ECUBE },
        { "cube:6:all", "cube:6:all", WC_TOPO_CUBE, 12, 64, WC_ROUTING_ECUBE },
        { "cube:6:all:low", "cube:6:all:low", WC_TOPO_CUBE, 12, 64, WC_ROUTING_ECUBE },
        { "cube:6:low:all", "cube:6:all:low", WC_TOPO_CUBE, 12, 64, WC_ROUTING_ECUBE },
        { "cube:5:low", "cube:5:low", WC_TOPO_CUBE, 6, 32, WC_ROUTING_ECUBE },
        { "mesh:4x4", "mesh:4x4", WC_TOPO_MESH, 5, 16, WC_ROUTING_XY },
        { "mesh:1x1", "mesh:1x1", WC_TOPO_MESH, 5, 1, WC_ROUTING_XY },
        { "mesh:64x64", "mesh:64x64", WC_TOPO_MESH, 5, 4096, WC_ROUTING_XY },
        { "mesh:7x3", "mesh:7x3", WC_TOPO_MESH, 5, 21, WC_ROUTING_XY },
        { "irregular:16,8,4,1", "irregular:16,8,4,1", WC_TOPO_SWITCHED, 8, 64, WC_ROUTING_TABLE },
        { "irregular:1,4,4,9", "irregular:1,4,4,9", WC_TOPO_SWITCHED, 4, 4, WC_ROUTING_TABLE },
        { "irregular:2,2,1,3", "irregular:2,2,1,3", WC_TOPO_SWITCHED, 2, 2, WC_ROUTING_TABLE },
    };
    unsigned i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        wc_topo *t = mk(c[i].name);
        if (!t)
            continue;
        CHECK(!strcmp(t->name, c[i].canon), "%s: canonical name '%s', want '%s'", c[i].name, t->name, c[i].canon);
        CHECK((int)t->kind == c[i].kind && t->nports == c[i].P && t->nnodes == c[i].nodes &&
              t->routing == c[i].routing,
              "%s: kind %d P %d nodes %d routing %d", c[i].name, t->kind, t->nports, t->nnodes, t->routing);
        CHECK((t->kind == WC_TOPO_SWITCHED) == (t->rtable != NULL && t->up != NULL && t->down_only != NULL),
              "%s: up* / down* arrays present exactly for switched networks", c[i].name);
        check_wiring(t);
        wc_topo_free(t);
    }
    {
        wc_topo *t = mk("cube:6:all:low");
        if (t) {
            CHECK(t->all_port == 1 && t->high_first == 0 && t->nlocal == 6, "cube:6:all:low flags");
            wc_topo_free(t);
        }
        t = mk("cube:6");
        if (t) {
            CHECK(t->all_port == 0 && t->high_first == 1 && t->nlocal == 1 && t->node_port[5] == 6, "cube:6 flags");
            wc_topo_free(t);
        }
    }
    printf("name forms: cube (one-port, all-port, low/high), mesh, irregular checked\n");
}

/* e-cube: hop count = Hamming distance, dimensions resolved in the order
 * asked for; XY: hop count = Manhattan distance, X before Y. */
static void test_regular_paths(void)
{
    static const char *cubes[] = { "cube:4", "cube:4:low", "cube:4:all", "cube:4:all:low" };
    int rs[64], ps[64], i, s, d, k, n, bad;
    for (i = 0; i < 4; i++) {
        wc_topo *t = mk(cubes[i]);
        if (!t)
            continue;
        bad = 0;
        for (s = 0; s < 16; s++)
            for (d = 0; d < 16; d++) {
                n = wc_topo_path(t, s, d, rs, ps, 64);
                if (s == d && t->all_port) {
                    /* an all-port worm cannot be injected at its own destination */
                    if (n != -1)
                        bad++;
                    continue;
                }
                if (n != popcount((unsigned)(s ^ d)) + 1) {
                    bad++;
                    continue;
                }
                for (k = 0; k + 1 < n; k++) {
                    /* strictly monotone dimension order */
                    if (k > 0 && (t->high_first ? ps[k] >= ps[k - 1] : ps[k] <= ps[k - 1]))
                        bad++;
                    if (rs[k + 1] != (rs[k] ^ (1 << ps[k])))
                        bad++;
                }
                if (rs[n - 1] != d)
                    bad++;
                /* all-port: eject on the local channel of the arrival dimension */
                if (t->all_port && ps[n - 1] != 4 + ps[n - 2])
                    bad++;
                if (!t->all_port && ps[n - 1] != 4)
                    bad++;
            }
        CHECK(bad == 0, "%s: %d bad e-cube paths", cubes[i], bad);
        printf("%s: all 256 pairs: hops = Hamming distance, dimension order %s\n", cubes[i],
               t->high_first ? "high first" : "low first");
        wc_topo_free(t);
    }
    {
        wc_topo *t = mk("mesh:4x4");
        if (t) {
            bad = 0;
            for (s = 0; s < 16; s++)
                for (d = 0; d < 16; d++) {
                    int dx = abs(s % 4 - d % 4), dy = abs(s / 4 - d / 4), turned = 0;
                    n = wc_topo_path(t, s, d, rs, ps, 64);
                    if (n != dx + dy + 1 || ps[n - 1] != WC_MESH_PORT_L || rs[n - 1] != d) {
                        bad++;
                        continue;
                    }
                    for (k = 0; k + 1 < n; k++) {
                        int y = ps[k] == WC_MESH_PORT_N || ps[k] == WC_MESH_PORT_S;
                        if (turned && !y)
                            bad++;
                        turned |= y;
                    }
                }
            CHECK(bad == 0, "mesh:4x4: %d bad XY paths", bad);
            CHECK(t->peer[0 * 5 + WC_MESH_PORT_W].router == WC_PEER_NONE &&
                  t->peer[0 * 5 + WC_MESH_PORT_N].router == 4 && t->peer[0 * 5 + WC_MESH_PORT_N].port == WC_MESH_PORT_S,
                  "mesh:4x4 edge and north ports");
            printf("mesh:4x4: all 256 pairs: hops = Manhattan distance, X before Y\n");
            wc_topo_free(t);
        }
    }
}

/* Structural properties the irregular generator promises, checked from the
 * port map alone. */
static int irregular_props(const wc_topo *t, int S, int P, int H)
{
    int s, p, q, bad = 0;
    for (s = 0; s < S; s++) {
        int freep = 0;
        for (p = 0; p < P; p++) {
            wc_endpoint e = t->peer[s * P + p];
            if (p < H) {
                if (e.router != WC_PEER_NODE || e.port != s * H + p)
                    bad++;
                continue;
            }
            if (e.router == WC_PEER_NONE) {
                freep++;
                continue;
            }
            if (e.router < 0 || e.router == s)
                bad++;
            for (q = p + 1; q < P; q++)
                if (t->peer[s * P + q].router == e.router)
                    bad++;      /* parallel link */
        }
        if (freep > 0) {
            /* maximal: no other switch with a free port is non-adjacent */
            int o;
            for (o = 0; o < S; o++) {
                int ofree = 0, adj = 0;
                if (o == s)
                    continue;
                for (p = H; p < P; p++) {
                    ofree |= t->peer[o * P + p].router == WC_PEER_NONE;
                    adj |= t->peer[o * P + p].router == s;
                }
                if (ofree && !adj)
                    bad++;
            }
        }
    }
    return bad;
}

static void test_irregular(void)
{
    static const int Ss[] = { 1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 48 };
    static const int Ps[] = { 3, 4, 6, 8, 12 };
    int si, pi, H, seed, ncomb = 0, nbad = 0, nprop = 0, nrepro = 0, nrejected = 0, differ = 0;
    char name[64], err[512];

    for (si = 0; si < (int)(sizeof Ss / sizeof Ss[0]); si++)
        for (pi = 0; pi < (int)(sizeof Ps / sizeof Ps[0]); pi++)
            for (H = 1; H <= 3; H++)
                for (seed = 1; seed <= 2; seed++) {
                    int S = Ss[si], P = Ps[pi];
                    wc_topo *t, *u;
                    int feasible = S == 1 || (P - H >= 1 && (S <= 2 || P - H >= 2));
                    if (H > P)
                        continue;
                    snprintf(name, sizeof name, "irregular:%d,%d,%d,%d", S, P, H, seed);
                    t = wc_topo_create(name, err, sizeof err);
                    if (!feasible) {
                        nrejected += t == NULL && strstr(err, "cannot connect") != NULL;
                        CHECK(t == NULL && strstr(err, "cannot connect"), "%s: infeasible, must be rejected (%s)", name,
                              t ? "accepted" : err);
                        wc_topo_free(t);
                        continue;
                    }
                    CHECK(t != NULL, "%s: %s", name, err);
                    if (!t)
                        continue;
                    ncomb++;
                    if (wc_topo_check_updown(t, err, sizeof err) < 0) {
                        nbad++;
                        printf("FAIL %s: %s\n", name, err);
                    }
                    if (irregular_props(t, S, P, H)) {
                        nprop++;
                        printf("FAIL %s: generator properties\n", name);
                    }
                    u = wc_topo_create(name, err, sizeof err);
                    if (!u || memcmp(t->peer, u->peer, (size_t)S * P * sizeof *t->peer) ||
                        memcmp(t->rtable, u->rtable, (size_t)S * 2 * t->nnodes)) {
                        nrepro++;
                        printf("FAIL %s: not reproducible\n", name);
                    }
                    wc_topo_free(u);
                    if (seed == 2) {
                        snprintf(name, sizeof name, "irregular:%d,%d,%d,1", S, P, H);
                        u = wc_topo_create(name, err, sizeof err);
                        differ += u && memcmp(t->peer, u->peer, (size_t)S * P * sizeof *t->peer) != 0;
                        wc_topo_free(u);
                    }
                    wc_topo_free(t);
                }
    CHECK(ncomb >= 200, "only %d feasible irregular combinations", ncomb);
    CHECK(nbad == 0, "%d irregular networks failed the up* / down* checker", nbad);
    CHECK(nprop == 0, "%d irregular networks broke generator properties", nprop);
    CHECK(nrepro == 0, "%d irregular networks not reproducible", nrepro);
    CHECK(differ > 10, "seeds 1 and 2 gave different links in only %d configurations", differ);
    printf("irregular: %d (S,P,H,SEED) combinations: checker ok (legal, shortest legal, all pairs connected), "
           "hosts/no parallel links/maximal, reproducible; %d differ between seeds; %d infeasible rejected\n",
           ncomb, differ, nrejected);

    {
        static const char *must[] = { "irregular:16,8,4,1", "irregular:8,8,2,1", "irregular:64,8,2,5",
                                      "irregular:200,6,1,7" };
        unsigned i;
        for (i = 0; i < sizeof must / sizeof must[0]; i++) {
            wc_topo *t = mk(must[i]);
            if (!t)
                continue;
            CHECK(wc_topo_check_updown(t, err, sizeof err) == 0, "%s: %s", must[i], err);
            printf("%s: %s\n", must[i], err);
            wc_topo_free(t);
        }
    }
}

/* The checker must be able to fail: corrupt tables of a real network. */
static void test_checker_detects(void)
{
    char err[512];
    wc_topo *t = mk("irregular:16,8,4,1");
    int S, P, N, r, d, p, caught_long = 0, caught_none = 0, tried = 0;
    if (!t)
        return;
    S = t->nrouters; P = t->nports; N = t->nnodes;
    /* a hole in the table */
    for (r = 0; r < S && !caught_none; r++)
        for (d = 0; d < N; d++)
            if (t->node_router[d] != r) {
                uint8_t *e = &t->rtable[(size_t)r * 2 * N + d], keep = *e;
                *e = WC_RT_PORT_NONE;
                caught_none = wc_topo_check_updown(t, err, sizeof err) < 0 && strstr(err, "no route");
                *e = keep;
                break;
            }
    CHECK(caught_none, "checker misses a missing table entry");
    /* every other link port for one phase-0 entry: each must be flagged
     * (longer, illegal or looping) unless it is an equally short legal hop */
    r = 0;
    for (d = 0; d < N && !tried; d++) {
        uint8_t *e = &t->rtable[(size_t)r * 2 * N + d], keep = *e;
        if (t->node_router[d] == r)
            continue;
        for (p = 0; p < P; p++) {
            if (p == keep || t->peer[r * P + p].router < 0)
                continue;
            *e = (uint8_t)p;
            tried++;
            caught_long += wc_topo_check_updown(t, err, sizeof err) < 0;
        }
        *e = keep;
    }
    CHECK(tried > 0 && caught_long > 0, "checker flagged %d of %d wrong next hops", caught_long, tried);
    CHECK(wc_topo_check_updown(t, err, sizeof err) == 0, "restored table passes: %s", err);
    /* an illegal down-then-up sequence: flip one link's direction */
    {
        int found = 0;
        for (r = 0; r < S && !found; r++)
            for (p = 0; p < P && !found; p++) {
                wc_endpoint e = t->peer[r * P + p];
                if (e.router >= 0) {
                    t->up[r * P + p] ^= 1;
                    t->up[e.router * P + e.port] ^= 1;
                    found = wc_topo_check_updown(t, err, sizeof err) < 0;
                    t->up[r * P + p] ^= 1;
                    t->up[e.router * P + e.port] ^= 1;
                }
            }
        CHECK(found, "checker misses a flipped link direction");
    }
    printf("checker: catches a missing entry, %d/%d wrong next hops, a flipped link direction\n", caught_long, tried);
    wc_topo_free(t);
}

/* The checker's verdict by its definition, slowly: every host pair's route
 * through wc_topo_path, its links one by one, and the shortest legal length
 * by relaxing (switch, went-down) distances until nothing changes
 * (Bellman-Ford rather than the checker's BFS).  0 or -1 with the message
 * of the first bad pair in (source switch, source, destination) order. */
static int ref_check(const wc_topo *t, char *err, int errlen)
{
    int S = t->nrouters, P = t->nports, N = t->nnodes, s, src, dst, i;
    int *dist = malloc(sizeof(int) * 2 * (size_t)S), *rs = malloc(sizeof(int) * (size_t)(2 * S + 2));
    int *ps = malloc(sizeof(int) * (size_t)(2 * S + 2)), rc = 0;
    for (s = 0; s < S && rc == 0; s++) {
        int changed = 1;
        for (i = 0; i < 2 * S; i++)
            dist[i] = 1 << 30;
        dist[2 * s] = 0;
        while (changed) {
            changed = 0;
            for (i = 0; i < 2 * S; i++) {
                int p;
                if (dist[i] == 1 << 30)
                    continue;
                for (p = 0; p < P; p++) {
                    wc_endpoint e = t->peer[(i / 2) * P + p];
                    int up = t->up[(i / 2) * P + p], to;
                    if (e.router < 0 || (up && i % 2))
                        continue;
                    to = 2 * e.router + !up;
                    if (dist[i] + 1 < dist[to]) {
                        dist[to] = dist[i] + 1;
                        changed = 1;
                    }
                }
            }
        }
        for (src = 0; src < N && rc == 0; src++) {
            if (t->node_router[src] != s)
                continue;
            for (dst = 0; dst < N && rc == 0; dst++) {
                int n = wc_topo_path(t, src, dst, rs, ps, 2 * S + 2), d = t->node_router[dst], down = 0;
                int shortest = dist[2 * d] < dist[2 * d + 1] ? dist[2 * d] : dist[2 * d + 1];
                if (n < 0) {
                    snprintf(err, (size_t)errlen, "check: no route from host %d to host %d", src, dst);
                    rc = -1;
                    break;
                }
                for (i = 0; i + 1 < n && rc == 0; i++) {
                    int up = t->up[rs[i] * P + ps[i]];
                    if (up && down) {
                        snprintf(err, (size_t)errlen, "check: host %d to %d takes an up link after a down link at switch %d port %d",
                                 src, dst, rs[i], ps[i]);
                        rc = -1;
                    }
                    down |= !up;
                }
                if (rc == 0 && n - 1 != shortest) {
                    snprintf(err, (size_t)errlen, "check: host %d to %d takes %d hops, shortest legal route has %d",
                             src, dst, n - 1, shortest);
                    rc = -1;
                }
            }
        }
    }
    if (rc == 0)
        snprintf(err, (size_t)errlen, "ok: %d host pairs legal, shortest and connected", N * N);
    free(dist);
    free(rs);
    free(ps);
    return rc;
}

typedef struct { long calls, last, total, backwards; } progress_log;

static void log_progress(void *ctx, long done, long total)
{
    progress_log *pl = ctx;
    pl->backwards += done < pl->last;
    pl->calls++;
    pl->last = done;
    pl->total = total;
}

/* The checker follows routes per destination, all sources at once; the
 * reference follows each pair.  On tables corrupted at random both must
 * give the same verdict and name the same first bad pair. */
static void test_checker_vs_reference(void)
{
    static const char *nets[] = { "irregular:24,6,2,3", "irregular:40,5,1,9", "irregular:16,8,4,2" };
    char err[512], rerr[512];
    int ni, trial, agree = 0, failed = 0, passed = 0;
    wc_rng rng;
    wc_rng_seed(&rng, 77);
    for (ni = 0; ni < 3; ni++) {
        wc_topo *t = mk(nets[ni]);
        size_t tsize;
        uint8_t *keep;
        progress_log pl = { 0, 0, 0, 0 };
        if (!t)
            continue;
        CHECK(wc_topo_check_updown_progress(t, log_progress, &pl, err, sizeof err) == 0 &&
              pl.calls >= 2 && pl.backwards == 0 && pl.last == t->nrouters && pl.total == t->nrouters,
              "%s: progress reported %ld times up to %ld of %ld, %ld times backwards (%s)", nets[ni], pl.calls,
              pl.last, pl.total, pl.backwards, err);
        tsize = (size_t)t->nrouters * 2 * (size_t)t->nnodes;
        keep = malloc(tsize);
        memcpy(keep, t->rtable, tsize);
        for (trial = 0; trial < 150; trial++) {
            int k, nbad = 1 + (int)wc_rng_below(&rng, 3), a, b;
            for (k = 0; k < nbad; k++) {
                size_t at = wc_rng_below(&rng, (uint32_t)tsize);
                uint32_t v = wc_rng_below(&rng, (uint32_t)t->nports + 1);
                t->rtable[at] = v == (uint32_t)t->nports ? WC_RT_PORT_NONE : (uint8_t)v;
            }
            a = wc_topo_check_updown(t, err, sizeof err);
            b = ref_check(t, rerr, sizeof rerr);
            if (a == b && !strcmp(err, rerr))
                agree++;
            else
                printf("FAIL %s trial %d: checker %d '%s', reference %d '%s'\n", nets[ni], trial, a, err, b, rerr);
            failed += a < 0;
            passed += a == 0;
            memcpy(t->rtable, keep, tsize);
        }
        free(keep);
        wc_topo_free(t);
    }
    CHECK(agree == 450, "checker and reference agree on %d of 450 corrupted tables", agree);
    CHECK(failed > 100 && passed > 10, "corruptions: %d rejected, %d harmless (both kinds must occur)", failed, passed);
    printf("checker vs reference: same verdict and first bad pair on %d corrupted tables (%d rejected, %d harmless); "
           "progress reported per destination chunk\n", agree, failed, passed);
}

/* small.net worked by hand (see the drawing in the file):
 * BFS from 0 with neighbours in id order: 0 -> {1, 2}; 1 -> {3}; 2 -> {5};
 * 3 -> {4}.  Levels 0,1,1,2,3,2; parents -,0,0,1,3,2.
 * Ports: host on port 0 of each switch; the explicit link 1:5-2:5 first,
 * then 'link SA SB' in file order on the next free ports:
 *   0:1-1:1  0:2-2:1  1:2-3:1  2:2-3:2  3:3-4:1  4:2-5:1  2:3-5:2
 * Up ends: 0-1:0 0-2:0 1-3:1 2-3:2 3-4:3 4-5:5 (level 2 < 3) 2-5:2
 * 1-2:1 (equal levels, lower id). */
static void test_small_file(const char *dir)
{
    static const int level[6] = { 0, 1, 1, 2, 3, 2 }, parent[6] = { -1, 0, 0, 1, 3, 2 };
    static const int L[8][4] = { { 0, 1, 1, 1 }, { 0, 2, 2, 1 }, { 1, 2, 3, 1 }, { 2, 2, 3, 2 },
                                 { 3, 3, 4, 1 }, { 4, 2, 5, 1 }, { 2, 3, 5, 2 }, { 1, 5, 2, 5 } };
    static const int upend[8] = { 0, 0, 1, 2, 3, 5, 2, 1 };
    /* hand-derived routes: {src, dst, n, r0,p0, r1,p1, ...} */
    static const int R[][11] = {
        { 4, 0, 4, 4, 1, 3, 1, 1, 1, 0, 0 }, /* 4 up 3 up 1 up 0; tie 4->5->2->0 loses on port */
        { 3, 5, 3, 3, 2, 2, 3, 5, 0, 0 },   /* 3->4->5 is down-then-up: must go via 2 */
        { 4, 5, 2, 4, 2, 5, 0, 0, 0, 0 },   /* 4->5 is up */
        { 5, 4, 2, 5, 1, 4, 0, 0, 0, 0 },   /* 5->4 is down */
        { 1, 5, 3, 1, 5, 2, 3, 5, 0, 0 },   /* down the cross link, then down */
        { 5, 1, 3, 5, 2, 2, 5, 1, 0, 0 },   /* up, then up the cross link */
        { 4, 2, 3, 4, 1, 3, 2, 2, 0, 0 },   /* two equal routes, lowest port wins */
        { 2, 2, 1, 2, 0, 0, 0, 0, 0, 0 },
    };
    char name[600], err[512];
    int i, k, rs[32], ps[32], n, bad = 0;
    wc_topo *t;
    snprintf(name, sizeof name, "file:%s/small.net", dir);
    t = mk(name);
    if (!t)
        return;
    CHECK(t->nrouters == 6 && t->nports == 6 && t->nnodes == 6 && t->root == 0, "small.net sizes");
    for (i = 0; i < 6; i++)
        CHECK(t->level[i] == level[i] && t->parent[i] == parent[i], "small.net switch %d level %d parent %d, want %d %d",
              i, t->level[i], t->parent[i], level[i], parent[i]);
    for (i = 0; i < 8; i++) {
        int a = L[i][0], pa = L[i][1], b = L[i][2], pb = L[i][3];
        CHECK(t->peer[a * 6 + pa].router == b && t->peer[a * 6 + pa].port == pb, "small.net link %d:%d-%d:%d", a, pa, b, pb);
        CHECK(t->up[a * 6 + pa] == (upend[i] == b) && t->up[b * 6 + pb] == (upend[i] == a),
              "small.net link %d-%d up end %d", a, b, upend[i]);
        /* a worm arriving at the up end came up the link */
        CHECK(t->down_only[b * 6 + pb] == (upend[i] == a) && t->down_only[a * 6 + pa] == (upend[i] == b),
              "small.net link %d-%d down_only", a, b);
    }
    for (i = 0; i < 6; i++)
        CHECK(t->node_router[i] == i && t->node_port[i] == 0 && t->down_only[i * 6] == 0, "small.net host %d", i);
    for (i = 0; i < (int)(sizeof R / sizeof R[0]); i++) {
        n = wc_topo_path(t, R[i][0], R[i][1], rs, ps, 32);
        if (n != R[i][2]) {
            bad++;
            printf("FAIL small.net %d->%d: %d hops, want %d\n", R[i][0], R[i][1], n, R[i][2]);
            continue;
        }
        for (k = 0; k < n; k++)
            if (rs[k] != R[i][3 + 2 * k] || ps[k] != R[i][4 + 2 * k]) {
                bad++;
                printf("FAIL small.net %d->%d hop %d: (%d,%d), want (%d,%d)\n", R[i][0], R[i][1], k, rs[k], ps[k],
                       R[i][3 + 2 * k], R[i][4 + 2 * k]);
            }
    }
    CHECK(bad == 0, "small.net hand-derived routes");
    /* at 3 after a down link (from 1), host 5 is out of reach: 3->4 down,
     * 4->5 up is illegal and every other port goes up */
    CHECK(t->rtable[(3 * 2 + 1) * 6 + 5] == WC_RT_PORT_NONE, "small.net: no phase-1 route 3 -> 5");
    CHECK(wc_topo_route(t, 3, 1, 5) == -1 && wc_topo_route(t, 3, 0, 5) == 2 && wc_topo_route(t, 3, 3, 5) == 2,
          "small.net: routing at 3 towards 5 depends on the arrival port");
    /* phase 1 at 1 towards 4: 1->3->4 all down */
    CHECK(t->rtable[(1 * 2 + 1) * 6 + 4] == 2, "small.net: phase-1 route 1 -> 4 on port 2");
    CHECK(wc_topo_check_updown(t, err, sizeof err) == 0, "small.net checker: %s", err);
    printf("small.net: tree, 8 link ports and up ends, %d hand-derived routes, phase-1 entries match\n",
           (int)(sizeof R / sizeof R[0]));
    wc_topo_free(t);
}

static void test_anynet(const char *dir)
{
    char name[600], err[512];
    wc_topo *t;
    int links = 0, r, p;
    snprintf(name, sizeof name, "file:%s/small.anynet", dir);
    t = mk(name);
    if (!t)
        return;
    CHECK(t->nrouters == 3 && t->nnodes == 5 && t->nports == 3 && t->routing == WC_ROUTING_TABLE,
          "anynet sizes %d routers %d nodes %d ports", t->nrouters, t->nnodes, t->nports);
    CHECK(t->node_router[0] == 0 && t->node_port[0] == 0 && t->node_router[1] == 0 && t->node_port[1] == 1 &&
          t->node_router[2] == 1 && t->node_port[2] == 0 && t->node_router[3] == 2 && t->node_port[3] == 0 &&
          t->node_router[4] == 2 && t->node_port[4] == 1, "anynet hosts on the lowest ports in node order");
    for (r = 0; r < 3; r++)
        for (p = 0; p < 3; p++)
            links += t->peer[r * 3 + p].router >= 0;
    CHECK(links == 4, "anynet: 2 links (4 link ports) after deduplication, got %d ports", links);
    CHECK(t->peer[0 * 3 + 2].router == 1 && t->peer[1 * 3 + 1].router == 0 && t->peer[1 * 3 + 2].router == 2 &&
          t->peer[2 * 3 + 2].router == 1, "anynet link ports");
    CHECK(t->level[2] == 2 && t->parent[2] == 1 && t->up[2 * 3 + 2] == 1, "anynet tree");
    CHECK(wc_topo_check_updown(t, err, sizeof err) == 0, "anynet checker: %s", err);
    printf("small.anynet: 3 routers, 5 nodes, duplicate link listings merged, latencies ignored, tree checked\n");
    wc_topo_free(t);
}

/* Long run: random irregular shapes, larger than the quick test's. */
static void soak(long count, unsigned long long seed)
{
    wc_rng rng;
    long i, done = 0, rejected = 0;
    char name[96], err[512];
    wc_rng_seed(&rng, seed);
    for (i = 0; i < count; i++) {
        int S = 1 + (int)wc_rng_below(&rng, 300), P = 2 + (int)wc_rng_below(&rng, 23);
        int H = 1 + (int)wc_rng_below(&rng, P < 4 ? (uint32_t)P : 4u);
        wc_topo *t;
        snprintf(name, sizeof name, "irregular:%d,%d,%d,%llu", S, P, H,
                 (unsigned long long)(wc_rng_next(&rng) >> 1));
        t = wc_topo_create(name, err, sizeof err);
        if (!t) {
            rejected++;
            CHECK(strstr(err, "cannot connect") || strstr(err, "exceed"), "%s: %s", name, err);
            continue;
        }
        CHECK(wc_topo_check_updown(t, err, sizeof err) == 0, "%s: %s", name, err);
        CHECK(irregular_props(t, S, P, H) == 0, "%s: generator properties", name);
        done++;
        wc_topo_free(t);
    }
    printf("soak: %ld random irregular networks checked (up* / down* legal, shortest, connected; generator "
           "properties), %ld infeasible shapes rejected\n", done, rejected);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/topo";
    if (argc > 2 && !strcmp(argv[1], "--soak")) {
        soak(atol(argv[2]), argc > 3 ? strtoull(argv[3], NULL, 10) : 1);
        return wc_test_done();
    }
    test_names();
    test_regular_paths();
    test_small_file(dir);
    test_anynet(dir);
    test_irregular();
    test_checker_detects();
    test_checker_vs_reference();
    return wc_test_done();
}

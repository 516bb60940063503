/* SPDX-License-Identifier: Apache-2.0 */
/* up* / down* routing for switch-based networks
 * (Liu et al., GPC 2006, sec. 2.1 "Routing
 * Mechanism": BFS spanning tree, a link's up end is the end nearer the
 * root, ties between equal levels go to the lower switch id; a legal route
 * never takes an up link after a down link).
 *
 * Tables: rtable[(r*2 + phase)*nnodes + dst].  Phase 0: the worm may still
 * go up; phase 1: it arrived on a down link.  Next hops come from the
 * shortest legal distances so that following the table hop by hop, with
 * the phase derived from down_only[] of the arrival port, is itself a
 * shortest legal route. */
#include "wc_topo_int.h"
#include "wc_defs.h"
#include "wc_err.h"
#include "wc_route.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define INF INT_MAX

/* BFS from switch 0 visiting neighbours in increasing id order; fills
 * level[] and parent[] (-1 where unreached).  Returns the number of
 * switches reached.  Shared by the builder and the checker because the
 * spanning tree IS the definition both must agree on. */
static int bfs_tree(const wc_topo *t, int *level, int *parent, int *queue, int *nb)
{
    int S = t->nrouters, P = t->nports, head = 0, tail = 0, i, p, n;
    for (i = 0; i < S; i++) {
        level[i] = -1;
        parent[i] = -1;
    }
    level[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        int r = queue[head++];
        n = 0;
        for (p = 0; p < P; p++) {
            int m = t->peer[r * P + p].router, j;
            if (m < 0 || level[m] >= 0)
                continue;
            /* insertion into the sorted neighbour list, no duplicates
             * (parallel links name the same neighbour twice) */
            for (j = n; j > 0 && nb[j - 1] > m; j--)
                ;
            if (j > 0 && nb[j - 1] == m)
                continue;
            memmove(&nb[j + 1], &nb[j], (size_t)(n - j) * sizeof(int));
            nb[j] = m;
            n++;
        }
        for (i = 0; i < n; i++) {
            level[nb[i]] = level[r] + 1;
            parent[nb[i]] = r;
            queue[tail++] = nb[i];
        }
    }
    return tail;
}

/* A switch's links in compact lists, so that the per-destination passes
 * (S of them, each over every link) read a few ints per link instead of
 * every port's peer record.  Built from peer[] and an up[] array. */
typedef struct {
    int *ls, *lport, *lnbr;   /* every link of r in port order: ls[r]..ls[r+1]-1 */
    uint8_t *lup;             /* leaving r by that link goes up */
    int *us, *unbr;           /* neighbours n with r -> n up */
    int *ds, *dnbr;           /* neighbours n with r -> n down */
} links;

static void links_free(links *L)
{
    free(L->ls);
    free(L->lport);
    free(L->lnbr);
    free(L->lup);
    free(L->us);
    free(L->unbr);
    free(L->ds);
    free(L->dnbr);
}

static int links_build(const wc_topo *t, const uint8_t *up, links *L)
{
    int S = t->nrouters, P = t->nports, r, p, n = 0;
    memset(L, 0, sizeof *L);
    for (r = 0; r < S * P; r++)
        n += t->peer[r].router >= 0;
    L->ls = calloc((size_t)S + 1, sizeof(int));
    L->us = calloc((size_t)S + 1, sizeof(int));
    L->ds = calloc((size_t)S + 1, sizeof(int));
    L->lport = malloc((size_t)(n + 1) * sizeof(int));
    L->lnbr = malloc((size_t)(n + 1) * sizeof(int));
    L->lup = malloc((size_t)n + 1);
    L->unbr = malloc((size_t)(n + 1) * sizeof(int));
    L->dnbr = malloc((size_t)(n + 1) * sizeof(int));
    if (!L->ls || !L->us || !L->ds || !L->lport || !L->lnbr || !L->lup || !L->unbr || !L->dnbr) {
        links_free(L);
        return -1;
    }
    for (r = 0, n = 0; r < S; r++) {
        int nu = L->us[r], nd = L->ds[r];
        for (p = 0; p < P; p++) {
            int m = t->peer[r * P + p].router;
            if (m < 0)
                continue;
            L->lport[n] = p;
            L->lnbr[n] = m;
            L->lup[n++] = up[r * P + p];
            if (up[r * P + p])
                L->unbr[nu++] = m;
            else
                L->dnbr[nd++] = m;
        }
        L->ls[r + 1] = n;
        L->us[r + 1] = nu;
        L->ds[r + 1] = nd;
    }
    return 0;
}

/* Hosts grouped by switch: switch r carries hosts_at[hstart[r]..
 * hstart[r+1]-1], in id order.  hstart[] (S+1) must be zero; tmp holds S
 * ints. */
static void hosts_by_switch(const wc_topo *t, int *hstart, int *hosts_at, int *tmp)
{
    int S = t->nrouters, N = t->nnodes, i, r;
    for (i = 0; i < N; i++)
        hstart[t->node_router[i] + 1]++;
    for (r = 0; r < S; r++)
        hstart[r + 1] += hstart[r];
    for (r = 0; r < S; r++)
        tmp[r] = hstart[r];
    for (i = 0; i < N; i++)
        hosts_at[tmp[t->node_router[i]]++] = i;
}

/* Shortest legal distances to switch dt from every switch, by a backward
 * BFS over (switch, phase) states: d0[n] from phase 0, d1[n] from phase 1
 * (down links only).  O(S + links). */
static void legal_dist_to(const links *L, int S, int dt, int *d0, int *d1, int *queue)
{
    int head = 0, tail = 0, i, k;
    for (i = 0; i < S; i++)
        d0[i] = d1[i] = INF;
    d0[dt] = d1[dt] = 0;
    queue[tail++] = dt * 2;
    queue[tail++] = dt * 2 + 1;
    while (head < tail) {
        int st = queue[head++], m = st >> 1;
        if (!(st & 1)) {
            /* (n,0) --up--> (m,0): n -> m is up, so m -> n is down */
            int dm = d0[m] + 1;
            for (k = L->ds[m]; k < L->ds[m + 1]; k++) {
                int n = L->dnbr[k];
                if (d0[n] == INF) {
                    d0[n] = dm;
                    queue[tail++] = n * 2;
                }
            }
        } else {
            /* (n,0) and (n,1) --down--> (m,1): m -> n is up */
            int dm = d1[m] + 1;
            for (k = L->us[m]; k < L->us[m + 1]; k++) {
                int n = L->unbr[k];
                if (d0[n] == INF) {
                    d0[n] = dm;
                    queue[tail++] = n * 2;
                }
                if (d1[n] == INF) {
                    d1[n] = dm;
                    queue[tail++] = n * 2 + 1;
                }
            }
        }
    }
}

/* O(S * (S + links) + S * N): one backward BFS per destination switch and
 * one table column per destination host. */
#define BCHUNK 64

int wc__topo_updown_build(wc_topo *t, char *err, int errlen)
{
    int S = t->nrouters, P = t->nports, N = t->nnodes, r, p, i, reached;
    int *queue, *nb, *d0, *d1, *hosts_at, *hstart;
    uint8_t *col;
    links L;
    size_t tsize = (size_t)S * 2 * (size_t)N;

    memset(&L, 0, sizeof L);
    t->root = 0;
    t->level = malloc((size_t)S * sizeof(int));
    t->parent = malloc((size_t)S * sizeof(int));
    t->up = calloc((size_t)S * P, 1);
    t->down_only = calloc((size_t)S * P, 1);
    t->rtable = malloc(tsize);
    queue = malloc((size_t)(2 * S + 1) * sizeof(int));
    nb = malloc((size_t)(P + 1) * sizeof(int));
    d0 = malloc((size_t)S * sizeof(int));
    d1 = malloc((size_t)S * sizeof(int));
    hosts_at = malloc((size_t)N * sizeof(int));
    hstart = calloc((size_t)S + 1, sizeof(int));
    col = malloc((size_t)S * 2 * BCHUNK);
    if (!t->level || !t->parent || !t->up || !t->down_only || !t->rtable ||
        !queue || !nb || !d0 || !d1 || !hosts_at || !hstart || !col) {
        wc_err(err, errlen, "%s: out of memory for up* / down* tables", t->name);
        reached = -1;
        goto out;
    }
    reached = bfs_tree(t, t->level, t->parent, queue, nb);
    if (reached < S) {
        for (r = 0; r < S && t->level[r] >= 0; r++)
            ;
        wc_err(err, errlen, "%s: switch graph is disconnected: switch %d is unreachable from switch 0",
                     t->name, r);
        reached = -1;
        goto out;
    }
    for (r = 0; r < S; r++)
        for (p = 0; p < P; p++) {
            int m = t->peer[r * P + p].router, up;
            if (m < 0)
                continue;
            up = t->level[m] < t->level[r] || (t->level[m] == t->level[r] && m < r);
            t->up[r * P + p] = (uint8_t)up;
            /* arriving at r from m: that traversal m->r went down exactly
             * when leaving r towards m goes up */
            t->down_only[r * P + p] = (uint8_t)up;
        }
    if (links_build(t, t->up, &L) < 0) {
        wc_err(err, errlen, "%s: out of memory for up* / down* tables", t->name);
        reached = -1;
        goto out;
    }

    /* hosts grouped by switch so each destination switch is solved once */
    hosts_by_switch(t, hstart, hosts_at, d0);

    /* Destination switches in chunks of BCHUNK: their columns are computed
     * into col[], then written a row segment at a time (the table's rows
     * run over destinations; column by column, every entry would be a
     * scattered write). */
    memset(t->rtable, WC_RT_PORT_NONE, tsize);
    for (int dt0 = 0; dt0 < S; dt0 += BCHUNK) {
        int dt1 = dt0 + BCHUNK < S ? dt0 + BCHUNK : S;
        for (int dt = dt0; dt < dt1; dt++) {
            uint8_t *c = col + (size_t)(dt - dt0) * 2 * S;
            if (hstart[dt] == hstart[dt + 1])
                continue;
            legal_dist_to(&L, S, dt, d0, d1, queue);
            /* c[r*2+ph]: the output port at r towards dt */
            for (r = 0; r < S; r++)
                for (int ph = 0; ph < 2; ph++) {
                    int best = WC_RT_PORT_NONE, want = ph ? d1[r] : d0[r], k;
                    c[r * 2 + ph] = WC_RT_PORT_NONE;
                    if (r == dt || want == INF)
                        continue;
                    /* lowest port whose next state is one step closer */
                    for (k = L.ls[r]; k < L.ls[r + 1]; k++) {
                        int m = L.lnbr[k];
                        if (L.lup[k] ? !ph && d0[m] == want - 1 : d1[m] == want - 1) {
                            best = L.lport[k];
                            break;
                        }
                    }
                    c[r * 2 + ph] = (uint8_t)best;
                }
        }
        for (r = 0; r < S; r++)
            for (int ph = 0; ph < 2; ph++) {
                uint8_t *row = t->rtable + ((size_t)r * 2 + (size_t)ph) * (size_t)N;
                for (int dt = dt0; dt < dt1; dt++)
                    for (i = hstart[dt]; i < hstart[dt + 1]; i++)
                        row[hosts_at[i]] = r == dt ? (uint8_t)t->node_port[hosts_at[i]]
                                                   : col[(size_t)(dt - dt0) * 2 * S + r * 2 + ph];
            }
    }
out:
    links_free(&L);
    free(queue);
    free(nb);
    free(d0);
    free(d1);
    free(hosts_at);
    free(hstart);
    free(col);
    return reached < 0 ? -1 : 0;
}

/* Forward BFS from switch s over (switch, went_down) states: dist[r*2+d]
 * is the length of a shortest legal route from s to r whose last link
 * went down (d = 1) or did not (d = 0). */
static void legal_dist_from(const links *L, int S, int s, int *dist, int *queue)
{
    int head = 0, tail = 0, r, k;
    for (r = 0; r < 2 * S; r++)
        dist[r] = INF;
    dist[s * 2] = 0;
    queue[tail++] = s * 2;
    while (head < tail) {
        int st = queue[head++], m = st >> 1, dn = dist[st] + 1;
        /* any state may go down; only one that never went down goes up */
        for (k = L->ds[m]; k < L->ds[m + 1]; k++) {
            int ns = L->dnbr[k] * 2 + 1;
            if (dist[ns] == INF) {
                dist[ns] = dn;
                queue[tail++] = ns;
            }
        }
        if (st & 1)
            continue;
        for (k = L->us[m]; k < L->us[m + 1]; k++) {
            int ns = L->unbr[k] * 2;
            if (dist[ns] == INF) {
                dist[ns] = dn;
                queue[tail++] = ns;
            }
        }
    }
}

/* The original per-pair check: follows the route src -> dst through the
 * routing function hop by hop.  O(route length).  dist: legal_dist_from
 * the switch of src.  0 if good, else -1 with the message. */
static int check_pair(const wc_topo *t, int src, int dst, const int *dist, int *rs, int *ps,
                      char *err, int errlen)
{
    int P = t->nports, S = t->nrouters, i, went_down = 0;
    int n = wc_topo_path(t, src, dst, rs, ps, 2 * S + 2);
    int ds = t->node_router[dst];
    int best = dist[ds * 2] < dist[ds * 2 + 1] ? dist[ds * 2] : dist[ds * 2 + 1];
    if (n < 0) {
        wc_err(err, errlen, "check: no route from host %d to host %d", src, dst);
        return -1;
    }
    for (i = 0; i + 1 < n; i++) {
        wc_endpoint e = t->peer[rs[i] * P + ps[i]];
        int up = t->up[rs[i] * P + ps[i]];
        if (e.router != rs[i + 1]) {
            wc_err(err, errlen, "check: host %d to %d: hop %d does not follow a link", src, dst, i);
            return -1;
        }
        if (up && went_down) {
            wc_err(err, errlen, "check: host %d to %d takes an up link after a down link at switch %d port %d",
                         src, dst, rs[i], ps[i]);
            return -1;
        }
        went_down |= !up;
    }
    if (n - 1 != best) {
        wc_err(err, errlen, "check: host %d to %d takes %d hops, shortest legal route has %d",
                     src, dst, n - 1, best);
        return -1;
    }
    return 0;
}

/* Route summaries towards one destination host, for every (switch,
 * phase) state at once: the tables make routing a function from state to
 * next state, so each state's route is its next state's plus one link.
 * next[x]: the output port the routing function gives at state x (-1
 * none).  hops[x] = links to dst (-1: no route: a hole, a dead end or a
 * loop); fl[x] bit 0: the route takes an up link after a down link, bit 1:
 * it takes an up link at all.  O(S) per destination. */
enum { ST_NEW, ST_OPEN, ST_DONE };

static void route_summaries(const wc_topo *t, int dst, const signed char *next, int *hops, uint8_t *fl,
                            uint8_t *state, int *stack)
{
    int S = t->nrouters, P = t->nports, x;
    for (x = 0; x < 2 * S; x++)
        state[x] = ST_NEW;
    for (x = 0; x < 2 * S; x++) {
        int sp = 0, y = x, h = -1, f = 0;
        if (state[x] != ST_NEW)
            continue;
        /* walk until a known state or the end of the route */
        for (;;) {
            int p;
            wc_endpoint e;
            if (state[y] == ST_DONE) {
                h = hops[y];
                f = fl[y];
                break;
            }
            if (state[y] == ST_OPEN)        /* a loop */
                break;
            state[y] = ST_OPEN;
            stack[sp++] = y;
            p = next[y];
            if (p < 0 || p >= P)
                break;
            e = t->peer[(y >> 1) * P + p];
            if (e.router < 0) {
                if (e.router == WC_PEER_NODE && e.port == dst) {
                    /* y ejects to dst: the end of the route */
                    sp--;
                    hops[y] = h = 0;
                    fl[y] = 0;
                    state[y] = ST_DONE;
                }
                break;
            }
            y = e.router * 2 + t->down_only[e.router * P + e.port];
        }
        /* every state on the stack routes through the one above it */
        while (sp > 0) {
            int z = stack[--sp];
            if (h >= 0) {
                int up = t->up[(z >> 1) * P + next[z]];
                f = (f & 1) | (!up && (f & 2)) | (up || (f & 2)) << 1;
                h++;
            }
            hops[z] = h;
            fl[z] = (uint8_t)f;
            state[z] = ST_DONE;
        }
    }
}

/* Destination hosts are checked in chunks of up to CHUNK (whole switches,
 * at most CHUNK of them), so that the table, whose rows run over
 * destinations, is read a row segment at a time rather than one scattered
 * byte per (state, host).  A switch's hosts always fit in a chunk. */
#define CHUNK 64
typedef char wc__chunk_holds_a_switch[CHUNK >= WC_TOPO_MAX_PORTS ? 1 : -1];

/* Independent check of the tables through the real routing function: a
 * fresh BFS tree and orientation must match up[], every host pair must be
 * reached, no route may take an up link after a down link, and each route
 * must be as short as the shortest legal route found by a forward BFS over
 * (switch, went-down) states.
 *
 * A legal route is up* down*, and its reverse is again up* down*, so the
 * shortest legal length from s to d equals that from d to s: one forward
 * BFS from each destination switch gives the bound for every source.  With
 * route_summaries per destination host the whole check is
 * O(S * (S + links) + N * S + N^2) instead of following N^2 routes of up to
 * S hops each; the first failing pair (in source switch, source, destination
 * order) is then re-checked hop by hop for its message. */
int wc_topo_check_updown_progress(const wc_topo *t, wc_progress_fn progress, void *ctx,
                                  char *err, int errlen)
{
    int S, P, N, r, p, rc = -1, dt, i, k, src, h0;
    int *level = NULL, *parent = NULL, *queue = NULL, *nb = NULL, *dist = NULL, *rs = NULL, *ps = NULL;
    int *hops = NULL, *hosts_at = NULL, *hstart = NULL, *xsrc = NULL, *best = NULL, bad_src = -1, bad_dst = -1;
    uint8_t *fl = NULL, *state = NULL;
    signed char *next = NULL;
    links L;

    memset(&L, 0, sizeof L);
    if (!t || t->kind != WC_TOPO_SWITCHED || !t->up || !t->rtable || !t->down_only) {
        wc_err(err, errlen, "check: not a switch-based topology with up* / down* tables");
        return -1;
    }
    S = t->nrouters; P = t->nports; N = t->nnodes;
    level = malloc((size_t)S * sizeof(int));
    parent = malloc((size_t)S * sizeof(int));
    queue = malloc((size_t)(2 * S + 1) * sizeof(int));
    nb = malloc((size_t)(P + 1) * sizeof(int));
    dist = malloc((size_t)S * 2 * sizeof(int));
    rs = malloc((size_t)(2 * S + 2) * sizeof(int));
    ps = malloc((size_t)(2 * S + 2) * sizeof(int));
    hops = malloc((size_t)S * 2 * sizeof(int));
    fl = malloc((size_t)S * 2);
    state = malloc((size_t)S * 2);
    hosts_at = malloc((size_t)N * sizeof(int));
    hstart = calloc((size_t)S + 1, sizeof(int));
    xsrc = malloc((size_t)N * sizeof(int));
    best = malloc((size_t)S * CHUNK * sizeof(int));
    next = malloc((size_t)S * 2 * CHUNK);
    if (!level || !parent || !queue || !nb || !dist || !rs || !ps || !hops || !fl || !state ||
        !hosts_at || !hstart || !xsrc || !best || !next || links_build(t, t->up, &L) < 0) {
        wc_err(err, errlen, "check: out of memory");
        goto out;
    }
    if (bfs_tree(t, level, parent, queue, nb) < S) {
        wc_err(err, errlen, "check: switch graph is disconnected");
        goto out;
    }
    for (r = 0; r < S; r++) {
        if (level[r] != t->level[r] || parent[r] != t->parent[r]) {
            wc_err(err, errlen, "check: switch %d: tree level/parent %d/%d, expected %d/%d",
                         r, t->level[r], t->parent[r], level[r], parent[r]);
            goto out;
        }
        for (p = 0; p < P; p++) {
            wc_endpoint e = t->peer[r * P + p];
            int up;
            if (e.router < 0)
                continue;
            up = level[e.router] < level[r] || (level[e.router] == level[r] && e.router < r);
            if (up != t->up[r * P + p] || t->up[r * P + p] == t->up[e.router * P + e.port]) {
                wc_err(err, errlen, "check: switch %d port %d: link direction inconsistent", r, p);
                goto out;
            }
        }
    }
    hosts_by_switch(t, hstart, hosts_at, queue);
    /* a switched network injects on the host's own port whatever the
     * destination, so each source starts from one state */
    for (src = 0; src < N; src++) {
        int in = wc_topo_inject_port(t, src, src), s = t->node_router[src];
        xsrc[src] = in < 0 || in >= P ? -1 : s * 2 + t->down_only[s * P + in];
    }

    for (h0 = 0; h0 < N;) {
        /* the chunk: whole switches dt0..dt1-1, hosts h0..h1-1 */
        int dt0 = t->node_router[hosts_at[h0]], dt1 = dt0 + 1, h1;
        while (dt1 < S && dt1 - dt0 < CHUNK && hstart[dt1 + 1] - h0 <= CHUNK)
            dt1++;
        h1 = hstart[dt1];
        if (progress)
            progress(ctx, dt0, S);
        for (dt = dt0; dt < dt1; dt++) {
            int *b = best + (size_t)(dt - dt0) * S;
            if (hstart[dt] == hstart[dt + 1])
                continue;
            legal_dist_from(&L, S, dt, dist, queue);
            for (r = 0; r < S; r++)
                b[r] = dist[r * 2] < dist[r * 2 + 1] ? dist[r * 2] : dist[r * 2 + 1];
        }
        for (i = 0; i < 2 * S; i++) {
            const uint8_t *tab = t->rtable + (size_t)(i >> 1) * 2 * (size_t)N;
            for (k = 0; k < h1 - h0; k++)
                next[(size_t)k * 2 * S + i] = (signed char)wc_route_table(tab, (unsigned)N,
                                                                          (unsigned)hosts_at[h0 + k], i & 1);
        }
        for (k = 0; k < h1 - h0; k++) {
            int dst = hosts_at[h0 + k], dti = t->node_router[dst] - dt0;
            const int *b = best + (size_t)dti * S;
            route_summaries(t, dst, next + (size_t)k * 2 * S, hops, fl, state, queue);
            for (src = 0; src < N; src++) {
                int s = t->node_router[src], x = xsrc[src];
                if ((x < 0 || hops[x] < 0 || (fl[x] & 1) || hops[x] != b[s]) &&
                    (bad_src < 0 || s < t->node_router[bad_src] || (s == t->node_router[bad_src] &&
                     (src < bad_src || (src == bad_src && dst < bad_dst))))) {
                    bad_src = src;
                    bad_dst = dst;
                }
            }
        }
        h0 = h1;
    }
    if (progress)
        progress(ctx, S, S);
    if (bad_src >= 0) {
        legal_dist_from(&L, S, t->node_router[bad_src], dist, queue);
        if (check_pair(t, bad_src, bad_dst, dist, rs, ps, err, errlen) < 0)
            goto out;
        WC_BUG("up*/down* check: host %d to %d failed the summary but not the hop-by-hop check", bad_src, bad_dst);
    }
    wc_err(err, errlen, "ok: %d host pairs legal, shortest and connected", N * N);
    rc = 0;
out:
    links_free(&L);
    free(level);
    free(parent);
    free(queue);
    free(nb);
    free(dist);
    free(rs);
    free(ps);
    free(hops);
    free(fl);
    free(state);
    free(hosts_at);
    free(hstart);
    free(xsrc);
    free(best);
    free(next);
    return rc;
}

int wc_topo_check_updown(const wc_topo *t, char *err, int errlen)
{
    return wc_topo_check_updown_progress(t, NULL, NULL, err, errlen);
}

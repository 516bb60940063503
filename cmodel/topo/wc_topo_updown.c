/* SPDX-License-Identifier: Apache-2.0 */
/* up* / down* routing for switch-based networks
 * (liu-et-al-agent-based-multicast-forwardinswitch.txt, sec. 2.1 "Routing
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

/* Shortest legal distances to switch dt from every switch, by a backward
 * BFS over (switch, phase) states: d0[n] from phase 0, d1[n] from phase 1
 * (down links only). */
static void legal_dist_to(const wc_topo *t, int dt, int *d0, int *d1, int *queue)
{
    int S = t->nrouters, P = t->nports, head = 0, tail = 0, i, q;
    for (i = 0; i < S; i++)
        d0[i] = d1[i] = INF;
    d0[dt] = d1[dt] = 0;
    queue[tail++] = dt * 2;
    queue[tail++] = dt * 2 + 1;
    while (head < tail) {
        int st = queue[head++], m = st >> 1, ph = st & 1;
        int dm = ph ? d1[m] : d0[m];
        for (q = 0; q < P; q++) {
            wc_endpoint e = t->peer[m * P + q];
            int n = e.router, up;
            if (n < 0)
                continue;
            up = t->up[n * P + e.port];   /* n -> m is an up link */
            if (!ph) {
                /* (n,0) --up--> (m,0) */
                if (up && d0[n] == INF) {
                    d0[n] = dm + 1;
                    queue[tail++] = n * 2;
                }
            } else if (!up) {
                /* (n,0) and (n,1) --down--> (m,1) */
                if (d0[n] == INF) {
                    d0[n] = dm + 1;
                    queue[tail++] = n * 2;
                }
                if (d1[n] == INF) {
                    d1[n] = dm + 1;
                    queue[tail++] = n * 2 + 1;
                }
            }
        }
    }
}

int wc__topo_updown_build(wc_topo *t, char *err, int errlen)
{
    int S = t->nrouters, P = t->nports, N = t->nnodes, r, p, i, reached;
    int *queue, *nb, *d0, *d1, *hosts_at, *hstart;
    size_t tsize = (size_t)S * 2 * (size_t)N;

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
    if (!t->level || !t->parent || !t->up || !t->down_only || !t->rtable ||
        !queue || !nb || !d0 || !d1 || !hosts_at || !hstart) {
        wc__topo_err(err, errlen, "%s: out of memory for up* / down* tables", t->name);
        reached = -1;
        goto out;
    }
    reached = bfs_tree(t, t->level, t->parent, queue, nb);
    if (reached < S) {
        for (r = 0; r < S && t->level[r] >= 0; r++)
            ;
        wc__topo_err(err, errlen, "%s: switch graph is disconnected: switch %d is unreachable from switch 0",
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

    /* hosts grouped by switch so each destination switch is solved once */
    for (i = 0; i < N; i++)
        hstart[t->node_router[i] + 1]++;
    for (r = 0; r < S; r++)
        hstart[r + 1] += hstart[r];
    for (r = 0; r < S; r++)
        d0[r] = hstart[r];
    for (i = 0; i < N; i++)
        hosts_at[d0[t->node_router[i]]++] = i;

    memset(t->rtable, WC_RT_PORT_NONE, tsize);
    for (int dt = 0; dt < S; dt++) {
        if (hstart[dt] == hstart[dt + 1])
            continue;
        legal_dist_to(t, dt, d0, d1, queue);
        for (r = 0; r < S; r++)
            for (int ph = 0; ph < 2; ph++) {
                int best = WC_RT_PORT_NONE, want;
                uint8_t *row = t->rtable + ((size_t)r * 2 + (size_t)ph) * (size_t)N;
                if (r == dt) {
                    for (i = hstart[dt]; i < hstart[dt + 1]; i++)
                        row[hosts_at[i]] = (uint8_t)t->node_port[hosts_at[i]];
                    continue;
                }
                want = ph ? d1[r] : d0[r];
                if (want == INF)
                    continue;
                /* lowest port whose next state is one step closer */
                for (p = 0; p < P && best == WC_RT_PORT_NONE; p++) {
                    int m = t->peer[r * P + p].router;
                    if (m < 0)
                        continue;
                    if (t->up[r * P + p]) {
                        if (!ph && d0[m] == want - 1)
                            best = p;
                    } else if (d1[m] == want - 1)
                        best = p;
                }
                for (i = hstart[dt]; i < hstart[dt + 1]; i++)
                    row[hosts_at[i]] = (uint8_t)best;
            }
    }
out:
    free(queue);
    free(nb);
    free(d0);
    free(d1);
    free(hosts_at);
    free(hstart);
    return reached < 0 ? -1 : 0;
}

/* Independent check of the tables through the real routing function: a
 * fresh BFS tree and orientation must match up[], every host pair must be
 * reached, no route may take an up link after a down link, and each route
 * must be as short as the shortest legal route found by a forward BFS over
 * (switch, went-down) states. */
int wc_topo_check_updown(const wc_topo *t, char *err, int errlen)
{
    int S, P, N, r, p, s, rc = -1, npairs = 0;
    int *level = NULL, *parent = NULL, *queue = NULL, *nb = NULL, *dist = NULL, *rs = NULL, *ps = NULL;

    if (!t || t->kind != WC_TOPO_SWITCHED || !t->up || !t->rtable || !t->down_only) {
        wc__topo_err(err, errlen, "check: not a switch-based topology with up* / down* tables");
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
    if (!level || !parent || !queue || !nb || !dist || !rs || !ps) {
        wc__topo_err(err, errlen, "check: out of memory");
        goto out;
    }
    if (bfs_tree(t, level, parent, queue, nb) < S) {
        wc__topo_err(err, errlen, "check: switch graph is disconnected");
        goto out;
    }
    for (r = 0; r < S; r++) {
        if (level[r] != t->level[r] || parent[r] != t->parent[r]) {
            wc__topo_err(err, errlen, "check: switch %d: tree level/parent %d/%d, expected %d/%d",
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
                wc__topo_err(err, errlen, "check: switch %d port %d: link direction inconsistent", r, p);
                goto out;
            }
        }
    }
    for (s = 0; s < S; s++) {
        int head = 0, tail = 0, src, dst;
        /* forward BFS from s over (switch, went_down) */
        for (r = 0; r < 2 * S; r++)
            dist[r] = INF;
        dist[s * 2] = 0;
        queue[tail++] = s * 2;
        while (head < tail) {
            int st = queue[head++], m = st >> 1, down = st & 1;
            for (p = 0; p < P; p++) {
                int n = t->peer[m * P + p].router, up, ns;
                if (n < 0)
                    continue;
                up = t->up[m * P + p];
                if (up && down)
                    continue;
                ns = n * 2 + !up;
                if (dist[ns] == INF) {
                    dist[ns] = dist[st] + 1;
                    queue[tail++] = ns;
                }
            }
        }
        for (src = 0; src < N; src++) {
            if (t->node_router[src] != s)
                continue;
            for (dst = 0; dst < N; dst++) {
                int n = wc_topo_path(t, src, dst, rs, ps, 2 * S + 2), i, went_down = 0;
                int ds = t->node_router[dst];
                int best = dist[ds * 2] < dist[ds * 2 + 1] ? dist[ds * 2] : dist[ds * 2 + 1];
                npairs++;
                if (n < 0) {
                    wc__topo_err(err, errlen, "check: no route from host %d to host %d", src, dst);
                    goto out;
                }
                for (i = 0; i + 1 < n; i++) {
                    wc_endpoint e = t->peer[rs[i] * P + ps[i]];
                    int up = t->up[rs[i] * P + ps[i]];
                    if (e.router != rs[i + 1]) {
                        wc__topo_err(err, errlen, "check: host %d to %d: hop %d does not follow a link", src, dst, i);
                        goto out;
                    }
                    if (up && went_down) {
                        wc__topo_err(err, errlen, "check: host %d to %d takes an up link after a down link at switch %d port %d",
                                     src, dst, rs[i], ps[i]);
                        goto out;
                    }
                    went_down |= !up;
                }
                if (n - 1 != best) {
                    wc__topo_err(err, errlen, "check: host %d to %d takes %d hops, shortest legal route has %d",
                                 src, dst, n - 1, best);
                    goto out;
                }
            }
        }
    }
    wc__topo_err(err, errlen, "ok: %d host pairs legal, shortest and connected", npairs);
    rc = 0;
out:
    free(level);
    free(parent);
    free(queue);
    free(nb);
    free(dist);
    free(rs);
    free(ps);
    return rc;
}

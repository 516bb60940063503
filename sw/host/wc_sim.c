/* SPDX-License-Identifier: Apache-2.0 */
/* Terminals, traffic and scoreboard around the network engines.
 *
 * Each cycle: every terminal port decides its injected flit and the credit
 * it returns for last cycle's ejected flit (from its own registered
 * state), the engines evaluate, the terminals read this cycle's ejected
 * flits and returned credits, lockstep compares every router port, then
 * the clock edge.  The same terminal decisions feed both engines, so in
 * lockstep any divergence shows at a router port first. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include "wc_sim.h"
#include "wc_net.h"
#include "wc_rtl.h"
#include "wc_wave.h"
#include "wc_rng.h"
#include "wc_defs.h"
#include "wc_kbin.h"
#include "wc_irc.h"
#include "wc_route.h"
#include "wc_brcp_topo.h"

static const char *traffic_names[] = { "uniform", "transpose", "bitcomp", "bitrev", "shuffle",
                                       "hotspot", "neighbor" };

int wc_sim_traffic_parse(const char *s)
{
    int i;
    for (i = 0; i < (int)(sizeof traffic_names / sizeof traffic_names[0]); i++)
        if (!strcmp(s, traffic_names[i]))
            return i;
    return -1;
}

const char *wc_sim_traffic_name(int t) { return traffic_names[t]; }

void wc_sim_defaults(wc_sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = WC_ENGINE_C;
    o->traffic = WC_TR_UNIFORM;
    o->rate = 0.1;
    o->packet = 8;
    o->buffer = 8;
    o->width = WC_FLIT_DATA_W;
    o->warmup = 10000;
    o->cycles = 100000;
    o->drain_max = -1;
    o->watchdog = 5000;
    o->seed = 1;
    o->hotspot_node = 0;
    o->hotspot_frac = 0.2;
    o->trace_from = -1;
    o->stop_at = -1;
}

/* ---------------------------------------------------------------------- */

enum { PK_QUEUED, PK_FLIGHT, PK_DONE };
enum { BAD_NONE, BAD_DST, BAD_STRAY, BAD_BRCP };

typedef struct {
    int src, dst, len, next;
    int mc;                         /* multicast it belongs to, -1 for unicast traffic */
    int nd;                         /* multidestination worm: destinations (0 = unicast) */
    long wl;                        /* ... their list in sim.wd[] */
    uint64_t got;                   /* ... copies delivered (bit per destination) */
    long create;
    uint8_t state, measured, bad;
} pkt;

/* A multicast: the unicasts of its tree (a star for the unicast scheme);
 * a node sends its edges, in issue order, once it holds the message. */
typedef struct {
    int src, ndst, reached;
    long create;
    uint8_t measured;
    long e0; int ne;                /* steps in sim.ms[] */
} mcast;

/* One send of a multicast: a unicast (nd = 1, unicast and tree schemes)
 * or a multidestination worm (worm scheme), from node `from` once it
 * holds the message. */
typedef struct { int from, nd; long d0; } mstep;

typedef struct {
    int idx;                        /* flat router port r*P+p */
    int r, p;
    int drove;                      /* drove valid or credit last cycle (the RTL holds inputs) */
    int *q; int qh, qn, qcap;       /* source queue (packet ids) */
    int cur, cur_k;                 /* packet being injected, next flit */
    int credits;                    /* free slots in the router's input buffer */
    int node;
    int rx, rx_k;                   /* worm being received: packet id, -2 unknown, -1 none */
    int rx_credit;                  /* flit ejected this cycle: credit next cycle */
    uint64_t *rb; int rbn, rbcap;   /* copy of a multidestination worm being received */
    int rxm;                        /* receiving a multidestination worm copy */
} tport;

typedef struct {
    const wc_topo *t;
    const wc_sim_opts *o;
    int N, R, P, W;
    wc_rng rng;
    pkt *pk; long npk, pkcap;
    int *pair_head, *pair_tail;     /* per (src,dst): injected, undelivered, in order */
    tport *tp; int ntp;
    int *tp_of;                     /* [R*P] -> tport or -1 */
    int **node_tps;                 /* per node: its local tports (nlocal) */
    double *lat; long nlat, latcap;
    double *mlat; long nmlat, mlatcap;
    mcast *mc; long nmc, mccap;
    mstep *ms; long nms, mscap;
    int *wd; long nwd, wdcap;       /* destination lists of steps and worms */
    wc_brcp_topo bt; int have_bt;   /* worm scheme: the network for BRCP schemes */
    int irc_scheme;
    wc_worm *wstore; int *wints; wc_edge *wedges;
    int *scratch;                   /* N node ids */
    tport *ab;                      /* [R*P] receivers of the absorption channels */
    wc_sim_result *res;
    long in_flight;                 /* injected (head sent), not yet delivered */
    long *next_create;              /* per node: cycle of its next packet */
    long measured_left;
} sim;

static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}

static int ilog2_exact(int n)
{
    int b = 0;
    while ((1 << b) < n)
        b++;
    return (1 << b) == n ? b : -1;
}

static int pick_dst(sim *s, int src)
{
    const wc_topo *t = s->t;
    int N = s->N, b = ilog2_exact(N), d;
    uint32_t m = (uint32_t)N - 1u, u = (uint32_t)src;
    switch (s->o->traffic) {
    case WC_TR_TRANSPOSE: d = (int)(((u & ((1u << (b / 2)) - 1u)) << (b / 2)) | (u >> (b / 2))); break;
    case WC_TR_BITCOMP:   d = (int)(~u & m); break;
    case WC_TR_BITREV: {
        int i; uint32_t r = 0;
        for (i = 0; i < b; i++) if (u & (1u << i)) r |= 1u << (b - 1 - i);
        d = (int)r; break;
    }
    case WC_TR_SHUFFLE:   d = (int)(((u << 1) | (u >> (b - 1))) & m); break;
    case WC_TR_NEIGHBOR:
        if (t->kind == WC_TOPO_MESH) d = (src / t->mx) * t->mx + (src % t->mx + 1) % t->mx;
        else if (t->kind == WC_TOPO_CUBE) d = src ^ 1;
        else d = (src + N / t->nrouters) % N;
        break;
    case WC_TR_HOTSPOT:
        if (wc_rng_chance(&s->rng, s->o->hotspot_frac)) { d = s->o->hotspot_node; break; }
        /* fall through */
    default:
        if (N < 2) return -1;
        d = (int)wc_rng_below(&s->rng, (uint32_t)N - 1u);
        if (d >= src) d++;
        break;
    }
    return d == src ? -1 : d;
}

static void q_push(tport *p, int id)
{
    if (p->qn == p->qcap) {
        int ncap = p->qcap ? 2 * p->qcap : 16, i;
        int *nq = malloc((size_t)ncap * sizeof *nq);
        for (i = 0; i < p->qn; i++) nq[i] = p->q[(p->qh + i) % p->qcap];
        free(p->q);
        p->q = nq; p->qh = 0; p->qcap = ncap;
    }
    p->q[(p->qh + p->qn) % p->qcap] = id;
    p->qn++;
}

static int q_pop(tport *p)
{
    int id = p->q[p->qh];
    p->qh = (p->qh + 1) % p->qcap;
    p->qn--;
    return id;
}

static long new_pkt(sim *s, int src, int dst, long now, int bad)
{
    pkt *k;
    if (s->npk == s->pkcap) {
        s->pkcap = s->pkcap ? 2 * s->pkcap : 4096;
        s->pk = realloc(s->pk, (size_t)s->pkcap * sizeof *s->pk);
    }
    k = &s->pk[s->npk];
    k->src = src; k->dst = dst; k->len = s->o->packet; k->next = -1; k->mc = -1;
    k->nd = 0; k->wl = -1; k->got = 0;
    k->create = now; k->state = PK_QUEUED; k->bad = (uint8_t)bad;
    k->measured = (uint8_t)(!bad && now >= s->o->warmup && now < s->o->warmup + s->o->cycles);
    return s->npk++;
}

static uint64_t make_flit(const sim *s, long id, int k)
{
    const pkt *p = &s->pk[id];
    uint64_t type, data;
    int len = p->len;
    if (p->nd) {
        /* multidestination worm: head (first destination), one address
         * flit per further destination, then the payload */
        type = len == 1 ? WC_FT_SINGLE : k == 0 ? WC_FT_HEAD : k == len - 1 ? WC_FT_TAIL : WC_FT_BODY;
        if (k == 0) {
            uint32_t h = 0;
            h = WC_SET(h, HEAD_DST, (uint32_t)s->wd[p->wl]);
            h = WC_SET(h, HEAD_KIND, WC_KIND_MULTI);
            h = WC_SET(h, HEAD_NADDR, (uint32_t)(p->nd - 1));
            h = WC_SET(h, HEAD_USER, (uint32_t)p->src);
            data = h;
        } else if (k < p->nd) {
            data = WC_SET(0u, ADDR_DST, (uint32_t)s->wd[p->wl + k]);
        } else if (k == p->nd) {
            data = (uint32_t)id;
        } else {
            data = hash32((uint32_t)id * 0x9e3779b1u + (uint32_t)(k - p->nd + 1));
        }
    } else if (p->bad == BAD_STRAY) {
        /* a body and a tail with no head: the router must discard both */
        type = k == len - 1 ? WC_FT_TAIL : WC_FT_BODY;
        data = hash32((uint32_t)id);
    } else {
        type = len == 1 ? WC_FT_SINGLE : k == 0 ? WC_FT_HEAD : k == len - 1 ? WC_FT_TAIL : WC_FT_BODY;
        if (k == 0) {
            uint32_t h = 0;
            h = WC_SET(h, HEAD_DST, p->bad == BAD_DST ? (uint32_t)WC_MAX_NODES - 1u : (uint32_t)p->dst);
            h = WC_SET(h, HEAD_KIND, WC_KIND_UNICAST);
            h = WC_SET(h, HEAD_USER, (uint32_t)p->src);
            data = h;
        } else if (k == 1) {
            data = (uint32_t)id;
        } else {
            data = hash32((uint32_t)id * 0x9e3779b1u + (uint32_t)k);
        }
    }
    return data | (type << s->W);
}

static int tport_for(const sim *s, int src, int dst)
{
    const wc_topo *t = s->t;
    int port = t->nlocal > 1 ? wc_topo_inject_port(t, src, dst) : t->node_port[src];
    if (port < 0)
        port = t->node_port[src];
    return s->tp_of[t->node_router[src] * s->P + port];
}

/* Cycles to the next packet of a Bernoulli process with probability p per
 * cycle (geometric, >= 1): one random draw per packet instead of one per
 * node per cycle. */
static long next_gap(sim *s, double p)
{
    double u;
    if (p >= 1.0)
        return 1;
    if (p <= 0.0)
        return 1L << 60;
    u = ((double)(wc_rng_next(&s->rng) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
    return 1 + (long)floor(log(u) / log1p(-p));
}

static void lat_push(double **a, long *n, long *cap, double v)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 4096;
        *a = realloc(*a, (size_t)*cap * sizeof **a);
    }
    (*a)[(*n)++] = v;
}

static long wd_push(sim *s, const int *d, int n)
{
    long at;
    if (s->nwd + n > s->wdcap) {
        s->wdcap = (s->wdcap ? 2 * s->wdcap : 4096) + n;
        s->wd = realloc(s->wd, (size_t)s->wdcap * sizeof *s->wd);
    }
    at = s->nwd;
    memcpy(s->wd + at, d, (size_t)n * sizeof *d);
    s->nwd += n;
    return at;
}

static void ms_push(sim *s, int from, const int *d, int n)
{
    if (s->nms == s->mscap) {
        s->mscap = s->mscap ? 2 * s->mscap : 4096;
        s->ms = realloc(s->ms, (size_t)s->mscap * sizeof *s->ms);
    }
    s->ms[s->nms].from = from;
    s->ms[s->nms].nd = n;
    s->ms[s->nms].d0 = wd_push(s, d, n);
    s->nms++;
}

/* Node x holds multicast m's message at cycle now: queue its sends, in
 * the order the scheme issues them. */
static void mcast_send_from(sim *s, long m, int x, long now)
{
    const mcast *c = &s->mc[m];
    long e;
    for (e = c->e0; e < c->e0 + c->ne; e++) {
        const mstep *st = &s->ms[e];
        long id;
        if (st->from != x)
            continue;
        id = new_pkt(s, x, s->wd[st->d0], now, BAD_NONE);
        s->pk[id].measured = 0;     /* measured as part of its multicast */
        s->pk[id].mc = (int)m;
        if (s->o->mcast_scheme == WC_MC_WORM) {
            s->pk[id].nd = st->nd;
            s->pk[id].wl = st->d0;
            s->pk[id].len = s->o->packet + st->nd - 1;
        }
        q_push(&s->tp[tport_for(s, x, s->wd[st->d0])], (int)id);
    }
}

/* A multicast from src to mcast_dests distinct random nodes. */
static void new_mcast(sim *s, int src, long now)
{
    const int N = s->N;
    int D = s->o->mcast_dests;
    int chain[WC_MAX_NODES], i, k;
    mcast *c;
    if (s->nmc == s->mccap) {
        s->mccap = s->mccap ? 2 * s->mccap : 1024;
        s->mc = realloc(s->mc, (size_t)s->mccap * sizeof *s->mc);
    }
    /* partial Fisher-Yates over the other nodes */
    for (i = 0, k = 0; i < N; i++)
        if (i != src)
            s->scratch[k++] = i;
    chain[0] = src;
    if (s->o->once) {
        D = s->o->once_bcast ? N - 1 : s->o->once_n;
        for (i = 0; i < D; i++)
            chain[i + 1] = s->o->once_bcast ? s->scratch[i] : s->o->once_dst[i];
    } else {
        for (i = 0; i < D; i++) {
            int j = i + (int)wc_rng_below(&s->rng, (uint32_t)(N - 1 - i)), t = s->scratch[i];
            s->scratch[i] = s->scratch[j];
            s->scratch[j] = t;
            chain[i + 1] = s->scratch[i];
        }
    }
    c = &s->mc[s->nmc];
    c->src = src; c->ndst = D; c->reached = 0; c->create = now;
    c->measured = (uint8_t)(now >= s->o->warmup && now < s->o->warmup + s->o->cycles);
    c->e0 = s->nms;
    if (s->o->mcast_scheme == WC_MC_WORM) {
        /* BRCP-conformant multidestination worms in rounds (sw/lib/wc_irc.c) */
        wc_scheme sc;
        wc_irc_work wk;
        char err[256];
        int w, rounds, sch = s->irc_scheme;
        if (s->o->once && s->o->once_bcast && s->t->kind == WC_TOPO_MESH)
            sch = WC_IRC_BCAST_ANY;
        wc_scheme_init(&sc, src, s->wstore, N);
        wk.ints = s->wints; wk.nints = WC_IRC_WORK(N); wk.edges = s->wedges; wk.nedges = N;
        if ((rounds = wc_irc_build(&s->bt.net, sch, src, chain + 1, D, &sc, &wk, err, sizeof err)) < 0) {
            fprintf(stderr, "wormcast sim: internal error: multicast scheme failed: %s\n", err);
            abort();
        }
        for (w = 0; w < sc.nworms; w++)
            ms_push(s, sc.worms[w].src, sc.worms[w].dst, sc.worms[w].ndst);
        if (rounds > s->res->mcast_rounds)
            s->res->mcast_rounds = rounds;
    } else {
        wc_tree tr;
        tr.src = src; tr.nedges = 0; tr.cap = D; tr.edges = s->wedges;
        if (s->o->mcast_scheme == WC_MC_TREE) {
            /* binomial tree of unicasts over the chain (Kesavan & Panda:
             * k-binomial with k = ceil(log2 n)) */
            int kk = 0;
            int steps;
            while ((1 << kk) < D + 1)
                kk++;
            steps = wc_kbin_tree(chain, D + 1, kk < 1 ? 1 : kk, &tr);
            if (steps > s->res->mcast_rounds)
                s->res->mcast_rounds = steps;
        } else {
            for (i = 1; i <= D; i++)
                wc_tree_add(&tr, src, chain[i], i);
            if (D > s->res->mcast_rounds)
                s->res->mcast_rounds = D;
        }
        for (i = 0; i < tr.nedges; i++)
            ms_push(s, tr.edges[i].from, &tr.edges[i].to, 1);
    }
    c->ne = (int)(s->nms - c->e0);
    if (c->measured) {
        s->res->mcast_measured++;
        s->measured_left++;
    }
    mcast_send_from(s, s->nmc++, src, now);
}

/* A destination of multicast m received its copy. */
static void mcast_reached(sim *s, long m, int x, long now)
{
    mcast *c = &s->mc[m];
    if (++c->reached == c->ndst) {
        s->res->mcast_done++;
        if (c->measured) {
            s->measured_left--;
            lat_push(&s->mlat, &s->nmlat, &s->mlatcap, (double)(now - c->create));
        }
    }
    mcast_send_from(s, m, x, now);
}

/* A whole copy of a multidestination worm arrived at p's node: it must be
 * the worm as it left its previous destination, flit for flit (head for
 * this node, the remaining addresses, the payload), and the first copy for
 * this node. */
static void worm_copy(sim *s, tport *p, long now)
{
    wc_sim_result *r = s->res;
    const uint64_t dmask = (1ull << s->W) - 1;
    uint32_t h = (uint32_t)(p->rb[0] & dmask);
    int naddr = (int)WC_GET(h, HEAD_NADDR), src = (int)WC_GET(h, HEAD_USER), j, k;
    long id;
    pkt *w;
    if (WC_GET(h, HEAD_DST) != (uint32_t)p->node) {
        r->misrouted++;
        return;
    }
    if (naddr + 1 >= p->rbn) {
        r->corrupt++;
        return;
    }
    id = (long)(p->rb[naddr + 1] & dmask);
    if (id >= s->npk || !s->pk[id].nd || s->pk[id].src != src) {
        r->corrupt++;
        return;
    }
    w = &s->pk[id];
    j = w->nd - 1 - naddr;
    if (j < 0 || s->wd[w->wl + j] != p->node || p->rbn != w->len - j) {
        r->corrupt++;
        return;
    }
    for (k = 0; k < p->rbn; k++) {
        /* what left the previous destination: its head rewritten for us */
        uint64_t want;
        if (k == 0) {
            uint32_t d = (uint32_t)(make_flit(s, id, 0) & dmask);
            d = WC_SET(d, HEAD_DST, (uint32_t)p->node);
            d = WC_SET(d, HEAD_NADDR, (uint32_t)naddr);
            want = d | ((uint64_t)(p->rbn == 1 ? WC_FT_SINGLE : WC_FT_HEAD) << s->W);
        } else {
            want = make_flit(s, id, k + j);
        }
        if (p->rb[k] != want) {
            r->corrupt++;
            return;
        }
    }
    if (w->got & (1ull << j)) {
        r->duplicated++;
        return;
    }
    w->got |= 1ull << j;
    if (w->got == (w->nd >= 64 ? ~0ull : (1ull << w->nd) - 1)) {
        w->state = PK_DONE;
        r->delivered++;
        s->in_flight--;
    }
    if (w->mc >= 0)
        mcast_reached(s, w->mc, p->node, now);
}

/* A two-destination worm whose turn at its first destination breaks the
 * base routing (cube and mesh): that router must drop and count it.
 * Returns the packet id, or -1 if no such pair turned up. */
static long bad_brcp_worm(sim *s, int src, long now)
{
    const wc_topo *t = s->t;
    int routers[WC_MAX_NODES], ports[WC_MAX_NODES], tries;
    if (t->kind != WC_TOPO_CUBE && t->kind != WC_TOPO_MESH)
        return -1;
    for (tries = 0; tries < 64; tries++) {
        int d[2], h, in, f, ok;
        long id;
        d[0] = (int)wc_rng_below(&s->rng, (uint32_t)s->N);
        d[1] = (int)wc_rng_below(&s->rng, (uint32_t)s->N);
        if (d[0] == src || d[1] == src || d[0] == d[1])
            continue;
        h = wc_topo_path(t, src, d[0], routers, ports, WC_MAX_NODES);
        if (h < 2)
            continue;
        /* arrival port at d[0]'s router: the far end of the last link */
        in = t->peer[routers[h - 2] * t->nports + ports[h - 2]].port;
        f = wc_topo_route(t, routers[h - 1], in, d[1]);
        if (f < 0)
            continue;
        ok = t->kind == WC_TOPO_CUBE ? wc_ecube_turn_ok((unsigned)in, (unsigned)f, (unsigned)t->n, t->high_first)
                                     : wc_xy_turn_ok((unsigned)in, (unsigned)f);
        if (ok)
            continue;
        id = new_pkt(s, src, d[0], now, BAD_BRCP);
        s->pk[id].nd = 2;
        s->pk[id].wl = wd_push(s, d, 2);
        s->pk[id].len = s->o->packet + 1;
        return id;
    }
    return -1;
}

/* Packet creation for this cycle: a Bernoulli process per node. */
static void create(sim *s, long now, int creating)
{
    const double pp = s->o->rate / s->o->packet;
    int n;
    if (!creating)
        return;
    if (s->o->once && now == 0)
        new_mcast(s, s->o->once_src, now);
    for (n = 0; n < s->N; n++) {
        int dst, bad = BAD_NONE;
        long id;
        if (s->next_create[n] > now)
            continue;
        s->next_create[n] = now + next_gap(s, pp);
        if (s->o->multicast > 0 && wc_rng_chance(&s->rng, s->o->multicast)) {
            new_mcast(s, n, now);
            continue;
        }
        dst = pick_dst(s, n);
        if (s->o->malformed > 0 && wc_rng_chance(&s->rng, s->o->malformed)) {
            uint32_t kind = wc_rng_below(&s->rng, 3);
            if (kind == 2) {
                /* a non-conformant multidestination worm, where the network has turn rules */
                long w = bad_brcp_worm(s, n, now);
                if (w >= 0) {
                    q_push(&s->tp[tport_for(s, n, s->pk[w].dst)], (int)w);
                    continue;
                }
            }
            bad = kind == 1 ? BAD_STRAY : BAD_DST;
            if (dst < 0) dst = (n + 1) % s->N;
        }
        if (dst < 0)
            continue;
        id = new_pkt(s, n, dst, now, bad);
        if (s->pk[id].measured) {
            s->res->measured++;
            s->measured_left++;
        }
        q_push(&s->tp[tport_for(s, n, dst)], (int)id);
    }
}

static void lat_add(sim *s, double v)
{
    if (s->nlat == s->latcap) {
        s->latcap = s->latcap ? 2 * s->latcap : 4096;
        s->lat = realloc(s->lat, (size_t)s->latcap * sizeof *s->lat);
    }
    s->lat[s->nlat++] = v;
}

/* A flit on an absorption channel: the copy of a multidestination worm
 * for the node named by its head. */
static void absorb_flit(sim *s, tport *p, uint64_t f, long now, int measuring)
{
    int type = (int)(f >> s->W) & 3;
    if (measuring)
        s->res->accepted += 1;
    if (type & WC_FT_HEAD) {
        if (p->rxm)
            s->res->corrupt++;
        p->rxm = 1;
        p->rbn = 0;
        p->node = (int)WC_GET((uint32_t)f, HEAD_DST);
    } else if (!p->rxm) {
        s->res->corrupt++;
        return;
    }
    if (p->rbn == p->rbcap) {
        p->rbcap = p->rbcap ? 2 * p->rbcap : 64;
        p->rb = realloc(p->rb, (size_t)p->rbcap * sizeof *p->rb);
    }
    p->rb[p->rbn++] = f;
    if (type & WC_FT_TAIL) {
        p->rxm = 0;
        worm_copy(s, p, now);
    }
}

/* The sink of one terminal port: reassemble and check each worm. */
static void receive(sim *s, tport *p, uint64_t f, long now, int measuring)
{
    wc_sim_result *r = s->res;
    const uint64_t dmask = (s->W >= 64) ? ~0ull : ((1ull << s->W) - 1);
    int type = (int)(f >> s->W) & 3;
    uint32_t data = (uint32_t)(f & dmask);
    p->rx_credit = 1;
    if (measuring)
        r->accepted += 1;
    if ((type & WC_FT_HEAD) && WC_GET(data, HEAD_KIND) == WC_KIND_MULTI) {
        if (p->rx != -1 || p->rxm)
            r->corrupt++;              /* previous worm ended without a tail */
        p->rx = -1;
        p->rxm = 1;
        p->rbn = 0;
    }
    if (p->rxm) {
        if (p->rbn == p->rbcap) {
            p->rbcap = p->rbcap ? 2 * p->rbcap : 64;
            p->rb = realloc(p->rb, (size_t)p->rbcap * sizeof *p->rb);
        }
        p->rb[p->rbn++] = f;
        if (type & WC_FT_TAIL) {
            p->rxm = 0;
            worm_copy(s, p, now);
        }
        return;
    }
    if (type & WC_FT_HEAD) {
        int src = (int)WC_GET(data, HEAD_USER) & 0xfff, dst = (int)WC_GET(data, HEAD_DST), id;
        if (p->rx != -1)
            r->corrupt++;              /* previous worm ended without a tail */
        if (dst != p->node)
            r->misrouted++;
        if (src >= s->N || (id = s->pair_head[src * s->N + p->node]) < 0) {
            r->duplicated++;           /* nothing from src to us is outstanding */
            p->rx = -2;
        } else {
            s->pair_head[src * s->N + p->node] = s->pk[id].next;
            if (s->pk[id].next < 0)
                s->pair_tail[src * s->N + p->node] = -1;
            p->rx = id;
        }
        p->rx_k = 1;
    } else if (p->rx == -1) {
        r->corrupt++;                  /* body with no head */
        return;
    } else {
        if (p->rx >= 0) {
            uint32_t want = (uint32_t)(make_flit(s, p->rx, p->rx_k) & dmask);
            if (data != want) {
                if (p->rx_k == 1 && data < (uint32_t)s->npk && s->pk[data].src == s->pk[p->rx].src &&
                    s->pk[data].dst == p->node)
                    r->out_of_order++;
                else
                    r->corrupt++;
                p->rx = -2;
            }
        }
        p->rx_k++;
    }
    if (type & WC_FT_TAIL) {
        if (p->rx >= 0) {
            pkt *k = &s->pk[p->rx];
            if (p->rx_k != k->len) {
                r->corrupt++;
            } else if (k->state == PK_DONE) {
                r->duplicated++;
            } else {
                k->state = PK_DONE;
                r->delivered++;
                s->in_flight--;
                if (k->measured) {
                    r->delivered_measured++;
                    s->measured_left--;
                    lat_add(s, (double)(now - k->create));
                }
                if (k->mc >= 0)  /* last use of k: forwarding may move s->pk */
                    mcast_reached(s, k->mc, k->dst, now);
            }
        }
        p->rx = -1;
    }
}

/* Injection decision of one terminal port for this cycle. */
static int inject(sim *s, tport *p, int starting, uint64_t *flit)
{
    if (p->credits == 0)
        return 0;
    if (p->cur < 0) {
        if (!starting || p->qn == 0)
            return 0;
        p->cur = q_pop(p);
        p->cur_k = 0;
    }
    *flit = make_flit(s, p->cur, p->cur_k);
    return 1;
}

static void after_inject(sim *s, tport *p)
{
    pkt *k = &s->pk[p->cur];
    if (p->cur_k == 0) {
        k->state = PK_FLIGHT;
        if (k->bad) {
            s->res->malformed_sent++;
            if (k->bad == BAD_BRCP)
                s->res->malformed_brcp++;
        } else if (k->nd) {
            s->res->injected++;
            s->in_flight++;    /* until every destination has its copy */
        } else {
            s->res->injected++;
            s->in_flight++;
            /* per-pair delivery order is injection order: queue it */
            int *h = &s->pair_head[k->src * s->N + k->dst], *tl = &s->pair_tail[k->src * s->N + k->dst];
            if (*h < 0)
                *h = p->cur;
            else
                s->pk[*tl].next = p->cur;
            *tl = p->cur;
        }
    }
    p->credits--;
    if (++p->cur_k == k->len)
        p->cur = -1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void report_blocked(const sim *s, const wc_net *net)
{
    int r, p, shown = 0;
    fprintf(stderr, "blocked worms (router.port: front flit):\n");
    for (r = 0; r < s->R && shown < 200; r++) {
        const wc_router *rt = wc_net_router(net, r);
        for (p = 0; p < s->P && shown < 200; p++) {
            const wc_in *in = &rt->in[p];
            uint64_t f;
            if (!in->cnt)
                continue;
            f = in->buf[in->rd];
            if (in->dual)
                fprintf(stderr, "  router %d port %d: %d flits buffered, front %s dst %u, absorbing, forwards on output %d (credits %d)\n",
                        r, p, in->cnt, (f >> s->W) & 1 ? "head" : "body", (unsigned)WC_GET(f, HEAD_DST),
                        in->port, rt->out[in->port].cred);
            else
                fprintf(stderr, "  router %d port %d: %d flits buffered, front %s dst %u, %s output %d (credits %d)\n",
                        r, p, in->cnt, (f >> s->W) & 1 ? "head" : "body", (unsigned)WC_GET(f, HEAD_DST),
                        in->active ? "holds" : "waits for", in->active ? in->port : -1,
                        in->active ? rt->out[in->port].cred : -1);
            shown++;
        }
    }
}

int wc_sim_run(const wc_topo *t, const wc_sim_opts *o, wc_sim_result *res, char *err, int errlen)
{
    sim S, *s = &S;
    wc_net *net = NULL;
    wc_rtl *rtl = NULL;
    const int use_c = o->engine != WC_ENGINE_RTL, use_rtl = o->engine != WC_ENGINE_C;
    long cyc, last_progress = 0, end_measure = o->warmup + o->cycles, drain_max, flush_start = -1;
    long ncfg, k;
    int i, n, rc = 0, b = ilog2_exact(t->nnodes);
    double t0, tlast;
    wc_cfg_word *cfgw = NULL;
    wc_wave *wave = NULL;
    uint8_t *wv = NULL, *wc = NULL, *wev = NULL, *wec = NULL, *iv = NULL, *ic = NULL, *wav = NULL, *weav = NULL;
    uint64_t *wf = NULL, *wef = NULL, *ifl = NULL, *waf = NULL, *weaf = NULL;

    memset(s, 0, sizeof *s);
    memset(res, 0, sizeof *res);
    res->mismatch_cycle = -1;
    s->t = t; s->o = o; s->res = res;
    s->N = t->nnodes; s->R = t->nrouters; s->P = t->nports; s->W = o->width;

    if (o->packet < 1) { snprintf(err, (size_t)errlen, "--packet must be >= 1 (got %d)", o->packet); return -1; }
    if (o->rate < 0 || o->rate > o->packet * 1.0 || o->rate / o->packet > 1.0) {
        snprintf(err, (size_t)errlen, "--rate %g out of range 0..1 packets per node per cycle", o->rate);
        return -1;
    }
    if (o->warmup < 0 || o->cycles < 1) { snprintf(err, (size_t)errlen, "--cycles must be >= 1 and --warmup >= 0"); return -1; }
    if ((o->traffic == WC_TR_TRANSPOSE || o->traffic == WC_TR_BITCOMP || o->traffic == WC_TR_BITREV ||
         o->traffic == WC_TR_SHUFFLE) && b < 1) {
        snprintf(err, (size_t)errlen, "traffic %s needs a power-of-two node count (%s has %d nodes)",
                 traffic_names[o->traffic], t->name, t->nnodes);
        return -1;
    }
    if (o->traffic == WC_TR_TRANSPOSE && (b & 1)) {
        snprintf(err, (size_t)errlen, "traffic transpose needs an even number of address bits (%s has %d nodes)",
                 t->name, t->nnodes);
        return -1;
    }
    if (o->traffic == WC_TR_HOTSPOT && (o->hotspot_node < 0 || o->hotspot_node >= t->nnodes)) {
        snprintf(err, (size_t)errlen, "hotspot node %d not in 0..%d", o->hotspot_node, t->nnodes - 1);
        return -1;
    }
    if (t->nnodes > 4096) { snprintf(err, (size_t)errlen, "too many nodes (%d)", t->nnodes); return -1; }
    if ((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_WORM && o->packet < 2) {
        snprintf(err, (size_t)errlen, "--mcast-scheme worm needs --packet >= 2 (the first payload flit carries the worm's id)");
        return -1;
    }
    if (o->multicast > 0 && (o->mcast_dests < 1 || o->mcast_dests > t->nnodes - 1)) {
        snprintf(err, (size_t)errlen, "--mcast-dests %d out of range 1..%d for %s", o->mcast_dests,
                 t->nnodes - 1, t->name);
        return -1;
    }

    if (use_c && !(net = wc_net_create(t, o->width, o->buffer, o->mutate, err, errlen)))
        return -1;
    if (use_rtl) {
        if (!(rtl = wc_rtl_open(t, o->width, o->buffer, o->rtl_flat, o->rtl_flat && o->wave_path != NULL, err, errlen))) {
            wc_net_free(net);
            return -1;
        }
        wc_rtl_reset(rtl, 4);
    }
    /* configuration: the same words into both models */
    if (t->routing == WC_ROUTING_TABLE) {
        wc_net *tmp = net ? net : wc_net_create(t, o->width, o->buffer, 0, err, errlen);
        ncfg = wc_net_cfg_words(tmp, NULL, 0);
        cfgw = malloc((size_t)ncfg * sizeof *cfgw);
        wc_net_cfg_words(tmp, cfgw, ncfg);
        for (k = 0; k < ncfg; k++) {
            if (net) wc_net_cfg_write(net, cfgw[k].router, cfgw[k].addr, cfgw[k].data);
            if (rtl) wc_rtl_cfg(rtl, cfgw[k].router, cfgw[k].addr, cfgw[k].data);
        }
        if (!net) wc_net_free(tmp);
        free(cfgw);
    }

    wc_rng_seed(&s->rng, o->seed);
    s->scratch = malloc((size_t)s->N * sizeof *s->scratch);
    s->wedges = malloc((size_t)s->N * sizeof *s->wedges);
    s->ab = calloc((size_t)s->R * (size_t)s->P, sizeof *s->ab);
    if ((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_WORM) {
        if (wc_brcp_from_topo(t, &s->bt, err, errlen)) {
            rc = -1;
            goto out;
        }
        s->have_bt = 1;
        s->irc_scheme = t->kind == WC_TOPO_CUBE ? WC_IRC_CHAIN : t->kind == WC_TOPO_MESH ? WC_IRC_MESH_MCAST
                                                                                        : WC_IRC_UPDOWN;
        s->wstore = malloc((size_t)s->N * sizeof *s->wstore);
        s->wints = malloc((size_t)WC_IRC_WORK(s->N) * sizeof *s->wints);
    }
    s->next_create = malloc((size_t)s->N * sizeof *s->next_create);
    for (n = 0; n < s->N; n++)
        s->next_create[n] = next_gap(s, o->rate / o->packet) - 1;
    s->pair_head = malloc((size_t)s->N * (size_t)s->N * sizeof(int));
    s->pair_tail = malloc((size_t)s->N * (size_t)s->N * sizeof(int));
    memset(s->pair_head, 0xff, (size_t)s->N * (size_t)s->N * sizeof(int));
    memset(s->pair_tail, 0xff, (size_t)s->N * (size_t)s->N * sizeof(int));
    s->tp_of = malloc((size_t)s->R * (size_t)s->P * sizeof(int));
    for (i = 0; i < s->R * s->P; i++)
        s->tp_of[i] = -1;
    s->tp = calloc((size_t)s->N * (size_t)t->nlocal, sizeof *s->tp);
    for (n = 0; n < s->N; n++)
        for (i = 0; i < t->nlocal; i++) {
            tport *p = &s->tp[s->ntp];
            p->node = n; p->cur = -1; p->rx = -1; p->credits = o->buffer;
            p->idx = t->node_router[n] * s->P + t->node_port[n] + i;
            p->r = t->node_router[n];
            p->p = t->node_port[n] + i;
            s->tp_of[p->idx] = s->ntp++;
        }
    drain_max = o->drain_max >= 0 ? o->drain_max : 10 * o->cycles + 100000;
    if (o->wave_path) {
        size_t np = (size_t)s->R * (size_t)s->P;
        wave = wc_wave_open(o->wave_path, t, o->width, o->wave_routers, o->wave_nrouters, net && rtl);
        if (!wave) {
            snprintf(err, (size_t)errlen, "cannot write waveform %s.vcd", o->wave_path);
            rc = -1;
            goto out;
        }
        wv = calloc(np, 1); wc = calloc(np, 1); wev = calloc(np, 1); wec = calloc(np, 1);
        iv = calloc(np, 1); ic = calloc(np, 1);
        wf = calloc(np, sizeof *wf); wef = calloc(np, sizeof *wef); ifl = calloc(np, sizeof *ifl);
        wav = calloc(np, 1); weav = calloc(np, 1); waf = calloc(np, sizeof *waf); weaf = calloc(np, sizeof *weaf);
    }

    t0 = tlast = now_s();
    for (cyc = 0;; cyc++) {
        const int measuring = cyc >= o->warmup && cyc < end_measure;
        int creating, starting, moved = 0;
        /* phases: warmup, measure, drain (traffic goes on until the
         * measured packets are out), flush (no new worms start) */
        if (flush_start < 0 && cyc >= end_measure &&
            (s->measured_left == 0 || cyc - end_measure >= drain_max)) {
            flush_start = cyc;
            if (s->measured_left)
                res->saturated = 1;
        }
        if (o->stop_at >= 0 && cyc > o->stop_at)
            break;
        creating = flush_start < 0;
        starting = flush_start < 0;
        if (flush_start >= 0 && s->in_flight == 0) {
            int busy = 0;
            for (i = 0; i < s->ntp; i++)
                busy |= s->tp[i].cur >= 0;
            if (!busy)
                break;
        }

        if (rtl && o->rtl_flat && o->wave_path && cyc == (o->trace_from < 0 ? 0 : o->trace_from)) {
            /* the flat build can also dump every internal signal */
            char internal[1100];
            snprintf(internal, sizeof internal, "%s.internal.fst", o->wave_path);
            wc_rtl_trace(rtl, internal);
        }
        create(s, cyc, creating);
        for (i = 0; i < s->ntp; i++) {
            tport *p = &s->tp[i];
            uint64_t f = 0;
            int v = (p->qn || p->cur >= 0) ? inject(s, p, starting, &f) : 0;
            if (v || p->rx_credit || p->drove) {
                if (net) wc_net_set_ext(net, p->idx, v, f, p->rx_credit);
                if (rtl) wc_rtl_set_ext(rtl, p->idx, v, f, p->rx_credit);
                p->drove = v || p->rx_credit;
            }
            if (wave) { iv[p->idx] = (uint8_t)v; ifl[p->idx] = f; ic[p->idx] = (uint8_t)p->rx_credit; }
            p->rx_credit = 0;
            if (v) { after_inject(s, p); moved = 1; }
        }
        if (net) wc_net_step(net);
        if (rtl) wc_rtl_eval(rtl);
        /* terminals read this cycle's outputs */
        for (i = 0; i < s->ntp; i++) {
            tport *p = &s->tp[i];
            int v, c;
            uint64_t f;
            if (net) {
                if (!((wc_net_active_ports(net, p->r) >> p->p) & 1))
                    continue;
                wc_net_port(net, p->r, p->p, &v, &f, &c);
            } else {
                wc_rtl_get(rtl, p->idx, &v, &f, &c);
            }
            p->credits += c;
            if (v) { receive(s, p, f, cyc, measuring); moved = 1; }
        }
        /* absorption channels (intermediate reception) */
        {
            int r, pp, v;
            for (r = 0; r < s->R; r++) {
                if (net) {
                    uint64_t m = wc_net_abs_mask(net, r);
                    while (m) {
                        uint64_t f;
                        pp = __builtin_ctzll(m);
                        m &= m - 1;
                        f = wc_net_abs(net, r, pp, &v);
                        absorb_flit(s, &s->ab[r * s->P + pp], f, cyc, measuring);
                        moved = 1;
                    }
                } else {
                    for (pp = 0; pp < s->P; pp++) {
                        uint64_t f;
                        wc_rtl_get_abs(rtl, r * s->P + pp, &v, &f);
                        if (v) {
                            absorb_flit(s, &s->ab[r * s->P + pp], f, cyc, measuring);
                            moved = 1;
                        }
                    }
                }
            }
        }
        if (net && rtl) {
            int r, pp;
            for (r = 0; r < s->R && res->mismatch_cycle < 0; r++) {
                for (pp = 0; pp < s->P; pp++) {
                    int v1, c1, v2, c2;
                    uint64_t f1, f2;
                    wc_net_port(net, r, pp, &v1, &f1, &c1);
                    wc_rtl_get(rtl, r * s->P + pp, &v2, &f2, &c2);
                    {
                        int a1, a2;
                        uint64_t g1 = wc_net_abs(net, r, pp, &a1), g2;
                        wc_rtl_get_abs(rtl, r * s->P + pp, &a2, &g2);
                        if (a1 != a2 || g1 != g2) {
                            res->mismatch_cycle = cyc;
                            snprintf(res->mismatch, sizeof res->mismatch,
                                     "cycle %ld router %d port %d abs_%s: expected (C model) 0x%llx, actual (RTL) 0x%llx",
                                     cyc, r, pp, a1 != a2 ? "valid" : "flit",
                                     (unsigned long long)(a1 != a2 ? (uint64_t)a1 : g1),
                                     (unsigned long long)(a1 != a2 ? (uint64_t)a2 : g2));
                            break;
                        }
                    }
                    if (v1 != v2 || f1 != f2 || c1 != c2) {
                        const char *what = v1 != v2 ? "out_valid" : f1 != f2 ? "out_flit" : "in_credit";
                        uint64_t e = v1 != v2 ? (uint64_t)v1 : f1 != f2 ? f1 : (uint64_t)c1;
                        uint64_t a = v1 != v2 ? (uint64_t)v2 : f1 != f2 ? f2 : (uint64_t)c2;
                        res->mismatch_cycle = cyc;
                        snprintf(res->mismatch, sizeof res->mismatch,
                                 "cycle %ld router %d port %d %s: expected (C model) 0x%llx, actual (RTL) 0x%llx",
                                 cyc, r, pp, what, (unsigned long long)e, (unsigned long long)a);
                        break;
                    }
                }
                if (res->mismatch_cycle < 0 && wc_net_drops(net, r) != wc_rtl_drops(rtl, r)) {
                    res->mismatch_cycle = cyc;
                    snprintf(res->mismatch, sizeof res->mismatch,
                             "cycle %ld router %d drop_count: expected (C model) %u, actual (RTL) %u",
                             cyc, r, wc_net_drops(net, r), wc_rtl_drops(rtl, r));
                }
            }
        }
        if (wave && cyc >= o->trace_from) {
            int q, vv, cc, av;
            uint64_t ff, af;
            for (q = 0; q < s->R * s->P; q++) {
                if (rtl) {
                    wc_rtl_get(rtl, q, &vv, &ff, &cc);
                    wc_rtl_get_abs(rtl, q, &av, &af);
                } else {
                    wc_net_port(net, q / s->P, q % s->P, &vv, &ff, &cc);
                    af = wc_net_abs(net, q / s->P, q % s->P, &av);
                }
                wv[q] = (uint8_t)vv; wf[q] = ff; wc[q] = (uint8_t)cc; wav[q] = (uint8_t)av; waf[q] = af;
                if (net && rtl) {
                    wc_net_port(net, q / s->P, q % s->P, &vv, &ff, &cc);
                    wev[q] = (uint8_t)vv; wef[q] = ff; wec[q] = (uint8_t)cc;
                    weaf[q] = wc_net_abs(net, q / s->P, q % s->P, &av);
                    weav[q] = (uint8_t)av;
                }
            }
            wc_wave_cycle(wave, cyc, wv, wf, wc, wev, wef, wec, iv, ifl, ic, wav, waf, weav, weaf);
        }
        if (rtl) wc_rtl_tick(rtl);
        if (res->mismatch_cycle >= 0)
            break;
        if (moved || s->in_flight == 0)
            last_progress = cyc;
        if (cyc - last_progress > o->watchdog) {
            res->deadlock = 1;
            fprintf(stderr, "wormcast: no flit moved for %ld cycles with %ld packets in flight: deadlock at cycle %ld\n",
                    o->watchdog, s->in_flight, cyc);
            if (net) report_blocked(s, net);
            break;
        }
        if (o->progress && (cyc & 4095) == 0) {
            double tn = now_s();
            if (tn - tlast > 2.0) {
                fprintf(stderr, "  cycle %ld (%s) delivered %ld packets, %.0f cycles/s\n", cyc,
                        cyc < o->warmup ? "warmup" : measuring ? "measure" : flush_start < 0 ? "drain" : "flush",
                        res->delivered, cyc / (tn - t0));
                tlast = tn;
            }
        }
    }
    res->cycles_run = cyc;
    res->seconds = now_s() - t0;
    res->cps = res->seconds > 0 ? cyc / res->seconds : 0;
    res->lost = res->mismatch_cycle < 0 && !res->deadlock && o->stop_at < 0 ? s->in_flight : 0;
    for (i = 0; i < s->ntp; i++)
        res->not_injected += s->tp[i].qn;
    for (i = 0; i < s->R; i++)
        res->drops += net ? wc_net_drops_now(net, i) : wc_rtl_drops(rtl, i);
    /* offered: flits of every well-formed packet and worm created in the
     * window (multicast sends included); accepted: every flit delivered in
     * it, each absorbed copy counted, so multicast traffic can accept more
     * than it offers */
    res->offered = 0;
    for (k = 0; k < s->npk; k++)
        if (!s->pk[k].bad && s->pk[k].create >= o->warmup && s->pk[k].create < o->warmup + o->cycles)
            res->offered += s->pk[k].len;
    res->offered /= (double)s->N * (double)o->cycles;
    res->accepted /= (double)s->N * (double)o->cycles;
    if (s->nlat) {
        double sum = 0;
        qsort(s->lat, (size_t)s->nlat, sizeof *s->lat, cmp_double);
        for (k = 0; k < s->nlat; k++)
            sum += s->lat[k];
        res->lat_avg = sum / (double)s->nlat;
        res->lat_p99 = s->lat[(long)((double)(s->nlat - 1) * 0.99)];
        res->lat_max = s->lat[s->nlat - 1];
    }
out:
    if (wave)
        wc_wave_close(wave, stderr);
    free(wv); free(wc); free(wev); free(wec); free(iv); free(ic); free(wf); free(wef); free(ifl);
    free(wav); free(weav); free(waf); free(weaf);
    if (s->nmlat) {
        double sum = 0;
        qsort(s->mlat, (size_t)s->nmlat, sizeof *s->mlat, cmp_double);
        for (k = 0; k < s->nmlat; k++)
            sum += s->mlat[k];
        res->mlat_avg = sum / (double)s->nmlat;
        res->mlat_p99 = s->mlat[(long)((double)(s->nmlat - 1) * 0.99)];
        res->mlat_max = s->mlat[s->nmlat - 1];
    }
    free(s->mlat); free(s->mc); free(s->ms); free(s->wd); free(s->scratch);
    free(s->wedges); free(s->wstore); free(s->wints);
    if (s->ab) {
        for (i = 0; i < s->R * s->P; i++)
            free(s->ab[i].rb);
        free(s->ab);
    }
    if (s->have_bt)
        wc_brcp_topo_free(&s->bt);
    for (i = 0; i < s->ntp; i++) {
        free(s->tp[i].q);
        free(s->tp[i].rb);
    }
    free(s->tp); free(s->tp_of); free(s->pk); free(s->lat);
    free(s->pair_head); free(s->pair_tail); free(s->next_create);
    wc_net_free(net);
    wc_rtl_close(rtl);
    return rc;
}

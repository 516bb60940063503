/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast sim: terminals and traffic around the network of a system
 * instance (wc_engine.h), the scoreboard (wc_score.h) and, with two
 * instances, the lockstep comparator (wc_lockstep.h).
 *
 * Each cycle: every terminal port decides its injected flit and the credit
 * it returns for last cycle's ejected flit (from its own registered
 * state), the instances evaluate, the terminals read this cycle's ejected
 * flits and returned credits from the first instance, lockstep compares
 * every router port, then the clock edge.  The same terminal decisions
 * feed both instances, so in lockstep any divergence shows at a router
 * port first. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include "wc_sim.h"
#include "wc_engine.h"
#include "wc_lockstep.h"
#include "wc_score.h"
#include "wc_wave.h"
#include "wc_mem.h"
#include "wc_rng.h"
#include "wc_defs.h"
#include "wc_err.h"
#include "wc_kbin.h"
#include "wc_hcube.h"
#include "wc_steps.h"
#include "wc_postal.h"
#include "wc_ram.h"
#include "wc_mchain.h"
#include "wc_ram_topo.h"
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

static const char *tree_algo_names[WC_TA_COUNT] = { "binomial", "kbinomial", "postal", "ucube", "maxport",
                                                    "combine", "wsort", "cco", "spcco", "ram", "mchain",
                                                    "star" };
/* the hypercube algorithms' library codes, in WC_TA_UCUBE.. order */
static const int hcube_algo[] = { WC_HCUBE_UCUBE, WC_HCUBE_MAXPORT, WC_HCUBE_COMBINE, WC_HCUBE_WSORT };
/* RAM's time model in units of one send (Liu et al. Section 4: a local
 * send takes 1, to a child agent L_l, across the root L_r > L_l) */
#define SIM_RAM_LL 2
#define SIM_RAM_LR 3

int wc_sim_tree_algo_parse(const char *s, int *algo, int *param, char *err, int errlen)
{
    int a;
    const char *colon = strchr(s, ':');
    size_t len = colon ? (size_t)(colon - s) : strlen(s);
    for (a = 0; a < WC_TA_COUNT; a++)
        if (strlen(tree_algo_names[a]) == len && !strncmp(s, tree_algo_names[a], len))
            break;
    if (a == WC_TA_COUNT)
        return wc_err(err, errlen, "unknown --tree-algo '%s' (expected binomial, kbinomial[:K], postal[:LAT], ucube, "
                      "maxport, combine, wsort, cco, spcco, ram[:stb|stc|rb|rc], mchain or star)", s);
    *param = 0;
    if (colon && a == WC_TA_RAM) {
        /* the multiple-multicast variants of Section 3.2: primary agent
         * SameTree or Random, Binomial or Cyclic among the root's agents;
         * param = wc_ram_topo's variant + 1 */
        static const char *const v[] = { "stb", "rb", "stc", "rc" };
        int k;
        for (k = 0; k < 4; k++)
            if (!strcmp(colon + 1, v[k]))
                break;
        if (k == 4)
            return wc_err(err, errlen, "--tree-algo %s: ram takes stb, stc, rb or rc (Liu et al. 3.2: SameTree or "
                          "Random primary agent, Binomial or Cyclic exchange)", s);
        *param = k + 1;
        *algo = a;
        return 0;
    }
    if (colon) {
        char *end;
        long v;
        /* K past the node count changes nothing; LAT stays an int */
        const long top = a == WC_TA_KBINOMIAL ? (long)WC_MAX_NODES : 1L << 30;
        if (a != WC_TA_KBINOMIAL && a != WC_TA_POSTAL)
            return wc_err(err, errlen, "--tree-algo %s takes no ':' parameter (only kbinomial:K, postal:LAT and "
                          "ram:stb|stc|rb|rc do)", s);
        v = strtol(colon + 1, &end, 10);
        if (!colon[1] || *end || v < 1 || v > top)
            return wc_err(err, errlen, "--tree-algo %s: %s must be an integer in 1..%ld", s,
                          a == WC_TA_KBINOMIAL ? "K (the most children of a node)" : "LAT (cycles)", top);
        *param = (int)v;
    }
    *algo = a;
    return 0;
}

const char *wc_sim_tree_algo_name(int algo, int param, char *buf, int len)
{
    static const char *const ram_v[] = { "stb", "rb", "stc", "rc" };
    if (param && algo == WC_TA_RAM && param <= 4)
        snprintf(buf, (size_t)len, "ram:%s", ram_v[param - 1]);
    else if (param)
        snprintf(buf, (size_t)len, "%s:%d", tree_algo_names[algo], param);
    else
        snprintf(buf, (size_t)len, "%s", tree_algo_names[algo]);
    return buf;
}

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
    o->queue_cap = WC_SIM_QUEUE_CAP;
    o->seed = 1;
    o->hotspot_node = 0;
    o->hotspot_frac = 0.2;
    o->trace_from = -1;
    o->stop_at = -1;
}

/* ---------------------------------------------------------------------- */

enum { PK_QUEUED, PK_FLIGHT };
enum { BAD_NONE, BAD_DST, BAD_STRAY, BAD_BRCP };
/* scoreboard channels: unicast packets arrive in order per source and
 * destination under a deterministic routing function, in any order under
 * an adaptive one (two packets of a pair may take different paths:
 * docs/router.md, west-first); copies of multidestination worms in any
 * order (worms from one source to one node take different paths).  Either
 * way every delivery is checked exactly once and intact. */
enum { CH_UNICAST, CH_WORM };

/* A packet or worm; whether it arrived is the scoreboard's.  Records
 * live in a pool (sim.pk) and are found by slot; the scoreboard's items
 * are slots.  The number its flits carry is its id, unique for the run
 * (2^32 of them), found through ids_find from its injection on (before,
 * no flit can carry it): a slot is reused only once nothing can name its
 * packet any more, so that no live id is ambiguous.
 * hold counts who still needs the record: its source until the tail is
 * injected, the scoreboard from the first expectation until it hands the
 * item back (wc_score_recycle). */
typedef struct {
    long id;
    long create;
    int src, dst, len;
    int mc;                         /* multicast it belongs to (slot in sim.mc), -1 for unicast traffic */
    int nd;                         /* multidestination worm: destinations (0 = unicast) */
    /* ... their list: offset in its multicast's wd[]; a worm breaking
     * BRCP (no multicast of its own) goes to dst, then to wl; a unicast
     * of a multicast: its send (index in the multicast's ms[]) */
    int wl;
    uint8_t state, measured, bad, hold;
    uint8_t mapped;                 /* ids_find knows it */
} pkt;
/* A free record's dst chains the free slots (48 bytes a record: a
 * saturated run holds millions of queued ones). */
#define PK_NEXTF(p) ((p)->dst)

/* One send of a multicast: a unicast (nd = 1, unicast and tree schemes)
 * or a multidestination worm (worm scheme), from node `from` once it
 * holds the message; got: its unicast arrived. */
typedef struct { int from, nd; long d0; int got, mult; } mstep;

/* A multicast: the unicasts of its tree (a star for the unicast scheme);
 * a node sends its edges, in issue order, once it holds the message.  In
 * a pool (sim.mc) like the packets; it lives while a packet of it does. */
typedef struct {
    int src, ndst, reached;
    long create;
    uint8_t measured;
    int ne;
    mstep *ms;                      /* [ne] its sends, then in the same allocation */
    int *wd;                        /* their destination lists (mstep.d0) */
    int refs;                       /* packet records of it */
    int nextf;                      /* next free slot while free */
    int len;                        /* flits of each of its unicasts (a worm adds its extra heads) */
} mcast;

/* sim.ov: packet id (as its flits carry it) -> slot; slot -1: empty */
typedef struct { uint32_t id; int slot; } idmap;

typedef struct {
    /* what every cycle reads first, together in one cache line */
    int idx;                        /* flat router port r*P+p */
    int r, p;
    int drove;                      /* drove valid or credit last cycle (the RTL holds inputs) */
    int rx_credit;                  /* flit ejected this cycle: credit next cycle */
    int cur, cur_k;                 /* packet being injected, next flit */
    int credits;                    /* free slots in the router's input buffer */
    int *q; int qh, qn, qcap;       /* source queue (packet ids) */
    int node;
    /* the unicast worm being received: its source, the packet its id
     * flit names (-1 before it), whether every flit so far matched that
     * packet's */
    int rx_on, rx_src, rx_k, rx_ok;
    long rx_item;
    uint64_t *rb; int rbn, rbcap;   /* copy of a multidestination worm being received */
    int rxm;                        /* receiving a multidestination worm copy */
} tport;

typedef struct {
    const wc_topo *t;
    const wc_sim_opts *o;
    int N, R, P, W;
    wc_engine *E[2];                /* E[0] leads: the terminals read it */
    int ne;
    wc_score *sb;
    int uni_ordered;            /* unicast streams ordered: the routing is deterministic */
    long uni_overtook;          /* (unordered) unicasts that overtook an earlier one of their pair */
    wc_rng rng;
    pkt *pk; long npk, pkcap;       /* slots in use or freed, allocated */
    long pkfree;                    /* free slots, chained by PK_NEXTF; -1 none */
    long next_id;
    /* id -> slot of the injected packets: ids are handed out in order,
     * so a ring indexed by the id's low bits, at least twice as many cells
     * as packets in it, finds most in one access; a packet whose cell
     * another takes (one that waited long in its queue or in the network)
     * moves to the overflow table ov */
    int *ring; unsigned long rcap;  /* cells: slot or -1 */
    idmap *ov; unsigned long ovcap, ovn;
    long nlive;                     /* packets in ring or ov */
    tport *tp; int ntp;
    int *tp_of;                     /* [R*P] -> tport or -1 */
    wc_lat lat, mlat;               /* measured packets, measured multicasts */
    double mdsum; long mdn;         /* destinations of measured multicasts: latency sum, count */
    mcast *mc; long nmc, mccap, mcfree;
    mstep *ms; long nms, mscap;     /* the multicast being built: its sends */
    int *wd; long nwd, wdcap;       /* ... and their destination lists */
    wc_brcp_topo bt; int have_bt;   /* worm scheme: the network for BRCP schemes */
    int irc_scheme;
    wc_worm *wstore; int *wints; wc_edge *wedges;
    int *scratch;                   /* N node ids */
    const int *once_dst;            /* --mcast-once: the destinations of the multicast being created */
    int once_len;                   /* ... and its packet length (0: --packet) */
    /* tree scheme: the library's work (ints), a chain, per-node parent
     * (-1 outside the multicast being checked) */
    int *twork, *tchain, *tpar; long ntwork;
    int *tsize;                     /* --mcast-scatter: subtree sizes */
    /* sends held back by node overheads: a heap on (cycle, order) */
    struct pend { long at, seq; int pk, tp; } *hp; long nhp, hpcap, hpseq;
    tport *ab;                      /* [R*P] receivers of the absorption channels */
    wc_sim_result *res;
    long in_flight;                 /* injected (head sent), not yet delivered */
    long *next_create;              /* per node: cycle of its next packet */
    /* Work in proportion to activity (the output is what visiting every
     * node and port in order gives):
     * the sources by their next packet's cycle, a heap on (cycle, node);
     * the terminal ports with something to drive (a queue, a worm being
     * injected, a credit owed, inputs to release), a bit each in txa;
     * the terminal ports the network drove this cycle, found from the
     * routers that drove one (wc_engine_net_busy_ext), in rxa. */
    struct src { long at; int n; } *sh; int nsh;
    int *due;                       /* [N] the sources of this cycle, by node */
    uint64_t *txa, *rxa;            /* [(ntp + 63) / 64] */
    uint64_t *term;                 /* [R] ports with a terminal */
    long measured_left;
    long offered_flits;             /* of the well-formed packets created in the window */
    long queued;                    /* packets in source queues */
    char oom[512];                  /* memory ran out (or a tree failed) during the run: it is void */
} sim;

/* The first allocation that fails stops the run (wc_sim_run returns -1
 * with its message). */
static int run_fail(sim *s, const char *msg)
{
    if (!s->oom[0])
        snprintf(s->oom, sizeof s->oom, "%s", msg);
    return -1;
}

static int oom(sim *s, const char *what, long n)
{
    char msg[160];
    snprintf(msg, sizeof msg, "out of memory for %ld %s", n, what);
    return run_fail(s, msg);
}

/* Array a (n used, *cap allocated, elements of size sz) with room for
 * `more` more: a itself, or a larger copy; NULL when memory ran out (a is
 * still valid then). */
static void *grow(sim *s, void *a, long n, long *cap, long more, size_t sz, long first, const char *what)
{
    long ncap;
    void *na;
    if (n + more <= *cap)
        return a;
    ncap = (*cap ? 2 * *cap : first) + more;
    if (!(na = realloc(a, (size_t)ncap * sz))) {
        oom(s, what, ncap);
        return NULL;
    }
    *cap = ncap;
    return na;
}

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

/* port p has something to drive from the next cycle on */
static void tx_mark(sim *s, const tport *p)
{
    const long i = p - s->tp;
    s->txa[i >> 6] |= 1ull << (i & 63);
}

static int q_push(sim *s, tport *p, int id)
{
    if (p->qn == p->qcap) {
        int ncap = p->qcap ? 2 * p->qcap : 16, i;
        int *nq = malloc((size_t)ncap * sizeof *nq);
        if (!nq)
            return oom(s, "source queue entries", ncap);
        for (i = 0; i < p->qn; i++) nq[i] = p->q[(p->qh + i) % p->qcap];
        free(p->q);
        p->q = nq; p->qh = 0; p->qcap = ncap;
    }
    p->q[(p->qh + p->qn) % p->qcap] = id;
    p->qn++;
    s->queued++;
    tx_mark(s, p);
    return 0;
}

static int q_pop(sim *s, tport *p)
{
    int id = p->q[p->qh];
    p->qh = (p->qh + 1) % p->qcap;
    p->qn--;
    s->queued--;
    return id;
}

/* ---- packet and multicast records ------------------------------------------ */
/* ---- the overflow table: open addressing, linear probing */
static unsigned long ov_home(uint32_t id, unsigned long cap) { return hash32(id) & (cap - 1); }

static long ov_find(const sim *s, uint32_t id)
{
    unsigned long m = s->ovcap - 1, i;
    for (i = ov_home(id, s->ovcap); s->ov[i].slot >= 0; i = (i + 1) & m)
        if (s->ov[i].id == id)
            return s->ov[i].slot;
    return -1;
}

static int ov_put(sim *s, uint32_t id, int slot)
{
    unsigned long i;
    if (2 * (s->ovn + 1) > s->ovcap) {
        unsigned long ncap = s->ovcap ? 2 * s->ovcap : 1024, k;
        idmap *nm = malloc(ncap * sizeof *nm);
        if (!nm)
            return oom(s, "packet id table entries", (long)ncap);
        for (k = 0; k < ncap; k++)
            nm[k].slot = -1;
        for (k = 0; k < s->ovcap; k++)
            if (s->ov[k].slot >= 0) {
                for (i = ov_home(s->ov[k].id, ncap); nm[i].slot >= 0; i = (i + 1) & (ncap - 1))
                    ;
                nm[i] = s->ov[k];
            }
        free(s->ov);
        s->ov = nm;
        s->ovcap = ncap;
    }
    for (i = ov_home(id, s->ovcap); s->ov[i].slot >= 0; i = (i + 1) & (s->ovcap - 1))
        ;
    s->ov[i].id = id;
    s->ov[i].slot = slot;
    s->ovn++;
    return 0;
}

/* later entries of the run move back into the hole */
static void ov_del(sim *s, uint32_t id)
{
    unsigned long m = s->ovcap - 1, i, j, k;
    if (!s->ovn)
        return;
    for (i = ov_home(id, s->ovcap); s->ov[i].slot >= 0 && s->ov[i].id != id; i = (i + 1) & m)
        ;
    if (s->ov[i].slot < 0)
        return;
    for (j = i;;) {
        j = (j + 1) & m;
        if (s->ov[j].slot < 0)
            break;
        k = ov_home(s->ov[j].id, s->ovcap);
        if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
            continue;
        s->ov[i] = s->ov[j];
        i = j;
    }
    s->ov[i].slot = -1;
    s->ovn--;
}

/* ---- id -> slot */
/* slot of the live packet whose flits carry id, -1 if none */
static long ids_find(const sim *s, uint32_t id)
{
    if (s->rcap) {
        const int c = s->ring[id & (s->rcap - 1)];
        if (c >= 0 && (uint32_t)s->pk[c].id == id)
            return c;
    }
    return s->ovn ? ov_find(s, id) : -1;
}

static int ids_put(sim *s, uint32_t id, int slot)
{
    int *cell;
    if (2 * (s->nlive + 1) > (long)s->rcap) {
        /* twice the cells: the live ones keep distinct cells */
        unsigned long ncap = s->rcap ? 2 * s->rcap : 4096, k;
        int *nr = malloc(ncap * sizeof *nr);
        if (!nr)
            return oom(s, "packet id table entries", (long)ncap);
        for (k = 0; k < ncap; k++)
            nr[k] = -1;
        for (k = 0; k < s->rcap; k++)
            if (s->ring[k] >= 0)
                nr[(uint32_t)s->pk[s->ring[k]].id & (ncap - 1)] = s->ring[k];
        free(s->ring);
        s->ring = nr;
        s->rcap = ncap;
    }
    if (s->next_id > 0xffffffffL && ids_find(s, id) >= 0) {
        char msg[160];
        /* flits carry 32 bits of id: 2^32 packets later the same number
         * comes round while this one is still known */
        snprintf(msg, sizeof msg, "packet ids wrapped around 2^32 while packet %u was still in flight", id);
        return run_fail(s, msg);
    }
    cell = &s->ring[id & (s->rcap - 1)];
    if (*cell >= 0 && ov_put(s, (uint32_t)s->pk[*cell].id, *cell))
        return -1;
    *cell = slot;
    s->nlive++;
    return 0;
}

static void ids_del(sim *s, uint32_t id, int slot)
{
    int *cell = &s->ring[id & (s->rcap - 1)];
    if (*cell == slot)
        *cell = -1;
    else
        ov_del(s, id);
    s->nlive--;
}

static void mcast_free(sim *s, long m)
{
    mcast *c = &s->mc[m];
    free(c->ms);
    c->ms = NULL;
    c->wd = NULL;
    c->nextf = (int)s->mcfree;
    s->mcfree = m;
}

/* One holder of packet slot k is done with it; the last frees it. */
static void pk_unhold(sim *s, long k)
{
    pkt *p = &s->pk[k];
    if (--p->hold)
        return;
    if (p->mapped)
        ids_del(s, (uint32_t)p->id, (int)k);
    if (p->mc >= 0 && --s->mc[p->mc].refs == 0)
        mcast_free(s, p->mc);
    PK_NEXTF(p) = (int)s->pkfree;
    s->pkfree = k;
}

/* the scoreboard has forgotten item k (wc_score_recycle) */
static void pk_released(void *ctx, long k) { pk_unhold(ctx, k); }

/* destination j of worm p */
static int pk_dest(const sim *s, const pkt *p, int j)
{
    return p->mc >= 0 ? s->mc[p->mc].wd[p->wl + j] : j ? p->wl : p->dst;
}

/* A packet of len flits, the next id: its slot, -1 when memory ran out
 * (s->pk may move). */
static long new_pkt(sim *s, int src, int dst, long now, int bad, int len)
{
    pkt *k;
    long slot;
    const int in_window = now >= s->o->warmup && now < s->o->warmup + s->o->cycles;
    if (s->pkfree < 0) {
        if (!(k = grow(s, s->pk, s->npk, &s->pkcap, 1, sizeof *s->pk, 4096, "packet records")))
            return -1;
        s->pk = k;
        PK_NEXTF(&s->pk[s->npk]) = -1;
        s->pkfree = s->npk++;
    }
    slot = s->pkfree;
    k = &s->pk[slot];
    s->pkfree = PK_NEXTF(k);
    k->id = s->next_id++;
    k->src = src; k->dst = dst; k->len = len; k->mc = -1;
    k->nd = 0; k->wl = -1;
    k->create = now; k->state = PK_QUEUED; k->bad = (uint8_t)bad;
    k->hold = 1;
    k->mapped = 0;
    k->measured = (uint8_t)(!bad && in_window);
    if (!bad && in_window)
        s->offered_flits += len;
    return slot;
}

static uint64_t make_flit(const sim *s, long slot, int k)
{
    const pkt *p = &s->pk[slot];
    const long id = p->id;
    uint64_t type, data;
    int len = p->len;
    if (p->nd) {
        /* multidestination worm: head (first destination), one address
         * flit per further destination, then the payload */
        type = len == 1 ? WC_FT_SINGLE : k == 0 ? WC_FT_HEAD : k == len - 1 ? WC_FT_TAIL : WC_FT_BODY;
        if (k == 0) {
            uint32_t h = 0;
            h = WC_SET(h, HEAD_DST, (uint32_t)pk_dest(s, p, 0));
            h = WC_SET(h, HEAD_KIND, WC_KIND_MULTI);
            h = WC_SET(h, HEAD_NADDR, (uint32_t)(p->nd - 1));
            h = WC_SET(h, HEAD_USER, (uint32_t)p->src);
            data = h;
        } else if (k < p->nd) {
            data = WC_SET(0u, ADDR_DST, (uint32_t)pk_dest(s, p, k));
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

/* The multicast being built: n more destinations; -1 when memory ran out */
static long wd_push(sim *s, const int *d, int n)
{
    long at;
    int *nw = grow(s, s->wd, s->nwd, &s->wdcap, n, sizeof *s->wd, 4096, "destination list entries");
    if (!nw)
        return -1;
    s->wd = nw;
    at = s->nwd;
    memcpy(s->wd + at, d, (size_t)n * sizeof *d);
    s->nwd += n;
    return at;
}

static int ms_push(sim *s, int from, const int *d, int n)
{
    long d0;
    mstep *nm = grow(s, s->ms, s->nms, &s->mscap, 1, sizeof *s->ms, 4096, "multicast sends");
    if (!nm)
        return -1;
    s->ms = nm;
    if ((d0 = wd_push(s, d, n)) < 0)
        return -1;
    s->ms[s->nms].from = from;
    s->ms[s->nms].nd = n;
    s->ms[s->nms].d0 = d0;
    s->ms[s->nms].got = 0;
    s->ms[s->nms].mult = 1;
    s->nms++;
    return 0;
}

static int hp_less(const struct pend *a, const struct pend *b)
{
    return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

/* Hold packet pk for terminal port tp until cycle at. */
static int hp_push(sim *s, long at, int pk, int tp)
{
    struct pend *h, x;
    long i;
    if (!(h = grow(s, s->hp, s->nhp, &s->hpcap, 1, sizeof *s->hp, 1024, "held multicast sends")))
        return -1;
    s->hp = h;
    x.at = at; x.seq = s->hpseq++; x.pk = pk; x.tp = tp;
    for (i = s->nhp++; i > 0 && hp_less(&x, &h[(i - 1) / 2]); i = (i - 1) / 2)
        h[i] = h[(i - 1) / 2];
    h[i] = x;
    return 0;
}

/* The held sends due by cycle now go to their ports' queues, in the
 * order their nodes issued them. */
static void hp_release(sim *s, long now)
{
    struct pend *h = s->hp;
    while (s->nhp && h[0].at <= now) {
        struct pend top = h[0], last = h[--s->nhp];
        long i = 0, c;
        while ((c = 2 * i + 1) < s->nhp) {
            if (c + 1 < s->nhp && hp_less(&h[c + 1], &h[c]))
                c++;
            if (!hp_less(&h[c], &last))
                break;
            h[i] = h[c];
            i = c;
        }
        h[i] = last;
        if (q_push(s, &s->tp[top.tp], top.pk))
            return;
    }
}

/* Node x holds multicast m's message at cycle now (the source: before the
 * ports act this cycle; a forwarder: after, so its sends start next
 * cycle): queue its sends, in the order the scheme issues them, each
 * after the node's overheads. */
static void mcast_send_from(sim *s, long m, int x, long now, int source)
{
    mcast *c = &s->mc[m];
    const int worm = s->o->mcast_scheme == WC_MC_WORM;
    const int held = s->o->mcast_startup > 0 || s->o->mcast_forward > 0;
    const long ready = now + (source ? 0 : 1) + s->o->mcast_startup;
    int e, j = 0;
    for (e = 0; e < c->ne; e++) {
        const mstep *st = &c->ms[e];
        const int dst = c->wd[st->d0];
        long id;
        int tp;
        if (st->from != x)
            continue;
        if ((id = new_pkt(s, x, dst, now, BAD_NONE, worm ? c->len + st->nd - 1 : c->len * st->mult)) < 0)
            return;
        s->pk[id].measured = 0;     /* measured as part of its multicast */
        s->pk[id].mc = (int)m;
        c->refs++;
        s->pk[id].wl = worm ? (int)st->d0 : e;
        if (worm)
            s->pk[id].nd = st->nd;
        tp = tport_for(s, x, dst);
        if (held ? hp_push(s, ready + (long)++j * s->o->mcast_forward, (int)id, tp)
                 : q_push(s, &s->tp[tp], (int)id))
            return;
    }
}

/* Every destination of chain[1..D] receives exactly once, from chain[0]
 * or a node that received before: the parent walk ends at the source.
 * Sets *depth to the most unicasts on a root-to-leaf path.  0 or -1. */
static int tree_check(sim *s, const int *chain, int D, const wc_tree *tr, int *depth)
{
    int i, ok = tr->nedges == D, *par = s->tpar;
    *depth = 0;
    for (i = 1; i <= D; i++)
        par[chain[i]] = -2;                 /* owed a copy */
    for (i = 0; ok && i < tr->nedges; i++) {
        int to = tr->edges[i].to, fr = tr->edges[i].from;
        if (to < 0 || to >= s->N || fr < 0 || fr >= s->N || par[to] != -2)
            ok = 0;
        else
            par[to] = fr;
    }
    for (i = 1; ok && i <= D; i++) {
        int x = chain[i], d = 0;
        while (ok && x != chain[0]) {
            x = par[x];
            ok = x >= 0 && ++d <= D;
        }
        if (d > *depth)
            *depth = d;
    }
    for (i = 0; i <= D; i++)
        par[chain[i]] = -1;
    return ok ? 0 : -1;
}

/* Stable sort by step: a node's sends in the order it starts them (the
 * postal tree and RAM time their edges by send start) */
static void sort_by_step(wc_tree *tr)
{
    int i, j;
    for (i = 1; i < tr->nedges; i++) {
        wc_edge x = tr->edges[i];
        for (j = i; j > 0 && tr->edges[j - 1].step > x.step; j--)
            tr->edges[j] = tr->edges[j - 1];
        tr->edges[j] = x;
    }
}

/* The --tree-algo tree from chain[0] to chain[1..D] into tr (cap D); the
 * steps of the library's step model (postal, RAM: the tree's depth), or
 * -1 with the run failed. */
static int tree_build(sim *s, int *chain, int D, wc_tree *tr)
{
    const wc_topo *t = s->t;
    const wc_sim_opts *o = s->o;
    const int a = o->tree_algo, n = D + 1, src = chain[0];
    int steps = -1, depth, lg = wc_kbin_log2ceil(n) > 0 ? wc_kbin_log2ceil(n) : 1;
    const int *ch = chain;
    char err[256] = "";
    if (t->kind == WC_TOPO_CUBE && (a == WC_TA_BINOMIAL || a == WC_TA_KBINOMIAL || a == WC_TA_POSTAL)) {
        /* the contention-free order of Kesavan & Panda on k-ary n-cubes */
        if (wc_hcube_chain(t->n, t->high_first, src, chain + 1, D, s->tchain) < 0)
            snprintf(err, sizeof err, "no dimension-ordered chain");
        ch = s->tchain;
    }
    if (err[0])
        ;
    else if (a == WC_TA_BINOMIAL)
        steps = wc_kbin_tree(ch, n, lg, tr);
    else if (a == WC_TA_KBINOMIAL)
        steps = wc_kbin_tree(ch, n, o->tree_param ? o->tree_param : n >= 2 ? wc_kbin_kopt(n, 1) : 1, tr);
    else if (a == WC_TA_POSTAL) {
        /* one-port postal model in cycles: a send occupies the port for
         * the packet (or the node for its overhead, if longer); LAT runs
         * from the start of a send to the receiver's first send */
        const long po = o->packet > o->mcast_forward ? o->packet : o->mcast_forward;
        const long lat = o->tree_param ? o->tree_param : o->packet + o->mcast_startup + o->mcast_forward;
        if (po > 1L << 30 || lat > 1L << 30)
            snprintf(err, sizeof err, "postal tree: send time %ld or latency %ld cycles out of range", po, lat);
        else if (wc_postal_tree(ch, n, (int)po, (int)(lat > po ? lat : po), tr, s->twork) >= 0)
            steps = 0;
    } else if (a >= WC_TA_UCUBE && a <= WC_TA_WSORT) {
        wc_hcube_cfg cfg;
        int r = wc_hcube_tree(hcube_algo[a - WC_TA_UCUBE], t->n, t->high_first, src, chain + 1, D, s->tchain, tr);
        cfg.n = t->n;
        cfg.high_first = t->high_first;
        if (r < 0)
            snprintf(err, sizeof err, "%s", wc_hcube_strerror(r));
        else
            steps = wc_steps_assign(tr, t->all_port ? WC_PORT_ALL : WC_PORT_ONE, wc_hcube_chan, &cfg, s->twork);
    } else if (a == WC_TA_CCO)
        steps = wc_cco_topo(t, src, chain + 1, D, lg, tr, err, sizeof err);
    else if (a == WC_TA_SPCCO)
        steps = wc_spcco_topo(t, src, chain + 1, D, lg, tr, NULL, NULL, err, sizeof err);
    else if (a == WC_TA_STAR) {
        /* the source sends to every destination itself, in chain order:
         * the non-combining scatter of the notes as a tree */
        int i;
        for (i = 1, steps = D; i <= D && steps >= 0; i++)
            if (wc_tree_add(tr, src, chain[i], i) < 0)
                steps = -1;
    } else if (a == WC_TA_MCHAIN) {
        /* the notes' mesh chain: XY order, the source possibly inside */
        int si = 0;
        if (wc_mchain_order(t->mx, t->my, src, chain + 1, D, s->tchain, &si) < 0 ||
            (steps = wc_mchain_tree(s->tchain, n, si, tr)) < 0)
            snprintf(err, sizeof err, "mesh chain: bad chain");
    } else if (a == WC_TA_RAM) {
        /* a Random primary agent draws from the traffic stream */
        const unsigned pick = o->tree_param == 2 || o->tree_param == 4 ? (unsigned)wc_rng_next(&s->rng) : 0;
        if (wc_ram_topo(t, src, chain + 1, D, SIM_RAM_LL, SIM_RAM_LR, o->tree_param - 1, pick, tr, err, sizeof err) >= 0)
            steps = 0;
    }
    if (a == WC_TA_POSTAL || a == WC_TA_RAM)
        sort_by_step(tr);
    if (steps < 0 || tree_check(s, ch, D, tr, &depth) < 0) {
        char msg[480];
        snprintf(msg, sizeof msg, "multicast tree %s from %d to %d nodes failed%s%s", tree_algo_names[a], src, D,
                 err[0] ? ": " : " its check (not every destination once from a node holding the message)", err);
        run_fail(s, msg);
        return -1;
    }
    return a == WC_TA_POSTAL || a == WC_TA_RAM ? depth : steps;
}

/* A multicast from src to mcast_dests distinct random nodes. */
static void new_mcast(sim *s, int src, long now)
{
    const int N = s->N;
    int D = s->o->mcast_dests;
    int chain[WC_MAX_NODES], i, k;
    mcast *c;
    long m;
    s->nms = s->nwd = 0;
    /* partial Fisher-Yates over the other nodes */
    for (i = 0, k = 0; i < N; i++)
        if (i != src)
            s->scratch[k++] = i;
    chain[0] = src;
    if (s->o->once) {
        D = s->o->once_bcast ? N - 1 : s->o->once_n;
        for (i = 0; i < D; i++)
            chain[i + 1] = s->o->once_bcast ? s->scratch[i] : s->once_dst[i];
    } else {
        for (i = 0; i < D; i++) {
            int j = i + (int)wc_rng_below(&s->rng, (uint32_t)(N - 1 - i)), t = s->scratch[i];
            s->scratch[i] = s->scratch[j];
            s->scratch[j] = t;
            chain[i + 1] = s->scratch[i];
        }
    }
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
        if ((rounds = wc_irc_build(&s->bt.net, sch, src, chain + 1, D, &sc, &wk, err, sizeof err)) < 0)
            WC_BUG("wormcast sim: multicast scheme failed: %s", err);
        for (w = 0; w < sc.nworms; w++)
            if (ms_push(s, sc.worms[w].src, sc.worms[w].dst, sc.worms[w].ndst))
                return;
        if (rounds > s->res->mcast_rounds)
            s->res->mcast_rounds = rounds;
    } else {
        wc_tree tr;
        tr.src = src; tr.nedges = 0; tr.cap = D; tr.edges = s->wedges;
        if (s->o->mcast_scheme == WC_MC_TREE) {
            int steps = tree_build(s, chain, D, &tr);
            if (steps < 0)
                return;
            if (steps > s->res->mcast_rounds)
                s->res->mcast_rounds = steps;
        } else {
            for (i = 1; i <= D; i++)
                wc_tree_add(&tr, src, chain[i], i);
            if (D > s->res->mcast_rounds)
                s->res->mcast_rounds = D;
        }
        for (i = 0; i < tr.nedges; i++)
            if (ms_push(s, tr.edges[i].from, &tr.edges[i].to, 1))
                return;
        if (s->o->mcast_scatter) {
            /* combining: the edge to v carries v's subtree; sizes by
             * walking each destination up to the source (tree_check
             * proved the parent chains) */
            int *par = s->tpar, *size = s->tsize;
            for (i = 0; i < tr.nedges; i++) {
                par[tr.edges[i].to] = tr.edges[i].from;
                size[tr.edges[i].to] = 0;
            }
            for (i = 0; i < tr.nedges; i++) {
                int x = tr.edges[i].to;
                for (;;) {
                    size[x]++;
                    if (x == src || par[x] < 0)
                        break;
                    x = par[x];
                    if (x == src)
                        break;
                }
            }
            for (i = 0; i < tr.nedges; i++)
                s->ms[i].mult = size[tr.edges[i].to];
            for (i = 0; i < tr.nedges; i++)
                par[tr.edges[i].to] = -1;
        }
    }
    /* the record, its sends and their destinations in one allocation */
    if (s->mcfree < 0) {
        if (!(c = grow(s, s->mc, s->nmc, &s->mccap, 1, sizeof *s->mc, 1024, "multicast records")))
            return;
        s->mc = c;
        s->mc[s->nmc].nextf = -1;
        s->mcfree = s->nmc++;
    }
    m = s->mcfree;
    c = &s->mc[m];
    if (!(c->ms = malloc((size_t)s->nms * sizeof *c->ms + (size_t)s->nwd * sizeof *c->wd))) {
        oom(s, "the sends of a multicast", s->nms);
        return;
    }
    s->mcfree = c->nextf;
    c->wd = (int *)(c->ms + s->nms);
    memcpy(c->ms, s->ms, (size_t)s->nms * sizeof *c->ms);
    memcpy(c->wd, s->wd, (size_t)s->nwd * sizeof *c->wd);
    c->ne = (int)s->nms;
    c->src = src; c->ndst = D; c->reached = 0; c->create = now; c->refs = 0; c->len = s->once_len ? s->once_len : s->o->packet;
    c->measured = (uint8_t)(now >= s->o->warmup && now < s->o->warmup + s->o->cycles);
    if (c->measured) {
        s->res->mcast_measured++;
        s->measured_left++;
    }
    mcast_send_from(s, m, src, now, 1);
    if (!s->mc[m].refs)
        mcast_free(s, m);
}

/* A destination of multicast m received its copy: the unicast of send e
 * (-1: a worm copy, which the scoreboard matched to its worm). */
static void mcast_reached(sim *s, long m, int x, long now, int e)
{
    mcast *c = &s->mc[m];
    char err[128];
    if (e >= 0) {
        mstep *st = e < c->ne ? &c->ms[e] : NULL;
        if (!st || st->got || st->nd != 1 || c->wd[st->d0] != x) {
            s->res->mcast_bad++;
            return;
        }
        st->got = 1;
    }
    if (c->measured) {
        s->mdsum += (double)(now - c->create);
        s->mdn++;
    }
    if (++c->reached == c->ndst) {
        s->res->mcast_done++;
        if (c->measured) {
            s->measured_left--;
            if (wc_lat_add(&s->mlat, now - c->create, err, sizeof err))
                run_fail(s, err);
        }
    }
    mcast_send_from(s, m, x, now, 0);
}

/* What a worm copy was checked to be: the worm's slot, -1 if damaged. */
static int worm_match(void *ctx, long item) { return item == *(const long *)ctx; }

/* A whole copy of a multidestination worm arrived at p's node: it must be
 * the worm as it left its previous destination, flit for flit (head for
 * this node, the remaining addresses, the payload), and the first copy for
 * this node. */
static void worm_copy(sim *s, tport *p, long now)
{
    wc_sim_result *r = s->res;
    const uint64_t dmask = (1ull << s->W) - 1;
    uint32_t h = (uint32_t)(p->rb[0] & dmask);
    int naddr = (int)WC_GET(h, HEAD_NADDR), src = (int)WC_GET(h, HEAD_USER), j, k, done, v;
    long id = -1, item;
    if (WC_GET(h, HEAD_DST) != (uint32_t)p->node) {
        r->misrouted++;
        return;
    }
    if (naddr + 1 < p->rbn) {
        const pkt *w;
        const uint64_t named = p->rb[naddr + 1] & dmask;
        id = named > 0xffffffffu ? -1 : ids_find(s, (uint32_t)named);
        w = id >= 0 ? &s->pk[id] : NULL;
        j = w ? w->nd - 1 - naddr : -1;
        if (!w || !w->nd || w->src != src || j < 0 || pk_dest(s, w, j) != p->node || p->rbn != w->len - j)
            id = -1;
        for (k = 0; id >= 0 && k < p->rbn; k++) {
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
            if (p->rb[k] != want)
                id = -1;
        }
    }
    v = wc_score_arrive(s->sb, wc_score_key((unsigned)p->node, (unsigned)src, CH_WORM), worm_match, &id, &item,
                        &done);
    if (done) {
        s->in_flight--;
        if (v == WC_SCORE_OK)
            r->delivered++;
    }
    if (v == WC_SCORE_OK && s->pk[item].mc >= 0)
        mcast_reached(s, s->pk[item].mc, p->node, now, -1);
}

/* Whether the leg to d1 from d0, for a worm that came from src, is a legal
 * turn of the base routing for some arrival at d0 (an adaptive function
 * may arrive on any of its minimal outputs' far ends: every path it could
 * take is followed). */
static int turn_ok_any(const wc_topo *t, int src, int d0, int d1)
{
    const wc_routing *fn = wc_routing_by_id(t->routing);
    const size_t nst = (size_t)t->nrouters * (size_t)(t->nports + 1);
    int (*stack)[2], sp = 0, ok = 0;
    uint8_t *seen;
    wc_route_ctx x;
    if (!fn)
        return 1;
    stack = malloc(nst * sizeof *stack);
    seen = calloc(nst, 1);
    if (!stack || !seen) {
        free(stack);
        free(seen);
        return 1;   /* (no memory: no such worm, none expected dropped) */
    }
    stack[sp][0] = t->node_router[src];
    stack[sp][1] = t->node_port[src];
    sp++;
    while (sp > 0 && !ok) {
        int r, in, alt, local, k, o[2];
        sp--;
        r = stack[sp][0];
        in = stack[sp][1];
        wc_topo_route_ctx(t, r, &x);
        if (r == t->node_router[d0]) {
            int f = fn->route(&x, (unsigned)in, (unsigned)d1, &local, &alt);
            ok = f < 0 || fn->turn_ok(&x, (unsigned)in, (unsigned)f);
            continue;
        }
        o[0] = fn->route(&x, (unsigned)in, (unsigned)d0, &local, &alt);
        o[1] = alt;
        for (k = 0; k < 2; k++) {
            wc_endpoint e;
            size_t key;
            if (o[k] < 0 || o[k] >= t->nports)
                continue;
            e = t->peer[r * t->nports + o[k]];
            if (e.router < 0)
                continue;
            key = (size_t)e.router * (size_t)(t->nports + 1) + (size_t)e.port;
            if (seen[key])
                continue;
            seen[key] = 1;
            stack[sp][0] = e.router;
            stack[sp][1] = e.port;
            sp++;
        }
    }
    free(stack);
    free(seen);
    return ok;
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
        ok = turn_ok_any(t, src, d[0], d[1]);
        if (ok)
            continue;
        if ((id = new_pkt(s, src, d[0], now, BAD_BRCP, s->o->packet + 1)) < 0)
            return -1;
        s->pk[id].nd = 2;
        s->pk[id].wl = d[1];
        return id;
    }
    return -1;
}

/* ---- the sources' heap on (cycle of the next packet, node) */
static int src_less(const struct src *a, const struct src *b)
{
    return a->at < b->at || (a->at == b->at && a->n < b->n);
}

static void src_push(sim *s, long at, int n)
{
    struct src *h = s->sh, x;
    int i = s->nsh++;
    x.at = at; x.n = n;
    while (i > 0 && src_less(&x, &h[(i - 1) / 2])) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = x;
}

static void src_pop(sim *s)
{
    struct src *h = s->sh, last = h[--s->nsh];
    int i = 0, c;
    while ((c = 2 * i + 1) < s->nsh) {
        if (c + 1 < s->nsh && src_less(&h[c + 1], &h[c]))
            c++;
        if (!src_less(&h[c], &last))
            break;
        h[i] = h[c];
        i = c;
    }
    h[i] = last;
}

/* The nodes whose next packet is due (next_create <= now) into s->due, in
 * node order, as a loop over every node would take them; create puts
 * each back in the heap at its next packet's cycle.  The count. */
static int sources_due(sim *s, long now)
{
    int k = 0;
    while (s->nsh && s->sh[0].at <= now) {
        int n = s->sh[0].n, j;
        src_pop(s);
        for (j = k++; j > 0 && s->due[j - 1] > n; j--)
            s->due[j] = s->due[j - 1];
        s->due[j] = n;
    }
    return k;
}

/* Packet creation for this cycle: a Bernoulli process per node. */
static void create(sim *s, long now, int creating)
{
    const double pp = s->o->rate / s->o->packet;
    const long cap = s->o->queue_cap * (long)s->N;
    int n, nd, d;
    if (!creating)
        return;
    if (s->o->once && now == 0) {
        /* one multicast, or a batch of once_nm at once */
        const int nm = s->o->once_nm > 1 ? s->o->once_nm : 1;
        int k;
        for (k = 0; k < nm; k++) {
            s->once_dst = s->o->once_dst + (size_t)k * (size_t)(s->o->once_bcast ? 0 : s->o->once_n);
            s->once_len = k < s->o->once_long ? s->o->once_long_len : 0;
            new_mcast(s, nm > 1 ? s->o->once_srcs[k] : s->o->once_src, now);
        }
    }
    nd = sources_due(s, now);
    for (d = 0; d < nd; d++) {
        int dst, bad = BAD_NONE;
        long id;
        n = s->due[d];
        s->next_create[n] = now + next_gap(s, pp);
        src_push(s, s->next_create[n], n);
        /* run on past saturation: the backlog at its cap takes nothing
         * more (without run_on the run has ended: wc_sim_run) */
        if (s->queued >= cap) {
            s->res->refused++;
            continue;
        }
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
                    if (q_push(s, &s->tp[tport_for(s, n, s->pk[w].dst)], (int)w))
                        return;
                    continue;
                }
                if (s->oom[0])
                    return;
            }
            bad = kind == 1 ? BAD_STRAY : BAD_DST;
            if (dst < 0) dst = (n + 1) % s->N;
        }
        if (dst < 0)
            continue;
        if ((id = new_pkt(s, n, dst, now, bad, s->o->packet)) < 0)
            return;
        if (s->pk[id].measured) {
            s->res->measured++;
            s->measured_left++;
        }
        if (q_push(s, &s->tp[tport_for(s, n, dst)], (int)id))
            return;
    }
}

/* p's receive buffer for a multidestination worm copy, one more flit */
static int rb_push(sim *s, tport *p, uint64_t f)
{
    if (p->rbn == p->rbcap) {
        int ncap = p->rbcap ? 2 * p->rbcap : 64;
        uint64_t *nb = realloc(p->rb, (size_t)ncap * sizeof *nb);
        if (!nb)
            return oom(s, "flits of a worm being received", ncap);
        p->rb = nb;
        p->rbcap = ncap;
    }
    p->rb[p->rbn++] = f;
    return 0;
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
    if (rb_push(s, p, f))
        return;
    if (type & WC_FT_TAIL) {
        p->rxm = 0;
        worm_copy(s, p, now);
    }
}

/* What a unicast worm was checked to be (tport.rx_*). */
typedef struct {
    const sim *s;
    long item;
    int ok, k;
} uni_ctx;

static int uni_match(void *ctx, long item)
{
    const uni_ctx *c = ctx;
    /* a one-flit packet has no id flit: it is any one-flit packet of the
     * pair, and the scoreboard tries the one expected next first */
    return c->ok && c->k == c->s->pk[item].len && (item == c->item || (c->item < 0 && c->k == 1));
}

/* The id flit of p's worm names packet id: the slot of that packet if it
 * is one of the packets its source sent to this node, else -1. */
static long claims(const sim *s, const tport *p, uint32_t id)
{
    const long slot = ids_find(s, id);
    const pkt *k;
    if (slot < 0)
        return -1;
    k = &s->pk[slot];
    return !k->bad && !k->nd && k->state != PK_QUEUED && k->src == p->rx_src && k->dst == p->node ? slot : -1;
}

/* Unicast packet id arrived with verdict v and owes nothing more. */
static void unicast_done(sim *s, long id, int v, long now)
{
    const pkt *k = &s->pk[id];
    s->in_flight--;
    if (v == WC_SCORE_OK)
        s->res->delivered++;
    if (k->measured) {
        s->measured_left--;
        if (v == WC_SCORE_OK) {
            char err[128];
            s->res->delivered_measured++;
            if (wc_lat_add(&s->lat, now - k->create, err, sizeof err))
                run_fail(s, err);
        }
    }
    if (k->mc >= 0 && v != WC_SCORE_DAMAGED)  /* last use of k: forwarding may move s->pk */
        mcast_reached(s, k->mc, k->dst, now, k->wl);
}

/* The sink of one terminal port: reassemble and check each worm. */
static void receive(sim *s, tport *p, uint64_t f, long now, int measuring)
{
    wc_sim_result *r = s->res;
    const uint64_t dmask = (s->W >= 64) ? ~0ull : ((1ull << s->W) - 1);
    int type = (int)(f >> s->W) & 3;
    uint32_t data = (uint32_t)(f & dmask);
    p->rx_credit = 1;
    tx_mark(s, p);
    if (measuring)
        r->accepted += 1;
    if ((type & WC_FT_HEAD) && WC_GET(data, HEAD_KIND) == WC_KIND_MULTI) {
        if (p->rx_on || p->rxm)
            r->corrupt++;              /* previous worm ended without a tail */
        p->rx_on = 0;
        p->rxm = 1;
        p->rbn = 0;
    }
    if (p->rxm) {
        if (rb_push(s, p, f))
            return;
        if (type & WC_FT_TAIL) {
            p->rxm = 0;
            worm_copy(s, p, now);
        }
        return;
    }
    if (type & WC_FT_HEAD) {
        int src = (int)WC_GET(data, HEAD_USER) & 0xfff, dst = (int)WC_GET(data, HEAD_DST);
        if (p->rx_on)
            r->corrupt++;              /* previous worm ended without a tail */
        if (dst != p->node)
            r->misrouted++;
        p->rx_on = 1;
        p->rx_src = src;
        p->rx_item = -1;
        p->rx_ok = 1;
        p->rx_k = 1;
    } else if (!p->rx_on) {
        r->corrupt++;                  /* body with no head */
        return;
    } else {
        /* flit 1 names the packet, the others must be its own; whether it
         * is the one expected next is the scoreboard's verdict */
        if (p->rx_k == 1)
            p->rx_item = claims(s, p, data);
        if (p->rx_item < 0 || data != (uint32_t)(make_flit(s, p->rx_item, p->rx_k) & dmask))
            p->rx_ok = 0;
        p->rx_k++;
    }
    if (type & WC_FT_TAIL) {
        uni_ctx c;
        wc_score_counts sc0, sc1;
        long id;
        int done, v;
        c.s = s;
        c.item = p->rx_item;
        c.ok = p->rx_ok;
        c.k = p->rx_k;
        p->rx_on = 0;
        if (!s->uni_ordered)
            wc_score_get(s->sb, &sc0);
        v = wc_score_arrive(s->sb, wc_score_key((unsigned)p->node, (unsigned)p->rx_src, CH_UNICAST), uni_match, &c,
                            &id, &done);
        if (!s->uni_ordered) {
            wc_score_get(s->sb, &sc1);
            s->uni_overtook += sc1.overtook - sc0.overtook;
        }
        if (done)
            unicast_done(s, id, v, now);
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
        p->cur = q_pop(s, p);
        p->cur_k = 0;
    }
    *flit = make_flit(s, p->cur, p->cur_k);
    return 1;
}

static void after_inject(sim *s, tport *p)
{
    pkt *k = &s->pk[p->cur];
    char err[128];
    if (p->cur_k == 0) {
        k->state = PK_FLIGHT;
        if (ids_put(s, (uint32_t)k->id, p->cur))
            return;
        k->mapped = 1;
        if (k->bad) {
            s->res->malformed_sent++;
            if (k->bad == BAD_BRCP)
                s->res->malformed_brcp++;
        } else {
            int j, bad = 0;
            s->res->injected++;
            s->in_flight++;    /* until every destination has its copy */
            k->hold++;         /* the scoreboard's, until it hands the item back */
            /* the deliveries it owes: per pair in injection order, worm
             * copies in any */
            if (k->nd)
                for (j = 0; j < k->nd && !bad; j++)
                    bad = wc_score_expect(s->sb, wc_score_key((unsigned)pk_dest(s, k, j), (unsigned)k->src, CH_WORM),
                                          0, p->cur, err, sizeof err);
            else
                bad = wc_score_expect(s->sb, wc_score_key((unsigned)k->dst, (unsigned)k->src, CH_UNICAST),
                                      s->uni_ordered, p->cur,
                                      err, sizeof err);
            if (bad)
                run_fail(s, err);
        }
    }
    p->credits--;
    if (++p->cur_k == k->len) {
        pk_unhold(s, p->cur);
        p->cur = -1;
    }
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

/* ---- options ------------------------------------------------------------- */
double wc_sim_rate_max(const wc_topo *t, int packet)
{
    /* a node injects on its nlocal channels, one flit each per cycle, and
     * its source creates at most one packet per cycle */
    return t->nlocal < packet ? (double)t->nlocal : (double)packet;
}

int wc_sim_check(const wc_topo *t, const wc_sim_opts *o, char *err, int errlen)
{
    int b = ilog2_exact(t->nnodes);
    double top;
    if (o->engine == WC_ENGINE_LOCKSTEP_C)
        return wc_err(err, errlen, "engine lockstep-c is for wormcast msg; sim compares the C model with the RTL "
                      "(engine lockstep)");
    if (o->engine < WC_ENGINE_C || o->engine > WC_ENGINE_LOCKSTEP_SC)
        return wc_err(err, errlen, "unknown engine %d", o->engine);
    if (o->rtl_nodes && !wc_engine_kind_sc(o->engine))
        return wc_err(err, errlen, "--rtl-nodes chooses the RTL routers of the SystemC network (engine sc or "
                      "lockstep-sc); engine %s has none", wc_engine_kind_name(o->engine));
    if (o->rtl_flat && wc_engine_kind_sc(o->engine))
        return wc_err(err, errlen, "--rtl-flat chooses the form of the RTL engine; engine %s has routers as "
                      "SystemC modules", wc_engine_kind_name(o->engine));
    if (wc_engine_check_mutate(o->engine, o->mutate, WC_ROUTER_MUTATIONS, "router", err, errlen))
        return -1;
    if (wc_engine_check_stages(o->engine, t, err, errlen))
        return -1;
    if (wc_engine_check_mutate_rtl(o->engine, o->mutate_rtl, 0, err, errlen))
        return -1;
    /* 3 and 4 break the handling of multidestination worms: without them
     * in the traffic the run would pass, proving nothing */
    if (o->mutate == 5 && t->stages != 2)
        return wc_err(err, errlen, "--mutate 5 breaks the traversal stage of the two-stage hop, and this run has "
                      "one-cycle hops: add --router-stages 2");
    if (o->mutate == 7)
        return wc_err(err, errlen, "--mutate 7 routes illegal turns, which a network of conformant routers never "
                      "makes: the router's unit benches catch it (make test-unit)");
    if (o->mutate >= 3 && o->mutate <= 4 && !(o->mcast_scheme == WC_MC_WORM && (o->multicast > 0 || o->once)) && !(o->malformed > 0))
        return wc_err(err, errlen, "--mutate %d breaks multidestination worms, and this run sends none: add "
                      "--multicast F --mcast-scheme worm (or --mcast-once with it)", o->mutate);
    if (o->rtl_flat && o->engine == WC_ENGINE_C)
        return wc_err(err, errlen, "--rtl-flat chooses the form of the RTL; engine c has none");
    if (t->nnodes > 4096)
        return wc_err(err, errlen, "too many nodes (%d)", t->nnodes);
    if (o->packet < 1)
        return wc_err(err, errlen, "--packet must be >= 1 (got %d)", o->packet);
    top = wc_sim_rate_max(t, o->packet);
    if (!(o->rate >= 0 && o->rate <= top))
        return wc_err(err, errlen, "--rate %g out of range 0..%g flits per node per cycle: a node of %s injects "
                      "on %d channel%s, one flit per cycle each%s", o->rate, top, t->name, t->nlocal,
                      t->nlocal == 1 ? "" : "s",
                      top < t->nlocal ? ", and creates at most one packet per cycle" : "");
    if (o->rate == 0 && !o->once)
        return wc_err(err, errlen, "--rate 0 offers no traffic: nothing would be measured");
    if (o->warmup < 0 || o->cycles < 1)
        return wc_err(err, errlen, "--cycles must be >= 1 and --warmup >= 0");
    if (o->watchdog < 1)
        return wc_err(err, errlen, "--watchdog must be >= 1");
    if ((o->traffic == WC_TR_TRANSPOSE || o->traffic == WC_TR_BITCOMP || o->traffic == WC_TR_BITREV ||
         o->traffic == WC_TR_SHUFFLE) && b < 1)
        return wc_err(err, errlen, "traffic %s needs a power-of-two node count (%s has %d nodes)",
                      traffic_names[o->traffic], t->name, t->nnodes);
    if (o->traffic == WC_TR_TRANSPOSE && (b & 1))
        return wc_err(err, errlen, "traffic transpose needs an even number of address bits (%s has %d nodes)",
                      t->name, t->nnodes);
    if (o->traffic == WC_TR_HOTSPOT && (o->hotspot_node < 0 || o->hotspot_node >= t->nnodes))
        return wc_err(err, errlen, "hotspot node %d not in 0..%d", o->hotspot_node, t->nnodes - 1);
    if (!(o->malformed >= 0 && o->malformed <= 1) || !(o->multicast >= 0 && o->multicast <= 1))
        return wc_err(err, errlen, "--malformed and --multicast are fractions in 0..1");
    if (o->once && (o->multicast > 0 || o->malformed > 0))
        return wc_err(err, errlen, "one multicast on an idle network (--mcast-once) takes no --multicast or "
                      "--malformed traffic");
    if (o->mcast_scheme != WC_MC_UNICAST && o->multicast == 0 && !o->once)
        return wc_err(err, errlen, "--mcast-scheme applies to multicast traffic: give --multicast or --mcast-once");
    if ((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_WORM && o->packet < 2)
        return wc_err(err, errlen, "--mcast-scheme worm needs --packet >= 2 (the first payload flit carries the "
                      "worm's id)");
    if ((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_TREE) {
        const int a = o->tree_algo;
        if (a < 0 || a >= WC_TA_COUNT)
            return wc_err(err, errlen, "unknown tree algorithm %d", a);
        if (a == WC_TA_MCHAIN && t->kind != WC_TOPO_MESH)
            return wc_err(err, errlen, "--tree-algo mchain is the notes' chain multicast on meshes (XY order): it needs "
                          "mesh:XxY, not %s", t->name);
        if (a >= WC_TA_UCUBE && a <= WC_TA_WSORT && t->kind != WC_TOPO_CUBE)
            return wc_err(err, errlen, "--tree-algo %s is a hypercube algorithm (Robinson et al.): it needs cube:N or "
                          "cube:N:all, not %s", tree_algo_names[a], t->name);
        if ((a == WC_TA_CCO || a == WC_TA_SPCCO || a == WC_TA_RAM) && (t->kind != WC_TOPO_SWITCHED || !t->parent))
            return wc_err(err, errlen, "--tree-algo %s works on the up*/down* spanning tree of a switched network: it "
                          "needs irregular:S,P,H,SEED or file:PATH, not %s", tree_algo_names[a], t->name);
        if (o->tree_param < 0 || (o->tree_param && a != WC_TA_KBINOMIAL && a != WC_TA_POSTAL && a != WC_TA_RAM) ||
            (a == WC_TA_RAM && o->tree_param > 4))
            return wc_err(err, errlen, "--tree-algo %s takes no parameter (got %d)", tree_algo_names[a], o->tree_param);
    }
    if (o->mcast_scatter && !((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_TREE))
        return wc_err(err, errlen, "--mcast-scatter combines along a tree: it needs --mcast-scheme tree");
    if (o->mcast_startup < 0 || o->mcast_forward < 0)
        return wc_err(err, errlen, "--mcast-startup and --mcast-forward are cycles >= 0");
    if (o->multicast > 0 && (o->mcast_dests < 1 || o->mcast_dests > t->nnodes - 1))
        return wc_err(err, errlen, "--mcast-dests %d out of range 1..%d for %s", o->mcast_dests, t->nnodes - 1,
                      t->name);
    if (o->once) {
        int i;
        const int nm = o->once_nm > 1 ? o->once_nm : 1;
        int k;
        if (!o->once_bcast && (o->once_n < 1 || o->once_n > t->nnodes - 1))
            return wc_err(err, errlen, "--mcast-once %d out of range 1..%d for %s", o->once_n, t->nnodes - 1,
                          t->name);
        if (o->once_long < 0 || o->once_long > nm || (o->once_long > 0 && o->once_long_len < 1))
            return wc_err(err, errlen, "%d long multicasts of %d flits in a batch of %d", o->once_long,
                          o->once_long_len, nm);
        if (nm > 1 && !o->once_srcs)
            return wc_err(err, errlen, "a batch of %d multicasts without their sources", nm);
        for (k = 0; k < nm; k++) {
            const int sk = nm > 1 ? o->once_srcs[k] : o->once_src;
            const int *dk = o->once_dst + (size_t)k * (size_t)(o->once_bcast ? 0 : o->once_n);
            if (sk < 0 || sk >= t->nnodes)
                return wc_err(err, errlen, "multicast source %d not in 0..%d", sk, t->nnodes - 1);
            for (i = 0; !o->once_bcast && i < o->once_n; i++)
                if (dk[i] < 0 || dk[i] >= t->nnodes || dk[i] == sk)
                    return wc_err(err, errlen, "multicast destination %d is not a node of %s other than the "
                                  "source", dk[i], t->name);
        }
    }
    return 0;
}

/* ---- waveform ------------------------------------------------------------ */
/* One cycle's signals of every router port: the instance shown (the last:
 * the RTL in lockstep), the expected values of the first beside it in
 * lockstep, and what the terminals drive. */
typedef struct {
    wc_wave *w;
    uint8_t *v, *c, *ev, *ec, *iv, *ic, *av, *eav;
    uint64_t *f, *ef, *ifl, *af, *eaf;
} waverec;

static void wave_free(waverec *wr)
{
    if (wr->w)
        wc_wave_close(wr->w, stderr);
    free(wr->v); free(wr->c); free(wr->ev); free(wr->ec); free(wr->iv); free(wr->ic); free(wr->av);
    free(wr->eav); free(wr->f); free(wr->ef); free(wr->ifl); free(wr->af); free(wr->eaf);
    memset(wr, 0, sizeof *wr);
}

static int wave_open(const sim *s, waverec *wr, char *err, int errlen)
{
    const wc_sim_opts *o = s->o;
    size_t np = (size_t)s->R * (size_t)s->P;
    memset(wr, 0, sizeof *wr);
    if (!(wr->v = calloc(np, 1)) || !(wr->c = calloc(np, 1)) || !(wr->ev = calloc(np, 1)) ||
        !(wr->ec = calloc(np, 1)) || !(wr->iv = calloc(np, 1)) || !(wr->ic = calloc(np, 1)) ||
        !(wr->av = calloc(np, 1)) || !(wr->eav = calloc(np, 1)) || !(wr->f = calloc(np, sizeof *wr->f)) ||
        !(wr->ef = calloc(np, sizeof *wr->ef)) || !(wr->ifl = calloc(np, sizeof *wr->ifl)) ||
        !(wr->af = calloc(np, sizeof *wr->af)) || !(wr->eaf = calloc(np, sizeof *wr->eaf))) {
        wave_free(wr);
        return wc_err(err, errlen, "out of memory for the waveform of %zu router ports", np);
    }
    if (!(wr->w = wc_wave_open(o->wave_path, s->t, o->width, o->wave_routers, o->wave_nrouters, s->ne == 2))) {
        wave_free(wr);
        return wc_err(err, errlen, "cannot write waveform %s.vcd", o->wave_path);
    }
    return 0;
}

static void wave_cycle(const sim *s, waverec *wr, long cyc)
{
    const wc_engine *A = s->E[s->ne - 1], *X = s->E[0];
    int q, vv, cc, av;
    uint64_t ff;
    for (q = 0; q < s->R * s->P; q++) {
        wc_engine_net_port(A, q / s->P, q % s->P, &vv, &ff, &cc);
        wr->v[q] = (uint8_t)vv; wr->f[q] = ff; wr->c[q] = (uint8_t)cc;
        wr->af[q] = wc_engine_net_abs(A, q / s->P, q % s->P, &av);
        wr->av[q] = (uint8_t)av;
        if (s->ne == 2) {
            wc_engine_net_port(X, q / s->P, q % s->P, &vv, &ff, &cc);
            wr->ev[q] = (uint8_t)vv; wr->ef[q] = ff; wr->ec[q] = (uint8_t)cc;
            wr->eaf[q] = wc_engine_net_abs(X, q / s->P, q % s->P, &av);
            wr->eav[q] = (uint8_t)av;
        }
    }
    wc_wave_cycle(wr->w, cyc, wr->v, wr->f, wr->c, wr->ev, wr->ef, wr->ec, wr->iv, wr->ifl, wr->ic, wr->av, wr->af,
                  wr->eav, wr->eaf);
}

/* ---- set-up ----------------------------------------------------------------- */
/* The instances of the engine: the C model (with --mutate: broken, to
 * prove lockstep catches it) leads, the RTL or the SystemC network
 * follows. */
static int open_engines(sim *s, char *err, int errlen)
{
    const wc_sim_opts *o = s->o;
    wc_engine_cfg ec;
    unsigned char *rtl = NULL;
    char name[160];
    int n, k = 0, rc = -1;
    memset(&ec, 0, sizeof ec);
    ec.t = s->t;
    ec.width = o->width;
    ec.buffer = o->buffer;
    ec.net_mutate = o->mutate;
    ec.rtl_mutate = o->mutate_rtl;
    ec.rtl_flat = o->rtl_flat;
    ec.rtl_trace = o->rtl_flat && o->wave_path != NULL;
    if (o->engine != WC_ENGINE_RTL && o->engine != WC_ENGINE_SC &&
        !(s->E[s->ne++] = wc_engine_open(WC_IMPL_C, &ec, "C model", err, errlen)))
        return -1;
    if ((o->engine == WC_ENGINE_RTL || o->engine == WC_ENGINE_LOCKSTEP) &&
        !(s->E[s->ne++] = wc_engine_open(WC_IMPL_RTL, &ec, "RTL", err, errlen)))
        return -1;
    if (!wc_engine_kind_sc(o->engine))
        return 0;
    /* a node's router is what --rtl-nodes picks: routers without nodes
     * (indirect networks) stay C models */
    if (!(rtl = wc_alloc((size_t)s->t->nnodes, 1, "the RTL node list", err, errlen)) ||
        wc_engine_parse_nodes(o->rtl_nodes ? o->rtl_nodes : "none", s->t->nnodes, rtl, err, errlen))
        goto out;
    ec.sc_rtl = rtl;
    n = snprintf(name, sizeof name, "SystemC");
    for (k = 0; k < s->t->nnodes; k++)
        if (rtl[k] && n < (int)sizeof name)
            n += snprintf(name + n, sizeof name - (size_t)n, "%s%d", n > 7 ? "," : ", RTL routers ", k);
    if (n == 7)
        snprintf(name + n, sizeof name - (size_t)n, ", all C");
    ec.net_mutate = 0;  /* the mutation breaks the C model only */
    if (!(s->E[s->ne++] = wc_engine_open(WC_IMPL_SC, &ec, name, err, errlen)))
        goto out;
    rc = 0;
out:
    free(rtl);
    return rc;
}

static int setup(sim *s, char *err, int errlen)
{
    const wc_topo *t = s->t;
    const wc_sim_opts *o = s->o;
    int i, n;
    if (!(s->sb = wc_score_create(err, errlen)))
        return -1;
    s->uni_ordered = !(wc_routing_by_id(t->routing) && wc_routing_by_id(t->routing)->adaptive);
    /* records go back to their pools once delivered, checked and past
     * the scoreboard's memory of them */
    wc_score_recycle(s->sb, WC_SCORE_KEEP, pk_released, s);
    s->pkfree = s->mcfree = -1;
    wc_rng_seed(&s->rng, o->seed);
    if (!(s->scratch = wc_alloc((size_t)s->N, sizeof *s->scratch, "node lists", err, errlen)) ||
        !(s->wedges = wc_alloc((size_t)s->N, sizeof *s->wedges, "multicast trees", err, errlen)) ||
        !(s->ab = wc_alloc((size_t)s->R * (size_t)s->P, sizeof *s->ab, "absorption receivers", err, errlen)))
        return -1;
    if ((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_WORM) {
        if (wc_brcp_from_topo(t, &s->bt, err, errlen))
            return -1;
        s->have_bt = 1;
        s->irc_scheme = t->kind == WC_TOPO_CUBE ? WC_IRC_CHAIN : t->kind == WC_TOPO_MESH ? WC_IRC_MESH_MCAST
                                                                                        : WC_IRC_UPDOWN;
        if (!(s->wstore = wc_alloc((size_t)s->N, sizeof *s->wstore, "multicast worms", err, errlen)) ||
            !(s->wints = wc_alloc((size_t)WC_IRC_WORK(s->N), sizeof *s->wints, "multicast worms", err, errlen)))
            return -1;
    }
    if ((o->multicast > 0 || o->once) && o->mcast_scheme == WC_MC_TREE) {
        /* the largest of the library's work: hypercube step model, chain, postal tree */
        s->ntwork = WC_STEPS_WORK(s->N + 1);
        if (!(s->twork = wc_alloc((size_t)s->ntwork, sizeof *s->twork, "multicast trees", err, errlen)) ||
            !(s->tchain = wc_alloc((size_t)s->N + 1, sizeof *s->tchain, "multicast trees", err, errlen)) ||
            !(s->tpar = wc_alloc((size_t)s->N, sizeof *s->tpar, "multicast trees", err, errlen)) ||
            !(s->tsize = wc_alloc((size_t)s->N, sizeof *s->tsize, "multicast trees", err, errlen)))
            return -1;
        for (n = 0; n < s->N; n++)
            s->tpar[n] = -1;
    }
    if (!(s->next_create = wc_alloc((size_t)s->N, sizeof *s->next_create, "the traffic sources", err, errlen)))
        return -1;
    if (!(s->sh = wc_alloc((size_t)s->N, sizeof *s->sh, "the traffic sources", err, errlen)) ||
        !(s->due = wc_alloc((size_t)s->N, sizeof *s->due, "the traffic sources", err, errlen)))
        return -1;
    for (n = 0; n < s->N; n++) {
        s->next_create[n] = next_gap(s, o->rate / o->packet) - 1;
        src_push(s, s->next_create[n], n);
    }
    if (!(s->tp_of = wc_alloc((size_t)s->R * (size_t)s->P, sizeof *s->tp_of, "the terminal table", err, errlen)) ||
        !(s->tp = wc_alloc((size_t)s->N * (size_t)t->nlocal, sizeof *s->tp, "terminals", err, errlen)))
        return -1;
    if (!(s->txa = wc_alloc(((size_t)s->N * (size_t)t->nlocal + 63u) / 64u * 2u, sizeof *s->txa, "terminals", err,
                            errlen)) ||
        !(s->term = wc_alloc((size_t)s->R, sizeof *s->term, "terminals", err, errlen)))
        return -1;
    s->rxa = s->txa + ((size_t)s->N * (size_t)t->nlocal + 63u) / 64u;
    for (i = 0; i < s->R * s->P; i++)
        s->tp_of[i] = -1;
    for (n = 0; n < s->N; n++)
        for (i = 0; i < t->nlocal; i++) {
            tport *p = &s->tp[s->ntp];
            p->node = n; p->cur = -1; p->credits = o->buffer;
            p->idx = t->node_router[n] * s->P + t->node_port[n] + i;
            p->r = t->node_router[n];
            p->p = t->node_port[n] + i;
            s->term[p->r] |= 1ull << p->p;
            s->tp_of[p->idx] = s->ntp++;
        }
    return 0;
}

static void sim_free(sim *s)
{
    int i;
    wc_lat_free(&s->lat);
    wc_lat_free(&s->mlat);
    if (s->mc)
        for (i = 0; i < s->nmc; i++)
            free(s->mc[i].ms);
    free(s->mc); free(s->ms); free(s->wd); free(s->scratch); free(s->ring); free(s->ov);
    free(s->wedges); free(s->wstore); free(s->wints);
    free(s->twork); free(s->tchain); free(s->tpar); free(s->tsize); free(s->hp);
    if (s->ab) {
        for (i = 0; i < s->R * s->P; i++)
            free(s->ab[i].rb);
        free(s->ab);
    }
    if (s->have_bt)
        wc_brcp_topo_free(&s->bt);
    if (s->tp)
        for (i = 0; i < s->ntp; i++) {
            free(s->tp[i].q);
            free(s->tp[i].rb);
        }
    free(s->tp); free(s->tp_of); free(s->pk); free(s->next_create);
    free(s->sh); free(s->due); free(s->txa); free(s->term);
    wc_score_free(s->sb);
    for (i = 0; i < s->ne; i++)
        wc_engine_close(s->E[i]);
}

/* ---- the run ------------------------------------------------------------------ */
/* the first set bit of a[] at or after bit i (a[] as it is now), or n */
static int next_bit(const uint64_t *a, int n, int i)
{
    int w = i >> 6;
    uint64_t m;
    if (i >= n)
        return n;
    m = a[w] & (~0ull << (i & 63));
    while (!m) {
        if (++w > (n - 1) >> 6)
            return n;
        m = a[w];
    }
    i = w * 64 + __builtin_ctzll(m);
    return i < n ? i : n;
}

/* Terminal port p's inputs to the network this cycle: its flit, the
 * credit for last cycle's ejected flit.  1 if a flit went. */
static int drive(sim *s, tport *p, int starting, waverec *wr)
{
    uint64_t f = 0;
    int k, v = (p->qn || p->cur >= 0) ? inject(s, p, starting, &f) : 0;
    if (v || p->rx_credit || p->drove) {
        for (k = 0; k < s->ne; k++)
            wc_engine_net_set(s->E[k], p->idx, v, f, p->rx_credit);
        p->drove = v || p->rx_credit;
    }
    if (wr->w) { wr->iv[p->idx] = (uint8_t)v; wr->ifl[p->idx] = f; wr->ic[p->idx] = (uint8_t)p->rx_credit; }
    p->rx_credit = 0;
    if (v)
        after_inject(s, p);
    return v;
}

/* What the first instance drove at terminal port p this cycle, a port it
 * says may carry something: 1 if a flit. */
static int take_active(sim *s, tport *p, long cyc, int measuring)
{
    int v, c;
    uint64_t f;
    wc_engine_net_port(s->E[0], p->r, p->p, &v, &f, &c);
    p->credits += c;
    if (v)
        receive(s, p, f, cyc, measuring);
    return v;
}

/* What the first instance drove at terminal port p this cycle: 1 if a flit. */
static int take(sim *s, tport *p, long cyc, int measuring)
{
    if (!((wc_engine_net_active(s->E[0], p->r) >> p->p) & 1))
        return 0;
    return take_active(s, p, cyc, measuring);
}

/* Router r's absorption channels (intermediate reception): 1 if a flit. */
static int absorb(sim *s, int r, long cyc, int measuring)
{
    uint64_t m = wc_engine_net_abs_mask(s->E[0], r);
    const int moved = m != 0;
    while (m) {
        int pp = __builtin_ctzll(m), v;
        uint64_t f;
        m &= m - 1;
        f = wc_engine_net_abs(s->E[0], r, pp, &v);
        absorb_flit(s, &s->ab[r * s->P + pp], f, cyc, measuring);
    }
    return moved;
}

/* The terminals drive their ports; the instances evaluate; the terminals
 * read the first instance's ejected flits, credits and absorption
 * channels.  1 if anything moved.  Ports and routers are taken in order,
 * the idle ones skipped (a waveform records every port; an instance that
 * cannot tell which routers it evaluated, the RTL, has all looked at). */
static int terminals(sim *s, long cyc, int starting, int measuring, waverec *wr)
{
    const uint64_t *busy, *babs;
    const int all = wr->w != NULL;
    int i, r, w, moved = 0;
    for (i = all ? 0 : next_bit(s->txa, s->ntp, 0); i < s->ntp; i = all ? i + 1 : next_bit(s->txa, s->ntp, i + 1)) {
        tport *p = &s->tp[i];
        moved |= drive(s, p, starting, wr);
        if (!(p->qn || p->cur >= 0 || p->drove || p->rx_credit))
            s->txa[i >> 6] &= ~(1ull << (i & 63));
    }
    for (i = 0; i < s->ne; i++)
        wc_engine_net_eval(s->E[i]);
    if (!(busy = wc_engine_net_busy_ext(s->E[0])) || !(babs = wc_engine_net_busy_abs(s->E[0]))) {
        for (i = 0; i < s->ntp; i++)
            moved |= take(s, &s->tp[i], cyc, measuring);
        for (r = 0; r < s->R; r++)
            moved |= absorb(s, r, cyc, measuring);
        return moved;
    }
    /* the terminal ports the routers drove, in port order */
    for (w = 0; w < (s->R + 63) / 64; w++)
        for (uint64_t m = busy[w]; m; m &= m - 1) {
            uint64_t pm;
            r = w * 64 + __builtin_ctzll(m);
            for (pm = wc_engine_net_active(s->E[0], r) & s->term[r]; pm; pm &= pm - 1) {
                i = s->tp_of[r * s->P + __builtin_ctzll(pm)];
                s->rxa[i >> 6] |= 1ull << (i & 63);
            }
        }
    for (w = 0; w < (s->ntp + 63) / 64; w++) {
        uint64_t m = s->rxa[w];
        s->rxa[w] = 0;
        for (; m; m &= m - 1)
            moved |= take_active(s, &s->tp[w * 64 + __builtin_ctzll(m)], cyc, measuring);
    }
    for (w = 0; w < (s->R + 63) / 64; w++)
        for (uint64_t m = babs[w]; m; m &= m - 1)
            moved |= absorb(s, w * 64 + __builtin_ctzll(m), cyc, measuring);
    return moved;
}

/* cycle, what was delivered and queued, resident memory (a soak reads
 * these lines to see memory stay flat) */
static void progress_line(const sim *s, long cyc, const char *phase, double cps)
{
    char mem[96];
    wc_mem_note(mem, sizeof mem);
    fprintf(stderr, "  cycle %ld (%s) delivered %ld packets, %ld queued, %s, %.0f cycles/s\n", cyc, phase,
            s->res->delivered, s->queued, mem, cps);
}

/* Why a finished run measured nothing ("" when it measured something). */
static void unmeasured(const sim *s)
{
    const wc_sim_opts *o = s->o;
    wc_sim_result *r = s->res;
    if (r->delivered_measured || s->mlat.n)
        return;
    /* a run that an RTL assertion ended early has its own report */
    if (r->rtl_assert[0])
        return;
    if (!r->measured && !r->mcast_measured)
        snprintf(r->unmeasured, sizeof r->unmeasured, "no packet was created in the %ld measured cycles (%d nodes "
                 "at %g flits per cycle in %d-flit packets: %.2g packets expected); raise --cycles or --rate, or "
                 "lower --packet", o->cycles, s->N, o->rate, o->packet,
                 (double)s->N * (double)o->cycles * o->rate / o->packet);
    else
        snprintf(r->unmeasured, sizeof r->unmeasured, "none of the %ld packets and %ld multicasts created in the "
                 "measured cycles arrived (%s)", r->measured, r->mcast_measured,
                 r->mismatch_cycle >= 0 ? "the run stopped at a lockstep mismatch"
                 : r->deadlock ? "deadlock" : r->saturated ? "they did not drain within --drain-max"
                 : "the run stopped early");
}

int wc_sim_run(const wc_topo *t, const wc_sim_opts *o, wc_sim_result *res, char *err, int errlen)
{
    sim S, *s = &S;
    long cyc, last_progress = 0, end_measure = o->warmup + o->cycles, drain_max, flush_start = -1;
    long sat_q[WC_SIM_SAT_WINDOWS + 1];
    int sat_n = 0;
    int i, rc = -1;
    double t0, tlast;
    waverec wr;
    wc_mismatch mm;
    wc_score_counts sc;

    memset(s, 0, sizeof *s);
    memset(res, 0, sizeof *res);
    memset(&wr, 0, sizeof wr);
    res->mismatch_cycle = -1;
    res->mismatch_router = -1;
    res->saturated_at = -1;
    wc_mismatch_clear(&mm);
    s->t = t; s->o = o; s->res = res;
    s->N = t->nnodes; s->R = t->nrouters; s->P = t->nports; s->W = o->width;

    if (wc_sim_check(t, o, err, errlen))
        return -1;
    if (open_engines(s, err, errlen) || setup(s, err, errlen) || (o->wave_path && wave_open(s, &wr, err, errlen)))
        goto out;
    drain_max = o->drain_max >= 0 ? o->drain_max : 10 * o->cycles + 100000;

    t0 = tlast = now_s();
    for (cyc = 0;; cyc++) {
        const int measuring = cyc >= o->warmup && cyc < end_measure;
        int creating, starting, moved;
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
        if (o->rtl_flat && o->wave_path && cyc == (o->trace_from < 0 ? 0 : o->trace_from)) {
            /* the flat build can also dump every internal signal */
            char internal[1100];
            snprintf(internal, sizeof internal, "%s.internal.fst", o->wave_path);
            wc_engine_net_trace(s->E[s->ne - 1], internal);
        }
        wc_score_clock(s->sb, cyc);
        hp_release(s, cyc);
        create(s, cyc, creating);
        moved = terminals(s, cyc, starting, measuring, &wr);
        if (s->oom[0])
            break;
        if (s->ne == 2 && wc_lockstep_compare(s->E[0], s->E[1], cyc, &mm)) {
            res->mismatch_cycle = mm.cycle;
            res->mismatch_router = mm.router;
            snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
        }
        if (wr.w && cyc >= o->trace_from)
            wave_cycle(s, &wr, cyc);
        for (i = 0; i < s->ne; i++)
            wc_engine_tick(s->E[i]);
        for (i = 0; i < s->ne && !res->rtl_assert[0]; i++)
            if (wc_lockstep_rtl_assert(s->E[i], cyc, &mm)) {
                snprintf(res->rtl_assert, sizeof res->rtl_assert, "%s", mm.text);
                if (s->ne == 2 && res->mismatch_cycle < 0) {
                    res->mismatch_cycle = mm.cycle;
                    res->mismatch_router = mm.router;
                    snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
                }
            }
        if (res->mismatch_cycle >= 0 || res->rtl_assert[0])
            break;
        /* saturation: the offered load is not being accepted.  The
         * backlog at its cap, or (while the measured packets drain and
         * traffic goes on) growing in every one of the last windows by
         * more than a packet per node in all: it grows without bound,
         * as BookSim gives up on an unstable point.  Only the drain is
         * watched for growth, so a run's measurement is always whole;
         * the cap bounds the memory of any run. */
        if (!o->once && !res->saturated_why[0]) {
            if (s->queued >= o->queue_cap * (long)s->N)
                snprintf(res->saturated_why, sizeof res->saturated_why,
                         "the sources' backlog reached its cap of %ld packets per node", o->queue_cap);
            else if (flush_start < 0 && cyc >= end_measure && (cyc - end_measure) % WC_SIM_SAT_WINDOW == 0) {
                int k, grew = 1;
                if (sat_n == WC_SIM_SAT_WINDOWS + 1) {
                    memmove(sat_q, sat_q + 1, sizeof sat_q[0] * WC_SIM_SAT_WINDOWS);
                    sat_n--;
                }
                sat_q[sat_n++] = s->queued;
                for (k = 1; k < sat_n; k++)
                    grew &= sat_q[k] > sat_q[k - 1];
                if (sat_n == WC_SIM_SAT_WINDOWS + 1 && grew && sat_q[sat_n - 1] - sat_q[0] > s->N)
                    snprintf(res->saturated_why, sizeof res->saturated_why,
                             "the sources' backlog grew from %ld to %ld packets over the last %d cycles of the drain",
                             sat_q[0], sat_q[sat_n - 1], WC_SIM_SAT_WINDOW * WC_SIM_SAT_WINDOWS);
            }
            if (res->saturated_why[0]) {
                res->saturated = 1;
                if (!o->run_on) {
                    res->saturated_at = cyc;
                    cyc++;
                    break;
                }
            }
        }
        if (moved || s->in_flight == 0)
            last_progress = cyc;
        if (cyc - last_progress > o->watchdog) {
            const wc_net *cn = wc_engine_c_net(s->E[0]);
            res->deadlock = 1;
            fprintf(stderr, "wormcast: no flit moved for %ld cycles with %ld packets in flight: deadlock at cycle %ld\n",
                    o->watchdog, s->in_flight, cyc);
            if (cn)
                report_blocked(s, cn);
            break;
        }
        if (o->progress && (o->progress_every > 0 ? cyc > 0 && cyc % o->progress_every == 0 : (cyc & 4095) == 0)) {
            double tn = now_s();
            if (o->progress_every > 0 || tn - tlast > 2.0) {
                progress_line(s, cyc, cyc < o->warmup ? "warmup" : measuring ? "measure"
                                      : flush_start < 0 ? "drain" : "flush", cyc / (tn - t0));
                tlast = tn;
            }
        }
    }
    if (o->progress && o->progress_every > 0)
        progress_line(s, cyc, "end", cyc / (now_s() - t0));
    if (s->oom[0]) {
        wc_err(err, errlen, "%s", s->oom);
        goto out;
    }
    res->cycles_run = cyc;
    res->seconds = now_s() - t0;
    res->cps = res->seconds > 0 ? cyc / res->seconds : 0;
    /* a run that stopped early left its packets in flight, not lost */
    res->lost = res->mismatch_cycle < 0 && !res->rtl_assert[0] && !res->deadlock && o->stop_at < 0 &&
                res->saturated_at < 0 ? s->in_flight : 0;
    res->backlog = s->queued;
    wc_score_get(s->sb, &sc);
    res->duplicated += sc.duplicated;
    res->out_of_order += sc.out_of_order;
    res->overtook = s->uni_overtook;
    res->corrupt += sc.corrupt;
    for (i = 0; i < s->ntp; i++)
        res->not_injected += s->tp[i].qn;
    res->not_injected += s->nhp;
    for (i = 0; i < s->R; i++)
        res->drops += wc_engine_net_drops_total(s->E[0], i);
    /* offered: flits of every well-formed packet and worm created in the
     * window (multicast sends included); accepted: every flit delivered in
     * it, each absorbed copy counted, so multicast traffic can accept more
     * than it offers */
    {
        /* a run that saturated inside its window measured part of it */
        double win = (double)o->cycles;
        if (res->saturated_at >= 0 && res->saturated_at < end_measure)
            win = res->saturated_at + 1 > o->warmup ? (double)(res->saturated_at + 1 - o->warmup) : 1;
        res->offered = (double)s->offered_flits / ((double)s->N * win);
        res->accepted /= (double)s->N * win;
    }
    wc_lat_summary(&s->lat, &res->lat_avg, &res->lat_p99, &res->lat_max);
    wc_lat_summary(&s->mlat, &res->mlat_avg, &res->mlat_p99, &res->mlat_max);
    res->mcast_measured_done = s->mlat.n;
    res->mdlat_avg = s->mdn ? s->mdsum / (double)s->mdn : 0;
    unmeasured(s);
    rc = 0;
out:
    wave_free(&wr);
    sim_free(s);
    return rc;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* What the hosts of wormcast msg post: the multicast groups, drawn before
 * any traffic so the seed alone fixes them, and the messages (random
 * traffic, or one --once operation), each with its contents in the
 * sender's memory and its receivers' expectations on the scoreboard. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "wc_msg_int.h"
#include "wc_kbin.h"
#include "wc_postal.h"
#include "wc_nic_group.h"

static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}

/* bytes 4j..4j+3 of message seq, little-endian */
uint32_t msg_word(long seq, uint32_t j)
{
    return hash32((uint32_t)seq * 0x9e3779b1u + hash32(j + 0x51ed27u));
}

void msg_unhold(msim *s, long slot)
{
    msgrec *m = &s->m[slot];
    if (--m->hold)
        return;
    m->nextf = (int)s->mfree;
    s->mfree = slot;
}

void msg_released(void *ctx, long slot)
{
    msim *s = ctx;
    s->m[slot].scored = 0;
    msg_unhold(s, slot);
}

static unsigned rnd(msim *s, unsigned n) { return wc_rng_below(&s->rng, n); }

/* ---- groups ------------------------------------------------------------------ */
static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void group_free(group *g)
{
    if (!g)
        return;
    free(g->mem); free(g->par); free(g->from); free(g->to);
    free(g);
}

/* Group gid over root and dests (n of them): the binomial tree over the
 * chain [root, dests ascending], as the simulator's tree scheme builds it,
 * the k-binomial tree with the --tree k (no larger k than the binomial's:
 * beyond it the tree stays the same; without one the optimal k of Kesavan
 * and Panda's Theorem 3 for the largest message's packets), or the postal
 * tree of Yu et al. Section 5.5 with a latency of --tree postal:LAT send
 * times.
 * Over an ascending chain every child lies right of its parent, which is
 * the NIC's id rule; both that and the child limit are checked here
 * rather than trusted. */
static group *group_make(msim *s, int gid, int root, const int *dests, int n, char *err, int errlen)
{
    group *g = wc_alloc(1, sizeof *g, "a group", err, errlen);
    wc_tree tr;
    int i, k, bad = -1, *parent = s->scratch;
    if (!g)
        return NULL;
    g->gid = gid;
    g->root = root;
    g->n = n + 1;
    tr.edges = NULL;
    if (!(g->mem = wc_alloc((size_t)g->n, sizeof *g->mem, "a group", err, errlen)) ||
        !(g->par = wc_alloc((size_t)g->n, sizeof *g->par, "a group", err, errlen)) ||
        !(g->from = wc_alloc((size_t)g->n, sizeof *g->from, "a group", err, errlen)) ||
        !(g->to = wc_alloc((size_t)g->n, sizeof *g->to, "a group", err, errlen)) ||
        !(tr.edges = wc_alloc((size_t)g->n, sizeof *tr.edges, "a group tree", err, errlen))) {
        group_free(g);
        return NULL;
    }
    g->mem[0] = root;
    memcpy(g->mem + 1, dests, (size_t)n * sizeof *dests);
    qsort(g->mem + 1, (size_t)n, sizeof *g->mem, cmp_int);
    k = wc_kbin_log2ceil(g->n);
    if (s->o->kbin > 0 && s->o->kbin < k)
        k = s->o->kbin;
    else if (s->o->kbin < 0)
        k = wc_kbin_kopt(g->n, (s->o->size_max + WC_NIC_PAYLOAD - 1) / WC_NIC_PAYLOAD);
    tr.src = root;
    tr.nedges = 0;
    tr.cap = g->n;
    if (s->o->postal_lat > 0) {
        int *work = wc_alloc((size_t)g->n, sizeof *work, "a postal tree", err, errlen), rc;
        if (!work) {
            free(tr.edges);
            group_free(g);
            return NULL;
        }
        rc = wc_postal_tree(g->mem, g->n, 1, s->o->postal_lat, &tr, work);
        free(work);
        if (rc < 0 || tr.nedges != n)
            msg_internal("postal tree construction failed", gid, root);
    } else if (wc_kbin_tree(g->mem, g->n, k < 1 ? 1 : k, &tr) < 0 || tr.nedges != n)
        msg_internal("k-binomial tree construction failed", gid, root);
    for (i = 0; i < s->N; i++)
        parent[i] = -1;
    for (i = 0; i < tr.nedges; i++) {
        g->from[i] = tr.edges[i].from;
        g->to[i] = tr.edges[i].to;
        parent[tr.edges[i].to] = tr.edges[i].from;
    }
    g->ne = tr.nedges;
    free(tr.edges);
    for (i = 0; i < g->n; i++) {
        int c = 0, e;
        g->par[i] = i ? parent[g->mem[i]] : -1;
        if (i && g->par[i] < 0)
            msg_internal("a destination is not in the tree", gid, g->mem[i]);
        for (e = 0; e < g->ne; e++)
            c += g->from[e] == g->mem[i];
        if (c > WC_NIC_MAX_CHILDREN)
            msg_internal("more children than WC_NIC_MAX_CHILDREN", gid, g->mem[i]);
    }
    if (wc_nic_tree_check(parent, (unsigned)s->N, (unsigned)root, &bad))
        msg_internal("the tree breaks the id rule (a child id not above its parent's below the root)", gid, bad);
    return g;
}

/* children of node x in g, in send order */
int msg_group_children(const group *g, int x, uint16_t *ch)
{
    int e, c = 0;
    for (e = 0; e < g->ne; e++)
        if (g->from[e] == x)
            ch[c++] = (uint16_t)g->to[e];
    return c;
}

/* every node but self into s->scratch; returns how many */
static int others(msim *s, int self)
{
    int i, m = 0;
    for (i = 0; i < s->N; i++)
        if (i != self)
            s->scratch[m++] = i;
    return m;
}

/* k distinct random nodes of the m candidates in s->scratch into out */
static void draw_dests(msim *s, int m, int k, int *out)
{
    int i;
    for (i = 0; i < k; i++) {
        int j = i + (int)rnd(s, (unsigned)(m - i)), t = s->scratch[i];
        s->scratch[i] = s->scratch[j];
        s->scratch[j] = t;
        out[i] = s->scratch[i];
    }
}

/* The fixed --group, or gpn random groups rooted at every node (2 to
 * WC_NIC_MAX_CHILDREN destinations each). */
int msg_groups_make(msim *s, int gpn, char *err, int errlen)
{
    const wc_msg_opts *o = s->o;
    int n, i;
    if (!(o->mix & WC_MSG_MULTICAST))
        return 0;
    if (o->fixed_root >= 0) {
        if (!(s->g[1] = group_make(s, 1, o->fixed_root, o->fixed_dst, o->fixed_n, err, errlen)))
            return -1;
        s->h[o->fixed_root].groots[s->h[o->fixed_root].ngroots++] = 1;
        return 0;
    }
    for (n = 0; n < s->N; n++)
        for (i = 0; i < gpn; i++) {
            int lim = WC_NIC_MAX_CHILDREN - 1 < s->N - 1 ? WC_NIC_MAX_CHILDREN - 1 : s->N - 1;
            int gid = 1 + n * gpn + i, nd = 2 + (int)rnd(s, (unsigned)(lim - 1)), d[WC_NIC_MAX_CHILDREN];
            draw_dests(s, others(s, n), nd, d);
            if (!(s->g[gid] = group_make(s, gid, n, d, nd, err, errlen)))
                return -1;
            s->h[n].groots[s->h[n].ngroots++] = gid;
        }
    return 0;
}

void msg_groups_free(msim *s)
{
    int i;
    for (i = 0; i < WC_NIC_GROUPS; i++) {
        group_free(s->g[i]);
        s->g[i] = NULL;
    }
}

/* ---- messages ------------------------------------------------------------------ */
/* log-uniform in [min, max]: as many messages of 1-10 bytes as of 1-10 KiB */
static int draw_size(msim *s)
{
    double lo = log((double)s->o->size_min), hi = log((double)s->o->size_max + 1.0);
    double u = (double)(wc_rng_next(&s->rng) >> 11) * (1.0 / 9007199254740992.0);
    int x = (int)floor(exp(lo + u * (hi - lo)));
    return x < s->o->size_min ? s->o->size_min : x > s->o->size_max ? s->o->size_max : x;
}

int msg_can_post(const msim *s, const host *h)
{
    return h->kinds && h->nfree && h->inflight < s->o->outstanding && wc_nic_drv_sq_space(&h->drv) > 0;
}

int msg_posting_open(const msim *s)
{
    return s->res->posted < s->o->messages || s->cyc < s->o->min_cycles;
}

/* Host-based forwarding holds a receive buffer until the forward's send
 * completes, and a forward queues in the one send ring behind the host's
 * own sends.  So in host mode the host never posts a send of its own that
 * would wait in the ring for a stream (a peer or group it is already
 * sending to), and keeps fewer of its own in flight than the NIC has send
 * jobs: then a forward never waits on the host's own sends, whose
 * progress may need other nodes' receive buffers (the cycle the id rule
 * cannot see).  Returns how many of the candidate peers are free and
 * leaves them in s->scratch. */
static int free_peers(msim *s, const host *h)
{
    int i, m = 0;
    for (i = 0; i < s->N; i++)
        if (i != h->node && !(h->peer_busy && h->peer_busy[i]))
            s->scratch[m++] = i;
    return m;
}

/* One message of kind and len bytes from h's node: a unicast to dst[0], a
 * multisend to dst[0..nd-1], or a multicast in group g.  Its contents go
 * into a free send buffer, its receivers' expectations onto the
 * scoreboard, its descriptor into the send ring (committed by the
 * caller).  Returns the send slot, -1 when memory ran out (the run has
 * failed). */
static int post(msim *s, host *h, int kind, int len, const int *dst, int nd, const group *g)
{
    const int me = h->node;
    int slot, i;
    long id;
    msgrec *m;
    uint32_t addr, j;
    wc_nic_sdesc sd;
    char err[128];
    if (s->mfree < 0) {
        if (s->nm == s->mcap) {
            long ncap = s->mcap ? 2 * s->mcap : 4096;
            msgrec *nm = realloc(s->m, (size_t)ncap * sizeof *nm);
            if (!nm) {
                msg_fail(s, "out of memory for %ld message records", ncap);
                return -1;
            }
            s->m = nm;
            s->mcap = ncap;
        }
        s->m[s->nm].nextf = -1;
        s->mfree = s->nm++;
    }
    id = s->mfree;
    m = &s->m[id];
    s->mfree = m->nextf;
    memset(m, 0, sizeof *m);
    m->seq = s->nseq++;
    m->hold = 2;                    /* the send, the scoreboard */
    m->scored = 1;
    m->src = me;
    m->kind = kind;
    m->len = len;
    m->posted = s->cyc;
    slot = h->free_slot[--h->nfree];
    h->slot_msg[slot] = id;
    addr = s->sbuf_base + (uint32_t)slot * s->bufsz;
    for (j = 0; 4 * j < (uint32_t)len; j++)
        msg_mem_wr32(s, me, addr + 4 * j, msg_word(m->seq, j));
    sd.tag = (unsigned)slot;
    sd.len = (unsigned)len;
    sd.addr = addr;
    sd.word3 = 0;
    if (kind == K_MC) {
        m->gid = g->gid;
        sd.op = WC_OP_MULTICAST;
        sd.dst = (unsigned)g->gid;
        dst = g->mem + 1;
        nd = g->n - 1;
    } else if (kind == K_MS) {
        uint32_t list = s->list_base + (uint32_t)slot * LIST_BYTES;
        for (i = 0; i < nd; i++)
            msg_mem_wr32(s, me, list + 4u * (uint32_t)i, (uint32_t)dst[i]);
        sd.op = WC_OP_MULTISEND;
        sd.dst = (unsigned)nd;
        sd.word3 = list;
    } else {
        sd.op = WC_OP_UNICAST;
        sd.dst = (unsigned)dst[0];
    }
    for (i = 0; i < nd; i++)
        if (wc_score_expect(s->sb, wc_score_key((unsigned)dst[i], (unsigned)me, (unsigned)m->gid), 1, id, err,
                            sizeof err)) {
            msg_fail(s, "%s", err);
            return -1;
        }
    if (wc_nic_drv_sq_put(&h->drv, &sd))
        msg_internal("send ring full or descriptor refused by the driver", m->gid, me);
    h->inflight++;
    s->sends_pending++;
    s->res->posted++;
    s->res->posted_kind[kind]++;
    s->last_progress = s->cyc;
    return slot;
}

/* Random traffic: a message of a random kind, size and destinations. */
void msg_post_new(msim *s, host *h)
{
    int kinds[3], nk = 0, kind, i, d[WC_NIC_MAX_DESTS], nd = 1, nfree, gfree[WC_NIC_GROUPS], ng = 0, len, slot;
    const group *g = NULL;
    for (i = 0; i < 3; i++)
        if (h->kinds & (1u << i))
            kinds[nk++] = i;
    kind = kinds[rnd(s, (unsigned)nk)];
    nfree = free_peers(s, h);
    for (i = 0; i < h->ngroots; i++)
        if (!(h->group_busy && h->group_busy[h->groots[i]]))
            gfree[ng++] = h->groots[i];
    if ((kind == K_UNI && nfree < 1) || (kind == K_MS && nfree < 2) || (kind == K_MC && ng < 1))
        return;                 /* host mode: every stream of that kind is busy; try again later */
    len = draw_size(s);
    if (kind == K_UNI) {
        draw_dests(s, nfree, 1, d);
    } else if (kind == K_MS) {
        int lim = WC_NIC_MAX_DESTS < nfree ? WC_NIC_MAX_DESTS : nfree;
        nd = 2 + (int)rnd(s, (unsigned)(lim - 1));
        draw_dests(s, nfree, nd, d);
    } else {
        g = s->g[gfree[rnd(s, (unsigned)ng)]];
        nd = 0;
    }
    if ((slot = post(s, h, kind, len, d, nd, g)) < 0)
        return;
    wc_nic_drv_sq_commit(&h->drv);
    if (h->peer_busy)
        msg_take_streams(h, slot, d, nd, g ? g->gid : 0, 1);
}

/* --once: the root of the fixed group posts one operation to all its
 * destinations (one multicast, one multisend, or one unicast each), all
 * descriptors published together. */
void msg_post_once(msim *s, host *h)
{
    const group *g = s->g[1];
    const int nd = g->n - 1;
    int k;
    s->once_at = s->cyc;
    if (s->join_at) {
        /* each destination's host joins max(0, d) cycles from now, d
         * uniform in [-skew/2, skew/2]: a stream of its own, so the skew
         * does not move what else --seed draws */
        wc_rng r;
        wc_rng_seed(&r, s->o->seed ^ 0x736b6577ull);
        s->join_at[g->mem[0]] = s->cyc;
        for (k = 1; k < g->n; k++) {
            const long d = s->o->skew > 0 ? (long)wc_rng_below(&r, (uint32_t)s->o->skew + 1) - s->o->skew / 2 : 0;
            s->join_at[g->mem[k]] = s->cyc + (d > 0 ? d : 0);
        }
    }
    if (s->o->once == WC_MSG_MULTICAST)
        post(s, h, K_MC, s->o->size_max, NULL, 0, g);
    else if (s->o->once == WC_MSG_MULTISEND)
        post(s, h, K_MS, s->o->size_max, g->mem + 1, nd, NULL);
    else
        for (k = 0; k < nd && !s->res->failure[0]; k++)
            post(s, h, K_UNI, s->o->size_max, g->mem + 1 + k, 1, NULL);
    wc_nic_drv_sq_commit(&h->drv);
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Random multicasts that overlap, every byte checked.  All nodes draw the
 * same rounds from the seed: in each, up to `groups` groups with random
 * members, root, tree and size, whose roots all send at once (in a NIC
 * mode chosen for the round; a quarter of the messages go as separate
 * unicasts instead).  Every member checks length, source and every byte
 * (a pattern of seed, round and group), that nothing comes twice and that
 * nothing is missing (a wait limit turns a loss into a count, not a hang).
 * Counters are summed over all nodes after each round; the run stops at
 * the first round with an error, and every node exits with the verdict.
 *
 * Arguments: seed=1 count=64 (multicasts) max=4096 (largest message,
 * 1..13304: a send and a receive buffer fit the arena) groups=4 (per
 * round, at most the receive buffers of a node)
 * modes=fpfs,fcfs,host,unicast
 * trees=binomial,kbin:1,kbin:2,kbin:opt,postal:3,hcube:ucube,hcube:wsort
 * (a hypercube tree that breaks the NIC's id rule, or one on a system
 * that is no hypercube, is skipped by every member alike and counted)
 * limit=20000000 (cycles one wait may take) timeout=0 (NICR_TIMEOUT)
 * flip=NODE:K (a test of the check itself: node NODE flips bit 0 of the
 * K-th word, counted from 1 over the run, of the messages it receives,
 * before checking them; the run must then fail). */
#include <limits.h>
#include "app.h"
#include "node.h"
#include "rt.h"

#define GID_FIRST (APP_GID_CTL + 1)
#define MAX_GROUPS 8
/* 26 KiB: the send buffer and five receive buffers of the default 4 KiB
 * messages, and what the stack needs (NODE_STACK) left over */
#define ARENA_WORDS (26u * 256u)
#define NTREES 16

/* The NICs' counters, summed over the nodes at the end: what the
 * reliability layer had to repair (link faults, want of room). */
enum { N_TX, N_RX, N_RETX, N_CRC, N_HEAD, N_NOBUF, N_DUPS, N_N };

enum { C_RECV, C_EXPECT, C_BYTES, C_BADBYTES, C_BADMSG, C_DUPS, C_UNKNOWN, C_LOST, C_SENDERR, C_SKIPPED, C_N };

/* Members finish a round at different times: a node's round sum reaches
 * its parent while the parent may still wait for the round's messages,
 * so the sum must not hold a receive buffer (mc.h, MC_SMALL_BYTES). */
typedef char round_sum_is_small[C_N * 4 <= MC_SMALL_BYTES && N_N * 4 <= MC_SMALL_BYTES ? 1 : -1];

static uint32_t arena[ARENA_WORDS];

typedef struct {
    mc_group g;
    uint32_t members[(MC_MAX_NODES + 31) / 32];
    unsigned root, size;
    int fwd, tree, ok, got;
} grp;

static grp G[MAX_GROUPS];

static int is_in(const uint32_t *m, unsigned v) { return (int)(m[v / 32] >> (v % 32) & 1u); }

/* flip=NODE:K: this node's K-th received word, or 0 for none. */
static unsigned long flip_word(unsigned self)
{
    const char *v = wc_arg("flip"), *end;
    long node, k;
    if (!v)
        return 0;
    if (wc_parse_long(v, &node, &end) || *end != ':' || wc_parse_long(end + 1, &k, &end) || *end || k < 1) {
        wc_printf("mcast_stress: flip=%s: want NODE:K, K >= 1\n", v);
        wc_exit(APP_E_SETUP);
    }
    return node == (long)self ? (unsigned long)k : 0;
}

/* Round r's groups, drawn alike on every node. */
static unsigned draw(uint32_t *rng, unsigned gmax, unsigned left, unsigned n, unsigned smax, int ntrees,
                     const app_mode *mode)
{
    unsigned ng = 1 + app_rand(rng) % gmax, i, v, cnt;
    if (ng > left)
        ng = left;
    for (i = 0; i < ng; i++) {
        grp *x = &G[i];
        unsigned bits = 0, lg;
        for (v = 0; v < (MC_MAX_NODES + 31) / 32; v++)
            x->members[v] = 0;
        for (v = 0, cnt = 0; v < n; v++)
            if (app_rand(rng) & 1u) {
                x->members[v / 32] |= 1u << (v % 32);
                cnt++;
            }
        /* at least two members: a root and a receiver */
        for (v = app_rand(rng) % n; cnt < 2; v = (v + 1) % n)
            if (!is_in(x->members, v)) {
                x->members[v / 32] |= 1u << (v % 32);
                cnt++;
            }
        /* root: the k-th member */
        for (v = 0, cnt = app_rand(rng) % cnt;; v++)
            if (is_in(x->members, v) && cnt-- == 0)
                break;
        x->root = v;
        x->tree = (int)(app_rand(rng) % (unsigned)ntrees);
        /* sizes spread over the octaves up to the largest */
        while ((1u << bits) < smax)
            bits++;
        lg = app_rand(rng) % (bits + 1);
        x->size = 1 + app_rand(rng) % ((1u << lg) < smax ? (1u << lg) : smax);
        x->fwd = mode->fwd != MC_FWD_UNICAST && app_rand(rng) % 4 == 0 ? MC_FWD_UNICAST : mode->fwd;
    }
    return ng;
}

int main(void)
{
    static mc_tree trees[NTREES];
    const char *modes = app_arg_list("modes", "fpfs,fcfs,host,unicast");
    const char *tl = app_arg_list("trees", "binomial,kbin:1,kbin:2,kbin:opt,postal:3,hcube:ucube,hcube:wsort"), *p;
    const app_mode *mode_list[8];
    uint32_t seed = (uint32_t)app_arg_num("mcast_stress", "seed", 1, 0, LONG_MAX), rng, tot[C_N], c[C_N], nic[N_N];
    unsigned count = (unsigned)app_arg_num("mcast_stress", "count", 64, 0, LONG_MAX);
    unsigned smax = (unsigned)app_arg_num("mcast_stress", "max", 4096, 1, WC_NIC_MAX_MSG);
    unsigned gmax = (unsigned)app_arg_num("mcast_stress", "groups", 4, 1, LONG_MAX), self = node_id(), n = node_count();
    unsigned nmodes = 0, sent = 0, round = 0, i, k;
    unsigned long flip = flip_word(self), words = 0;
    int ntrees = 0;
    mc_group ctl;
    uint8_t *sbuf;

    for (p = modes; p && nmodes < 8; p = app_list_next(p))
        if (!(mode_list[nmodes++] = app_mode_parse(p))) {
            wc_printf("mcast_stress: unknown mode in modes=%s\n", p);
            return APP_E_SETUP;
        }
    for (p = tl; p && ntrees < NTREES; p = app_list_next(p))
        if (mc_tree_parse(p, &trees[ntrees++])) {
            wc_printf("mcast_stress: unknown tree in trees=%s\n", p);
            return APP_E_SETUP;
        }
    if (smax < 1 || smax > WC_NIC_MAX_MSG || gmax < 1 || n < 2 || !nmodes) {
        wc_printf("mcast_stress: need max=1..%u, groups>=1, 2 nodes or more\n", (unsigned)WC_NIC_MAX_MSG);
        return APP_E_SETUP;
    }
    /* the send buffer and at least one receive buffer (a guard word, the
     * message and a unicast header) must fit the arena */
    if (4u * (MC_BUF_WORDS(smax) + 2u) + smax > sizeof arena) {
        wc_printf("mcast_stress: max=%u does not fit the %u bytes of message memory (at most %u)\n", smax,
                  (unsigned)sizeof arena, (unsigned)((sizeof arena - 12u) / 2u) & ~3u);
        return APP_E_SETUP;
    }
    sbuf = app_start(&ctl, 0, arena, ARENA_WORDS, smax, smax, 20000000);
    /* every message of a round must find a buffer even if its member is
     * still busy sending its own: no more groups than buffers */
    if (gmax > mc_nbufs())
        gmax = mc_nbufs();
    if (gmax > MAX_GROUPS)
        gmax = MAX_GROUPS;
    for (k = 0; k < C_N; k++)
        tot[k] = 0;
    rng = seed;
    while (sent < count) {
        const app_mode *mode = mode_list[app_rand(&rng) % nmodes];
        unsigned ng = draw(&rng, gmax, count - sent, n, smax, ntrees, mode), expect = 0, got = 0;
        uint32_t fail[MAX_GROUPS];
        for (k = 0; k < C_N; k++)
            c[k] = 0;
        app_switch_mode(&ctl, mode->nic_mode);
        for (i = 0; i < ng; i++) {
            grp *x = &G[i];
            uint16_t mem[MC_MAX_NODES];
            unsigned m = 0, v;
            int rc = MC_OK;
            for (v = 0; v < n; v++)
                if (is_in(x->members, v))
                    mem[m++] = (uint16_t)v;
            x->ok = 0;
            x->got = 0;
            if (is_in(x->members, self)) {
                mc_tree t = trees[x->tree];
                t.msg_len = x->size;
                rc = mc_group_create(&x->g, GID_FIRST + i, mem, m, x->root, &t);
                x->ok = rc == MC_OK;
            }
            fail[i] = rc != MC_OK;
        }
        /* a group some member could not install is left out by all; this
         * all-reduce is also the barrier between install and first send */
        APP_TRY("agreeing on the groups", mc_reduce(&ctl, fail, ng, MC_OP_MAX, 1));
        for (i = 0; i < ng; i++) {
            grp *x = &G[i];
            if (fail[i]) {
                c[C_SKIPPED] += self == x->root;
                continue;
            }
            if (x->root == self) {
                int rc;
                app_pattern(sbuf, x->size, seed, round, i);
                rc = mc_send(&x->g, sbuf, x->size, x->fwd);
                if (rc == MC_E_TIMEOUT)
                    app_die("send", rc);
                c[C_SENDERR] += rc != MC_OK;
            } else if (is_in(x->members, self)) {
                expect++;
            }
        }
        c[C_EXPECT] = expect;
        while (got < expect) {
            mc_msg msg;
            int rc = mc_recv_msg(0, &msg);
            unsigned gi;
            if (rc == MC_E_TIMEOUT || rc == MC_E_STALL) {
                c[C_LOST] += expect - got;
                break;
            }
            if (rc != MC_OK)
                app_die("receive", rc);
            gi = msg.gid - GID_FIRST;
            got++;
            if (gi >= ng || fail[gi] || !is_in(G[gi].members, self) || G[gi].root == self) {
                c[C_UNKNOWN]++;
            } else if (G[gi].got) {
                c[C_DUPS]++;
            } else {
                unsigned bad, nw = (msg.len + 3u) / 4u;
                if (flip > words && flip <= words + nw)
                    ((uint8_t *)(uintptr_t)msg.data)[4u * (flip - words - 1u)] ^= 1u;
                words += nw;
                bad = msg.len == G[gi].size && msg.src == G[gi].root
                                   ? app_pattern_check(msg.data, msg.len, seed, round, gi)
                                   : msg.len;
                G[gi].got = 1;
                c[C_RECV]++;
                c[C_BYTES] += msg.len;
                c[C_BADBYTES] += bad;
                c[C_BADMSG] += bad != 0;
            }
            mc_release(&msg);
        }
        APP_TRY("draining", mc_finish());
        APP_TRY("summing the round", mc_reduce(&ctl, c, C_N, MC_OP_SUM, 1));
        for (i = 0; i < ng; i++)
            if (G[i].ok)
                mc_group_destroy(&G[i].g);
        for (k = 0; k < C_N; k++)
            tot[k] += c[k];
        sent += ng;
        round++;
        if (c[C_BADMSG] || c[C_DUPS] || c[C_UNKNOWN] || c[C_LOST] || c[C_SENDERR] || c[C_RECV] != c[C_EXPECT])
            break;
    }
    nic[N_TX] = node_nic_rd(WC_NICR_TX_PKTS);
    nic[N_RX] = node_nic_rd(WC_NICR_RX_PKTS);
    nic[N_RETX] = node_nic_rd(WC_NICR_RETX);
    nic[N_CRC] = node_nic_rd(WC_NICR_ERR_CRC);
    nic[N_HEAD] = node_nic_rd(WC_NICR_ERR_GROUP) + node_nic_rd(WC_NICR_ERR_LEN) + node_nic_rd(WC_NICR_ERR_TYPE) +
                  node_nic_rd(WC_NICR_ERR_DST);
    nic[N_NOBUF] = node_nic_rd(WC_NICR_ERR_NOBUF);
    nic[N_DUPS] = node_nic_rd(WC_NICR_DUPS);
    APP_TRY("summing the NIC counters", mc_reduce(&ctl, nic, N_N, MC_OP_SUM, 0));
    if (self == 0) {
        int ok = !tot[C_BADMSG] && !tot[C_DUPS] && !tot[C_UNKNOWN] && !tot[C_LOST] && !tot[C_SENDERR] &&
                 tot[C_RECV] == tot[C_EXPECT];
        wc_printf("mcast_stress: seed %u, %u nodes, %u rounds, %u multicasts (%u skipped), %u deliveries of %u "
                  "expected, %u bytes checked\n",
                  seed, n, round, sent, tot[C_SKIPPED], tot[C_RECV], tot[C_EXPECT], tot[C_BYTES]);
        wc_printf("mcast_stress: %u bad messages (%u bytes), %u duplicates, %u unknown, %u lost, %u send errors: %s\n",
                  tot[C_BADMSG], tot[C_BADBYTES], tot[C_DUPS], tot[C_UNKNOWN], tot[C_LOST], tot[C_SENDERR],
                  ok ? "PASS" : "FAIL");
        wc_printf("mcast_stress: NICs sent %u packets, received %u, resent %u; dropped %u for their CRC, %u for their "
                  "head, %u for want of room, %u duplicates\n",
                  nic[N_TX], nic[N_RX], nic[N_RETX], nic[N_CRC], nic[N_HEAD], nic[N_NOBUF], nic[N_DUPS]);
    }
    APP_TRY("final drain", mc_finish());
    return !tot[C_BADMSG] && !tot[C_DUPS] && !tot[C_UNKNOWN] && !tot[C_LOST] && !tot[C_SENDERR] &&
                   tot[C_RECV] == tot[C_EXPECT]
               ? APP_PASS
               : APP_E_CHECK;
}

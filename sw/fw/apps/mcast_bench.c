/* SPDX-License-Identifier: Apache-2.0 */
/* Multicast latency on the node: one root sends to every other node, in
 * each forwarding mode, tree and message size; the latency is global time
 * (mcycle) from the root's call to the completion the last member's
 * runtime saw.  The root stamps its start time into the message; each
 * member reports completion minus start, and a reduce of the maximum over
 * a control group brings the last one to the root.
 *
 * Arguments (wc_arg):
 *   sizes=4,16,...      message bytes, 4..16384 (default: powers of 4)
 *   modes=fpfs,...      fpfs, fcfs, host, unicast (default: all four)
 *   trees=binomial,...  binomial, kbin:K, kbin:opt, postal:LAT, hcube:ALGO
 *                       (default: binomial, kbin:1 .. kbin:ceil(log2 n)-1,
 *                       kbin:opt, postal:3)
 *   reps=3 root=0 timeout=0 (NICR_TIMEOUT, 0: the NIC's) limit=0 (cycles
 *   one wait may take, 0: forever)
 * Output (root): a table, and one "csv," line per measurement:
 *   csv,mode,tree,k,bytes,packets,reps,min,avg,max,root_send_avg */
#include <limits.h>
#include "app.h"
#include "node.h"
#include "rt.h"

#define MAX_SIZE WC_NIC_MAX_MSG
#define GID_BENCH (APP_GID_CTL + 1)
/* two receive buffers of the largest message (mc.c: a guard word, then
 * the capacity) and a word of alignment slack */
#define ARENA_WORDS (2u * (1u + MAX_SIZE / 4u) + 1u)
/* the root receives only tokens and reports: small buffers */
#define ROOT_BUF_BYTES 64

static uint32_t arena[ARENA_WORDS];

static unsigned max_size(const char *sizes)
{
    unsigned m = 0;
    for (; sizes; sizes = app_list_next(sizes)) {
        long v;
        if (wc_parse_long(sizes, &v, 0) || v < 4 || v > MAX_SIZE) {
            wc_printf("mcast_bench: bad size in sizes=%s (4..%u)\n", sizes, (unsigned)MAX_SIZE);
            wc_exit(APP_E_SETUP);
        }
        if ((unsigned)v > m)
            m = (unsigned)v;
    }
    return m;
}

/* The default tree list for n nodes. */
static unsigned default_trees(mc_tree *t, unsigned max, unsigned n)
{
    unsigned c = 0;
    int k, l = 0;
    while ((1u << l) < n)
        l++;
    mc_tree_parse("binomial", &t[c++]);
    for (k = 1; k < l && c + 2 < max; k++) {
        mc_tree_parse("kbin:1", &t[c]);
        t[c++].k = k;
    }
    mc_tree_parse("kbin:opt", &t[c++]);
    mc_tree_parse("postal:3", &t[c++]);
    return c;
}

typedef struct {
    const app_mode *mode;
    mc_tree tree;
    unsigned size, reps;
    uint32_t sum, send_sum;     /* cycles: far below 2^32 for any number of repetitions run */
    uint32_t min, max;
    int k;
} meas;

static void print_row(const meas *m)
{
    char tn[32];
    unsigned pk = (m->size + WC_NIC_PAYLOAD - 1u) / WC_NIC_PAYLOAD;
    uint32_t avg = m->sum / m->reps, savg = m->send_sum / m->reps;
    if (m->mode->fwd == MC_FWD_UNICAST)
        tn[0] = '-', tn[1] = '\0';
    else
        app_tree_name(&m->tree, tn);
    wc_printf("%-8s %-14s %2d %6u %4u %9u %9u %9u %9u\n", m->mode->name, tn, m->k, m->size, pk, m->min, avg,
              m->max, savg);
    wc_printf("csv,%s,%s,%d,%u,%u,%u,%u,%u,%u,%u\n", m->mode->name, tn, m->k, m->size, pk, m->reps, m->min, avg,
              m->max, savg);
}

/* One (mode, tree, size): every node takes part. */
static void measure(mc_group *ctl, meas *m, unsigned root, uint8_t *sbuf)
{
    mc_group g;
    uint32_t v[2];
    unsigned self = mc_self(), r;
    int rc;
    mc_tree t = m->tree;
    t.msg_len = m->size;
    rc = mc_group_world(&g, GID_BENCH, root, &t);
    /* every member decided alone; agree before anyone sends */
    v[0] = rc < 0 ? (uint32_t)-rc : 0;
    APP_TRY("agreeing on the group", mc_reduce(ctl, v, 1, MC_OP_MAX, 1));
    if (v[0]) {
        if (self == root) {
            char tn[32];
            wc_printf("%-8s %-14s skipped: %s\n", m->mode->name, app_tree_name(&t, tn),
                      mc_strerror(-(int)v[0]));
        }
        if (rc == MC_OK)
            mc_group_destroy(&g);
        m->reps = 0;
        return;
    }
    /* k of the k-binomial trees; 0 for the others and for unicasts */
    m->k = m->mode->fwd == MC_FWD_UNICAST ? 0 : g.pl.k;
    m->min = 0xffffffffu;
    m->max = 0;
    m->sum = m->send_sum = 0;
    for (r = 0; r < m->reps; r++) {
        APP_TRY("barrier before a multicast", mc_barrier(ctl));
        if (self == root) {
            uint32_t t0 = node_time32();
            *(uint32_t *)(void *)sbuf = t0;
            APP_TRY("send", mc_send(&g, sbuf, m->size, m->mode->fwd));
            m->send_sum += node_time32() - t0;
            v[0] = v[1] = 0;
        } else {
            mc_msg msg;
            APP_TRY("receive", mc_recv_msg(&g, &msg));
            v[0] = (uint32_t)msg.t - *(const uint32_t *)(const void *)msg.data;
            v[1] = msg.len != m->size;
            mc_release(&msg);
        }
        APP_TRY("reporting completion", mc_reduce(ctl, v, 2, MC_OP_MAX, 0));
        if (self == root) {
            if (v[1]) {
                wc_printf("mcast_bench: a member received the wrong length\n");
                wc_exit(APP_E_CHECK);
            }
            m->sum += v[0];
            if (v[0] < m->min)
                m->min = v[0];
            if (v[0] > m->max)
                m->max = v[0];
        }
    }
    /* nothing of the group may be in flight anywhere when its entry goes */
    APP_TRY("draining", mc_finish());
    APP_TRY("barrier before the group goes", mc_barrier(ctl));
    mc_group_destroy(&g);
}

int main(void)
{
    static mc_tree trees[12];
    const char *sizes = app_arg_list("sizes", "4,16,64,256,1024,4096,16384");
    const char *modes = app_arg_list("modes", "fpfs,fcfs,host,unicast");
    const char *tl = wc_arg("trees"), *p, *q;
    unsigned self = node_id(), n = node_count(), ntree = 0, i, smax = max_size(sizes);
    unsigned root = (unsigned)app_arg_num("mcast_bench", "root", 0, 0, (long)n - 1);
    unsigned reps = (unsigned)app_arg_num("mcast_bench", "reps", 3, 1, LONG_MAX);
    mc_group ctl;
    mc_tree bin;
    uint8_t *sbuf = 0;
    int rc;

    if (root >= n || reps < 1) {
        wc_printf("mcast_bench: root=%u reps=%u: bad for %u nodes\n", root, reps, n);
        return APP_E_SETUP;
    }
    for (p = modes; p; p = app_list_next(p))
        if (!app_mode_parse(p)) {
            wc_printf("mcast_bench: unknown mode in modes=%s\n", p);
            return APP_E_SETUP;
        }
    if (tl && *tl) {
        for (p = tl; p && ntree < sizeof trees / sizeof trees[0]; p = app_list_next(p))
            if (mc_tree_parse(p, &trees[ntree++])) {
                wc_printf("mcast_bench: unknown tree in trees=%s\n", p);
                return APP_E_SETUP;
            }
    } else {
        ntree = default_trees(trees, sizeof trees / sizeof trees[0], n);
    }
    /* the root sends from the front of the arena and receives only
     * tokens and reports; the members receive the largest message */
    if (self == root)
        sbuf = app_start(&ctl, root, arena, ARENA_WORDS, smax, ROOT_BUF_BYTES, 0);
    else
        app_start(&ctl, root, arena, ARENA_WORDS, 0, smax, 0);
    mc_tree_parse("binomial", &bin);
    if (self == root) {
        wc_printf("mcast_bench: %u nodes, root %u, %u repetitions; latency in cycles from the root's call\n"
                  "to the last member's completion (root_send: until the root's send completed)\n",
                  n, root, reps);
        wc_printf("%-8s %-14s %2s %6s %4s %9s %9s %9s %9s\n", "mode", "tree", "k", "bytes", "pkts", "min", "avg",
                  "max", "root_send");
    }
    for (p = modes; p; p = app_list_next(p)) {
        meas m;
        m.mode = app_mode_parse(p);
        app_switch_mode(&ctl, m.mode->nic_mode);
        /* separate unicasts use no tree: one pass */
        for (i = 0; i < (m.mode->fwd == MC_FWD_UNICAST ? 1u : ntree); i++) {
            for (q = sizes; q; q = app_list_next(q)) {
                long sz;
                wc_parse_long(q, &sz, 0);
                m.tree = m.mode->fwd == MC_FWD_UNICAST ? bin : trees[i];
                m.size = (unsigned)sz;
                m.reps = reps;
                m.k = 0;
                measure(&ctl, &m, root, sbuf);
                if (self == root && m.reps)
                    print_row(&m);
            }
        }
    }
    rc = mc_finish();
    if (rc == MC_OK)
        rc = mc_barrier(&ctl);
    if (rc != MC_OK)
        app_die("final barrier", rc);
    if (self == root) {
        const mc_stats *s = mc_get_stats();
        wc_printf("mcast_bench: done (root: %u descriptors, %u received, %u NIC errors)\n", s->sends, s->recvs,
                  s->tx_errors + s->rx_errors + s->toobig);
    }
    return APP_PASS;
}

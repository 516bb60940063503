/* SPDX-License-Identifier: Apache-2.0 */
/* Broadcast, barrier and reduce across all nodes, checked, in each
 * forwarding mode, for several trees and roots:
 *   bcast    every member checks every byte of each size;
 *   isend    two sends in flight at once arrive whole and in order;
 *   barrier  nobody leaves before the last one entered (global time: the
 *            latest entry, spread with an all-reduce, must not be later
 *            than any node's exit);
 *   reduce   sum, max and min of known vectors, to the root and to all.
 * Every node exits with the verdict of all.
 * Arguments: modes=fpfs,fcfs,host,unicast trees=binomial,kbin:1,postal:3,hcube:ucube
 * roots=ID,... (default 0, n-1 and n/2; a hypercube tree that breaks the
 * NIC's id rule is skipped by all)
 * limit=20000000 (cycles one wait may take) timeout=0 (NICR_TIMEOUT).
 * The default set is 48 runs (44 on 4 nodes, where 4 hypercube trees are
 * skipped) and takes about 26 million cycles on mesh:2x2, more than
 * `wormcast run`'s default --cycles: give it --cycles 100000000, or
 * narrow modes, trees and roots. */
#include "app.h"
#include "node.h"
#include "rt.h"

#define GID_TEST (APP_GID_CTL + 1)
#define BIG 4096u
#define VEC 16u
#define ARENA_WORDS (6u * 1024u)
#define MAX_ROOTS 8

static uint32_t arena[ARENA_WORDS];
static unsigned errors;

static void expect(int ok, const char *what, const app_mode *m, unsigned root)
{
    if (!ok) {
        errors++;
        wc_printf("node %u: collectives: %s wrong (mode %s, root %u)\n", mc_self(), what, m->name, root);
    }
}

static void check_bcast(mc_group *g, const app_mode *m, uint8_t *buf)
{
    static const unsigned sizes[] = { 4, 1000, BIG };
    unsigned i, self = mc_self();
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (self == g->root)
            app_pattern(buf, sizes[i], 7, sizes[i], g->root);
        else
            memset(buf, 0, sizes[i]);
        APP_TRY("bcast", mc_bcast(g, buf, sizes[i]));
        expect(app_pattern_check(buf, sizes[i], 7, sizes[i], g->root) == 0, "bcast data", m, g->root);
    }
}

/* Two sends in flight at once on one group (mc_isend): they leave in
 * order, one at a time on the group's stream, and arrive in order. */
static void check_isend(mc_group *g, const app_mode *m, uint8_t *buf)
{
    static const unsigned len[2] = { 1500, 999 };
    uint8_t *b[2];
    unsigned i;
    /* the second buffer's headroom word lies past the first message */
    b[0] = buf;
    b[1] = buf + BIG / 2;
    if (mc_self() == g->root) {
        mc_req r[2];
        for (i = 0; i < 2; i++) {
            app_pattern(b[i], len[i], 11, i, g->root);
            APP_TRY("isend", mc_isend(g, b[i], len[i], g->fwd, &r[i]));
        }
        for (i = 0; i < 2; i++)
            APP_TRY("wait", mc_wait(&r[i]));
        expect(mc_test(&r[0]) == 0, "a finished request is gone", m, g->root);
        for (i = 0; i < 2; i++)
            expect(app_pattern_check(b[i], len[i], 11, i, g->root) == 0, "isend left its buffer alone", m, g->root);
    } else {
        for (i = 0; i < 2; i++) {
            mc_msg msg;
            APP_TRY("receive", mc_recv_msg(g, &msg));
            expect(msg.len == len[i] && app_pattern_check(msg.data, msg.len, 11, i, g->root) == 0,
                   "isend data in order", m, g->root);
            mc_release(&msg);
        }
    }
}

static void check_barrier(mc_group *g, mc_group *ctl, const app_mode *m)
{
    unsigned r;
    for (r = 0; r < 3; r++) {
        uint32_t tin, tout, v[1];
        /* nodes arrive at different times on purpose */
        unsigned spin = (mc_self() * 37u + r * 101u) % 700u;
        while (spin--)
            __asm__ volatile("");
        tin = node_time32();
        APP_TRY("barrier", mc_barrier(g));
        tout = node_time32();
        v[0] = tin;
        APP_TRY("spreading the entry times", mc_reduce(ctl, v, 1, MC_OP_MAX, 1));
        expect((int32_t)(tout - v[0]) >= 0, "barrier order", m, g->root);
    }
}

static void check_reduce(mc_group *g, const app_mode *m)
{
    static const int ops[] = { MC_OP_SUM, MC_OP_MAX, MC_OP_MIN };
    unsigned self = mc_self(), nn = mc_nodes(), i, o, all, len;
    for (len = VEC; len <= MC_REDUCE_MAX; len += MC_REDUCE_MAX - VEC) {
        for (o = 0; o < 3; o++) {
            for (all = 0; all < 2; all++) {
                uint32_t v[MC_REDUCE_MAX];
                int ok = 1;
                for (i = 0; i < len; i++)
                    v[i] = self * (i + 1) + i;
                APP_TRY("reduce", mc_reduce(g, v, len, ops[o], (int)all));
                if (self != g->root && !all)
                    continue;
                for (i = 0; i < len; i++) {
                    uint32_t want = ops[o] == MC_OP_SUM ? (i + 1) * (nn * (nn - 1) / 2) + nn * i
                                    : ops[o] == MC_OP_MAX ? (nn - 1) * (i + 1) + i
                                                           : i;
                    ok &= v[i] == want;
                }
                expect(ok, ops[o] == MC_OP_SUM ? "sum" : ops[o] == MC_OP_MAX ? "max" : "min", m, g->root);
            }
        }
    }
}

int main(void)
{
    const char *modes = app_arg_list("modes", "fpfs,fcfs,host,unicast");
    const char *tl = app_arg_list("trees", "binomial,kbin:1,postal:3,hcube:ucube"), *p, *q;
    unsigned self = node_id(), n = node_count(), r, runs = 0, skipped = 0, nroots = 0, roots[MAX_ROOTS];
    uint32_t v[1];
    mc_group ctl, g;
    uint8_t *buf;
    if ((p = wc_arg("roots")) != 0) {
        for (; p && nroots < MAX_ROOTS; p = app_list_next(p)) {
            long id;
            if (wc_parse_long(p, &id, 0) || id < 0 || id >= (long)n) {
                wc_printf("collectives: bad root in roots=%s (0..%u)\n", p, n - 1);
                return APP_E_SETUP;
            }
            roots[nroots++] = (unsigned)id;
        }
    } else {
        roots[nroots++] = 0;
        roots[nroots++] = n - 1;
        roots[nroots++] = n / 2;
    }
    buf = app_start(&ctl, 0, arena, ARENA_WORDS, BIG, BIG, 20000000);
    for (p = modes; p; p = app_list_next(p)) {
        const app_mode *m = app_mode_parse(p);
        if (!m) {
            wc_printf("collectives: unknown mode in modes=%s\n", p);
            return APP_E_SETUP;
        }
        app_switch_mode(&ctl, m->nic_mode);
        for (q = tl; q; q = app_list_next(q)) {
            mc_tree t;
            if (mc_tree_parse(q, &t)) {
                wc_printf("collectives: unknown tree in trees=%s\n", q);
                return APP_E_SETUP;
            }
            t.msg_len = BIG;
            for (r = 0; r < nroots; r++) {
                int rc = mc_group_world(&g, GID_TEST, roots[r], &t);
                /* every member judges the whole tree: all skip alike */
                if (rc == MC_E_IDRULE || rc == MC_E_TOPO) {
                    skipped++;
                    continue;
                }
                if (rc != MC_OK)
                    app_die("test group", rc);
                g.fwd = m->fwd;
                APP_TRY("barrier of a new group", mc_barrier(&g));
                check_bcast(&g, m, buf);
                check_isend(&g, m, buf);
                check_barrier(&g, &ctl, m);
                check_reduce(&g, m);
                APP_TRY("draining", mc_finish());
                APP_TRY("barrier before the group goes", mc_barrier(&ctl));
                mc_group_destroy(&g);
                runs++;
            }
        }
        /* a whole run takes tens of millions of cycles: show it moves */
        if (self == 0)
            wc_printf("collectives: mode %s done at cycle %u (runs so far %u, errors here %u)\n", m->name,
                      node_time32(), runs, errors);
    }
    v[0] = errors;
    APP_TRY("summing the errors", mc_reduce(&ctl, v, 1, MC_OP_SUM, 1));
    if (self == 0)
        wc_printf("collectives: %u nodes, %u mode/tree/root runs (%u skipped: tree not placeable), %u errors: %s\n",
                  n, runs, skipped, v[0], v[0] ? "FAIL" : "PASS");
    APP_TRY("final drain", mc_finish());
    return v[0] ? APP_E_CHECK : APP_PASS;
}

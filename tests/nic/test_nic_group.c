/* SPDX-License-Identifier: Apache-2.0 */
/* Group table (id rule of Yu, Buntinas and Panda, ICPP 2003
 * Section 5.4) and FPFS/FCFS send orders and buffer peaks checked against
 * the step simulator sw/lib/wc_fpfs.c (Kesavan and Panda, ICPP 1997 Section 3). */
#include <string.h>
#include "../wc_test.h"
#include "wc_nic_group.h"
#include "wc_fpfs.h"

static wc_nic_gtab gt;

static void test_table(void)
{
    uint16_t ok[3] = { 9, 12, 10 }, low[2] = { 9, 4 }, dup[3] = { 9, 12, 9 }, far[1] = { 16 };
    uint16_t self5[1] = { 5 }, many[WC_NIC_MAX_CHILDREN + 1];
    const wc_nic_group_ent *e;
    unsigned i;
    for (i = 0; i < WC_NIC_MAX_CHILDREN + 1; i++)
        many[i] = (uint16_t)(i == 5 ? 99 : i);
    wc_nic_gtab_init(&gt, 5, 16);
    GROUP("group table: valid entries installed in order, lookups", {
        CHECK(wc_nic_group_set(&gt, 1, 2, ok, 3) == 0, "non-root, children 9,12,10 > 5");
        e = wc_nic_group_get(&gt, 1);
        CHECK(e && e->parent == 2 && e->nchild == 3 && e->child[0] == 9 && e->child[1] == 12 && e->child[2] == 10,
              "entry stored in the host's order");
        CHECK(wc_nic_group_child_index(e, 12) == 1 && wc_nic_group_child_index(e, 11) == -1, "child index");
        CHECK(wc_nic_group_set(&gt, 2, WC_NIC_NO_PARENT, low, 2) == 0, "root may have a child below its id (4)");
        CHECK(wc_nic_group_set(&gt, 3, 1, NULL, 0) == 0, "leaf: parent only");
        CHECK(wc_nic_group_get(&gt, 4) == NULL, "unconfigured group unknown");
        CHECK(wc_nic_group_get(&gt, 0) == NULL && wc_nic_group_get(&gt, WC_NIC_GROUPS) == NULL, "ids 0 and NIC_GROUPS unknown");
        CHECK(wc_nic_group_clear(&gt, 3) == 0 && wc_nic_group_get(&gt, 3) == NULL, "cleared");
    });
    GROUP("id rule and error codes on insertion; a refused entry keeps the old one", {
        CHECK(wc_nic_group_set(&gt, 1, 2, low, 2) == -WC_NIC_ST_IDRULE, "non-root child 4 < self 5");
        e = wc_nic_group_get(&gt, 1);
        CHECK(e && e->nchild == 3 && e->child[0] == 9, "old entry intact");
        CHECK(wc_nic_group_set(&gt, 4, 2, self5, 1) == -WC_NIC_ST_IDRULE, "child equal to self");
        CHECK(wc_nic_group_set(&gt, 4, WC_NIC_NO_PARENT, self5, 1) == -WC_NIC_ST_IDRULE, "root child equal to self");
        CHECK(wc_nic_group_set(&gt, 4, 2, dup, 3) == -WC_NIC_ST_IDRULE, "duplicate child");
        {
            uint16_t par[1] = { 9 };
            wc_nic_gtab t2;
            wc_nic_gtab_init(&t2, 5, 16);
            CHECK(wc_nic_group_set(&t2, 4, 9, par, 1) == -WC_NIC_ST_IDRULE, "child equal to the parent");
        }
        CHECK(wc_nic_group_set(&gt, 4, 2, far, 1) == -WC_NIC_ST_BADDST, "child id 16 in a 16-node network");
        CHECK(wc_nic_group_set(&gt, 4, 5, ok, 3) == -WC_NIC_ST_BADDST, "parent equal to self");
        CHECK(wc_nic_group_set(&gt, 4, 16, ok, 3) == -WC_NIC_ST_BADDST, "parent out of range");
        CHECK(wc_nic_group_set(&gt, 0, 2, ok, 3) == -WC_NIC_ST_NOGROUP, "group 0 is unicast");
        CHECK(wc_nic_group_set(&gt, WC_NIC_GROUPS, 2, ok, 3) == -WC_NIC_ST_NOGROUP, "group id past the table");
        CHECK(wc_nic_group_clear(&gt, WC_NIC_GROUPS) == -WC_NIC_ST_NOGROUP, "clear past the table");
        CHECK(wc_nic_group_set(&gt, 4, WC_NIC_NO_PARENT, NULL, 0) == -WC_NIC_ST_NODST, "root without children");
        CHECK(wc_nic_group_set(&gt, 4, WC_NIC_NO_PARENT, many, WC_NIC_MAX_CHILDREN + 1) == -WC_NIC_ST_NODST,
              "more than NIC_MAX_CHILDREN");
        CHECK(wc_nic_group_get(&gt, 4) == NULL, "nothing installed by the refusals");
    });
    GROUP("whole-tree check: sorted binomial tree passes, a cycle-prone tree is refused", {
        /* parent[v]: the 8-node binomial tree over sorted ids, and the
         * same tree with node 4 moved under node 6 (6 > 4, not the root). */
        int good[8] = { -1, 0, 0, 1, 0, 1, 2, 3 };
        int bad8[8] = { -1, 0, 0, 1, 6, 1, 2, 3 };
        int where = -1;
        CHECK(wc_nic_tree_check(good, 8, 0, &where) == 0, "ids grow away from the root");
        CHECK(wc_nic_tree_check(bad8, 8, 0, &where) == -WC_NIC_ST_IDRULE && where == 4, "node 4 under 6 refused at %d", where);
        {
            int rootkids[4] = { 2, 2, -1, 1 };  /* root 2 with children 0 and 1; 1 -> 3 */
            CHECK(wc_nic_tree_check(rootkids, 4, 2, &where) == 0, "root's children may be smaller");
        }
    });
}

/* Order in which wc_fpfs_run's root sends to its c children (a star), by
 * step: the reference semantics the NIC order must match. */
static int star_matches(int mode, unsigned m, unsigned c)
{
    wc_edge ed[32];
    wc_tree t;
    wc_fpfs_result res;
    static int sent[32 * 64], work[WC_FPFS_WORK(33, 64)];
    wc_nic_send ord[32 * 64];
    unsigned i, k;
    t.src = 0; t.nedges = 0; t.cap = 32; t.edges = ed;
    for (k = 0; k < c; k++)
        wc_tree_add(&t, 0, (int)k + 1, 0);
    if (wc_fpfs_run(&t, (int)c + 1, (int)m, mode == WC_NIC_MODE_FPFS ? WC_FPFS : WC_FCFS, &res, NULL, NULL,
                    sent, work, (int)(sizeof work / sizeof work[0])))
        return 0;
    if (wc_nic_send_order(mode, m, c, ord, 32 * 64) != (int)(m * c))
        return 0;
    /* The root sends one copy per step from step 1, so the i-th send of
     * the NIC order must be the one wc_fpfs scheduled in step i+1. */
    for (i = 0; i < m * c; i++)
        if (sent[ord[i].child * m + ord[i].pkt] != (int)i + 1)
            return 0;
    return 1;
}

/* Peak buffer of node 1 in the chain 0 -> 1 -> {2..c+1}, from wc_fpfs. */
static int chain_peak(int mode, unsigned m, unsigned c)
{
    wc_edge ed[40];
    wc_tree t;
    wc_fpfs_result res;
    static int buf[40], work[WC_FPFS_WORK(40, 64)];
    unsigned k;
    t.src = 0; t.nedges = 0; t.cap = 40; t.edges = ed;
    wc_tree_add(&t, 0, 1, 0);
    for (k = 0; k < c; k++)
        wc_tree_add(&t, 1, (int)k + 2, 0);
    if (wc_fpfs_run(&t, (int)c + 2, (int)m, mode == WC_NIC_MODE_FPFS ? WC_FPFS : WC_FCFS, &res, NULL, buf,
                    NULL, work, (int)(sizeof work / sizeof work[0])))
        return -1000;
    return buf[1];
}

static void test_orders(void)
{
    wc_nic_send o[6];
    unsigned m, c, bad = 0, badp = 0, n = 0;
    unsigned last[64];
    GROUP("FPFS and FCFS orders for 3 packets to 2 children (Kesavan & Panda Figs. 6-7)", {
        CHECK(wc_nic_send_order(WC_NIC_MODE_FPFS, 3, 2, o, 6) == 6 &&
              o[0].pkt == 0 && o[0].child == 0 && o[1].pkt == 0 && o[1].child == 1 &&
              o[2].pkt == 1 && o[2].child == 0 && o[5].pkt == 2 && o[5].child == 1, "FPFS packet-major");
        CHECK(wc_nic_send_order(WC_NIC_MODE_FCFS, 3, 2, o, 6) == 6 &&
              o[0].pkt == 0 && o[0].child == 0 && o[1].pkt == 1 && o[1].child == 0 &&
              o[3].pkt == 0 && o[3].child == 1 && o[5].pkt == 2 && o[5].child == 1, "FCFS child-major");
        CHECK(wc_nic_send_order(WC_NIC_MODE_HOST, 3, 2, o, 6) == -WC_NIC_ST_BADOP, "host mode has no NIC order");
        CHECK(wc_nic_send_order(WC_NIC_MODE_FPFS, 3, 2, o, 5) == -WC_NIC_ST_BADLEN, "short output");
        CHECK(wc_nic_send_order(WC_NIC_MODE_FPFS, 0, 2, o, 6) == -WC_NIC_ST_BADLEN, "no packets");
    });
    GROUP("orders equal wc_fpfs_run's root schedule, m = 1..64, c = 1..16, both modes", {
        for (m = 1; m <= 64; m += (m < 8 ? 1u : 7u))
            for (c = 1; c <= 16; c++) {
                n += 2;
                bad += !star_matches(WC_NIC_MODE_FPFS, m, c);
                bad += !star_matches(WC_NIC_MODE_FCFS, m, c);
            }
        CHECK(bad == 0, "%u of %u cases differ", bad, n);
    });
    GROUP("intermediate-node buffer peaks equal wc_fpfs_run's, FPFS <= FCFS", {
        n = 0;
        for (m = 1; m <= 64; m += (m < 8 ? 1u : 7u))
            for (c = 1; c <= 16; c++) {
                int pf = wc_nic_peak_buffers(WC_NIC_MODE_FPFS, m, c, last, 64);
                int pc = wc_nic_peak_buffers(WC_NIC_MODE_FCFS, m, c, last, 64);
                n++;
                if (pf != chain_peak(WC_NIC_MODE_FPFS, m, c) || pc != chain_peak(WC_NIC_MODE_FCFS, m, c))
                    bad++;
                if (pf > pc)
                    badp++;
            }
        CHECK(bad == 0, "%u of %u peaks differ from wc_fpfs", bad, n);
        CHECK(badp == 0, "FPFS above FCFS in %u cases", badp);
        CHECK(wc_nic_peak_buffers(WC_NIC_MODE_FCFS, 64, 2, last, 64) == 64, "FCFS, 2 children, 64 packets holds all 64");
        CHECK(wc_nic_peak_buffers(WC_NIC_MODE_FPFS, 64, 1, last, 64) == 1, "FPFS to one child holds 1");
        CHECK(wc_nic_peak_buffers(WC_NIC_MODE_FPFS, 4, 2, last, 3) == -WC_NIC_ST_BADLEN, "scratch too small");
    });
}

int main(void)
{
    test_table();
    test_orders();
    return wc_test_done();
}

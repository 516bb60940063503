/* SPDX-License-Identifier: Apache-2.0 */
/* Tree placement of the firmware's multicast runtime (sw/fw/mc_tree.c),
 * on the host.  For many (system size, member set, root, tree) cases every
 * member computes its own place, as each node's core does; assembled over
 * all members the places must be exactly the library's tree, built here
 * directly from sw/lib: every member reached once, parents and children
 * consistent, each node's children in the library's issue order.  Every
 * entry must be one the NIC's group table takes (wc_nic_group_set, the C
 * reference of the id rule), and where a tree breaks the rule, every
 * member must refuse it alike. */
#include <stdio.h>
#include <string.h>
#include "mc_tree.h"
#include "wc_hcube.h"
#include "wc_kbin.h"
#include "wc_nic_group.h"
#include "wc_postal.h"
#include "wc_rng.h"
#include "../wc_test.h"

typedef struct {
    long cases, placed, idrule, fanout;
    long hcube_cases, hcube_idrule;
} tally;

static tally T;

/* The library's tree for the case, built the way the runtime documents:
 * the root, then the other members by increasing id. */
static int reference(const mc_tree *t, const uint16_t *mem, unsigned n, unsigned root, unsigned nn,
                     wc_edge *edges, int *k)
{
    int chain[MC_MAX_NODES], work[MC_MAX_NODES + 1], m = 0;
    unsigned v, i;
    wc_tree tr = { 0, 0, MC_MAX_NODES, edges };
    chain[m++] = (int)root;
    for (v = 0; v < nn; v++)
        for (i = 0; i < n; i++)
            if (mem[i] == v && v != root)
                chain[m++] = (int)v;
    *k = 0;
    switch (t->kind) {
    case MC_TREE_BINOMIAL:
        *k = wc_kbin_log2ceil((int)n);
        if (*k < 1)
            *k = 1;
        return wc_kbin_tree(chain, m, *k, &tr) < 0 ? -1 : tr.nedges;
    case MC_TREE_KBIN:
        *k = t->k;
        return wc_kbin_tree(chain, m, *k, &tr) < 0 ? -1 : tr.nedges;
    case MC_TREE_KBIN_OPT: {
        int pk = (int)((t->msg_len + WC_NIC_PAYLOAD - 1) / WC_NIC_PAYLOAD);
        *k = n < 2 ? 1 : wc_kbin_kopt((int)n, pk ? pk : 1);
        return wc_kbin_tree(chain, m, *k, &tr) < 0 ? -1 : tr.nedges;
    }
    case MC_TREE_POSTAL:
        return wc_postal_tree(chain, m, t->o, t->lat, &tr, work) < 0 ? -1 : tr.nedges;
    case MC_TREE_HCUBE: {
        int d = 0;
        while ((1u << d) < nn)
            d++;
        return wc_hcube_tree(t->algo, d, t->high_first, (int)root, chain + 1, m - 1, work, &tr) < 0 ? -1
                                                                                                 : tr.nedges;
    }
    }
    return -1;
}

static const char *desc(const mc_tree *t, unsigned nn, unsigned n, unsigned root)
{
    static char b[128];
    snprintf(b, sizeof b, "kind %d k %d len %u o %d lat %d algo %d hf %d, %u nodes, %u members, root %u", t->kind,
             t->k, t->msg_len, t->o, t->lat, t->algo, t->high_first, nn, n, root);
    return b;
}

/* One case: every member places itself; compare with the library. */
static void one(const mc_tree *t, const uint16_t *mem, unsigned n, unsigned root, unsigned nn)
{
    static mc_place_t pl[MC_MAX_NODES];
    static wc_nic_gtab gt;
    wc_edge ref[MC_MAX_NODES];
    int rc[MC_MAX_NODES], parent[MC_MAX_NODES], k, ne, bad, i, ok = 1, rule, fan = 0;
    int count[MC_MAX_NODES], seen[MC_MAX_NODES];
    unsigned v, c;
    int member[MC_MAX_NODES];
    T.cases++;
    T.hcube_cases += t->kind == MC_TREE_HCUBE;
    memset(member, 0, sizeof member);
    for (i = 0; i < (int)n; i++)
        member[mem[i]] = 1;
    ne = reference(t, mem, n, root, nn, ref, &k);
    CHECK(ne == (int)n - 1, "library tree for %s: %d edges", desc(t, nn, n, root), ne);
    if (ne != (int)n - 1)
        return;
    for (v = 0; v < nn; v++) {
        parent[v] = -1;
        count[v] = 0;
    }
    for (i = 0; i < ne; i++) {
        parent[ref[i].to] = ref[i].from;
        fan |= ++count[ref[i].from] > WC_NIC_MAX_CHILDREN;
    }
    rule = wc_nic_tree_check(parent, nn, root, &bad) == 0;
    for (v = 0; v < nn; v++)
        rc[v] = mc_place(t, mem, n, root, v, nn, &pl[v]);
    /* the verdict is the whole tree's, the same at every member */
    for (v = 0; v < nn; v++) {
        int want = !member[v] ? MC_E_NOTMEMBER : fan ? MC_E_FANOUT : !rule ? MC_E_IDRULE : MC_OK;
        if (rc[v] != want) {
            CHECK(0, "%s: node %u got %d (%s), want %d", desc(t, nn, n, root), v, rc[v], mc_strerror(rc[v]), want);
            ok = 0;
        }
    }
    T.fanout += fan;
    T.idrule += !fan && !rule;
    T.hcube_idrule += t->kind == MC_TREE_HCUBE && !fan && !rule;
    if (!ok || fan || !rule)
        return;
    T.placed++;
    /* assemble the members' places and compare with the library, node by
     * node and child by child in issue order */
    memset(seen, 0, sizeof seen);
    wc_nic_gtab_init(&gt, 0, nn);
    for (v = 0; v < nn; v++) {
        unsigned j = 0;
        if (!member[v])
            continue;
        ok &= (v == root) == (pl[v].parent == (unsigned)WC_NIC_NO_PARENT);
        if (v != root)
            ok &= (int)pl[v].parent == parent[v];
        for (i = 0; i < ne; i++)
            if ((unsigned)ref[i].from == v) {
                ok &= j < pl[v].nchild && pl[v].child[j] == (unsigned)ref[i].to;
                j++;
            }
        ok &= j == pl[v].nchild;
        for (c = 0; c < pl[v].nchild; c++) {
            unsigned ch = pl[v].child[c];
            /* the child names this node its parent; reached once */
            ok &= ch < nn && member[ch] && pl[ch].parent == v;
            if (ch < nn)
                seen[ch]++;
            /* the id rule below the root */
            ok &= v == root || ch > v;
        }
        /* the NIC's own reference takes the entry */
        gt.self = v;
        ok &= wc_nic_group_set(&gt, 1, pl[v].parent, pl[v].child, pl[v].nchild) == 0 ||
              (v == root && pl[v].nchild == 0);
        if (t->kind == MC_TREE_KBIN || t->kind == MC_TREE_BINOMIAL || t->kind == MC_TREE_KBIN_OPT)
            ok &= pl[v].k == k && (int)pl[v].nchild <= k;
    }
    for (v = 0; v < nn; v++)
        ok &= seen[v] == (member[v] && v != root);
    /* depths: the root's is 0, a child's one more than its parent's */
    for (v = 0; v < nn; v++)
        if (member[v] && v != root)
            ok &= pl[v].depth == pl[pl[v].parent].depth + 1 && pl[v].depth <= pl[v].height &&
                  pl[v].height == pl[root].height;
    CHECK(ok, "%s: assembled places differ from the library's tree", desc(t, nn, n, root));
}

static void members_random(wc_rng *r, unsigned nn, uint16_t *mem, unsigned *n, unsigned *root)
{
    unsigned v, m = 0, p;
    for (v = 0; v < nn; v++)
        if (wc_rng_below(r, 3) != 0)
            mem[m++] = (uint16_t)v;
    if (m == 0)
        mem[m++] = (uint16_t)wc_rng_below(r, nn);
    /* any order: shuffle */
    for (v = m; v > 1; v--) {
        uint16_t x;
        p = wc_rng_below(r, v);
        x = mem[v - 1];
        mem[v - 1] = mem[p];
        mem[p] = x;
    }
    *n = m;
    *root = mem[wc_rng_below(r, m)];
}

static void trees_for(unsigned nn, mc_tree *t, int *nt)
{
    static const int post[][2] = { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 5 }, { 1, 8 } };
    static const unsigned lens[] = { 1, 256, 257, 4096, 16384 };
    int i, k;
    *nt = 0;
    mc_tree_parse("binomial", &t[(*nt)++]);
    for (k = 1; k <= 7; k++) {
        mc_tree_parse("kbin:1", &t[*nt]);
        t[(*nt)++].k = k;
    }
    for (i = 0; i < 5; i++) {
        mc_tree_parse("kbin:opt", &t[*nt]);
        t[(*nt)++].msg_len = lens[i];
    }
    for (i = 0; i < 5; i++) {
        mc_tree_parse("postal:1", &t[*nt]);
        t[*nt].o = post[i][0];
        t[(*nt)++].lat = post[i][1];
    }
    if ((nn & (nn - 1)) == 0 && nn >= 2) {
        for (i = 0; i < 8; i++) {
            mc_tree_parse("hcube:ucube", &t[*nt]);
            t[*nt].algo = i % 4;
            t[(*nt)++].high_first = i < 4;
        }
    }
}

static void directed(void)
{
    uint16_t m8[8] = { 7, 6, 5, 4, 3, 2, 1, 0 };
    mc_place_t p;
    mc_tree t;
    /* the classical binomial tree on 8 nodes, root 0, largest subtree first */
    mc_tree_parse("binomial", &t);
    CHECK(mc_place(&t, m8, 8, 0, 0, 8, &p) == MC_OK && p.nchild == 3 && p.child[0] == 4 && p.child[1] == 2 &&
              p.child[2] == 1 && p.parent == (unsigned)WC_NIC_NO_PARENT && p.height == 3,
          "binomial 8: root 0 sends to 4, 2, 1");
    CHECK(mc_place(&t, m8, 8, 0, 4, 8, &p) == MC_OK && p.parent == 0 && p.nchild == 2 && p.child[0] == 6 &&
              p.child[1] == 5 && p.depth == 1,
          "binomial 8: node 4 sends to 6, 5");
    CHECK(mc_place(&t, m8, 8, 0, 7, 8, &p) == MC_OK && p.parent == 6 && p.nchild == 0 && p.depth == 3,
          "binomial 8: node 7 is a leaf under 6");
    /* root 5: the chain is 5, 0, 1, 2, 3, 4, 6, 7 */
    CHECK(mc_place(&t, m8, 8, 5, 5, 8, &p) == MC_OK && p.nchild == 3 && p.child[0] == 3 && p.child[1] == 1 &&
              p.child[2] == 0,
          "binomial 8 rooted at 5: chain order 5,0,1,2,3,4,6,7");
    /* k = 1: a chain in id order */
    mc_tree_parse("kbin:1", &t);
    CHECK(mc_place(&t, m8, 8, 3, 0, 8, &p) == MC_OK && p.parent == 3 && p.nchild == 1 && p.child[0] == 1,
          "kbin:1 rooted at 3: 3 -> 0 -> 1 -> 2 -> 4 ...");
    CHECK(mc_place(&t, m8, 8, 3, 2, 8, &p) == MC_OK && p.parent == 1 && p.child[0] == 4, "kbin:1: 2 -> 4");
    /* one member: the root alone */
    mc_tree_parse("binomial", &t);
    CHECK(mc_place(&t, m8, 1, 7, 7, 8, &p) == MC_OK && p.nchild == 0 && p.parent == (unsigned)WC_NIC_NO_PARENT,
          "a group of the root alone");
    CHECK(mc_place(&t, m8, 1, 7, 6, 8, &p) == MC_E_NOTMEMBER, "a non-member is told so");
    /* bad descriptions */
    {
        uint16_t dup[3] = { 1, 2, 1 }, far[2] = { 0, 9 };
        CHECK(mc_place(&t, dup, 3, 1, 1, 8, &p) == MC_E_ARG, "duplicate member refused");
        CHECK(mc_place(&t, far, 2, 0, 0, 8, &p) == MC_E_ARG, "member outside the system refused");
        CHECK(mc_place(&t, m8, 8, 8, 0, 8, &p) == MC_E_ARG, "root outside the system refused");
        CHECK(mc_place(&t, m8 + 1, 7, 7, 1, 8, &p) == MC_E_ARG, "root not a member refused");
        t.kind = MC_TREE_KBIN;
        t.k = 0;
        CHECK(mc_place(&t, m8, 8, 0, 0, 8, &p) == MC_E_ARG, "k = 0 refused");
        t.kind = MC_TREE_KINDS;
        CHECK(mc_place(&t, m8, 8, 0, 0, 8, &p) == MC_E_ARG, "unknown tree kind refused");
    }
    /* a hypercube tree on a system that is not a cube */
    mc_tree_parse("hcube:ucube", &t);
    {
        uint16_t m6[6] = { 0, 1, 2, 3, 4, 5 };
        CHECK(mc_place(&t, m6, 6, 0, 0, 6, &p) == MC_E_TOPO, "hcube tree on 6 nodes: MC_E_TOPO");
    }
    /* hypercube tree from node 0 keeps the rule: relative = absolute ids */
    {
        uint16_t m16[16];
        unsigned v;
        int all = 1;
        for (v = 0; v < 16; v++)
            m16[v] = (uint16_t)v;
        for (v = 0; v < 16; v++)
            all &= mc_place(&t, m16, 16, 0, v, 16, &p) == MC_OK;
        CHECK(all, "hcube:ucube on a 4-cube from node 0 is placed at every node");
        /* from node 1 the U-cube tree has 0 -> ... edges below the root:
         * node 1 sends to 0 ^ ... ; the rule breaks and all refuse */
        all = 1;
        for (v = 0; v < 16; v++)
            all &= mc_place(&t, m16, 16, 15, v, 16, &p) == MC_E_IDRULE;
        CHECK(all, "hcube:ucube on a 4-cube from node 15 breaks the id rule at every node alike");
    }
    /* postal with a long latency piles children on the root */
    {
        uint16_t m64[MC_MAX_NODES];
        unsigned v, all = 1;
        for (v = 0; v < MC_MAX_NODES; v++)
            m64[v] = (uint16_t)v;
        mc_tree_parse("postal:60", &t);
        for (v = 0; v < MC_MAX_NODES; v++)
            all &= mc_place(&t, m64, MC_MAX_NODES, 0, v, MC_MAX_NODES, &p) == MC_E_FANOUT;
        CHECK(all, "postal:60 over %d nodes: more than %d children, refused at every node", MC_MAX_NODES,
              WC_NIC_MAX_CHILDREN);
    }
}

static void names(void)
{
    static const char *const good[] = { "binomial", "kbin:1", "kbin:12", "kbin:opt", "postal:3", "postal:2/7",
                                        "hcube:ucube", "hcube:wsort:low", "kbin:2,binomial" };
    static const char *const bad[] = { "", "binomia", "binomialx", "kbin:", "kbin:0", "kbin:x", "postal:",
                                       "postal:0", "postal:1/", "postal:256", "hcube:", "hcube:foo",
                                       "hcube:ucube:high", "kbin:3x" };
    unsigned i;
    mc_tree t;
    for (i = 0; i < sizeof good / sizeof good[0]; i++)
        CHECK(mc_tree_parse(good[i], &t) == 0, "tree name '%s' accepted", good[i]);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(mc_tree_parse(bad[i], &t) == -1, "tree name '%s' refused", bad[i]);
    CHECK(mc_tree_parse("postal:2/7", &t) == 0 && t.kind == MC_TREE_POSTAL && t.o == 2 && t.lat == 7,
          "postal:2/7 is o 2, lat 7");
    CHECK(mc_tree_parse("postal:5", &t) == 0 && t.o == 1 && t.lat == 5, "postal:5 is o 1, lat 5");
    CHECK(mc_tree_parse("hcube:combine:low", &t) == 0 && t.kind == MC_TREE_HCUBE &&
              t.algo == WC_HCUBE_COMBINE && t.high_first == 0,
          "hcube:combine:low");
    CHECK(mc_tree_parse("kbin:3", &t) == 0 && t.kind == MC_TREE_KBIN && t.k == 3, "kbin:3");
}

int main(void)
{
    static const unsigned sizes[] = { 1, 2, 3, 5, 8, 13, 16, 31, 32, 64 };
    wc_rng r;
    unsigned s;
    wc_rng_seed(&r, 1);
    GROUP("directed placements and refusals", directed());
    GROUP("tree names", names());
    GROUP("every member's place, assembled, is the library's tree", {
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            unsigned nn = sizes[s], rep;
            for (rep = 0; rep < 12; rep++) {
                mc_tree t[32];
                uint16_t mem[MC_MAX_NODES];
                unsigned n, root;
                int nt, i;
                members_random(&r, nn, mem, &n, &root);
                /* the whole system now and then, root 0 and the last node too */
                if (rep == 0 || rep == 1) {
                    for (n = 0; n < nn; n++)
                        mem[n] = (uint16_t)n;
                    root = rep == 0 ? 0 : nn - 1;
                }
                trees_for(nn, t, &nt);
                for (i = 0; i < nt; i++)
                    one(&t[i], mem, n, root, nn);
            }
        }
    });
    printf("     %ld cases: %ld placed, %ld refused for the id rule (all hypercube: %ld of %ld hypercube "
           "cases), %ld for fan-out\n",
           T.cases, T.placed, T.idrule, T.hcube_idrule, T.hcube_cases, T.fanout);
    CHECK(T.idrule == T.hcube_idrule, "only hypercube trees ever break the id rule");
    CHECK(T.placed > T.cases / 2, "most cases are placed");
    return wc_test_done();
}

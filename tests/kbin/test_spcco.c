/* SPDX-License-Identifier: Apache-2.0 */
/* SPCCO (Liu et al., GPC 2006 Section 1,
 * after Kesavan and Panda): checked exhaustively on small generated
 * irregular networks against what the paper says it is -- every
 * multicast's sequence consists of partial ordered chains (a binomial
 * multicast on a chain alone has no contention), and the sequence is
 * shifted until the source is first, so every source of one node set
 * walks the same cyclic sequence -- plus first-fit chain construction,
 * independence from the order the destinations are listed in, and the
 * tree reaching every destination once.  The papers give no worked SPCCO
 * example; the single-switch case below is worked by hand. */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_spcco.h"
#include "wc_cco.h"
#include "wc_kbin.h"
#include "wc_ram_topo.h"

#define MAXN 8          /* hosts of the exhaustive networks: 2^8 subsets */
#define MAXL 70         /* links of one route (wc_ram_topo's 64 hops + 1) */

/* 1 if the binomial multicast on mem[0..q-1] has two same-step unicasts
 * whose routes share a directed link (the POC property, brute force) */
static int binomial_contends(const wc_topo *t, const int *mem, int q)
{
    wc_edge e[MAXN];
    wc_tree tr = { 0, 0, MAXN, e };
    int a, b, x, y;
    if (q < 2)
        return 0;
    wc_kbin_tree(mem, q, wc_kbin_log2ceil(q), &tr);
    for (a = 0; a < tr.nedges; a++)
        for (b = a + 1; b < tr.nedges; b++) {
            int la[MAXL], lb[MAXL], na, nb;
            if (tr.edges[a].step != tr.edges[b].step)
                continue;
            na = wc_topo_links((void *)t, tr.edges[a].from, tr.edges[a].to, la, MAXL);
            nb = wc_topo_links((void *)t, tr.edges[b].from, tr.edges[b].to, lb, MAXL);
            if (na < 0 || nb < 0)
                return 1;
            for (x = 0; x < na; x++)
                for (y = 0; y < nb; y++)
                    if (la[x] == lb[y])
                        return 1;
        }
    return 0;
}

/* the members of set (bit mask) in base order: by switch in BFS-level
 * order, switch id, then host id */
static int base_order(const wc_topo *t, unsigned set, int *out)
{
    int d, v, h, q = 0;
    for (d = 0; d < t->nrouters; d++)
        for (v = 0; v < t->nrouters; v++)
            if (t->level[v] == d)
                for (h = 0; h < t->nnodes; h++)
                    if ((set >> h & 1) && t->node_router[h] == v)
                        out[q++] = h;
    return q;
}

/* Every property for one set and source; returns 1 if all hold. */
static int check_one(const wc_topo *t, unsigned set, int src, const int *base, int n, int *cyc, char *why)
{
    int dst[MAXN], nd = 0, chain[MAXN], poc[MAXN], i, j, c, r, seen = 0;
    wc_edge e[MAXN];
    wc_tree tr = { 0, 0, MAXN, e };
    char err[256];
    for (i = 0; i < n; i++)
        if (base[i] != src)
            dst[nd++] = base[i];
    /* list the destinations backwards: the result must not depend on it */
    for (i = 0; i < nd / 2; i++) {
        int x = dst[i];
        dst[i] = dst[nd - 1 - i];
        dst[nd - 1 - i] = x;
    }
    r = wc_spcco_topo(t, src, dst, nd, 0, &tr, chain, poc, err, sizeof err);
    if (r < 0) {
        strcpy(why, err);
        return 0;
    }
    if (chain[0] != src) {
        strcpy(why, "source not first");
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (!(set >> chain[i] & 1) || (seen >> chain[i] & 1)) {
            strcpy(why, "sequence is not a permutation of the set");
            return 0;
        }
        seen |= 1 << chain[i];
    }
    /* the shift: one cyclic sequence whoever the source (cyc holds the
     * sequence of the set's first source, -1 before it is known) */
    if (cyc[0] < 0)
        memcpy(cyc, chain, sizeof *chain * (size_t)n);
    else {
        for (j = 0; j < n && cyc[j] != src; j++)
            ;
        for (i = 0; i < n; i++)
            if (chain[i] != cyc[(j + i) % n]) {
                strcpy(why, "not a rotation of the set's cyclic sequence");
                return 0;
            }
    }
    /* chains are contiguous in the unrotated concatenation, numbered in
     * order: rotated, chain numbers rise by at most one and wrap once */
    for (i = 1, j = 0; i < n; i++)
        if (poc[i] != poc[i - 1] && poc[i] != poc[i - 1] + 1 && !(poc[i] == 0 && !j++)) {
            strcpy(why, "chains are not contiguous");
            return 0;
        }
    /* each chain, in base order, is a partial ordered chain; every member
     * of chain c > 0 would have made each earlier chain contend (first
     * fit), judged on that chain's members before it in base order */
    for (c = 0; c < n; c++) {
        int mem[MAXN], q = 0, b;   /* chain c in base order */
        for (b = 0; b < n; b++)
            for (i = 0; i < n; i++)
                if (chain[i] == base[b] && poc[i] == c)
                    mem[q++] = base[b];
        if (binomial_contends(t, mem, q)) {
            sprintf(why, "chain %d is not contention-free", c);
            return 0;
        }
    }
    {
        int b;
        for (b = 0; b < n; b++) {
            int pb = -1;
            for (i = 0; i < n; i++)
                if (chain[i] == base[b])
                    pb = poc[i];
            for (c = 0; c < pb; c++) {
                int mem[MAXN], q = 0, a;
                for (a = 0; a < b; a++)
                    for (i = 0; i < n; i++)
                        if (chain[i] == base[a] && poc[i] == c)
                            mem[q++] = base[a];
                mem[q++] = base[b];
                if (!binomial_contends(t, mem, q)) {
                    sprintf(why, "host %d could have joined chain %d (not first fit)", base[b], c);
                    return 0;
                }
            }
        }
    }
    /* the tree: every destination exactly once, from a node that has it */
    if (tr.nedges != nd) {
        strcpy(why, "tree edge count");
        return 0;
    }
    seen = 1 << src;
    for (i = 0; i < tr.nedges; i++) {
        int got = 0;
        for (j = 0; j < tr.nedges; j++)
            if (tr.edges[j].to == tr.edges[i].from && tr.edges[j].step < tr.edges[i].step)
                got = 1;
        if ((seen >> tr.edges[i].to & 1) || (tr.edges[i].from != src && !got)) {
            strcpy(why, "tree reaches a node twice or sends before receiving");
            return 0;
        }
        seen |= 1 << tr.edges[i].to;
    }
    return seen == (int)set;
}

int main(void)
{
    char err[256], why[256];
    int seed, i;

    GROUP("worked by hand: one switch, so no two unicasts share a link and all members form one chain", {
        /* irregular:1,8,8,1: hosts 0..7 on switch 0.  Set {1,3,4,6} from
         * 4: base order 1,3,4,6 shifted to 4,6,1,3; binomial over four
         * (k = 2, L1 = 2): 4 -> 1 in step 1 (it covers 1,3), then 4 -> 6
         * and 1 -> 3 in step 2 */
        wc_topo *t = wc_topo_create("irregular:1,8,8,1", err, sizeof err);
        CHECK(t != NULL, "topology: %s", err);
        if (t) {
            int dst[3] = { 6, 1, 3 }, chain[4], poc[4], want[4] = { 4, 6, 1, 3 }, r;
            wc_edge e[3];
            wc_tree tr = { 0, 0, 3, e };
            r = wc_spcco_topo(t, 4, dst, 3, 0, &tr, chain, poc, err, sizeof err);
            CHECK(r == 2, "completes in step 2 (got %d: %s)", r, r < 0 ? err : "");
            CHECK(!memcmp(chain, want, sizeof want), "sequence 4,6,1,3 (got %d,%d,%d,%d)", chain[0], chain[1],
                  chain[2], chain[3]);
            CHECK(poc[0] == 0 && poc[1] == 0 && poc[2] == 0 && poc[3] == 0, "one chain");
            CHECK(tr.nedges == 3 && e[0].from == 4 && e[0].to == 1 && e[0].step == 1 && e[1].from == 4 &&
                  e[1].to == 6 && e[1].step == 2 && e[2].from == 1 && e[2].to == 3 && e[2].step == 2,
                  "tree 4->1@1, 4->6@2, 1->3@2");
            wc_topo_free(t);
        }
    });

    GROUP("all 2^8 node sets x every source on 8 generated 8-host irregular networks: partial ordered chains, "
          "first fit, one cyclic sequence per set shifted to its source, every destination once", {
        long sets = 0, runs = 0, multi = 0;
        for (seed = 1; seed <= 8; seed++) {
            char name[64];
            wc_topo *t;
            unsigned set;
            /* 4 switches of 2 hosts, or 8 switches of 1: up to 4 (or 5)
             * links a switch, so routes share links and chains split */
            snprintf(name, sizeof name, seed & 1 ? "irregular:4,6,2,%d" : "irregular:8,4,1,%d", seed);
            t = wc_topo_create(name, err, sizeof err);
            if (!t || t->nnodes != MAXN) {
                CHECK(0, "%s: %s", name, t ? "not 8 hosts" : err);
                wc_topo_free(t);
                continue;
            }
            for (set = 1; set < 1u << MAXN; set++) {
                int base[MAXN], n = base_order(t, set, base), cyc[MAXN], ok = 1, k;
                cyc[0] = -1;
                sets++;
                for (k = 0; k < n && ok; k++) {
                    int chain[MAXN], poc[MAXN], dst[MAXN], nd = 0;
                    wc_edge e[MAXN];
                    wc_tree tr = { 0, 0, MAXN, e };
                    ok = check_one(t, set, base[k], base, n, cyc, why);
                    CHECK(ok, "%s set 0x%02x source %d: %s", name, set, base[k], why);
                    runs++;
                    for (i = 0; i < n; i++)
                        if (base[i] != base[k])
                            dst[nd++] = base[i];
                    if (wc_spcco_topo(t, base[k], dst, nd, 0, &tr, chain, poc, err, sizeof err) >= 0)
                        for (i = 0; i < n; i++)
                            if (poc[i])
                                multi++;
                }
            }
            wc_topo_free(t);
        }
        CHECK(sets == 8 * ((1 << MAXN) - 1), "%ld sets", sets);
        /* the networks must exercise contention, or the check proves little */
        CHECK(multi > 0, "%ld runs, %ld positions outside chain 0", runs, multi);
        printf("     %ld sets, %ld (set, source) runs, %ld positions outside chain 0\n", sets, runs, multi);
    });

    GROUP("every ordering of the destinations gives the same sequence (sets of 6 on an 8-host network)", {
        wc_topo *t = wc_topo_create("irregular:8,4,1,3", err, sizeof err);
        CHECK(t != NULL, "topology: %s", err);
        if (t) {
            int d[5] = { 0, 2, 3, 5, 7 }, perm[5], ref[6], chain[6], poc[6], np = 0, same = 1, have = 0;
            wc_edge e[6];
            wc_tree tr = { 0, 0, 6, e };
            int a, b, c, x, y;
            for (a = 0; a < 5; a++)
                for (b = 0; b < 5; b++)
                    for (c = 0; c < 5; c++)
                        for (x = 0; x < 5; x++)
                            for (y = 0; y < 5; y++) {
                                if (a == b || a == c || a == x || a == y || b == c || b == x || b == y || c == x ||
                                    c == y || x == y)
                                    continue;
                                perm[0] = d[a]; perm[1] = d[b]; perm[2] = d[c]; perm[3] = d[x]; perm[4] = d[y];
                                if (wc_spcco_topo(t, 6, perm, 5, 0, &tr, chain, poc, err, sizeof err) < 0) {
                                    same = 0;
                                    continue;
                                }
                                np++;
                                if (!have) {
                                    memcpy(ref, chain, sizeof ref);
                                    have = 1;
                                } else if (memcmp(ref, chain, sizeof ref))
                                    same = 0;
                            }
            CHECK(np == 120 && same, "120 orderings, one sequence (%d ran)", np);
            wc_topo_free(t);
        }
    });

    GROUP("the source first in base order: SPCCO is CCO on the same base order", {
        wc_topo *t = wc_topo_create("irregular:8,4,1,5", err, sizeof err);
        if (t) {
            int mem[MAXN], a[MAXN], b[MAXN], pa[MAXN], pb[MAXN], *work, nw = WC_SPCCO_WORK(MAXN, 64), na, nb;
            work = malloc(sizeof *work * (size_t)nw);
            base_order(t, 0xffu, mem);
            na = wc_spcco_order(mem[0], mem, MAXN, wc_topo_links, t, 64, a, pa, work, nw);
            nb = wc_cco_order(mem[0], mem + 1, MAXN - 1, wc_topo_links, t, 64, b, pb, work, nw);
            CHECK(na >= 1 && na == nb && !memcmp(a, b, sizeof a) && !memcmp(pa, pb, sizeof pa),
                  "same chains (%d and %d) and sequence", na, nb);
            free(work);
            wc_topo_free(t);
        } else
            CHECK(0, "topology: %s", err);
    });

    GROUP("bad input: source not a member or listed twice, storage too small", {
        wc_topo *t = wc_topo_create("irregular:8,4,1,5", err, sizeof err);
        if (t) {
            int mem[4] = { 1, 2, 3, 2 }, ch[4], *work, nw = WC_SPCCO_WORK(4, 64);
            work = malloc(sizeof *work * (size_t)nw);
            CHECK(wc_spcco_order(5, mem, 3, wc_topo_links, t, 64, ch, NULL, work, nw) < 0, "source not a member");
            CHECK(wc_spcco_order(2, mem, 4, wc_topo_links, t, 64, ch, NULL, work, nw) < 0, "source twice");
            CHECK(wc_spcco_order(1, mem, 3, wc_topo_links, t, 64, ch, NULL, work, WC_SPCCO_WORK(3, 64) - 1) < 0,
                  "work one int short");
            CHECK(wc_spcco_order(1, mem, 3, wc_topo_links, t, 64, ch, NULL, work, WC_SPCCO_WORK(3, 64)) >= 1,
                  "exact work is enough");
            free(work);
            wc_topo_free(t);
        } else
            CHECK(0, "topology: %s", err);
    });
    return wc_test_done();
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Postal tree (Yu, Buntinas and Panda, ICPP 2003 Section
 * 5.5) against the postal recurrence and an exhaustive search. */
#include <string.h>
#include "../wc_test.h"
#include "wc_postal.h"
#include "wc_kbin.h"
#include "wc_rng.h"

#define MAXN 200

/* Least completion over every assignment of senders, by exhaustive
 * search: state = sorted multiset of ready times (small n only). */
static int best_T;
static void exhaust(int *ready, int have, int n, int o, int lat, int T)
{
    int j;
    if (T >= best_T)
        return;
    if (have == n) {
        best_T = T;
        return;
    }
    for (j = 0; j < have; j++) {
        int dup = 0, q, t = ready[j];
        for (q = 0; q < j; q++)
            dup |= ready[q] == ready[j];
        if (dup)
            continue;       /* identical senders give identical subtrees */
        ready[j] = t + o;
        ready[have] = t + lat;
        exhaust(ready, have + 1, n, o, lat, T > t + lat ? T : t + lat);
        ready[j] = t;
    }
}

int main(void)
{
    static wc_edge e[MAXN];
    wc_tree t = { 0, 0, MAXN, e };
    int chain[MAXN], work[MAXN], i, n, o, lat;
    wc_rng rng;
    for (i = 0; i < MAXN; i++)
        chain[i] = 1000 + i;

    GROUP("o = lat = 1 is the binomial tree: ceil(log2 n)", {
        for (n = 1; n <= MAXN; n++)
            CHECK(wc_postal_tree(chain, n, 1, 1, &t, work) == wc_kbin_log2ceil(n), "n=%d", n);
    });

    GROUP("completion = least t with P(t) >= n, P(t) = P(t-o) + P(t-lat) (Bar-Noy and Kipnis count)", {
        wc_rng_seed(&rng, 3);
        for (i = 0; i < 300; i++) {
            int T, want = 0;
            n = 1 + (int)wc_rng_below(&rng, MAXN);
            o = 1 + (int)wc_rng_below(&rng, 4);
            lat = o + (int)wc_rng_below(&rng, 12);
            T = wc_postal_tree(chain, n, o, lat, &t, work);
            while (wc_postal_count(want, o, lat) < n)
                want++;
            CHECK(T == (n == 1 ? 0 : want), "n=%d o=%d lat=%d: tree %d, recurrence %d", n, o, lat, T, want);
        }
    });

    GROUP("greedy equals exhaustive search over sender choices (n <= 9)", {
        for (n = 2; n <= 9; n++)
            for (o = 1; o <= 3; o++)
                for (lat = o; lat <= 6; lat++) {
                    int ready[16] = { 0 };
                    best_T = 1 << 30;
                    exhaust(ready, 1, n, o, lat, 0);
                    CHECK(wc_postal_tree(chain, n, o, lat, &t, work) == best_T, "n=%d o=%d lat=%d", n, o, lat);
                }
    });

    GROUP("Section 5.5: a sender sends ceil(lat/o) times before its first child forwards", {
        int sends = 0;
        wc_postal_tree(chain, 64, 2, 7, &t, work);
        /* the source's sends in [0, lat) start at 0, 2, 4, 6: four before
         * its first child (ready at 7) sends */
        for (i = 0; i < t.nedges; i++)
            if (t.edges[i].from == chain[0] && t.edges[i].step - 1 < 7)
                sends++;
        CHECK(sends == 4, "source sent %d times before time 7, want ceil(7/2) = 4", sends);
    });

    GROUP("every node reached exactly once, senders hold the message, sends o apart", {
        wc_rng_seed(&rng, 9);
        for (i = 0; i < 200; i++) {
            int got[MAXN], last[MAXN], k, ok = 1;
            n = 1 + (int)wc_rng_below(&rng, MAXN);
            o = 1 + (int)wc_rng_below(&rng, 5);
            lat = 1 + (int)wc_rng_below(&rng, 20);
            wc_postal_tree(chain, n, o, lat, &t, work);
            for (k = 0; k < n; k++)
                got[k] = -1, last[k] = -1000000;
            got[0] = 0;
            for (k = 0; k < t.nedges; k++) {
                int a = t.edges[k].from - 1000, b = t.edges[k].to - 1000, s = t.edges[k].step - 1;
                ok &= got[b] < 0 && got[a] >= 0 && got[a] <= s && s - last[a] >= o;
                got[b] = s + lat;
                last[a] = s;
            }
            for (k = 0; k < n; k++)
                ok &= got[k] >= 0;
            CHECK(ok && t.nedges == n - 1, "n=%d o=%d lat=%d", n, o, lat);
        }
    });
    return wc_test_done();
}

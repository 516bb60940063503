/* SPDX-License-Identifier: Apache-2.0 */
/* Postal tree: Yu, Buntinas and Panda, ICPP 2003, Section
 * 5.5 ("a node will send to as many destinations as possible while the
 * first destination it sent to has not yet received the message and
 * started sending itself"). */
#include "wc_postal.h"

#define POSTAL_SAT (1L << 30)

long wc_postal_count(int t, int o, int lat)
{
    /* iterate P over t' = 0..t with a ring of the last lat values; o <= lat
     * is the interesting case, but any o >= 1 works as P(t'-o) for
     * t'-o < lat is 1 */
    long ring[256];
    int x;
    if (o < 1 || lat < 1 || lat > 255 || o > 255)
        return -1;
    if (t < lat)
        return 1;
    for (x = 0; x < 256; x++)
        ring[x] = 1;
    for (x = lat; x <= t; x++) {
        long a = x - o < lat ? 1 : ring[(x - o) & 255];
        long b = x - lat < lat ? 1 : ring[(x - lat) & 255];
        long v = a + b;
        ring[x & 255] = v > POSTAL_SAT ? POSTAL_SAT : v;
    }
    return ring[t & 255];
}

int wc_postal_tree(const int *chain, int n, int o, int lat, wc_tree *out, int *work)
{
    int i, done = 0;
    int *ready = work;      /* [n] next time chain position i may start a send */
    if (!chain || !out || !work || n < 1 || o < 1 || lat < 1 ||
        (n > 1 && (!out->edges || out->cap < n - 1)))
        return -1;
    out->src = chain[0];
    out->nedges = 0;
    ready[0] = 0;
    for (i = 1; i < n; i++) {
        /* the informed node that can deliver earliest; ties to the node
         * informed first, which keeps each node's sends contiguous in
         * time and the tree deterministic */
        int j, best = 0, t;
        for (j = 1; j < i; j++)
            if (ready[j] < ready[best])
                best = j;
        t = ready[best];
        if (wc_tree_add(out, chain[best], chain[i], t + 1) < 0)
            return -1;
        ready[best] = t + o;
        ready[i] = t + lat;
        if (t + lat > done)
            done = t + lat;
    }
    return done;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* SPCCO: CCO's chains over all participants, rotated to start at the
 * source (Liu et al., GPC 2006 Section 1). */
#include "wc_spcco.h"
#include "wc_cco.h"
#include "wc_kbin.h"

static void reverse(int *a, int lo, int hi)
{
    while (lo < hi) {
        int x = a[lo];
        a[lo++] = a[hi];
        a[hi--] = x;
    }
}

/* a[0..n-1] rotated left by r, in place (three reversals: no storage) */
static void rotate(int *a, int n, int r)
{
    if (r <= 0 || r >= n)
        return;
    reverse(a, 0, r - 1);
    reverse(a, r, n - 1);
    reverse(a, 0, n - 1);
}

int wc_spcco_order(int src, const int *members, int n, wc_path_fn path, void *ctx, int maxhops,
                   int *chain, int *poc, int *work, int nwork)
{
    int i, at = -1, nchain;
    if (n < 1 || !members || !chain || maxhops < 1 || nwork < WC_SPCCO_WORK(n, maxhops))
        return -1;
    for (i = 0; i < n; i++)
        if (members[i] == src) {
            if (at >= 0)
                return -1;
            at = i;
        }
    if (at < 0)
        return -1;
    /* the first member opens chain 0 in any greedy pass, so handing it to
     * wc_cco_order as the "source" privileges nobody */
    nchain = wc_cco_order(members[0], members + 1, n - 1, path, ctx, maxhops, chain, poc, work, nwork);
    if (nchain < 0)
        return -1;
    for (at = 0; at < n && chain[at] != src; at++)
        ;
    if (at == n)
        return -1;
    rotate(chain, n, at);
    if (poc)
        rotate(poc, n, at);
    return nchain;
}

int wc_spcco_multicast(int src, const int *members, int n, wc_path_fn path, void *ctx, int maxhops,
                       int k, wc_tree *out, int *chain, int *work, int nwork)
{
    if (!out || k < 1 || wc_spcco_order(src, members, n, path, ctx, maxhops, chain, 0, work, nwork) < 0)
        return -1;
    return wc_kbin_tree(chain, n, k, out);
}

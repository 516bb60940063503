/* SPDX-License-Identifier: Apache-2.0 */
/* Robinson et al. Figs. 9-10 (Robinson et al., Supercomputing 1993
 * Section 5.1): for every number of destinations m, the average over 100
 * random destination sets of the maximum steps (all-port step model) of
 * U-cube, Maxport, Combine and W-sort.  Extra columns: U-cube one-port
 * (= ceil(log2(m+1)), the paper's staircase reference) and the all-port
 * lower bound ceil(log_(n+1)(m+1)).
 * Usage: hcube_results N OUT.csv */
#include <stdio.h>
#include <stdlib.h>
#include "wc_hcube.h"
#include "wc_steps.h"
#include "wc_rng.h"

#define SETS 100

int main(int argc, char **argv)
{
    int n, size, m, a, set, i;
    int *perm, *dst, *chain, *work;
    wc_edge *edges;
    wc_rng r;
    FILE *f;
    wc_hcube_cfg cfg;
    if (argc != 3 || (n = atoi(argv[1])) < 1 || n > 12) {
        fprintf(stderr, "usage: hcube_results N(1..12) OUT.csv\n");
        return 2;
    }
    size = 1 << n;
    perm = malloc(sizeof(int) * (size_t)size);
    dst = malloc(sizeof(int) * (size_t)size);
    chain = malloc(sizeof(int) * (size_t)size);
    work = malloc(sizeof(int) * (size_t)WC_STEPS_WORK(size));
    edges = malloc(sizeof(wc_edge) * (size_t)size);
    f = fopen(argv[2], "w");
    if (!perm || !dst || !chain || !work || !edges || !f) {
        fprintf(stderr, "hcube_results: cannot open %s or out of memory\n", argv[2]);
        return 1;
    }
    cfg.n = n;
    cfg.high_first = 1;
    wc_rng_seed(&r, 1995u + (unsigned)n);
    fprintf(f, "# Robinson et al. Fig. %s: %d-cube, all-port, average over %d random sets of the maximum steps\n",
            n == 6 ? "9" : n == 10 ? "10" : "9/10", n, SETS);
    fprintf(f, "destinations,ucube,maxport,combine,wsort,ucube_oneport,lower_bound\n");
    /* every m up to 64, then every 4th and the broadcast m = 2^n-1 */
    for (m = 1; m < size; m = m < 64 ? m + 1 : (m + 4 < size - 1 || m == size - 1 ? m + 4 : size - 1)) {
        long sum[4] = { 0, 0, 0, 0 }, one = 0;
        int lb = 0;
        long p = 1;
        while (p < m + 1) { p *= n + 1; lb++; }
        for (set = 0; set < SETS; set++) {
            wc_tree t;
            int src = (int)wc_rng_below(&r, (uint32_t)size);
            /* m distinct destinations other than src: partial Fisher-Yates */
            for (i = 0; i < size; i++) perm[i] = i;
            perm[src] = size - 1; perm[size - 1] = src;
            for (i = 0; i < m; i++) {
                int j = i + (int)wc_rng_below(&r, (uint32_t)(size - 1 - i)), x = perm[i];
                perm[i] = perm[j]; perm[j] = x;
                dst[i] = perm[i];
            }
            t.edges = edges; t.cap = size;
            for (a = WC_HCUBE_UCUBE; a <= WC_HCUBE_WSORT; a++) {
                int s;
                if (wc_hcube_tree(a, n, 1, src, dst, m, chain, &t) < 0 ||
                    (s = wc_steps_assign(&t, WC_PORT_ALL, wc_hcube_chan, &cfg, work)) < 0) {
                    fprintf(stderr, "hcube_results: tree construction failed\n");
                    return 1;
                }
                sum[a] += s;
                if (a == WC_HCUBE_UCUBE)
                    one += wc_steps_assign(&t, WC_PORT_ONE, wc_hcube_chan, &cfg, work);
            }
        }
        fprintf(f, "%d,%.2f,%.2f,%.2f,%.2f,%.2f,%d\n", m, (double)sum[0] / SETS, (double)sum[1] / SETS,
                (double)sum[2] / SETS, (double)sum[3] / SETS, (double)one / SETS, lb);
    }
    fclose(f);
    printf("hcube_results: wrote %s (%d-cube, m = 1..%d, %d sets per point)\n", argv[2], n, size - 1, SETS);
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Step-level reproduction of Kesavan and Panda, ICPP 1997 results: Fig. 12 (optimal k vs m and vs n), the
 * k-binomial vs binomial comparison of Section 5.2 / Fig. 14, and the
 * FPFS vs FCFS buffer comparison of Section 3.3.  Every step count comes
 * from the FPFS/FCFS simulation of the constructed tree, with Theorem 3's
 * formula alongside.  Usage: results OUTDIR */
#include <stdio.h>
#include <stdlib.h>
#include "wc_kbin.h"
#include "wc_fpfs.h"

#define NMAX 1024

static int chain[NMAX];
static wc_edge edges[NMAX];
static wc_tree tree = { 0, 0, NMAX, edges };

static FILE *open_csv(const char *dir, const char *name, const char *header)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "results: cannot write %s\n", path);
        exit(1);
    }
    fprintf(f, "%s\n", header);
    return f;
}

/* Simulated completion (and max forwarder buffer) of an m-packet multicast
 * on the chain-built k-binomial tree over n nodes. */
static int simulate(int n, int m, int k, int mode, int *maxbuf)
{
    static int *work;
    static int nwork;
    wc_fpfs_result r;
    int need = WC_FPFS_WORK(n, m);
    if (need > nwork) {
        free(work);
        work = malloc(sizeof *work * (size_t)need);
        nwork = need;
        if (!work) {
            fprintf(stderr, "results: out of memory\n");
            exit(1);
        }
    }
    if (wc_kbin_tree(chain, n, k, &tree) < 0 ||
        wc_fpfs_run(&tree, n, m, mode, &r, NULL, NULL, NULL, work, nwork) < 0) {
        fprintf(stderr, "results: simulation failed for n=%d m=%d k=%d\n", n, m, k);
        exit(1);
    }
    if (maxbuf)
        *maxbuf = r.max_buffer;
    return r.steps;
}

/* Section 5.2 latency model: t_s + steps * (t_ns + t_nr) + t_r, microseconds */
static double latency_us(int steps)
{
    return 12.5 + steps * (3.0 + 2.0) + 12.5;
}

int main(int argc, char **argv)
{
    static const int ns[] = { 16, 32, 64, 128, 256 };
    static const int ms[] = { 1, 2, 4, 8, 16, 32 };
    int i, n, m, k, mismatches = 0;
    FILE *f;
    if (argc != 2) {
        fprintf(stderr, "usage: results OUTDIR\n");
        return 2;
    }
    for (i = 0; i < NMAX; i++)
        chain[i] = i;

    /* Fig. 12, fixed n, m varies */
    f = open_csv(argv[1], "kbin_kopt_vs_m.csv", "n,m,k,L1,steps_formula,steps_sim");
    for (i = 0; i < 5; i++)
        for (m = 1; m <= 64; m++) {
            int s;
            n = ns[i];
            k = wc_kbin_kopt(n, m);
            s = simulate(n, m, k, WC_FPFS, NULL);
            mismatches += s != wc_kbin_steps(n, m, k);
            fprintf(f, "%d,%d,%d,%d,%d,%d\n", n, m, k, wc_kbin_L1(n, k), wc_kbin_steps(n, m, k), s);
        }
    fclose(f);

    /* Fig. 12, fixed m, n varies */
    f = open_csv(argv[1], "kbin_kopt_vs_n.csv", "m,n,k,L1,steps_formula,steps_sim,k_ceil_log2n");
    for (i = 0; i < 6; i++)
        for (n = 2; n <= 256; n++) {
            int s;
            m = ms[i];
            k = wc_kbin_kopt(n, m);
            s = simulate(n, m, k, WC_FPFS, NULL);
            mismatches += s != wc_kbin_steps(n, m, k);
            fprintf(f, "%d,%d,%d,%d,%d,%d,%d\n", m, n, k, wc_kbin_L1(n, k), wc_kbin_steps(n, m, k), s,
                    wc_kbin_log2ceil(n));
        }
    fclose(f);

    /* Section 5.2 / Fig. 14: binomial over optimal k-binomial, by steps
     * and by the paper's latency parameters */
    f = open_csv(argv[1], "kbin_ratio.csv",
                 "n,m,k,steps_kbin,steps_binomial,step_ratio,latency_kbin_us,latency_binomial_us,latency_ratio");
    for (i = 0; i < 5; i++)
        for (m = 1; m <= 64; m++) {
            int sk, sb;
            n = ns[i];
            k = wc_kbin_kopt(n, m);
            sk = simulate(n, m, k, WC_FPFS, NULL);
            sb = simulate(n, m, wc_kbin_log2ceil(n), WC_FPFS, NULL);
            fprintf(f, "%d,%d,%d,%d,%d,%.4f,%.1f,%.1f,%.4f\n", n, m, k, sk, sb, (double)sb / sk,
                    latency_us(sk), latency_us(sb), latency_us(sb) / latency_us(sk));
        }
    fclose(f);

    /* Section 3.3: buffers.  Trees: the binomial on 16 nodes, the optimal
     * k-binomial on 64 nodes, and the paper's zero-delay case (a node with
     * 3 children fed one packet per step: root -> A -> 3 children). */
    f = open_csv(argv[1], "kbin_buffer.csv",
                 "m,binom16_fpfs,binom16_fcfs,kopt64_fpfs,kopt64_fcfs,zerodelay_fpfs,zerodelay_fcfs,paper_Tp_tns,paper_Tc_tns");
    for (m = 1; m <= 32; m++) {
        int b[6], j;
        static const int zd[4][2] = { { 0, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 } };
        simulate(16, m, 4, WC_FPFS, &b[0]);
        simulate(16, m, 4, WC_FCFS, &b[1]);
        simulate(64, m, wc_kbin_kopt(64, m), WC_FPFS, &b[2]);
        simulate(64, m, wc_kbin_kopt(64, m), WC_FCFS, &b[3]);
        for (j = 0; j < 2; j++) {
            int work[5 * (32 + 3) + 1], q;
            wc_fpfs_result r;
            tree.src = 0;
            tree.nedges = 0;
            for (q = 0; q < 4; q++)
                wc_tree_add(&tree, zd[q][0], zd[q][1], 0);
            wc_fpfs_run(&tree, 5, m, j ? WC_FCFS : WC_FPFS, &r, NULL, NULL, NULL, work, (int)(sizeof work / sizeof work[0]));
            b[4 + j] = r.max_buffer;
        }
        /* Section 3.3.2 with k = 3 children and p = m packets: T_p = k,
         * T_c = (p-i+1) + (k-2)p + i = (k-1)p + 1 (in units of t_ns) */
        fprintf(f, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", m, b[0], b[1], b[2], b[3], b[4], b[5], 3, 2 * m + 1);
    }
    fclose(f);

    if (mismatches) {
        fprintf(stderr, "results: %d (n,m) points where the FPFS simulation differs from Theorem 3\n", mismatches);
        return 1;
    }
    printf("results: Theorem 3 formula equals the FPFS simulation at every plotted point\n");
    return 0;
}

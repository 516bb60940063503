/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_wave.h"

enum { S_IN_VALID, S_IN_FLIT, S_IN_CREDIT_OUT, S_OUT_VALID, S_OUT_FLIT, S_OUT_CREDIT_IN,
       S_ABS_VALID, S_ABS_FLIT,
       S_EXP_OUT_VALID, S_EXP_OUT_FLIT, S_EXP_IN_CREDIT_OUT, S_EXP_ABS_VALID, S_EXP_ABS_FLIT, S_N };
static const char *sig_name[S_N] = { "in_valid", "in_flit", "in_credit_o", "out_valid", "out_flit",
                                     "out_credit_i", "abs_valid", "abs_flit",
                                     "exp_out_valid", "exp_out_flit", "exp_in_credit_o", "exp_abs_valid",
                                     "exp_abs_flit" };

struct wc_wave {
    FILE *f;
    char path[1024];
    const wc_topo *t;
    int W, nr, expected;
    int *routers;
    uint64_t *last;     /* [nr*P*S_N] last written value, ~0 = never */
    long t0;
};

static void id_of(int k, char *buf)
{
    /* VCD identifiers: printable characters 33..126 */
    int n = 0;
    do { buf[n++] = (char)(33 + k % 94); k /= 94; } while (k);
    buf[n] = 0;
}

wc_wave *wc_wave_open(const char *path, const wc_topo *t, int W, const int *routers, int nr, int expected)
{
    wc_wave *w = calloc(1, sizeof *w);
    char vcd[1100], id[8];
    int i, p, s, k = 1;
    snprintf(w->path, sizeof w->path, "%s", path);
    snprintf(vcd, sizeof vcd, "%s.vcd", path);
    if (!(w->f = fopen(vcd, "w"))) {
        free(w);
        return NULL;
    }
    w->t = t; w->W = W; w->expected = expected;
    w->nr = routers ? nr : t->nrouters;
    w->routers = malloc((size_t)w->nr * sizeof *w->routers);
    for (i = 0; i < w->nr; i++)
        w->routers[i] = routers ? routers[i] : i;
    w->last = malloc((size_t)w->nr * (size_t)t->nports * S_N * sizeof *w->last);
    memset(w->last, 0xff, (size_t)w->nr * (size_t)t->nports * S_N * sizeof *w->last);
    w->t0 = -1;
    fprintf(w->f, "$comment wormcast port-level waveform of %s: actual = RTL, exp_* = C model $end\n"
                  "$timescale 1ns $end\n$scope module net $end\n$var wire 1 ! clk $end\n", t->name);
    for (i = 0; i < w->nr; i++) {
        fprintf(w->f, "$scope module router%d $end\n", w->routers[i]);
        for (p = 0; p < t->nports; p++) {
            fprintf(w->f, "$scope module port%d $end\n", p);
            for (s = 0; s < S_N; s++) {
                int width = (s == S_IN_FLIT || s == S_OUT_FLIT || s == S_EXP_OUT_FLIT || s == S_ABS_FLIT ||
                             s == S_EXP_ABS_FLIT) ? W + 2 : 1;
                if (s >= S_EXP_OUT_VALID && !expected)
                    continue;
                id_of(k + (i * t->nports + p) * S_N + s, id);
                fprintf(w->f, "$var wire %d %s %s $end\n", width, id, sig_name[s]);
            }
            fprintf(w->f, "$upscope $end\n");
        }
        fprintf(w->f, "$upscope $end\n");
    }
    fprintf(w->f, "$upscope $end\n$enddefinitions $end\n");
    return w;
}

static void put(wc_wave *w, int slot, int width, uint64_t v)
{
    char id[8];
    if (w->last[slot] == v)
        return;
    w->last[slot] = v;
    id_of(1 + slot, id);
    if (width == 1) {
        fprintf(w->f, "%d%s\n", (int)(v & 1), id);
    } else {
        int b;
        fputc('b', w->f);
        for (b = width - 1; b >= 0; b--)
            fputc('0' + (int)((v >> b) & 1), w->f);
        fprintf(w->f, " %s\n", id);
    }
}

void wc_wave_cycle(wc_wave *w, long cycle, const uint8_t *v, const uint64_t *f, const uint8_t *c,
                   const uint8_t *ev, const uint64_t *ef, const uint8_t *ec,
                   const uint8_t *inj_v, const uint64_t *inj_f, const uint8_t *inj_c,
                   const uint8_t *av, const uint64_t *af, const uint8_t *eav, const uint64_t *eaf)
{
    const wc_topo *t = w->t;
    const int P = t->nports, FW = w->W + 2;
    int i, p;
    if (w->t0 < 0)
        w->t0 = cycle;
    fprintf(w->f, "#%ld\n1!\n", cycle * 10);
    for (i = 0; i < w->nr; i++) {
        int r = w->routers[i];
        for (p = 0; p < P; p++) {
            int idx = r * P + p, base = (i * P + p) * S_N;
            wc_endpoint e = t->peer[idx];
            int q = e.router >= 0 ? e.router * P + e.port : -1;
            int iv = q >= 0 ? v[q] : e.router == WC_PEER_NODE ? inj_v[idx] : 0;
            uint64_t ifl = q >= 0 ? f[q] : e.router == WC_PEER_NODE ? inj_f[idx] : 0;
            int oc = q >= 0 ? c[q] : e.router == WC_PEER_NODE ? inj_c[idx] : 0;
            put(w, base + S_IN_VALID, 1, (uint64_t)iv);
            put(w, base + S_IN_FLIT, FW, iv ? ifl : 0);
            put(w, base + S_IN_CREDIT_OUT, 1, c[idx]);
            put(w, base + S_OUT_VALID, 1, v[idx]);
            put(w, base + S_OUT_FLIT, FW, f[idx]);
            put(w, base + S_OUT_CREDIT_IN, 1, (uint64_t)oc);
            put(w, base + S_ABS_VALID, 1, av[idx]);
            put(w, base + S_ABS_FLIT, FW, af[idx]);
            if (w->expected && ev) {
                put(w, base + S_EXP_OUT_VALID, 1, ev[idx]);
                put(w, base + S_EXP_OUT_FLIT, FW, ef[idx]);
                put(w, base + S_EXP_IN_CREDIT_OUT, 1, ec[idx]);
                put(w, base + S_EXP_ABS_VALID, 1, eav[idx]);
                put(w, base + S_EXP_ABS_FLIT, FW, eaf[idx]);
            }
        }
    }
    fprintf(w->f, "#%ld\n0!\n", cycle * 10 + 5);
}

void wc_wave_close(wc_wave *w, FILE *out)
{
    char vcd[1100], fst[1100], gtkw[1100], cmd[3500];
    const char *dump = vcd;
    FILE *g;
    int i, p;
    if (!w)
        return;
    fclose(w->f);
    snprintf(vcd, sizeof vcd, "%s.vcd", w->path);
    snprintf(fst, sizeof fst, "%s.fst", w->path);
    snprintf(gtkw, sizeof gtkw, "%s.gtkw", w->path);
    snprintf(cmd, sizeof cmd, "command -v vcd2fst >/dev/null 2>&1 && vcd2fst '%s' '%s' >/dev/null 2>&1", vcd, fst);
    if (system(cmd) == 0) {
        remove(vcd);
        dump = fst;
    }
    if ((g = fopen(gtkw, "w"))) {
        /* about 40 cycles across a 1500-pixel window */
        fprintf(g, "[dumpfile] \"%s\"\n[timestart] %ld\n[size] 1500 900\n*-6.500000 %ld -1 -1 -1\n"
                   "[sst_width] 240\n[signals_width] 320\n", dump, w->t0 * 10, w->t0 * 10);
        fprintf(g, "@28\nnet.clk\n");
        for (i = 0; i < w->nr; i++)
            for (p = 0; p < w->t->nports; p++) {
                const char *pre = "net.router";
                int r = w->routers[i];
                fprintf(g, "@800200\n-router %d port %d\n", r, p);
                fprintf(g, "@28\n%s%d.port%d.in_valid\n@22\n%s%d.port%d.in_flit[%d:0]\n@28\n%s%d.port%d.in_credit_o\n",
                        pre, r, p, pre, r, p, w->W + 1, pre, r, p);
                fprintf(g, "%s%d.port%d.out_valid\n@22\n%s%d.port%d.out_flit[%d:0]\n@28\n%s%d.port%d.out_credit_i\n",
                        pre, r, p, pre, r, p, w->W + 1, pre, r, p);
                fprintf(g, "%s%d.port%d.abs_valid\n@22\n%s%d.port%d.abs_flit[%d:0]\n@28\n",
                        pre, r, p, pre, r, p, w->W + 1);
                if (w->expected)
                    fprintf(g, "%s%d.port%d.exp_out_valid\n@22\n%s%d.port%d.exp_out_flit[%d:0]\n@28\n%s%d.port%d.exp_in_credit_o\n"
                               "%s%d.port%d.exp_abs_valid\n@22\n%s%d.port%d.exp_abs_flit[%d:0]\n@28\n",
                            pre, r, p, pre, r, p, w->W + 1, pre, r, p, pre, r, p, pre, r, p, w->W + 1);
                fprintf(g, "@1000200\n-router %d port %d\n", r, p);
            }
        fclose(g);
    }
    if (out)
        fprintf(out, "waveform %s with layout %s (view: gtkwave -a %s)\n", dump, gtkw, gtkw);
    free(w->routers);
    free(w->last);
    free(w);
}

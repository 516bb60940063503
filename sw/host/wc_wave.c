/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "wc_defs.h"
#include "wc_wave.h"

enum { S_IN_VALID, S_IN_FLIT, S_IN_CREDIT_OUT, S_OUT_VALID, S_OUT_FLIT, S_OUT_CREDIT_IN,
       S_ABS_VALID, S_ABS_FLIT,
       S_EXP_OUT_VALID, S_EXP_OUT_FLIT, S_EXP_IN_CREDIT_OUT, S_EXP_ABS_VALID, S_EXP_ABS_FLIT,
       /* each flit with its valid bit above it, W + 3 bits: the layout's
        * decoded rows (wormcast-flit --valid), where an idle link shows
        * as idle and not as a body flit of zeros */
       S_IN_LINK, S_OUT_LINK, S_ABS_LINK, S_EXP_OUT_LINK, S_EXP_ABS_LINK, S_N };
static const char *sig_name[S_N] = { "in_valid", "in_flit", "in_credit_o", "out_valid", "out_flit",
                                     "out_credit_i", "abs_valid", "abs_flit",
                                     "exp_out_valid", "exp_out_flit", "exp_in_credit_o", "exp_abs_valid",
                                     "exp_abs_flit", "in_link", "out_link", "abs_link", "exp_out_link",
                                     "exp_abs_link" };

static int is_flit(int s)
{
    return s == S_IN_FLIT || s == S_OUT_FLIT || s == S_ABS_FLIT || s == S_EXP_OUT_FLIT || s == S_EXP_ABS_FLIT;
}
static int is_link(int s) { return s >= S_IN_LINK; }
/* the C model's values: recorded in lockstep only */
static int is_exp(int s)
{
    return (s >= S_EXP_OUT_VALID && s <= S_EXP_ABS_FLIT) || s == S_EXP_OUT_LINK || s == S_EXP_ABS_LINK;
}
/* the {valid, flit} signal of a flit signal */
static int link_of(int s)
{
    return s == S_IN_FLIT ? S_IN_LINK : s == S_OUT_FLIT ? S_OUT_LINK : s == S_ABS_FLIT ? S_ABS_LINK
         : s == S_EXP_OUT_FLIT ? S_EXP_OUT_LINK : S_EXP_ABS_LINK;
}

struct wc_wave {
    FILE *f;
    char path[1024];
    const wc_topo *t;
    int W, nr, expected;
    int links;          /* W + 3 <= 64: the {valid, flit} signals are recorded */
    int *routers;
    uint64_t *last;     /* [nr*P*S_N] last written value, ~0 = never */
    uint8_t *active;    /* [nr*P*S_N] 1 once the signal was not 0: the layout
                           leaves out the absorption channels never used */
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
    w->links = W + 3 <= 64;
    w->nr = routers ? nr : t->nrouters;
    w->routers = malloc((size_t)w->nr * sizeof *w->routers);
    for (i = 0; i < w->nr; i++)
        w->routers[i] = routers ? routers[i] : i;
    w->last = malloc((size_t)w->nr * (size_t)t->nports * S_N * sizeof *w->last);
    w->active = calloc((size_t)w->nr * (size_t)t->nports * S_N, 1);
    if (!w->routers || !w->last || !w->active) {
        fclose(w->f);
        remove(vcd);
        free(w->routers);
        free(w->last);
        free(w->active);
        free(w);
        return NULL;
    }
    memset(w->last, 0xff, (size_t)w->nr * (size_t)t->nports * S_N * sizeof *w->last);
    w->t0 = -1;
    fprintf(w->f, "$comment wormcast port-level waveform of %s: actual = RTL, exp_* = C model $end\n"
                  "$timescale 1ns $end\n$scope module net $end\n$var wire 1 ! clk $end\n", t->name);
    for (i = 0; i < w->nr; i++) {
        fprintf(w->f, "$scope module router%d $end\n", w->routers[i]);
        for (p = 0; p < t->nports; p++) {
            fprintf(w->f, "$scope module port%d $end\n", p);
            for (s = 0; s < S_N; s++) {
                int width = is_flit(s) ? W + 2 : is_link(s) ? W + 3 : 1;
                if ((is_exp(s) && !expected) || (is_link(s) && !w->links))
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
    if (v)
        w->active[slot] = 1;
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
            if (w->links) {
                put(w, base + S_IN_LINK, FW + 1, iv ? (uint64_t)1 << FW | ifl : 0);
                put(w, base + S_OUT_LINK, FW + 1, (uint64_t)(v[idx] & 1) << FW | f[idx]);
                put(w, base + S_ABS_LINK, FW + 1, (uint64_t)(av[idx] & 1) << FW | af[idx]);
            }
            if (w->expected && ev) {
                put(w, base + S_EXP_OUT_VALID, 1, ev[idx]);
                put(w, base + S_EXP_OUT_FLIT, FW, ef[idx]);
                put(w, base + S_EXP_IN_CREDIT_OUT, 1, ec[idx]);
                put(w, base + S_EXP_ABS_VALID, 1, eav[idx]);
                put(w, base + S_EXP_ABS_FLIT, FW, eaf[idx]);
                if (w->links) {
                    put(w, base + S_EXP_OUT_LINK, FW + 1, (uint64_t)(ev[idx] & 1) << FW | ef[idx]);
                    put(w, base + S_EXP_ABS_LINK, FW + 1, (uint64_t)(eav[idx] & 1) << FW | eaf[idx]);
                }
            }
        }
    }
    fprintf(w->f, "#%ld\n0!\n", cycle * 10 + 5);
}

int wc_wave_filter(char *buf, size_t n)
{
    char exe[4096], *slash;
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0 || (size_t)k >= sizeof exe - 1)
        return -1;
    exe[k] = 0;
    if (!(slash = strrchr(exe, '/')))
        return -1;
    *slash = 0;
    if (snprintf(buf, n, "%s/wormcast-flit", exe) >= (int)n || access(buf, X_OK))
        return -1;
    return 0;
}

/* GTKWave trace flags (its analyzer.h), as a layout writes them: binary or
 * hex, right justified; hex through a translate filter process; a comment
 * row; a group's first and last row, open or closed */
#define F_BIN "28"
#define F_HEX "22"
#define F_FILTERED "4022"
#define F_COMMENT "200"
#define F_GROUP "800200"
#define F_GROUP_END "1000200"
#define F_CLOSED "c00200"
#define F_CLOSED_END "1401200"

/* what port p of router r leads to, seen from r: "+x", "dimension 2", "up" */
static void port_dir(const wc_topo *t, int r, int p, char *buf, size_t n)
{
    static const char *const mesh[] = { [WC_MESH_PORT_E] = "+x", [WC_MESH_PORT_W] = "-x",
                                        [WC_MESH_PORT_N] = "+y", [WC_MESH_PORT_S] = "-y" };
    if (t->kind == WC_TOPO_MESH && p < 4)
        snprintf(buf, n, "%s", mesh[p]);
    else if (t->kind == WC_TOPO_CUBE)
        snprintf(buf, n, "dimension %d", p);
    else if (t->up)
        snprintf(buf, n, "port %d, %s", p, t->up[r * t->nports + p] ? "up" : "down");
    else
        snprintf(buf, n, "port %d", p);
}

typedef struct {
    FILE *g;
    const wc_wave *w;
    const char *filter;         /* the translate filter line, or NULL */
} layout;

/* one row: signal SIG of recorded router index i, port p, shown as ALIAS */
static void row(const layout *l, int i, int p, int s, const char *alias)
{
    const wc_wave *w = l->w;
    int flit = is_flit(s), link = flit && l->filter && w->links;
    /* decoded, a flit row shows the flit with its valid bit */
    if (link)
        s = link_of(s);
    fprintf(l->g, "@%s\n", flit ? (l->filter ? F_FILTERED : F_HEX) : F_BIN);
    if (flit && l->filter)
        fprintf(l->g, "^>1 %s\n", l->filter);
    fprintf(l->g, "+{%s} net.router%d.port%d.%s", alias, w->routers[i], p, sig_name[s]);
    if (flit)
        fprintf(l->g, "[%d:0]", w->W + (link ? 2 : 1));
    fputc('\n', l->g);
}

static int recorded(const wc_wave *w, int r)
{
    int i;
    for (i = 0; i < w->nr; i++)
        if (w->routers[i] == r)
            return i;
    return -1;
}

static int abs_used(const wc_wave *w, int i, int p)
{
    int base = (i * w->t->nports + p) * S_N;
    return w->active[base + S_ABS_VALID] || (w->expected && w->active[base + S_EXP_ABS_VALID]);
}

/* The groups of router index i: the node(s) on its terminal ports, then
 * the links out of it, and the links into it from routers not recorded.
 * exp: the C model's values of the same rows instead (lockstep), where
 * the run compares them. */
static void router_groups(const layout *l, int i, int exp)
{
    const wc_wave *w = l->w;
    const wc_topo *t = w->t;
    const int P = t->nports, r = w->routers[i];
    char title[160], a[160], d[48], pre[16];
    int p, q;
    snprintf(pre, sizeof pre, "%s", exp ? "C model: " : "");
    for (p = 0; p < P; p++) {
        wc_endpoint e = t->peer[r * P + p];
        if (e.router != WC_PEER_NODE)
            continue;
        snprintf(title, sizeof title, "%snode %d (router %d port %d)", pre, e.port, r, p);
        fprintf(l->g, "@%s\n-%s\n", F_GROUP, title);
        if (!exp) {
            snprintf(a, sizeof a, "node %d -> router %d valid", e.port, r); row(l, i, p, S_IN_VALID, a);
            snprintf(a, sizeof a, "node %d -> router %d flit", e.port, r); row(l, i, p, S_IN_FLIT, a);
        }
        snprintf(a, sizeof a, "%scredit router %d -> node %d", pre, r, e.port);
        row(l, i, p, exp ? S_EXP_IN_CREDIT_OUT : S_IN_CREDIT_OUT, a);
        snprintf(a, sizeof a, "%srouter %d -> node %d valid", pre, r, e.port);
        row(l, i, p, exp ? S_EXP_OUT_VALID : S_OUT_VALID, a);
        snprintf(a, sizeof a, "%srouter %d -> node %d flit", pre, r, e.port);
        row(l, i, p, exp ? S_EXP_OUT_FLIT : S_OUT_FLIT, a);
        if (!exp) {
            snprintf(a, sizeof a, "credit node %d -> router %d", e.port, r); row(l, i, p, S_OUT_CREDIT_IN, a);
        }
        /* the copies of multidestination worms router r absorbed for its
         * node, per input port, where there were any */
        for (q = 0; q < P; q++) {
            if (!abs_used(w, i, q))
                continue;
            port_dir(t, r, q, d, sizeof d);
            snprintf(a, sizeof a, "%srouter %d absorbs from input %d (%s) valid", pre, r, q, d);
            row(l, i, q, exp ? S_EXP_ABS_VALID : S_ABS_VALID, a);
            snprintf(a, sizeof a, "%srouter %d absorbs from input %d (%s) flit", pre, r, q, d);
            row(l, i, q, exp ? S_EXP_ABS_FLIT : S_ABS_FLIT, a);
        }
        fprintf(l->g, "@%s\n-%s\n", F_GROUP_END, title);
    }
    for (p = 0; p < P; p++) {
        wc_endpoint e = t->peer[r * P + p];
        if (e.router < 0)
            continue;           /* a node's port (above) or an unconnected one */
        port_dir(t, r, p, d, sizeof d);
        snprintf(title, sizeof title, "%srouter %d -> router %d, %s", pre, r, e.router, d);
        fprintf(l->g, "@%s\n-%s\n", F_GROUP, title);
        snprintf(a, sizeof a, "%svalid %d -> %d", pre, r, e.router);
        row(l, i, p, exp ? S_EXP_OUT_VALID : S_OUT_VALID, a);
        snprintf(a, sizeof a, "%sflit %d -> %d", pre, r, e.router);
        row(l, i, p, exp ? S_EXP_OUT_FLIT : S_OUT_FLIT, a);
        if (!exp) {
            snprintf(a, sizeof a, "credit %d -> %d", e.router, r);
            row(l, i, p, S_OUT_CREDIT_IN, a);
        } else if ((q = recorded(w, e.router)) >= 0) {
            snprintf(a, sizeof a, "%scredit %d -> %d", pre, e.router, r);
            row(l, q, e.port, S_EXP_IN_CREDIT_OUT, a);
        }
        fprintf(l->g, "@%s\n-%s\n", F_GROUP_END, title);
        if (recorded(w, e.router) >= 0)
            continue;
        /* the link back from a router not recorded: what r receives */
        port_dir(t, e.router, e.port, d, sizeof d);
        snprintf(title, sizeof title, "%srouter %d -> router %d, %s", pre, e.router, r, d);
        fprintf(l->g, "@%s\n-%s\n", F_GROUP, title);
        if (!exp) {
            snprintf(a, sizeof a, "valid %d -> %d", e.router, r); row(l, i, p, S_IN_VALID, a);
            snprintf(a, sizeof a, "flit %d -> %d", e.router, r); row(l, i, p, S_IN_FLIT, a);
        }
        snprintf(a, sizeof a, "%scredit %d -> %d", pre, r, e.router);
        row(l, i, p, exp ? S_EXP_IN_CREDIT_OUT : S_IN_CREDIT_OUT, a);
        fprintf(l->g, "@%s\n-%s\n", F_GROUP_END, title);
    }
}

void wc_wave_close(wc_wave *w, FILE *out)
{
    char vcd[1100], fst[1100], gtkw[1100], cmd[3500], fpath[4096], filter[4200];
    const char *dump = vcd;
    FILE *g;
    int i;
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
        layout l = { g, w, NULL };
        if (!wc_wave_filter(fpath, sizeof fpath)) {
            snprintf(filter, sizeof filter, "%s --width=%d%s --user=src", fpath, w->W, w->links ? " --valid" : "");
            l.filter = filter;
        }
        fprintf(g, "[*] wormcast: the links and nodes of %s around router%s", w->t->name, w->nr > 1 ? "s" : "");
        for (i = 0; i < w->nr; i++)
            fprintf(g, "%s%d", i ? "," : " ", w->routers[i]);
        fprintf(g, "; cycle C at time 10*C\n");
        if (l.filter)
            fprintf(g, "[*] flits decoded by %s: H head (dst, multi +N address flits, src), B body, T tail, "
                       "HT head and tail, - none\n", fpath);
        if (w->expected)
            fprintf(g, "[*] the closed group at the end holds the C model's values, which the RTL's must equal\n");
        /* about 40 cycles across a 1500-pixel window */
        fprintf(g, "[dumpfile] \"%s\"\n[timestart] %ld\n[size] 1500 900\n*-6.500000 %ld -1 -1 -1\n"
                   "[sst_width] 240\n[signals_width] 360\n", dump, w->t0 * 10, w->t0 * 10);
        fprintf(g, "@%s\nnet.clk\n", F_BIN);
        for (i = 0; i < w->nr; i++)
            router_groups(&l, i, 0);
        if (w->expected) {
            const char *title = "C model: the expected values of the rows above (lockstep)";
            fprintf(g, "@%s\n-%s\n", F_CLOSED, title);
            for (i = 0; i < w->nr; i++)
                router_groups(&l, i, 1);
            fprintf(g, "@%s\n-%s\n", F_CLOSED_END, title);
        }
        fclose(g);
    }
    if (out)
        fprintf(out, "waveform %s with layout %s (view: gtkwave -a %s)\n", dump, gtkw, gtkw);
    free(w->routers);
    free(w->last);
    free(w->active);
    free(w);
}

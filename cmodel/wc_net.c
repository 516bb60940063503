#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_net.h"
#include "wc_defs.h"

struct wc_net {
    const wc_topo *t;
    wc_router_cfg cfg;
    int R, P;
    long cycle;
    wc_router *rt;
    uint64_t *bufs;
    uint8_t *tables;
    int *peer;              /* [R*P]: flat index of the peer port, -1 none, -2 terminal */
    uint8_t *ext_valid, *ext_credit;
    uint64_t *ext_flit;
    uint8_t *active;        /* routers touched this cycle */
};

wc_net *wc_net_create(const wc_topo *t, int W, int B, int mutate, char *err, int errlen)
{
    wc_net *n;
    int r, p;
    if (W < 32 || W > 62) {
        snprintf(err, (size_t)errlen, "flit data width %d out of range 32..62", W);
        return NULL;
    }
    if (B < 1 || B > 4096) {
        snprintf(err, (size_t)errlen, "buffer depth %d out of range 1..4096", B);
        return NULL;
    }
    if (t->nports > WC_MAX_PORTS) {
        snprintf(err, (size_t)errlen, "%d ports per router exceeds %d", t->nports, WC_MAX_PORTS);
        return NULL;
    }
    n = calloc(1, sizeof *n);
    n->t = t;
    n->R = t->nrouters;
    n->P = t->nports;
    n->cfg.P = t->nports;
    n->cfg.W = W;
    n->cfg.B = B;
    n->cfg.routing = t->routing;
    n->cfg.cube_n = t->n;
    n->cfg.all_port = t->all_port;
    n->cfg.high_first = t->high_first;
    n->cfg.mesh_x = t->mx;
    n->cfg.mesh_y = t->my;
    n->cfg.nnodes = t->nnodes;
    n->cfg.mutate = mutate;
    n->rt = calloc((size_t)n->R, sizeof *n->rt);
    n->bufs = calloc((size_t)n->R * (size_t)n->P * (size_t)B, sizeof *n->bufs);
    if (t->routing == WC_ROUTING_TABLE)
        n->tables = malloc((size_t)n->R * 2u * (size_t)t->nnodes);
    n->peer = malloc((size_t)n->R * (size_t)n->P * sizeof *n->peer);
    n->ext_valid = calloc((size_t)n->R * (size_t)n->P, 1);
    n->ext_credit = calloc((size_t)n->R * (size_t)n->P, 1);
    n->ext_flit = calloc((size_t)n->R * (size_t)n->P, sizeof *n->ext_flit);
    for (r = 0; r < n->R; r++) {
        wc_router_init(&n->rt[r], &n->cfg, r,
                       n->bufs + (size_t)r * (size_t)n->P * (size_t)B,
                       n->tables ? n->tables + (size_t)r * 2u * (size_t)t->nnodes : NULL);
        for (p = 0; p < n->P; p++) {
            wc_endpoint e = t->peer[r * n->P + p];
            n->peer[r * n->P + p] = e.router >= 0 ? e.router * n->P + e.port
                                  : e.router == WC_PEER_NODE ? -2 : -1;
        }
    }
    return n;
}

void wc_net_free(wc_net *n)
{
    if (!n)
        return;
    free(n->rt); free(n->bufs); free(n->tables); free(n->peer);
    free(n->ext_valid); free(n->ext_credit); free(n->ext_flit);
    free(n);
}

const wc_router_cfg *wc_net_router_cfg(const wc_net *n) { return &n->cfg; }

long wc_net_cfg_words(const wc_net *n, wc_cfg_word *out, long max)
{
    const wc_topo *t = n->t;
    long k = 0;
    int r, p;
    unsigned a, nn = (unsigned)t->nnodes;
    if (t->routing != WC_ROUTING_TABLE)
        return 0;
    for (r = 0; r < n->R; r++) {
        for (a = 0; a < 2 * nn; a++, k++)
            if (k < max) {
                out[k].router = r; out[k].addr = a;
                out[k].data = t->rtable[(size_t)r * 2u * nn + a];
            }
        for (p = 0; p < n->P; p++, k++)
            if (k < max) {
                out[k].router = r; out[k].addr = 2 * nn + (unsigned)p;
                out[k].data = t->down_only[r * n->P + p];
            }
    }
    return k;
}

void wc_net_cfg_write(wc_net *n, int router, unsigned addr, unsigned data)
{
    wc_router_cfg_write(&n->rt[router], addr, data);
}

void wc_net_set_ext(wc_net *n, int idx, int valid, uint64_t flit, int credit)
{
    n->ext_valid[idx] = (uint8_t)valid;
    n->ext_flit[idx] = flit;
    n->ext_credit[idx] = (uint8_t)credit;
}

void wc_net_step(wc_net *n)
{
    const int R = n->R, P = n->P;
    uint8_t iv[WC_MAX_PORTS], oc[WC_MAX_PORTS];
    uint64_t ifl[WC_MAX_PORTS];
    int r, p;

    /* evaluate: outputs from registered state only */
    for (r = 0; r < R; r++)
        wc_router_eval(&n->rt[r]);
    /* commit: every router sees its neighbours' outputs of this cycle */
    for (r = 0; r < R; r++) {
        const int *pe = n->peer + r * P;
        for (p = 0; p < P; p++) {
            int q = pe[p];
            if (q >= 0) {
                const wc_router *o = &n->rt[q / P];
                iv[p] = o->out_valid[q % P];
                ifl[p] = o->out_flit[q % P];
                oc[p] = o->in_credit[q % P];
            } else if (q == -2) {
                iv[p] = n->ext_valid[r * P + p];
                ifl[p] = n->ext_flit[r * P + p];
                oc[p] = n->ext_credit[r * P + p];
            } else {
                iv[p] = 0; ifl[p] = 0; oc[p] = 0;
            }
        }
        wc_router_commit(&n->rt[r], iv, ifl, oc);
    }
    memset(n->ext_valid, 0, (size_t)R * (size_t)P);
    memset(n->ext_credit, 0, (size_t)R * (size_t)P);
    n->cycle++;
}

void wc_net_port(const wc_net *n, int r, int p, int *valid, uint64_t *flit, int *credit)
{
    const wc_router *rt = &n->rt[r];
    *valid = rt->out_valid[p];
    *flit = rt->out_flit[p];
    *credit = rt->in_credit[p];
}

unsigned wc_net_drops(const wc_net *n, int r) { return n->rt[r].drops; }
long wc_net_cycle(const wc_net *n) { return n->cycle; }
const wc_router *wc_net_router(const wc_net *n, int r) { return &n->rt[r]; }

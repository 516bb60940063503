/* SPDX-License-Identifier: Apache-2.0 */
/* Topology names, the regular networks (binary n-cube, 2D mesh), the random
 * irregular switch networks, routing dispatch, paths and JSON.
 * Port conventions: see wc_topo.h and docs/topology.md. */
#include "wc_topo_int.h"
#include "wc_route.h"
#include "wc_defs.h"
#include "wc_rng.h"
#include "wc_json.h"
#include <stdlib.h>
#include <string.h>

int wc__topo_parse_u64(const char *s, int len, unsigned long long max,
                       unsigned long long *out)
{
    unsigned long long v = 0;
    int i, big = 0;
    if (len <= 0)
        return -1;
    for (i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned dgt = (unsigned)(s[i] - '0');
        if (big || v > (~0ull - dgt) / 10)
            big = 1;
        else
            v = v * 10 + dgt;
    }
    if (big || v > max)
        return -2;
    *out = v;
    return 0;
}

wc_topo *wc__topo_alloc(enum wc_topo_kind kind, int nrouters, int nports,
                        int nnodes)
{
    wc_topo *t = calloc(1, sizeof *t);
    size_t i, np = (size_t)nrouters * (size_t)nports;
    if (!t)
        return NULL;
    t->kind = kind;
    t->nrouters = nrouters;
    t->nports = nports;
    t->nnodes = nnodes;
    t->stages = 1;
    t->nlocal = 1;
    t->root = -1;
    t->peer = malloc(np * sizeof *t->peer);
    t->node_router = malloc((size_t)(nnodes ? nnodes : 1) * sizeof(int));
    t->node_port = malloc((size_t)(nnodes ? nnodes : 1) * sizeof(int));
    if (!t->peer || !t->node_router || !t->node_port) {
        wc_topo_free(t);
        return NULL;
    }
    for (i = 0; i < np; i++) {
        t->peer[i].router = WC_PEER_NONE;
        t->peer[i].port = -1;
    }
    return t;
}

void wc_topo_free(wc_topo *t)
{
    if (!t)
        return;
    free(t->peer);
    free(t->node_router);
    free(t->node_port);
    free(t->level);
    free(t->parent);
    free(t->up);
    free(t->down_only);
    free(t->rtable);
    free(t);
}

/* ---- binary n-cube ------------------------------------------------------ */

static wc_topo *make_cube(const char *arg, char *err, int errlen)
{
    unsigned long long n;
    int all = 0, low = 0, rc, r, d, nn, P;
    const char *tok = arg, *colon;
    wc_topo *t;

    colon = strchr(tok, ':');
    rc = wc__topo_parse_u64(tok, colon ? (int)(colon - tok) : (int)strlen(tok),
                            ~0ull, &n);
    if (rc == -1) {
        wc_err(err, errlen, "cube: malformed dimension '%.*s' (expected cube:N[:all][:low], N = 1..%d)",
                     colon ? (int)(colon - tok) : (int)strlen(tok), tok, WC_TOPO_MAX_CUBE_DIM);
        return NULL;
    }
    if (rc == -2 || n < 1 || n > WC_TOPO_MAX_CUBE_DIM) {
        wc_err(err, errlen, "cube: dimension %.*s out of range 1..%d",
                     colon ? (int)(colon - tok) : (int)strlen(tok), tok, WC_TOPO_MAX_CUBE_DIM);
        return NULL;
    }
    while (colon) {
        const char *s = colon + 1;
        int len;
        colon = strchr(s, ':');
        len = colon ? (int)(colon - s) : (int)strlen(s);
        if (len == 3 && !strncmp(s, "all", 3) && !all)
            all = 1;
        else if (len == 3 && !strncmp(s, "low", 3) && !low)
            low = 1;
        else {
            wc_err(err, errlen, "cube: unknown or repeated option '%.*s' (expected :all and/or :low)", len, s);
            return NULL;
        }
    }
    nn = 1 << n;
    P = all ? 2 * (int)n : (int)n + 1;
    t = wc__topo_alloc(WC_TOPO_CUBE, nn, P, nn);
    if (!t) {
        wc_err(err, errlen, "cube: out of memory");
        return NULL;
    }
    t->n = (int)n;
    t->all_port = all;
    t->high_first = !low;
    t->routing = wc_routing_default(WC_TOPO_CUBE)->id;
    t->nlocal = all ? (int)n : 1;
    snprintf(t->name, sizeof t->name, "cube:%d%s%s", (int)n, all ? ":all" : "", low ? ":low" : "");
    for (r = 0; r < nn; r++) {
        for (d = 0; d < (int)n; d++) {
            t->peer[r * P + d].router = r ^ (1 << d);
            t->peer[r * P + d].port = d;
        }
        for (d = (int)n; d < P; d++) {
            t->peer[r * P + d].router = WC_PEER_NODE;
            t->peer[r * P + d].port = r;
        }
        t->node_router[r] = r;
        t->node_port[r] = (int)n;
    }
    return t;
}

/* ---- 2D mesh ------------------------------------------------------------- */

static wc_topo *make_mesh(const char *arg, char *err, int errlen)
{
    const char *x = strchr(arg, 'x');
    unsigned long long mx = 0, my = 0;
    int rcx, rcy, r, P = 5;
    wc_topo *t;

    if (!x) {
        wc_err(err, errlen, "mesh: malformed size '%s' (expected mesh:XxY)", arg);
        return NULL;
    }
    rcx = wc__topo_parse_u64(arg, (int)(x - arg), ~0ull, &mx);
    rcy = wc__topo_parse_u64(x + 1, (int)strlen(x + 1), ~0ull, &my);
    if (rcx == -1 || rcy == -1) {
        wc_err(err, errlen, "mesh: malformed size '%s' (expected mesh:XxY with decimal X, Y)", arg);
        return NULL;
    }
    if (rcx == -2 || rcy == -2 || mx < 1 || my < 1 || mx > WC_MAX_NODES || my > WC_MAX_NODES || mx * my > WC_MAX_NODES) {
        wc_err(err, errlen, "mesh: size %s out of range (X, Y >= 1 and X*Y <= %d)", arg, WC_MAX_NODES);
        return NULL;
    }
    t = wc__topo_alloc(WC_TOPO_MESH, (int)(mx * my), P, (int)(mx * my));
    if (!t) {
        wc_err(err, errlen, "mesh: out of memory");
        return NULL;
    }
    t->mx = (int)mx;
    t->my = (int)my;
    t->routing = wc_routing_default(WC_TOPO_MESH)->id;
    snprintf(t->name, sizeof t->name, "mesh:%dx%d", t->mx, t->my);
    for (r = 0; r < t->nrouters; r++) {
        int cx = r % t->mx, cy = r / t->mx;
        wc_endpoint *pe = &t->peer[r * P];
        if (cx + 1 < t->mx) { pe[WC_MESH_PORT_E].router = r + 1;     pe[WC_MESH_PORT_E].port = WC_MESH_PORT_W; }
        if (cx > 0)         { pe[WC_MESH_PORT_W].router = r - 1;     pe[WC_MESH_PORT_W].port = WC_MESH_PORT_E; }
        if (cy + 1 < t->my) { pe[WC_MESH_PORT_N].router = r + t->mx; pe[WC_MESH_PORT_N].port = WC_MESH_PORT_S; }
        if (cy > 0)         { pe[WC_MESH_PORT_S].router = r - t->mx; pe[WC_MESH_PORT_S].port = WC_MESH_PORT_N; }
        pe[WC_MESH_PORT_L].router = WC_PEER_NODE;
        pe[WC_MESH_PORT_L].port = r;
        t->node_router[r] = r;
        t->node_port[r] = WC_MESH_PORT_L;
    }
    return t;
}

/* ---- switch-based networks ------------------------------------------------ */

wc_topo *wc__topo_switched(const char *name, int S, int P, const int *nhosts,
                           const int *node_ids, const int *links, int nlinks,
                           char *err, int errlen)
{
    int s, h, i, nn = 0, node;
    wc_topo *t;

    for (s = 0; s < S; s++) {
        if (nhosts[s] < 0 || nhosts[s] > P) {
            wc_err(err, errlen, "switch %d: %d hosts do not fit in %d ports", s, nhosts[s], P);
            return NULL;
        }
        nn += nhosts[s];
    }
    if (nn < 1) {
        wc_err(err, errlen, "%s: no hosts attached to any switch", name);
        return NULL;
    }
    if (nn > WC_MAX_NODES) {
        wc_err(err, errlen, "%s: %d hosts exceed the maximum of %d nodes", name, nn, WC_MAX_NODES);
        return NULL;
    }
    t = wc__topo_alloc(WC_TOPO_SWITCHED, S, P, nn);
    if (!t) {
        wc_err(err, errlen, "%s: out of memory", name);
        return NULL;
    }
    t->routing = wc_routing_default(WC_TOPO_SWITCHED)->id;
    snprintf(t->name, sizeof t->name, "%s", name);
    for (i = 0; i < nn; i++)
        t->node_router[i] = -1;
    for (s = 0, i = 0; s < S; s++)
        for (h = 0; h < nhosts[s]; h++, i++) {
            node = node_ids ? node_ids[i] : i;
            if (node < 0 || node >= nn || t->node_router[node] >= 0) {
                wc_err(err, errlen, "%s: host id %d invalid or attached twice", name, node);
                wc_topo_free(t);
                return NULL;
            }
            t->node_router[node] = s;
            t->node_port[node] = h;
            t->peer[s * P + h].router = WC_PEER_NODE;
            t->peer[s * P + h].port = node;
        }
    for (i = 0; i < nlinks; i++) {
        const int *l = &links[4 * i];
        int e;
        if (l[0] == l[2]) {
            wc_err(err, errlen, "%s: link connects switch %d to itself", name, l[0]);
            wc_topo_free(t);
            return NULL;
        }
        for (e = 0; e < 4; e += 2) {
            if (l[e] < 0 || l[e] >= S || l[e + 1] < 0 || l[e + 1] >= P) {
                wc_err(err, errlen, "%s: link end switch %d port %d out of range (%d switches, %d ports)",
                             name, l[e], l[e + 1], S, P);
                wc_topo_free(t);
                return NULL;
            }
            if (t->peer[l[e] * P + l[e + 1]].router != WC_PEER_NONE) {
                wc_err(err, errlen, "%s: switch %d port %d is used twice (port over-subscription)",
                             name, l[e], l[e + 1]);
                wc_topo_free(t);
                return NULL;
            }
            t->peer[l[e] * P + l[e + 1]].router = l[2 - e];
            t->peer[l[e] * P + l[e + 1]].port = l[3 - e];
        }
    }
    if (wc__topo_updown_build(t, err, errlen) < 0) {
        wc_topo_free(t);
        return NULL;
    }
    return t;
}

/* Random irregular network.  Construction follows the usual recipe for
 * irregular switch networks in the up* / down* literature (Liu et al., GPC 2006, sec. 2.1 uses such networks): a
 * random spanning tree guarantees connectivity, then random extra links
 * between free ports until no further pair can be joined.  No parallel
 * links: two links between the same pair would add no path diversity. */
static wc_topo *make_irregular(const char *arg, char *err, int errlen)
{
    static const char *what[4] = { "switch count S", "ports P", "hosts per switch H", "SEED" };
    unsigned long long v[4];
    const char *s = arg;
    int i, b, k, S, P, H, nl = 0, maxl, *links = NULL, *nhosts = NULL, *freep = NULL, *nextp = NULL;
    uint32_t *cand = NULL, *order = NULL;
    unsigned char *adj = NULL;
    size_t nc = 0, c;
    wc_rng rng;
    char name[256];
    wc_topo *t = NULL;

    for (i = 0; i < 4; i++) {
        const char *e = i < 3 ? strchr(s, ',') : s + strlen(s);
        int rc;
        if (!e || (i == 3 && strchr(s, ','))) {
            wc_err(err, errlen, "irregular: expected irregular:S,P,H,SEED, got 'irregular:%s'", arg);
            return NULL;
        }
        rc = wc__topo_parse_u64(s, (int)(e - s), ~0ull, &v[i]);
        if (rc == -1) {
            wc_err(err, errlen, "irregular: malformed %s '%.*s'", what[i], (int)(e - s), s);
            return NULL;
        }
        if (rc == -2) {
            wc_err(err, errlen, "irregular: %s '%.*s' out of range", what[i], (int)(e - s), s);
            return NULL;
        }
        s = e + 1;
    }
    if (v[0] < 1 || v[0] > WC_TOPO_MAX_SWITCHES) {
        wc_err(err, errlen, "irregular: switch count S=%llu out of range 1..%d", v[0], WC_TOPO_MAX_SWITCHES);
        return NULL;
    }
    if (v[1] < 1 || v[1] > WC_TOPO_MAX_PORTS) {
        wc_err(err, errlen, "irregular: ports P=%llu out of range 1..%d", v[1], WC_TOPO_MAX_PORTS);
        return NULL;
    }
    if (v[2] < 1 || v[2] > v[1]) {
        wc_err(err, errlen, "irregular: hosts per switch H=%llu out of range 1..P (P=%llu)", v[2], v[1]);
        return NULL;
    }
    S = (int)v[0]; P = (int)v[1]; H = (int)v[2]; k = P - H;
    if ((long)S * H > WC_MAX_NODES) {
        wc_err(err, errlen, "irregular: S*H = %ld hosts exceed the maximum of %d nodes", (long)S * H, WC_MAX_NODES);
        return NULL;
    }
    /* A tree on S > 2 vertices has an inner vertex of degree >= 2. */
    if ((S > 1 && k < 1) || (S > 2 && k < 2)) {
        wc_err(err, errlen, "irregular: cannot connect %d switches with P-H = %d link ports per switch (need %d)",
                     S, k, S > 2 ? 2 : 1);
        return NULL;
    }
    snprintf(name, sizeof name, "irregular:%d,%d,%d,%llu", S, P, H, v[3]);
    maxl = S * k / 2 + 1;
    links = malloc((size_t)maxl * 4 * sizeof(int));
    nhosts = malloc((size_t)S * sizeof(int));
    freep = malloc((size_t)S * sizeof(int));
    nextp = malloc((size_t)S * sizeof(int));
    order = malloc((size_t)S * sizeof(uint32_t));
    adj = calloc(((size_t)S * S + 7) / 8, 1);
    if (!links || !nhosts || !freep || !nextp || !order || !adj) {
        wc_err(err, errlen, "irregular: out of memory");
        goto out;
    }
    for (i = 0; i < S; i++) {
        nhosts[i] = H;
        freep[i] = k;
        nextp[i] = H;
    }
#define ADJ(a, b) (adj[((size_t)(a) * S + (b)) >> 3] & (1u << (((size_t)(a) * S + (b)) & 7)))
#define LINK(a, b) do { \
        links[4 * nl] = (a); links[4 * nl + 1] = nextp[a]++; \
        links[4 * nl + 2] = (b); links[4 * nl + 3] = nextp[b]++; \
        freep[a]--; freep[b]--; nl++; \
        adj[((size_t)(a) * S + (b)) >> 3] |= (unsigned char)(1u << (((size_t)(a) * S + (b)) & 7)); \
        adj[((size_t)(b) * S + (a)) >> 3] |= (unsigned char)(1u << (((size_t)(b) * S + (a)) & 7)); \
    } while (0)
    wc_rng_seed(&rng, v[3]);
    for (i = 1; i < S; i++) {
        int j, n = 0;
        for (j = 0; j < i; j++)
            if (freep[j] > 0)
                order[n++] = (uint32_t)j;
        j = (int)order[wc_rng_below(&rng, (uint32_t)n)];
        LINK(i, j);
    }
    /* Every candidate pair in random order: a pair rejected once stays
     * impossible (ports only fill up, links only appear), so one pass
     * leaves no joinable pair. */
    for (i = 0; i < S; i++)
        if (freep[i] > 0)
            for (b = i + 1; b < S; b++)
                if (freep[b] > 0 && !ADJ(i, b))
                    nc++;
    if (nc) {
        cand = malloc(nc * sizeof *cand);
        if (!cand) {
            wc_err(err, errlen, "irregular: out of memory");
            goto out;
        }
        nc = 0;
        for (i = 0; i < S; i++)
            if (freep[i] > 0)
                for (b = i + 1; b < S; b++)
                    if (freep[b] > 0 && !ADJ(i, b))
                        cand[nc++] = (uint32_t)i * (uint32_t)S + (uint32_t)b;
        for (c = nc; c > 1; c--) {
            size_t j = wc_rng_below(&rng, (uint32_t)c);
            uint32_t tmp = cand[c - 1];
            cand[c - 1] = cand[j];
            cand[j] = tmp;
        }
        for (c = 0; c < nc; c++) {
            int x = (int)(cand[c] / (uint32_t)S), y = (int)(cand[c] % (uint32_t)S);
            if (freep[x] > 0 && freep[y] > 0 && !ADJ(x, y))
                LINK(x, y);
        }
    }
#undef LINK
#undef ADJ
    t = wc__topo_switched(name, S, P, nhosts, NULL, links, nl, err, errlen);
out:
    free(links);
    free(nhosts);
    free(freep);
    free(nextp);
    free(order);
    free(adj);
    free(cand);
    return t;
}

wc_topo *wc_topo_create(const char *name, char *err, int errlen)
{
    if (err && errlen > 0)
        err[0] = 0;
    if (!name) {
        wc_err(err, errlen, "no topology name given");
        return NULL;
    }
    if (!strncmp(name, "cube:", 5))
        return make_cube(name + 5, err, errlen);
    if (!strncmp(name, "mesh:", 5))
        return make_mesh(name + 5, err, errlen);
    if (!strncmp(name, "irregular:", 10))
        return make_irregular(name + 10, err, errlen);
    if (!strncmp(name, "file:", 5))
        return wc__topo_from_file(name + 5, err, errlen);
    wc_err(err, errlen, "unknown topology '%s' (expected cube:N[:all][:low], mesh:XxY, irregular:S,P,H,SEED or file:PATH)", name);
    return NULL;
}

/* ---- routing ---------------------------------------------------------------- */

void wc_topo_route_ctx(const wc_topo *t, int r, wc_route_ctx *x)
{
    x->node = (unsigned)r;
    x->cube_n = (unsigned)t->n;
    x->all_port = t->all_port;
    x->high_first = t->high_first;
    x->mx = (unsigned)t->mx;
    x->my = (unsigned)t->my;
    x->nnodes = (unsigned)t->nnodes;
    x->table = t->rtable ? t->rtable + (size_t)r * 2 * (size_t)t->nnodes : NULL;
    x->down_only = t->down_only ? t->down_only + (size_t)r * (size_t)t->nports : NULL;
}

int wc_topo_route(const wc_topo *t, int r, int in_port, int dst)
{
    const wc_routing *f;
    wc_route_ctx x;
    int local, alt;
    if (!t || r < 0 || r >= t->nrouters || dst < 0 || dst >= t->nnodes || !(f = wc_routing_by_id(t->routing)))
        return -1;
    if (in_port < 0 || in_port >= t->nports)
        in_port = t->nports;   /* no arrival port: not a down link, any turn */
    wc_topo_route_ctx(t, r, &x);
    if (f->tables && in_port >= t->nports)
        x.down_only = NULL;
    /* an adaptive function's first output: its choice at zero load */
    return f->route(&x, (unsigned)in_port, (unsigned)dst, &local, &alt);
}

int wc_topo_set_routing(wc_topo *t, const char *name, char *err, int errlen)
{
    const wc_routing *f = wc_routing_by_name(name), *d = wc_routing_default(t->kind);
    char names[256];
    if (!f) {
        wc_routing_names(names, sizeof names);
        wc_err(err, errlen, "unknown routing '%s' (expected one of: %s)", name, names);
        return -1;
    }
    if (f->kind != (int)t->kind) {
        wc_err(err, errlen, "routing %s does not route %s (it routes with %s)", f->name, t->name, d ? d->name : "?");
        return -1;
    }
    t->routing = f->id;
    return 0;
}

int wc_topo_inject_port(const wc_topo *t, int src, int dst)
{
    if (!t || src < 0 || src >= t->nnodes || dst < 0 || dst >= t->nnodes)
        return -1;
    if (t->kind == WC_TOPO_CUBE && t->all_port) {
        /* The injection channel is the one of the dimension e-cube takes
         * first (Robinson et al., Supercomputing 1993: all-port
         * model, one channel per dimension). */
        int d = wc_route_ecube((unsigned)src, (unsigned)dst, (unsigned)t->n,
                               (unsigned)t->n, 0, t->high_first);
        return d >= 0 && d < t->n ? t->n + d : -1;
    }
    return t->node_port[src];
}

int wc_topo_path(const wc_topo *t, int src, int dst, int *routers, int *ports, int max)
{
    int r, in, p, n = 0;
    if (!t || src < 0 || src >= t->nnodes || dst < 0 || dst >= t->nnodes)
        return -1;
    in = wc_topo_inject_port(t, src, dst);
    if (in < 0)
        return -1;
    r = t->node_router[src];
    for (;;) {
        wc_endpoint e;
        if (n >= max)
            return -1;
        p = wc_topo_route(t, r, in, dst);
        if (p < 0 || p >= t->nports)
            return -1;
        routers[n] = r;
        ports[n] = p;
        n++;
        e = t->peer[r * t->nports + p];
        if (e.router == WC_PEER_NODE)
            return e.port == dst ? n : -1;
        if (e.router < 0)
            return -1;
        r = e.router;
        in = e.port;
    }
}

/* ---- JSON ----------------------------------------------------------------- */

static const char *kind_name(enum wc_topo_kind k)
{
    return k == WC_TOPO_CUBE ? "cube" : k == WC_TOPO_MESH ? "mesh" : "switched";
}

static void json_ints(FILE *f, const int *v, int n)
{
    int i;
    fputc('[', f);
    for (i = 0; i < n; i++)
        fprintf(f, "%s%d", i ? "," : "", v[i]);
    fputc(']', f);
}

void wc_topo_json(const wc_topo *t, FILE *f, int with_routes)
{
    int r, p, P = t->nports, first = 1, i;
    const wc_routing *rf = wc_routing_by_id(t->routing);

    fprintf(f, "{\n  \"name\": ");
    wc_json_put_string(f, t->name);
    fprintf(f, ",\n  \"kind\": \"%s\",\n  \"routing\": \"%s\",\n", kind_name(t->kind),
            rf ? rf->name : "unknown");
    fprintf(f, "  \"nrouters\": %d,\n  \"nports\": %d,\n  \"nnodes\": %d,\n  \"nlocal\": %d,\n",
            t->nrouters, P, t->nnodes, t->nlocal);
    fprintf(f, "  \"links\": [");
    for (r = 0; r < t->nrouters; r++)
        for (p = 0; p < P; p++) {
            wc_endpoint e = t->peer[r * P + p];
            if (e.router < 0 || e.router < r || (e.router == r && e.port < p))
                continue;
            fprintf(f, "%s\n    {\"a\": [%d, %d], \"b\": [%d, %d]", first ? "" : ",", r, p, e.router, e.port);
            if (t->up)
                fprintf(f, ", \"up_end\": %d", t->up[r * P + p] ? e.router : r);
            fputc('}', f);
            first = 0;
        }
    fprintf(f, "\n  ],\n  \"hosts\": [");
    for (i = 0; i < t->nnodes; i++)
        fprintf(f, "%s\n    {\"node\": %d, \"router\": %d, \"port\": %d}", i ? "," : "", i,
                t->node_router[i], t->node_port[i]);
    fprintf(f, "\n  ]");
    if (t->level) {
        fprintf(f, ",\n  \"tree\": {\"root\": %d, \"level\": ", t->root);
        json_ints(f, t->level, t->nrouters);
        fprintf(f, ", \"parent\": ");
        json_ints(f, t->parent, t->nrouters);
        fprintf(f, "}");
    }
    if (with_routes) {
        int max = t->nrouters + 2, *rs = malloc((size_t)max * sizeof(int)), *ps = malloc((size_t)max * sizeof(int));
        int s, d, n;
        first = 1;
        fprintf(f, ",\n  \"routes\": [");
        for (s = 0; rs && ps && s < t->nnodes; s++)
            for (d = 0; d < t->nnodes; d++) {
                if (s == d)
                    continue;
                n = wc_topo_path(t, s, d, rs, ps, max);
                fprintf(f, "%s\n    {\"src\": %d, \"dst\": %d, \"hops\": ", first ? "" : ",", s, d);
                first = 0;
                if (n < 0) {
                    fprintf(f, "null}");
                    continue;
                }
                fputc('[', f);
                for (i = 0; i < n; i++)
                    fprintf(f, "%s[%d, %d]", i ? ", " : "", rs[i], ps[i]);
                fprintf(f, "]}");
            }
        fprintf(f, "\n  ]");
        free(rs);
        free(ps);
    }
    fprintf(f, "\n}\n");
}

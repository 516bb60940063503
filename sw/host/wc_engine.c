/* SPDX-License-Identifier: Apache-2.0 */
/* System instances (wc_engine.h): the C models and the Verilated RTL
 * behind one table of operations each. */
#include <string.h>
#include "wc_engine.h"
#include "wc_rtl.h"
#include "wc_defs.h"
#include "wc_err.h"

typedef struct {
    void (*net_set)(wc_engine *, int idx, int valid, uint64_t flit, int credit);
    void (*net_eval)(wc_engine *);
    void (*net_port)(const wc_engine *, int r, int p, int *valid, uint64_t *flit, int *credit);
    uint64_t (*net_active)(const wc_engine *, int r);
    uint64_t (*net_abs_mask)(const wc_engine *, int r);
    uint64_t (*net_abs)(const wc_engine *, int r, int p, int *valid);
    unsigned (*net_drops)(const wc_engine *, int r);
    unsigned (*net_drops_total)(const wc_engine *, int r);
    void (*net_cfg)(wc_engine *, int r, unsigned addr, unsigned data);
    void (*nic_eval)(wc_engine *, int n, wc_nic_out *o);
    void (*nic_set)(wc_engine *, int n, const wc_nic_in *in);
    void (*nic_tick)(wc_engine *);  /* the NICs' edge alone (C: nic_set is the edge) */
    void (*node_eval)(wc_engine *, int n, wc_node_out *o);
    void (*node_set)(wc_engine *, int n, const wc_node_in *in);
    void (*node_load)(wc_engine *, int n, uint32_t addr, const uint32_t *w, uint32_t nw);
    void (*tick)(wc_engine *);      /* every unit's edge where it is a separate step */
} engine_ops;

struct wc_engine {
    const engine_ops *ops;
    char name[64];
    const wc_topo *t;
    int R, P, nnic;
    /* C models */
    wc_net *net;
    wc_nic **nic;
    /* RTL */
    wc_rtl *rtl;
    wc_rtl_nic *rnic;
    wc_nic_out *out;        /* [nnic] this cycle's NIC outputs */
    /* SystemC */
    const wc_engine_sc_abi *sc;
    void *sch;
    /* node SoCs (instead of bare NICs) */
    int nnode;
    wc_node_soc **node;
    wc_rtl_node *rnode;
    wc_node_out *nout;      /* [nnode] this cycle's node outputs */
    uint32_t *regs;         /* [nnic][WC_NICR_WORDS] register snapshot */
    /* --mutate-rtl: one credit more than was taken, into node 0's link
     * into the RTL (its router's terminal port, or its NIC), at one edge */
    int mutate_rtl;         /* negative once given */
    long cycle;             /* edges since the instance was opened */
    int mut_idx;            /* node 0's terminal port */
    int mut_v, mut_c;       /* its inputs as last set */
    uint64_t mut_f;
    wc_nic_in mut_nic;
    wc_node_in mut_node;
};

static const char *const kind_names[] = { "c", "rtl", "lockstep", "lockstep-c", "sc", "lockstep-sc" };

const char *wc_engine_kind_name(int engine)
{
    return engine >= 0 && engine < (int)(sizeof kind_names / sizeof kind_names[0]) ? kind_names[engine] : "?";
}

int wc_engine_kind_parse(const char *name)
{
    int i;
    for (i = 0; i < (int)(sizeof kind_names / sizeof kind_names[0]); i++)
        if (!strcmp(name, kind_names[i]))
            return i;
    return -1;
}

int wc_engine_kind_lockstep(int engine)
{
    return engine == WC_ENGINE_LOCKSTEP || engine == WC_ENGINE_LOCKSTEP_C || engine == WC_ENGINE_LOCKSTEP_SC;
}

int wc_engine_kind_sc(int engine) { return engine == WC_ENGINE_SC || engine == WC_ENGINE_LOCKSTEP_SC; }

static int parse_id(const char *s, const char *end, int n, const char *list, char *err, int errlen)
{
    long v = 0;
    const char *p;
    if (s == end)
        return wc_err(err, errlen, "--rtl-nodes '%s': an empty item (none, all, or node ids and ranges: 0,5,8-11)",
                      list);
    for (p = s; p < end; p++) {
        if (*p < '0' || *p > '9')
            return wc_err(err, errlen, "--rtl-nodes '%s': '%.*s' is not a node id (none, all, or ids and ranges: "
                          "0,5,8-11)", list, (int)(end - s), s);
        if ((v = v * 10 + (*p - '0')) >= n)
            return wc_err(err, errlen, "--rtl-nodes '%s': node %.*s is not a node of the network (0..%d)", list,
                          (int)(end - s), s, n - 1);
    }
    return (int)v;
}

int wc_engine_parse_nodes(const char *list, int nnodes, unsigned char *mask, char *err, int errlen)
{
    const char *s = list;
    memset(mask, 0, (size_t)nnodes);
    if (!strcmp(list, "none"))
        return 0;
    if (!strcmp(list, "all")) {
        memset(mask, 1, (size_t)nnodes);
        return 0;
    }
    for (;;) {
        const char *end = strchr(s, ','), *dash;
        int a, b;
        if (!end)
            end = s + strlen(s);
        dash = memchr(s, '-', (size_t)(end - s));
        if ((a = parse_id(s, dash ? dash : end, nnodes, list, err, errlen)) < 0 ||
            (b = dash ? parse_id(dash + 1, end, nnodes, list, err, errlen) : a) < 0)
            return -1;
        if (b < a)
            return wc_err(err, errlen, "--rtl-nodes '%s': the range %d-%d is empty", list, a, b);
        while (a <= b)
            mask[a++] = 1;
        if (!*end)
            return 0;
        s = end + 1;
    }
}

int wc_engine_check_mutate(int engine, int mutate, int max, const char *unit, char *err, int errlen)
{
    if (mutate < 0 || mutate > max)
        return wc_err(err, errlen, "--mutate %d: the %s mutations are 1..%d", mutate, unit, max);
    if (mutate && !wc_engine_kind_lockstep(engine))
        return wc_err(err, errlen, "--mutate breaks the C model of a lockstep run; engine %s compares nothing",
                      wc_engine_kind_name(engine));
    return 0;
}

/* ---- C models ------------------------------------------------------------ */
static void c_net_set(wc_engine *e, int idx, int v, uint64_t f, int c) { wc_net_set_ext(e->net, idx, v, f, c); }
static void c_net_eval(wc_engine *e) { wc_net_step(e->net); }
static void c_net_port(const wc_engine *e, int r, int p, int *v, uint64_t *f, int *c)
{
    wc_net_port(e->net, r, p, v, f, c);
}
static uint64_t c_net_active(const wc_engine *e, int r) { return wc_net_active_ports(e->net, r); }
static uint64_t c_net_abs_mask(const wc_engine *e, int r) { return wc_net_abs_mask(e->net, r); }
static uint64_t c_net_abs(const wc_engine *e, int r, int p, int *v) { return wc_net_abs(e->net, r, p, v); }
static unsigned c_net_drops(const wc_engine *e, int r) { return wc_net_drops(e->net, r); }
static unsigned c_net_drops_total(const wc_engine *e, int r) { return wc_net_drops_now(e->net, r); }
static void c_net_cfg(wc_engine *e, int r, unsigned a, unsigned d) { wc_net_cfg_write(e->net, r, a, d); }
static void c_nic_eval(wc_engine *e, int n, wc_nic_out *o) { wc_nic_eval(e->nic[n], o); }
static void c_nic_set(wc_engine *e, int n, const wc_nic_in *in) { wc_nic_commit(e->nic[n], in); }
static void c_nop(wc_engine *e) { (void)e; }
static void c_node_eval(wc_engine *e, int n, wc_node_out *o) { wc_node_soc_eval(e->node[n], o); }
static void c_node_set(wc_engine *e, int n, const wc_node_in *in) { wc_node_soc_commit(e->node[n], in); }
static void c_node_load(wc_engine *e, int n, uint32_t a, const uint32_t *w, uint32_t nw)
{
    wc_node_soc_load(e->node[n], a, w, nw);
}

static const engine_ops c_ops = {
    c_net_set, c_net_eval, c_net_port, c_net_active, c_net_abs_mask, c_net_abs, c_net_drops, c_net_drops_total,
    c_net_cfg, c_nic_eval, c_nic_set, c_nop, c_node_eval, c_node_set, c_node_load, c_nop
};

/* ---- Verilated RTL ------------------------------------------------------- */
static void r_net_set(wc_engine *e, int idx, int v, uint64_t f, int c) { wc_rtl_set_ext(e->rtl, idx, v, f, c); }
static void r_net_eval(wc_engine *e) { wc_rtl_eval(e->rtl); }
static void r_net_port(const wc_engine *e, int r, int p, int *v, uint64_t *f, int *c)
{
    wc_rtl_get(e->rtl, r * e->P + p, v, f, c);
}
static uint64_t r_net_active(const wc_engine *e, int r)
{
    (void)r;
    return e->P >= 64 ? ~0ull : (1ull << e->P) - 1;
}
static uint64_t r_net_abs(const wc_engine *e, int r, int p, int *v)
{
    uint64_t f;
    wc_rtl_get_abs(e->rtl, r * e->P + p, v, &f);
    return f;
}
/* for instances that keep no mask: every port asked */
static uint64_t abs_mask_by_port(const wc_engine *e, int r)
{
    uint64_t m = 0;
    int p, v;
    for (p = 0; p < e->P; p++) {
        (void)e->ops->net_abs(e, r, p, &v);
        m |= (uint64_t)(v != 0) << p;
    }
    return m;
}
static unsigned r_net_drops(const wc_engine *e, int r) { return wc_rtl_drops(e->rtl, r); }
static void r_net_cfg(wc_engine *e, int r, unsigned a, unsigned d) { wc_rtl_cfg(e->rtl, r, a, d); }
static void r_nic_eval(wc_engine *e, int n, wc_nic_out *o) { wc_rtl_nic_get(e->rnic, n, o); }
static void r_nic_set(wc_engine *e, int n, const wc_nic_in *in) { wc_rtl_nic_set(e->rnic, n, in); }
static void r_nic_tick(wc_engine *e)
{
    if (e->rnic)
        wc_rtl_nic_tick(e->rnic);
}
static void r_node_eval(wc_engine *e, int n, wc_node_out *o) { wc_rtl_node_get(e->rnode, n, o); }
static void r_node_set(wc_engine *e, int n, const wc_node_in *in) { wc_rtl_node_set(e->rnode, n, in); }
static void r_node_load(wc_engine *e, int n, uint32_t a, const uint32_t *w, uint32_t nw)
{
    wc_rtl_node_load(e->rnode, n, a, w, nw);
}
static void r_tick(wc_engine *e)
{
    wc_rtl_tick(e->rtl);
    r_nic_tick(e);
    if (e->rnode)
        wc_rtl_node_tick(e->rnode);
}

static const engine_ops rtl_ops = {
    r_net_set, r_net_eval, r_net_port, r_net_active, abs_mask_by_port, r_net_abs, r_net_drops, r_net_drops,
    r_net_cfg, r_nic_eval, r_nic_set, r_nic_tick, r_node_eval, r_node_set, r_node_load, r_tick
};

/* ---- the SystemC network ------------------------------------------------ */
/* Its outputs are registered signals, valid from the last edge on, so
 * evaluation has nothing to do; the inputs written now take effect at the
 * next edge (tick). */
static void s_net_set(wc_engine *e, int idx, int v, uint64_t f, int c) { e->sc->set_ext(e->sch, idx, v, f, c); }
static void s_net_eval(wc_engine *e) { (void)e; }
static void s_net_port(const wc_engine *e, int r, int p, int *v, uint64_t *f, int *c)
{
    e->sc->get(e->sch, r * e->P + p, v, f, c);
}
static uint64_t s_net_abs(const wc_engine *e, int r, int p, int *v)
{
    uint64_t f;
    e->sc->get_abs(e->sch, r * e->P + p, v, &f);
    return f;
}
static unsigned s_net_drops(const wc_engine *e, int r) { return e->sc->drops(e->sch, r); }
static void s_net_cfg(wc_engine *e, int r, unsigned a, unsigned d)
{
    /* table routing is refused when the network is made */
    (void)e, (void)r, (void)a, (void)d;
}
static void s_nic_eval(wc_engine *e, int n, wc_nic_out *o) { e->sc->nic_get(e->sch, n, o); }
static void s_nic_set(wc_engine *e, int n, const wc_nic_in *in) { e->sc->nic_set(e->sch, n, in); }
/* the routers are clocked too, their terminal inputs idle */
static void s_nic_tick(wc_engine *e) { e->sc->tick_idle_net(e->sch); }
static void s_node_eval(wc_engine *e, int n, wc_node_out *o) { (void)e, (void)n, (void)o; }
static void s_node_set(wc_engine *e, int n, const wc_node_in *in) { (void)e, (void)n, (void)in; }
static void s_node_load(wc_engine *e, int n, uint32_t a, const uint32_t *w, uint32_t nw)
{
    (void)e, (void)n, (void)a, (void)w, (void)nw;
}
static void s_tick(wc_engine *e) { e->sc->tick(e->sch); }

static const engine_ops sc_ops = {
    s_net_set, s_net_eval, s_net_port, r_net_active, abs_mask_by_port, s_net_abs, s_net_drops, s_net_drops,
    s_net_cfg, s_nic_eval, s_nic_set, s_nic_tick, s_node_eval, s_node_set, s_node_load, s_tick
};

/* The SystemC network of c, node n's router and NIC the RTL where
 * c->sc_rtl says. */
static int sc_open(wc_engine *e, const wc_engine_cfg *c, char *err, int errlen)
{
    const wc_topo *t = c->t;
    wc_engine_sc_spec sp;
    uint8_t *rr = NULL, *rn = NULL;
    int n, rc = -1;
    if (c->node)
        return wc_err(err, errlen, "the SystemC engine has routers and NICs, not node SoCs (use engine c or rtl)");
    if (wc_engine_check_stages(WC_ENGINE_SC, t, err, errlen))
        return -1;
    if (!(e->sc = wc_sc_load(err, errlen)))
        return -1;
    if (!(rr = wc_alloc((size_t)t->nrouters, 1, "the RTL router list", err, errlen)) ||
        !(rn = wc_alloc((size_t)t->nnodes, 1, "the RTL NIC list", err, errlen)))
        goto out;
    for (n = 0; c->sc_rtl && n < t->nnodes; n++)
        if (c->sc_rtl[n]) {
            rr[t->node_router[n]] = 1;
            rn[n] = 1;
        }
    memset(&sp, 0, sizeof sp);
    sp.topo = t->name;
    /* the name rebuilds the topology with its default routing: the
     * function chosen (--routing) goes along */
    sp.routing = wc_routing_by_id(t->routing) ? wc_routing_by_id(t->routing)->name : NULL;
    sp.width = c->width;
    sp.buffer = c->buffer;
    sp.router_mutate = c->net_mutate;
    sp.rtl_router = rr;
    sp.nic = c->nic;
    sp.rtl_nic = c->nic ? rn : NULL;
    if (!(e->sch = e->sc->create(&sp, err, errlen)))
        goto out;
    e->sc->reset(e->sch, 4);
    rc = 0;
out:
    free(rr);
    free(rn);
    return rc;
}

/* ---- instances ----------------------------------------------------------- */
void wc_engine_close(wc_engine *e)
{
    int n;
    if (!e)
        return;
    if (e->nic)
        for (n = 0; n < e->nnic; n++)
            wc_nic_free(e->nic[n]);
    free(e->nic);
    if (e->node)
        for (n = 0; n < e->nnode; n++)
            wc_node_soc_free(e->node[n]);
    free(e->node);
    wc_rtl_node_close(e->rnode);
    free(e->nout);
    wc_net_free(e->net);
    wc_rtl_nic_close(e->rnic);
    wc_rtl_close(e->rtl);
    if (e->sch)
        e->sc->destroy(e->sch);
    free(e->out);
    free(e->regs);
    free(e);
}

/* The up*-down* tables through the instance's configuration port, in the
 * order the C model enumerates them. */
static int load_tables(wc_engine *e, const wc_engine_cfg *c, char *err, int errlen)
{
    wc_net *net;
    wc_cfg_word *w;
    long k, ncfg;
    if (c->t->routing != WC_ROUTING_TABLE)
        return 0;
    if (!(net = wc_net_create(c->t, c->width, c->buffer, 0, err, errlen)))
        return -1;
    ncfg = wc_net_cfg_words(net, NULL, 0);
    if (!(w = wc_alloc((size_t)ncfg, sizeof *w, "the route-table words", err, errlen))) {
        wc_net_free(net);
        return -1;
    }
    wc_net_cfg_words(net, w, ncfg);
    for (k = 0; k < ncfg; k++)
        e->ops->net_cfg(e, w[k].router, w[k].addr, w[k].data);
    free(w);
    wc_net_free(net);
    return 0;
}

int wc_engine_check_stages(int engine, const wc_topo *t, char *err, int errlen)
{
    if (t->stages != 1 && wc_engine_kind_sc(engine))
        return wc_err(err, errlen, "the SystemC engine builds its network from the topology's name: one-cycle hops "
                      "only (--router-stages 1)");
    const wc_routing *f = wc_routing_by_id(t->routing);
    if (f && !f->rtl_module && engine != WC_ENGINE_C && engine != WC_ENGINE_LOCKSTEP_C)
        return wc_err(err, errlen, "--routing %s runs on the C model only (--engine c): it has no RTL module",
                      f->name);
    return 0;
}

int wc_engine_check_mutate_rtl(int engine, int mutate, int has_nics, char *err, int errlen)
{
    if (mutate < 0 || mutate > WC_ENGINE_MUTATE_RTL_MAX || (mutate == WC_ENGINE_MUTATE_RTL_NIC && !has_nics))
        return wc_err(err, errlen, "--mutate-rtl %d: the RTL mutations are 1 (a router's terminal port)%s", mutate,
                      has_nics ? " and 2 (node 0's NIC)" : " here (this command has no NICs)");
    if (mutate && (engine == WC_ENGINE_C || engine == WC_ENGINE_LOCKSTEP_C))
        return wc_err(err, errlen, "--mutate-rtl breaks the inputs of the RTL; engine %s runs none",
                      wc_engine_kind_name(engine));
    return 0;
}

wc_engine *wc_engine_open(int impl, const wc_engine_cfg *c, const char *name, char *err, int errlen)
{
    const wc_topo *t = c->t;
    wc_engine *e = wc_alloc(1, sizeof *e, "a system instance", err, errlen);
    int n;
    if (!e)
        return NULL;
    if (impl != WC_IMPL_C && c->rtl_mutate) {
        if (wc_engine_check_mutate_rtl(-1, c->rtl_mutate, c->nic || c->node, err, errlen))
            goto fail;
        if (impl == WC_IMPL_SC && !(c->sc_rtl && c->sc_rtl[0])) {
            wc_err(err, errlen, "--mutate-rtl %d breaks the link into node 0's RTL, and node 0's router and NIC are "
                   "C models in this SystemC network (--rtl-nodes)", c->rtl_mutate);
            goto fail;
        }
        e->mutate_rtl = c->rtl_mutate;
        e->mut_idx = t->node_router[0] * t->nports + t->node_port[0];
    }
    snprintf(e->name, sizeof e->name, "%s", name);
    e->t = t;
    e->R = t->nrouters;
    e->P = t->nports;
    e->nnic = c->nic ? t->nnodes : 0;
    e->nnode = c->node ? t->nnodes : 0;
    if (e->nnic && e->nnode) {
        wc_err(err, errlen, "a system has bare NICs or node SoCs, not both");
        goto fail;
    }
    if (e->nnic && !(e->out = wc_alloc((size_t)e->nnic, sizeof *e->out, "NIC outputs", err, errlen)))
        goto fail;
    if (e->nnode && !(e->nout = wc_alloc((size_t)e->nnode, sizeof *e->nout, "node outputs", err, errlen)))
        goto fail;
    if (impl == WC_IMPL_SC) {
        e->ops = &sc_ops;
        if (sc_open(e, c, err, errlen))
            goto fail;
    } else if (impl == WC_IMPL_RTL) {
        e->ops = &rtl_ops;
        if (!(e->rtl = wc_rtl_open(t, c->width, c->buffer, c->rtl_flat, c->rtl_trace, err, errlen)))
            goto fail;
        if (e->nnic && !(e->rnic = wc_rtl_nic_open(c->nic, e->nnic, c->nic_trace, err, errlen)))
            goto fail;
        wc_rtl_reset(e->rtl, 4);
        if (e->rnic)
            wc_rtl_nic_reset(e->rnic, 4);
        if (e->nnode && !(e->rnode = wc_rtl_node_open(c->node, e->nnode, err, errlen)))
            goto fail;
        if (e->rnode)
            wc_rtl_node_reset(e->rnode, 4);
    } else {
        e->ops = &c_ops;
        if (!(e->net = wc_net_create(t, c->width, c->buffer, c->net_mutate, err, errlen)))
            goto fail;
        if (e->nnic && !(e->nic = wc_alloc((size_t)e->nnic, sizeof *e->nic, "NIC models", err, errlen)))
            goto fail;
        if (e->nnode && !(e->node = wc_alloc((size_t)e->nnode, sizeof *e->node, "node models", err, errlen)))
            goto fail;
    }
    if (load_tables(e, c, err, errlen))
        goto fail;
    for (n = 0; e->nic && n < e->nnic; n++) {
        if (!(e->nic[n] = wc_nic_create(c->nic, (unsigned)n, err, errlen)))
            goto fail;
        wc_nic_reset(e->nic[n]);
    }
    for (n = 0; e->node && n < e->nnode; n++)
        if (!(e->node[n] = wc_node_soc_create(c->node, (unsigned)n, err, errlen)))
            goto fail;
    return e;
fail:
    wc_engine_close(e);
    return NULL;
}

const char *wc_engine_name(const wc_engine *e) { return e->name; }
const wc_topo *wc_engine_topo(const wc_engine *e) { return e->t; }
int wc_engine_nnics(const wc_engine *e) { return e->nnic; }
int wc_engine_nnodes(const wc_engine *e) { return e->nnode; }

void wc_engine_net_set(wc_engine *e, int idx, int valid, uint64_t flit, int credit)
{
    if (e->mutate_rtl > 0 && idx == e->mut_idx) {
        e->mut_v = valid;
        e->mut_f = flit;
        e->mut_c = credit;
    }
    e->ops->net_set(e, idx, valid, flit, credit);
}
void wc_engine_net_eval(wc_engine *e) { e->ops->net_eval(e); }
void wc_engine_net_port(const wc_engine *e, int r, int p, int *valid, uint64_t *flit, int *credit)
{
    e->ops->net_port(e, r, p, valid, flit, credit);
}
uint64_t wc_engine_net_active(const wc_engine *e, int r) { return e->ops->net_active(e, r); }
const uint64_t *wc_engine_net_busy_ext(const wc_engine *e) { return e->ops == &c_ops ? wc_net_busy_ext(e->net) : NULL; }
const uint64_t *wc_engine_net_busy_abs(const wc_engine *e) { return e->ops == &c_ops ? wc_net_busy_abs(e->net) : NULL; }
uint64_t wc_engine_net_abs_mask(const wc_engine *e, int r) { return e->ops->net_abs_mask(e, r); }
uint64_t wc_engine_net_abs(const wc_engine *e, int r, int p, int *valid) { return e->ops->net_abs(e, r, p, valid); }
unsigned wc_engine_net_drops(const wc_engine *e, int r) { return e->ops->net_drops(e, r); }
unsigned wc_engine_net_drops_total(const wc_engine *e, int r) { return e->ops->net_drops_total(e, r); }
int wc_engine_net_trace(wc_engine *e, const char *path) { return e->rtl ? wc_rtl_trace(e->rtl, path) : -1; }
const wc_net *wc_engine_c_net(const wc_engine *e) { return e->net; }

const wc_nic_out *wc_engine_nic_eval(wc_engine *e, int n)
{
    e->ops->nic_eval(e, n, &e->out[n]);
    return &e->out[n];
}
const wc_nic_out *wc_engine_nic_out(const wc_engine *e, int n) { return &e->out[n]; }
void wc_engine_nic_set(wc_engine *e, int n, const wc_nic_in *in)
{
    if (e->mutate_rtl > 0 && n == 0)
        e->mut_nic = *in;
    e->ops->nic_set(e, n, in);
}

uint32_t wc_engine_nic_snap(const wc_engine *e, int n, unsigned reg)
{
    return e->regs && reg < WC_NICR_WORDS ? e->regs[(size_t)n * WC_NICR_WORDS + reg] : 0;
}

uint32_t wc_engine_nic_reg(const wc_engine *e, int n, unsigned reg)
{
    /* the Verilated registers are read only once the run is over */
    return e->nic ? wc_nic_peek(e->nic[n], reg) : wc_engine_nic_snap(e, n, reg);
}

int wc_engine_nic_snapshot(wc_engine *e, char *err, int errlen)
{
    unsigned reg;
    int n;
    if (!e->regs &&
        !(e->regs = wc_alloc((size_t)e->nnic * WC_NICR_WORDS, sizeof *e->regs, "NIC registers", err, errlen)))
        return -1;
    for (reg = 0; reg < WC_NICR_WORDS; reg++) {
        wc_nic_in in;
        wc_nic_out o;
        memset(&in, 0, sizeof in);
        in.s_cyc = in.s_stb = 1;
        in.s_adr = 4u * reg;
        in.s_sel = 0xFu;
        for (n = 0; n < e->nnic; n++)
            e->ops->nic_set(e, n, &in);
        e->ops->nic_tick(e);
        memset(&in, 0, sizeof in);
        for (n = 0; n < e->nnic; n++) {
            e->ops->nic_eval(e, n, &o);
            e->regs[(size_t)n * WC_NICR_WORDS + reg] = o.s_dat;
            e->ops->nic_set(e, n, &in);
        }
        e->ops->nic_tick(e);
    }
    return 0;
}

void wc_engine_nic_dump(const wc_engine *e, int n, FILE *f)
{
    if (e->nic)
        wc_nic_dump(e->nic[n], f);
}

const wc_node_out *wc_engine_node_eval(wc_engine *e, int n)
{
    e->ops->node_eval(e, n, &e->nout[n]);
    return &e->nout[n];
}
const wc_node_out *wc_engine_node_out(const wc_engine *e, int n) { return &e->nout[n]; }
void wc_engine_node_set(wc_engine *e, int n, const wc_node_in *in)
{
    if (e->mutate_rtl > 0 && n == 0)
        e->mut_node = *in;
    e->ops->node_set(e, n, in);
}
void wc_engine_node_load(wc_engine *e, int n, uint32_t addr, const uint32_t *w, uint32_t nw)
{
    e->ops->node_load(e, n, addr, w, nw);
}
const wc_node_soc *wc_engine_c_node(const wc_engine *e, int n) { return e->node ? e->node[n] : NULL; }
int wc_engine_nic_trace(wc_engine *e, int n, const char *path)
{
    return e->rnic ? wc_rtl_nic_trace(e->rnic, n, path) : -1;
}
void wc_engine_nic_trace_close(wc_engine *e)
{
    if (e->rnic)
        wc_rtl_nic_trace_close(e->rnic);
}
int wc_engine_node_trace(wc_engine *e, int n, const char *path)
{
    return e->rnode ? wc_rtl_node_trace(e->rnode, n, path) : -1;
}

/* The mutation's extra credit: at the first edge from
 * WC_ENGINE_MUTATE_RTL_CYCLE on where the front end returns none on that
 * link (one wire carries one credit a cycle).  1 once it was given. */
static int mutate_rtl(wc_engine *e)
{
    if (e->mutate_rtl == WC_ENGINE_MUTATE_RTL_ROUTER) {
        if (e->mut_c)
            return 0;
        e->ops->net_set(e, e->mut_idx, e->mut_v, e->mut_f, 1);
    } else if (e->nnode) {
        wc_node_in in = e->mut_node;
        if (in.tx_credit)
            return 0;
        in.tx_credit = 1;
        e->ops->node_set(e, 0, &in);
    } else {
        wc_nic_in in = e->mut_nic;
        if (in.tx_credit)
            return 0;
        in.tx_credit = 1;
        e->ops->nic_set(e, 0, &in);
    }
    return 1;
}

void wc_engine_tick(wc_engine *e)
{
    if (e->mutate_rtl > 0 && e->cycle >= WC_ENGINE_MUTATE_RTL_CYCLE && mutate_rtl(e))
        e->mutate_rtl = -e->mutate_rtl; /* given: no more */
    e->ops->tick(e);
    e->cycle++;
}

const char *wc_engine_rtl_failure(const wc_engine *e)
{
    const char *f = NULL;
    if (e->rtl)
        f = wc_rtl_failure(e->rtl);
    if (!f && e->rnic)
        f = wc_rtl_nic_failure(e->rnic);
    if (!f && e->rnode)
        f = wc_rtl_node_failure(e->rnode);
    if (!f && e->sch)
        f = e->sc->failure(e->sch);
    return f;
}

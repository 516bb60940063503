/* SPDX-License-Identifier: Apache-2.0 */
/* BRCP rules per network kind: the CS838 lecture notes, 1999, "Intermediate reception capability" (the concatenation of
 * the piecewise routes must be a base-routing path). */
#include "wc_brcp.h"
#include "wc_defs.h"

int wc_brcp_cube(wc_brcp_net *net, int n, int high_first)
{
    if (n < 1 || n > 24)
        return -1;
    net->kind = WC_BRCP_CUBE;
    net->n = n;
    net->high_first = high_first != 0;
    net->nnodes = 1 << n;
    net->ndim = 0;
    net->ud = 0;
    return 0;
}

int wc_brcp_mesh(wc_brcp_net *net, int ndim, const int *size)
{
    long nodes = 1;
    int k;
    if (ndim < 1 || ndim > WC_BRCP_MAX_DIM)
        return -1;
    for (k = 0; k < ndim; k++) {
        if (size[k] < 1 || size[k] > (1 << 20))
            return -1;
        nodes *= size[k];
        if (nodes > (1L << 24))
            return -1;
        net->size[k] = size[k];
    }
    net->kind = WC_BRCP_MESH;
    net->ndim = ndim;
    net->nnodes = (int)nodes;
    net->n = 0;
    net->high_first = 0;
    net->ud = 0;
    return 0;
}

int wc_brcp_updown_net(wc_brcp_net *net, const wc_brcp_updown *ud)
{
    if (!ud || ud->nnodes < 1 || ud->nrouters < 1 || ud->nports < 1 ||
        !ud->rtable || !ud->up || !ud->peer || !ud->node_router)
        return -1;
    net->kind = WC_BRCP_UPDOWN;
    net->nnodes = ud->nnodes;
    net->ud = ud;
    net->n = 0;
    net->ndim = 0;
    net->high_first = 0;
    return 0;
}

void wc_brcp_mesh_coord(const wc_brcp_net *net, int node, int *c)
{
    int k;
    for (k = 0; k < net->ndim; k++) {
        c[k] = node % net->size[k];
        node /= net->size[k];
    }
}

int wc_brcp_mesh_node(const wc_brcp_net *net, const int *c)
{
    int k, node = 0;
    for (k = net->ndim - 1; k >= 0; k--)
        node = node * net->size[k] + c[k];
    return node;
}

void wc_brcp_start(const wc_brcp_net *net, int src, wc_brcp_pos *pos)
{
    pos->src = src;
    pos->cur = src;
    pos->dir = 0;
    if (net->kind == WC_BRCP_CUBE)
        pos->state = net->high_first ? net->n : -1;
    else if (net->kind == WC_BRCP_MESH)
        pos->state = -1;
    else
        pos->state = 0;
}

static int in_range(const wc_brcp_net *net, int v)
{
    return v >= 0 && v < net->nnodes;
}

/* "destination D after P: " */
static void step_prefix(char *err, int len, const wc_brcp_pos *pos, int next)
{
    if (len <= 0)
        return;
    err[0] = 0;
    wc_msg_str(err, len, "destination ");
    wc_msg_int(err, len, next);
    wc_msg_str(err, len, pos->cur == pos->src ? " after source " : " after ");
    wc_msg_int(err, len, pos->cur);
    wc_msg_str(err, len, ": ");
}

static const char *dim_name(const wc_brcp_net *net, int k)
{
    static const char *const names[] = { "x", "y", "z" };
    (void)net;
    return k < 3 ? names[k] : 0;
}

static void msg_dim(char *err, int len, const wc_brcp_net *net, int k)
{
    const char *s = net->ndim <= 3 ? dim_name(net, k) : 0;
    if (s)
        wc_msg_str(err, len, s);
    else {
        wc_msg_str(err, len, "dimension ");
        wc_msg_int(err, len, k);
    }
}

/* Follow the routers' tables for one segment from switch r (phase 0: the
 * segment starts at a destination's or the source's switch) to host dst.
 * *went is 1 once any down link has been taken (in or before the segment).
 * Returns the links crossed, or -1 no table entry, -2 an up link after a
 * down link (*br, *bp = where), -3 the tables loop or eject elsewhere. */
static int ud_walk(const wc_brcp_updown *ud, int r, int dst, int *went,
                   int *br, int *bp)
{
    int phase = 0, hops = 0;
    for (;;) {
        uint8_t port = ud->rtable[((long)r * 2 + phase) * ud->nnodes + dst];
        int peer;
        if (port == WC_RT_PORT_NONE || port >= ud->nports) {
            *br = r;
            return -1;
        }
        peer = ud->peer[r * ud->nports + port];
        if (peer < 0)
            return r == ud->node_router[dst] ? hops : -3;
        if (ud->up[r * ud->nports + port]) {
            if (*went) {
                *br = r;
                *bp = peer;
                return -2;
            }
            phase = 0;
        } else {
            *went = 1;
            phase = WC_RT_DOWN_ONLY;
        }
        r = peer;
        if (++hops > ud->nrouters) {
            *br = r;
            return -3;
        }
    }
}

int wc_brcp_hops(const wc_brcp_net *net, int from, int to)
{
    if (!in_range(net, from) || !in_range(net, to))
        return -1;
    if (net->kind == WC_BRCP_CUBE) {
        unsigned d = (unsigned)(from ^ to);
        int c = 0;
        while (d) {
            c += (int)(d & 1u);
            d >>= 1;
        }
        return c;
    }
    if (net->kind == WC_BRCP_MESH) {
        int a[WC_BRCP_MAX_DIM], b[WC_BRCP_MAX_DIM], k, h = 0;
        wc_brcp_mesh_coord(net, from, a);
        wc_brcp_mesh_coord(net, to, b);
        for (k = 0; k < net->ndim; k++)
            h += a[k] > b[k] ? a[k] - b[k] : b[k] - a[k];
        return h;
    }
    {
        int went = 0, br = 0, bp = 0;
        int h = ud_walk(net->ud, net->ud->node_router[from], to, &went, &br, &bp);
        return h < 0 ? -1 : h;
    }
}

static int step_cube(const wc_brcp_net *net, wc_brcp_pos *pos, int next,
                     int advance, char *err, int errlen)
{
    unsigned diff = (unsigned)(pos->cur ^ next);
    int hb = net->n - 1, lb = 0, first, last;
    while (!((diff >> hb) & 1u))
        hb--;
    while (!((diff >> lb) & 1u))
        lb++;
    first = net->high_first ? hb : lb;
    last = net->high_first ? lb : hb;
    if (net->high_first ? first >= pos->state : first <= pos->state) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, "the path would take dimension ");
        wc_msg_int(err, errlen, first);
        wc_msg_str(err, errlen, " after dimension ");
        wc_msg_int(err, errlen, pos->state);
        wc_msg_str(err, errlen, net->high_first ? " (e-cube order is highest first)"
                                                : " (e-cube order is lowest first)");
        return 0;
    }
    if (advance) {
        pos->state = last;
        pos->cur = next;
    }
    return 1;
}

static int step_mesh(const wc_brcp_net *net, wc_brcp_pos *pos, int next,
                     int advance, char *err, int errlen)
{
    int a[WC_BRCP_MAX_DIM], b[WC_BRCP_MAX_DIM], k, lo = -1, hi = -1;
    wc_brcp_mesh_coord(net, pos->cur, a);
    wc_brcp_mesh_coord(net, next, b);
    for (k = 0; k < net->ndim; k++)
        if (a[k] != b[k]) {
            if (lo < 0)
                lo = k;
            hi = k;
        }
    if (pos->state >= 0 && lo < pos->state) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, "the path would move in ");
        msg_dim(err, errlen, net, lo);
        wc_msg_str(err, errlen, " after moving in ");
        msg_dim(err, errlen, net, pos->state);
        wc_msg_str(err, errlen, net->ndim == 2 ? " (XY routing moves in x first)"
                                               : " (dimension-order routing)");
        return 0;
    }
    if (pos->state >= 0 && lo == pos->state &&
        (b[lo] > a[lo] ? 1 : -1) != pos->dir) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, "the path would turn back in ");
        msg_dim(err, errlen, net, lo);
        wc_msg_str(err, errlen, pos->dir > 0 ? " (decreasing after increasing)"
                                             : " (increasing after decreasing)");
        return 0;
    }
    if (advance) {
        if (hi > pos->state) {
            pos->state = hi;
            pos->dir = b[hi] > a[hi] ? 1 : -1;
        }
        pos->cur = next;
    }
    return 1;
}

static int step_updown(const wc_brcp_net *net, wc_brcp_pos *pos, int next,
                       int advance, char *err, int errlen)
{
    const wc_brcp_updown *ud = net->ud;
    int from = ud->node_router[pos->cur];
    int went = pos->state, br = 0, bp = 0, h;
    if (pos->cur != pos->src && !ud->same_switch_ok && from == ud->node_router[next]) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, "both on switch ");
        wc_msg_int(err, errlen, from);
        wc_msg_str(err, errlen, " (a router absorbs one destination per visit)");
        return 0;
    }
    h = ud_walk(ud, from, next, &went, &br, &bp);
    if (h == -2) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, "the route from switch ");
        wc_msg_int(err, errlen, from);
        wc_msg_str(err, errlen, " takes the up link ");
        wc_msg_int(err, errlen, br);
        wc_msg_str(err, errlen, "->");
        wc_msg_int(err, errlen, bp);
        wc_msg_str(err, errlen, " after the worm went down (up*/down* forbids up after down)");
        return 0;
    }
    if (h < 0) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, h == -1 ? "no table route at switch "
                                        : "the tables loop or eject elsewhere at switch ");
        wc_msg_int(err, errlen, br);
        return 0;
    }
    if (advance) {
        pos->state = went;
        pos->cur = next;
    }
    return 1;
}

int wc_brcp_step(const wc_brcp_net *net, wc_brcp_pos *pos, int next, int advance,
                 char *err, int errlen)
{
    if (errlen > 0)
        err[0] = 0;
    if (!in_range(net, next) || next == pos->cur) {
        step_prefix(err, errlen, pos, next);
        wc_msg_str(err, errlen, in_range(net, next) ? "the worm is already there"
                                                    : "out of range");
        return 0;
    }
    if (net->kind == WC_BRCP_CUBE)
        return step_cube(net, pos, next, advance, err, errlen);
    if (net->kind == WC_BRCP_MESH)
        return step_mesh(net, pos, next, advance, err, errlen);
    return step_updown(net, pos, next, advance, err, errlen);
}

int wc_brcp_check(const wc_brcp_net *net, int src, const int *dst, int ndst,
                  int *bad, char *err, int errlen)
{
    wc_brcp_pos pos;
    int i, j;
    if (bad)
        *bad = -1;
    if (errlen > 0)
        err[0] = 0;
    if (!in_range(net, src)) {
        wc_msg_str(err, errlen, "source ");
        wc_msg_int(err, errlen, src);
        wc_msg_str(err, errlen, " out of range (nodes 0..");
        wc_msg_int(err, errlen, net->nnodes - 1);
        wc_msg_str(err, errlen, ")");
        return -1;
    }
    if (ndst < 1 || ndst > WC_WORM_MAX_DST) {
        wc_msg_str(err, errlen, ndst < 1 ? "empty destination list"
                                         : "too many destinations (a worm carries at most ");
        if (ndst >= 1) {
            wc_msg_int(err, errlen, WC_WORM_MAX_DST);
            wc_msg_str(err, errlen, ")");
        }
        return -1;
    }
    wc_brcp_start(net, src, &pos);
    for (i = 0; i < ndst; i++) {
        const char *why = 0;
        if (!in_range(net, dst[i]))
            why = " out of range (nodes 0..";
        else if (dst[i] == src)
            why = " is the source";
        else
            for (j = 0; j < i; j++)
                if (dst[j] == dst[i])
                    why = " listed twice";
        if (why) {
            if (bad)
                *bad = i;
            wc_msg_str(err, errlen, "destination ");
            wc_msg_int(err, errlen, dst[i]);
            wc_msg_str(err, errlen, why);
            if (!in_range(net, dst[i])) {
                wc_msg_int(err, errlen, net->nnodes - 1);
                wc_msg_str(err, errlen, ")");
            }
            return -1;
        }
        if (!wc_brcp_step(net, &pos, dst[i], 1, err, errlen)) {
            if (bad)
                *bad = i;
            return -1;
        }
    }
    return 0;
}

int wc_brcp_order(const wc_brcp_net *net, int src, int *dst, int ndst)
{
    wc_brcp_pos pos;
    int placed, i;
    wc_brcp_start(net, src, &pos);
    for (placed = 0; placed < ndst; placed++) {
        int best = -1, bh = 0, t;
        for (i = placed; i < ndst; i++) {
            int h;
            if (!wc_brcp_step(net, &pos, dst[i], 0, 0, 0))
                continue;
            h = wc_brcp_hops(net, pos.cur, dst[i]);
            if (best < 0 || h < bh) {
                best = i;
                bh = h;
            }
        }
        if (best < 0)
            return placed;
        t = dst[placed];
        dst[placed] = dst[best];
        dst[best] = t;
        wc_brcp_step(net, &pos, dst[placed], 1, 0, 0);
    }
    return ndst;
}

int wc_brcp_mesh_line(const wc_brcp_net *net, int from, int dim, int dir,
                      int *out, int max)
{
    int c[WC_BRCP_MAX_DIM], cnt = 0;
    if (net->kind != WC_BRCP_MESH || dim < 0 || dim >= net->ndim ||
        (dir != 1 && dir != -1) || !in_range(net, from) || max < 0)
        return -1;
    wc_brcp_mesh_coord(net, from, c);
    for (;;) {
        c[dim] += dir;
        if (c[dim] < 0 || c[dim] >= net->size[dim] || cnt >= max)
            break;
        out[cnt++] = wc_brcp_mesh_node(net, c);
    }
    return cnt;
}

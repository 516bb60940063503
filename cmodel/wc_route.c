/* SPDX-License-Identifier: Apache-2.0 */
#include <stddef.h>
#include "wc_route.h"
#include "wc_defs.h"

int wc_route_ecube(unsigned node, unsigned dst, unsigned in_port,
                   unsigned n, int all_port, int high_first)
{
    unsigned diff, d;
    if (dst >> n)
        return -1;
    diff = (node ^ dst) & ((1u << n) - 1u);
    if (diff == 0) {
        if (!all_port)
            return (int)n;
        /* ejection channel = dimension the worm arrived on */
        return in_port < n ? (int)(n + in_port) : -1;
    }
    if (high_first) {
        d = n - 1;
        while (!((diff >> d) & 1u))
            d--;
    } else {
        d = 0;
        while (!((diff >> d) & 1u))
            d++;
    }
    return (int)d;
}

int wc_route_xy(unsigned node, unsigned dst, unsigned mx, unsigned my)
{
    unsigned x, y, dx, dy;
    if (dst >= mx * my)
        return -1;
    x = node % mx; y = node / mx;
    dx = dst % mx; dy = dst / mx;
    if (dx > x) return WC_MESH_PORT_E;
    if (dx < x) return WC_MESH_PORT_W;
    if (dy > y) return WC_MESH_PORT_N;
    if (dy < y) return WC_MESH_PORT_S;
    return WC_MESH_PORT_L;
}

int wc_route_table_local(const uint8_t *table, unsigned nnodes, unsigned dst,
                         int down_only, int *local)
{
    uint8_t e;
    if (local)
        *local = 0;
    if (dst >= nnodes)
        return -1;
    e = table[(down_only ? nnodes : 0u) + dst];
    if (e == WC_RT_PORT_NONE)
        return -1;
    if (local)
        *local = (e & WC_RT_LOCAL) != 0;
    return (int)(e & WC_RT_PORT_MASK);
}

int wc_route_table(const uint8_t *table, unsigned nnodes, unsigned dst,
                   int down_only)
{
    return wc_route_table_local(table, nnodes, dst, down_only, NULL);
}

int wc_ecube_turn_ok(unsigned in_port, unsigned out_port, unsigned n, int high_first)
{
    if (out_port >= n)
        return 0;
    if (in_port >= n)
        return 1;
    return high_first ? out_port < in_port : out_port > in_port;
}

int wc_xy_turn_ok(unsigned in_port, unsigned out_port)
{
    switch (in_port) {
    case WC_MESH_PORT_E: /* travelling -x */
        return out_port == WC_MESH_PORT_W || out_port == WC_MESH_PORT_N || out_port == WC_MESH_PORT_S;
    case WC_MESH_PORT_W: /* travelling +x */
        return out_port == WC_MESH_PORT_E || out_port == WC_MESH_PORT_N || out_port == WC_MESH_PORT_S;
    case WC_MESH_PORT_N: /* travelling -y */
        return out_port == WC_MESH_PORT_S;
    case WC_MESH_PORT_S: /* travelling +y */
        return out_port == WC_MESH_PORT_N;
    default:
        return out_port != WC_MESH_PORT_L;
    }
}

/* ---- the descriptor table ------------------------------------------------ */

#include <string.h>
#include <stdio.h>
#include "wc_topo.h"

static int ecube_route(const wc_route_ctx *c, unsigned in_port, unsigned dst, int *local, int *alt)
{
    int p = wc_route_ecube(c->node, dst, in_port, c->cube_n, c->all_port, c->high_first);
    *alt = -1;
    *local = p >= 0 && wc_ecube_local((unsigned)p, c->cube_n);
    return p;
}

static int ecube_turn(const wc_route_ctx *c, unsigned in_port, unsigned out_port)
{
    return wc_ecube_turn_ok(in_port, out_port, c->cube_n, c->high_first);
}

static void cube_params(const wc_route_ctx *c, long g[WC_RG_N])
{
    g[WC_RG_CUBE_N] = c->cube_n;
    g[WC_RG_ALL_PORT] = c->all_port;
    g[WC_RG_HIGH_FIRST] = c->high_first;
    g[WC_RG_MESH_X] = g[WC_RG_MESH_Y] = 1;
}

static int xy_route(const wc_route_ctx *c, unsigned in_port, unsigned dst, int *local, int *alt)
{
    int p = wc_route_xy(c->node, dst, c->mx, c->my);
    (void)in_port;
    *alt = -1;
    *local = p >= 0 && wc_xy_local((unsigned)p);
    return p;
}

static int xy_turn(const wc_route_ctx *c, unsigned in_port, unsigned out_port)
{
    (void)c;
    return wc_xy_turn_ok(in_port, out_port);
}

static void mesh_params(const wc_route_ctx *c, long g[WC_RG_N])
{
    g[WC_RG_CUBE_N] = 1;
    g[WC_RG_ALL_PORT] = 0;
    g[WC_RG_HIGH_FIRST] = 1;
    g[WC_RG_MESH_X] = c->mx;
    g[WC_RG_MESH_Y] = c->my;
}

/* West-first turn model (Glass and Ni, ISCA 1992): the turns into W (from
 * N, S) and every reversal are prohibited.  Arrival on port E means
 * travelling west, on W travelling east, on N travelling south, on S
 * travelling north; from the local port every network port is legal.
 * (rtl/router/wc_route_west_first.v, turn_ok_o) */
static int westfirst_turn_ok(unsigned in_port, unsigned out_port)
{
    if (out_port == (unsigned)WC_MESH_PORT_L)
        return 0;
    switch (in_port) {
    case WC_MESH_PORT_E: return out_port != WC_MESH_PORT_E;
    case WC_MESH_PORT_W: return out_port != WC_MESH_PORT_W;
    case WC_MESH_PORT_N: return out_port == WC_MESH_PORT_S || out_port == WC_MESH_PORT_E;
    case WC_MESH_PORT_S: return out_port == WC_MESH_PORT_N || out_port == WC_MESH_PORT_E;
    default:             return 1;
    }
}

/* West-first route compute: all west hops first (deterministic), then the
 * minimal outputs among E and N/S whose turn is legal; the first of them
 * (E before N/S) and the second in *alt (wc_route_west_first.v: port_o,
 * alt_ok_o / alt_port_o). */
static int westfirst_route(const wc_route_ctx *c, unsigned in_port, unsigned dst, int *local, int *alt)
{
    unsigned x, y, dx, dy;
    int cand[2], n = 0, legal[2], nl = 0, i;
    *alt = -1;
    *local = 0;
    if (dst >= c->mx * c->my)
        return -1;
    x = c->node % c->mx; y = c->node / c->mx;
    dx = dst % c->mx; dy = dst / c->mx;
    if (dx < x)
        return WC_MESH_PORT_W;
    if (dx > x)
        cand[n++] = WC_MESH_PORT_E;
    if (dy > y)
        cand[n++] = WC_MESH_PORT_N;
    else if (dy < y)
        cand[n++] = WC_MESH_PORT_S;
    if (n == 0) {
        *local = 1;
        return WC_MESH_PORT_L;
    }
    for (i = 0; i < n; i++)
        if (westfirst_turn_ok(in_port, (unsigned)cand[i]))
            legal[nl++] = cand[i];
    if (nl == 0)
        return cand[0];
    if (nl == 2)
        *alt = legal[1];
    return legal[0];
}

static int westfirst_turn(const wc_route_ctx *c, unsigned in_port, unsigned out_port)
{
    (void)c;
    return westfirst_turn_ok(in_port, out_port);
}

static int table_route(const wc_route_ctx *c, unsigned in_port, unsigned dst, int *local, int *alt)
{
    *alt = -1;
    return wc_route_table_local(c->table, c->nnodes, dst, c->down_only ? c->down_only[in_port] : 0, local);
}

/* the lookup's phase is the up*-down* rule */
static int table_turn(const wc_route_ctx *c, unsigned in_port, unsigned out_port)
{
    (void)c; (void)in_port; (void)out_port;
    return 1;
}

static void table_params(const wc_route_ctx *c, long g[WC_RG_N])
{
    (void)c;
    g[WC_RG_CUBE_N] = 1;
    g[WC_RG_ALL_PORT] = 0;
    g[WC_RG_HIGH_FIRST] = 1;
    g[WC_RG_MESH_X] = g[WC_RG_MESH_Y] = 1;
}

/* In WC_ROUTING_* order (not required, but lookups by id are then direct).
 * X(ID, NAME, NETWORK, DEFAULT, TABLES, ADAPTIVE, ROUTE, TURN, PARAMS, RTL MODULE, ABOUT) */
#define WC_ROUTINGS(X) \
    X(WC_ROUTING_ECUBE, "ecube", WC_TOPO_CUBE, 1, 0, 0, ecube_route, ecube_turn, cube_params, \
      "wc_route_ecube.v", "e-cube dimension order (binary n-cubes)") \
    X(WC_ROUTING_XY, "xy", WC_TOPO_MESH, 1, 0, 0, xy_route, xy_turn, mesh_params, \
      "wc_route_xy.v", "XY dimension order (meshes)") \
    X(WC_ROUTING_TABLE, "table", WC_TOPO_SWITCHED, 1, 1, 0, table_route, table_turn, table_params, \
      "wc_route_table.v", "up*/down* tables (switched networks)") \
    X(WC_ROUTING_WEST_FIRST, "west-first", WC_TOPO_MESH, 0, 0, 1, westfirst_route, westfirst_turn, mesh_params, \
      "wc_route_west_first.v", "west-first turn model, partially adaptive (meshes)")

#define WC_ROUTING_ENTRY(id, nm, kd, df, tb, ad, rt, tn, pr, mod, ab) \
    { id, nm, kd, df, tb, ad, rt, tn, pr, mod, ab },
static const wc_routing routings[] = { WC_ROUTINGS(WC_ROUTING_ENTRY) };
#define NROUTINGS ((int)(sizeof routings / sizeof routings[0]))

const wc_routing *wc_routing_at(int i)
{
    return i >= 0 && i < NROUTINGS ? &routings[i] : NULL;
}

const wc_routing *wc_routing_by_id(int id)
{
    int i;
    if (id >= 0 && id < NROUTINGS && routings[id].id == id)   /* the table is in WC_ROUTING_* order */
        return &routings[id];
    for (i = 0; i < NROUTINGS; i++)
        if (routings[i].id == id)
            return &routings[i];
    return NULL;
}

const wc_routing *wc_routing_by_name(const char *name)
{
    int i;
    for (i = 0; name && i < NROUTINGS; i++)
        if (!strcmp(routings[i].name, name))
            return &routings[i];
    return NULL;
}

const wc_routing *wc_routing_default(int kind)
{
    int i;
    for (i = 0; i < NROUTINGS; i++)
        if (routings[i].kind == kind && routings[i].is_default)
            return &routings[i];
    return NULL;
}

void wc_routing_names(char *buf, int len)
{
    int i, n = 0;
    if (len < 1)
        return;
    buf[0] = 0;
    for (i = 0; i < NROUTINGS && n < len; i++)
        n += snprintf(buf + n, (size_t)(len - n), "%s%s", i ? ", " : "", routings[i].name);
}

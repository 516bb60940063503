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

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

int wc_route_table(const uint8_t *table, unsigned nnodes, unsigned dst,
                   int down_only)
{
    uint8_t e;
    if (dst >= nnodes)
        return -1;
    e = table[(down_only ? nnodes : 0u) + dst];
    return e == WC_RT_PORT_NONE ? -1 : (int)e;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Routing functions of the router, one per RTL module
 * (rtl/router/wc_route_ecube.v, wc_route_xy.v, wc_route_table.v).
 * Each returns the output port for a head flit, or -1 when the worm cannot
 * be routed (destination out of range / no table entry): the router then
 * drops the worm and counts it. */
#ifndef WC_ROUTE_H
#define WC_ROUTE_H
#include <stdint.h>
#include "wc_defs.h"

/* Binary n-cube, e-cube.  Ports 0..n-1 are the dimension links (port d goes
 * to node ^ (1<<d)).  One-port: port n is the single local port.  All-port:
 * ports n..2n-1 are local; a worm that reached its destination over
 * dimension d ejects on local port n+d (a worm injected at its own
 * destination is unroutable).  high_first: resolve the highest differing
 * dimension first (default), else the lowest. */
int wc_route_ecube(unsigned node, unsigned dst, unsigned in_port,
                   unsigned n, int all_port, int high_first);

/* 2D mesh mx x my, node = y*mx + x, XY dimension order; ports per
 * WC_MESH_PORT_* in defs. */
int wc_route_xy(unsigned node, unsigned dst, unsigned mx, unsigned my);

/* Table-driven: table[phase*nnodes + dst], phase 1 when the worm arrived
 * on a down link (WC_RT_DOWN_ONLY), entry WC_RT_PORT_NONE = no route.
 * Returns the port (entry & WC_RT_PORT_MASK); *local (if not NULL) gets
 * the entry's WC_RT_LOCAL flag (the port leads to host dst). */
int wc_route_table(const uint8_t *table, unsigned nnodes, unsigned dst,
                   int down_only);
int wc_route_table_local(const uint8_t *table, unsigned nnodes, unsigned dst,
                         int down_only, int *local);

/* Ejection ports: the worm has reached its destination node. */
static inline int wc_ecube_local(unsigned port, unsigned n) { return port >= n; }
static inline int wc_xy_local(unsigned port) { return port == (unsigned)WC_MESH_PORT_L; }

/* BRCP turn rules at a router absorbing a multidestination worm that
 * arrived on in_port and leaves on out_port (wc_route_ecube.v/xy.v
 * turn_ok_o): e-cube keeps the dimension order, XY never turns from Y to
 * X or back; from the local port any network port is fine. */
int wc_ecube_turn_ok(unsigned in_port, unsigned out_port, unsigned n, int high_first);
int wc_xy_turn_ok(unsigned in_port, unsigned out_port);
#endif

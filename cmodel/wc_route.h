/* SPDX-License-Identifier: Apache-2.0 */
/* Routing functions of the router, each with its RTL module where it
 * has one (rtl/router/wc_route_ecube.v, wc_route_xy.v, wc_route_table.v,
 * wc_route_west_first.v),
 * and the one table that describes them (wc_routing, WC_ROUTINGS in
 * wc_route.c): the router, the topologies, netgen, the engines and the
 * tests look a function up there instead of switching on its number.
 * Each route function returns the output port for a head flit, or -1 when
 * the worm cannot be routed (destination out of range / no table entry):
 * the router then drops the worm and counts it. */
#ifndef WC_ROUTE_H
#define WC_ROUTE_H
#include <stdint.h>
#include "wc_defs.h"

/* What a routing function reads of its router: the RTL parameters and
 * the node id (function routers), or the table and the per-port
 * down_only bits (table routers). */
typedef struct {
    unsigned node;               /* this router's node id */
    unsigned cube_n;             /* binary n-cube */
    int all_port, high_first;
    unsigned mx, my;             /* 2D mesh */
    const uint8_t *table;        /* [2*nnodes] (table routing) */
    const uint8_t *down_only;    /* [ports] (table routing) */
    unsigned nnodes;
} wc_route_ctx;

/* The RTL geometry parameters of wc_router.v a function sets (netgen). */
enum { WC_RG_CUBE_N, WC_RG_ALL_PORT, WC_RG_HIGH_FIRST, WC_RG_MESH_X, WC_RG_MESH_Y, WC_RG_N };

/* One routing function. */
typedef struct wc_routing {
    int id;                      /* WC_ROUTING_*: wc_router.v's ROUTING parameter */
    const char *name;            /* --routing NAME, JSON "routing" */
    int kind;                    /* the network it routes (enum wc_topo_kind) */
    int is_default;              /* that network's routing unless --routing says otherwise */
    int tables;                  /* routes from tables written through the configuration port */
    int adaptive;                /* route may offer a second output (*alt) */
    /* Route compute: output for dst at c->node for a worm that arrived on
     * in_port, or -1; *local: an ejection port (the worm is at dst);
     * *alt: a second legal output the router may take instead (chosen by
     * credits, wc_router_route), or -1. */
    int (*route)(const wc_route_ctx *c, unsigned in_port, unsigned dst, int *local, int *alt);
    /* Legal turn (BRCP): forwarding a worm that arrived on in_port out of
     * out_port continues this routing. */
    int (*turn_ok)(const wc_route_ctx *c, unsigned in_port, unsigned out_port);
    /* netgen hook: the geometry parameters of wc_router.v (WC_RG_*). */
    void (*rtl_params)(const wc_route_ctx *c, long geo[WC_RG_N]);
    /* its route compute in rtl/router/; NULL: the C model only (the RTL
     * engines refuse it, wc_engine_check_stages) */
    const char *rtl_module;
    const char *about;           /* one line for --help and the docs */
} wc_routing;

/* The table: by WC_ROUTING_* (NULL if none), by name (NULL if none), the
 * i-th (NULL past the end), the default of a network kind. */
const wc_routing *wc_routing_by_id(int id);
const wc_routing *wc_routing_by_name(const char *name);
const wc_routing *wc_routing_at(int i);
const wc_routing *wc_routing_default(int kind);
/* "ecube, xy, west-first, table" into buf (always terminated). */
void wc_routing_names(char *buf, int len);

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
 * X or back; from the local port any network port is fine.  (Every
 * function's rule is its descriptor's turn_ok.) */
int wc_ecube_turn_ok(unsigned in_port, unsigned out_port, unsigned n, int high_first);
int wc_xy_turn_ok(unsigned in_port, unsigned out_port);
#endif

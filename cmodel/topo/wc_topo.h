/* SPDX-License-Identifier: Apache-2.0 */
/* Networks as first-class names: cube:N, mesh:XxY, irregular:S,P,H,SEED,
 * file:PATH (our format or BookSim anynet).  Host-side (allocates); the
 * firmware never builds topologies, it receives tables.
 *
 * Port conventions (the RTL and the C model depend on them):
 *  cube:N     router r = node r. Ports 0..N-1: dimension links (port d <->
 *             neighbour r^(1<<d), same port d there).  One-port: P = N+1,
 *             port N local.  All-port (":all" suffix, cube:N:all): P = 2N,
 *             ports N..2N-1 local (node r has N injection and N ejection
 *             channels).
 *  mesh:XxY   router r = node r = y*X + x; P = 5, ports per WC_MESH_PORT_*.
 *  irregular  S switches, P ports; hosts are nodes: node = switch*H + h on
 *             port h of its switch (ports 0..H-1); ports H..P-1 are links or
 *             unconnected.  Routing: up* / down* tables.
 *  file:PATH  switch-based like irregular; hosts per switch may differ.
 */
#ifndef WC_TOPO_H
#define WC_TOPO_H
#include <stdint.h>
#include "wc_route.h"

enum wc_topo_kind { WC_TOPO_CUBE, WC_TOPO_MESH, WC_TOPO_SWITCHED };

/* Host-side limits.  Route-table entries are bytes (WC_RT_PORT_NONE = 255
 * means no route), so ports must stay below 255; 64 keeps tables small. */
enum { WC_TOPO_MAX_PORTS = 64,
       WC_TOPO_MAX_SWITCHES = 4096,
       WC_TOPO_MAX_CUBE_DIM = 10 };

/* Peer of a router port. */
enum { WC_PEER_NONE = -1,   /* unconnected port */
       WC_PEER_NODE = -2 }; /* terminal (host) port: .port holds the node id */

typedef struct { int router; int port; } wc_endpoint;

typedef struct wc_topo {
    enum wc_topo_kind kind;
    char name[256];          /* canonical name, e.g. "cube:6", "mesh:8x8" */
    int routing;             /* WC_ROUTING_*: the kind's default (wc_routing_default), or wc_topo_set_routing's */
    /* cube */
    int n, all_port, high_first;
    /* mesh */
    int mx, my;
    /* all kinds */
    int nrouters;
    int nports;              /* P, same for every router */
    int nnodes;              /* terminals */
    int nlocal;              /* local ports per node: N for all-port cube, else 1 */
    /* the routers' hop pipeline (wc_router_cfg.stages, wc_router.v
     * STAGES): 1 (what wc_topo_create gives) or 2; the tools set it from
     * --router-stages before building anything from the topology */
    int stages;
    wc_endpoint *peer;       /* [nrouters*nports]: other end of router port */
    int *node_router;        /* [nnodes] router a node hangs off */
    int *node_port;          /* [nnodes] its (first) local port on that router */
    /* up* / down* (kind == WC_TOPO_SWITCHED; NULL otherwise) */
    int root;                /* BFS root switch (lowest id); -1 for cube/mesh */
    int *level;              /* [nrouters] BFS level */
    int *parent;             /* [nrouters] BFS parent switch, -1 at root */
    uint8_t *up;             /* [nrouters*nports] 1 if leaving r by port p goes up */
    uint8_t *down_only;      /* [nrouters*nports] 1 if a worm arriving on p traversed a down link */
    uint8_t *rtable;         /* [nrouters][2][nnodes] out port or WC_RT_PORT_NONE; see wc_route_table() */
} wc_topo;

/* Build a topology from its name.  On error returns NULL and writes a
 * one-line message naming the problem (and for files the line number) to
 * err.  Never exits.  Switch-based networks build their up* / down* tables
 * in O(S * (S + L) + S * N) time for S switches, L links and N hosts. */
wc_topo *wc_topo_create(const char *name, char *err, int errlen);
void wc_topo_free(wc_topo *t);

/* Output port a head flit to dst takes at router r having arrived on
 * in_port (dispatches to cmodel/wc_route.c with this topology's
 * parameters).  -1 if unroutable. */
int wc_topo_route(const wc_topo *t, int r, int in_port, int dst);

/* The network's routing function by name (--routing NAME, wc_routing in
 * cmodel/wc_route.h): 0, or -1 with a message listing the names when it
 * is unknown or does not route this kind of network.  Set before building
 * anything from the topology. */
int wc_topo_set_routing(wc_topo *t, const char *name, char *err, int errlen);
/* What router r's routing function reads (wc_route_ctx). */
void wc_topo_route_ctx(const wc_topo *t, int r, wc_route_ctx *x);
/* Injection port for a unicast src->dst (all-port cube: the local channel
 * of the first dimension; otherwise node_port[src]).  -1 for out-of-range
 * nodes and for src == dst on an all-port cube (no dimension to take). */
int wc_topo_inject_port(const wc_topo *t, int src, int dst);

/* Hop list of the unicast src->dst: fills routers[i], ports[i] (output
 * port taken at routers[i]), i < return value; the last entry is the
 * ejection port.  Returns -1 if unroutable or longer than max. */
int wc_topo_path(const wc_topo *t, int src, int dst, int *routers, int *ports, int max);

/* Checks every up* / down* route: legal (no up after down), shortest among
 * legal routes, reaches every host pair.  0 if all good (err then holds a
 * one-line summary), else -1 with a message naming the first bad pair
 * (in source switch, source host, destination host order).
 * O(S * (S + L) + N * S + N^2) time for S switches, L links, N hosts: about
 * 2 s for irregular:4096,64,1,1 (docs/topology.md). */
int wc_topo_check_updown(const wc_topo *t, char *err, int errlen);

/* Progress of a long computation: done of total units (here destination
 * switches), called at every unit; the callee decides whether to report. */
typedef void (*wc_progress_fn)(void *ctx, long done, long total);

/* wc_topo_check_updown, calling progress (if not NULL) as it goes. */
int wc_topo_check_updown_progress(const wc_topo *t, wc_progress_fn progress, void *ctx,
                                  char *err, int errlen);

/* JSON description (topology, spanning tree, link directions, routes) */
#include <stdio.h>
void wc_topo_json(const wc_topo *t, FILE *f, int with_routes);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Base-routing-conformed paths (BRCP) for multidestination worms
 * (the CS838 lecture notes, 1999, "Intermediate
 * reception capability"): a worm from s to d1, ..., dn is routed piecewise
 * s->d1, d1->d2, ... by the routers' base routing; it adds no channel
 * dependency exactly when the concatenation is itself a legal base-routing
 * path.  Per kind of network (docs/irc.md):
 *  cube    e-cube: the dimensions taken along the whole concatenation are
 *          strictly decreasing (high_first) or strictly increasing (low).
 *  mesh    dimension order (dimension 0 = x first): once the path moved in
 *          dimension k it never moves in a lower one again, and it never
 *          reverses direction within a dimension.
 *  updown  each segment follows the routers' tables starting in phase 0 at
 *          the previous destination's switch; along the concatenation no
 *          up link may follow a down link.
 * Freestanding: no allocation, no stdio. */
#ifndef WC_BRCP_H
#define WC_BRCP_H
#include <stdint.h>
#include "wc_worm.h"

#define WC_BRCP_MAX_DIM 8    /* dimensions of an n-D mesh description */

enum wc_brcp_kind { WC_BRCP_CUBE, WC_BRCP_MESH, WC_BRCP_UPDOWN };

/* An up* / down* network as the routers see it (cmodel/topo/wc_brcp_topo.c fills
 * it from a wc_topo; firmware may point it at its own tables). */
typedef struct {
    int nrouters, nports, nnodes;
    const uint8_t *rtable;   /* [(r*2 + phase)*nnodes + dst]: out port or WC_RT_PORT_NONE */
    const uint8_t *up;       /* [r*nports + p]: 1 if leaving r by p goes up */
    const int *peer;         /* [r*nports + p]: router behind a link port, -1 otherwise */
    const int *node_router;  /* [nnodes]: switch of each host */
    const int *node_key;     /* [nnodes]: locality rank for the schemes (NULL: node id) */
    /* 0: two consecutive destinations may not share a switch.  A router
     * absorbs the leading destination and forwards the worm on one output,
     * so a second absorption at the same switch would need a third copy. */
    int same_switch_ok;
} wc_brcp_updown;

typedef struct {
    enum wc_brcp_kind kind;
    int nnodes;
    int n, high_first;               /* cube */
    int ndim, size[WC_BRCP_MAX_DIM]; /* mesh: node = x0 + size0*(x1 + size1*(...)) */
    const wc_brcp_updown *ud;        /* updown */
} wc_brcp_net;

/* Describe a network; -1 on bad parameters. */
int wc_brcp_cube(wc_brcp_net *net, int n, int high_first);
int wc_brcp_mesh(wc_brcp_net *net, int ndim, const int *size);
int wc_brcp_updown_net(wc_brcp_net *net, const wc_brcp_updown *ud);

/* Where a worm stands while its destination list is walked. */
typedef struct {
    int src, cur;            /* original source, node reached last */
    int state;               /* cube: last dimension taken; mesh: highest dimension moved in;
                                updown: 1 once a down link was taken */
    int dir;                 /* mesh: direction (+1/-1) in dimension state */
} wc_brcp_pos;

void wc_brcp_start(const wc_brcp_net *net, int src, wc_brcp_pos *pos);

/* Can the worm at pos go on to node next?  1 yes (and *pos advances when
 * advance != 0), 0 no with the reason in err ("destination D after P:
 * ...").  Range, source and duplicate checks are wc_brcp_check()'s. */
int wc_brcp_step(const wc_brcp_net *net, wc_brcp_pos *pos, int next, int advance,
                 char *err, int errlen);

/* Whole-list check: 0 when src -> dst[0] -> ... -> dst[ndst-1] is
 * conformant; otherwise -1, *bad (if non-NULL) = index of the first
 * offending destination (-1 for a bad list length or source) and err says
 * why: out of range, the source itself, listed twice, or the rule broken. */
int wc_brcp_check(const wc_brcp_net *net, int src, const int *dst, int ndst,
                  int *bad, char *err, int errlen);

/* Links a unicast from -> to crosses (0 for from == to); -1 if unroutable. */
int wc_brcp_hops(const wc_brcp_net *net, int from, int to);

/* Path construction: reorders dst[0..ndst-1] in place into a conformant
 * worm from src by repeatedly taking the nearest destination the worm can
 * still legally reach.  For cubes (the order of the source-relative
 * addresses) and meshes (increasing distance along the dimension-ordered
 * path) this finds the conformant order whenever one exists; on up* / down*
 * it is a heuristic.  Returns how many destinations are placed in front
 * (ndst when the whole list is conformant). */
int wc_brcp_order(const wc_brcp_net *net, int src, int *dst, int ndst);

/* Mesh paths: the nodes after `from` along dimension dim in direction dir
 * (+1/-1) up to the mesh edge, or at most max of them.  Row path = dim 0,
 * column path = dim 1; a row-then-column path is a row path followed by a
 * column path from its last node.  Returns the count, -1 on bad args. */
int wc_brcp_mesh_line(const wc_brcp_net *net, int from, int dim, int dir,
                      int *out, int max);

/* Mesh coordinates of a node (c[0..ndim-1]) and back. */
void wc_brcp_mesh_coord(const wc_brcp_net *net, int node, int *c);
int wc_brcp_mesh_node(const wc_brcp_net *net, const int *c);
#endif

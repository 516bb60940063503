/* SPDX-License-Identifier: Apache-2.0 */
/* Multicast and broadcast with intermediate reception (IRC): schemes of
 * BRCP-conformant multidestination worms in rounds
 * (the CS838 lecture notes, 1999, "Multicast in
 * hypercubes", "Multicast in meshes", "One-to-all broadcast with IRC").
 * Every scheme is one-port: a node sends at most one worm per round.
 * Freestanding: caller storage (worms and a work area), no allocation. */
#ifndef WC_IRC_H
#define WC_IRC_H
#include "wc_worm.h"
#include "wc_brcp.h"
#include "wc_tree.h"

enum wc_irc_scheme {
    WC_IRC_CHAIN,        /* cube: chain multicast, each round a worm splits a holder's chain */
    WC_IRC_BCAST_CR,     /* 2D mesh, source in a corner: column worm, then row worms */
    WC_IRC_BCAST_RCC,    /* 2D mesh, corner: row-then-column worm, then column worms */
    WC_IRC_BCAST_RCR,    /* 2D mesh, corner: row-then-column worm, then row worms */
    WC_IRC_BCAST_ANY,    /* 2D mesh, any source: 2 rounds where possible, else 3 */
    WC_IRC_BCAST_ND,     /* n-D mesh, any source: unicast to a corner, then one line per dimension */
    WC_IRC_MESH_MCAST,   /* mesh: general multicast, greedy row/column worms */
    WC_IRC_UPDOWN,       /* up* / down* network: greedy conformant worms */
    WC_IRC_UNICAST_TREE, /* any: binomial tree of unicasts on the chain (baseline) */
    WC_IRC_NSCHEMES
};

/* CLI name of a scheme and back (-1 if unknown). */
const char *wc_irc_name(int scheme);
int wc_irc_parse(const char *name);
/* 1 if the scheme is a broadcast (destinations = every other node). */
int wc_irc_is_bcast(int scheme);

/* Caller-provided work area: ints >= WC_IRC_WORK(nnodes) and
 * edges >= nnodes (the unicast baseline's tree). */
#define WC_IRC_WORK(nnodes) (12 * (nnodes) + 16)
typedef struct {
    int *ints;
    int nints;
    wc_edge *edges;
    int nedges;
} wc_irc_work;

/* Build scheme `scheme` for a multicast from src to dst[0..ndst-1]
 * (broadcast schemes ignore dst and cover every other node).  out must
 * have room for ndst worms (nnodes - 1 for broadcasts).  Every worm is
 * checked with wc_brcp_check and the whole with wc_scheme_check before
 * returning.  Returns the number of rounds, or a WC_WORM_E* code with a
 * message in err (scheme not applicable, bad destination, ...). */
int wc_irc_build(const wc_brcp_net *net, int scheme, int src, const int *dst,
                 int ndst, wc_scheme *out, const wc_irc_work *wk,
                 char *err, int errlen);

/* 2D mesh X x Y (x = column 0..X-1, y = row): 1 if one-to-all broadcast
 * from (x, y) fits in 2 rounds with the staircase construction of
 * WC_IRC_BCAST_ANY (docs/irc.md), which holds for every source when
 * X <= Y + 1. */
int wc_irc_bcast2_possible(int X, int Y, int x, int y);
#endif

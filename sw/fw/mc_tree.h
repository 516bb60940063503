/* SPDX-License-Identifier: Apache-2.0 */
/* Tree placement of the multicast runtime: every member of a group runs
 * the same library algorithm (sw/lib) over the same group description and
 * keeps its own parent and children, in the library's send order, for its
 * NIC's group table.  No node holds a central table and no message is
 * exchanged: the description (members, root, tree) is all they share.
 *
 * Pure C99 with static scratch: it runs on the node core and in the host
 * tests (tests/fw/test_mc_tree.c) alike. */
#ifndef WC_MC_TREE_H
#define WC_MC_TREE_H
#include <stdint.h>
#include "wc_defs.h"
#include "wc_tree.h"

/* Largest system the runtime takes: node ids below this.  Scratch and
 * member bitmaps scale with it (about 24 bytes per node). */
#ifndef MC_MAX_NODES
#define MC_MAX_NODES 64
#endif

enum mc_tree_kind {
    MC_TREE_BINOMIAL,   /* k-binomial with k = ceil(log2 n): the binomial tree */
    MC_TREE_KBIN,       /* k-binomial with the given k (Kesavan & Panda, Fig. 11) */
    MC_TREE_KBIN_OPT,   /* k-binomial with Theorem 3's optimal k for msg_len */
    MC_TREE_POSTAL,     /* postal tree for send overhead o and latency lat (GM-2 5.5) */
    MC_TREE_HCUBE,      /* e-cube-aware hypercube tree (wc_hcube.h), system of 2^d nodes */
    MC_TREE_KINDS
};

typedef struct {
    int kind;           /* enum mc_tree_kind */
    int k;              /* KBIN: most children per node, >= 1 */
    unsigned msg_len;   /* KBIN_OPT: message bytes the tree is built for */
    int o, lat;         /* POSTAL: lambda = lat / o, both 1..255 */
    int algo;           /* HCUBE: WC_HCUBE_UCUBE / MAXPORT / COMBINE / WSORT */
    int high_first;     /* HCUBE: routing resolves the highest dimension first
                         * (cube:N), 0 for the lowest (cube:N:low) */
} mc_tree;

/* Errors of the runtime (also returned by mc.h). */
enum {
    MC_OK = 0,
    MC_E_ARG = -1,        /* bad argument: id out of range, duplicate member, ... */
    MC_E_NOTMEMBER = -2,  /* this node is not in the group */
    MC_E_IDRULE = -3,     /* the tree gives a non-root node a child with a smaller id */
    MC_E_FANOUT = -4,     /* a node would get more than NIC_MAX_CHILDREN children */
    MC_E_TOPO = -5,       /* hypercube tree on a system that is not 2^d nodes */
    MC_E_NIC = -6,        /* the NIC refused a group entry or completed with an error */
    MC_E_MODE = -7,       /* forwarding mode does not match the NIC's mode */
    MC_E_TOOBIG = -8,     /* message larger than the caller's buffer, or a receive
                           * buffer refused one (it never fits: every buffer is alike) */
    MC_E_STALL = -9,      /* every receive buffer holds a message nobody takes */
    MC_E_TIMEOUT = -10,   /* the wait limit of mc_cfg passed */
    MC_E_BUSY = -11,      /* group id in use, or no free operation slot */
    MC_E_NOMEM = -12      /* pool too small for one buffer */
};
const char *mc_strerror(int err);

/* Where this node sits in a group's tree. */
typedef struct {
    unsigned parent;                        /* WC_NIC_NO_PARENT at the root */
    unsigned nchild;
    uint16_t child[WC_NIC_MAX_CHILDREN];    /* send order, the library's */
    int k;                                  /* k used by the k-binomial kinds, else 0 */
    int depth;                              /* edges from the root to this node */
    int height;                             /* most edges from the root to any member */
} mc_place_t;

/* Place self in the tree t over members[0..n-1] (any order, no
 * duplicates, all below nnodes, root among them; n >= 1) of a system of
 * nnodes nodes.  The chain handed to the library is the root, then the
 * other members in increasing id order: k-binomial and postal trees only
 * ever send from a chain position to a later one, so every non-root
 * node's children have larger ids (the NIC's deadlock rule).  Hypercube
 * trees order the chain relative to the root (the library's contract)
 * and can break the rule; every member checks the whole tree, so all of
 * them refuse alike.  Returns MC_OK or an MC_E_* code. */
int mc_place(const mc_tree *t, const uint16_t *members, unsigned n, unsigned root, unsigned self,
             unsigned nnodes, mc_place_t *out);

/* The library's whole tree for the same arguments, as the placement saw
 * it: parent[v] for v < nnodes (-1 outside the tree and at the root) and
 * the edges in issue order.  For tests and reports; valid until the next
 * call of mc_place or mc_tree_edges.  Returns the number of edges or an
 * MC_E_* code. */
int mc_tree_edges(const mc_tree *t, const uint16_t *members, unsigned n, unsigned root, unsigned nnodes,
                  const int **parent, const wc_edge **edges);

/* Hypercube trees come from mc_tree_hcube.c, which firmware links only if
 * it uses them: the library's hypercube code is some 2.5 KiB of the
 * node's 64.  Without it MC_TREE_HCUBE gives MC_E_TOPO.  Builds the tree
 * from root to dst[0..m-1] (ascending ids) into out (work: m+1 ints);
 * 0 or an MC_E_* code. */
int mc_tree_hcube(const mc_tree *t, unsigned root, const int *dst, unsigned m, unsigned nnodes, int *work,
                  wc_tree *out) __attribute__((weak));

/* "binomial", "kbin:K", "kbin:opt", "postal:LAT" or "postal:O/LAT",
 * "hcube:ALGO" or "hcube:ALGO:low" (ALGO: ucube, maxport, combine, wsort).
 * A token ends at NUL or ','.  0, or -1 for an unknown name. */
int mc_tree_parse(const char *s, mc_tree *t);
#endif

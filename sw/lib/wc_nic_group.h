/* SPDX-License-Identifier: Apache-2.0 */
/* NIC group table and replication send orders.
 *
 * The table holds, per multicast group, this node's parent and ordered
 * children, preposted by the host (Yu, Buntinas and Panda, ICPP 2003 Section 2, "preposted tree information").  Insertion
 * enforces the Section 5.4 deadlock rule: below the root every child has a
 * larger node id than its parent, so no cycle of nodes each holding its
 * last receive buffer while waiting on the next can form.
 *
 * The send orders are the two replication disciplines of
 * Kesavan and Panda, ICPP 1997 Section 3 (FPFS,
 * Fig. 6; FCFS, Fig. 7), with the same meaning as sw/lib/wc_fpfs.h.
 * Freestanding, caller-owned storage. */
#ifndef WC_NIC_GROUP_H
#define WC_NIC_GROUP_H
#include <stdint.h>
#include "wc_defs.h"

typedef struct {
    uint16_t parent;                      /* WC_NIC_NO_PARENT at the root */
    uint8_t valid;
    uint8_t nchild;
    uint16_t child[WC_NIC_MAX_CHILDREN];  /* send order */
} wc_nic_group_ent;

typedef struct {
    unsigned self;                        /* this node's id */
    unsigned nnodes;                      /* ids must be below this */
    unsigned maxchild;                    /* children an entry may have, 1..WC_NIC_MAX_CHILDREN */
    wc_nic_group_ent g[WC_NIC_GROUPS];
} wc_nic_gtab;

void wc_nic_gtab_init(wc_nic_gtab *t, unsigned self, unsigned nnodes);

/* Install group gid (1..NIC_GROUPS-1): parent (WC_NIC_NO_PARENT when this
 * node is the root) and n ordered children.  Returns 0 or a negated
 * WC_NIC_ST_*: NOGROUP (gid out of range), BADDST (an id >= nnodes, the
 * parent equal to self), NODST (n above maxchild, or a root
 * without children), IDRULE (a child equal to self, to the parent or to
 * another child, or, at a non-root node, a child id not larger than
 * self).  A refused entry leaves the old one untouched. */
int wc_nic_group_set(wc_nic_gtab *t, unsigned gid, unsigned parent,
                     const uint16_t *children, unsigned n);

/* wc_nic_group_set's checks alone, in its order, writing nothing: 0 or
 * its error.  *child: the first child refused (-1 when none was, or the
 * entry itself was refused); *dup: the earlier child it repeats (-1 when
 * its own tests refused it).  (The NIC's register block checks children
 * one comparison a cycle and needs where the check stopped.) */
int wc_nic_group_check(const wc_nic_gtab *t, unsigned gid, unsigned parent,
                       const uint16_t *children, unsigned n, int *child, int *dup);

/* Remove group gid; returns 0 or -WC_NIC_ST_NOGROUP. */
int wc_nic_group_clear(wc_nic_gtab *t, unsigned gid);

/* The entry of group gid, or NULL (unknown group: the caller counts it). */
const wc_nic_group_ent *wc_nic_group_get(const wc_nic_gtab *t, unsigned gid);

/* Index of child id in group gid's entry, or -1. */
int wc_nic_group_child_index(const wc_nic_group_ent *e, unsigned id);

/* Check a whole tree against the rule: parent[v] for v < n (-1 for nodes
 * outside the tree and for the root).  Returns 0 or -WC_NIC_ST_IDRULE,
 * and the first offending node in *bad (may be NULL). */
int wc_nic_tree_check(const int *parent, unsigned n, unsigned root, int *bad);

/* One replica: packet index and child index. */
typedef struct { uint16_t pkt, child; } wc_nic_send;

/* Fill out[0..m*c-1] with the order in which a node sends m packets to c
 * children: FPFS (WC_NIC_MODE_FPFS) packet-major, FCFS (WC_NIC_MODE_FCFS)
 * child-major.  Returns m*c, or -WC_NIC_ST_BADOP for another mode,
 * -WC_NIC_ST_BADLEN when out is too small or m, c < 1. */
int wc_nic_send_order(int mode, unsigned m, unsigned c,
                      wc_nic_send *out, unsigned nout);

/* Peak number of packets an intermediate node holds for forwarding when
 * packet j arrives from its parent at the end of step j+1 (a pipelined
 * parent with this node as its only child) and the node sends one replica
 * per step in the given order as early as possible; a packet occupies a
 * buffer from the step after its arrival until its last replica leaves
 * (the occupancy rule of wc_fpfs.h).  last[0..m-1] is scratch and returns
 * each packet's last send step.  Returns the peak or a negated
 * WC_NIC_ST_*. */
int wc_nic_peak_buffers(int mode, unsigned m, unsigned c,
                        unsigned *last, unsigned nlast);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* The multicast runtime of the Wormcast node firmware (docs/system.md,
 * "Firmware runtime"), on the NIC driver sw/lib/wc_nic_drv.h.
 *
 * Groups: every member calls mc_group_create with the same description
 * (members, root, tree); each computes its own place in the tree with the
 * library's algorithm (mc_tree.h) and installs it in its NIC.
 *
 * Three ways to forward one multicast, chosen per mc_send:
 *   MC_FWD_NIC      the NICs forward along the tree (FPFS or FCFS, the mode
 *                   the NICs were enabled in);
 *   MC_FWD_HOST     the NICs run NIC_MODE_HOST: each member's firmware
 *                   receives the whole message and sends it on to its
 *                   children (the baseline of Yu, Buntinas & Panda);
 *   MC_FWD_UNICAST  the root sends one unicast to every member.
 * MC_FWD_AUTO is the tree with whatever the NICs' mode says.  The NIC mode
 * is a property of every node, so it is switched with mc_nic_mode on all
 * nodes between barriers, not per call; mc_send refuses a mode the NIC
 * mode contradicts.
 *
 * Everything is blocking and single threaded: while a call waits, it
 * consumes completions, reposts receive buffers and, in host mode,
 * forwards what arrived.  Collective calls (group create, bcast, barrier,
 * reduce) must be made by every member in the same order, as in MPI.
 *
 * Memory: the runtime's own state is static (see docs/system.md for the
 * figures); message memory is the application's: mc_init carves the
 * receive buffers out of the pool it is given, and messages are sent from
 * wherever the caller keeps them. */
#ifndef WC_MC_H
#define WC_MC_H
#include <stdint.h>
#include "mc_tree.h"

#define MC_MAX_BUFS   8     /* receive buffers (= receive ring entries) */
#define MC_SQ_SIZE    8     /* send ring entries */
#define MC_CQ_SIZE    16    /* completion ring: every posted send and buffer at once */
#define MC_MAX_OPS    4     /* sends in progress at once (mc_isend) */
#define MC_REDUCE_MAX 64    /* uint32 elements of one mc_reduce */
#define MC_OWN_SENDS  3     /* own descriptors in flight in host mode: below the NIC's 4 send jobs */
/* A message of at most this many bytes leaves its receive buffer as soon
 * as it arrives (for a small cell of the runtime), so it never holds one
 * while nobody asks for it yet: a reduce vector of up to 12 elements
 * that a child sends early, while its parent still receives something
 * else, cannot starve that something of buffers. */
#define MC_SMALL_BYTES 48

/* A unicast-mode send writes a 4-byte header in front of the message: the
 * MC_HEADROOM bytes before buf must belong to the caller (they are
 * restored when the send completes).  Declare buffers with MC_BUF_WORDS
 * and use MC_BUF_DATA; received messages come with headroom too. */
#define MC_HEADROOM 4
#define MC_BUF_WORDS(bytes) (1u + ((unsigned)(bytes) + 3u) / 4u)
#define MC_BUF_DATA(words) ((void *)((words) + 1))
/* The longest message a unicast carries with its header; longer ones
 * (up to NIC_MAX_MSG) are announced by a separate 4-byte unicast. */
#define MC_UNI_MAX (WC_NIC_MAX_MSG - MC_HEADROOM)

enum { MC_FWD_AUTO, MC_FWD_NIC, MC_FWD_HOST, MC_FWD_UNICAST, MC_FWD_COUNT };
enum { MC_OP_SUM, MC_OP_MAX, MC_OP_MIN };

typedef struct {
    unsigned nic_mode;      /* WC_NIC_MODE_FPFS / FCFS / HOST */
    void *pool;             /* receive buffer memory (any alignment) */
    unsigned pool_bytes;
    unsigned buf_bytes;     /* largest message received, 1..NIC_MAX_MSG (0: NIC_MAX_MSG);
                             * raised to hold the runtime's own messages (a reduce
                             * contribution: 4 + 4 * MC_REDUCE_MAX bytes) */
    unsigned nbufs;         /* receive buffers; 0: as many as fit, at most MC_MAX_BUFS */
    uint32_t timeout;       /* NICR_TIMEOUT in cycles; 0: keep the NIC's reset value */
    unsigned own_sends;     /* own descriptors in flight in host mode; 0: MC_OWN_SENDS */
    uint64_t wait_limit;    /* cycles one blocking call may wait; 0: forever */
} mc_cfg;

typedef struct {
    unsigned gid;           /* NIC group id, 1..NIC_GROUPS-1 */
    unsigned root, n;       /* root and number of members (root included) */
    uint32_t members[(MC_MAX_NODES + 31) / 32];   /* bitmap */
    mc_tree tree;
    mc_place_t pl;          /* this node's place */
    int fwd;                /* forwarding of mc_bcast and the collectives (MC_FWD_AUTO) */
} mc_group;

/* A received message, zero copy: data stays valid until mc_release. */
typedef struct {
    const uint8_t *data;    /* 4-aligned, with MC_HEADROOM bytes in front */
    unsigned len, src, gid; /* src: the group's root */
    uint64_t t;             /* global time (node_time) the runtime saw it complete */
    int buf;
} mc_msg;

typedef struct { int op; } mc_req;

typedef struct {
    uint32_t sends, recvs, forwards, unicasts;  /* descriptors posted, messages received */
    uint32_t tx_errors, rx_errors, toobig;      /* completions with an error status */
    uint32_t proto_errors;                      /* unicasts the runtime could not place */
    uint32_t waits;                             /* times the core slept in wfi */
} mc_stats;

/* Set up the rings, carve and post the receive buffers, enable the NIC.
 * MC_OK or MC_E_ARG / MC_E_NOMEM / MC_E_NIC. */
int mc_init(const mc_cfg *c);
unsigned mc_self(void);
unsigned mc_nodes(void);
uint64_t mc_time(void);
const mc_stats *mc_get_stats(void);
unsigned mc_get_nic_mode(void);
/* Receive buffers mc_init carved from the pool. */
unsigned mc_nbufs(void);

/* Wait until this node has nothing of its own or to forward in flight,
 * tell its children in every group so and wait until its parents in
 * every group told it the same (a unicast each way: a restarted group
 * must not meet a resend of the old one's last packet), then switch its
 * NIC to mode and re-install every group (its sequence numbers
 * restart).  Every node switches, between two barriers, before the next
 * multicast. */
int mc_nic_mode(unsigned mode);

/* Collective over members[0..n-1]: this node's place in tree t rooted at
 * root, installed as group gid in the NIC.  A member that is not in the
 * list gets MC_E_NOTMEMBER.  Packets that reach a member before it
 * installed its entry are dropped unacknowledged and resent after the
 * NIC's timeout: correct but slow, so barrier before timing anything. */
int mc_group_create(mc_group *g, unsigned gid, const uint16_t *members, unsigned n, unsigned root,
                    const mc_tree *t);
/* The same over all nodes of the system. */
int mc_group_world(mc_group *g, unsigned gid, unsigned root, const mc_tree *t);
/* Clear the NIC entry and free the id (no traffic of the group may be in
 * flight anywhere: barrier first). */
void mc_group_destroy(mc_group *g);
int mc_is_member(const mc_group *g, unsigned id);

/* Root only: send len bytes (1..NIC_MAX_MSG) at buf (4-aligned) to every
 * member; returns when every descriptor completed (every destination or
 * child acknowledged the last packet), buf free again. */
int mc_send(mc_group *g, const void *buf, unsigned len, int fwd);
/* The same without waiting; at most MC_MAX_OPS at once, buf untouched
 * until mc_wait. */
int mc_isend(mc_group *g, const void *buf, unsigned len, int fwd, mc_req *r);
int mc_wait(mc_req *r);
/* 1 when the send is done (mc_wait then returns at once), else 0. */
int mc_test(const mc_req *r);

/* Members: the next message of group g (any group if g is NULL), in
 * arrival order.  mc_recv copies it (MC_E_TOOBIG, message dropped, when
 * larger than cap; *len gets its length either way). */
int mc_recv(mc_group *g, void *buf, unsigned cap, unsigned *len);
int mc_recv_msg(mc_group *g, mc_msg *m);
void mc_release(mc_msg *m);

/* Built on mc_send / mc_recv and unicasts up the tree. */
int mc_bcast(mc_group *g, void *buf, unsigned len);
int mc_barrier(mc_group *g);
/* vec[0..n-1] (n <= MC_REDUCE_MAX) of every member combined with op
 * (MC_OP_SUM / MAX / MIN) up the group's tree (unicasts to the parent);
 * the root gets the result in vec, and every member too if all is set.
 * Synchronizing either way: members return once the root has the result
 * (a one-word multicast tells them when all is not set). */
int mc_reduce(mc_group *g, uint32_t *vec, unsigned n, int op, int all);

/* Wait until nothing of this node is in flight (own sends, forwards):
 * call before exiting, so no child misses what this node still owes it. */
int mc_finish(void);
#endif

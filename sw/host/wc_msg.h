/* SPDX-License-Identifier: Apache-2.0 */
/* Message-level simulation: a network of routers with one NIC per node
 * (cmodel/wc_nic.h), each NIC with a host memory and a host driver
 * (sw/lib/wc_nic_drv.h) that posts unicasts, multisends and multicasts,
 * forwards multicasts itself in NIC_MODE_HOST, and checks every received
 * message against a scoreboard.  Optional fault injectors (cmodel/
 * wc_fault.h) damage packets on the injection links.
 *
 * The hosts' decisions are taken once per cycle and applied to every
 * system instance (routers + NICs + host memories, wc_engine.h); with two
 * instances every NIC output and router port is compared every cycle
 * (wc_lockstep.h).  Deliveries are checked by the scoreboard
 * (wc_score.h). */
#ifndef WC_MSG_H
#define WC_MSG_H
#include <stdint.h>
#include "wc_topo.h"
#include "wc_nic.h"
#include "wc_engine.h"

/* the engines of wc_engine.h under this front end's names */
enum { WC_MSG_ENGINE_C = WC_ENGINE_C, WC_MSG_ENGINE_RTL = WC_ENGINE_RTL, WC_MSG_ENGINE_LOCKSTEP = WC_ENGINE_LOCKSTEP,
       WC_MSG_ENGINE_LOCKSTEP_C = WC_ENGINE_LOCKSTEP_C, WC_MSG_ENGINE_SC = WC_ENGINE_SC,
       WC_MSG_ENGINE_LOCKSTEP_SC = WC_ENGINE_LOCKSTEP_SC };

/* message kinds (bits of wc_msg_opts.mix) */
enum { WC_MSG_UNICAST = 1, WC_MSG_MULTISEND = 2, WC_MSG_MULTICAST = 4 };

typedef struct {
    int engine;
    int mode;                   /* WC_NIC_MODE_FPFS / FCFS / HOST */
    long messages;              /* messages to post in total */
    long min_cycles;            /* keep posting until this cycle */
    int size_min, size_max;     /* bytes, log-uniform in between */
    unsigned mix;               /* WC_MSG_* bits */
    double fault_rate;          /* per packet per injection link: drop, else flip */
    uint64_t seed;
    int outstanding;            /* sends in flight per node */
    int groups_per_node;        /* random groups rooted at each node; -1: 2 with multicast, else 0 */
    int fixed_root;             /* >= 0: one fixed group (gid 1) instead of random ones */
    const int *fixed_dst;
    int fixed_n;
    int kbin;                   /* k of the group trees; 0: ceil(log2 n), the binomial tree;
                                 * -1: the optimal k for the largest message (wc_kbin_kopt) */
    int postal_lat;             /* > 0: postal trees instead, latency in send times (wc_postal_tree) */
    long host_delay;            /* cycles between a completion appearing and the host acting */
    unsigned timeout;           /* NICR_TIMEOUT */
    int mem_wait;               /* host memory wait states per DMA access */
    long mem_size;              /* bytes of host memory per node */
    long watchdog;              /* cycles without a completion that count as a stall */
    int slots;                  /* NIC receive slots (0: the NIC default) */
    int buffer;                 /* router input buffer depth B */
    int width;                  /* flit data width W */
    int mutate;                 /* lockstep: NIC mutation of the C model (lockstep-c: of the second) */
    int mutate_rtl;             /* WC_ENGINE_MUTATE_RTL_* into the RTL instance (self-check of its assertions) */
    const char *rtl_nodes;      /* sc, lockstep-sc: the nodes whose router and NIC are the RTL
                                 * (wc_engine_parse_nodes; NULL: none) */
    /* one operation on an idle network from the --group root to its
     * destinations, instead of random traffic: WC_MSG_MULTICAST (along
     * the group's tree), WC_MSG_MULTISEND (one descriptor to the list) or
     * WC_MSG_UNICAST (one unicast descriptor per destination, posted
     * together); 0 for random traffic */
    unsigned once;
    /* --once multicast: each destination's host joins the multicast
     * (takes completions, forwards in host mode) max(0, d) cycles after
     * the root posts it, d uniform in [-skew/2, skew/2] (Yu et al.'s
     * process skew); 0: every host is there from the start */
    long skew;
    int progress;               /* progress lines on stderr: every 2 s of the run, */
    long progress_every;        /* ... or (> 0) every this many cycles and at the end */
} wc_msg_opts;

typedef struct {
    long cycles;
    long posted, posted_kind[3];        /* messages: all, unicast / multisend / multicast */
    long expected, delivered, lost, duplicated, out_of_order, corrupt;
    unsigned long long bytes;           /* payload bytes of the intact, in-order deliveries (goodput) */
    long send_errors, recv_errors;      /* completions with a non-OK status */
    long bad_completions;               /* unknown kind, tag or buffer */
    /* NIC registers summed over the nodes (NICR_*) */
    unsigned long long tx_pkts, rx_pkts, retx, timeouts;
    unsigned long long err_crc, err_group, err_len, err_type, err_dst, err_nobuf, dups, err_desc;
    unsigned peak_slots;                /* max NICR_PEAK */
    unsigned peak_inner;                /* ... over nodes other than the --group root */
    unsigned long long dma_reads, dma_writes;   /* host memory words the NICs read and wrote */
    /* fault injectors */
    unsigned long long f_pkts, f_dropped, f_flipped, f_bits;
    long stray;                         /* flits absorbed by routers (a flipped head) */
    unsigned long router_drops;
    long lat_n;
    double lat_avg, lat_p99, lat_max;   /* post to the last destination's CK_RECV */
    /* --once multicast: per member host, the cycles from joining the
     * multicast (the root: posting it) to its last completion taken (the
     * root's send, a receive, a host-mode forward's send), averaged over
     * the members, and the largest; the hosts' time in the operation */
    long host_n;
    double host_avg, host_max;
    double seconds, cps;
    int stall;                          /* watchdog fired */
    long undelivered;                   /* at the stall */
    long mismatch_cycle;                /* -1 if none */
    char mismatch[512];
    char rtl_assert[512];               /* the RTL assertion that ended the run (wc_lockstep_rtl_assert), or "" */
    char failure[512];                  /* a run-time failure other than the above (bus, set-up) */
} wc_msg_result;

void wc_msg_defaults(wc_msg_opts *o);
/* The options against the topology and the NIC configuration nc: 0, or -1
 * with a message naming what is out of range or makes no sense together
 * (wc_msg_run checks them first). */
int wc_msg_check(const wc_topo *t, const wc_msg_opts *o, const wc_nic_cfg *nc, char *err, int errlen);
/* The NIC configuration of a run (the defaults with the run's width,
 * buffer and slots): 0, or -1 with a message. */
int wc_msg_nic_cfg(const wc_topo *t, const wc_msg_opts *o, wc_nic_cfg *nc, char *err, int errlen);
/* 0 when the run happened (judge it with wc_msg_ok), -1 on bad options
 * or set-up, or when memory ran out (message in err). */
int wc_msg_run(const wc_topo *t, const wc_msg_opts *o, wc_msg_result *r, char *err, int errlen);
/* 1 if nothing was lost, duplicated, out of order or corrupt, no send
 * failed, there was no stall, mismatch or failure, and some message was
 * delivered (lat_n > 0: a run that measured nothing is no result). */
int wc_msg_ok(const wc_msg_result *r);
/* "unicast,multisend", "fpfs" ... */
void wc_msg_mix_str(unsigned mix, char *buf, int len);
const char *wc_msg_mode_name(int mode);
const char *wc_msg_engine_name(int engine);
#endif

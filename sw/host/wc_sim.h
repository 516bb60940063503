/* SPDX-License-Identifier: Apache-2.0 */
/* Network simulation: terminals and traffic on the network of a system
 * instance (wc_engine.h: the C model, the Verilated RTL, or both in
 * lockstep, wc_lockstep.h), every packet and worm copy checked by the
 * scoreboard (wc_score.h). */
#ifndef WC_SIM_H
#define WC_SIM_H
#include <stdint.h>
#include "wc_topo.h"
#include "wc_engine.h"

enum { WC_MC_UNICAST, WC_MC_TREE, WC_MC_WORM };
/* The library tree a WC_MC_TREE multicast follows (--tree-algo): k-binomial
 * trees (Kesavan and Panda, ICPP 1997 4.3.2) and
 * the postal tree (Yu, Buntinas and Panda, ICPP 2003 5.5) on
 * any network; the hypercube trees of Robinson et al., Supercomputing 1993 on cube:N; the ordered chains and RAM of Liu et al., GPC 2006 on switched networks. */
enum { WC_TA_BINOMIAL, WC_TA_KBINOMIAL, WC_TA_POSTAL, WC_TA_UCUBE, WC_TA_MAXPORT, WC_TA_COMBINE, WC_TA_WSORT,
       WC_TA_CCO, WC_TA_SPCCO, WC_TA_RAM, WC_TA_MCHAIN, WC_TA_STAR, WC_TA_COUNT };
enum { WC_TR_UNIFORM, WC_TR_TRANSPOSE, WC_TR_BITCOMP, WC_TR_BITREV, WC_TR_SHUFFLE,
       WC_TR_HOTSPOT, WC_TR_NEIGHBOR };

/* Saturation: the default cap of the sources' backlog (packets per node),
 * and the windows over which a growing backlog in the drain shows it. */
#define WC_SIM_QUEUE_CAP 256
#define WC_SIM_SAT_WINDOW 256
#define WC_SIM_SAT_WINDOWS 4

typedef struct {
    int engine;             /* WC_ENGINE_C, _RTL, _LOCKSTEP, _SC or _LOCKSTEP_SC */
    const char *rtl_nodes;  /* _SC, _LOCKSTEP_SC: the RTL routers (wc_engine_parse_nodes; NULL: none) */
    int rtl_flat;           /* RTL engine: verilate the whole network top */
    int traffic;
    double rate;            /* flits / node / cycle offered */
    int packet;             /* flits per packet, >= 1 */
    int buffer;             /* input buffer depth B */
    int width;              /* flit data width W */
    long warmup, cycles;    /* measurement window [warmup, warmup+cycles) */
    long drain_max;         /* cap on draining measured packets (cycles) */
    long watchdog;          /* cycles without progress that mean deadlock */
    /* saturation (docs/engine.md): a run whose sources' backlog reaches
     * queue_cap packets per node, or keeps growing over the drain
     * (WC_SIM_SAT_WINDOWS windows of WC_SIM_SAT_WINDOW cycles, by more
     * than a packet per node), is SATURATED and ends there; with run_on
     * it runs to its end, its sources creating no packet while the
     * backlog is at the cap (counted in refused) */
    long queue_cap;
    int run_on;
    uint64_t seed;
    int hotspot_node;
    double hotspot_frac;
    int mutate;             /* C-model router mutation 1..4 (self-check of lockstep) */
    int mutate_rtl;         /* WC_ENGINE_MUTATE_RTL_* into the RTL instance (self-check of its assertions) */
    int progress;           /* progress lines on stderr: every 2 s of the run, */
    long progress_every;    /* ... or (> 0) every this many cycles and at the end */
    /* waveform: record cycles [trace_from, stop_at] of wave_routers
     * (NULL = all) into wave_path(.fst|.vcd) + .gtkw */
    long trace_from, stop_at;
    const char *wave_path;
    const int *wave_routers;
    int wave_nrouters;
    /* inject flits that break the rules, to exercise drop-and-count */
    double malformed;
    /* multicast traffic: this fraction of messages go to mcast_dests
     * random destinations, sent by mcast_scheme */
    double multicast;
    int mcast_dests;
    int mcast_scheme;       /* WC_MC_UNICAST / WC_MC_TREE / WC_MC_WORM */
    int tree_algo;          /* WC_TA_*, for WC_MC_TREE */
    int tree_param;         /* kbinomial:K, postal:LAT (cycles); 0 = the default */
    /* node overheads of every multicast scheme, in cycles: a node that
     * comes to hold the message (the source at creation, a forwarder when
     * the tail of its copy arrives) spends mcast_startup once, then
     * mcast_forward before each of its sends; 0 and 0 hand the sends to
     * the ports at once */
    long mcast_startup, mcast_forward;
    /* tree scheme: one-to-all scatter with combining (the lecture notes):
     * every destination gets its own `packet` flits, and a tree edge to v
     * carries the data of v's whole subtree (packet x its size) */
    int mcast_scatter;
    /* one multicast on an idle network at cycle 0 (rate 0): from
     * once_src to once_dst[0..once_n-1]; once_bcast: to every other node
     * with the broadcast scheme of the topology */
    int once, once_src, once_n, once_bcast;
    const int *once_dst;
    /* once_nm > 1: that many multicasts at cycle 0 instead (Liu et al.'s
     * multiple multicast), multicast k from once_srcs[k] to
     * once_dst[k * once_n ..] (to every other node with once_bcast) */
    int once_nm;
    const int *once_srcs;
    /* the first once_long multicasts of the batch send once_long_len-flit
     * packets instead of --packet (Liu et al. Fig. 15's long messages) */
    int once_long, once_long_len;
} wc_sim_opts;

typedef struct {
    long cycles_run;        /* total simulated cycles incl. drain */
    double offered, accepted;
    double lat_avg, lat_p99, lat_max;
    long measured, delivered_measured;
    long injected, delivered, lost, duplicated, out_of_order, corrupt, misrouted;
    /* unicasts that overtook an earlier one of their pair (adaptive
     * routing only: its unicast streams are unordered; not an error) */
    long overtook;
    long not_injected;      /* still in source queues or held by node overheads at the end (never entered the network) */
    unsigned long drops;    /* routers' drop counters, summed */
    long malformed_sent;
    long malformed_brcp;    /* of which multidestination worms breaking BRCP */
    int saturated;          /* measured packets did not drain within drain_max, or the run was found saturated */
    long saturated_at;      /* the cycle a saturated run ended at (no run_on), else -1 */
    char saturated_why[160];/* what showed it */
    long backlog;           /* packets in the source queues at the end */
    long refused;           /* run_on: packets not created, the backlog at its cap */
    int deadlock;
    long mismatch_cycle;    /* -1 if none */
    int mismatch_router;    /* ... where, -1 if none */
    char mismatch[512];
    /* the RTL assertion that ended the run ("cycle C: RTL assertion failed
     * in INSTANCE: MESSAGE (FILE:LINE)"), empty if none; in lockstep it is
     * the mismatch too */
    char rtl_assert[512];
    double seconds, cps;
    /* multicasts created in the measurement window and their completion
     * latency (creation to the last destination's tail) */
    long mcast_measured, mcast_done;
    long mcast_measured_done;   /* measured multicasts that completed */
    int mcast_rounds;       /* most rounds (worms) or steps (tree) a multicast took */
    long mcast_bad;         /* copies that reached a node not (or no longer) owed one by their multicast */
    double mlat_avg, mlat_p99, mlat_max;
    double mdlat_avg;       /* mean over the destinations of measured multicasts: copy's tail arrival - creation */
    /* empty if a measured packet or multicast arrived; else why nothing
     * was measured (the latency fields are then no result) */
    char unmeasured[256];
} wc_sim_result;

void wc_sim_defaults(wc_sim_opts *o);
/* The highest offered rate (flits per node per cycle) on t with packets of
 * `packet` flits: a node injects one flit per cycle on each of its
 * t->nlocal injection channels and creates at most one packet per cycle. */
double wc_sim_rate_max(const wc_topo *t, int packet);
/* The options against the topology: 0, or -1 with a message naming what
 * is out of range or makes no sense together (wc_sim_run checks them
 * first). */
int wc_sim_check(const wc_topo *t, const wc_sim_opts *o, char *err, int errlen);
/* 0 on a completed run (check the result fields), -1 on bad options, a
 * set-up error or memory running out (message in err). */
int wc_sim_run(const wc_topo *t, const wc_sim_opts *o, wc_sim_result *res, char *err, int errlen);
int wc_sim_traffic_parse(const char *s);
/* --tree-algo NAME[:PARAM]: 0 and *algo, *param; -1 with a message. */
int wc_sim_tree_algo_parse(const char *s, int *algo, int *param, char *err, int errlen);
/* "binomial", "kbinomial:4", "postal", ... as given to the parser. */
const char *wc_sim_tree_algo_name(int algo, int param, char *buf, int len);
const char *wc_sim_traffic_name(int t);
#endif

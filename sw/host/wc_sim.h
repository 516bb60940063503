/* SPDX-License-Identifier: Apache-2.0 */
/* Network simulation with terminals, traffic, scoreboard and the three
 * engines (C model, Verilated RTL, both in lockstep). */
#ifndef WC_SIM_H
#define WC_SIM_H
#include <stdint.h>
#include "wc_topo.h"

enum { WC_ENGINE_C, WC_ENGINE_RTL, WC_ENGINE_LOCKSTEP };
enum { WC_MC_UNICAST, WC_MC_TREE, WC_MC_WORM };
enum { WC_TR_UNIFORM, WC_TR_TRANSPOSE, WC_TR_BITCOMP, WC_TR_BITREV, WC_TR_SHUFFLE,
       WC_TR_HOTSPOT, WC_TR_NEIGHBOR };

typedef struct {
    int engine;
    int rtl_flat;           /* RTL engine: verilate the whole network top */
    int traffic;
    double rate;            /* flits / node / cycle offered */
    int packet;             /* flits per packet, >= 1 */
    int buffer;             /* input buffer depth B */
    int width;              /* flit data width W */
    long warmup, cycles;    /* measurement window [warmup, warmup+cycles) */
    long drain_max;         /* cap on draining measured packets (cycles) */
    long watchdog;          /* cycles without progress that mean deadlock */
    uint64_t seed;
    int hotspot_node;
    double hotspot_frac;
    int mutate;             /* C-model mutation (self-check of lockstep) */
    int progress;           /* progress lines on stderr */
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
    /* one multicast on an idle network at cycle 0 (rate 0): from
     * once_src to once_dst[0..once_n-1]; once_bcast: to every other node
     * with the broadcast scheme of the topology */
    int once, once_src, once_n, once_bcast;
    const int *once_dst;
} wc_sim_opts;

typedef struct {
    long cycles_run;        /* total simulated cycles incl. drain */
    double offered, accepted;
    double lat_avg, lat_p99, lat_max;
    long measured, delivered_measured;
    long injected, delivered, lost, duplicated, out_of_order, corrupt, misrouted;
    long not_injected;      /* still in source queues at the end (never entered the network) */
    unsigned long drops;    /* routers' drop counters, summed */
    long malformed_sent;
    long malformed_brcp;    /* of which multidestination worms breaking BRCP */
    int saturated;          /* measured packets did not drain within drain_max */
    int deadlock;
    long mismatch_cycle;    /* -1 if none */
    char mismatch[512];
    double seconds, cps;
    /* multicasts created in the measurement window and their completion
     * latency (creation to the last destination's tail) */
    long mcast_measured, mcast_done;
    int mcast_rounds;       /* most rounds (worms) or steps (tree) a multicast took */
    double mlat_avg, mlat_p99, mlat_max;
} wc_sim_result;

void wc_sim_defaults(wc_sim_opts *o);
/* 0 on a completed run (check the result fields), -1 on setup error (msg in err). */
int wc_sim_run(const wc_topo *t, const wc_sim_opts *o, wc_sim_result *res, char *err, int errlen);
int wc_sim_traffic_parse(const char *s);
const char *wc_sim_traffic_name(int t);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast sim: unicast traffic on a network with the C model, the
 * Verilated RTL, or both in lockstep. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_sim.h"
#include "wc_rtl.h"
#include "wc_topo.h"
#include "wc_rng.h"
#include "wc_defs.h"
#include "cli_args.h"
#include "wc_err.h"

/* NODE:FRACTION */
static int parse_hotspot(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    wc_sim_opts *o = dst;
    wc_arg_field f[2];
    if (wc_arg_fields(v, ':', f, 2) != 2 || wc_arg_int(opt, f[0], 0, 0x7fffffffL, &o->hotspot_node, NULL, 0) < 0 ||
        wc_arg_double(opt, f[1], 0, 1, &o->hotspot_frac, NULL, 0) < 0)
        return wc_err(err, errlen, "%s expects NODE:FRACTION (FRACTION 0..1), got '%s'", opt, v);
    return 0;
}

/* [START:STOP:STEP] into double[3] */
static int parse_sweep(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    double *r = dst, x[3];
    wc_arg_field f[3];
    int i;
    if (!v)
        return 0;
    if (wc_arg_fields(v, ':', f, 3) != 3)
        goto bad;
    for (i = 0; i < 3; i++)
        if (wc_arg_double(opt, f[i], 0, HUGE_VAL, &x[i], NULL, 0) < 0)
            goto bad;
    if (x[0] <= 0 || x[1] < x[0] || x[2] <= 0)
        goto bad;
    for (i = 0; i < 3; i++)
        r[i] = x[i];
    return 0;
bad:
    return wc_err(err, errlen, "%s expects START:STOP:STEP with 0 < START <= STOP and STEP > 0, got '%s'", opt, v);
}

/* N random destinations, or all: -1 */
static int parse_once(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    if (!strcmp(v, "all")) {
        *(int *)dst = -1;
        return 0;
    }
    return wc_arg_int(opt, v, 1, 4095, dst, err, errlen);
}

/* --mcast-long P:K: K of the batch's multicasts send P-flit packets */
typedef struct { int len, n; } long_arg;
static int parse_long_mix(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    long_arg *l = dst;
    wc_arg_field f[2];
    if (wc_arg_fields(v, ':', f, 2) != 2 || wc_arg_int(opt, f[0], 1, 1 << 20, &l->len, NULL, 0) < 0 ||
        wc_arg_int(opt, f[1], 0, 4096, &l->n, NULL, 0) < 0)
        return wc_err(err, errlen, "%s expects P:K (K multicasts of the batch with P-flit packets, P 1..2^20), got '%s'",
                      opt, v);
    return 0;
}

/* ALGO[:PARAM] of the tree scheme */
static int parse_tree_algo(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    wc_sim_opts *o = dst;
    (void)opt;
    return wc_sim_tree_algo_parse(v, &o->tree_algo, &o->tree_param, err, errlen);
}

/* what the human output calls the scheme */
static const char *scheme_label(const wc_sim_opts *o, char *buf, int len)
{
    char a[48];
    if (o->mcast_scheme == WC_MC_WORM)
        return "multidestination worms";
    if (o->mcast_scheme != WC_MC_TREE)
        return "separate unicasts";
    snprintf(buf, (size_t)len, "%s tree of unicasts", wc_sim_tree_algo_name(o->tree_algo, o->tree_param, a, sizeof a));
    return buf;
}

/* the csv name of the scheme: unicast, worm, tree:ALGO */
static const char *scheme_name(const wc_sim_opts *o, char *buf, int len)
{
    char a[48];
    if (o->mcast_scheme != WC_MC_TREE)
        return o->mcast_scheme == WC_MC_WORM ? "worm" : "unicast";
    snprintf(buf, (size_t)len, "tree:%s", wc_sim_tree_algo_name(o->tree_algo, o->tree_param, a, sizeof a));
    return buf;
}

static const char *engine_name(int e) { return wc_engine_kind_name(e); }

/* measured packets or multicasts that never arrived: a saturated run's */
static long undelivered(const wc_sim_result *r)
{
    return r->measured - r->delivered_measured + r->mcast_measured - r->mcast_measured_done;
}

/* a run that failed its checks, or measured nothing (no result either) */
static int result_failed(const wc_sim_result *r)
{
    return r->mismatch_cycle >= 0 || r->rtl_assert[0] || r->lost || r->duplicated || r->out_of_order || r->corrupt || r->mcast_bad ||
           r->misrouted || r->deadlock || r->drops != (unsigned long)r->malformed_sent || r->unmeasured[0];
}

/* ... or one that saturated: ended early, or left measured traffic
 * undelivered (a sweep expects its last point to be one) */
static int result_bad(const wc_sim_result *r)
{
    return result_failed(r) || r->saturated_at >= 0 || undelivered(r) > 0;
}

/* A stable point, as the reference simulators count one (BookSim's
 * saturation is the highest offered load whose run is stable): every
 * measured packet drained, the average latency at most lat_max cycles,
 * and the network accepted what was offered, within 1% (at loads it can
 * carry the two differ only by the change in flits in flight over the
 * window, well under 1% of the window's traffic). */
#define STABLE_TOL 0.01
#define SWEEP_WARMUP 20000L
#define SWEEP_CYCLES 200000L
static int stable(const wc_sim_result *r, double lat_max)
{
    return !result_bad(r) && !r->saturated && r->delivered_measured && r->lat_avg <= lat_max &&
           r->accepted >= (1.0 - STABLE_TOL) * r->offered;
}

static void print_csv_header(void)
{
    printf("topo,traffic,engine,rate,packet,buffer,offered,accepted,lat_avg,lat_p99,lat_max,measured,"
           "injected,delivered,lost,duplicated,out_of_order,corrupt,drops,malformed,saturated,deadlock,"
           "mismatches,cycles,cycles_per_s,mcasts,mcast_lat_avg,mcast_lat_p99,mcast_lat_max,stable,"
           "mcast_scheme,mcasts_done,mcast_bad,mcast_steps_max,mcast_dest_lat_avg\n");
}

static void print_csv(const wc_topo *t, const wc_sim_opts *o, const wc_sim_result *r, double lat_max)
{
    /* names like irregular:16,8,4,1 hold commas: quote them (RFC 4180) */
    const char *q = strchr(t->name, ',') ? "\"" : "";
    char lat[96] = ",,", sch[64];    /* no measured packet arrived: no latency, not 0 */
    if (r->delivered_measured)
        snprintf(lat, sizeof lat, "%.2f,%.0f,%.0f", r->lat_avg, r->lat_p99, r->lat_max);
    printf("%s%s%s,%s,%s,%.4f,%d,%d,%.4f,%.4f,%s,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%lu,%ld,%d,%d,%d,%ld,%.0f,%ld,%.2f,%.0f,%.0f,%d,%s,%ld,%ld,%d,%.2f\n",
           q, t->name, q, wc_sim_traffic_name(o->traffic), engine_name(o->engine), o->rate, o->packet, o->buffer,
           r->offered, r->accepted, lat, r->measured, r->injected,
           r->delivered, r->lost, r->duplicated, r->out_of_order, r->corrupt, r->drops, r->malformed_sent,
           r->saturated, r->deadlock, r->mismatch_cycle >= 0, r->cycles_run, r->cps,
           r->mcast_measured, r->mlat_avg, r->mlat_p99, r->mlat_max, stable(r, lat_max),
           scheme_name(o, sch, sizeof sch), r->mcast_measured_done, r->mcast_bad, r->mcast_rounds, r->mdlat_avg);
}

static void print_human(const wc_topo *t, const wc_sim_opts *o, const wc_sim_result *r)
{
    char sch[64];
    printf("wormcast sim: %s, %s traffic, rate %.3f, %d-flit packets, %d-flit buffers, engine %s%s%s%s, seed %llu\n",
           t->name, wc_sim_traffic_name(o->traffic), o->rate, o->packet, o->buffer, engine_name(o->engine),
           wc_engine_kind_sc(o->engine) ? " (RTL routers " : "",
           wc_engine_kind_sc(o->engine) ? (o->rtl_nodes ? o->rtl_nodes : "none") : "",
           wc_engine_kind_sc(o->engine) ? ")" : "", (unsigned long long)o->seed);
    printf("  offered    %.4f flits/node/cycle\n", r->offered);
    printf("  accepted   %.4f flits/node/cycle%s\n", r->accepted,
           r->saturated_at >= 0 ? "  (SATURATED: the run ended there)"
           : r->saturated ? "  (SATURATED: measured packets did not drain)" : "");
    /* offered counts a packet's flits once, at its source; accepted every
     * flit a node takes off the network, and a worm's flits are taken at
     * each destination on its path */
    if (o->multicast > 0 && o->mcast_scheme == WC_MC_WORM && r->accepted > r->offered)
        printf("             (above offered: a multidestination worm's flits are counted once where they are\n"
               "             offered, and again at each destination that absorbs a copy on the way)\n");
    if (r->unmeasured[0])
        printf("  latency    NOTHING MEASURED: %s\n", r->unmeasured);
    else if (!r->measured)
        printf("  latency    no unicast packet to measure: every message was a multicast (below)\n");
    else if (!r->delivered_measured)
        printf("  latency    none of the %ld measured unicast packets arrived (the multicasts below did)\n",
               r->measured);
    else
        printf("  latency    avg %.2f  p99 %.0f  max %.0f cycles  (%ld of %ld measured packets)\n",
               r->lat_avg, r->lat_p99, r->lat_max, r->delivered_measured, r->measured);
    printf("  packets    injected %ld  delivered %ld  lost %ld  duplicated %ld  out-of-order %ld  corrupt %ld  misrouted %ld\n",
           r->injected, r->delivered, r->lost, r->duplicated, r->out_of_order, r->corrupt, r->misrouted);
    if (r->overtook)
        printf("  order      %ld unicasts overtook an earlier one of their pair (adaptive routing: checked in any order)\n",
               r->overtook);
    if (o->multicast > 0 && !r->mcast_measured_done)
        printf("  multicast  %ld measured multicasts to %d destinations: none completed\n", r->mcast_measured,
               o->mcast_dests);
    else if (o->multicast > 0)
        printf("  multicast  %ld measured multicasts to %d destinations (%s): completion avg %.2f  p99 %.0f  max %.0f cycles\n",
               r->mcast_measured, o->mcast_dests, scheme_label(o, sch, sizeof sch),
               r->mlat_avg, r->mlat_p99, r->mlat_max);
    if (o->multicast > 0 && r->mcast_measured_done)
        printf("  per dest   a destination's copy arrives %.2f cycles after its multicast's creation, on average\n",
               r->mdlat_avg);
    if (r->mcast_bad)
        printf("  ERROR      %ld multicast copies reached a node their multicast did not owe one\n", r->mcast_bad);
    if (r->not_injected)
        printf("  queued     %ld packets never entered the network (source queues, or held by node overheads, at the end)\n", r->not_injected);
    printf("  drops      %lu worms dropped by routers, %ld malformed worms sent (%ld of them multidestination worms breaking BRCP)\n",
           r->drops, r->malformed_sent, r->malformed_brcp);
    if (wc_engine_kind_lockstep(o->engine))
        printf("  lockstep   %s over %ld cycles (every router port, every cycle)\n",
               r->mismatch_cycle < 0 ? "0 mismatches" : "MISMATCH", r->cycles_run);
    printf("  speed      %ld cycles in %.2f s = %.0f cycles/s\n", r->cycles_run, r->seconds, r->cps);
    if (r->deadlock)
        printf("  DEADLOCK   no progress; see the blocked worms above\n");
    if (r->drops != (unsigned long)r->malformed_sent)
        printf("  ERROR      router drop counters (%lu) disagree with malformed worms sent (%ld)\n",
               r->drops, r->malformed_sent);
}

int wc_cmd_sim(int argc, char **argv)
{
    static const char *const engines[] = { "c", "rtl", "lockstep", "sc", "lockstep-sc", NULL },
                             *const schemes[] = { "unicast", "tree", "worm", NULL };
    static const int engine_v[] = { WC_ENGINE_C, WC_ENGINE_RTL, WC_ENGINE_LOCKSTEP, WC_ENGINE_SC, WC_ENGINE_LOCKSTEP_SC },
                     scheme_v[] = { WC_MC_UNICAST, WC_MC_TREE, WC_MC_WORM };
    static const char *const idle = "one multicast on an idle network";
    const char *traffics[WC_TR_NEIGHBOR + 2], *topo = NULL, *wave = NULL, *wave_dir = NULL, *wave_rl = NULL;
    wc_sim_opts o;
    wc_sim_result r;
    double sweep_r[3] = { 0.02, 1.0, 0.02 }, sw_a, sw_b, sw_s, stable_lat = 500;
    int csv = 0, sweep, no_wave = 0, quiet = 0, i, rc, wr[64], nwr = -1, once, once_n = 0, sets = 10, *list, st;
    int batch = 1, stages = 1;
    const char *routing = NULL;
    long_arg lmix = { 0, 0 };
    char err[512];
    wc_topo *t;
    long seed;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo, WC_TOPO_NAMES),
        WC_OPT_ROUTER_STAGES(&stages),
        WC_OPT_ROUTING(&routing),
        WC_OPT_CHOICE("--traffic", "P", &o.traffic, traffics, NULL, "traffic pattern"),
        WC_OPT_DOUBLE("--rate", "R", &o.rate, 0, HUGE_VAL, "offered flits/node/cycle, up to one per injection channel of a\n"
                      "node (and one packet per cycle)"),
        WC_OPT_INT("--packet", "F", &o.packet, 1, 1 << 20, "flits per packet"),
        WC_OPT_INT("--buffer", "F", &o.buffer, 1, 4096, "input buffer depth in flits"),
        WC_OPT_INT("--width", "W", &o.width, 32, 62, "flit data width in bits"),
        WC_OPT_LONG("--warmup", "C", &o.warmup, 0, 1L << 40, "cycles before measuring"),
        WC_OPT_LONG("--cycles", "C", &o.cycles, 1, 1L << 40, "measured cycles"),
        WC_OPT_LONG("--seed", "S", &seed, 0, 0x7fffffffffffffffL, "traffic seed"),
        WC_OPT_CHOICE("--engine", "E", &o.engine, engines, engine_v,
                      "c: C model, rtl: Verilated RTL (built on first use),\n"
                      "lockstep: both, every router port compared every cycle,\n"
                      "sc: the SystemC network (routers as SystemC modules, C models or,\n"
                      "per --rtl-nodes, Verilated RTL; `make sc` builds it),\n"
                      "lockstep-sc: the C model against the SystemC network"),
        WC_OPT_STRING("--rtl-nodes", "LIST", &o.rtl_nodes,
                      "sc, lockstep-sc: the nodes whose router is the Verilated RTL among\n"
                      "C-model ones: none (default), all, or ids and ranges (0,5,8-11);\n"
                      "RTL routers exist for cube:4 and mesh:4x4"),
        WC_OPT_FUNC("--hotspot", "N:F", parse_hotspot, &o, "hotspot node and fraction for --traffic hotspot (0:0.2)"),
        WC_OPT_DOUBLE("--malformed", "F", &o.malformed, 0, 1,
                      "fraction of worms sent malformed (bad destination or no head)"),
        WC_OPT_DOUBLE("--multicast", "F", &o.multicast, 0, 1, "fraction of messages that are multicasts"),
        WC_OPT_INT("--mcast-dests", "N", &o.mcast_dests, 1, 4095, "destinations per multicast, random, distinct"),
        WC_OPT_CHOICE("--mcast-scheme", "S", &o.mcast_scheme, schemes, scheme_v,
                      "unicast: one unicast per destination, tree: a tree of unicasts\n"
                      "forwarded by the destinations (--tree-algo), worm: multidestination worms"),
        WC_OPT_FUNC("--tree-algo", "A", parse_tree_algo, &o,
                    "the library tree of --mcast-scheme tree: binomial (default),\n"
                    "kbinomial[:K] (without K the optimal k for one packet), postal[:LAT]\n"
                    "(LAT cycles from a send's start to the receiver's first send;\n"
                    "default packet + startup + forward), on any network; ucube,\n"
                    "maxport, combine, wsort on cube:N[:all]; cco, spcco, ram\n"
                    "(ram:stb|stc|rb|rc: Liu et al.'s multiple-multicast variants) on\n"
                    "irregular:... and file:... networks; mchain (the lecture notes' chain,\n"
                    "source anywhere in it) on mesh:XxY; star (the source sends every copy)"),
        WC_OPT_LONG("--mcast-startup", "C", &o.mcast_startup, 0, 1L << 30,
                    "cycles a node spends once when it comes to hold a multicast's\n"
                    "message, before its first send (the source at creation, a\n"
                    "forwarder when its copy's tail arrives; 0)"),
        WC_OPT_LONG("--mcast-forward", "C", &o.mcast_forward, 0, 1L << 30,
                    "cycles a node spends before each send of a multicast (0)"),
        WC_OPT_FUNC("--sweep", "[A:B:S]", parse_sweep, sweep_r,
                    "latency-vs-load curve over rates A..B step S (0.02:1:0.02); reports\n"
                    "the saturation as the highest stable offered load (below);\n"
                    "each point 20000 warm-up and 200000 measured cycles unless given"),
        WC_OPT_DOUBLE("--stable-lat", "L", &stable_lat, 1, HUGE_VAL,
                      "a stable run: measured packets drained, average latency at most\n"
                      "L cycles, accepted within 1% of offered (500, BookSim's\n"
                      "latency_thres); the csv column 'stable'"),
        WC_OPT_FUNC("--mcast-once", "N|all", parse_once, &once_n,
                    "one multicast (N random destinations, or a broadcast) on an idle\n"
                    "network, repeated over --sets random sources/sets: completion\n"
                    "latency and rounds of --mcast-scheme"),
        WC_OPT_INT("--sets", "K", &sets, 1, 100000, "sets for --mcast-once"),
        WC_OPT_INT("--mcast-batch", "M", &batch, 1, 4096,
                   "--mcast-once: M multicasts at once from M distinct random sources, each\n"
                   "to its own random destinations (Liu et al.'s multiple multicast); the\n"
                   "completion is the last one's, the throughput the flits delivered per\n"
                   "cycle until then"),
        WC_OPT_FLAG("--mcast-scatter", &o.mcast_scatter,
                    "tree scheme: one-to-all scatter with combining (the lecture notes): each\n"
                    "destination gets its own --packet flits; the send to a node carries its\n"
                    "whole subtree's (the tree's shape decides the sizes)"),
        WC_OPT_FUNC("--mcast-long", "P:K", parse_long_mix, &lmix,
                    "--mcast-batch: K of the M multicasts send P-flit packets instead of --packet\n"
                    "(Liu et al.'s mix of long and short messages)"),
        WC_OPT_FLAG("--csv", &csv, "machine-readable rows"),
        WC_OPT_STRING("--wave", "PATH", &wave,
                      "record a port-level waveform: PATH.fst (PATH.vcd without vcd2fst) + PATH.gtkw"),
        WC_OPT_STRING("--wave-routers", "L", &wave_rl, "routers to record, e.g. 0,1,5 (all up to 16 routers, else 0-3)"),
        WC_OPT_STRING("--wave-dir", "DIR", &wave_dir, "where lockstep leaves the waveform of a mismatch (build/waves)"),
        WC_OPT_FLAG("--no-wave", &no_wave, "do not record a waveform on mismatch"),
        WC_OPT_FLAG("--rtl-flat", &o.rtl_flat,
                    "RTL engine: verilate the whole generated network top (slow build;\n"
                    "with --wave also dumps every internal signal to PATH.internal.fst)"),
        WC_OPT_LONG("--drain-max", "C", &o.drain_max, 0, 1L << 40,
                    "cycles allowed to drain measured packets (10*cycles+100000)"),
        WC_OPT_LONG("--watchdog", "C", &o.watchdog, 10, 1L << 40, "cycles without progress that count as deadlock"),
        WC_OPT_FLAG("--run-on", &o.run_on,
                    "run a saturated network to its end (the sources' backlog held at\n"
                    "--queue-cap) instead of ending at the SATURATED verdict"),
        WC_OPT_LONG("--queue-cap", "P", &o.queue_cap, 1, 1L << 20,
                    "the sources' backlog, packets per node, that means saturation"),
        WC_OPT_INT("--mutate", "K", &o.mutate, 0, WC_ROUTER_MUTATIONS,
                   "self-check: break the C model (1 arbitration, 2 routing,\n"
                   "3 absorbed head, 4 forwarded head, 5 traversal stage of\n"
                   "--router-stages 2, 6 west-first's choice, 7 illegal turns\n"
                   "routed: a router's unit bench sends them, a network does not)"),
        WC_OPT_INT("--mutate-rtl", "K", &o.mutate_rtl, 0, 1,
                   "self-check of the RTL's assertions: one credit too many into\n"
                   "node 0's router (1): its assertion must end the run"),
        WC_OPT_FLAG("--quiet", &quiet, "no progress lines"),
        WC_OPT_LONG("--progress", "C", &o.progress_every, 1, 1L << 40,
                    "a progress line every C cycles and one at the end, each with\n"
                    "the resident memory (default: a line every 2 s of a long run)"),
        WC_OPT_END
    };
    wc_cli cli = { "sim", "--topo T [options]",
                   "unicast and multicast traffic on a network of routers: the C model, the Verilated RTL,\n"
                   "or both in lockstep",
                   "Exit status: 0 for a clean run; 1 for a mismatch, an RTL assertion, loss, corruption,\n"
                   "deadlock or a run that measured nothing; 2 for bad input.", "--topo", opts, NULL, NULL };
    cli.examples = "wormcast sim --topo mesh:8x8 --traffic uniform --rate 0.2 --cycles 20000    # the C model\n"
                   "wormcast sim --topo cube:6 --sweep 0.1:0.5:0.1 --warmup 1000 --cycles 5000  # latency against load\n"
                   "wormcast sim --topo mesh:4x4 --rate 0.2 --cycles 20000 --engine lockstep    # RTL against C model (verilates first)";

    for (i = 0; i <= WC_TR_NEIGHBOR; i++)
        traffics[i] = wc_sim_traffic_name(i);
    traffics[i] = NULL;
    wc_sim_defaults(&o);
    o.mcast_dests = 8;
    seed = (long)o.seed;
    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    o.seed = (uint64_t)seed;
    o.progress = !quiet;
    sweep = wc_cli_given(&cli, "--sweep");
    once = wc_cli_given(&cli, "--mcast-once");
    sw_a = sweep_r[0];
    sw_b = sweep_r[1];
    sw_s = sweep_r[2];
    if (wc_cli_needs(&cli, "--hotspot", o.traffic == WC_TR_HOTSPOT, "--traffic hotspot", "no other pattern has a hot spot") ||
        wc_cli_excl(&cli, "--sweep", "--rate", "the sweep sets the rate") ||
        wc_cli_excl(&cli, "--sweep", "--mcast-once", "a sweep measures loaded networks") ||
        wc_cli_excl(&cli, "--sweep", "--wave", "a sweep records no waveform") ||
        wc_cli_excl(&cli, "--progress", "--quiet", "--quiet turns the progress lines off") ||
        wc_cli_excl(&cli, "--progress", "--sweep", "a sweep prints no progress lines") ||
        wc_cli_excl(&cli, "--progress", "--mcast-once", "the runs of --mcast-once print no progress lines") ||
        wc_cli_excl(&cli, "--mcast-once", "--rate", idle) || wc_cli_excl(&cli, "--mcast-once", "--traffic", idle) ||
        wc_cli_excl(&cli, "--mcast-once", "--warmup", idle) || wc_cli_excl(&cli, "--mcast-once", "--cycles", idle) ||
        wc_cli_excl(&cli, "--mcast-once", "--mcast-dests", "N of --mcast-once is the number of destinations") ||
        wc_cli_needs(&cli, "--sets", once, "--mcast-once", "the sets are its repetitions") ||
        wc_cli_needs(&cli, "--mcast-batch", once, "--mcast-once", "it sends that many of them at once") ||
        wc_cli_needs(&cli, "--mcast-long", wc_cli_given(&cli, "--mcast-batch"), "--mcast-batch",
                     "it makes some multicasts of the batch long") ||
        wc_cli_needs(&cli, "--tree-algo", o.mcast_scheme == WC_MC_TREE, "--mcast-scheme tree",
                     "it chooses the tree that scheme follows") ||
        wc_cli_needs(&cli, "--mcast-startup", wc_cli_given(&cli, "--multicast") || once, "--multicast or --mcast-once",
                     "it is a cost of the nodes of a multicast") ||
        wc_cli_needs(&cli, "--mcast-forward", wc_cli_given(&cli, "--multicast") || once, "--multicast or --mcast-once",
                     "it is a cost of the nodes of a multicast") ||
        wc_cli_needs(&cli, "--stable-lat", sweep || csv, "--sweep or --csv", "it decides which runs count as stable") ||
        wc_cli_needs(&cli, "--mcast-dests", wc_cli_given(&cli, "--multicast"), "--multicast",
                     "it sizes the multicasts of the traffic") ||
        wc_cli_needs(&cli, "--wave-dir", o.engine == WC_ENGINE_LOCKSTEP, "--engine lockstep",
                     "it is where a lockstep mismatch leaves its waveform") ||
        wc_cli_needs(&cli, "--no-wave", o.engine == WC_ENGINE_LOCKSTEP, "--engine lockstep",
                     "only a lockstep mismatch records a waveform unasked") ||
        wc_cli_excl(&cli, "--no-wave", "--wave-dir", "the directory is for the waveform --no-wave turns off") ||
        wc_cli_needs(&cli, "--wave-routers", wave != NULL, "--wave", "it chooses the routers --wave records"))
        return 2;
    if (wc_engine_kind_sc(o.engine) && (sweep || once))
        return wc_cli_error(&cli, "--engine %s runs one SystemC simulation per process; %s runs several",
                            engine_name(o.engine), sweep ? "--sweep" : "--mcast-once");
    if (wave_rl) {
        if ((nwr = wc_arg_list("--wave-routers", "router", wave_rl, 0, 0x7fffffffL, 0, 64, &list, err, sizeof err)) < 0)
            return wc_cli_error(&cli, "%s", err);
        memcpy(wr, list, sizeof *wr * (size_t)nwr);
        free(list);
    }
    if (!(t = wc_topo_create(topo, err, sizeof err))) { fprintf(stderr, "wormcast sim: %s\n", err); return 2; }
    t->stages = stages;
    if (routing && wc_topo_set_routing(t, routing, err, sizeof err)) {
        fprintf(stderr, "wormcast sim: %s\n", err);
        wc_topo_free(t);
        return 2;
    }

    if (sweep) {
        double rate, best = 0, best_off = 0, zero = -1, zero_rate = 0, top = wc_sim_rate_max(t, o.packet);
        double sat = -1, sat_off = 0, sat_acc = 0, sat_lat = 0;
        int bad = 0, all_stable = 1;
        if (sw_a > top) {
            fprintf(stderr, "wormcast sim: --sweep starts at rate %g, above the range 0..%g flits per node per cycle "
                    "of %s\n", sw_a, top, t->name);
            wc_topo_free(t);
            return 2;
        }
        o.progress = 0;
        /* a window in which the answer no longer moves: the saturation of
         * make bench's four workloads is the same with twice these
         * (docs/results/router.md) */
        if (!wc_cli_given(&cli, "--warmup"))
            o.warmup = SWEEP_WARMUP;
        if (!wc_cli_given(&cli, "--cycles"))
            o.cycles = SWEEP_CYCLES;
        if (o.drain_max < 0)
            o.drain_max = o.cycles;
        if (csv) print_csv_header();
        else printf("# %s %s, %d-flit packets, %d-flit buffers, engine %s\n# %8s %9s %9s %9s %9s\n", t->name,
                    wc_sim_traffic_name(o.traffic), o.packet, o.buffer, engine_name(o.engine),
                    "rate", "offered", "accepted", "lat_avg", "lat_p99");
        /* the sweep ends where a node cannot inject more */
        for (rate = sw_a; rate <= sw_b + 1e-9 && rate <= top + 1e-9; rate += sw_s) {
            o.rate = rate < top ? rate : top;
            if (wc_sim_run(t, &o, &r, err, sizeof err)) { fprintf(stderr, "wormcast sim: %s\n", err); wc_topo_free(t); return 2; }
            bad |= result_failed(&r);
            if (zero < 0 && !r.unmeasured[0]) { zero = r.lat_avg; zero_rate = rate; }
            if (r.accepted > best) { best = r.accepted; best_off = o.rate; }
            /* the saturation: the last of the stable points from the start
             * (a stable point past an unstable one is noise at the knee) */
            if (all_stable && stable(&r, stable_lat)) {
                sat = o.rate; sat_off = r.offered; sat_acc = r.accepted; sat_lat = r.lat_avg;
            } else {
                all_stable = 0;
            }
            if (csv) print_csv(t, &o, &r, stable_lat);
            else if (r.unmeasured[0])
                printf("  %8.3f %9.4f %9.4f %9s %9s  nothing measured\n", rate, r.offered, r.accepted, "-", "-");
            else printf("  %8.3f %9.4f %9.4f %9.2f %9.0f%s\n", rate, r.offered, r.accepted, r.lat_avg, r.lat_p99,
                        r.saturated ? "  saturated (did not drain)" : !stable(&r, stable_lat) ? "  unstable" : "");
            if (r.unmeasured[0])
                fprintf(stderr, "wormcast sim: rate %g: nothing measured: %s\n", rate, r.unmeasured);
            fflush(stdout);
            /* past saturation accepted stops following offered; one point
             * there is enough to show it */
            if (r.saturated || r.accepted < 0.9 * r.offered) {
                if (!csv && rate + sw_s <= sw_b + 1e-9)
                    printf("# the sweep stopped at rate %.3f: %s; higher rates would only add to the queues\n", rate,
                           r.saturated ? "the network saturated (measured packets did not drain)"
                                       : "the network accepted less than 90% of what was offered");
                break;
            }
            if (!csv && o.rate >= top - 1e-9 && top < sw_b - 1e-9) {
                printf("# the sweep stopped at rate %.3f: a node injects at most that (one flit per injection "
                       "channel and one packet per cycle)\n", top);
                break;
            }
        }
        if (!csv && zero < 0)
            printf("# nothing measured at any rate: no zero-load latency, no saturation throughput\n");
        else if (!csv) {
            printf("# zero-load latency %.2f cycles (at rate %.3f)\n", zero, zero_rate);
            if (sat < 0)
                printf("# saturation: no stable rate from %.3f on (drained, average latency <= %g cycles, accepted "
                       "within 1%% of offered)\n", sw_a, stable_lat);
            else
                printf("# saturation: rate %.4f, offered %.4f flits/node/cycle, the highest stable offered load "
                       "(drained, average latency %.2f <= %g cycles, accepted %.4f, within 1%% of offered)%s\n", sat,
                       sat_off, sat_lat, stable_lat, sat_acc,
                       all_stable ? "; every rate of the sweep was stable: the saturation is above it" : "");
            if (!all_stable)
                printf("# accepted throughput under overload: at most %.4f flits/node/cycle (at rate %.3f)\n", best,
                       best_off);
        }
        wc_topo_free(t);
        return bad ? 1 : 0;
    }

    if (nwr >= 0) {
        for (i = 0; i < nwr; i++)
            if (wr[i] >= t->nrouters) {
                fprintf(stderr, "wormcast sim: --wave-routers: %s has no router %d\n", t->name, wr[i]);
                wc_topo_free(t);
                return 2;
            }
    } else if (t->nrouters > 16) {
        for (nwr = 0; nwr < 4; nwr++)
            wr[nwr] = nwr;
    }
    if (wave) {
        o.wave_path = wave;
        o.wave_routers = nwr >= 0 ? wr : NULL;
        o.wave_nrouters = nwr;
    }
    if (once) {
        int set, *dst, *srcs, *pool, bad = 0, rmax = 0, n = t->nnodes, per;
        char sch[64];
        double sum = 0, lo = 1e30, hi = 0, dsum = 0, tput = 0;
        wc_rng rng;
        if (once_n >= n || batch > n) {
            if (once_n >= n)
                fprintf(stderr, "wormcast sim: --mcast-once %d needs at most %d destinations on %s\n", once_n, n - 1,
                        t->name);
            else
                fprintf(stderr, "wormcast sim: --mcast-batch %d needs as many distinct sources: %s has %d nodes\n",
                        batch, t->name, n);
            wc_topo_free(t);
            return 2;
        }
        per = once_n < 0 ? n - 1 : once_n;
        dst = malloc(sizeof *dst * (size_t)batch * (size_t)(once_n > 0 ? once_n : 1));
        srcs = malloc(sizeof *srcs * (size_t)batch);
        pool = malloc(sizeof *pool * (size_t)n);
        if (!dst || !srcs || !pool) {
            fprintf(stderr, "wormcast sim: out of memory for %d multicasts\n", batch);
            free(dst); free(srcs); free(pool);
            wc_topo_free(t);
            return 2;
        }
        o.once = 1; o.once_bcast = once_n < 0; o.once_n = once_n; o.once_dst = dst;
        o.once_nm = batch; o.once_srcs = srcs;
        if (lmix.n > batch) {
            fprintf(stderr, "wormcast sim: --mcast-long %d:%d: the batch has %d multicasts\n", lmix.len, lmix.n, batch);
            free(dst); free(srcs); free(pool);
            wc_topo_free(t);
            return 2;
        }
        o.once_long = lmix.n; o.once_long_len = lmix.len;
        /* the default drain (10 x cycles + 100,000) is for loaded runs; a
         * batch of long multicasts may need more: every flit it delivers
         * one after another, 16 cycles each, bounds any schedule that
         * moves (a network that stops moving is a deadlock, reported as
         * one) */
        if (o.drain_max < 0)
            o.drain_max = 100000 + 16L * per * ((long)(batch - lmix.n) * o.packet + (long)lmix.n * lmix.len);
        o.rate = 0; o.warmup = 0; o.cycles = 1; o.progress = 0;
        if (wave) {             /* the last set's waveform */
            o.wave_path = wave;
            o.wave_routers = nwr >= 0 ? wr : NULL;
            o.wave_nrouters = nwr;
        }
        wc_rng_seed(&rng, o.seed);
        for (set = 0; set < sets; set++) {
            int k, b, m = 0;
            if (batch == 1) {
                o.once_src = srcs[0] = (int)wc_rng_below(&rng, (uint32_t)n);
            } else {
                /* distinct sources: the first `batch` of a shuffle */
                for (k = 0; k < n; k++)
                    pool[k] = k;
                for (k = 0; k < batch; k++) {
                    int j = k + (int)wc_rng_below(&rng, (uint32_t)(n - k)), tmp = pool[k];
                    pool[k] = pool[j]; pool[j] = tmp;
                    srcs[k] = pool[k];
                }
                o.once_src = srcs[0];
            }
            for (b = 0; b < batch && once_n > 0; b++) {
                for (k = 0, m = 0; k < n; k++)
                    if (k != srcs[b])
                        pool[m++] = k;
                for (k = 0; k < once_n; k++) {
                    int j = k + (int)wc_rng_below(&rng, (uint32_t)(m - k)), tmp = pool[k];
                    pool[k] = pool[j]; pool[j] = tmp;
                    dst[(size_t)b * (size_t)once_n + (size_t)k] = pool[k];
                }
            }
            if (wc_sim_run(t, &o, &r, err, sizeof err)) {
                fprintf(stderr, "wormcast sim: %s\n", err);
                free(dst); free(srcs); free(pool);
                wc_topo_free(t);
                return 2;
            }
            if (result_bad(&r) || r.mcast_done != batch) {
                if (!bad)
                    fprintf(stderr, "wormcast sim: set %d: %s%s%ld of %d multicasts complete\n", set + 1,
                            r.unmeasured[0] ? r.unmeasured : "", r.unmeasured[0] ? "; " : "", r.mcast_done, batch);
                bad = 1;
            }
            /* a batch's completion is its last multicast's (all start at 0) */
            {
                const double done = batch == 1 ? r.mlat_avg : r.mlat_max;
                sum += done;
                if (done < lo) lo = done;
                if (done > hi) hi = done;
                if (done > 0)
                    tput += ((double)(batch - lmix.n) * o.packet + (double)lmix.n * lmix.len) * per / done;
            }
            dsum += r.mdlat_avg;
            if (r.mcast_rounds > rmax) rmax = r.mcast_rounds;
        }
        free(dst); free(srcs); free(pool);
        if (csv)
            printf("topo,scheme,dests,packet,engine,sets,lat_avg,lat_min,lat_max,rounds_max,dest_lat_avg,batch,throughput\n"
                   "%s%s%s,%s,%d,%d,%s,%d,%.1f,%.0f,%.0f,%d,%.1f,%d,%.4f\n",
                   strchr(t->name, ',') ? "\"" : "", t->name, strchr(t->name, ',') ? "\"" : "",
                   scheme_name(&o, sch, sizeof sch), per, o.packet, engine_name(o.engine), sets, sum / sets, lo, hi, rmax,
                   dsum / sets, batch, tput / sets);
        else
            printf("%s: %s to %s (%s, %d-flit packets, engine %s) over %d sets: "
                   "completion avg %.1f min %.0f max %.0f cycles (a destination's copy after %.1f on average), "
                   "at most %d %s, %.3f flits delivered per cycle%s\n",
                   t->name, batch > 1 ? "multicasts at once" : "one multicast",
                   once_n < 0 ? "all other nodes" : "N random nodes",
                   scheme_label(&o, sch, sizeof sch), o.packet, engine_name(o.engine), sets, sum / sets, lo, hi,
                   dsum / sets, rmax, o.mcast_scheme == WC_MC_WORM ? "rounds" : "steps", tput / sets,
                   bad ? "  ERRORS" : "");
        wc_topo_free(t);
        return bad ? 1 : 0;
    }

    if (wc_sim_check(t, &o, err, sizeof err)) { fprintf(stderr, "wormcast sim: %s\n", err); wc_topo_free(t); return 2; }
    if (!csv && o.progress)
        fprintf(stderr, "wormcast sim: %s %s rate %.3f engine %s: %ld warmup + %ld measured cycles, then drain\n",
                t->name, wc_sim_traffic_name(o.traffic), o.rate, engine_name(o.engine), o.warmup, o.cycles);
    if (wc_sim_run(t, &o, &r, err, sizeof err)) { fprintf(stderr, "wormcast sim: %s\n", err); wc_topo_free(t); return 2; }
    if (csv) { print_csv_header(); print_csv(t, &o, &r, stable_lat); }
    else print_human(t, &o, &r);
    rc = result_bad(&r) ? 1 : 0;
    if (r.unmeasured[0])
        fprintf(stderr, "wormcast sim: nothing measured: %s\n", r.unmeasured);
    if (r.rtl_assert[0] && r.mismatch_cycle < 0)
        fprintf(stderr, "wormcast sim: %s\n", r.rtl_assert);
    if (r.saturated_at >= 0)
        fprintf(stderr, "wormcast sim: SATURATED at cycle %ld: %s; the network accepted %.4f of %.4f offered "
                "flits/node/cycle, %ld measured packets undelivered, %ld queued (--run-on runs it to its end)\n",
                r.saturated_at, r.saturated_why, r.accepted, r.offered, undelivered(&r), r.backlog);
    else if (r.saturated && undelivered(&r) > 0)
        fprintf(stderr, "wormcast sim: SATURATED: %s; %ld measured packets undelivered at the end, %ld queued%s\n",
                r.saturated_why[0] ? r.saturated_why : "the measured packets did not drain within --drain-max",
                undelivered(&r), r.backlog, r.refused ? "" : "");
    if (r.refused)
        fprintf(stderr, "wormcast sim: --run-on: %ld packets were not created, the sources' backlog at its cap of %ld "
                "per node (--queue-cap)\n", r.refused, o.queue_cap);
    if (r.mismatch_cycle >= 0) {
        fprintf(stderr, "wormcast sim: LOCKSTEP MISMATCH: %s\n", r.mismatch);
        if (!no_wave && wc_engine_kind_sc(o.engine) && !wave)
            fprintf(stderr, "wormcast sim: no waveform of the mismatch: the SystemC engine runs once per process "
                            "(run again with --wave PATH --wave-routers %d to record it)\n",
                    r.mismatch_router >= 0 ? r.mismatch_router : 0);
        else if (!no_wave) {
            char dir[1024], path[1100];
            wc_sim_result r2;
            int rr = r.mismatch_router >= 0 ? r.mismatch_router : 0, routers[16], nr = 0, k;
            if (wave_dir) snprintf(dir, sizeof dir, "%s", wave_dir);
            else snprintf(dir, sizeof dir, "%s/waves", wc_build_dir());
            snprintf(path, sizeof path, "%s/mismatch", dir);
            routers[nr++] = rr;
            for (k = 0; k < t->nports && nr < 16; k++)
                if (t->peer[rr * t->nports + k].router >= 0)
                    routers[nr++] = t->peer[rr * t->nports + k].router;
            o.wave_path = path;
            o.wave_routers = routers;
            o.wave_nrouters = nr;
            o.trace_from = r.mismatch_cycle > 200 ? r.mismatch_cycle - 200 : 0;
            o.stop_at = r.mismatch_cycle;
            o.progress = 0;
            fprintf(stderr, "wormcast sim: re-running cycles %ld..%ld to record router %d and its neighbours\n",
                    o.trace_from, r.mismatch_cycle, rr);
            if (wc_mkdirs(dir, err, sizeof err) || wc_sim_run(t, &o, &r2, err, sizeof err) != 0)
                fprintf(stderr, "wormcast sim: could not record the waveform: %s\n", err);
        }
    }
    wc_topo_free(t);
    return rc;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast msg: messages through NICs on a network of routers, with host
 * drivers, fault injection and an end-to-end scoreboard. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_msg.h"
#include "wc_rtl.h"
#include "wc_topo.h"
#include "wc_defs.h"
#include "wc_rng.h"
#include "cli_args.h"
#include "cli_wave.h"
#include "wc_err.h"

/* MIN-MAX bytes, or N alone for N-N, into int[2] */
static int parse_size(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    int *r = dst, x[2] = { 0, 0 }, n;
    wc_arg_field f[2];
    n = wc_arg_fields(v, '-', f, 2);
    if (n < 1 || wc_arg_int(opt, f[0], 1, WC_NIC_MAX_MSG, &x[0], NULL, 0) < 0 ||
        wc_arg_int(opt, f[n - 1], x[0], WC_NIC_MAX_MSG, &x[1], NULL, 0) < 0)
        return wc_err(err, errlen, "%s expects MIN-MAX bytes with 1 <= MIN <= MAX <= %d, got '%s'", opt,
                      WC_NIC_MAX_MSG, v);
    r[0] = x[0];
    r[1] = x[1];
    return 0;
}

static int parse_mix(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    static const char *const kinds[] = { "unicast", "multisend", "multicast" };
    static const unsigned bits[] = { WC_MSG_UNICAST, WC_MSG_MULTISEND, WC_MSG_MULTICAST };
    unsigned mix = 0;
    const char *p = v;
    while (*p) {
        size_t n = strcspn(p, ",");
        int k;
        for (k = 0; k < 3 && (strlen(kinds[k]) != n || strncmp(kinds[k], p, n)); k++)
            ;
        if (k == 3 && n)
            return wc_err(err, errlen, "unknown message kind '%.*s' in %s (unicast, multisend, multicast)", (int)n,
                          p, opt);
        if (k < 3)
            mix |= bits[k];
        p += n + (p[n] == ',');
    }
    if (!mix)
        return wc_err(err, errlen, "%s expects a list of unicast, multisend, multicast, got '%s'", opt, v);
    *(unsigned *)dst = mix;
    return 0;
}

/* bytes with an optional suffix k or M */
static int parse_mem(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    wc_arg_field f;
    size_t n = strlen(v);
    int shift = 0;
    long x;
    snprintf(f, sizeof f, "%s", v);
    if (n && n < sizeof f && strchr("kKM", v[n - 1])) {
        shift = v[n - 1] == 'M' ? 20 : 10;
        f[n - 1] = 0;
    }
    if (wc_arg_long(opt, f, 1, (1L << 30) >> shift, &x, NULL, 0) < 0 || (x << shift) < 4096)
        return wc_err(err, errlen, "%s expects bytes in 4k..1024M (suffix k or M), got '%s'", opt, v);
    *(long *)dst = x << shift;
    return 0;
}

/* binomial | kbinomial[:K] | postal[:LAT] into the options' kbin and
 * postal_lat (the firmware's tree names are binomial, kbin:K, kbin:opt,
 * postal:LAT; these are the library's names) */
static int parse_tree(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    wc_msg_opts *o = dst;
    wc_arg_field f[2];
    int n = wc_arg_fields(v, ':', f, 2);
    o->kbin = 0;
    o->postal_lat = 0;
    if (n == 1 && !strcmp(f[0], "binomial"))
        return 0;
    if (!strcmp(f[0], "kbinomial") && n >= 1) {
        if (n == 1) {
            o->kbin = -1;
            return 0;
        }
        if (wc_arg_int(opt, f[1], 1, 30, &o->kbin, NULL, 0) == 0)
            return 0;
    } else if (!strcmp(f[0], "postal") && n >= 1) {
        o->postal_lat = 3;
        if (n == 1 || wc_arg_int(opt, f[1], 1, 1000, &o->postal_lat, NULL, 0) == 0)
            return 0;
    }
    return wc_err(err, errlen, "%s expects binomial, kbinomial[:K] (K 1..30) or postal[:LAT] (LAT 1..1000), got '%s'",
                  opt, v);
}

typedef struct {
    int root, all, random, n;
    int *dst;
} group_arg;

/* R:D1,D2,..., R:all or R:random:N; the node range is checked once the
 * topology is known */
static int parse_group(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    group_arg *g = dst;
    const char *colon = strchr(v, ':');
    wc_arg_field root;
    if (!colon || (size_t)(colon - v) >= sizeof root)
        goto bad;
    memcpy(root, v, (size_t)(colon - v));
    root[colon - v] = 0;
    if (wc_arg_int(opt, root, 0, WC_MAX_NODES - 1, &g->root, NULL, 0) < 0)
        goto bad;
    if (!strcmp(colon + 1, "all")) {
        g->all = 1;
        return 0;
    }
    if (!strncmp(colon + 1, "random:", 7))
        return wc_arg_int(opt, colon + 8, 1, WC_MAX_NODES - 1, &g->random, err, errlen);
    if ((g->n = wc_arg_list(opt, "node", colon + 1, 0, WC_MAX_NODES - 1, 0, 0, &g->dst, NULL, 0)) >= 0)
        return 0;
bad:
    return wc_err(err, errlen, "%s expects ROOT:D1,D2,..., ROOT:all or ROOT:random:N, got '%s'", opt, v);
}

typedef struct {
    int *v;
    int n;
} nic_list;

/* --wave-nics: node ids; the range is checked once the topology is known */
static int parse_nics(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    nic_list *l = dst;
    free(l->v);
    l->v = NULL;
    l->n = wc_arg_list(opt, "NIC", v, 0, WC_MAX_NODES - 1, 0, 64, &l->v, err, errlen);
    return l->n < 0 ? -1 : 0;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/* A lockstep mismatch's waveform (cli_wave.h): the NIC on it traced; the
 * lines go to out (stderr under --csv: stdout stays CSV). */
static void mismatch_wave(const wc_topo *t, const wc_msg_opts *o, const wc_msg_result *r, const char *wave_dir,
                          FILE *out)
{
    wc_cli_mwave w = { "msg", "NIC", "nic", "LOCKSTEP MISMATCH", "", "", 0, 0 };
    wc_msg_opts o2 = *o;
    wc_msg_result r2;
    char err[600];
    int rc;
    if (wc_cli_mwave_prep(&w, t, r->mismatch_node, r->mismatch_router, r->mismatch_cycle, r->mismatch, wave_dir))
        return;
    o2.wave = w.prefix;
    o2.wave_nics = &w.unit;
    o2.nwave = 1;
    o2.wave_from = w.from;
    o2.wave_mark = r->mismatch_cycle;
    o2.wave_note = w.note;
    o2.max_cycles = r->mismatch_cycle + 1;
    o2.progress = 0;
    o2.progress_every = 0;
    rc = wc_msg_run(t, &o2, &r2, err, sizeof err);
    wc_cli_mwave_report(&w, rc ? err : NULL, r->mismatch_cycle, r->mismatch, r2.mismatch_cycle, r2.mismatch, out);
}

/* the groups' tree as --tree names it */
static const char *tree_name(const wc_msg_opts *o, char *b, size_t n)
{
    if (o->postal_lat > 0) snprintf(b, n, "postal:%d", o->postal_lat);
    else if (o->kbin > 0) snprintf(b, n, "kbinomial:%d", o->kbin);
    else if (o->kbin < 0) snprintf(b, n, "kbinomial");
    else snprintf(b, n, "binomial");
    return b;
}

static void print_csv(const wc_topo *t, const wc_msg_opts *o, const wc_msg_result *r)
{
    char tn[32];
    const char *q = strchr(t->name, ',') ? "\"" : "";
    char lat[96] = ",,";    /* nothing delivered: no latency, not 0 */
    char host[64] = ",";    /* the hosts' time: --once multicast only */
    if (r->lat_n)
        snprintf(lat, sizeof lat, "%.2f,%.0f,%.0f", r->lat_avg, r->lat_p99, r->lat_max);
    if (r->host_n)
        snprintf(host, sizeof host, "%.2f,%.0f", r->host_avg, r->host_max);
    printf("engine,topo,mode,seed,fault_rate,cycles,messages,expected,delivered,lost,duplicated,out_of_order,"
           "corrupt,send_errors,bad_completions,tx_pkts,rx_pkts,retx,timeouts,err_crc,err_group,err_len,err_type,"
           "err_dst,err_nobuf,dups,faults_dropped,faults_flipped,stray_flits,router_drops,peak_slots,lat_avg,"
           "lat_p99,lat_max,cycles_per_s,stall,mismatch,peak_inner,dma_reads,dma_writes,bytes,tree,skew,host_avg,"
           "host_max\n");
    printf("%s,%s%s%s,%s,%llu,%g,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,"
           "%llu,%llu,%llu,%llu,%llu,%ld,%lu,%u,%s,%.0f,%d,%d,%u,%llu,%llu,%llu,%s,%ld,%s\n",
           wc_msg_engine_name(o->engine), q, t->name, q, wc_msg_mode_name(o->mode), (unsigned long long)o->seed,
           o->fault_rate, r->cycles, r->posted, r->expected, r->delivered, r->lost, r->duplicated, r->out_of_order,
           r->corrupt, r->send_errors, r->bad_completions, r->tx_pkts, r->rx_pkts, r->retx, r->timeouts,
           r->err_crc, r->err_group, r->err_len, r->err_type, r->err_dst, r->err_nobuf, r->dups, r->f_dropped,
           r->f_flipped, r->stray, r->router_drops, r->peak_slots, lat, r->cps,
           r->stall, r->mismatch_cycle >= 0, r->peak_inner, r->dma_reads, r->dma_writes, r->bytes,
           tree_name(o, tn, sizeof tn), o->skew, host);
}

static void print_human(const wc_topo *t, const wc_msg_opts *o, const wc_msg_result *r)
{
    char mix[64], tn[32];
    wc_msg_mix_str(o->mix, mix, sizeof mix);
    printf("wormcast msg: %s, engine %s%s%s%s, mode %s, seed %llu, %s messages of %d..%d bytes, fault rate %g, %s "
           "trees\n", t->name, wc_msg_engine_name(o->engine), wc_engine_kind_sc(o->engine) ? " (RTL nodes " : "",
           wc_engine_kind_sc(o->engine) ? (o->rtl_nodes ? o->rtl_nodes : "none") : "",
           wc_engine_kind_sc(o->engine) ? ")" : "", wc_msg_mode_name(o->mode), (unsigned long long)o->seed, mix,
           o->size_min, o->size_max, o->fault_rate, tree_name(o, tn, sizeof tn));
    printf("  cycles       %ld\n", r->cycles);
    printf("  messages     %ld posted (unicast %ld, multisend %ld, multicast %ld)\n", r->posted, r->posted_kind[0],
           r->posted_kind[1], r->posted_kind[2]);
    printf("  deliveries   expected %ld  delivered %ld  lost %ld  duplicated %ld  out-of-order %ld  corrupt %ld"
           "  send errors %ld\n", r->expected, r->delivered, r->lost, r->duplicated, r->out_of_order, r->corrupt,
           r->send_errors);
    if (r->recv_errors || r->bad_completions)
        printf("  completions  %ld receives with an error status (TOOBIG is retried by the NIC, any other "
               "counts as corrupt), %ld unexpected (unknown kind, tag or buffer)\n", r->recv_errors,
               r->bad_completions);
    printf("  packets      sent %llu  received %llu  retransmitted %llu  timeouts %llu\n", r->tx_pkts, r->rx_pkts,
           r->retx, r->timeouts);
    printf("  NIC drops    crc %llu  group %llu  len %llu  type %llu  dst %llu  nobuf %llu  dups %llu"
           "  bad descriptors %llu\n", r->err_crc, r->err_group, r->err_len, r->err_type, r->err_dst, r->err_nobuf,
           r->dups, r->err_desc);
    printf("  faults       %llu packets on the injection links: %llu dropped, %llu flipped (%llu bits); "
           "%ld stray absorbed flits, %lu router drops\n", r->f_pkts, r->f_dropped, r->f_flipped, r->f_bits,
           r->stray, r->router_drops);
    printf("  receive      peak %u slots in use at one NIC (%u at nodes other than a --group root)\n",
           r->peak_slots, r->peak_inner);
    printf("  host memory  %llu words read, %llu written by the NICs' DMA\n", r->dma_reads, r->dma_writes);
    if (!r->lat_n)
        printf("  latency      NOTHING MEASURED: no message reached all its destinations\n");
    else
        printf("  latency      avg %.1f  p99 %.0f  max %.0f cycles (%ld messages, posting to the last destination's "
               "completion)\n", r->lat_avg, r->lat_p99, r->lat_max, r->lat_n);
    if (r->host_n)
        printf("  hosts        avg %.1f  max %.0f cycles from joining the multicast to the last completion taken "
               "(%ld hosts%s)\n", r->host_avg, r->host_max, r->host_n,
               o->skew ? ", each joining up to --skew/2 cycles late" : "");
    if (wc_engine_kind_lockstep(o->engine))
        printf("  lockstep     %s over %ld cycles (every NIC output and router port, every cycle)\n",
               r->mismatch_cycle < 0 ? "0 mismatches" : "MISMATCH", r->cycles);
    printf("  speed        %ld cycles in %.2f s = %.0f cycles/s\n", r->cycles, r->seconds, r->cps);
    if (r->stall)
        printf("  STALL        %ld deliveries missing when the watchdog fired (details on stderr)\n", r->undelivered);
}

int wc_cmd_msg(int argc, char **argv)
{
    static const char *const engines[] = { "c", "rtl", "lockstep", "lockstep-c", "sc", "lockstep-sc", NULL },
                             *const modes[] = { "fpfs", "fcfs", "host", NULL },
                             *const onces[] = { "multicast", "multisend", "unicasts", NULL };
    static const int engine_v[] = { WC_MSG_ENGINE_C, WC_MSG_ENGINE_RTL, WC_MSG_ENGINE_LOCKSTEP,
                                    WC_MSG_ENGINE_LOCKSTEP_C, WC_MSG_ENGINE_SC, WC_MSG_ENGINE_LOCKSTEP_SC },
                     mode_v[] = { WC_NIC_MODE_FPFS, WC_NIC_MODE_FCFS, WC_NIC_MODE_HOST },
                     once_v[] = { WC_MSG_MULTICAST, WC_MSG_MULTISEND, WC_MSG_UNICAST };
    static const char *const one_op = "one operation on an idle network: nothing random is posted";
    wc_msg_opts o;
    wc_msg_result r;
    const char *topo = NULL, *wave_dir = NULL;
    int csv = 0, quiet = 0, rc, *gdst = NULL, gall = 0, groot = -1, gn = 0, once = 0, size[2], st, no_wave = 0, k, stages = 1;
    const char *routing = NULL;
    nic_list wn = { NULL, 0 };
    char err[512];
    wc_topo *t;
    long seed, timeout;
    group_arg group = { -1, 0, 0, 0, NULL };
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo, "cube:N[:low] | mesh:XxY | irregular:S,P,H,SEED | file:PATH\n"
                                           "(one NIC per node: all-port cubes are refused)"),
        WC_OPT_ROUTER_STAGES(&stages),
        WC_OPT_ROUTING(&routing),
        WC_OPT_CHOICE("--engine", "E", &o.engine, engines, engine_v,
                      "c: C model, rtl: Verilated routers and NICs, built on first use,\n"
                      "lockstep: both, every NIC output and router port compared every cycle,\n"
                      "lockstep-c: two C instances compared every cycle (self-check;\n"
                      "with --mutate K the second one is broken and must mismatch),\n"
                      "sc: the SystemC network (routers and NICs as SystemC modules,\n"
                      "C models or, per --rtl-nodes, Verilated RTL; `make sc` builds it),\n"
                      "lockstep-sc: the C model against the SystemC network, compared\n"
                      "every cycle"),
        WC_OPT_STRING("--rtl-nodes", "LIST", &o.rtl_nodes,
                      "sc, lockstep-sc: the nodes whose router and NIC are the Verilated\n"
                      "RTL among C-model ones: none (default), all, or ids and ranges\n"
                      "(0,5,8-11); RTL exists for the NICs and routers of cube:4 and mesh:4x4"),
        WC_OPT_LONG("--messages", "N", &o.messages, 0, 1L << 40, "messages to post in total"),
        WC_OPT_FUNC("--size", "MIN-MAX", parse_size, size,
                    "message bytes, 1..16384, log-uniform between MIN and MAX so\n"
                    "small and large messages both show up; N alone = N-N (1-16384)"),
        WC_OPT_FUNC("--mix", "LIST", parse_mix, &o.mix,
                    "kinds to draw uniformly from: unicast,multisend,multicast (all)"),
        WC_OPT_CHOICE("--mode", "M", &o.mode, modes, mode_v,
                      "fpfs | fcfs: the NIC forwards packet-first or child-first;\n"
                      "host: hosts receive and re-send (the GM-2 baseline)"),
        WC_OPT_DOUBLE("--fault-rate", "R", &o.fault_rate, 0, 0.5,
                      "per packet on every injection link: dropped with probability R,\n"
                      "otherwise 1-3 bits flipped with probability R"),
        WC_OPT_LONG("--seed", "S", &seed, 0, 0x7fffffffffffffffL, "seed of traffic, groups and faults"),
        WC_OPT_INT("--outstanding", "K", &o.outstanding, 1, 48, "sends in flight per node"),
        WC_OPT_LONG("--min-cycles", "C", &o.min_cycles, 0, 1L << 40,
                    "keep posting messages until cycle C, beyond --messages"),
        WC_OPT_INT("--groups-per-node", "G", &o.groups_per_node, 0, WC_NIC_GROUPS - 1,
                   "random groups rooted at each node, 2..15 destinations each\n"
                   "(2 with multicast in the mix)"),
        WC_OPT_FUNC("--group", "R:D1,D2,...", parse_group, &group,
                    "one fixed group rooted at R instead (R:all = every other node;\n"
                    "R:random:N = N other nodes drawn with --seed)"),
        WC_OPT_CHOICE("--once", "KIND", &once, onces, once_v,
                      "benchmark: on the idle network the --group root sends one message of\n"
                      "--size bytes to the group's destinations as one multicast along the\n"
                      "tree, one multisend, or separate unicasts; latency max = the\n"
                      "operation's completion"),
        WC_OPT_INT("--kbin", "K", &o.kbin, 1, 30,
                   "k of every group's tree: the k-binomial tree over the chain\n"
                   "[root, destinations ascending] (Kesavan and Panda), at most K\n"
                   "children per node (default: the binomial tree, k = ceil(log2 n))"),
        WC_OPT_FUNC("--tree", "NAME", parse_tree, &o,
                    "every group's tree over the chain [root, destinations ascending]:\n"
                    "binomial (default), kbinomial:K (as --kbin K), kbinomial (the\n"
                    "optimal k for the largest --size, Kesavan and Panda Theorem 3),\n"
                    "postal[:LAT] (Yu et al. Section 5.5, latency LAT send times, 3)"),
        WC_OPT_LONG("--host-delay", "C", &o.host_delay, 0, 1L << 30, "cycles a host takes to act on a completion"),
        WC_OPT_LONG("--skew", "MAX", &o.skew, 0, 1L << 30,
                    "--once multicast: each destination's host joins max(0, d) cycles after the\n"
                    "root posts, d uniform in [-MAX/2, MAX/2] (Yu et al.'s process skew; the average\n"
                    "skew between two hosts is MAX/3); until then it takes no completion and, in\n"
                    "host mode, forwards nothing"),
        WC_OPT_LONG("--timeout", "C", &timeout, 1, 1L << 30, "NICR_TIMEOUT: the longest retransmission timeout in cycles (the NIC adapts below it)"),
        WC_OPT_INT("--mem-wait", "C", &o.mem_wait, 0, 1000, "host memory wait states per DMA access"),
        WC_OPT_FUNC("--mem-size", "BYTES", parse_mem, &o.mem_size,
                    "host memory per node, 4k..1024M, suffix k or M allowed (1M)"),
        WC_OPT_LONG("--watchdog", "C", &o.watchdog, 100, 1L << 40, "cycles without a completion that count as a stall"),
        WC_OPT_INT("--slots", "N", &o.slots, 1, 128, "NIC receive slots (NIC default)"),
        WC_OPT_INT("--buffer", "B", &o.buffer, 1, 4096, "router input buffer depth in flits"),
        WC_OPT_INT("--width", "W", &o.width, 32, 62, "flit data width"),
        WC_OPT_INT("--mutate", "K", &o.mutate, 0, 1000,
                   "lockstep, lockstep-sc: break the C model (NIC mutation 1, 2, 3 or 4):\n"
                   "the run must stop at a mismatch; lockstep-c: break the second C instance"),
        WC_OPT_INT("--mutate-rtl", "K", &o.mutate_rtl, 0, 2,
                   "self-check of the RTL's assertions: one credit too many into\n"
                   "node 0's router (1) or NIC (2): its assertion must end the run"),
        WC_OPT_STRING("--wave", "PATH", &o.wave,
                      "rtl, lockstep: FST of the Verilated NICs in --wave-nics,\n"
                      "PATH.nicN.fst, and its GTKWave layout PATH.nicN.gtkw (the NICs\n"
                      "are verilated with tracing once, a build of their own)"),
        WC_OPT_FUNC("--wave-nics", "LIST", parse_nics, &wn, "NICs (node ids) to trace with --wave (default 0)"),
        WC_OPT_STRING("--wave-dir", "DIR", &wave_dir,
                      "where a lockstep mismatch leaves the waveform of its NIC\n"
                      "(BUILD/waves): the run is repeated up to the mismatching cycle,\n"
                      "tracing that NIC over the last " STR(WC_CLI_MISMATCH_WINDOW) " cycles into\n"
                      "DIR/mismatch.nicN.fst, with its layout DIR/mismatch.nicN.gtkw"),
        WC_OPT_FLAG("--no-wave", &no_wave, "do not record a waveform on a lockstep mismatch"),
        WC_OPT_FLAG("--csv", &csv, "one header line and one row"),
        WC_OPT_FLAG("--quiet", &quiet, "no progress lines"),
        WC_OPT_LONG("--progress", "C", &o.progress_every, 1, 1L << 40,
                    "a progress line every C cycles and one at the end, each with\n"
                    "the resident memory (default: a line every 2 s of a long run)"),
        WC_OPT_END
    };
    wc_cli cli = { "msg", "--topo T [options]",
                   "Every node has a NIC and a host; hosts post unicasts, multisends (one message\n"
                   "to a list of nodes) and multicasts (along a preposted group tree), the NICs\n"
                   "packetize, replicate, acknowledge and retransmit, and every received message\n"
                   "is checked byte for byte and for order.",
                   "Exit status: 0 if every message arrived exactly once, in order and intact and\n"
                   "every send completed; 1 otherwise (loss, stall, lockstep mismatch, RTL assertion);\n"
                   "2 bad input.",
                   "--topo", opts, NULL, NULL };
    cli.examples = "wormcast msg --topo cube:4 --messages 300 --size 1-16384 --fault-rate 1e-3  # NICs, every message checked\n"
                   "wormcast msg --topo cube:4 --group 0:all --once multicast --size 16384      # one multicast, timed\n"
                   "wormcast msg --topo cube:3 --messages 60 --engine lockstep --wave /tmp/m    # NIC RTL against C model; gtkwave /tmp/m.nic0.fst /tmp/m.nic0.gtkw";

    wc_msg_defaults(&o);
    seed = (long)o.seed;
    timeout = (long)o.timeout;
    size[0] = o.size_min;
    size[1] = o.size_max;
    st = wc_cli_parse(&cli, argc, argv);
    gdst = group.dst;
    if (st != WC_CLI_RUN)
        goto bad;
    if ((st = wc_cli_needs(&cli, "--wave-nics", wc_cli_given(&cli, "--wave"), "--wave", "nothing to trace into")) ||
        (st = wc_cli_needs(&cli, "--wave", o.engine == WC_MSG_ENGINE_RTL || o.engine == WC_MSG_ENGINE_LOCKSTEP,
                           "--engine rtl or lockstep", "it traces the Verilated NICs")) ||
        (st = wc_cli_needs(&cli, "--wave-dir", o.engine == WC_MSG_ENGINE_LOCKSTEP, "--engine lockstep",
                           "it is where a lockstep mismatch leaves its waveform")) ||
        (st = wc_cli_needs(&cli, "--no-wave", o.engine == WC_MSG_ENGINE_LOCKSTEP, "--engine lockstep",
                           "only a lockstep mismatch records a waveform unasked")) ||
        (st = wc_cli_excl(&cli, "--no-wave", "--wave-dir", "the directory is for the waveform --no-wave turns off")))
        goto bad;
    o.wave_nics = wn.v;
    o.nwave = wn.n;
    o.seed = (uint64_t)seed;
    o.timeout = (unsigned)timeout;
    o.size_min = size[0];
    o.size_max = size[1];
    o.once = (unsigned)once;
    o.progress = !quiet;
    groot = group.root;
    gall = group.all;
    gn = group.n;
    if (wc_cli_excl(&cli, "--once", "--messages", one_op) || wc_cli_excl(&cli, "--once", "--mix", one_op) ||
        wc_cli_excl(&cli, "--once", "--groups-per-node", "it sends to the --group") ||
        wc_cli_excl(&cli, "--progress", "--quiet", "--quiet turns the progress lines off") ||
        wc_cli_excl(&cli, "--tree", "--kbin", "--tree kbinomial:K names the same tree")) {
        st = 2;
        goto bad;
    }
    if (!(t = wc_topo_create(topo, err, sizeof err))) {
        st = wc_cli_error(&cli, "%s", err);
        goto bad;
    }
    t->stages = stages;
    if (routing && wc_topo_set_routing(t, routing, err, sizeof err)) {
        st = wc_cli_error(&cli, "%s", err);
        wc_topo_free(t);
        goto bad;
    }
    if (groot >= 0) {
        if (groot >= t->nnodes || group.random >= t->nnodes) {
            st = groot >= t->nnodes
                     ? wc_cli_error(&cli, "--group: root %d is not a node of %s (0..%d)", groot, t->name, t->nnodes - 1)
                     : wc_cli_error(&cli, "--group: random:%d: %s has %d nodes besides the root", group.random, t->name,
                                    t->nnodes - 1);
            wc_topo_free(t);
            goto bad;
        }
        if (gall || group.random) {
            int n;
            if (!(gdst = wc_alloc((size_t)t->nnodes, sizeof *gdst, "--group", err, sizeof err))) {
                wc_topo_free(t);
                st = wc_cli_error(&cli, "%s", err);
                goto bad;
            }
            for (n = 0; n < t->nnodes; n++)
                if (n != groot)
                    gdst[gn++] = n;
            if (group.random) {
                /* the first N of a seeded shuffle of the other nodes; a
                 * stream of its own, so the set does not move with the
                 * traffic drawn from the same --seed */
                wc_rng g;
                wc_rng_seed(&g, (uint64_t)seed ^ 0x67726f7570ull);
                for (n = 0; n < group.random; n++) {
                    int k = n + (int)wc_rng_below(&g, (uint32_t)(gn - n)), x = gdst[n];
                    gdst[n] = gdst[k];
                    gdst[k] = x;
                }
                gn = group.random;
            }
        }
        o.fixed_root = groot;
        o.fixed_dst = gdst;
        o.fixed_n = gn;
    }
    if (o.once) {
        /* the group carries the destinations; nothing random is posted */
        o.mix = WC_MSG_MULTICAST;
        o.messages = 0;
        if (o.once == WC_MSG_UNICAST && o.outstanding < gn)
            o.outstanding = gn;
    }
    if (wc_msg_run(t, &o, &r, err, sizeof err)) {
        fprintf(stderr, "wormcast msg: %s\n", err);
        wc_topo_free(t);
        free(gdst);
        free(wn.v);
        return 2;
    }
    if (csv) print_csv(t, &o, &r);
    else print_human(t, &o, &r);
    for (k = 0; o.wave && k < (wn.v ? wn.n : 1); k++) {
        int n = wn.v ? wn.v[k] : 0;
        fprintf(csv ? stderr : stdout, "waveform of NIC %d: %s.nic%d.fst, layout %s.nic%d.gtkw (view: gtkwave "
                "%s.nic%d.fst %s.nic%d.gtkw)\n", n, o.wave, n, o.wave, n, o.wave, n, o.wave, n);
    }
    if (r.rtl_assert[0] && r.mismatch_cycle < 0)
        fprintf(stderr, "wormcast msg: %s\n", r.rtl_assert);
    if (r.mismatch_cycle >= 0)
        fprintf(stderr, "wormcast msg: LOCKSTEP MISMATCH: %s\n", r.mismatch);
    if (r.failure[0])
        fprintf(stderr, "wormcast msg: FAILED: %s\n", r.failure);
    rc = wc_msg_ok(&r) ? 0 : 1;
    if (r.mismatch_cycle >= 0 && o.engine == WC_MSG_ENGINE_LOCKSTEP && !no_wave)
        mismatch_wave(t, &o, &r, wave_dir, csv ? stderr : stdout);
    wc_topo_free(t);
    free(gdst);
    free(wn.v);
    return rc;
bad:
    free(gdst);
    free(wn.v);
    return st;
}

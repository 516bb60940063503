/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast msg: messages through NICs on a network of routers, with host
 * drivers, fault injection and an end-to-end scoreboard. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_msg.h"
#include "wc_topo.h"
#include "wc_defs.h"
#include "cli_args.h"

static const char *usage_text =
"usage: wormcast msg --topo T [options]\n"
"Every node has a NIC and a host; hosts post unicasts, multisends (one message\n"
"to a list of nodes) and multicasts (along a preposted group tree), the NICs\n"
"packetize, replicate, acknowledge and retransmit, and every received message\n"
"is checked byte for byte and for order.\n"
"  --topo T             cube:N[:low] | mesh:XxY | irregular:S,P,H,SEED | file:PATH\n"
"                       (one NIC per node: all-port cubes are refused)\n"
"  --engine E           c (C model) | rtl (Verilated routers and NICs, built on first use) |\n"
"                       lockstep (both, every NIC output and router port compared every cycle)\n"
"                       | lockstep-c: two C instances compared every cycle (self-check;\n"
"                       with --mutate K the second one is broken and must mismatch)\n"
"  --messages N         messages to post in total (200)\n"
"  --size MIN-MAX       message bytes, 1..16384, log-uniform between MIN and MAX so\n"
"                       small and large messages both show up; N alone = N-N (1-16384)\n"
"  --mix LIST           kinds to draw uniformly from: unicast,multisend,multicast (all)\n"
"  --mode M             fpfs | fcfs (NIC forwards packet-first or child-first) |\n"
"                       host (hosts receive and re-send: the GM-2 baseline) (fpfs)\n"
"  --fault-rate R       per packet on every injection link: dropped with probability R,\n"
"                       otherwise 1-3 bits flipped with probability R; 0..0.5 (0)\n"
"  --seed S             seed of traffic, groups and faults (1)\n"
"  --outstanding K      sends in flight per node, 1..48 (2)\n"
"  --min-cycles C       keep posting messages until cycle C, beyond --messages (0)\n"
"  --groups-per-node G  random groups rooted at each node, 2..15 destinations each\n"
"                       (2 with multicast in the mix)\n"
"  --group R:D1,D2,...  one fixed group rooted at R instead (R:all = every other node)\n"
"  --once KIND          benchmark: on the idle network the --group root sends one message of\n"
"                       --size bytes to the group's destinations as one multicast along the\n"
"                       tree, one multisend, or separate unicasts (KIND multicast, multisend\n"
"                       or unicasts); latency max = the operation's completion\n"
"  --host-delay C       cycles a host takes to act on a completion (0)\n"
"  --timeout C          NIC retransmission timeout in cycles (2000)\n"
"  --mem-wait C         host memory wait states per DMA access (0)\n"
"  --mem-size BYTES     host memory per node, suffix k or M allowed (1M)\n"
"  --watchdog C         cycles without a completion that count as a stall (200000)\n"
"  --slots N            NIC receive slots, 1..128 (NIC default)\n"
"  --buffer B           router input buffer depth in flits (8)\n"
"  --width W            flit data width, 32..62 (32)\n"
"  --mutate K           lockstep: break the C model (NIC mutation 1, 2 or 3): the run must\n"
"                       stop at a mismatch; lockstep-c: break the second C instance\n"
"  --csv                one header line and one row\n"
"  --quiet              no progress lines\n"
"Exit status: 0 if every message arrived exactly once, in order and intact and\n"
"every send completed; 1 otherwise (loss, stall, lockstep mismatch); 2 bad input.\n";

static int parse_long(const char *opt, const char *v, long lo, long hi, long *out)
{
    return wc_arg_long("msg", opt, v, lo, hi, out);
}

static int parse_double(const char *opt, const char *v, double lo, double hi, double *out)
{
    return wc_arg_double("msg", opt, v, lo, hi, out);
}

static int parse_size(const char *v, int *lo, int *hi)
{
    char *end;
    long a, b;
    errno = 0;
    a = strtol(v, &end, 10);
    if (end == v || errno)
        goto bad;
    if (*end == '-') {
        const char *q = end + 1;
        b = strtol(q, &end, 10);
        if (end == q || errno)
            goto bad;
    } else {
        b = a;
    }
    if (*end || a < 1 || b > WC_NIC_MAX_MSG || a > b)
        goto bad;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
bad:
    fprintf(stderr, "wormcast msg: --size expects MIN-MAX bytes with 1 <= MIN <= MAX <= %d, got '%s'\n",
            WC_NIC_MAX_MSG, v);
    return -1;
}

static int parse_mix(const char *v, unsigned *mix)
{
    char buf[256], *tok, *save = NULL;
    *mix = 0;
    snprintf(buf, sizeof buf, "%s", v);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!strcmp(tok, "unicast")) *mix |= WC_MSG_UNICAST;
        else if (!strcmp(tok, "multisend")) *mix |= WC_MSG_MULTISEND;
        else if (!strcmp(tok, "multicast")) *mix |= WC_MSG_MULTICAST;
        else {
            fprintf(stderr, "wormcast msg: unknown message kind '%s' in --mix (unicast, multisend, multicast)\n", tok);
            return -1;
        }
    }
    if (!*mix) {
        fprintf(stderr, "wormcast msg: --mix expects a list of unicast, multisend, multicast, got '%s'\n", v);
        return -1;
    }
    return 0;
}

static int parse_mem(const char *v, long *out)
{
    char *end;
    long x;
    errno = 0;
    x = strtol(v, &end, 10);
    if (end != v && (*end == 'k' || *end == 'K') && !end[1]) { x <<= 10; end++; }
    else if (end != v && *end == 'M' && !end[1]) { x <<= 20; end++; }
    if (errno || *end || end == v || x < 4096 || x > (1L << 30)) {
        fprintf(stderr, "wormcast msg: --mem-size expects bytes in 4k..1024M (suffix k or M), got '%s'\n", v);
        return -1;
    }
    *out = x;
    return 0;
}

/* R:D1,D2,... or R:all; the node range is checked once the topology is known */
static int parse_group(const char *v, int *root, int **dst, int *n, int *all)
{
    char *end;
    const char *q;
    long r = strtol(v, &end, 10);
    int cap = 16;
    if (end == v || *end != ':' || r < 0)
        goto bad;
    *root = (int)r;
    *n = 0;
    *all = 0;
    q = end + 1;
    if (!strcmp(q, "all")) {
        *all = 1;
        return 0;
    }
    *dst = malloc((size_t)cap * sizeof **dst);
    while (*q) {
        long d = strtol(q, &end, 10);
        if (end == q || d < 0 || d >= WC_MAX_NODES || (*end && *end != ','))
            goto bad;
        if (*n == cap) {
            cap *= 2;
            *dst = realloc(*dst, (size_t)cap * sizeof **dst);
        }
        (*dst)[(*n)++] = (int)d;
        q = *end ? end + 1 : end;
    }
    if (*n)
        return 0;
bad:
    fprintf(stderr, "wormcast msg: --group expects ROOT:D1,D2,... or ROOT:all, got '%s'\n", v);
    return -1;
}

static void print_csv(const wc_topo *t, const wc_msg_opts *o, const wc_msg_result *r)
{
    const char *q = strchr(t->name, ',') ? "\"" : "";
    char lat[96] = ",,";    /* nothing delivered: no latency, not 0 */
    if (r->lat_n)
        snprintf(lat, sizeof lat, "%.2f,%.0f,%.0f", r->lat_avg, r->lat_p99, r->lat_max);
    printf("engine,topo,mode,seed,fault_rate,cycles,messages,expected,delivered,lost,duplicated,out_of_order,"
           "corrupt,send_errors,bad_completions,tx_pkts,rx_pkts,retx,timeouts,err_crc,err_group,err_len,err_type,"
           "err_dst,err_nobuf,dups,faults_dropped,faults_flipped,stray_flits,router_drops,peak_slots,lat_avg,"
           "lat_p99,lat_max,cycles_per_s,stall,mismatch,peak_inner,dma_reads,dma_writes\n");
    printf("%s,%s%s%s,%s,%llu,%g,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,"
           "%llu,%llu,%llu,%llu,%llu,%ld,%lu,%u,%s,%.0f,%d,%d,%u,%llu,%llu\n",
           wc_msg_engine_name(o->engine), q, t->name, q, wc_msg_mode_name(o->mode), (unsigned long long)o->seed,
           o->fault_rate, r->cycles, r->posted, r->expected, r->delivered, r->lost, r->duplicated, r->out_of_order,
           r->corrupt, r->send_errors, r->bad_completions, r->tx_pkts, r->rx_pkts, r->retx, r->timeouts,
           r->err_crc, r->err_group, r->err_len, r->err_type, r->err_dst, r->err_nobuf, r->dups, r->f_dropped,
           r->f_flipped, r->stray, r->router_drops, r->peak_slots, lat, r->cps,
           r->stall, r->mismatch_cycle >= 0, r->peak_inner, r->dma_reads, r->dma_writes);
}

static void print_human(const wc_topo *t, const wc_msg_opts *o, const wc_msg_result *r)
{
    char mix[64];
    wc_msg_mix_str(o->mix, mix, sizeof mix);
    printf("wormcast msg: %s, engine %s, mode %s, seed %llu, %s messages of %d..%d bytes, fault rate %g\n",
           t->name, wc_msg_engine_name(o->engine), wc_msg_mode_name(o->mode), (unsigned long long)o->seed, mix,
           o->size_min, o->size_max, o->fault_rate);
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
    if (o->engine == WC_MSG_ENGINE_LOCKSTEP_C || o->engine == WC_MSG_ENGINE_LOCKSTEP)
        printf("  lockstep     %s over %ld cycles (every NIC output and router port, every cycle)\n",
               r->mismatch_cycle < 0 ? "0 mismatches" : "MISMATCH", r->cycles);
    printf("  speed        %ld cycles in %.2f s = %.0f cycles/s\n", r->cycles, r->seconds, r->cps);
    if (r->stall)
        printf("  STALL        %ld deliveries missing when the watchdog fired (details on stderr)\n", r->undelivered);
}

int wc_cmd_msg(int argc, char **argv)
{
    wc_msg_opts o;
    wc_msg_result r;
    const char *topo = NULL;
    int csv = 0, i, rc, *gdst = NULL, gall = 0, groot = -1, gn = 0;
    char err[512];
    wc_topo *t;
    long v;

    wc_msg_defaults(&o);
    o.progress = 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED() do { if (!val) { fprintf(stderr, "wormcast msg: %s needs a value\n", a); goto bad; } i++; } while (0)
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(usage_text, stdout); free(gdst); return 0; }
        else if (!strcmp(a, "--topo")) { NEED(); topo = val; }
        else if (!strcmp(a, "--engine")) {
            NEED();
            if (!strcmp(val, "c")) o.engine = WC_MSG_ENGINE_C;
            else if (!strcmp(val, "rtl")) o.engine = WC_MSG_ENGINE_RTL;
            else if (!strcmp(val, "lockstep")) o.engine = WC_MSG_ENGINE_LOCKSTEP;
            else if (!strcmp(val, "lockstep-c")) o.engine = WC_MSG_ENGINE_LOCKSTEP_C;
            else { fprintf(stderr, "wormcast msg: unknown engine '%s' (c, rtl, lockstep, lockstep-c)\n", val); goto bad; }
        }
        else if (!strcmp(a, "--messages")) { NEED(); if (parse_long(a, val, 0, 1L << 40, &o.messages)) goto bad; }
        else if (!strcmp(a, "--size")) { NEED(); if (parse_size(val, &o.size_min, &o.size_max)) goto bad; }
        else if (!strcmp(a, "--mix")) { NEED(); if (parse_mix(val, &o.mix)) goto bad; }
        else if (!strcmp(a, "--mode")) {
            NEED();
            if (!strcmp(val, "fpfs")) o.mode = WC_NIC_MODE_FPFS;
            else if (!strcmp(val, "fcfs")) o.mode = WC_NIC_MODE_FCFS;
            else if (!strcmp(val, "host")) o.mode = WC_NIC_MODE_HOST;
            else { fprintf(stderr, "wormcast msg: unknown mode '%s' (fpfs, fcfs, host)\n", val); goto bad; }
        }
        else if (!strcmp(a, "--fault-rate")) { NEED(); if (parse_double(a, val, 0, 0.5, &o.fault_rate)) goto bad; }
        else if (!strcmp(a, "--seed")) { NEED(); if (parse_long(a, val, 0, 0x7fffffffffffffffL, &v)) goto bad; o.seed = (uint64_t)v; }
        else if (!strcmp(a, "--outstanding")) { NEED(); if (parse_long(a, val, 1, 48, &v)) goto bad; o.outstanding = (int)v; }
        else if (!strcmp(a, "--min-cycles")) { NEED(); if (parse_long(a, val, 0, 1L << 40, &o.min_cycles)) goto bad; }
        else if (!strcmp(a, "--groups-per-node")) { NEED(); if (parse_long(a, val, 0, WC_NIC_GROUPS - 1, &v)) goto bad; o.groups_per_node = (int)v; }
        else if (!strcmp(a, "--once")) {
            NEED();
            o.once = !strcmp(val, "multicast") ? WC_MSG_MULTICAST : !strcmp(val, "multisend") ? WC_MSG_MULTISEND
                   : !strcmp(val, "unicasts") ? WC_MSG_UNICAST : 0;
            if (!o.once) {
                fprintf(stderr, "wormcast msg: --once expects multicast, multisend or unicasts, got '%s'\n", val);
                goto bad;
            }
        }
        else if (!strcmp(a, "--group")) { NEED(); free(gdst); gdst = NULL; if (parse_group(val, &groot, &gdst, &gn, &gall)) goto bad; }
        else if (!strcmp(a, "--host-delay")) { NEED(); if (parse_long(a, val, 0, 1L << 30, &o.host_delay)) goto bad; }
        else if (!strcmp(a, "--timeout")) { NEED(); if (parse_long(a, val, 1, 1L << 30, &v)) goto bad; o.timeout = (unsigned)v; }
        else if (!strcmp(a, "--mem-wait")) { NEED(); if (parse_long(a, val, 0, 1000, &v)) goto bad; o.mem_wait = (int)v; }
        else if (!strcmp(a, "--mem-size")) { NEED(); if (parse_mem(val, &o.mem_size)) goto bad; }
        else if (!strcmp(a, "--watchdog")) { NEED(); if (parse_long(a, val, 100, 1L << 40, &o.watchdog)) goto bad; }
        else if (!strcmp(a, "--slots")) { NEED(); if (parse_long(a, val, 1, 128, &v)) goto bad; o.slots = (int)v; }
        else if (!strcmp(a, "--buffer")) { NEED(); if (parse_long(a, val, 1, 4096, &v)) goto bad; o.buffer = (int)v; }
        else if (!strcmp(a, "--width")) { NEED(); if (parse_long(a, val, 32, 62, &v)) goto bad; o.width = (int)v; }
        else if (!strcmp(a, "--mutate")) { NEED(); if (parse_long(a, val, 0, 1000, &v)) goto bad; o.mutate = (int)v; }
        else if (!strcmp(a, "--csv")) csv = 1;
        else if (!strcmp(a, "--quiet")) o.progress = 0;
        else { fprintf(stderr, "wormcast msg: unknown option '%s'\n%s", a, usage_text); goto bad; }
#undef NEED
    }
    if (!topo) { fprintf(stderr, "wormcast msg: --topo is required\n%s", usage_text); goto bad; }
    if (!(t = wc_topo_create(topo, err, sizeof err))) { fprintf(stderr, "wormcast msg: %s\n", err); goto bad; }
    if (groot >= 0) {
        if (gall) {
            int n;
            gdst = malloc((size_t)t->nnodes * sizeof *gdst);
            for (n = 0; n < t->nnodes; n++)
                if (n != groot)
                    gdst[gn++] = n;
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
        return 2;
    }
    if (csv) print_csv(t, &o, &r);
    else print_human(t, &o, &r);
    if (r.mismatch_cycle >= 0)
        fprintf(stderr, "wormcast msg: LOCKSTEP MISMATCH: %s\n", r.mismatch);
    if (r.failure[0])
        fprintf(stderr, "wormcast msg: FAILED: %s\n", r.failure);
    rc = wc_msg_ok(&r) ? 0 : 1;
    wc_topo_free(t);
    free(gdst);
    return rc;
bad:
    free(gdst);
    return 2;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast run: firmware on a system of Wormcast nodes (wc_run.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_run.h"
#include "wc_netgen.h"
#include "wc_engine.h"
#include "wc_rtl.h"
#include "wc_topo.h"
#include "wc_defs.h"
#include "cli_args.h"
#include "cli_wave.h"
#include "wc_err.h"

typedef struct {
    int node;
    const char *path;
} fw_node_arg;

typedef struct {
    fw_node_arg v[WC_MAX_NODES];
    int n;
} fw_node_list;

/* N=ELF, repeatable; the node range is checked once the topology is known */
static int parse_fw_node(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    fw_node_list *l = dst;
    const char *eq = strchr(v, '=');
    wc_arg_field f;
    int node, k;
    if (!eq || eq == v || !eq[1] || (size_t)(eq - v) >= sizeof f)
        return wc_err(err, errlen, "%s expects NODE=ELF, got '%s'", opt, v);
    memcpy(f, v, (size_t)(eq - v));
    f[eq - v] = 0;
    if (wc_arg_int(opt, f, 0, WC_MAX_NODES - 1, &node, err, errlen) < 0)
        return -1;
    for (k = 0; k < l->n; k++)
        if (l->v[k].node == node)
            return wc_err(err, errlen, "%s %d given twice (%s and %s)", opt, node, l->v[k].path, eq + 1);
    if (l->n == WC_MAX_NODES)
        return wc_err(err, errlen, "%s given more than %d times", opt, WC_MAX_NODES);
    l->v[l->n].node = node;
    l->v[l->n].path = eq + 1;
    l->n++;
    return 0;
}

static int parse_arg(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    wc_run_opts *o = dst;
    size_t kl = strcspn(v, "=");
    int k;
    if (!strchr(v, '=') || v[0] == '=')
        return wc_err(err, errlen, "%s expects KEY=VALUE, got '%s'", opt, v);
    /* the firmware reads the first of a key (wc_arg): a second would be
     * ignored without a word */
    for (k = 0; k < o->nargs; k++)
        if (!strncmp(o->args[k], v, kl + 1))
            return wc_err(err, errlen, "%s %.*s given twice ('%s' and '%s')", opt, (int)kl, v, o->args[k], v);
    if (o->nargs == WC_RUN_MAX_ARGS)
        return wc_err(err, errlen, "%s given more than %d times", opt, WC_RUN_MAX_ARGS);
    o->args[o->nargs++] = v;
    return 0;
}

typedef struct {
    int *v;
    int n;
} node_list;

static int parse_nodes(const char *opt, const char *v, void *dst, char *err, int errlen)
{
    node_list *l = dst;
    free(l->v);
    l->v = NULL;
    l->n = wc_arg_list(opt, "node", v, 0, WC_MAX_NODES - 1, 0, 64, &l->v, err, errlen);
    return l->n < 0 ? -1 : 0;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/* A lockstep mismatch's waveform (cli_wave.h): the node on it traced. */
static void mismatch_wave(const wc_run_opts *o, const wc_run_result *r, const char *wave_dir)
{
    wc_cli_mwave w = { "run", "node", "node", "MISMATCH", "", "", 0, 0 };
    wc_run_opts o2 = *o;
    wc_run_result r2;
    char err[600];
    int rc;
    FILE *null;
    if (!(null = fopen("/dev/null", "w"))) {
        fprintf(stderr, "wormcast run: no waveform of the mismatch: cannot open /dev/null\n");
        return;
    }
    if (wc_cli_mwave_prep(&w, o->t, r->mismatch_node, r->mismatch_router, r->mismatch_cycle, r->mismatch, wave_dir)) {
        fclose(null);
        return;
    }
    o2.wave = w.prefix;
    o2.wave_nodes = &w.unit;
    o2.nwave = 1;
    o2.wave_from = w.from;
    o2.wave_mark = r->mismatch_cycle;
    o2.wave_note = w.note;
    o2.max_cycles = r->mismatch_cycle + 1;
    o2.out = null;
    rc = wc_run(&o2, &r2, err, sizeof err);
    wc_cli_mwave_report(&w, rc ? err : NULL, r->mismatch_cycle, r->mismatch, r2.mismatch_cycle, r2.mismatch, stdout);
    fclose(null);
}

int wc_cmd_run(int argc, char **argv)
{
    static const char *const engines[] = { "c", "rtl", "lockstep", "lockstep-c", NULL };
    static const int engine_v[] = { WC_ENGINE_C, WC_ENGINE_RTL, WC_ENGINE_LOCKSTEP, WC_ENGINE_LOCKSTEP_C };
    static fw_node_list fwn;
    wc_run_opts o;
    wc_run_result r;
    const char *topo = NULL, **per = NULL, *wave_dir = NULL;
    node_list wn = { NULL, 0 };
    long seed;
    int rc = 2, st, k, quiet = 0, md = 1, no_wave = 0, stages = 1;
    const char *routing = NULL;
    double fault = 0;
    char err[600];
    wc_topo *t = NULL;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo, WC_TOPO_NAMES "\n(one node per host: core, RAM, NIC; the routers between)"),
        WC_OPT_ROUTER_STAGES(&stages),
        WC_OPT_ROUTING(&routing),
        WC_OPT_STRING("--fw", "ELF", &o.fw, "firmware of every node (RV32IM ELF linked for the node RAM)"),
        WC_OPT_FUNC_REPEAT("--fw-node", "N=ELF", parse_fw_node, &fwn, "node N runs ELF instead of --fw"),
        WC_OPT_FUNC_REPEAT("--arg", "K=V", parse_arg, &o,
                           "argument for the firmware (read with wc_arg(\"K\") from sw/fw/node.h)"),
        WC_OPT_CHOICE("--engine", "E", &o.engine, engines,
                      engine_v, "c: the cycle-exact C system model,\n"
                      "rtl: Verilated nodes and routers, built on first use,\n"
                      "lockstep: both, compared every cycle (every router port, NIC output,\n"
                      "core bus request, RAM grant and retire record),\n"
                      "lockstep-c: two C instances (self-check of the comparison)"),
        WC_OPT_LONG("--cycles", "MAX", &o.max_cycles, 1, 1L << 50,
                    "a run that has not ended after MAX cycles fails: TIMEOUT when the\n"
                    "network or a console was busy within its last 10^5 cycles (it needs\n"
                    "more), else HANG; every node's pc, its NIC's busy units and the\n"
                    "routers' occupied buffers are printed"),
        WC_OPT_STRING("--wave", "PREFIX", &o.wave, "FST of the RTL nodes in --wave-nodes: PREFIX.nodeN.fst,\n"
                      "and its GTKWave layout PREFIX.nodeN.gtkw"),
        WC_OPT_FUNC("--wave-nodes", "LIST", parse_nodes, &wn, "nodes to trace with --wave (default 0)"),
        WC_OPT_STRING("--wave-dir", "DIR", &wave_dir,
                      "where a lockstep mismatch leaves the waveform of its node\n"
                      "(BUILD/waves): the run is repeated up to the mismatching cycle,\n"
                      "tracing that node over the last " STR(WC_CLI_MISMATCH_WINDOW) " cycles into\n"
                      "DIR/mismatch.nodeN.fst, with its layout DIR/mismatch.nodeN.gtkw"),
        WC_OPT_FLAG("--no-wave", &no_wave, "do not record a waveform on a lockstep mismatch"),
        WC_OPT_DOUBLE("--faults", "R", &fault, 0, 0.5,
                      "per packet on every injection link: dropped with probability R,\n"
                      "otherwise 1-3 bits flipped with probability R"),
        WC_OPT_LONG("--seed", "S", &seed, 0, 0x7fffffffffffffffL, "seed of the link faults"),
        WC_OPT_INT("--md-steps", "K", &md, 1, 4, "the core's multiply/divide bits per cycle: 1, 2 or 4"),
        WC_OPT_STRING("--nic", "LIST", &o.nic,
                      "the NICs' parameters by their RTL names, K=V,... with K one of\n"
                      WC_NIC_CFG_KEYS " (default: the NIC's own;\n"
                      "wormcast netgen --params node --nic LIST prints the RTL's flags)"),
        WC_OPT_INT("--mutate-core", "K", &o.mutate_core, 0, 2,
                   "lockstep self-check: break the C model's core (1 MEM timing,\n"
                   "2 interrupt a cycle late): the run must stop at a mismatch"),
        WC_OPT_INT("--mutate-node", "K", &o.mutate_node, 0, 2,
                   "lockstep self-check: break the C model's node (1 the core wins\n"
                   "the RAM over the DMA, 2 the NIC interrupt a cycle late)"),
        WC_OPT_INT("--mutate-nic", "K", &o.mutate_nic, 0, 3, "lockstep self-check: NIC mutation K"),
        WC_OPT_INT("--mutate-rtl", "K", &o.mutate_rtl, 0, 2,
                   "self-check of the RTL's assertions: one credit too many into\n"
                   "node 0's router (1) or node 0 (2): its assertion must end the run"),
        WC_OPT_FLAG("--quiet", &quiet, "no progress lines"),
        WC_OPT_END
    };
    wc_cli cli = { "run", "--topo T --fw ELF [options]",
                   "Loads the firmware into every node of the system, releases reset and runs\n"
                   "until every node has written its exit code.  Prints each node's console\n"
                   "lines prefixed with its id, each exit code, the cycles and the speed.",
                   "Exit status: 0 if every node exited with pass; 1 if a node failed, trapped\n"
                   "or hung, an RTL assertion failed or lockstep found a mismatch; 2 bad input\n"
                   "(options, images).",
                   "--topo", opts, NULL, NULL };
    cli.examples = "wormcast run --topo cube:3 --fw build/node/fw/mcast_stress.elf --arg count=4           # firmware on 8 nodes\n"
                   "wormcast run --topo cube:4 --fw build/node/fw/mcast_bench.elf --arg sizes=4,4096 --arg modes=fpfs,host\n"
                   "wormcast run --topo cube:2 --fw build/node/fw/mcast_stress.elf --arg count=2 --engine lockstep";

    wc_run_opts_default(&o);
    fwn.n = 0;
    seed = (long)o.seed;
    st = wc_cli_parse(&cli, argc, argv);
    if (st != WC_CLI_RUN) {
        rc = st;
        goto out;
    }
    if ((rc = wc_cli_needs(&cli, "--wave-nodes", wc_cli_given(&cli, "--wave"), "--wave", "nothing to trace into")) ||
        (rc = wc_cli_needs(&cli, "--wave-dir", o.engine == WC_ENGINE_LOCKSTEP, "--engine lockstep",
                           "it is where a lockstep mismatch leaves its waveform")) ||
        (rc = wc_cli_needs(&cli, "--no-wave", o.engine == WC_ENGINE_LOCKSTEP, "--engine lockstep",
                           "only a lockstep mismatch records a waveform unasked")) ||
        (rc = wc_cli_excl(&cli, "--no-wave", "--wave-dir", "the directory is for the waveform --no-wave turns off")))
        goto out;
    if (md != 1 && md != 2 && md != 4) {
        rc = wc_cli_error(&cli, "--md-steps %d: the core takes 1, 2 or 4", md);
        goto out;
    }
    o.md_steps = md;
    o.seed = (uint64_t)seed;
    o.fault_drop = o.fault_flip = fault;
    o.progress = !quiet;
    o.wave_nodes = wn.v;
    o.nwave = wn.n;
    if (!(t = wc_topo_create(topo, err, sizeof err))) {
        rc = wc_cli_error(&cli, "%s", err);
        goto out;
    }
    t->stages = stages;
    if (routing && wc_topo_set_routing(t, routing, err, sizeof err)) {
        rc = wc_cli_error(&cli, "%s", err);
        goto out;
    }
    if (t->nnodes < 2) {
        rc = wc_cli_error(&cli, "%s has %d node: a system needs at least 2", t->name, t->nnodes);
        goto out;
    }
    if (fwn.n) {
        if (!(per = calloc((size_t)t->nnodes, sizeof *per))) {
            rc = wc_cli_error(&cli, "out of memory for the per-node images");
            goto out;
        }
        for (k = 0; k < fwn.n; k++) {
            if (fwn.v[k].node >= t->nnodes) {
                rc = wc_cli_error(&cli, "--fw-node %d=%s: %s has nodes 0..%d", fwn.v[k].node, fwn.v[k].path, t->name,
                                  t->nnodes - 1);
                goto out;
            }
            per[fwn.v[k].node] = fwn.v[k].path;
        }
        o.fw_node = per;
    }
    o.t = t;
    if (wc_run(&o, &r, err, sizeof err)) {
        rc = wc_cli_error(&cli, "%s", err);
        goto out;
    }
    rc = wc_run_passed(&r) ? 0 : 1;
    if (r.rtl_assert[0] && r.mismatch_cycle < 0)
        fprintf(stderr, "wormcast run: %s\n", r.rtl_assert);
    if (r.mismatch_cycle >= 0 && o.engine == WC_ENGINE_LOCKSTEP && !no_wave)
        mismatch_wave(&o, &r, wave_dir);
out:
    free(per);
    free(wn.v);
    wc_topo_free(t);
    return rc;
}

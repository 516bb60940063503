/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast run (wc_run.h): firmware images into every node, reset, then
 * one loop over the engine's instances until every node has exited. */
#define _DEFAULT_SOURCE /* realpath */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wc_run.h"
#include "wc_netgen.h"
#include "wc_engine.h"
#include "wc_lockstep.h"
#include "wc_node_wave.h"
#include "wc_fault.h"
#include "wc_defs.h"
#include "wc_err.h"
#include "rv32_elf.h"
#include "rv32_iss.h"
#include "wc_defs_macros.h"

#define LINE_MAX_ 200           /* console characters per line before a forced break */

/* One firmware image, loaded once however many nodes run it. */
typedef wc_run_image image;

typedef struct {
    wc_engine *e;
    wc_fault *flt;              /* [N] injection links */
    wc_node_in *in;             /* [N] */
} inst;

typedef struct {
    const wc_run_opts *o;
    wc_run_result *r;
    const wc_topo *t;
    int N, ni;
    inst I[2];
    wc_node_soc_cfg nc[2];
    image *img;
    int nimg;
    int *img_of;                /* [N] */
    /* what the first instance shows */
    char (*line)[LINE_MAX_ + 1];
    int *llen, *exited;
    uint32_t *code, *last_pc;
    long *exit_cycle;
    long last_active;           /* the last cycle a flit, a credit or a console character moved */
} run;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void wc_run_opts_default(wc_run_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = WC_ENGINE_C;
    o->max_cycles = 10000000;
    o->md_steps = 1;
    o->seed = 1;
    o->wave_mark = -1;
    o->out = stdout;
}

int wc_run_passed(const wc_run_result *r)
{
    return !r->hang && !r->trap && r->mismatch_cycle < 0 && !r->rtl_assert[0] && r->passed == r->nodes;
}

/* ---- images and arguments ------------------------------------------------ */

/* "K=V": a non-empty key of letters, digits, '_' or '-', then '='. */
static int check_arg(const char *a, char *err, int errlen)
{
    const char *eq = strchr(a, '=');
    const char *p;
    if (!eq || eq == a)
        return wc_err(err, errlen, "bad --arg '%s': expected KEY=VALUE", a);
    for (p = a; p < eq; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-'))
            return wc_err(err, errlen, "bad --arg '%s': the key may hold letters, digits, '_' and '-' only", a);
    for (p = eq + 1; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            return wc_err(err, errlen, "bad --arg '%s': the value must be printable ASCII", a);
    return 0;
}

int wc_run_image_load(wc_run_image *im, const char *path, const char *const *args, int nargs, uint32_t ram_bytes,
                      int node, char *err, int errlen)
{
    rv_elf_info_t info;
    char why[400];
    size_t need = 1;
    int k;
    im->path = path;
    for (k = 0; k < nargs; k++)
        if (check_arg(args[k], err, errlen))
            return -1;
    if (!(im->ram = wc_alloc(ram_bytes / 4, sizeof(uint32_t), "a firmware image", err, errlen)))
        return -1;
    if (rv_elf_load(im->path, (uint8_t *)im->ram, WC_SOC_RAM_BASE, ram_bytes, &info, why, sizeof why))
        return wc_err(err, errlen, "node %d: %s", node, why);
    if (info.entry != WC_SOC_RAM_BASE)
        return wc_err(err, errlen, "node %d: %s: entry point 0x%08x is not the node's reset pc 0x%08x (link it with "
                      "the node's linker script)", node, im->path, info.entry, (unsigned)WC_SOC_RAM_BASE);
    im->lo = info.lo & ~3u;
    im->hi = (info.hi + 3u) & ~3u;
    for (k = 0; k < nargs; k++)
        need += strlen(args[k]) + 1;
    if (nargs) {
        uint8_t *b;
        if (!info.args)
            return wc_err(err, errlen, "node %d: %s has no wc_args symbol to receive --arg (build it with the "
                          "firmware runtime, sw/fw/node.h)", node, im->path);
        if (need > info.args_size || info.args - WC_SOC_RAM_BASE + (uint64_t)info.args_size > ram_bytes)
            return wc_err(err, errlen, "node %d: the --arg strings take %zu bytes, wc_args of %s holds %u", node,
                          need, im->path, info.args_size);
        b = (uint8_t *)im->ram + (info.args - WC_SOC_RAM_BASE);
        memset(b, 0, info.args_size);
        for (k = 0; k < nargs; k++) {
            size_t n = strlen(args[k]) + 1;
            memcpy(b, args[k], n);
            b += n;
        }
        if (info.args < im->lo)
            im->lo = info.args & ~3u;
        if (info.args + info.args_size > im->hi)
            im->hi = (info.args + info.args_size + 3u) & ~3u;
    }
    return 0;
}

void wc_run_image_free(wc_run_image *im)
{
    free(im->ram);
    im->ram = NULL;
}

static int load_images(run *R, char *err, int errlen)
{
    const wc_run_opts *o = R->o;
    int n, k, i;
    for (k = 0; k < o->nargs; k++)
        if (check_arg(o->args[k], err, errlen))
            return -1;
    if (!(R->img = wc_alloc((size_t)R->N, sizeof *R->img, "the firmware images", err, errlen)) ||
        !(R->img_of = wc_alloc((size_t)R->N, sizeof *R->img_of, "the firmware images", err, errlen)))
        return -1;
    for (n = 0; n < R->N; n++) {
        const char *p = o->fw_node && o->fw_node[n] ? o->fw_node[n] : o->fw;
        if (!p)
            return wc_err(err, errlen, "node %d has no firmware: give --fw ELF (or --fw-node %d=ELF)", n, n);
        for (k = 0; k < R->nimg && strcmp(R->img[k].path, p); k++)
            ;
        if (k == R->nimg) {
            R->nimg++;
            if (wc_run_image_load(&R->img[k], p, o->args, o->nargs, R->nc[0].ram_bytes, n, err, errlen))
                return -1;
        }
        R->img_of[n] = k;
    }
    for (i = 0; i < R->ni; i++)
        for (n = 0; n < R->N; n++) {
            const image *im = &R->img[R->img_of[n]];
            wc_engine_node_load(R->I[i].e, n, im->lo, im->ram + (im->lo - WC_SOC_RAM_BASE) / 4,
                                (im->hi - im->lo) / 4);
        }
    return 0;
}

/* ---- the cycle ----------------------------------------------------------- */

static void inst_cycle(run *R, inst *I)
{
    wc_engine *E = I->e;
    const wc_topo *t = R->t;
    int n;
    for (n = 0; n < R->N; n++)
        wc_engine_node_eval(E, n);
    for (n = 0; n < R->N; n++) {
        const wc_node_out *o = wc_engine_node_out(E, n);
        int v;
        uint64_t f;
        wc_fault_fwd(&I->flt[n], o->tx_valid, o->tx_flit, &v, &f);
        wc_engine_net_set(E, wc_net_idx(t->nports, t->node_router[n], t->node_port[n]), v, f, o->rx_credit);
    }
    wc_engine_net_eval(E);
    for (n = 0; n < R->N; n++) {
        wc_node_in *in = &I->in[n];
        int v, c;
        uint64_t f;
        wc_engine_net_port(E, t->node_router[n], t->node_port[n], &v, &f, &c);
        in->rx_valid = v;
        in->rx_flit = v ? f : 0;
        in->tx_credit = wc_fault_credit(&I->flt[n], c);
        wc_engine_node_set(E, n, in);
    }
}

static void flush_line(run *R, int n)
{
    if (!R->llen[n])
        return;
    R->line[n][R->llen[n]] = 0;
    fprintf(R->o->out, "[%*d] %s\n", R->N > 100 ? 4 : R->N > 10 ? 2 : 1, n, R->line[n]);
    R->llen[n] = 0;
}

static const char *cause_name(uint32_t c)
{
    static const char *const names[] = { "instruction address misaligned", "instruction access fault",
                                         "illegal instruction", "breakpoint", "load address misaligned",
                                         "load access fault", "store address misaligned", "store access fault",
                                         "?", "?", "?", "ecall from M-mode" };
    return c < sizeof names / sizeof names[0] ? names[c] : "?";
}

/* mtval as the core sets it (docs/core.md, "Instruction set and traps"),
 * from the retire record, so RTL-only runs report it too. */
static uint32_t trap_mtval(const wc_retire_port *rv)
{
    switch (rv->cause) {
    case 1: return rv->pc_rdata;
    case 2: return rv->insn;
    case 4: case 5: case 6: case 7: return rv->mem_addr;
    default: return 0;
    }
}

static void observe(run *R, long cyc)
{
    const wc_engine *E = R->I[0].e;
    int n;
    for (n = 0; n < R->N; n++) {
        const wc_node_out *o = wc_engine_node_out(E, n);
        if (o->tx_valid || o->rx_credit || o->console_valid)
            R->last_active = cyc;
        if (o->rvfi.valid) {
            R->last_pc[n] = o->rvfi.pc_rdata;
            if (o->rvfi.trap && !o->rvfi.intr && !R->r->trap) {
                char dis[96];
                flush_line(R, n);
                rv_disasm(o->rvfi.insn, o->rvfi.pc_rdata, dis, sizeof dis);
                fprintf(R->o->out, "node %d: TRAP at cycle %ld, pc 0x%08x: mcause %u (%s), mtval 0x%08x: %08x  %s\n",
                        n, cyc, o->rvfi.pc_rdata, o->rvfi.cause, cause_name(o->rvfi.cause), trap_mtval(&o->rvfi),
                        o->rvfi.insn, o->rvfi.cause == 1 ? "(not fetched)" : dis);
                R->r->trap = 1;
            }
        }
        if (o->console_valid) {
            char ch = (char)o->console_data;
            if (ch == '\n' || R->llen[n] == LINE_MAX_)
                flush_line(R, n);
            if (ch != '\n' && ch != '\r')
                R->line[n][R->llen[n]++] = ch;
        }
        if (o->exit_valid && !R->exited[n]) {
            flush_line(R, n);
            R->exited[n] = 1;
            R->code[n] = o->exit_code;
            R->exit_cycle[n] = cyc;
            R->r->exited++;
            R->r->passed += o->exit_code == 1;
        }
    }
}

/* ---- reports ------------------------------------------------------------- */

/* A run that ends unfinished is still running, not hung, when a flit, a
 * credit or a console character moved within its last this many cycles:
 * 10^5 (the apps' quiet stretches, computing between two messages, are
 * up to about 2 x 10^4 cycles: collectives on irregular:8,8,2,1), half
 * of a shorter run. */
static long active_window(long cycles)
{
    return cycles / 2 < 100000 ? cycles / 2 : 100000;
}

static void hang_report(run *R)
{
    FILE *f = R->o->out;
    const wc_engine *C = NULL;
    const wc_net *net;
    int n, i, r, p;
    for (i = 0; i < R->ni; i++)
        if (wc_engine_c_node(R->I[i].e, 0))
            C = R->I[i].e;
    if (R->r->still_active)
        fprintf(f, "TIMEOUT: %d of %d nodes had not exited after %ld cycles, still running: the network or a "
                "console was active at cycle %ld; the program needs more than --cycles %ld (HANG is when nothing "
                "moved over the last %ld cycles)\n", R->N - R->r->exited, R->N, R->r->cycles, R->last_active,
                R->r->cycles, active_window(R->r->cycles));
    else
        fprintf(f, "HANG: %d of %d nodes had not exited after %ld cycles, and nothing moved in the network or on a "
                "console since cycle %ld (--cycles; a longer program needs more)\n", R->N - R->r->exited, R->N,
                R->r->cycles, R->last_active);
    for (n = 0; n < R->N; n++) {
        if (R->exited[n])
            continue;
        flush_line(R, n);
        fprintf(f, "  node %d: last retired pc 0x%08x", n, R->last_pc[n]);
        if (C) {
            const wc_rv32_core *c = wc_node_soc_core(wc_engine_c_node(C, n));
            fprintf(f, ", core in %s at pc 0x%08x\n", wc_rv32_core_state(c), wc_rv32_core_pc(c));
            wc_nic_dump(wc_node_soc_nic(wc_engine_c_node(C, n)), f);
        } else
            fprintf(f, " (NIC state: run the C model or lockstep to see it)\n");
    }
    if (!C || !(net = wc_engine_c_net(C)))
        return;
    for (r = 0; r < R->t->nrouters; r++) {
        const wc_router *ro = wc_net_router(net, r);
        if (!ro->ne_mask && !ro->own_mask)
            continue;
        fprintf(f, "  router %d:", r);
        for (p = 0; p < R->t->nports; p++)
            if ((ro->ne_mask >> p & 1) || (ro->own_mask >> p & 1))
                fprintf(f, " port %d%s%s", p, ro->ne_mask >> p & 1 ? " buffered" : "",
                        ro->own_mask >> p & 1 ? " output-held" : "");
        fprintf(f, "\n");
    }
}

static void summary(run *R)
{
    FILE *f = R->o->out;
    wc_run_result *r = R->r;
    int n;
    for (n = 0; n < R->N; n++)
        flush_line(R, n);
    long first = -1, last = -1;
    /* the nodes that did not pass one by one; the passes in one line */
    for (n = 0; n < R->N; n++) {
        if (!R->exited[n])
            fprintf(f, "node %d: no exit\n", n);
        else if (R->code[n] != 1)
            fprintf(f, "node %d: FAIL exit code %u at cycle %ld\n", n, R->code[n] >> 1, R->exit_cycle[n]);
        else {
            if (first < 0 || R->exit_cycle[n] < first)
                first = R->exit_cycle[n];
            if (R->exit_cycle[n] > last)
                last = R->exit_cycle[n];
        }
    }
    if (r->passed)
        fprintf(f, "%d of %d nodes passed, exits at cycles %ld..%ld\n", r->passed, R->N, first, last);
    fprintf(f, "%s: %s, %d nodes, %d passed, %ld cycles, %.2f s, %.0f cycles/s, %.0f node-cycles/s%s\n",
            wc_run_passed(r) ? "PASS" : "FAIL", R->t->name, R->N, r->passed, r->cycles, r->seconds,
            r->seconds > 0 ? r->cycles / r->seconds : 0.0,
            r->seconds > 0 ? (double)r->cycles * R->N * R->ni / r->seconds : 0.0,
            R->ni == 2 ? " (both instances)" : "");
}

/* ---- set-up and loop ----------------------------------------------------- */

static void run_free(run *R)
{
    int i, k;
    for (i = 0; i < R->ni; i++) {
        wc_engine_close(R->I[i].e);
        free(R->I[i].flt);
        free(R->I[i].in);
    }
    for (k = 0; R->img && k < R->nimg; k++)
        wc_run_image_free(&R->img[k]);
    free(R->img);
    free(R->img_of);
    free(R->line);
    free(R->llen);
    free(R->exited);
    free(R->code);
    free(R->last_pc);
    free(R->exit_cycle);
}

static int open_instances(run *R, char *err, int errlen)
{
    const wc_run_opts *o = R->o;
    int lock = wc_engine_kind_lockstep(o->engine), i, n;
    /* a mutation outside lockstep would run a broken model and compare
     * nothing: refused, as sim and msg refuse theirs */
    if (!lock && (o->mutate_core || o->mutate_node || o->mutate_nic))
        return wc_err(err, errlen, "--mutate-%s breaks the C model of a lockstep run; engine %s compares nothing",
                      o->mutate_core ? "core" : o->mutate_node ? "node" : "nic", wc_engine_kind_name(o->engine));
    if (wc_engine_check_mutate_rtl(o->engine, o->mutate_rtl, 1, err, errlen))
        return -1;
    R->ni = lock ? 2 : 1;
    for (i = 0; i < R->ni; i++) {
        wc_engine_cfg ec;
        wc_node_soc_cfg *nc = &R->nc[i];
        /* in lockstep the first instance is the (possibly mutated) C model,
         * the second the RTL or a clean C model */
        int rtl = o->engine == WC_ENGINE_RTL || (o->engine == WC_ENGINE_LOCKSTEP && i == 1);
        wc_node_soc_cfg_default(nc, R->N);
        nc->md_steps = o->md_steps;
        if (o->nic && wc_nic_cfg_parse(&nc->nic, o->nic, err, errlen))
            return -1;
        if (i == 0 && lock) {
            nc->core_mutate = o->mutate_core;
            nc->mutate = o->mutate_node;
            nc->nic.mutate = o->mutate_nic;
        }
        if (wc_node_soc_cfg_check(nc, err, errlen))
            return -1;
        memset(&ec, 0, sizeof ec);
        ec.t = R->t;
        ec.width = nc->nic.W;
        ec.buffer = nc->nic.B;
        ec.node = nc;
        ec.rtl_mutate = o->mutate_rtl;
        if (!(R->I[i].e = wc_engine_open(rtl, &ec, rtl ? "RTL" : i ? "C model 2" : "C model", err, errlen)))
            return -1;
        if (!(R->I[i].flt = wc_alloc((size_t)R->N, sizeof *R->I[i].flt, "the link fault injectors", err, errlen)) ||
            !(R->I[i].in = wc_alloc((size_t)R->N, sizeof *R->I[i].in, "node inputs", err, errlen)))
            return -1;
        for (n = 0; n < R->N; n++)
            wc_fault_init(&R->I[i].flt[n], nc->nic.W, o->fault_drop, o->fault_flip, o->seed, (unsigned)n);
    }
    return 0;
}

/* The instance whose nodes --wave traces: the RTL one. */
static wc_engine *wave_engine(run *R, char *err, int errlen)
{
    const wc_run_opts *o = R->o;
    int i, k;
    for (k = 0; k < (o->wave_nodes ? o->nwave : 0); k++)
        if (o->wave_nodes[k] < 0 || o->wave_nodes[k] >= R->N)
            return wc_err(err, errlen, "--wave-nodes: node %d not in 0..%d", o->wave_nodes[k], R->N - 1), NULL;
    for (i = 0; i < R->ni; i++)
        if (!wc_engine_c_node(R->I[i].e, 0))
            return R->I[i].e;
    return wc_err(err, errlen, "--wave needs RTL nodes: use --engine rtl or lockstep"), NULL;
}

/* Each traced node's FST and, beside it, its GTKWave layout. */
static int start_waves(run *R, char *err, int errlen)
{
    const wc_run_opts *o = R->o;
    wc_engine *E = wave_engine(R, err, errlen);
    int k;
    if (!E)
        return -1;
    for (k = 0; k < (o->wave_nodes ? o->nwave : 1); k++) {
        int n = o->wave_nodes ? o->wave_nodes[k] : 0;
        char fst[PATH_MAX], abs_fst[PATH_MAX], gtkw[PATH_MAX];
        wc_node_wave lw;
        FILE *f;
        if (snprintf(fst, sizeof fst, "%s.node%d.fst", o->wave, n) >= (int)sizeof fst ||
            snprintf(gtkw, sizeof gtkw, "%s.node%d.gtkw", o->wave, n) >= (int)sizeof gtkw)
            return wc_err(err, errlen, "--wave %s: path too long", o->wave);
        /* the FST writer cannot say that it failed: try the file first */
        if (!(f = fopen(fst, "w")))
            return wc_err(err, errlen, "cannot write the waveform %s: %s", fst, strerror(errno));
        fclose(f);
        if (!realpath(fst, abs_fst))
            return wc_err(err, errlen, "cannot write the waveform %s: %s", fst, strerror(errno));
        if (wc_engine_node_trace(E, n, fst))
            return wc_err(err, errlen, "cannot write the waveform %s: node %d is traced already (named twice?)",
                          fst, n);
        lw.fst = abs_fst;
        lw.node = n;
        lw.W = R->nc[0].nic.W;
        lw.from = o->wave_from;
        lw.mark = o->wave_mark;
        lw.note = o->wave_note;
        if (wc_node_wave_layout(gtkw, &lw, err, errlen))
            return -1;
        fprintf(o->out, "waveform of node %d: %s, layout %s (view: gtkwave %s %s)\n", n, fst, gtkw, fst, gtkw);
    }
    return 0;
}

int wc_run(const wc_run_opts *o, wc_run_result *res, char *err, int errlen)
{
    run R;
    wc_mismatch mm;
    double t0, tlast;
    long cyc;
    int i, rc = -1;
    memset(&R, 0, sizeof R);
    memset(res, 0, sizeof *res);
    res->mismatch_cycle = -1;
    res->mismatch_node = res->mismatch_router = -1;
    R.o = o;
    R.r = res;
    R.t = o->t;
    R.N = o->t->nnodes;
    res->nodes = R.N;
    if (o->max_cycles < 1) {
        wc_err(err, errlen, "--cycles %ld: must be at least 1", o->max_cycles);
        goto out;
    }
    /* a node has one NIC on one link: an all-port cube's other local
     * ports would stay idle and its e-cube routes need them (the run
     * would deadlock for its whole --cycles), so it is refused as msg
     * refuses it */
    if (R.t->nlocal != 1) {
        wc_err(err, errlen, "%s has %d injection ports per node; the node's NIC attaches to one local port "
               "(use a one-port network, e.g. cube:N without :all)", R.t->name, R.t->nlocal);
        goto out;
    }
    if (o->wave_from < 0) {
        wc_err(err, errlen, "the waveforms cannot start at cycle %ld", o->wave_from);
        goto out;
    }
    if (!(R.line = wc_alloc((size_t)R.N, sizeof *R.line, "console lines", err, errlen)) ||
        !(R.llen = wc_alloc((size_t)R.N, sizeof *R.llen, "console lines", err, errlen)) ||
        !(R.exited = wc_alloc((size_t)R.N, sizeof *R.exited, "node states", err, errlen)) ||
        !(R.code = wc_alloc((size_t)R.N, sizeof *R.code, "node states", err, errlen)) ||
        !(R.last_pc = wc_alloc((size_t)R.N, sizeof *R.last_pc, "node states", err, errlen)) ||
        !(R.exit_cycle = wc_alloc((size_t)R.N, sizeof *R.exit_cycle, "node states", err, errlen)))
        goto out;
    if (open_instances(&R, err, errlen) || load_images(&R, err, errlen) ||
        (o->wave && !wave_engine(&R, err, errlen)))
        goto out;
    wc_mismatch_clear(&mm);
    t0 = tlast = now_s();
    for (cyc = 0; cyc < o->max_cycles && res->exited < R.N && !res->trap; cyc++) {
        if (o->wave && cyc == o->wave_from && start_waves(&R, err, errlen))
            goto out;
        for (i = 0; i < R.ni; i++)
            inst_cycle(&R, &R.I[i]);
        if (R.ni == 2 && wc_lockstep_compare(R.I[0].e, R.I[1].e, cyc, &mm)) {
            res->mismatch_cycle = mm.cycle;
            res->mismatch_node = mm.node;
            res->mismatch_router = mm.router;
            snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
            fprintf(o->out, "MISMATCH: %s\n", mm.text);
            cyc++;
            break;
        }
        for (i = 0; i < R.ni; i++)
            wc_engine_tick(R.I[i].e);
        for (i = 0; i < R.ni; i++)
            if (wc_lockstep_rtl_assert(R.I[i].e, cyc, &mm)) {
                snprintf(res->rtl_assert, sizeof res->rtl_assert, "%s", mm.text);
                if (R.ni == 2) {
                    res->mismatch_cycle = mm.cycle;
                    res->mismatch_node = mm.node;
                    res->mismatch_router = mm.router;
                    snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
                    fprintf(o->out, "MISMATCH: %s\n", mm.text);
                }
                break;
            }
        if (res->rtl_assert[0]) {
            cyc++;
            break;
        }
        observe(&R, cyc);
        if (o->progress && (cyc & 0xFFF) == 0) {
            double t = now_s();
            if (t - tlast >= 2.0) {
                fprintf(stderr, "run: cycle %ld, %d of %d nodes exited, %.0f cycles/s\n", cyc, res->exited, R.N,
                        cyc / (t - t0));
                tlast = t;
            }
        }
    }
    rc = 0;
    res->cycles = cyc;
    res->seconds = now_s() - t0;
    res->hang = res->exited < R.N && !res->trap && res->mismatch_cycle < 0 && !res->rtl_assert[0];
    res->still_active = res->hang && R.last_active > 0 && cyc - R.last_active <= active_window(cyc);
    if (res->hang)
        hang_report(&R);
    summary(&R);
out:
    run_free(&R);
    return rc;
}

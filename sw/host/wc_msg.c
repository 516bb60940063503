/* SPDX-License-Identifier: Apache-2.0 */
/* Message-level network simulation with NICs, host drivers, fault
 * injectors and a per-stream scoreboard (see wc_msg.h; its parts in
 * wc_msg_int.h).
 *
 * One cycle, in this order (the order is what lets a C instance and an
 * RTL instance be compared signal for signal):
 *  1. every host drives its register bus from its own state;
 *  2. every NIC evaluates (outputs from registered state only);
 *  3. injection links: NIC flit -> fault injector -> router; the network
 *     evaluates; the router's ejected flit goes to the NIC, its credit for
 *     the injection link back through the injector;
 *  4. host memory answers the NIC's DMA request;
 *  5. every NIC takes its inputs; lockstep compares the instances; the
 *     clock edge;
 *  6. hosts observe the bus answer, poll their completion rings, act on
 *     completions and post new messages.
 * Steps 2-5 run once per system instance with the same host inputs; the
 * hosts read the first instance only. */
#define _DEFAULT_SOURCE /* realpath */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wc_msg_int.h"
#include "wc_lockstep.h"
#include "wc_mem.h"
#include "wc_nic_wave.h"

void wc_msg_defaults(wc_msg_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = WC_MSG_ENGINE_C;
    o->mode = WC_NIC_MODE_FPFS;
    o->messages = 200;
    o->size_min = 1;
    o->size_max = WC_NIC_MAX_MSG;
    o->mix = WC_MSG_UNICAST | WC_MSG_MULTISEND | WC_MSG_MULTICAST;
    o->seed = 1;
    o->outstanding = 2;
    o->groups_per_node = -1;
    o->fixed_root = -1;
    o->timeout = WC_NIC_TIMEOUT_RST;
    o->mem_size = 1L << 20;
    o->watchdog = 200000;
    o->buffer = 8;
    o->width = WC_FLIT_DATA_W;
    o->wave_mark = -1;
}

/* ---- options -------------------------------------------------------------- */
static int check_group(const wc_topo *t, const wc_msg_opts *o, char *err, int errlen)
{
    const int N = t->nnodes;
    int i, j;
    if (!(o->mix & WC_MSG_MULTICAST))
        return wc_err(err, errlen, "--group given but multicast is not in the mix");
    if (o->groups_per_node >= 0)
        return wc_err(err, errlen, "--groups-per-node and --group exclude each other (the one fixed group "
                      "replaces the random ones)");
    if (o->fixed_root >= N)
        return wc_err(err, errlen, "--group: root %d is not a node of %s (0..%d)", o->fixed_root, t->name, N - 1);
    if (o->fixed_n < 1)
        return wc_err(err, errlen, "--group: no destinations");
    for (i = 0; i < o->fixed_n; i++) {
        if (o->fixed_dst[i] < 0 || o->fixed_dst[i] >= N || o->fixed_dst[i] == o->fixed_root)
            return wc_err(err, errlen, "--group: destination %d is not a node of %s other than the root",
                          o->fixed_dst[i], t->name);
        for (j = 0; j < i; j++)
            if (o->fixed_dst[j] == o->fixed_dst[i])
                return wc_err(err, errlen, "--group: destination %d repeats", o->fixed_dst[i]);
    }
    return 0;
}

static int check_once(const wc_msg_opts *o, char *err, int errlen)
{
    if (o->once != WC_MSG_MULTICAST && o->once != WC_MSG_MULTISEND && o->once != WC_MSG_UNICAST)
        return wc_err(err, errlen, "unknown --once operation %u", o->once);
    if (o->fixed_root < 0)
        return wc_err(err, errlen, "--once needs --group ROOT:DESTINATIONS");
    if (o->min_cycles > 0)
        return wc_err(err, errlen, "--min-cycles keeps random traffic going; --once posts one operation");
    if (o->once == WC_MSG_MULTISEND && o->fixed_n > WC_NIC_MAX_DESTS)
        return wc_err(err, errlen, "--once multisend: %d destinations, a multisend takes at most %d", o->fixed_n,
                      WC_NIC_MAX_DESTS);
    if (o->once == WC_MSG_UNICAST && o->outstanding < o->fixed_n)
        return wc_err(err, errlen, "--once unicasts: --outstanding %d below the %d destinations", o->outstanding,
                      o->fixed_n);
    return 0;
}

/* The waveforms: RTL NICs to trace, each once. */
static int check_wave(const wc_topo *t, const wc_msg_opts *o, char *err, int errlen)
{
    int k, j;
    if (o->engine != WC_ENGINE_RTL && o->engine != WC_ENGINE_LOCKSTEP)
        return wc_err(err, errlen, "--wave traces the Verilated NICs: use --engine rtl or lockstep (engine %s has "
                      "%s)", wc_engine_kind_name(o->engine), wc_engine_kind_sc(o->engine)
                      ? "the SystemC network, which records no waveform" : "none");
    if (o->wave_from < 0 || o->max_cycles < 0)
        return wc_err(err, errlen, "the waveforms cannot start at cycle %ld", o->wave_from);
    for (k = 0; o->wave_nics && k < o->nwave; k++) {
        if (o->wave_nics[k] < 0 || o->wave_nics[k] >= t->nnodes)
            return wc_err(err, errlen, "--wave-nics: NIC %d is not a node of %s (0..%d)", o->wave_nics[k], t->name,
                          t->nnodes - 1);
        for (j = 0; j < k; j++)
            if (o->wave_nics[j] == o->wave_nics[k])
                return wc_err(err, errlen, "--wave-nics: NIC %d named twice", o->wave_nics[k]);
    }
    if (o->wave_nics && o->nwave < 1)
        return wc_err(err, errlen, "--wave-nics: no NIC to trace");
    return 0;
}

int wc_msg_check(const wc_topo *t, const wc_msg_opts *o, const wc_nic_cfg *nc, char *err, int errlen)
{
    const int N = t->nnodes;
    int gpn = o->groups_per_node;
    if (t->nlocal != 1)
        return wc_err(err, errlen, "%s has %d injection ports per node; the NIC attaches to one local port "
                      "(use a one-port network, e.g. cube:N without :all)", t->name, t->nlocal);
    if (N > WC_NIC_NO_PARENT)
        return wc_err(err, errlen, "%s has %d nodes; NIC node ids stop at %d", t->name, N, WC_NIC_NO_PARENT - 1);
    if (o->engine < WC_ENGINE_C || o->engine > WC_ENGINE_LOCKSTEP_SC)
        return wc_err(err, errlen, "unknown engine %d", o->engine);
    if (o->rtl_nodes && !wc_engine_kind_sc(o->engine))
        return wc_err(err, errlen, "--rtl-nodes chooses the RTL nodes of the SystemC network (engine sc or "
                      "lockstep-sc); engine %s has none", wc_engine_kind_name(o->engine));
    if (o->size_min < 1 || o->size_max > WC_NIC_MAX_MSG || o->size_min > o->size_max)
        return wc_err(err, errlen, "message sizes %d-%d: need 1 <= MIN <= MAX <= %d", o->size_min, o->size_max,
                      WC_NIC_MAX_MSG);
    if (!o->mix)
        return wc_err(err, errlen, "the message mix is empty");
    if ((o->mix & (WC_MSG_MULTISEND | WC_MSG_MULTICAST)) && N < 3)
        return wc_err(err, errlen, "multisend and multicast need at least 3 nodes (%s has %d)", t->name, N);
    if (!(o->fault_rate >= 0 && o->fault_rate <= 0.5))
        return wc_err(err, errlen, "fault rate %g outside 0..0.5", o->fault_rate);
    if (o->outstanding < 1 || o->outstanding > MAX_OUTSTANDING)
        return wc_err(err, errlen, "--outstanding %d outside 1..%d (the send ring has %d entries, %d kept for "
                      "host-mode forwards)", o->outstanding, MAX_OUTSTANDING, SQ_SIZE, NRBUF);
    if (o->mode != WC_NIC_MODE_FPFS && o->mode != WC_NIC_MODE_FCFS && o->mode != WC_NIC_MODE_HOST)
        return wc_err(err, errlen, "unknown NIC mode %d", o->mode);
    if (wc_engine_check_mutate(o->engine, o->mutate, WC_NIC_MUTATIONS, "NIC", err, errlen))
        return -1;
    if (wc_engine_check_stages(o->engine, t, err, errlen))
        return -1;
    if (wc_engine_check_mutate_rtl(o->engine, o->mutate_rtl, 1, err, errlen))
        return -1;
    if (o->messages < 0 || o->min_cycles < 0 || o->host_delay < 0 || o->mem_wait < 0 || o->watchdog < 1 ||
        o->max_cycles < 0)
        return wc_err(err, errlen, "negative counts or cycles");
    if (o->wave && check_wave(t, o, err, errlen))
        return -1;
    if (!o->once && o->messages == 0 && o->min_cycles == 0)
        return wc_err(err, errlen, "--messages 0 posts nothing: give messages to post, or --min-cycles to keep "
                      "posting for");
    if (o->host_delay >= o->watchdog)
        return wc_err(err, errlen, "--host-delay %ld reaches the --watchdog of %ld cycles: every completion "
                      "would look like a stall", o->host_delay, o->watchdog);
    if (o->fault_rate > 0 && o->timeout >= (unsigned long)o->watchdog)
        return wc_err(err, errlen, "with --fault-rate, --timeout %u must be below the --watchdog of %ld cycles "
                      "(a retransmission would look like a stall)", o->timeout, o->watchdog);
    if (o->once && check_once(o, err, errlen))
        return -1;
    if (o->skew < 0 || (o->skew > 0 && o->once != WC_MSG_MULTICAST))
        return wc_err(err, errlen, "--skew %ld: skew applies to --once multicast, 0 or more cycles", o->skew);
    if (o->skew >= o->watchdog)
        return wc_err(err, errlen, "--skew %ld reaches the --watchdog of %ld cycles: a late host would look like "
                      "a stall", o->skew, o->watchdog);
    if (o->fixed_root >= 0) {
        if (check_group(t, o, err, errlen))
            return -1;
    } else if (o->mix & WC_MSG_MULTICAST) {
        long top;
        if (gpn < 0)
            gpn = 2;
        if (gpn < 1)
            return wc_err(err, errlen, "multicast in the mix needs --groups-per-node >= 1 (or a --group)");
        top = (long)N * gpn;
        if (top >= nc->ngroups || top >= WC_NIC_GROUPS)
            return wc_err(err, errlen, "too many groups: %d nodes x %d groups per node need group ids 1..%ld, "
                          "but the NIC's group table holds ids 1..%d; lower --groups-per-node or use --group", N,
                          gpn, top, (nc->ngroups < WC_NIC_GROUPS ? nc->ngroups : WC_NIC_GROUPS) - 1);
    } else if (gpn > 0) {
        return wc_err(err, errlen, "--groups-per-node %d without multicast in the mix: no group would be used", gpn);
    }
    if (o->mode == WC_NIC_MODE_HOST && o->outstanding >= nc->jsend)
        return wc_err(err, errlen, "host mode needs --outstanding below the NIC's %d send jobs (got %d): a host's "
                      "forwards must always find a send job its own sends do not hold", nc->jsend, o->outstanding);
    return 0;
}

/* The NIC configuration of a run: the defaults with the run's widths and
 * slots. */
int wc_msg_nic_cfg(const wc_topo *t, const wc_msg_opts *o, wc_nic_cfg *nc, char *err, int errlen)
{
    wc_nic_cfg_default(nc, t->nnodes);
    nc->W = o->width;
    nc->B = o->buffer;
    if (o->slots)
        nc->nslot = o->slots;
    return wc_nic_cfg_check(nc, err, errlen);
}

/* ---- system instances ---------------------------------------------------------- */
static void inst_free(msg_inst *I, int N)
{
    int n;
    if (!I)
        return;
    if (I->mem)
        for (n = 0; n < N; n++)
            free(I->mem[n]);
    free(I->mem);
    wc_engine_close(I->e);
    free(I->flt);
    free(I->mwait);
    free(I->in);
    free(I);
}

/* A system instance (routers and NICs: impl WC_IMPL_*, nc->mutate
 * applying to the C models) with its host memories and fault injectors;
 * sc_rtl: the RTL nodes of a SystemC instance. */
static msg_inst *inst_create(const wc_topo *t, const wc_msg_opts *o, const wc_nic_cfg *nc, int impl,
                             const unsigned char *sc_rtl, const char *name, char *err, int errlen)
{
    msg_inst *I = wc_alloc(1, sizeof *I, "a system instance", err, errlen);
    wc_engine_cfg ec;
    int n, N = t->nnodes;
    if (!I)
        return NULL;
    I->mem_size = o->mem_size;
    if (!(I->mem = wc_alloc((size_t)N, sizeof *I->mem, "host memories", err, errlen)) ||
        !(I->flt = wc_alloc((size_t)N, sizeof *I->flt, "fault injectors", err, errlen)) ||
        !(I->mwait = wc_alloc((size_t)N, sizeof *I->mwait, "DMA wait counters", err, errlen)) ||
        !(I->in = wc_alloc((size_t)N, sizeof *I->in, "NIC inputs", err, errlen)))
        goto fail;
    for (n = 0; n < N; n++) {
        wc_fault_init(&I->flt[n], o->width, o->fault_rate, o->fault_rate, o->seed, (unsigned)n);
        if (!(I->mem[n] = calloc((size_t)o->mem_size, 1))) {
            wc_err(err, errlen, "out of memory for %d host memories of %ld bytes", N, o->mem_size);
            goto fail;
        }
    }
    memset(&ec, 0, sizeof ec);
    ec.t = t;
    ec.width = o->width;
    ec.buffer = o->buffer;
    ec.nic = nc;
    ec.sc_rtl = sc_rtl;
    ec.rtl_mutate = o->mutate_rtl;
    ec.nic_trace = impl == WC_IMPL_RTL && o->wave;
    if (!(I->e = wc_engine_open(impl, &ec, name, err, errlen)))
        goto fail;
    return I;
fail:
    inst_free(I, N);
    return NULL;
}

/* Steps 2-5 of one instance. */
static void inst_cycle(msim *s, msg_inst *I)
{
    wc_engine *E = I->e;
    int n, r;
    for (n = 0; n < s->N; n++)
        wc_engine_nic_eval(E, n);
    for (n = 0; n < s->N; n++) {
        const wc_nic_out *o = wc_engine_nic_out(E, n);
        int v;
        uint64_t f;
        wc_fault_fwd(&I->flt[n], o->tx_valid, o->tx_flit, &v, &f);
        wc_engine_net_set(E, wc_net_idx(s->P, s->nr[n], s->np[n]), v, f, o->rx_credit);
    }
    wc_engine_net_eval(E);
    for (n = 0; n < s->N; n++) {
        wc_nic_in *in = &I->in[n];
        int v, c;
        uint64_t f;
        *in = s->bus[n];
        wc_engine_net_port(E, s->nr[n], s->np[n], &v, &f, &c);
        in->rx_valid = v;
        in->rx_flit = v ? f : 0;
        in->tx_credit = wc_fault_credit(&I->flt[n], c);
    }
    /* NICs never send multidestination worms; a flipped head can become
     * one, and whatever a router absorbs for it has no receiver here */
    for (r = 0; r < s->R; r++) {
        uint64_t m = wc_engine_net_abs_mask(E, r);
        while (m) {
            m &= m - 1;
            I->stray++;
        }
    }
    for (n = 0; n < s->N; n++)
        msg_mem_answer(s, I, n, wc_engine_nic_out(E, n));
    for (n = 0; n < s->N; n++)
        wc_engine_nic_set(E, n, &I->in[n]);
}

/* The name of a SystemC instance in reports: which nodes are the RTL. */
static void sc_name(char *name, size_t n, const unsigned char *rtl, int N)
{
    int i, k = 0, len = snprintf(name, n, "SystemC");
    for (i = 0; i < N; i++)
        if (rtl[i] && len < (int)n)
            len += snprintf(name + len, n - (size_t)len, "%s%d", k++ ? "," : ", RTL nodes ", i);
    if (!k)
        snprintf(name + len, n - (size_t)len, ", all C");
}

/* The instances of the engine: the first takes the hosts' decisions; in
 * lockstep the C model (mutated by --mutate, to prove a break is caught)
 * leads and the RTL, the SystemC network, or a second C model follows. */
static int open_instances(msim *s, const wc_nic_cfg *nc, char *err, int errlen)
{
    const wc_msg_opts *o = s->o;
    wc_nic_cfg mc = *nc;
    char name[160];
    unsigned char *rtl = NULL;
    int rc = -1;
    s->ni = wc_engine_kind_lockstep(o->engine) ? 2 : 1;
    if (wc_engine_kind_sc(o->engine)) {
        if (!(rtl = wc_alloc((size_t)s->N, 1, "the RTL node list", err, errlen)))
            return -1;
        if (wc_engine_parse_nodes(o->rtl_nodes ? o->rtl_nodes : "none", s->N, rtl, err, errlen))
            goto out;
    }
    if (o->engine == WC_ENGINE_RTL) {
        s->I[0] = inst_create(s->t, o, nc, WC_IMPL_RTL, NULL, "RTL", err, errlen);
    } else if (o->engine == WC_ENGINE_SC) {
        sc_name(name, sizeof name, rtl, s->N);
        s->I[0] = inst_create(s->t, o, nc, WC_IMPL_SC, rtl, name, err, errlen);
    } else {
        if (o->engine == WC_ENGINE_LOCKSTEP || o->engine == WC_ENGINE_LOCKSTEP_SC)
            mc.mutate = o->mutate;
        snprintf(name, sizeof name, mc.mutate ? "C model, NIC mutation %d" : "C model", mc.mutate);
        s->I[0] = inst_create(s->t, o, &mc, WC_IMPL_C, NULL, name, err, errlen);
    }
    if (!s->I[0])
        goto out;
    if (s->ni == 2) {
        if (o->engine == WC_ENGINE_LOCKSTEP) {
            s->I[1] = inst_create(s->t, o, nc, WC_IMPL_RTL, NULL, "RTL", err, errlen);
        } else if (o->engine == WC_ENGINE_LOCKSTEP_SC) {
            sc_name(name, sizeof name, rtl, s->N);
            s->I[1] = inst_create(s->t, o, nc, WC_IMPL_SC, rtl, name, err, errlen);
        } else {
            mc = *nc;
            mc.mutate = o->mutate;
            snprintf(name, sizeof name, "C model, NIC mutation %d", o->mutate);
            s->I[1] = inst_create(s->t, o, &mc, WC_IMPL_C, NULL, name, err, errlen);
        }
        if (!s->I[1])
            goto out;
    }
    rc = 0;
out:
    free(rtl);
    return rc;
}

/* ---- waveforms -------------------------------------------------------------------- */
/* The instance --wave traces: the RTL one. */
static msg_inst *wave_inst(const msim *s)
{
    return s->o->engine == WC_ENGINE_LOCKSTEP ? s->I[1] : s->I[0];
}

static int wave_path(const wc_msg_opts *o, int nic, const char *ext, char *buf, size_t n, char *err, int errlen)
{
    if (snprintf(buf, n, "%s.nic%d.%s", o->wave, nic, ext) >= (int)n)
        return wc_err(err, errlen, "--wave %s: path too long", o->wave);
    return 0;
}

/* Each traced NIC's FST, tried for writing now (the FST writer cannot
 * say that it failed), and beside it its GTKWave layout. */
static int prepare_waves(const msim *s, char *err, int errlen)
{
    const wc_msg_opts *o = s->o;
    int k;
    for (k = 0; k < (o->wave_nics ? o->nwave : 1); k++) {
        int n = o->wave_nics ? o->wave_nics[k] : 0;
        char fst[PATH_MAX], abs_fst[PATH_MAX], gtkw[PATH_MAX];
        wc_nic_wave lw;
        FILE *f;
        if (wave_path(o, n, "fst", fst, sizeof fst, err, errlen) ||
            wave_path(o, n, "gtkw", gtkw, sizeof gtkw, err, errlen))
            return -1;
        if (!(f = fopen(fst, "w")))
            return wc_err(err, errlen, "cannot write the waveform %s: %s", fst, strerror(errno));
        fclose(f);
        if (!realpath(fst, abs_fst))
            return wc_err(err, errlen, "cannot write the waveform %s: %s", fst, strerror(errno));
        lw.fst = abs_fst;
        lw.unit = n;
        lw.W = o->width;
        lw.from = o->wave_from;
        lw.mark = o->wave_mark;
        lw.note = o->wave_note;
        if (wc_nic_wave_layout(gtkw, &lw, err, errlen))
            return -1;
    }
    return 0;
}

/* The traces from this cycle on; a failure ends the run. */
static void start_waves(msim *s)
{
    const wc_msg_opts *o = s->o;
    char fst[PATH_MAX], err[160];
    int k;
    for (k = 0; k < (o->wave_nics ? o->nwave : 1); k++) {
        int n = o->wave_nics ? o->wave_nics[k] : 0;
        if (wave_path(o, n, "fst", fst, sizeof fst, err, sizeof err))
            msg_fail(s, "%s", err);
        else if (wc_engine_nic_trace(wave_inst(s)->e, n, fst))
            msg_fail(s, "cannot trace NIC %d into %s: the RTL NICs were opened without tracing", n, fst);
    }
}

/* ---- the run ---------------------------------------------------------------------- */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* host memory: rings, multisend lists (one per send buffer, so a list
 * lives exactly as long as its send), send and receive buffers sized for
 * the largest message of the run */
static int layout(msim *s, char *err, int errlen)
{
    const wc_msg_opts *o = s->o;
    long need;
    s->bufsz = ((uint32_t)o->size_max + 63u) & ~63u;
    s->sq_base = 0;
    s->cq_base = s->sq_base + 16u * SQ_SIZE;
    s->rq_base = s->cq_base + 16u * CQ_SIZE;
    s->list_base = (s->rq_base + 8u * RQ_SIZE + 63u) & ~63u;
    s->sbuf_base = s->list_base + (uint32_t)o->outstanding * LIST_BYTES;
    s->rbuf_base = s->sbuf_base + (uint32_t)o->outstanding * s->bufsz;
    need = (long)s->rbuf_base + (long)NRBUF * s->bufsz;
    if (need > o->mem_size)
        return wc_err(err, errlen, "host memory of %ld bytes is too small: rings, %d send and %d receive buffers "
                      "of %u bytes need %ld (raise --mem-size or lower --outstanding or the largest --size)",
                      o->mem_size, o->outstanding, NRBUF, s->bufsz, need);
    return 0;
}

/* The counters of the run into the result. */
static void collect(msim *s)
{
    wc_msg_result *res = s->res;
    const msg_inst *I = s->I[0];
    wc_score_counts c;
    int n, i;
    wc_score_get(s->sb, &c);
    res->expected = c.expected;
    res->delivered = c.delivered;
    res->duplicated = c.duplicated;
    res->out_of_order = c.out_of_order;
    res->corrupt = c.corrupt;
    /* after a mismatch or a failure the run stopped early: nothing can be
     * called lost */
    res->lost = res->mismatch_cycle < 0 && !res->failure[0] && !res->rtl_assert[0] ? c.pending : 0;
    {
        /* the NICs' counters, summed over the nodes */
        const struct { unsigned long long *to; unsigned reg; } sums[] = {
            { &res->tx_pkts, WC_NICR_TX_PKTS }, { &res->rx_pkts, WC_NICR_RX_PKTS }, { &res->retx, WC_NICR_RETX },
            { &res->timeouts, WC_NICR_TIMEOUTS }, { &res->err_crc, WC_NICR_ERR_CRC },
            { &res->err_group, WC_NICR_ERR_GROUP }, { &res->err_len, WC_NICR_ERR_LEN },
            { &res->err_type, WC_NICR_ERR_TYPE }, { &res->err_dst, WC_NICR_ERR_DST },
            { &res->err_nobuf, WC_NICR_ERR_NOBUF }, { &res->dups, WC_NICR_DUPS }, { &res->err_desc, WC_NICR_ERR_DESC }
        };
        for (i = 0; i < (int)(sizeof sums / sizeof sums[0]); i++)
            *sums[i].to = msg_sum_reg(s, sums[i].reg);
    }
    if (s->join_at && s->once_at >= 0) {
        /* the hosts' time in the multicast: members only, each from joining
         * to its last completion taken */
        const group *g = s->g[1];
        double sum = 0;
        for (i = 0; i < g->n; i++) {
            const int x = g->mem[i];
            if (s->done_at[x] >= s->join_at[x] && s->join_at[x] >= 0) {
                const long d = s->done_at[x] - s->join_at[x];
                sum += (double)d;
                if ((double)d > res->host_max)
                    res->host_max = (double)d;
                res->host_n++;
            }
        }
        res->host_avg = res->host_n ? sum / (double)res->host_n : 0;
    }
    for (n = 0; n < s->N; n++) {
        unsigned pk = wc_engine_nic_reg(I->e, n, WC_NICR_PEAK);
        const wc_fault *f = &I->flt[n];
        if (pk > res->peak_slots)
            res->peak_slots = pk;
        if (n != s->o->fixed_root && pk > res->peak_inner)
            res->peak_inner = pk;
        res->f_pkts += f->pkts;
        res->f_dropped += f->dropped;
        res->f_flipped += f->flipped;
        res->f_bits += f->bits;
    }
    for (i = 0; i < s->R; i++)
        res->router_drops += wc_engine_net_drops_total(I->e, i);
    res->stray = I->stray;
    res->dma_reads = I->dma_reads;
    res->dma_writes = I->dma_writes;
    res->lat_n = s->lat.n;
    wc_lat_summary(&s->lat, &res->lat_avg, &res->lat_p99, &res->lat_max);
}

/* cycle, messages and deliveries, resident memory (a soak reads these
 * lines to see memory stay flat) */
static void progress_line(msim *s, const char *phase, double cps)
{
    wc_score_counts c;
    char mem[96];
    wc_score_get(s->sb, &c);
    wc_mem_note(mem, sizeof mem);
    fprintf(stderr, "  cycle %ld%s: %ld messages posted, %ld of %ld deliveries, %llu packets resent, %s, %.0f cycles/s\n",
            s->cyc, phase, s->res->posted, c.delivered, c.expected, msg_sum_reg(s, WC_NICR_RETX), mem, cps);
}

/* Cycles until every message is delivered (or the watchdog fires, a
 * failure or a mismatch stops the run). */
static void run_loop(msim *s)
{
    const wc_msg_opts *o = s->o;
    wc_msg_result *res = s->res;
    const int N = s->N;
    wc_mismatch mm;
    wc_score_counts c;
    double t0, tlast;
    int n, i;
    wc_mismatch_clear(&mm);
    t0 = tlast = now_s();
    for (s->cyc = 0;; s->cyc++) {
        if (o->wave && s->cyc == o->wave_from) {
            start_waves(s);
            if (res->failure[0])
                break;
        }
        wc_score_clock(s->sb, s->cyc);
        /* 1. */
        if (!s->started) {
            int idle = 1;
            for (n = 0; n < N && idle; n++)
                idle = !s->h[n].qn;
            if (idle) {
                s->started = 1;
                s->last_progress = s->cyc;
            }
        }
        for (n = 0; n < N; n++)
            msg_bus_drive(s, &s->h[n], &s->bus[n]);
        /* 2.-5. */
        for (i = 0; i < s->ni; i++)
            inst_cycle(s, s->I[i]);
        if (s->ni == 2 && wc_lockstep_compare(s->I[0]->e, s->I[1]->e, s->cyc, &mm)) {
            res->mismatch_cycle = mm.cycle;
            res->mismatch_node = mm.node;
            res->mismatch_router = mm.router;
            snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
            break;
        }
        for (i = 0; i < s->ni; i++)
            wc_engine_tick(s->I[i]->e);
        for (i = 0; i < s->ni; i++)
            if (wc_lockstep_rtl_assert(s->I[i]->e, s->cyc, &mm)) {
                snprintf(res->rtl_assert, sizeof res->rtl_assert, "%s", mm.text);
                if (s->ni == 2) {
                    res->mismatch_cycle = mm.cycle;
                    res->mismatch_node = mm.node;
                    res->mismatch_router = mm.router;
                    snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
                }
                break;
            }
        if (res->rtl_assert[0]) {
            s->cyc++;
            break;
        }
        /* 6. */
        for (n = 0; n < N; n++) {
            msg_bus_observe(s, &s->h[n], wc_engine_nic_out(s->I[0]->e, n));
            if (s->started)
                msg_host_poll(s, &s->h[n]);
        }
        if (s->started && o->once) {
            if (!res->posted)
                msg_post_once(s, &s->h[o->fixed_root]);
        } else if (s->started) {
            for (i = 0; i < N && msg_posting_open(s); i++) {
                host *h = &s->h[(s->rr + i) % N];
                if (msg_can_post(s, h))
                    msg_post_new(s, h);
            }
            s->rr = (s->rr + 1) % N;
        }
        if (res->failure[0])
            break;
        wc_score_get(s->sb, &c);
        if (s->started && !msg_posting_open(s) && c.pending == c.pending_failed && !s->sends_pending) {
            s->cyc++;
            break;
        }
        if (o->max_cycles > 0 && s->cyc + 1 >= o->max_cycles) {
            s->cyc++;
            break;
        }
        if (s->cyc - s->last_progress > o->watchdog) {
            res->stall = 1;
            res->undelivered = c.pending - c.pending_failed;
            msg_stall_report(s);
            s->cyc++;
            break;
        }
        if (o->progress &&
            (o->progress_every > 0 ? s->cyc > 0 && s->cyc % o->progress_every == 0 : (s->cyc & 1023) == 0)) {
            double tn = now_s();
            if (o->progress_every > 0 || tn - tlast > 2.0) {
                progress_line(s, "", s->cyc / (tn - t0));
                tlast = tn;
            }
        }
    }
    if (o->progress && o->progress_every > 0)
        progress_line(s, " (end)", s->cyc / (now_s() - t0));
    res->cycles = s->cyc;
    res->seconds = now_s() - t0;
    res->cps = res->seconds > 0 ? (double)res->cycles / res->seconds : 0;
}

int wc_msg_run(const wc_topo *t, const wc_msg_opts *o, wc_msg_result *res, char *err, int errlen)
{
    msim S, *s = &S;
    wc_nic_cfg nc;
    const int N = t->nnodes;
    int n, i, gpn = 0, rc = -1;

    memset(s, 0, sizeof *s);
    memset(res, 0, sizeof *res);
    res->mismatch_cycle = -1;
    res->mismatch_node = res->mismatch_router = -1;
    s->t = t; s->o = o; s->res = res;
    s->N = N; s->R = t->nrouters; s->P = t->nports;

    if (wc_msg_nic_cfg(t, o, &nc, err, errlen) || wc_msg_check(t, o, &nc, err, errlen) || layout(s, err, errlen))
        return -1;
    if (o->mix & WC_MSG_MULTICAST && o->fixed_root < 0)
        gpn = o->groups_per_node < 0 ? 2 : o->groups_per_node;

    s->mfree = -1;
    if (!(s->sb = wc_score_create(err, errlen)) ||
        !(s->nr = wc_alloc((size_t)N, sizeof *s->nr, "the node table", err, errlen)) ||
        !(s->np = wc_alloc((size_t)N, sizeof *s->np, "the node table", err, errlen)) ||
        !(s->scratch = wc_alloc((size_t)N, sizeof *s->scratch, "scratch node lists", err, errlen)) ||
        !(s->bus = wc_alloc((size_t)N, sizeof *s->bus, "register-bus inputs", err, errlen)) ||
        !(s->h = wc_alloc((size_t)N, sizeof *s->h, "hosts", err, errlen)))
        goto out;
    s->once_at = -1;
    if (o->once == WC_MSG_MULTICAST) {
        if (!(s->join_at = wc_alloc((size_t)N, sizeof *s->join_at, "the hosts' join times", err, errlen)) ||
            !(s->done_at = wc_alloc((size_t)N, sizeof *s->done_at, "the hosts' join times", err, errlen)))
            goto out;
        for (n = 0; n < N; n++)
            s->join_at[n] = s->done_at[n] = -1;
    }
    /* records go back to their pool once delivered, checked and past the
     * scoreboard's memory of them */
    wc_score_recycle(s->sb, WC_SCORE_KEEP, msg_released, s);
    for (n = 0; n < N; n++) {
        s->nr[n] = t->node_router[n];
        s->np[n] = t->node_port[n];
    }
    /* before the instances: a path that cannot be written is refused
     * before the traced NICs are built (minutes, the first time) */
    if (o->wave && prepare_waves(s, err, errlen))
        goto out;
    if (open_instances(s, &nc, err, errlen))
        goto out;

    /* groups: fixed, or gpn random ones rooted at every node, drawn
     * before any traffic so the traffic seed alone fixes them */
    wc_rng_seed(&s->rng, o->seed);
    for (n = 0; n < N; n++) {
        s->h[n].s = s;
        s->h[n].node = n;
        if (!(s->h[n].groots = wc_alloc((size_t)(gpn > 0 ? gpn : 1), sizeof(int), "group lists", err, errlen)))
            goto out;
    }
    if (msg_groups_make(s, gpn, err, errlen))
        goto out;
    for (n = 0; n < N; n++)
        if (msg_host_init(s, &s->h[n], err, errlen))
            goto out;
    if (msg_hosts_install(s, err, errlen))
        goto out;

    run_loop(s);
    /* the traces end in the cycle the run stopped in, before the
     * register snapshot's extra edges */
    if (o->wave)
        wc_engine_nic_trace_close(wave_inst(s)->e);
    for (i = 0; i < s->ni && !res->stall; i++)
        if (wc_engine_nic_snapshot(s->I[i]->e, err, errlen))
            goto out;
    /* lockstep: the register files agree at the end too */
    if (s->ni == 2 && res->mismatch_cycle < 0 && !res->failure[0] && !res->stall && !res->rtl_assert[0]) {
        wc_mismatch mm;
        wc_mismatch_clear(&mm);
        if (wc_lockstep_compare_regs(s->I[0]->e, s->I[1]->e, s->cyc, &mm)) {
            res->mismatch_cycle = mm.cycle;
            res->mismatch_node = mm.node;
            res->mismatch_router = mm.router;
            snprintf(res->mismatch, sizeof res->mismatch, "%s", mm.text);
        }
    }
    collect(s);
    rc = 0;
out:
    for (i = 0; i < 2; i++)
        inst_free(s->I[i], N);
    if (s->h)
        for (n = 0; n < N; n++)
            msg_host_free(&s->h[n]);
    free(s->h);
    msg_groups_free(s);
    wc_score_free(s->sb);
    wc_lat_free(&s->lat);
    free(s->m);
    free(s->nr); free(s->np); free(s->scratch); free(s->bus);
    free(s->join_at); free(s->done_at);
    return rc;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* NIC lockstep bench: comparison, mismatch report and options (see
 * nic_lock.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_lock.h"
#include "nic_bench.h"
#include "nic_rand.h"

#define NL_HIST 8               /* cycles of inputs shown in a report */

typedef struct {
    long cyc;
    wc_nic_in in;
    wc_nic_out out;
} nl_hist;

typedef struct {
    const nl_dut_ops *ops;
    void *d;
    nic_bench *b;
    const char *what;           /* "directed" or "random" */
    char replay[600];           /* command line that repeats this run */
    int nics;                   /* NICs started (resets) */
    long compared;              /* cycles compared over the run */
    long mismatches;            /* NICs on which the DUT differed */
    nl_hist hist[NL_HIST];
    int hn;
} nl_lock;

/* ---- parameters ------------------------------------------------------ */

static int *param_field(wc_nic_cfg *c, const char *name)
{
    static const char *const names[] = { "NNODES", "W", "B", "PAYLOAD", "NSLOT", "JSEND", "JFWD", "NCTX", "NGROUPS",
                                         "TXWIN", "MAXCHILD" };
    int *const f[] = { &c->nnodes, &c->W, &c->B, &c->payload, &c->nslot, &c->jsend, &c->jfwd, &c->nctx, &c->ngroups,
                       &c->txwin, &c->maxchild };
    unsigned i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *a = names[i], *b = name;
        while (*a && *b && toupper((unsigned char)*b) == *a) {
            a++;
            b++;
        }
        if (!*a && !*b)
            return f[i];
    }
    return NULL;
}

int nl_parse_params(const char *s, wc_nic_cfg *c, char *err, int errlen)
{
    char tok[64];
    while (*s) {
        int n = 0;
        char *eq, *end;
        int *f;
        long v;
        while (*s == ' ' || *s == ',' || *s == '\t')
            s++;
        if (!*s)
            break;
        while (*s && *s != ' ' && *s != ',' && *s != '\t' && n < (int)sizeof tok - 1)
            tok[n++] = *s++;
        tok[n] = 0;
        eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err, (size_t)errlen, "parameter '%s' is not NAME=VALUE", tok);
            return -1;
        }
        *eq = 0;
        f = param_field(c, tok);
        v = strtol(eq + 1, &end, 0);
        if (!f) {
            snprintf(err, (size_t)errlen,
                     "unknown parameter '%s' (NNODES W B PAYLOAD NSLOT JSEND JFWD NCTX NGROUPS TXWIN MAXCHILD)", tok);
            return -1;
        }
        if (!eq[1] || *end) {
            snprintf(err, (size_t)errlen, "parameter %s: '%s' is not a number", tok, eq + 1);
            return -1;
        }
        *f = (int)v;
    }
    return wc_nic_cfg_check(c, err, errlen);
}

void nl_format_params(const wc_nic_cfg *c, int g, char *buf, int n)
{
    const char *p = g ? "-G" : "";
    snprintf(buf, (size_t)n, "%sNNODES=%d %sW=%d %sB=%d %sPAYLOAD=%d %sNSLOT=%d %sJSEND=%d %sJFWD=%d %sNCTX=%d "
             "%sNGROUPS=%d %sTXWIN=%d %sMAXCHILD=%d", p, c->nnodes, p, c->W, p, c->B, p, c->payload, p, c->nslot,
             p, c->jsend, p, c->jfwd, p, c->nctx, p, c->ngroups, p, c->txwin, p, c->maxchild);
}

/* ---- reports ------------------------------------------------------------ */

static const char *reg_name(unsigned r)
{
    switch (r) {
    case WC_NICR_ID: return "ID";
    case WC_NICR_CTRL: return "CTRL";
    case WC_NICR_STATUS: return "STATUS";
    case WC_NICR_SQ_BASE: return "SQ_BASE";
    case WC_NICR_SQ_SIZE: return "SQ_SIZE";
    case WC_NICR_SQ_TAIL: return "SQ_TAIL";
    case WC_NICR_SQ_HEAD: return "SQ_HEAD";
    case WC_NICR_RQ_BASE: return "RQ_BASE";
    case WC_NICR_RQ_SIZE: return "RQ_SIZE";
    case WC_NICR_RQ_TAIL: return "RQ_TAIL";
    case WC_NICR_RQ_HEAD: return "RQ_HEAD";
    case WC_NICR_CQ_BASE: return "CQ_BASE";
    case WC_NICR_CQ_SIZE: return "CQ_SIZE";
    case WC_NICR_CQ_HEAD: return "CQ_HEAD";
    case WC_NICR_CQ_TAIL: return "CQ_TAIL";
    case WC_NICR_INT_STATUS: return "INT_STATUS";
    case WC_NICR_INT_ENABLE: return "INT_ENABLE";
    case WC_NICR_GT_SEL: return "GT_SEL";
    case WC_NICR_GT_PARENT: return "GT_PARENT";
    case WC_NICR_GT_CHILD: return "GT_CHILD";
    case WC_NICR_GT_COMMIT: return "GT_COMMIT";
    case WC_NICR_GT_RESULT: return "GT_RESULT";
    case WC_NICR_ERR_CRC: return "ERR_CRC";
    case WC_NICR_ERR_GROUP: return "ERR_GROUP";
    case WC_NICR_ERR_LEN: return "ERR_LEN";
    case WC_NICR_ERR_TYPE: return "ERR_TYPE";
    case WC_NICR_ERR_DST: return "ERR_DST";
    case WC_NICR_RETX: return "RETX";
    case WC_NICR_TIMEOUT: return "TIMEOUT";
    case WC_NICR_ERR_NOBUF: return "ERR_NOBUF";
    case WC_NICR_DUPS: return "DUPS";
    case WC_NICR_PEAK: return "PEAK";
    case WC_NICR_SLOTS: return "SLOTS";
    case WC_NICR_TX_PKTS: return "TX_PKTS";
    case WC_NICR_RX_PKTS: return "RX_PKTS";
    case WC_NICR_TIMEOUTS: return "TIMEOUTS";
    case WC_NICR_ERR_DESC: return "ERR_DESC";
    case WC_NICR_CYCLE: return "CYCLE";
    default: return "unmapped";
    }
}

/* The outputs in the order a difference is reported: qualifiers before
 * the data they qualify. */
enum { O_TX_VALID, O_TX_FLIT, O_RX_CREDIT, O_S_ACK, O_S_DAT, O_M_CYC, O_M_STB, O_M_WE, O_M_ADR, O_M_DAT,
       O_M_SEL, O_IRQ, O_N };

static const char *out_name(int i)
{
    switch (i) {
    case O_TX_VALID: return "tx_valid_o";
    case O_TX_FLIT: return "tx_flit_o";
    case O_RX_CREDIT: return "rx_credit_o";
    case O_S_ACK: return "s_ack_o";
    case O_S_DAT: return "s_dat_o";
    case O_M_CYC: return "m_cyc_o";
    case O_M_STB: return "m_stb_o";
    case O_M_WE: return "m_we_o";
    case O_M_ADR: return "m_adr_o";
    case O_M_DAT: return "m_dat_o";
    case O_M_SEL: return "m_sel_o";
    default: return "irq_o";
    }
}

static uint64_t out_val(const wc_nic_out *o, int i)
{
    switch (i) {
    case O_TX_VALID: return (uint64_t)o->tx_valid;
    case O_TX_FLIT: return o->tx_flit;
    case O_RX_CREDIT: return (uint64_t)o->rx_credit;
    case O_S_ACK: return (uint64_t)o->s_ack;
    case O_S_DAT: return o->s_dat;
    case O_M_CYC: return (uint64_t)o->m_cyc;
    case O_M_STB: return (uint64_t)o->m_stb;
    case O_M_WE: return (uint64_t)o->m_we;
    case O_M_ADR: return o->m_adr;
    case O_M_DAT: return o->m_dat;
    case O_M_SEL: return o->m_sel;
    default: return (uint64_t)o->irq;
    }
}

static int first_diff(const wc_nic_out *a, const wc_nic_out *b)
{
    int i;
    for (i = 0; i < O_N; i++)
        if (out_val(a, i) != out_val(b, i))
            return i;
    return -1;
}

static void fmt_val(const nl_lock *L, int i, uint64_t v, char *buf, int n)
{
    int W = L->b->cfg.W;
    switch (i) {
    case O_TX_FLIT:
        snprintf(buf, (size_t)n, "0x%09llx (type %u, data 0x%08x%s)", (unsigned long long)v,
                 (unsigned)(v >> W) & 3u, (unsigned)v,
                 (v >> 32) & ((1ull << (W - 32)) - 1u) ? ", bits above 31 set" : "");
        break;
    case O_S_DAT: case O_M_ADR: case O_M_DAT:
        snprintf(buf, (size_t)n, "0x%08llx", (unsigned long long)v);
        break;
    case O_M_SEL:
        snprintf(buf, (size_t)n, "0x%llx", (unsigned long long)v);
        break;
    default:
        snprintf(buf, (size_t)n, "%llu", (unsigned long long)v);
        break;
    }
}

/* What the data word of flit k of a NIC packet means. */
static void flit_meaning(uint32_t w, int k, char *buf, int n)
{
    switch (k) {
    case 0:
        snprintf(buf, (size_t)n, "head: dst %u kind %u naddr %u user %u", WC_GET(w, HEAD_DST), WC_GET(w, HEAD_KIND),
                 WC_GET(w, HEAD_NADDR), WC_GET(w, HEAD_USER));
        break;
    case 1:
        snprintf(buf, (size_t)n, "NH0: src %u group %u type %u rsvd %u", WC_GET(w, NH0_SRC), WC_GET(w, NH0_GROUP),
                 WC_GET(w, NH0_TYPE), WC_GET(w, NH0_RSVD));
        break;
    case 2:
        snprintf(buf, (size_t)n, "NH1: seq %u off %u", WC_GET(w, NH1_SEQ), WC_GET(w, NH1_OFF));
        break;
    case 3:
        snprintf(buf, (size_t)n, "NH2: len %u msglen %u", WC_GET(w, NH2_LEN), WC_GET(w, NH2_MSGLEN));
        break;
    case 4:
        snprintf(buf, (size_t)n, "NH3: CRC");
        break;
    default:
        snprintf(buf, (size_t)n, "payload word %d", k - 5);
        break;
    }
}

static void print_in(const nic_bench *b, const nl_hist *h)
{
    printf("    cycle %-8ld rx %s", h->cyc, h->in.rx_valid ? "" : "-");
    if (h->in.rx_valid)
        printf("%u:%08x", (unsigned)(h->in.rx_flit >> b->cfg.W) & 3u, (unsigned)h->in.rx_flit);
    printf("  tx_credit %d", h->in.tx_credit);
    if (h->in.s_cyc && h->in.s_stb)
        printf("  s %s %s(%u)%s", h->in.s_we ? "wr" : "rd", reg_name((h->in.s_adr >> 2) & 63u),
               (unsigned)(h->in.s_adr >> 2) & 63u, "");
    if (h->in.s_cyc && h->in.s_stb && h->in.s_we)
        printf(" 0x%08x", (unsigned)h->in.s_dat);
    if (h->out.m_stb)
        printf("  m %s 0x%08x%s", h->out.m_we ? "wr" : "rd", (unsigned)h->out.m_adr,
               h->in.m_ack ? (h->out.m_we ? " ack" : "") : h->in.m_err ? " ERR" : " wait");
    if (h->out.m_stb && h->in.m_ack && !h->out.m_we)
        printf(" ack 0x%08x", (unsigned)h->in.m_dat);
    if (h->out.tx_valid)
        printf("  tx %u:%08x", (unsigned)(h->out.tx_flit >> b->cfg.W) & 3u, (unsigned)h->out.tx_flit);
    printf("\n");
}

static void report(nl_lock *L, const char *why, int sig, const wc_nic_out *want, const wc_nic_out *got,
                   const char *extra)
{
    nic_bench *b = L->b;
    char ev[200], av[200], m1[160], m2[160];
    int i;
    printf("MISMATCH %s\n", why);
    printf("  cycle %ld after reset of NIC %d (node %u), cycle %ld of the run; %s stimulus%s%s\n", b->cyc, L->nics,
           b->self, b->total, L->what, b->group ? ", group: " : "", b->group ? b->group : "");
    if (sig >= 0) {
        fmt_val(L, sig, out_val(want, sig), ev, sizeof ev);
        fmt_val(L, sig, out_val(got, sig), av, sizeof av);
        printf("  signal   %s\n", out_name(sig));
        printf("  expected %s   (C model)\n", ev);
        printf("  actual   %s   (%s)\n", av, L->ops->name);
        if (sig == O_TX_FLIT && want->tx_valid && b->tx_k >= 0) {
            flit_meaning((uint32_t)want->tx_flit, b->tx_k, m1, sizeof m1);
            flit_meaning((uint32_t)got->tx_flit, b->tx_k, m2, sizeof m2);
            printf("  flit %d of a packet to node %u: expected %s; actual %s\n", b->tx_k, WC_GET(b->cur.f[0], HEAD_DST),
                   m1, m2);
        }
        if (sig == O_TX_FLIT && !want->tx_valid)
            printf("  (tx_valid_o is low: the C model drives zeros on an idle link)\n");
        if (sig == O_S_DAT && want->s_ack)
            printf("  read of register %u (%s)\n", b->sreg, reg_name(b->sreg));
        if (sig == O_S_DAT && !want->s_ack)
            printf("  (s_ack_o is low: the C model drives zeros between read answers)\n");
        if ((sig == O_M_ADR || sig == O_M_DAT || sig == O_M_SEL || sig == O_M_WE) && want->m_stb)
            printf("  DMA word at %s\n", nb_where(b, want->m_adr & ~3u, m1, sizeof m1));
        if (sig >= O_M_WE && sig <= O_M_SEL && got->m_stb && got->m_adr != want->m_adr)
            printf("  the %s's word is at %s\n", L->ops->name, nb_where(b, got->m_adr & ~3u, m2, sizeof m2));
        if (sig >= O_M_WE && sig <= O_M_SEL && !want->m_stb)
            printf("  (m_stb_o is low: the C model drives zeros when the DMA master is idle)\n");
    }
    if (extra)
        printf("  %s\n", extra);
    if (b->note[0])
        printf("  stimulus: %s\n", b->note);
    if (b->rx_k > 0) {
        const uint32_t *h = b->rx_h;
        printf("  ejection link: worm to node %u", WC_GET(h[0], HEAD_DST));
        if (b->rx_k >= 4)
            printf(" (src %u group %u type %u seq %u off %u len %u msglen %u)", WC_GET(h[1], NH0_SRC),
                   WC_GET(h[1], NH0_GROUP), WC_GET(h[1], NH0_TYPE), WC_GET(h[2], NH1_SEQ), WC_GET(h[2], NH1_OFF),
                   WC_GET(h[3], NH2_LEN), WC_GET(h[3], NH2_MSGLEN));
        printf(", %d flits delivered%s\n", b->rx_k, b->rxn ? "" : ", nothing queued behind");
    }
    if (b->cur_open && b->cur.n > 0) {
        const uint32_t *f = b->cur.f;
        printf("  injection link: packet to node %u", WC_GET(f[0], HEAD_DST));
        if (b->cur.n >= 4)
            printf(" (src %u group %u type %u seq %u off %u len %u msglen %u)", WC_GET(f[1], NH0_SRC),
                   WC_GET(f[1], NH0_GROUP), WC_GET(f[1], NH0_TYPE), WC_GET(f[2], NH1_SEQ), WC_GET(f[2], NH1_OFF),
                   WC_GET(f[3], NH2_LEN), WC_GET(f[3], NH2_MSGLEN));
        printf(", %u flits sent\n", b->cur.n);
    }
    printf("  so far: %d packets from this NIC; in the run %ld flits to the NICs, %ld from them, %ld register "
           "accesses\n", b->ntx, b->rx_flits, b->tx_flits, b->reg_accesses);
    printf("  outputs this cycle       C model      %s\n", L->ops->name);
    for (i = 0; i < O_N; i++) {
        fmt_val(L, i, out_val(want, i), ev, sizeof ev);
        fmt_val(L, i, out_val(got, i), av, sizeof av);
        if (i == O_TX_FLIT) {
            /* long values: keep the hex only */
            snprintf(ev, sizeof ev, "0x%09llx", (unsigned long long)want->tx_flit);
            snprintf(av, sizeof av, "0x%09llx", (unsigned long long)got->tx_flit);
        }
        printf("  %c %-22s %-12s %s\n", out_val(want, i) != out_val(got, i) ? '*' : ' ', out_name(i), ev, av);
    }
    printf("  inputs and the C model's link and DMA outputs, last %d cycles (oldest first):\n",
           L->hn < NL_HIST ? L->hn : NL_HIST);
    for (i = L->hn > NL_HIST ? L->hn - NL_HIST : 0; i < L->hn; i++)
        print_in(b, &L->hist[i % NL_HIST]);
    if (b->scen)
        printf("  replay: %s --directed %s --wave nic.fst\n", L->replay, b->scen);
    else
        printf("  replay: %s\n", L->replay);
    fflush(stdout);
}

/* ---- the nb_dut callbacks --------------------------------------------- */

static void lock_reset(void *ctx, unsigned node, int edges)
{
    nl_lock *L = ctx;
    L->ops->reset(L->d, node, edges);
    L->nics++;
    L->hn = 0;
}

static int lock_cycle(void *ctx, const wc_nic_out *want, const wc_nic_in *in)
{
    nl_lock *L = ctx;
    wc_nic_out got, settled;
    char msg[300];
    int sig;
    L->ops->outputs(L->d, &got);
    if ((sig = first_diff(want, &got)) >= 0) {
        char why[100];
        snprintf(why, sizeof why, "%s differs from the C model", out_name(sig));
        report(L, why, sig, want, &got, NULL);
        L->mismatches++;
        return 1;
    }
    L->ops->drive(L->d, in);
    L->ops->outputs(L->d, &settled);
    if ((sig = first_diff(&got, &settled)) >= 0) {
        char why[120];
        snprintf(why, sizeof why, "%s changes with this cycle's inputs (a combinational path from an input)",
                 out_name(sig));
        report(L, why, sig, want, &settled, "the C model's outputs depend on registered state only; "
               "'actual' is the value after this cycle's inputs were driven");
        L->mismatches++;
        return 1;
    }
    L->ops->edge(L->d);
    {
        nl_hist *h = &L->hist[L->hn % NL_HIST];
        h->cyc = L->b->cyc;
        h->in = *in;
        h->out = *want;
        L->hn++;
    }
    L->compared++;
    if (L->ops->failed && L->ops->failed(L->d, msg, sizeof msg)) {
        report(L, "the DUT's own assertion failed at this edge", -1, want, &got, msg);
        L->mismatches++;
        return 1;
    }
    return 0;
}

/* ---- options ------------------------------------------------------------ */

static void cat(char *buf, size_t n, const char *fmt, ...)
{
    size_t l = strlen(buf);
    va_list ap;
    if (l + 1 >= n)
        return;
    va_start(ap, fmt);
    vsnprintf(buf + l, n - l, fmt, ap);
    va_end(ap);
}

static void usage(const char *argv0)
{
    printf("usage: %s [options]\n"
           "  --directed [NAME]   the directed scenarios only (NAME: those whose name contains it)\n"
           "  --random            the random run only (default: directed, then random)\n"
           "  --seed S            random stimulus seed (default 1)\n"
           "  --cycles N          random run length in cycles (default 200000)\n"
           "  --node ID           node id of the random run (default: from the seed)\n"
           "  --params \"NAME=V ..\" NNODES W B PAYLOAD NSLOT JSEND JFWD NCTX NGROUPS TXWIN MAXCHILD; must be\n"
           "                      those the DUT was built with (verif/nic/run.sh builds one per set)\n"
           "  --mutate K          break the C model on purpose (1..%d); the run must then stop at a mismatch\n"
           "  --mutations         list the C model's mutations (K and what each breaks) and exit\n"
           "  --wave PATH         waveform of the DUT (FST)\n"
           "  --coverage          fail the random run if an expected event never happened\n"
           "  --long              random epochs of 1.5M..3M cycles, one peer, big messages (with a\n"
           "                      small PAYLOAD the sequence numbers wrap)\n"
           "  --verbose           one line per epoch of the random run\n"
           "  --gparams           print the Verilator -G options for --params and exit\n", argv0, WC_NIC_MUTATIONS);
}

static const char *opt_arg(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s: %s needs a value\n", argv[0], argv[*i]);
        exit(2);
    }
    return argv[++*i];
}

static long opt_num(int argc, char **argv, int *i)
{
    const char *opt = argv[*i], *s = opt_arg(argc, argv, i);
    char *end;
    long v = strtol(s, &end, 0);
    if (!*s || *end) {
        fprintf(stderr, "%s: %s: '%s' is not a number\n", argv[0], opt, s);
        exit(2);
    }
    return v;
}

int nl_main(int argc, char **argv, const nl_dut_ops *ops)
{
    nl_lock L;
    nic_bench *b;
    wc_nic_cfg cfg, built;
    nr_opts ro;
    char err[300], pstr[300], how[400];
    const char *params = NULL, *wave = NULL, *only = NULL;
    int directed = 1, random = 1, mutate = 0, gparams = 0, i, npass = 0, nfail = 0;

    memset(&ro, 0, sizeof ro);
    ro.seed = 1;
    ro.cycles = 200000;
    ro.node = -1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--directed")) {
            directed = 1;
            random = 0;
            if (i + 1 < argc && argv[i + 1][0] != '-')
                only = argv[++i];
        } else if (!strcmp(a, "--random")) {
            random = 1;
            directed = 0;
        } else if (!strcmp(a, "--seed")) {
            ro.seed = (uint64_t)opt_num(argc, argv, &i);
        } else if (!strcmp(a, "--cycles")) {
            ro.cycles = opt_num(argc, argv, &i);
        } else if (!strcmp(a, "--node")) {
            ro.node = (int)opt_num(argc, argv, &i);
        } else if (!strcmp(a, "--params")) {
            params = opt_arg(argc, argv, &i);
        } else if (!strcmp(a, "--mutate")) {
            mutate = (int)opt_num(argc, argv, &i);
        } else if (!strcmp(a, "--wave")) {
            wave = opt_arg(argc, argv, &i);
        } else if (!strcmp(a, "--coverage")) {
            ro.require_coverage = 1;
        } else if (!strcmp(a, "--long")) {
            ro.long_epochs = 1;
        } else if (!strcmp(a, "--verbose")) {
            ro.verbose = 1;
        } else if (!strcmp(a, "--gparams")) {
            gparams = 1;
        } else if (!strcmp(a, "--mutations")) {
            int k;
            for (k = 1; k <= WC_NIC_MUTATIONS; k++)
                printf("%d %s\n", k, wc_nic_mutation_name(k));
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(argv[0]);
            return 0;
        } else {
            fprintf(stderr, "%s: unknown option '%s' (--help)\n", argv[0], a);
            return 2;
        }
    }

    /* the parameters: the bench's defaults, then the build's, then --params */
    wc_nic_cfg_default(&cfg, 16);
    if (ops && ops->built && nl_parse_params(ops->built, &cfg, err, sizeof err)) {
        fprintf(stderr, "%s: built with bad parameters: %s\n", argv[0], err);
        return 2;
    }
    built = cfg;
    if (params && nl_parse_params(params, &cfg, err, sizeof err)) {
        fprintf(stderr, "%s: --params: %s\n", argv[0], err);
        return 2;
    }
    if (gparams) {
        nl_format_params(&cfg, 1, pstr, sizeof pstr);
        printf("%s\n", pstr);
        return 0;
    }
    if (ops->built && memcmp(&cfg, &built, sizeof cfg) != 0) {
        nl_format_params(&built, 0, pstr, sizeof pstr);
        fprintf(stderr, "%s: this %s was built with %s; verif/nic/run.sh --params \"...\" builds and runs the set "
                "asked for\n", argv[0], ops->name, pstr);
        return 2;
    }
    if (mutate < 0 || mutate > WC_NIC_MUTATIONS) {
        fprintf(stderr, "%s: --mutate takes 1..%d\n", argv[0], WC_NIC_MUTATIONS);
        return 2;
    }
    nl_format_params(&cfg, 0, pstr, sizeof pstr);

    memset(&L, 0, sizeof L);
    L.ops = ops;
    L.d = ops->open(&cfg, wave, err, sizeof err);
    if (!L.d) {
        fprintf(stderr, "%s: cannot open the %s: %s\n", argv[0], ops->name, err);
        return 2;
    }
    b = nb_new(NR_MEMSIZE);
    if (!b) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 2;
    }
    L.b = b;
    b->dut.ctx = &L;
    b->dut.reset = lock_reset;
    b->dut.cycle = lock_cycle;
    b->garbage = 1;
    wc_rng_seed(&b->rng, ro.seed * 0x9E3779B97F4A7C15ull + 7u);
    cfg.mutate = mutate;
    printf("NIC lockstep: C model vs %s, %s", ops->name, pstr);
    if (mutate)
        printf(", C model mutated (%d: %s)", mutate, wc_nic_mutation_name(mutate));
    printf("\n");

    /* how to repeat a run: through run.sh for the RTL (it builds the
     * parameter set, with tracing for --wave) */
    if (ops->built)
        snprintf(how, sizeof how, "verif/nic/run.sh --params \"%s\"", pstr);
    else
        snprintf(how, sizeof how, "%s --params \"%s\"", argv[0], pstr);
    if (directed) {
        L.what = "directed";
        /* the report adds "--directed <scenario>" */
        snprintf(L.replay, sizeof L.replay, "%s", how);
        if (mutate)
            cat(L.replay, sizeof L.replay, " --mutate %d", mutate);
        nic_scen_run(b, &cfg, only);
        printf("%s directed scenarios: %d groups passed, %d failed; %ld cycles compared, %ld mismatches\n",
               b->nfail ? "FAIL" : "ok  ", b->gpass, b->gfail, L.compared, L.mismatches);
        npass += b->gpass;
        nfail += b->gfail;
        if (b->nfail && !b->gfail)
            nfail++;                /* a failure outside any group */
    }
    if (random) {
        long m0 = L.mismatches, c0 = L.compared;
        int rc;
        L.what = "random";
        b->npass = b->nfail = 0;
        snprintf(L.replay, sizeof L.replay, "%s --random --seed %llu --cycles %ld", how,
                 (unsigned long long)ro.seed, ro.cycles);
        if (ro.node >= 0)
            cat(L.replay, sizeof L.replay, " --node %d", ro.node);
        if (ro.long_epochs)
            cat(L.replay, sizeof L.replay, " --long");
        if (mutate)
            cat(L.replay, sizeof L.replay, " --mutate %d", mutate);
        cat(L.replay, sizeof L.replay, " --wave nic.fst");
        rc = nr_run(b, &cfg, &ro);
        if (rc && !b->stopped)
            printf("     replay: %s\n", L.replay);
        printf("%s random run: seed %llu, %ld cycles compared, %ld mismatches\n", rc ? "FAIL" : "ok  ",
               (unsigned long long)ro.seed, L.compared - c0, L.mismatches - m0);
        if (rc)
            nfail++;
        else
            npass++;
    }
    printf("%d passed, %d failed\n", npass, nfail);
    ops->close(L.d);
    nb_free(b);
    return nfail ? 1 : 0;
}

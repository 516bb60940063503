/* SPDX-License-Identifier: Apache-2.0 */
/* fwsim: run one node firmware ELF on every node of a system, on the host,
 * before the cycle-exact system model exists.  It is a test harness, not
 * that model: each node is the instruction-set model (cmodel/rv32) with a
 * fixed cost per instruction (the core's CPI: 3, 5 for loads and stores,
 * 36 for multiply and divide), its RAM without arbitration, and the C
 * model of the NIC on the C model routers of the topology (through
 * wc_engine).  A store to the NIC's registers is one Wishbone write the
 * core waits for, as on the node; a load returns the register at once.
 * The NIC's DMA gets an answer every other cycle, as from the node RAM.
 * mcycle and mtime are the harness's cycle, the same on every node.
 *
 * usage: fwsim [--topo NAME] [--arg KEY=VALUE]... [--max-cycles N]
 *              [--quiet | --console NODE] [--profile NODE] [--trace] [--itrace NODE:FROM:TO]
 *              [--flip NODE:K] ELF
 * --profile counts that node's cycles per function; --trace prints every
 * register write and completion with its cycle, --itrace the instructions
 * one node runs in a window of cycles; --flip flips bit 0 of the K-th
 * message word the NIC of NODE writes into RAM (the checkers must see it).
 * Console lines print as "nN: line", of one node only with --console
 * (--quiet: node 0).  Exit status 0 when every node
 * exits with pass, 1 when one fails, 2 on a harness error or when the
 * cycle limit passes (then each NIC's state is dumped). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rv32_elf.h"
#include "rv32_iss.h"
#include "wc_defs_macros.h"
#include "wc_engine.h"

#define LINE 512
#define MEM_WAIT 1           /* cycles the node RAM keeps the DMA waiting per word */
#define PAINT 0xA5u          /* free RAM is painted to find the stack's deepest point */

typedef struct node {
    int id, exited, stall, quiet;
    uint32_t exit_code;
    long busy_until;
    rv_iss_t *iss;
    /* the pending register write of a store to the NIC */
    int wr_busy;
    unsigned wr_reg;
    uint32_t wr_val;
    int mwait;
    char line[LINE];
    int nline;
    struct sim *s;
} node;

typedef struct sim {
    int flip_node;              /* --flip: node and number of the message word to corrupt */
    long flip_at, flips;
    int itrace;                 /* node whose instructions print, between cycles it_from and it_to */
    long it_from, it_to;
    int trace;                  /* print register writes and completions with their cycle */
    int profile;                /* node whose cycles are counted per function, -1: none */
    const wc_topo *t;
    wc_engine *e;
    int N;
    long cyc;
    node *nd;
    wc_nic_in *in;
} sim;

/* ---- ELF symbols: wc_args and the RAM bounds ------------------------------ */
static uint32_t rd32(const unsigned char *p) { return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }

typedef struct { uint32_t lo, hi; const char *name; double cycles; } func;
static func *funcs;
static int nfuncs;

/* Value of symbol name in the ELF32 file image f of n bytes, or 0; with
 * name NULL, collect the function symbols into funcs instead. */
static uint32_t elf_sym(const unsigned char *f, long n, const char *name)
{
    uint32_t shoff, i;
    unsigned shentsize, shnum;
    if (n < 52 || memcmp(f, "\177ELF", 4) || f[4] != 1)
        return 0;
    shoff = rd32(f + 32);
    shentsize = rd16(f + 46);
    shnum = rd16(f + 48);
    for (i = 0; i < shnum; i++) {
        const unsigned char *sh = f + shoff + (size_t)i * shentsize, *strsh;
        uint32_t off, size, link, k;
        if ((long)(shoff + (i + 1) * shentsize) > n || rd32(sh + 4) != 2)     /* SHT_SYMTAB */
            continue;
        off = rd32(sh + 16);
        size = rd32(sh + 20);
        link = rd32(sh + 24);
        strsh = f + shoff + (size_t)link * shentsize;
        if ((long)(off + size) > n || link >= shnum)
            return 0;
        for (k = 0; k + 16 <= size; k += 16) {
            const unsigned char *sym = f + off + k;
            uint32_t nm = rd32(strsh + 16) + rd32(sym);
            if (!name && (sym[12] & 0xf) == 2 && (long)nm < n && rd32(sym + 8) &&   /* STT_FUNC */
                (funcs = realloc(funcs, (size_t)(nfuncs + 1) * sizeof *funcs))) {
                funcs[nfuncs].lo = rd32(sym + 4);
                funcs[nfuncs].hi = rd32(sym + 4) + rd32(sym + 8);
                funcs[nfuncs].name = strdup((const char *)f + nm);
                funcs[nfuncs++].cycles = 0;
            } else if (name && (long)nm < n && !strncmp((const char *)f + nm, name, (size_t)(n - nm))) {
                return rd32(sym + 4);
            }
        }
    }
    return 0;
}

static unsigned char *slurp(const char *path, long *n)
{
    FILE *fp = fopen(path, "rb");
    unsigned char *b = NULL;
    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) == 0 && (*n = ftell(fp)) > 0 && *n < RV_ELF_MAX_BYTES && fseek(fp, 0, SEEK_SET) == 0 &&
        (b = malloc((size_t)*n)) && fread(b, 1, (size_t)*n, fp) != (size_t)*n) {
        free(b);
        b = NULL;
    }
    fclose(fp);
    return b;
}

/* ---- the node's devices ---------------------------------------------------- */
static void console(node *d, int c)
{
    if (c == '\n' || d->nline == LINE - 1) {
        d->line[d->nline] = '\0';
        if (d->s->trace)
            printf("%9ld ", d->s->cyc);
        if (!d->quiet)
            printf("n%d: %s\n", d->id, d->line);
        d->nline = 0;
        if (c == '\n')
            return;
    }
    d->line[d->nline++] = (char)c;
}

static int dev_load(void *ctx, uint32_t a, uint32_t sel, uint32_t *v)
{
    node *d = ctx;
    (void)sel;
    if (a >= WC_NODE_NIC_BASE && a < WC_NODE_NIC_BASE + WC_NODE_NIC_SIZE) {
        *v = wc_engine_nic_reg(d->s->e, d->id, (a - WC_NODE_NIC_BASE) / 4);
        return 0;
    }
    switch (a) {
    case WC_NODE_ID_ADDR: *v = (uint32_t)d->id; return 0;
    case WC_NODE_COUNT_ADDR: *v = (uint32_t)d->s->N; return 0;
    case WC_SOC_MTIME_ADDR: *v = (uint32_t)d->s->cyc; return 0;
    case WC_SOC_MTIME_ADDR + 4: *v = (uint32_t)((uint64_t)d->s->cyc >> 32); return 0;
    case WC_SOC_CONSOLE_ADDR: case WC_SOC_EXIT_ADDR: case WC_SOC_IRQ_ADDR:
    case WC_SOC_MTIMECMP_ADDR: case WC_SOC_MTIMECMP_ADDR + 4: *v = 0; return 0;
    default: return -1;
    }
}

static int dev_store(void *ctx, uint32_t a, uint32_t sel, uint32_t v)
{
    node *d = ctx;
    if (a >= WC_NODE_NIC_BASE && a < WC_NODE_NIC_BASE + WC_NODE_NIC_SIZE) {
        d->wr_busy = 1;
        d->wr_reg = (a - WC_NODE_NIC_BASE) / 4;
        d->wr_val = v;
        return 0;
    }
    switch (a) {
    case WC_SOC_CONSOLE_ADDR:
        if (sel & 1)
            console(d, (int)(v & 0xff));
        return 0;
    case WC_SOC_EXIT_ADDR:
        d->exited = 1;
        d->exit_code = v;
        return 0;
    case WC_SOC_IRQ_ADDR: case WC_SOC_MTIMECMP_ADDR: case WC_SOC_MTIMECMP_ADDR + 4:
        return 0;
    default: return -1;
    }
}

static uint32_t dev_csr(void *ctx, uint32_t csr, uint32_t own)
{
    node *d = ctx;
    switch (csr) {
    case WC_CSR_MCYCLE: case WC_CSR_CYCLE:
        if (d->s->trace)
            printf("%9ld n%d: reads mcycle\n", d->s->cyc, d->id);
        return (uint32_t)d->s->cyc;
    case WC_CSR_MCYCLEH: case WC_CSR_CYCLEH: return (uint32_t)((uint64_t)d->s->cyc >> 32);
    case WC_CSR_MIP: return wc_engine_nic_out(d->s->e, d->id)->irq ? 1u << WC_IRQ_MEI : 0;
    default: return own;
    }
}

static const rv_bus_ops_t dev_ops = { dev_load, dev_store, dev_csr };

/* cycles of the instruction just run on the node core */
static int cost(const rv_retire_t *r)
{
    uint32_t op = r->insn & 0x7f;
    if (r->trap)
        return 3;
    if (r->mem_rmask || r->mem_wmask)
        return 5;
    if (op == 0x33 && (r->insn >> 25) == 1)
        return 36;
    return 3;
}

/* ---- one cycle of the system ------------------------------------------------ */
static void dma_answer(node *d, const wc_nic_out *o, wc_nic_in *in)
{
    uint8_t *ram = rv_iss_ram(d->iss);
    uint32_t a = o->m_adr & ~3u, off = a - WC_SOC_RAM_BASE;
    int b;
    in->m_ack = in->m_err = 0;
    in->m_dat = 0;
    if (!(o->m_cyc && o->m_stb)) {
        d->mwait = 0;
        return;
    }
    if (d->mwait < MEM_WAIT) {
        d->mwait++;
        return;
    }
    d->mwait = 0;
    if (off >= WC_NODE_RAM_SIZE) {
        in->m_err = 1;
        return;
    }
    in->m_ack = 1;
    if (o->m_we && d->s->trace && (o->m_dat >> 31)) {
        uint32_t cq = wc_engine_nic_reg(d->s->e, d->id, WC_NICR_CQ_BASE);
        uint32_t sz = wc_engine_nic_reg(d->s->e, d->id, WC_NICR_CQ_SIZE);
        if (a >= cq && a < cq + 16u * sz && (a - cq) % 16u == 0)
            printf("%9ld n%d: completion kind %u status %u\n", d->s->cyc, d->id, (o->m_dat >> 8) & 0xfu,
                   o->m_dat & 0xffu);
    }
    if (o->m_we && d->id == d->s->flip_node) {
        uint32_t cq = wc_engine_nic_reg(d->s->e, d->id, WC_NICR_CQ_BASE);
        uint32_t sz = wc_engine_nic_reg(d->s->e, d->id, WC_NICR_CQ_SIZE);
        /* a message word on its way from the NIC into RAM, after the CRC
         * checks: what only the application's own check can catch */
        if ((a < cq || a >= cq + 16u * sz) && ++d->s->flips == d->s->flip_at) {
            printf("fwsim: flipped bit 0 of the word written to %08x at node %d, cycle %ld\n", a, d->id, d->s->cyc);
            in->m_ack = 1;
            for (b = 0; b < 4; b++)
                if (o->m_sel & (1u << b))
                    ram[off + b] = (uint8_t)((o->m_dat ^ 1u) >> (8 * b));
            return;
        }
    }
    if (o->m_we) {
        for (b = 0; b < 4; b++)
            if (o->m_sel & (1u << b))
                ram[off + b] = (uint8_t)(o->m_dat >> (8 * b));
    } else {
        in->m_dat = rd32(ram + off);
    }
}

static void cycle(sim *s)
{
    int n, P = s->t->nports;
    for (n = 0; n < s->N; n++) {
        node *d = &s->nd[n];
        if (!d->exited && !d->wr_busy && s->cyc >= d->busy_until) {
            rv_retire_t r;
            rv_iss_step(d->iss, &r);
            d->busy_until = s->cyc + cost(&r);
            if (n == s->itrace && s->cyc >= s->it_from && s->cyc < s->it_to) {
                char line[160];
                rv_format_retire(&r, line, sizeof line);
                printf("%9ld n%d: %s\n", s->cyc, n, line);
            }
            if (n == s->profile) {
                int f;
                for (f = 0; f < nfuncs; f++)
                    if (r.pc >= funcs[f].lo && r.pc < funcs[f].hi) {
                        funcs[f].cycles += cost(&r);
                        break;
                    }
            }
            if (r.trap && !r.intr) {
                printf("n%d: trap cause %u at pc %08x (tval %08x)\n", n, r.cause, r.pc, r.next_pc);
                d->exited = 1;
                d->exit_code = 0xffffffffu;
            }
        }
    }
    for (n = 0; n < s->N; n++)
        wc_engine_nic_eval(s->e, n);
    for (n = 0; n < s->N; n++) {
        const wc_nic_out *o = wc_engine_nic_out(s->e, n);
        wc_engine_net_set(s->e, wc_net_idx(P, s->t->node_router[n], s->t->node_port[n]), o->tx_valid, o->tx_flit,
                          o->rx_credit);
    }
    wc_engine_net_eval(s->e);
    for (n = 0; n < s->N; n++) {
        node *d = &s->nd[n];
        wc_nic_in *in = &s->in[n];
        int v, c;
        uint64_t f;
        memset(in, 0, sizeof *in);
        wc_engine_net_port(s->e, s->t->node_router[n], s->t->node_port[n], &v, &f, &c);
        in->rx_valid = v;
        in->rx_flit = v ? f : 0;
        in->tx_credit = c;
        if (d->wr_busy) {
            in->s_cyc = in->s_stb = in->s_we = 1;
            in->s_adr = 4u * d->wr_reg;
            in->s_dat = d->wr_val;
            in->s_sel = 0xF;
        }
        dma_answer(d, wc_engine_nic_out(s->e, n), in);
    }
    for (n = 0; n < s->N; n++)
        wc_engine_nic_set(s->e, n, &s->in[n]);
    wc_engine_tick(s->e);
    /* Wishbone classic: the write ends with the cycle its ACK is seen */
    for (n = 0; n < s->N; n++)
        if (s->nd[n].wr_busy && wc_engine_nic_out(s->e, n)->s_ack) {
            s->nd[n].wr_busy = 0;
            if (s->trace && s->nd[n].wr_reg != WC_NICR_INT_STATUS)
                printf("%9ld n%d: NIC register %u = %u\n", s->cyc, n, s->nd[n].wr_reg, s->nd[n].wr_val);
        }
    s->cyc++;
}

static int usage(void)
{
    fprintf(stderr, "usage: fwsim [--topo NAME] [--arg KEY=VALUE]... [--max-cycles N] [--quiet | --console NODE] "
            "[--profile NODE] "
            "[--trace] [--itrace NODE:FROM:TO] [--flip NODE:K] ELF\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *topo = "cube:3", *elf = NULL;
    char args[WC_NODE_ARGS_MAX], err[256];
    size_t nargs = 0;
    long max = 200000000L, fsize = 0;
    int i, n, quiet = -1, rc = 0, alive, profile = -1;
    unsigned char *image;
    uint32_t a_args, a_end, a_top;
    wc_engine_cfg ec;
    wc_nic_cfg nc;
    wc_topo *t;
    sim s;
    memset(&s, 0, sizeof s);
    s.itrace = -1;
    s.flip_node = -1;
    memset(args, 0, sizeof args);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--topo") && i + 1 < argc) {
            topo = argv[++i];
        } else if (!strcmp(argv[i], "--arg") && i + 1 < argc) {
            size_t l = strlen(argv[++i]) + 1;
            if (!strchr(argv[i], '=') || nargs + l + 1 > sizeof args) {
                fprintf(stderr, "fwsim: --arg %s: not KEY=VALUE or the area (%d bytes) is full\n", argv[i],
                        (int)sizeof args);
                return 2;
            }
            memcpy(args + nargs, argv[i], l);
            nargs += l;
        } else if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
            max = atol(argv[++i]);
        } else if (!strcmp(argv[i], "--quiet")) {
            quiet = 0;
        } else if (!strcmp(argv[i], "--console") && i + 1 < argc) {
            quiet = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--trace")) {
            s.trace = 1;
        } else if (!strcmp(argv[i], "--flip") && i + 1 < argc) {
            if (sscanf(argv[++i], "%d:%ld", &s.flip_node, &s.flip_at) != 2)
                return usage();
        } else if (!strcmp(argv[i], "--itrace") && i + 1 < argc) {
            if (sscanf(argv[++i], "%d:%ld:%ld", &s.itrace, &s.it_from, &s.it_to) != 3)
                return usage();
        } else if (!strcmp(argv[i], "--profile") && i + 1 < argc) {
            profile = atoi(argv[++i]);
        } else if (argv[i][0] == '-' || elf) {
            return usage();
        } else {
            elf = argv[i];
        }
    }
    if (!elf)
        return usage();
    if (!(image = slurp(elf, &fsize))) {
        fprintf(stderr, "fwsim: %s: cannot read\n", elf);
        return 2;
    }
    a_args = elf_sym(image, fsize, "wc_args");
    a_end = elf_sym(image, fsize, "_end");
    a_top = elf_sym(image, fsize, "__stack_top");
    if (profile >= 0)
        elf_sym(image, fsize, NULL);
    free(image);
    if (!a_args || !a_end || a_top != WC_SOC_RAM_BASE + WC_NODE_RAM_SIZE) {
        fprintf(stderr, "fwsim: %s: not a node firmware ELF (wc_args, _end, __stack_top at the top of %d KiB)\n", elf,
                WC_NODE_RAM_SIZE / 1024);
        return 2;
    }
    if (!(t = wc_topo_create(topo, err, sizeof err))) {
        fprintf(stderr, "fwsim: %s\n", err);
        return 2;
    }
    if (t->nlocal != 1) {
        fprintf(stderr, "fwsim: %s: nodes with several local ports are not supported\n", topo);
        return 2;
    }
    s.profile = profile;
    s.t = t;
    s.N = t->nnodes;
    wc_nic_cfg_default(&nc, s.N);
    nc.W = WC_FLIT_DATA_W;
    nc.B = 8;
    memset(&ec, 0, sizeof ec);
    ec.t = t;
    ec.width = nc.W;
    ec.buffer = nc.B;
    ec.nic = &nc;
    if (!(s.e = wc_engine_open(0, &ec, "C model", err, sizeof err)) || !(s.nd = calloc((size_t)s.N, sizeof *s.nd)) ||
        !(s.in = calloc((size_t)s.N, sizeof *s.in))) {
        fprintf(stderr, "fwsim: %s\n", s.e ? "out of memory" : err);
        return 2;
    }
    for (n = 0; n < s.N; n++) {
        node *d = &s.nd[n];
        rv_elf_info_t info;
        uint8_t *ram;
        d->id = n;
        d->s = &s;
        d->quiet = quiet >= 0 && n != quiet;
        if (!(d->iss = rv_iss_new(WC_SOC_RAM_BASE, WC_NODE_RAM_SIZE, &dev_ops, d, err, sizeof err)) ||
            rv_elf_load(elf, rv_iss_ram(d->iss), WC_SOC_RAM_BASE, WC_NODE_RAM_SIZE, &info, err, sizeof err)) {
            fprintf(stderr, "fwsim: %s\n", err);
            return 2;
        }
        ram = rv_iss_ram(d->iss);
        memcpy(ram + (a_args - WC_SOC_RAM_BASE), args, sizeof args);
        memset(ram + (a_end - WC_SOC_RAM_BASE), PAINT, a_top - a_end);
        rv_iss_reset(d->iss, info.entry);
    }
    for (alive = s.N; alive && s.cyc < max;) {
        cycle(&s);
        for (alive = 0, n = 0; n < s.N; n++)
            alive += !s.nd[n].exited;
    }
    {
        uint32_t deepest = a_top;
        for (n = 0; n < s.N; n++) {
            const uint8_t *ram = rv_iss_ram(s.nd[n].iss);
            uint32_t p = a_end;
            while (p < a_top && ram[p - WC_SOC_RAM_BASE] == PAINT)
                p++;
            if (p < deepest)
                deepest = p;
        }
        unsigned long retx = 0, nobuf = 0, pk = 0;
        for (n = 0; n < s.N; n++) {
            retx += wc_engine_nic_reg(s.e, n, WC_NICR_RETX);
            nobuf += wc_engine_nic_reg(s.e, n, WC_NICR_ERR_NOBUF);
            pk += wc_engine_nic_reg(s.e, n, WC_NICR_TX_PKTS);
        }
        printf("fwsim: %s on %s, %d nodes: %ld cycles; deepest stack %u bytes, %u left unused\n", elf, t->name, s.N,
               s.cyc, a_top - deepest, deepest - a_end);
        printf("fwsim: NICs sent %lu packets, resent %lu after timeouts, dropped %lu for want of room\n", pk, retx,
               nobuf);
    }
    if (profile >= 0) {
        double all = 0;
        int f;
        for (f = 0; f < nfuncs; f++)
            all += funcs[f].cycles;
        printf("fwsim: node %d busy %.0f of %ld cycles; by function:\n", profile, all, s.cyc);
        for (f = 0; f < nfuncs; f++)
            if (funcs[f].cycles >= all / 200)
                printf("  %-24s %12.0f %5.1f%%\n", funcs[f].name, funcs[f].cycles, 100 * funcs[f].cycles / all);
    }
    for (n = 0; n < s.N; n++) {
        node *d = &s.nd[n];
        if (!d->exited) {
            /* code addresses on the stack: the callers, for addr2line */
            const uint8_t *ram = rv_iss_ram(d->iss);
            uint32_t sp = rv_iss_reg(d->iss, 2), p;
            printf("fwsim: node %d did not exit (pc %08x ra %08x; code addresses on its stack:", n,
                   rv_iss_pc(d->iss), rv_iss_reg(d->iss, 1));
            for (p = sp; p >= WC_SOC_RAM_BASE && p + 4 <= a_top; p += 4) {
                uint32_t w = rd32(ram + (p - WC_SOC_RAM_BASE));
                if (w >= WC_SOC_RAM_BASE && w < a_args && !(w & 3))
                    printf(" %08x", w);
            }
            printf(")\n");
            wc_engine_nic_dump(s.e, n, stdout);
            printf("    NIC %d counters: rx %u tx %u dups %u nobuf %u retx %u; errors crc %u group %u len %u type %u "
                   "dst %u desc %u\n", n, wc_engine_nic_reg(s.e, n, WC_NICR_RX_PKTS),
                   wc_engine_nic_reg(s.e, n, WC_NICR_TX_PKTS), wc_engine_nic_reg(s.e, n, WC_NICR_DUPS),
                   wc_engine_nic_reg(s.e, n, WC_NICR_ERR_NOBUF), wc_engine_nic_reg(s.e, n, WC_NICR_RETX),
                   wc_engine_nic_reg(s.e, n, WC_NICR_ERR_CRC), wc_engine_nic_reg(s.e, n, WC_NICR_ERR_GROUP),
                   wc_engine_nic_reg(s.e, n, WC_NICR_ERR_LEN), wc_engine_nic_reg(s.e, n, WC_NICR_ERR_TYPE),
                   wc_engine_nic_reg(s.e, n, WC_NICR_ERR_DST), wc_engine_nic_reg(s.e, n, WC_NICR_ERR_DESC));
            rc = 2;
        } else if (d->exit_code != 1) {
            printf("fwsim: node %d exited with code %u\n", n, d->exit_code >> 1);
            if (!rc)
                rc = 1;
        }
    }
    if (!rc)
        printf("fwsim: every node passed\n");
    for (n = 0; n < s.N; n++)
        rv_iss_free(s.nd[n].iss);
    free(s.nd);
    free(s.in);
    wc_engine_close(s.e);
    wc_topo_free(t);
    return rc;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* The single-NIC bench board: see nic_bench.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_bench.h"

nic_bench *nb_new(uint32_t memsize)
{
    nic_bench *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->mem = calloc(memsize, 1);
    if (!b->mem) {
        free(b);
        return NULL;
    }
    b->memsize = memsize;
    b->credit_min = b->credit_max = 1;
    b->wait_left = -1;
    wc_rng_seed(&b->rng, 1);
    return b;
}

void nb_free(nic_bench *b)
{
    if (!b)
        return;
    wc_nic_free(b->nic);
    free(b->mem);
    free(b);
}

int nb_start(nic_bench *b, const wc_nic_cfg *cfg, unsigned node)
{
    char err[200];
    int i;
    wc_nic_free(b->nic);
    b->nic = wc_nic_create(cfg, node, err, sizeof err);
    if (!b->nic) {
        printf("FAIL cannot create NIC: %s\n", err);
        return -1;
    }
    b->cfg = *cfg;
    b->self = node;
    b->cyc = 0;
    b->wait_left = -1;
    for (i = 0; i < NB_NERR; i++)
        b->err_lo[i] = b->err_hi[i] = 0;
    b->rxh = b->rxn = 0;
    b->rx_out = 0;
    b->ntx = 0;
    b->cur_open = 0;
    b->crh = b->crn = 0;
    b->credit_stall = 0;
    b->sreq = 0;
    b->seen_ack = 0;
    b->seen_dat = 0;
    b->stopped = 0;
    b->tx_k = -1;
    b->rx_k = 0;
    b->reset_at_edge = 0;
    b->auto_grant = 0;
    b->ag_seen = 0;
    for (i = 0; i < NB_NWHERE; i++)
        b->where_name[i] = NULL;
    if (b->dut.reset)
        b->dut.reset(b->dut.ctx, node, b->reset_edges > 0 ? b->reset_edges : 4);
    return 0;
}

void nb_link_reset(nic_bench *b)
{
    b->crh = b->crn = 0;
    b->cur_open = 0;
    b->rx_out = 0;
    b->rxh = b->rxn = 0;
}

void nb_name_region(nic_bench *b, uint32_t lo, uint32_t hi, const char *name)
{
    int i;
    for (i = 0; i < NB_NWHERE; i++)
        if (!b->where_name[i] || (b->where_lo[i] == lo && b->where_hi[i] == hi)) {
            b->where_lo[i] = lo;
            b->where_hi[i] = hi;
            b->where_name[i] = name;
            return;
        }
}

const char *nb_where(const nic_bench *b, uint32_t a, char *buf, int n)
{
    int i;
    for (i = 0; i < NB_NWHERE; i++)
        if (b->where_name[i] && a >= b->where_lo[i] && a < b->where_hi[i]) {
            snprintf(buf, (size_t)n, "%s + 0x%x", b->where_name[i], (unsigned)(a - b->where_lo[i]));
            return buf;
        }
    snprintf(buf, (size_t)n, "%s", a >= b->memsize ? "outside memory" : "unnamed memory");
    return buf;
}

/* A protocol rule of the links or buses broken: one failed check. */
static void violation(nic_bench *b, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    nb_check(b, 0, __FILE__, __LINE__, "cycle %ld (run cycle %ld): %s", b->cyc, b->total, msg);
}

static uint64_t mask_w(int w) { return w >= 64 ? ~0ull : (1ull << w) - 1u; }

/* Values for inputs whose qualifier is low this cycle. */
static void garbage(nic_bench *b, wc_nic_in *in)
{
    in->rx_flit = wc_rng_next(&b->rng) & mask_w(b->cfg.W + 2);
    in->s_cyc = wc_rng_chance(&b->rng, 0.25);
    in->s_we = (int)(wc_rng_next(&b->rng) & 1u);
    in->s_adr = (uint32_t)wc_rng_next(&b->rng);
    in->s_dat = (uint32_t)wc_rng_next(&b->rng);
    in->s_sel = (unsigned)wc_rng_below(&b->rng, 16);
    in->m_dat = (uint32_t)wc_rng_next(&b->rng);
}

static void host_bus(nic_bench *b, const wc_nic_out *o, wc_nic_in *in)
{
    b->seen_ack = o->s_ack;
    b->seen_dat = o->s_dat;
    if (!b->sreq)
        return;
    in->s_cyc = in->s_stb = 1;
    in->s_we = b->swe;
    in->s_adr = b->sbase + 4u * b->sreg;
    if (b->swe || !b->garbage) {
        in->s_dat = b->sdat;
        in->s_sel = 0xFu;
    }
}

static void rx_link(nic_bench *b, const wc_nic_out *o, wc_nic_in *in)
{
    /* a credit seen now counts from the next cycle (the router registers it) */
    int go = b->rxn > 0 && (!b->rx_cap || b->rx_out < b->rx_cap);
    if (go && b->p_bubble > 0 && wc_rng_chance(&b->rng, b->p_bubble))
        go = 0;
    if (o->rx_credit && b->rx_out-- <= 0) {
        violation(b, "rx_credit with no flit owed a credit");
        b->rx_out = 0;
    }
    if (!go)
        return;
    {
        uint64_t f = b->rxq[b->rxh];
        uint64_t hi = b->cfg.W > 32 && b->garbage ? (wc_rng_next(&b->rng) << 32) & mask_w(b->cfg.W) : 0;
        in->rx_valid = 1;
        in->rx_flit = (f & 0xFFFFFFFFu) | hi | ((f >> 32) & 3u) << b->cfg.W;
        if ((f >> 32) & WC_FT_HEAD)
            b->rx_k = 0;
        if (b->rx_k < 5)
            b->rx_h[b->rx_k] = (uint32_t)f;
        b->rx_k++;
        b->rxh = (b->rxh + 1) % NB_RXQ;
        b->rxn--;
        b->rx_out++;
        b->rx_flits++;
    }
}

static void tx_link(nic_bench *b, const wc_nic_out *o, wc_nic_in *in)
{
    int owed = b->crn;
    b->tx_k = -1;
    if (b->crn && b->cyc >= b->credit_stall && b->crq[b->crh] <= b->cyc) {
        in->tx_credit = 1;
        b->crh = (b->crh + 1) % NB_CRQ;
        b->crn--;
    }
    if (!o->tx_valid)
        return;
    {
        unsigned type = (unsigned)(o->tx_flit >> b->cfg.W) & 3u;
        uint32_t w = (uint32_t)o->tx_flit;
        long due;
        b->tx_flits++;
        if (owed >= b->cfg.B)
            violation(b, "tx_valid with all %d credits of the router's buffer in use", b->cfg.B);
        if (type & WC_FT_HEAD) {
            if (b->cur_open)
                b->tx_framing++;
            b->cur.n = 0;
            b->cur_open = 1;
        } else if (!b->cur_open) {
            b->tx_framing++;
        }
        if (b->cur_open) {
            b->tx_k = (int)b->cur.n;
            if (b->cur.n < WC_NIC_MAX_PKT_FLITS + 8)
                b->cur.f[b->cur.n++] = w;
            if (type & WC_FT_TAIL) {
                b->tx[b->ntx % NB_TXP] = b->cur;
                b->ntx++;
                b->cur_open = 0;
            }
        }
        due = b->cyc + b->credit_min;
        if (b->credit_max > b->credit_min)
            due += (long)wc_rng_below(&b->rng, (uint32_t)(b->credit_max - b->credit_min + 1));
        if (b->crn) {
            long last = b->crq[(b->crh + b->crn - 1) % NB_CRQ];
            if (due <= last)
                due = last + 1;         /* one credit per cycle, in order */
        }
        if (b->crn < NB_CRQ) {
            b->crq[(b->crh + b->crn) % NB_CRQ] = due;
            b->crn++;
        }
    }
}

/* The peers of auto_grant: every REQ sent is granted at once, with the
 * expect the REQ names (a receiver with room for the message). */
static void grant_reqs(nic_bench *b)
{
    for (; b->ag_seen < b->ntx; b->ag_seen++) {
        wc_nic_hdr h;
        uint32_t f[WC_NIC_HDR_FLITS + 1];
        unsigned n;
        if (nb_parse_tx(b, b->ag_seen, &h, NULL) || h.type != WC_PT_REQ)
            continue;
        n = nb_build(b->self, h.dst, h.group, WC_PT_GRANT, h.seq, 0, 0, 0, NULL, f);
        if (nb_inject(b, f, n) == 0)
            b->ag_grants++;
    }
}

static int bus_error(const nic_bench *b, uint32_t a)
{
    int i;
    if (b->memsize < 4 || a > b->memsize - 4)
        return 1;
    for (i = 0; i < NB_NERR; i++)
        if (a >= b->err_lo[i] && a < b->err_hi[i])
            return 1;
    return 0;
}

static void memory(nic_bench *b, const wc_nic_out *o, wc_nic_in *in)
{
    uint32_t a;
    if (!(o->m_cyc && o->m_stb)) {
        b->wait_left = -1;
        return;
    }
    if (b->wait_left < 0)
        b->wait_left = b->wait_max > 0 ? (int)wc_rng_below(&b->rng, (uint32_t)b->wait_max + 1u) : 0;
    if (b->wait_left > 0) {
        b->wait_left--;
        return;
    }
    b->wait_left = -1;
    a = o->m_adr & ~3u;
    if (bus_error(b, a)) {
        in->m_err = 1;
        b->dma_errs++;
    } else if (o->m_we) {
        int k;
        for (k = 0; k < 4; k++)
            if (o->m_sel & (1u << k))
                b->mem[a + (unsigned)k] = (uint8_t)(o->m_dat >> (8 * k));
        in->m_ack = 1;
        b->dma_write_words++;
    } else {
        in->m_dat = nb_r32(b, a);
        in->m_ack = 1;
        b->dma_read_words++;
    }
}

void nb_step(nic_bench *b)
{
    wc_nic_out o;
    wc_nic_in in;
    if (b->stopped || !b->nic)
        return;
    wc_nic_eval(b->nic, &o);
    if (b->hook)
        b->hook(b->hook_ctx, b, &o);
    memset(&in, 0, sizeof in);
    if (b->garbage)
        garbage(b, &in);
    host_bus(b, &o, &in);
    rx_link(b, &o, &in);
    tx_link(b, &o, &in);
    if (b->auto_grant)
        grant_reqs(b);
    memory(b, &o, &in);
    if (b->dut.cycle && b->dut.cycle(b->dut.ctx, &o, &in)) {
        b->stopped = 1;
        b->stop_cyc = b->cyc;
        return;
    }
    wc_nic_commit(b->nic, &in);
    b->cyc++;
    b->total++;
    if (b->reset_at_edge) {
        b->reset_at_edge = 0;
        nb_link_reset(b);
    }
}

void nb_run(nic_bench *b, int n)
{
    while (n-- > 0 && !b->stopped)
        nb_step(b);
}

/* the 32-bit counters: a read is answered a cycle later (the counter
 * memory of wc_nic_regs) */
static int counter_word(unsigned reg)
{
    return (reg >= WC_NICR_ERR_CRC && reg <= WC_NICR_RETX) || reg == WC_NICR_ERR_NOBUF || reg == WC_NICR_DUPS ||
           (reg >= WC_NICR_TX_PKTS && reg <= WC_NICR_ERR_DESC);
}

uint32_t nb_reg(nic_bench *b, unsigned reg, int we, uint32_t v)
{
    int late = !we && counter_word(reg);
    /* after a group commit the NIC takes no request while it checks the
     * children, a step a cycle (at most 1 + MAXCHILD(MAXCHILD-1)/2
     * steps): the next request is held until its ACK */
    int wait = b->gt_wait;
    b->gt_wait = we && reg == WC_NICR_GT_COMMIT ? 1 + b->cfg.maxchild * (b->cfg.maxchild - 1) / 2 : 0;
    b->sreq = 1;
    b->swe = we;
    b->sreg = reg;
    b->sdat = v;
    nb_step(b);
    if (wait) {
        int k;
        for (k = 0; k <= wait + late && !b->seen_ack; k++)
            nb_step(b);
        b->sreq = 0;
        b->reg_accesses++;
        NB_CHECK(b, b->seen_ack, "register %u: no ack within %d cycles of the request after a group commit", reg,
                 wait + late + 2);
        return b->seen_dat;
    }
    if (!b->hold)
        b->sreq = 0;
    nb_step(b);
    if (late) {
        NB_CHECK(b, !b->seen_ack, "register %u: a counter read acknowledged one cycle after the request", reg);
        nb_step(b);
    }
    b->sreq = 0;
    b->reg_accesses++;
    NB_CHECK(b, b->seen_ack, "register %u: ack %s after the request", reg, late ? "two cycles" : "one cycle");
    return b->seen_dat;
}

void nb_wr(nic_bench *b, unsigned reg, uint32_t v) { (void)nb_reg(b, reg, 1, v); }
uint32_t nb_rd(nic_bench *b, unsigned reg) { return nb_reg(b, reg, 0, 0); }

void nb_w32(nic_bench *b, uint32_t a, uint32_t v)
{
    if (b->memsize < 4 || a > b->memsize - 4)
        return;
    b->mem[a] = (uint8_t)v; b->mem[a + 1] = (uint8_t)(v >> 8);
    b->mem[a + 2] = (uint8_t)(v >> 16); b->mem[a + 3] = (uint8_t)(v >> 24);
}

uint32_t nb_r32(const nic_bench *b, uint32_t a)
{
    if (b->memsize < 4 || a > b->memsize - 4)
        return 0;
    return (uint32_t)b->mem[a] | (uint32_t)b->mem[a + 1] << 8 | (uint32_t)b->mem[a + 2] << 16 |
           (uint32_t)b->mem[a + 3] << 24;
}

void nb_set_err(nic_bench *b, int i, uint32_t lo, uint32_t hi)
{
    if (i >= 0 && i < NB_NERR) {
        b->err_lo[i] = lo;
        b->err_hi[i] = hi;
    }
}

int nb_rx_room(const nic_bench *b) { return NB_RXQ - b->rxn; }

int nb_inject_flit(nic_bench *b, uint64_t typed_flit)
{
    if (b->rxn >= NB_RXQ)
        return -1;
    b->rxq[(b->rxh + b->rxn) % NB_RXQ] = typed_flit;
    b->rxn++;
    return 0;
}

int nb_inject(nic_bench *b, const uint32_t *f, unsigned n)
{
    unsigned i;
    if ((unsigned)nb_rx_room(b) < n)
        return -1;
    for (i = 0; i < n; i++) {
        unsigned t = n == 1 ? WC_FT_SINGLE : i == 0 ? WC_FT_HEAD : i == n - 1 ? WC_FT_TAIL : WC_FT_BODY;
        (void)nb_inject_flit(b, (uint64_t)f[i] | (uint64_t)t << 32);
    }
    return 0;
}

unsigned nb_build(unsigned dst, unsigned src, unsigned group, unsigned type, unsigned seq,
                  unsigned off, unsigned len, unsigned msglen, const uint8_t *payload, uint32_t *f)
{
    wc_nic_hdr h;
    int n;
    memset(&h, 0, sizeof h);
    h.dst = dst; h.src = src; h.group = group; h.type = type; h.seq = seq;
    h.off = off; h.len = len; h.msglen = msglen;
    n = wc_nic_pkt_build(&h, payload, f, WC_NIC_MAX_PKT_FLITS);
    if (n < 0) {
        printf("FAIL build: %d\n", n);
        exit(1);
    }
    return (unsigned)n;
}

void nb_tx_clear(nic_bench *b)
{
    b->ntx = 0;
    b->ag_seen = 0;
}

void nb_fix_crc(uint32_t *f, unsigned n)
{
    f[4] = wc_nic_crc_finish(wc_nic_crc_words(0, f + 5, n > 5 ? n - 5 : 0), f[0], f[1], f[2], f[3]);
}

int nb_parse_tx(const nic_bench *b, int i, wc_nic_hdr *h, uint8_t *payload)
{
    const nb_pkt *p;
    if (i < 0 || i >= b->ntx || b->ntx - i > NB_TXP) {
        /* not sent, or no longer kept (a check asking after the run stopped) */
        memset(h, 0, sizeof *h);
        return -WC_NIC_ST_BADOP;
    }
    p = &b->tx[i % NB_TXP];
    return wc_nic_pkt_parse(p->f, p->n, WC_GET(p->f[0], HEAD_DST), h, payload);
}

void nb_check(nic_bench *b, int cond, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    /* after the DUT differed nothing runs: the C model's state is stale */
    if (b->stopped)
        return;
    if (cond) {
        b->npass++;
        return;
    }
    if (b->advisory) {
        /* a scenario check written for other parameters: shown, not failed */
        b->npass++;
        if (b->quiet)
            return;
        printf("note %s:%d: ", file, line);
    } else {
        b->nfail++;
        printf("FAIL %s:%d: ", file, line);
    }
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

void nb_group_begin(nic_bench *b, const char *desc)
{
    b->group = desc;
    b->g_pass0 = b->npass;
    b->g_fail0 = b->nfail;
    b->g_skip = b->stopped;
}

void nb_group_end(nic_bench *b)
{
    int n = b->npass + b->nfail - b->g_pass0 - b->g_fail0;
    if (b->g_skip) {
        /* the DUT differed earlier on this NIC: nothing here ran */
        b->nfail++;
        b->gfail++;
        printf("FAIL %s (not run: the lockstep stopped at cycle %ld)\n", b->group, b->stop_cyc);
    } else if (b->stopped) {
        b->nfail++;
        b->gfail++;
        printf("FAIL %s (%d checks; the DUT differed from the C model at cycle %ld)\n", b->group, n, b->stop_cyc);
    } else if (b->nfail == b->g_fail0) {
        b->gpass++;
        printf("%-4s %s (%d checks)\n", "ok", b->group, n);
    } else {
        b->gfail++;
        printf("%-4s %s (%d checks)\n", "FAIL", b->group, n);
    }
    fflush(stdout);
    b->group = NULL;
}

int nb_summary(const nic_bench *b)
{
    printf("%d passed, %d failed\n", b->npass, b->nfail);
    return b->nfail ? 1 : 0;
}

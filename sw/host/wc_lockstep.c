/* SPDX-License-Identifier: Apache-2.0 */
/* The lockstep comparator (wc_lockstep.h): one comparison per unit. */
#include <stdio.h>
#include <string.h>
#include "wc_lockstep.h"
#include "wc_defs.h"
#include "wc_rtl.h"

void wc_mismatch_clear(wc_mismatch *m)
{
    m->cycle = -1;
    m->router = m->port = m->node = -1;
    m->text[0] = 0;
}

/* "r3", "nic5", "node2": the unit a shim's model of that name is; the
 * rest of the instance path is inside it.  -1 when the name is not one. */
static int unit_id(const char *inst, const char *prefix)
{
    size_t n = strlen(prefix);
    int id = 0, digits = 0;
    if (strncmp(inst, prefix, n))
        return -1;
    for (inst += n; *inst >= '0' && *inst <= '9' && digits < 6; inst++, digits++)
        id = id * 10 + (*inst - '0');
    return digits && (*inst == '.' || *inst == ':') ? id : -1;
}

int wc_lockstep_rtl_assert(const wc_engine *e, long cycle, wc_mismatch *m)
{
    const char *raw = wc_engine_rtl_failure(e);
    const wc_topo *t = wc_engine_topo(e);
    char text[sizeof m->text - 64];
    int id;
    if (!raw)
        return 0;
    wc_rtl_failure_text(raw, text, sizeof text);
    wc_mismatch_clear(m);
    m->cycle = cycle;
    if ((id = unit_id(text, "r")) >= 0 && id < t->nrouters)
        m->router = id;
    else if (((id = unit_id(text, "nic")) >= 0 || (id = unit_id(text, "node")) >= 0) && id < t->nnodes) {
        m->node = id;
        m->router = t->node_router[id];
    }
    snprintf(m->text, sizeof m->text, "cycle %ld: RTL assertion failed in %s", cycle, text);
    return 1;
}

static int report(wc_mismatch *m, const char *a, const char *b, long cycle, const char *where,
                  const char *sig, uint64_t e, uint64_t v)
{
    m->cycle = cycle;
    snprintf(m->text, sizeof m->text, "cycle %ld %s %s: expected (%s) 0x%llx, actual (%s) 0x%llx", cycle, where,
             sig, a, (unsigned long long)e, b, (unsigned long long)v);
    return 1;
}

/* ---- NICs ---------------------------------------------------------------- */
static int nic_sig(wc_mismatch *m, const char *a, const char *b, long cycle, int n, const char *sig,
                   uint64_t e, uint64_t v)
{
    char where[48];
    if (e == v)
        return 0;
    m->node = n;
    snprintf(where, sizeof where, "node %d nic", n);
    return report(m, a, b, cycle, where, sig, e, v);
}

static int cmp_nic_out(const char *a, const char *b, long cycle, wc_mismatch *m, int n,
                       const wc_nic_out *x, const wc_nic_out *y)
{
    int req = x->m_cyc && x->m_stb;
    return nic_sig(m, a, b, cycle, n, "tx_valid", (uint64_t)x->tx_valid, (uint64_t)y->tx_valid) ||
           (x->tx_valid && nic_sig(m, a, b, cycle, n, "tx_flit", x->tx_flit, y->tx_flit)) ||
           nic_sig(m, a, b, cycle, n, "rx_credit", (uint64_t)x->rx_credit, (uint64_t)y->rx_credit) ||
           nic_sig(m, a, b, cycle, n, "s_ack", (uint64_t)x->s_ack, (uint64_t)y->s_ack) ||
           (x->s_ack && nic_sig(m, a, b, cycle, n, "s_dat", x->s_dat, y->s_dat)) ||
           nic_sig(m, a, b, cycle, n, "m_cyc", (uint64_t)x->m_cyc, (uint64_t)y->m_cyc) ||
           nic_sig(m, a, b, cycle, n, "m_stb", (uint64_t)x->m_stb, (uint64_t)y->m_stb) ||
           (req && nic_sig(m, a, b, cycle, n, "m_we", (uint64_t)x->m_we, (uint64_t)y->m_we)) ||
           (req && nic_sig(m, a, b, cycle, n, "m_adr", x->m_adr, y->m_adr)) ||
           (req && nic_sig(m, a, b, cycle, n, "m_sel", x->m_sel, y->m_sel)) ||
           (req && x->m_we && nic_sig(m, a, b, cycle, n, "m_dat", x->m_dat, y->m_dat)) ||
           nic_sig(m, a, b, cycle, n, "irq", (uint64_t)x->irq, (uint64_t)y->irq);
}

static int cmp_nics(const wc_engine *a, const wc_engine *b, long cycle, wc_mismatch *m)
{
    int n;
    for (n = 0; n < wc_engine_nnics(a); n++)
        if (cmp_nic_out(wc_engine_name(a), wc_engine_name(b), cycle, m, n, wc_engine_nic_out(a, n),
                        wc_engine_nic_out(b, n)))
            return 1;
    return 0;
}

/* ---- node SoCs: core, RAM arbiter, devices, NIC --------------------------- */
static int node_sig(wc_mismatch *m, const char *a, const char *b, long cycle, int n, const char *unit,
                    const char *sig, uint64_t e, uint64_t v)
{
    char where[48];
    if (e == v)
        return 0;
    m->node = n;
    snprintf(where, sizeof where, "node %d %s", n, unit);
    return report(m, a, b, cycle, where, sig, e, v);
}

/* A Wishbone master's request: the strobe always, the rest while it is up. */
static int cmp_wb(const char *a, const char *b, long cycle, wc_mismatch *m, int n, const char *unit,
                  const wc_wb_req *x, const wc_wb_req *y)
{
    int req = x->cyc && x->stb;
    return node_sig(m, a, b, cycle, n, unit, "cyc", (uint64_t)x->cyc, (uint64_t)y->cyc) ||
           node_sig(m, a, b, cycle, n, unit, "stb", (uint64_t)x->stb, (uint64_t)y->stb) ||
           (req && node_sig(m, a, b, cycle, n, unit, "we", (uint64_t)x->we, (uint64_t)y->we)) ||
           (req && node_sig(m, a, b, cycle, n, unit, "adr", x->adr, y->adr)) ||
           (req && node_sig(m, a, b, cycle, n, unit, "sel", x->sel, y->sel)) ||
           (req && x->we && node_sig(m, a, b, cycle, n, unit, "dat", x->dat, y->dat));
}

static int cmp_retire(const char *a, const char *b, long cycle, wc_mismatch *m, int n,
                      const wc_retire_port *x, const wc_retire_port *y)
{
#define RV(f) node_sig(m, a, b, cycle, n, "core", "rvfi_" #f, (uint64_t)x->f, (uint64_t)y->f)
    if (RV(valid))
        return 1;
    return x->valid && (RV(insn) || RV(pc_rdata) || RV(pc_wdata) || RV(rd_addr) || RV(rd_wdata) || RV(mem_addr) ||
                        RV(mem_rmask) || RV(mem_wmask) || RV(mem_rdata) || RV(mem_wdata) || RV(trap) || RV(intr) ||
                        RV(cause));
#undef RV
}

int wc_lockstep_compare_node(const wc_node_out *x, const wc_node_out *y, const char *a, const char *b, long cycle,
                             int n, wc_mismatch *m)
{
    return cmp_wb(a, b, cycle, m, n, "core ibus", &x->ibus, &y->ibus) ||
           cmp_wb(a, b, cycle, m, n, "core dbus", &x->dbus, &y->dbus) ||
           cmp_retire(a, b, cycle, m, n, &x->rvfi, &y->rvfi) ||
           node_sig(m, a, b, cycle, n, "core", "irq_timer", (uint64_t)x->irq_timer, (uint64_t)y->irq_timer) ||
           node_sig(m, a, b, cycle, n, "core", "irq_ext", (uint64_t)x->irq_ext, (uint64_t)y->irq_ext) ||
           node_sig(m, a, b, cycle, n, "ram", "grant", (uint64_t)x->gnt, (uint64_t)y->gnt) ||
           node_sig(m, a, b, cycle, n, "mmio", "console_valid", (uint64_t)x->console_valid,
                    (uint64_t)y->console_valid) ||
           (x->console_valid &&
            node_sig(m, a, b, cycle, n, "mmio", "console_data", x->console_data, y->console_data)) ||
           node_sig(m, a, b, cycle, n, "mmio", "exit_valid", (uint64_t)x->exit_valid, (uint64_t)y->exit_valid) ||
           (x->exit_valid && node_sig(m, a, b, cycle, n, "mmio", "exit_code", x->exit_code, y->exit_code)) ||
           cmp_nic_out(a, b, cycle, m, n, &x->nic, &y->nic);
}

static int cmp_nodes(const wc_engine *a, const wc_engine *b, long cycle, wc_mismatch *m)
{
    int n;
    for (n = 0; n < wc_engine_nnodes(a); n++)
        if (wc_lockstep_compare_node(wc_engine_node_out(a, n), wc_engine_node_out(b, n), wc_engine_name(a),
                                     wc_engine_name(b), cycle, n, m))
            return 1;
    return 0;
}

/* ---- routers ------------------------------------------------------------- */
static int cmp_net(const wc_engine *a, const wc_engine *b, const wc_topo *t, long cycle, wc_mismatch *m)
{
    int r, p;
    char where[48];
    for (r = 0; r < t->nrouters; r++) {
        for (p = 0; p < t->nports; p++) {
            int v1, c1, v2, c2, a1, a2;
            uint64_t f1, f2, g1, g2, e = 0, v = 0;
            const char *sig = NULL;
            wc_engine_net_port(a, r, p, &v1, &f1, &c1);
            wc_engine_net_port(b, r, p, &v2, &f2, &c2);
            g1 = wc_engine_net_abs(a, r, p, &a1);
            g2 = wc_engine_net_abs(b, r, p, &a2);
            if (v1 != v2) { sig = "out_valid"; e = (uint64_t)v1; v = (uint64_t)v2; }
            else if (v1 && f1 != f2) { sig = "out_flit"; e = f1; v = f2; }
            else if (c1 != c2) { sig = "in_credit"; e = (uint64_t)c1; v = (uint64_t)c2; }
            else if (a1 != a2) { sig = "abs_valid"; e = (uint64_t)a1; v = (uint64_t)a2; }
            else if (a1 && g1 != g2) { sig = "abs_flit"; e = g1; v = g2; }
            if (sig) {
                m->router = r;
                m->port = p;
                snprintf(where, sizeof where, "router %d port %d", r, p);
                return report(m, wc_engine_name(a), wc_engine_name(b), cycle, where, sig, e, v);
            }
        }
        if (wc_engine_net_drops(a, r) != wc_engine_net_drops(b, r)) {
            m->router = r;
            snprintf(where, sizeof where, "router %d", r);
            return report(m, wc_engine_name(a), wc_engine_name(b), cycle, where, "drop_count",
                          wc_engine_net_drops(a, r), wc_engine_net_drops(b, r));
        }
    }
    return 0;
}

int wc_lockstep_compare(const wc_engine *a, const wc_engine *b, long cycle, wc_mismatch *m)
{
    return cmp_nics(a, b, cycle, m) || cmp_nodes(a, b, cycle, m) || cmp_net(a, b, wc_engine_topo(a), cycle, m);
}

int wc_lockstep_compare_regs(const wc_engine *a, const wc_engine *b, long cycle, wc_mismatch *m)
{
    unsigned reg;
    int n;
    for (n = 0; n < wc_engine_nnics(a); n++)
        for (reg = 0; reg < WC_NICR_WORDS; reg++) {
            char sig[32];
            uint32_t x = wc_engine_nic_snap(a, n, reg), y = wc_engine_nic_snap(b, n, reg);
            if (x == y || reg == WC_NICR_CYCLE)
                continue;
            snprintf(sig, sizeof sig, "NICR_%s", wc_nic_reg_name(reg));
            return nic_sig(m, wc_engine_name(a), wc_engine_name(b), cycle, n, sig, x, y);
        }
    return 0;
}

const char *wc_nic_reg_name(unsigned r)
{
    static const char *const names[] = {
        "ID", "CTRL", "STATUS", "SQ_BASE", "SQ_SIZE", "SQ_TAIL", "SQ_HEAD", "RQ_BASE", "RQ_SIZE", "RQ_TAIL",
        "RQ_HEAD", "CQ_BASE", "CQ_SIZE", "CQ_HEAD", "CQ_TAIL", "INT_STATUS", "INT_ENABLE", "GT_SEL",
        "GT_PARENT", "GT_CHILD", "GT_COMMIT", "GT_RESULT", "ERR_CRC", "ERR_GROUP", "ERR_LEN", "ERR_TYPE",
        "ERR_DST", "RETX", "TIMEOUT", "ERR_NOBUF", "DUPS", "PEAK", "SLOTS", "TX_PKTS", "RX_PKTS", "TIMEOUTS",
        "ERR_DESC", "CYCLE"
    };
    return r < sizeof names / sizeof names[0] ? names[r] : "?";
}

/* SPDX-License-Identifier: Apache-2.0 */
/* The node SoC: wiring and decode of rtl/soc/wc_node_soc.v around the
 * unit models (core, RAM with its arbiter, device block, NIC).  eval()
 * takes every unit's outputs from registered state and settles the
 * combinational glue (decode, grant, response muxes) once; commit() hands
 * each unit the inputs eval() settled, so the order of the commits does
 * not matter, as in the RTL. */
#include "wc_node_soc.h"
#include "wc_node_ram.h"
#include "wc_soc_mmio.h"
#include "wc_err.h"
#include "wc_defs_macros.h"
#include <stdlib.h>
#include <string.h>

struct wc_node_soc {
    wc_node_soc_cfg c;
    unsigned id;
    wc_rv32_core *core;
    wc_nic *nic;
    wc_node_ram ram;
    wc_soc_mmio mmio;
    /* the ERR responders for unmapped addresses (one per master) */
    int i_nerr_q, d_nerr_q, m_nerr_q;
    int irq_late_q;             /* WC_NODE_MUT_IRQ only */
    /* settled by eval() for commit() */
    wc_rv32_core_out co;
    wc_nic_out no;
    wc_wb_req ram_core, ram_dma;
    int gnt, irq_ext;
    int i_ram, d_ram, d_mmio, d_nic, m_ram;
};

void wc_node_soc_cfg_default(wc_node_soc_cfg *c, int nodes)
{
    int nn = 16;
    while (nn < nodes && nn < WC_MAX_NODES)
        nn *= 4;
    memset(c, 0, sizeof *c);
    c->nodes = nodes;
    wc_nic_cfg_default(&c->nic, nn);
    c->ram_bytes = WC_NODE_RAM_SIZE;
    c->md_steps = 1;
}

int wc_node_soc_cfg_check(const wc_node_soc_cfg *c, char *err, int errlen)
{
    if (c->ram_bytes < 4096 || c->ram_bytes > (16u << 20) || (c->ram_bytes & (c->ram_bytes - 1)))
        return wc_err(err, errlen, "node RAM_BYTES %u: must be a power of two in 4 KiB..16 MiB", c->ram_bytes);
    if (c->nodes < 2 || c->nodes > c->nic.nnodes)
        return wc_err(err, errlen, "a system of %d nodes: must be 2..%d (the NIC's NNODES)", c->nodes, c->nic.nnodes);
    if (c->mutate < 0 || c->mutate >= WC_NODE_MUT_COUNT)
        return wc_err(err, errlen, "node mutation %d: must be in 0..%d", c->mutate, WC_NODE_MUT_COUNT - 1);
    wc_rv32_core_cfg cc;
    wc_rv32_core_cfg_default(&cc);
    cc.md_steps = c->md_steps;
    cc.mutate = c->core_mutate;
    if (wc_rv32_core_cfg_check(&cc, err, errlen) < 0)
        return -1;
    return wc_nic_cfg_check(&c->nic, err, errlen);
}

wc_node_soc *wc_node_soc_create(const wc_node_soc_cfg *c, unsigned node_id, char *err, int errlen)
{
    if (wc_node_soc_cfg_check(c, err, errlen) < 0)
        return NULL;
    if (node_id >= (unsigned)c->nodes) {
        wc_err(err, errlen, "node id %u not below the system size %d", node_id, c->nodes);
        return NULL;
    }
    wc_node_soc *s = calloc(1, sizeof *s);
    if (!s) {
        wc_err(err, errlen, "out of memory for node %u", node_id);
        return NULL;
    }
    s->c = *c;
    s->id = node_id;
    s->ram.words = c->ram_bytes / 4;
    s->ram.mem = calloc(s->ram.words, sizeof(uint32_t));
    s->ram.core_first = c->mutate == WC_NODE_MUT_ARB;
    wc_rv32_core_cfg cc;
    wc_rv32_core_cfg_default(&cc);
    cc.reset_pc = WC_SOC_RAM_BASE;
    cc.md_steps = c->md_steps;
    cc.mutate = c->core_mutate;
    if (!s->ram.mem) {
        wc_err(err, errlen, "out of memory for the %u-byte RAM of node %u", c->ram_bytes, node_id);
        wc_node_soc_free(s);
        return NULL;
    }
    if (!(s->core = wc_rv32_core_create(&cc, err, errlen)) ||
        !(s->nic = wc_nic_create(&c->nic, node_id, err, errlen))) {
        wc_node_soc_free(s);
        return NULL;
    }
    wc_soc_mmio_init(&s->mmio, node_id, (uint32_t)c->nodes);
    wc_node_soc_reset(s);
    return s;
}

void wc_node_soc_free(wc_node_soc *s)
{
    if (!s)
        return;
    wc_rv32_core_free(s->core);
    wc_nic_free(s->nic);
    free(s->ram.mem);
    free(s);
}

void wc_node_soc_reset(wc_node_soc *s)
{
    wc_rv32_core_reset(s->core);
    wc_nic_reset(s->nic);
    wc_node_ram_reset(&s->ram);
    wc_soc_mmio_reset(&s->mmio);
    s->i_nerr_q = s->d_nerr_q = s->m_nerr_q = 0;
    s->irq_late_q = 0;
}

void wc_node_soc_load(wc_node_soc *s, uint32_t addr, const uint32_t *words, uint32_t nwords)
{
    uint32_t ix = (addr - WC_SOC_RAM_BASE) >> 2;
    for (uint32_t k = 0; k < nwords && ix + k < s->ram.words; k++)
        s->ram.mem[ix + k] = words[k];
}

static int in_window(uint32_t a, uint32_t base, uint32_t size) { return a - base < size; }

static wc_wb_req qualify(const wc_wb_req *q, int sel)
{
    wc_wb_req r = *q;
    r.cyc = q->cyc && sel;
    r.stb = q->stb && sel;
    return r;
}

void wc_node_soc_eval(wc_node_soc *s, wc_node_out *o)
{
    wc_rv32_core_eval(s->core, &s->co);
    wc_nic_eval(s->nic, &s->no);
    const wc_wb_req *ib = &s->co.ibus, *db = &s->co.dbus;
    s->i_ram = in_window(ib->adr, WC_SOC_RAM_BASE, s->c.ram_bytes);
    s->d_ram = in_window(db->adr, WC_SOC_RAM_BASE, s->c.ram_bytes);
    s->d_mmio = in_window(db->adr, WC_SOC_MMIO_BASE, WC_SOC_MMIO_SIZE);
    s->d_nic = in_window(db->adr, WC_NODE_NIC_BASE, WC_NODE_NIC_SIZE);
    s->m_ram = in_window(s->no.m_adr, WC_SOC_RAM_BASE, s->c.ram_bytes);
    /* The core's two ports never request together (multi-cycle core), so
     * one RAM port serves both: the fetch when it asks, else the data. */
    s->ram_core = ib->cyc && ib->stb && s->i_ram ? *ib : qualify(db, s->d_ram);
    wc_wb_req dma = { s->no.m_cyc, s->no.m_stb, s->no.m_we, s->no.m_sel, s->no.m_adr, s->no.m_dat };
    s->ram_dma = qualify(&dma, s->m_ram);
    s->gnt = wc_node_ram_grant(&s->ram, &s->ram_core, &s->ram_dma);
    int irq_now = s->no.irq || s->mmio.irq_q;
    s->irq_ext = s->c.mutate == WC_NODE_MUT_IRQ ? (s->no.irq && s->irq_late_q) || s->mmio.irq_q : irq_now;

    o->tx_valid = s->no.tx_valid;
    o->tx_flit = s->no.tx_flit;
    o->rx_credit = s->no.rx_credit;
    o->console_valid = s->mmio.cons_q;
    o->console_data = s->mmio.wdat_q & 0xFF;
    o->exit_valid = s->mmio.exit_q;
    o->exit_code = s->mmio.wdat_q;
    o->ibus = *ib;
    o->dbus = *db;
    o->gnt = s->gnt;
    o->irq_timer = wc_soc_mmio_irq_timer(&s->mmio);
    o->irq_ext = s->irq_ext;
    o->rvfi = s->co.rvfi;
    o->nic = s->no;
}

void wc_node_soc_commit(wc_node_soc *s, const wc_node_in *in)
{
    const wc_wb_req *ib = &s->co.ibus, *db = &s->co.dbus;
    wc_wb_rsp ram = wc_node_ram_rsp_core(&s->ram), mm = wc_soc_mmio_rsp(&s->mmio);
    wc_rv32_core_in ci;
    ci.ibus.ack = ram.ack;
    ci.ibus.err = s->i_nerr_q;
    ci.ibus.dat = ram.dat;
    ci.dbus.ack = ram.ack || mm.ack || s->no.s_ack;
    ci.dbus.err = s->d_nerr_q || mm.err;
    ci.dbus.dat = s->d_ram ? ram.dat : s->d_mmio ? mm.dat : s->no.s_dat;
    ci.irq_timer = wc_soc_mmio_irq_timer(&s->mmio);
    ci.irq_ext = s->irq_ext;

    wc_nic_in ni;
    ni.rx_valid = in->rx_valid;
    ni.rx_flit = in->rx_flit;
    ni.tx_credit = in->tx_credit;
    ni.s_cyc = db->cyc && s->d_nic;
    ni.s_stb = db->stb && s->d_nic;
    ni.s_we = db->we;
    ni.s_adr = db->adr;
    ni.s_dat = db->dat;
    ni.s_sel = db->sel;
    ni.m_ack = s->ram.ack_dma_q;
    ni.m_err = s->m_nerr_q;
    ni.m_dat = s->ram.dat_q;

    wc_wb_req mq = qualify(db, s->d_mmio);
    int i_req = ib->cyc && ib->stb, d_req = db->cyc && db->stb, m_req = s->no.m_cyc && s->no.m_stb;
    s->i_nerr_q = i_req && !s->i_ram && !s->i_nerr_q;
    s->d_nerr_q = d_req && !s->d_ram && !s->d_mmio && !s->d_nic && !s->d_nerr_q;
    s->m_nerr_q = m_req && !s->m_ram && !s->m_nerr_q;
    s->irq_late_q = s->no.irq;

    wc_rv32_core_commit(s->core, &ci);
    wc_nic_commit(s->nic, &ni);
    wc_node_ram_commit(&s->ram, s->gnt, &s->ram_core, &s->ram_dma, WC_SOC_RAM_BASE);
    wc_soc_mmio_commit(&s->mmio, &mq);
}

const uint8_t *wc_node_soc_ram(const wc_node_soc *s) { return (const uint8_t *)s->ram.mem; }
const wc_rv32_core *wc_node_soc_core(const wc_node_soc *s) { return s->core; }
const wc_nic *wc_node_soc_nic(const wc_node_soc *s) { return s->nic; }

/* SPDX-License-Identifier: Apache-2.0 */
/* Mirrors rtl/soc/wc_soc_mmio.v statement for statement: the _d values
 * start from the defaults of its always @* block, a request overrides
 * them, the edge copies them. */
#include "wc_soc_mmio.h"
#include "wc_defs.h"

void wc_soc_mmio_init(wc_soc_mmio *m, uint32_t node_id, uint32_t node_count)
{
    m->node_id = node_id;
    m->node_count = node_count;
    m->dat_q = 0;
    m->wdat_q = 0;
    wc_soc_mmio_reset(m);
}

void wc_soc_mmio_reset(wc_soc_mmio *m)
{
    m->mtime_q = 0;
    m->cmp_q = ~(uint64_t)0;    /* no timer interrupt until software sets it */
    m->irq_q = 0;
    m->ack_q = m->err_q = m->cons_q = m->exit_q = 0;
}

static uint32_t merge(uint32_t old, uint32_t nw, uint32_t lanes)
{
    return (old & ~lanes) | (nw & lanes);
}

static uint64_t set_lo(uint64_t v, uint32_t lo) { return (v & 0xFFFFFFFF00000000ull) | lo; }
static uint64_t set_hi(uint64_t v, uint32_t hi) { return (v & 0xFFFFFFFFull) | ((uint64_t)hi << 32); }

void wc_soc_mmio_commit(wc_soc_mmio *m, const wc_wb_req *q)
{
    uint64_t mtime_d = m->mtime_q + 1, cmp_d = m->cmp_q;
    int irq_d = m->irq_q, ack_d = 0, err_d = 0, cons_d = 0, exit_d = 0;
    uint32_t dat_d = 0, wdat_d = m->wdat_q;
    int go = q->cyc && q->stb && !m->ack_q && !m->err_q;
    uint32_t lanes = 0;
    for (int i = 0; i < 4; i++)
        if (q->sel >> i & 1)
            lanes |= 0xFFu << (8 * i);
    if (go) {
        ack_d = 1;
        switch (q->adr) {
        case WC_SOC_CONSOLE_ADDR:
            cons_d = q->we && (q->sel & 1);
            wdat_d = q->dat;
            break;
        case WC_SOC_EXIT_ADDR:
            exit_d = q->we;
            wdat_d = q->dat;
            break;
        case WC_SOC_IRQ_ADDR:
            dat_d = (uint32_t)m->irq_q;
            if (q->we && (q->sel & 1))
                irq_d = q->dat & 1;
            break;
        case WC_NODE_ID_ADDR:
            dat_d = m->node_id;
            break;
        case WC_NODE_COUNT_ADDR:
            dat_d = m->node_count;
            break;
        case WC_SOC_MTIME_ADDR:
            dat_d = (uint32_t)m->mtime_q;
            if (q->we)
                mtime_d = set_lo(mtime_d, merge((uint32_t)m->mtime_q, q->dat, lanes));
            break;
        case WC_SOC_MTIME_ADDR + 4:
            dat_d = (uint32_t)(m->mtime_q >> 32);
            if (q->we)
                mtime_d = set_hi(mtime_d, merge((uint32_t)(m->mtime_q >> 32), q->dat, lanes));
            break;
        case WC_SOC_MTIMECMP_ADDR:
            dat_d = (uint32_t)m->cmp_q;
            if (q->we)
                cmp_d = set_lo(cmp_d, merge((uint32_t)m->cmp_q, q->dat, lanes));
            break;
        case WC_SOC_MTIMECMP_ADDR + 4:
            dat_d = (uint32_t)(m->cmp_q >> 32);
            if (q->we)
                cmp_d = set_hi(cmp_d, merge((uint32_t)(m->cmp_q >> 32), q->dat, lanes));
            break;
        default:
            ack_d = 0;
            err_d = 1;
            break;
        }
    }
    m->mtime_q = mtime_d;
    m->cmp_q = cmp_d;
    m->irq_q = irq_d;
    m->ack_q = ack_d;
    m->err_q = err_d;
    m->cons_q = cons_d;
    m->exit_q = exit_d;
    m->dat_q = dat_d;
    m->wdat_q = wdat_d;
}

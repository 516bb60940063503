/* SPDX-License-Identifier: Apache-2.0 */
#include "wc_node_ram.h"

void wc_node_ram_reset(wc_node_ram *r)
{
    r->ack_core_q = r->ack_dma_q = 0;
}

int wc_node_ram_grant(const wc_node_ram *r, const wc_wb_req *core, const wc_wb_req *dma)
{
    /* A request whose transfer is being acknowledged this cycle is not
     * pending: its master moves on at this edge. */
    int pend_dma = dma->cyc && dma->stb && !r->ack_dma_q;
    int pend_core = core->cyc && core->stb && !r->ack_core_q;
    if (r->core_first && pend_core)
        return WC_NODE_GNT_CORE;
    return pend_dma ? WC_NODE_GNT_DMA : pend_core ? WC_NODE_GNT_CORE : WC_NODE_GNT_NONE;
}

void wc_node_ram_commit(wc_node_ram *r, int gnt, const wc_wb_req *core, const wc_wb_req *dma, uint32_t base)
{
    if (gnt != WC_NODE_GNT_NONE) {
        const wc_wb_req *q = gnt == WC_NODE_GNT_DMA ? dma : core;
        uint32_t ix = ((q->adr - base) >> 2) & (r->words - 1);
        uint32_t old = r->mem[ix];
        r->dat_q = old;
        if (q->we) {
            uint32_t lanes = 0;
            for (int i = 0; i < 4; i++)
                if (q->sel >> i & 1)
                    lanes |= 0xFFu << (8 * i);
            r->mem[ix] = (old & ~lanes) | (q->dat & lanes);
        }
    }
    r->ack_core_q = gnt == WC_NODE_GNT_CORE;
    r->ack_dma_q = gnt == WC_NODE_GNT_DMA;
}

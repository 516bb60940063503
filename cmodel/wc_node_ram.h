/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle-exact C model of the node RAM (rtl/soc/wc_node_ram.v): one
 * single-ported memory, two Wishbone B4 classic slave ports (the core and
 * the NIC's DMA) and the arbiter between them, DMA first (docs/system.md,
 * "RAM and its arbitration").  Embedded by value in the node model; the
 * memory words are the caller's. */
#ifndef WC_NODE_RAM_H
#define WC_NODE_RAM_H
#include <stdint.h>
#include "wc_node_port.h"

typedef struct {
    uint32_t *mem;              /* words; index = byte offset / 4 */
    uint32_t words;             /* power of two */
    uint32_t dat_q;             /* the one read data register */
    int ack_core_q, ack_dma_q;
    int core_first;             /* mutation: the core wins (lockstep self-check) */
} wc_node_ram;

void wc_node_ram_reset(wc_node_ram *r);
/* This cycle's grant (WC_NODE_GNT_*) for the two requests, each already
 * qualified by the address decode (cyc/stb low when not aimed at RAM). */
int wc_node_ram_grant(const wc_node_ram *r, const wc_wb_req *core, const wc_wb_req *dma);
static inline wc_wb_rsp wc_node_ram_rsp_core(const wc_node_ram *r)
{
    wc_wb_rsp s = { r->ack_core_q, 0, r->dat_q };
    return s;
}
static inline wc_wb_rsp wc_node_ram_rsp_dma(const wc_node_ram *r)
{
    wc_wb_rsp s = { r->ack_dma_q, 0, r->dat_q };
    return s;
}
/* Clock edge: the granted request (if any) reads, then writes its lanes.
 * base: the RAM's first byte address. */
void wc_node_ram_commit(wc_node_ram *r, int gnt, const wc_wb_req *core, const wc_wb_req *dma, uint32_t base);
#endif

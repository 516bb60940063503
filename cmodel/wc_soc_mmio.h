/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle-exact C model of the node's device block (rtl/soc/wc_soc_mmio.v):
 * console, exit, software interrupt line, node id, system size and the
 * machine timer, one Wishbone B4 classic slave answering one cycle after
 * the request.  Embedded by value in the node model (no allocation): the
 * registers are the RTL's, named as there. */
#ifndef WC_SOC_MMIO_H
#define WC_SOC_MMIO_H
#include <stdint.h>
#include "wc_node_port.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t mtime_q, cmp_q;
    int irq_q;
    uint32_t dat_q, wdat_q;
    int ack_q, err_q, cons_q, exit_q;
    uint32_t node_id, node_count;       /* node_id_i, node_count_i */
} wc_soc_mmio;

void wc_soc_mmio_init(wc_soc_mmio *m, uint32_t node_id, uint32_t node_count);
/* rst_ni low for a cycle */
void wc_soc_mmio_reset(wc_soc_mmio *m);
/* The slave's answer this cycle (registered). */
static inline wc_wb_rsp wc_soc_mmio_rsp(const wc_soc_mmio *m)
{
    wc_wb_rsp r;
    r.ack = m->ack_q;
    r.err = m->err_q;
    r.dat = m->dat_q;
    return r;
}
static inline int wc_soc_mmio_irq_timer(const wc_soc_mmio *m) { return m->mtime_q >= m->cmp_q; }
/* Clock edge; req is the bus request as the slave sees it (cyc and stb
 * already qualified by the address decode). */
void wc_soc_mmio_commit(wc_soc_mmio *m, const wc_wb_req *req);
#ifdef __cplusplus
}
#endif
#endif

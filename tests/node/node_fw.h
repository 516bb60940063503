/* SPDX-License-Identifier: Apache-2.0 */
/* What the node smoke firmware shares: the node's devices beyond the core
 * SoC's (rt.h).  The node ends its run through the exit register, which
 * the node engine reports; crt0's tohost word is a core SoC convention
 * the node engine does not watch. */
#ifndef NODE_FW_H
#define NODE_FW_H
#include "rt.h"

#define NODE_NICR(r) WC_MMIO32(WC_NODE_NIC_BASE + 4 * (r))

static inline uint32_t node_id(void) { return WC_MMIO32(WC_NODE_ID_ADDR); }
static inline uint32_t node_count(void) { return WC_MMIO32(WC_NODE_COUNT_ADDR); }

/* 0: pass; n: fail with code n (the exit register's encoding) */
static inline __attribute__((noreturn)) void node_exit(uint32_t code)
{
    WC_MMIO32(WC_SOC_EXIT_ADDR) = code ? code << 1 | 1 : 1;
    for (;;)
        ;
}

/* The three rings of the NIC, n entries each (docs/nic.md, "Host interface"). */
static inline void node_nic_rings(const void *sq, const void *rq, const volatile void *cq, uint32_t n)
{
    NODE_NICR(WC_NICR_SQ_BASE) = (uint32_t)(uintptr_t)sq;
    NODE_NICR(WC_NICR_SQ_SIZE) = n;
    NODE_NICR(WC_NICR_RQ_BASE) = (uint32_t)(uintptr_t)rq;
    NODE_NICR(WC_NICR_RQ_SIZE) = n;
    NODE_NICR(WC_NICR_CQ_BASE) = (uint32_t)(uintptr_t)cq;
    NODE_NICR(WC_NICR_CQ_SIZE) = n;
}
#endif

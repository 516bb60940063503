/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle- and bit-exact C model of the node SoC (rtl/soc/wc_node_soc.v):
 * the core (cmodel/rv32/wc_rv32_core.h), the single-port node RAM and its
 * arbiter (NIC DMA first, docs/bus.md), the device block (console, exit,
 * timer, node id, system size) and the NIC (cmodel/wc_nic.h).  Its link
 * is the router's local port; the router itself belongs to the network
 * (cmodel/wc_net.h), as in the RTL engine.
 *
 * One cycle: wc_node_soc_eval() (outputs from registered state only),
 * then wc_node_soc_commit() with the router's answer.  All state lives
 * behind the handle. */
#ifndef WC_NODE_SOC_H
#define WC_NODE_SOC_H
#include <stdint.h>
#include <stdio.h>
#include "wc_node_port.h"
#include "wc_nic.h"
#include "wc_rv32_core.h"

/* Deliberate model bugs of the node itself (the core's and the NIC's have
 * their own): the lockstep self-check. */
enum {
    WC_NODE_MUT_NONE = 0,
    WC_NODE_MUT_ARB = 1,    /* the core wins the RAM over a pending DMA request */
    WC_NODE_MUT_IRQ = 2,    /* the NIC's interrupt reaches the core a cycle late */
    WC_NODE_MUT_COUNT
};

typedef struct {
    int nodes;              /* system size (node_count_i), 2..nic.nnodes */
    wc_nic_cfg nic;         /* the NIC's parameters (nic.nnodes: NNODES, its peer
                             * tables; one build serves every smaller system) */
    uint32_t ram_bytes;     /* RAM_BYTES: power of two, 4 KiB..16 MiB */
    int md_steps;           /* the core's MD_STEPS */
    int core_mutate;        /* WC_RV32_MUT_* */
    int mutate;             /* WC_NODE_MUT_* */
} wc_node_soc_cfg;

typedef struct wc_node_soc wc_node_soc;

/* nodes: the system size; NNODES becomes the smallest of 16, 64, 256,
 * 1024, 4096 that holds it, so systems of similar size share one RTL build. */
void wc_node_soc_cfg_default(wc_node_soc_cfg *c, int nodes);
int wc_node_soc_cfg_check(const wc_node_soc_cfg *c, char *err, int errlen);
/* Node node_id of a system of c->nodes nodes.  NULL with a message. */
wc_node_soc *wc_node_soc_create(const wc_node_soc_cfg *c, unsigned node_id, char *err, int errlen);
void wc_node_soc_free(wc_node_soc *s);
/* Synchronous reset of everything but the RAM contents. */
void wc_node_soc_reset(wc_node_soc *s);
/* RAM back door: nwords words at byte address addr (4-aligned, in RAM). */
void wc_node_soc_load(wc_node_soc *s, uint32_t addr, const uint32_t *words, uint32_t nwords);
void wc_node_soc_eval(wc_node_soc *s, wc_node_out *o);
void wc_node_soc_commit(wc_node_soc *s, const wc_node_in *in);

/* For reports. */
const uint8_t *wc_node_soc_ram(const wc_node_soc *s);
const wc_rv32_core *wc_node_soc_core(const wc_node_soc *s);
const wc_nic *wc_node_soc_nic(const wc_node_soc *s);
#endif

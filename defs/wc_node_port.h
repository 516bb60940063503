/* SPDX-License-Identifier: Apache-2.0 */
/* The ports of one Wormcast node SoC (rtl/soc/wc_node_soc.v: core, RAM,
 * devices and NIC; the router is not inside) for one cycle, as the C model
 * (cmodel/wc_node_soc.h), the Verilated node (verif/net/wc_rtl_nodes.cpp)
 * and the engine ABI between them (defs/wc_engine_abi.h) see them.
 *
 * The functional ports are the router link (wc_node_in, the first three
 * fields of wc_node_out); the rest of wc_node_out is what lockstep compares
 * every cycle: both bus masters of the core, the RAM arbiter's decision,
 * the interrupt lines, the retire port and every NIC output.  All outputs
 * are functions of registered state only, like the NIC's and the router's.
 * Changing a field changes the engine ABI: bump WC_ENGINE_ABI_VERSION. */
#ifndef WC_NODE_PORT_H
#define WC_NODE_PORT_H
#include <stdint.h>
#include "wc_nic_port.h"

/* One Wishbone B4 classic master request (docs/bus.md). */
typedef struct {
    int cyc, stb, we;
    unsigned sel;
    uint32_t adr, dat;
} wc_wb_req;

/* A slave's answer to it. */
typedef struct {
    int ack, err;
    uint32_t dat;
} wc_wb_rsp;

/* The core's retire port (rvfi_* of rtl/core/wc_rv32_core.v, docs/core.md),
 * field for field; valid for one cycle per retired instruction or trap. */
typedef struct {
    int valid;
    uint32_t insn, pc_rdata, pc_wdata;
    uint32_t rd_addr, rd_wdata;
    uint32_t mem_addr, mem_rmask, mem_wmask, mem_rdata, mem_wdata;
    int trap, intr;
    uint32_t cause;
} wc_retire_port;

/* RAM arbiter decision of a cycle (the arbiter of rtl/soc/wc_node_ram.v). */
enum { WC_NODE_GNT_NONE = 0, WC_NODE_GNT_CORE = 1, WC_NODE_GNT_DMA = 2 };

/* Inputs of one cycle: the router's local port. */
typedef struct {
    int rx_valid;               /* router ejection link into the NIC */
    uint64_t rx_flit;           /* {type[1:0], data[W-1:0]} */
    int tx_credit;              /* the router's local input buffer freed a slot */
} wc_node_in;

/* Outputs of one cycle. */
typedef struct {
    /* router local port */
    int tx_valid;
    uint64_t tx_flit;
    int rx_credit;
    /* devices */
    int console_valid;          /* one byte stored to SOC_CONSOLE_ADDR */
    unsigned console_data;
    int exit_valid;             /* a word stored to SOC_EXIT_ADDR (1 pass, code<<1|1 fail) */
    uint32_t exit_code;
    /* observed for lockstep */
    wc_wb_req ibus, dbus;       /* the core's fetch and data masters */
    int gnt;                    /* WC_NODE_GNT_* */
    int irq_timer, irq_ext;     /* the core's interrupt inputs */
    wc_retire_port rvfi;
    wc_nic_out nic;             /* every NIC output (its tx/rx equal the link fields) */
} wc_node_out;
#endif

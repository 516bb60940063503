/* SPDX-License-Identifier: Apache-2.0 */
/* The ports of one NIC (rtl/nic/wc_nic.v) for one cycle, as the C model
 * (cmodel/wc_nic.h), the Verilated NIC (verif/net/wc_rtl_nics.cpp) and the
 * engine ABI between them and the tool (defs/wc_engine_abi.h) all see
 * them.  They live in the bottom layer because the Verilated shim is built
 * apart from the tool and may see nothing above defs/.  Changing a field
 * changes the engine ABI: bump WC_ENGINE_ABI_VERSION. */
#ifndef WC_NIC_PORT_H
#define WC_NIC_PORT_H
#include <stdint.h>

/* Elaboration parameters of one NIC (the RTL's, same names upper-case).
 * Here rather than in cmodel/wc_nic.h because the SystemC engine
 * (WC_ENGINE_SC_NET) is handed them across the engine ABI. */
typedef struct {
    int nnodes;     /* NNODES: node ids 0..nnodes-1 (peer tables), 2..WC_MAX_NODES */
    int W;          /* W: flit data width, 32..62 (the NIC uses bits 31:0) */
    int B;          /* B: depth of the router input buffer it injects into (credits) */
    int payload;    /* PAYLOAD: bytes per packet, a multiple of 4 in 4..WC_NIC_PAYLOAD */
    int nslot;      /* NSLOT: receive slots of one packet each, 1..128 */
    int jsend;      /* JSEND: send jobs (descriptors in progress), 1..8 */
    int jfwd;       /* JFWD: forwarding jobs (messages being forwarded), 1..8 */
    int nctx;       /* NCTX: messages being received at once, 1..16 */
    int ngroups;    /* NGROUPS: group table entries, 2..WC_NIC_GROUPS */
    int txwin;      /* TXWIN: packets a job may have unacknowledged per child, 1..WC_NIC_WINDOW */
    int maxchild;   /* MAXCHILD: children of a group entry and destinations of a multisend, 1..WC_NIC_MAX_CHILDREN */
    int mutate;     /* lockstep self-check of the C model: 0 in real runs (cmodel/wc_nic.c) */
} wc_nic_cfg;

/* Inputs of one cycle. */
typedef struct {
    /* router ejection link: the router's output port to this node */
    int rx_valid;
    uint64_t rx_flit;           /* {type[1:0], data[W-1:0]} */
    /* the router's input buffer freed a slot (credit for the injection link) */
    int tx_credit;
    /* Wishbone B4 classic slave: the register window */
    int s_cyc, s_stb, s_we;
    uint32_t s_adr;             /* byte address; bits 7:2 select the register */
    uint32_t s_dat;
    unsigned s_sel;
    /* Wishbone B4 classic master: the host memory's answer to m_* */
    int m_ack, m_err;
    uint32_t m_dat;
} wc_nic_in;

/* Outputs of one cycle (functions of registered state only). */
typedef struct {
    int tx_valid;               /* injection link into the router */
    uint64_t tx_flit;
    int rx_credit;              /* credit to the router's output port */
    int s_ack;                  /* slave: one cycle after the request */
    uint32_t s_dat;
    int m_cyc, m_stb, m_we;     /* DMA master */
    uint32_t m_adr, m_dat;
    unsigned m_sel;
    int irq;                    /* |(INT_STATUS & INT_ENABLE) */
} wc_nic_out;
#endif

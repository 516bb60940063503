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

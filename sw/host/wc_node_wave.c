/* SPDX-License-Identifier: Apache-2.0 */
/* GTKWave layout of one traced RTL node (wc_node_wave.h). */
#include "wc_node_wave.h"

#define SOC ".wc_node_soc"
#define CORE SOC ".u_core"
#define RAM SOC ".u_ram"
#define NIC SOC ".u_nic"
#define MMIO SOC ".u_mmio"

static const wc_gtkw_sig core_state[] = {
    { CORE, "state_q", 2, WC_GTKW_DEC }, { CORE, "pc_q", 32, NULL }, { CORE, "ir_q", 32, NULL },
    { CORE, "trap", 1, NULL }, { CORE, "irq_take", 1, NULL }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig core_ibus[] = {
    { CORE, "ibus_cyc_o", 1, NULL }, { CORE, "ibus_stb_o", 1, NULL }, { CORE, "ibus_adr_o", 32, NULL },
    { CORE, "ibus_ack_i", 1, NULL }, { CORE, "ibus_err_i", 1, NULL }, { CORE, "ibus_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig core_dbus[] = {
    { CORE, "dbus_cyc_o", 1, NULL }, { CORE, "dbus_stb_o", 1, NULL }, { CORE, "dbus_we_o", 1, NULL },
    { CORE, "dbus_sel_o", 4, NULL }, { CORE, "dbus_adr_o", 32, NULL }, { CORE, "dbus_dat_o", 32, NULL },
    { CORE, "dbus_ack_i", 1, NULL }, { CORE, "dbus_err_i", 1, NULL }, { CORE, "dbus_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig core_rvfi[] = {
    { CORE, "rvfi_valid_o", 1, NULL }, { CORE, "rvfi_pc_rdata_o", 32, NULL }, { CORE, "rvfi_insn_o", 32, NULL },
    { CORE, "rvfi_pc_wdata_o", 32, NULL }, { CORE, "rvfi_rd_addr_o", 5, WC_GTKW_DEC },
    { CORE, "rvfi_rd_wdata_o", 32, NULL }, { CORE, "rvfi_mem_addr_o", 32, NULL },
    { CORE, "rvfi_mem_rmask_o", 4, NULL }, { CORE, "rvfi_mem_wmask_o", 4, NULL },
    { CORE, "rvfi_mem_rdata_o", 32, NULL }, { CORE, "rvfi_mem_wdata_o", 32, NULL },
    { CORE, "rvfi_trap_o", 1, NULL }, { CORE, "rvfi_intr_o", 1, NULL }, { CORE, "rvfi_cause_o", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig core_irq[] = {
    { CORE, "irq_timer_i", 1, NULL }, { CORE, "irq_ext_i", 1, NULL }, { NIC, "irq_o", 1, NULL },
    { SOC, "irq_soft", 1, NULL }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig ram[] = {
    { RAM, "gnt_o", 2, NULL }, { RAM, "pend_c", 1, NULL }, { RAM, "pend_d", 1, NULL },
    { RAM, "c_wait_q", 1, NULL }, { RAM, "c_ack_q", 1, NULL }, { RAM, "d_ack_q", 1, NULL },
    { RAM, "c_we_i", 1, NULL }, { RAM, "c_adr_i", 32, NULL }, { RAM, "d_we_i", 1, NULL },
    { RAM, "d_adr_i", 32, NULL }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig nic_slave[] = {
    { NIC, "s_cyc_i", 1, NULL }, { NIC, "s_stb_i", 1, NULL }, { NIC, "s_we_i", 1, NULL },
    { NIC, "s_sel_i", 4, NULL }, { NIC, "s_adr_i", 32, NULL }, { NIC, "s_dat_i", 32, NULL },
    { NIC, "s_ack_o", 1, NULL }, { NIC, "s_dat_o", 32, NULL }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig nic_master[] = {
    { NIC, "m_cyc_o", 1, NULL }, { NIC, "m_stb_o", 1, NULL }, { NIC, "m_we_o", 1, NULL },
    { NIC, "m_sel_o", 4, NULL }, { NIC, "m_adr_o", 32, NULL }, { NIC, "m_dat_o", 32, NULL },
    { NIC, "m_ack_i", 1, NULL }, { NIC, "m_err_i", 1, NULL }, { NIC, "m_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig nic_irq[] = {
    { NIC, "irq_o", 1, NULL }, { NIC, "cq_push", 1, NULL }, { NIC, "cq_head", 16, WC_GTKW_DEC },
    { NIC, "cq_tail", 16, WC_GTKW_DEC }, { NIC, "en", 1, NULL }, { NIC, "mode", 2, NULL }, { NIC, "busy", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig nic_net[] = {
    { NIC, "tx_valid_o", 1, NULL }, { NIC, "tx_flit_o", WC_GTKW_FLIT, NULL }, { NIC, "tx_credit_i", 1, NULL },
    { NIC, "rx_valid_i", 1, NULL }, { NIC, "rx_flit_i", WC_GTKW_FLIT, NULL }, { NIC, "rx_credit_o", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig local_port[] = {
    { "", "tx_valid_o", 1, NULL }, { "", "tx_flit_o", WC_GTKW_FLIT, NULL }, { "", "tx_credit_i", 1, NULL },
    { "", "rx_valid_i", 1, NULL }, { "", "rx_flit_i", WC_GTKW_FLIT, NULL }, { "", "rx_credit_o", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig devices[] = {
    { MMIO, "console_valid_o", 1, NULL }, { MMIO, "console_data_o", 8, WC_GTKW_ASCII },
    { MMIO, "exit_valid_o", 1, NULL }, { MMIO, "exit_code_o", 32, NULL }, { MMIO, "mtime_q", 64, WC_GTKW_DEC },
    { MMIO, "irq_timer_o", 1, NULL }, { NULL, NULL, 0, NULL }
};

static const wc_gtkw_group groups[] = {
    { "core: state and pc", "state_q: 0 fetch, 1 execute, 2 memory, 3 multiply/divide", core_state },
    { "core: instruction bus", NULL, core_ibus },
    { "core: data bus", NULL, core_dbus },
    { "core: retire (RVFI)", NULL, core_rvfi },
    { "core: interrupt lines", "irq_ext_i = NIC irq_o | software line", core_irq },
    { "RAM arbiter", "gnt_o: bit 0 core, bit 1 DMA; c_* core port, d_* DMA port", ram },
    { "NIC: register slave", NULL, nic_slave },
    { "NIC: DMA master", NULL, nic_master },
    { "NIC: completion interrupt", NULL, nic_irq },
    { "NIC: network port", NULL, nic_net },
    { "router local port (node side)", "tx: node to router (link faults act after it), rx: router to node", local_port },
    { "devices: console, exit, timer", NULL, devices },
};

int wc_node_wave_layout(const char *path, const wc_node_wave *w, char *err, int errlen)
{
    return wc_gtkw_layout(path, "node", "node", w, groups, sizeof groups / sizeof groups[0], err, errlen);
}

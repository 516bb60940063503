/* SPDX-License-Identifier: Apache-2.0 */
/* GTKWave layout of one traced RTL NIC (wc_nic_wave.h). */
#include "wc_nic_wave.h"

#define NIC ".wc_nic"
#define TX NIC ".u_tx"

static const wc_gtkw_sig link_tx[] = {
    { "", "tx_valid_o", 1, NULL }, { "", "tx_flit_o", WC_GTKW_FLIT, NULL }, { "", "tx_credit_i", 1, NULL },
    { TX, "cred_q", 16, WC_GTKW_DEC }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig link_rx[] = {
    { "", "rx_valid_i", 1, NULL }, { "", "rx_flit_i", WC_GTKW_FLIT, NULL }, { "", "rx_credit_o", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig slave[] = {
    { "", "s_cyc_i", 1, NULL }, { "", "s_stb_i", 1, NULL }, { "", "s_we_i", 1, NULL },
    { "", "s_sel_i", 4, NULL }, { "", "s_adr_i", 32, NULL }, { "", "s_dat_i", 32, NULL },
    { "", "s_ack_o", 1, NULL }, { "", "s_dat_o", 32, NULL }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig master[] = {
    { "", "m_cyc_o", 1, NULL }, { "", "m_stb_o", 1, NULL }, { "", "m_we_o", 1, NULL },
    { "", "m_sel_o", 4, NULL }, { "", "m_adr_o", 32, NULL }, { "", "m_dat_o", 32, NULL },
    { "", "m_ack_i", 1, NULL }, { "", "m_err_i", 1, NULL }, { "", "m_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig irq[] = {
    { "", "irq_o", 1, NULL }, { NIC, "cq_push", 1, NULL }, { NIC, "cq_head", 16, WC_GTKW_DEC },
    { NIC, "cq_tail", 16, WC_GTKW_DEC }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig rings[] = {
    { NIC, "sq_head", 16, WC_GTKW_DEC }, { NIC, "sq_tail", 16, WC_GTKW_DEC }, { NIC, "rq_head", 16, WC_GTKW_DEC },
    { NIC, "rq_tail", 16, WC_GTKW_DEC }, { NULL, NULL, 0, NULL }
};
static const wc_gtkw_sig state[] = {
    { NIC, "en", 1, NULL }, { NIC, "mode", 2, WC_GTKW_DEC }, { NIC, "busy", 1, NULL }, { NIC, "srst", 1, NULL },
    { NIC, "tx_busy", 1, NULL }, { NIC, "dm_busy", 1, NULL }, { NIC, "sq_busy", 1, NULL },
    { NIC, "rp_busy", 1, NULL }, { NIC, "jb_busy", 1, NULL }, { NULL, NULL, 0, NULL }
};

static const wc_gtkw_group groups[] = {
    { "link: transmit (NIC to router)", "cred_q: the router buffer's free slots as the NIC counts them (0..B)",
      link_tx },
    { "link: receive (router to NIC)", NULL, link_rx },
    { "host bus: register slave", NULL, slave },
    { "host bus: DMA master", NULL, master },
    { "completion interrupt", "cq_head, cq_tail: the completion ring (NICR_CQ_*)", irq },
    { "send and receive rings", NULL, rings },
    { "NIC state", "mode: NIC_MODE_FPFS, _FCFS or _HOST (defs/wc_defs.def); srst: soft reset; *_busy: units", state },
};

int wc_nic_wave_layout(const char *path, const wc_nic_wave *w, char *err, int errlen)
{
    return wc_gtkw_layout(path, "nic", "NIC", w, groups, sizeof groups / sizeof groups[0], err, errlen);
}

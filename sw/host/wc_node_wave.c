/* SPDX-License-Identifier: Apache-2.0 */
/* GTKWave layout of one traced RTL node (wc_node_wave.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "wc_err.h"
#include "wc_node_wave.h"
#include "wc_wave.h"

/* GTKWave trace flags (its analyzer.h): hex, binary, ASCII, each right
 * justified; a blank line carrying a comment; group begin and end. */
#define F_HEX "22"
#define F_BIN "28"
#define F_ASCII "820"
#define F_DEC "24"
#define F_COMMENT "200"
#define F_GROUP "800200"
#define F_GROUP_END "1000200"
/* hex through a translate filter process (wormcast-flit) */
#define F_FILTERED "4022"

#define FLIT (-1)       /* W+2 bits */

typedef struct {
    const char *scope;  /* below nodeN: "" the model's ports, else ".wc_node_soc..." */
    const char *name;
    int bits;           /* 1, a width, or FLIT */
    const char *fmt;    /* NULL: binary for one bit, hex for more */
} sig;

typedef struct {
    const char *title;
    const char *comment;        /* NULL none */
    const sig *s;
} group;

#define SOC ".wc_node_soc"
#define CORE SOC ".u_core"
#define RAM SOC ".u_ram"
#define NIC SOC ".u_nic"
#define MMIO SOC ".u_mmio"

static const sig core_state[] = {
    { CORE, "state_q", 2, F_DEC }, { CORE, "pc_q", 32, NULL }, { CORE, "ir_q", 32, NULL },
    { CORE, "trap", 1, NULL }, { CORE, "irq_take", 1, NULL }, { NULL, NULL, 0, NULL }
};
static const sig core_ibus[] = {
    { CORE, "ibus_cyc_o", 1, NULL }, { CORE, "ibus_stb_o", 1, NULL }, { CORE, "ibus_adr_o", 32, NULL },
    { CORE, "ibus_ack_i", 1, NULL }, { CORE, "ibus_err_i", 1, NULL }, { CORE, "ibus_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig core_dbus[] = {
    { CORE, "dbus_cyc_o", 1, NULL }, { CORE, "dbus_stb_o", 1, NULL }, { CORE, "dbus_we_o", 1, NULL },
    { CORE, "dbus_sel_o", 4, NULL }, { CORE, "dbus_adr_o", 32, NULL }, { CORE, "dbus_dat_o", 32, NULL },
    { CORE, "dbus_ack_i", 1, NULL }, { CORE, "dbus_err_i", 1, NULL }, { CORE, "dbus_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig core_rvfi[] = {
    { CORE, "rvfi_valid_o", 1, NULL }, { CORE, "rvfi_pc_rdata_o", 32, NULL }, { CORE, "rvfi_insn_o", 32, NULL },
    { CORE, "rvfi_pc_wdata_o", 32, NULL }, { CORE, "rvfi_rd_addr_o", 5, F_DEC },
    { CORE, "rvfi_rd_wdata_o", 32, NULL }, { CORE, "rvfi_mem_addr_o", 32, NULL },
    { CORE, "rvfi_mem_rmask_o", 4, NULL }, { CORE, "rvfi_mem_wmask_o", 4, NULL },
    { CORE, "rvfi_mem_rdata_o", 32, NULL }, { CORE, "rvfi_mem_wdata_o", 32, NULL },
    { CORE, "rvfi_trap_o", 1, NULL }, { CORE, "rvfi_intr_o", 1, NULL }, { CORE, "rvfi_cause_o", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig core_irq[] = {
    { CORE, "irq_timer_i", 1, NULL }, { CORE, "irq_ext_i", 1, NULL }, { NIC, "irq_o", 1, NULL },
    { SOC, "irq_soft", 1, NULL }, { NULL, NULL, 0, NULL }
};
static const sig ram[] = {
    { RAM, "gnt_o", 2, NULL }, { RAM, "pend_c", 1, NULL }, { RAM, "pend_d", 1, NULL },
    { RAM, "c_wait_q", 1, NULL }, { RAM, "c_ack_q", 1, NULL }, { RAM, "d_ack_q", 1, NULL },
    { RAM, "c_we_i", 1, NULL }, { RAM, "c_adr_i", 32, NULL }, { RAM, "d_we_i", 1, NULL },
    { RAM, "d_adr_i", 32, NULL }, { NULL, NULL, 0, NULL }
};
static const sig nic_slave[] = {
    { NIC, "s_cyc_i", 1, NULL }, { NIC, "s_stb_i", 1, NULL }, { NIC, "s_we_i", 1, NULL },
    { NIC, "s_sel_i", 4, NULL }, { NIC, "s_adr_i", 32, NULL }, { NIC, "s_dat_i", 32, NULL },
    { NIC, "s_ack_o", 1, NULL }, { NIC, "s_dat_o", 32, NULL }, { NULL, NULL, 0, NULL }
};
static const sig nic_master[] = {
    { NIC, "m_cyc_o", 1, NULL }, { NIC, "m_stb_o", 1, NULL }, { NIC, "m_we_o", 1, NULL },
    { NIC, "m_sel_o", 4, NULL }, { NIC, "m_adr_o", 32, NULL }, { NIC, "m_dat_o", 32, NULL },
    { NIC, "m_ack_i", 1, NULL }, { NIC, "m_err_i", 1, NULL }, { NIC, "m_dat_i", 32, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig nic_irq[] = {
    { NIC, "irq_o", 1, NULL }, { NIC, "cq_push", 1, NULL }, { NIC, "cq_head", 16, F_DEC },
    { NIC, "cq_tail", 16, F_DEC }, { NIC, "en", 1, NULL }, { NIC, "mode", 2, NULL }, { NIC, "busy", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig nic_net[] = {
    { NIC, "tx_valid_o", 1, NULL }, { NIC, "tx_flit_o", FLIT, NULL }, { NIC, "tx_credit_i", 1, NULL },
    { NIC, "rx_valid_i", 1, NULL }, { NIC, "rx_flit_i", FLIT, NULL }, { NIC, "rx_credit_o", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig local_port[] = {
    { "", "tx_valid_o", 1, NULL }, { "", "tx_flit_o", FLIT, NULL }, { "", "tx_credit_i", 1, NULL },
    { "", "rx_valid_i", 1, NULL }, { "", "rx_flit_i", FLIT, NULL }, { "", "rx_credit_o", 1, NULL },
    { NULL, NULL, 0, NULL }
};
static const sig devices[] = {
    { MMIO, "console_valid_o", 1, NULL }, { MMIO, "console_data_o", 8, F_ASCII },
    { MMIO, "exit_valid_o", 1, NULL }, { MMIO, "exit_code_o", 32, NULL }, { MMIO, "mtime_q", 64, F_DEC },
    { MMIO, "irq_timer_o", 1, NULL }, { NULL, NULL, 0, NULL }
};

static const group groups[] = {
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

/* filter: the flit decoder's command line, or NULL */
static void put_sig(FILE *g, int node, int W, const sig *s, const char *filter)
{
    int bits = s->bits == FLIT ? W + 2 : s->bits;
    const char *fmt = s->fmt ? s->fmt : bits == 1 ? F_BIN : F_HEX;
    if (s->bits == FLIT && filter)
        fprintf(g, "@%s\n^>1 %s\nnode%d%s.%s", F_FILTERED, filter, node, s->scope, s->name);
    else
        fprintf(g, "@%s\nnode%d%s.%s", fmt, node, s->scope, s->name);
    if (bits > 1)
        fprintf(g, "[%d:0]", bits - 1);
    fputc('\n', g);
}

int wc_node_wave_layout(const char *path, const wc_node_wave *w, char *err, int errlen)
{
    FILE *g = fopen(path, "w");
    size_t k;
    const sig *s;
    char fpath[4096], filter[4200];
    const char *fl = NULL;
    /* about 40 cycles across the window; a mark near its right edge */
    long start = w->mark >= 0 && w->mark - 32 > w->from ? w->mark - 32 : w->from;
    if (!g)
        return wc_err(err, errlen, "cannot write the waveform layout %s: %s", path, strerror(errno));
    fprintf(g, "[*] wormcast: RTL node %d traced from cycle %ld; cycle C is at time 10*C, its clock edge at "
               "10*C+5\n", w->node, w->from);
    if (w->note)
        fprintf(g, "[*] %s\n", w->note);
    if (!wc_wave_filter(fpath, sizeof fpath)) {
        snprintf(filter, sizeof filter, "%s --width=%d", fpath, w->W);
        fl = filter;
        fprintf(g, "[*] flits decoded by %s: H head (dst, multi +N address flits), B body, T tail, "
                   "HT head and tail, - none\n", fpath);
    }
    fprintf(g, "[dumpfile] \"%s\"\n[timestart] %ld\n[size] 1500 900\n*-6.500000 %ld -1 -1 -1\n"
               "[sst_width] 240\n[signals_width] 360\n", w->fst, start * 10, w->mark >= 0 ? w->mark * 10 : -1L);
    fprintf(g, "@%s\nnode%d.clk_i\nnode%d.rst_ni\n", F_BIN, w->node, w->node);
    for (k = 0; k < sizeof groups / sizeof groups[0]; k++) {
        fprintf(g, "@%s\n-%s\n", F_GROUP, groups[k].title);
        if (groups[k].comment)
            fprintf(g, "@%s\n-%s\n", F_COMMENT, groups[k].comment);
        for (s = groups[k].s; s->name; s++)
            put_sig(g, w->node, w->W, s, fl);
        fprintf(g, "@%s\n-%s\n", F_GROUP_END, groups[k].title);
    }
    if (fclose(g))
        return wc_err(err, errlen, "cannot write the waveform layout %s: %s", path, strerror(errno));
    return 0;
}

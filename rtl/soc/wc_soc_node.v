// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Node SoC for simulation: the RV32IM core, a dual-port RAM at
// WC_SOC_RAM_BASE (execution starts there, riscv-tests env/p convention)
// and the device block at WC_SOC_MMIO_BASE.  The fetch port reaches RAM
// only; the data port reaches RAM and devices; every other address ends
// the Wishbone cycle with ERR (the core raises an access fault).  Memory
// map: docs/core.md and the SOC group of defs/wc_defs.def.
module wc_soc_node #(
    // RAM size in bytes (power of two).
    parameter integer RAM_BYTES = `WC_SOC_RAM_SIZE,
    // Drive the core's retire port (verification); 0 for synthesis.
    parameter integer RVFI      = 1,
    // Multiply/divide bits per cycle of the core (1, 2, 4).
    parameter integer MD_STEPS  = 1
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    output wire        console_valid_o,
    output wire [7:0]  console_data_o,
    output wire        exit_valid_o,
    output wire [31:0] exit_code_o,
    // The core's retire port (see wc_rv32_core).
    output wire        rvfi_valid_o,
    output wire [31:0] rvfi_insn_o,
    output wire [31:0] rvfi_pc_rdata_o,
    output wire [31:0] rvfi_pc_wdata_o,
    output wire [4:0]  rvfi_rd_addr_o,
    output wire [31:0] rvfi_rd_wdata_o,
    output wire [31:0] rvfi_mem_addr_o,
    output wire [3:0]  rvfi_mem_rmask_o,
    output wire [3:0]  rvfi_mem_wmask_o,
    output wire [31:0] rvfi_mem_rdata_o,
    output wire [31:0] rvfi_mem_wdata_o,
    output wire        rvfi_trap_o,
    output wire        rvfi_intr_o,
    output wire [31:0] rvfi_cause_o,
    // Observed only (cycle lockstep with the C model of the core): the
    // core's two Wishbone masters, the slaves' answers and the interrupt
    // lines, as the core sees them.
    output wire        ibus_cyc_o,
    output wire        ibus_stb_o,
    output wire        ibus_we_o,
    output wire [3:0]  ibus_sel_o,
    output wire [31:0] ibus_adr_o,
    output wire [31:0] ibus_dat_o,
    output wire        ibus_ack_o,
    output wire        ibus_err_o,
    output wire [31:0] ibus_rdat_o,
    output wire        dbus_cyc_o,
    output wire        dbus_stb_o,
    output wire        dbus_we_o,
    output wire [3:0]  dbus_sel_o,
    output wire [31:0] dbus_adr_o,
    output wire [31:0] dbus_dat_o,
    output wire        dbus_ack_o,
    output wire        dbus_err_o,
    output wire [31:0] dbus_rdat_o,
    output wire        irq_timer_o,
    output wire        irq_ext_o
);
    localparam [31:0] RAM_BASE  = `WC_SOC_RAM_BASE;
    localparam [31:0] RAM_SIZE  = RAM_BYTES;
    localparam [31:0] MMIO_BASE = `WC_SOC_MMIO_BASE;
    localparam [31:0] MMIO_SIZE = `WC_SOC_MMIO_SIZE;

    wire        i_cyc, i_stb, i_we, i_ack, i_err;
    wire [3:0]  i_sel;
    wire [31:0] i_adr, i_dw, i_dr;
    wire        d_cyc, d_stb, d_we, d_ack, d_err;
    wire [3:0]  d_sel;
    wire [31:0] d_adr, d_dw, d_dr;
    wire        irq_timer, irq_ext;

    wc_rv32_core #(.RESET_PC(RAM_BASE), .RVFI(RVFI), .MD_STEPS(MD_STEPS)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .ibus_cyc_o(i_cyc), .ibus_stb_o(i_stb), .ibus_we_o(i_we), .ibus_sel_o(i_sel),
        .ibus_adr_o(i_adr), .ibus_dat_o(i_dw), .ibus_dat_i(i_dr), .ibus_ack_i(i_ack),
        .ibus_err_i(i_err),
        .dbus_cyc_o(d_cyc), .dbus_stb_o(d_stb), .dbus_we_o(d_we), .dbus_sel_o(d_sel),
        .dbus_adr_o(d_adr), .dbus_dat_o(d_dw), .dbus_dat_i(d_dr), .dbus_ack_i(d_ack),
        .dbus_err_i(d_err),
        .irq_timer_i(irq_timer), .irq_ext_i(irq_ext),
        .rvfi_valid_o(rvfi_valid_o), .rvfi_insn_o(rvfi_insn_o),
        .rvfi_pc_rdata_o(rvfi_pc_rdata_o), .rvfi_pc_wdata_o(rvfi_pc_wdata_o),
        .rvfi_rd_addr_o(rvfi_rd_addr_o), .rvfi_rd_wdata_o(rvfi_rd_wdata_o),
        .rvfi_mem_addr_o(rvfi_mem_addr_o), .rvfi_mem_rmask_o(rvfi_mem_rmask_o),
        .rvfi_mem_wmask_o(rvfi_mem_wmask_o), .rvfi_mem_rdata_o(rvfi_mem_rdata_o),
        .rvfi_mem_wdata_o(rvfi_mem_wdata_o), .rvfi_trap_o(rvfi_trap_o),
        .rvfi_intr_o(rvfi_intr_o), .rvfi_cause_o(rvfi_cause_o)
    );

    // ---- address decode ----------------------------------------------
    wire [31:0] i_off   = i_adr - RAM_BASE;
    wire [31:0] d_off   = d_adr - RAM_BASE;
    wire [31:0] d_moff  = d_adr - MMIO_BASE;
    wire        i_ram   = i_off < RAM_SIZE;
    wire        d_ram   = d_off < RAM_SIZE;
    wire        d_mmio  = d_moff < MMIO_SIZE;

    // ERR responder for unmapped addresses: one cycle, like the slaves.
    reg         i_nerr_q, d_nerr_q;
    always @(posedge clk_i)
        if (!rst_ni) i_nerr_q <= 1'b0;
        else         i_nerr_q <= i_cyc && i_stb && !i_ram && !i_nerr_q;
    always @(posedge clk_i)
        if (!rst_ni) d_nerr_q <= 1'b0;
        else         d_nerr_q <= d_cyc && d_stb && !d_ram && !d_mmio && !d_nerr_q;

    wire        ra_ack, rb_ack, m_ack, m_err;
    wire [31:0] ra_dr, rb_dr, m_dr;
    wc_soc_ram #(.BYTES(RAM_BYTES)) u_ram (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .a_cyc_i(i_cyc && i_ram), .a_stb_i(i_stb && i_ram), .a_we_i(i_we), .a_sel_i(i_sel),
        .a_adr_i(i_adr), .a_dat_i(i_dw), .a_dat_o(ra_dr), .a_ack_o(ra_ack),
        .b_cyc_i(d_cyc && d_ram), .b_stb_i(d_stb && d_ram), .b_we_i(d_we), .b_sel_i(d_sel),
        .b_adr_i(d_adr), .b_dat_i(d_dw), .b_dat_o(rb_dr), .b_ack_o(rb_ack)
    );
    // A stand-alone core is node 0 of a one-node system.
    wc_soc_mmio u_mmio (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .node_id_i({`WC_HEAD_DST_W{1'b0}}), .node_count_i((`WC_HEAD_DST_W+1)'(1)),
        .cyc_i(d_cyc && d_mmio), .stb_i(d_stb && d_mmio), .we_i(d_we), .sel_i(d_sel),
        .adr_i(d_adr), .dat_i(d_dw), .dat_o(m_dr), .ack_o(m_ack), .err_o(m_err),
        .console_valid_o(console_valid_o), .console_data_o(console_data_o),
        .exit_valid_o(exit_valid_o), .exit_code_o(exit_code_o),
        .irq_timer_o(irq_timer), .irq_ext_o(irq_ext)
    );

    assign i_dr  = ra_dr;
    assign i_ack = ra_ack;
    assign i_err = i_nerr_q;
    // The decode inputs hold during a cycle, so the selected slave's
    // response is the only one active.
    assign d_dr  = d_ram ? rb_dr : m_dr;
    assign d_ack = rb_ack || m_ack;
    assign d_err = d_nerr_q || m_err;

    assign ibus_cyc_o  = i_cyc;
    assign ibus_stb_o  = i_stb;
    assign ibus_we_o   = i_we;
    assign ibus_sel_o  = i_sel;
    assign ibus_adr_o  = i_adr;
    assign ibus_dat_o  = i_dw;
    assign ibus_ack_o  = i_ack;
    assign ibus_err_o  = i_err;
    assign ibus_rdat_o = i_dr;
    assign dbus_cyc_o  = d_cyc;
    assign dbus_stb_o  = d_stb;
    assign dbus_we_o   = d_we;
    assign dbus_sel_o  = d_sel;
    assign dbus_adr_o  = d_adr;
    assign dbus_dat_o  = d_dw;
    assign dbus_ack_o  = d_ack;
    assign dbus_err_o  = d_err;
    assign dbus_rdat_o = d_dr;
    assign irq_timer_o = irq_timer;
    assign irq_ext_o   = irq_ext;
endmodule
`resetall

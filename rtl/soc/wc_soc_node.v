// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Node SoC for simulation: the RV32IM core, a dual-port RAM at
// WC_SOC_RAM_BASE (execution starts there, riscv-tests env/p convention)
// and the device block at WC_SOC_MMIO_BASE.  The fetch port reaches RAM
// only; the data port reaches RAM and devices; every other address ends
// the Wishbone cycle with ERR (the core raises an access fault).  Memory
// map: docs/core.md and the SOC group of defs/wc_defs.def.  The FPGA
// boards' core design (fpga/top/wc_fpga_core.v) takes it with a single
// ported RAM loaded at elaboration, and console stores that wait for its
// UART.
module wc_soc_node #(
    // RAM size in bytes (power of two).
    parameter integer RAM_BYTES = `WC_SOC_RAM_SIZE,
    // 2: wc_soc_ram, a port for fetch and one for data, loaded from the
    // +hex=<file> plusarg (simulation); 1: wc_node_ram, one port that
    // fetch and data share (the core never requests on both at once, and
    // each access still answers a cycle after its request, so the cycles
    // are the same), loaded from RAM_INIT: FPGA block RAM.
    parameter integer RAM_PORTS = 2,
    // $readmemh image of the single-ported RAM ("" for none).
    parameter         RAM_INIT  = "",
    // 1: a store to the console register waits (its Wishbone request is
    // not passed to the device block) while console_ready_i is low.
    parameter integer CONSOLE_WAIT = 0,
    // Drive the core's retire port (verification); 0 for synthesis.
    parameter integer RVFI      = 1,
    // Multiply/divide bits per cycle of the core (1, 2, 4).
    parameter integer MD_STEPS  = 1
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // With CONSOLE_WAIT: a console byte may be stored (ignored without).
    input  wire        console_ready_i,
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

    initial begin
        if (RAM_PORTS < 1 || RAM_PORTS > 2) $error("%m: RAM_PORTS must be 1 or 2 (got %0d)", RAM_PORTS);
        if (RAM_PORTS == 2 && RAM_INIT != "") $error("%m: RAM_INIT needs RAM_PORTS = 1 (the two-port RAM loads +hex)");
        if (CONSOLE_WAIT < 0 || CONSOLE_WAIT > 1) $error("%m: CONSOLE_WAIT must be 0 or 1 (got %0d)", CONSOLE_WAIT);
    end

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
    generate
        if (RAM_PORTS == 2) begin : g_ram2
            wc_soc_ram #(.BYTES(RAM_BYTES)) u_ram (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .a_cyc_i(i_cyc && i_ram), .a_stb_i(i_stb && i_ram), .a_we_i(i_we), .a_sel_i(i_sel),
                .a_adr_i(i_adr), .a_dat_i(i_dw), .a_dat_o(ra_dr), .a_ack_o(ra_ack),
                .b_cyc_i(d_cyc && d_ram), .b_stb_i(d_stb && d_ram), .b_we_i(d_we), .b_sel_i(d_sel),
                .b_adr_i(d_adr), .b_dat_i(d_dw), .b_dat_o(rb_dr), .b_ack_o(rb_ack)
            );
        end else begin : g_ram1
            // the master requesting RAM owns it, and the ACK that comes
            // back while it still holds its request
            wire        ci_req = i_cyc && i_stb && i_ram;
            wire        cd_req = d_cyc && d_stb && d_ram;
            wire        c_ack, dma_ack;
            wire [31:0] c_dr, dma_dr;
            wire [1:0]  gnt;
            wc_node_ram #(.BYTES(RAM_BYTES), .INIT_FILE(RAM_INIT)) u_ram (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .c_cyc_i(ci_req || cd_req), .c_stb_i(ci_req || cd_req),
                .c_we_i(cd_req ? d_we : i_we), .c_sel_i(cd_req ? d_sel : i_sel),
                .c_adr_i(cd_req ? d_adr : i_adr), .c_dat_i(cd_req ? d_dw : i_dw),
                .c_dat_o(c_dr), .c_ack_o(c_ack),
                .d_cyc_i(1'b0), .d_stb_i(1'b0), .d_we_i(1'b0), .d_sel_i(4'd0),
                .d_adr_i(32'd0), .d_dat_i(32'd0), .d_dat_o(dma_dr), .d_ack_o(dma_ack),
                .gnt_o(gnt)
            );
            assign ra_dr  = c_dr;
            assign rb_dr  = c_dr;
            assign ra_ack = c_ack && ci_req;
            assign rb_ack = c_ack && cd_req;
            wire unused_ok = &{1'b0, dma_ack, dma_dr, gnt};
        end
    endgenerate
    wire cons_hold = CONSOLE_WAIT != 0 && d_adr == `WC_SOC_CONSOLE_ADDR && !console_ready_i;
    // A stand-alone core is node 0 of a one-node system.
    wc_soc_mmio u_mmio (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .node_id_i({`WC_HEAD_DST_W{1'b0}}), .node_count_i((`WC_HEAD_DST_W+1)'(1)),
        .cyc_i(d_cyc && d_mmio && !cons_hold), .stb_i(d_stb && d_mmio && !cons_hold), .we_i(d_we), .sel_i(d_sel),
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

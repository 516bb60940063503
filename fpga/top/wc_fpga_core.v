// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// The RV32IM core alone on a board (design `core`, docs/fpga.md): the
// simulation SoC (wc_soc_node: the core, its RAM, the device block with
// console, exit and timer) with its RAM in block RAM, the firmware loaded
// at synthesis; the console goes out on the UART, and after the
// firmware's exit a status line repeats (wc_fpga_core_report), so a
// terminal opened late still sees the result.
//
// The RAM is the SoC's single-ported one (RAM_PORTS = 1): block RAM has
// one read and one write port (iCE40 SB_RAM40_4K), and the two-port RAM
// of the simulations would take twice the blocks, more than the boards
// have for 8 KiB.
//
// No console byte is lost: a store to the console register waits (the
// SoC's CONSOLE_WAIT) until the UART transmitter is idle and no byte is
// on its way to it.  The UART is the only buffer: a FIFO would not make a
// program that prints faster than the line any quicker, only later.
//
// LEDs (status_o): [0] heartbeat, [1] exited with pass, [2] exited with
// a failure, [3] running (not yet exited), [7:4] the low bits of the
// failure code (main's return value).
module wc_fpga_core #(
    // RAM size in bytes: a power of two, 4 KiB..16 MiB (as the node's).
    parameter integer RAM_BYTES     = 8192,
    // $readmemh image of the RAM, 32-bit words from WC_SOC_RAM_BASE: the
    // firmware, linked for RAM_BYTES and exiting through the exit register
    // (mk/fpga.mk makes it).  "" elaborates (Yosys reads every module with
    // its defaults) but leaves the RAM empty: the core traps at once.
    parameter         INIT_FILE     = "",
    // Clock cycles per UART bit (clock / 115200, rounded).
    parameter integer UART_DIV      = 434,
    // Clock cycles from one status line to the next after the exit.
    parameter integer STATUS_CYCLES = 50_000_000,
    // The heartbeat LED toggles every 2^HEART_BIT cycles.
    parameter integer HEART_BIT     = 24,
    // Multiply/divide bits per cycle of the core (1, 2, 4).
    parameter integer MD_STEPS      = 1
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    output wire       uart_tx_o,
    output wire [7:0] status_o
);
    initial begin
        if (UART_DIV < 2) $error("%m: UART_DIV must be >= 2 (got %0d)", UART_DIV);
        if (STATUS_CYCLES < 1) $error("%m: STATUS_CYCLES must be >= 1 (got %0d)", STATUS_CYCLES);
        if (HEART_BIT < 1 || HEART_BIT > 31) $error("%m: HEART_BIT must be 1..31 (got %0d)", HEART_BIT);
    end

    wire        tx_ready, cons_valid, exit_valid;
    wire [7:0]  cons_byte;
    wire [31:0] exit_code;
    reg         exited_q;
    // observation ports of the SoC, not needed on a board
    wire        rv_valid, rv_trap, rv_intr, irq_t, irq_e;
    wire [31:0] rv_insn, rv_pc_r, rv_pc_w, rv_rd_w, rv_maddr, rv_mrd, rv_mwd, rv_cause;
    wire [4:0]  rv_rd;
    wire [3:0]  rv_rmask, rv_wmask, ib_sel, db_sel;
    wire        ib_cyc, ib_stb, ib_we, ib_ack, ib_err, db_cyc, db_stb, db_we, db_ack, db_err;
    wire [31:0] ib_adr, ib_dat, ib_rdat, db_adr, db_dat, db_rdat;
    wc_soc_node #(
        .RAM_BYTES(RAM_BYTES), .RVFI(0), .MD_STEPS(MD_STEPS), .RAM_PORTS(1), .RAM_INIT(INIT_FILE),
        .CONSOLE_WAIT(1)
    ) u_soc (
        .clk_i(clk_i), .rst_ni(rst_ni),
        // a console byte goes straight into an idle UART; none after the exit
        .console_ready_i(tx_ready && !cons_valid && !exited_q),
        .console_valid_o(cons_valid), .console_data_o(cons_byte),
        .exit_valid_o(exit_valid), .exit_code_o(exit_code),
        .rvfi_valid_o(rv_valid), .rvfi_insn_o(rv_insn), .rvfi_pc_rdata_o(rv_pc_r), .rvfi_pc_wdata_o(rv_pc_w),
        .rvfi_rd_addr_o(rv_rd), .rvfi_rd_wdata_o(rv_rd_w), .rvfi_mem_addr_o(rv_maddr),
        .rvfi_mem_rmask_o(rv_rmask), .rvfi_mem_wmask_o(rv_wmask), .rvfi_mem_rdata_o(rv_mrd),
        .rvfi_mem_wdata_o(rv_mwd), .rvfi_trap_o(rv_trap), .rvfi_intr_o(rv_intr), .rvfi_cause_o(rv_cause),
        .ibus_cyc_o(ib_cyc), .ibus_stb_o(ib_stb), .ibus_we_o(ib_we), .ibus_sel_o(ib_sel), .ibus_adr_o(ib_adr),
        .ibus_dat_o(ib_dat), .ibus_ack_o(ib_ack), .ibus_err_o(ib_err), .ibus_rdat_o(ib_rdat),
        .dbus_cyc_o(db_cyc), .dbus_stb_o(db_stb), .dbus_we_o(db_we), .dbus_sel_o(db_sel), .dbus_adr_o(db_adr),
        .dbus_dat_o(db_dat), .dbus_ack_o(db_ack), .dbus_err_o(db_err), .dbus_rdat_o(db_rdat),
        .irq_timer_o(irq_t), .irq_ext_o(irq_e)
    );

    // ---- exit, status line, UART -----------------------------------------
    reg [31:0] code_q;
    always @(posedge clk_i)
        if (!rst_ni) begin
            exited_q <= 1'b0;
            code_q   <= 32'd0;
        end else if (exit_valid && !exited_q) begin
            exited_q <= 1'b1;
            code_q   <= exit_code;
        end
    // the exit register holds 1 for a pass, code << 1 | 1 for a failure
    wire        pass = code_q == 32'd1;
    wire [31:0] code = {1'b0, code_q[31:1]};

    // the first line as soon as the UART is free, then every STATUS_CYCLES
    localparam integer SW = $clog2(STATUS_CYCLES + 1);
    reg  [SW-1:0] wait_q;
    wire          rpt_start = exited_q && wait_q == {SW{1'b0}};
    always @(posedge clk_i)
        if (!rst_ni || !exited_q)  wait_q <= {SW{1'b0}};
        else if (rpt_start)        wait_q <= SW'(STATUS_CYCLES);
        else                       wait_q <= wait_q - 1'b1;

    wire       rpt_valid;
    wire [7:0] rpt_byte;
    wc_fpga_core_report u_report (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(rpt_start), .code_i(code), .pass_i(pass),
        .valid_o(rpt_valid), .byte_o(rpt_byte), .ready_i(tx_ready)
    );
    // console bytes stop at the exit (console_ready_i), and the last one
    // left before it, so the two never meet
    wc_fpga_uart_tx #(.DIV(UART_DIV)) u_tx (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(cons_valid || rpt_valid),
        .byte_i(cons_valid ? cons_byte : rpt_byte), .ready_o(tx_ready), .tx_o(uart_tx_o)
    );

    reg [HEART_BIT:0] heart_q;
    always @(posedge clk_i)
        if (!rst_ni) heart_q <= '0;
        else         heart_q <= heart_q + 1'b1;
    assign status_o = {exited_q && !pass ? code[3:0] : 4'd0, !exited_q, exited_q && !pass,
                       exited_q && pass, heart_q[HEART_BIT]};

    wire unused_ok = &{1'b0, rv_valid, rv_trap, rv_intr, rv_insn, rv_pc_r, rv_pc_w, rv_rd_w, rv_maddr,
                       rv_mrd, rv_mwd, rv_cause, rv_rd, rv_rmask, rv_wmask, irq_t, irq_e,
                       ib_cyc, ib_stb, ib_we, ib_ack, ib_err, ib_sel, ib_adr, ib_dat, ib_rdat,
                       db_cyc, db_stb, db_we, db_ack, db_err, db_sel, db_adr, db_dat, db_rdat};
endmodule
`resetall

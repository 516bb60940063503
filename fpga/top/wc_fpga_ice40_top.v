// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// iCE40 board top of the designs (the router self-test; the core with
// WC_FPGA_CORE defined): the board's oscillator through the PLL (or
// directly, USE_PLL) to the design clock, and the pins; the reset, the
// design and the LEDs are wc_fpga_board's.  Board specifics (pins, PLL
// dividers, how many LEDs, their polarity) come from
// fpga/boards/<board>/board.mk through parameters and the .pcf.
module wc_fpga_ice40_top #(
    // Passed to wc_fpga_board (see there): the design, its clock in Hz,
    // the board's LED count and polarity.
    parameter integer ROUTING  = `WC_ROUTING_XY,
    parameter integer NODE     = 5,
    parameter integer RATE     = 8,
    // the router's hop pipeline (wc_router.v STAGES), 1 or 2
    parameter integer STAGES   = 1,
`ifdef WC_FPGA_CORE
    parameter integer RAM_BYTES = 8192,
    parameter         INIT_FILE = "",
`endif
    parameter integer CLK_HZ   = 50_250_000,
    // PLL: fout = fin * (DIVF + 1) / ((DIVR + 1) * 2^DIVQ) (icepll gives
    // these for a pair of frequencies).  PLL_PAD = 1 when the oscillator
    // pin is the PLL's own pad (SB_PLL40_PAD), 0 for SB_PLL40_CORE.
    // USE_PLL = 0: no PLL, the oscillator is the design clock (CLK_HZ
    // must then be its frequency; the PLL's least output is 16 MHz); any
    // other value takes the PLL.
    parameter integer USE_PLL  = 1,
    parameter [3:0]  DIVR      = 4'd0,
    parameter [6:0]  DIVF      = 7'd66,
    parameter [2:0]  DIVQ      = 3'd4,
    parameter [2:0]  FILTER    = 3'd1,
    parameter integer PLL_PAD  = 0,
    parameter integer NLED     = 8,
    parameter integer LED_NEG  = 0
) (
    input  wire            clk_in,
    output wire            uart_tx,
    output wire [NLED-1:0] led
);
    wire clk, locked;
    generate
        if (USE_PLL == 0) begin : g_osc
            assign clk    = clk_in;
            assign locked = 1'b1;
        end else if (PLL_PAD != 0) begin : g_pad
            SB_PLL40_PAD #(
                .FEEDBACK_PATH("SIMPLE"), .DIVR(DIVR), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(FILTER)
            ) u_pll (
                .PACKAGEPIN(clk_in), .PLLOUTGLOBAL(clk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0)
            );
        end else begin : g_core
            SB_PLL40_CORE #(
                .FEEDBACK_PATH("SIMPLE"), .DIVR(DIVR), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(FILTER)
            ) u_pll (
                .REFERENCECLK(clk_in), .PLLOUTGLOBAL(clk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0)
            );
        end
    endgenerate

    wc_fpga_board #(
`ifdef WC_FPGA_CORE
        .RAM_BYTES(RAM_BYTES), .INIT_FILE(INIT_FILE),
`else
        .ROUTING(ROUTING), .NODE(NODE), .RATE(RATE), .STAGES(STAGES),
`endif
        .CLK_HZ(CLK_HZ), .NLED(NLED), .LED_NEG(LED_NEG)
    ) u_board (
        .clk_i(clk), .locked_i(locked), .uart_tx_o(uart_tx), .led_o(led)
    );
endmodule
`resetall

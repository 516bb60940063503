// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// iCE40 board top of the router self-test (wc_fpga_router_tg): the
// board's oscillator through the PLL to the design clock, a power-on
// reset, the UART transmit pin and the LEDs.  Board specifics (pins, PLL
// dividers, how many LEDs, their polarity) come from
// fpga/boards/<board>/board.mk through parameters and the .pcf.
module wc_fpga_ice40_top #(
    // Design parameters, see wc_fpga_router_tg.
    parameter integer ROUTING  = `WC_ROUTING_XY,
    parameter integer NODE     = 5,
    parameter integer RATE     = 8,
    // Design clock in Hz: sets the UART divider (115200 baud) and the
    // epoch (half a second), so the status line comes twice a second.
    parameter integer CLK_HZ   = 50_250_000,
    // PLL: fout = fin * (DIVF + 1) / ((DIVR + 1) * 2^DIVQ) (icepll gives
    // these for a pair of frequencies).  PLL_PAD = 1 when the oscillator
    // pin is the PLL's own pad (SB_PLL40_PAD), 0 for SB_PLL40_CORE.
    parameter [3:0]  DIVR      = 4'd0,
    parameter [6:0]  DIVF      = 7'd66,
    parameter [2:0]  DIVQ      = 3'd4,
    parameter [2:0]  FILTER    = 3'd1,
    parameter integer PLL_PAD  = 0,
    // LEDs on the board (1..8) and their polarity (1: lit when low).
    parameter integer NLED     = 8,
    parameter integer LED_NEG  = 0
) (
    input  wire            clk_in,
    output wire            uart_tx,
    output wire [NLED-1:0] led
);
    initial begin
        if (NLED < 1 || NLED > 8) $error("%m: NLED must be 1..8 (got %0d)", NLED);
        if (CLK_HZ < 1_000_000) $error("%m: CLK_HZ below 1 MHz (got %0d)", CLK_HZ);
    end

    wire clk, locked;
    generate
        if (PLL_PAD != 0) begin : g_pad
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

    // Reset held until the PLL has locked and 2^8 cycles after, so that
    // the design starts on a clean clock.  iCE40 flip-flops configure to
    // zero, which makes the counter start at zero without a reset.
    reg [8:0] por_q = 9'd0;
    always @(posedge clk) begin
        if (!locked)        por_q <= 9'd0;
        else if (!por_q[8]) por_q <= por_q + 9'd1;
    end
    wire rst_n = por_q[8];

    wire [7:0] status;
    wc_fpga_router_tg #(
        .ROUTING(ROUTING), .NODE(NODE), .RATE(RATE),
        .RUN_CYCLES(CLK_HZ / 2), .DRAIN_CYCLES(1024),
        .UART_DIV((CLK_HZ + 57_600) / 115_200),
        .HEART_BIT(24)
    ) u_core (
        .clk_i(clk), .rst_ni(rst_n), .uart_tx_o(uart_tx), .led_o(status)
    );
    // Two LEDs (iCEBreaker): green blinks with the heartbeat while the
    // test passes, red lights on an error; more: the status bits as they are.
    wire [7:0] shown = (NLED >= 3) ? status : {6'd0, status[2], status[1] & status[0]};
    // registered, so that the pins are not at the end of the status logic
    reg [NLED-1:0] led_q;
    always @(posedge clk) led_q <= (LED_NEG != 0) ? ~shown[NLED-1:0] : shown[NLED-1:0];
    assign led = led_q;
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// ECP5 board top of the designs (the router self-test; the core with
// WC_FPGA_CORE defined; the 4-node system with WC_FPGA_SYSTEM, which only
// ECP5 boards build: its block RAM and size): the board's oscillator
// through the PLL (EHXPLLL) to the design clock, and the pins; the reset, the design and the LEDs
// are wc_fpga_board's, as on iCE40 boards.  Board
// specifics come from fpga/boards/<board>/board.mk through parameters and
// the .lpf.  The PLL rather than the oscillator directly: the goal clock
// (100 MHz) is four times the ULX3S oscillator, and one top serves every
// target clock.
module wc_fpga_ecp5_top #(
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
    parameter integer CLK_HZ   = 100_000_000,
    // EHXPLLL: fout = fin * CLKFB_DIV / CLKI_DIV (feedback from CLKOP,
    // VCO = fout * CLKOP_DIV); ecppll gives these for a pair of
    // frequencies (the defaults: 25 MHz to 100 MHz).
    parameter integer CLKI_DIV = 1,
    parameter integer CLKFB_DIV = 4,
    parameter integer CLKOP_DIV = 6,
    parameter integer CLKOP_CPHASE = 2,
    parameter integer NLED     = 8,
    parameter integer LED_NEG  = 0
) (
    input  wire            clk_in,
    output wire            uart_tx,
    output wire [NLED-1:0] led
);
    wire clk, locked;
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"), .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"),
        .OUTDIVIDER_MUXC("DIVC"), .OUTDIVIDER_MUXD("DIVD"),
        .CLKI_DIV(CLKI_DIV), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(CLKOP_DIV),
        .CLKOP_CPHASE(CLKOP_CPHASE), .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP"), .CLKFB_DIV(CLKFB_DIV)
    ) u_pll (
        .RST(1'b0), .STDBY(1'b0), .CLKI(clk_in), .CLKOP(clk), .CLKFB(clk),
        .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1),
        .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0), .LOCK(locked)
    );

    wc_fpga_board #(
`ifdef WC_FPGA_CORE
        .RAM_BYTES(RAM_BYTES), .INIT_FILE(INIT_FILE),
`elsif WC_FPGA_SYSTEM
`else
        .ROUTING(ROUTING), .NODE(NODE), .RATE(RATE), .STAGES(STAGES),
`endif
        .CLK_HZ(CLK_HZ), .NLED(NLED), .LED_NEG(LED_NEG)
    ) u_board (
        .clk_i(clk), .locked_i(locked), .uart_tx_o(uart_tx), .led_o(led)
    );
endmodule
`resetall

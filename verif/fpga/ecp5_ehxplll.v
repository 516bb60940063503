// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// A simulation model of the ECP5 PLL EHXPLLL for a board top's netlist
// (make fpga-netlist-system): Yosys ships the primitive as a black box
// only.  A cycle-based bench has one clock, so the model passes the
// oscillator through as the design clock (CLKOP) and is locked from the
// start: the board's reset then ends `WC_FPGA_POR_CYCLES cycles into the
// run (wc_fpga_board), which the bench counts the system's cycles from.
// It stops on any use but the board top's (feedback from CLKOP, the other
// outputs left at their default, disabled: setting one is an unknown
// parameter here), so that a new use cannot pass unmodelled.  The
// dividers and phases only shape the real clock's frequency, which a
// cycle-based bench does not see.
// (the primitive's name, not the file's; its unused ports and parameters
// are the primitive's interface)
/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module EHXPLLL #(
    // (only the parameters the board top sets: any other is an error)
    parameter integer CLKI_DIV = 1,
    parameter integer CLKFB_DIV = 1,
    parameter integer CLKOP_DIV = 8,
    parameter integer CLKOP_CPHASE = 0,
    parameter integer CLKOP_FPHASE = 0,
    parameter [127:0] CLKOP_ENABLE = "ENABLED",
    parameter [127:0] FEEDBK_PATH = "CLKOP",
    parameter [127:0] OUTDIVIDER_MUXA = "DIVA",
    parameter [127:0] OUTDIVIDER_MUXB = "DIVB",
    parameter [127:0] OUTDIVIDER_MUXC = "DIVC",
    parameter [127:0] OUTDIVIDER_MUXD = "DIVD",
    parameter [127:0] STDBY_ENABLE = "DISABLED",
    parameter [127:0] DPHASE_SOURCE = "DISABLED",
    parameter [127:0] PLLRST_ENA = "DISABLED",
    parameter [127:0] INTFB_WAKE = "DISABLED"
) (
    input  wire CLKI, CLKFB, PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
    input  wire STDBY, PLLWAKESYNC, RST, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
    output wire CLKOP, CLKOS, CLKOS2, CLKOS3, LOCK, INTLOCK, REFCLK, CLKINTFB
);
    initial
        if (FEEDBK_PATH != "CLKOP" || CLKOP_ENABLE != "ENABLED" || PLLRST_ENA != "DISABLED" ||
            STDBY_ENABLE != "DISABLED" || DPHASE_SOURCE != "DISABLED" || INTFB_WAKE != "DISABLED")
            $fatal(1, "%m: EHXPLLL model: only feedback from CLKOP, CLKOP enabled, no reset, standby, wake or dynamic phase");
    assign CLKOP    = CLKI;
    assign LOCK     = 1'b1;
    assign INTLOCK  = 1'b1;
    assign CLKOS    = 1'b0;
    assign CLKOS2   = 1'b0;
    assign CLKOS3   = 1'b0;
    assign REFCLK   = CLKI;
    assign CLKINTFB = 1'b0;
endmodule
`resetall

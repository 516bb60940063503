// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// What every board top shares, whatever makes its clock: the power-on
// reset (held until the PLL locks and 2^8 cycles after, so the design
// starts on a clean clock), the design with its timing from the design
// clock, and the LEDs.  The board tops (wc_fpga_<family>_top) add the PLL
// and the pins.  The design is the router self-test (wc_fpga_router_tg),
// with WC_FPGA_CORE defined the core with its firmware (wc_fpga_core), or
// with WC_FPGA_SYSTEM the four nodes on a 2x2 mesh (wc_fpga_system: its
// nodes' parameters and firmware image are that module's own, which the
// build sets with Yosys's chparam on it, so they pass no board top).
// A define rather than a parameter: Yosys's result moves (tens of LUTs)
// with anything else it reads, so the router designs read their files
// as they were before the core came, and keep their netlists.
module wc_fpga_board #(
`ifdef WC_FPGA_CORE
    // The core: RAM size and firmware image, see wc_fpga_core.
    parameter integer RAM_BYTES = 8192,
    parameter         INIT_FILE = "",
`elsif WC_FPGA_SYSTEM
`else
    // Design parameters, see wc_fpga_router_tg.
    parameter integer ROUTING  = `WC_ROUTING_XY,
    parameter integer NODE     = 5,
    parameter integer RATE     = 8,
    // the router's hop pipeline (wc_router.v STAGES), 1 or 2
    parameter integer STAGES   = 1,
`endif
    // Design clock in Hz: sets the UART divider (115200 baud) and the
    // epoch (half a second), so the status line comes twice a second
    // (the core: its status line after the exit, once a second).
    parameter integer CLK_HZ   = 50_000_000,
    // LEDs on the board (1..8) and their polarity (1: lit when low).
    parameter integer NLED     = 8,
    parameter integer LED_NEG  = 0
) (
    input  wire            clk_i,
    input  wire            locked_i,   // the PLL's lock
    output wire            uart_tx_o,
    output wire [NLED-1:0] led_o
);
    initial begin
        if (NLED < 1 || NLED > 8) $error("%m: NLED must be 1..8 (got %0d)", NLED);
        if (CLK_HZ < 1_000_000) $error("%m: CLK_HZ below 1 MHz (got %0d)", CLK_HZ);
    end

    // iCE40 and ECP5 flip-flops configure to their initial value (zero
    // here), which makes the counter start at zero without a reset.
    localparam integer PB = $clog2(`WC_FPGA_POR_CYCLES);
    reg [PB:0] por_q = '0;
    always @(posedge clk_i) begin
        if (!locked_i)       por_q <= '0;
        else if (!por_q[PB]) por_q <= por_q + 1'b1;
    end
    wire rst_n = por_q[PB];

`ifdef WC_FPGA_CORE
    wire [7:0] status;
    wc_fpga_core #(
        .RAM_BYTES(RAM_BYTES), .INIT_FILE(INIT_FILE), .UART_DIV((CLK_HZ + `WC_FPGA_BAUD / 2) / `WC_FPGA_BAUD),
        .STATUS_CYCLES(CLK_HZ), .HEART_BIT(23)
    ) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .uart_tx_o(uart_tx_o), .status_o(status)
    );
    // Two LEDs: green blinks while the program runs and stays lit after a
    // pass, red lights after a failure; more: the status bits as they are.
    wire [7:0] shown = (NLED >= 3) ? status : {6'd0, status[2], status[1] | (status[3] & status[0])};
`elsif WC_FPGA_SYSTEM
    wire [7:0] status;
    wc_fpga_system #(
        .UART_DIV((CLK_HZ + `WC_FPGA_BAUD / 2) / `WC_FPGA_BAUD), .STATUS_CYCLES(CLK_HZ), .HEART_BIT(23)
    ) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .uart_tx_o(uart_tx_o), .status_o(status)
    );
    // the status bits as they are: only ECP5 boards build the system, and
    // the ULX3S has eight LEDs
    wire [7:0] shown = status;
`else
    wire [7:0] status;
    wc_fpga_router_tg #(
        .ROUTING(ROUTING), .NODE(NODE), .RATE(RATE), .STAGES(STAGES),
        .RUN_CYCLES(CLK_HZ / 2), .DRAIN_CYCLES(1024),
        .UART_DIV((CLK_HZ + `WC_FPGA_BAUD / 2) / `WC_FPGA_BAUD),
        .HEART_BIT(24)
    ) u_core (
        .clk_i(clk_i), .rst_ni(rst_n), .uart_tx_o(uart_tx_o), .led_o(status)
    );
    // Two LEDs (iCEBreaker): green blinks with the heartbeat while the
    // test passes, red lights on an error; more: the status bits as they are.
    wire [7:0] shown = (NLED >= 3) ? status : {6'd0, status[2], status[1] & status[0]};
`endif
    // registered, so that the pins are not at the end of the status logic
    reg [NLED-1:0] led_q;
    always @(posedge clk_i) led_q <= (LED_NEG != 0) ? ~shown[NLED-1:0] : shown[NLED-1:0];
    assign led_o = led_q;
endmodule
`resetall

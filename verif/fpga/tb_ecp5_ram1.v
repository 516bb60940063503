// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`timescale 1ns/1ns
// The x1 RAM's RTL (wc_ecp5_ram1) beside its synth_ecp5 netlist
// (wc_ecp5_ram1_nl: one DP16KD through verif/fpga/ecp5_dp16kd.v), both
// from the same image, driven by the same random reads and writes: every
// read must agree (make fpga-dp16kd-x1).
module tb_ecp5_ram1;
    localparam integer CYCLES = 200000;
    reg         clk = 1'b0, we = 1'b0, d = 1'b0;
    reg  [13:0] a = 14'd0;
    wire        q_rtl, q_nl;
    integer     i, bad = 0, seed = 3;
    wc_ecp5_ram1 #(.INIT_FILE("ram1.hex")) u_rtl (.clk_i(clk), .we_i(we), .adr_i(a), .dat_i(d), .dat_o(q_rtl));
    wc_ecp5_ram1_nl u_nl (.clk_i(clk), .we_i(we), .adr_i(a), .dat_i(d), .dat_o(q_nl));
    initial begin
        for (i = 0; i < CYCLES; i = i + 1) begin
            we = ($random(seed) & 3) == 0;
            a  = 14'($random(seed));
            d  = 1'($random(seed));
            #1 clk = 1'b1;
            #1 clk = 1'b0;
            if (q_rtl !== q_nl) begin
                bad = bad + 1;
                if (bad <= 4) $display("mismatch at cycle %0d, address %0d: RTL %b, netlist %b", i, a, q_rtl, q_nl);
            end
        end
        $display("fpga-dp16kd-x1: %0d cycles, %0d mismatches", CYCLES, bad);
        if (bad != 0) $fatal(1, "the x1 DP16KD netlist differs from its RTL");
        $finish;
    end
endmodule
`resetall

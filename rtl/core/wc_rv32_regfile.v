// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Register file x1..x31 with two registered read ports and one write port,
// shaped for FPGA block RAM (synchronous read): the core presents the
// source register numbers straight from the fetch data on the cycle the
// instruction arrives, so the operands are ready in the execute cycle at no
// extra latency.  x0 is never written and reads as zero.
module wc_rv32_regfile (
    input  wire        clk_i,
    // Read enable: sample raddr*_i this cycle, data valid the next.
    input  wire        re_i,
    input  wire [4:0]  raddr1_i,
    input  wire [4:0]  raddr2_i,
    output wire [31:0] rdata1_o,
    output wire [31:0] rdata2_o,
    // Write port; writes to x0 are dropped.
    input  wire        we_i,
    input  wire [4:0]  waddr_i,
    input  wire [31:0] wdata_i
);
    reg [31:0] mem_q [0:31];
    reg [31:0] r1_q, r2_q;
    reg        z1_q, z2_q;

    always @(posedge clk_i)
        if (we_i && waddr_i != 5'd0) mem_q[waddr_i] <= wdata_i;
    always @(posedge clk_i)
        if (re_i) r1_q <= mem_q[raddr1_i];
    always @(posedge clk_i)
        if (re_i) r2_q <= mem_q[raddr2_i];
    always @(posedge clk_i)
        if (re_i) z1_q <= (raddr1_i == 5'd0);
    always @(posedge clk_i)
        if (re_i) z2_q <= (raddr2_i == 5'd0);

    assign rdata1_o = z1_q ? 32'd0 : r1_q;
    assign rdata2_o = z2_q ? 32'd0 : r2_q;
endmodule
`resetall

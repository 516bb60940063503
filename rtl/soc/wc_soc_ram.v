// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Dual-port RAM of the node SoC with two Wishbone B4 classic slave ports
// (a: instruction fetch, b: data).  Each port answers a request with ACK
// one cycle later (registered read data), so a classic cycle takes two
// clocks.  Addresses are byte addresses; only the word index inside the
// RAM is decoded (the SoC decoder selects the RAM).  Initial contents come
// from a $readmemh file named by the +hex=<file> plusarg (simulation).
module wc_soc_ram #(
    // Size in bytes: a power of two, >= 8.
    parameter integer BYTES = `WC_SOC_RAM_SIZE
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // Port a (read-only use by the fetch port; writes are honoured too).
    input  wire        a_cyc_i,
    input  wire        a_stb_i,
    input  wire        a_we_i,
    input  wire [3:0]  a_sel_i,
    input  wire [31:0] a_adr_i,
    input  wire [31:0] a_dat_i,
    output wire [31:0] a_dat_o,
    output wire        a_ack_o,
    // Port b.
    input  wire        b_cyc_i,
    input  wire        b_stb_i,
    input  wire        b_we_i,
    input  wire [3:0]  b_sel_i,
    input  wire [31:0] b_adr_i,
    input  wire [31:0] b_dat_i,
    output wire [31:0] b_dat_o,
    output wire        b_ack_o
);
    localparam integer WORDS = BYTES / 4;
    localparam integer AW    = $clog2(WORDS);

    initial begin
        if (BYTES < 8 || (BYTES & (BYTES - 1)) != 0)
            $error("%m: BYTES must be a power of two >= 8 (got %0d)", BYTES);
    end

    reg [31:0] mem_q [0:WORDS-1];
    reg [31:0] a_dat_q, b_dat_q;
    reg        a_ack_q, b_ack_q;

`ifndef SYNTHESIS
    reg [1023:0] hexfile;
    integer      k;
    initial begin
        for (k = 0; k < WORDS; k = k + 1)
            mem_q[k] = 32'd0;
        if ($value$plusargs("hex=%s", hexfile))
            $readmemh(hexfile, mem_q);
    end
`endif

    wire          a_go = a_cyc_i && a_stb_i && !a_ack_q;
    wire          b_go = b_cyc_i && b_stb_i && !b_ack_q;
    wire [AW-1:0] a_ix = a_adr_i[AW+1:2];
    wire [AW-1:0] b_ix = b_adr_i[AW+1:2];

    genvar i;
    generate
        for (i = 0; i < 4; i = i + 1) begin : g_lane
            always @(posedge clk_i)
                if (a_go && a_we_i && a_sel_i[i]) mem_q[a_ix][8*i +: 8] <= a_dat_i[8*i +: 8];
            always @(posedge clk_i)
                if (b_go && b_we_i && b_sel_i[i]) mem_q[b_ix][8*i +: 8] <= b_dat_i[8*i +: 8];
        end
    endgenerate
    always @(posedge clk_i)
        if (a_go) a_dat_q <= mem_q[a_ix];
    always @(posedge clk_i)
        if (b_go) b_dat_q <= mem_q[b_ix];
    always @(posedge clk_i)
        if (!rst_ni) a_ack_q <= 1'b0;
        else         a_ack_q <= a_go;
    always @(posedge clk_i)
        if (!rst_ni) b_ack_q <= 1'b0;
        else         b_ack_q <= b_go;

    assign a_dat_o = a_dat_q;
    assign b_dat_o = b_dat_q;
    assign a_ack_o = a_ack_q;
    assign b_ack_o = b_ack_q;

    // Unused address bits are decoded by the SoC, not here.
    wire unused_ok = &{1'b0, a_adr_i[31:AW+2], a_adr_i[1:0], b_adr_i[31:AW+2], b_adr_i[1:0]};
endmodule
`resetall

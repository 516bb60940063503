// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Node RAM: one single-ported memory (what every FPGA block RAM offers at
// its cheapest) shared by two Wishbone B4 classic slave ports, the core's
// (c_*) and the NIC DMA's (d_*), through the arbiter of docs/system.md:
//
//   pend_d = d request && !d_ack_q       pend_c = c request && !c_ack_q
//   grant  = pend_d ? DMA : pend_c ? CORE : none     (WC_NODE_ARB_DMA_FIRST)
//
// The granted request reads its word into the one data register (the old
// contents, also on a write) and writes its byte lanes at the clock edge;
// its ACK follows one cycle later.  A request is ignored while its own ACK
// is high, so one transfer is never served twice.  The SoC decoder selects
// the RAM: both ports decode only the word index.  Cycle diagrams: docs/bus.md.
module wc_node_ram #(
    // Size in bytes: a power of two, >= 8.
    parameter integer BYTES     = `WC_NODE_RAM_SIZE,
    // $readmemh image loaded at elaboration ("" for none): the FPGA's
    // boot image.  Simulation harnesses load through the back door
    // (mem_q is public to Verilator) while the node is held in reset.
    parameter         INIT_FILE = ""
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // Core port (fetch and data, which never request together).
    input  wire        c_cyc_i,
    input  wire        c_stb_i,
    input  wire        c_we_i,
    input  wire [3:0]  c_sel_i,
    input  wire [31:0] c_adr_i,
    input  wire [31:0] c_dat_i,
    output wire [31:0] c_dat_o,
    output wire        c_ack_o,
    // DMA port (the NIC's master).
    input  wire        d_cyc_i,
    input  wire        d_stb_i,
    input  wire        d_we_i,
    input  wire [3:0]  d_sel_i,
    input  wire [31:0] d_adr_i,
    input  wire [31:0] d_dat_i,
    output wire [31:0] d_dat_o,
    output wire        d_ack_o,
    // This cycle's grant: {DMA, core}, so the value is WC_NODE_GNT_* of
    // defs/wc_node_port.h (0 none, 1 core, 2 DMA).
    output wire [1:0]  gnt_o
);
    localparam integer WORDS     = BYTES / 4;
    localparam integer AW        = $clog2(WORDS);
    localparam         DMA_FIRST = `WC_NODE_ARB_DMA_FIRST != 0;

    initial begin
        if (BYTES < 8 || (BYTES & (BYTES - 1)) != 0)
            $error("%m: BYTES must be a power of two >= 8 (got %0d)", BYTES);
    end

    reg [31:0] mem_q [0:WORDS-1] /*verilator public_flat*/;
    reg [31:0] dat_q;
    reg        c_ack_q, d_ack_q;

    // Simulations start from zeros, as the C model's RAM does; one block,
    // so the image lands after the zeros.
    integer k;
    initial begin
`ifndef SYNTHESIS
        for (k = 0; k < WORDS; k = k + 1)
            mem_q[k] = 32'd0;
`endif
        if (INIT_FILE != "") $readmemh(INIT_FILE, mem_q);
    end

    wire pend_c = c_cyc_i && c_stb_i && !c_ack_q;
    wire pend_d = d_cyc_i && d_stb_i && !d_ack_q;
    wire gnt_d  = DMA_FIRST ? pend_d : pend_d && !pend_c;
    wire gnt_c  = pend_c && !gnt_d;
    wire go     = gnt_d || gnt_c;

    // The one port of the memory: the arbiter muxes address, data and
    // write enables into it, so synthesis sees a plain single-port RAM.
    wire [AW-1:0] ix  = gnt_d ? d_adr_i[AW+1:2] : c_adr_i[AW+1:2];
    wire [31:0]   wd  = gnt_d ? d_dat_i : c_dat_i;
    wire [3:0]    wbe = {4{go && (gnt_d ? d_we_i : c_we_i)}} & (gnt_d ? d_sel_i : c_sel_i);

    integer i;
    always @(posedge clk_i) begin
        for (i = 0; i < 4; i = i + 1)
            if (wbe[i]) mem_q[ix][8*i +: 8] <= wd[8*i +: 8];
        if (go) dat_q <= mem_q[ix];
    end
    always @(posedge clk_i)
        if (!rst_ni) begin
            c_ack_q <= 1'b0;
            d_ack_q <= 1'b0;
        end else begin
            c_ack_q <= gnt_c;
            d_ack_q <= gnt_d;
        end

    assign c_dat_o = dat_q;
    assign d_dat_o = dat_q;
    assign c_ack_o = c_ack_q;
    assign d_ack_o = d_ack_q;
    assign gnt_o   = {gnt_d, gnt_c};

    // Unused address bits are decoded by the SoC, not here.
    wire unused_ok = &{1'b0, c_adr_i[31:AW+2], c_adr_i[1:0], d_adr_i[31:AW+2], d_adr_i[1:0]};

`ifndef SYNTHESIS
    // The arbiter's promises (docs/system.md): one grant at a time, an
    // ACK only while its request is held, a DMA request never waits, and
    // a core request waits at most one cycle (the DMA master cannot
    // request again in the cycle of its ACK).
    reg c_wait_q;
    always @(posedge clk_i) c_wait_q <= rst_ni && pend_c && !gnt_c;
    always @(posedge clk_i)
        if (rst_ni) begin
            if (gnt_c && gnt_d)
                $error("%m: core and DMA granted together");
            if (c_ack_q && !(c_cyc_i && c_stb_i))
                $error("%m: core ACK without a request");
            if (d_ack_q && !(d_cyc_i && d_stb_i))
                $error("%m: DMA ACK without a request");
            if (DMA_FIRST && pend_d && !gnt_d)
                $error("%m: pending DMA request not granted");
            if (c_wait_q && !gnt_c)
                $error("%m: core request waited more than one cycle");
        end
`endif
endmodule
`resetall

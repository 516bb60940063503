// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Table-driven route compute (up*/down* on irregular networks), NL
// lookups at once because they share one table per router: lookup j
// routes for input port j mod P (2P lookups: the heads, and the first
// address flits of multidestination worms).
// The tables are computed in C (sw/host/wc_topo.c) and written through
// the configuration port before traffic starts.  Entry index:
// phase*NNODES + dst, where phase = 1 (WC_RT_DOWN_ONLY) when the worm
// arrived on a down link; that per-port bit is configured too.  An entry
// WC_RT_PORT_NONE, or a dst >= NNODES, makes the worm unroutable (dropped
// and counted by the input).  Mirrors wc_route_table() in cmodel.
module wc_route_table #(
    parameter integer P      = 8,   // router ports, >= 2
    parameter integer PW     = 3,   // port index width
    parameter integer NNODES = 64,  // hosts addressed, 1..2^HEAD_DST_W
    parameter integer CAW    = 16,  // config address width
    parameter integer NL     = 2 * P // lookups, a multiple of P
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    // Configuration: addr < 2*NNODES writes table entry addr (8 bits);
    // addr = 2*NNODES + p writes down_only[p] = data[0].
    input  wire                        cfg_we_i,
    input  wire [CAW-1:0]              cfg_addr_i,
    input  wire [7:0]                  cfg_data_i,
    input  wire [NL*`WC_HEAD_DST_W-1:0] dst_i,  // per lookup
    output reg  [NL*PW-1:0]             port_o,
    output reg  [NL-1:0]                ok_o,
    // the entry carries WC_RT_LOCAL: the port leads to the host dst
    output reg  [NL-1:0]                local_o
);
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer TW = $clog2(2 * NNODES);
    initial begin
        if (NNODES < 1 || NNODES > (1 << DW)) $error("%m: NNODES out of range (%0d)", NNODES);
        if ((1 << CAW) < 2 * NNODES + P) $error("%m: CAW=%0d too narrow", CAW);
        if ((1 << PW) < P) $error("%m: PW=%0d too narrow for P=%0d", PW, P);
        if (NL < P || NL % P != 0) $error("%m: NL=%0d must be a multiple of P=%0d", NL, P);
    end

    localparam integer PIW = (P > 1) ? $clog2(P) : 1;
    reg [7:0]   table_q [0:2*NNODES-1];
    reg [P-1:0] down_only_q;
    wire [PIW-1:0] cfg_port = PIW'(cfg_addr_i - CAW'(2 * NNODES));

    always @(posedge clk_i) begin
        if (cfg_we_i && cfg_addr_i < CAW'(2 * NNODES))
            table_q[cfg_addr_i[TW-1:0]] <= cfg_data_i;
    end
    always @(posedge clk_i) begin
        if (!rst_ni)
            down_only_q <= {P{1'b0}};
        else if (cfg_we_i && cfg_addr_i >= CAW'(2 * NNODES) && cfg_addr_i < CAW'(2 * NNODES + P))
            down_only_q[cfg_port] <= cfg_data_i[0];
    end

    always @* begin : lookup
        integer i;
        reg [DW-1:0] dst;
        reg [7:0]    e;
        for (i = 0; i < NL; i = i + 1) begin
            dst = dst_i[i*DW +: DW];
            e   = table_q[TW'(down_only_q[i % P]) * TW'(NNODES) + TW'(dst)];
            // an entry naming a port this router lacks is unroutable too
            ok_o[i]            = ({1'b0, dst} < (DW + 1)'(NNODES)) && (e != 8'(`WC_RT_PORT_NONE)) &&
                                 ((e & 8'(`WC_RT_PORT_MASK)) < 8'(P));
            local_o[i]         = (e & 8'(`WC_RT_LOCAL)) != 8'd0;
            port_o[i*PW +: PW] = e[PW-1:0];
        end
    end
endmodule
`resetall

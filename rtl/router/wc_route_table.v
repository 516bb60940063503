// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Table-driven route compute (up*/down* on irregular networks): NL
// lookups, lookup j for input port j mod P (2P lookups in the router: the
// heads, and the first address flits of multidestination worms).
// The tables are computed in C (sw/host/wc_topo.c) and written through
// the configuration port.  Entry index: phase*NNODES + dst, where phase =
// 1 (WC_RT_DOWN_ONLY) when the worm arrived on a down link; that per-port
// bit is configured too.  An entry WC_RT_PORT_NONE, or a dst >= NNODES,
// makes the worm unroutable (dropped and counted by the input).  Mirrors
// wc_route_table() in cmodel.
//
// Each lookup has its own copy of the table with one synchronous read
// port, so the copies map to block RAM (iCE40 SB_RAM40_4K, ECP5 DP16KD)
// instead of NL read multiplexers into one table in flip-flops.  A
// lookup is addressed a cycle ahead: dst_i is the destination to route
// next cycle, and the result appears then, taken from the table and the
// down_only bits as they are in that cycle, so it is the lookup a
// combinational table would give.  Configuration writes may come at any
// time, also while worms wait and are routed (the router's unit bench
// rewrites entries under traffic): a write in the cycle of the read is
// not yet in the RAM's answer and comes from a bypass instead, and the
// phase is the down_only bit as it will be after this cycle's write.
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
    // per lookup: the destination routed next cycle
    input  wire [NL*`WC_HEAD_DST_W-1:0] dst_i,
    // per lookup: the route of the previous cycle's dst_i, as of now
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
    reg [P-1:0] down_only_q, down_only_d;
    wire [PIW-1:0] cfg_port = PIW'(cfg_addr_i - CAW'(2 * NNODES));
    wire           tab_we   = cfg_we_i && cfg_addr_i < CAW'(2 * NNODES);

    always @* begin
        down_only_d = down_only_q;
        if (!rst_ni)
            down_only_d = {P{1'b0}};
        else if (cfg_we_i && cfg_addr_i >= CAW'(2 * NNODES) && cfg_addr_i < CAW'(2 * NNODES + P))
            down_only_d[cfg_port] = cfg_data_i[0];
    end
    always @(posedge clk_i) down_only_q <= down_only_d;

    // the data of a write, for the lookups that read its entry meanwhile
    reg [7:0] cfg_data_q;
    always @(posedge clk_i) begin
        if (tab_we) cfg_data_q <= cfg_data_i;
    end

    wire [NL*8-1:0] entry;
    wire [NL-1:0]   in_range;
    genvar g;
    generate
        for (g = 0; g < NL; g = g + 1) begin : g_lk
            wire [DW-1:0] dst = dst_i[g*DW +: DW];
            wire [TW-1:0] idx;
            if ((NNODES & (NNODES - 1)) == 0 && NNODES > 1) begin : g_pow2
                // (no adder: the phase is the top bit; a dst >= NNODES
                // reads any entry, as its route is unroutable anyway)
                assign idx = {down_only_d[g % P], dst[TW-2:0]};
            end else begin : g_add
                assign idx = TW'(down_only_d[g % P]) * TW'(NNODES) + TW'(dst);
            end
            (* ram_style = "block", no_rw_check *) reg [7:0] table_q [0:2*NNODES-1];
            reg  [7:0]    e_q;
            reg           hit_q, range_q;
            always @(posedge clk_i) begin
                if (tab_we) table_q[cfg_addr_i[TW-1:0]] <= cfg_data_i;
            end
            always @(posedge clk_i) begin
                e_q     <= table_q[idx];
                hit_q   <= tab_we && cfg_addr_i[TW-1:0] == idx;
                range_q <= {1'b0, dst} < (DW + 1)'(NNODES);
            end
            assign entry[g*8 +: 8] = hit_q ? cfg_data_q : e_q;
            assign in_range[g]     = range_q;
        end
    endgenerate

    always @* begin : lookup
        integer i;
        reg [7:0] e;
        for (i = 0; i < NL; i = i + 1) begin
            e = entry[i*8 +: 8];
            // an entry naming a port this router lacks is unroutable too
            ok_o[i]            = in_range[i] && (e != 8'(`WC_RT_PORT_NONE)) &&
                                 ((e & 8'(`WC_RT_PORT_MASK)) < 8'(P));
            local_o[i]         = (e & 8'(`WC_RT_LOCAL)) != 8'd0;
            port_o[i*PW +: PW] = e[PW-1:0];
        end
    end
endmodule
`resetall

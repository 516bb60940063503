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
// The tables live in block RAM (iCE40 SB_RAM40_4K, ECP5 DP16KD), one
// synchronous read port per copy, instead of NL read multiplexers into
// one table in flip-flops.  A lookup is addressed a cycle ahead: dst_i is
// the destination to route next cycle, and the result appears then,
// taken from the table and the down_only bits as they are in that cycle,
// so it is the lookup a combinational table would give.  Configuration
// writes may come at any time, also while worms wait and are routed (the
// router's unit bench rewrites entries under traffic): a write in the
// cycle of the read is not yet in the RAM's answer and comes from a
// bypass instead.  An entry is kept as what the lookup needs of it
// (routable, local, port: PW + 2 bits), decoded once as it is written
// rather than at every lookup.
//
// Copies (SHARE):
//  - SHARE = 0: each lookup its own copy, indexed phase*NNODES + dst.
//  - SHARE = 1 (NL = 2P): lookups j and j+P, the front of input j and
//    the flit behind it, share one copy.  A word holds both phases of a
//    destination, so a lookup's result stays right when its port's
//    down_only bit changes, and a pair keeps the two words it returned
//    last, with the configuration writes to them applied as they come.
//    A lookup whose destination is one of those two takes that word; the
//    RAM is read for the other.  Behind a FIFO at most one of the pair
//    takes a destination neither had the cycle before (a pop moves the
//    flit behind to the front, a push or a refill brings one new flit
//    behind or, into an empty buffer, at the front, where then nothing is
//    behind), so the pair gives exactly what two copies give.  Where both
//    change at once the front is read and the lookup behind is not valid
//    that cycle (nothing is behind the front then in the router).
//    Half the copies: 8 block RAMs for an 8-port router instead of 16.
module wc_route_table #(
    parameter integer P      = 8,   // router ports, >= 2
    parameter integer PW     = 3,   // port index width
    parameter integer NNODES = 64,  // hosts addressed, 1..2^HEAD_DST_W
    parameter integer CAW    = 16,  // config address width
    parameter integer NL     = 2 * P, // lookups, a multiple of P
    // 1: lookups j and j+P share a copy (NL = 2P; see above); 0: a copy
    // per lookup, any dst_i sequence
    parameter integer SHARE  = 0
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
    // per lookup: dst_i is a flit's (SHARE = 1 keeps words only for
    // those; a copy per lookup ignores it)
    input  wire [NL-1:0]                vld_i,
    // per lookup: the route of the previous cycle's dst_i, as of now
    output reg  [NL*PW-1:0]             port_o,
    output reg  [NL-1:0]                ok_o,
    // the entry carries WC_RT_LOCAL: the port leads to the host dst
    output reg  [NL-1:0]                local_o
);
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer TW = $clog2(2 * NNODES);
    // a destination's index within a phase
    localparam integer AW = (NNODES > 1) ? $clog2(NNODES) : 1;
    // an entry as kept: {routable, local, port}
    localparam integer CEW = PW + 2;
    localparam integer POW2 = ((NNODES & (NNODES - 1)) == 0 && NNODES > 1) ? 1 : 0;
    initial begin
        if (NNODES < 1 || NNODES > (1 << DW)) $error("%m: NNODES out of range (%0d)", NNODES);
        if ((1 << CAW) < 2 * NNODES + P) $error("%m: CAW=%0d too narrow", CAW);
        if ((1 << PW) < P) $error("%m: PW=%0d too narrow for P=%0d", PW, P);
        if (NL < P || NL % P != 0) $error("%m: NL=%0d must be a multiple of P=%0d", NL, P);
        if (SHARE != 0 && SHARE != 1) $error("%m: SHARE must be 0 or 1 (got %0d)", SHARE);
        if (SHARE == 1 && NL != 2 * P) $error("%m: SHARE=1 pairs lookups j and j+P: NL must be 2P (got %0d)", NL);
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

    // the entry written, as kept: an entry naming a port this router
    // lacks is unroutable too
    wire [7:0]     d_port = cfg_data_i & 8'(`WC_RT_PORT_MASK);
    wire [CEW-1:0] cfg_c  = {(cfg_data_i != 8'(`WC_RT_PORT_NONE)) && (d_port < 8'(P)),
                             (cfg_data_i & 8'(`WC_RT_LOCAL)) != 8'd0, cfg_data_i[PW-1:0]};
    // its phase and destination index
    wire           w_ph  = cfg_addr_i >= CAW'(NNODES);
    wire [AW-1:0]  w_idx;
    generate
        if (POW2 != 0) begin : g_wp2
            assign w_idx = cfg_addr_i[AW-1:0];
        end else begin : g_wadd
            assign w_idx = AW'(w_ph ? cfg_addr_i - CAW'(NNODES) : cfg_addr_i);
        end
    endgenerate
    // the data of a write, for the lookups that read its entry meanwhile
    reg [CEW-1:0] cfg_c_q;
    reg           w_ph_q;
    always @(posedge clk_i) begin
        if (tab_we) begin
            cfg_c_q <= cfg_c;
            w_ph_q  <= w_ph;
        end
    end

    // per lookup: its entry in its port's phase this cycle, and whether
    // its destination is one of the table's
    wire [NL*CEW-1:0] entry;
    reg  [NL-1:0]     in_range;
    always @(posedge clk_i) begin : range
        integer r;
        for (r = 0; r < NL; r = r + 1)
            // (with NNODES = 2^AW, no bit above the index: no comparator)
            if (POW2 != 0 && AW < DW)
                in_range[r] <= (dst_i[r*DW +: DW] >> AW) == {DW{1'b0}};
            else
                in_range[r] <= {1'b0, dst_i[r*DW +: DW]} < (DW + 1)'(NNODES);
    end

    genvar g;
    generate
        if (SHARE == 0) begin : g_own
            // (the phase split of a write serves the pairs' words only)
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_split = ^{w_idx, w_ph_q, vld_i};
            /* verilator lint_on UNUSEDSIGNAL */
            for (g = 0; g < NL; g = g + 1) begin : g_lk
                wire [TW-1:0] idx;
                if (POW2 != 0) begin : g_pow2
                    // (no adder: the phase is the top bit; a dst >= NNODES
                    // reads any entry, as its route is unroutable anyway)
                    assign idx = {down_only_d[g % P], dst_i[g*DW +: TW-1]};
                end else begin : g_add
                    // (NNODES < 2^DW here, so TW <= DW)
                    assign idx = TW'(down_only_d[g % P]) * TW'(NNODES) + dst_i[g*DW +: TW];
                end
                (* ram_style = "block", no_rw_check *) reg [CEW-1:0] table_q [0:2*NNODES-1];
                reg  [CEW-1:0] e_q;
                reg            hit_q;
                always @(posedge clk_i) begin
                    if (tab_we) table_q[cfg_addr_i[TW-1:0]] <= cfg_c;
                end
                always @(posedge clk_i) begin
                    e_q   <= table_q[idx];
                    hit_q <= tab_we && cfg_addr_i[TW-1:0] == idx;
                end
                assign entry[g*CEW +: CEW] = hit_q ? cfg_c_q : e_q;
            end
        end else begin : g_pair
            localparam integer EW = 2 * CEW;   // {phase 1, phase 0}
            for (g = 0; g < P; g = g + 1) begin : g_pr
                wire [AW-1:0] a = dst_i[g*DW +: AW];
                wire [AW-1:0] b = dst_i[(g + P)*DW +: AW];
                wire          av = vld_i[g];
                wire          bv = vld_i[g + P];
                (* ram_style = "block", no_rw_check *) reg [EW-1:0] table_q [0:(1 << AW)-1];
                always @(posedge clk_i) begin
                    if (tab_we && !w_ph) table_q[w_idx][0 +: CEW]   <= cfg_c;
                    if (tab_we && w_ph)  table_q[w_idx][CEW +: CEW] <= cfg_c;
                end
                // The RAM's word this cycle (with the write of last
                // cycle to it): read for b unless a was new.  The front's
                // word is kept (ka_q, index ia_q, valid va_q) with the
                // writes to it applied; b's index ib_q, valid (vb_q)
                // unless a was read last cycle.
                reg  [EW-1:0] ram_q, ka_q;
                reg  [AW-1:0] ia_q, ib_q;
                reg           va_q, vb_q, rda_q, hit_q;
                reg  [EW-1:0] ram;
                always @* begin
                    ram = ram_q;
                    if (hit_q && !w_ph_q) ram[0 +: CEW]   = cfg_c_q;
                    if (hit_q && w_ph_q)  ram[CEW +: CEW] = cfg_c_q;
                end
                wire [EW-1:0] cur_a = rda_q ? ram : ka_q;
                wire [EW-1:0] cur_b = ram;
                // a stays at the front, or the flit behind moves up (a
                // pop), or a is new (nothing is behind it then).  Only
                // a flit's field is compared or kept: an empty buffer's
                // is anything (unknown in four-state simulation), and a
                // kept word of no flit is not valid.
                wire a_a   = av && va_q && a == ia_q;
                wire a_b   = av && vb_q && a == ib_q;
                wire a_new = av && !a_a && !a_b;
                wire [AW-1:0] raddr = a_new ? a : b;
                reg  [EW-1:0] ka_d;
                always @* begin
                    ka_d = a_a ? cur_a : cur_b;
                    if (tab_we && w_idx == a && !w_ph) ka_d[0 +: CEW]   = cfg_c;
                    if (tab_we && w_idx == a && w_ph)  ka_d[CEW +: CEW] = cfg_c;
                end
                always @(posedge clk_i) begin
                    ram_q <= table_q[raddr];
                    hit_q <= tab_we && w_idx == raddr;
                    ka_q  <= ka_d;
                    ia_q  <= a;
                    ib_q  <= b;
                    rda_q <= a_new;
                    // (the word kept after reset is not known to be any)
                    va_q  <= rst_ni && av;
                    vb_q  <= rst_ni && bv && !a_new;
                end
                wire ph = down_only_q[g];
                assign entry[g*CEW +: CEW]       = ph ? cur_a[CEW +: CEW] : cur_a[0 +: CEW];
                assign entry[(g + P)*CEW +: CEW] = ph ? cur_b[CEW +: CEW] : cur_b[0 +: CEW];
            end
        end
    endgenerate

    always @* begin : lookup
        integer i;
        reg [CEW-1:0] e;
        for (i = 0; i < NL; i = i + 1) begin
            e = entry[i*CEW +: CEW];
            ok_o[i]            = in_range[i] && e[PW + 1];
            local_o[i]         = e[PW];
            port_o[i*PW +: PW] = e[PW-1:0];
        end
    end
endmodule
`resetall

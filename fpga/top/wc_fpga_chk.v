// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Checker for one router output port of the board self-test: a sink that
// takes a flit every cycle (credit back one cycle later) and checks each
// worm against what wc_fpga_tg sends: head before body, tail ends it,
// unicast without address flits, every payload flit equal to
// wc_fpga_payload(src, seq, i) for the source and sequence in the head,
// and the worm on the port the routing function gives for its
// destination (table routing: the port the table image gives for the
// source port's phase, RT_HERE and RT_DOWN; west-first: either of the
// minimal legal ports it offers, since the router chooses between them
// by its outputs' state).  A violation counts one error.
module wc_fpga_chk #(
    // This output port's index.
    parameter integer PORT    = 0,
    // The router's port count and routing function (WC_ROUTING_XY,
    // WC_ROUTING_WEST_FIRST, WC_ROUTING_ECUBE or WC_ROUTING_TABLE), with
    // the parameters of that function.
    parameter integer P       = 5,
    parameter integer ROUTING = `WC_ROUTING_XY,
    parameter integer MESH_X  = 4,
    parameter integer MESH_Y  = 4,
    parameter integer CUBE_N  = 4,
    parameter integer HIGH_FIRST = 1,
    // Flit data width (the router's W), >= 32.
    parameter integer W       = `WC_FLIT_DATA_W,
    // Table routing (WC_ROUTING_TABLE): hosts, a power of two; bit
    // phase*NNODES + dst of RT_HERE: that entry leads to this port;
    // RT_DOWN: the phase (down_only) of each source port.
    parameter integer NNODES  = 16,
    parameter [2*NNODES-1:0] RT_HERE = {2*NNODES{1'b0}},
    parameter [P-1:0] RT_DOWN = {P{1'b0}}
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire [`WC_HEAD_DST_W-1:0] node_i,    // the router's node id
    input  wire                      valid_i,
    input  wire [W+1:0]              flit_i,
    output reg                       credit_o,
    output reg                       done_o,    // a worm ended here last cycle (err_o says if it broke a rule)
    output reg                       err_o      // a flit broke a rule last cycle
);
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer PW = (P > 1) ? $clog2(P) : 1;

    `include "wc_fpga_payload.vh"

    initial begin
        if (PORT < 0 || PORT >= P) $error("%m: PORT must be 0..P-1 (got %0d)", PORT);
        if (ROUTING != `WC_ROUTING_XY && ROUTING != `WC_ROUTING_WEST_FIRST &&
            ROUTING != `WC_ROUTING_ECUBE && ROUTING != `WC_ROUTING_TABLE)
            $error("%m: the self-test knows XY, west-first, e-cube and table routing (got ROUTING=%0d)", ROUTING);
        if (ROUTING == `WC_ROUTING_TABLE && (NNODES < 2 || (NNODES & (NNODES - 1)) != 0 || NNODES > (1 << `WC_HEAD_DST_W)))
            $error("%m: NNODES must be a power of two (got %0d)", NNODES);
        if (P > 8) $error("%m: the head carries a 3-bit source port: P must be <= 8 (got %0d)", P);
        if (W < 32) $error("%m: W must be >= 32 (got %0d)", W);
    end

    // The link lands in a register first, as in the next router's input
    // buffer: the router's output path (route, allocate, crossbar) then
    // ends at a flip-flop and the check runs in the cycle after.
    reg         lv_q;
    reg [W+1:0] lf_q;
    always @(posedge clk_i) begin
        if (!rst_ni) lv_q <= 1'b0;
        else         lv_q <= valid_i;
        lf_q <= flit_i;
    end

    wire [1:0]    ftype = lf_q[W +: 2];
    wire [31:0]   data  = lf_q[31:0];
    wire          head  = lv_q && (ftype == 2'(`WC_FT_HEAD) || ftype == 2'(`WC_FT_SINGLE));
    wire          body  = lv_q && (ftype == 2'(`WC_FT_BODY) || ftype == 2'(`WC_FT_TAIL));
    wire          tail  = lv_q && (ftype == 2'(`WC_FT_TAIL) || ftype == 2'(`WC_FT_SINGLE));
    wire [DW-1:0] dst   = data[`WC_HEAD_DST_LSB +: DW];
    wire [2:0]    src   = data[`WC_HEAD_USER_LSB +: 3];
    wire [8:0]    seq   = data[`WC_HEAD_USER_LSB + 3 +: 9];

    // The port the routing function gives: the same module the router
    // uses, so this checks the datapath, not the routing function (the
    // lockstep with the C model checks that).
    // (table routing: the image's entry says this port)
    wire          route_here;
    generate
        if (ROUTING == `WC_ROUTING_TABLE) begin : g_table
            localparam integer AW = $clog2(NNODES);
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_node = ^node_i;
            /* verilator lint_on UNUSEDSIGNAL */
            // (destinations past NNODES are never sent)
            assign route_here = RT_HERE[{RT_DOWN[src], dst[AW-1:0]}] && (dst >> AW) == {DW{1'b0}};
        end else begin : g_fn
            wire [PW-1:0] exp_port;
            /* verilator lint_off UNUSEDSIGNAL */
            wire          r_ok, r_local, r_turn;
            /* verilator lint_on UNUSEDSIGNAL */
            // west-first's second candidate (none for the others)
            wire          alt_ok;
            wire [PW-1:0] alt_port;
            assign route_here = r_ok && (exp_port == PW'(PORT) || (alt_ok && alt_port == PW'(PORT)));
            if (ROUTING == `WC_ROUTING_XY) begin : g_xy
                assign alt_ok   = 1'b0;
                assign alt_port = exp_port;
                wc_route_xy #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_route (
                    .node_i(node_i), .dst_i(dst), .in_port_i(PW'(src)),
                    .port_o(exp_port), .ok_o(r_ok), .local_o(r_local), .turn_ok_o(r_turn));
            end else if (ROUTING == `WC_ROUTING_WEST_FIRST) begin : g_wf
                wire          a_ok;
                wire [PW-1:0] a_port;
`ifdef WC_FPGA_CHK_FIRST_ONLY
                // mutation check (tools/fpga-netlist.sh): the first
                // candidate only, which the self-test must then fail, as
                // the router does take the second under load
                assign alt_ok   = 1'b0 & a_ok;
`else
                assign alt_ok   = a_ok;
`endif
                assign alt_port = a_port;
                wc_route_west_first #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_route (
                    .node_i(node_i), .dst_i(dst), .in_port_i(PW'(src)),
                    .port_o(exp_port), .ok_o(r_ok), .local_o(r_local), .turn_ok_o(r_turn),
                    .alt_ok_o(a_ok), .alt_port_o(a_port));
            end else begin : g_ecube
                assign alt_ok   = 1'b0;
                assign alt_port = exp_port;
                wc_route_ecube #(.N(CUBE_N), .ALL_PORT(0), .HIGH_FIRST(HIGH_FIRST), .PW(PW)) u_route (
                    .node_i(node_i), .dst_i(dst), .in_port_i(PW'(src)),
                    .port_o(exp_port), .ok_o(r_ok), .local_o(r_local), .turn_ok_o(r_turn));
            end
        end
    endgenerate

    reg        in_q;            // inside a worm
    reg [2:0]  src_q;
    reg [8:0]  seq_q;
    reg [3:0]  idx_q;

    wire bad_head = head && (in_q || data[`WC_HEAD_KIND_LSB +: `WC_HEAD_KIND_W] != 2'(`WC_KIND_UNICAST) ||
                             data[`WC_HEAD_NADDR_LSB +: `WC_HEAD_NADDR_W] != 6'd0 ||
                             !route_here || (|(lf_q[W-1:0] >> 32)));
    wire bad_body = body && (!in_q || idx_q == 4'd0 || data != wc_fpga_payload(src_q, seq_q, idx_q) ||
                             (|(lf_q[W-1:0] >> 32)));
    wire error    = bad_head || bad_body;

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            in_q <= 1'b0;
            src_q <= 3'd0;
            seq_q <= 9'd0;
            idx_q <= 4'd0;
        end else if (head) begin
            in_q  <= !tail;
            src_q <= src;
            seq_q <= seq;
            idx_q <= 4'd1;
        end else if (body) begin
            in_q  <= !tail;
            idx_q <= idx_q + 4'd1;
        end
    end

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            done_o   <= 1'b0;
            err_o    <= 1'b0;
            credit_o <= 1'b0;
        end else begin
            done_o   <= tail;
            err_o    <= error;
            credit_o <= lv_q;
        end
    end
endmodule
`resetall

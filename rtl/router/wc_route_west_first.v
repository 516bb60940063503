// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// West-first route compute for a 2D mesh (one input port): the turn model
// of Glass and Ni (docs/references.md), partially adaptive.  A worm makes
// all its west hops first (deterministic); after that it has up to two
// minimal outputs, E and one of N/S, among which the turns that are
// legal here are offered: the first (E before N/S) on port_o, the second
// on alt_port_o with alt_ok_o.  The router picks between them by the
// outputs' registered state (wc_input_ctrl.v, better_i), so the choice is
// deterministic and cycle-exact with the C model.  Prohibited turns: into
// W from N or S, and every reversal, so the channel dependency graph is
// acyclic (docs/router.md, west-first).  Node ids are linear (y*MX + x).
// Mirrors westfirst_route() / westfirst_turn_ok() in cmodel/wc_route.c.
module wc_route_west_first #(
    parameter integer MX = 4,   // columns, >= 1
    parameter integer MY = 4,   // rows, >= 1, MX*MY <= 2^HEAD_DST_W
    parameter integer PW = 3    // port index width, >= 3 (5 ports)
) (
    input  wire [`WC_HEAD_DST_W-1:0] node_i,
    input  wire [`WC_HEAD_DST_W-1:0] dst_i,
    input  wire [PW-1:0]             in_port_i,  // port the worm arrived on
    output reg  [PW-1:0]             port_o,
    output reg                       ok_o,
    // port_o is the local port: the worm is at its destination
    output wire                      local_o,
    // Forwarding a worm that arrived on in_port_i out of port_o is a
    // west-first turn (BRCP).
    output wire                      turn_ok_o,
    // A second legal minimal output the router may take instead.
    output reg                       alt_ok_o,
    output reg  [PW-1:0]             alt_port_o
);
    localparam integer DW = `WC_HEAD_DST_W;
    localparam [PW-1:0] PE = PW'(`WC_MESH_PORT_E);
    localparam [PW-1:0] PWW = PW'(`WC_MESH_PORT_W);
    localparam [PW-1:0] PN = PW'(`WC_MESH_PORT_N);
    localparam [PW-1:0] PS = PW'(`WC_MESH_PORT_S);
    localparam [PW-1:0] PL = PW'(`WC_MESH_PORT_L);
    initial begin
        if (MX < 1 || MY < 1 || MX * MY > (1 << DW))
            $error("%m: bad mesh %0dx%0d", MX, MY);
        if (PW < 3) $error("%m: PW must be >= 3");
    end

    // The turn rule: never out of the local port; arriving on E
    // (travelling west) or W (east) anything but a reversal; arriving on
    // N (south) or S (north) only straight on or to E; from the local
    // port any network port.
    function automatic turn(input [PW-1:0] in_p, input [PW-1:0] out_p);
        if (out_p == PL)        turn = 1'b0;
        else if (in_p == PE)    turn = out_p != PE;
        else if (in_p == PWW)   turn = out_p != PWW;
        else if (in_p == PN)    turn = out_p == PS || out_p == PE;
        else if (in_p == PS)    turn = out_p == PN || out_p == PE;
        else                    turn = 1'b1;
    endfunction

    wire [DW-1:0] x  = node_i % DW'(MX);
    wire [DW-1:0] y  = node_i / DW'(MX);
    wire [DW-1:0] dx = dst_i % DW'(MX);
    wire [DW-1:0] dy = dst_i / DW'(MX);

    // the minimal candidates after the west hops: E, and N or S
    wire          c_e  = dx > x;
    wire          c_y  = dy != y;
    wire [PW-1:0] py   = (dy > y) ? PN : PS;
    wire          l_e  = c_e && turn(in_port_i, PE);
    wire          l_y  = c_y && turn(in_port_i, py);

    assign local_o   = (port_o == PL);
    assign turn_ok_o = turn(in_port_i, port_o);
    always @* begin
        ok_o       = 1'b1;
        alt_ok_o   = 1'b0;
        alt_port_o = py;
        if ({1'b0, dst_i} >= (DW + 1)'(MX * MY)) begin
            ok_o   = 1'b0;
            port_o = PL;
        end
        else if (dx < x)      port_o = PWW;
        else if (!c_e && !c_y) port_o = PL;
        else if (l_e) begin
            port_o   = PE;
            alt_ok_o = l_y;
        end
        else if (l_y)         port_o = py;
        // no legal turn (a forward leg the router then discards): the
        // first candidate, as the C model
        else                  port_o = c_e ? PE : py;
    end
endmodule
`resetall

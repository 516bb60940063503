// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// XY dimension-order route compute for a 2D mesh (one input port).
// X is fully resolved before Y, so no turn from a Y channel back to an X
// channel exists: the channel dependency graph is acyclic.  Node ids are
// linear (y*MX + x) so heads are topology-independent; the divisions are
// by constants.  Mirrors wc_route_xy() in cmodel/wc_route.c.
module wc_route_xy #(
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
    // Forwarding a worm that arrived on in_port_i out of port_o is an XY
    // turn (BRCP): straight on in X, X to Y, straight on in Y; never Y to
    // X, never back.  From the local port anything but local goes.
    output reg                       turn_ok_o
);
    localparam integer DW = `WC_HEAD_DST_W;
    initial begin
        if (MX < 1 || MY < 1 || MX * MY > (1 << DW))
            $error("%m: bad mesh %0dx%0d", MX, MY);
        if (PW < 3) $error("%m: PW must be >= 3");
    end

    wire [DW-1:0] x  = node_i % DW'(MX);
    wire [DW-1:0] y  = node_i / DW'(MX);
    wire [DW-1:0] dx = dst_i % DW'(MX);
    wire [DW-1:0] dy = dst_i / DW'(MX);

    assign local_o = (port_o == PW'(`WC_MESH_PORT_L));
    always @* begin
        case (in_port_i)
            // arrived on the E port: travelling -x
            PW'(`WC_MESH_PORT_E): turn_ok_o = (port_o == PW'(`WC_MESH_PORT_W)) || (port_o == PW'(`WC_MESH_PORT_N)) ||
                                              (port_o == PW'(`WC_MESH_PORT_S));
            // arrived on the W port: travelling +x
            PW'(`WC_MESH_PORT_W): turn_ok_o = (port_o == PW'(`WC_MESH_PORT_E)) || (port_o == PW'(`WC_MESH_PORT_N)) ||
                                              (port_o == PW'(`WC_MESH_PORT_S));
            // arrived on the N port: travelling -y
            PW'(`WC_MESH_PORT_N): turn_ok_o = (port_o == PW'(`WC_MESH_PORT_S));
            // arrived on the S port: travelling +y
            PW'(`WC_MESH_PORT_S): turn_ok_o = (port_o == PW'(`WC_MESH_PORT_N));
            default:              turn_ok_o = (port_o != PW'(`WC_MESH_PORT_L));
        endcase
    end

    always @* begin
        ok_o = 1'b1;
        if ({1'b0, dst_i} >= (DW + 1)'(MX * MY)) begin
            ok_o   = 1'b0;
            port_o = PW'(`WC_MESH_PORT_L);
        end
        else if (dx > x) port_o = PW'(`WC_MESH_PORT_E);
        else if (dx < x) port_o = PW'(`WC_MESH_PORT_W);
        else if (dy > y) port_o = PW'(`WC_MESH_PORT_N);
        else if (dy < y) port_o = PW'(`WC_MESH_PORT_S);
        else             port_o = PW'(`WC_MESH_PORT_L);
    end
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// XY route compute for the 4x4, 3x5 and 8x8 meshes side by side (one
// Verilated model; the meshes differ only in their parameters).
module unit_xy_top (
    input  wire [`WC_HEAD_DST_W-1:0] node_i,
    input  wire [`WC_HEAD_DST_W-1:0] dst_i,
    input  wire [2:0]                in_port_i,
    output wire [8:0]                port_o,   // 3 bits per mesh
    output wire [2:0]                ok_o,
    output wire [2:0]                local_o,
    output wire [2:0]                turn_ok_o
);
    wc_route_xy #(.MX(4), .MY(4), .PW(3)) u_4x4 (
        .node_i(node_i), .dst_i(dst_i), .in_port_i(in_port_i),
        .port_o(port_o[0 +: 3]), .ok_o(ok_o[0]), .local_o(local_o[0]), .turn_ok_o(turn_ok_o[0]));
    wc_route_xy #(.MX(3), .MY(5), .PW(3)) u_3x5 (
        .node_i(node_i), .dst_i(dst_i), .in_port_i(in_port_i),
        .port_o(port_o[3 +: 3]), .ok_o(ok_o[1]), .local_o(local_o[1]), .turn_ok_o(turn_ok_o[1]));
    wc_route_xy #(.MX(8), .MY(8), .PW(3)) u_8x8 (
        .node_i(node_i), .dst_i(dst_i), .in_port_i(in_port_i),
        .port_o(port_o[6 +: 3]), .ok_o(ok_o[2]), .local_o(local_o[2]), .turn_ok_o(turn_ok_o[2]));
endmodule
`resetall

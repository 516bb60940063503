// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// e-cube route compute for n = 1..6 side by side, one node model and one
// dimension order per build (-GALL_PORT, -GHIGH_FIRST), so four builds
// cover every combination the router can be configured with.
module unit_ecube_top #(
    parameter integer ALL_PORT   = 0,
    parameter integer HIGH_FIRST = 1
) (
    input  wire [`WC_HEAD_DST_W-1:0] node_i,
    input  wire [`WC_HEAD_DST_W-1:0] dst_i,
    input  wire [3:0]                in_port_i,
    output wire [23:0]               port_o,    // 4 bits per n
    output wire [5:0]                ok_o,
    output wire [5:0]                local_o,
    output wire [5:0]                turn_ok_o
);
    genvar k;
    generate
        for (k = 0; k < 6; k = k + 1) begin : g_n
            wc_route_ecube #(.N(k + 1), .ALL_PORT(ALL_PORT), .HIGH_FIRST(HIGH_FIRST), .PW(4)) u_rc (
                .node_i(node_i), .dst_i(dst_i), .in_port_i(in_port_i),
                .port_o(port_o[k*4 +: 4]), .ok_o(ok_o[k]),
                .local_o(local_o[k]), .turn_ok_o(turn_ok_o[k])
            );
        end
    endgenerate
endmodule
`resetall

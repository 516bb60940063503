// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// e-cube route compute for binary n-cubes (one input port).
// Dimension order is total (highest differing dimension first by default),
// so the channel dependency graph is acyclic: deadlock-free wormhole
// routing with one virtual channel.  Mirrors wc_route_ecube() in
// cmodel/wc_route.c bit for bit.
module wc_route_ecube #(
    // Cube dimension n, 1..10 (ports 0..n-1 are dimension links).
    parameter integer N          = 4,
    // 0: one-port node (port N local).  1: all-port (ports N..2N-1 local;
    // a worm that arrived over dimension d ejects on port N+d).
    parameter integer ALL_PORT   = 0,
    // 1: resolve the highest differing dimension first; 0: lowest first.
    parameter integer HIGH_FIRST = 1,
    // Port index width of the router.
    parameter integer PW         = 4
) (
    input  wire [`WC_HEAD_DST_W-1:0] node_i,    // this router's node id
    input  wire [`WC_HEAD_DST_W-1:0] dst_i,     // head flit destination
    input  wire [PW-1:0]             in_port_i, // port the worm arrived on
    output reg  [PW-1:0]             port_o,
    output reg                       ok_o,      // 0: unroutable, drop
    // port_o is a node (ejection) channel: the worm is at its destination
    output wire                      local_o,
    // Forwarding a worm that arrived on in_port_i out of port_o keeps
    // the e-cube order (BRCP: a multidestination worm's next leg must
    // continue the dimension order of the leg it arrived on).
    output wire                      turn_ok_o
);
    localparam integer DW = `WC_HEAD_DST_W;
    initial begin
        if (N < 1 || N > 10) $error("%m: N must be 1..10 (got %0d)", N);
        if ((1 << PW) < ((ALL_PORT != 0) ? 2 * N : N + 1))
            $error("%m: PW=%0d too narrow for the port count", PW);
    end

    wire [DW-1:0] diff = node_i ^ dst_i;
    assign local_o   = (port_o >= PW'(N));
    assign turn_ok_o = (port_o < PW'(N)) &&
                       ((in_port_i >= PW'(N)) ||
                        ((HIGH_FIRST != 0) ? (port_o < in_port_i) : (port_o > in_port_i)));
    always @* begin : rc
        integer d;
        // the loop index assigned on every path: newer Yosys reads a block
        // variable left unassigned on some path as a latch
        d      = 0;
        port_o = {PW{1'b0}};
        ok_o   = 1'b1;
        if ((dst_i >> N) != {DW{1'b0}}) begin
            ok_o = 1'b0;
        end else if (diff[N-1:0] == {N{1'b0}}) begin
            if (ALL_PORT == 0)
                port_o = PW'(N);
            else if (in_port_i < PW'(N))
                port_o = PW'(N) + in_port_i;
            else
                ok_o = 1'b0;  // injected at its own destination
        end else if (HIGH_FIRST != 0) begin
            for (d = 0; d < N; d = d + 1)
                if (diff[d]) port_o = PW'(d);   // last hit = highest
        end else begin
            for (d = N - 1; d >= 0; d = d - 1)
                if (diff[d]) port_o = PW'(d);   // last hit = lowest
        end
    end
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// docs/howto-ip.md: the router of node 5 of a 4x4 XY mesh (x 1, y 1),
// instantiated as a design of one's own would.  A 3-flit worm for node 7
// (x 3, y 1) enters on the local port and must leave on the +x port, flit
// for flit; one for node 13 (x 1, y 3) on +y.  Prints "router_demo: PASS".
module tb_router_demo;
    localparam integer P = 5, W = 32, FW = W + 2;
    reg clk = 1'b0, rst_n = 1'b0;
    reg  [P-1:0]    in_valid = {P{1'b0}};
    reg  [P*FW-1:0] in_flit = {P*FW{1'b0}};
    reg  [P-1:0]    out_credit = {P{1'b0}};
    wire [P-1:0]    in_credit, out_valid, abs_valid;
    wire [P*FW-1:0] out_flit, abs_flit;
    wire [15:0]     drops;

    wc_router #(.P(P), .W(W), .B(4), .ROUTING(`WC_ROUTING_XY), .MESH_X(4), .MESH_Y(4)) u_router (
        .clk_i(clk), .rst_ni(rst_n), .node_id_i(12'd5),
        .cfg_we_i(1'b0), .cfg_addr_i(16'd0), .cfg_data_i(8'd0),
        .in_valid_i(in_valid), .in_flit_i(in_flit), .in_credit_o(in_credit),
        .out_valid_o(out_valid), .out_flit_o(out_flit), .out_credit_i(out_credit),
        .abs_valid_o(abs_valid), .abs_flit_o(abs_flit), .drop_count_o(drops));

    always #5 clk = ~clk;
    always @(posedge clk) out_credit <= out_valid;   // the neighbours take every flit

    integer errors = 0, nout = 0, k;
    reg [FW-1:0] out_log  [0:63];
    integer      port_log [0:63];
    // every flit that leaves, with its port (the value of the cycle that
    // ends at this edge)
    always @(posedge clk)
        for (k = 0; k < P; k = k + 1)
            if (out_valid[k] && nout < 64) begin
                out_log[nout] = out_flit[k*FW +: FW];
                port_log[nout] = k;
                nout = nout + 1;
            end

    // send a worm of a head and two flits for dst on the local port; it
    // must come out on port want, the flits in order
    task worm(input integer dst, input integer want);
        integer i, first;
        reg [FW-1:0] f [0:2];
        begin
            f[0] = {2'd`WC_FT_HEAD, 20'd0, dst[11:0]};
            f[1] = {2'd`WC_FT_BODY, 32'hcafe0001};
            f[2] = {2'd`WC_FT_TAIL, 32'hcafe0002};
            first = nout;
            // inputs change on the clock edge, as a neighbour's registers do
            for (i = 0; i < 3; i = i + 1) begin
                @(posedge clk);
                in_valid <= 5'b1 << `WC_MESH_PORT_L;
                in_flit <= {{(P-1)*FW{1'b0}}, f[i]} << (`WC_MESH_PORT_L * FW);
            end
            @(posedge clk);
            in_valid <= {P{1'b0}};
            repeat (10) @(posedge clk);
            if (nout - first != 3) begin
                $display("router_demo: FAIL: %0d flits for node %0d left the router, 3 expected", nout - first, dst);
                errors = errors + 1;
            end
            for (i = 0; i < 3 && first + i < nout; i = i + 1)
                if (port_log[first + i] != want || out_log[first + i] != f[i]) begin
                    $display("router_demo: FAIL: flit %0d for node %0d left on port %0d (%h), expected port %0d (%h)",
                             i, dst, port_log[first + i], out_log[first + i], want, f[i]);
                    errors = errors + 1;
                end
        end
    endtask

    initial begin
        repeat (3) @(posedge clk);
        rst_n <= 1'b1;
        worm(7, `WC_MESH_PORT_E);
        worm(13, `WC_MESH_PORT_N);
        if (drops != 16'd0) errors = errors + 1;
        if (errors == 0) $display("router_demo: PASS (2 worms routed, XY)");
        else $display("router_demo: FAIL (%0d errors)", errors);
        $finish;
    end
endmodule
`resetall

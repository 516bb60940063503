// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// One table router (wc_router, ROUTING = TABLE) configured from the
// tables `wormcast topo --tables` exports, then asked to route: for each
// case "INPORT DST OUTPORT" (hex) of +cases=FILE, a single-flit worm for
// DST enters on INPORT and must leave on OUTPORT alone, nothing dropped.
// The tables come from +memh=FILE (a $readmemh image, written entry by
// entry through cfg_*) or from +cfg=FILE +router=R (the cfg write lines
// of router R).  Prints "tb_tables: N cases routed" or FAIL lines, and
// ends with $finish (exit status through the FAIL count in the log).
module tb_tables #(
    parameter integer P      = 5,
    parameter integer NNODES = 16,
    parameter integer CAW    = 6,
    parameter integer W      = 32,
    parameter integer B      = 8
);
    localparam integer FW = W + 2;
    localparam integer NE = 2 * NNODES + P;
    reg clk = 1'b0, rst_n = 1'b0;
    reg cfg_we = 1'b0;
    reg [CAW-1:0] cfg_addr = {CAW{1'b0}};
    reg [7:0] cfg_data = 8'd0;
    reg [P-1:0] in_valid = {P{1'b0}};
    reg [P*FW-1:0] in_flit = {P*FW{1'b0}};
    reg [P-1:0] out_credit = {P{1'b0}};
    wire [P-1:0] in_credit, out_valid, abs_valid;
    wire [P*FW-1:0] out_flit, abs_flit;
    wire [15:0] drops;

    wc_router #(.P(P), .W(W), .B(B), .ROUTING(`WC_ROUTING_TABLE), .NNODES(NNODES), .CAW(CAW)) dut (
        .clk_i(clk), .rst_ni(rst_n), .node_id_i({`WC_HEAD_DST_W{1'b0}}),
        .cfg_we_i(cfg_we), .cfg_addr_i(cfg_addr), .cfg_data_i(cfg_data),
        .in_valid_i(in_valid), .in_flit_i(in_flit), .in_credit_o(in_credit),
        .out_valid_o(out_valid), .out_flit_o(out_flit), .out_credit_i(out_credit),
        .abs_valid_o(abs_valid), .abs_flit_o(abs_flit), .drop_count_o(drops));

    always #5 clk = ~clk;
    // every flit that leaves is taken: its credit comes back a cycle later
    always @(posedge clk) out_credit <= out_valid;

    reg [7:0] img [0:NE-1];
    reg [1023:0] path;
    integer fd, n, r, want_r, a, d, ip, op, cases, fails, seen, t, k, got;
    reg [8*200-1:0] line;

    task write_cfg(input integer addr, input integer data);
        begin
            @(negedge clk);
            cfg_we = 1'b1; cfg_addr = addr[CAW-1:0]; cfg_data = data[7:0];
            @(negedge clk);
            cfg_we = 1'b0;
        end
    endtask

    initial begin
        cases = 0; fails = 0;
        repeat (4) @(negedge clk);
        rst_n = 1'b1;
        if ($value$plusargs("memh=%s", path)) begin
            for (k = 0; k < NE; k = k + 1) img[k] = 8'hxx;
            $readmemh(path, img);
            for (k = 0; k < NE; k = k + 1) begin
                if (^img[k] === 1'bx) begin
                    $display("FAIL tb_tables: %0s has no entry %0d (of %0d)", path, k, NE);
                    fails = fails + 1;
                end
                write_cfg(k, img[k]);
            end
        end else if ($value$plusargs("cfg=%s", path) && $value$plusargs("router=%d", want_r)) begin
            fd = $fopen(path, "r");
            if (fd == 0) begin $display("FAIL tb_tables: cannot open %0s", path); $finish; end
            n = 0;
            while (!$feof(fd)) begin
                line = 0;
                k = $fgets(line, fd);
                if (k > 0 && line[8*k-1 -: 8] != "#" && $sscanf(line, "%h %h %h", r, a, d) == 3 && r == want_r) begin
                    write_cfg(a, d);
                    n = n + 1;
                end
            end
            $fclose(fd);
            if (n != NE) begin
                $display("FAIL tb_tables: %0s holds %0d writes for router %0d, %0d expected", path, n, want_r, NE);
                fails = fails + 1;
            end
        end else begin
            $display("FAIL tb_tables: give +memh=FILE, or +cfg=FILE +router=R");
            $finish;
        end
        if (!$value$plusargs("cases=%s", path)) begin
            $display("FAIL tb_tables: no +cases=FILE"); $finish;
        end
        fd = $fopen(path, "r");
        if (fd == 0) begin $display("FAIL tb_tables: cannot open %0s", path); $finish; end
        while ($fscanf(fd, "%h %h %h", ip, d, op) == 3) begin
            cases = cases + 1;
            // one single-flit unicast worm for d on input ip
            @(negedge clk);
            in_valid = {P{1'b0}}; in_valid[ip] = 1'b1;
            in_flit = {P*FW{1'b0}};
            in_flit[ip*FW +: FW] = {2'd`WC_FT_SINGLE, {(W - `WC_HEAD_DST_W){1'b0}}, d[`WC_HEAD_DST_W-1:0]};
            // it must leave on op within 8 cycles (a hop takes one), and
            // nowhere else
            seen = 0; got = -1;
            for (t = 0; t < 8 && !seen; t = t + 1) begin
                @(negedge clk);
                in_valid = {P{1'b0}};
                for (k = 0; k < P; k = k + 1)
                    if (out_valid[k]) begin
                        seen = 1; got = k;
                        if (out_flit[k*FW +: `WC_HEAD_DST_W] != d[`WC_HEAD_DST_W-1:0]) got = -2;
                    end
            end
            if (got != op) begin
                fails = fails + 1;
                if (fails <= 10)
                    $display("FAIL tb_tables: a worm for %0d on input %0d left on %0d, expected %0d (-1: none, -2: altered)",
                             d, ip, got, op);
            end
        end
        $fclose(fd);
        if (drops != 16'd0) begin
            $display("FAIL tb_tables: the router dropped %0d worms", drops);
            fails = fails + 1;
        end
        if (fails == 0) $display("tb_tables: %0d cases routed", cases);
        else $display("FAIL tb_tables: %0d of %0d cases wrong", fails, cases);
        $finish;
    end
endmodule
`resetall

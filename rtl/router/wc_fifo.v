// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Input buffer of one router port: a plain synchronous FIFO.
// Push and pop may happen in the same cycle.  The head is read
// combinationally (registered storage, so the router's route compute sees
// the flit the cycle after it arrived: one cycle per hop).
// Overflow cannot happen with correct credit flow control; the assertion
// at the end catches an upstream that ignores credits.
module wc_fifo #(
    // Flit width in bits (data + type), >= 1.
    parameter integer FW = 34,
    // Depth in flits, >= 1.  Need not be a power of two: pointers wrap
    // explicitly so --buffer can take any value.
    parameter integer B  = 8
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // Write side: the link from the upstream router / terminal.
    input  wire          push_i,
    input  wire [FW-1:0] data_i,
    // Read side: head of queue valid when !empty_o; pop_i removes it.
    input  wire          pop_i,
    output wire [FW-1:0] head_o,
    output wire          empty_o,
    // The flit behind the front, valid when two_o: a multidestination
    // head needs its first address flit to route the forward copy.
    output wire [FW-1:0] next_o,
    output wire          two_o,
    // The flit two places behind the front (valid when three are in) and
    // the count: the input unit looks a cycle ahead at what the front
    // will be.
    output wire [FW-1:0] third_o,
    output wire [$clog2(B + 1)-1:0] cnt_o
);
    localparam integer AW = (B > 1) ? $clog2(B) : 1;
    localparam integer CW = $clog2(B + 1);

    initial begin
        if (FW < 1) $error("%m: FW must be >= 1 (got %0d)", FW);
        if (B < 1)  $error("%m: B must be >= 1 (got %0d)", B);
    end

    reg [FW-1:0] mem_q [0:B-1];
    reg [AW-1:0] rd_q, rd_d, wr_q, wr_d;
    reg [CW-1:0] cnt_q, cnt_d;

    assign head_o  = mem_q[rd_q];
    wire [AW-1:0] rd_next = (rd_q == AW'(B - 1)) ? {AW{1'b0}} : rd_q + 1'b1;
    assign next_o  = mem_q[rd_next];
    wire [AW-1:0] rd_third = (rd_next == AW'(B - 1)) ? {AW{1'b0}} : rd_next + 1'b1;
    assign third_o = mem_q[rd_third];
    assign cnt_o   = cnt_q;
    assign two_o   = ({1'b0, cnt_q} >= (CW + 1)'(2));
    assign empty_o = (cnt_q == 0);
    wire   full    = (cnt_q == B[CW-1:0]);

    always @* begin
        rd_d  = rd_q;
        wr_d  = wr_q;
        cnt_d = cnt_q;
        if (pop_i && !empty_o)
            rd_d = (rd_q == AW'(B - 1)) ? {AW{1'b0}} : rd_q + 1'b1;
        if (push_i)
            wr_d = (wr_q == AW'(B - 1)) ? {AW{1'b0}} : wr_q + 1'b1;
        cnt_d = cnt_q + CW'(push_i) - CW'(pop_i && !empty_o);
    end

    always @(posedge clk_i) begin
        if (push_i) mem_q[wr_q] <= data_i;
    end

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            rd_q  <= {AW{1'b0}};
            wr_q  <= {AW{1'b0}};
            cnt_q <= {CW{1'b0}};
        end else begin
            rd_q  <= rd_d;
            wr_q  <= wr_d;
            cnt_q <= cnt_d;
        end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
        if (rst_ni && push_i && full && !pop_i)
            $error("%m: push into a full FIFO (upstream ignored credits)");
        if (rst_ni && pop_i && empty_o)
            $error("%m: pop from an empty FIFO");
    end
`endif
endmodule
`resetall

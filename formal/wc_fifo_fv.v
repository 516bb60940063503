// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Proof harness of wc_fifo (formal/fifo.sby), with the neighbours of a
// router input buffer as assumptions:
//  - upstream (the link's sender) starts with B credits after reset,
//    spends one per flit pushed and pushes only with a credit left;
//  - downstream (the input unit) pops only a front that is there, and
//    each pop returns a credit upstream one cycle later (a registered
//    credit wire, as the router has it).
// Reset is held in the first cycle, never again.  Properties, one per
// proof task (`define):
//   FIFO_CREDIT  the FIFO's count is the flits pushed less those popped,
//                at most B, and credits + flits + credits in flight = B:
//                no overflow, no underflow, no credit made or lost
//   FIFO_ORDER   a tracked flit (any one, chosen by the solver, with any
//                data) is seen at the front, as next_o and as third_o
//                exactly when as many flits as were ahead of it when it
//                came in have left, with its data (as third_o, in the
//                block-RAM form, its top LA bits, the bits below zero):
//                flits leave in the order they came, unchanged, each once
module wc_fifo_fv #(
    parameter integer FW = 4,
    parameter integer B  = 4,
    // the FIFO's LA (wc_fifo.v): the top bits third_o keeps
    parameter integer LA = FW
) (
    input wire clk_i
);
    localparam integer CW = $clog2(B + 1);

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg          push_any, pop_any;
    (* anyseq *) reg [FW-1:0] data;
    wire          push = push_any;
    wire          pop  = pop_any;
    wire [FW-1:0] head, next, third;
    wire          empty, two;
    wire [CW-1:0] cnt;

    wc_fifo #(.FW(FW), .B(B), .LA(LA)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .push_i(push), .data_i(data),
        .pop_i(pop), .head_o(head), .empty_o(empty), .next_o(next), .two_o(two),
        .third_o(third), .cnt_o(cnt));

    // ---- the neighbours' protocol
    reg [CW-1:0] cred_q;     // upstream's credit counter
    reg          ret_q;      // a credit on its way back
    always @(posedge clk_i) begin
        if (!rst_n_q) begin
            cred_q <= CW'(B);
            ret_q  <= 1'b0;
        end else begin
            cred_q <= cred_q - CW'(push) + CW'(ret_q);
            ret_q  <= pop;
        end
    end
    always @* begin
        if (!rst_n_q) assume (!push && !pop);
        if (push) assume (cred_q != CW'(0));
        if (pop)  assume (!empty);
    end

`ifdef FIFO_CREDIT
    // flits in the buffer, counted here from the pushes and pops
    reg [CW:0] occ_q;
    always @(posedge clk_i)
        occ_q <= !rst_n_q ? 0 : occ_q + (CW + 1)'(push) - (CW + 1)'(pop);
    always @* if (rst_n_q) begin
        assert ({1'b0, cnt} == occ_q);
        assert (occ_q <= B);
        assert (empty == (occ_q == 0));
        assert (two == (occ_q >= 2));
        assert ({1'b0, cred_q} + occ_q + (CW + 1)'(ret_q) == B);
    end
`endif

`ifdef FIFO_ORDER
    // (the block-RAM form: wc_fifo.v's RAM_MIN_B default)
    localparam [FW-1:0] LAMASK = (B >= 5) ? ~((FW'(1) << (FW - LA)) - FW'(1)) : {FW{1'b1}};
    // the tracked flit: the solver picks the push (once) and so its data
    (* anyseq *) reg pick;
    reg          trk_q, done_q;     // in the buffer; already left
    reg [FW-1:0] trk_d_q;
    reg [CW-1:0] ahead_q;           // flits in front of it
    wire         take = push && pick && !trk_q && !done_q;
    always @(posedge clk_i) begin
        if (!rst_n_q) begin
            trk_q <= 1'b0;
            done_q <= 1'b0;
        end else if (take) begin
            trk_q   <= 1'b1;
            trk_d_q <= data;
            ahead_q <= cnt - CW'(pop);
        end else if (trk_q && pop) begin
            if (ahead_q == CW'(0)) begin
                trk_q  <= 1'b0;
                done_q <= 1'b1;
            end else
                ahead_q <= ahead_q - 1'b1;
        end
    end
    always @* if (rst_n_q && trk_q) begin
        assert (ahead_q < cnt);
        if (ahead_q == CW'(0)) assert (!empty && head == trk_d_q);
        if (ahead_q == CW'(1)) assert (two && next == trk_d_q);
        if (ahead_q == CW'(2)) assert (third == (trk_d_q & LAMASK));
    end
`endif

    initial begin
        if (B < 1) $error("%m: B must be >= 1 (got %0d)", B);
    end
endmodule
`resetall

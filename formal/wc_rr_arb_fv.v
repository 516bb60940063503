// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Proof harness of wc_rr_arb (formal/rr_arb.sby).  The arbiter is
// combinational; its pointer lives in the owner, so the harness is the
// owner of wc_output_ctrl and wc_nic_dma: the pointer moves to the winner
// + 1 (mod N) on every grant the owner takes, and stays otherwise.
// Requests are free (any pattern, any cycle); the owner may leave a
// grant untaken (its output still busy with a worm), which never counts.
// Properties, one per proof task (`define):
//   ARB_VALID  a grant exists exactly when some input requests
//   ARB_REQ    the grant goes to a requester (an index < N)
//   ARB_FAIR   an input that keeps requesting is granted before N-1
//              taken grants have gone to other inputs
module wc_rr_arb_fv #(
    // Requesters, >= 2 (one input has nobody to wait for).
    parameter integer N = 5
) (
    input wire clk_i
);
    localparam integer IW = $clog2(N);

    // the neighbours: free requests and take, the owner's pointer rule
    (* anyseq *)  reg [N-1:0]  req;
    (* anyseq *)  reg          take;
    (* anyconst *) reg [IW-1:0] watch;      // the input the fairness proof follows
    reg  [IW-1:0] ptr_q;
    wire          gnt_valid;
    wire [IW-1:0] gnt_idx;

    // one-hot forms of the indices (a shift, not a bit select: an index
    // >= N selects nothing instead of x)
    wire [N-1:0]  gnt_vec = {{(N-1){1'b0}}, 1'b1} << gnt_idx;
    wire [N-1:0]  w_vec   = {{(N-1){1'b0}}, 1'b1} << watch;
    wire          w_req   = (req & w_vec) != {N{1'b0}};

    wc_rr_arb #(.N(N), .IW(IW)) dut (.req_i(req), .ptr_i(ptr_q), .gnt_valid_o(gnt_valid), .gnt_idx_o(gnt_idx));

    // the pointer starts anywhere below N (no reset: the owner's reset
    // value is one of these states)
    initial assume (ptr_q < N);
    always @* assume (watch < N);
    wire taken = gnt_valid && take;
    always @(posedge clk_i)
        if (taken) ptr_q <= (gnt_idx == IW'(N - 1)) ? {IW{1'b0}} : gnt_idx + 1'b1;

    // grants taken by others while the watched input has requested
    // without a break since the count began
    reg [IW:0] others_q = 0;
    always @(posedge clk_i) begin
        if (!w_req || (taken && gnt_idx == watch))
            others_q <= 0;
        else if (taken)
            others_q <= others_q + 1'b1;
    end

    always @* begin
`ifdef ARB_VALID
        assert (gnt_valid == (req != {N{1'b0}}));
`endif
`ifdef ARB_REQ
        if (gnt_valid) assert (gnt_idx < N && (req & gnt_vec) != {N{1'b0}});
`endif
`ifdef ARB_FAIR
        // a grant to another input while N-1 others were already served
        // since the watched input began to wait
        if (w_req && taken && gnt_idx != watch) assert (others_q < N - 1);
`endif
    end

    initial begin
        if (N < 2) $error("%m: N must be >= 2 (got %0d)", N);
    end
endmodule
`resetall

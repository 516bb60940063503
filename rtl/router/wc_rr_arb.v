// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Round-robin arbiter: grants the first requester at or after the pointer,
// cyclically.  The owner (wc_output_ctrl) moves the pointer to the winner
// + 1 on every grant, so every requester waits at most N-1 grants: no
// starvation.  Purely combinational; the pointer register lives in the
// caller so the C model (wc_rr_arb() in cmodel/wc_router.c) can mirror it.
module wc_rr_arb #(
    // Number of requesters, >= 1.
    parameter integer N  = 5,
    // Index width; callers pass the same width they store the pointer in.
    parameter integer IW = (N > 1) ? $clog2(N) : 1
) (
    input  wire [N-1:0]  req_i,
    // Highest-priority index this cycle, < N.
    input  wire [IW-1:0] ptr_i,
    output reg           gnt_valid_o,
    output reg  [IW-1:0] gnt_idx_o
);
    initial begin
        if (N < 1) $error("%m: N must be >= 1 (got %0d)", N);
    end

    // Requests at or after the pointer win over those before it; within
    // each half the lowest index wins.  Constant indices only, so the
    // logic stays a flat priority encoder (and compact when verilated).
    wire [N-1:0] at_or_after = req_i & ({N{1'b1}} << ptr_i);
    wire [N-1:0] pick_from   = (at_or_after != {N{1'b0}}) ? at_or_after : req_i;
    always @* begin : enc
        integer k;
        gnt_valid_o = (req_i != {N{1'b0}});
        gnt_idx_o   = {IW{1'b0}};
        for (k = N - 1; k >= 0; k = k - 1)
            if (pick_from[k]) gnt_idx_o = IW'(k);
    end
endmodule
`resetall

`default_nettype none
// Round-robin pick: the first requester at or after the pointer,
// cyclically (the C model's "for i: x = (ptr + i) % N, first x that
// requests").  The owner keeps the pointer and moves it past the winner,
// so every requester waits at most N-1 grants.  Purely combinational.
// The same function as rtl/router/wc_rr_arb.v; the NIC keeps its own copy
// so rtl/nic/ builds on its own.
module wc_nic_rr #(
    // Requesters, >= 1.
    parameter integer N  = 5,
    // Index width (the caller's pointer register), >= $clog2(N), >= 1.
    parameter integer IW = (N > 1) ? $clog2(N) : 1
) (
    input  wire [N-1:0]  req_i,
    // Highest-priority index this cycle, < N.
    input  wire [IW-1:0] ptr_i,
    output reg           any_o,
    output reg  [IW-1:0] idx_o
);
    initial begin
        if (N < 1) $error("%m: N must be >= 1 (got %0d)", N);
        if ((1 << IW) < N) $error("%m: IW=%0d cannot index N=%0d requesters", IW, N);
    end

    // Requests at or after the pointer win over those before it; within
    // each part the lowest index wins: two flat priority encoders.
    wire [N-1:0] at_or_after = req_i & ({N{1'b1}} << ptr_i);
    wire [N-1:0] pick_from   = (at_or_after != {N{1'b0}}) ? at_or_after : req_i;
    always @* begin : enc
        integer k;
        any_o = req_i != {N{1'b0}};
        idx_o = {IW{1'b0}};
        for (k = N - 1; k >= 0; k = k - 1)
            if (pick_from[k]) idx_o = k[IW-1:0];
    end
endmodule
`resetall

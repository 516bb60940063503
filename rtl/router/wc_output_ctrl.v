// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Output unit of one router port: allocation state, credit counter and
// round-robin arbitration among the inputs that request it.
//
// The output belongs to one worm from the grant of its head to the
// transfer of its tail.  STAGES = 1: only a free output arbitrates; a
// grant and the head's transfer may happen in the same cycle, and the
// tail's release lets a new head win the next cycle: back-to-back worms
// leave no bubble.  STAGES = 2: the grant is registered and only an owned
// output transfers, so the arbitration never feeds the transfer of the
// same cycle; an output arbitrates when free or when its tail leaves this
// cycle (the next worm is allocated while the tail crosses: still no
// bubble), and the transfer only enables the grant, it does not produce it.
// The credit counter starts at the downstream buffer depth B and counts
// free downstream slots; the router moves a flit only while has_cred_o
// (an absorbing worm needs the credits of two outputs at once, so the
// transfer decision is the router's).
// Mirrors struct wc_out / out_eval() in cmodel/wc_router.c.
module wc_output_ctrl #(
    parameter integer P  = 5,   // inputs that may request this output
    parameter integer IW = 3,   // input index width
    parameter integer B  = 8,   // downstream buffer depth (initial credits)
    // hop pipeline, 1 or 2 (wc_router.v STAGES)
    parameter integer STAGES = 1
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire [P-1:0]  req_i,        // inputs with a fresh head for us
    input  wire          xfer_i,       // a flit leaves this cycle (router decides)
    input  wire          tail_i,       // type of the flit on the crossbar
    input  wire          credit_i,     // downstream freed a slot
    output wire [IW-1:0] sel_o,        // crossbar select
    output wire [P-1:0]  sel_oh_o,     // the same, one-hot (zero when not busy)
    output wire          busy_o,       // owned, or granted this cycle
    output wire          has_cred_o,   // a downstream slot is free
    output wire          gnt_valid_o,  // new allocation this cycle
    output wire [IW-1:0] gnt_idx_o,
    output wire [P-1:0]  gnt_oh_o,     // the same, one-hot
    // The registered state an adaptive routing function's choice reads
    // (wc_router.v better matrix): owned, and the credit count.
    output wire          own_o,
    output wire [$clog2(B + 1)-1:0] cred_o
`ifdef FORMAL
    // (proofs only, formal/wc_router_fv.v: the credit counter)
    , output wire [$clog2(B + 1)-1:0] fv_cred_o
`endif
);
    localparam integer CW = $clog2(B + 1);
    initial begin
        if (P < 1) $error("%m: P must be >= 1");
        if (B < 1) $error("%m: B must be >= 1");
        if (STAGES != 1 && STAGES != 2) $error("%m: STAGES must be 1 or 2 (got %0d)", STAGES);
    end

    // The round-robin arbitration of wc_rr_arb (first requester at or
    // after the pointer, cyclically), kept one-hot: the pointer as the
    // mask of the inputs at or after it, the winner as a one-hot vector
    // (the lowest set bit, a carry chain), so the router's crossbar,
    // grant and transfer logic use the grant without decoding an index.
    // Same decisions as wc_rr_arb, cycle for cycle.
    reg          own_q, own_d;
    reg [IW-1:0] owner_q, owner_d;
    reg [P-1:0]  owner_oh_q, owner_oh_d;
    reg [P-1:0]  mask_q, mask_d;   // inputs at or after the pointer
    reg [CW-1:0] cred_q, cred_d;

    // (two stages: the requests of an owned output are arbitrated anyway,
    // and the grant taken only if its tail leaves now)
    wire         alloc     = (STAGES == 2) ? (!own_q || (xfer_i && tail_i)) : !own_q;
    wire [P-1:0] req       = (STAGES == 2) ? req_i : (own_q ? {P{1'b0}} : req_i);
    wire [P-1:0] at_after  = req & mask_q;
    wire [P-1:0] pick_from = (at_after != {P{1'b0}}) ? at_after : req;
    wire [P-1:0] pick      = pick_from & (~pick_from + 1'b1);
    wire [P-1:0] gnt_oh    = pick & {P{alloc}};
    wire         arb_valid = (req != {P{1'b0}}) && alloc;
    reg  [IW-1:0] arb_idx;
    always @* begin : enc
        integer k;
        arb_idx = {IW{1'b0}};
        for (k = 0; k < P; k = k + 1)
            if (gnt_oh[k]) arb_idx = arb_idx | IW'(k);
    end

    assign gnt_valid_o = arb_valid;
    assign gnt_idx_o   = arb_idx;
    assign gnt_oh_o    = gnt_oh;
    // (two stages: only the owner crosses; a grant crosses next cycle)
    assign sel_o       = (own_q || STAGES == 2) ? owner_q : arb_idx;
    assign sel_oh_o    = own_q ? owner_oh_q : ((STAGES == 2) ? {P{1'b0}} : gnt_oh);
    assign busy_o      = own_q || (STAGES == 1 && arb_valid);
    assign has_cred_o  = (cred_q != {CW{1'b0}});
    assign own_o       = own_q;
    assign cred_o      = cred_q;
`ifdef FORMAL
    assign fv_cred_o   = cred_q;
`endif

    always @* begin
        own_d      = own_q;
        owner_d    = owner_q;
        owner_oh_d = owner_oh_q;
        mask_d     = mask_q;
        // (two stages: the tail's release first, the next worm's grant
        // beside it wins)
        if (STAGES == 2 && xfer_i && tail_i)
            own_d = 1'b0;
        if (arb_valid) begin
            own_d      = 1'b1;
            owner_d    = arb_idx;
            owner_oh_d = gnt_oh;
            // the inputs above the winner (none above the last: an empty
            // mask arbitrates as the full one, from input 0)
            mask_d     = ~((gnt_oh << 1) - 1'b1);
        end
        if (STAGES == 1 && xfer_i && tail_i)
            own_d = 1'b0;
        cred_d = cred_q - CW'(xfer_i) + CW'(credit_i);
    end

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            own_q      <= 1'b0;
            owner_q    <= {IW{1'b0}};
            owner_oh_q <= {P{1'b0}};
            mask_q     <= {P{1'b1}};
            cred_q     <= CW'(B);
        end else begin
            own_q      <= own_d;
            owner_q    <= owner_d;
            owner_oh_q <= owner_oh_d;
            mask_q     <= mask_d;
            cred_q     <= cred_d;
        end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
        if (rst_ni && cred_q == CW'(B) && credit_i && !xfer_i)
            $error("%m: credit overflow (downstream returned more than B)");
        if (rst_ni && xfer_i && !(busy_o && has_cred_o))
            $error("%m: transfer without allocation or credit");
    end
`endif
endmodule
`resetall

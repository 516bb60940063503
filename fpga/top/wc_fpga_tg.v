// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Traffic generator for one router input port of the board self-test
// (fpga/top/wc_fpga_router_tg.v).  Sends unicast worms of 1..8 flits to
// pseudo-random destinations, under the link's credit flow control, while
// run_i is high.  Every flit's data is a function of (source port,
// sequence number, flit index), so wc_fpga_chk can check each flit alone:
//   head:  HEAD_DST = dst, HEAD_KIND = unicast, HEAD_NADDR = 0,
//          HEAD_USER = {seq[8:0], src[2:0]}
//   flit i >= 1: wc_fpga_payload(src, seq, i)
module wc_fpga_tg #(
    // This generator's port index (the checker reads it back from the
    // head), 0..7: three bits of HEAD_USER carry it.
    parameter integer SRC    = 0,
    // Router input buffer depth: the credits this generator starts with.
    parameter integer B      = 4,
    // Destinations are 0..NNODES-1; a power of two so that a mask picks
    // one uniformly without a divider.
    parameter integer NNODES = 16,
    // Offered load in sixteenths of a flit per cycle, 1..16.
    parameter integer RATE   = 8,
    // LFSR seed, non-zero; distinct per port so ports do not move in step.
    parameter [15:0]  SEED   = 16'hace1,
    // Flit data width (the router's W), >= 32.
    parameter integer W      = `WC_FLIT_DATA_W,
    // Self-test of the checker: if non-zero, body flit 1 of sequence
    // number 5 carries a flipped bit (the board reports an error).
    parameter integer INJECT_ERR = 0,
    // The destinations it may send to (bit d: host d): a table router's
    // port whose worms go down only reaches some (wc_fpga_router_tg); a
    // cycle whose pseudo-random destination is not one starts no worm.
    parameter [NNODES-1:0] DST_OK = {NNODES{1'b1}}
) (
    input  wire           clk_i,
    input  wire           rst_ni,
    input  wire           run_i,      // start new worms (a worm under way always completes)
    output reg            valid_o,
    output reg  [W+1:0]   flit_o,     // {type, data}
    input  wire           credit_i,   // one buffer slot freed at the router input
    output reg            done_o      // a worm's last flit left this cycle
);
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer CW = $clog2(B + 1);

    `include "wc_fpga_payload.vh"

    initial begin
        if (SRC < 0 || SRC > 7) $error("%m: SRC must be 0..7 (got %0d)", SRC);
        if (B < 1) $error("%m: B must be >= 1 (got %0d)", B);
        if (NNODES < 2 || (NNODES & (NNODES - 1)) != 0 || NNODES > (1 << DW))
            $error("%m: NNODES must be a power of two, 2..%0d (got %0d)", 1 << DW, NNODES);
        if (RATE < 1 || RATE > 16) $error("%m: RATE must be 1..16 (got %0d)", RATE);
        if (SEED == 16'd0) $error("%m: SEED must be non-zero");
        if (W < 32) $error("%m: W must be >= 32 (got %0d)", W);
    end

    reg  [15:0]   lfsr_q;
    reg  [CW-1:0] cred_q;
    reg  [8:0]    seq_q;
    reg  [3:0]    idx_q, len_q;     // idx_q: next flit; 0 = no worm under way

    // Galois LFSR, taps 16,14,13,11: period 2^16 - 1.
    wire [15:0] lfsr_n = {1'b0, lfsr_q[15:1]} ^ (lfsr_q[0] ? 16'hb400 : 16'h0);
    wire        have   = (cred_q != {CW{1'b0}});
    localparam integer AW = $clog2(NNODES);
    wire [DW-1:0] dst;
    wire        start  = run_i && idx_q == 4'd0 && have && (lfsr_q[15:12] < 4'(RATE)) && DST_OK[dst[AW-1:0]];
    wire        more   = idx_q != 4'd0 && have;
    wire        send   = start || more;
    wire [3:0]  len_n  = {1'b0, lfsr_q[2:0]};                 // flits after the head, 0..7
    assign      dst    = DW'(lfsr_q[11:4]) & DW'(NNODES - 1);

    // flit i of the worm under way
    wire [31:0] pay    = wc_fpga_payload(3'(SRC), seq_q, idx_q);
    wire [31:0] pay_x  = (INJECT_ERR != 0 && seq_q == 9'd5 && idx_q == 4'd1) ? pay ^ 32'h100 : pay;
    wire        last   = idx_q == len_q;

    always @(posedge clk_i) begin
        if (!rst_ni) lfsr_q <= SEED;
        else if (run_i && idx_q == 4'd0) lfsr_q <= lfsr_n;   // each cycle a worm could start
    end

    always @(posedge clk_i) begin
        if (!rst_ni) cred_q <= CW'(B);
        else         cred_q <= cred_q - CW'(send) + CW'(credit_i);
    end

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            idx_q <= 4'd0;
            len_q <= 4'd0;
            seq_q <= 9'd0;
        end else if (start) begin
            idx_q <= (len_n == 4'd0) ? 4'd0 : 4'd1;
            len_q <= len_n;
            if (len_n == 4'd0) seq_q <= seq_q + 9'd1;
        end else if (more) begin
            idx_q <= last ? 4'd0 : idx_q + 4'd1;
            if (last) seq_q <= seq_q + 9'd1;
        end
    end

    // The link is registered: valid and flit leave a flip-flop.
    always @(posedge clk_i) begin
        if (!rst_ni) begin
            valid_o <= 1'b0;
            done_o  <= 1'b0;
            flit_o  <= {(W + 2){1'b0}};
        end else begin
            valid_o <= send;
            done_o  <= (start && len_n == 4'd0) || (more && last);
            if (start) begin
                flit_o[W +: 2] <= (len_n == 4'd0) ? 2'(`WC_FT_SINGLE) : 2'(`WC_FT_HEAD);
                flit_o[W-1:0]  <= {{(W - 32){1'b0}}, seq_q, 3'(SRC), 6'd0, 2'(`WC_KIND_UNICAST), dst};
            end else if (more) begin
                flit_o[W +: 2] <= last ? 2'(`WC_FT_TAIL) : 2'(`WC_FT_BODY);
                flit_o[W-1:0]  <= {{(W - 32){1'b0}}, pay_x};
            end
        end
    end

`ifndef SYNTHESIS
    // Never more flits in flight than the router has slots for.
    always @(posedge clk_i) begin
        if (rst_ni && send && !have) $error("%m: flit sent without a credit");
        if (rst_ni && credit_i && cred_q == CW'(B) && !send) $error("%m: credit beyond the buffer depth");
    end
`endif
endmodule
`resetall

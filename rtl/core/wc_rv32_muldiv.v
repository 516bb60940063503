// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Iterative multiply/divide unit for the M extension: STEPS result bits
// per cycle (32/STEPS cycles + 1), on operand magnitudes with the sign
// applied at the end, so the unit is STEPS chained 33-bit adders and a
// 64-bit shift register -- small on LUT FPGAs without DSP blocks.  Multiply is
// shift-and-add, divide is restoring division (Hennessy & Patterson,
// "Computer Organization and Design", RISC-V edition, sections 3.3 and 3.4).
// Division by zero and -2^31 / -1 give the results the ISA manual
// prescribes ("M" extension, division corner-case table); division by zero
// finishes in one cycle.
module wc_rv32_muldiv #(
    // Multiply/divide steps per clock: 1, 2 or 4 (area against latency).
    parameter integer STEPS = 1
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // Pulse for one cycle with the operation and operands; the unit must
    // be idle (the core waits for done_o before the next start).
    input  wire        start_i,
    // funct3: 0 mul, 1 mulh, 2 mulhsu, 3 mulhu, 4 div, 5 divu, 6 rem, 7 remu
    input  wire [2:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    // One-cycle pulse: result_o valid.
    output wire        done_o,
    output wire [31:0] result_o
);
    generate
        if (STEPS != 1 && STEPS != 2 && STEPS != 4) begin : g_bad_steps
            initial $error("%m: STEPS must be 1, 2 or 4 (got %0d)", STEPS);
        end
    endgenerate
    localparam integer NCYC = 32 / STEPS;

    reg  [63:0] acc_q, acc_d;       // mul: {hi, multiplier}; div: {rem, quot}
    reg  [31:0] b_q, b_d;           // |multiplicand| or |divisor|
    reg  [5:0]  cnt_q, cnt_d;       // remaining steps, 0 = idle
    reg  [2:0]  op_q, op_d;
    reg         neg_q, neg_d;       // negate the result
    reg         done_q, done_d;

    wire        is_div  = op_i[2];
    wire        a_sgn   = a_i[31] && (is_div ? !op_i[0] : op_i[1:0] != 2'b11);
    wire        b_sgn   = b_i[31] && (is_div ? !op_i[0] : op_i[1:0] == 2'b01);
    wire [31:0] a_mag   = a_sgn ? 32'd0 - a_i : a_i;
    wire [31:0] b_mag   = b_sgn ? 32'd0 - b_i : b_i;

    // STEPS iterations of: multiply -- add the multiplicand if the low bit
    // is set, shift right; divide -- shift left, subtract the divisor if
    // it fits (then the difference is below the divisor, so 32 bits hold it).
    reg  [63:0] acc_n;
    reg  [32:0] msum, dsh;
    reg  [33:0] dsub;
    integer     s;
    wire        unused_dsub = dsub[32];
    always @* begin
        acc_n = acc_q;
        msum  = 33'd0;
        dsh   = 33'd0;
        dsub  = 34'd0;
        for (s = 0; s < STEPS; s = s + 1) begin
            if (!op_q[2]) begin
                msum  = {1'b0, acc_n[63:32]} + (acc_n[0] ? {1'b0, b_q} : 33'd0);
                acc_n = {msum, acc_n[31:1]};
            end else begin
                dsh   = acc_n[63:31];
                dsub  = {1'b0, dsh} - {2'b00, b_q};
                acc_n = {dsub[33] ? dsh[31:0] : dsub[31:0], acc_n[30:0], !dsub[33]};
            end
        end
    end

    always @* begin
        acc_d  = acc_q;
        b_d    = b_q;
        cnt_d  = cnt_q;
        op_d   = op_q;
        neg_d  = neg_q;
        done_d = 1'b0;
        if (start_i) begin
            op_d  = op_i;
            b_d   = b_mag;
            acc_d = {32'd0, a_mag};
            neg_d = is_div ? (op_i[1] ? a_sgn : a_sgn ^ b_sgn) : a_sgn ^ b_sgn;
            if (is_div && b_i == 32'd0) begin
                // the prescribed results, as {remainder, quotient}
                acc_d  = {a_i, 32'hffffffff};
                neg_d  = 1'b0;
                cnt_d  = 6'd0;
                done_d = 1'b1;
            end else
                cnt_d = NCYC[5:0];
        end else if (cnt_q != 6'd0) begin
            acc_d = acc_n;
            cnt_d = cnt_q - 6'd1;
            if (cnt_q == 6'd1)
                done_d = 1'b1;
        end
    end

    always @(posedge clk_i) acc_q <= acc_d;
    always @(posedge clk_i) b_q   <= b_d;
    always @(posedge clk_i) op_q  <= op_d;
    always @(posedge clk_i) neg_q <= neg_d;
    always @(posedge clk_i)
        if (!rst_ni) cnt_q <= 6'd0;
        else         cnt_q <= cnt_d;
    always @(posedge clk_i)
        if (!rst_ni) done_q <= 1'b0;
        else         done_q <= done_d;

    // One negator for every result: -x = ~x + 1, and the high word of a
    // negated 64-bit product is ~hi + (lo == 0).
    wire        hi_word = op_q == 3'd1 || op_q == 3'd2 || op_q == 3'd3 || op_q[2:1] == 2'b11;
    wire [31:0] pick    = hi_word ? acc_q[63:32] : acc_q[31:0];
    wire        cin     = !(op_q[2] == 1'b0 && op_q != 3'd0) || acc_q[31:0] == 32'd0;
    assign done_o   = done_q;
    assign result_o = neg_q ? ~pick + {31'd0, cin} : pick;

`ifndef SYNTHESIS
    always @(posedge clk_i)
        if (rst_ni && start_i && cnt_q != 6'd0)
            $error("%m: start while busy");
`endif
endmodule
`resetall

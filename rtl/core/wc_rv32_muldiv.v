`default_nettype none
// Iterative multiply/divide unit for the M extension: one result bit per
// cycle (32 cycles + 1), on operand magnitudes with the sign applied at
// the end, so the whole unit is one 33-bit adder and a 64-bit shift
// register -- small on LUT FPGAs without DSP blocks.  Multiply is
// shift-and-add, divide is restoring division (Hennessy & Patterson,
// "Computer Organization and Design", RISC-V edition, sections 3.3 and 3.4).
// Division by zero and -2^31 / -1 give the results the ISA manual
// prescribes ("M" extension, division corner-case table); division by zero
// finishes in one cycle.
module wc_rv32_muldiv (
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

    // one multiply step: add the multiplicand if the low bit is set, shift right
    wire [32:0] msum    = {1'b0, acc_q[63:32]} + (acc_q[0] ? {1'b0, b_q} : 33'd0);
    // one divide step: shift left, subtract the divisor if it fits
    wire [32:0] dsh     = {acc_q[63:31]};
    wire [33:0] dsub    = {1'b0, dsh} - {2'b00, b_q};
    wire        dfit    = !dsub[33];
    // with no borrow the difference is below the divisor: bit 32 is 0
    wire        unused_dsub = dsub[32];

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
                cnt_d = 6'd32;
        end else if (cnt_q != 6'd0) begin
            if (!op_q[2])
                acc_d = {msum, acc_q[31:1]};
            else
                acc_d = {dfit ? dsub[31:0] : dsh[31:0], acc_q[30:0], dfit};
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

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Integer ALU of the node core: one adder, one subtractor that also gives
// the branch compares, one right barrel shifter that also does left shifts
// on the bit-reversed operand (a standard area trick on LUT FPGAs: one
// 33-bit arithmetic shifter instead of three), and the logic ops, selected
// by {funct7[5], funct3} of the RV32I OP/OP-IMM encodings (The RISC-V ISA
// Manual Vol. I, "Integer Computational Instructions").  Combinational.
module wc_rv32_alu (
    // {sub/arith bit, funct3}: 0000 add, 1000 sub, x001 sll, x010 slt,
    // x011 sltu, x100 xor, 0101 srl, 1101 sra, x110 or, x111 and.
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output reg  [31:0] res_o,
    // a == b, a < b signed, a < b unsigned (for branches)
    output wire        eq_o,
    output wire        lt_o,
    output wire        ltu_o
);
    wire [32:0] diff = {1'b0, a_i} - {1'b0, b_i};
    wire        ltu  = diff[32];
    wire        lt   = (a_i[31] ^ b_i[31]) ? a_i[31] : diff[31];
    wire [4:0]  sh   = b_i[4:0];

    function [31:0] rev(input [31:0] v);
        integer k;
        for (k = 0; k < 32; k = k + 1)
            rev[k] = v[31-k];
    endfunction
    wire        right = op_i[2];
    wire [31:0] src   = right ? a_i : rev(a_i);
    wire [32:0] shr   = $signed({op_i[3] & right & a_i[31], src}) >>> sh;
    wire [31:0] sr    = shr[31:0];
    wire        unused_shr = shr[32];

    assign eq_o  = diff[31:0] == 32'd0;
    assign lt_o  = lt;
    assign ltu_o = ltu;

    always @* begin
        case (op_i[2:0])
            3'b000:  res_o = op_i[3] ? diff[31:0] : a_i + b_i;
            3'b001:  res_o = rev(sr);
            3'b010:  res_o = {31'd0, lt};
            3'b011:  res_o = {31'd0, ltu};
            3'b100:  res_o = a_i ^ b_i;
            3'b101:  res_o = sr;
            3'b110:  res_o = a_i | b_i;
            default: res_o = a_i & b_i;
        endcase
    end
endmodule
`resetall

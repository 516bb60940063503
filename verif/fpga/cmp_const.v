// SPDX-License-Identifier: Apache-2.0
// Comparisons for tools/fpga-cmp-check.sh: each ordering operator with a
// constant on the left (what fpga/wc_cmp_const_right.v moves to the right)
// unsigned and signed, of equal and unequal widths, beside ones with the
// constant on the right and none, which it must leave as they are.
`default_nettype none

module wc_cmp_const (
    input  wire        [7:0] a_i,
    input  wire signed [7:0] s_i,
    input  wire        [3:0] n_i,
    output wire       [19:0] y_o
);
    assign y_o[0]  = 8'd1 < a_i;
    assign y_o[1]  = 8'd1 <= a_i;
    assign y_o[2]  = 8'd5 > a_i;
    assign y_o[3]  = 8'd5 >= a_i;
    assign y_o[4]  = 3'd2 < a_i;
    assign y_o[5]  = 12'd200 >= a_i;
    assign y_o[6]  = 4'd9 < n_i;
    assign y_o[7]  = 4'd0 >= n_i;
    assign y_o[8]  = -8'sd3 < s_i;
    assign y_o[9]  = -8'sd3 <= s_i;
    assign y_o[10] = 8'sd7 > s_i;
    assign y_o[11] = 8'sd7 >= s_i;
    assign y_o[12] = a_i < 8'd9;
    assign y_o[13] = a_i >= 8'd9;
    assign y_o[14] = s_i > -8'sd100;
    assign y_o[15] = a_i < {4'd0, n_i};
    assign y_o[16] = a_i >= {4'd0, n_i};
    assign y_o[17] = 8'd255 > a_i;
    assign y_o[18] = 8'd0 < a_i;
    assign y_o[19] = 8'd128 <= a_i;
endmodule

`resetall

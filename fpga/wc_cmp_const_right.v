// SPDX-License-Identifier: Apache-2.0
// A Yosys techmap rule: an ordering comparison whose left operand is a
// constant and whose right is not ($lt, $le, $gt, $ge) becomes the mirrored
// comparison with the constant on the right (c < x is x > c, c <= x is
// x >= c).  The ECP5 system's synthesis (FPGA_ECP5_SYNTH_system,
// fpga/tops.mk) applies it before Yosys's constant-comparison mapping
// (share/cmp2softlogic.v), which in Yosys 0.70 gets the constant-on-the-
// left case wrong: it computes c <= x for c < x and c < x for c <= x (and
// likewise for > and >=), so a netlist of the NIC's group commit refused
// legal groups (`1 < count` true for count 1) and the 4-node system hung.
// Its constant-on-the-right case is right, and is the only one it now sees.
// Anything else (both or neither operand constant) is left alone.
`default_nettype none

(* techmap_celltype = "$lt $le $gt $ge" *)
module wc_cmp_const_right (A, B, Y);
    parameter A_SIGNED = 0;
    parameter B_SIGNED = 0;
    parameter A_WIDTH = 1;
    parameter B_WIDTH = 1;
    parameter Y_WIDTH = 1;
    parameter _TECHMAP_CELLTYPE_ = "";
    parameter _TECHMAP_CONSTMSK_A_ = 0;
    parameter _TECHMAP_CONSTMSK_B_ = 0;

    input  wire [A_WIDTH-1:0] A;
    input  wire [B_WIDTH-1:0] B;
    output wire [Y_WIDTH-1:0] Y;

    // the mirror of each comparison: the same truth with the operands swapped
    localparam [8*3-1:0] MIRROR = _TECHMAP_CELLTYPE_ == "$lt" ? "$gt" :
                                  _TECHMAP_CELLTYPE_ == "$le" ? "$ge" :
                                  _TECHMAP_CELLTYPE_ == "$gt" ? "$lt" : "$le";

    generate
        if (!(&_TECHMAP_CONSTMSK_A_) || (&_TECHMAP_CONSTMSK_B_)) begin : g_keep
            wire _TECHMAP_FAIL_ = 1'b1;
        end else if (MIRROR == "$gt") begin : g_gt
            \$gt #(.A_SIGNED(B_SIGNED), .B_SIGNED(A_SIGNED), .A_WIDTH(B_WIDTH), .B_WIDTH(A_WIDTH), .Y_WIDTH(Y_WIDTH))
                _TECHMAP_REPLACE_ (.A(B), .B(A), .Y(Y));
        end else if (MIRROR == "$ge") begin : g_ge
            \$ge #(.A_SIGNED(B_SIGNED), .B_SIGNED(A_SIGNED), .A_WIDTH(B_WIDTH), .B_WIDTH(A_WIDTH), .Y_WIDTH(Y_WIDTH))
                _TECHMAP_REPLACE_ (.A(B), .B(A), .Y(Y));
        end else if (MIRROR == "$lt") begin : g_lt
            \$lt #(.A_SIGNED(B_SIGNED), .B_SIGNED(A_SIGNED), .A_WIDTH(B_WIDTH), .B_WIDTH(A_WIDTH), .Y_WIDTH(Y_WIDTH))
                _TECHMAP_REPLACE_ (.A(B), .B(A), .Y(Y));
        end else begin : g_le
            \$le #(.A_SIGNED(B_SIGNED), .B_SIGNED(A_SIGNED), .A_WIDTH(B_WIDTH), .B_WIDTH(A_WIDTH), .Y_WIDTH(Y_WIDTH))
                _TECHMAP_REPLACE_ (.A(B), .B(A), .Y(Y));
        end
    endgenerate
endmodule

`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The system design's status line after every node's exit, sent on the
// UART each time start_i pulses (values latched then):
//   "wc system exit C0 C1 .. lost LLLL PASS\r\n"
// with each node's main() return value (Cn, 8 hexadecimal digits; the exit
// register holds 1 for a pass, code << 1 | 1 for a failure) and the
// console bytes dropped (LLLL); FAIL instead of PASS when pass_i is low.
// A pulse while a line is still going out is ignored.
module wc_fpga_system_report #(
    // Nodes, 1..8.
    parameter integer N = 4
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire          start_i,
    input  wire [N*32-1:0] code_i,   // each node's exit register
    input  wire [15:0]   lost_i,
    input  wire          pass_i,
    output wire          valid_o,    // to wc_fpga_uart_tx
    output reg  [7:0]    byte_o,
    input  wire          ready_i
);
    localparam [8*15-1:0] HEAD = "wc system exit ";
    localparam [8*5-1:0]  LOST = "lost ";
    localparam integer    CODES = 15;                 // first character of the codes
    localparam integer    LPOS  = CODES + 9 * N;      // "lost "
    localparam integer    VPOS  = LPOS + 10;          // the verdict
    localparam integer    LEN   = VPOS + 6;           // "\r\n" included
    initial if (N < 1 || N > 8) $error("%m: N must be 1..8 (got %0d)", N);

    reg          busy_q;
    reg  [6:0]   pos_q;
    reg  [N*32-1:0] code_q;
    reg  [15:0]  lost_q;
    reg          pass_q;

    function automatic [7:0] hex(input [3:0] v);
        hex = (v < 4'd10) ? 8'h30 + {4'd0, v} : 8'h57 + {4'd0, v};
    endfunction

    always @* begin : line
        integer p, n, d;
        reg [31:0] c;
        // (every variable assigned on every path: no latch)
        p = {25'd0, pos_q};
        n = 0;
        d = 0;
        c = 32'd0;
        byte_o = 8'h0a;
        if (p < CODES) begin
            byte_o = HEAD[8 * (CODES - 1 - p) +: 8];
        end else if (p < LPOS) begin
            n = (p - CODES) / 9;
            d = (p - CODES) % 9;
            c = {1'b0, code_q[n * 32 + 1 +: 31]};     // main's return value
            byte_o = d == 8 ? " " : hex(c[4 * (7 - d) +: 4]);
        end else if (p < LPOS + 5) begin
            byte_o = LOST[8 * (LPOS + 4 - p) +: 8];
        end else if (p < LPOS + 9) begin
            byte_o = hex(lost_q[4 * (LPOS + 8 - p) +: 4]);
        end else if (p == LPOS + 9) begin
            byte_o = " ";
        end else case (p - VPOS)
            0: byte_o = pass_q ? "P" : "F";
            1: byte_o = "A";
            2: byte_o = pass_q ? "S" : "I";
            3: byte_o = pass_q ? "S" : "L";
            4: byte_o = 8'h0d;
            default: byte_o = 8'h0a;
        endcase
    end

    assign valid_o = busy_q;

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            busy_q <= 1'b0;
            pos_q  <= 7'd0;
            code_q <= {N*32{1'b0}};
            lost_q <= 16'd0;
            pass_q <= 1'b0;
        end else if (!busy_q) begin
            if (start_i) begin
                busy_q <= 1'b1;
                pos_q  <= 7'd0;
                code_q <= code_i;
                lost_q <= lost_i;
                pass_q <= pass_i;
            end
        end else if (ready_i) begin
            if ({25'd0, pos_q} == LEN - 1) busy_q <= 1'b0;
            pos_q <= pos_q + 1'b1;
        end
    end
endmodule
`resetall

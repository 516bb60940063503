// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The core design's status line after the firmware's exit, sent on the
// UART each time start_i pulses (values latched then):
//   "wc core exit XXXXXXXX PASS\r\n"
// with main's return value in hexadecimal; FAIL instead of PASS when the
// firmware reported a failure.  A pulse while a line is still going out is
// ignored (lines never interleave).
module wc_fpga_core_report (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,
    input  wire [31:0] code_i,     // main's return value
    input  wire        pass_i,
    output wire        valid_o,    // to wc_fpga_uart_tx
    output reg  [7:0]  byte_o,
    input  wire        ready_i
);
    localparam [8*13-1:0] HEAD = "wc core exit ";
    localparam integer    LEN  = 28;   // characters in a line, "\r\n" included

    reg        busy_q;
    reg [4:0]  pos_q;
    reg [31:0] code_q;
    reg        pass_q;

    function automatic [7:0] hex(input [3:0] v);
        hex = (v < 4'd10) ? 8'h30 + {4'd0, v} : 8'h57 + {4'd0, v};
    endfunction

    always @* begin
        if (pos_q < 5'd13)       byte_o = HEAD[8 * (12 - pos_q) +: 8];
        else if (pos_q < 5'd21)  byte_o = hex(code_q[4 * (20 - pos_q) +: 4]);
        else case (pos_q)
            5'd21: byte_o = " ";
            5'd22: byte_o = pass_q ? "P" : "F";
            5'd23: byte_o = "A";
            5'd24: byte_o = pass_q ? "S" : "I";
            5'd25: byte_o = pass_q ? "S" : "L";
            5'd26: byte_o = 8'h0d;
            default: byte_o = 8'h0a;
        endcase
    end

    assign valid_o = busy_q;

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            busy_q <= 1'b0;
            pos_q  <= 5'd0;
            code_q <= 32'd0;
            pass_q <= 1'b0;
        end else if (!busy_q) begin
            if (start_i) begin
                busy_q <= 1'b1;
                pos_q  <= 5'd0;
                code_q <= code_i;
                pass_q <= pass_i;
            end
        end else if (ready_i) begin
            pos_q  <= pos_q + 5'd1;
            busy_q <= (pos_q != 5'(LEN - 1));
        end
    end
endmodule
`resetall

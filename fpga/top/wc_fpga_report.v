// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The board self-test's status line, sent on the UART each time start_i
// pulses (values latched then):
//   "wc <name> sent XXXXXXXX recv XXXXXXXX err XXXX drop XXXX PASS\r\n"
// in hexadecimal; FAIL instead of PASS once any error was seen.  A pulse
// while a line is still going out is ignored (lines never interleave).
module wc_fpga_report #(
    // Four characters naming the design ("xy  ", "cube").
    parameter [31:0] NAME = "xy  "
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,
    input  wire [31:0] sent_i,
    input  wire [31:0] recv_i,
    input  wire [15:0] err_i,
    input  wire [15:0] drop_i,
    input  wire        fail_i,
    output wire        valid_o,    // to wc_fpga_uart_tx
    output reg  [7:0]  byte_o,
    input  wire        ready_i
);
    localparam integer LEN = 61;   // characters in a line, "\r\n" included

    reg        busy_q;
    reg [5:0]  pos_q;
    reg [31:0] sent_q, recv_q;
    reg [15:0] err_q, drop_q;
    reg        fail_q;

    function automatic [7:0] hex(input [3:0] v);
        hex = (v < 4'd10) ? 8'h30 + {4'd0, v} : 8'h57 + {4'd0, v};
    endfunction

    // "wc " NAME " sent " 8 " recv " 8 " err " 4 " drop " 4 " PASS\r\n"
    always @* begin
        case (pos_q)
            6'd0: byte_o = "w";  6'd1: byte_o = "c";  6'd2: byte_o = " ";
            6'd3: byte_o = NAME[31:24]; 6'd4: byte_o = NAME[23:16];
            6'd5: byte_o = NAME[15:8];  6'd6: byte_o = NAME[7:0];
            6'd7: byte_o = " "; 6'd8: byte_o = "s"; 6'd9: byte_o = "e"; 6'd10: byte_o = "n";
            6'd11: byte_o = "t"; 6'd12: byte_o = " ";
            6'd21: byte_o = " "; 6'd22: byte_o = "r"; 6'd23: byte_o = "e"; 6'd24: byte_o = "c";
            6'd25: byte_o = "v"; 6'd26: byte_o = " ";
            6'd35: byte_o = " "; 6'd36: byte_o = "e"; 6'd37: byte_o = "r"; 6'd38: byte_o = "r";
            6'd39: byte_o = " ";
            6'd44: byte_o = " "; 6'd45: byte_o = "d"; 6'd46: byte_o = "r"; 6'd47: byte_o = "o";
            6'd48: byte_o = "p"; 6'd49: byte_o = " ";
            6'd54: byte_o = " ";
            6'd55: byte_o = fail_q ? "F" : "P"; 6'd56: byte_o = "A";
            6'd57: byte_o = fail_q ? "I" : "S"; 6'd58: byte_o = fail_q ? "L" : "S";
            6'd59: byte_o = 8'h0d; 6'd60: byte_o = 8'h0a;
            default:
                if (pos_q >= 6'd13 && pos_q <= 6'd20)      byte_o = hex(sent_q[4 * (20 - pos_q) +: 4]);
                else if (pos_q >= 6'd27 && pos_q <= 6'd34) byte_o = hex(recv_q[4 * (34 - pos_q) +: 4]);
                else if (pos_q >= 6'd40 && pos_q <= 6'd43) byte_o = hex(err_q[4 * (43 - pos_q) +: 4]);
                else                                        byte_o = hex(drop_q[4 * (53 - pos_q) +: 4]);
        endcase
    end

    assign valid_o = busy_q;

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            busy_q <= 1'b0;
            pos_q  <= 6'd0;
            sent_q <= 32'd0;
            recv_q <= 32'd0;
            err_q  <= 16'd0;
            drop_q <= 16'd0;
            fail_q <= 1'b0;
        end else if (!busy_q) begin
            if (start_i) begin
                busy_q <= 1'b1;
                pos_q  <= 6'd0;
                sent_q <= sent_i;
                recv_q <= recv_i;
                err_q  <= err_i;
                drop_q <= drop_i;
                fail_q <= fail_i;
            end
        end else if (ready_i) begin
            pos_q  <= pos_q + 6'd1;
            busy_q <= (pos_q != 6'(LEN - 1));
        end
    end
endmodule
`resetall

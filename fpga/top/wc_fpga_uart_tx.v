// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// 8N1 UART transmitter: one start bit, eight data bits LSB first, one
// stop bit, each DIV clock cycles long.
module wc_fpga_uart_tx #(
    // Clock cycles per bit, >= 2 (clock / baud rate, rounded).
    parameter integer DIV = 434
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    input  wire       valid_i,   // byte_i is taken when valid_i && ready_o
    input  wire [7:0] byte_i,
    output wire       ready_o,
    output wire       tx_o       // idles high
);
    localparam integer CW = $clog2(DIV);
    initial if (DIV < 2) $error("%m: DIV must be >= 2 (got %0d)", DIV);

    reg [9:0]    shift_q;        // {stop, data, start}, shifted out LSB first
    reg [3:0]    bits_q;         // bits left to send
    reg [CW-1:0] cnt_q;

    assign ready_o = (bits_q == 4'd0);
    assign tx_o    = ready_o ? 1'b1 : shift_q[0];

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            shift_q <= 10'h3ff;
            bits_q  <= 4'd0;
            cnt_q   <= {CW{1'b0}};
        end else if (ready_o) begin
            if (valid_i) begin
                shift_q <= {1'b1, byte_i, 1'b0};
                bits_q  <= 4'd10;
                cnt_q   <= CW'(DIV - 1);
            end
        end else if (cnt_q != {CW{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
        end else begin
            shift_q <= {1'b1, shift_q[9:1]};
            bits_q  <= bits_q - 4'd1;
            cnt_q   <= CW'(DIV - 1);
        end
    end
endmodule
`resetall

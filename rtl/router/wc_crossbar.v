`default_nettype none
// P x P crossbar: output o carries the front flit of input sel[o].
// Selection only; validity comes from the output controller.
module wc_crossbar #(
    parameter integer P  = 5,   // ports
    parameter integer FW = 34,  // flit width
    parameter integer IW = 3    // select width, 2^IW >= P
) (
    input  wire [P*FW-1:0] in_i,
    input  wire [P*IW-1:0] sel_i,
    output reg  [P*FW-1:0] out_o
);
    integer o;
    reg [IW-1:0] s;
    always @* begin
        for (o = 0; o < P; o = o + 1) begin
            s = sel_i[o*IW +: IW];
            out_o[o*FW +: FW] = in_i[32'(s)*FW +: FW];
        end
    end
endmodule
`resetall

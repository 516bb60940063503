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
    // AND-OR mux with constant slices (no variable part-select): the
    // form synthesis maps best and Verilator evaluates fastest.
    always @* begin : mux
        integer o, i;
        out_o = {P*FW{1'b0}};
        for (o = 0; o < P; o = o + 1)
            for (i = 0; i < P; i = i + 1)
                if (sel_i[o*IW +: IW] == IW'(i))
                    out_o[o*FW +: FW] = in_i[i*FW +: FW];
    end
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// NI x P crossbar: output o carries input sel[o].  The router feeds it
// every input's front flit and, as inputs P..2P-1, every input's forward
// view (the rewritten head of an absorbed worm).  Selection only; validity
// comes from the router.
module wc_crossbar #(
    parameter integer P  = 5,   // outputs
    parameter integer NI = P,   // inputs
    parameter integer FW = 34,  // flit width
    parameter integer IW = 3,   // select width, 2^IW >= NI (NI when ONEHOT)
    // 1: each output's select is a one-hot vector of NI bits (none set:
    // the output carries zeros), no index to decode
    parameter integer ONEHOT = 0
) (
    input  wire [NI*FW-1:0] in_i,
    input  wire [P*IW-1:0]  sel_i,
    output reg  [P*FW-1:0]  out_o
);
    // AND-OR mux with constant slices (no variable part-select): the
    // form synthesis maps best and Verilator evaluates fastest.
    always @* begin : mux
        integer o, i;
        out_o = {P*FW{1'b0}};
        for (o = 0; o < P; o = o + 1)
            for (i = 0; i < NI; i = i + 1)
                if ((ONEHOT != 0) ? sel_i[o*IW + (i % IW)] : (sel_i[o*IW +: IW] == IW'(i)))
                    out_o[o*FW +: FW] = out_o[o*FW +: FW] | in_i[i*FW +: FW];
    end
endmodule
`resetall

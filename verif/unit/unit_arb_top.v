// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Seven round-robin arbiters (N = 1..6 and 20) side by side so one
// Verilated model checks every width; each reads the low N request bits
// and the low IW pointer bits.
module unit_arb_top (
    input  wire [19:0]  req_i,
    input  wire [4:0]   ptr_i,
    output wire [6:0]   gnt_valid_o,
    output wire [34:0]  gnt_idx_o     // 5 bits per arbiter
);
    genvar k;
    generate
        for (k = 0; k < 7; k = k + 1) begin : g_arb
            localparam integer N  = (k < 6) ? k + 1 : 20;
            localparam integer IW = (N > 1) ? $clog2(N) : 1;
            wire [IW-1:0] idx;
            /* verilator lint_off UNUSEDSIGNAL */
            wire [19:0] unused_req = req_i;
            /* verilator lint_on UNUSEDSIGNAL */
            wc_rr_arb #(.N(N), .IW(IW)) u_arb (
                .req_i(req_i[N-1:0]), .ptr_i(ptr_i[IW-1:0]),
                .gnt_valid_o(gnt_valid_o[k]), .gnt_idx_o(idx)
            );
            assign gnt_idx_o[k*5 +: 5] = 5'(idx);
        end
    endgenerate
endmodule
`resetall

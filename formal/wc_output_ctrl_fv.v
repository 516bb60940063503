// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Proof harness of wc_output_ctrl's round-robin allocation
// (formal/output_ctrl.sby), its neighbours as assumptions:
//  - the inputs (the router's requests) are free, except the watched
//    input (any one, chosen by the solver) that, once it requests, keeps
//    requesting until it is granted (a head waits at its buffer front);
//  - the router moves a flit only while the output is busy and has a
//    credit, with any tail bit;
//  - downstream returns a credit only for a flit sent and not yet
//    credited.
// Reset in the first cycle only.  Property (OC_FAIR): while the watched
// input waits, the output grants other inputs at most P-1 times.
module wc_output_ctrl_fv #(
    parameter integer P      = 3,
    parameter integer B      = 2,
    parameter integer STAGES = 1
) (
    input wire clk_i
);
    localparam integer IW = (P > 1) ? $clog2(P) : 1;
    localparam integer CW = $clog2(B + 1);
    localparam integer GW = $clog2(P + 1);

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg [P-1:0] req;
    (* anyseq *) reg         xfer, tail, credit;
    (* anyconst *) reg [IW-1:0] w;
    wire [IW-1:0] sel, gnt_idx;
    wire [P-1:0]  sel_oh, gnt_oh;
    wire          busy, has_cred, gnt_valid;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [CW-1:0] cred;
    /* verilator lint_on UNUSEDSIGNAL */

    wc_output_ctrl #(.P(P), .IW(IW), .B(B), .STAGES(STAGES)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .req_i(req), .xfer_i(xfer), .tail_i(tail),
        .credit_i(credit), .sel_o(sel), .sel_oh_o(sel_oh), .busy_o(busy), .has_cred_o(has_cred),
        .gnt_valid_o(gnt_valid), .gnt_idx_o(gnt_idx), .gnt_oh_o(gnt_oh), .fv_cred_o(cred));

    reg [CW-1:0] out_q;      // flits sent, not yet credited
    reg          wait_q;     // the watched input requested, not yet granted
    reg [GW-1:0] others_q;   // grants to other inputs while it waits
    // (widened to 2^IW: indexed by w without reading past the vector)
    wire [(1 << IW)-1:0] req_x = (1 << IW)'(req);
    wire [(1 << IW)-1:0] gnt_x = (1 << IW)'(gnt_oh);
    wire         wreq = req_x[w];
    wire         wgnt = gnt_x[w];
    always @(posedge clk_i) begin
        if (!rst_n_q) begin
            out_q    <= {CW{1'b0}};
            wait_q   <= 1'b0;
            others_q <= {GW{1'b0}};
        end else begin
            out_q <= out_q + CW'(xfer) - CW'(credit);
            if (wgnt) begin
                wait_q   <= 1'b0;
                others_q <= {GW{1'b0}};
            end else if (wreq) begin
                wait_q <= 1'b1;
                if (gnt_valid) others_q <= others_q + 1'b1;
            end
        end
    end
    always @* begin
        // one bit wider: P = 2^IW (8 inputs) truncated to IW bits is 0
        assume ({1'b0, w} < (IW + 1)'(P));
        if (!rst_n_q) assume (!xfer && !credit);
        if (xfer) assume (busy && has_cred);
        if (credit) assume (out_q != {CW{1'b0}});
        if (wait_q) assume (wreq);
    end

`ifdef OC_FAIR
    always @* if (rst_n_q) assert (others_q <= GW'(P - 1));
`endif
endmodule
`resetall

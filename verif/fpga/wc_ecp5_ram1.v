// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// A RAM one bit wide and 16,384 deep with an image: what synth_ecp5 makes
// of each bit of the nodes' 64 KiB RAMs (one DP16KD in its x1 form), so
// that the DP16KD model's x1 reading and INITVAL layout are checked
// against this RTL on their own (make fpga-dp16kd-x1), not only inside
// the four-node netlist.
module wc_ecp5_ram1 #(
    parameter INIT_FILE = ""   // $readmemh image, one bit per line
) (
    input  wire        clk_i,
    input  wire        we_i,
    input  wire [13:0] adr_i,
    input  wire        dat_i,
    output reg         dat_o    // the old contents, also on a write
);
    reg mem_q [0:16383];
    initial if (INIT_FILE != "") $readmemh(INIT_FILE, mem_q);
    always @(posedge clk_i) begin
        if (we_i) mem_q[adr_i] <= dat_i;
        dat_o <= mem_q[adr_i];
    end
endmodule
`resetall

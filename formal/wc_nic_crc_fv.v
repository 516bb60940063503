// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Proof harness of wc_nic_crc (formal/nic_crc.sby): the unit against a
// reference CRC-32 written here in the other textbook form, MSB first:
// the polynomial 0x04C11DB7 unreflected, the register and each input bit
// mirrored (zlib's reflected CRC is this one in a mirror), so the two
// share no code, only the definition (docs/nic.md: IEEE 802.3, each
// word's bit 0 first, the finalized value carried between words).  The
// unit is combinational: the equality is proven for every crc_i and
// every word at once (induction of length 1 over a free input); for the
// zero-word matrix, on a basis (below).
// Instances as the NIC has them (wc_nic_dma, wc_nic_tx, wc_nic_rxa):
// NW = 1 and 4 over data, NW = 4 over zero words with ZEROS = 1.
module wc_nic_crc_fv #(
    parameter integer NW    = 1,
    parameter integer ZEROS = 0
) (
    input wire clk_i
);
    localparam [31:0] POLY_MSB = 32'h04C11DB7;

    (* anyseq *) reg [31:0]      crc;
    (* anyseq *) reg [32*NW-1:0] words_any;
    wire [32*NW-1:0] words = (ZEROS != 0) ? {32*NW{1'b0}} : words_any;
    wire [31:0]      crc_o;

    wc_nic_crc #(.NW(NW), .ZEROS(ZEROS)) dut (.crc_i(crc), .words_i(words), .crc_o(crc_o));

    function [31:0] mirror(input [31:0] v);
        integer i;
        for (i = 0; i < 32; i = i + 1) mirror[i] = v[31 - i];
    endfunction

    reg [31:0] ref_crc;
    always @* begin : reference
        integer b;
        reg [31:0] r;
        reg        fb;
        r = mirror(~crc);
        for (b = 0; b < 32 * NW; b = b + 1) begin
            fb = r[31] ^ words[b];
            r  = {r[30:0], 1'b0} ^ (fb ? POLY_MSB : 32'd0);
        end
        ref_crc = ~mirror(r);
    end

    // ZEROS = 1 is a matrix over GF(2): crc_o is the complement of the
    // XOR of the columns that the set bits of ~crc_i select, by the form
    // of its code.  A map of that form equals the reference everywhere
    // when it does on ~crc_i = 0 and on each single bit, so those 33
    // inputs are proven; SAT on the free input stalls on the XOR miter.
    // (The form itself, XOR of selected columns, is read off the code,
    // not proven.)
    always @* if (ZEROS != 0) assume ($onehot0(~crc));
    always @* assert (crc_o == ref_crc);

    // one known value: CRC-32 of "123456789" is 0xCBF43926 (the
    // catalogue's check value), which fixes the form and not only the
    // algebra (a reference could share a wrong reading of the
    // definition).  The unit folds the first eight bytes as two words;
    // the ninth, a byte the unit does not take alone, goes through the
    // reference's bitwise step.
    wire [31:0] k0, k1;
    wc_nic_crc #(.NW(1)) u_k0 (.crc_i(32'd0), .words_i(32'h34333231), .crc_o(k0));
    wc_nic_crc #(.NW(1)) u_k1 (.crc_i(k0),    .words_i(32'h38373635), .crc_o(k1));
    reg [31:0] check;
    always @* begin : catalogue
        integer b;
        reg [31:0] r;
        r = mirror(~k1);
        for (b = 0; b < 8; b = b + 1)
            r = {r[30:0], 1'b0} ^ ((r[31] ^ (((8'h39 >> b) & 8'd1) != 8'd0)) ? POLY_MSB : 32'd0);
        check = ~mirror(r);
    end
    always @* assert (check == 32'hCBF43926);

    initial begin
        if (ZEROS != 0 && ZEROS != 1) $error("%m: ZEROS must be 0 or 1 (got %0d)", ZEROS);
    end
endmodule
`resetall

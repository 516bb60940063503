// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// CRC-32 of the NIC packets (docs/nic.md): IEEE 802.3 / zlib, reflected
// polynomial 0xEDB88320, over NW 32-bit words, word 0 first, each word as
// its four little-endian bytes (bit 0 of the word is the first bit in).
// The value carried between words is the finalized CRC, as the C model's
// nic_crc_word() and wc_nic_crc_finish() keep it (cmodel/wc_nic_crc.c,
// sw/lib/wc_nic_pkt.c): crc_o = nic_crc_word(...nic_crc_word(crc_i, w0)...,
// wNW-1).
// Chaining words needs no inversion in between (the final inversion of
// one word and the initial one of the next cancel), so NW words are one
// combinational shift chain.  Purely combinational.
module wc_nic_crc #(
    // Words folded in one step, >= 1 (1: a payload word; 4: the router
    // head and the header words NH0..NH2 that finish a packet's CRC).
    parameter integer NW = 1,
    // 1: the words are zero and words_i is not read: the CRC moved over
    // 32*NW zero bits, which is linear in crc_i, as a matrix computed at
    // elaboration.  Yosys maps the shift chain with constant words to four
    // times the LUTs of the matrix (691 against 173 LUT4 for NW = 4,
    // synth_ecp5).
    parameter integer ZEROS = 0
) (
    // CRC so far (finalized form; 0 before the first word).
    input  wire [31:0]      crc_i,
    // Word k in bits [32*k +: 32].
    input  wire [32*NW-1:0] words_i,
    output wire [31:0]      crc_o
);
    // The CRC definition itself (docs/nic.md), not a layout constant.
    localparam [31:0] POLY = 32'hEDB88320;

    initial begin
        if (NW < 1) $error("%m: NW must be >= 1 (got %0d)", NW);
        if (ZEROS != 0 && ZEROS != 1) $error("%m: ZEROS must be 0 or 1 (got %0d)", ZEROS);
    end

    // one shift of the raw (unfinalized) register by one input bit
    function [31:0] step(input [31:0] c, input b);
        step = {1'b0, c[31:1]} ^ ((c[0] ^ b) ? POLY : 32'd0);
    endfunction

    // column j: the raw register holding only bit j, after nbits zero
    // bits (the shift is linear: any register is the XOR of the columns
    // of its bits); ZEROS's matrix
    function [32*32-1:0] columns(input integer nbits);
        integer j, b;
        reg [31:0] c;
        begin
            columns = {32*32{1'b0}};
            for (j = 0; j < 32; j = j + 1) begin
                c = 32'd1 << j;
                for (b = 0; b < nbits; b = b + 1) c = step(c, 1'b0);
                columns[j*32 +: 32] = c;
            end
        end
    endfunction

    generate
        if (ZEROS != 0) begin : g_zeros
            localparam [32*32-1:0] M = columns(32 * NW);
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_words = ^words_i;
            /* verilator lint_on UNUSEDSIGNAL */
            reg [31:0] r;
            always @* begin : matrix
                integer j;
                reg [31:0] c;
                c = ~crc_i;
                r = 32'd0;
                for (j = 0; j < 32; j = j + 1)
                    if (c[j]) r = r ^ M[j*32 +: 32];
            end
            assign crc_o = ~r;
        end else begin : g_chain
            reg [31:0] r;
            always @* begin : chain
                integer b;
                r = ~crc_i;
                for (b = 0; b < 32 * NW; b = b + 1)
                    r = step(r, words_i[b]);
            end
            assign crc_o = ~r;
        end
    endgenerate
endmodule
`resetall

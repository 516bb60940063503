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
    parameter integer NW = 1
) (
    // CRC so far (finalized form; 0 before the first word).
    input  wire [31:0]      crc_i,
    // Word k in bits [32*k +: 32].
    input  wire [32*NW-1:0] words_i,
    output reg  [31:0]      crc_o
);
    // The CRC definition itself (docs/nic.md), not a layout constant.
    localparam [31:0] POLY = 32'hEDB88320;

    initial begin
        if (NW < 1) $error("%m: NW must be >= 1 (got %0d)", NW);
    end

    always @* begin : chain
        integer b;
        reg [31:0] c;
        c = ~crc_i;
        for (b = 0; b < 32 * NW; b = b + 1)
            c = {1'b0, c[31:1]} ^ ((c[0] ^ words_i[b]) ? POLY : 32'd0);
        crc_o = ~c;
    end
endmodule
`resetall

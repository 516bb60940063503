// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The forms of wc_nic_crc the NIC uses, side by side so that one build of
// the CRC bench (tb_nic_crc.cpp) checks them all: a word (NW = 1: the
// payload in wc_nic_rxa and wc_nic_dma, the header words one a flit in
// wc_nic_rxa and wc_nic_tx), 128 zero bits (NW = 4, ZEROS = 1: the payload
// CRC moved past the header in wc_nic_rxa), and the router head and three
// header words in one step (NW = 4: the assertions' reference in wc_nic_rxa
// and wc_nic_tx).
module nicunit_crc_top (
    input  wire [31:0] crc_i,
    input  wire [127:0] words_i,
    output wire [31:0] crc1_o,      // words_i[31:0] folded into crc_i
    output wire [31:0] crc4_o,      // words 0..3 folded into crc_i
    output wire [31:0] crc4z_o      // four zero words folded into crc_i
);
    wc_nic_crc #(.NW(1)) u_w1 (.crc_i(crc_i), .words_i(words_i[31:0]), .crc_o(crc1_o));
    wc_nic_crc #(.NW(4)) u_w4 (.crc_i(crc_i), .words_i(words_i), .crc_o(crc4_o));
    wc_nic_crc #(.NW(4), .ZEROS(1)) u_z4 (.crc_i(crc_i), .words_i(words_i), .crc_o(crc4z_o));
endmodule
`resetall

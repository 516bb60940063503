// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Receive assembler: takes the router's ejection link one flit per cycle,
// latches the head and the four NIC header words, folds every payload
// word into the CRC and writes it into a receive slot, and at the tail
// checks the packet in the order of docs/nic.md (flit count, CRC, type,
// destination, lengths, padding) and posts one event for the receive
// processor.  cmodel/wc_nic_rxa.c (nic_rxa_decide(), nic_rxa_commit()).
//
// It never stalls the link: the credit goes back the cycle after every
// flit.  A data packet takes a slot at its first payload word (a free one,
// else one whose message is already in host memory); with none it is
// still assembled to the end and reported as "no slot", so the sender
// retransmits it.  Framing errors (a head while a packet is open, a lone
// tail, a one-flit worm) become events too, never stuck state.
module wc_nic_rxa #(
    // Flit data width, 32..62: the NIC uses data bits 31:0.
    parameter integer W       = `WC_FLIT_DATA_W,
    // Payload bytes per packet (slot size), multiple of 4 in 4..WC_NIC_PAYLOAD.
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,
    // Receive slots, 1..128.
    parameter integer NSLOT   = 72,
    // Derived (leave at the default; the body checks them):
    parameter integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1,
    parameter integer PW   = PAYLOAD / 4,
    parameter integer IW   = PW > 1 ? $clog2(PW) : 1
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire                        soft_i,     // soft reset this edge
    input  wire [`WC_HEAD_DST_W-1:0]   self_i,
    // ejection link
    input  wire                        rx_valid_i,
    input  wire [W+1:0]                rx_flit_i,
    output wire                        rx_credit_o,
    // slot table: first free slot, first slot that may be evicted
    input  wire                        free_ok_i,
    input  wire [SW-1:0]               free_idx_i,
    input  wire                        evict_ok_i,
    input  wire [SW-1:0]               evict_idx_i,
    // slot allocation, payload write, CRC of a finished packet
    output reg                         alloc_o,
    output reg  [SW-1:0]               alloc_idx_o,
    output reg                         wr_o,
    output reg  [SW-1:0]               wr_slot_o,
    output reg  [IW-1:0]               wr_idx_o,
    output wire [31:0]                 wr_word_o,
    output wire                        crcw_o,
    output wire [SW-1:0]               crcw_slot_o,
    output wire [31:0]                 crcw_val_o,
    // a packet is being assembled (NICR_STATUS busy)
    output wire                        act_o,
    // event register: one checked packet for the receive processor
    output wire                        ev_valid_o,
    output wire [7:0]                  ev_status_o,  // WC_NIC_ST_*, or ST_NOSLOT
    output wire [`WC_NH0_TYPE_W-1:0]   ev_type_o,
    output wire                        ev_slot_ok_o,
    output wire [SW-1:0]               ev_slot_o,
    output wire [`WC_NH0_SRC_W-1:0]    ev_src_o,
    output wire [`WC_NH0_GROUP_W-1:0]  ev_group_o,
    // the event after this edge (the register block reads its group's
    // children and its stream's expected sequence number a cycle ahead,
    // in block RAM)
    output wire                        ev_nvalid_o,
    output wire [`WC_NH0_SRC_W-1:0]    ev_nsrc_o,
    output wire [`WC_NH0_GROUP_W-1:0]  ev_ngroup_o,
    output wire [`WC_NH1_SEQ_W-1:0]    ev_seq_o,
    output wire [`WC_NH1_OFF_W-1:0]    ev_off_o,
    output wire [`WC_NH2_LEN_W-1:0]    ev_len_o,
    output wire [`WC_NH2_MSGLEN_W-1:0] ev_msglen_o
);
    // flit index of the first payload word; packet sizes in flits
    localparam [7:0]  KP      = `WC_NIC_HDR_FLITS + 1;
    localparam [8:0]  NFL_MIN = `WC_NIC_HDR_FLITS + 1;
    localparam [8:0]  NFL_MAX = NFL_MIN + PW[8:0];
    localparam [7:0]  PW8     = PW[7:0];
    localparam [15:0] PAY16   = PAYLOAD[15:0];
    // event status of a data packet that found no slot (counted in
    // NICR_ERR_NOBUF, never host-visible): the C model's ST_NOSLOT
    localparam [7:0] ST_NOSLOT = 8'h80;

    initial begin
        `WC_NIC_CHECK_W
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
        if (PW != PAYLOAD / 4) $error("%m: PW is derived, leave it at its default");
        if (IW != (PW > 1 ? $clog2(PW) : 1)) $error("%m: IW is derived, leave it at its default");
    end

    // ---------------------------------------------------------------- state
    reg          act_q, act_d;
    reg  [7:0]   k_q, k_d;               // index of the next flit (saturates)
    reg          padbad_q, padbad_d;
    reg          credit_q;
    reg          slot_ok_q, slot_ok_d;   // a slot holds this packet's payload
    reg  [SW-1:0] slot_q, slot_d;
    reg  [31:0]  h_q, h_d, h0_q, h0_d, h1_q, h1_d, h2_q, h2_d, h3_q, h3_d;
    reg  [31:0]  crc_q, crc_d;
    reg  [31:0]  hq_q, hq_d;             // CRC of the header words (above)
    reg          ev_q, ev_d;
    reg  [7:0]   evst_q, evst_d;
    reg  [`WC_NH0_TYPE_W-1:0] evty_q, evty_d;
    reg          evsok_q, evsok_d;
    reg  [SW-1:0] evs_q, evs_d;
    reg  [31:0]  evh0_q, evh0_d, evh1_q, evh1_d, evh2_q, evh2_d;

    // ------------------------------------------------------------ the flit
    /* verilator lint_off UNUSEDSIGNAL */
    wire [W+1:0] flit = rx_flit_i;      // data bits above 31 are not used
    /* verilator lint_on UNUSEDSIGNAL */
    wire [1:0]   ftype  = flit[W+1:W];
    wire [31:0]  w      = flit[31:0];
    wire         fhead  = ftype[0];     // WC_FT_HEAD or WC_FT_SINGLE
    wire         ftail  = ftype[1];     // WC_FT_TAIL or WC_FT_SINGLE
    wire         single = ftype == `WC_FT_SINGLE;

    wire [15:0]  len    = h2_q[`WC_NH2_LEN_LSB +: `WC_NH2_LEN_W];
    wire [15:0]  msglen = h2_q[`WC_NH2_MSGLEN_LSB +: `WC_NH2_MSGLEN_W];
    wire [15:0]  off    = h1_q[`WC_NH1_OFF_LSB +: `WC_NH1_OFF_W];
    wire [3:0]   ptype  = h0_q[`WC_NH0_TYPE_LSB +: `WC_NH0_TYPE_W];
    wire [14:0]  nwords = len[15:2] + {14'd0, len[1:0] != 2'd0};   // words of len
    wire         payload = k_q >= KP;
    wire [7:0]   pi      = k_q - KP;                               // payload word index

    // CRC of the payload so far with this word, and of the whole packet:
    // the payload CRC with the head and NH0..NH2 folded in after it.  The
    // CRC is affine, so that is the payload CRC moved over 128 zero bits
    // (a 32x32 matrix) XOR the header words' own part, which is folded
    // one word a flit as they arrive, before the payload (hq_q: the
    // finalized CRC of the header words from a register of zeros, i.e.
    // from a finalized CRC of ones).  A quarter of the logic of folding
    // the four words at the tail; the bench checks it against that
    // (below).
    wire [31:0] crc_w, crc_fin, crc_pz, hq_w;
    wc_nic_crc #(.NW(1)) u_crc_w (.crc_i(crc_q), .words_i(w), .crc_o(crc_w));
    wire [31:0] crc_pay = payload ? crc_w : crc_q;
    wc_nic_crc #(.NW(4), .ZEROS(1)) u_crc_pz (.crc_i(crc_pay), .words_i(128'd0), .crc_o(crc_pz));
    wc_nic_crc #(.NW(1)) u_crc_h (.crc_i(fhead ? 32'hFFFF_FFFF : hq_q), .words_i(w), .crc_o(hq_w));
    assign crc_fin = crc_pz ^ ~hq_q;

    // the last payload word must be zero above the message's bytes
    reg [31:0] padmask;
    always @* begin
        case (len[1:0])
            2'd1:    padmask = 32'hFFFF_FF00;
            2'd2:    padmask = 32'hFFFF_0000;
            2'd3:    padmask = 32'hFF00_0000;
            default: padmask = 32'h0000_0000;
        endcase
    end
    wire padhit = payload && ({7'd0, pi} == nwords - 15'd1) && len != 16'd0 && (w & padmask) != 32'd0;

    // ---------------------------------------------------- the tail's check
    wire [8:0]  nfl  = {1'b0, k_q} + 9'd1;
    wire [31:0] h3   = (k_q == KP - 8'd1) ? w : h3_q;
    wire        data = ptype == `WC_PT_UDATA || ptype == `WC_PT_MDATA;
    wire [16:0] offlen = {1'b0, off} + {1'b0, len};
    reg  [7:0]  st;
    reg         len_ok;
    always @* begin
        if (data)
            len_ok = !(len == 16'd0 || len > PAY16 || msglen == 16'd0 ||
                       msglen > `WC_NIC_MAX_MSG || offlen > {1'b0, msglen} ||
                       (off % PAY16) != 16'd0 || {7'd0, nfl} != {1'b0, nwords} + {7'd0, NFL_MIN} ||
                       padbad_q || padhit);
        else
            // control packets: no payload; a REQ carries its message's length
            len_ok = !(len != 16'd0 || off != 16'd0 || nfl != NFL_MIN ||
                       (ptype == `WC_PT_REQ ? (msglen == 16'd0 || msglen > `WC_NIC_MAX_MSG) : msglen != 16'd0));
    end
    always @* begin
        if (nfl < NFL_MIN || nfl > NFL_MAX)
            st = `WC_NIC_ST_BADLEN;
        else if (crc_fin != h3)
            st = `WC_NIC_ST_BADCRC;
        else if (ptype < `WC_PT_UDATA || ptype > `WC_PT_LAST ||
                 h0_q[`WC_NH0_RSVD_LSB +: `WC_NH0_RSVD_W] != 0)
            st = `WC_NIC_ST_BADTYPE;
        else if (h_q[`WC_HEAD_DST_LSB +: `WC_HEAD_DST_W] != self_i ||
                 h_q[`WC_HEAD_KIND_LSB +: `WC_HEAD_KIND_W] != `WC_KIND_UNICAST ||
                 h_q[`WC_HEAD_NADDR_LSB +: `WC_HEAD_NADDR_W] != 0 ||
                 h_q[`WC_HEAD_USER_LSB +: `WC_HEAD_USER_W] != 0)
            st = `WC_NIC_ST_BADDST;
        else if (!len_ok)
            st = `WC_NIC_ST_BADLEN;
        else if (data && !slot_ok_d)
            st = ST_NOSLOT;
        else
            st = `WC_NIC_ST_OK;
    end

    // ------------------------------------------------------------ decision
    // slot of this packet after this flit: a first payload word takes one
    always @* begin
        alloc_o     = 1'b0;
        alloc_idx_o = free_ok_i ? free_idx_i : evict_idx_i;
        slot_ok_d   = slot_ok_q;
        slot_d      = slot_q;
        wr_o        = 1'b0;
        wr_slot_o   = slot_q;
        wr_idx_o    = pi[IW-1:0];
        if (rx_valid_i && !fhead && act_q && payload && pi < PW8) begin
            if (pi == 8'd0 && (free_ok_i || evict_ok_i)) begin
                alloc_o   = 1'b1;
                slot_ok_d = 1'b1;
                slot_d    = alloc_idx_o;
            end
            wr_o      = slot_ok_d;
            wr_slot_o = slot_d;
        end
        if (rx_valid_i && fhead) begin
            slot_ok_d = 1'b0;
            slot_d    = {SW{1'b0}};
        end
    end
    assign wr_word_o = w;

    // the event this flit produces, and the next assembler state
    always @* begin
        act_d = act_q;  k_d = k_q;  padbad_d = padbad_q;
        h_d = h_q;  h0_d = h0_q;  h1_d = h1_q;  h2_d = h2_q;  h3_d = h3_q;
        crc_d = crc_q;  hq_d = hq_q;
        ev_d = 1'b0;  evst_d = evst_q;  evty_d = evty_q;  evsok_d = evsok_q;  evs_d = evs_q;
        evh0_d = evh0_q;  evh1_d = evh1_q;  evh2_d = evh2_q;
        if (rx_valid_i && fhead) begin
            // a packet that lost its tail, or a one-flit worm: framing error
            if (act_q || single) begin
                ev_d    = 1'b1;
                evst_d  = `WC_NIC_ST_BADLEN;
                evty_d  = {`WC_NH0_TYPE_W{1'b0}};
                evsok_d = act_q && slot_ok_q;
                evs_d   = act_q ? slot_q : {SW{1'b0}};
                evh0_d  = 32'd0;  evh1_d = 32'd0;  evh2_d = 32'd0;
            end
            act_d = !single;
            k_d   = 8'd1;
            h_d   = w;
            hq_d  = hq_w;
            crc_d = 32'd0;
            padbad_d = 1'b0;
            h0_d = 32'd0;  h1_d = 32'd0;  h2_d = 32'd0;  h3_d = 32'd0;
        end else if (rx_valid_i && !act_q) begin
            if (ftail) begin                 // a stray tail
                ev_d    = 1'b1;
                evst_d  = `WC_NIC_ST_BADLEN;
                evty_d  = {`WC_NH0_TYPE_W{1'b0}};
                evsok_d = 1'b0;
                evs_d   = {SW{1'b0}};
                evh0_d  = 32'd0;  evh1_d = 32'd0;  evh2_d = 32'd0;
            end
        end else if (rx_valid_i) begin
            case (k_q)
                8'd1:    begin h0_d = w;  hq_d = hq_w; end
                8'd2:    begin h1_d = w;  hq_d = hq_w; end
                8'd3:    begin h2_d = w;  hq_d = hq_w; end
                8'd4:    h3_d = w;
                default: begin
                    crc_d = crc_w;
                    if (padhit) padbad_d = 1'b1;
                end
            endcase
            if (k_q != 8'd255) k_d = k_q + 8'd1;
            if (ftail) begin
                act_d   = 1'b0;
                ev_d    = 1'b1;
                evst_d  = st;
                evty_d  = ptype;
                evsok_d = slot_ok_d;
                evs_d   = slot_d;
                evh0_d  = h0_q;  evh1_d = h1_q;  evh2_d = h2_q;
            end
        end
    end

    // a finished packet's payload CRC goes to its slot (0 for a framing
    // error: the C model's memset decision)
    assign crcw_o      = ev_d && evsok_d;
    assign crcw_slot_o = evs_d;
    assign crcw_val_o  = (rx_valid_i && !fhead && act_q && ftail) ? crc_pay : 32'd0;

    assign rx_credit_o  = credit_q;
    assign act_o        = act_q;
    assign ev_valid_o   = ev_q;
    assign ev_status_o  = evst_q;
    assign ev_type_o    = evty_q;
    assign ev_slot_ok_o = evsok_q;
    assign ev_slot_o    = evs_q;
    assign ev_src_o     = evh0_q[`WC_NH0_SRC_LSB +: `WC_NH0_SRC_W];
    assign ev_group_o   = evh0_q[`WC_NH0_GROUP_LSB +: `WC_NH0_GROUP_W];
    assign ev_seq_o     = evh1_q[`WC_NH1_SEQ_LSB +: `WC_NH1_SEQ_W];
    assign ev_off_o     = evh1_q[`WC_NH1_OFF_LSB +: `WC_NH1_OFF_W];
    assign ev_len_o     = evh2_q[`WC_NH2_LEN_LSB +: `WC_NH2_LEN_W];
    assign ev_msglen_o  = evh2_q[`WC_NH2_MSGLEN_LSB +: `WC_NH2_MSGLEN_W];

    // ---------------------------------------------------------- registers
    wire clr = !rst_ni || soft_i;
    assign ev_nvalid_o = !clr && ev_d;
    assign ev_nsrc_o   = clr ? {`WC_NH0_SRC_W{1'b0}} : evh0_d[`WC_NH0_SRC_LSB +: `WC_NH0_SRC_W];
    assign ev_ngroup_o = clr ? {`WC_NH0_GROUP_W{1'b0}} : evh0_d[`WC_NH0_GROUP_LSB +: `WC_NH0_GROUP_W];
    always @(posedge clk_i) begin
        if (clr) begin
            act_q <= 1'b0;  k_q <= 8'd0;  padbad_q <= 1'b0;  credit_q <= 1'b0;
            slot_ok_q <= 1'b0;  slot_q <= {SW{1'b0}};
            h_q <= 32'd0;  h0_q <= 32'd0;  h1_q <= 32'd0;  h2_q <= 32'd0;  h3_q <= 32'd0;
            crc_q <= 32'd0;  hq_q <= 32'd0;
        end else begin
            act_q <= act_d;  k_q <= k_d;  padbad_q <= padbad_d;  credit_q <= rx_valid_i;
            slot_ok_q <= slot_ok_d;  slot_q <= slot_d;
            h_q <= h_d;  h0_q <= h0_d;  h1_q <= h1_d;  h2_q <= h2_d;  h3_q <= h3_d;
            crc_q <= crc_d;  hq_q <= hq_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            ev_q <= 1'b0;  evst_q <= 8'd0;  evty_q <= {`WC_NH0_TYPE_W{1'b0}};
            evsok_q <= 1'b0;  evs_q <= {SW{1'b0}};
            evh0_q <= 32'd0;  evh1_q <= 32'd0;  evh2_q <= 32'd0;
        end else begin
            ev_q <= ev_d;  evst_q <= evst_d;  evty_q <= evty_d;
            evsok_q <= evsok_d;  evs_q <= evs_d;
            evh0_q <= evh0_d;  evh1_q <= evh1_d;  evh2_q <= evh2_d;
        end
    end
`ifndef SYNTHESIS
    // The consumption assumption (docs/nic-uarch.md, receive assembler):
    // every flit gets its credit back in the next cycle, none without a
    // flit.  A soft reset clears the credit register with the link it
    // resets, so the flit of that cycle is the one exception.
    reg flit_q;
    always @(posedge clk_i) flit_q <= rst_ni && !soft_i && rx_valid_i;
    // the packet's CRC against folding the four header words at the tail
    wire [31:0] crc_ref;
    wc_nic_crc #(.NW(4)) u_crc_ref (.crc_i(crc_pay), .words_i({h2_q, h1_q, h0_q, h_q}), .crc_o(crc_ref));
    always @(posedge clk_i) begin : protocol
        if (rst_ni) begin
            if (rx_valid_i && act_q && !fhead && ftail && nfl >= NFL_MIN && crc_fin != crc_ref)
                $error("%m: packet CRC %08h, folding its header at the tail gives %08h", crc_fin, crc_ref);
            if (flit_q && !rx_credit_o)
                $error("%m: a flit's credit not returned in the next cycle");
            if (rx_credit_o && !flit_q)
                $error("%m: a credit returned without a flit");
            // A payload word goes only into the slot of its own packet (the
            // one it has, or the one it takes now), inside that slot.
            if (wr_o && !((slot_ok_q && wr_slot_o == slot_q) || (alloc_o && wr_slot_o == alloc_idx_o)))
                $error("%m: payload written to slot %0d, not this packet's", wr_slot_o);
            // (pi, not the slot address, which wraps at 2^IW words)
            if (wr_o && {24'd0, pi} >= PW)
                $error("%m: payload word %0d written past the %0d words of a slot", pi, PW);
            if (wr_o && {{(32-SW){1'b0}}, wr_slot_o} >= NSLOT)
                $error("%m: payload written to slot %0d of %0d", wr_slot_o, NSLOT);
            // A slot is taken only when the slot table offers one, at the
            // packet's first payload word, once per packet.
            if (alloc_o && !(free_ok_i || evict_ok_i))
                $error("%m: slot allocated while none is free or evictable");
            if (alloc_o && (slot_ok_q || pi != 8'd0))
                $error("%m: second slot allocated for one packet (payload word %0d)", pi);
            // The event register is read by the receive processor in the
            // cycle it is valid; a checked event satisfies docs/nic.md's
            // validation, which the processor relies on without checking
            // again: an intact data packet has a slot and a well-formed
            // fragment, an acknowledgement neither.
            if (ev_valid_o && ev_status_o == `WC_NIC_ST_OK) begin
                if (ev_type_o < `WC_PT_UDATA || ev_type_o > `WC_PT_LAST)
                    $error("%m: intact packet of type %0d", ev_type_o);
                if ((ev_type_o == `WC_PT_UDATA || ev_type_o == `WC_PT_MDATA) != ev_slot_ok_o)
                    $error("%m: intact packet of type %0d, slot flag %0d", ev_type_o, ev_slot_ok_o);
                if (ev_type_o == `WC_PT_UDATA || ev_type_o == `WC_PT_MDATA) begin
                    if (ev_len_o == 16'd0 || ev_len_o > PAY16 || ev_msglen_o == 16'd0 ||
                        ev_msglen_o > `WC_NIC_MAX_MSG || {1'b0, ev_off_o} + {1'b0, ev_len_o} > {1'b0, ev_msglen_o} ||
                        ev_off_o % PAY16 != 16'd0)
                        $error("%m: intact data packet with offset %0d, length %0d of %0d",
                               ev_off_o, ev_len_o, ev_msglen_o);
                end else if (ev_off_o != 16'd0 || ev_len_o != 16'd0 ||
                             (ev_type_o == `WC_PT_REQ ? (ev_msglen_o == 16'd0 || ev_msglen_o > `WC_NIC_MAX_MSG)
                                                      : ev_msglen_o != 16'd0))
                    $error("%m: intact control packet of type %0d with offset %0d, length %0d of %0d",
                           ev_type_o, ev_off_o, ev_len_o, ev_msglen_o);
            end
            if (ev_valid_o && ev_slot_ok_o && {{(32-SW){1'b0}}, ev_slot_o} >= NSLOT)
                $error("%m: event names slot %0d of %0d", ev_slot_o, NSLOT);
        end
    end
`endif
endmodule
`resetall

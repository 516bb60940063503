// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Transmit: the selection register (the next packet, chosen by the jobs
// unit, waiting for its payload), the emitter (the packet on the
// injection link, one flit per cycle while it has credits), the credit
// counter for the router's input buffer, and the two staging buffers that
// the DMA fills from host memory.  cmodel/wc_nic_tx.c (em_word(),
// nic_tx_out(), nic_tx_commit()).
//
// A packet leaves as the router head (this child's id), NH0..NH2, the CRC
// and the payload.  The payload CRC was computed once when the payload
// arrived (slot) or was staged; the header words are folded in here, per
// packet, so one received or staged payload serves every child with only
// the head rewritten (GM-2 Section 3.1).  Two staging buffers let the DMA
// fill one while the emitter reads the other.
module wc_nic_tx #(
    parameter integer W       = `WC_FLIT_DATA_W,   // flit data width, 32..62
    parameter integer B       = 8,                 // router input buffer depth: initial credits
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,   // bytes per packet
    parameter integer NSLOT   = 72,                // receive slots
    parameter integer J       = 8,                 // jobs
    parameter integer KW      = 7,                 // packet index width
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN, // children of a job
    // Derived (leave at the default; the body checks them):
    parameter integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1,
    parameter integer JW   = $clog2(J),
    parameter integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1,
    parameter integer PW   = PAYLOAD / 4,
    parameter integer IW   = PW > 1 ? $clog2(PW) : 1
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire                        soft_i,
    // injection link
    output wire                        tx_valid_o,
    output wire [W+1:0]                tx_flit_o,
    input  wire                        tx_credit_i,
    // the jobs unit's selection (loaded when sl_valid_i)
    input  wire                        sl_valid_i,
    input  wire                        sl_ack_i,
    input  wire                        s_ready_i,
    input  wire                        s_from_i,
    input  wire [SW-1:0]               s_buf_i,
    input  wire [JW-1:0]               s_job_i,
    input  wire [CIW-1:0]              s_child_i,
    input  wire [`WC_NH0_TYPE_W-1:0]   s_type_i,
    input  wire                        s_fill_i,
    input  wire [KW-1:0]               s_k_i,
    input  wire [`WC_HEAD_DST_W-1:0]   s_dst_i,
    input  wire [`WC_NH0_SRC_W-1:0]    s_src_i,
    input  wire [`WC_NH0_GROUP_W-1:0]  s_group_i,
    input  wire [15:0]                 s_seq_i,
    input  wire [15:0]                 s_off_i,
    input  wire [15:0]                 s_len_i,
    input  wire [15:0]                 s_msglen_i,
    // a job starts afresh: its staged packets are stale (receive
    // processor's new forwarding job, send queue unit's new job)
    input  wire                        inv_a_i,
    input  wire [JW-1:0]               inv_a_job_i,
    input  wire                        inv_b_i,
    input  wire [JW-1:0]               inv_b_job_i,
    // DMA: staging started, a word read, staging done (CRC of the words)
    input  wire                        st_start_i,
    input  wire                        st_wr_i,
    input  wire                        st_buf_i,
    input  wire [IW-1:0]               st_idx_i,
    input  wire [31:0]                 st_word_i,
    input  wire                        st_done_i,
    input  wire [31:0]                 st_crc_i,
    // slot read ports: the payload CRC of the emitter's slot, and its
    // payload word (block RAM: addressed a cycle ahead, by the slot and
    // word index the emitter will have after this edge)
    output wire [SW-1:0]               em_nslot_o,
    output wire [IW-1:0]               em_nidx_o,
    input  wire [31:0]                 slot_word_i,
    input  wire [31:0]                 slot_crcp_i,
    // selection register, for the DMA and the slot and staging pins
    output wire                        sel_valid_o,
    output wire                        sel_fill_o,
    output wire [SW-1:0]               sel_buf_o,
    output wire [JW-1:0]               sel_job_o,
    output wire                        sel_data_o,     // the selection register holds a data packet
    output wire [15:0]                 sel_off_o,
    output wire [15:0]                 sel_len_o,
    output wire                        sel_pin_slot_o,
    output wire                        em_pin_slot_o,
    output wire [SW-1:0]               em_buf_o,
    output wire                        stage0_pin_o,   // staging buffer 0 will be read
    output wire [1:0]                  stage_valid_o,
    output wire [2*JW-1:0]             stage_job_o,
    output wire [2*KW-1:0]             stage_k_o,
    // a packet's last flit left (NICR_TX_PKTS)
    output wire                        txpkt_o,
    output wire                        busy_o
);
    // flits before the payload (head, NH0..NH3)
    localparam [6:0]  KP   = `WC_NIC_HDR_FLITS + 1;
    localparam [15:0] NFL0 = `WC_NIC_HDR_FLITS + 1;
    // staging memory address of word i of buffer b: b * PW + i
    localparam integer SAW = $clog2(2 * PW);
    localparam [SAW-1:0] PWS = PW[SAW-1:0];
    localparam integer TW   = `WC_NH0_TYPE_W;
    localparam integer DW   = `WC_HEAD_DST_W;
    localparam integer GIW  = `WC_NH0_GROUP_W;
    localparam integer SRW  = `WC_NH0_SRC_W;
    // a send: {msglen, len, off, seq, group, src, dst, k, fill, type,
    // child, job, buf, from, ack, ready}
    localparam integer XW   = 16 + 16 + 16 + 16 + GIW + SRW + DW + KW + 1 + TW + CIW + JW + SW + 3;

    initial begin
        `WC_NIC_CHECK_W
        `WC_NIC_CHECK_B
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_J
        `WC_NIC_CHECK_KW
        `WC_NIC_CHECK_KW_NPK
        `WC_NIC_CHECK_MAXCHILD
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (CIW != (MAXCHILD > 1 ? $clog2(MAXCHILD) : 1)) $error("%m: CIW is derived, leave it at its default");
        if (PW != PAYLOAD / 4) $error("%m: PW is derived, leave it at its default");
        if (IW != (PW > 1 ? $clog2(PW) : 1)) $error("%m: IW is derived, leave it at its default");
    end

    // ---------------------------------------------------------------- state
    reg           sv_q, sv_d, ev_q, ev_d;     // selection, emitter valid
    reg  [XW-1:0] sx_q, sx_d, ex_q, ex_d;     // their sends
    reg  [6:0]    fk_q, fk_d;                 // emitter: next flit
    reg  [15:0]   cred_q, cred_d;
    reg  [1:0]    stv_q, stv_d;               // staging buffer holds a packet
    reg  [2*JW-1:0] stj_q, stj_d;
    reg  [2*KW-1:0] stk_q, stk_d;
    reg  [63:0]   stc_q, stc_d;               // payload CRC per buffer
    // staging payload: buffer b word i at b*PW + i, in block RAM (read
    // synchronously a cycle ahead, below)
    (* ram_style = "block", no_rw_check *) reg [31:0] stbuf [0:2*PW-1];

    // fields of a packed send
    localparam integer F_READY = 0;
    localparam integer F_ACK   = 1;
    localparam integer F_FROM  = 2;
    localparam integer F_BUF   = 3;
    localparam integer F_JOB   = F_BUF + SW;
    localparam integer F_CHILD = F_JOB + JW;
    localparam integer F_TYPE  = F_CHILD + CIW;
    localparam integer F_FILL  = F_TYPE + TW;
    localparam integer F_K     = F_FILL + 1;
    localparam integer F_DST   = F_K + KW;
    localparam integer F_SRC   = F_DST + DW;
    localparam integer F_GROUP = F_SRC + SRW;
    localparam integer F_SEQ   = F_GROUP + GIW;
    localparam integer F_OFF   = F_SEQ + 16;
    localparam integer F_LEN   = F_OFF + 16;
    localparam integer F_MSGLEN = F_LEN + 16;

    wire [XW-1:0] sl_x = {s_msglen_i, s_len_i, s_off_i, s_seq_i, s_group_i, s_src_i, s_dst_i, s_k_i,
                          s_fill_i, s_type_i, s_child_i, s_job_i, s_buf_i, s_from_i, sl_ack_i, s_ready_i};

    function [SAW-1:0] saddr(input b, input [IW-1:0] i);
        integer k;
        reg [SAW-1:0] ie;
        begin
            ie = {SAW{1'b0}};
            for (k = 0; k < IW && k < SAW; k = k + 1) ie[k] = i[k];
            saddr = (b ? PWS : {SAW{1'b0}}) + ie;
        end
    endfunction

    // ---------------------------------------------------------- emitter
    wire [15:0]   e_len  = ex_q[F_LEN +: 16];
    wire [14:0]   e_nw   = e_len[15:2] + {14'd0, e_len[1:0] != 2'd0};
    wire [15:0]   e_nfl  = {1'b0, e_nw} + NFL0;
    wire          e_ack  = ex_q[F_ACK];
    wire          e_from = ex_q[F_FROM];
    wire [SW-1:0] e_buf  = ex_q[F_BUF +: SW];
    wire [31:0]   h0 = ({20'd0, ex_q[F_SRC +: SRW]} << `WC_NH0_SRC_LSB) |
                       ({20'd0, ex_q[F_GROUP +: GIW]} << `WC_NH0_GROUP_LSB) |
                       ({{(32-TW){1'b0}}, ex_q[F_TYPE +: TW]} << `WC_NH0_TYPE_LSB);
    wire [31:0]   h1 = ({16'd0, ex_q[F_SEQ +: 16]} << `WC_NH1_SEQ_LSB) |
                       ({16'd0, ex_q[F_OFF +: 16]} << `WC_NH1_OFF_LSB);
    wire [31:0]   h2 = ({16'd0, e_len} << `WC_NH2_LEN_LSB) |
                       ({16'd0, ex_q[F_MSGLEN +: 16]} << `WC_NH2_MSGLEN_LSB);
    wire [31:0]   hd = ({20'd0, ex_q[F_DST +: DW]} << `WC_HEAD_DST_LSB) |
                       (`WC_KIND_UNICAST << `WC_HEAD_KIND_LSB);
    wire [31:0]   crcp = e_ack ? 32'd0 : e_from ? slot_crcp_i : stc_q[e_buf[0]*32 +: 32];
    // The CRC flit is the payload CRC with the head and NH0..NH2 folded
    // in: the four flits sent just before it, so they are folded one a
    // flit as they leave (a one-word CRC instead of a four-word one in
    // the CRC flit's cycle: a quarter of the XOR logic), starting from
    // the payload CRC at the head (which stays the same while the packet
    // goes out: asserted below).
    reg  [31:0]   hcrc_q;
    wire [31:0]   hcrc_d;
    reg  [31:0]   hword;                      // flit fk_q's word while fk_q < 4
    always @* begin
        case (fk_q[1:0])
            2'd0:    hword = hd;
            2'd1:    hword = h0;
            2'd2:    hword = h1;
            default: hword = h2;
        endcase
    end
    wc_nic_crc #(.NW(1)) u_crc (.crc_i(fk_q == 7'd0 ? crcp : hcrc_q), .words_i(hword), .crc_o(hcrc_d));
    wire [31:0]   crc = hcrc_q;
    // the payload word: from the slot or the staging buffer, both read a
    // cycle ahead (below)
    wire [31:0]   st_word;
    wire [31:0]   pword  = e_from ? slot_word_i : st_word;
    wire [31:0]   word   = fk_q < KP - 7'd1 ? hword : fk_q == KP - 7'd1 ? crc : pword;
    wire [1:0] ftype = (fk_q == 7'd0) ? `WC_FT_HEAD :
                       ({9'd0, fk_q} == e_nfl - 16'd1) ? `WC_FT_TAIL : `WC_FT_BODY;
    wire       send  = ev_q && cred_q != 16'd0;
    wire       last  = {9'd0, fk_q} + 16'd1 == e_nfl;
    assign tx_valid_o = send;
    // data bits above 31 are zero; an idle link carries zeros
    assign tx_flit_o  = send ? ({ftype, {W{1'b0}}} | {{(W-30){1'b0}}, word}) : {(W+2){1'b0}};
    assign txpkt_o    = send && last;

    // ------------------------------------------------------- next state
    wire xfer = sv_q && sx_q[F_READY] && !ev_q;   // selection -> emitter
    always @* begin : next
        integer b;
        sv_d = sv_q;  sx_d = sx_q;  ev_d = ev_q;  ex_d = ex_q;  fk_d = fk_q;
        stv_d = stv_q;  stj_d = stj_q;  stk_d = stk_q;  stc_d = stc_q;
        // stale staged packets of restarted jobs
        for (b = 0; b < 2; b = b + 1) begin
            if (inv_a_i && stj_q[b*JW +: JW] == inv_a_job_i) stv_d[b] = 1'b0;
            if (inv_b_i && stj_q[b*JW +: JW] == inv_b_job_i) stv_d[b] = 1'b0;
        end
        if (send) begin
            fk_d = fk_q + 7'd1;
            if (last) ev_d = 1'b0;
        end
        if (xfer) begin
            ev_d = 1'b1;
            ex_d = sx_q;
            fk_d = 7'd0;
            sv_d = 1'b0;
        end
        if (sl_valid_i) begin
            sv_d = 1'b1;
            sx_d = sl_x;
            if (s_fill_i) begin
                stv_d[s_buf_i[0]] = 1'b1;
                stj_d[s_buf_i[0]*JW +: JW] = s_job_i;
                stk_d[s_buf_i[0]*KW +: KW] = s_k_i;
            end
        end
        // the DMA takes the fill request, then delivers the payload
        if (st_start_i) sx_d[F_FILL] = 1'b0;
        if (st_done_i) begin
            stc_d[st_buf_i*32 +: 32] = st_crc_i;
            sx_d[F_READY] = 1'b1;
        end
    end
    always @* begin
        cred_d = cred_q + {15'd0, tx_credit_i} - {15'd0, send};
    end

    assign sel_valid_o    = sv_q;
    assign sel_fill_o     = sx_q[F_FILL];
    assign sel_buf_o      = sx_q[F_BUF +: SW];
    assign sel_job_o      = sx_q[F_JOB +: JW];
    assign sel_off_o      = sx_q[F_OFF +: 16];
    assign sel_len_o      = sx_q[F_LEN +: 16];
    // pinned: a pending selection or the emitter will read this buffer
    assign sel_pin_slot_o = sv_q && !sx_q[F_ACK] && sx_q[F_FROM];
    assign sel_data_o     = sv_q && !sx_q[F_ACK];
    assign em_pin_slot_o  = ev_q && !e_ack && e_from;
    assign em_buf_o       = e_buf;
    // (only buffer 0 matters: a new fill is chosen with the selection
    // register empty, so at most the emitter pins one buffer)
    assign stage0_pin_o   = (sv_q && !sx_q[F_ACK] && !sx_q[F_FROM] && sx_q[F_BUF +: SW] == 0) ||
                            (ev_q && !e_ack && !e_from && e_buf == 0);
    assign stage_valid_o  = stv_q;
    assign stage_job_o    = stj_q;
    assign stage_k_o      = stk_q;
    assign busy_o         = sv_q || ev_q;

    // ---------------------------------------------------------- registers
    wire clr = !rst_ni || soft_i;
    always @(posedge clk_i) begin
        if (clr) begin
            sv_q <= 1'b0;  sx_q <= {XW{1'b0}};  ev_q <= 1'b0;  ex_q <= {XW{1'b0}};  fk_q <= 7'd0;
            cred_q <= B[15:0];
        end else begin
            sv_q <= sv_d;  sx_q <= sx_d;  ev_q <= ev_d;  ex_q <= ex_d;  fk_q <= fk_d;
            cred_q <= cred_d;
        end
    end
    always @(posedge clk_i) begin
        if (clr) begin
            stv_q <= 2'b00;  stj_q <= {2*JW{1'b0}};  stk_q <= {2*KW{1'b0}};
            stc_q <= 64'd0;
        end else begin
            stv_q <= stv_d;  stj_q <= stj_d;  stk_q <= stk_d;
            stc_q <= stc_d;
        end
    end
    // (no reset: read only at the CRC flit, after the four that load it)
    always @(posedge clk_i) begin
        if (send && fk_q < KP - 7'd1) hcrc_q <= hcrc_d;
    end
    // staging payload: read only below the length the DMA filled.  The
    // emitter's word is read a cycle ahead, at the address its buffer and
    // flit counter will have after this edge (its own registers, so the
    // address depends on no input); the slot table reads the slot's word
    // at the same address (payload word index mod 2^IW: exact while a
    // payload word is sent).  No bypass: the DMA never writes the
    // buffer the emitter sends from (asserted below), and a packet's first
    // payload word is read at least KP cycles after its transfer to the
    // emitter, by which time its staging is done, so the word read is
    // never one written in the same cycle (no_rw_check).
    wire [SAW-1:0] st_wa  = saddr(st_buf_i, st_idx_i);
    wire [IW-1:0]  fk_n   = clr ? {IW{1'b0}} : fk_d[IW-1:0];
    wire [SW-1:0]  eb_n   = clr ? {SW{1'b0}} : ex_d[F_BUF +: SW];
    wire [IW-1:0]  pidx_n = fk_n - KP[IW-1:0];
    wire [SAW-1:0] st_ra  = saddr(eb_n[0], pidx_n);
    assign em_nslot_o = eb_n;
    assign em_nidx_o  = pidx_n;
    reg  [31:0]    st_rd_q;
    always @(posedge clk_i) begin
        if (st_wr_i) stbuf[st_wa] <= st_word_i;
    end
    always @(posedge clk_i) st_rd_q <= stbuf[st_ra];
    assign st_word = st_rd_q;
`ifndef SYNTHESIS
    // the CRC flit against the packet's CRC in one step: the payload CRC
    // must not change while the header flits go out
    wire [31:0] crc_ref;
    wc_nic_crc #(.NW(4)) u_crc_ref (.crc_i(crcp), .words_i({h2, h1, h0, hd}), .crc_o(crc_ref));
    always @(posedge clk_i) begin : protocol
        if (rst_ni) begin
            if (send && fk_q == KP - 7'd1 && crc != crc_ref)
                $error("%m: CRC flit %08h, the packet's CRC is %08h (its payload CRC changed while it was sent)",
                       crc, crc_ref);
            // Credits (docs/nic-uarch.md, Transmitter): B at reset, one per
            // flit the router's buffer frees; a flit only with one.  More
            // than B would mean the router returned a credit it did not owe.
            if ({16'd0, cred_q} > B)
                $error("%m: %0d credits for a router buffer of %0d", cred_q, B);
            if (cred_q == B[15:0] && tx_credit_i && !send)
                $error("%m: credit overflow (the router returned more than B = %0d)", B);
            if (send && cred_q == 16'd0)
                $error("%m: flit sent without a credit");
            // The emitter sends head, NH0..NH3 and the payload words, and
            // stops at the tail: an acknowledgement has no payload, a data
            // packet 1..PAYLOAD bytes.
            if (ev_q && (e_ack ? e_len != 16'd0 : (e_len == 16'd0 || e_len > PAYLOAD[15:0])))
                $error("%m: emitting a packet of %0d payload bytes (ack %0d)", e_len, e_ack);
            if (ev_q && {9'd0, fk_q} >= e_nfl)
                $error("%m: emitter at flit %0d of a %0d-flit packet", fk_q, e_nfl);
            // The selection register is loaded only while empty (the jobs
            // unit selects nothing while it is full); the DMA takes a fill
            // request and completes it only for a selection waiting for
            // its staging buffer.
            if (sl_valid_i && sv_q)
                $error("%m: selection overwritten before it went to the emitter");
            if (st_start_i && !(sv_q && sx_q[F_FILL]))
                $error("%m: staging started without a fill request");
            if (st_done_i && !(sv_q && !sx_q[F_READY] && !sx_q[F_FROM] && !sx_q[F_ACK] && st_buf_i == sx_q[F_BUF]))
                $error("%m: staging of buffer %0d finished for no waiting selection", st_buf_i);
            if (st_wr_i && {{(32-IW){1'b0}}, st_idx_i} >= PW)
                $error("%m: staging word %0d written past the %0d words of a buffer", st_idx_i, PW);
            // Two staging buffers: the DMA never fills the one the emitter
            // is sending from (its words would change under the packet).
            if (st_wr_i && ev_q && !e_ack && !e_from && e_buf[0] == st_buf_i)
                $error("%m: staging buffer %0d written while the emitter sends from it", st_buf_i);
        end
    end
`endif
endmodule
`resetall

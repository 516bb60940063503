// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// DMA master: one Wishbone B4 classic master port shared by five clients
// in round-robin order (completion writer, receive writer, receive-buffer
// fetch, staging reads, send-queue reads), one word per bus cycle, and
// the completion FIFO the completion writer drains.  cmodel/wc_nic_dma.c
// (nic_dma_decide(), nic_dma_commit()).
//
// An operation is a run of words to consecutive addresses except for
// completions, whose word 0 (with CD0_VALID) goes last: the host polls
// that word, so the rest of the entry must already be there.  A received
// packet's write is followed by its message's completion in the same
// operation when it is the last packet, so the completion can never
// overtake the data.  Bus errors never stop an operation; they end up in
// the status the client reports.
module wc_nic_dma #(
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,   // bytes per packet
    parameter integer NSLOT   = 72,                // receive slots
    parameter integer NCTX    = 8,                 // receive contexts
    parameter integer J       = 8,                 // jobs
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN, // destinations of a multisend
    // Derived (leave at the default; the body checks them):
    parameter integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1,
    parameter integer CW   = NCTX > 1 ? $clog2(NCTX) : 1,
    parameter integer JW   = $clog2(J),
    parameter integer PW   = PAYLOAD / 4,
    parameter integer IW   = PW > 1 ? $clog2(PW) : 1
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         soft_i,
    // ---- Wishbone B4 classic master ----
    output wire                         m_cyc_o,
    output wire                         m_stb_o,
    output wire                         m_we_o,
    output wire [31:0]                  m_adr_o,
    output wire [31:0]                  m_dat_o,
    output wire [3:0]                   m_sel_o,
    input  wire                         m_ack_i,
    input  wire                         m_err_i,
    input  wire [31:0]                  m_dat_i,
    // ---- rings (register block) ----
    input  wire [31:0]                  cq_base_i,
    input  wire [15:0]                  cq_size_i,
    input  wire [15:0]                  cq_head_i,
    input  wire [15:0]                  cq_tail_i,
    input  wire [31:0]                  rq_base_i,
    input  wire [15:0]                  rq_size_i,
    input  wire [15:0]                  rq_head_i,
    input  wire [15:0]                  rq_tail_i,
    input  wire [31:0]                  sq_base_i,
    input  wire [15:0]                  sq_size_i,
    input  wire [15:0]                  sq_head_i,
    // ---- completion FIFO: one entry pushed per cycle at most ----
    input  wire                         push_i,
    input  wire [127:0]                 push_w_i,
    output wire                         cq_room_o,
    output wire                         cqf_any_o,
    output wire                         cq_adv_o,   // an entry landed: CQ_TAIL + 1
    // ---- receive writer: the write queue head, contexts, slots ----
    input  wire                         wq_any_i,
    input  wire                         wq_half_i,      // half the slots or more are in the write queue
    input  wire [SW-1:0]                wq_slot_i,
    input  wire [SW-1:0]                wq_nslot_i,     // the head's slot after this edge, unless popped now
    input  wire [CW-1:0]                wq_ctx_i,
    input  wire [15:0]                  wq_off_i,
    input  wire [15:0]                  wq_len_i,
    input  wire                         wq_last_i,
    input  wire                         wq_fjv_i,   // a forwarded packet (its job completes the message)
    input  wire [JW-1:0]                wq_fj_i,
    output wire                         wq_pop_o,
    output wire [CW-1:0]                ctx_idx_o,
    input  wire [31:0]                  ctx_addr_i,
    input  wire [`WC_NH0_SRC_W-1:0]     ctx_src_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   ctx_group_i,
    input  wire [15:0]                  ctx_msglen_i,
    input  wire                         ctx_err_i,
    // the slot word prepared after this edge (the slot table reads it a
    // cycle ahead, from block RAM): the running receive write's next
    // word, or word 0 of the next head, which a receive write starting
    // in the next cycle reads (an op starting now runs on)
    output wire [SW-1:0]                slot_nslot_o,
    output wire [IW-1:0]                slot_nidx_o,
    input  wire [31:0]                  slot_word_i,
    output wire                         rxw_done_o,
    output wire [SW-1:0]                rxw_slot_o,
    output wire [CW-1:0]                rxw_ctx_o,
    output wire                         rxw_last_o,
    output wire                         rxw_err_o,
    // a forwarded message is all in host memory: its job may complete,
    // with BUSERR if a write of it failed
    output wire                         hostdone_o,
    output wire [JW-1:0]                hostdone_job_o,
    output wire                         hostdone_err_o,
    // ---- receive-buffer fetch into the prefetch FIFO ----
    input  wire [1:0]                   rqb_n_i,
    input  wire                         rqb_rd_i,
    output wire                         rq_wr_o,
    output wire                         rq_buf_o,
    output wire                         rq_hi_o,
    output wire [31:0]                  rq_data_o,
    output wire                         rq_done_o,  // RQ_HEAD + 1
    // ---- staging reads for the selection ----
    input  wire                         sel_valid_i,
    input  wire                         sel_fill_i,
    input  wire                         sel_buf_i,  // staging buffer to fill
    input  wire [JW-1:0]                sel_job_i,
    input  wire [15:0]                  sel_off_i,
    input  wire [15:0]                  sel_len_i,
    output wire [JW-1:0]                job_o,      // job address read port
    input  wire [31:0]                  job_addr_i,
    output wire                         st_start_o,
    output wire                         st_wr_o,
    output wire                         st_buf_o,
    output wire [IW-1:0]                st_idx_o,
    output wire [31:0]                  st_word_o,
    output wire                         st_done_o,
    output wire [31:0]                  st_crc_o,
    output wire                         st_err_o,
    // ---- send-queue reads ----
    input  wire                         sq_req_i,   // descriptor or list wanted
    input  wire                         sq_fetch_i, // the descriptor (else the list)
    input  wire [31:0]                  sq_list_i,  // list address
    input  wire [4:0]                   sq_n_i,     // list words, 1..MAXCHILD
    output wire                         sq_start_o,
    output wire                         sq_wr_o,
    output wire [4:0]                   sq_idx_o,
    output wire [31:0]                  sq_data_o,
    output wire                         sq_err_o,
    output wire                         sq_done_o,
    output wire                         busy_o
);
    // clients, in round-robin order
    localparam [2:0] CLI_CQ = 3'd0, CLI_RXW = 3'd1, CLI_RQ = 3'd2, CLI_STAGE = 3'd3, CLI_SQ = 3'd4;
    localparam integer NCLI = 5;
    localparam [`WC_CD0_STATUS_W-1:0] ST_OK = `WC_NIC_ST_OK, ST_BUSERR = `WC_NIC_ST_BUSERR;
    localparam [`WC_CD0_KIND_W-1:0]   CK_RECV = `WC_CK_RECV;

    initial begin
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_J
        `WC_NIC_CHECK_NCTX
        `WC_NIC_CHECK_MAXCHILD
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
        if (CW != (NCTX > 1 ? $clog2(NCTX) : 1)) $error("%m: CW is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (PW != PAYLOAD / 4) $error("%m: PW is derived, leave it at its default");
        if (IW != (PW > 1 ? $clog2(PW) : 1)) $error("%m: IW is derived, leave it at its default");
    end

    // ---------------------------------------------------------------- state
    reg          busy_q, busy_d, err_q, err_d, stb_q, stb_d, we_q, we_d, buf_q, buf_d;
    reg  [2:0]   cli_q, cli_d, ptr_q, ptr_d;
    reg  [3:0]   sel_q, sel_d;
    reg  [6:0]   i_q, i_d, n_q, n_d;
    reg  [1:0]   len_q, len_d;              // a staging read's length, mod 4
    reg  [31:0]  adr_q, adr_d, dat_q, dat_d, crc_q, crc_d;
    reg  [SW-1:0] wqs_q, wqs_d;             // the receive write being done
    reg  [CW-1:0] wqc_q, wqc_d;
    reg  [1:0]   wql_q, wql_d;              // its length mod 4 and its payload words
    reg  [6:0]   wqw_q, wqw_d;
    reg          wqe_q, wqe_d;
    reg          wqv_q, wqv_d;              // forwarded: no completion, job wqj
    reg  [JW-1:0] wqj_q, wqj_d;
    reg  [2:0]   cqn_q, cqn_d;              // completion FIFO: entries, read index
    reg  [1:0]   cqr_q, cqr_d;
    reg  [127:0] cqf [0:3];

    // ------------------------------------------------------------ requests
    wire [15:0] cq_used  = cq_tail_i - cq_head_i;
    wire        cq_space = cq_size_i != 16'd0 && cq_used < cq_size_i;
    wire [15:0] cq_slot  = cq_tail_i & (cq_size_i - 16'd1);
    wire [NCLI-1:0] req;
    assign req[CLI_CQ]    = cqn_q != 3'd0 && cq_space;
    // a message's last write carries its completion unless it is forwarded
    wire wq_completes = wq_last_i && !wq_fjv_i;
    assign req[CLI_RXW]   = wq_any_i && (!wq_completes || cq_space);
    assign req[CLI_RQ]    = rqb_n_i != 2'd2 && rq_size_i != 16'd0 && rq_head_i != rq_tail_i;
    assign req[CLI_STAGE] = sel_valid_i && sel_fill_i;
    assign req[CLI_SQ]    = sq_req_i;
    // round robin; but while half the slots or more wait in the write
    // queue, the receive writes go first: the packets in slots are what
    // the network cannot take back (a DMA behind the link by every slot
    // drops the next packet), and the writes drain the queue faster than
    // a link fills it
    wire       any;
    wire [2:0] rr_win;
    wc_rr_arb #(.N(NCLI), .IW(3)) u_rr (.req_i(req), .ptr_i(ptr_q), .gnt_valid_o(any), .gnt_idx_o(rr_win));
    wire [2:0] win = (wq_half_i && req[CLI_RXW]) ? CLI_RXW : rr_win;
    wire start = !busy_q && any;

    // ------------------------------------------------- the op and its words
    // words of len bytes; here len <= PAYLOAD, so the count fits 7 bits
    /* verilator lint_off UNUSEDSIGNAL */
    function [6:0] words_of(input [15:0] len);
        reg [15:0] w;
        begin
            w = {2'b00, len[15:2]} + {15'd0, len[1:0] != 2'b00};
            words_of = w[6:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // the client and receive write of the word being prepared: a new op's
    // at the start, else the running op's
    wire [2:0]    c    = busy_q ? cli_q : win;
    wire [CW-1:0] wc   = busy_q ? wqc_q : wq_ctx_i;
    wire [1:0]    wl   = busy_q ? wql_q : wq_len_i[1:0];
    wire [6:0]    rnw  = busy_q ? wqw_q : words_of(wq_len_i);   // its payload words
    wire          done_w = busy_q && (m_ack_i || m_err_i);
    wire          e_now  = m_err_i;
    wire [6:0]    wi   = busy_q ? i_q + 7'd1 : 7'd0;   // index of the word prepared
    wire          ern  = err_q || (busy_q && e_now);    // errors so far, this word's included
    reg  [6:0]    nn;
    always @* begin
        case (win)
            CLI_CQ:    nn = 7'd4;
            CLI_RXW:   nn = words_of(wq_len_i) + (wq_completes ? 7'd4 : 7'd0);
            CLI_RQ:    nn = 7'd2;
            CLI_STAGE: nn = words_of(sel_len_i);
            default:   nn = sq_fetch_i ? 7'd4 : {2'b00, sq_n_i};
        endcase
    end

    // word wi of client c: direction, data, lanes
    wire        rdat = wi < rnw;                     // receive write: payload word
    // completion word of this bus word: 1, 2, 3, then 0 last
    wire [1:0]  q    = (c == CLI_CQ) ? wi[1:0] + 2'd1 : wi[1:0] - rnw[1:0] + 2'd1;
    wire [127:0] cq_e = cqf[cqr_q];
    assign ctx_idx_o  = wc;
    assign slot_nslot_o = busy_d ? wqs_d : wq_nslot_i;
    assign slot_nidx_o  = busy_d ? i_d[IW-1:0] + 1'b1 : {IW{1'b0}};
    // The word's address, with one adder: an op's words after its first
    // follow the last one's address (+4), but a completion's word 0,
    // which goes last (-12), and a receive completion's words, which go
    // to the ring's entry at CQ_TAIL as it is now (the base + offset a
    // client's first word needs, or the ring's entry and word, is the
    // adder's other use; the ring's entry is a multiple of 16 bytes past
    // CQ_BASE, so its word's offset is a concatenation).
    wire        cqw  = c == CLI_CQ || (c == CLI_RXW && !rdat);   // a completion word
    wire        step = busy_q && !(c == CLI_RXW && !rdat);
    reg  [31:0] aa, bb;
    always @* begin
        aa = adr_q;
        bb = (c == CLI_CQ && q == 2'd0) ? 32'hFFFF_FFF4 : 32'd4;
        if (!step) begin
            if (cqw) begin
                aa = cq_base_i;  bb = {12'd0, cq_slot, q, 2'b00};
            end else begin
                case (c)
                    CLI_RXW:   begin aa = ctx_addr_i;  bb = {16'd0, wq_off_i}; end
                    CLI_RQ:    begin aa = rq_base_i;   bb = {13'd0, rq_head_i & (rq_size_i - 16'd1), 3'd0}; end
                    CLI_STAGE: begin aa = job_addr_i;  bb = {16'd0, sel_off_i}; end
                    default:   begin
                        aa = sq_fetch_i ? sq_base_i : sq_list_i;
                        bb = sq_fetch_i ? {12'd0, sq_head_i & (sq_size_i - 16'd1), 4'd0} : 32'd0;
                    end
                endcase
            end
        end
    end
    wire [31:0] nadr = aa + bb;
    reg [31:0] ndat;
    reg [3:0]  nsel;
    reg        nwe;
    always @* begin
        ndat = 32'd0;
        nsel = 4'hF;
        nwe  = 1'b0;
        case (c)
            CLI_CQ: begin
                nwe  = 1'b1;
                ndat = cq_e[q*32 +: 32];
            end
            CLI_RXW: begin
                nwe = 1'b1;
                if (rdat) begin
                    ndat = slot_word_i;
                    if (wi == rnw - 7'd1 && wl != 2'b00)
                        nsel = (wl == 2'd1) ? 4'b0001 : (wl == 2'd2) ? 4'b0011 : 4'b0111;
                end else begin
                    case (q)
                        2'd0: ndat = (32'd1 << `WC_CD0_VALID_LSB) | ({28'd0, CK_RECV} << `WC_CD0_KIND_LSB) |
                                     ({24'd0, (ctx_err_i || ern) ? ST_BUSERR : ST_OK} << `WC_CD0_STATUS_LSB);
                        2'd1: ndat = ({20'd0, ctx_src_i} << `WC_CD1_SRC_LSB) |
                                     ({20'd0, ctx_group_i} << `WC_CD1_GROUP_LSB);
                        2'd2: ndat = ctx_addr_i;
                        default: ndat = {16'd0, ctx_msglen_i} << `WC_CD3_LEN_LSB;
                    endcase
                end
            end
            default: ;
        endcase
    end

    // -------------------------------------------------------- word done
    wire [31:0] rdata  = e_now ? 32'd0 : m_dat_i;
    wire        more   = i_q + 7'd1 < n_q;
    wire        op_end = done_w && !more;
    // the last staged word keeps only the message's bytes: a staging read
    // is 1..PAYLOAD bytes (asserted at its start), so its last word holds
    // 1..4 of them, the length mod 4 (0: all four)
    reg  [31:0] sword;
    always @* begin
        sword = rdata;
        if (!more) begin
            case (len_q)
                2'd1:    sword = rdata & 32'h0000_00FF;
                2'd2:    sword = rdata & 32'h0000_FFFF;
                2'd3:    sword = rdata & 32'h00FF_FFFF;
                default: sword = rdata;
            endcase
        end
    end
    wire [31:0] crc_w;
    wc_nic_crc #(.NW(1)) u_crc (.crc_i(crc_q), .words_i(sword), .crc_o(crc_w));

    always @* begin
        busy_d = busy_q;  err_d = err_q;  stb_d = stb_q;  we_d = we_q;  buf_d = buf_q;
        cli_d = cli_q;  ptr_d = ptr_q;  sel_d = sel_q;  i_d = i_q;  n_d = n_q;  len_d = len_q;
        adr_d = adr_q;  dat_d = dat_q;  crc_d = crc_q;
        wqs_d = wqs_q;  wqc_d = wqc_q;  wql_d = wql_q;  wqw_d = wqw_q;  wqe_d = wqe_q;  wqv_d = wqv_q;  wqj_d = wqj_q;
        if (start) begin
            busy_d = 1'b1;  cli_d = win;  i_d = 7'd0;  n_d = nn;
            err_d = 1'b0;  crc_d = 32'd0;
            stb_d = 1'b1;  we_d = nwe;  adr_d = nadr;  dat_d = ndat;  sel_d = nsel;
            ptr_d = (win == CLI_SQ) ? 3'd0 : win + 3'd1;
            if (win == CLI_RXW) begin
                wqs_d = wq_slot_i;  wqc_d = wq_ctx_i;  wql_d = wq_len_i[1:0];  wqw_d = words_of(wq_len_i);  wqe_d = wq_last_i;
                wqv_d = wq_fjv_i;   wqj_d = wq_fj_i;
            end
            // the next free entry of the prefetch FIFO
            if (win == CLI_RQ) buf_d = rqb_rd_i ^ rqb_n_i[0];
            if (win == CLI_STAGE) begin
                buf_d = sel_buf_i;
                len_d = sel_len_i[1:0];
            end
        end
        if (done_w) begin
            err_d = err_q | e_now;
            if (cli_q == CLI_STAGE) crc_d = crc_w;
            if (more) begin
                i_d = i_q + 7'd1;
                we_d = nwe;  adr_d = nadr;  dat_d = ndat;  sel_d = nsel;
            end else begin
                busy_d = 1'b0;
                stb_d  = 1'b0;
            end
        end
    end

    // completion FIFO
    wire [1:0] cq_wa = cqr_q + cqn_q[1:0];
    wire       cq_pop = op_end && cli_q == CLI_CQ;
    always @* begin
        cqn_d = cqn_q + {2'd0, push_i} - {2'd0, cq_pop};
        cqr_d = cqr_q + {1'b0, cq_pop};
    end

    // ------------------------------------------------------------ outputs
    assign m_cyc_o = stb_q;
    assign m_stb_o = stb_q;
    assign m_we_o  = stb_q && we_q;
    assign m_adr_o = stb_q ? adr_q : 32'd0;
    assign m_dat_o = (stb_q && we_q) ? dat_q : 32'd0;
    assign m_sel_o = stb_q ? sel_q : 4'd0;

    assign cq_room_o  = cqn_q != 3'd4;
    assign cqf_any_o  = cqn_q != 3'd0;
    assign cq_adv_o   = op_end && (cli_q == CLI_CQ || (cli_q == CLI_RXW && wqe_q && !wqv_q));
    assign wq_pop_o   = start && win == CLI_RXW;
    assign rxw_done_o = op_end && cli_q == CLI_RXW;
    assign rxw_slot_o = wqs_q;
    assign rxw_ctx_o  = wqc_q;
    assign rxw_last_o = wqe_q;
    assign rxw_err_o  = err_d;
    assign hostdone_o     = rxw_done_o && wqe_q && wqv_q;
    assign hostdone_job_o = wqj_q;
    assign hostdone_err_o = ctx_err_i || err_d;
    assign rq_wr_o    = done_w && cli_q == CLI_RQ;
    assign rq_buf_o   = buf_q;
    assign rq_hi_o    = i_q != 7'd0;
    assign rq_data_o  = rdata;
    assign rq_done_o  = op_end && cli_q == CLI_RQ;
    assign job_o      = sel_job_i;
    assign st_start_o = start && win == CLI_STAGE;
    assign st_wr_o    = done_w && cli_q == CLI_STAGE;
    assign st_buf_o   = buf_q;
    assign st_idx_o   = i_q[IW-1:0];
    assign st_word_o  = sword;
    assign st_done_o  = op_end && cli_q == CLI_STAGE;
    assign st_crc_o   = crc_w;
    assign st_err_o   = err_d;
    assign sq_start_o = start && win == CLI_SQ;
    assign sq_wr_o    = done_w && cli_q == CLI_SQ;
    assign sq_idx_o   = i_q[4:0];
    assign sq_data_o  = rdata;
    assign sq_err_o   = e_now;
    assign sq_done_o  = op_end && cli_q == CLI_SQ;
    assign busy_o     = busy_q;

    // ---------------------------------------------------------- registers
    wire clr = !rst_ni || soft_i;
    always @(posedge clk_i) begin
        if (clr) begin
            busy_q <= 1'b0;  err_q <= 1'b0;  stb_q <= 1'b0;  we_q <= 1'b0;  buf_q <= 1'b0;
            cli_q <= 3'd0;  ptr_q <= 3'd0;  sel_q <= 4'd0;  i_q <= 7'd0;  n_q <= 7'd0;  len_q <= 2'd0;
            adr_q <= 32'd0;  dat_q <= 32'd0;  crc_q <= 32'd0;
            wqs_q <= {SW{1'b0}};  wqc_q <= {CW{1'b0}};  wql_q <= 2'd0;  wqw_q <= 7'd0;  wqe_q <= 1'b0;
            wqv_q <= 1'b0;  wqj_q <= {JW{1'b0}};
            cqn_q <= 3'd0;  cqr_q <= 2'd0;
        end else begin
            busy_q <= busy_d;  err_q <= err_d;  stb_q <= stb_d;  we_q <= we_d;  buf_q <= buf_d;
            cli_q <= cli_d;  ptr_q <= ptr_d;  sel_q <= sel_d;  i_q <= i_d;  n_q <= n_d;  len_q <= len_d;
            adr_q <= adr_d;  dat_q <= dat_d;  crc_q <= crc_d;
            wqs_q <= wqs_d;  wqc_q <= wqc_d;  wql_q <= wql_d;  wqw_q <= wqw_d;  wqe_q <= wqe_d;
            wqv_q <= wqv_d;  wqj_q <= wqj_d;
            cqn_q <= cqn_d;  cqr_q <= cqr_d;
        end
    end
    // completion entries: read only while counted, never reset
    always @(posedge clk_i) begin
        if (push_i) cqf[cq_wa] <= push_w_i;
    end
`ifndef SYNTHESIS
    // Wishbone B4 classic master (docs/bus.md): a request is held, unchanged,
    // until ACK or ERR, with CYC and STB together, and the other outputs are
    // zero while idle (wc_nic's port contract; write data only on writes).
    // A soft reset ends the transfer with the rest of the NIC.  The slave
    // answers only a request, never with ACK and ERR together.
    reg        hold_q, hwe_q;
    reg [31:0] hadr_q, hdat_q;
    reg [3:0]  hsel_q;
    always @(posedge clk_i) begin
        hold_q <= rst_ni && !soft_i && m_stb_o && !m_ack_i && !m_err_i;
        hwe_q  <= m_we_o;
        hadr_q <= m_adr_o;
        hdat_q <= m_dat_o;
        hsel_q <= m_sel_o;
    end
    always @(posedge clk_i) begin : protocol
        if (rst_ni) begin
            if (hold_q && (!m_stb_o || m_we_o != hwe_q || m_adr_o != hadr_q || m_dat_o != hdat_q || m_sel_o != hsel_q))
                $error("%m: request dropped or changed before ACK or ERR");
            if (m_cyc_o != m_stb_o)
                $error("%m: CYC %0d with STB %0d", m_cyc_o, m_stb_o);
            if (!m_stb_o && (m_we_o || m_adr_o != 32'd0 || m_dat_o != 32'd0 || m_sel_o != 4'd0))
                $error("%m: bus outputs not zero while idle");
            if (m_stb_o && !m_we_o && m_dat_o != 32'd0)
                $error("%m: write data on a read");
            if (m_ack_i && m_err_i)
                $error("%m: ACK and ERR together");
            if ((m_ack_i || m_err_i) && !m_stb_o)
                $error("%m: %s without a request", m_ack_i ? "ACK" : "ERR");
            // One operation at a time, one word per transfer: the bus is
            // requested exactly while an operation runs, word i of n.
            if (busy_q != stb_q)
                $error("%m: operation running %0d with STB %0d", busy_q, stb_q);
            if (busy_q && i_q >= n_q)
                $error("%m: word %0d of a %0d-word operation", i_q, n_q);
            // The round robin grants only a client that requests.
            if (start && !req[win])
                $error("%m: client %0d granted without a request (requests %b)", win, req);
            // An operation moves whole packets' words: 1..PAYLOAD bytes of a
            // payload, 1..MAX_DESTS words of a destination list.
            if (start && win == CLI_RXW && (wq_len_i == 16'd0 || wq_len_i > PAYLOAD[15:0]))
                $error("%m: receive write of %0d bytes", wq_len_i);
            if (start && win == CLI_STAGE && (sel_len_i == 16'd0 || sel_len_i > PAYLOAD[15:0]))
                $error("%m: staging read of %0d bytes", sel_len_i);
            if (start && win == CLI_SQ && !sq_fetch_i && (sq_n_i == 5'd0 || {27'd0, sq_n_i} > MAXCHILD))
                $error("%m: destination list of %0d words", sq_n_i);
            // The completion FIFO holds 4: its producers push only with room
            // (cq_room), the completion writer pops only a held entry.
            if (cqn_q > 3'd4)
                $error("%m: %0d entries in a completion FIFO of 4", cqn_q);
            if (push_i && cqn_q == 3'd4)
                $error("%m: completion pushed into a full completion FIFO");
            if (cq_pop && cqn_q == 3'd0)
                $error("%m: completion FIFO popped while empty");
            // The completion ring (docs/nic.md): an entry lands only where
            // the host has consumed the last one, never one turn ahead.
            if (cq_adv_o && !cq_space)
                $error("%m: completion written into a full ring (tail %0d, head %0d, size %0d)",
                       cq_tail_i, cq_head_i, cq_size_i);
        end
    end
`endif
endmodule
`resetall

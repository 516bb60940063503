// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of wc_nic_dma's Wishbone B4 classic master
// (formal/nic_dma.sby).  Assumptions, the neighbours' protocol:
//  - the slave (docs/bus.md) answers only a request, never with ACK and
//    ERR together, and may stall any number of cycles;
//  - the NIC's units ask as wc_nic_dma's own checks require: the
//    completion FIFO is pushed only with room, a receive write or a
//    staging read moves 1..PAYLOAD bytes, a destination list has
//    1..MAXCHILD words; every other input is free in every cycle,
//    soft reset included;
//  - reset in the first cycle.
// Small sizes (16-byte payloads, 2 slots, contexts and jobs, 4 children)
// keep the state space small; no rule below depends on them.
// Properties, one per proof task (`define):
//   DMA_HOLD  a request not yet acknowledged stays, unchanged (WE, ADR,
//             DAT, SEL), into the next cycle, unless a soft reset in its cycle ends it
//   DMA_IDLE  CYC equals STB; while idle every output is zero; a read
//             carries no write data
//   DMA_ONE   one acknowledgement is one word: each ACK or ERR moves
//             exactly one word of the running operation (at most one
//             client word strobe, and none without ACK or ERR), and a
//             staging read or a send-queue read ends after exactly the
//             words it asked for, numbered 0, 1, ... as they come
module wc_nic_dma_fv (
    input wire clk_i
);
    localparam integer PAYLOAD = 16, NSLOT = 2, NCTX = 2, J = 2, MAXCHILD = 4;
    localparam integer SW = 1, CW = 1, JW = 1, PW = PAYLOAD / 4, IW = 2;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg          soft, ack, err, push;
    (* anyseq *) reg [31:0]   dat_i;
    (* anyseq *) reg [127:0]  push_w;
    (* anyseq *) reg [31:0]   cq_base, rq_base, sq_base, ctx_addr, slot_word, job_addr, sq_list;
    (* anyseq *) reg [15:0]   cq_size, cq_head, cq_tail, rq_size, rq_head, rq_tail, sq_size, sq_head;
    (* anyseq *) reg          wq_any, wq_half, wq_last, wq_fjv, ctx_err, rqb_rd, sel_valid, sel_fill, sel_buf;
    (* anyseq *) reg          sq_req, sq_fetch;
    (* anyseq *) reg [SW-1:0] wq_slot, wq_nslot;
    (* anyseq *) reg [CW-1:0] wq_ctx;
    (* anyseq *) reg [15:0]   wq_off, wq_len, ctx_msglen, sel_off, sel_len;
    (* anyseq *) reg [JW-1:0] wq_fj, sel_job;
    (* anyseq *) reg [`WC_NH0_SRC_W-1:0]   ctx_src;
    (* anyseq *) reg [`WC_NH0_GROUP_W-1:0] ctx_group;
    (* anyseq *) reg [1:0]    rqb_n;
    (* anyseq *) reg [4:0]    sq_n;

    wire        cyc, stb, we;
    wire [31:0] adr, dat_o;
    wire [3:0]  sel;
    wire        cq_room, st_start, st_wr, st_done, sq_start, sq_wr, sq_done, rq_wr, busy;
    wire [IW-1:0] st_idx;
    wire [4:0]  sq_idx;

    wc_nic_dma #(.PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .NCTX(NCTX), .J(J), .MAXCHILD(MAXCHILD)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .soft_i(soft),
        .m_cyc_o(cyc), .m_stb_o(stb), .m_we_o(we), .m_adr_o(adr), .m_dat_o(dat_o), .m_sel_o(sel),
        .m_ack_i(ack), .m_err_i(err), .m_dat_i(dat_i),
        .cq_base_i(cq_base), .cq_size_i(cq_size), .cq_head_i(cq_head), .cq_tail_i(cq_tail),
        .rq_base_i(rq_base), .rq_size_i(rq_size), .rq_head_i(rq_head), .rq_tail_i(rq_tail),
        .sq_base_i(sq_base), .sq_size_i(sq_size), .sq_head_i(sq_head),
        .push_i(push), .push_w_i(push_w), .cq_room_o(cq_room), .cqf_any_o(), .cq_adv_o(),
        .wq_any_i(wq_any), .wq_half_i(wq_half), .wq_slot_i(wq_slot), .wq_nslot_i(wq_nslot), .wq_ctx_i(wq_ctx),
        .wq_off_i(wq_off), .wq_len_i(wq_len), .wq_last_i(wq_last), .wq_fjv_i(wq_fjv), .wq_fj_i(wq_fj),
        .wq_pop_o(), .ctx_idx_o(), .ctx_addr_i(ctx_addr), .ctx_src_i(ctx_src), .ctx_group_i(ctx_group),
        .ctx_msglen_i(ctx_msglen), .ctx_err_i(ctx_err),
        .slot_nslot_o(), .slot_nidx_o(), .slot_word_i(slot_word),
        .rxw_done_o(), .rxw_slot_o(), .rxw_ctx_o(), .rxw_last_o(), .rxw_err_o(),
        .hostdone_o(), .hostdone_job_o(), .hostdone_err_o(),
        .rqb_n_i(rqb_n), .rqb_rd_i(rqb_rd), .rq_wr_o(rq_wr), .rq_buf_o(), .rq_hi_o(), .rq_data_o(), .rq_done_o(),
        .sel_valid_i(sel_valid), .sel_fill_i(sel_fill), .sel_buf_i(sel_buf), .sel_job_i(sel_job),
        .sel_off_i(sel_off), .sel_len_i(sel_len), .job_o(), .job_addr_i(job_addr),
        .st_start_o(st_start), .st_wr_o(st_wr), .st_buf_o(), .st_idx_o(st_idx), .st_word_o(),
        .st_done_o(st_done), .st_crc_o(), .st_err_o(),
        .sq_req_i(sq_req), .sq_fetch_i(sq_fetch), .sq_list_i(sq_list), .sq_n_i(sq_n),
        .sq_start_o(sq_start), .sq_wr_o(sq_wr), .sq_idx_o(sq_idx), .sq_data_o(), .sq_err_o(), .sq_done_o(sq_done),
        .busy_o(busy));

    // ---- the neighbours' protocol
    always @* begin
        if (!rst_n_q) assume (!soft);
        assume (!(ack && err));
        if (!stb) assume (!ack && !err);
        if (push) assume (cq_room);
        if (wq_any) assume (wq_len != 16'd0 && wq_len <= PAYLOAD);
        if (sel_valid && sel_fill) assume (sel_len != 16'd0 && sel_len <= PAYLOAD);
        if (sq_req && !sq_fetch) assume (sq_n != 5'd0 && sq_n <= MAXCHILD);
    end

`ifdef DMA_HOLD
    reg        held_q;
    reg        we_q;
    reg [31:0] adr_q, dat_q;
    reg [3:0]  sel_q;
    always @(posedge clk_i) begin
        held_q <= rst_n_q && !soft && stb && !ack && !err;
        we_q <= we;  adr_q <= adr;  dat_q <= dat_o;  sel_q <= sel;
    end
    always @* if (rst_n_q && held_q)
        assert (stb && cyc && we == we_q && adr == adr_q && dat_o == dat_q && sel == sel_q);
`endif

`ifdef DMA_IDLE
    always @* if (rst_n_q) begin
        assert (cyc == stb);
        if (!stb) assert (!we && adr == 32'd0 && dat_o == 32'd0 && sel == 4'd0);
        if (stb && !we) assert (dat_o == 32'd0);
        assert (busy == stb);
    end
`endif

`ifdef DMA_ONE
    function [6:0] words_of(input [15:0] len);
        words_of = len[8:2] + {6'd0, len[1:0] != 2'b00};
    endfunction
    // words a staging or send-queue read asked for, and those it moved
    reg        st_on_q, sq_on_q;
    reg [6:0]  st_want_q, st_got_q, sq_want_q, sq_got_q;
    always @(posedge clk_i) begin
        if (!rst_n_q || soft) begin
            st_on_q <= 1'b0;  sq_on_q <= 1'b0;
        end else begin
            if (st_start) begin st_on_q <= 1'b1; st_want_q <= words_of(sel_len); st_got_q <= 7'd0; end
            else if (st_done) st_on_q <= 1'b0;
            else if (st_wr)   st_got_q <= st_got_q + 7'd1;
            if (sq_start) begin sq_on_q <= 1'b1; sq_want_q <= sq_fetch ? 7'd4 : {2'b00, sq_n}; sq_got_q <= 7'd0; end
            else if (sq_done) sq_on_q <= 1'b0;
            else if (sq_wr)   sq_got_q <= sq_got_q + 7'd1;
        end
    end
    always @* if (rst_n_q) begin
        assert ({2'b00, rq_wr} + {2'b00, st_wr} + {2'b00, sq_wr} <= 3'd1);
        if (rq_wr || st_wr || sq_wr) assert (stb && (ack || err));
        if (st_wr) assert (st_on_q && st_got_q < st_want_q && {5'd0, st_idx} == st_got_q[IW-1:0]);
        if (st_done) assert (st_wr && st_got_q + 7'd1 == st_want_q);
        if (sq_wr) assert (sq_on_q && sq_got_q < sq_want_q && {2'b00, sq_idx} == sq_got_q[4:0]);
        if (sq_done) assert (sq_wr && sq_got_q + 7'd1 == sq_want_q);
        if (st_on_q || sq_on_q) assert (busy);
    end
`endif
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of wc_nic_rxp, the receive processor's admission
// (formal/nic_rxp.sby): what a GRANT reserves and what data may use.
// Assumptions, the neighbours' protocol:
//  - the assembler's events are free: any type, status, source, group,
//    sequence number, offset and lengths in any cycle (the links deliver
//    what they will), as are the register block's group entries and
//    expected sequence numbers, the job table's jobs, the mode and the
//    clocks;
//  - the assembler (wc_nic_rxa) passes a packet as OK only with a type
//    in use, a data packet only with a length of 1..PAYLOAD bytes ending
//    within its message, a control packet only without payload;
//  - the DMA (wc_nic_dma) fetches a receive buffer only into a prefetch
//    FIFO with room, pops the write queue only when it holds a write,
//    and finishes a host write only for an open context, the last one
//    (rxw_last_i) only of a context whose last packet was taken;
//  - reset in the first cycle; soft reset free.
// Small sizes (2 nodes, 2 groups, 2 contexts, 2 slots of 16 bytes, one
// job of each kind); no rule below depends on them.
// Properties, one per proof task (`define):
//   RX_GRANT  a GRANT goes only to a stream that holds, after the edge, a
//             context of its own with nothing received (reserved by this
//             admission, or by the one whose GRANT was lost); an admission
//             takes a free context and the prefetched receive buffer, and
//             where the stream is forwarded here a free forwarding job
//             started in the same cycle
//   RX_DATA   a data packet is taken only into a context of its own
//             stream (open, not closing) at that context's next offset,
//             or as the first packet of a message admitted in that cycle
//   RX_CTX    the contexts and waiting streams stay consistent: no two
//             receiving contexts hold one stream, a waiting stream has
//             none, a context's offset stays within its message and is 0
//             while it waits for its first packet, the count of waiting
//             streams is the number waiting, at most 2 buffers are held
module wc_nic_rxp_fv (
    input wire clk_i
);
    localparam integer NNODES = 2, NGROUPS = 2, PAYLOAD = 16, NSLOT = 2, JSEND = 1, JFWD = 1, NCTX = 2;
    localparam integer KW = 11, MAXCHILD = 1;
    localparam integer J = 2, JW = 1, SW = 1, CW = 1, NG = NNODES + NGROUPS, SIDW = 2, NCW = 1;
    localparam integer GIW = `WC_NH0_GROUP_W, SRCW = `WC_NH0_SRC_W, DW = `WC_HEAD_DST_W, TW = `WC_NH0_TYPE_W;
    localparam [2:0] K_GRANT = `WC_NIC_PEND_GRANT;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg                    soft, en, ev_valid, ev_slot_ok, gvalid, fj_rdy, cq_room;
    (* anyseq *) reg                    rq_wr, rq_buf, rq_hi, rq_done, wq_pop, rxw_done, rxw_last, rxw_err;
    (* anyseq *) reg [DW-1:0]           self, gparent;
    (* anyseq *) reg [1:0]              mode;
    (* anyseq *) reg [31:0]             now, timeout, rq_data;
    (* anyseq *) reg [7:0]              ev_status;
    (* anyseq *) reg [TW-1:0]           ev_type;
    (* anyseq *) reg [SW-1:0]           ev_slot;
    (* anyseq *) reg [SRCW-1:0]         ev_src;
    (* anyseq *) reg [GIW-1:0]          ev_group;
    (* anyseq *) reg [`WC_NH1_SEQ_W-1:0] ev_seq;
    (* anyseq *) reg [`WC_NH1_OFF_W-1:0] ev_off;
    (* anyseq *) reg [`WC_NH2_LEN_W-1:0] ev_len;
    (* anyseq *) reg [`WC_NH2_MSGLEN_W-1:0] ev_msglen;
    (* anyseq *) reg [NCW-1:0]          gnc;
    (* anyseq *) reg [15:0]             uexp, gexp;
    (* anyseq *) reg [J-1:0]            jvalid, jopen;
    (* anyseq *) reg [J*GIW-1:0]        jgroup;
    (* anyseq *) reg [CW-1:0]           ctx_idx, rxw_ctx;

    /* verilator lint_off UNUSEDSIGNAL */
    wire            cnt, rxpkt, ack, free, tag, setpend, setpend2, regrant, povr, exp_inc, exp_grp;
    wire            newfj, fjinc, toobig, rqb_rd, wq_any, wq_half, wq_last, wq_fjv, ctx_err, busy;
    wire [5:0]      cnt_reg;
    wire [GIW-1:0]  ack_grp, tab_gid, s_ngid, nf_group, ctx_group;
    wire [SRCW-1:0] ack_from, tab_node, s_nnode, nf_src, ctx_src;
    wire [`WC_NH1_SEQ_W-1:0] ack_seq;
    wire [2:0]      ack_kind, pkind;
    wire [SW-1:0]   free_idx, wq_slot, wq_nslot;
    wire [KW-1:0]   tag_k, npk;
    wire [SIDW-1:0] sid, sid2, sid3;
    wire [JW-1:0]   nfj, fj, wq_fj;
    wire [15:0]     nf_msglen, nf_seq, wq_off, wq_len, ctx_msglen;
    wire [31:0]     buf_addr, ctx_addr;
    wire [127:0]    toobig_w;
    wire [1:0]      rqb_n;
    wire [CW-1:0]   wq_ctx;
    wire [NCTX-1:0] cv, ccl, cfr;
    wire [NCTX*SIDW-1:0] csid;
    wire [NCTX*16-1:0]   cno, cml;
    wire [NG-1:0]   wv;
    wire [SIDW:0]   nwait;
    wire [SIDW-1:0] dsid;
    wire            dfwd, grant, accept;
    wire [CW-1:0]   dctx, frc;
    /* verilator lint_on UNUSEDSIGNAL */

    wc_nic_rxp #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
                 .JFWD(JFWD), .NCTX(NCTX), .KW(KW), .MAXCHILD(MAXCHILD)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .soft_i(soft), .self_i(self), .en_i(en), .mode_i(mode),
        .now_i(now), .timeout_i(timeout),
        .ev_valid_i(ev_valid), .ev_status_i(ev_status), .ev_type_i(ev_type), .ev_slot_ok_i(ev_slot_ok),
        .ev_slot_i(ev_slot), .ev_src_i(ev_src), .ev_group_i(ev_group), .ev_seq_i(ev_seq), .ev_off_i(ev_off),
        .ev_len_i(ev_len), .ev_msglen_i(ev_msglen),
        .tab_node_o(tab_node), .tab_gid_o(tab_gid), .s_ngid_o(s_ngid), .s_nnode_o(s_nnode),
        .gvalid_i(gvalid), .gparent_i(gparent), .gnc_i(gnc), .uexp_i(uexp), .gexp_i(gexp),
        .job_valid_i(jvalid), .job_group_i(jgroup), .job_open_i(jopen), .fj_rdy_i(fj_rdy), .cq_room_i(cq_room),
        .cnt_o(cnt), .cnt_reg_o(cnt_reg), .rxpkt_o(rxpkt), .ack_o(ack), .ack_grp_o(ack_grp),
        .ack_from_o(ack_from), .ack_seq_o(ack_seq), .ack_kind_o(ack_kind), .free_o(free), .free_idx_o(free_idx),
        .tag_o(tag), .tag_k_o(tag_k), .setpend_o(setpend), .sid_o(sid), .pkind_o(pkind), .povr_o(povr),
        .setpend2_o(setpend2), .sid2_o(sid2), .regrant_o(regrant), .sid3_o(sid3),
        .exp_inc_o(exp_inc), .exp_grp_o(exp_grp), .newfj_o(newfj), .nfj_o(nfj), .fjinc_o(fjinc), .fj_o(fj),
        .nf_group_o(nf_group), .nf_src_o(nf_src), .nf_msglen_o(nf_msglen), .npk_o(npk), .nf_seq_o(nf_seq),
        .buf_addr_o(buf_addr), .toobig_o(toobig), .toobig_w_o(toobig_w),
        .rqb_n_o(rqb_n), .rqb_rd_o(rqb_rd), .rq_wr_i(rq_wr), .rq_buf_i(rq_buf), .rq_hi_i(rq_hi),
        .rq_data_i(rq_data), .rq_done_i(rq_done),
        .wq_any_o(wq_any), .wq_half_o(wq_half), .wq_slot_o(wq_slot), .wq_nslot_o(wq_nslot), .wq_ctx_o(wq_ctx),
        .wq_off_o(wq_off), .wq_len_o(wq_len), .wq_last_o(wq_last), .wq_fjv_o(wq_fjv), .wq_fj_o(wq_fj),
        .wq_pop_i(wq_pop), .ctx_idx_i(ctx_idx), .ctx_addr_o(ctx_addr), .ctx_src_o(ctx_src),
        .ctx_group_o(ctx_group), .ctx_msglen_o(ctx_msglen), .ctx_err_o(ctx_err),
        .rxw_done_i(rxw_done), .rxw_ctx_i(rxw_ctx), .rxw_last_i(rxw_last), .rxw_err_i(rxw_err), .busy_o(busy),
        .fv_cv_o(cv), .fv_ccl_o(ccl), .fv_cfr_o(cfr), .fv_csid_o(csid), .fv_cno_o(cno), .fv_cml_o(cml),
        .fv_wv_o(wv), .fv_nwait_o(nwait), .fv_sid_o(dsid), .fv_fwd_o(dfwd), .fv_grant_o(grant),
        .fv_accept_o(accept), .fv_ctx_o(dctx), .fv_frc_o(frc)
    );

    function automatic [SIDW-1:0] csid_of(input [CW-1:0] i);
        csid_of = csid[i*SIDW +: SIDW];
    endfunction
    function automatic [15:0] cno_of(input [CW-1:0] i);
        cno_of = cno[i*16 +: 16];
    endfunction
    // context i receives stream s (open, not closing)
    function automatic holds(input [CW-1:0] i, input [SIDW-1:0] s);
        holds = cv[i] && !ccl[i] && csid_of(i) == s;
    endfunction

    always @* if (rst_n_q) begin : protocol
        if (ev_valid && ev_status == `WC_NIC_ST_OK) begin
            assume(ev_type >= `WC_PT_UDATA && ev_type <= `WC_PT_LAST);
            if (ev_type == `WC_PT_UDATA || ev_type == `WC_PT_MDATA)
                assume(ev_len != 16'd0 && ev_len <= PAYLOAD && {1'b0, ev_off} + {1'b0, ev_len} <= {1'b0, ev_msglen});
            else
                assume(ev_len == 16'd0 && ev_off == 16'd0);
        end
        if (rq_done) assume(rqb_n != 2'd2);
        if (wq_pop) assume(wq_any);
        if (rxw_done) assume(cv[rxw_ctx]);
        if (rxw_done && rxw_last) assume(ccl[rxw_ctx]);
    end

    // the decision's stream and whether it got a GRANT, one cycle on
    reg             gr_q, grant_q, fwd_q;
    reg [SIDW-1:0]  gsid_q;
    reg [CW-1:0]    frc_q;
    reg [1:0]       rqn_q;
    reg             rqd_q, live_q;
    always @(posedge clk_i) begin
        live_q  <= rst_n_q && !soft;
        gr_q    <= (setpend && pkind == K_GRANT) || setpend2;
        gsid_q  <= setpend2 ? sid2 : sid;
        grant_q <= grant;
        fwd_q   <= dfwd;
        frc_q   <= frc;
        rqn_q   <= rqb_n;
        rqd_q   <= rq_done;
    end

`ifdef RX_GRANT
    always @* if (rst_n_q && !soft) begin : grant_now
        if (grant) begin
            assert(!cv[frc] && rqb_n != 2'd0);
            if (dfwd) assert(newfj && !jvalid[nfj] && nfj >= JSEND);
        end
        if (newfj) assert(grant && dfwd);
        if (setpend2) assert(grant && !ev_valid);
    end
    always @* if (rst_n_q && !soft && live_q) begin : grant_after
        // after the edge: the GRANT's stream holds a context of its own
        // with nothing received; an admission took the context it chose
        // and one receive buffer
        if (gr_q) begin : named
            reg ok;
            integer i;
            ok = 1'b0;
            for (i = 0; i < NCTX; i = i + 1)
                if (cv[i] && !ccl[i] && csid[i*SIDW +: SIDW] == gsid_q && cno[i*16 +: 16] == 16'd0) ok = 1'b1;
            assert(ok);
        end
        if (grant_q) begin
            assert(cv[frc_q] && csid_of(frc_q) == gsid_q || !gr_q);
            assert(rqb_n == rqn_q - 2'd1 + {1'b0, rqd_q});
        end
    end
`endif

`ifdef RX_DATA
    always @* if (rst_n_q && !soft) begin : data
        if (accept) begin
            assert(ev_valid && ev_status == `WC_NIC_ST_OK && en);
            if (grant)
                assert(dctx == frc && ev_off == 16'd0);
            else
                assert(holds(dctx, dsid) && cno_of(dctx) == ev_off);
        end
    end
`endif

`ifdef RX_WAIT
    always @* if (rst_n_q && !soft) begin : waiting
        integer i, k, n;
        n = 0;
        for (k = 0; k < NG; k = k + 1) begin
            if (wv[k]) n = n + 1;
            for (i = 0; i < NCTX; i = i + 1)
                if (wv[k]) assert(!(cv[i] && !ccl[i] && csid[i*SIDW +: SIDW] == k[SIDW-1:0]));
        end
        assert(nwait == n[SIDW:0]);
        assert(rqb_n <= 2'd2);
    end
`endif

`ifdef RX_OFF
    always @* if (rst_n_q && !soft) begin : off
        integer i;
        for (i = 0; i < NCTX; i = i + 1)
            if (cv[i]) assert(cno[i*16 +: 16] <= cml[i*16 +: 16]);
    end
`endif

`ifdef RX_CTX
    always @* if (rst_n_q && !soft) begin : ctx
        integer i, k;
        for (i = 0; i < NCTX; i = i + 1) begin
            if (cv[i] && cfr[i]) assert(cno[i*16 +: 16] == 16'd0 && !ccl[i]);
            for (k = i + 1; k < NCTX; k = k + 1)
                if (cv[i] && !ccl[i] && cv[k] && !ccl[k]) assert(csid[i*SIDW +: SIDW] != csid[k*SIDW +: SIDW]);
        end
    end
`endif
endmodule
`resetall

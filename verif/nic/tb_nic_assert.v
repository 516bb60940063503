// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// The NIC's protocol assertions must fire: each unit of rtl/nic/ (and the
// whole NIC) is driven here through its ports, first legally, then with
// one illegal input its neighbours never produce; tests/nic/nic_assert.sh
// runs every case and checks that exactly the expected $error appears.
// +case=NAME picks the case; "clean" drives every unit legally and must
// print no error.  Units a case does not use stay in reset, where their
// assertions are off.  Inputs change on the falling edge.
module tb_nic_assert;
    // one small parameter set, not powers of two where that matters (node
    // and slot indices past the end exist)
    localparam integer NNODES = 6, NGROUPS = 4, NSLOT = 3, PAYLOAD = 16, JSEND = 2, JFWD = 2;
    localparam integer J = JSEND + JFWD, NCTX = 2, KW = 11, TXWIN = 4, W = 32, B = 2;
    localparam integer SW = 2, JW = 2, IW = 2, CW = 1, NG = NNODES + NGROUPS, SIDW = 4;
    localparam integer DW = 12, MAXC = 16, NCW = 5, CIW = 4;

    reg clk = 1'b0;
    always #5 clk = !clk;
    reg [8*24-1:0] tcase;
    // one reset per unit: a unit joins a case by leaving reset
    reg rst_regs = 1'b0, rst_rxa = 1'b0, rst_slots = 1'b0, rst_rxp = 1'b0, rst_jobs = 1'b0;
    reg rst_tx = 1'b0, rst_dma = 1'b0, rst_sq = 1'b0, rst_nic = 1'b0;
    reg rst_jrel = 1'b0, rst_jsel = 1'b0, rst_jrto = 1'b0;

    task step(input integer n);
        repeat (n) @(negedge clk);
    endtask

    // ---------------------------------------------------------------- regs
    reg         s_cyc = 0, s_stb = 0, s_we = 0;
    reg  [31:0] s_adr = 0, s_dat = 0;
    wire        s_ack;
    wire [31:0] s_rd;
    reg         exp_inc = 0, ack_clr = 0, ack_set = 0;
    reg  [2:0]  exp_node = 0;
    reg         rp_skew = 0;      // the receive port reads another node
    reg  [SIDW-1:0] ack_sid = 0;
    reg  [2:0]  ack_kind = `WC_NIC_PEND_ACK;
    wc_nic_regs #(.NNODES(NNODES), .NGROUPS(NGROUPS), .NSLOT(NSLOT), .KW(KW)) u_regs (
        .clk_i(clk), .rst_ni(rst_regs), .node_id_i(12'd1),
        .s_cyc_i(s_cyc), .s_stb_i(s_stb), .s_we_i(s_we), .s_adr_i(s_adr), .s_dat_i(s_dat), .s_sel_i(4'hF),
        .s_ack_o(s_ack), .s_dat_o(s_rd), .irq_o(), .soft_o(),
        .self_o(), .en_o(), .mode_o(), .timeout_o(), .now_o(),
        .sq_base_o(), .sq_size_o(), .sq_head_o(), .sq_tail_o(), .rq_base_o(), .rq_size_o(), .rq_head_o(),
        .rq_tail_o(), .cq_base_o(), .cq_size_o(), .cq_head_o(), .cq_tail_o(),
        .busy_i(1'b0), .rqb_valid_i(1'b0), .cnt_i(1'b0), .cnt_reg_i(6'd0), .rxpkt_i(1'b0),
        .tmo_i(1'b0), .tmo_amt_i({KW{1'b0}}), .nak_amt_i({KW{1'b0}}), .txpkt_i(1'b0), .sq_adv_i(1'b0), .sq_err_i(1'b0),
        .rq_adv_i(1'b0), .cq_adv_i(1'b0), .slot_upd_i(1'b0), .slot_cnt_i(2'd0),
        .exp_inc_i(exp_inc), .exp_grp_i(1'b0), .exp_node_i(exp_node), .exp_gid_i(2'd0),
        .ack_clr_i(ack_clr), .ack_clr_sid_i(ack_sid), .ack_set_i(ack_set), .ack_set_sid_i(ack_sid),
        .ack_set_kind_i(ack_kind), .ack_set_ovr_i(1'b0), .ack_set2_i(1'b0), .ack_set2_sid_i({SIDW{1'b0}}),
        .ack_set3_i(1'b0), .ack_set3_sid_i({SIDW{1'b0}}),
        .done_i(1'b0), .done_grp_i(1'b0), .done_gid_i(2'd0), .done_nc_i({NCW{1'b0}}), .done_dst_i({MAXC*DW{1'b0}}),
        .init_i(1'b0), .init_grp_i(1'b0), .init_gid_i(2'd0), .init_node_i(3'd0), .init_npk_i({KW{1'b0}}),
        .ubusy_o(), .gbusy_o(),
        .rp_node_i({9'd0, exp_node ^ {2'd0, rp_skew}}), .rp_gid_i(12'd0), .rp_ngid_i(12'd0), .rp_uexp_o(), .rp_gexp_o(), .rp_gvalid_o(), .rp_gparent_o(),
        .rp_gnc_o(), .rp_gchild_o(), .ak_valid_o(), .ak_sid_o(), .ak_kind_o(), .ak_exp_o(), .ak_gvalid_o(), .ak_gparent_o(),
        .sq_gid_i(12'd0), .sq_ngid_i(12'd0), .sq_node_i(12'd0), .sq_nnode_i(12'd0), .sq_gvalid_o(), .sq_gparent_o(), .sq_gnc_o(), .sq_gchild_o(),
        .sq_gnext_o(), .sq_unext_o()
    );
    // a Wishbone access held until its ACK, as the core makes it
    reg [31:0] rdata = 0;
    task wb(input we, input [31:0] adr, input [31:0] dat);
        begin
            s_cyc = 1; s_stb = 1; s_we = we; s_adr = adr; s_dat = dat;
            step(1);
            while (!s_ack) step(1);
            rdata = s_rd;
            step(1);
            s_cyc = 0; s_stb = 0; s_we = 0; s_adr = 0; s_dat = 0;
        end
    endtask

    // ----------------------------------------------------------------- rxa
    reg           rx_valid = 0;
    reg  [W+1:0]  rx_flit = 0;
    reg  [SW-1:0] free_idx = 0;
    wc_nic_rxa #(.W(W), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT)) u_rxa (
        .clk_i(clk), .rst_ni(rst_rxa), .soft_i(1'b0), .self_i(12'd1),
        .rx_valid_i(rx_valid), .rx_flit_i(rx_flit), .rx_credit_o(),
        .free_ok_i(1'b1), .free_idx_i(free_idx), .evict_ok_i(1'b0), .evict_idx_i({SW{1'b0}}),
        .alloc_o(), .alloc_idx_o(), .wr_o(), .wr_slot_o(), .wr_idx_o(), .wr_word_o(),
        .crcw_o(), .crcw_slot_o(), .crcw_val_o(), .act_o(),
        .ev_valid_o(), .ev_status_o(), .ev_type_o(), .ev_slot_ok_o(), .ev_slot_o(), .ev_src_o(),
        .ev_group_o(), .ev_seq_o(), .ev_off_o(), .ev_len_o(), .ev_msglen_o(),
        .ev_nvalid_o(), .ev_ngroup_o()
    );
    // a one-word data packet to node 1: head, NH0..NH3, payload (its CRC
    // is wrong: the assembler reports it, which is legal)
    task packet;
        begin
            rx_valid = 1;
            rx_flit = {2'b01, 32'd1};   step(1);
            rx_flit = {2'b00, 32'h0100_0002};   step(1);   // NH0: type UDATA, src 2
            rx_flit = {2'b00, 32'd0};   step(1);           // NH1: seq 0, offset 0
            rx_flit = {2'b00, 32'h0004_0004};   step(1);   // NH2: 4 of 4 bytes
            rx_flit = {2'b00, 32'd0};   step(1);           // NH3: CRC
            rx_flit = {2'b10, 32'h1234_5678};   step(1);
            rx_valid = 0;
            rx_flit = 0;
        end
    endtask

    // --------------------------------------------------------------- slots
    reg           alloc = 0, rp_free = 0, dma_done = 0;
    reg  [SW-1:0] alloc_idx = 0, rp_free_idx = 0, dma_done_slot = 0;
    wc_nic_slots #(.PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .J(J), .KW(KW)) u_slots (
        .clk_i(clk), .rst_ni(rst_slots), .soft_i(1'b0),
        .sel_pin_i(1'b0), .sel_buf_i({SW{1'b0}}), .em_pin_i(1'b0), .em_buf_i({SW{1'b0}}),
        .nsel_pin_i(1'b0), .nsel_buf_i({SW{1'b0}}), .first_i(1'b0), .first_slot_i({SW{1'b0}}),
        .rp_free_i(rp_free), .rp_free_idx_i(rp_free_idx), .rp_newfj_i(1'b0), .rp_newfj_fj_i({JW{1'b0}}),
        .rp_tag_i(1'b0), .rp_tag_idx_i({SW{1'b0}}), .rp_tag_fj_i({JW{1'b0}}), .rp_tag_k_i({KW{1'b0}}),
        .rp_tag_nc_i({NCW{1'b0}}),
        .dma_done_i(dma_done), .dma_done_slot_i(dma_done_slot),
        .alloc_i(alloc), .alloc_idx_i(alloc_idx), .wr_i(alloc), .wr_slot_i(alloc_idx), .wr_idx_i({IW{1'b0}}),
        .wr_word_i(32'd7), .crcw_i(1'b0), .crcw_slot_i({SW{1'b0}}), .crcw_val_i(32'd0),
        .free_ok_o(), .free_idx_o(), .evict_ok_o(), .evict_idx_o(), .tag_o(), .fj_o(), .k_o(),
        .em_nslot_i({SW{1'b0}}), .em_nidx_i({IW{1'b0}}), .em_word_o(), .em_crcp_o(),
        .dma_nslot_i({SW{1'b0}}), .dma_nidx_i({IW{1'b0}}),
        .dma_word_o(), .upd_o(), .cnt_o()
    );

    // ----------------------------------------------------------------- rxp
    reg           rq_done = 0, rq_buf = 0, wq_pop = 0, rxw_done = 0;
    reg  [CW-1:0] rxw_ctx = 0;
    wc_nic_rxp #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
                 .JFWD(JFWD), .NCTX(NCTX), .KW(KW)) u_rxp (
        .clk_i(clk), .rst_ni(rst_rxp), .soft_i(1'b0), .self_i(12'd1), .en_i(1'b0), .mode_i(2'd0),
        .now_i(32'd0), .timeout_i(32'd100), .tab_node_o(), .tab_gid_o(), .s_ngid_o(),
        .ev_valid_i(1'b0), .ev_status_i(8'd0), .ev_type_i(4'd0), .ev_slot_ok_i(1'b0), .ev_slot_i({SW{1'b0}}),
        .ev_src_i(12'd0), .ev_group_i(12'd0), .ev_seq_i(16'd0), .ev_off_i(16'd0), .ev_len_i(16'd0),
        .ev_msglen_i(16'd0), .gvalid_i(1'b0), .gparent_i(12'd0), .gnc_i({NCW{1'b0}}), .uexp_i(16'd0),
        .gexp_i(16'd0), .job_valid_i({J{1'b0}}), .job_group_i({J*12{1'b0}}), .job_open_i({J{1'b0}}),
        .fj_rdy_i(1'b1), .cq_room_i(1'b1),
        .cnt_o(), .cnt_reg_o(), .rxpkt_o(), .ack_o(), .ack_grp_o(), .ack_from_o(), .ack_seq_o(), .ack_kind_o(),
        .free_o(), .free_idx_o(), .tag_o(), .tag_k_o(), .setpend_o(), .sid_o(), .pkind_o(), .povr_o(),
        .setpend2_o(), .sid2_o(), .regrant_o(), .sid3_o(), .exp_inc_o(), .exp_grp_o(),
        .newfj_o(), .nfj_o(), .fjinc_o(), .fj_o(), .nf_group_o(), .nf_src_o(), .nf_msglen_o(), .npk_o(),
        .nf_seq_o(), .buf_addr_o(), .toobig_o(), .toobig_w_o(),
        .rqb_n_o(), .rqb_rd_o(), .rq_wr_i(rq_done), .rq_buf_i(rq_buf), .rq_hi_i(1'b1), .rq_data_i(32'd64),
        .rq_done_i(rq_done),
        .wq_any_o(), .wq_slot_o(), .wq_nslot_o(), .wq_ctx_o(), .wq_off_o(), .wq_len_o(), .wq_last_o(), .wq_fjv_o(),
        .wq_fj_o(), .wq_pop_i(wq_pop), .ctx_idx_i({CW{1'b0}}), .ctx_addr_o(), .ctx_src_o(), .ctx_group_o(),
        .ctx_msglen_o(), .ctx_err_o(),
        .rxw_done_i(rxw_done), .rxw_ctx_i(rxw_ctx), .rxw_last_i(1'b0), .rxw_err_i(1'b0), .busy_o()
    );

    // ---------------------------------------------------------------- jobs
    reg           create = 0, init = 0, ack = 0, hostdone = 0, newfj = 0;
    reg  [15:0]   ack_seq = 16'd2;
    reg  [2:0]    jack_kind = `WC_NIC_PEND_ACK;
    reg  [JW-1:0] cj = 0, hostdone_job = 0, nfj = 0;
    reg  [NNODES-1:0] ubusy = 0;
    wc_nic_jobs #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
                  .JFWD(JFWD), .KW(KW), .TXWIN(TXWIN)) u_jobs (
        .clk_i(clk), .rst_ni(rst_jobs), .soft_i(1'b0), .self_i(12'd1), .mode_i(2'd0),
        .now_i(32'd0), .timeout_i(32'd0),
        .ack_i(ack), .ack_grp_i(12'd0), .ack_from_i(12'd3), .ack_seq_i(ack_seq), .ack_kind_i(jack_kind),
        // a forwarding job of group 1: a message of 20 bytes for child 4
        .newfj_i(newfj), .nfj_i(nfj), .fjinc_i(1'b0), .fj_i({JW{1'b0}}), .nf_group_i(12'd1), .nf_src_i(12'd2),
        .nf_msglen_i(16'd20), .nf_npk_i(11'd2), .nf_addr_i(32'h200), .nf_seq_i(16'd0), .nf_nc_i(5'd1),
        .nf_dst_i({{(MAXC-1)*DW{1'b0}}, 12'd4}), .fj_rdy_o(), .toobig_i(1'b0), .cq_room_i(1'b1),
        // a unicast of 20 bytes (two packets) to node 3
        .create_i(create), .cj_i(cj), .c_tag_i(12'd5), .c_msglen_i(16'd20), .c_npk_i(11'd2),
        .c_addr_i(32'h100), .c_src_i(12'd1), .c_type_i(4'd1), .c_group_i(12'd0), .c_nc_i(5'd1),
        .c_dst_i({{(MAXC-1)*DW{1'b0}}, 12'd3}), .init_i(init), .init_uni_i(1'b1), .init_node_i(12'd3),
        .init_c_i({CIW{1'b0}}), .init_base_i(16'd0), .init_fin_i(1'b1), .init_gnt_o(), .ubusy_i(ubusy),
        .stage_err_i(1'b0), .stage_err_job_i({JW{1'b0}}),
        .hostdone_i(hostdone), .hostdone_job_i(hostdone_job), .hostdone_err_i(1'b0),
        .sel_busy_i(1'b0), .sel_data_i(1'b0), .sel_job_i({JW{1'b0}}), .ak_valid_i(1'b0), .ak_sid_i({SIDW{1'b0}}), .ak_kind_i(3'd0), .ak_exp_i(16'd0), .ak_gvalid_i(1'b0),
        .ak_gparent_i(12'd0), .slot_tag_i({NSLOT{1'b0}}), .slot_fj_i({NSLOT*JW{1'b0}}),
        .slot_k_i({NSLOT*KW{1'b0}}), .stage_valid_i(2'b00), .stage_job_i({2*JW{1'b0}}),
        .stage_k_i({2*KW{1'b0}}), .stage0_pin_i(1'b0),
        .sl_valid_o(), .sl_ack_o(), .sl_req_o(), .sl_sid_o(), .s_ready_o(), .s_from_o(), .s_buf_o(), .s_job_o(),
        .s_child_o(), .s_type_o(), .s_fill_o(), .s_k_o(), .s_dst_o(), .s_src_o(), .s_group_o(), .s_seq_o(),
        .s_off_o(), .s_len_o(), .s_msglen_o(), .s_first_o(), .job_valid_o(), .job_group_o(), .job_open_o(),
        .job_nc_o(), .adr_job_i({JW{1'b0}}), .adr_o(),
        .push_o(), .push_send_o(), .push_w_o(), .push_grp_o(), .push_gid_o(), .push_nc_o(), .push_dst_o(),
        .tmo_o(), .tmo_amt_o(), .nak_amt_o(), .busy_o()
    );
    // the send-queue unit's INIT step, held until the job unit takes it;
    // the register block marks the stream busy with it
    task init_step;
        begin
            init = 1;
            #1;
            while (!u_jobs.init_gnt_o) begin
                step(1);
                #1;
            end
            step(1);
            init = 0;
            ubusy[3] = 1'b1;
        end
    endtask

    // ----------------------------------------- the job unit's pieces alone
    // wc_nic_jrel: job 0 (a unicast of two packets to node 3) and the
    // send-queue unit's INIT step of its child 0
    reg           jr_live = 0, jr_sq = 0;
    wc_nic_jrel #(.NNODES(NNODES), .NGROUPS(NGROUPS), .JSEND(JSEND), .JFWD(JFWD), .KW(KW)) u_jrel (
        .clk_i(clk), .rst_ni(rst_jrel), .soft_i(1'b0), .now_i(32'd0), .rto_i(32'd100),
        .ack_i(1'b0), .ack_grp_i(12'd0), .ack_from_i(12'd0), .ack_seq_i(16'd0), .ack_kind_i(3'd0),
        .ubusy_i({NNODES{1'b0}}), .job_valid_i({{(J-1){1'b0}}, jr_live}), .job_live_i({{(J-1){1'b0}}, jr_live}),
        .job_fwd_i({J{1'b0}}), .job_old_i({J{1'b1}}), .job_type_i({J{4'd1}}), .job_group_i({J*12{1'b0}}),
        .job_nc_i({J{5'd1}}), .job_npk_i({J{11'd2}}), .row_we_i(1'b0), .row_wj_i({JW{1'b0}}),
        .row_wd_i({MAXC*DW{1'b0}}),
        .sel_req_i(1'b0), .sel_j_i({JW{1'b0}}), .sel_c_i({CIW{1'b0}}), .sel_creq_i(1'b0), .sel_gnt_o(),
        .done_req_i(1'b0), .done_j_i({JW{1'b0}}), .fi_req_i(1'b0), .fi_j_i({JW{1'b0}}), .fi_c_i({CIW{1'b0}}),
        .fi_base_i(16'd0), .fi_gnt_o(), .sq_req_i(jr_sq), .sq_uni_i(1'b1), .sq_node_i(12'd3), .sq_j_i({JW{1'b0}}),
        .sq_c_i({CIW{1'b0}}), .sq_base_i(16'd0), .sq_gnt_o(),
        .find_req_i(1'b0), .find_j_i({JW{1'b0}}), .find_c_i({CIW{1'b0}}), .find_pid_i(1'b0), .find_gnt_o(),
        .b_v_o(), .b_op_o(), .b_j_o(), .b_c_o(), .b_req_o(), .b_pid_o(), .b_adm_o(), .b_base_o(), .b_sent_o(),
        .b_acked_o(), .b_hi_o(), .b_dst_o(), .b_row_o(), .sel_ok_i(1'b0),
        .b_ok_o(), .n_adm_o(), .n_sent_o(), .n_acked_o(), .full_o(), .tmo_o(), .tmo_amt_o(), .nak_amt_o(),
        .sample_o(), .nak_pr_o(), .pr_v_i(1'b0), .pr_j_i({JW{1'b0}}), .pr_c_i({CIW{1'b0}}), .pr_k_i({KW{1'b0}})
    );
    // wc_nic_jsel: job 0 (live, a unicast of 20 bytes to two children);
    // the bench plays stage B's bus (an operation, its entry: every child
    // still to be asked, adm NEED) and the pass engine's grants
    localparam [1:0] ADM_NEED = `WC_NIC_ADM_NEED;
    reg           js_chg = 0, js_fgnt = 0, js_bv = 0;
    reg  [2:0]    js_op = 3'd0;
    reg  [CIW-1:0] js_c = 0;
    reg           js_pid = 0;
    wc_nic_jsel #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
                  .JFWD(JFWD), .KW(KW), .TXWIN(TXWIN)) u_jsel (
        .clk_i(clk), .rst_ni(rst_jsel), .soft_i(1'b0), .self_i(12'd1), .mode_i(2'd0),
        .job_valid_i({{(J-1){1'b0}}, 1'b1}), .job_live_i({{(J-1){1'b0}}, 1'b1}), .job_fwd_i({J{1'b0}}),
        .job_old_i({J{1'b1}}), .job_type_i({J{4'd1}}), .job_src_i({J{12'd1}}), .job_group_i({J*12{1'b0}}),
        .job_msglen_i({J{16'd20}}), .job_npk_i({J{11'd2}}), .job_avail_i({J{11'd2}}), .job_nc_i({J{5'd2}}),
        .job_fc_i({J*NCW{1'b0}}), .newj_i(1'b0), .newj_j_i({JW{1'b0}}), .newj2_i(1'b0), .newj2_j_i({JW{1'b0}}),
        .chg_i({{(J-1){1'b0}}, js_chg}), .push_i(1'b0), .push_j_i({JW{1'b0}}),
        .sel_req_o(), .sel_j_o(), .sel_c_o(), .sel_creq_o(), .sel_gnt_i(1'b0),
        .find_req_o(), .find_j_o(), .find_c_o(), .find_pid_o(), .find_gnt_i(js_fgnt),
        .b_v_i(js_bv), .b_op_i(js_op), .b_j_i({JW{1'b0}}), .b_c_i(js_c), .b_req_i(1'b0), .b_pid_i(js_pid),
        .b_adm_i(ADM_NEED), .b_base_i(16'd0), .b_sent_i({KW{1'b0}}), .b_acked_i({KW{1'b0}}),
        .b_hi_i({KW{1'b0}}), .b_dst_i(12'd3), .b_ok_i(1'b0), .n_adm_i(2'd0), .n_sent_i({KW{1'b0}}),
        .n_acked_i({KW{1'b0}}), .sel_ok_o(), .fc_inc_o(), .probe_o(), .probe_k_o(), .pr_v_i(1'b0),
        .sel_busy_i(1'b0), .ak_valid_i(1'b0), .ak_sid_i({SIDW{1'b0}}), .ak_kind_i(3'd0), .ak_exp_i(16'd0),
        .ak_gvalid_i(1'b0), .ak_gparent_i(12'd0), .slot_tag_i({NSLOT{1'b0}}), .slot_fj_i({NSLOT*JW{1'b0}}),
        .slot_k_i({NSLOT*KW{1'b0}}), .stage_valid_i(2'b00), .stage_job_i({2*JW{1'b0}}),
        .stage_k_i({2*KW{1'b0}}), .stage0_pin_i(1'b0),
        .sl_valid_o(), .sl_ack_o(), .sl_req_o(), .sl_sid_o(), .s_ready_o(), .s_from_o(), .s_buf_o(), .s_job_o(),
        .s_child_o(), .s_type_o(), .s_fill_o(), .s_k_o(), .s_dst_o(), .s_src_o(), .s_group_o(), .s_seq_o(),
        .s_off_o(), .s_len_o(), .s_msglen_o(), .s_first_o(), .prep_data_o(), .prep_job_o()
    );
    // the stage B operation op on child c of job 0 for one cycle
    task js_b(input [2:0] op, input [CIW-1:0] c);
        begin
            js_bv = 1;  js_op = op;  js_c = c;  step(1);
            js_bv = 0;  js_op = 3'd0;  js_c = 0;
        end
    endtask
    // wc_nic_jrto: stage B's probe, round trips, timeouts
    reg           jt_start = 0, jt_sample = 0;
    reg  [JW-1:0] jt_j = 0;
    reg  [CIW-1:0] jt_c = 0;
    wc_nic_jrto #(.JSEND(JSEND), .JFWD(JFWD), .KW(KW)) u_jrto (
        .clk_i(clk), .rst_ni(rst_jrto), .soft_i(1'b0), .now_i(32'd0), .timeout_i(32'd100), .rto_o(),
        .b_j_i(jt_j), .b_c_i(jt_c), .start_i(jt_start), .k_i({KW{1'b0}}), .sample_i(jt_sample), .nak_pr_i(1'b0),
        .tmo_i(1'b0), .push_i(1'b0), .newfj_i(1'b0), .nfj_i({JW{1'b0}}), .create_i(1'b0), .cj_i({JW{1'b0}}),
        .pr_v_o(), .pr_j_o(), .pr_c_o(), .pr_k_o()
    );

    // ------------------------------------------------------------------ tx
    reg           tx_credit = 0, sl_valid = 0, sl_ack = 0, sl_from = 0, st_done = 0;
    reg  [31:0]   slot_crcp = 32'h1234_5678;
    wire          tx_valid;
    wc_nic_tx #(.W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .J(J), .KW(KW)) u_tx (
        .clk_i(clk), .rst_ni(rst_tx), .soft_i(1'b0),
        .tx_valid_o(tx_valid), .tx_flit_o(), .tx_credit_i(tx_credit),
        // an acknowledgement (ready), a data packet of 16 bytes waiting
        // for its staging buffer, or one from slot 0 (ready)
        .sl_valid_i(sl_valid), .sl_ack_i(sl_ack), .s_ready_i(sl_ack || sl_from), .s_from_i(sl_from),
        .s_buf_i({SW{1'b0}}), .s_job_i({JW{1'b0}}), .s_child_i({CIW{1'b0}}), .s_type_i(sl_ack ? 4'd3 : 4'd1),
        .s_fill_i(!sl_ack && !sl_from),
        .s_k_i({KW{1'b0}}), .s_dst_i(12'd3), .s_src_i(12'd1), .s_group_i(12'd0), .s_seq_i(16'd0),
        .s_off_i(16'd0), .s_len_i(sl_ack ? 16'd0 : 16'd16), .s_msglen_i(sl_ack ? 16'd0 : 16'd16),
        .inv_a_i(1'b0), .inv_a_job_i({JW{1'b0}}), .inv_b_i(1'b0), .inv_b_job_i({JW{1'b0}}),
        .st_start_i(1'b0), .st_wr_i(1'b0), .st_buf_i(1'b0), .st_idx_i({IW{1'b0}}), .st_word_i(32'd0),
        .st_done_i(st_done), .st_crc_i(32'd0),
        .em_nslot_o(), .em_nidx_o(), .slot_word_i(32'd0), .slot_crcp_i(slot_crcp),
        .sel_valid_o(), .sel_fill_o(), .sel_buf_o(), .sel_job_o(), .sel_data_o(), .sel_off_o(), .sel_len_o(),
        .sel_pin_slot_o(), .em_pin_slot_o(), .em_buf_o(), .stage0_pin_o(), .stage_valid_o(),
        .stage_job_o(), .stage_k_o(), .txpkt_o(), .busy_o()
    );

    // ----------------------------------------------------------------- dma
    // host memory: while on, ACKs a request in every other cycle (so the
    // master must hold it through a wait)
    reg         mem_on = 0, mem_tick = 0, m_ack_x = 0, m_err_x = 0, push = 0;
    always @(posedge clk) mem_tick <= !mem_tick;
    reg  [15:0] cq_size = 0;
    wire        m_stb;
    wc_nic_dma #(.PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .NCTX(NCTX), .J(J)) u_dma (
        .clk_i(clk), .rst_ni(rst_dma), .soft_i(1'b0),
        .m_cyc_o(), .m_stb_o(m_stb), .m_we_o(), .m_adr_o(), .m_dat_o(), .m_sel_o(),
        .m_ack_i((mem_on && m_stb && mem_tick) || m_ack_x), .m_err_i(m_err_x), .m_dat_i(32'd0),
        .cq_base_i(32'h1000), .cq_size_i(cq_size), .cq_head_i(16'd0), .cq_tail_i(16'd0),
        .rq_base_i(32'd0), .rq_size_i(16'd0), .rq_head_i(16'd0), .rq_tail_i(16'd0),
        .sq_base_i(32'd0), .sq_size_i(16'd0), .sq_head_i(16'd0),
        .push_i(push), .push_w_i({4{32'h8000_0000}}), .cq_room_o(), .cqf_any_o(), .cq_adv_o(),
        .wq_any_i(1'b0), .wq_slot_i({SW{1'b0}}), .wq_nslot_i({SW{1'b0}}), .wq_ctx_i({CW{1'b0}}), .wq_off_i(16'd0), .wq_len_i(16'd0),
        .wq_last_i(1'b0), .wq_fjv_i(1'b0), .wq_fj_i({JW{1'b0}}), .wq_pop_o(),
        .ctx_idx_o(), .ctx_addr_i(32'd0), .ctx_src_i(12'd0), .ctx_group_i(12'd0), .ctx_msglen_i(16'd0),
        .ctx_err_i(1'b0), .slot_nslot_o(), .slot_nidx_o(), .slot_word_i(32'd0),
        .rxw_done_o(), .rxw_slot_o(), .rxw_ctx_o(), .rxw_last_o(), .rxw_err_o(),
        .hostdone_o(), .hostdone_job_o(), .hostdone_err_o(),
        .rqb_n_i(2'd0), .rqb_rd_i(1'b0), .rq_wr_o(), .rq_buf_o(), .rq_hi_o(), .rq_data_o(), .rq_done_o(),
        .sel_valid_i(1'b0), .sel_fill_i(1'b0), .sel_buf_i(1'b0), .sel_job_i({JW{1'b0}}), .sel_off_i(16'd0),
        .sel_len_i(16'd0), .job_o(), .job_addr_i(32'd0),
        .st_start_o(), .st_wr_o(), .st_buf_o(), .st_idx_o(), .st_word_o(), .st_done_o(), .st_crc_o(),
        .st_err_o(), .sq_req_i(1'b0), .sq_fetch_i(1'b0), .sq_list_i(32'd0), .sq_n_i(5'd0),
        .sq_start_o(), .sq_wr_o(), .sq_idx_o(), .sq_data_o(), .sq_err_o(), .sq_done_o(), .busy_o()
    );

    // ------------------------------------------------------------------ sq
    reg        sq_en = 0, sq_push = 0, sd_start = 0, sd_wr = 0, sd_done = 0;
    reg  [4:0] sd_idx = 0;
    reg [31:0] sd_data = 0;
    wire       sq_req;
    wc_nic_sq #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .JSEND(JSEND), .J(J), .KW(KW)) u_sq (
        .clk_i(clk), .rst_ni(rst_sq), .soft_i(1'b0), .self_i(12'd1), .en_i(sq_en), .mode_i(2'd0),
        .sq_size_i(16'd4), .sq_head_i(16'd0), .sq_tail_i(16'd1), .job_valid_i({JSEND{1'b0}}),
        .gid_o(), .ngid_o(), .node_o(), .nnode_o(), .gvalid_i(1'b0), .gparent_i(12'd0), .gnc_i({NCW{1'b0}}),
        .gchild_i({MAXC*DW{1'b0}}), .ubusy_i({NNODES{1'b0}}), .gbusy_i({NGROUPS{1'b0}}),
        .gnext_i(16'd0), .unext_i(16'd0),
        .push_i(sq_push), .err_st_o(), .push_w_o(), .desc_err_o(), .adv_o(),
        .req_o(sq_req), .fetch_o(), .list_o(), .n_o(),
        .dma_start_i(sd_start), .dma_wr_i(sd_wr), .dma_idx_i(sd_idx), .dma_data_i(sd_data),
        .dma_err_i(1'b0), .dma_done_i(sd_done),
        .create_o(), .job_o(), .c_tag_o(), .c_msglen_o(), .c_npk_o(), .c_addr_o(), .c_src_o(), .c_type_o(),
        .c_group_o(), .c_nc_o(), .c_dst_o(), .init_o(), .init_grp_o(), .init_c_o(), .init_base_o(),
        .init_fin_o(), .init_gnt_i(1'b1), .newfj_i(1'b0), .busy_o()
    );
    // the DMA's answer to the unit's descriptor read: a unicast of 20
    // bytes to node 3
    task descriptor;
        integer k;
        begin
            while (!sq_req) step(1);
            sd_start = 1;  step(1);  sd_start = 0;
            for (k = 0; k < 4; k = k + 1) begin
                sd_wr = 1;  sd_idx = k[4:0];  sd_done = k == 3;
                sd_data = k == 0 ? 32'h0014_0051 : k == 1 ? 32'h100 : k == 2 ? 32'd3 : 32'd0;
                step(1);
            end
            sd_wr = 0;  sd_done = 0;  sd_idx = 0;  sd_data = 0;
        end
    endtask

    // --------------------------------------------------------- the whole NIC
    reg  n_credit = 0, n_ack = 0;
    reg  n_cyc = 0, n_we = 0;
    reg  [31:0] n_adr = 0, n_dat = 0;
    wire n_sack;
    wc_nic #(.NNODES(NNODES), .W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND), .JFWD(JFWD),
             .NCTX(NCTX), .NGROUPS(NGROUPS), .TXWIN(TXWIN)) u_nic (
        .clk_i(clk), .rst_ni(rst_nic), .node_id_i(12'd1),
        .rx_valid_i(1'b0), .rx_flit_i({(W+2){1'b0}}), .rx_credit_o(),
        .tx_valid_o(), .tx_flit_o(), .tx_credit_i(n_credit),
        .s_cyc_i(n_cyc), .s_stb_i(n_cyc), .s_we_i(n_we), .s_adr_i(n_adr), .s_dat_i(n_dat), .s_sel_i(4'hF),
        .s_ack_o(n_sack), .s_dat_o(),
        .m_cyc_o(), .m_stb_o(), .m_we_o(), .m_adr_o(), .m_dat_o(), .m_sel_o(),
        .m_ack_i(n_ack), .m_err_i(1'b0), .m_dat_i(32'd0), .irq_o()
    );
    task nic_wr(input [31:0] adr, input [31:0] dat);
        begin
            n_cyc = 1; n_we = 1; n_adr = adr; n_dat = dat;
            step(1);
            while (!n_sack) step(1);
            step(1);
            n_cyc = 0; n_we = 0; n_adr = 0; n_dat = 0;
        end
    endtask

    // -------------------------------------------------------------- cases
    // what the clean case must have made happen (else it proves nothing)
    integer n_flits = 0, n_words = 0, n_done = 0, n_jobs = 0, n_events = 0;
    always @(posedge clk) begin
        n_flits  <= n_flits + (tx_valid ? 1 : 0);
        n_words  <= n_words + (mem_on && m_stb && mem_tick ? 1 : 0);
        n_done   <= n_done + (rst_jobs && u_jobs.push_o ? 1 : 0);
        n_jobs   <= n_jobs + (rst_sq && u_sq.create_o ? 1 : 0);
        n_events <= n_events + (rst_rxa && u_rxa.ev_valid_o ? 1 : 0);
    end
    reg known;
    initial begin
        known = 1'b1;
        if (!$value$plusargs("case=%s", tcase)) tcase = "clean";
        step(2);
        case (tcase)
            "clean": begin
                {rst_regs, rst_rxa, rst_slots, rst_rxp, rst_jobs, rst_tx, rst_dma, rst_sq, rst_nic} = {9{1'b1}};
                {rst_jrel, rst_jsel, rst_jrto} = 3'b111;
                step(1);
                // registers: a write, a read, an acknowledgement flag set
                // and cleared
                wb(1, 32'h4, 32'h1);
                wb(0, 32'h0, 32'h0);
                if (rdata[11:0] != 12'd1) begin
                    $display("tb_nic_assert: NICR_ID reads %h, not node 1", rdata);
                    known = 1'b0;
                end
                ack_set = 1;  ack_sid = 3;  step(1);  ack_set = 0;
                ack_clr = 1;  step(1);  ack_clr = 0;
                // a packet into slot 0
                packet;
                // slots: allocate, write to host memory (then reclaimed),
                // allocate again and release
                alloc = 1;  alloc_idx = 1;  step(1);  alloc = 0;
                dma_done = 1;  dma_done_slot = 1;  step(1);  dma_done = 0;
                step(1);
                alloc = 1;  step(1);  alloc = 0;
                rp_free = 1;  rp_free_idx = 1;  step(1);  rp_free = 0;
                // receive buffers: two fill the prefetch FIFO
                rq_done = 1;  rq_buf = 0;  step(1);  rq_buf = 1;  step(1);  rq_done = 0;  rq_buf = 0;
                // a send job: created, its child initialised through the
                // pipeline (live), its REQ selected and granted, its
                // packets selected, acknowledged whole, completed
                create = 1;  cj = 0;  step(1);  create = 0;
                init_step;
                step(6);
                ack = 1;  ack_seq = 16'd0;  jack_kind = `WC_NIC_PEND_GRANT;  step(1);
                ack = 0;  ack_seq = 16'd2;  jack_kind = `WC_NIC_PEND_ACK;
                step(10);
                ack = 1;  step(1);  ack = 0;
                step(6);
                // an acknowledgement through the emitter, the router
                // returning each credit a cycle after its flit
                sl_valid = 1;  sl_ack = 1;  step(1);  sl_valid = 0;  sl_ack = 0;
                repeat (12) begin
                    tx_credit = tx_valid;
                    step(1);
                end
                tx_credit = 0;
                // a completion written to the ring
                cq_size = 4;  mem_on = 1;
                push = 1;  step(1);  push = 0;
                step(12);
                // a descriptor fetched, checked and made a job
                sq_en = 1;
                descriptor;
                step(4);
                // the whole NIC enabled through its register slave
                nic_wr(32'h4, 32'h1);
                step(4);
                if (n_flits != 5 || n_words != 4 || n_done != 1 || n_jobs != 1 || n_events != 1 ||
                    u_rxp.rqb_n_o != 2'd2 || !u_nic.u_regs.en_o) begin
                    $display("tb_nic_assert: the clean case fell short: %0d flits, %0d DMA words, %0d jobs done, %0d created, %0d events, %0d receive buffers",
                             n_flits, n_words, n_done, n_jobs, n_events, u_rxp.rqb_n_o);
                    known = 1'b0;
                end
            end
            "regs_ack_clr": begin
                rst_regs = 1;  step(1);
                ack_clr = 1;  ack_sid = 3;  step(1);  ack_clr = 0;
            end
            "regs_ack_offered": begin
                // streams 2 and 3 pending: stream 2 is offered, 3 cleared
                rst_regs = 1;  step(1);
                ack_set = 1;  ack_sid = 2;  step(1);
                ack_sid = 3;  step(1);  ack_set = 0;
                ack_clr = 1;  step(1);  ack_clr = 0;
            end
            "regs_kind_bad": begin
                rst_regs = 1;  step(1);
                ack_set = 1;  ack_sid = 2;  ack_kind = 3'd5;  step(1);  ack_set = 0;
            end
            "regs_node_range": begin
                rst_regs = 1;  step(1);
                exp_inc = 1;  exp_node = 3'd5;  step(1);
                exp_node = 3'd7;  step(1);  exp_inc = 0;
            end
            "regs_exp_port": begin
                // the advanced stream is not the one the port reads
                rst_regs = 1;  step(1);
                rp_skew = 1;  exp_inc = 1;  exp_node = 3'd2;  step(1);  exp_inc = 0;  rp_skew = 0;
            end
            "rxa_bad_slot": begin
                // the slot table offers a slot past its end
                rst_rxa = 1;  step(1);
                free_idx = 2'd3;
                packet;
            end
            "slots_alloc_twice": begin
                rst_slots = 1;  step(1);
                alloc = 1;  alloc_idx = 2;  step(1);
                step(1);  alloc = 0;
            end
            "slots_free_unused": begin
                rst_slots = 1;  step(1);
                alloc = 1;  alloc_idx = 0;  step(1);  alloc = 0;
                rp_free = 1;  rp_free_idx = 1;  step(1);  rp_free = 0;
            end
            "slots_dma_twice": begin
                rst_slots = 1;  step(1);
                alloc = 1;  alloc_idx = 0;  step(1);  alloc = 0;
                dma_done = 1;  dma_done_slot = 0;  step(1);
                step(1);  dma_done = 0;
            end
            "rxp_rq_overflow": begin
                rst_rxp = 1;  step(1);
                rq_done = 1;  rq_buf = 0;  step(1);  rq_buf = 1;  step(1);  rq_buf = 0;  step(1);
                rq_done = 0;
            end
            "rxp_wq_empty": begin
                rst_rxp = 1;  step(1);
                wq_pop = 1;  step(1);  wq_pop = 0;
            end
            "rxp_rxw_closed": begin
                rst_rxp = 1;  step(1);
                rxw_done = 1;  rxw_ctx = 1;  step(1);  rxw_done = 0;
            end
            "jobs_create_fwd": begin
                rst_jobs = 1;  step(1);
                create = 1;  cj = 1;  step(1);  cj = 2;  step(1);  create = 0;
            end
            "jobs_hostdone": begin
                rst_jobs = 1;  step(1);
                hostdone = 1;  hostdone_job = 3;  step(1);  hostdone = 0;
            end
            "jtab_fwd_busy": begin
                // a second forwarding job while the INIT sequencer still
                // initialises the first one's child
                rst_jobs = 1;  step(1);
                newfj = 1;  nfj = 2;  step(1);  nfj = 3;  step(1);  newfj = 0;
            end
            "jrel_init_live": begin
                // the send-queue unit's INIT step for a job already live
                rst_jrel = 1;  step(1);
                jr_sq = 1;  step(1);  jr_sq = 0;  jr_live = 1;  step(1);  jr_live = 0;
            end
            "jsel_cand_pass": begin
                // a SEL in stage B for job 0 while its pass runs (it had
                // no candidate: the pipeline never grants one), then the
                // pass's two FINDs give it a candidate, and the pass the
                // SEL made due starts over it
                rst_jsel = 1;  step(1);
                js_chg = 1;  step(1);  js_chg = 0;      // every child's claim moved: a pass is due
                step(1);                                // the pass starts
                js_b(`WC_NIC_JOP_SEL, 0);
                js_fgnt = 1;  js_pid = u_jsel.find_pid_o;  step(1);
                js_bv = 1;  js_op = `WC_NIC_JOP_FIND;  js_c = 0;  step(1);
                js_fgnt = 0;  js_c = 1;  step(1);
                js_bv = 0;  js_op = 3'd0;  js_c = 0;
                step(2);
            end
            "jrto_foreign_rtt": begin
                // a probe on job 1 child 1, then a round trip for child 2
                rst_jrto = 1;  step(1);
                jt_start = 1;  jt_j = 1;  jt_c = 1;  step(1);  jt_start = 0;
                jt_sample = 1;  jt_c = 2;  step(1);  jt_sample = 0;
            end
            "tx_credit": begin
                rst_tx = 1;  step(1);
                tx_credit = 1;  step(1);  tx_credit = 0;
            end
            "tx_sel_overwrite": begin
                rst_tx = 1;  step(1);
                sl_valid = 1;  step(2);  sl_valid = 0;
            end
            "tx_crc_changed": begin
                // a packet from a slot whose payload CRC changes after
                // the head left: the CRC flit is not the packet's
                rst_tx = 1;  step(1);
                sl_valid = 1;  sl_from = 1;  step(1);  sl_valid = 0;
                repeat (8) begin
                    tx_credit = tx_valid;
                    if (u_tx.fk_q == 7'd2) slot_crcp = 32'h0bad_c0de;
                    step(1);
                end
                tx_credit = 0;
            end
            "tx_stage_unasked": begin
                rst_tx = 1;  step(1);
                st_done = 1;  step(1);  st_done = 0;
            end
            "dma_ack_err": begin
                rst_dma = 1;  step(1);
                cq_size = 4;
                push = 1;  step(1);  push = 0;
                while (!m_stb) step(1);
                m_ack_x = 1;  m_err_x = 1;  step(1);  m_ack_x = 0;  m_err_x = 0;
            end
            "dma_ack_idle": begin
                rst_dma = 1;  step(1);
                m_ack_x = 1;  step(1);  m_ack_x = 0;
            end
            "dma_cq_full": begin
                // no ring: the completion FIFO only fills
                rst_dma = 1;  step(1);
                push = 1;  step(5);  push = 0;
            end
            "sq_dma_idle": begin
                rst_sq = 1;  step(1);
                sd_wr = 1;  step(1);  sd_wr = 0;
            end
            "sq_push_idle": begin
                rst_sq = 1;  step(1);
                sq_push = 1;  step(1);  sq_push = 0;
            end
            "nic_credit": begin
                rst_nic = 1;  step(1);
                n_credit = 1;  step(1);  n_credit = 0;
            end
            "nic_dma_ack": begin
                rst_nic = 1;  step(1);
                n_ack = 1;  step(1);  n_ack = 0;
            end
            default: begin
                $display("tb_nic_assert: unknown case %0s", tcase);
                known = 1'b0;
            end
        endcase
        step(2);
        if (known) $display("tb_nic_assert: case %0s done", tcase);
        $finish;
    end
endmodule
`resetall

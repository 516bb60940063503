// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Replication jobs: four pieces around one pipeline on the child table
// (docs/nic-uarch.md, "Jobs"), each a module and a C file of its name:
//   wc_nic_jtab  the job table: creation, the children's initialisation,
//                the forwarding jobs' order, completion;
//   wc_nic_jrel  the child table in block RAM and its pipeline (one
//                operation on one (job, child) entry a cycle), the
//                acknowledgement matcher, the timeout scanner: GM-2's
//                go-back-N, admission and NAKs per child;
//   wc_nic_jsel  each job's candidate child, the pass engine that finds
//                it, the prep register and the selection register's
//                choice between acks and data;
//   wc_nic_jrto  the adaptive timeout's round-trip probe.
// cmodel/wc_nic_jobs.c.
module wc_nic_jobs #(
    parameter integer NNODES  = 16,                 // node ids 0..NNODES-1
    parameter integer NGROUPS = `WC_NIC_GROUPS,     // group table entries
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,    // bytes per packet
    parameter integer NSLOT   = 72,                 // receive slots
    parameter integer JSEND   = 4,                  // send jobs, 1..8
    parameter integer JFWD    = 4,                  // forwarding jobs, 1..8
    parameter integer KW      = 7,                  // packet index width
    // Packets a job may have unacknowledged per child, 1..WC_NIC_WINDOW:
    // a child that drops everything then costs its siblings at most a
    // window of resends per timeout.
    parameter integer TXWIN   = 16,
    // Children per job, 1..WC_NIC_MAX_CHILDREN (wc_nic's MAXCHILD).
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN,
    // Derived (leave at the default; the body checks them):
    parameter integer J    = JSEND + JFWD,
    parameter integer JW   = $clog2(J),
    parameter integer DW   = `WC_HEAD_DST_W,
    parameter integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1,
    parameter integer NCW  = $clog2(MAXCHILD + 1),
    parameter integer NG   = NNODES + NGROUPS,
    parameter integer SIDW = $clog2(NG),
    parameter integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         soft_i,
    input  wire [`WC_HEAD_DST_W-1:0]    self_i,
    input  wire [1:0]                   mode_i,
    input  wire [31:0]                  now_i,      // the retransmission clock
    input  wire [31:0]                  timeout_i,
    // ---- receive processor ----
    input  wire                         ack_i,      // an acknowledgement arrived
    input  wire [`WC_NH0_GROUP_W-1:0]   ack_grp_i,  // 0: unicast
    input  wire [`WC_NH0_SRC_W-1:0]     ack_from_i,
    input  wire [`WC_NH1_SEQ_W-1:0]     ack_seq_i,
    input  wire [2:0]                   ack_kind_i, // WC_NIC_PEND_ACK, _WAIT, _NAK, _GRANT
    input  wire                         newfj_i,    // forwarding job nfj starts
    input  wire [JW-1:0]                nfj_i,
    input  wire                         fjinc_i,    // forwarding job fj got a packet
    input  wire [JW-1:0]                fj_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   nf_group_i,
    input  wire [`WC_NH0_SRC_W-1:0]     nf_src_i,
    input  wire [15:0]                  nf_msglen_i,
    input  wire [KW-1:0]                nf_npk_i,
    input  wire [31:0]                  nf_addr_i,
    input  wire [`WC_NH1_SEQ_W-1:0]     nf_seq_i,   // every child's base sequence
    input  wire [NCW-1:0]               nf_nc_i,
    input  wire [MAXCHILD*DW-1:0]       nf_dst_i,
    output wire                         fj_rdy_o,   // a forwarding job may start
    input  wire                         toobig_i,   // the processor uses the completion FIFO
    input  wire                         cq_room_i,  // completion FIFO not full
    // ---- send queue unit: create job cj, then initialise its children ----
    input  wire                         create_i,
    input  wire [JW-1:0]                cj_i,
    input  wire [`WC_SD0_TAG_W-1:0]     c_tag_i,
    input  wire [15:0]                  c_msglen_i,
    input  wire [KW-1:0]                c_npk_i,
    input  wire [31:0]                  c_addr_i,
    input  wire [`WC_NH0_SRC_W-1:0]     c_src_i,
    input  wire [`WC_NH0_TYPE_W-1:0]    c_type_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   c_group_i,
    input  wire [NCW-1:0]               c_nc_i,
    input  wire [MAXCHILD*DW-1:0]       c_dst_i,
    input  wire                         init_i,     // an INIT step: child init_c of job cj
    input  wire                         init_uni_i, // ... of a unicast stream, the peer init_node
    input  wire [DW-1:0]                init_node_i,
    input  wire [CIW-1:0]               init_c_i,
    input  wire [15:0]                  init_base_i,
    input  wire                         init_fin_i, // ... its last child: the job becomes valid
    output wire                         init_gnt_o, // the step is taken (the send queue unit moves on)
    input  wire [NNODES-1:0]            ubusy_i,    // a unicast stream has a send job
    // ---- DMA: staging read failed for the selected job; a forwarded
    //      message is all in host memory (with a write error) ----
    input  wire                         stage_err_i,
    input  wire [JW-1:0]                stage_err_job_i,
    input  wire                         hostdone_i,
    input  wire [JW-1:0]                hostdone_job_i,
    input  wire                         hostdone_err_i,
    // ---- transmit selection inputs ----
    input  wire                         sel_busy_i,     // the selection register is full
    input  wire                         sel_data_i,     // ... with a data packet of job sel_job_i
    input  wire [JW-1:0]                sel_job_i,
    input  wire                         ak_valid_i,     // the head of the register block's ack queue:
    input  wire [SIDW-1:0]              ak_sid_i,       // ... of this stream
    input  wire [2:0]                   ak_kind_i,      // the pending kind
    input  wire [15:0]                  ak_exp_i,
    input  wire                         ak_gvalid_i,
    input  wire [DW-1:0]                ak_gparent_i,
    input  wire [NSLOT-1:0]             slot_tag_i,
    input  wire [NSLOT*JW-1:0]          slot_fj_i,
    input  wire [NSLOT*KW-1:0]          slot_k_i,
    input  wire [1:0]                   stage_valid_i,
    input  wire [2*JW-1:0]              stage_job_i,
    input  wire [2*KW-1:0]              stage_k_i,
    input  wire                         stage0_pin_i,   // staging buffer 0 is being read
    // ---- the selection: a packet to send (sl_valid_o) and/or an ack flag
    //      to clear (sl_ack_o) ----
    output wire                         sl_valid_o,
    output wire                         sl_ack_o,
    output wire                         sl_req_o,       // the packet is a job's REQ
    output wire [SIDW-1:0]              sl_sid_o,
    output wire                         s_ready_o,
    output wire                         s_from_o,       // from a slot (else staging)
    output wire [SW-1:0]                s_buf_o,
    output wire [JW-1:0]                s_job_o,
    output wire [CIW-1:0]               s_child_o,
    output wire [`WC_NH0_TYPE_W-1:0]    s_type_o,
    output wire                         s_fill_o,       // staging must be filled by DMA
    output wire [KW-1:0]                s_k_o,
    output wire [DW-1:0]                s_dst_o,
    output wire [`WC_NH0_SRC_W-1:0]     s_src_o,
    output wire [`WC_NH0_GROUP_W-1:0]   s_group_o,
    output wire [15:0]                  s_seq_o,
    output wire [15:0]                  s_off_o,
    output wire [15:0]                  s_len_o,
    output wire [15:0]                  s_msglen_o,
    output wire                         s_first_o,      // the child's first copy (a slot's count)
    // ---- to the other units ----
    output wire [J-1:0]                 job_valid_o,
    output wire [J*`WC_NH0_GROUP_W-1:0] job_group_o,
    output wire [J-1:0]                 job_open_o,     // avail < npk
    output wire [J*NCW-1:0]             job_nc_o,
    input  wire [JW-1:0]                adr_job_i,      // message address read port
    output wire [31:0]                  adr_o,
    // a job completes through the completion FIFO (a send job: its send
    // completion, and its streams to free; a forwarding job: the receive
    // completion of its message)
    output wire                         push_o,
    output wire                         push_send_o,
    output wire [127:0]                 push_w_o,
    output wire                         push_grp_o,
    output wire [$clog2(NGROUPS)-1:0]   push_gid_o,
    output wire [NCW-1:0]               push_nc_o,
    output wire [MAXCHILD*DW-1:0]       push_dst_o,
    // timeout: a child rewound by amt packets
    output wire                         tmo_o,
    output wire [KW-1:0]                tmo_amt_o,
    output wire [KW-1:0]                nak_amt_o,      // packets a NAK rewinds
    output wire                         busy_o
);
    localparam integer RW = MAXCHILD * DW;

    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_JSEND
        `WC_NIC_CHECK_JFWD
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_TXWIN
        `WC_NIC_CHECK_MAXCHILD
        `WC_NIC_CHECK_KW
        `WC_NIC_CHECK_KW_NPK
        if (J != JSEND + JFWD) $error("%m: J is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (DW != `WC_HEAD_DST_W) $error("%m: DW is derived, leave it at its default");
        if (CIW != (MAXCHILD > 1 ? $clog2(MAXCHILD) : 1)) $error("%m: CIW is derived, leave it at its default");
        if (NCW != $clog2(MAXCHILD + 1)) $error("%m: NCW is derived, leave it at its default");
        if (NG != NNODES + NGROUPS) $error("%m: NG is derived, leave it at its default");
        if (SIDW != $clog2(NG)) $error("%m: SIDW is derived, leave it at its default");
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
    end

    // the job table's registers, to every piece
    wire [J-1:0]                 jv, jlive, jfw, jold, jopen, chg;
    wire [J*`WC_NH0_TYPE_W-1:0]  jty;
    wire [J*`WC_NH0_SRC_W-1:0]   jsrc;
    wire [J*`WC_NH0_GROUP_W-1:0] jgrp;
    wire [J*16-1:0]              jml;
    wire [J*KW-1:0]              jnpk, jav;
    wire [J*NCW-1:0]             jnc, jfc;
    // the pipeline's requesters
    wire            sel_req, sel_creq, sel_gnt, done_req, fi_req, fi_gnt, find_req, find_pid, find_gnt;
    wire [JW-1:0]   sel_j, done_j, fi_j, find_j;
    wire [CIW-1:0]  sel_c, fi_c, find_c;
    wire [15:0]     fi_base;
    wire            row_we;
    wire [JW-1:0]   row_wj;
    wire [RW-1:0]   row_wd;
    // stage B
    wire            b_v, b_req, b_pid, b_ok, full, sel_ok, fc_inc, probe, sample, nak_pr, tmo;
    wire [2:0]      b_op;
    wire [JW-1:0]   b_j;
    wire [CIW-1:0]  b_c;
    wire [1:0]      b_adm, n_adm;
    wire [15:0]     b_base;
    wire [KW-1:0]   b_sent, b_acked, b_hi, n_sent, n_acked, probe_k;
    wire [DW-1:0]   b_dst;
    wire [RW-1:0]   b_row;
    wire            push, prep_data;
    wire [JW-1:0]   push_j, prep_job;
    // the probe
    wire [31:0]     rto;
    wire            pr_v;
    wire [JW-1:0]   pr_j;
    wire [CIW-1:0]  pr_c;
    wire [KW-1:0]   pr_k;

    wc_nic_jtab #(.NNODES(NNODES), .NGROUPS(NGROUPS), .JSEND(JSEND), .JFWD(JFWD), .KW(KW),
                  .MAXCHILD(MAXCHILD)) u_jtab (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(soft_i),
        .newfj_i(newfj_i), .nfj_i(nfj_i), .fjinc_i(fjinc_i), .fj_i(fj_i), .nf_group_i(nf_group_i),
        .nf_src_i(nf_src_i), .nf_msglen_i(nf_msglen_i), .nf_npk_i(nf_npk_i), .nf_addr_i(nf_addr_i),
        .nf_seq_i(nf_seq_i), .nf_nc_i(nf_nc_i), .nf_dst_i(nf_dst_i), .toobig_i(toobig_i), .cq_room_i(cq_room_i),
        .fj_rdy_o(fj_rdy_o),
        .create_i(create_i), .cj_i(cj_i), .c_tag_i(c_tag_i), .c_msglen_i(c_msglen_i), .c_npk_i(c_npk_i),
        .c_addr_i(c_addr_i), .c_src_i(c_src_i), .c_type_i(c_type_i), .c_group_i(c_group_i), .c_nc_i(c_nc_i),
        .c_dst_i(c_dst_i), .init_i(init_i), .init_fin_i(init_fin_i), .sq_gnt_i(init_gnt_o),
        .stage_err_i(stage_err_i), .stage_err_job_i(stage_err_job_i), .hostdone_i(hostdone_i),
        .hostdone_job_i(hostdone_job_i), .hostdone_err_i(hostdone_err_i),
        .sel_data_i(sel_data_i), .sel_job_i(sel_job_i), .prep_data_i(prep_data), .prep_job_i(prep_job),
        .b_v_i(b_v), .b_op_i(b_op), .b_j_i(b_j), .b_c_i(b_c), .full_i(full), .b_row_i(b_row), .fc_inc_i(fc_inc),
        .done_req_o(done_req), .done_j_o(done_j), .fi_req_o(fi_req), .fi_j_o(fi_j), .fi_c_o(fi_c),
        .fi_base_o(fi_base), .fi_gnt_i(fi_gnt), .row_we_o(row_we), .row_wj_o(row_wj), .row_wd_o(row_wd),
        .job_valid_o(jv), .job_live_o(jlive), .job_fwd_o(jfw), .job_old_o(jold), .job_type_o(jty),
        .job_src_o(jsrc), .job_group_o(jgrp), .job_msglen_o(jml), .job_npk_o(jnpk), .job_avail_o(jav),
        .job_nc_o(jnc), .job_fc_o(jfc), .job_open_o(jopen), .chg_o(chg),
        .adr_job_i(adr_job_i), .adr_o(adr_o),
        .push_o(push), .push_j_o(push_j), .push_send_o(push_send_o), .push_w_o(push_w_o),
        .push_grp_o(push_grp_o), .push_gid_o(push_gid_o), .push_nc_o(push_nc_o), .push_dst_o(push_dst_o),
        .busy_o(busy_o)
    );

    wc_nic_jrel #(.NNODES(NNODES), .NGROUPS(NGROUPS), .JSEND(JSEND), .JFWD(JFWD), .KW(KW),
                  .MAXCHILD(MAXCHILD)) u_jrel (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(soft_i), .now_i(now_i), .rto_i(rto),
        .ack_i(ack_i), .ack_grp_i(ack_grp_i), .ack_from_i(ack_from_i), .ack_seq_i(ack_seq_i),
        .ack_kind_i(ack_kind_i), .ubusy_i(ubusy_i),
        .job_valid_i(jv), .job_live_i(jlive), .job_fwd_i(jfw), .job_old_i(jold), .job_type_i(jty),
        .job_group_i(jgrp), .job_nc_i(jnc), .job_npk_i(jnpk),
        .row_we_i(row_we), .row_wj_i(row_wj), .row_wd_i(row_wd),
        .sel_req_i(sel_req), .sel_j_i(sel_j), .sel_c_i(sel_c), .sel_creq_i(sel_creq), .sel_gnt_o(sel_gnt),
        .done_req_i(done_req), .done_j_i(done_j),
        .fi_req_i(fi_req), .fi_j_i(fi_j), .fi_c_i(fi_c), .fi_base_i(fi_base), .fi_gnt_o(fi_gnt),
        .sq_req_i(init_i), .sq_uni_i(init_uni_i), .sq_node_i(init_node_i), .sq_j_i(cj_i), .sq_c_i(init_c_i),
        .sq_base_i(init_base_i), .sq_gnt_o(init_gnt_o),
        .find_req_i(find_req), .find_j_i(find_j), .find_c_i(find_c), .find_pid_i(find_pid), .find_gnt_o(find_gnt),
        .b_v_o(b_v), .b_op_o(b_op), .b_j_o(b_j), .b_c_o(b_c), .b_req_o(b_req), .b_pid_o(b_pid),
        .b_adm_o(b_adm), .b_base_o(b_base), .b_sent_o(b_sent), .b_acked_o(b_acked), .b_hi_o(b_hi),
        .b_dst_o(b_dst), .b_row_o(b_row), .sel_ok_i(sel_ok),
        .b_ok_o(b_ok), .n_adm_o(n_adm), .n_sent_o(n_sent), .n_acked_o(n_acked), .full_o(full),
        .tmo_o(tmo), .tmo_amt_o(tmo_amt_o), .nak_amt_o(nak_amt_o), .sample_o(sample), .nak_pr_o(nak_pr),
        .pr_v_i(pr_v), .pr_j_i(pr_j), .pr_c_i(pr_c), .pr_k_i(pr_k)
    );
    assign tmo_o = tmo;

    wc_nic_jsel #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
                  .JFWD(JFWD), .KW(KW), .TXWIN(TXWIN), .MAXCHILD(MAXCHILD)) u_jsel (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(soft_i), .self_i(self_i), .mode_i(mode_i),
        .job_valid_i(jv), .job_live_i(jlive), .job_fwd_i(jfw), .job_old_i(jold), .job_type_i(jty),
        .job_src_i(jsrc), .job_group_i(jgrp), .job_msglen_i(jml), .job_npk_i(jnpk), .job_avail_i(jav),
        .job_nc_i(jnc), .job_fc_i(jfc),
        .newj_i(newfj_i), .newj_j_i(nfj_i), .newj2_i(create_i), .newj2_j_i(cj_i), .chg_i(chg),
        .push_i(push), .push_j_i(push_j),
        .sel_req_o(sel_req), .sel_j_o(sel_j), .sel_c_o(sel_c), .sel_creq_o(sel_creq), .sel_gnt_i(sel_gnt),
        .find_req_o(find_req), .find_j_o(find_j), .find_c_o(find_c), .find_pid_o(find_pid), .find_gnt_i(find_gnt),
        .b_v_i(b_v), .b_op_i(b_op), .b_j_i(b_j), .b_c_i(b_c), .b_req_i(b_req), .b_pid_i(b_pid),
        .b_adm_i(b_adm), .b_base_i(b_base), .b_sent_i(b_sent), .b_acked_i(b_acked), .b_hi_i(b_hi),
        .b_dst_i(b_dst), .b_ok_i(b_ok), .n_adm_i(n_adm), .n_sent_i(n_sent), .n_acked_i(n_acked),
        .sel_ok_o(sel_ok), .fc_inc_o(fc_inc), .probe_o(probe), .probe_k_o(probe_k), .pr_v_i(pr_v),
        .sel_busy_i(sel_busy_i), .ak_valid_i(ak_valid_i), .ak_sid_i(ak_sid_i), .ak_kind_i(ak_kind_i),
        .ak_exp_i(ak_exp_i), .ak_gvalid_i(ak_gvalid_i), .ak_gparent_i(ak_gparent_i),
        .slot_tag_i(slot_tag_i), .slot_fj_i(slot_fj_i), .slot_k_i(slot_k_i),
        .stage_valid_i(stage_valid_i), .stage_job_i(stage_job_i), .stage_k_i(stage_k_i),
        .stage0_pin_i(stage0_pin_i),
        .sl_valid_o(sl_valid_o), .sl_ack_o(sl_ack_o), .sl_req_o(sl_req_o), .sl_sid_o(sl_sid_o),
        .s_ready_o(s_ready_o), .s_from_o(s_from_o), .s_buf_o(s_buf_o), .s_job_o(s_job_o), .s_child_o(s_child_o),
        .s_type_o(s_type_o), .s_fill_o(s_fill_o), .s_k_o(s_k_o), .s_dst_o(s_dst_o), .s_src_o(s_src_o),
        .s_group_o(s_group_o), .s_seq_o(s_seq_o), .s_off_o(s_off_o), .s_len_o(s_len_o), .s_msglen_o(s_msglen_o),
        .s_first_o(s_first_o), .prep_data_o(prep_data), .prep_job_o(prep_job)
    );

    wc_nic_jrto #(.JSEND(JSEND), .JFWD(JFWD), .KW(KW), .MAXCHILD(MAXCHILD)) u_jrto (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(soft_i), .now_i(now_i), .timeout_i(timeout_i), .rto_o(rto),
        .b_j_i(b_j), .b_c_i(b_c), .start_i(probe), .k_i(probe_k), .sample_i(sample), .nak_pr_i(nak_pr),
        .tmo_i(tmo), .push_i(push), .newfj_i(newfj_i), .nfj_i(nfj_i), .create_i(create_i), .cj_i(cj_i),
        .pr_v_o(pr_v), .pr_j_o(pr_j), .pr_c_o(pr_c), .pr_k_o(pr_k)
    );

    assign push_o      = push;
    assign job_valid_o = jv;
    assign job_group_o = jgrp;
    assign job_open_o  = jopen;
    assign job_nc_o    = jnc;
endmodule
`resetall

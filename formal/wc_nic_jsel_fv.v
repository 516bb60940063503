// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of wc_nic_jsel, the job unit's transmit selection
// (formal/nic_jsel.sby): what the selection promises the per-child
// reliability (wc_nic_jrel), whose proofs (formal/nic_jrel.sby) assume
// it.  Together the two give go-back-N's window: no child ever has more
// than TXWIN packets unacknowledged.
// Assumptions, the neighbours' protocol:
//  - the job table (wc_nic_jtab): a job has at most the packets it
//    counts available (avail <= packets; its own $error checks it) and at
//    most MAXCHILD children; a job becomes valid only the cycle after it
//    starts (newj_i, newj2_i) and stops being valid only the cycle after
//    it leaves (push_i); its children are stable while it is valid, its
//    packets and the mode while it is live;
//  - the child table's pipeline (wc_nic_jrel) is free: any stage-B
//    operation, entry and next entry in any cycle, as are the pending
//    acks, slots and staging buffers; an operation it applies (b_ok_i)
//    is on a child of a valid job (c below its children), an ACK or TMO
//    on a live one (its stage B checks both);
//  - reset in the first cycle; soft reset free.
// Small sizes (one send and one forwarding job, 2 children, 3-bit packet
// indices, a window of 2); no rule below depends on them.
// Properties, one per proof task (`define):
//   JS_OK    stage B confirms a SEL (sel_ok_o) only for a live child: a
//            REQ only for a child that needs admission, a data packet only
//            for an admitted child with packets left to send (sent below
//            the job's packets) and fewer than TXWIN unacknowledged
//   JS_CAND  the selection asks the pipeline (sel_req_o) only for a live
//            child of a live job
module wc_nic_jsel_fv (
    input wire clk_i
);
    localparam integer NNODES = 4, NGROUPS = 2, NSLOT = 2, JSEND = 1, JFWD = 1, KW = 3, MAXCHILD = 2, TXWIN = 2;
    localparam integer J = 2, JW = 1, CIW = 1, NCW = 2, DW = `WC_HEAD_DST_W, SW = 1;
    localparam integer NG = NNODES + NGROUPS, SIDW = $clog2(NG);
    localparam integer GIW = `WC_NH0_GROUP_W, TW = `WC_NH0_TYPE_W, SRCW = `WC_NH0_SRC_W;
    localparam [1:0] A_NEED = `WC_NIC_ADM_NEED, A_GRANT = `WC_NIC_ADM_GRANT;
    localparam [2:0] OP_SEL = `WC_NIC_JOP_SEL, OP_INIT = `WC_NIC_JOP_INIT;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg                soft, newj, newj2, push, sel_gnt, find_gnt, b_v, b_req, b_pid, b_ok, pr_v;
    (* anyseq *) reg                sel_busy, ak_valid, ak_gvalid, stage0_pin;
    (* anyseq *) reg [DW-1:0]       self, b_dst, ak_gparent;
    (* anyseq *) reg [1:0]          mode, b_adm, n_adm, stage_valid;
    (* anyseq *) reg [J-1:0]        jvalid, jlive, jfwd, jold, chg;
    (* anyseq *) reg [J*TW-1:0]     jtype;
    (* anyseq *) reg [J*SRCW-1:0]   jsrc;
    (* anyseq *) reg [J*GIW-1:0]    jgroup;
    (* anyseq *) reg [J*16-1:0]     jmsglen;
    (* anyseq *) reg [J*KW-1:0]     jnpk, javail;
    (* anyseq *) reg [J*NCW-1:0]    jnc, jfc;
    (* anyseq *) reg [JW-1:0]       newj_j, newj2_j, push_j, b_j;
    (* anyseq *) reg [2:0]          b_op, ak_kind;
    (* anyseq *) reg [CIW-1:0]      b_c;
    (* anyseq *) reg [15:0]         b_base, ak_exp;
    (* anyseq *) reg [KW-1:0]       b_sent, b_acked, b_hi, n_sent, n_acked;
    (* anyseq *) reg [SIDW-1:0]     ak_sid;
    (* anyseq *) reg [NSLOT-1:0]    slot_tag;
    (* anyseq *) reg [NSLOT*JW-1:0] slot_fj;
    (* anyseq *) reg [NSLOT*KW-1:0] slot_k;
    (* anyseq *) reg [2*JW-1:0]     stage_job;
    (* anyseq *) reg [2*KW-1:0]     stage_k;

    wire            sel_req, sel_creq, find_req, find_pid, sel_ok, fc_inc, probe, prep_data;
    wire [JW-1:0]   sel_j, find_j, prep_job;
    wire [CIW-1:0]  sel_c, find_c;
    wire [KW-1:0]   probe_k;
    /* verilator lint_off UNUSEDSIGNAL */
    wire            sl_valid, sl_ack, sl_req, s_ready, s_from, s_fill, s_first;
    wire [SIDW-1:0] sl_sid;
    wire [SW-1:0]   s_buf;
    wire [JW-1:0]   s_job;
    wire [CIW-1:0]  s_child;
    wire [TW-1:0]   s_type;
    wire [KW-1:0]   s_k;
    wire [DW-1:0]   s_dst;
    wire [SRCW-1:0] s_src;
    wire [GIW-1:0]  s_group;
    wire [15:0]     s_seq, s_off, s_len, s_msglen;
    /* verilator lint_on UNUSEDSIGNAL */

    wc_nic_jsel #(.NNODES(NNODES), .NGROUPS(NGROUPS), .NSLOT(NSLOT), .JSEND(JSEND), .JFWD(JFWD), .KW(KW),
                  .TXWIN(TXWIN), .MAXCHILD(MAXCHILD)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .soft_i(soft), .self_i(self), .mode_i(mode),
        .job_valid_i(jvalid), .job_live_i(jlive), .job_fwd_i(jfwd), .job_old_i(jold), .job_type_i(jtype),
        .job_src_i(jsrc), .job_group_i(jgroup), .job_msglen_i(jmsglen), .job_npk_i(jnpk), .job_avail_i(javail),
        .job_nc_i(jnc), .job_fc_i(jfc),
        .newj_i(newj), .newj_j_i(newj_j), .newj2_i(newj2), .newj2_j_i(newj2_j), .chg_i(chg),
        .push_i(push), .push_j_i(push_j),
        .sel_req_o(sel_req), .sel_j_o(sel_j), .sel_c_o(sel_c), .sel_creq_o(sel_creq), .sel_gnt_i(sel_gnt),
        .find_req_o(find_req), .find_j_o(find_j), .find_c_o(find_c), .find_pid_o(find_pid), .find_gnt_i(find_gnt),
        .b_v_i(b_v), .b_op_i(b_op), .b_j_i(b_j), .b_c_i(b_c), .b_req_i(b_req), .b_pid_i(b_pid),
        .b_adm_i(b_adm), .b_base_i(b_base), .b_sent_i(b_sent), .b_acked_i(b_acked), .b_hi_i(b_hi),
        .b_dst_i(b_dst), .b_ok_i(b_ok), .n_adm_i(n_adm), .n_sent_i(n_sent), .n_acked_i(n_acked),
        .sel_ok_o(sel_ok), .fc_inc_o(fc_inc), .probe_o(probe), .probe_k_o(probe_k), .pr_v_i(pr_v),
        .sel_busy_i(sel_busy), .ak_valid_i(ak_valid), .ak_sid_i(ak_sid), .ak_kind_i(ak_kind),
        .ak_exp_i(ak_exp), .ak_gvalid_i(ak_gvalid), .ak_gparent_i(ak_gparent),
        .slot_tag_i(slot_tag), .slot_fj_i(slot_fj), .slot_k_i(slot_k),
        .stage_valid_i(stage_valid), .stage_job_i(stage_job), .stage_k_i(stage_k),
        .stage0_pin_i(stage0_pin),
        .sl_valid_o(sl_valid), .sl_ack_o(sl_ack), .sl_req_o(sl_req), .sl_sid_o(sl_sid),
        .s_ready_o(s_ready), .s_from_o(s_from), .s_buf_o(s_buf), .s_job_o(s_job), .s_child_o(s_child),
        .s_type_o(s_type), .s_fill_o(s_fill), .s_k_o(s_k), .s_dst_o(s_dst), .s_src_o(s_src),
        .s_group_o(s_group), .s_seq_o(s_seq), .s_off_o(s_off), .s_len_o(s_len), .s_msglen_o(s_msglen),
        .s_first_o(s_first), .prep_data_o(prep_data), .prep_job_o(prep_job)
    );

    reg [J-1:0]     live_q, valid_q, start_q, push_q;
    reg [J*KW-1:0]  npk_q;
    reg [J*NCW-1:0] nc_q;
    reg [1:0]       mode_q;
    always @(posedge clk_i) begin
        live_q  <= jvalid & jlive;
        valid_q <= jvalid;
        start_q <= ({{(J-1){1'b0}}, newj} << newj_j) | ({{(J-1){1'b0}}, newj2} << newj2_j);
        push_q  <= {{(J-1){1'b0}}, push} << push_j;
        npk_q  <= jnpk;
        nc_q   <= jnc;
        mode_q <= mode;
    end
    function automatic [KW-1:0] npk_of(input [JW-1:0] j);
        npk_of = jnpk[j*KW +: KW];
    endfunction
    function automatic child_live(input [JW-1:0] j, input [CIW-1:0] c);
        child_live = jvalid[j] && jlive[j] && {{(NCW-CIW){1'b0}}, c} < jnc[j*NCW +: NCW];
    endfunction

    always @* if (rst_n_q) begin : protocol
        integer j;
        for (j = 0; j < J; j = j + 1) begin
            assume(javail[j*KW +: KW] <= jnpk[j*KW +: KW]);
            assume(jnc[j*NCW +: NCW] <= MAXCHILD);
            if (jvalid[j] && jlive[j] && live_q[j])
                assume(jnpk[j*KW +: KW] == npk_q[j*KW +: KW]);
            if (jvalid[j] && valid_q[j])
                assume(jnc[j*NCW +: NCW] == nc_q[j*NCW +: NCW]);
            if (jvalid[j] && !valid_q[j]) assume(start_q[j]);
            if (!jvalid[j] && valid_q[j]) assume(push_q[j]);
        end
        if (b_v && b_ok)
            assume(jvalid[b_j] && {{(NCW-CIW){1'b0}}, b_c} < jnc[b_j*NCW +: NCW] &&
                   (b_op == OP_INIT || jlive[b_j]));
        if (live_q != {J{1'b0}}) assume(mode == mode_q);
    end

`ifdef JS_OK
    always @* if (rst_n_q && !soft) begin : ok
        if (sel_ok) begin
            assert(b_v && b_op == OP_SEL && child_live(b_j, b_c));
            if (b_req)
                assert(b_adm == A_NEED);
            else
                assert(b_adm == A_GRANT && b_sent < npk_of(b_j) && b_sent - b_acked < TXWIN[KW-1:0]);
        end
    end
`endif

`ifdef JS_CAND
    always @* if (rst_n_q && !soft) begin : cand
        if (sel_req) assert(child_live(sel_j, sel_c));
    end
`endif
endmodule
`resetall

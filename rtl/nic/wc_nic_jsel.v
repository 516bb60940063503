// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// The job unit's transmit selection.  A job sends to its children in
// claim order: a REQ due goes before data; then FPFS and host mode take
// the child with the fewest packets sent, the lowest index on a tie; FCFS
// the lowest child up to the one being served.  Every job keeps a ready
// set: a bit a child (J x MAXCHILD flops) for the children whose claim is
// at the job's best level (a REQ, or data at the fewest packets sent; in
// FCFS every data claim is one level), and that level; its candidate is
// the set's lowest child, a priority pick in one cycle.  A SEL moves its
// child out of the set (or keeps it, if its claim after the packet is
// still at the level), so the children of a level go one a cycle: a
// multisend to D children costs O(1) cycles a packet, not a pass of D.
// The set comes from a pass over the job's children, one FIND a cycle
// through the child table's pipeline (wc_nic_jrel), run by one pass engine
// for every job in turn, which gathers the set of the best level it has
// seen; the events keep it current: an ACK, TMO or INIT that changes a
// child puts the child in (its claim at the level), makes it the set
// alone (a better level) or takes it out (a worse one); the same for a
// pass under way if the pass has visited the child.  A pass is due when
// the set empties, and when every child's claim moved (a forwarding job's
// packet count grew, the job became its group's oldest: chg_i).
//
// The selection proper: round robin over the jobs with a candidate, which
// goes to stage B (SEL); stage B checks that it is still due and writes
// the packet into the prep register; the selection register takes it from
// there, or a pending ack first, acks and data alternating when both wait
// (served first every time, acks starved a congested forwarder's jobs for
// good: docs/nic-flow.md), with its data's place: a slot tagged {job, k},
// a staging buffer holding it, else the staging buffer the emitter is not
// reading (filled by the DMA).
// cmodel/wc_nic_jsel.c.
module wc_nic_jsel #(
    parameter integer NNODES   = 16,
    parameter integer NGROUPS  = `WC_NIC_GROUPS,
    parameter integer PAYLOAD  = `WC_NIC_PAYLOAD,
    parameter integer NSLOT    = 72,
    parameter integer JSEND    = 4,
    parameter integer JFWD     = 8,
    parameter integer KW       = 7,
    // Packets a job may have unacknowledged per child, 1..WC_NIC_WINDOW.
    parameter integer TXWIN    = 16,
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
    // ---- the job table (registered) ----
    input  wire [J-1:0]                 job_valid_i,
    input  wire [J-1:0]                 job_live_i,
    input  wire [J-1:0]                 job_fwd_i,
    input  wire [J-1:0]                 job_old_i,
    input  wire [J*`WC_NH0_TYPE_W-1:0]  job_type_i,
    input  wire [J*`WC_NH0_SRC_W-1:0]   job_src_i,
    input  wire [J*`WC_NH0_GROUP_W-1:0] job_group_i,
    input  wire [J*16-1:0]              job_msglen_i,
    input  wire [J*KW-1:0]              job_npk_i,
    input  wire [J*KW-1:0]              job_avail_i,
    input  wire [J*NCW-1:0]             job_nc_i,
    input  wire [J*NCW-1:0]             job_fc_i,
    input  wire                         newj_i,     // a job starts at index newj_j_i (either kind)
    input  wire [JW-1:0]                newj_j_i,
    input  wire                         newj2_i,    // ... and another at newj2_j_i
    input  wire [JW-1:0]                newj2_j_i,
    input  wire [J-1:0]                 chg_i,      // every child's claim moved
    input  wire                         push_i,     // job push_j_i leaves (DONE)
    input  wire [JW-1:0]                push_j_i,
    // ---- the pipeline (wc_nic_jrel) ----
    output wire                         sel_req_o,
    output wire [JW-1:0]                sel_j_o,
    output wire [CIW-1:0]               sel_c_o,
    output wire                         sel_creq_o,
    input  wire                         sel_gnt_i,
    output wire                         find_req_o,
    output wire [JW-1:0]                find_j_o,
    output wire [CIW-1:0]               find_c_o,
    output wire                         find_pid_o,
    input  wire                         find_gnt_i,
    input  wire                         b_v_i,
    input  wire [2:0]                   b_op_i,
    input  wire [JW-1:0]                b_j_i,
    input  wire [CIW-1:0]               b_c_i,
    input  wire                         b_req_i,
    input  wire                         b_pid_i,
    input  wire [1:0]                   b_adm_i,    // the entry as read
    input  wire [15:0]                  b_base_i,
    input  wire [KW-1:0]                b_sent_i,
    input  wire [KW-1:0]                b_acked_i,
    input  wire [KW-1:0]                b_hi_i,
    input  wire [DW-1:0]                b_dst_i,
    input  wire                         b_ok_i,     // ACK, TMO, INIT applied: the child after it
    input  wire [1:0]                   n_adm_i,
    input  wire [KW-1:0]                n_sent_i,
    input  wire [KW-1:0]                n_acked_i,
    output wire                         sel_ok_o,   // stage B's SEL: the candidate is still due
    output wire                         fc_inc_o,   // ... FCFS: its child has the whole message now
    output wire                         probe_o,    // ... a first-time data packet: a round-trip probe may start
    output wire [KW-1:0]                probe_k_o,
    input  wire                         pr_v_i,
    // ---- the selection register's next packet ----
    input  wire                         sel_busy_i,     // the selection register is full
    // the head of the register block's queue of pending acks (a stream
    // joins it when it becomes pending), its kind, expected sequence
    // number and parent read a cycle ahead; taking it clears it
    input  wire                         ak_valid_i,
    input  wire [SIDW-1:0]              ak_sid_i,
    input  wire [2:0]                   ak_kind_i,
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
    output reg                          sl_valid_o,
    output reg                          sl_ack_o,
    output reg                          sl_req_o,
    output wire [SIDW-1:0]              sl_sid_o,
    output reg                          s_ready_o,
    output reg                          s_from_o,
    output reg  [SW-1:0]                s_buf_o,
    output reg  [JW-1:0]                s_job_o,
    output reg  [CIW-1:0]               s_child_o,
    output reg  [`WC_NH0_TYPE_W-1:0]    s_type_o,
    output reg                          s_fill_o,
    output reg  [KW-1:0]                s_k_o,
    output reg  [DW-1:0]                s_dst_o,
    output reg  [`WC_NH0_SRC_W-1:0]     s_src_o,
    output reg  [`WC_NH0_GROUP_W-1:0]   s_group_o,
    output reg  [15:0]                  s_seq_o,
    output reg  [15:0]                  s_off_o,
    output reg  [15:0]                  s_len_o,
    output reg  [15:0]                  s_msglen_o,
    output reg                          s_first_o,      // the child's first copy of a data packet
    output wire                         prep_data_o,    // the prep register holds a data packet of prep_job_o
    output wire [JW-1:0]                prep_job_o
);
    localparam integer GIW = `WC_NH0_GROUP_W;
    localparam integer TW  = `WC_NH0_TYPE_W;
    localparam integer CLW = 2 + CIW + KW;          // a claim {v, req, c, k}
    localparam integer LVW = 1 + KW;                // a level {req, k}
    localparam integer MC  = MAXCHILD;
    localparam [DW-1:0] NOPAR    = `WC_NIC_NO_PARENT;
    localparam [15:0]   PAY16    = PAYLOAD[15:0];
    localparam [TW-1:0] PT_MDATA = `WC_PT_MDATA;
    localparam [TW-1:0] PT_UACK  = `WC_PT_UACK;
    localparam [TW-1:0] PT_MACK  = `WC_PT_MACK;
    localparam [TW-1:0] PT_REQ   = `WC_PT_REQ;
    localparam [TW-1:0] PT_GRANT = `WC_PT_GRANT;
    localparam [TW-1:0] PT_WAIT  = `WC_PT_WAIT;
    localparam [TW-1:0] PT_NAK   = `WC_PT_NAK;
    localparam [1:0]    A_NEED   = `WC_NIC_ADM_NEED;
    localparam [1:0]    A_GRANT  = `WC_NIC_ADM_GRANT;
    localparam [2:0]    OP_ACK = `WC_NIC_JOP_ACK, OP_SEL = `WC_NIC_JOP_SEL, OP_INIT = `WC_NIC_JOP_INIT,
                        OP_FIND = `WC_NIC_JOP_FIND, OP_TMO = `WC_NIC_JOP_TMO;

    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_JSEND
        `WC_NIC_CHECK_JFWD
        `WC_NIC_CHECK_TXWIN
        `WC_NIC_CHECK_MAXCHILD
        `WC_NIC_CHECK_KW
        if (J != JSEND + JFWD) $error("%m: J is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (DW != `WC_HEAD_DST_W) $error("%m: DW is derived, leave it at its default");
        if (CIW != (MAXCHILD > 1 ? $clog2(MAXCHILD) : 1)) $error("%m: CIW is derived, leave it at its default");
        if (NCW != $clog2(MAXCHILD + 1)) $error("%m: NCW is derived, leave it at its default");
        if (NG != NNODES + NGROUPS) $error("%m: NG is derived, leave it at its default");
        if (SIDW != $clog2(NG)) $error("%m: SIDW is derived, leave it at its default");
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
    end

    wire clr = !rst_ni || soft_i;
    wire fcfs = mode_i == `WC_NIC_MODE_FCFS;

    // ---- claims ------------------------------------------------------
    function [NCW:0] fc_of(input [JW-1:0] j);
        fc_of = {1'b0, job_fc_i[j*NCW +: NCW]};
    endfunction
    // A REQ may go to child c: FCFS asks a child when the one before it
    // is being served (a grant holds the receiver's context, buffer and
    // forwarding job, which a child served much later would hold idle); a
    // forwarding job asks only as its group's oldest (a child admits a
    // stream's messages in order, one at a time).
    function allowed(input [JW-1:0] j, input [CIW-1:0] c);
        allowed = (!fcfs || {{(NCW+1-CIW){1'b0}}, c} <= fc_of(j) + 1'b1) && (!job_fwd_i[j] || job_old_i[j]);
    endfunction
    // Child c may be sent its next packet: admitted, one of the packets
    // the job has, fewer than TXWIN unacknowledged (a child that drops
    // everything then costs its siblings at most a window per timeout);
    // in FCFS, the children before it have the whole message.
    function eligible(input [JW-1:0] j, input [CIW-1:0] c, input [1:0] adm, input [KW-1:0] sent,
                      input [KW-1:0] acked);
        reg [KW-1:0] out;
        begin
            out = sent - acked;
            eligible = adm == A_GRANT && sent < job_avail_i[j*KW +: KW] && {{(32-KW){1'b0}}, out} < TXWIN &&
                       (!fcfs || {{(NCW+1-CIW){1'b0}}, c} <= fc_of(j));
        end
    endfunction
    // the child's claim to be sent next: {valid, a REQ, c, packets sent}
    function [CLW-1:0] claim(input [JW-1:0] j, input [CIW-1:0] c, input [1:0] adm, input [KW-1:0] sent,
                             input [KW-1:0] acked);
        if (adm == A_NEED && allowed(j, c))
            claim = {1'b1, 1'b1, c, {KW{1'b0}}};
        else if (eligible(j, c, adm, sent, acked))
            claim = {1'b1, 1'b0, c, sent};
        else
            claim = {1'b0, 1'b0, c, {KW{1'b0}}};
    endfunction
    // Levels: {a REQ, packets sent}; a set's level is valid when the set
    // is not empty.  Claim a's level goes strictly before level l (lv:
    // l valid), or is l; within a level the lower child goes first.
    function lv_before(input [CLW-1:0] a, input lv, input [LVW-1:0] l);
        if (!a[CLW-1])
            lv_before = 1'b0;
        else if (!lv)
            lv_before = 1'b1;
        else if (a[CLW-2] != l[KW])
            lv_before = a[CLW-2];
        else
            lv_before = !a[CLW-2] && !fcfs && a[0 +: KW] < l[0 +: KW];
    endfunction
    function lv_same(input [CLW-1:0] a, input lv, input [LVW-1:0] l);
        lv_same = a[CLW-1] && lv && a[CLW-2] == l[KW] && (a[CLW-2] || fcfs || a[0 +: KW] == l[0 +: KW]);
    endfunction
    // the lowest child of a ready set
    function [CIW-1:0] lowest(input [MAXCHILD-1:0] r);
        integer c;
        begin
            lowest = {CIW{1'b0}};
            for (c = MAXCHILD - 1; c >= 0; c = c - 1)
                if (r[c]) lowest = c[CIW-1:0];
        end
    endfunction

    // ---- state -------------------------------------------------------
    reg  [J-1:0]      need_q;               // a pass is due
    reg  [J*MC-1:0]   rdy_q;                // the ready sets
    reg  [J*LVW-1:0]  lv_q;                 // ... their levels
    reg               pe_v_q, pe_pid_q;     // the pass engine: a pass of job pe_j_q
    reg  [JW-1:0]     pe_j_q, pe_ptr_q;
    reg  [NCW-1:0]    pe_pi_q, pe_pb_q;     // children issued, children read
    reg  [MC-1:0]     pq_q;                 // the pass's set so far
    reg  [LVW-1:0]    rb_q;                 // ... its level
    // a job has a candidate: its ready set is not empty
    reg  [J-1:0]      cv_q;
    always @* begin : cand_valid
        integer j;
        for (j = 0; j < J; j = j + 1)
            cv_q[j] = rdy_q[j*MC +: MC] != {MC{1'b0}};
    end
    reg  [JW-1:0]     jobp_q;               // the SEL round robin
    reg               lack_q;               // the last packet chosen was an ack
    // the prep register: the next job packet
    reg               pv_q, preq_q, pfirst_q;
    reg  [JW-1:0]     pjob_q;
    reg  [CIW-1:0]    pch_q;
    reg  [KW-1:0]     pk_q;
    reg  [DW-1:0]     pdst_q;
    reg  [TW-1:0]     ptype_q;
    reg  [`WC_NH0_SRC_W-1:0] psrc_q;
    reg  [GIW-1:0]    pgrp_q;
    reg  [15:0]       pseq_q, poff_q, plen_q, pml_q;

    // ---- stage A: SEL and FIND requests --------------------------------
    wire [J-1:0] has = job_valid_i & job_live_i & cv_q;
    wire         sel_any;
    wire [JW-1:0] sel_j;
    wc_rr_arb #(.N(J), .IW(JW)) u_sel_rr (.req_i(has), .ptr_i(jobp_q), .gnt_valid_o(sel_any), .gnt_idx_o(sel_j));
    assign sel_req_o  = sel_any && !pv_q && !(b_v_i && b_op_i == OP_SEL);
    assign sel_j_o    = sel_j;
    assign sel_c_o    = lowest(rdy_q[sel_j*MC +: MC]);
    assign sel_creq_o = lv_q[sel_j*LVW + KW];
    assign find_req_o = pe_v_q && pe_pi_q < job_nc_i[pe_j_q*NCW +: NCW];
    assign find_j_o   = pe_j_q;
    assign find_c_o   = pe_pi_q[CIW-1:0];
    assign find_pid_o = pe_pid_q;

    // ---- stage B -------------------------------------------------------
    wire         b_live = job_valid_i[b_j_i] && job_live_i[b_j_i] &&
                          {{(32-CIW){1'b0}}, b_c_i} < {{(32-NCW){1'b0}}, job_nc_i[b_j_i*NCW +: NCW]};
    wire         b_sel  = b_v_i && b_op_i == OP_SEL;
    assign sel_ok_o = b_sel && b_live && (b_req_i ? b_adm_i == A_NEED && allowed(b_j_i, b_c_i)
                                                  : eligible(b_j_i, b_c_i, b_adm_i, b_sent_i, b_acked_i));
    wire         b_find = b_v_i && b_op_i == OP_FIND && b_live && pe_v_q && pe_j_q == b_j_i && pe_pid_q == b_pid_i;
    wire [CLW-1:0] fclaim = claim(b_j_i, b_c_i, b_adm_i, b_sent_i, b_acked_i);
    wire         b_evt  = b_v_i && b_ok_i && (b_op_i == OP_ACK || b_op_i == OP_TMO || b_op_i == OP_INIT);
    wire [CLW-1:0] eclaim = claim(b_j_i, b_c_i, n_adm_i, n_sent_i, n_acked_i);
    wire [KW-1:0]  bnpk  = job_npk_i[b_j_i*KW +: KW];
    wire [15:0]    bml   = job_msglen_i[b_j_i*16 +: 16];
    wire [15:0]    bk16  = b_req_i ? 16'd0 : {{(16-KW){1'b0}}, b_sent_i};
    wire [15:0]    boff  = bk16 * PAY16;
    wire [15:0]    brest = bml - boff;
    wire           bfirst = !b_req_i && b_sent_i >= b_hi_i;
    assign fc_inc_o  = sel_ok_o && !b_req_i && {{(32-CIW){1'b0}}, b_c_i} == {{(32-NCW){1'b0}}, job_fc_i[b_j_i*NCW +: NCW]} &&
                       b_sent_i + 1'b1 == bnpk;
    assign probe_o   = sel_ok_o && bfirst && !pr_v_i;
    assign probe_k_o = b_sent_i;

    // The merge of a child's new claim into a ready set: the set of a
    // pass under way (a FIND; an event on a child it has visited), else
    // the job's (an event; a SEL, with its child's claim after the
    // packet).  A better level makes the child the set alone; its level
    // puts it in; else it leaves.  A job due a pass (need, empty set)
    // takes no event: the pass reads the child.
    wire           in_pass = pe_v_q && pe_j_q == b_j_i;
    wire           m_seen  = {{(32-CIW){1'b0}}, b_c_i} < {{(32-NCW){1'b0}}, pe_pb_q};
    wire           use_pq  = b_find || (b_evt && in_pass);
    wire [MC-1:0]  r_in    = use_pq ? pq_q : rdy_q[b_j_i*MC +: MC];
    wire [LVW-1:0] l_in    = use_pq ? rb_q : lv_q[b_j_i*LVW +: LVW];
    wire           r_lv    = r_in != {MC{1'b0}};
    // the SEL's child after its packet: a REQ asked, or one packet more
    wire [CLW-1:0] sclaim  = b_req_i ? {CLW{1'b0}} : claim(b_j_i, b_c_i, b_adm_i, b_sent_i + 1'b1, b_acked_i);
    wire [CLW-1:0] mclaim  = b_find ? fclaim : b_sel ? sclaim : eclaim;
    wire [MC-1:0]  cbit    = {{(MC-1){1'b0}}, 1'b1} << b_c_i;
    wire           m_bef   = lv_before(mclaim, r_lv, l_in);
    wire [MC-1:0]  r_out   = m_bef ? cbit : lv_same(mclaim, r_lv, l_in) ? r_in | cbit : r_in & ~cbit;
    wire [LVW-1:0] l_out   = m_bef ? {mclaim[CLW-2], mclaim[0 +: KW]} : l_in;
    wire           r_empt  = r_lv && r_out == {MC{1'b0}};
    wire           m_pass  = b_evt && in_pass && m_seen;
    wire           m_restart = m_pass && r_empt;
    wire           m_job   = b_evt && !in_pass && (cv_q[b_j_i] || !need_q[b_j_i]);
    // a SEL keeps the set without its child but for FCFS's move to the
    // next child (REQs may be due that no event names: a pass looks)
    wire           s_keep  = b_sel && sel_ok_o && !(fcfs && fc_inc_o) && !in_pass && cv_q[b_j_i];
    wire [NCW-1:0] f_pb    = pe_pb_q + 1'b1;
    wire           f_fin   = b_find && f_pb == job_nc_i[b_j_i*NCW +: NCW];

    // the pass engine's next job: the first at or after its pointer that
    // is live and due a pass, and not leaving in this cycle
    wire [J-1:0]   pe_due = job_valid_i & job_live_i & need_q & ~({{(J-1){1'b0}}, push_i} << push_j_i);
    wire           pe_any;
    wire [JW-1:0]  pe_nj;
    wc_rr_arb #(.N(J), .IW(JW)) u_pass_rr (.req_i(pe_due), .ptr_i(pe_ptr_q), .gnt_valid_o(pe_any), .gnt_idx_o(pe_nj));
    wire           pe_start = !pe_v_q && pe_any;

    // ---- the selection register's next packet ---------------------------
    wire            ak_any = ak_valid_i;
    wire [SIDW-1:0] ak_sid = ak_sid_i;
    assign sl_sid_o = ak_sid;
    // stream id -> peer node, or group id (stream ids above NNODES)
    function [DW-1:0] sid_node(input [SIDW-1:0] sid);
        integer b;
        begin
            sid_node = {DW{1'b0}};
            for (b = 0; b < SIDW && b < DW; b = b + 1) sid_node[b] = sid[b];
        end
    endfunction
    function [GIW-1:0] sid_group(input [SIDW-1:0] sid);
        integer b;
        reg [SIDW:0] g;
        begin
            g = {1'b0, sid} - NNODES[SIDW:0];
            sid_group = {GIW{1'b0}};
            for (b = 0; b <= SIDW && b < GIW; b = b + 1) sid_group[b] = g[b];
        end
    endfunction
    wire ak_uni = {{(32-SIDW){1'b0}}, ak_sid} < NNODES;
    // the first slot holding packet pk_q of job pjob_q, the staging buffers
    reg            slot_hit;
    reg  [SW-1:0]  slot_idx;
    // (searched only for the prep register's forwarded data packet, the
    // one packet that reads it: a simulation skips the slots otherwise)
    always @* begin : slot_search
        integer s;
        slot_hit = 1'b0;
        slot_idx = {SW{1'b0}};
        s = 0;      // (assigned on every path: no latch)
        if (pv_q && !preq_q && job_fwd_i[pjob_q])
            for (s = NSLOT - 1; s >= 0; s = s - 1)
                if (slot_tag_i[s] && slot_fj_i[s*JW +: JW] == pjob_q && slot_k_i[s*KW +: KW] == pk_q) begin
                    slot_hit = 1'b1;
                    slot_idx = s[SW-1:0];
                end
    end
    wire st0 = stage_valid_i[0] && stage_job_i[0 +: JW] == pjob_q && stage_k_i[0 +: KW] == pk_q;
    wire st1 = stage_valid_i[1] && stage_job_i[JW +: JW] == pjob_q && stage_k_i[KW +: KW] == pk_q;
    always @* begin
        sl_valid_o = 1'b0;  sl_ack_o = 1'b0;  sl_req_o = 1'b0;
        s_ready_o = 1'b0;  s_from_o = 1'b0;  s_buf_o = {SW{1'b0}};  s_job_o = {JW{1'b0}};
        s_child_o = {CIW{1'b0}};  s_type_o = {TW{1'b0}};  s_fill_o = 1'b0;  s_k_o = {KW{1'b0}};
        s_dst_o = {DW{1'b0}};  s_src_o = self_i;  s_group_o = {GIW{1'b0}};  s_seq_o = 16'd0;
        s_off_o = 16'd0;  s_len_o = 16'd0;  s_msglen_o = 16'd0;  s_first_o = 1'b0;
        if (sel_busy_i) begin
            // the selection register is full: nothing chosen
        end else if (ak_any && !(lack_q && pv_q)) begin
            sl_ack_o  = 1'b1;
            s_ready_o = 1'b1;
            s_seq_o   = ak_exp_i;
            // GRANT, NAK and WAIT name the stream's group, 0 for unicast
            s_type_o  = ak_kind_i == `WC_NIC_PEND_GRANT ? PT_GRANT :
                        ak_kind_i == `WC_NIC_PEND_NAK   ? PT_NAK :
                        ak_kind_i == `WC_NIC_PEND_WAIT  ? PT_WAIT : ak_uni ? PT_UACK : PT_MACK;
            if (ak_uni) begin
                sl_valid_o = 1'b1;
                s_dst_o    = sid_node(ak_sid);
            end else if (ak_gvalid_i && ak_gparent_i != NOPAR) begin
                sl_valid_o = 1'b1;
                s_dst_o    = ak_gparent_i;
                s_group_o  = sid_group(ak_sid);
            end
            // else nobody to acknowledge: only the flag clears
        end else if (pv_q) begin
            sl_valid_o = 1'b1;
            sl_req_o   = preq_q;
            s_job_o    = pjob_q;
            s_child_o  = pch_q;
            s_k_o      = pk_q;
            s_dst_o    = pdst_q;
            s_type_o   = ptype_q;
            s_src_o    = psrc_q;
            s_group_o  = pgrp_q;
            s_seq_o    = pseq_q;
            s_off_o    = poff_q;
            s_len_o    = plen_q;
            s_msglen_o = pml_q;
            if (preq_q) begin
                s_ready_o = 1'b1;
            end else begin
                s_first_o = pfirst_q;
                if (job_fwd_i[pjob_q] && slot_hit) begin
                    s_from_o  = 1'b1;
                    s_buf_o   = slot_idx;
                    s_ready_o = 1'b1;
                end else if (st0 || st1) begin
                    s_buf_o   = {{(SW-1){1'b0}}, !st0};
                    s_ready_o = 1'b1;
                end else begin
                    // stage into the buffer the emitter is not reading
                    s_buf_o  = {{(SW-1){1'b0}}, stage0_pin_i};
                    s_fill_o = 1'b1;
                end
            end
        end
    end
    assign prep_data_o = pv_q && !preq_q;
    assign prep_job_o  = pjob_q;

    // ---- registers -----------------------------------------------------
    always @(posedge clk_i) begin : regs
        integer j;
        if (clr) begin
            rdy_q <= {(J*MC){1'b0}};  need_q <= {J{1'b0}};
            pe_v_q <= 1'b0;  pe_pid_q <= 1'b0;  pe_j_q <= {JW{1'b0}};  pe_ptr_q <= {JW{1'b0}};
            pe_pi_q <= {NCW{1'b0}};  pe_pb_q <= {NCW{1'b0}};  pq_q <= {MC{1'b0}};  rb_q <= {LVW{1'b0}};
            jobp_q <= {JW{1'b0}};  lack_q <= 1'b0;  pv_q <= 1'b0;
        end else begin
            // the selection register's pick
            if (!sl_ack_o && sl_valid_o)
                pv_q <= 1'b0;
            if (sl_valid_o)
                lack_q <= sl_ack_o;
            if (sel_gnt_i)
                jobp_q <= ({{(32-JW){1'b0}}, sel_j} == J - 1) ? {JW{1'b0}} : sel_j + 1'b1;
            if (find_gnt_i)
                pe_pi_q <= pe_pi_q + 1'b1;
            // stage B: SEL takes its child out of the set (a pass is due
            // when the set empties) and fills the prep register
            if (b_sel) begin
                rdy_q[b_j_i*MC +: MC] <= s_keep ? r_out : {MC{1'b0}};
                if (s_keep)
                    lv_q[b_j_i*LVW +: LVW] <= l_out;
                // (a job that left has none due: a job starting at its
                // index this cycle is idle)
                if (b_live)
                    need_q[b_j_i] <= !s_keep || r_out == {MC{1'b0}};
            end
            if (sel_ok_o)
                pv_q <= 1'b1;
            if (b_find || m_pass) begin
                pq_q <= r_out;
                rb_q <= l_out;
            end
            if (b_find)
                pe_pb_q <= f_pb;
            if (m_job) begin
                rdy_q[b_j_i*MC +: MC]   <= r_out;
                lv_q[b_j_i*LVW +: LVW] <= l_out;
                if (r_empt)
                    need_q[b_j_i] <= 1'b1;
            end
            // the pass engine: a finished job's pass ends, else a pass
            // starts over (its set emptied, or chg), else the last FIND
            // gives the job its set; a live job of chg without
            // a candidate is due a pass (a candidate stays: the newly
            // eligible children have more packets sent than it, or are
            // REQs of a job that had none; a job not yet live gets its
            // candidate from its INITs)
            if (pe_v_q && push_i && push_j_i == pe_j_q) begin
                pe_v_q <= 1'b0;
            end else if (pe_v_q && (m_restart || chg_i[pe_j_q])) begin
                pe_pid_q <= !pe_pid_q;
                pe_pi_q  <= {NCW{1'b0}};
                pe_pb_q  <= {NCW{1'b0}};
                pq_q     <= {MC{1'b0}};
            end else if (f_fin) begin
                rdy_q[pe_j_q*MC +: MC]   <= r_out;
                lv_q[pe_j_q*LVW +: LVW] <= l_out;
                pe_v_q <= 1'b0;
            end
            for (j = 0; j < J; j = j + 1)
                if (chg_i[j] && job_live_i[j] && !(pe_v_q && j == {{(32-JW){1'b0}}, pe_j_q}) && !cv_n(j))
                    need_q[j] <= 1'b1;
            if (pe_start) begin
                pe_v_q   <= 1'b1;
                pe_j_q   <= pe_nj;
                pe_pid_q <= !pe_pid_q;
                pe_pi_q  <= {NCW{1'b0}};
                pe_pb_q  <= {NCW{1'b0}};
                pq_q     <= {MC{1'b0}};
                pe_ptr_q <= ({{(32-JW){1'b0}}, pe_nj} == J - 1) ? {JW{1'b0}} : pe_nj + 1'b1;
                need_q[pe_nj] <= 1'b0;
            end
            // a job starting afresh has no candidate and no pass due (only
            // a free job starts: nothing above touched it)
            if (newj_i) begin
                rdy_q[newj_j_i*MC +: MC] <= {MC{1'b0}};
                need_q[newj_j_i] <= 1'b0;
            end
            if (newj2_i) begin
                rdy_q[newj2_j_i*MC +: MC] <= {MC{1'b0}};
                need_q[newj2_j_i] <= 1'b0;
            end
            if (push_i) begin
                rdy_q[push_j_i*MC +: MC] <= {MC{1'b0}};
                need_q[push_j_i] <= 1'b0;
            end
        end
    end
    // a job's candidate after this cycle's stage B (the SEL, the event's
    // merge): chg makes a pass due only without one
    function cv_n(input integer j);
        if ((s_keep || m_job) && {{(32-JW){1'b0}}, b_j_i} == j)
            cv_n = r_out != {MC{1'b0}};
        else if (b_sel && {{(32-JW){1'b0}}, b_j_i} == j)
            cv_n = 1'b0;
        else
            cv_n = cv_q[j];
    endfunction
    // the prep register: stage B's SEL packet
    always @(posedge clk_i) begin
        if (sel_ok_o) begin
            preq_q   <= b_req_i;
            pfirst_q <= bfirst;
            pjob_q   <= b_j_i;
            pch_q    <= b_c_i;
            pk_q     <= bk16[KW-1:0];
            pdst_q   <= b_dst_i;
            ptype_q  <= b_req_i ? PT_REQ : job_type_i[b_j_i*TW +: TW];
            psrc_q   <= job_src_i[b_j_i*`WC_NH0_SRC_W +: `WC_NH0_SRC_W];
            pgrp_q   <= (b_req_i && job_type_i[b_j_i*TW +: TW] != PT_MDATA) ? {GIW{1'b0}} : job_group_i[b_j_i*GIW +: GIW];
            pseq_q   <= b_base_i + bk16;
            poff_q   <= boff;
            plen_q   <= b_req_i ? 16'd0 : (brest < PAY16) ? brest : PAY16;
            pml_q    <= bml;
        end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin : protocol
        if (rst_ni && !soft_i) begin
            // The selection: nothing while the selection register is full;
            // the round robins grant only requesters; acks and data
            // alternate when both wait (docs/nic-uarch.md, Selection).
            if (sel_busy_i && (sl_valid_o || sl_ack_o))
                $error("%m: selection made while the selection register is full");
            if (ak_any && {{(32-SIDW){1'b0}}, ak_sid} >= NG)
                $error("%m: acknowledgement of stream %0d offered: no such stream", ak_sid);
            if (sel_any && !has[sel_j])
                $error("%m: SEL round robin picked job %0d without a candidate", sel_j);
            if (sl_ack_o && lack_q && pv_q)
                $error("%m: ack chosen after an ack while a job packet was ready");
            if (sl_valid_o && !sl_ack_o && ak_any && !lack_q)
                $error("%m: job packet chosen before the pending ack of stream %0d", ak_sid);
            // a candidate only for a job without a pass under way, and
            // the pass engine reads only its job's children, in order
            if (pe_v_q && cv_q[pe_j_q])
                $error("%m: job %0d has a candidate and a pass under way", pe_j_q);
            if ((need_q & cv_q) != {J{1'b0}})
                $error("%m: jobs %b are due a pass and have a candidate", need_q & cv_q);
            if (b_find && {{(32-CIW){1'b0}}, b_c_i} != {{(32-NCW){1'b0}}, pe_pb_q})
                $error("%m: pass of job %0d read child %0d, expected %0d", pe_j_q, b_c_i, pe_pb_q);
            if (sl_valid_o && !sl_ack_o && !sl_req_o &&
                (s_len_o == 16'd0 || s_len_o > PAY16 || {1'b0, s_off_o} + {1'b0, s_len_o} > {1'b0, s_msglen_o}))
                $error("%m: packet selected with offset %0d, length %0d of %0d", s_off_o, s_len_o, s_msglen_o);
            if (sel_ok_o && b_req_i && !b_live)
                $error("%m: REQ for job %0d child %0d, not a live child", b_j_i, b_c_i);
        end
    end
`endif
endmodule
`resetall

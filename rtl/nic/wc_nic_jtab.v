// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// The job unit's job table: send jobs 0..JSEND-1 run host descriptors,
// forwarding jobs JSEND..J-1 forward a received multicast message to this
// node's children.  A job starts in one cycle (its registers and its
// destination row); its children's entries are then initialised one a
// cycle through the child table's pipeline (the send-queue unit's INIT
// steps give a send job's stream bases, the forwarding INIT sequencer a
// forwarding job's), and it goes live with the last.  The forwarding jobs
// of one group form a chain in the order they started, which is their
// messages' order: only the oldest asks its children for admission and
// completes, so the host sees a stream's messages in order.  A job is
// done when its packets are all available and every child has
// acknowledged them all (a count kept as acks arrive), and, forwarding,
// its message is in host memory; it leaves through the completion FIFO
// (DONE in stage B): a send job with its send completion, releasing its
// streams, a forwarding job with its message's receive completion (held
// back until then: the host buffer was the retransmission copy).
// cmodel/wc_nic_jtab.c.
module wc_nic_jtab #(
    parameter integer NNODES   = 16,
    parameter integer NGROUPS  = `WC_NIC_GROUPS,
    parameter integer JSEND    = 4,
    parameter integer JFWD     = 8,
    parameter integer KW       = 7,
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN,
    // Derived (leave at the default; the body checks them):
    parameter integer J    = JSEND + JFWD,
    parameter integer JW   = $clog2(J),
    parameter integer DW   = `WC_HEAD_DST_W,
    parameter integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1,
    parameter integer NCW  = $clog2(MAXCHILD + 1),
    parameter integer RW   = MAXCHILD * DW
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         soft_i,
    // ---- receive processor: a forwarding job starts, or gets a packet ----
    input  wire                         newfj_i,
    input  wire [JW-1:0]                nfj_i,
    input  wire                         fjinc_i,
    input  wire [JW-1:0]                fj_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   nf_group_i,
    input  wire [`WC_NH0_SRC_W-1:0]     nf_src_i,
    input  wire [15:0]                  nf_msglen_i,
    input  wire [KW-1:0]                nf_npk_i,
    input  wire [31:0]                  nf_addr_i,
    input  wire [`WC_NH1_SEQ_W-1:0]     nf_seq_i,   // every child's base sequence
    input  wire [NCW-1:0]               nf_nc_i,
    input  wire [RW-1:0]                nf_dst_i,
    input  wire                         toobig_i,   // the processor uses the completion FIFO
    input  wire                         cq_room_i,  // completion FIFO not full
    output wire                         fj_rdy_o,   // the forwarding INIT sequencer is free
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
    input  wire [RW-1:0]                c_dst_i,
    input  wire                         init_i,     // an INIT step of job cj_i ...
    input  wire                         init_fin_i, // ... its last child's
    input  wire                         sq_gnt_i,   // ... taken by the pipeline
    // ---- DMA: a staging read failed; a forwarded message is in host memory ----
    input  wire                         stage_err_i,
    input  wire [JW-1:0]                stage_err_job_i,
    input  wire                         hostdone_i,
    input  wire [JW-1:0]                hostdone_job_i,
    input  wire                         hostdone_err_i,
    // ---- a data packet of a job in the selection or prep register ----
    input  wire                         sel_data_i,
    input  wire [JW-1:0]                sel_job_i,
    input  wire                         prep_data_i,
    input  wire [JW-1:0]                prep_job_i,
    // ---- the pipeline (wc_nic_jrel) ----
    input  wire                         b_v_i,
    input  wire [2:0]                   b_op_i,
    input  wire [JW-1:0]                b_j_i,
    input  wire [CIW-1:0]               b_c_i,
    input  wire                         full_i,     // ACK: the child has every packet acknowledged
    input  wire [RW-1:0]                b_row_i,    // the job's destination row
    input  wire                         fc_inc_i,   // SEL: FCFS's current child has the whole message
    output wire                         done_req_o,
    output wire [JW-1:0]                done_j_o,
    output wire                         fi_req_o,
    output wire [JW-1:0]                fi_j_o,
    output wire [CIW-1:0]               fi_c_o,
    output wire [15:0]                  fi_base_o,
    input  wire                         fi_gnt_i,
    output wire                         row_we_o,   // a job's destination row
    output wire [JW-1:0]                row_wj_o,
    output wire [RW-1:0]                row_wd_o,
    // ---- the table ----
    output wire [J-1:0]                 job_valid_o,
    output wire [J-1:0]                 job_live_o,
    output wire [J-1:0]                 job_fwd_o,
    output wire [J-1:0]                 job_old_o,
    output wire [J*`WC_NH0_TYPE_W-1:0]  job_type_o,
    output wire [J*`WC_NH0_SRC_W-1:0]   job_src_o,
    output wire [J*`WC_NH0_GROUP_W-1:0] job_group_o,
    output wire [J*16-1:0]              job_msglen_o,
    output wire [J*KW-1:0]              job_npk_o,
    output wire [J*KW-1:0]              job_avail_o,
    output wire [J*NCW-1:0]             job_nc_o,
    output wire [J*NCW-1:0]             job_fc_o,
    output wire [J-1:0]                 job_open_o,     // avail < npk
    output wire [J-1:0]                 chg_o,          // every child's claim moved (wc_nic_jsel)
    input  wire [JW-1:0]                adr_job_i,      // message address read port
    output wire [31:0]                  adr_o,
    // a job leaves through the completion FIFO (a send job: its send
    // completion, and its streams to free; a forwarding job: the receive
    // completion of its message)
    output wire                         push_o,
    output wire [JW-1:0]                push_j_o,
    output wire                         push_send_o,
    output wire [127:0]                 push_w_o,
    output wire                         push_grp_o,
    output wire [$clog2(NGROUPS)-1:0]   push_gid_o,
    output wire [NCW-1:0]               push_nc_o,
    output wire [RW-1:0]                push_dst_o,
    output wire                         busy_o
);
    localparam integer GIW = `WC_NH0_GROUP_W;
    localparam integer TW  = `WC_NH0_TYPE_W;
    localparam integer SRW = `WC_NH0_SRC_W;
    localparam integer TGW = `WC_SD0_TAG_W;
    localparam [TW-1:0] PT_UDATA = `WC_PT_UDATA;
    localparam [TW-1:0] PT_MDATA = `WC_PT_MDATA;
    localparam [7:0]    ST_BUSERR = `WC_NIC_ST_BUSERR;
    localparam [2:0]    OP_ACK = `WC_NIC_JOP_ACK, OP_DONE = `WC_NIC_JOP_DONE, OP_INIT = `WC_NIC_JOP_INIT;

    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_JSEND
        `WC_NIC_CHECK_JFWD
        `WC_NIC_CHECK_MAXCHILD
        `WC_NIC_CHECK_KW
        if (J != JSEND + JFWD) $error("%m: J is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (DW != `WC_HEAD_DST_W) $error("%m: DW is derived, leave it at its default");
        if (CIW != (MAXCHILD > 1 ? $clog2(MAXCHILD) : 1)) $error("%m: CIW is derived, leave it at its default");
        if (NCW != $clog2(MAXCHILD + 1)) $error("%m: NCW is derived, leave it at its default");
        if (RW != MAXCHILD * DW) $error("%m: RW is derived, leave it at its default");
    end

    wire clr = !rst_ni || soft_i;
    // ---------------------------------------------------------------- state
    reg  [J-1:0]     v_q, fw_q, hd_q, live_q, old_q, hs_q;
    reg  [J*TW-1:0]  ty_q;
    reg  [J*NCW-1:0] nc_q, fc_q, nd_q;      // children, FCFS's current one, those done
    reg  [J*8-1:0]   st_q;
    reg  [J*TGW-1:0] tag_q;
    reg  [J*GIW-1:0] grp_q;
    reg  [J*SRW-1:0] src_q;
    reg  [J*16-1:0]  ml_q;
    reg  [J*KW-1:0]  npk_q, av_q;
    reg  [J*32-1:0]  adr_q;
    reg  [J*JW-1:0]  succ_q;                // forwarding: the next job of the group
    // the forwarding INIT sequencer
    reg              fi_v_q;
    reg  [JW-1:0]    fi_j_q;
    reg  [CIW-1:0]   fi_c_q;
    reg  [15:0]      fi_base_q;

    function [NCW-1:0] nc_of(input [JW-1:0] j);
        nc_of = nc_q[j*NCW +: NCW];
    endfunction
    // children past the count carry zero: the matcher takes the first
    // child that is the ack's source, and a real child comes first
    function [RW-1:0] pad(input [RW-1:0] row, input [NCW-1:0] nc);
        integer c;
        begin
            pad = row;
            for (c = 0; c < MAXCHILD; c = c + 1)
                if (c >= {{(32-NCW){1'b0}}, nc}) pad[c*DW +: DW] = {DW{1'b0}};
        end
    endfunction
    assign row_we_o = newfj_i || create_i;
    assign row_wj_o = newfj_i ? nfj_i : cj_i;
    assign row_wd_o = newfj_i ? pad(nf_dst_i, nf_nc_i) : pad(c_dst_i, c_nc_i);

    // ------------------------------------------------------- completion
    // a packet of the job still in the prep or selection register (a
    // resend chosen before the last ack came) would be staged from the host
    // memory of whichever job takes the index next: the job leaves first
    wire [J-1:0] done;
    genvar gj;
    generate
        for (gj = 0; gj < J; gj = gj + 1) begin : g_done
            assign done[gj] = v_q[gj] && live_q[gj] && av_q[gj*KW +: KW] == npk_q[gj*KW +: KW] &&
                              nd_q[gj*NCW +: NCW] == nc_q[gj*NCW +: NCW] && (!fw_q[gj] || (hd_q[gj] && old_q[gj])) &&
                              !(sel_data_i && sel_job_i == gj) && !(prep_data_i && prep_job_i == gj);
        end
    endgenerate
    wire         b_done = b_v_i && b_op_i == OP_DONE;
    reg          dr;
    reg [JW-1:0] dj;
    always @* begin : done_request
        integer j;
        dr = 1'b0;
        dj = {JW{1'b0}};
        for (j = J - 1; j >= 0; j = j - 1)
            if (done[j] && !(b_done && {{(32-JW){1'b0}}, b_j_i} == j)) begin
                dr = cq_room_i;
                dj = j[JW-1:0];
            end
    end
    assign done_req_o = dr;
    assign done_j_o   = dj;
    // stage B's DONE: still done, and the completion FIFO takes it (the
    // receive processor's TOOBIG goes first)
    assign push_o   = b_done && done[b_j_i] && cq_room_i && !toobig_i;
    assign push_j_o = b_j_i;
    localparam [`WC_CD0_KIND_W-1:0] CK_SEND = `WC_CK_SEND, CK_RECV = `WC_CK_RECV;
    wire pfw = fw_q[b_j_i];
    assign push_send_o = push_o && !pfw;
    assign push_w_o = {
        {16'd0, ml_q[b_j_i*16 +: 16]} << `WC_CD3_LEN_LSB,
        adr_q[b_j_i*32 +: 32],
        pfw ? (({20'd0, src_q[b_j_i*SRW +: SRW]} << `WC_CD1_SRC_LSB) |
               ({20'd0, grp_q[b_j_i*GIW +: GIW]} << `WC_CD1_GROUP_LSB)) : 32'd0,
        (32'd1 << `WC_CD0_VALID_LSB) |
        (pfw ? 32'd0 : ({20'd0, tag_q[b_j_i*TGW +: TGW]} << `WC_CD0_TAG_LSB)) |
        ({28'd0, pfw ? CK_RECV : CK_SEND} << `WC_CD0_KIND_LSB) |
        ({24'd0, st_q[b_j_i*8 +: 8]} << `WC_CD0_STATUS_LSB)};
    assign push_grp_o = ty_q[b_j_i*TW +: TW] != PT_UDATA;
    assign push_gid_o = grp_q[b_j_i*GIW +: $clog2(NGROUPS)];
    assign push_nc_o  = nc_of(b_j_i);
    assign push_dst_o = b_row_i;

    // -------------------------------------------- the forwarding job chain
    // a new forwarding job is its group's oldest unless a live one of the
    // group exists; the youngest of those (the one without a successor)
    // points to it
    reg          nf_old;
    reg [J-1:0]  nf_tail;
    always @* begin : chain
        integer j;
        nf_old  = 1'b1;
        nf_tail = {J{1'b0}};
        for (j = JSEND; j < J; j = j + 1)
            if (j != {{(32-JW){1'b0}}, nfj_i} && v_q[j] && grp_q[j*GIW +: GIW] == nf_group_i) begin
                nf_old     = 1'b0;
                nf_tail[j] = !hs_q[j];
            end
    end
    // A new forwarding job of the group may arrive in the cycle the group's
    // youngest job leaves: it is then that job's successor already (the C
    // model links it first), and so the oldest of its group at once; else
    // it would wait for a predecessor that is gone.
    wire         b_hs_new  = newfj_i && nf_tail[b_j_i] && !hs_q[b_j_i];
    wire         b_ok_done = push_o && pfw && (hs_q[b_j_i] || b_hs_new);
    wire [JW-1:0] b_succ   = b_hs_new ? nfj_i : succ_q[b_j_i*JW +: JW];
    assign chg_o = ({{(J-1){1'b0}}, fjinc_i} << fj_i) | ({{(J-1){1'b0}}, b_ok_done} << b_succ);

    // ---------------------------------------------------------- next state
    generate
        for (gj = 0; gj < J; gj = gj + 1) begin : g_job
            wire newj = newfj_i && nfj_i == gj;
            wire crj  = create_i && cj_i == gj;
            wire binit = b_v_i && b_op_i == OP_INIT && b_j_i == gj &&
                         {{(32-CIW){1'b0}}, b_c_i} + 1 == {{(32-NCW){1'b0}}, nc_q[gj*NCW +: NCW]};
            wire bfull = b_v_i && b_op_i == OP_ACK && b_j_i == gj && full_i;
            wire bpush = push_o && b_j_i == gj;
            always @(posedge clk_i) begin
                if (clr) begin
                    v_q[gj] <= 1'b0;  fw_q[gj] <= 1'b0;  hd_q[gj] <= 1'b0;  live_q[gj] <= 1'b0;
                    old_q[gj] <= 1'b0;  hs_q[gj] <= 1'b0;  ty_q[gj*TW +: TW] <= {TW{1'b0}};
                    nc_q[gj*NCW +: NCW] <= {NCW{1'b0}};  fc_q[gj*NCW +: NCW] <= {NCW{1'b0}};
                    nd_q[gj*NCW +: NCW] <= {NCW{1'b0}};  st_q[gj*8 +: 8] <= 8'd0;
                    tag_q[gj*TGW +: TGW] <= {TGW{1'b0}};  grp_q[gj*GIW +: GIW] <= {GIW{1'b0}};
                    src_q[gj*SRW +: SRW] <= {SRW{1'b0}};  ml_q[gj*16 +: 16] <= 16'd0;
                    npk_q[gj*KW +: KW] <= {KW{1'b0}};  av_q[gj*KW +: KW] <= {KW{1'b0}};
                    adr_q[gj*32 +: 32] <= 32'd0;  succ_q[gj*JW +: JW] <= {JW{1'b0}};
                end else begin
                    // In the C model's order: a new forwarding job and its
                    // packet count; stage B's INIT, ACK and DONE; the send
                    // queue unit's job and its last INIT step; FCFS; the
                    // DMA's errors and host write.
                    if (newj) begin
                        v_q[gj] <= 1'b1;  fw_q[gj] <= 1'b1;  hd_q[gj] <= 1'b0;  live_q[gj] <= 1'b0;
                        old_q[gj] <= nf_old;  hs_q[gj] <= 1'b0;  ty_q[gj*TW +: TW] <= PT_MDATA;
                        nc_q[gj*NCW +: NCW] <= nf_nc_i;  fc_q[gj*NCW +: NCW] <= {NCW{1'b0}};
                        nd_q[gj*NCW +: NCW] <= {NCW{1'b0}};  st_q[gj*8 +: 8] <= 8'd0;
                        tag_q[gj*TGW +: TGW] <= {TGW{1'b0}};  grp_q[gj*GIW +: GIW] <= nf_group_i;
                        src_q[gj*SRW +: SRW] <= nf_src_i;  ml_q[gj*16 +: 16] <= nf_msglen_i;
                        npk_q[gj*KW +: KW] <= nf_npk_i;  av_q[gj*KW +: KW] <= {{(KW-1){1'b0}}, fjinc_i && fj_i == gj};
                        adr_q[gj*32 +: 32] <= nf_addr_i;
                    end else if (fjinc_i && fj_i == gj) begin
                        av_q[gj*KW +: KW] <= av_q[gj*KW +: KW] + 1'b1;
                    end
                    if (newfj_i && nf_tail[gj]) begin
                        hs_q[gj] <= 1'b1;
                        succ_q[gj*JW +: JW] <= nfj_i;
                    end
                    if (binit) live_q[gj] <= 1'b1;
                    if (bfull) nd_q[gj*NCW +: NCW] <= nd_q[gj*NCW +: NCW] + 1'b1;
                    if (bpush) begin
                        v_q[gj] <= 1'b0;
                        live_q[gj] <= 1'b0;
                    end
                    if (b_ok_done && b_succ == gj) old_q[gj] <= 1'b1;
                    if (crj) begin
                        v_q[gj] <= 1'b0;  fw_q[gj] <= 1'b0;  hd_q[gj] <= 1'b0;  live_q[gj] <= 1'b0;
                        old_q[gj] <= 1'b1;  hs_q[gj] <= 1'b0;  ty_q[gj*TW +: TW] <= c_type_i;
                        nc_q[gj*NCW +: NCW] <= c_nc_i;  fc_q[gj*NCW +: NCW] <= {NCW{1'b0}};
                        nd_q[gj*NCW +: NCW] <= {NCW{1'b0}};  st_q[gj*8 +: 8] <= 8'd0;
                        tag_q[gj*TGW +: TGW] <= c_tag_i;  grp_q[gj*GIW +: GIW] <= c_group_i;
                        src_q[gj*SRW +: SRW] <= c_src_i;  ml_q[gj*16 +: 16] <= c_msglen_i;
                        npk_q[gj*KW +: KW] <= c_npk_i;  av_q[gj*KW +: KW] <= c_npk_i;
                        adr_q[gj*32 +: 32] <= c_addr_i;
                    end
                    if (init_i && sq_gnt_i && init_fin_i && cj_i == gj) v_q[gj] <= 1'b1;
                    if (fc_inc_i && b_j_i == gj) fc_q[gj*NCW +: NCW] <= fc_q[gj*NCW +: NCW] + 1'b1;
                    if (stage_err_i && stage_err_job_i == gj) st_q[gj*8 +: 8] <= ST_BUSERR;
                    if (hostdone_i && hostdone_job_i == gj) begin
                        hd_q[gj] <= 1'b1;
                        if (hostdone_err_i) st_q[gj*8 +: 8] <= ST_BUSERR;
                    end
                end
            end
        end
    endgenerate
    always @(posedge clk_i) begin
        if (clr) begin
            fi_v_q <= 1'b0;
            fi_j_q <= {JW{1'b0}};
            fi_c_q <= {CIW{1'b0}};
            fi_base_q <= 16'd0;
        end else if (newfj_i) begin
            fi_v_q <= 1'b1;
            fi_j_q <= nfj_i;
            fi_c_q <= {CIW{1'b0}};
            fi_base_q <= nf_seq_i;
        end else if (fi_gnt_i) begin
            fi_c_q <= fi_c_q + 1'b1;
            if ({{(32-CIW){1'b0}}, fi_c_q} + 1 == {{(32-NCW){1'b0}}, nc_of(fi_j_q)}) fi_v_q <= 1'b0;
        end
    end
    assign fi_req_o  = fi_v_q;
    assign fi_j_o    = fi_j_q;
    assign fi_c_o    = fi_c_q;
    assign fi_base_o = fi_base_q;
    assign fj_rdy_o  = !fi_v_q;

    assign job_valid_o  = v_q;
    assign job_live_o   = live_q;
    assign job_fwd_o    = fw_q;
    assign job_old_o    = old_q;
    assign job_type_o   = ty_q;
    assign job_src_o    = src_q;
    assign job_group_o  = grp_q;
    assign job_msglen_o = ml_q;
    assign job_npk_o    = npk_q;
    assign job_avail_o  = av_q;
    assign job_nc_o     = nc_q;
    assign job_fc_o     = fc_q;
    generate
        for (gj = 0; gj < J; gj = gj + 1) begin : g_open
            assign job_open_o[gj] = av_q[gj*KW +: KW] < npk_q[gj*KW +: KW];
        end
    endgenerate
    assign adr_o  = adr_q[adr_job_i*32 +: 32];
    assign busy_o = v_q != {J{1'b0}};

`ifndef SYNTHESIS
    // Per live job (docs/nic-uarch.md, Jobs): npk is the message's packet
    // count, avail <= npk and all of them for a send job, the job's kind
    // its index's, at most MAXCHILD children, the FCFS pointer and the
    // children done among them.  A job's checks are a function of its
    // registers: they run when those change (and once after reset).
    generate
        for (gj = 0; gj < J; gj = gj + 1) begin : g_chk
            wire [2+16+2*KW+3*NCW-1:0] chk = {v_q[gj], fw_q[gj], ml_q[gj*16 +: 16], npk_q[gj*KW +: KW],
                                               av_q[gj*KW +: KW], nc_q[gj*NCW +: NCW], fc_q[gj*NCW +: NCW],
                                               nd_q[gj*NCW +: NCW]};
            reg [2+16+2*KW+3*NCW-1:0] chk_q;
            reg                       seen_q;
            always @(posedge clk_i) begin : protocol
                if (!rst_ni) begin
                    seen_q <= 1'b0;
                end else begin
                    seen_q <= 1'b1;
                    chk_q  <= chk;
                    if (v_q[gj] && (!seen_q || chk != chk_q)) begin
                        if (ml_q[gj*16 +: 16] == 16'd0)
                            $error("%m: job %0d has no message", gj);
                        if (av_q[gj*KW +: KW] > npk_q[gj*KW +: KW] ||
                            (!fw_q[gj] && av_q[gj*KW +: KW] != npk_q[gj*KW +: KW]))
                            $error("%m: job %0d has %0d packets available of %0d", gj, av_q[gj*KW +: KW],
                                   npk_q[gj*KW +: KW]);
                        if (gj < JSEND && fw_q[gj])
                            $error("%m: send job %0d marked as forwarding", gj);
                        if (gj >= JSEND && !fw_q[gj])
                            $error("%m: forwarding job %0d not marked as forwarding", gj);
                        /* verilator lint_off CMPCONST */
                        if ({{(32-NCW){1'b0}}, nc_q[gj*NCW +: NCW]} > MAXCHILD ||
                            fc_q[gj*NCW +: NCW] > nc_q[gj*NCW +: NCW] || nd_q[gj*NCW +: NCW] > nc_q[gj*NCW +: NCW])
                        /* verilator lint_on CMPCONST */
                            $error("%m: job %0d has %0d children, FCFS at child %0d, %0d done", gj,
                                   nc_q[gj*NCW +: NCW], fc_q[gj*NCW +: NCW], nd_q[gj*NCW +: NCW]);
                    end
                end
            end
        end
    endgenerate
    always @(posedge clk_i) begin : protocol
        if (rst_ni && !soft_i) begin
            // Job creation: the send queue unit fills a free send job and
            // makes it live; the receive processor starts a free forwarding
            // job while the INIT sequencer is free, never in the send queue
            // unit's cycle (one row write a cycle); the DMA reports a
            // forwarded message in host memory once, for the live
            // forwarding job that holds it.
            if ((create_i || init_i) && ({{(32-JW){1'b0}}, cj_i} >= JSEND || v_q[cj_i]))
                $error("%m: send job %0d created or initialised but not a free send job", cj_i);
            if (newfj_i && ({{(32-JW){1'b0}}, nfj_i} < JSEND || {{(32-JW){1'b0}}, nfj_i} >= J || v_q[nfj_i] ||
                            fi_v_q))
                $error("%m: forwarding job %0d started but not a free forwarding job, or the sequencer busy", nfj_i);
            if (newfj_i && create_i)
                $error("%m: a send job and a forwarding job start in one cycle");
            if (hostdone_i && !(v_q[hostdone_job_i] && fw_q[hostdone_job_i] && !hd_q[hostdone_job_i]))
                $error("%m: message of job %0d reported in host memory, not a live forwarding job waiting for it",
                       hostdone_job_i);
            if (b_v_i && b_op_i == OP_INIT && live_q[b_j_i])
                $error("%m: INIT of live job %0d", b_j_i);
        end
    end
`endif
endmodule
`resetall

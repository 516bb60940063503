// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Receive processor: takes the assembler's event (one checked packet per
// cycle at most) and decides what it is: an acknowledgement for the jobs,
// a data packet in sequence for a message in progress or a new one (a
// receive context, a receive buffer, and at a forwarding node a
// forwarding job), a duplicate or early packet to acknowledge again, or a
// drop to count.  Accepted packets queue for the DMA (the write queue, one
// entry per slot).  cmodel/wc_nic_rxp.c (nic_rxp_decide(),
// nic_rxp_commit(), which also applies the DMA's context, write-queue and
// receive buffer updates).
//
// Admission (docs/nic-flow.md): a REQ reserves what its message needs (a
// context, the prefetched host buffer, a forwarding job) and is answered
// GRANT, or the stream waits (WAIT) until the grant scanner, one stream in
// each cycle without an event, admits it.  A granted context that no data
// follows within the timeout repeats its GRANT (the repeat scanner, one
// context a cycle).  An early data packet, or a corrupt one naming a
// stream, asks for a NAK once per expected sequence.  The network never
// waits on this node: every packet is taken or dropped.
module wc_nic_rxp #(
    parameter integer NNODES  = 16,                 // node ids 0..NNODES-1
    parameter integer NGROUPS = `WC_NIC_GROUPS,     // group table entries
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,    // bytes per packet
    parameter integer NSLOT   = 72,                 // slots = write queue entries
    parameter integer JSEND   = 4,                  // send jobs 0..JSEND-1
    parameter integer JFWD    = 4,                  // forwarding jobs after them
    parameter integer NCTX    = 8,                  // receive contexts, 1..16
    parameter integer KW      = 7,                  // packet index width
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN, // children of a group entry
    // Derived (leave at the default; the body checks them):
    parameter integer J    = JSEND + JFWD,
    parameter integer JW   = $clog2(J),
    parameter integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1,
    parameter integer CW   = NCTX > 1 ? $clog2(NCTX) : 1,
    parameter integer NG   = NNODES + NGROUPS,
    parameter integer SIDW = $clog2(NG),
    parameter integer NCW  = $clog2(MAXCHILD + 1)
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         soft_i,
    input  wire [`WC_HEAD_DST_W-1:0]    self_i,
    input  wire                         en_i,
    input  wire [1:0]                   mode_i,
    input  wire [31:0]                  now_i,          // the clock of the repeated GRANT
    input  wire [31:0]                  timeout_i,      // NICR_TIMEOUT: its delay
    // event register of the assembler
    input  wire                         ev_valid_i,
    input  wire [7:0]                   ev_status_i,
    input  wire [`WC_NH0_TYPE_W-1:0]    ev_type_i,
    input  wire                         ev_slot_ok_i,
    input  wire [SW-1:0]                ev_slot_i,
    input  wire [`WC_NH0_SRC_W-1:0]     ev_src_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   ev_group_i,
    input  wire [`WC_NH1_SEQ_W-1:0]     ev_seq_i,
    input  wire [`WC_NH1_OFF_W-1:0]     ev_off_i,
    input  wire [`WC_NH2_LEN_W-1:0]     ev_len_i,
    input  wire [`WC_NH2_MSGLEN_W-1:0]  ev_msglen_i,
    // register block read port at tab_node_o/tab_gid_o (the event's
    // stream, or the grant scanner's in a cycle without event): the group
    // entry and the stream's expected sequence number
    output wire [`WC_NH0_SRC_W-1:0]     tab_node_o,
    output wire [`WC_NH0_GROUP_W-1:0]   tab_gid_o,
    // the grant scanner's group and node after this edge (tab_gid_o's
    // and tab_node_o's when no event is there then: the children and the
    // expected sequence numbers are read a cycle ahead)
    output wire [`WC_NH0_GROUP_W-1:0]   s_ngid_o,
    output wire [`WC_NH0_SRC_W-1:0]     s_nnode_o,
    input  wire                         gvalid_i,
    input  wire [`WC_HEAD_DST_W-1:0]    gparent_i,
    input  wire [NCW-1:0]               gnc_i,
    input  wire [15:0]                  uexp_i,
    input  wire [15:0]                  gexp_i,
    // jobs: valid, group, still receiving (avail < npk)
    input  wire [J-1:0]                 job_valid_i,
    input  wire [J*`WC_NH0_GROUP_W-1:0] job_group_i,
    input  wire [J-1:0]                 job_open_i,
    // the job unit's forwarding INIT sequencer is free to take a new
    // forwarding job's children (one job at a time)
    input  wire                         fj_rdy_i,
    // the completion FIFO has room
    input  wire                         cq_room_i,
    // ---- decision outputs ----
    output reg                          cnt_o,          // bump a counter
    output reg  [5:0]                   cnt_reg_o,      // its WC_NICR_* offset
    output reg                          rxpkt_o,
    output reg                          ack_o,          // ack bus to the jobs
    output reg  [`WC_NH0_GROUP_W-1:0]   ack_grp_o,      // 0: unicast ack
    output wire [`WC_NH0_SRC_W-1:0]     ack_from_o,
    output wire [`WC_NH1_SEQ_W-1:0]     ack_seq_o,
    output reg  [2:0]                   ack_kind_o,     // WC_NIC_PEND_ACK, _WAIT, _NAK, _GRANT
    output reg                          free_o,         // release the event's slot
    output wire [SW-1:0]                free_idx_o,
    output reg                          tag_o,          // tag it for forwarding
    output wire [KW-1:0]                tag_k_o,
    output reg                          setpend_o,      // stream sid_o's control packet: kind
    output reg  [SIDW-1:0]              sid_o,
    output reg  [2:0]                   pkind_o,
    output wire                         povr_o,         // replaces the pending kind (else the higher wins)
    output wire                         setpend2_o,     // the scanner's GRANT
    output wire [SIDW-1:0]              sid2_o,
    output wire                         regrant_o,      // a repeated GRANT
    output wire [SIDW-1:0]              sid3_o,
    output reg                          exp_inc_o,      // stream advances
    output reg                          exp_grp_o,
    output reg                          newfj_o,        // forwarding job nfj_o starts
    output reg  [JW-1:0]                nfj_o,
    output reg                          fjinc_o,        // forwarding job fj_o got a packet
    output reg  [JW-1:0]                fj_o,
    // the admitted message, for the new forwarding job
    output reg  [`WC_NH0_GROUP_W-1:0]   nf_group_o,
    output reg  [`WC_NH0_SRC_W-1:0]     nf_src_o,
    output reg  [15:0]                  nf_msglen_o,
    output wire [KW-1:0]                npk_o,
    output reg  [15:0]                  nf_seq_o,
    output wire [31:0]                  buf_addr_o,     // receive buffer address
    output reg                          toobig_o,       // TOOBIG completion
    output wire [127:0]                 toobig_w_o,
    // ---- receive buffers prefetched from the ring (DMA): a 2-entry FIFO,
    //      so a new message finds one while the DMA fetches the next ----
    output wire [1:0]                   rqb_n_o,        // buffers held, 0..2
    output wire                         rqb_rd_o,       // FIFO head
    input  wire                         rq_wr_i,        // word i of the RQ entry
    input  wire                         rq_buf_i,       // into this FIFO entry
    input  wire                         rq_hi_i,        // i != 0: capacity
    input  wire [31:0]                  rq_data_i,
    input  wire                         rq_done_i,
    // ---- write queue head and contexts (DMA) ----
    output wire                         wq_any_o,
    output wire                         wq_half_o,      // half the slots or more wait (the DMA serves them first)
    output wire [SW-1:0]                wq_slot_o,
    // the head's slot after this edge, unless the queue is popped in this
    // cycle (the DMA then runs in the next): a packet accepted into the
    // empty queue is the head (the slots read its word 0 a cycle ahead)
    output wire [SW-1:0]                wq_nslot_o,
    output wire [CW-1:0]                wq_ctx_o,
    output wire [15:0]                  wq_off_o,
    output wire [15:0]                  wq_len_o,
    output wire                         wq_last_o,
    output wire                         wq_fjv_o,       // the packet is forwarded by job wq_fj_o:
    output wire [JW-1:0]                wq_fj_o,        // its message completes with that job
    input  wire                         wq_pop_i,
    input  wire [CW-1:0]                ctx_idx_i,      // context read port
    output wire [31:0]                  ctx_addr_o,
    output wire [`WC_NH0_SRC_W-1:0]     ctx_src_o,
    output wire [`WC_NH0_GROUP_W-1:0]   ctx_group_o,
    output wire [15:0]                  ctx_msglen_o,
    output wire                         ctx_err_o,
    input  wire                         rxw_done_i,     // a write finished
    input  wire [CW-1:0]                rxw_ctx_i,
    input  wire                         rxw_last_i,
    input  wire                         rxw_err_i,
    // a context is open or the queue holds writes (NICR_STATUS busy)
    output wire                         busy_o
`ifdef FORMAL
    // (proofs only, formal/wc_nic_rxp_fv.v: the contexts, the waiting
    // streams and this cycle's decision)
    , output wire [NCTX-1:0]            fv_cv_o,
    output wire [NCTX-1:0]              fv_ccl_o,
    output wire [NCTX-1:0]              fv_cfr_o,
    output wire [NCTX*SIDW-1:0]         fv_csid_o,
    output wire [NCTX*16-1:0]           fv_cno_o,
    output wire [NCTX*16-1:0]           fv_cml_o,
    output wire [NG-1:0]                fv_wv_o,
    output wire [SIDW:0]                fv_nwait_o,
    output wire [SIDW-1:0]              fv_sid_o,
    output wire                         fv_fwd_o,
    output wire                         fv_grant_o,
    output wire                         fv_accept_o,
    output wire [CW-1:0]                fv_ctx_o,
    output wire [CW-1:0]                fv_frc_o
`endif
);
    localparam integer QW   = $clog2(NSLOT + 1);
    localparam integer GIW  = `WC_NH0_GROUP_W;
    localparam [`WC_HEAD_DST_W-1:0] NOPAR = `WC_NIC_NO_PARENT;
    localparam [15:0] PAY16 = PAYLOAD[15:0];

    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_JSEND
        `WC_NIC_CHECK_JFWD
        `WC_NIC_CHECK_NCTX
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_KW
        `WC_NIC_CHECK_KW_NPK
        `WC_NIC_CHECK_MAXCHILD
        if (NCW != $clog2(MAXCHILD + 1)) $error("%m: NCW is derived, leave it at its default");
        if (J != JSEND + JFWD) $error("%m: J is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
        if (CW != (NCTX > 1 ? $clog2(NCTX) : 1)) $error("%m: CW is derived, leave it at its default");
        if (NG != NNODES + NGROUPS) $error("%m: NG is derived, leave it at its default");
        if (SIDW != $clog2(NG)) $error("%m: SIDW is derived, leave it at its default");
    end

    // ---------------------------------------------------------------- state
    reg  [NCTX-1:0]      cv_q, cv_d, ccl_q, ccl_d, cer_q, cer_d;  // valid, closing, err
    reg  [NCTX*SIDW-1:0] csid_q, csid_d;
    reg  [NCTX*16-1:0]   cml_q, cml_d, cno_q, cno_d;              // msglen, next offset
    reg  [NCTX*`WC_NH0_SRC_W-1:0] csrc_q, csrc_d;
    reg  [NCTX*GIW-1:0]  cgrp_q, cgrp_d;
    reg  [NCTX*32-1:0]   cadr_q, cadr_d;
    reg  [NCTX-1:0]      cfr_q, cfr_d;                            // granted, no data yet
    reg  [NCTX*32-1:0]   cgdl_q, cgdl_d;                          // when its GRANT repeats
    // admission: streams waiting; the streams whose NAK was asked at the
    // current expect (their waiting message's length and source: wmem,
    // below)
    reg  [NG-1:0]        wv_q, wv_d, nakd_q, nakd_d;
    reg  [SIDW:0]        nwait_q, nwait_d;
    reg  [SIDW-1:0]      scan_q, scan_d;                          // grant scanner
    reg  [`WC_NH0_SRC_W+15:0] wrd_q;                              // wmem at scan_q
    reg  [CW-1:0]        cscan_q, cscan_d;                        // repeat scanner
    reg  [1:0]           rqn_q, rqn_d;                            // receive buffers held
    reg                  rqr_q, rqr_d;                            // head entry
    reg  [63:0]          rqa_q, rqa_d, rqc_q, rqc_d;              // address, capacity per entry
    reg  [SW-1:0]        wq_rd_q, wq_rd_d;
    reg  [QW-1:0]        wq_n_q, wq_n_d;
    // write queue entries {fj, fjv, last, len, off, ctx, slot}
    localparam integer WQW = JW + 1 + 1 + 16 + 16 + CW + SW;
    reg  [WQW-1:0]       wq_mem [0:NSLOT-1];

    // ------------------------------------------------------------- lookups
    // control packets that acknowledge (to the jobs), and the unicast ones
    wire ctl = ev_type_i == `WC_PT_UACK || ev_type_i == `WC_PT_MACK || ev_type_i == `WC_PT_GRANT ||
               ev_type_i == `WC_PT_WAIT || ev_type_i == `WC_PT_NAK;
    wire uni = ev_type_i == `WC_PT_UDATA || (ev_type_i == `WC_PT_REQ && ev_group_i == {GIW{1'b0}});
    wire req = ev_type_i == `WC_PT_REQ;
    // stream id: the peer node for unicast, NNODES + group for multicast
    function [SIDW-1:0] node_sid(input [`WC_NH0_SRC_W-1:0] id);
        integer b;
        begin
            node_sid = {SIDW{1'b0}};
            for (b = 0; b < SIDW && b < `WC_NH0_SRC_W; b = b + 1) node_sid[b] = id[b];
        end
    endfunction
    function [SIDW-1:0] group_sid(input [GIW-1:0] g);
        integer b;
        begin
            group_sid = {SIDW{1'b0}};
            for (b = 0; b < SIDW && b < GIW; b = b + 1) group_sid[b] = g[b];
            group_sid = group_sid + NNODES[SIDW-1:0];
        end
    endfunction
    // a stream id's group (0 for a unicast peer's stream)
    function [GIW-1:0] sid_gid(input [SIDW-1:0] sid);
        integer b;
        reg [SIDW:0] g0;
        begin
            g0 = {1'b0, sid} - NNODES[SIDW:0];
            sid_gid = {GIW{1'b0}};
            if ({{(32-SIDW){1'b0}}, sid} >= NNODES)
                for (b = 0; b <= SIDW && b < GIW; b = b + 1) sid_gid[b] = g0[b];
        end
    endfunction
    wire [SIDW-1:0] usid = node_sid(ev_src_i);
    wire [SIDW-1:0] gsid = group_sid(ev_group_i);
    wire [SIDW-1:0] sid  = uni ? usid : gsid;
    // the grant scanner's stream: a node or a group
    wire            s_uni = {{(32-SIDW){1'b0}}, scan_q} < NNODES;
    wire [GIW-1:0]  s_gid = sid_gid(scan_q);
    // a stream id's node (its low bits: read only for a unicast stream)
    function [`WC_NH0_SRC_W-1:0] sid_node(input [SIDW-1:0] s);
        integer b;
        begin
            sid_node = {`WC_NH0_SRC_W{1'b0}};
            for (b = 0; b < SIDW && b < `WC_NH0_SRC_W; b = b + 1) sid_node[b] = s[b];
        end
    endfunction
    wire [`WC_NH0_SRC_W-1:0] s_node = sid_node(scan_q);
    // the tables' read port: the event's stream, else the scanner's
    assign tab_node_o = ev_valid_i ? ev_src_i : s_node;
    assign tab_gid_o  = ev_valid_i ? ev_group_i : s_gid;
    // open context of this stream, free context
    reg          fc_ok, frc_ok;
    reg [CW-1:0] fc_i, frc_i;
    always @* begin : ctx_search
        integer i;
        fc_ok = 1'b0;  fc_i = {CW{1'b0}};
        frc_ok = 1'b0; frc_i = {CW{1'b0}};
        for (i = NCTX - 1; i >= 0; i = i - 1) begin
            if (cv_q[i] && !ccl_q[i] && csid_q[i*SIDW +: SIDW] == sid) begin
                fc_ok = 1'b1;
                fc_i  = i[CW-1:0];
            end
            if (!cv_q[i]) begin
                frc_ok = 1'b1;
                frc_i  = i[CW-1:0];
            end
        end
    end
    // free forwarding job (while the job unit can initialise one), and the
    // one still receiving this group's message
    reg          ffj_ok, gfj_ok;
    reg [JW-1:0] ffj_i, gfj_i;
    always @* begin : fj_search
        integer j;
        ffj_ok = 1'b0;  ffj_i = {JW{1'b0}};
        gfj_ok = 1'b0;  gfj_i = {JW{1'b0}};
        for (j = J - 1; j >= JSEND; j = j - 1) begin
            if (!job_valid_i[j]) begin
                ffj_ok = fj_rdy_i;
                ffj_i  = j[JW-1:0];
            end
            if (job_valid_i[j] && job_group_i[j*GIW +: GIW] == ev_group_i && job_open_i[j]) begin
                gfj_ok = 1'b1;
                gfj_i  = j[JW-1:0];
            end
        end
    end

    // the receive buffer at the head of the prefetch FIFO
    wire [31:0]   rq_addr = {rqa_q[rqr_q*32+2 +: 30], 2'b00};
    wire [31:0]   rq_cap  = rqc_q[rqr_q*32 +: 32];
    wire [CW-1:0] fc = fc_i;
    wire          ctx_match = fc_ok && cml_q[fc*16 +: 16] == ev_msglen_i &&
                              cno_q[fc*16 +: 16] == ev_off_i &&
                              csrc_q[fc*`WC_NH0_SRC_W +: `WC_NH0_SRC_W] == ev_src_i;
    wire          grp_bad  = ev_group_i == 0 || {20'd0, ev_group_i} >= NGROUPS || !gvalid_i;
    // the port's stream (event or scanner) needs a forwarding job here
    wire          tab_fwd  = mode_i != `WC_NIC_MODE_HOST && gnc_i != 0;
    wire          fwd      = !uni && tab_fwd;
    wire [15:0]   expseq   = uni ? uexp_i : gexp_i;
    // early: ahead of expect by less than half the sequence space (only
    // the sign is needed)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0]   ahead    = ev_seq_i - expseq;
    /* verilator lint_on UNUSEDSIGNAL */
    wire          nwait0   = nwait_q == {(SIDW+1){1'b0}};
    // admission's resources (the same for event and scanner, who never
    // admit in one cycle): a context, a buffer, a forwarding job if needed
    wire          room_base = frc_ok && rqn_q != 2'd0;
    // the event's stream's flags, read once: waiting, NAK asked (a NAK
    // hint of a corrupt packet names the same stream, as its type is
    // UDATA with group 0 or MDATA)
    wire          ev_wv    = wv_q[sid];
    wire          ev_nakd  = nakd_q[sid];

    // ------------------------------------------------------------ decision
    reg           accept, grant, wset, wclr, nak, sstep, pend2;
    reg  [CW-1:0] ctx_i;
    reg  [SIDW-1:0] wsid;
    reg  [15:0]   wlen_n;
    reg  [`WC_NH0_SRC_W-1:0] wsrc_n;
    // admission of the message nf_* describes (the event's, a REQ or an
    // eager packet 0, or the scanner's waiting one); f: it needs a
    // forwarding job here
    task automatic admit(input f);
        begin
            if (room_base && (!f || ffj_ok)) begin
                if ({16'd0, nf_msglen_o} > rq_cap) begin
                    toobig_o = cq_room_i;
                end else begin
                    grant = 1'b1;
                    newfj_o = f;
                end
            end
        end
    endtask
    task automatic defer_ev;
        begin
            if (!ev_wv) begin
                wset = 1'b1;  wsid = sid;  wlen_n = ev_msglen_i;  wsrc_n = ev_src_i;
            end
            setpend_o = 1'b1;  pkind_o = `WC_NIC_PEND_WAIT;
        end
    endtask
    task automatic ask_nak;
        begin
            if (!ev_nakd) begin
                setpend_o = 1'b1;  sid_o = sid;  pkind_o = `WC_NIC_PEND_NAK;  nak = 1'b1;
            end
        end
    endtask
    always @* begin
        cnt_o = 1'b0;  cnt_reg_o = 6'd0;  rxpkt_o = 1'b0;
        ack_o = 1'b0;  ack_grp_o = {GIW{1'b0}};  ack_kind_o = `WC_NIC_PEND_ACK;
        free_o = ev_valid_i && ev_slot_ok_i;
        tag_o = 1'b0;  setpend_o = 1'b0;  sid_o = sid;  pkind_o = `WC_NIC_PEND_ACK;
        exp_inc_o = 1'b0;  exp_grp_o = !uni;
        newfj_o = 1'b0;  nfj_o = ffj_i;  fjinc_o = 1'b0;  fj_o = gfj_i;
        nf_group_o = uni ? {GIW{1'b0}} : ev_group_i;
        nf_src_o = ev_src_i;  nf_msglen_o = ev_msglen_i;  nf_seq_o = ev_seq_i;
        toobig_o = 1'b0;
        accept = 1'b0;  grant = 1'b0;  wset = 1'b0;  wclr = 1'b0;  nak = 1'b0;  sstep = 1'b0;  pend2 = 1'b0;
        ctx_i = fc_i;  wsid = sid;  wlen_n = ev_msglen_i;  wsrc_n = ev_src_i;
        if (!ev_valid_i) begin
            // ---- the grant scanner: the port reads its stream
            sstep = 1'b1;
            nf_group_o = s_gid;  nf_src_o = wrd_q[16 +: `WC_NH0_SRC_W];
            nf_msglen_o = wrd_q[0 +: 16];  nf_seq_o = s_uni ? uexp_i : gexp_i;
            wsid = scan_q;
            if (wv_q[scan_q]) begin
                if (!s_uni && (!gvalid_i || gparent_i == NOPAR)) begin
                    wclr = 1'b1;        // the group went away: nothing to grant
                end else begin
                    admit(!s_uni && tab_fwd);
                    wclr  = grant;
                    pend2 = grant;
                end
            end
        end else if (ev_status_i != `WC_NIC_ST_OK) begin
            cnt_o = 1'b1;
            case (ev_status_i)
                `WC_NIC_ST_BADLEN:  cnt_reg_o = `WC_NICR_ERR_LEN;
                `WC_NIC_ST_BADCRC:  cnt_reg_o = `WC_NICR_ERR_CRC;
                `WC_NIC_ST_BADTYPE: cnt_reg_o = `WC_NICR_ERR_TYPE;
                `WC_NIC_ST_BADDST:  cnt_reg_o = `WC_NICR_ERR_DST;
                default:            cnt_reg_o = `WC_NICR_ERR_NOBUF;
            endcase
            // a corrupt data packet naming a stream received here: a NAK
            // hint (it carries this node's own expect, true whoever gets it)
            if (ev_status_i == `WC_NIC_ST_BADCRC && en_i) begin
                if (ev_type_i == `WC_PT_UDATA && ev_group_i == {GIW{1'b0}} && {20'd0, ev_src_i} < NNODES &&
                    ev_src_i != self_i)
                    ask_nak;
                else if (ev_type_i == `WC_PT_MDATA && ev_group_i != {GIW{1'b0}} && {20'd0, ev_group_i} < NGROUPS &&
                         gvalid_i && gparent_i != NOPAR)
                    ask_nak;
            end
        end else if (!en_i) begin
            cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_NOBUF;
        end else if (ctl) begin
            if (ev_type_i == `WC_PT_MACK || (ev_type_i != `WC_PT_UACK && ev_group_i != {GIW{1'b0}})) begin
                if (grp_bad) begin
                    cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_GROUP;
                end else begin
                    rxpkt_o = 1'b1;  ack_o = 1'b1;  ack_grp_o = ev_group_i;
                end
            end else if ({20'd0, ev_src_i} >= NNODES) begin
                cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_DST;
            end else begin
                rxpkt_o = 1'b1;  ack_o = 1'b1;
            end
            ack_kind_o = ev_type_i == `WC_PT_GRANT ? `WC_NIC_PEND_GRANT :
                         ev_type_i == `WC_PT_WAIT  ? `WC_NIC_PEND_WAIT :
                         ev_type_i == `WC_PT_NAK   ? `WC_NIC_PEND_NAK : `WC_NIC_PEND_ACK;
        end else if (uni && ({20'd0, ev_src_i} >= NNODES || ev_src_i == self_i)) begin
            cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_DST;
        end else if (!uni && grp_bad) begin
            cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_GROUP;
        end else if (!uni && gparent_i == NOPAR) begin
            cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_DST;
        end else begin
            rxpkt_o = 1'b1;
            if (ev_seq_i != expseq) begin
                // duplicate or early: dropped, and the cumulative ack
                // repeats; an early data packet proves expect was lost (a
                // pair's packets arrive in order): a NAK, once
                cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_DUPS;
                setpend_o = 1'b1;
                if (!req && !ahead[15]) ask_nak;
            end else if (req) begin
                if (fc_ok) begin
                    // admitted already: the GRANT was lost, it goes again
                    if (cno_q[fc*16 +: 16] == 16'd0 && cml_q[fc*16 +: 16] == ev_msglen_i) begin
                        setpend_o = 1'b1;  pkind_o = `WC_NIC_PEND_GRANT;
                    end else begin
                        cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_DUPS;
                    end
                end else if (ev_wv) begin
                    defer_ev;
                end else begin
                    // a stream already waiting goes first
                    if (nwait0) admit(fwd);
                    if (grant) begin
                        setpend_o = 1'b1;  pkind_o = `WC_NIC_PEND_GRANT;
                    end else begin
                        defer_ev;
                    end
                end
            end else if (fc_ok) begin
                if (!ctx_match) begin
                    cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_LEN;
                end else if (fwd && !gfj_ok) begin
                    cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_LEN;
                end else begin
                    accept = 1'b1;
                    fjinc_o = fwd;
                end
            end else if (ev_off_i != 16'd0) begin
                cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_LEN;
            end else begin
                // packet 0 of a message without a REQ (an eager sender)
                if (nwait0 && !ev_wv) admit(fwd);
                if (grant) begin
                    accept = 1'b1;  ctx_i = frc_i;
                    fjinc_o = fwd;  fj_o = ffj_i;
                end else begin
                    cnt_o = 1'b1;  cnt_reg_o = `WC_NICR_ERR_NOBUF;
                    defer_ev;
                end
            end
            if (accept) begin
                setpend_o = 1'b1;
                pkind_o   = `WC_NIC_PEND_ACK;
                exp_inc_o = 1'b1;
                free_o    = 1'b0;
                tag_o     = fwd;
            end
        end
    end
`ifdef FORMAL
    assign fv_cv_o     = cv_q;
    assign fv_ccl_o    = ccl_q;
    assign fv_cfr_o    = cfr_q;
    assign fv_csid_o   = csid_q;
    assign fv_cno_o    = cno_q;
    assign fv_cml_o    = cml_q;
    assign fv_wv_o     = wv_q;
    assign fv_nwait_o  = nwait_q;
    assign fv_sid_o    = ev_valid_i ? sid : scan_q;
    assign fv_fwd_o    = ev_valid_i ? fwd : !s_uni && tab_fwd;
    assign fv_grant_o  = grant;
    assign fv_accept_o = accept;
    assign fv_ctx_o    = ctx_i;
    assign fv_frc_o    = frc_i;
`endif
    assign povr_o     = accept || nak;
    assign setpend2_o = pend2;
    assign sid2_o     = scan_q;

    // the repeat scanner: a GRANT that no data followed within the
    // timeout goes again (the sender, waiting, has no timer of its own)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] rg_late = now_i - cgdl_q[cscan_q*32 +: 32];
    /* verilator lint_on UNUSEDSIGNAL */
    assign regrant_o = cv_q[cscan_q] && cfr_q[cscan_q] && !rg_late[31] && !(accept && ctx_i == cscan_q);
    assign sid3_o    = csid_q[cscan_q*SIDW +: SIDW];

    assign ack_from_o = ev_src_i;
    assign ack_seq_o  = ev_seq_i;
    assign free_idx_o = ev_slot_i;
    // packet index and packet count of a valid message fit in KW bits
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0] kk    = ev_off_i / PAY16;
    wire [15:0] npk16 = (nf_msglen_o + PAY16 - 16'd1) / PAY16;
    /* verilator lint_on UNUSEDSIGNAL */
    assign tag_k_o    = kk[KW-1:0];
    assign npk_o      = npk16[KW-1:0];
    assign buf_addr_o = rq_addr;
    // the TOOBIG completion (C model: cqf_push in the receive processor)
    localparam [`WC_CD0_STATUS_W-1:0] ST_TOOBIG = `WC_NIC_ST_TOOBIG;
    localparam [`WC_CD0_KIND_W-1:0]   CK_RECV   = `WC_CK_RECV;
    assign toobig_w_o = {
        {16'd0, nf_msglen_o} << `WC_CD3_LEN_LSB,
        rq_addr,
        ({20'd0, nf_group_o} << `WC_CD1_GROUP_LSB) | ({20'd0, nf_src_o} << `WC_CD1_SRC_LSB),
        (32'd1 << `WC_CD0_VALID_LSB) | ({28'd0, CK_RECV} << `WC_CD0_KIND_LSB) |
        ({24'd0, ST_TOOBIG} << `WC_CD0_STATUS_LSB)};

    // ------------------------------------------------------------ contexts
    wire last = ({1'b0, ev_off_i} + {1'b0, ev_len_i}) == {1'b0, ev_msglen_i};
    wire [SIDW-1:0] gsid_n = ev_valid_i ? sid : scan_q;     // the admitted stream
    always @* begin : ctx_next
        integer i;
        cv_d = cv_q;  ccl_d = ccl_q;  cer_d = cer_q;  csid_d = csid_q;
        cml_d = cml_q;  cno_d = cno_q;  csrc_d = csrc_q;  cgrp_d = cgrp_q;  cadr_d = cadr_q;
        cfr_d = cfr_q;  cgdl_d = cgdl_q;
        for (i = 0; i < NCTX; i = i + 1) begin
            // admission: the context is reserved; its GRANT repeats unless
            // data follows within the timeout
            if (grant && frc_i == i[CW-1:0]) begin
                cv_d[i]  = 1'b1;
                cer_d[i] = 1'b0;
                ccl_d[i] = 1'b0;
                cfr_d[i] = 1'b1;
                cgdl_d[i*32 +: 32] = now_i + timeout_i;
                csid_d[i*SIDW +: SIDW] = gsid_n;
                cml_d[i*16 +: 16] = nf_msglen_o;
                cno_d[i*16 +: 16] = 16'd0;
                csrc_d[i*`WC_NH0_SRC_W +: `WC_NH0_SRC_W] = nf_src_o;
                cgrp_d[i*GIW +: GIW] = nf_group_o;
                cadr_d[i*32 +: 32] = rq_addr;
            end
            if (regrant_o && cscan_q == i[CW-1:0])
                cgdl_d[i*32 +: 32] = now_i + timeout_i;
            if (accept && ctx_i == i[CW-1:0]) begin
                cno_d[i*16 +: 16] = cno_d[i*16 +: 16] + ev_len_i;
                cfr_d[i] = 1'b0;
                ccl_d[i] = last;
            end
            if (rxw_done_i && rxw_ctx_i == i[CW-1:0]) begin
                if (rxw_last_i)     cv_d[i]  = 1'b0;
                else if (rxw_err_i) cer_d[i] = 1'b1;
            end
        end
    end

    // ------------------------------------------- receive buffer, write queue
    always @* begin
        rqn_d = rqn_q;  rqr_d = rqr_q;  rqa_d = rqa_q;  rqc_d = rqc_q;
        if (rq_wr_i && !rq_hi_i && !rq_buf_i) rqa_d[0 +: 32] = rq_data_i;
        if (rq_wr_i && !rq_hi_i && rq_buf_i)  rqa_d[32 +: 32] = rq_data_i;
        if (rq_wr_i && rq_hi_i && !rq_buf_i)  rqc_d[0 +: 32] = rq_data_i;
        if (rq_wr_i && rq_hi_i && rq_buf_i)   rqc_d[32 +: 32] = rq_data_i;
        if (rq_done_i) rqn_d = rqn_d + 2'd1;
        // the head buffer is taken by an admitted message or returned TOOBIG
        if (toobig_o || grant) begin
            rqr_d = !rqr_q;
            rqn_d = rqn_d - 2'd1;
        end
    end

    // ------------------------------------------- admission and NAK state
    always @* begin : wnak_next
        integer k;
        wv_d = wv_q;  nakd_d = nakd_q;
        nwait_d = nwait_q;  scan_d = scan_q;  cscan_d = cscan_q;
        for (k = 0; k < NG; k = k + 1) begin
            if (wset && wsid == k[SIDW-1:0]) wv_d[k] = 1'b1;
            if (wclr && wsid == k[SIDW-1:0]) wv_d[k] = 1'b0;
            if (nak && sid_o == k[SIDW-1:0]) nakd_d[k] = 1'b1;
            else if (!nak && accept && sid == k[SIDW-1:0]) nakd_d[k] = 1'b0;
        end
        if (wset && !wclr) nwait_d = nwait_q + 1'b1;
        if (wclr && !wset) nwait_d = nwait_q - 1'b1;
        if (sstep) scan_d = ({{(32-SIDW){1'b0}}, scan_q} == NG - 1) ? {SIDW{1'b0}} : scan_q + 1'b1;
        cscan_d = ({{(32-CW){1'b0}}, cscan_q} == NCTX - 1) ? {CW{1'b0}} : cscan_q + 1'b1;
        // a NAK is asked once per expected sequence: again once expect moves
    end

    // next free entry of the ring: (rd + n) mod NSLOT
    reg [SW-1:0] wq_wa;
    always @* begin : wq_addr
        reg [8:0] t;
        t = {{(9-SW){1'b0}}, wq_rd_q} + {{(9-QW){1'b0}}, wq_n_q};
        if (t >= NSLOT[8:0]) t = t - NSLOT[8:0];
        wq_wa = t[SW-1:0];
    end
    always @* begin
        wq_rd_d = wq_rd_q;
        wq_n_d  = wq_n_q;
        if (accept) wq_n_d = wq_n_d + 1'b1;
        if (wq_pop_i) begin
            wq_rd_d = ({{(32-SW){1'b0}}, wq_rd_q} == NSLOT - 1) ? {SW{1'b0}} : wq_rd_q + 1'b1;
            wq_n_d  = wq_n_d - 1'b1;
        end
    end
    wire [WQW-1:0] wq_head = wq_mem[wq_rd_q];
    assign wq_any_o  = wq_n_q != {QW{1'b0}};
    assign wq_half_o = {{(32-QW){1'b0}}, wq_n_q} * 2 >= NSLOT;
    assign wq_slot_o = wq_head[0 +: SW];
    assign wq_nslot_o = wq_n_q == {QW{1'b0}} ? ev_slot_i : wq_head[0 +: SW];
    assign wq_ctx_o  = wq_head[SW +: CW];
    assign wq_off_o  = wq_head[SW+CW +: 16];
    assign wq_len_o  = wq_head[SW+CW+16 +: 16];
    assign wq_last_o = wq_head[SW+CW+32];
    assign wq_fjv_o  = wq_head[SW+CW+33];
    assign wq_fj_o   = wq_head[SW+CW+34 +: JW];

    assign ctx_addr_o   = cadr_q[ctx_idx_i*32 +: 32];
    assign ctx_src_o    = csrc_q[ctx_idx_i*`WC_NH0_SRC_W +: `WC_NH0_SRC_W];
    assign ctx_group_o  = cgrp_q[ctx_idx_i*GIW +: GIW];
    assign ctx_msglen_o = cml_q[ctx_idx_i*16 +: 16];
    assign ctx_err_o    = cer_q[ctx_idx_i];
    assign rqb_n_o      = rqn_q;
    assign rqb_rd_o     = rqr_q;
    assign busy_o       = (cv_q != {NCTX{1'b0}}) || wq_any_o;

    // ---------------------------------------------------------- registers
    wire clr = !rst_ni || soft_i;
    assign s_ngid_o  = sid_gid(clr ? {SIDW{1'b0}} : scan_d);
    assign s_nnode_o = sid_node(clr ? {SIDW{1'b0}} : scan_d);
    always @(posedge clk_i) begin
        if (clr) begin
            cv_q <= {NCTX{1'b0}};  ccl_q <= {NCTX{1'b0}};  cer_q <= {NCTX{1'b0}};
            csid_q <= {NCTX*SIDW{1'b0}};  cml_q <= {NCTX*16{1'b0}};  cno_q <= {NCTX*16{1'b0}};
            csrc_q <= {NCTX*`WC_NH0_SRC_W{1'b0}};  cgrp_q <= {NCTX*GIW{1'b0}};  cadr_q <= {NCTX*32{1'b0}};
            cfr_q <= {NCTX{1'b0}};  cgdl_q <= {NCTX*32{1'b0}};
        end else begin
            cv_q <= cv_d;  ccl_q <= ccl_d;  cer_q <= cer_d;
            csid_q <= csid_d;  cml_q <= cml_d;  cno_q <= cno_d;
            csrc_q <= csrc_d;  cgrp_q <= cgrp_d;  cadr_q <= cadr_d;
            cfr_q <= cfr_d;  cgdl_q <= cgdl_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            wv_q <= {NG{1'b0}};  nakd_q <= {NG{1'b0}};  nwait_q <= {(SIDW+1){1'b0}};
            scan_q <= {SIDW{1'b0}};  cscan_q <= {CW{1'b0}};
        end else begin
            wv_q <= wv_d;  nakd_q <= nakd_d;  nwait_q <= nwait_d;
            scan_q <= scan_d;  cscan_q <= cscan_d;
        end
    end

    // The waiting streams' message length and source: block RAM over the
    // stream ids, {src, len}, one write (the event that makes a stream
    // wait) and one reader, the grant scanner, read a cycle ahead at its
    // stream after this edge; a word written at this edge to that stream
    // (an event of the stream the scanner stays at) is taken from the
    // write, as the memory returns the old word.  Read only while the
    // stream waits, so never reset.
    localparam integer WMW = `WC_NH0_SRC_W + 16;
    (* ram_style = "block", no_rw_check *) reg [WMW-1:0] wmem [0:NG-1];
    wire [SIDW-1:0] wra = clr ? {SIDW{1'b0}} : scan_d;
    wire [WMW-1:0]  wwd = {wsrc_n, wlen_n};
    always @(posedge clk_i) begin
        if (wset) wmem[wsid] <= wwd;
    end
    always @(posedge clk_i) wrd_q <= (wset && wsid == wra) ? wwd : wmem[wra];

    always @(posedge clk_i) begin
        if (clr) begin
            rqn_q <= 2'd0;  rqr_q <= 1'b0;  rqa_q <= 64'd0;  rqc_q <= 64'd0;
            wq_rd_q <= {SW{1'b0}};  wq_n_q <= {QW{1'b0}};
        end else begin
            rqn_q <= rqn_d;  rqr_q <= rqr_d;  rqa_q <= rqa_d;  rqc_q <= rqc_d;
            wq_rd_q <= wq_rd_d;  wq_n_q <= wq_n_d;
        end
    end

    // write queue entries: read only below wq_n, never reset
    always @(posedge clk_i) begin
        if (accept) wq_mem[wq_wa] <= {fj_o, fjinc_o, last, ev_len_i, ev_off_i, ctx_i, ev_slot_i};
    end
`ifndef SYNTHESIS
    function in_fwd(input [JW-1:0] j);
        in_fwd = {{(32-JW){1'b0}}, j} >= JSEND && {{(32-JW){1'b0}}, j} < J;
    endfunction
    // The receive contexts' invariants (NCTX ranges, NCTX^2/2 pairs) and
    // the waiting count's are functions of those registers alone: they
    // are checked when the registers change and once after reset, the
    // verdicts of a check every cycle at a fraction of its simulation
    // cost.
    localparam integer CXW = NCTX*(2 + SIDW + 32);
    reg [CXW-1:0]         cxchk_q;
    reg [NG+SIDW:0]       wchk_q;
    reg                   chk_seen_q;
    always @(posedge clk_i) begin
        chk_seen_q <= rst_ni;
        cxchk_q    <= {cv_q, ccl_q, csid_q, cml_q, cno_q};
        wchk_q     <= {wv_q, nwait_q};
    end
    wire cx_chk = !chk_seen_q || {cv_q, ccl_q, csid_q, cml_q, cno_q} != cxchk_q;
    wire w_chk  = !chk_seen_q || {wv_q, nwait_q} != wchk_q;
    always @(posedge clk_i) begin : protocol
        integer i, k;
        if (rst_ni) begin
            // The write queue has one entry per slot and each entry holds a
            // slot in use, so an accepted packet (whose own slot is in use
            // and not queued) always finds room; the DMA pops only what is
            // there.
            if (accept && {{(32-QW){1'b0}}, wq_n_q} >= NSLOT)
                $error("%m: packet queued into a full write queue (%0d entries)", wq_n_q);
            if (wq_pop_i && wq_n_q == {QW{1'b0}})
                $error("%m: write queue popped while empty");
            if (accept && !ev_slot_ok_i)
                $error("%m: packet accepted without a slot holding its payload");
            if (free_o && tag_o)
                $error("%m: slot %0d released and tagged for forwarding at once", ev_slot_i);
            // The receive-buffer prefetch FIFO holds two buffers: the DMA
            // fetches only into a free entry, the one after the held ones,
            // and a new message or a TOOBIG takes only a held buffer.
            if (rqn_q > 2'd2)
                $error("%m: %0d receive buffers held in a FIFO of 2", rqn_q);
            if (rq_done_i && rqn_q == 2'd2)
                $error("%m: receive buffer fetched into a full prefetch FIFO");
            if (rq_wr_i && rq_buf_i != (rqr_q ^ rqn_q[0]))
                $error("%m: receive buffer fetched into entry %0d, the FIFO's head is %0d with %0d held",
                       rq_buf_i, rqr_q, rqn_q);
            if ((toobig_o || grant) && rqn_q == 2'd0)
                $error("%m: receive buffer taken from an empty prefetch FIFO");
            if (toobig_o && !cq_room_i)
                $error("%m: TOOBIG completion pushed into a full completion FIFO");
            // Contexts: a stream delivers in order, so it has at most one
            // message still receiving (a closing one waits only for its
            // writes); a context's offset never passes its message length;
            // the DMA finishes writes only for open contexts.
            if (rxw_done_i && !cv_q[rxw_ctx_i])
                $error("%m: host write finished for context %0d, which is not open", rxw_ctx_i);
            if (grant && cv_q[frc_i])
                $error("%m: admitted message given context %0d, which is open", frc_i);
            if (accept && !(grant && ctx_i == frc_i) && !(cv_q[ctx_i] && !ccl_q[ctx_i]))
                $error("%m: packet accepted for context %0d, which is not receiving", ctx_i);
            // Admission: a stream waits once (the count is the vector's),
            // one admission per cycle, by the event or by the scanner, and
            // never for a stream already receiving; a scanner's grant is of
            // a waiting stream.
            if (wset && wv_q[wsid])
                $error("%m: stream %0d set waiting twice", wsid);
            if (wclr && !wv_q[wsid])
                $error("%m: stream %0d cleared from waiting, but it was not", wsid);
            if (w_chk && {{(31-SIDW){1'b0}}, nwait_q} != $countones(wv_q))
                $error("%m: %0d streams counted waiting, %0d are", nwait_q, $countones(wv_q));
            if (grant && ev_valid_i && fc_ok)
                $error("%m: stream %0d admitted while it has a message receiving", sid);
            if (pend2 && !(grant && !ev_valid_i && wv_q[scan_q]))
                $error("%m: scanner GRANT for stream %0d without its admission", scan_q);
            if (regrant_o && !(cv_q[cscan_q] && cfr_q[cscan_q]))
                $error("%m: GRANT repeated for context %0d, which waits for no data", cscan_q);
            if (nak && !setpend_o)
                $error("%m: NAK asked without its pending flag");
            // The scanner's word of the waiting memory is its stream's
            // (the read a cycle ahead and its bypass), and a stream set
            // waiting is written there.
            if (wv_q[scan_q] && wrd_q != wmem[scan_q])
                $error("%m: grant scanner reads {src, len} %h for waiting stream %0d, the memory holds %h",
                       wrd_q, scan_q, wmem[scan_q]);
            // a context closes with its last write, and the queue is in order
            if (wq_any_o && !cv_q[wq_ctx_o])
                $error("%m: write queued for context %0d, which is not open", wq_ctx_o);
            if (cx_chk) begin
                for (i = 0; i < NCTX; i = i + 1) begin
                    if (cv_q[i] && cno_q[i*16 +: 16] > cml_q[i*16 +: 16])
                        $error("%m: context %0d at offset %0d of a %0d-byte message", i, cno_q[i*16 +: 16],
                               cml_q[i*16 +: 16]);
                    for (k = i + 1; k < NCTX; k = k + 1)
                        if (cv_q[i] && !ccl_q[i] && cv_q[k] && !ccl_q[k] &&
                            csid_q[i*SIDW +: SIDW] == csid_q[k*SIDW +: SIDW])
                            $error("%m: contexts %0d and %0d both receive stream %0d", i, k, csid_q[i*SIDW +: SIDW]);
                end
            end
            // A new forwarding job is a free one; a packet counts only for a
            // forwarding job still receiving its message.
            if (newfj_o && !(in_fwd(nfj_o) && !job_valid_i[nfj_o]))
                $error("%m: forwarding job %0d started but not a free forwarding job", nfj_o);
            if (newfj_o && !grant)
                $error("%m: forwarding job %0d started without an admission", nfj_o);
            if (fjinc_o && !(newfj_o && fj_o == nfj_o) && !(in_fwd(fj_o) && job_valid_i[fj_o] && job_open_i[fj_o]))
                $error("%m: packet counted for job %0d, not a forwarding job still receiving", fj_o);
            // The stream tables are indexed by validated ids only.
            if (exp_inc_o && !exp_grp_o && ({20'd0, ev_src_i} >= NNODES || ev_src_i == self_i))
                $error("%m: unicast stream of node %0d advanced", ev_src_i);
            if (exp_inc_o && exp_grp_o && (ev_group_i == {GIW{1'b0}} || {20'd0, ev_group_i} >= NGROUPS))
                $error("%m: stream of group %0d advanced", ev_group_i);
        end
    end
`endif
endmodule
`resetall

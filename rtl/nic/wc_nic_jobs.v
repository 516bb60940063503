// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Replication jobs: the job table (send jobs 0..JSEND-1 run host
// descriptors, forwarding jobs JSEND..J-1 forward a received multicast
// message to this node's children), the transmit selection (pending
// acknowledgements and data alternating when both are ready, round robin
// over jobs, each job picking its next child in FPFS or FCFS order), the
// GM-2 go-back-N state per child (sent, acknowledged, deadline) with its
// admission (a REQ before data, docs/nic-flow.md) and NAKs, the timeout
// scanner (one child per cycle), the adaptive timeout (one round-trip
// probe at a time) and send completion.
// cmodel/wc_nic_jobs.c (nic_jobs_select(), nic_jobs_decide(),
// nic_jobs_commit()); the per-child steps are sw/lib/wc_nic_rel.c.
//
// Updates to a job come from several units in one cycle; they are applied
// in the C model's order: a new forwarding job and its packet count (the
// receive processor), the selection, acknowledgements, a timeout rewind,
// completion, the send queue unit's job creation and stream bases, and a
// bus error from the staging DMA last.
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
    input  wire                         toobig_i,   // the processor uses the completion FIFO
    input  wire                         cq_room_i,  // completion FIFO not full
    // ---- send queue unit: create job cj, then set its stream bases ----
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
    input  wire                         init_i,
    input  wire                         init_all_i, // every child (multicast)
    input  wire [CIW-1:0]               init_c_i,   // else this child
    input  wire [15:0]                  init_base_i,
    input  wire                         init_fin_i, // the job becomes valid
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
    input  wire [NG-1:0]                ackpend_i,
    output wire [SIDW-1:0]              ak_sid_o,       // register block read port
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
    output reg                          sl_valid_o,
    output reg                          sl_ack_o,
    output reg                          sl_req_o,       // the packet is a job's REQ
    output wire [SIDW-1:0]              sl_sid_o,
    output reg                          s_ready_o,
    output reg                          s_from_o,       // from a slot (else staging)
    output reg  [SW-1:0]                s_buf_o,
    output reg  [JW-1:0]                s_job_o,
    output reg  [CIW-1:0]               s_child_o,
    output reg  [`WC_NH0_TYPE_W-1:0]    s_type_o,
    output reg                          s_fill_o,       // staging must be filled by DMA
    output reg  [KW-1:0]                s_k_o,
    output reg  [DW-1:0]                s_dst_o,
    output reg  [`WC_NH0_SRC_W-1:0]     s_src_o,
    output reg  [`WC_NH0_GROUP_W-1:0]   s_group_o,
    output reg  [15:0]                  s_seq_o,
    output reg  [15:0]                  s_off_o,
    output reg  [15:0]                  s_len_o,
    output reg  [15:0]                  s_msglen_o,
    // ---- to the other units ----
    output wire [J-1:0]                 job_valid_o,
    output wire [J*`WC_NH0_GROUP_W-1:0] job_group_o,
    output wire [J-1:0]                 job_open_o,     // avail < npk
    output wire [J*16-1:0]              job_minsent_o,  // 16'hFFFF: no child
    input  wire [JW-1:0]                adr_job_i,      // message address read port
    output wire [31:0]                  adr_o,
    // a job completes through the completion FIFO (a send job: its send
    // completion, and its streams to free; a forwarding job: the receive
    // completion of its message)
    output reg                          push_o,
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
    localparam integer GIW  = `WC_NH0_GROUP_W;
    localparam integer TW   = `WC_NH0_TYPE_W;
    localparam integer JC   = J * MAXCHILD;       // children of all jobs
    localparam [DW-1:0]   NOPAR    = `WC_NIC_NO_PARENT;
    localparam [15:0]     PAY16    = PAYLOAD[15:0];
    localparam [TW-1:0]   PT_UDATA = `WC_PT_UDATA;
    localparam [TW-1:0]   PT_MDATA = `WC_PT_MDATA;
    localparam [TW-1:0]   PT_UACK  = `WC_PT_UACK;
    localparam [TW-1:0]   PT_MACK  = `WC_PT_MACK;
    localparam [TW-1:0]   PT_REQ   = `WC_PT_REQ;
    localparam [TW-1:0]   PT_GRANT = `WC_PT_GRANT;
    localparam [TW-1:0]   PT_WAIT  = `WC_PT_WAIT;
    localparam [TW-1:0]   PT_NAK   = `WC_PT_NAK;
    localparam [1:0]      A_NEED   = `WC_NIC_ADM_NEED;
    localparam [1:0]      A_REQ    = `WC_NIC_ADM_REQ;
    localparam [1:0]      A_WAIT   = `WC_NIC_ADM_WAIT;
    localparam [1:0]      A_GRANT  = `WC_NIC_ADM_GRANT;
    localparam [7:0]      ST_BUSERR = `WC_NIC_ST_BUSERR;

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

    // ---------------------------------------------------------------- state
    // (a job's next state is gathered from one small process per job;
    // each child's registers are written by its own block, g_child)
    reg  [J-1:0]      v_q, fw_q;
    wire [J-1:0]      v_d, fw_d;
    reg  [J-1:0]      hd_q;               // forwarding: the message is in host memory
    wire [J-1:0]      hd_d;
    reg  [J*TW-1:0]   ty_q;
    wire [J*TW-1:0]   ty_d;
    reg  [J*NCW-1:0]  nc_q, fc_q;
    wire [J*NCW-1:0]  nc_d, fc_d;
    reg  [J*8-1:0]    st_q;
    wire [J*8-1:0]    st_d;
    reg  [J*`WC_SD0_TAG_W-1:0] tag_q;
    wire [J*`WC_SD0_TAG_W-1:0] tag_d;
    reg  [J*GIW-1:0]  grp_q;
    wire [J*GIW-1:0]  grp_d;
    reg  [J*`WC_NH0_SRC_W-1:0] src_q;
    wire [J*`WC_NH0_SRC_W-1:0] src_d;
    reg  [J*16-1:0]   ml_q;
    wire [J*16-1:0]   ml_d;
    reg  [J*KW-1:0]   npk_q, av_q;
    wire [J*KW-1:0]   npk_d, av_d;
    reg  [J*32-1:0]   adr_q;
    wire [J*32-1:0]   adr_d;
    wire              clr = !rst_ni || soft_i;
    // per child (index j*MAXCHILD + c: MAXCHILD need not be a power of two)
    function [31:0] cx(input [JW-1:0] j, input [CIW-1:0] c);
        cx = {{(32-JW){1'b0}}, j} * MAXCHILD + {{(32-CIW){1'b0}}, c};
    endfunction
    reg  [JC*DW-1:0]  dst_q;
    reg  [JC*16-1:0]  base_q;
    reg  [JC*KW-1:0]  sent_q, acked_q;
    reg  [JC*32-1:0]  dl_q;
    reg  [JC*2-1:0]   adm_q;              // admission, WC_NIC_ADM_*
    reg  [JC*KW-1:0]  hi_q;               // packets ever sent: below, a resend
    // the adaptive timeout: one round-trip probe at a time (packet prk of
    // job prj's child prc, sent at prt), pk the peak round trip, decaying
    reg               prv_q, prv_d;
    reg  [JW-1:0]     prj_q, prj_d;
    reg  [CIW-1:0]    prc_q, prc_d;
    reg  [KW-1:0]     prk_q, prk_d;
    reg  [31:0]       prt_q, prt_d, pk_q, pk_d;
    reg  [SIDW-1:0]   ackp_q, ackp_d;     // acknowledgement round robin
    // The last packet chosen was an ack: with a data packet ready too, the
    // next choice is data.  Acks served first every time starved a
    // congested forwarder's jobs for good (docs/nic-flow.md).
    reg               lack_q, lack_d;
    reg  [JW-1:0]     jobp_q, jobp_d;     // job round robin
    reg  [JW-1:0]     scj_q, scj_d;       // timeout scanner: job, child
    reg  [CIW-1:0]    scc_q, scc_d;

    // ---------------------------------------------------- per-job decisions
    // next child (FPFS: fewest packets sent, lowest index on a tie; FCFS:
    // the first child not done, if the children before it have the whole
    // message; either way within the child's window), acknowledgement hit,
    // completion, slowest child
    wire [J-1:0]     has, hasrq, hit, done;
    wire [J*KW-1:0]  nakamt;
    wire [J*CIW-1:0] best, hitc;
    // the hit child's state, read once per job (MAXCHILD-way): the NAK amount
    // and the acknowledgement's update (g_job) both start from it
    wire [J*KW-1:0]  h_sent, h_acked, h_a2;
    wire [J*2-1:0]   h_adm;
    wire [J*16-1:0]  h_d;                 // ack_seq - the child's base
    genvar gj, gc;
    generate
        for (gj = 0; gj < J; gj = gj + 1) begin : g_dec
            reg           ok, first, miss, hit_r, older, rq_r, rqf;
            reg [CIW-1:0] best_r, hitc_r, rqc_r;
            reg           minv;           // a live child: mink is the fewest sent
            reg [KW-1:0]  mink;
            always @* begin : dec
                integer c;
                reg [KW-1:0] s, sb, out;
                // (only the sign of the sequence difference is needed)
                /* verilator lint_off UNUSEDSIGNAL */
                reg [15:0] d0;
                /* verilator lint_on UNUSEDSIGNAL */
                ok = 1'b0;  first = 1'b0;  miss = 1'b0;  hit_r = 1'b0;  older = 1'b0;
                rq_r = 1'b0;  rqf = 1'b0;  rqc_r = {CIW{1'b0}};
                best_r = {CIW{1'b0}};  hitc_r = {CIW{1'b0}};  minv = 1'b0;  mink = {KW{1'b0}};
                s = {KW{1'b0}};  sb = {KW{1'b0}};  out = {KW{1'b0}};  d0 = 16'd0;
                for (c = 0; c < MAXCHILD; c = c + 1) begin
                    if (c[NCW-1:0] < nc_q[gj*NCW +: NCW]) begin
                        s   = sent_q[(gj*MAXCHILD + c)*KW +: KW];
                        out = s - acked_q[(gj*MAXCHILD + c)*KW +: KW];   // unacknowledged
                        // the first child due a REQ (FCFS: up to the child
                        // after the one being served, so a grant is not
                        // held idle long)
                        if (!rqf && adm_q[(gj*MAXCHILD + c)*2 +: 2] == A_NEED) begin
                            rqf = 1'b1;
                            rqc_r = c[CIW-1:0];
                            rq_r = mode_i != `WC_NIC_MODE_FCFS ||
                                   {1'b0, c[NCW-1:0]} <= {1'b0, fc_q[gj*NCW +: NCW]} + 1'b1;
                        end
                        if (adm_q[(gj*MAXCHILD + c)*2 +: 2] == A_GRANT &&
                            s < av_q[gj*KW +: KW] && {{(32-KW){1'b0}}, out} < TXWIN) begin
                            if (mode_i == `WC_NIC_MODE_FCFS) begin
                                if (!first && c[NCW-1:0] <= fc_q[gj*NCW +: NCW]) begin
                                    ok = 1'b1;
                                    best_r = c[CIW-1:0];
                                end
                                first = 1'b1;
                            end else if (!ok || s < sb) begin
                                ok = 1'b1;
                                sb = s;
                                best_r = c[CIW-1:0];
                            end
                        end
                        if (!hit_r && dst_q[(gj*MAXCHILD + c)*DW +: DW] == ack_from_i) begin
                            hit_r  = 1'b1;
                            hitc_r = c[CIW-1:0];
                        end
                        if (acked_q[(gj*MAXCHILD + c)*KW +: KW] != npk_q[gj*KW +: KW]) miss = 1'b1;
                        if (!minv || s < mink) begin
                            minv = 1'b1;
                            mink = s;
                        end
                    end
                end
                // a forwarded message completes after the earlier ones of
                // its group (a job whose first sequence is not after this
                // one's): the host sees every stream in order
                for (c = JSEND; c < J; c = c + 1) begin
                    d0 = base_q[gj*MAXCHILD*16 +: 16] - base_q[c*MAXCHILD*16 +: 16];
                    if (c != gj && v_q[c] && grp_q[c*GIW +: GIW] == grp_q[gj*GIW +: GIW] && !d0[15])
                        older = 1'b1;
                end
            end
            // a forwarding job asks for admission only as its group's
            // oldest: a child admits a stream's messages one at a time
            assign hasrq[gj] = v_q[gj] && rq_r && !(fw_q[gj] && older);
            assign has[gj]  = v_q[gj] && (ok || hasrq[gj]);
            assign best[gj*CIW +: CIW] = hasrq[gj] ? rqc_r : best_r;
            assign hit[gj]  = hit_r && v_q[gj] && ack_i &&
                              ((ack_grp_i == 0) ? ty_q[gj*TW +: TW] == PT_UDATA
                                                : (ty_q[gj*TW +: TW] == PT_MDATA && grp_q[gj*GIW +: GIW] == ack_grp_i));
            assign hitc[gj*CIW +: CIW] = hitc_r;
            // a packet of the job still in the selection register (a
            // resend chosen before the last ack came) would be staged from
            // the host memory of whichever job takes the index next: the
            // job leaves after it
            assign done[gj] = v_q[gj] && av_q[gj*KW +: KW] == npk_q[gj*KW +: KW] && (!fw_q[gj] || hd_q[gj]) &&
                              !miss && !(fw_q[gj] && older) && !(sel_data_i && sel_job_i == gj);
            // (in KW bits: sent never reaches 16'hFFFF, the message's
            // packet count at most)
            assign job_minsent_o[gj*16 +: 16] = minv ? {{(16-KW){1'b0}}, mink} : 16'hFFFF;
            // (from this job's children only: an index into the whole
            // table would make a 64-way multiplexer of it)
            wire [MAXCHILD*KW-1:0] j_sent  = sent_q[gj*MAXCHILD*KW +: MAXCHILD*KW];
            wire [MAXCHILD*KW-1:0] j_acked = acked_q[gj*MAXCHILD*KW +: MAXCHILD*KW];
            wire [MAXCHILD*2-1:0]  j_adm   = adm_q[gj*MAXCHILD*2 +: MAXCHILD*2];
            wire [MAXCHILD*16-1:0] j_base  = base_q[gj*MAXCHILD*16 +: MAXCHILD*16];
            assign h_sent[gj*KW +: KW]  = j_sent[hitc_r*KW +: KW];
            assign h_acked[gj*KW +: KW] = j_acked[hitc_r*KW +: KW];
            assign h_adm[gj*2 +: 2]     = j_adm[hitc_r*2 +: 2];
            assign h_d[gj*16 +: 16]     = ack_seq_i - j_base[hitc_r*16 +: 16];
            // the packets the ack covers, at most the message (npk_q: a
            // hit needs a live job, a new job's count only comes to a free
            // one)
            assign h_a2[gj*KW +: KW]    = ({{(16-KW){1'b0}}, npk_q[gj*KW +: KW]} > h_d[gj*16 +: 16]) ?
                                          h_d[gj*16 +: KW] : npk_q[gj*KW +: KW];
            // what a NAK rewinds at the hit child, after its cumulative ack
            reg [KW-1:0] nk_r;
            always @* begin : nak_amount
                reg [15:0]   d;
                reg [KW-1:0] s0, a0, a2;
                reg [1:0]    ad;
                s0 = h_sent[gj*KW +: KW];
                a0 = h_acked[gj*KW +: KW];
                ad = h_adm[gj*2 +: 2];
                d  = h_d[gj*16 +: 16];
                a2 = h_a2[gj*KW +: KW];
                if (!d[15] && a2 > a0) begin
                    a0 = a2;
                    if (s0 < a2) s0 = a2;
                end
                nk_r = {KW{1'b0}};
                if (hit[gj] && ack_kind_i == `WC_NIC_PEND_NAK && ad == A_GRANT && s0 != a0 &&
                    d == {{(16-KW){1'b0}}, a0})
                    nk_r = s0 - a0;
            end
            assign nakamt[gj*KW +: KW] = nk_r;
        end
    endgenerate
    // at most one job has a child a NAK rewinds (a stream's messages are
    // sent to a child one at a time), but the sum keeps the count exact
    reg [KW-1:0] nak_sum;
    always @* begin : nak_total
        integer j;
        nak_sum = {KW{1'b0}};
        for (j = 0; j < J; j = j + 1) nak_sum = nak_sum + nakamt[j*KW +: KW];
    end
    assign nak_amt_o = nak_sum;

    // ------------------------------------------------------- the selection
    wire            ak_any;
    wire [SIDW-1:0] ak_sid;
    wc_rr_arb #(.N(NG), .IW(SIDW)) u_ack_rr (
        .req_i(ackpend_i), .ptr_i(ackp_q), .gnt_valid_o(ak_any), .gnt_idx_o(ak_sid)
    );
    wire          jb_any;
    wire [JW-1:0] jb;
    wc_rr_arb #(.N(J), .IW(JW)) u_job_rr (
        .req_i(has), .ptr_i(jobp_q), .gnt_valid_o(jb_any), .gnt_idx_o(jb)
    );
    assign ak_sid_o = ak_sid;
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
    wire          ak_uni = {{(32-SIDW){1'b0}}, ak_sid} < NNODES;
    wire [CIW-1:0] jc    = best[jb*CIW +: CIW];
    wire [KW-1:0]  jk    = sent_q[cx(jb, jc)*KW +: KW];
    wire [15:0]    jk16  = {{(16-KW){1'b0}}, jk};
    wire [15:0]    joff  = jk16 * PAY16;
    wire [15:0]    jml   = ml_q[jb*16 +: 16];
    wire [15:0]    jrest = jml - joff;
    // first slot holding packet jk of job jb, first staging buffer with it
    reg            slot_hit;
    reg  [SW-1:0]  slot_idx;
    always @* begin : slot_search
        integer s;
        slot_hit = 1'b0;
        slot_idx = {SW{1'b0}};
        for (s = NSLOT - 1; s >= 0; s = s - 1)
            if (slot_tag_i[s] && slot_fj_i[s*JW +: JW] == jb && slot_k_i[s*KW +: KW] == jk) begin
                slot_hit = 1'b1;
                slot_idx = s[SW-1:0];
            end
    end
    wire st0 = stage_valid_i[0] && stage_job_i[0 +: JW] == jb && stage_k_i[0 +: KW] == jk;
    wire st1 = stage_valid_i[1] && stage_job_i[JW +: JW] == jb && stage_k_i[KW +: KW] == jk;

    always @* begin
        sl_valid_o = 1'b0;  sl_ack_o = 1'b0;  sl_req_o = 1'b0;
        s_ready_o = 1'b0;  s_from_o = 1'b0;  s_buf_o = {SW{1'b0}};  s_job_o = {JW{1'b0}};
        s_child_o = {CIW{1'b0}};  s_type_o = {TW{1'b0}};  s_fill_o = 1'b0;  s_k_o = {KW{1'b0}};
        s_dst_o = {DW{1'b0}};  s_src_o = self_i;  s_group_o = {GIW{1'b0}};  s_seq_o = 16'd0;
        s_off_o = 16'd0;  s_len_o = 16'd0;  s_msglen_o = 16'd0;
        if (sel_busy_i) begin
            // the selection register is full: nothing chosen
        end else if (ak_any && !(lack_q && jb_any)) begin
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
        end else if (jb_any) begin
            sl_valid_o = 1'b1;
            s_job_o    = jb;
            s_child_o  = jc;
            s_k_o      = jk;
            s_dst_o    = dst_q[cx(jb, jc)*DW +: DW];
            s_type_o   = ty_q[jb*TW +: TW];
            s_src_o    = src_q[jb*`WC_NH0_SRC_W +: `WC_NH0_SRC_W];
            s_group_o  = grp_q[jb*GIW +: GIW];
            s_seq_o    = base_q[cx(jb, jc)*16 +: 16] + jk16;
            s_off_o    = joff;
            s_len_o    = (jrest < PAY16) ? jrest : PAY16;
            s_msglen_o = jml;
            if (hasrq[jb]) begin
                // the child's REQ: a control packet with the message's
                // first sequence and length
                sl_req_o   = 1'b1;
                s_k_o      = {KW{1'b0}};
                s_type_o   = PT_REQ;
                s_group_o  = ty_q[jb*TW +: TW] == PT_MDATA ? grp_q[jb*GIW +: GIW] : {GIW{1'b0}};
                s_seq_o    = base_q[cx(jb, jc)*16 +: 16];
                s_off_o    = 16'd0;
                s_len_o    = 16'd0;
                s_ready_o  = 1'b1;
            end else if (fw_q[jb] && slot_hit) begin
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
    wire sel_pkt = sl_valid_o && !sl_ack_o;     // a job's packet was chosen (data or REQ)
    wire sel_dat = sel_pkt && !sl_req_o;        // a data packet

    // ----------------------------------------------- timeout, completion
    wire [JW-1:0]  scj = scj_q;
    wire [CIW-1:0] scc = scc_q;
    wire [KW-1:0]  sc_sent  = sent_q[cx(scj, scc)*KW +: KW];
    wire [KW-1:0]  sc_acked = acked_q[cx(scj, scc)*KW +: KW];
    // the deadline has passed: now - dl >= 0 as a signed 32-bit difference
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]    sc_late  = now_i - dl_q[cx(scj, scc)*32 +: 32];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [1:0]     sc_adm   = adm_q[cx(scj, scc)*2 +: 2];
    // late: admitted with packets outstanding, or a REQ unanswered (a
    // child in WAIT has no deadline: its receiver repeats the GRANT)
    wire           tmo = v_q[scj] && {{(32-CIW){1'b0}}, scc} < {{(32-NCW){1'b0}}, nc_q[scj*NCW +: NCW]} &&
                         (sc_adm == A_GRANT ? sc_acked < sc_sent : sc_adm == A_REQ) &&
                         !sc_late[31] &&
                         !(sel_pkt && s_job_o == scj && s_child_o == scc) &&
                         !(hit[scj] && hitc[scj*CIW +: CIW] == scc);
    assign tmo_o     = tmo;
    assign tmo_amt_o = sc_adm == A_GRANT ? sc_sent - sc_acked : {{(KW-1){1'b0}}, 1'b1};  // a REQ: one

    reg [JW-1:0] pj;
    always @* begin : completion
        integer j;
        push_o = 1'b0;
        pj     = {JW{1'b0}};
        for (j = J - 1; j >= 0; j = j - 1)
            if (done[j]) begin
                push_o = cq_room_i && !toobig_i;
                pj     = j[JW-1:0];
            end
    end
    localparam [`WC_CD0_KIND_W-1:0] CK_SEND = `WC_CK_SEND, CK_RECV = `WC_CK_RECV;
    wire pfw = fw_q[pj];
    assign push_send_o = push_o && !pfw;
    assign push_w_o = {
        {16'd0, ml_q[pj*16 +: 16]} << `WC_CD3_LEN_LSB,
        adr_q[pj*32 +: 32],
        pfw ? (({20'd0, src_q[pj*`WC_NH0_SRC_W +: `WC_NH0_SRC_W]} << `WC_CD1_SRC_LSB) |
               ({20'd0, grp_q[pj*GIW +: GIW]} << `WC_CD1_GROUP_LSB)) : 32'd0,
        (32'd1 << `WC_CD0_VALID_LSB) |
        (pfw ? 32'd0 : ({20'd0, tag_q[pj*`WC_SD0_TAG_W +: `WC_SD0_TAG_W]} << `WC_CD0_TAG_LSB)) |
        ({28'd0, pfw ? CK_RECV : CK_SEND} << `WC_CD0_KIND_LSB) |
        ({24'd0, st_q[pj*8 +: 8]} << `WC_CD0_STATUS_LSB)};
    assign push_grp_o = ty_q[pj*TW +: TW] != PT_UDATA;
    assign push_gid_o = grp_q[pj*GIW +: $clog2(NGROUPS)];
    assign push_nc_o  = nc_q[pj*NCW +: NCW];
    assign push_dst_o = dst_q[pj*MAXCHILD*DW +: MAXCHILD*DW];

    // ------------------------------------------------------- next state
    // Only a few children change in a cycle: the selected one (its REQ or
    // data packet), at most one hit child per job (the acknowledgement),
    // the scanner's (a timeout; never the selected or a hit child), and
    // every child of a job being created or started (never a live job,
    // while the selection, an ack and a timeout only touch live ones).  So
    // each event's new child state is computed once, from the one child it
    // reads, and every child's register only chooses among these under its
    // one-hot decode, holding otherwise.  A deadline only ever becomes
    // dl_new or zero: the events say "restart the deadline", not a value.
    //
    // The selected child is {jb, jc} whenever a packet is chosen (s_job_o,
    // s_child_o), and its sent is jk.  A REQ: admission REQ, deadline
    // restarted.  A data packet: sent past it (the deadline restarted if
    // nothing was outstanding), the highest sent packet raised.
    wire [KW-1:0] ss_acked = acked_q[cx(jb, jc)*KW +: KW];
    wire [KW-1:0] ss_hi0   = hi_q[cx(jb, jc)*KW +: KW];
    wire [1:0]    ss_adm0  = adm_q[cx(jb, jc)*2 +: 2];
    wire [KW-1:0] ss_jk1   = jk + 1'b1;
    wire [KW-1:0] ss_sent  = sl_req_o ? jk : ss_jk1;
    wire [KW-1:0] ss_hi    = (!sl_req_o && ss_hi0 < ss_jk1) ? ss_jk1 : ss_hi0;
    wire [1:0]    ss_adm   = sl_req_o ? A_REQ : ss_adm0;
    wire          ss_dl    = sl_req_o || ss_acked == jk;
    // In the C model's order: a new forwarding job and its packet count,
    // the selection, an acknowledgement, a timeout, completion, the send
    // queue unit's job and stream bases, the DMA's errors and host write.
    // the timeout: eight times the peak round trip, clamped to
    // [WC_NIC_RTO_MIN, NICR_TIMEOUT] (docs/nic-flow.md)
    wire [31:0] rto_p  = pk_q << 3;
    wire [31:0] rto_l  = rto_p < `WC_NIC_RTO_MIN ? `WC_NIC_RTO_MIN : rto_p;
    wire [31:0] rto    = rto_l < timeout_i ? rto_l : timeout_i;
    wire [31:0] dl_new = now_i + rto;

    // The probe: a first-time data packet starts one if none runs (Karn: a
    // resent packet's ack cannot tell which copy it answers); an ack that
    // covers its packet is a round trip, which raises the peak at once or
    // lowers it by a sixteenth of the difference; a resend of its child (a
    // timeout, a NAK) or the end of its job ends it.
    // A sample needs the ack to hit the probe's child: the hit child's
    // sequence difference and covered packets of job prj are then the
    // probe child's (no read of its own).
    wire pr_hit  = prv_q && hit[prj_q] && hitc[prj_q*CIW +: CIW] == prc_q;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0] pr_df = h_d[prj_q*16 +: 16];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [KW-1:0] pr_a   = h_a2[prj_q*KW +: KW];
    wire sample  = pr_hit && !pr_df[15] && pr_a > prk_q;
    wire nak_pr  = pr_hit && nakamt[prj_q*KW +: KW] != {KW{1'b0}};
    wire pr_new  = !prv_q && sel_dat && s_k_o >= ss_hi0;
    wire [31:0] rtt = now_i - prt_q;
    always @* begin : probe
        prv_d = prv_q;  prj_d = prj_q;  prc_d = prc_q;  prk_d = prk_q;  prt_d = prt_q;  pk_d = pk_q;
        if (sample) pk_d = rtt > pk_q ? rtt : pk_q - ((pk_q - rtt) >> 4);
        if (prv_q && (sample || nak_pr || (tmo && prj_q == scj && prc_q == scc) || (push_o && pj == prj_q) ||
                      (newfj_i && nfj_i == prj_q) || (create_i && cj_i == prj_q)))
            prv_d = 1'b0;
        if (pr_new) begin
            prv_d = 1'b1;  prj_d = s_job_o;  prc_d = s_child_o;  prk_d = s_k_o;  prt_d = now_i;
        end
    end
    generate
        for (gj = 0; gj < J; gj = gj + 1) begin : g_job
            wire newj = newfj_i && nfj_i == gj;
            wire crj  = create_i && cj_i == gj;
            wire inij = init_i && cj_i == gj;
            wire selj = sel_dat && s_job_o == gj;
            // the child count as the stream bases' initialisation sees it
            wire [NCW-1:0] nc_m  = crj ? c_nc_i : newj ? nf_nc_i : nc_q[gj*NCW +: NCW];
            reg            v_n, fw_n, hd_n;
            reg [TW-1:0]   ty_n;
            reg [NCW-1:0]  nc_n, fc_n;
            reg [7:0]      st_n;
            reg [`WC_SD0_TAG_W-1:0] tag_n;
            reg [GIW-1:0]  grp_n;
            reg [`WC_NH0_SRC_W-1:0] src_n;
            reg [15:0]     ml_n;
            reg [KW-1:0]   npk_n, av_n;
            reg [31:0]     adr_n;
            always @* begin
                v_n = v_q[gj];  fw_n = fw_q[gj];  hd_n = hd_q[gj];  ty_n = ty_q[gj*TW +: TW];
                nc_n = nc_q[gj*NCW +: NCW];  fc_n = fc_q[gj*NCW +: NCW];  st_n = st_q[gj*8 +: 8];
                tag_n = tag_q[gj*`WC_SD0_TAG_W +: `WC_SD0_TAG_W];  grp_n = grp_q[gj*GIW +: GIW];
                src_n = src_q[gj*`WC_NH0_SRC_W +: `WC_NH0_SRC_W];  ml_n = ml_q[gj*16 +: 16];
                npk_n = npk_q[gj*KW +: KW];  av_n = av_q[gj*KW +: KW];  adr_n = adr_q[gj*32 +: 32];
                // a forwarding job starts; it counts the packets it receives
                if (newj) begin
                    v_n = 1'b1;  fw_n = 1'b1;  hd_n = 1'b0;  ty_n = PT_MDATA;  nc_n = nf_nc_i;
                    fc_n = {NCW{1'b0}};  st_n = 8'd0;  tag_n = {`WC_SD0_TAG_W{1'b0}};
                    grp_n = nf_group_i;  src_n = nf_src_i;  ml_n = nf_msglen_i;  npk_n = nf_npk_i;
                    av_n = {KW{1'b0}};  adr_n = nf_addr_i;
                end
                if (fjinc_i && fj_i == gj) av_n = av_n + 1'b1;
                // FCFS: the current child has been sent the last packet
                if (selj && {{(32-CIW){1'b0}}, s_child_o} == {{(32-NCW){1'b0}}, fc_n} && s_k_o + 1'b1 == npk_n) fc_n = fc_n + 1'b1;
                // finished: the job leaves through the completion FIFO
                if (push_o && pj == gj) v_n = 1'b0;
                // the send queue unit's new job, live once its bases are set
                if (crj) begin
                    v_n = 1'b0;  fw_n = 1'b0;  hd_n = 1'b0;  ty_n = c_type_i;  nc_n = c_nc_i;
                    fc_n = {NCW{1'b0}};  st_n = 8'd0;  tag_n = c_tag_i;  grp_n = c_group_i;
                    src_n = c_src_i;  ml_n = c_msglen_i;  npk_n = c_npk_i;  av_n = c_npk_i;  adr_n = c_addr_i;
                end
                if (inij && init_fin_i) v_n = 1'b1;
                if (stage_err_i && stage_err_job_i == gj) st_n = ST_BUSERR;
                if (hostdone_i && hostdone_job_i == gj) begin
                    hd_n = 1'b1;
                    if (hostdone_err_i) st_n = ST_BUSERR;
                end
            end
            assign v_d[gj] = v_n;
            assign fw_d[gj] = fw_n;
            assign hd_d[gj] = hd_n;
            assign ty_d[gj*TW +: TW] = ty_n;
            assign nc_d[gj*NCW +: NCW] = nc_n;
            assign fc_d[gj*NCW +: NCW] = fc_n;
            assign st_d[gj*8 +: 8] = st_n;
            assign tag_d[gj*`WC_SD0_TAG_W +: `WC_SD0_TAG_W] = tag_n;
            assign grp_d[gj*GIW +: GIW] = grp_n;
            assign src_d[gj*`WC_NH0_SRC_W +: `WC_NH0_SRC_W] = src_n;
            assign ml_d[gj*16 +: 16] = ml_n;
            assign npk_d[gj*KW +: KW] = npk_n;
            assign av_d[gj*KW +: KW] = av_n;
            assign adr_d[gj*32 +: 32] = adr_n;

            // The hit child's update, once per job: the selection's first
            // if it picked the same child this cycle (the C model's order),
            // then the cumulative acknowledgement (older than the job's
            // first packet when "negative": stale, ignored), a GRANT or
            // WAIT answering the REQ, a NAK's go-back.
            wire          hsel = sel_pkt && s_job_o == gj && s_child_o == hitc[gj*CIW +: CIW];
            reg [KW-1:0]  ha_sent, ha_acked;
            reg [1:0]     ha_adm;
            reg           ha_dl;
            always @* begin : ack_update
                reg [15:0]   d;
                reg [KW-1:0] a2;
                ha_sent  = hsel ? ss_sent : h_sent[gj*KW +: KW];
                ha_acked = h_acked[gj*KW +: KW];
                ha_adm   = hsel ? ss_adm : h_adm[gj*2 +: 2];
                ha_dl    = hsel && ss_dl;
                d  = h_d[gj*16 +: 16];
                a2 = h_a2[gj*KW +: KW];
                if (!d[15] && a2 > ha_acked) begin
                    ha_acked = a2;
                    ha_dl    = 1'b1;
                    if (ha_sent < a2) ha_sent = a2;
                end
                // GRANT or WAIT answering this message's REQ (its packet 0,
                // nothing acknowledged yet)
                if (ha_adm != A_GRANT && ha_acked == {KW{1'b0}} && d == 16'd0) begin
                    if (ack_kind_i == `WC_NIC_PEND_GRANT) ha_adm = A_GRANT;
                    else if (ack_kind_i == `WC_NIC_PEND_WAIT && ha_adm == A_REQ) ha_adm = A_WAIT;
                end
                // a NAK at the oldest outstanding packet: go back now
                if (ack_kind_i == `WC_NIC_PEND_NAK && ha_adm == A_GRANT && ha_sent != ha_acked &&
                    d == {{(16-KW){1'b0}}, ha_acked}) begin
                    ha_sent = ha_acked;
                    ha_dl   = 1'b1;
                end
            end
            wire sel_jm = sel_pkt && s_job_o == gj;   // the selected child is in this job
            wire tmo_jm = tmo && scj == gj;

            for (gc = 0; gc < MAXCHILD; gc = gc + 1) begin : g_child
                localparam integer X = gj * MAXCHILD + gc;
                // which of the cycle's events touch this child
                wire sel_me = sel_jm && s_child_o == gc;
                wire hit_me = hit[gj] && hitc[gj*CIW +: CIW] == gc;
                wire tmo_me = tmo_jm && scc == gc;
                // A job's children start over when it is created or
                // started (only a free job, which no selection, ack or
                // timeout touches).  Only the send queue unit creates and
                // initialises send jobs, only the receive processor starts
                // forwarding jobs (the protocol assertions below), so a
                // child listens to its own kind's: a send job's children
                // take its destinations, their stream bases zero until
                // initialised (which comes after the creation in one
                // cycle); a forwarding job's the message's children and
                // sequence.  Their values depend on the child's index
                // alone, one copy for every job of a kind.
                localparam integer SEND = gj < JSEND ? 1 : 0;
                wire fresh  = SEND != 0 ? crj : newj;
                wire ini_me = SEND != 0 && inij && (init_all_i ? gc < nc_m : init_c_i == gc);
                wire sc_g   = tmo_me && sc_adm == A_GRANT;
                wire sent_en = hit_me || sel_me || sc_g;
                wire adm_en  = hit_me || sel_me || (tmo_me && sc_adm != A_GRANT);
                wire dl_en   = hit_me ? ha_dl : sel_me ? ss_dl : sc_g;
                // a timeout: admitted, back to the first unacknowledged
                // packet (the deadline restarted); not, the REQ again
                wire [KW-1:0] sent_n = hit_me ? ha_sent : sel_me ? ss_sent : sc_acked;
                wire [1:0]    adm_n  = hit_me ? ha_adm : sel_me ? ss_adm : A_NEED;
                wire [DW-1:0] dst_n  = SEND != 0 ? ((gc < c_nc_i) ? c_dst_i[gc*DW +: DW] : {DW{1'b0}})
                                                 : ((gc < nf_nc_i) ? nf_dst_i[gc*DW +: DW] : {DW{1'b0}});
                wire [15:0]   base_n = SEND != 0 ? init_base_i : (gc < nf_nc_i) ? nf_seq_i : 16'd0;
                // A_NEED is zero: a fresh child's whole state is a reset
                always @(posedge clk_i) begin
                    if (clr || fresh) begin
                        sent_q[X*KW +: KW] <= {KW{1'b0}};  acked_q[X*KW +: KW] <= {KW{1'b0}};
                        dl_q[X*32 +: 32] <= 32'd0;  adm_q[X*2 +: 2] <= A_NEED;  hi_q[X*KW +: KW] <= {KW{1'b0}};
                    end else begin
                        if (sent_en) sent_q[X*KW +: KW] <= sent_n;
                        if (hit_me)  acked_q[X*KW +: KW] <= ha_acked;
                        if (dl_en)   dl_q[X*32 +: 32] <= dl_new;
                        if (adm_en)  adm_q[X*2 +: 2] <= adm_n;
                        if (sel_me)  hi_q[X*KW +: KW] <= ss_hi;
                    end
                end
                always @(posedge clk_i) begin
                    if (clr) dst_q[X*DW +: DW] <= {DW{1'b0}};
                    else if (fresh) dst_q[X*DW +: DW] <= dst_n;
                    if (clr || (SEND != 0 && fresh && !ini_me)) base_q[X*16 +: 16] <= 16'd0;
                    else if (SEND != 0 ? ini_me : fresh) base_q[X*16 +: 16] <= base_n;
                end
            end
        end
    endgenerate

    // round robin pointers and the scanner
    always @* begin
        ackp_d = ackp_q;
        jobp_d = jobp_q;
        lack_d = sl_valid_o ? sl_ack_o : lack_q;
        if (sl_ack_o)
            ackp_d = ({{(32-SIDW){1'b0}}, ak_sid} == NG - 1) ? {SIDW{1'b0}} : ak_sid + 1'b1;
        else if (sl_valid_o)
            jobp_d = ({{(32-JW){1'b0}}, jb} == J - 1) ? {JW{1'b0}} : jb + 1'b1;
        // child by child up to MAXCHILD-1, then the next job's first
        scc_d = scc_q + 1'b1;
        scj_d = scj_q;
        if ({{(32-CIW){1'b0}}, scc_q} == MAXCHILD - 1) begin
            scc_d = {CIW{1'b0}};
            scj_d = ({{(32-JW){1'b0}}, scj_q} == J - 1) ? {JW{1'b0}} : scj_q + 1'b1;
        end
    end

    assign job_valid_o = v_q;
    assign job_group_o = grp_q;
    genvar g;
    generate
        for (g = 0; g < J; g = g + 1) begin : g_open
            assign job_open_o[g] = av_q[g*KW +: KW] < npk_q[g*KW +: KW];
        end
    endgenerate
    assign adr_o  = adr_q[adr_job_i*32 +: 32];
    assign busy_o = v_q != {J{1'b0}};

    // ---------------------------------------------------------- registers
    always @(posedge clk_i) begin
        if (clr) begin
            v_q <= {J{1'b0}};  fw_q <= {J{1'b0}};  hd_q <= {J{1'b0}};  ty_q <= {J*TW{1'b0}};
            nc_q <= {J*NCW{1'b0}};  fc_q <= {J*NCW{1'b0}};  st_q <= {J*8{1'b0}};
            tag_q <= {J*`WC_SD0_TAG_W{1'b0}};  grp_q <= {J*GIW{1'b0}};
            src_q <= {J*`WC_NH0_SRC_W{1'b0}};  ml_q <= {J*16{1'b0}};
            npk_q <= {J*KW{1'b0}};  av_q <= {J*KW{1'b0}};  adr_q <= {J*32{1'b0}};
        end else begin
            v_q <= v_d;  fw_q <= fw_d;  hd_q <= hd_d;  ty_q <= ty_d;
            nc_q <= nc_d;  fc_q <= fc_d;  st_q <= st_d;
            tag_q <= tag_d;  grp_q <= grp_d;
            src_q <= src_d;  ml_q <= ml_d;
            npk_q <= npk_d;  av_q <= av_d;  adr_q <= adr_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            prv_q <= 1'b0;  prj_q <= {JW{1'b0}};  prc_q <= {CIW{1'b0}};  prk_q <= {KW{1'b0}};
            prt_q <= 32'd0;  pk_q <= 32'd0;
        end else begin
            prv_q <= prv_d;  prj_q <= prj_d;  prc_q <= prc_d;  prk_q <= prk_d;
            prt_q <= prt_d;  pk_q <= pk_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            ackp_q <= {SIDW{1'b0}};  jobp_q <= {JW{1'b0}};  lack_q <= 1'b0;
            scj_q <= {JW{1'b0}};  scc_q <= {CIW{1'b0}};
        end else begin
            ackp_q <= ackp_d;  jobp_q <= jobp_d;  lack_q <= lack_d;
            scj_q <= scj_d;  scc_q <= scc_d;
        end
    end
`ifndef SYNTHESIS
    // Per-child go-back-N state of a live job (docs/nic-uarch.md, Jobs):
    // acked <= sent <= npk (an ack moves acked up to at most npk and sent
    // with it, a timeout moves sent back to acked), at most TXWIN packets
    // unacknowledged.  Per job: npk is the message's packet count, avail
    // <= npk and all of them for a send job, the FCFS child pointer never
    // passes the children, and a job is of the kind its index says (the
    // receive processor and the send queue unit look only in their range).
    // The per-job invariants are a function of the job's registered state
    // alone, so each job is checked when that state changes (and once
    // after reset): the verdicts of a check every cycle, at a fraction of
    // its simulation cost (J x MAXCHILD children every cycle were most of
    // the Verilated NIC's assertion work).
    localparam integer JSTW = 2 + 16 + 2*KW + 2*NCW + 2*MAXCHILD*KW;
    genvar cj;
    generate
        for (cj = 0; cj < J; cj = cj + 1) begin : g_chk
            wire [JSTW-1:0] chk = {v_q[cj], fw_q[cj], ml_q[cj*16 +: 16], npk_q[cj*KW +: KW], av_q[cj*KW +: KW],
                                  nc_q[cj*NCW +: NCW], fc_q[cj*NCW +: NCW], sent_q[cj*MAXCHILD*KW +: MAXCHILD*KW],
                                  acked_q[cj*MAXCHILD*KW +: MAXCHILD*KW]};
            reg [JSTW-1:0] chk_q;
            reg            seen_q;
            always @(posedge clk_i) begin : protocol
                integer c;
                reg [KW-1:0] se, ac;
                reg [15:0]   np;
                if (!rst_ni) begin
                    seen_q <= 1'b0;
                end else begin
                    seen_q <= 1'b1;
                    chk_q  <= chk;
                    if (v_q[cj] && (!seen_q || chk != chk_q)) begin
                        np = (ml_q[cj*16 +: 16] + PAY16 - 16'd1) / PAY16;
                        if (ml_q[cj*16 +: 16] == 16'd0 || {{(16-KW){1'b0}}, npk_q[cj*KW +: KW]} != np)
                            $error("%m: job %0d has %0d packets for a %0d-byte message", cj, npk_q[cj*KW +: KW],
                                   ml_q[cj*16 +: 16]);
                        if (av_q[cj*KW +: KW] > npk_q[cj*KW +: KW] ||
                            (!fw_q[cj] && av_q[cj*KW +: KW] != npk_q[cj*KW +: KW]))
                            $error("%m: job %0d has %0d packets available of %0d", cj, av_q[cj*KW +: KW],
                                   npk_q[cj*KW +: KW]);
                        if (cj < JSEND && fw_q[cj])
                            $error("%m: send job %0d marked as forwarding", cj);
                        if (cj >= JSEND && !fw_q[cj])
                            $error("%m: forwarding job %0d not marked as forwarding", cj);
                        // (the first test is constant when MAXCHILD is 2^NCW - 1)
                        /* verilator lint_off CMPCONST */
                        if ({{(32-NCW){1'b0}}, nc_q[cj*NCW +: NCW]} > MAXCHILD ||
                            fc_q[cj*NCW +: NCW] > nc_q[cj*NCW +: NCW])
                        /* verilator lint_on CMPCONST */
                            $error("%m: job %0d has %0d children, FCFS at child %0d", cj, nc_q[cj*NCW +: NCW],
                                   fc_q[cj*NCW +: NCW]);
                        for (c = 0; c < MAXCHILD; c = c + 1)
                            if (c < {{(32-NCW){1'b0}}, nc_q[cj*NCW +: NCW]}) begin
                                se = sent_q[(cj*MAXCHILD + c)*KW +: KW];
                                ac = acked_q[(cj*MAXCHILD + c)*KW +: KW];
                                if (ac > se || se > npk_q[cj*KW +: KW])
                                    $error("%m: job %0d child %0d: acked %0d, sent %0d of %0d packets", cj, c, ac,
                                           se, npk_q[cj*KW +: KW]);
                                if ({{(32-KW){1'b0}}, se - ac} > TXWIN)
                                    $error("%m: job %0d child %0d: %0d packets unacknowledged, window %0d", cj, c,
                                           se - ac, TXWIN);
                            end
                    end
                end
            end
        end
    endgenerate
    function [KW-1:0] job_k(input [J*KW-1:0] v, input integer j);
        job_k = v[j*KW +: KW];
    endfunction
    always @(posedge clk_i) begin : protocol
        reg [KW-1:0] se, ac;
        if (rst_ni) begin
            // The selection: nothing while the selection register is full;
            // an ack only for a pending flag; a packet only of a live job,
            // to one of its children, the next one that child needs, within
            // what is available and the child's window.
            if (sel_busy_i && (sl_valid_o || sl_ack_o))
                $error("%m: selection made while the selection register is full");
            if (ak_any != (ackpend_i != {NG{1'b0}}) || (ak_any && !ackpend_i[ak_sid]))
                $error("%m: acknowledgement round robin picked stream %0d of pending %b", ak_sid, ackpend_i);
            if (jb_any != (has != {J{1'b0}}) || (jb_any && !has[jb]))
                $error("%m: job round robin picked job %0d of eligible %b", jb, has);
            // Acks and data alternate when both wait (docs/nic-uarch.md,
            // Selection): never an ack after an ack with a packet ready,
            // never a packet before a pending ack unless an ack went last.
            if (sl_ack_o && lack_q && jb_any)
                $error("%m: ack chosen after an ack while job %0d had a packet ready", jb);
            if (sel_pkt && ak_any && !lack_q)
                $error("%m: packet chosen before the pending ack of stream %0d", ak_sid);
            // A REQ only to a live child due one; data only to an admitted
            // child.
            if (sel_pkt && sl_req_o && (!v_q[s_job_o] || {{(32-CIW){1'b0}}, s_child_o} >= {{(32-NCW){1'b0}}, nc_q[s_job_o*NCW +: NCW]} ||
                                        adm_q[cx(s_job_o, s_child_o)*2 +: 2] != A_NEED))
                $error("%m: REQ selected for job %0d child %0d, not a live child due one", s_job_o, s_child_o);
            if (sel_dat && adm_q[cx(s_job_o, s_child_o)*2 +: 2] != A_GRANT)
                $error("%m: data selected for job %0d child %0d before its GRANT", s_job_o, s_child_o);
            if (sel_dat) begin
                se = sent_q[cx(s_job_o, s_child_o)*KW +: KW];
                ac = acked_q[cx(s_job_o, s_child_o)*KW +: KW];
                if (!v_q[s_job_o] || {{(32-CIW){1'b0}}, s_child_o} >= {{(32-NCW){1'b0}}, nc_q[s_job_o*NCW +: NCW]})
                    $error("%m: packet selected for job %0d child %0d, not a live child", s_job_o, s_child_o);
                if (s_k_o != se || s_k_o >= job_k(av_q, {{(32-JW){1'b0}}, s_job_o}) || {{(32-KW){1'b0}}, se - ac} >= TXWIN)
                    $error("%m: packet %0d selected for job %0d child %0d: sent %0d, acked %0d, available %0d",
                           s_k_o, s_job_o, s_child_o, se, ac, job_k(av_q, {{(32-JW){1'b0}}, s_job_o}));
                if (s_len_o == 16'd0 || s_len_o > PAY16 || {1'b0, s_off_o} + {1'b0, s_len_o} > {1'b0, s_msglen_o})
                    $error("%m: packet selected with offset %0d, length %0d of %0d", s_off_o, s_len_o, s_msglen_o);
            end
            // Job creation: the send queue unit fills a free send job and
            // makes it live; the receive processor starts a free forwarding
            // job; the DMA reports a forwarded message in host memory once,
            // for the live forwarding job that holds it.
            if ((create_i || init_i) && ({{(32-JW){1'b0}}, cj_i} >= JSEND || v_q[cj_i]))
                $error("%m: send job %0d created or initialised but not a free send job", cj_i);
            if (newfj_i && ({{(32-JW){1'b0}}, nfj_i} < JSEND || {{(32-JW){1'b0}}, nfj_i} >= J || v_q[nfj_i]))
                $error("%m: forwarding job %0d started but not a free forwarding job", nfj_i);
            if (hostdone_i && !(v_q[hostdone_job_i] && fw_q[hostdone_job_i] && !hd_q[hostdone_job_i]))
                $error("%m: message of job %0d reported in host memory, not a live forwarding job waiting for it",
                       hostdone_job_i);
        end
    end
`endif
endmodule
`resetall

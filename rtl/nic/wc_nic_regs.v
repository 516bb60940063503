// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// NIC register block: the Wishbone B4 classic slave of docs/nic.md, the
// control and ring registers, the host-visible counters, the group table
// with its validation (wc_nic_group_set of sw/lib/wc_nic_group.c, same
// order of error codes), and the per-stream tables (expected and next
// sequence numbers, busy flags, pending acknowledgements).
// cmodel/wc_nic_regs.c (nic_regs_read(), nic_regs_commit()).
//
// The other units do not write these registers; they send strobes, and
// this block applies them in the order nic_regs_commit() does: the receive
// processor's counts and stream updates, a finished send job's busy flags,
// the send queue unit, the transmit selection's acknowledgement flags, the
// DMA ring indices, and the host write last, so a host write wins over
// whatever the NIC did to the same register in that cycle.
//
// soft_o is the soft-reset bit of a NICR_CTRL write: every unit resets at
// this edge except s_ack/s_dat here (the write that asked for it must
// still be acknowledged) and node_q (sampled in reset only).
//
// The twelve 32-bit counters (NICR_ERR_*, RETX, DUPS, TX_PKTS, RX_PKTS,
// TIMEOUTS) live in a counter memory (block RAM, one word each, a zero
// flag per word: a reset or a host clear sets it, a write of the word
// clears it) with a small pending amount per counter.  The units' events
// add to the pending amounts; a round-robin scheduler picks one counter
// with an amount pending a cycle (not the one in flight), reads its word
// and takes its amount, and at the next edge writes word + amount back
// (saturated, or wrapping for RETX and the packet counts).  A host read
// of a counter takes the memory's read port in its request's cycle (no
// pick then) and is answered a cycle later than the other registers:
// the word plus what is still pending or in flight for it, so it reads
// every event before its request.  cmodel/wc_nic_regs.c models the same
// memory, amounts and schedule.
module wc_nic_regs #(
    // Node ids 0..NNODES-1: size of the unicast stream tables, 2..4096.
    parameter integer NNODES  = 16,
    // Group table entries (ids 1..NGROUPS-1 usable), 2..WC_NIC_GROUPS.
    parameter integer NGROUPS = `WC_NIC_GROUPS,
    // Receive slots (for the SLOTS and PEAK counters' width), 1..128.
    parameter integer NSLOT   = 72,
    // Width of a packet count (npk of the largest message), from the top.
    parameter integer KW      = 7,
    // Children a group entry holds, 1..WC_NIC_MAX_CHILDREN: a commit of
    // more is refused with NODST, a child index at or above it is not
    // staged.
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    // This NIC's node id, sampled while rst_ni is low (as the router).
    input  wire [`WC_HEAD_DST_W-1:0]    node_id_i,
    // ---- Wishbone B4 classic slave (ACK next cycle, a counter read's a cycle later) ----
    input  wire                         s_cyc_i,
    input  wire                         s_stb_i,
    input  wire                         s_we_i,
    input  wire [31:0]                  s_adr_i,
    input  wire [31:0]                  s_dat_i,
    // Byte lanes are ignored: every register is written whole (C model).
    input  wire [3:0]                   s_sel_i,
    // ACK in the cycle after the request, for a counter two cycles after
    output wire                         s_ack_o,
    output wire [31:0]                  s_dat_o,
    output wire                         irq_o,
    // Soft reset requested by this cycle's write (resets every unit).
    output wire                         soft_o,
    // ---- configuration to the units ----
    output wire [`WC_HEAD_DST_W-1:0]    self_o,
    output wire                         en_o,
    output wire [1:0]                   mode_o,
    output wire [31:0]                  timeout_o,
    output wire [31:0]                  now_o,
    output wire [31:0]                  sq_base_o,
    output wire [15:0]                  sq_size_o,
    output wire [15:0]                  sq_head_o,
    output wire [15:0]                  sq_tail_o,
    output wire [31:0]                  rq_base_o,
    output wire [15:0]                  rq_size_o,
    output wire [15:0]                  rq_head_o,
    output wire [15:0]                  rq_tail_o,
    output wire [31:0]                  cq_base_o,
    output wire [15:0]                  cq_size_o,
    output wire [15:0]                  cq_head_o,
    output wire [15:0]                  cq_tail_o,
    // ---- status inputs (NICR_STATUS) ----
    input  wire                         busy_i,
    input  wire                         rqb_valid_i,
    // ---- events from the units ----
    // receive processor: one counter (a WC_NICR_* offset) and the
    // intact-packet count
    input  wire                         cnt_i,
    input  wire [5:0]                   cnt_reg_i,
    input  wire                         rxpkt_i,
    // timeout scanner: a rewind of amt packets; a NAK's rewind
    input  wire                         tmo_i,
    input  wire [KW-1:0]                tmo_amt_i,
    input  wire [KW-1:0]                nak_amt_i,
    // emitter: a packet's tail left
    input  wire                         txpkt_i,
    // send queue: descriptor consumed (sq_head advances), with an error
    input  wire                         sq_adv_i,
    input  wire                         sq_err_i,
    // DMA: a receive buffer fetched, a completion written
    input  wire                         rq_adv_i,
    input  wire                         cq_adv_i,
    // receive slots in use, when the slot table recounted them
    input  wire                         slot_upd_i,
    input  wire [$clog2(NSLOT+1)-1:0]   slot_cnt_i,
    // ---- stream table updates ----
    // a data packet accepted: expected sequence of its stream + 1
    input  wire                         exp_inc_i,
    input  wire                         exp_grp_i,      // group stream (else unicast)
    input  wire [$clog2(NNODES)-1:0]    exp_node_i,
    input  wire [$clog2(NGROUPS)-1:0]   exp_gid_i,
    // pending control packets, a WC_NIC_PEND_* kind per stream (stream
    // id: node, or NNODES + group): the selection clears one; the receive
    // processor sets one to kind (the higher kind wins, unless ovr: an
    // accepted packet's ACK, a NAK), and a GRANT of the grant scanner and
    // of the repeat scanner
    input  wire                         ack_clr_i,
    input  wire [$clog2(NNODES+NGROUPS)-1:0] ack_clr_sid_i,
    input  wire                         ack_set_i,
    input  wire [$clog2(NNODES+NGROUPS)-1:0] ack_set_sid_i,
    input  wire [2:0]                   ack_set_kind_i,
    input  wire                         ack_set_ovr_i,
    input  wire                         ack_set2_i,
    input  wire [$clog2(NNODES+NGROUPS)-1:0] ack_set2_sid_i,
    input  wire                         ack_set3_i,
    input  wire [$clog2(NNODES+NGROUPS)-1:0] ack_set3_sid_i,
    // a send job completed: its streams are free again
    input  wire                         done_i,
    input  wire                         done_grp_i,     // multicast (else unicast)
    input  wire [$clog2(NGROUPS)-1:0]   done_gid_i,
    input  wire [$clog2(MAXCHILD+1)-1:0] done_nc_i,
    input  wire [MAXCHILD*`WC_HEAD_DST_W-1:0] done_dst_i,
    // send queue unit: a stream of a new job takes npk sequence numbers
    input  wire                         init_i,
    input  wire                         init_grp_i,
    input  wire [$clog2(NGROUPS)-1:0]   init_gid_i,
    input  wire [$clog2(NNODES)-1:0]    init_node_i,
    input  wire [KW-1:0]                init_npk_i,
    // ---- read ports ----
    output wire [NNODES-1:0]            ubusy_o,
    output wire [NGROUPS-1:0]           gbusy_o,
    // receive processor: its event's source and group; the group's
    // parent, count and children and the stream's expected sequence
    // number are read a cycle ahead, at its node and group after this
    // edge
    input  wire [`WC_HEAD_DST_W-1:0]    rp_node_i,
    input  wire [`WC_HEAD_DST_W-1:0]    rp_nnode_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   rp_gid_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   rp_ngid_i,
    output wire [15:0]                  rp_uexp_o,
    output wire [15:0]                  rp_gexp_o,
    output wire                         rp_gvalid_o,
    output wire [`WC_HEAD_DST_W-1:0]    rp_gparent_o,
    output wire [$clog2(MAXCHILD+1)-1:0] rp_gnc_o,
    output wire [MAXCHILD*`WC_HEAD_DST_W-1:0] rp_gchild_o,
    // acknowledgement selection: the head of the queue of pending
    // streams (ak_valid_o: one is pending, ak_sid_o) with its kind, its
    // expected sequence number and its group's parent, all read a cycle
    // ahead at it; the selection takes (ack_clr_i) only the head
    output wire                         ak_valid_o,
    output wire [$clog2(NNODES+NGROUPS)-1:0] ak_sid_o,
    output wire [2:0]                   ak_kind_o,
    output wire [15:0]                  ak_exp_o,
    output wire                         ak_gvalid_o,
    output wire [`WC_HEAD_DST_W-1:0]    ak_gparent_o,
    // send queue unit: its descriptor's group and node; the group's
    // parent, count and children and the next sequence numbers are read
    // a cycle ahead, at the group and node it will have after this edge
    // (sq_ngid_i, sq_nnode_i)
    input  wire [`WC_NH0_GROUP_W-1:0]   sq_gid_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   sq_ngid_i,
    input  wire [`WC_HEAD_DST_W-1:0]    sq_node_i,
    input  wire [`WC_HEAD_DST_W-1:0]    sq_nnode_i,
    output wire                         sq_gvalid_o,
    output wire [`WC_HEAD_DST_W-1:0]    sq_gparent_o,
    output wire [$clog2(MAXCHILD+1)-1:0] sq_gnc_o,
    output wire [MAXCHILD*`WC_HEAD_DST_W-1:0] sq_gchild_o,
    output wire [15:0]                  sq_gnext_o,
    output wire [15:0]                  sq_unext_o
);
    localparam integer DW    = `WC_HEAD_DST_W;
    localparam integer GIW   = `WC_NH0_GROUP_W;
    localparam integer NCW   = $clog2(MAXCHILD + 1);
    localparam integer NB    = $clog2(NNODES);
    localparam integer GB    = $clog2(NGROUPS);
    localparam integer NG    = NNODES + NGROUPS;
    localparam integer SIDW  = $clog2(NG);
    localparam integer SCW   = $clog2(NSLOT + 1);
    localparam integer AW    = $clog2(`WC_NICR_WORDS);
    localparam [DW-1:0] NOPAR = `WC_NIC_NO_PARENT;
    // NICR_ID bits 31:24: register-map version.
    localparam [7:0] VERSION = 8'd1;

    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_KW
        `WC_NIC_CHECK_MAXCHILD
    end

    // Only the word index selects a register; byte lanes are not used.
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_bus = ^{s_sel_i, s_adr_i[31:2+AW], s_adr_i[1:0]};
    // the children are defined only for groups in the table (GB bits),
    // the next sequence numbers for nodes in it (NB bits)
    wire unused_ngid = ^{rp_ngid_i[GIW-1:GB], sq_ngid_i[GIW-1:GB], sq_nnode_i, rp_nnode_i};
    /* verilator lint_on UNUSEDSIGNAL */

    // ---------------------------------------------------------------- state
    reg  [DW-1:0]   node_q;
    reg             s_ack_q, s_ack_d;
    reg  [31:0]     s_dat_q, s_dat_d;
    reg             en_q, en_d;
    reg  [1:0]      mode_q, mode_d;
    reg  [2:0]      ist_q, ist_d;          // NICR_INT_STATUS
    reg  [2:0]      ien_q, ien_d;          // NICR_INT_ENABLE
    reg  [31:0]     timeout_q, timeout_d;
    reg  [31:0]     now_q;
    wire [31:0]     now_d = now_q + 32'd1;   // the retransmission clock
    reg  [31:0]     sq_base_q, sq_base_d, rq_base_q, rq_base_d, cq_base_q, cq_base_d;
    reg  [15:0]     sq_size_q, sq_size_d, rq_size_q, rq_size_d, cq_size_q, cq_size_d;
    reg  [15:0]     sq_tail_q, sq_tail_d, sq_head_q, sq_head_d;
    reg  [15:0]     rq_tail_q, rq_tail_d, rq_head_q, rq_head_d;
    reg  [15:0]     cq_head_q, cq_head_d, cq_tail_q, cq_tail_d;
    reg  [GIW-1:0]  gt_sel_q, gt_sel_d;
    reg  [DW-1:0]   gt_par_q, gt_par_d;
    reg  [MAXCHILD*DW-1:0] gt_stage_q, gt_stage_d;   // staged children
    reg  [7:0]      gt_res_q, gt_res_d;
    // the group commit's check of its children, one step a cycle (see
    // "group commit" below): running, the child checked and the earlier
    // child it is compared with, the commit's count
    reg             gtc_v_q;
    reg  [NCW-1:0]  gtc_i_q, gtc_k_q, gtc_n_q;
    // the counters (see the head of the file): index k of the memory is
    // the k-th counter word of the register map
    localparam integer NCNT = `WC_NIC_COUNTERS;
    localparam integer CKW  = $clog2(NCNT);
    localparam integer C_RETX = `WC_NIC_CNT_RETX;
    // saturating (RETX, TX_PKTS, RX_PKTS wrap)
    localparam [NCNT-1:0] CSAT = ~((NCNT'(1) << `WC_NIC_CNT_RETX) | (NCNT'(1) << `WC_NIC_CNT_TX_PKTS) |
                                   (NCNT'(1) << `WC_NIC_CNT_RX_PKTS));
    // Pending amounts: a counter with one pending is picked within NCNT
    // picks of the others, and a counter read (one in three cycles at
    // most) holds the scheduler for a cycle, so a counter waits at most
    // 3 NCNT / 2 + 2 cycles: 6 bits hold a counter of one event a cycle,
    // KW + 6 RETX with its two rewinds a cycle (asserted below).
    localparam integer PWR  = KW + 6;
    localparam integer PW1  = 6;
    (* ram_style = "block", no_rw_check *) reg [31:0] cmem [0:NCNT-1];
    reg  [31:0]       crd_q;               // the word read at the last edge
    reg  [NCNT-1:0]   cz_q, cz_d;          // zero flags
    reg  [NCNT*PWR-1:0] cpend_q, cpend_d;  // pending amounts
    reg               cinf_v_q;            // an amount in flight: written at this edge
    reg  [CKW-1:0]    cinf_k_q, cptr_q, cptr_d;
    reg  [PWR-1:0]    cinf_amt_q;
    reg               cw_q, cw_z_q, cw_sat_q;   // a counter read's answer is due
    reg  [PWR:0]      cw_pend_q;
    reg  [SCW-1:0]  slots_q, slots_d, peak_q, peak_d;
    // group table: a valid flag and a parent-written flag per entry
    // (reset by a soft reset), the parent and child count in memories
    // (one copy per reader: the receive processor, the send queue unit,
    // the acknowledgement selection), the children in memories (one copy
    // per reader: the receive processor, the send queue unit), all block
    // RAM read a cycle ahead at the group each reader will address after
    // the edge (below) and never reset: an entry's count is read under
    // its valid flag (a cleared entry has none), its parent under its
    // written flag (NO_PARENT until the first install; a clear keeps it),
    // its children below its count.
    reg  [NGROUPS-1:0]    gv_q, gv_d, gpw_q, gpw_d;
    // (the parent and count copies: g_gpn below; their rows after the
    // last edge, the receive processor's, the send queue unit's, the
    // selection's)
    wire [NCW+DW-1:0]     rp_gpn_rd, sq_gpn_rd, ak_gpn_rd;
    (* ram_style = "block", no_rw_check *) reg [MAXCHILD*DW-1:0] gc_rp [0:NGROUPS-1];
    (* ram_style = "block", no_rw_check *) reg [MAXCHILD*DW-1:0] gc_sq [0:NGROUPS-1];
    reg  [MAXCHILD*DW-1:0]    rp_gc_rd_q, sq_gc_rd_q;
    reg                   rp_gc_byp_q, sq_gc_byp_q;
    // stream tables: a memory per table plus a written-since-reset flag
    // per entry, so a reset clears a whole table in one edge (an entry
    // reads 0 until written) and the memory itself needs no reset.  The
    // next sequence numbers have one reader, the send queue unit, and are
    // block RAM read a cycle ahead at its next node and group, with the
    // word written at that edge bypassed to the read (below).  The
    // expected sequence numbers have two readers, the receive processor
    // and the acknowledgement selection: a copy each, the receive
    // processor's one memory per table (read at its next node and group),
    // the selection's one memory over the stream ids (read at the head
    // of the queue of pending acks after the edge), written together.
    (* ram_style = "block", no_rw_check *) reg [15:0] uexp_m  [0:NNODES-1];
    (* ram_style = "block", no_rw_check *) reg [15:0] unext_m [0:NNODES-1];
    (* ram_style = "block", no_rw_check *) reg [15:0] gexp_m  [0:NGROUPS-1];
    (* ram_style = "block", no_rw_check *) reg [15:0] akexp_m [0:NNODES+NGROUPS-1];
    reg  [15:0]     uexp_rd_q, gexp_rd_q, akexp_rd_q;
    (* ram_style = "block", no_rw_check *) reg [15:0] gnext_m [0:NGROUPS-1];
    reg  [15:0]     unext_rd_q, gnext_rd_q;
    reg  [NNODES-1:0]  uexp_v_q, uexp_v_d, unext_v_q, unext_v_d;
    reg  [NGROUPS-1:0] gexp_v_q, gexp_v_d, gnext_v_q, gnext_v_d;
    reg  [NNODES-1:0]  ubusy_q, ubusy_d;
    reg  [NGROUPS-1:0] gbusy_q, gbusy_d;
    // pending control packets: a flag per stream (set while the stream
    // is in the queue of pending acks, below) and a GRANT flag per
    // stream; the rest of the kind (a NAK bit and a WAIT bit) is a
    // two-bit memory, written only by the receive processor's event and
    // read a cycle ahead at the queue's head.  The kind is GRANT under the GRANT
    // flag, else NAK under the NAK bit, else WAIT under the WAIT bit,
    // else ACK; read only while the stream is pending (so neither flags
    // nor memories need a reset): see "The pending kinds" below.
    reg  [NG-1:0]   ackp_q, ackp_d;
    reg  [NG-1:0]   akg_q, akg_d;
    // (one memory of two bits, {WAIT, NAK}, each written on its own)
    (* ram_style = "block", no_rw_check *) reg [1:0] aknw_m [0:NG-1];
    reg             akn_rd_q, akw_rd_q;
    reg             ak_v_q;
    reg  [SIDW-1:0] ak_sid_q;

    // ------------------------------------------------------------ the bus
    // (no new request while an answer is registered or due, or while a
    // group commit's check runs)
    wire          go   = s_cyc_i && s_stb_i && !s_ack_q && !cw_q && !gtc_v_q;
    wire [AW-1:0] wa   = s_adr_i[2 +: AW];
    wire          wr   = go && s_we_i;
    wire          srst = wr && (wa == `WC_NICR_CTRL) && s_dat_i[3];
    assign soft_o = srst;

    // -------------------------------------------------------- read ports
    // (the words read at the last edge, at this cycle's node, group and
    // stream, under the entries' flags)
    wire nin_rp = {20'd0, rp_node_i} < NNODES;
    wire gin_rp = {20'd0, rp_gid_i} < NGROUPS;
    assign rp_uexp_o    = (nin_rp && uexp_v_q[rp_node_i[NB-1:0]]) ? uexp_rd_q : 16'd0;
    assign rp_gexp_o    = (gin_rp && gexp_v_q[rp_gid_i[GB-1:0]]) ? gexp_rd_q : 16'd0;
    assign rp_gvalid_o  = gin_rp && gv_q[rp_gid_i[GB-1:0]];
    assign rp_gparent_o = (gin_rp && gpw_q[rp_gid_i[GB-1:0]]) ? rp_gpn_rd[DW-1:0] : NOPAR;
    assign rp_gnc_o     = rp_gvalid_o ? rp_gpn_rd[DW +: NCW] : {NCW{1'b0}};
    assign rp_gchild_o  = rp_gc_byp_q ? gt_stage_q : rp_gc_rd_q;

    // a stream id below NNODES is a unicast peer, above it a group
    wire          ak_uni = {{(32-SIDW){1'b0}}, ak_sid_q} < NNODES;
    // group = sid - NNODES, < NGROUPS <= 2^GB: exact modulo 2^GB
    wire [GB-1:0] ak_gi  = ak_sid_q[GB-1:0] - NNODES[GB-1:0];
    assign ak_valid_o   = ak_v_q;
    assign ak_sid_o     = ak_sid_q;
    assign ak_exp_o     = (ak_uni ? uexp_v_q[ak_sid_q[NB-1:0]] : gexp_v_q[ak_gi]) ? akexp_rd_q : 16'd0;
    assign ak_gvalid_o  = !ak_uni && gv_q[ak_gi];
    assign ak_gparent_o = gpw_q[ak_gi] ? ak_gpn_rd[DW-1:0] : NOPAR;

    wire gin_sq = {20'd0, sq_gid_i} < NGROUPS;
    wire nin_sq = {20'd0, sq_node_i} < NNODES;
    assign sq_gvalid_o  = gin_sq && gv_q[sq_gid_i[GB-1:0]];
    assign sq_gparent_o = (gin_sq && gpw_q[sq_gid_i[GB-1:0]]) ? sq_gpn_rd[DW-1:0] : NOPAR;
    assign sq_gnc_o     = sq_gvalid_o ? sq_gpn_rd[DW +: NCW] : {NCW{1'b0}};
    assign sq_gchild_o  = sq_gc_byp_q ? gt_stage_q : sq_gc_rd_q;
    // (the words read at the last edge, at this cycle's group and node)
    assign sq_gnext_o   = (gin_sq && gnext_v_q[sq_gid_i[GB-1:0]]) ? gnext_rd_q : 16'd0;
    assign sq_unext_o   = (nin_sq && unext_v_q[sq_node_i[NB-1:0]]) ? unext_rd_q : 16'd0;

    assign ak_kind_o = akg_q[ak_sid_q] ? 3'(`WC_NIC_PEND_GRANT) : akn_rd_q ? 3'(`WC_NIC_PEND_NAK) :
                       akw_rd_q ? 3'(`WC_NIC_PEND_WAIT) : 3'(`WC_NIC_PEND_ACK);
    assign ubusy_o   = ubusy_q;
    assign gbusy_o   = gbusy_q;

    // --------------------------------------------------- group commit
    // wc_nic_group_set's checks in its order.  The checks of the entry
    // (group id, count, parent) decide in the GT_COMMIT write's cycle;
    // a commit with children then checks them one step a cycle, in the
    // order of wc_nic_group_set: child i alone (i = 0) or against one
    // earlier child k (k = 0..i-1, the child's own tests in each of its
    // steps), so the first failing child decides between BADDST and
    // IDRULE.  The check ends at the first failing step or after the last
    // child's last, 1 + n(n-1)/2 steps for n children that pass, and then
    // writes GT_RESULT and the entry; the bus takes no request while it
    // runs (cmodel/wc_nic_regs.c, gt_check_steps()).
    wire [7:0] gt_cnt  = s_dat_i[7:0];
    wire       gt_root = gt_par_q == NOPAR;
    reg        gt_set, gt_clear, gt_run;
    reg  [7:0] gt_rc;
    always @* begin : commit_check
        gt_set   = 1'b0;
        gt_clear = 1'b0;
        gt_run   = 1'b0;
        gt_rc    = `WC_NIC_ST_OK;
        if (gt_sel_q == 0 || {20'd0, gt_sel_q} >= NGROUPS)
            gt_rc = `WC_NIC_ST_NOGROUP;
        else if (gt_cnt == 8'd0 && gt_root)
            gt_clear = 1'b1;
        else if (s_dat_i[31:8] != 24'd0)
            gt_rc = `WC_NIC_ST_NODST;
        else if ((!gt_root && ({20'd0, gt_par_q} >= NNODES || gt_par_q == node_q)) || {20'd0, node_q} >= NNODES)
            gt_rc = `WC_NIC_ST_BADDST;
        else if ({24'd0, gt_cnt} > MAXCHILD)
            gt_rc = `WC_NIC_ST_NODST;
        else if (gt_cnt == 8'd0)
            gt_set = 1'b1;          // a leaf: no child to check
        else
            gt_run = 1'b1;
    end
    wire            wr_commit = wr && (wa == `WC_NICR_GT_COMMIT);
    // the step: child i and earlier child k (staging holds still: the
    // bus takes no GT_CHILD write while the check runs)
    function [DW-1:0] staged(input [NCW-1:0] x);
        integer c;
        staged = {DW{1'b0}};
        for (c = 0; c < MAXCHILD; c = c + 1)
            if (x == c[NCW-1:0]) staged = gt_stage_q[c*DW +: DW];
    endfunction
    wire [DW-1:0]   gtc_ch = staged(gtc_i_q);
    wire [DW-1:0]   gtc_ck = staged(gtc_k_q);
    wire gtc_bad   = {20'd0, gtc_ch} >= NNODES;
    wire gtc_fail  = gtc_bad || gtc_ch == node_q || (!gt_root && (gtc_ch == gt_par_q || gtc_ch <= node_q)) ||
                     (gtc_i_q != {NCW{1'b0}} && gtc_ch == gtc_ck);
    // the child's last step, the last child
    wire gtc_lastk = gtc_i_q == {NCW{1'b0}} || gtc_k_q + NCW'(1) == gtc_i_q;
    wire gtc_lasti = gtc_i_q + NCW'(1) == gtc_n_q;
    wire gtc_fin   = gtc_v_q && (gtc_fail || (gtc_lastk && gtc_lasti));
    always @(posedge clk_i) begin
        if (clr) gtc_v_q <= 1'b0;
        else     gtc_v_q <= (wr_commit && gt_run) || (gtc_v_q && !gtc_fin);
        if (wr_commit) begin
            gtc_i_q <= {NCW{1'b0}};
            gtc_k_q <= {NCW{1'b0}};
            gtc_n_q <= gt_cnt[NCW-1:0];
        end else if (gtc_v_q) begin
            gtc_i_q <= gtc_lastk ? gtc_i_q + NCW'(1) : gtc_i_q;
            gtc_k_q <= gtc_lastk ? {NCW{1'b0}} : gtc_k_q + NCW'(1);
        end
    end
    // what the commit does at this edge: its result, an install (the
    // write's of a leaf, the check's when it passed), a clear; the count
    // installed (the bus word's, or the check's)
    wire            gt_res_we = (wr_commit && !gt_run) || gtc_fin;
    wire [7:0]      gt_res_wd = gtc_v_q ? (gtc_bad ? 8'(`WC_NIC_ST_BADDST) : gtc_fail ? 8'(`WC_NIC_ST_IDRULE) :
                                           8'(`WC_NIC_ST_OK)) : gt_rc;
    wire            gt_inst   = (wr_commit && gt_set) || (gtc_fin && !gtc_fail);
    wire            gt_clr    = wr_commit && gt_clear;
    wire [NCW-1:0]  gt_wcnt   = gtc_v_q ? gtc_n_q : gt_cnt[NCW-1:0];
    wire            gt_fresh  = gt_inst || gt_clr;   // streams restart
    wire [GB-1:0]   gt_g      = gt_sel_q[GB-1:0];

    // ---------------------------------------------------- stream tables
    // Write ports in the C model's order: the receive processor's
    // increment, then the send queue unit, then a group (re)install, which
    // restarts the group's streams and so wins.  An update reads its entry
    // through its unit's read port, which addresses the same stream in
    // that cycle (the event's, the descriptor's: asserted below), so each
    // table has the read ports of its readers and no more.
    wire          uexp_we  = exp_inc_i && !exp_grp_i;
    wire [NB-1:0] uexp_wa  = exp_node_i;
    wire [15:0]   uexp_wd  = rp_uexp_o + 16'd1;
    wire          gexp_we  = exp_inc_i && exp_grp_i;
    wire [GB-1:0] gexp_wa  = exp_gid_i;
    wire [15:0]   gexp_wd  = rp_gexp_o + 16'd1;
    wire [15:0]   npk16    = {{(16-KW){1'b0}}, init_npk_i};
    wire          unext_we = init_i && !init_grp_i;
    wire [NB-1:0] unext_wa = init_node_i;
    wire [15:0]   unext_wd = sq_unext_o + npk16;
    wire          gnext_we = init_i && init_grp_i;
    wire [GB-1:0] gnext_wa = init_gid_i;
    wire [15:0]   gnext_wd = sq_gnext_o + npk16;
    wire          clr      = !rst_ni || srst;

    // (the selection takes the head of the queue: ack_clr_sid_i names it,
    // asserted, and only the assertions read it; the kinds' writes: "The
    // pending kinds" below)
    wire            aq_take = ack_clr_i && ak_v_q;
    wire ak_full = ack_set_ovr_i || !ackp_q[ack_set_sid_i] || (aq_take && ak_sid_q == ack_set_sid_i);
    wire akn_we  = ack_set_i && (ak_full || ack_set_kind_i == `WC_NIC_PEND_NAK);
    wire akw_we  = ack_set_i && (ak_full || ack_set_kind_i == `WC_NIC_PEND_WAIT);
    wire akn_wd  = ack_set_kind_i == `WC_NIC_PEND_NAK;
    wire akw_wd  = ack_set_kind_i == `WC_NIC_PEND_WAIT;

    always @* begin : flags
        integer c;
        c = 0;              // (assigned on every path: else Yosys 0.70 sees a latch)
        ubusy_d = ubusy_q;
        gbusy_d = gbusy_q;
        ackp_d  = ackp_q;  akg_d = akg_q;
        if (done_i) begin
            if (done_grp_i)
                gbusy_d[done_gid_i] = 1'b0;
            else
                for (c = 0; c < MAXCHILD; c = c + 1)
                    if (c[NCW-1:0] < done_nc_i) ubusy_d[done_dst_i[c*DW +: NB]] = 1'b0;
        end
        if (init_i) begin
            if (init_grp_i) gbusy_d[gnext_wa] = 1'b1;
            else            ubusy_d[unext_wa] = 1'b1;
        end
        if (aq_take) ackp_d[ak_sid_q] = 1'b0;
        // a pending GRANT or WAIT is an ack too: the strongest kind wins;
        // but an accepted data packet proves its sender was granted (a
        // GRANT still pending would carry a later expect and could be
        // taken for the stream's next message), and a NAK asks for now.
        // A whole write (ak_full) sets the GRANT flag to its kind, a
        // GRANT merged into a pending kind sets it (the NAK and WAIT bits
        // are the memories' writes, below).
        if (ack_set_i) begin
            ackp_d[ack_set_sid_i] = 1'b1;
            if (ak_full || ack_set_kind_i == `WC_NIC_PEND_GRANT)
                akg_d[ack_set_sid_i] = ack_set_kind_i == `WC_NIC_PEND_GRANT;
        end
        if (ack_set2_i) begin
            ackp_d[ack_set2_sid_i] = 1'b1;
            akg_d[ack_set2_sid_i]  = 1'b1;
        end
        if (ack_set3_i) begin
            ackp_d[ack_set3_sid_i] = 1'b1;
            akg_d[ack_set3_sid_i]  = 1'b1;
        end
        if (gt_fresh) gbusy_d[gt_g] = 1'b0;
    end

    // ------------------------------------------------------ the counters
    // {a counter, its index} of a register word
    function [CKW:0] cnt_of(input [AW-1:0] a);
        case (a)
            `WC_NICR_ERR_CRC:   cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_CRC)};
            `WC_NICR_ERR_GROUP: cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_GROUP)};
            `WC_NICR_ERR_LEN:   cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_LEN)};
            `WC_NICR_ERR_TYPE:  cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_TYPE)};
            `WC_NICR_ERR_DST:   cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_DST)};
            `WC_NICR_RETX:      cnt_of = {1'b1, CKW'(`WC_NIC_CNT_RETX)};
            `WC_NICR_ERR_NOBUF: cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_NOBUF)};
            `WC_NICR_DUPS:      cnt_of = {1'b1, CKW'(`WC_NIC_CNT_DUPS)};
            `WC_NICR_TX_PKTS:   cnt_of = {1'b1, CKW'(`WC_NIC_CNT_TX_PKTS)};
            `WC_NICR_RX_PKTS:   cnt_of = {1'b1, CKW'(`WC_NIC_CNT_RX_PKTS)};
            `WC_NICR_TIMEOUTS:  cnt_of = {1'b1, CKW'(`WC_NIC_CNT_TIMEOUTS)};
            `WC_NICR_ERR_DESC:  cnt_of = {1'b1, CKW'(`WC_NIC_CNT_ERR_DESC)};
            default:            cnt_of = {1'b0, {CKW{1'b0}}};
        endcase
    endfunction
    // the width a counter's pending amount may take
    function [PWR-1:0] pmask(input integer k);
        pmask = k == C_RETX ? {PWR{1'b1}} : {{(PWR-PW1){1'b0}}, {PW1{1'b1}}};
    endfunction

    wire [CKW:0]   hc   = cnt_of(wa);
    wire [CKW-1:0] ck   = hc[CKW-1:0];
    wire           cget = go && !s_we_i && hc[CKW];   // a counter read
    wire           cclr = wr && hc[CKW];              // a counter cleared

    // this cycle's events, an amount per counter
    reg [NCNT*PWR-1:0] cinc;
    always @* begin
        cinc = {NCNT*PWR{1'b0}};
        if (cnt_i) begin
            case (cnt_reg_i)
                `WC_NICR_ERR_CRC:   cinc[0*PWR +: PWR] = 1;
                `WC_NICR_ERR_GROUP: cinc[1*PWR +: PWR] = 1;
                `WC_NICR_ERR_LEN:   cinc[2*PWR +: PWR] = 1;
                `WC_NICR_ERR_TYPE:  cinc[3*PWR +: PWR] = 1;
                `WC_NICR_ERR_DST:   cinc[4*PWR +: PWR] = 1;
                `WC_NICR_ERR_NOBUF: cinc[6*PWR +: PWR] = 1;
                `WC_NICR_DUPS:      cinc[7*PWR +: PWR] = 1;
                default: ;
            endcase
        end
        // a timeout's and a NAK's rewinds (the resent count wraps)
        cinc[C_RETX*PWR +: PWR] = (tmo_i ? {{(PWR-KW){1'b0}}, tmo_amt_i} : {PWR{1'b0}}) +
                                  {{(PWR-KW){1'b0}}, nak_amt_i};
        cinc[8*PWR +: PWR]  = {{(PWR-1){1'b0}}, txpkt_i};
        cinc[9*PWR +: PWR]  = {{(PWR-1){1'b0}}, rxpkt_i};
        cinc[10*PWR +: PWR] = {{(PWR-1){1'b0}}, tmo_i};
        cinc[11*PWR +: PWR] = {{(PWR-1){1'b0}}, sq_err_i};
    end

    // the scheduler: round robin over the counters with an amount
    // pending, but the one in flight (its word is read again only after
    // it landed); none while a counter read has the read port
    reg [NCNT-1:0] creq;
    always @* begin : cnt_req
        integer k;
        for (k = 0; k < NCNT; k = k + 1)
            creq[k] = cpend_q[k*PWR +: PWR] != {PWR{1'b0}} && !(cinf_v_q && cinf_k_q == k[CKW-1:0]) && !cget;
    end
    wire           cpick;
    wire [CKW-1:0] cpk;
    wc_rr_arb #(.N(NCNT), .IW(CKW)) u_cnt_rr (.req_i(creq), .ptr_i(cptr_q), .gnt_valid_o(cpick), .gnt_idx_o(cpk));

    // one adder for the word in flight and a counter read's answer (never
    // in the same cycle: a counter read stops the pick that would land
    // with its answer)
    wire [31:0]  ca    = (cw_q ? cw_z_q : cz_q[cinf_k_q]) ? 32'd0 : crd_q;
    wire [PWR:0] cb    = cw_q ? cw_pend_q : {1'b0, cinf_amt_q};
    wire         csat  = cw_q ? cw_sat_q : CSAT[cinf_k_q];
    wire [32:0]  csum  = {1'b0, ca} + {{(32-PWR){1'b0}}, cb};
    wire [31:0]  cval  = (csat && csum[32]) ? 32'hFFFF_FFFF : csum[31:0];

    always @* begin : cnt_next
        integer k;
        reg [PWR-1:0] p;
        p = {PWR{1'b0}};
        cz_d = cz_q;
        if (cinf_v_q) cz_d[cinf_k_q] = 1'b0;
        if (cclr) cz_d[ck] = 1'b1;              // the host's clear wins
        cptr_d = cptr_q;
        if (cpick) cptr_d = (cpk == CKW'(NCNT - 1)) ? {CKW{1'b0}} : cpk + 1'b1;
        for (k = 0; k < NCNT; k = k + 1) begin
            p = cpend_q[k*PWR +: PWR];
            if (cpick && cpk == k[CKW-1:0]) p = {PWR{1'b0}};   // moved into the memory
            p = p + cinc[k*PWR +: PWR];
            if (cclr && ck == k[CKW-1:0]) p = {PWR{1'b0}};
            cpend_d[k*PWR +: PWR] = p & pmask(k);
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            cz_q     <= {NCNT{1'b1}};
            cpend_q  <= {NCNT*PWR{1'b0}};
            cinf_v_q <= 1'b0;
            cptr_q   <= {CKW{1'b0}};
        end else begin
            cz_q     <= cz_d;
            cpend_q  <= cpend_d;
            // a pick whose counter the host clears in its cycle is dropped
            cinf_v_q <= cpick && !(cclr && ck == cpk);
            cptr_q   <= cptr_d;
        end
    end
    always @(posedge clk_i) begin
        cinf_k_q   <= cpk;
        cinf_amt_q <= cpend_q[cpk*PWR +: PWR];
        crd_q      <= cmem[cget ? ck : cpk];
        // a counter read's answer: what is pending or in flight for it
        cw_z_q     <= cz_q[ck];
        cw_sat_q   <= CSAT[ck];
        cw_pend_q  <= {1'b0, cpend_q[ck*PWR +: PWR]} +
                      ((cinf_v_q && cinf_k_q == ck) ? {1'b0, cinf_amt_q} : {(PWR+1){1'b0}});
    end
    always @(posedge clk_i) begin
        if (cinf_v_q) cmem[cinf_k_q] <= cval;
    end

    // ------------------------------------------------------ next state
    reg [31:0] rdat;
    always @* begin : next
        integer i;
        i = 0;              // (assigned on every path: else Yosys 0.70 sees a latch)
        en_d = en_q;  mode_d = mode_q;  ist_d = ist_q;  ien_d = ien_q;
        timeout_d = timeout_q;
        sq_base_d = sq_base_q;  rq_base_d = rq_base_q;  cq_base_d = cq_base_q;
        sq_size_d = sq_size_q;  rq_size_d = rq_size_q;  cq_size_d = cq_size_q;
        sq_tail_d = sq_tail_q;  sq_head_d = sq_head_q;
        rq_tail_d = rq_tail_q;  rq_head_d = rq_head_q;
        cq_head_d = cq_head_q;  cq_tail_d = cq_tail_q;
        gt_sel_d = gt_sel_q;  gt_par_d = gt_par_q;  gt_stage_d = gt_stage_q;  gt_res_d = gt_res_q;
        slots_d = slots_q;  peak_d = peak_q;
        gv_d = gv_q;  gpw_d = gpw_q;

        // receive processor: an error counted raises its interrupt bit
        // (the counts themselves: the counter memory's pending amounts)
        if (cnt_i && (cnt_reg_i == `WC_NICR_ERR_LEN || cnt_reg_i == `WC_NICR_ERR_CRC ||
                      cnt_reg_i == `WC_NICR_ERR_TYPE || cnt_reg_i == `WC_NICR_ERR_DST ||
                      cnt_reg_i == `WC_NICR_ERR_GROUP))
            ist_d[1] = 1'b1;
        // send queue unit
        if (sq_err_i) ist_d[1] = 1'b1;
        if (sq_adv_i) begin
            sq_head_d = sq_head_q + 16'd1;
            if (sq_head_d == sq_tail_q) ist_d[2] = 1'b1;
        end
        // DMA
        if (rq_adv_i) rq_head_d = rq_head_q + 16'd1;
        if (cq_adv_i) begin
            cq_tail_d = cq_tail_q + 16'd1;
            ist_d[0]  = 1'b1;
        end
        // slot table
        if (slot_upd_i) begin
            slots_d = slot_cnt_i;
            if (slot_cnt_i > peak_q) peak_d = slot_cnt_i;
        end

        // the host write, last
        if (wr) begin
            case (wa)
                `WC_NICR_CTRL: begin
                    en_d   = s_dat_i[0];
                    mode_d = s_dat_i[2:1];
                end
                `WC_NICR_SQ_BASE:    sq_base_d = s_dat_i;
                `WC_NICR_SQ_SIZE:    sq_size_d = s_dat_i[15:0];
                `WC_NICR_SQ_TAIL:    sq_tail_d = s_dat_i[15:0];
                `WC_NICR_RQ_BASE:    rq_base_d = s_dat_i;
                `WC_NICR_RQ_SIZE:    rq_size_d = s_dat_i[15:0];
                `WC_NICR_RQ_TAIL:    rq_tail_d = s_dat_i[15:0];
                `WC_NICR_CQ_BASE:    cq_base_d = s_dat_i;
                `WC_NICR_CQ_SIZE:    cq_size_d = s_dat_i[15:0];
                `WC_NICR_CQ_HEAD:    cq_head_d = s_dat_i[15:0];
                `WC_NICR_INT_STATUS: ist_d = ist_d & ~s_dat_i[2:0];
                `WC_NICR_INT_ENABLE: ien_d = s_dat_i[2:0];
                `WC_NICR_GT_SEL:     gt_sel_d = s_dat_i[GIW-1:0];
                `WC_NICR_GT_PARENT:  gt_par_d = s_dat_i[DW-1:0];
                `WC_NICR_GT_CHILD:
                    for (i = 0; i < MAXCHILD; i = i + 1)
                        if (s_dat_i[23:16] == i[7:0]) gt_stage_d[i*DW +: DW] = s_dat_i[DW-1:0];
                // (GT_COMMIT: the commit's writes, below)
                `WC_NICR_TIMEOUT:    timeout_d  = s_dat_i;
                `WC_NICR_PEAK:       peak_d     = {SCW{1'b0}};
                default: ;          // a counter's clear: the counter memory
            endcase
        end
        // the group commit: its result, the entry's flags (the parent and
        // count: the memories' write, below)
        if (gt_res_we) gt_res_d = gt_res_wd;
        if (gt_inst) begin
            gv_d[gt_g]  = 1'b1;
            gpw_d[gt_g] = 1'b1;
        end
        if (gt_clr) gv_d[gt_g] = 1'b0;

        // read data (registered values, as the C model's nic_regs_read)
        case (wa)
            `WC_NICR_ID:         rdat = {VERSION, {(24-DW){1'b0}}, node_q};
            `WC_NICR_CTRL:       rdat = {29'd0, mode_q, en_q};
            `WC_NICR_STATUS:     rdat = {28'd0, busy_i, !rqb_valid_i && rq_head_q == rq_tail_q,
                                         cq_tail_q != cq_head_q, sq_head_q != sq_tail_q};
            `WC_NICR_SQ_BASE:    rdat = sq_base_q;
            `WC_NICR_SQ_SIZE:    rdat = {16'd0, sq_size_q};
            `WC_NICR_SQ_TAIL:    rdat = {16'd0, sq_tail_q};
            `WC_NICR_SQ_HEAD:    rdat = {16'd0, sq_head_q};
            `WC_NICR_RQ_BASE:    rdat = rq_base_q;
            `WC_NICR_RQ_SIZE:    rdat = {16'd0, rq_size_q};
            `WC_NICR_RQ_TAIL:    rdat = {16'd0, rq_tail_q};
            `WC_NICR_RQ_HEAD:    rdat = {16'd0, rq_head_q};
            `WC_NICR_CQ_BASE:    rdat = cq_base_q;
            `WC_NICR_CQ_SIZE:    rdat = {16'd0, cq_size_q};
            `WC_NICR_CQ_HEAD:    rdat = {16'd0, cq_head_q};
            `WC_NICR_CQ_TAIL:    rdat = {16'd0, cq_tail_q};
            `WC_NICR_INT_STATUS: rdat = {29'd0, ist_q};
            `WC_NICR_INT_ENABLE: rdat = {29'd0, ien_q};
            `WC_NICR_GT_SEL:     rdat = {{(32-GIW){1'b0}}, gt_sel_q};
            `WC_NICR_GT_PARENT:  rdat = {{(32-DW){1'b0}}, gt_par_q};
            `WC_NICR_GT_RESULT:  rdat = {24'd0, gt_res_q};
            `WC_NICR_TIMEOUT:    rdat = timeout_q;
            `WC_NICR_PEAK:       rdat = {{(32-SCW){1'b0}}, peak_q};
            `WC_NICR_SLOTS:      rdat = {{(32-SCW){1'b0}}, slots_q};
            `WC_NICR_CYCLE:      rdat = now_q;
            // GT_CHILD and unused words read 0; a counter is answered in
            // the next cycle, from the counter memory
            default:             rdat = 32'd0;
        endcase
        s_ack_d = (go && !cget) || cw_q;
        s_dat_d = cw_q ? cval : (go && !s_we_i) ? rdat : 32'd0;
    end

    assign s_ack_o   = s_ack_q;
    assign s_dat_o   = s_dat_q;
    assign irq_o     = (ist_q & ien_q) != 3'd0;
    assign self_o    = node_q;
    assign en_o      = en_q;
    assign mode_o    = mode_q;
    assign timeout_o = timeout_q;
    assign now_o     = now_q;
    assign sq_base_o = sq_base_q;
    assign sq_size_o = sq_size_q;
    assign sq_head_o = sq_head_q;
    assign sq_tail_o = sq_tail_q;
    assign rq_base_o = rq_base_q;
    assign rq_size_o = rq_size_q;
    assign rq_head_o = rq_head_q;
    assign rq_tail_o = rq_tail_q;
    assign cq_base_o = cq_base_q;
    assign cq_size_o = cq_size_q;
    assign cq_head_o = cq_head_q;
    assign cq_tail_o = cq_tail_q;

    // ---------------------------------------------------------- registers
    always @(posedge clk_i) begin
        if (!rst_ni) node_q <= node_id_i;
    end

    // the slave's answer survives a soft reset
    always @(posedge clk_i) begin
        if (!rst_ni) begin
            s_ack_q <= 1'b0;
            s_dat_q <= 32'd0;
            cw_q    <= 1'b0;
        end else begin
            s_ack_q <= s_ack_d;
            s_dat_q <= s_dat_d;
            cw_q    <= cget;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            en_q <= 1'b0;  mode_q <= 2'd0;  ist_q <= 3'd0;  ien_q <= 3'd0;
            timeout_q <= `WC_NIC_TIMEOUT_RST;
            now_q <= 32'd0;
        end else begin
            en_q <= en_d;  mode_q <= mode_d;  ist_q <= ist_d;  ien_q <= ien_d;
            timeout_q <= timeout_d;
            now_q <= now_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            sq_base_q <= 32'd0;  rq_base_q <= 32'd0;  cq_base_q <= 32'd0;
            sq_size_q <= 16'd0;  rq_size_q <= 16'd0;  cq_size_q <= 16'd0;
            sq_tail_q <= 16'd0;  sq_head_q <= 16'd0;
            rq_tail_q <= 16'd0;  rq_head_q <= 16'd0;
            cq_head_q <= 16'd0;  cq_tail_q <= 16'd0;
        end else begin
            sq_base_q <= sq_base_d;  rq_base_q <= rq_base_d;  cq_base_q <= cq_base_d;
            sq_size_q <= sq_size_d;  rq_size_q <= rq_size_d;  cq_size_q <= cq_size_d;
            sq_tail_q <= sq_tail_d;  sq_head_q <= sq_head_d;
            rq_tail_q <= rq_tail_d;  rq_head_q <= rq_head_d;
            cq_head_q <= cq_head_d;  cq_tail_q <= cq_tail_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            gt_sel_q <= {GIW{1'b0}};  gt_par_q <= NOPAR;
            gt_stage_q <= {MAXCHILD*DW{1'b0}};  gt_res_q <= 8'd0;
        end else begin
            gt_sel_q <= gt_sel_d;  gt_par_q <= gt_par_d;
            gt_stage_q <= gt_stage_d;  gt_res_q <= gt_res_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            slots_q <= {SCW{1'b0}};  peak_q <= {SCW{1'b0}};
        end else begin
            slots_q <= slots_d;  peak_q <= peak_d;
        end
    end

    always @(posedge clk_i) begin
        if (clr) begin
            gv_q  <= {NGROUPS{1'b0}};
            gpw_q <= {NGROUPS{1'b0}};
            ubusy_q <= {NNODES{1'b0}};
            gbusy_q <= {NGROUPS{1'b0}};
            ackp_q  <= {NG{1'b0}};
        end else begin
            gv_q  <= gv_d;
            gpw_q <= gpw_d;
            ubusy_q <= ubusy_d;
            gbusy_q <= gbusy_d;
            ackp_q  <= ackp_d;
        end
    end

    // The pending kinds.  The kind of a pending stream is
    //   GRANT flag ? GRANT : NAK bit ? NAK : WAIT bit ? WAIT : ACK,
    // and the merge rules need no read of the old kind: an event's set
    // is a whole write (GRANT flag, NAK bit and WAIT bit := its kind's)
    // when it overrides (an accepted packet's ACK, a NAK) or the stream
    // is not pending after this edge's clear; otherwise it merges by
    // setting its kind's bit (ACK: none), which is the higher of the two
    // kinds in that order.  The scanners' GRANTs set the GRANT flag.
    // While the GRANT flag is set the two bits are not read, and it is
    // cleared only by a whole write, which writes the bits too; so the
    // bits of a pending stream are always those of its last whole write
    // and merges since.  The flags are registers (one write per set port
    // and cycle); the bits have one writer, the event, so one write port.
    always @(posedge clk_i) begin
        if (akn_we) aknw_m[ack_set_sid_i][0] <= akn_wd;
        if (akw_we) aknw_m[ack_set_sid_i][1] <= akw_wd;
    end
    // the GRANT flags: read only under the pending flag, never reset
    always @(posedge clk_i) akg_q <= akg_d;

    // group children: one write port (a commit) into both copies.  Each
    // copy is read synchronously at the group its reader will address
    // after the edge: the receive processor's event or grant scanner
    // (their next registers), the send queue unit's descriptor.  A row
    // committed in the cycle it is read ahead comes from the staged
    // children, which hold still in the next cycle (that cycle's ACK
    // keeps the bus from taking a GT_CHILD write), hence no_rw_check.
    wire gc_we = gt_inst;
    always @(posedge clk_i) begin
        if (gc_we) gc_rp[gt_g] <= gt_stage_q;
    end
    always @(posedge clk_i) begin
        if (gc_we) gc_sq[gt_g] <= gt_stage_q;
    end
    always @(posedge clk_i) rp_gc_rd_q <= gc_rp[rp_ngid_i[GB-1:0]];
    always @(posedge clk_i) sq_gc_rd_q <= gc_sq[sq_ngid_i[GB-1:0]];
    always @(posedge clk_i) rp_gc_byp_q <= gc_we && gt_g == rp_ngid_i[GB-1:0];
    always @(posedge clk_i) sq_gc_byp_q <= gc_we && gt_g == sq_ngid_i[GB-1:0];
    // the parent and child count: the same write into three copies, each
    // read at the group its reader addresses after this edge (copy 0 the
    // receive processor's, 1 the send queue unit's, 2 the selection's:
    // the group of the head of the pending-ack queue after the edge,
    // ak_nsid below,
    // read only when that stream is a group's), a row written at this
    // edge to that group taken from the write (the count is this cycle's
    // bus word: read-first memories return the old row).
    wire [NCW+DW-1:0] gpn_wd = {gt_wcnt, gt_par_q};
    wire [GB-1:0]     ak_ngi;
    wire [3*GB-1:0]   gpn_ra = {ak_ngi, sq_ngid_i[GB-1:0], rp_ngid_i[GB-1:0]};
    wire [3*(NCW+DW)-1:0] gpn_rd;
    genvar gc;
    generate
        for (gc = 0; gc < 3; gc = gc + 1) begin : g_gpn
            (* ram_style = "block", no_rw_check *) reg [NCW+DW-1:0] m [0:NGROUPS-1];
            reg [NCW+DW-1:0] rd_q;
            wire [GB-1:0]    ra = gpn_ra[gc*GB +: GB];
            always @(posedge clk_i) begin
                if (gc_we) m[gt_g] <= gpn_wd;
            end
            always @(posedge clk_i) rd_q <= (gc_we && gt_g == ra) ? gpn_wd : m[ra];
            assign gpn_rd[gc*(NCW+DW) +: NCW+DW] = rd_q;
        end
    endgenerate
    assign {ak_gpn_rd, sq_gpn_rd, rp_gpn_rd} = gpn_rd;
    // (the selection reads the parent alone)
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_akcnt = ^ak_gpn_rd[DW +: NCW];
    /* verilator lint_on UNUSEDSIGNAL */

    // stream tables: the flags reset, the memories only take writes
    always @* begin
        uexp_v_d  = uexp_v_q;
        unext_v_d = unext_v_q;
        gexp_v_d  = gexp_v_q;
        gnext_v_d = gnext_v_q;
        if (uexp_we)  uexp_v_d[uexp_wa]   = 1'b1;
        if (unext_we) unext_v_d[unext_wa] = 1'b1;
        if (gexp_we)  gexp_v_d[gexp_wa]   = 1'b1;
        if (gnext_we) gnext_v_d[gnext_wa] = 1'b1;
        // a (re)installed group's streams read 0 again
        if (gt_fresh) begin
            gexp_v_d[gt_g]  = 1'b0;
            gnext_v_d[gt_g] = 1'b0;
        end
    end
    always @(posedge clk_i) begin
        if (clr) begin
            uexp_v_q  <= {NNODES{1'b0}};
            unext_v_q <= {NNODES{1'b0}};
            gexp_v_q  <= {NGROUPS{1'b0}};
            gnext_v_q <= {NGROUPS{1'b0}};
        end else begin
            uexp_v_q  <= uexp_v_d;
            unext_v_q <= unext_v_d;
            gexp_v_q  <= gexp_v_d;
            gnext_v_q <= gnext_v_d;
        end
    end
    // The expected sequence numbers: one write (an accepted packet) into
    // both copies; each copy read at the entry its reader addresses after
    // this edge, a word written to it at this edge taken from the write.
    // The selection's entry is the head of the pending-ack queue after
    // this edge (the queue below; when it is empty, it reads nothing).
    wire            ak_nany;
    wire [SIDW-1:0] ak_nsid;
    assign ak_ngi = ak_nsid[GB-1:0] - NNODES[GB-1:0];

    // ------------------------------------------- the queue of pending acks
    // A stream joins the queue's tail when it becomes pending (its flag
    // is clear, or cleared by the selection in this cycle, and a set port
    // sets it), the selection takes the head (ack_clr_i), and a stream
    // already pending only merges its kind.  So a stream is in the queue
    // exactly while its flag is set, at most once: the queue never holds
    // more than NG streams and cannot overflow (its memory has 2^SIDW >=
    // NG entries; the assertions check both).  Two streams may join in a
    // cycle: the event's or the grant scanner's (never both in a cycle:
    // asserted), then the repeat scanner's.
    //
    // The head (ak_v_q, ak_sid_q: the stream offered) and the one behind
    // it (q1) are registers, the rest a ring in two one-write-port banks
    // (entry e in bank e[0] at e >> 1: two writes a cycle, to different
    // banks).  The ring is used only while both registers are full, so a
    // take refills q1 with one read of the ring's head entry, written at
    // an earlier edge; q1 is then that bank's read register.  The head
    // after the edge (ak_nsid) is a function of registers and this
    // cycle's joins, so the memories are read at it a cycle ahead.
    localparam integer QD = 1 << SIDW;      // ring entries, >= NG
    wire aq_newa1 = ack_set_i  && (!ackp_q[ack_set_sid_i]  || (aq_take && ak_sid_q == ack_set_sid_i));
    wire aq_newa2 = ack_set2_i && (!ackp_q[ack_set2_sid_i] || (aq_take && ak_sid_q == ack_set2_sid_i));
    wire            aq_pa  = aq_newa1 || aq_newa2;
    wire [SIDW-1:0] aq_sa  = aq_newa1 ? ack_set_sid_i : ack_set2_sid_i;
    wire            aq_pb  = ack_set3_i && (!ackp_q[ack_set3_sid_i] || (aq_take && ak_sid_q == ack_set3_sid_i)) &&
                             !(aq_pa && aq_sa == ack_set3_sid_i);
    // the joins in order: p0 first, p1 second
    wire            aq_p0v = aq_pa || aq_pb;
    wire [SIDW-1:0] aq_p0  = aq_pa ? aq_sa : ack_set3_sid_i;
    wire            aq_p1v = aq_pa && aq_pb;
    wire [SIDW-1:0] aq_p1  = ack_set3_sid_i;
    reg             aq1_v_q;
    reg  [1:0]      aq1_src_q;              // q1 is: 0 aq1_q, 1 bank 0's read, 2 bank 1's
    reg  [SIDW-1:0] aq1_q, aqrd0_q, aqrd1_q;
    reg  [SIDW-1:0] aqwp_q, aqrp_q;         // ring tail and head entries
    reg  [SIDW:0]   aqn_q;                  // entries in the ring
    (* ram_style = "block", no_rw_check *) reg [SIDW-1:0] aqb0_m [0:QD/2-1];
    (* ram_style = "block", no_rw_check *) reg [SIDW-1:0] aqb1_m [0:QD/2-1];
    wire [SIDW-1:0] aq1 = aq1_src_q == 2'd1 ? aqrd0_q : aq1_src_q == 2'd2 ? aqrd1_q : aq1_q;
    wire            aq_fill = aq_take && aqn_q != {(SIDW+1){1'b0}};
    // the front after the take and the refill: g0, g1
    wire            aq_g0v = aq_take ? aq1_v_q : ak_v_q;
    wire [SIDW-1:0] aq_g0  = aq_take ? aq1 : ak_sid_q;
    wire            aq_g1v = aq_take ? aq_fill : aq1_v_q;
    // the joins fill the front's free places first, the rest the ring
    wire            aq_j0f = aq_p0v && !(aq_g0v && aq_g1v);       // p0 into the front
    wire            aq_j1f = aq_p1v && !aq_g0v;                    // p1 into the front (g1)
    wire            aq_w0  = aq_p0v && !aq_j0f;                    // p0 into the ring
    wire            aq_w1  = aq_p1v && !aq_j1f;                    // p1 into the ring
    wire [SIDW-1:0] aq_wa0 = aq_w0 ? aq_p0 : aq_p1;                // the ring's first write
    wire [SIDW-1:0] aq_wp1 = aqwp_q + 1'b1;
    assign ak_nany = aq_g0v || aq_p0v;
    assign ak_nsid = aq_g0v ? aq_g0 : aq_p0;
    always @(posedge clk_i) begin
        if (clr) begin
            ak_v_q <= 1'b0;  aq1_v_q <= 1'b0;  aq1_src_q <= 2'd0;
            aqwp_q <= {SIDW{1'b0}};  aqrp_q <= {SIDW{1'b0}};  aqn_q <= {(SIDW+1){1'b0}};
        end else begin
            ak_v_q <= ak_nany;
            // q1: kept, refilled from the ring, or a join (p0 behind a
            // kept head, p1 behind p0 in an empty front)
            if (aq_take || !aq1_v_q) begin
                aq1_v_q   <= aq_g1v || (aq_g0v ? aq_j0f : aq_j1f);
                aq1_src_q <= aq_fill ? (aqrp_q[0] ? 2'd2 : 2'd1) : 2'd0;
                aq1_q     <= aq_g0v ? aq_p0 : aq_p1;
            end
            aqrp_q <= aqrp_q + {{(SIDW-1){1'b0}}, aq_fill};
            aqwp_q <= aqwp_q + {{(SIDW-1){1'b0}}, aq_w0} + {{(SIDW-1){1'b0}}, aq_w1};
            aqn_q  <= aqn_q - {{SIDW{1'b0}}, aq_fill} + {{SIDW{1'b0}}, aq_w0} + {{SIDW{1'b0}}, aq_w1};
        end
        ak_sid_q <= ak_nsid;
    end
    // the ring's banks: the first write at the tail entry, the second at
    // the next one (the other bank); the head entry read into its bank's
    // read register when it refills q1
    always @(posedge clk_i) begin
        if ((aq_w0 || aq_w1) && !aqwp_q[0]) aqb0_m[aqwp_q[SIDW-1:1]] <= aq_wa0;
        else if (aq_w0 && aq_w1 && !aq_wp1[0]) aqb0_m[aq_wp1[SIDW-1:1]] <= aq_p1;
    end
    always @(posedge clk_i) begin
        if ((aq_w0 || aq_w1) && aqwp_q[0]) aqb1_m[aqwp_q[SIDW-1:1]] <= aq_wa0;
        else if (aq_w0 && aq_w1 && aq_wp1[0]) aqb1_m[aq_wp1[SIDW-1:1]] <= aq_p1;
    end
    always @(posedge clk_i) begin
        if (aq_fill && !aqrp_q[0]) aqrd0_q <= aqb0_m[aqrp_q[SIDW-1:1]];
    end
    always @(posedge clk_i) begin
        if (aq_fill && aqrp_q[0]) aqrd1_q <= aqb1_m[aqrp_q[SIDW-1:1]];
    end
    wire [SIDW-1:0] exp_wsid = uexp_we ? SIDW'(uexp_wa) : SIDW'(NNODES) + SIDW'(gexp_wa);
    wire [15:0]     exp_wd   = uexp_we ? uexp_wd : gexp_wd;
    always @(posedge clk_i) begin
        if (uexp_we) uexp_m[uexp_wa] <= uexp_wd;
    end
    always @(posedge clk_i) begin
        if (gexp_we) gexp_m[gexp_wa] <= gexp_wd;
    end
    always @(posedge clk_i) begin
        if (exp_inc_i) akexp_m[exp_wsid] <= exp_wd;
    end
    always @(posedge clk_i) begin
        uexp_rd_q  <= (uexp_we && uexp_wa == rp_nnode_i[NB-1:0]) ? uexp_wd : uexp_m[rp_nnode_i[NB-1:0]];
        gexp_rd_q  <= (gexp_we && gexp_wa == rp_ngid_i[GB-1:0])  ? gexp_wd : gexp_m[rp_ngid_i[GB-1:0]];
        akexp_rd_q <= (exp_inc_i && exp_wsid == ak_nsid) ? exp_wd : akexp_m[ak_nsid];
    end
    // the stream offered after this edge, and its kind's bits read at it
    // (a bit written at this edge to it taken from the write)
    always @(posedge clk_i) begin
        akn_rd_q <= (akn_we && ack_set_sid_i == ak_nsid) ? akn_wd : aknw_m[ak_nsid][0];
        akw_rd_q <= (akw_we && ack_set_sid_i == ak_nsid) ? akw_wd : aknw_m[ak_nsid][1];
    end
    // The next sequence numbers: one write port each (the send queue
    // unit's init) and one read port, at the entry the unit addresses
    // after this edge; a word written at this edge to that entry is the
    // read's (the memory returns the old one: no_rw_check).  Its flag
    // decides whether it is read at all, as it is updated at this edge.
    always @(posedge clk_i) begin
        if (unext_we) unext_m[unext_wa] <= unext_wd;
    end
    always @(posedge clk_i) begin
        if (gnext_we) gnext_m[gnext_wa] <= gnext_wd;
    end
    always @(posedge clk_i) begin
        unext_rd_q <= (unext_we && unext_wa == sq_nnode_i[NB-1:0]) ? unext_wd : unext_m[sq_nnode_i[NB-1:0]];
        gnext_rd_q <= (gnext_we && gnext_wa == sq_ngid_i[GB-1:0])  ? gnext_wd : gnext_m[sq_ngid_i[GB-1:0]];
    end
`ifndef SYNTHESIS
    // Wishbone B4 classic slave (docs/bus.md, docs/nic.md): the answer is
    // registered, so an ACK answers exactly the request taken in the cycle
    // before (go ignores a request while its ACK is high: one ACK per
    // request), and a write reads back 0.  The host's side is not checked
    // here: a host that drops its request early still gets its ACK.
    reg go_q, wr_q, cg_q, cg2_q;
    // Every stream's pending kind as the old rule kept it (a 3-bit
    // register per stream, the set ports applied in order, the strongest
    // kind winning unless the set overrides): the flags and bit memories
    // must offer exactly it, so no merge is lost or misapplied.
    reg [2:0] akref_q [0:NG-1];
    // which streams are in the queue of pending acks, by its joins and
    // takes (it must be the pending flags); a stream that joins while in
    // it is a doubled entry, one pending but not in it a lost one
    reg [NG-1:0] aqin_q, aqin_d;
    reg          aq_twice;
    always @* begin
        aqin_d = aqin_q;  aq_twice = 1'b0;
        if (aq_take) aqin_d[ak_sid_q] = 1'b0;
        if (aq_p0v) begin
            aq_twice = aq_twice || aqin_d[aq_p0];
            aqin_d[aq_p0] = 1'b1;
        end
        if (aq_p1v) begin
            aq_twice = aq_twice || aqin_d[aq_p1];
            aqin_d[aq_p1] = 1'b1;
        end
    end
    always @(posedge clk_i) aqin_q <= clr ? {NG{1'b0}} : aqin_d;
    always @(posedge clk_i) begin : ak_ref
        reg [2:0] r1;
        r1 = akref_q[ack_set_sid_i];
        if (ack_set_i && (ack_set_ovr_i || !ackp_q[ack_set_sid_i] ||
                          (aq_take && ak_sid_q == ack_set_sid_i) || r1 < ack_set_kind_i))
            akref_q[ack_set_sid_i] <= ack_set_kind_i;
        if (ack_set2_i) akref_q[ack_set2_sid_i] <= 3'(`WC_NIC_PEND_GRANT);
        if (ack_set3_i) akref_q[ack_set3_sid_i] <= 3'(`WC_NIC_PEND_GRANT);
    end
    always @(posedge clk_i) begin
        go_q  <= rst_ni && go && !cget;
        cg_q  <= rst_ni && cget;
        cg2_q <= rst_ni && cg_q;
        wr_q  <= go && s_we_i;     // a write, answered in the next cycle
    end
    // Every counter as the host would read it, kept by the old rule (one
    // 32-bit register per counter, every event added in its cycle): the
    // counter memory, its pending amounts and the word in flight must
    // always add up to it, so no amount is lost, applied twice, or
    // applied to another counter.
    reg [31:0] cref_q [0:NCNT-1];
    always @(posedge clk_i) begin : cnt_ref
        integer k;
        reg [32:0] t;
        for (k = 0; k < NCNT; k = k + 1) begin
            t = {1'b0, cref_q[k]} + {{(33-PWR){1'b0}}, cinc[k*PWR +: PWR]};
            if (clr || (cclr && ck == k[CKW-1:0])) cref_q[k] <= 32'd0;
            else cref_q[k] <= (CSAT[k] && t[32]) ? 32'hFFFF_FFFF : t[31:0];
        end
    end
    // The group table changes only when a group is written, and its
    // invariants (NGROUPS entries) are a function of it alone: they are
    // checked when it changes and once after reset, the verdicts of a
    // check every cycle at a fraction of its simulation cost.
    reg [2*NGROUPS+DW-1:0]             grchk_q;
    reg                                chk_seen_q, gpn_we_q;
    always @(posedge clk_i) begin
        chk_seen_q <= rst_ni;
        grchk_q    <= {gv_q, gpw_q, node_q};
        gpn_we_q   <= gc_we;
    end
    // an entry's parent and count as its readers see them (the send
    // queue unit's copy; the others are checked equal to it)
    function [DW-1:0] gpar(input [GB-1:0] g);
        gpar = gpw_q[g] ? g_gpn[1].m[g][DW-1:0] : NOPAR;
    endfunction
    function [NCW-1:0] gcnt(input [GB-1:0] g);
        gcnt = gv_q[g] ? g_gpn[1].m[g][DW +: NCW] : {NCW{1'b0}};
    endfunction
    // the result of the group commit's child check as wc_nic_group_set
    // gives it (every child, every earlier child at once)
    function [7:0] gt_ref(input integer n);
        integer i, k;
        reg [DW-1:0] ch;
        gt_ref = `WC_NIC_ST_OK;
        for (i = n - 1; i >= 0; i = i - 1) begin
            ch = gt_stage_q[i*DW +: DW];
            if ({20'd0, ch} >= NNODES)
                gt_ref = `WC_NIC_ST_BADDST;
            else if (ch == node_q || (!gt_root && (ch == gt_par_q || ch <= node_q)))
                gt_ref = `WC_NIC_ST_IDRULE;
            else
                for (k = 0; k < i; k = k + 1)
                    if (gt_stage_q[k*DW +: DW] == ch) gt_ref = `WC_NIC_ST_IDRULE;
        end
    endfunction
    // counter k as a host read in this cycle would answer
    function [31:0] cnt_now(input integer k);
        reg [32:0] t;
        t = {1'b0, cz_q[k] ? 32'd0 : cmem[k]} + {{(33-PWR){1'b0}}, cpend_q[k*PWR +: PWR]} +
            ((cinf_v_q && cinf_k_q == k[CKW-1:0]) ? {{(33-PWR){1'b0}}, cinf_amt_q} : 33'd0);
        cnt_now = (CSAT[k] && t[32]) ? 32'hFFFF_FFFF : t[31:0];
    endfunction
    wire gr_chk = !chk_seen_q || gpn_we_q || {gv_q, gpw_q, node_q} != grchk_q;
    always @(posedge clk_i) begin : protocol
        integer g, k;
        if (rst_ni) begin
            if (s_ack_o && !go_q && !cg2_q)
                $error("%m: ACK without a request in the cycle before (a counter's: two cycles before)");
            if ((go_q || cg2_q) && !s_ack_o)
                $error("%m: a request not acknowledged in the next cycle (a counter read: the one after)");
            // the counters' pending amounts never overflow their width,
            // and each counter is the events counted since its clear
            for (k = 0; k < NCNT; k = k + 1) begin
                if (!(cclr && ck == k[CKW-1:0]) &&
                    {1'b0, (cpick && cpk == k[CKW-1:0]) ? {PWR{1'b0}} : cpend_q[k*PWR +: PWR]} +
                    {1'b0, cinc[k*PWR +: PWR]} > {1'b0, pmask(k)})
                    $error("%m: the pending amount of counter %0d overflows", k);
                if (chk_seen_q && cnt_now(k) != cref_q[k])
                    $error("%m: counter %0d holds %0d, %0d counted", k, cnt_now(k), cref_q[k]);
            end
            if (cpick && cinf_v_q && cpk == cinf_k_q)
                $error("%m: counter %0d picked while its word is in flight", cpk);
            if (s_ack_o && wr_q && s_dat_o != 32'd0)
                $error("%m: write acknowledged with read data %h", s_dat_o);
            // The selection clears only a flag it found pending (its round
            // robin grants only requesters).
            if (ack_clr_i && !ackp_q[ack_clr_sid_i])
                $error("%m: acknowledgement flag of stream %0d cleared but not pending", ack_clr_sid_i);
            if (ack_clr_i && {{(32-$clog2(NG)){1'b0}}, ack_clr_sid_i} >= NG)
                $error("%m: acknowledgement flag of stream %0d cleared: no such stream", ack_clr_sid_i);
            if (ack_set_i && {{(32-$clog2(NG)){1'b0}}, ack_set_sid_i} >= NG)
                $error("%m: acknowledgement flag of stream %0d set: no such stream", ack_set_sid_i);
            if ((ack_set2_i && {{(32-$clog2(NG)){1'b0}}, ack_set2_sid_i} >= NG) ||
                (ack_set3_i && {{(32-$clog2(NG)){1'b0}}, ack_set3_sid_i} >= NG))
                $error("%m: GRANT of stream %0d/%0d set: no such stream", ack_set2_sid_i, ack_set3_sid_i);
            if (ack_set_i && (ack_set_kind_i == 3'd0 || ack_set_kind_i > `WC_NIC_PEND_GRANT))
                $error("%m: control packet kind %0d set for stream %0d", ack_set_kind_i, ack_set_sid_i);
            // the offered stream is the first pending one at or after the
            // selection's pointer (the round robin after the last edge),
            // with its kind by the old rule; the selection clears only it
            if (ak_v_q != (ackp_q != {NG{1'b0}}) || (ak_v_q && !ackp_q[ak_sid_q]))
                $error("%m: stream %0d offered to the selection (%0d) of pending %b", ak_sid_q, ak_v_q, ackp_q);
            // (a kind set outside ACK..GRANT is reported where it is set)
            if (ak_v_q && akref_q[ak_sid_q] != 3'd0 && akref_q[ak_sid_q] <= `WC_NIC_PEND_GRANT &&
                ak_kind_o != akref_q[ak_sid_q])
                $error("%m: stream %0d offered with kind %0d, pending %0d", ak_sid_q, ak_kind_o, akref_q[ak_sid_q]);
            if (ack_clr_i && ackp_q[ack_clr_sid_i] && !(ak_v_q && ack_clr_sid_i == ak_sid_q))
                $error("%m: acknowledgement flag of stream %0d cleared, stream %0d offered", ack_clr_sid_i, ak_sid_q);
            // The queue of pending acks holds every pending stream once
            // and nothing else, the front before the ring, at most NG
            // streams (so its ring never overflows); the event and the
            // grant scanner never set a kind in the same cycle (the
            // queue takes two joins a cycle: theirs and the repeat
            // scanner's).
            if (aqin_q != ackp_q || aq_twice)
                $error("%m: the queue of pending acks holds %b (a stream joined twice: %0d), pending %b", aqin_q, aq_twice, ackp_q);
            if ((aq1_v_q && !ak_v_q) || (aqn_q != {(SIDW+1){1'b0}} && !aq1_v_q) ||
                {{(31-SIDW){1'b0}}, aqn_q} + {31'd0, ak_v_q} + {31'd0, aq1_v_q} > NG)
                $error("%m: queue of pending acks with head %0d, next %0d and %0d in its ring of %0d", ak_v_q, aq1_v_q, aqn_q, QD);
            if (ack_set_i && ack_set2_i)
                $error("%m: the event's kind and the grant scanner's GRANT set in one cycle (streams %0d, %0d)", ack_set_sid_i, ack_set2_sid_i);
            // Stream tables are indexed by validated ids only (node ids and
            // group ids below the table sizes, which need not be powers of
            // two): an index past the end would write another entry.
            if ((uexp_we && {{(32-NB){1'b0}}, uexp_wa} >= NNODES) ||
                (unext_we && {{(32-NB){1'b0}}, unext_wa} >= NNODES))
                $error("%m: unicast stream table written at node %0d of %0d", uexp_we ? uexp_wa : unext_wa, NNODES);
            if ((gexp_we && {{(32-GB){1'b0}}, gexp_wa} >= NGROUPS) ||
                (gnext_we && {{(32-GB){1'b0}}, gnext_wa} >= NGROUPS))
                $error("%m: group stream table written at group %0d of %0d", gexp_we ? gexp_wa : gnext_wa, NGROUPS);
            // A stream's update reads its entry through its unit's read
            // port: the receive processor's event names the stream it
            // advances, the send queue unit's descriptor the stream it
            // sets up.
            if (uexp_we && {20'd0, rp_node_i} != {{(32-NB){1'b0}}, uexp_wa})
                $error("%m: unicast stream %0d advanced while the receive port reads node %0d", uexp_wa, rp_node_i);
            if (gexp_we && {20'd0, rp_gid_i} != {{(32-GB){1'b0}}, gexp_wa})
                $error("%m: group stream %0d advanced while the receive port reads group %0d", gexp_wa, rp_gid_i);
            if (unext_we && {20'd0, sq_node_i} != {{(32-NB){1'b0}}, unext_wa})
                $error("%m: unicast stream %0d set up while the send queue port reads node %0d", unext_wa, sq_node_i);
            if (gnext_we && {20'd0, sq_gid_i} != {{(32-GB){1'b0}}, gnext_wa})
                $error("%m: group stream %0d set up while the send queue port reads group %0d", gnext_wa, sq_gid_i);
            // The group commit's check steps through its children below
            // its count, and ends with wc_nic_group_set's verdict on them.
            // (constant when MAXCHILD is 2^NCW - 1)
            /* verilator lint_off CMPCONST */
            if (gtc_v_q && (gtc_n_q == {NCW{1'b0}} || {{(32-NCW){1'b0}}, gtc_n_q} > MAXCHILD ||
                            gtc_i_q >= gtc_n_q || (gtc_i_q != {NCW{1'b0}} && gtc_k_q >= gtc_i_q)))
            /* verilator lint_on CMPCONST */
                $error("%m: group commit check at child %0d against %0d of %0d", gtc_i_q, gtc_k_q, gtc_n_q);
            if (gtc_fin && gt_res_wd != gt_ref({{(32-NCW){1'b0}}, gtc_n_q}))
                $error("%m: group commit checked %0d, its children are %0d", gt_res_wd,
                       gt_ref({{(32-NCW){1'b0}}, gtc_n_q}));
            // A slot count above NSLOT means the slot table lost track.
            if ({{(32-SCW){1'b0}}, slots_q} > NSLOT)
                $error("%m: %0d receive slots in use of %0d", slots_q, NSLOT);
            // The group table holds only entries wc_nic_group_set accepts:
            // never group 0 (unicast), a valid entry was installed (its
            // parent written), a root has 1..MAXCHILD children, a non-root
            // a parent in the network other than this node; the three
            // copies of an installed entry's parent and count agree.
            if (gv_q[0])
                $error("%m: group 0 installed");
            if (gr_chk) begin
                for (g = 0; g < NGROUPS; g = g + 1) begin
                    if (gv_q[g] && !gpw_q[g])
                        $error("%m: group %0d valid but never installed", g);
                    if (gpw_q[g] && (g_gpn[0].m[g] != g_gpn[1].m[g] || g_gpn[2].m[g] != g_gpn[1].m[g]))
                        $error("%m: group %0d's copies differ: %h %h %h", g, g_gpn[0].m[g], g_gpn[1].m[g],
                               g_gpn[2].m[g]);
                    // (constant when MAXCHILD is 2^NCW - 1)
                    /* verilator lint_off CMPCONST */
                    if (gv_q[g] && {{(32-NCW){1'b0}}, gcnt(g[GB-1:0])} > MAXCHILD)
                    /* verilator lint_on CMPCONST */
                        $error("%m: group %0d has %0d children", g, gcnt(g[GB-1:0]));
                    if (gv_q[g] && gpar(g[GB-1:0]) == NOPAR && gcnt(g[GB-1:0]) == {NCW{1'b0}})
                        $error("%m: group %0d installed at its root with no children", g);
                    if (gv_q[g] && gpar(g[GB-1:0]) != NOPAR &&
                        ({{(32-DW){1'b0}}, gpar(g[GB-1:0])} >= NNODES || gpar(g[GB-1:0]) == node_q))
                        $error("%m: group %0d has parent %0d", g, gpar(g[GB-1:0]));
                end
            end
        end
    end
`endif
endmodule
`resetall

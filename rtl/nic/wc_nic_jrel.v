// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// The job unit's per-child reliability: the child table, one entry per
// (job, child) in block RAM (GM-2's go-back-N state, sw/lib/wc_nic_rel.c:
// admission, stream base, packets sent, acknowledged and ever sent, the
// deadline), and the two-stage pipeline that is its only way in, one
// operation on one entry a cycle.  Stage A chooses the operation and reads
// its entry (and the job's destination row); stage B computes the entry's
// next state and writes it, with a bypass for the entry the operation
// ahead of it wrote.  Operations in stage A's order: an acknowledgement
// the matcher placed (ACK), the selection's candidate (SEL), a finished
// job (DONE), a child's initialisation (INIT: the forwarding job's
// sequencer, then the send-queue unit's step), and the pass engine's FIND
// or the timeout scanner's visit (TMO), taking turns when both ask.
//
// The acknowledgement matcher places an ack in the cycle it arrives: a
// unicast stream's entry from the owner table (written as the send-queue
// unit's INIT step for the peer is taken; valid while the stream's busy
// flag is set), a group's from its job (the send job, or the oldest live
// forwarding job) and the child whose destination in the job's row (a
// second copy, read in that cycle) is the ack's source.
// cmodel/wc_nic_jrel.c (nic_jrel_stage_a(), nic_jrel_stage_b(),
// nic_jrel_commit()).
module wc_nic_jrel #(
    parameter integer NNODES   = 16,                    // node ids 0..NNODES-1
    parameter integer NGROUPS  = `WC_NIC_GROUPS,        // group table entries
    parameter integer JSEND    = 4,                     // send jobs, 1..8
    parameter integer JFWD     = 8,                     // forwarding jobs, 1..8
    parameter integer KW       = 7,                     // packet index width
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN,  // children per job
    // Derived (leave at the default; the body checks them):
    parameter integer J    = JSEND + JFWD,
    parameter integer JW   = $clog2(J),
    parameter integer DW   = `WC_HEAD_DST_W,
    parameter integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1,
    parameter integer NCW  = $clog2(MAXCHILD + 1),
    parameter integer RW   = MAXCHILD * DW              // a destination row
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         soft_i,
    input  wire [31:0]                  now_i,
    input  wire [31:0]                  rto_i,          // the retransmission timeout (wc_nic_jrto)
    // ---- the receive processor's acknowledgement (WC_NIC_PEND_* kind) ----
    input  wire                         ack_i,
    input  wire [`WC_NH0_GROUP_W-1:0]   ack_grp_i,      // 0: unicast
    input  wire [`WC_NH0_SRC_W-1:0]     ack_from_i,
    input  wire [`WC_NH1_SEQ_W-1:0]     ack_seq_i,
    input  wire [2:0]                   ack_kind_i,
    input  wire [NNODES-1:0]            ubusy_i,        // a unicast stream has a send job
    // ---- the job table (registered) ----
    input  wire [J-1:0]                 job_valid_i,
    input  wire [J-1:0]                 job_live_i,     // every child initialised
    input  wire [J-1:0]                 job_fwd_i,
    input  wire [J-1:0]                 job_old_i,      // the oldest of its group (a send job: 1)
    input  wire [J*`WC_NH0_TYPE_W-1:0]  job_type_i,
    input  wire [J*`WC_NH0_GROUP_W-1:0] job_group_i,
    input  wire [J*NCW-1:0]             job_nc_i,
    input  wire [J*KW-1:0]              job_npk_i,
    // a job starts: its destination row (children past its count zero)
    input  wire                         row_we_i,
    input  wire [JW-1:0]                row_wj_i,
    input  wire [RW-1:0]                row_wd_i,
    // ---- stage A: the requesters and their grants ----
    input  wire                         sel_req_i,      // the selection's candidate
    input  wire [JW-1:0]                sel_j_i,
    input  wire [CIW-1:0]               sel_c_i,
    input  wire                         sel_creq_i,     // ... is a REQ
    output wire                         sel_gnt_o,
    input  wire                         done_req_i,     // a finished job
    input  wire [JW-1:0]                done_j_i,
    input  wire                         fi_req_i,       // the forwarding INIT sequencer
    input  wire [JW-1:0]                fi_j_i,
    input  wire [CIW-1:0]               fi_c_i,
    input  wire [15:0]                  fi_base_i,
    output wire                         fi_gnt_o,
    input  wire                         sq_req_i,       // the send-queue unit's INIT step
    input  wire                         sq_uni_i,       // ... of a unicast stream: its peer's owner
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [DW-1:0]                sq_node_i,      // (its bits below NNODES)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [JW-1:0]                sq_j_i,
    input  wire [CIW-1:0]               sq_c_i,
    input  wire [15:0]                  sq_base_i,
    output wire                         sq_gnt_o,
    input  wire                         find_req_i,     // the pass engine
    input  wire [JW-1:0]                find_j_i,
    input  wire [CIW-1:0]               find_c_i,
    input  wire                         find_pid_i,
    output wire                         find_gnt_o,
    // ---- stage B: the operation, its entry as read, the job's row ----
    output reg                          b_v_o,
    output reg  [2:0]                   b_op_o,         // WC_NIC_JOP_*
    output reg  [JW-1:0]                b_j_o,
    output reg  [CIW-1:0]               b_c_o,
    output reg                          b_req_o,        // SEL: a REQ
    output reg                          b_pid_o,        // FIND: its pass
    output wire [1:0]                   b_adm_o,
    output wire [15:0]                  b_base_o,
    output wire [KW-1:0]                b_sent_o,
    output wire [KW-1:0]                b_acked_o,
    output wire [KW-1:0]                b_hi_o,
    output wire [DW-1:0]                b_dst_o,        // the child's destination
    output wire [RW-1:0]                b_row_o,        // the job's row
    input  wire                         sel_ok_i,       // the SEL's candidate is still due (wc_nic_jsel)
    // ---- stage B's outcome: ACK, TMO, INIT apply; the child after it ----
    output wire                         b_ok_o,
    output wire [1:0]                   n_adm_o,
    output wire [KW-1:0]                n_sent_o,
    output wire [KW-1:0]                n_acked_o,
    output wire                         full_o,         // ACK: every packet acknowledged now
    output wire                         tmo_o,          // TMO: the child timed out
    output wire [KW-1:0]                tmo_amt_o,      // ... and rewinds this many (a REQ: 1)
    output wire [KW-1:0]                nak_amt_o,      // ACK: packets a NAK rewinds
    output wire                         sample_o,       // ACK: the probe's round trip ends
    output wire                         nak_pr_o,       // ACK: a NAK rewinds the probe's child
    input  wire                         pr_v_i,         // the probe (wc_nic_jrto)
    input  wire [JW-1:0]                pr_j_i,
    input  wire [CIW-1:0]               pr_c_i,
    input  wire [KW-1:0]                pr_k_i
);
    localparam integer GIW = `WC_NH0_GROUP_W;
    localparam integer TW  = `WC_NH0_TYPE_W;
    localparam integer AW  = JW + CIW;                  // entry address {job, child}
    localparam integer EW  = 2 + 16 + 3 * KW + 32;      // entry {adm, base, sent, acked, hi, dl}
    localparam integer NB  = $clog2(NNODES);
    localparam [TW-1:0] PT_UDATA = `WC_PT_UDATA;
    localparam [TW-1:0] PT_MDATA = `WC_PT_MDATA;
    localparam [1:0]    A_NEED   = `WC_NIC_ADM_NEED;
    localparam [1:0]    A_REQ    = `WC_NIC_ADM_REQ;
    localparam [1:0]    A_WAIT   = `WC_NIC_ADM_WAIT;
    localparam [1:0]    A_GRANT  = `WC_NIC_ADM_GRANT;
    localparam [2:0]    OP_ACK = `WC_NIC_JOP_ACK, OP_SEL = `WC_NIC_JOP_SEL, OP_DONE = `WC_NIC_JOP_DONE,
                        OP_INIT = `WC_NIC_JOP_INIT, OP_FIND = `WC_NIC_JOP_FIND, OP_TMO = `WC_NIC_JOP_TMO;

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
    function [AW-1:0] ea(input [JW-1:0] j, input [CIW-1:0] c);
        ea = {j, c};
    endfunction
    function [KW-1:0] npk_of(input [JW-1:0] j);
        npk_of = job_npk_i[j*KW +: KW];
    endfunction

    // ------------------------------------------------------------ matcher
    // The ack's job, found in its own cycle: a group's send job, or its
    // oldest live forwarding job (at most one of them matches).
    reg            gj_v;
    reg  [JW-1:0]  gj;
    always @* begin : group_job
        integer j;
        gj_v = 1'b0;
        gj   = {JW{1'b0}};
        for (j = J - 1; j >= 0; j = j - 1)
            if (job_valid_i[j] && job_type_i[j*TW +: TW] == PT_MDATA && job_group_i[j*GIW +: GIW] == ack_grp_i &&
                (!job_fwd_i[j] || job_old_i[j])) begin
                gj_v = 1'b1;
                gj   = j[JW-1:0];
            end
    end
    reg            m_v_q, m_gjv_q, m_uc_q;
    reg  [JW-1:0]  m_gj_q;
    reg  [GIW-1:0] m_grp_q;
    reg  [DW-1:0]  m_from_q;
    reg  [15:0]    m_seq_q;
    reg  [2:0]     m_kind_q;
    always @(posedge clk_i) begin
        if (clr) begin
            m_v_q <= 1'b0;
        end else begin
            m_v_q <= ack_i;
        end
        m_gjv_q  <= ack_i && gj_v;
        m_uc_q   <= ack_i && ubusy_i[ack_from_i[NB-1:0]];
        m_gj_q   <= gj;
        m_grp_q  <= ack_grp_i;
        m_from_q <= ack_from_i;
        m_seq_q  <= ack_seq_i;
        m_kind_q <= ack_kind_i;
    end
    // the owner table: a unicast stream's send job and child
    reg  [JW+CIW-1:0] uown_mem [0:NNODES-1];
    reg  [JW+CIW-1:0] uown_q;
    wire              uown_we = sq_gnt_o && sq_uni_i;
    always @(posedge clk_i) begin
        if (uown_we) uown_mem[sq_node_i[NB-1:0]] <= {sq_j_i, sq_c_i};
        uown_q <= uown_mem[ack_from_i[NB-1:0]];
    end
    // the destination rows: copy B for the matcher, read at the group's job
    reg  [RW-1:0]  rowb_mem [0:J-1];
    reg  [RW-1:0]  rowb_q;
    always @(posedge clk_i) begin
        if (row_we_i) rowb_mem[row_wj_i] <= row_wd_i;
        rowb_q <= rowb_mem[gj];
    end
    // the group job's first child that is the ack's source (padding
    // entries past the children are zero, and a real child comes first)
    reg            rc_v;
    reg  [CIW-1:0] rc;
    always @* begin : row_match
        integer c;
        rc_v = 1'b0;
        rc   = {CIW{1'b0}};
        for (c = MAXCHILD - 1; c >= 0; c = c - 1)
            if (rowb_q[c*DW +: DW] == m_from_q) begin
                rc_v = 1'b1;
                rc   = c[CIW-1:0];
            end
    end
    wire           m_uni = m_grp_q == {GIW{1'b0}};
    wire [JW-1:0]  m_j   = m_uni ? uown_q[CIW +: JW] : m_gj_q;
    wire [CIW-1:0] m_c   = m_uni ? uown_q[0 +: CIW] : rc;
    wire           m_cv  = m_uni ? m_uc_q : m_gjv_q && rc_v;
    // an ack of group grp (0: unicast) may move a child of job j
    function ack_fits(input [JW-1:0] j, input [GIW-1:0] grp);
        ack_fits = job_valid_i[j] && job_live_i[j] &&
                   (grp == {GIW{1'b0}} ? job_type_i[j*TW +: TW] == PT_UDATA
                                       : job_type_i[j*TW +: TW] == PT_MDATA && job_group_i[j*GIW +: GIW] == grp);
    endfunction

    // ------------------------------------------------------------ stage A
    // the timeout scanner's entry: child by child up to MAXCHILD-1, then
    // the next job's first
    reg  [JW-1:0]  scj_q;
    reg  [CIW-1:0] scc_q;
    reg            ft_q;            // a FIND and a visit both ask: 1 = the visit goes first
    wire tmo_req = job_valid_i[scj_q] && job_live_i[scj_q] &&
                   {{(32-CIW){1'b0}}, scc_q} < {{(32-NCW){1'b0}}, job_nc_i[scj_q*NCW +: NCW]};
    wire ack_req = m_v_q && m_cv && ack_fits(m_j, m_grp_q);
    wire g_ack   = ack_req;
    wire g_sel   = !g_ack && sel_req_i;
    wire g_done  = !g_ack && !g_sel && done_req_i;
    wire g_fi    = !g_ack && !g_sel && !g_done && fi_req_i;
    wire g_sq    = !g_ack && !g_sel && !g_done && !fi_req_i && sq_req_i;
    wire rest    = !g_ack && !g_sel && !g_done && !fi_req_i && !sq_req_i;
    wire g_find  = rest && find_req_i && (!tmo_req || !ft_q);
    wire g_tmo   = rest && tmo_req && !g_find;
    assign sel_gnt_o  = g_sel;
    assign fi_gnt_o   = g_fi;
    assign sq_gnt_o   = g_sq;
    assign find_gnt_o = g_find;
    reg            a_v, a_req, a_pid;
    reg  [2:0]     a_op;
    reg  [JW-1:0]  a_j;
    reg  [CIW-1:0] a_c;
    reg  [15:0]    a_base;
    always @* begin : stage_a
        a_v = 1'b1;  a_op = OP_ACK;  a_j = m_j;  a_c = m_c;  a_req = 1'b0;  a_pid = 1'b0;  a_base = 16'd0;
        if (g_ack) begin
            a_op = OP_ACK;
        end else if (g_sel) begin
            a_op = OP_SEL;  a_j = sel_j_i;  a_c = sel_c_i;  a_req = sel_creq_i;
        end else if (g_done) begin
            a_op = OP_DONE;  a_j = done_j_i;  a_c = {CIW{1'b0}};
        end else if (g_fi) begin
            a_op = OP_INIT;  a_j = fi_j_i;  a_c = fi_c_i;  a_base = fi_base_i;
        end else if (g_sq) begin
            a_op = OP_INIT;  a_j = sq_j_i;  a_c = sq_c_i;  a_base = sq_base_i;
        end else if (g_find) begin
            a_op = OP_FIND;  a_j = find_j_i;  a_c = find_c_i;  a_pid = find_pid_i;
        end else if (g_tmo) begin
            a_op = OP_TMO;  a_j = scj_q;  a_c = scc_q;
        end else begin
            a_v = 1'b0;
        end
    end
    // stage B's ACK fields travel with it
    reg  [GIW-1:0] b_grp_q;
    reg  [DW-1:0]  b_from_q;
    reg  [15:0]    b_seq_q, b_base_q;
    reg  [2:0]     b_kind_q;
    always @(posedge clk_i) begin
        if (clr) begin
            b_v_o <= 1'b0;
            scj_q <= {JW{1'b0}};
            scc_q <= {CIW{1'b0}};
            ft_q  <= 1'b0;
        end else begin
            b_v_o <= a_v;
            if (find_req_i && tmo_req && (g_find || g_tmo)) ft_q <= !ft_q;
            // the scanner skips an entry nobody uses, and waits for its
            // turn at one that is live
            if (!tmo_req || g_tmo) begin
                if ({{(32-CIW){1'b0}}, scc_q} == MAXCHILD - 1) begin
                    scc_q <= {CIW{1'b0}};
                    scj_q <= ({{(32-JW){1'b0}}, scj_q} == J - 1) ? {JW{1'b0}} : scj_q + 1'b1;
                end else begin
                    scc_q <= scc_q + 1'b1;
                end
            end
        end
        b_op_o   <= a_op;
        b_j_o    <= a_j;
        b_c_o    <= a_c;
        b_req_o  <= a_req;
        b_pid_o  <= a_pid;
        b_grp_q  <= m_grp_q;
        b_from_q <= m_from_q;
        b_seq_q  <= m_seq_q;
        b_kind_q <= m_kind_q;
        b_base_q <= a_base;
    end

    // ------------------------------------------------ the child table, rows
    reg  [EW-1:0]  ct_mem [0:(J << CIW)-1];
    reg  [EW-1:0]  ct_q;
    reg  [RW-1:0]  rowa_mem [0:J-1];
    reg  [RW-1:0]  rowa_q;
    wire           ct_we;
    wire [EW-1:0]  ct_wd;
    always @(posedge clk_i) begin
        if (ct_we) ct_mem[ea(b_j_o, b_c_o)] <= ct_wd;
        ct_q <= ct_mem[ea(a_j, a_c)];
    end
    always @(posedge clk_i) begin
        if (row_we_i) rowa_mem[row_wj_i] <= row_wd_i;
        rowa_q <= rowa_mem[a_j];
    end
    // The entry the operation ahead wrote, for the one behind it (the
    // memory reads the old word when both address one entry).
    reg            byp_v_q;
    reg  [AW-1:0]  byp_a_q;
    reg  [EW-1:0]  byp_d_q;
    always @(posedge clk_i) begin
        if (clr) byp_v_q <= 1'b0;
        else     byp_v_q <= ct_we;
        byp_a_q <= ea(b_j_o, b_c_o);
        byp_d_q <= ct_wd;
    end
    wire [EW-1:0] e = (byp_v_q && byp_a_q == ea(b_j_o, b_c_o)) ? byp_d_q : ct_q;
    wire [1:0]    e_adm   = e[EW-1 -: 2];
    wire [15:0]   e_base  = e[EW-3 -: 16];
    wire [KW-1:0] e_sent  = e[3*KW+31 -: KW];
    wire [KW-1:0] e_acked = e[2*KW+31 -: KW];
    wire [KW-1:0] e_hi    = e[KW+31 -: KW];
    wire [31:0]   e_dl    = e[31:0];
    assign b_adm_o   = e_adm;
    assign b_base_o  = e_base;
    assign b_sent_o  = e_sent;
    assign b_acked_o = e_acked;
    assign b_hi_o    = e_hi;
    assign b_row_o   = rowa_q;
    assign b_dst_o   = rowa_q[b_c_o*DW +: DW];

    // ------------------------------------------------------------ stage B
    wire [KW-1:0]  npk   = npk_of(b_j_o);
    wire [31:0]    dl_new = now_i + rto_i;
    wire           live  = job_valid_i[b_j_o] && job_live_i[b_j_o] &&
                           {{(32-CIW){1'b0}}, b_c_o} < {{(32-NCW){1'b0}}, job_nc_i[b_j_o*NCW +: NCW]};
    // ACK: sw/lib/wc_nic_rel.c's steps in its order: the cumulative ack
    // (older than the job's first packet when "negative": ignored), a
    // GRANT or WAIT answering this message's REQ, a NAK's go-back
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0]    d16   = b_seq_q - e_base;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [KW-1:0]  a_cov = ({{(16-KW){1'b0}}, npk} > d16) ? d16[KW-1:0] : npk;
    wire           a_prog = !d16[15] && a_cov > e_acked;
    wire [KW-1:0]  k_acked = a_prog ? a_cov : e_acked;
    wire [KW-1:0]  k_sent0 = (a_prog && e_sent < a_cov) ? a_cov : e_sent;
    wire           k_ans   = e_adm != A_GRANT && k_acked == {KW{1'b0}} && d16 == 16'd0;
    wire [1:0]     k_adm   = (k_ans && b_kind_q == `WC_NIC_PEND_GRANT) ? A_GRANT :
                             (k_ans && b_kind_q == `WC_NIC_PEND_WAIT && e_adm == A_REQ) ? A_WAIT : e_adm;
    wire           k_nak   = b_kind_q == `WC_NIC_PEND_NAK && k_adm == A_GRANT && k_sent0 != k_acked &&
                             d16 == {{(16-KW){1'b0}}, k_acked};
    wire [KW-1:0]  k_sent  = k_nak ? k_acked : k_sent0;
    wire           k_dl    = a_prog || k_nak;
    wire           ack_ok  = b_op_o == OP_ACK && live && ack_fits(b_j_o, b_grp_q) && b_dst_o == b_from_q;
    wire           pr_me   = pr_v_i && pr_j_i == b_j_o && pr_c_i == b_c_o;
    assign sample_o  = b_v_o && ack_ok && pr_me && !d16[15] && a_cov > pr_k_i;
    assign nak_amt_o = (b_v_o && ack_ok && k_nak) ? k_sent0 - k_acked : {KW{1'b0}};
    assign nak_pr_o  = b_v_o && ack_ok && k_nak && pr_me;
    assign full_o    = b_v_o && ack_ok && e_acked != npk && k_acked == npk;
    // TMO: late with packets outstanding, or a REQ unanswered (a child in
    // WAIT has no deadline: its receiver repeats the GRANT); admitted, it
    // goes back to its first unacknowledged packet, else its REQ is due
    // again
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]    late  = now_i - e_dl;
    /* verilator lint_on UNUSEDSIGNAL */
    wire           waits = e_adm == A_GRANT ? e_acked < e_sent : e_adm == A_REQ;
    wire           tmo_ok = b_op_o == OP_TMO && live && waits && !late[31];
    assign tmo_o     = b_v_o && tmo_ok;
    assign tmo_amt_o = e_adm == A_GRANT ? e_sent - e_acked : {{(KW-1){1'b0}}, 1'b1};
    // SEL: a REQ, or data packet e_sent (the deadline starts if nothing
    // was outstanding)
    wire [KW-1:0]  s_sent1 = e_sent + 1'b1;
    wire           sel_ok  = b_op_o == OP_SEL && sel_ok_i;
    wire           init_ok = b_op_o == OP_INIT;
    assign b_ok_o = b_v_o && (ack_ok || tmo_ok || init_ok);

    reg [1:0]    w_adm;
    reg [KW-1:0] w_sent, w_acked, w_hi;
    reg [15:0]   w_base;
    reg [31:0]   w_dl;
    always @* begin : next_entry
        w_adm = e_adm;  w_base = e_base;  w_sent = e_sent;  w_acked = e_acked;  w_hi = e_hi;  w_dl = e_dl;
        if (init_ok) begin
            w_adm = A_NEED;  w_base = b_base_q;  w_sent = {KW{1'b0}};  w_acked = {KW{1'b0}};  w_hi = {KW{1'b0}};
            w_dl = 32'd0;
        end else if (ack_ok) begin
            w_adm = k_adm;  w_sent = k_sent;  w_acked = k_acked;
            if (k_dl) w_dl = dl_new;
        end else if (tmo_ok) begin
            if (e_adm == A_GRANT) begin
                w_sent = e_acked;
                w_dl   = dl_new;
            end else begin
                w_adm = A_NEED;
            end
        end else if (sel_ok) begin
            if (b_req_o) begin
                w_adm = A_REQ;
                w_dl  = dl_new;
            end else begin
                w_sent = s_sent1;
                if (e_hi < s_sent1) w_hi = s_sent1;
                if (e_acked == e_sent) w_dl = dl_new;
            end
        end
    end
    assign ct_we = b_v_o && (ack_ok || tmo_ok || init_ok || sel_ok);
    assign ct_wd = {w_adm, w_base, w_sent, w_acked, w_hi, w_dl};
    assign n_adm_o   = w_adm;
    assign n_sent_o  = w_sent;
    assign n_acked_o = w_acked;

`ifndef SYNTHESIS
    // The pipeline's contract: one operation a cycle; an ACK only for a
    // live job of its kind; INIT only for a job not yet live; an entry
    // written only inside its job's children, its counts in order
    // (acked <= sent <= the job's packets; what the rewinds and acks
    // produce, never more).
    always @(posedge clk_i) begin : protocol
        if (rst_ni && !soft_i) begin
            if ({3'd0, g_ack} + {3'd0, g_sel} + {3'd0, g_done} + {3'd0, g_fi} + {3'd0, g_sq} + {3'd0, g_find} +
                {3'd0, g_tmo} > 4'd1)
                $error("%m: two operations granted in one cycle");
            if (b_v_o && b_op_o == OP_INIT && job_live_i[b_j_o])
                $error("%m: INIT of job %0d child %0d, which is live", b_j_o, b_c_o);
            if (ct_we && !init_ok && (w_acked > w_sent || w_sent > npk))
                $error("%m: job %0d child %0d written with acked %0d, sent %0d of %0d packets", b_j_o, b_c_o,
                       w_acked, w_sent, npk);
            if (ct_we && !init_ok && !live)
                $error("%m: job %0d child %0d written, not a live child", b_j_o, b_c_o);
        end
    end
`endif
endmodule
`resetall

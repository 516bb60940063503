// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of wc_nic_jrel, the job unit's per-child reliability
// (go-back-N and admission state in its child table; formal/nic_jrel.sby).
// Assumptions, the neighbours' protocol:
//  - the network is free: acknowledgements of any group, source,
//    sequence number and kind arrive in any cycle (the receive processor
//    passes on what the links deliver), as do the destination rows, the
//    clock, the timeout and the probe;
//  - the job table (wc_nic_jtab): a job's packet count and children are
//    stable while it is live, at most MAXCHILD, and a job is live only
//    once each of its children's entries was initialised since it last
//    was not (the checker tracks the INITs it sees); no INIT reaches a
//    live job, and the INIT requesters ask only for jobs not live;
//  - the selection (wc_nic_jsel) asks only for a live child, and confirms
//    (sel_ok_i) a REQ only for a child that needs admission, and a data
//    packet only for an admitted child with packets left to send a
//    first or a further time (sent below the job's packets);
//  - reset in the first cycle; soft reset free.
// Small sizes (one send and one forwarding job, 2 children, 3-bit packet
// indices, 4 nodes, 2 groups); no rule below depends on them.
// Properties, one per proof task (`define):
//   JR_ORDER  every operation on a live child reads its entry in order,
//             acknowledged <= sent, and every ACK, TMO or SEL leaves it so
//             with sent <= the job's packets: whatever the network sends,
//             go-back-N's window stays between the last acknowledgement
//             and the packets the job has
//   JR_HI     (with JR_ORDER) if the receivers acknowledge only packets
//             they received, also sent <= ever sent <= the job's packets:
//             the rewinds and acknowledgements never pass what was sent
//   JR_WIN    (with JR_ORDER) if the selection sends a child data only
//             with fewer than TXWIN packets unacknowledged (its rule,
//             proven in formal/nic_jsel.sby), no acknowledgement, rewind
//             or send ever leaves more than TXWIN outstanding: acknowledged
//             <= sent <= acknowledged + TXWIN
//   JR_ADM    a child becomes admitted only by a GRANT that answers its
//             REQ (an acknowledgement of kind GRANT, nothing acknowledged
//             yet); an ACK never moves an admitted child out of
//             admission; a timeout of a child not admitted only asks its
//             REQ again
module wc_nic_jrel_fv (
    input wire clk_i
);
    localparam integer NNODES = 4, NGROUPS = 2, JSEND = 1, JFWD = 1, KW = 3, MAXCHILD = 2;
    // below the 7 packets a job may have, so the window binds
    localparam [KW-1:0] TXWIN = 3'd2;
    localparam integer J = 2, JW = 1, CIW = 1, NCW = 2, DW = `WC_HEAD_DST_W, RW = MAXCHILD * DW;
    localparam integer GIW = `WC_NH0_GROUP_W, TW = `WC_NH0_TYPE_W;
    localparam [1:0] A_NEED = `WC_NIC_ADM_NEED, A_REQ = `WC_NIC_ADM_REQ, A_GRANT = `WC_NIC_ADM_GRANT;
    localparam [2:0] OP_ACK = `WC_NIC_JOP_ACK, OP_SEL = `WC_NIC_JOP_SEL, OP_INIT = `WC_NIC_JOP_INIT,
                     OP_TMO = `WC_NIC_JOP_TMO;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg                 soft, ack, row_we, sel_req, sel_creq, done_req, fi_req, sq_req, sq_uni;
    (* anyseq *) reg                 find_req, find_pid, sel_ok, pr_v;
    (* anyseq *) reg [31:0]          now, rto;
    (* anyseq *) reg [GIW-1:0]       ack_grp;
    (* anyseq *) reg [`WC_NH0_SRC_W-1:0] ack_from;
    (* anyseq *) reg [`WC_NH1_SEQ_W-1:0] ack_seq;
    (* anyseq *) reg [2:0]           ack_kind;
    (* anyseq *) reg [NNODES-1:0]    ubusy;
    (* anyseq *) reg [J-1:0]         jvalid, jlive, jfwd, jold;
    (* anyseq *) reg [J*TW-1:0]      jtype;
    (* anyseq *) reg [J*GIW-1:0]     jgroup;
    (* anyseq *) reg [J*NCW-1:0]     jnc;
    (* anyseq *) reg [J*KW-1:0]      jnpk;
    (* anyseq *) reg [JW-1:0]        row_wj, sel_j, done_j, fi_j, sq_j, find_j, pr_j;
    (* anyseq *) reg [RW-1:0]        row_wd;
    (* anyseq *) reg [CIW-1:0]       sel_c, fi_c, sq_c, find_c, pr_c;
    (* anyseq *) reg [15:0]          fi_base, sq_base;
    (* anyseq *) reg [DW-1:0]        sq_node;
    (* anyseq *) reg [KW-1:0]        pr_k;

    wire           sel_gnt, fi_gnt, sq_gnt, find_gnt, b_v, b_req, b_pid, b_ok, full, tmo, sample, nak_pr;
    wire [2:0]     b_op;
    wire [JW-1:0]  b_j;
    wire [CIW-1:0] b_c;
    wire [1:0]     b_adm, n_adm;
    wire [15:0]    b_base;
    wire [KW-1:0]  b_sent, b_acked, b_hi, n_sent, n_acked, tmo_amt, nak_amt;
    wire [DW-1:0]  b_dst;
    wire [RW-1:0]  b_row;

    wc_nic_jrel #(.NNODES(NNODES), .NGROUPS(NGROUPS), .JSEND(JSEND), .JFWD(JFWD), .KW(KW),
                  .MAXCHILD(MAXCHILD)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .soft_i(soft), .now_i(now), .rto_i(rto),
        .ack_i(ack), .ack_grp_i(ack_grp), .ack_from_i(ack_from), .ack_seq_i(ack_seq), .ack_kind_i(ack_kind),
        .ubusy_i(ubusy), .job_valid_i(jvalid), .job_live_i(jlive), .job_fwd_i(jfwd), .job_old_i(jold),
        .job_type_i(jtype), .job_group_i(jgroup), .job_nc_i(jnc), .job_npk_i(jnpk),
        .row_we_i(row_we), .row_wj_i(row_wj), .row_wd_i(row_wd),
        .sel_req_i(sel_req), .sel_j_i(sel_j), .sel_c_i(sel_c), .sel_creq_i(sel_creq), .sel_gnt_o(sel_gnt),
        .done_req_i(done_req), .done_j_i(done_j),
        .fi_req_i(fi_req), .fi_j_i(fi_j), .fi_c_i(fi_c), .fi_base_i(fi_base), .fi_gnt_o(fi_gnt),
        .sq_req_i(sq_req), .sq_uni_i(sq_uni), .sq_node_i(sq_node), .sq_j_i(sq_j), .sq_c_i(sq_c),
        .sq_base_i(sq_base), .sq_gnt_o(sq_gnt),
        .find_req_i(find_req), .find_j_i(find_j), .find_c_i(find_c), .find_pid_i(find_pid), .find_gnt_o(find_gnt),
        .b_v_o(b_v), .b_op_o(b_op), .b_j_o(b_j), .b_c_o(b_c), .b_req_o(b_req), .b_pid_o(b_pid),
        .b_adm_o(b_adm), .b_base_o(b_base), .b_sent_o(b_sent), .b_acked_o(b_acked), .b_hi_o(b_hi),
        .b_dst_o(b_dst), .b_row_o(b_row), .sel_ok_i(sel_ok),
        .b_ok_o(b_ok), .n_adm_o(n_adm), .n_sent_o(n_sent), .n_acked_o(n_acked), .full_o(full), .tmo_o(tmo),
        .tmo_amt_o(tmo_amt), .nak_amt_o(nak_amt), .sample_o(sample), .nak_pr_o(nak_pr),
        .pr_v_i(pr_v), .pr_j_i(pr_j), .pr_c_i(pr_c), .pr_k_i(pr_k)
    );

    // the INITs the child table took since each job was last not live
    reg  [J*MAXCHILD-1:0] inited_q;
    reg  [J-1:0]          live_q;
    reg  [J*KW-1:0]       npk_q;
    reg  [J*NCW-1:0]      nc_q;
    reg  [2:0]            kind1_q, kind2_q;     // the ack's kind and sequence as they reach stage B
    reg  [15:0]           seq1_q, seq2_q;
    always @(posedge clk_i) begin : track
        integer j;
        live_q  <= jlive;
        npk_q   <= jnpk;
        nc_q    <= jnc;
        kind1_q <= ack_kind;
        kind2_q <= kind1_q;
        seq1_q  <= ack_seq;
        seq2_q  <= seq1_q;
        if (!rst_n_q || soft) begin
            inited_q <= {J*MAXCHILD{1'b0}};
        end else begin
            for (j = 0; j < J; j = j + 1)
                if (!jlive[j]) inited_q[j*MAXCHILD +: MAXCHILD] <= {MAXCHILD{1'b0}};
            if (b_v && b_op == OP_INIT) inited_q[b_j*MAXCHILD + b_c] <= 1'b1;
        end
    end
    function automatic [KW-1:0] npk_of(input [JW-1:0] j);
        npk_of = jnpk[j*KW +: KW];
    endfunction
    function automatic [NCW-1:0] nc_of(input [JW-1:0] j);
        nc_of = jnc[j*NCW +: NCW];
    endfunction
    function automatic child_live(input [JW-1:0] j, input [CIW-1:0] c);
        child_live = jlive[j] && {{(NCW-CIW){1'b0}}, c} < nc_of(j);
    endfunction

    always @* if (rst_n_q) begin : protocol
        integer j, c;
        for (j = 0; j < J; j = j + 1) begin
            assume(jnc[j*NCW +: NCW] <= MAXCHILD);
            if (jlive[j] && live_q[j])
                assume(jnpk[j*KW +: KW] == npk_q[j*KW +: KW] && jnc[j*NCW +: NCW] == nc_q[j*NCW +: NCW]);
            for (c = 0; c < MAXCHILD; c = c + 1)
                if (jlive[j] && c < jnc[j*NCW +: NCW]) assume(inited_q[j*MAXCHILD + c]);
        end
        assume(!(b_v && b_op == OP_INIT && jlive[b_j]));
        assume(!fi_req || !jlive[fi_j]);
        assume(!sq_req || !jlive[sq_j]);
        assume(!sel_req || child_live(sel_j, sel_c));
`ifdef JR_HI
        // the receivers acknowledge only packets they received, so never
        // past the packets ever sent (older acknowledgements, before the
        // stream's base, are negative and ignored)
        if (b_v && b_op == OP_ACK) begin : acked_sent
            reg [15:0] d;
            d = seq2_q - b_base;
            assume(d[15] || d <= {{(16-KW){1'b0}}, b_hi});
        end
`endif
        if (sel_ok) begin
            assume(b_v && b_op == OP_SEL && child_live(b_j, b_c));
            assume(b_req ? b_adm == A_NEED : (b_adm == A_GRANT && b_sent < npk_of(b_j)));
`ifdef JR_WIN
            assume(b_req || b_sent - b_acked < TXWIN);
`endif
        end
    end

`ifdef JR_ORDER
    always @* if (rst_n_q && !soft) begin : order
        if (b_v && b_op != OP_INIT && child_live(b_j, b_c)) begin
            assert(b_acked <= b_sent);
`ifdef JR_HI
            assert(b_sent <= b_hi);
            assert(b_hi <= npk_of(b_j));
`endif
`ifdef JR_WIN
            assert(b_sent - b_acked <= TXWIN);
`endif
        end
        if (b_ok && b_op != OP_INIT) begin
            assert(n_acked <= n_sent);
            assert(n_sent <= npk_of(b_j));
`ifdef JR_WIN
            assert(n_sent - n_acked <= TXWIN);
`endif
        end
    end
`endif

`ifdef JR_ADM
    always @* if (rst_n_q && !soft) begin : adm
        if (b_ok && n_adm == A_GRANT && b_adm != A_GRANT)
            assert(b_op == OP_ACK && kind2_q == `WC_NIC_PEND_GRANT && b_acked == {KW{1'b0}});
        if (b_ok && b_op == OP_ACK && b_adm == A_GRANT)
            assert(n_adm == A_GRANT);
        if (b_ok && b_op == OP_TMO && b_adm != A_GRANT)
            assert(n_adm == A_NEED && n_sent == b_sent && n_acked == b_acked);
    end
`endif
endmodule
`resetall

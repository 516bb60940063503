// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Send-queue unit: takes the host's send descriptors in ring order, one
// at a time: waits for a free send job, reads the descriptor (and a
// multisend's destination list) through the DMA, checks it in the order
// of docs/nic.md, waits until its streams have no other message in
// flight (a stream's packets must go out in sequence order), creates the
// job and gives each destination stream its block of sequence numbers.
// An invalid descriptor completes with its error status and is never
// executed.  cmodel/wc_nic_sq.c (nic_sq_decide(), nic_sq_commit()).
module wc_nic_sq #(
    parameter integer NNODES  = 16,                // node ids 0..NNODES-1
    parameter integer NGROUPS = `WC_NIC_GROUPS,    // group table entries
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,   // bytes per packet
    parameter integer JSEND   = 4,                 // send jobs
    parameter integer J       = 8,                 // all jobs
    parameter integer KW      = 7,                 // packet count width
    // Children of a group entry and destinations of a multisend,
    // 1..WC_NIC_MAX_CHILDREN (wc_nic's MAXCHILD).
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN,
    // Derived (leave at the default; the body checks them):
    parameter integer JW   = $clog2(J),
    parameter integer DW   = `WC_HEAD_DST_W,
    parameter integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1,
    parameter integer NCW  = $clog2(MAXCHILD + 1)
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         soft_i,
    input  wire [`WC_HEAD_DST_W-1:0]    self_i,
    input  wire                         en_i,
    input  wire [1:0]                   mode_i,
    input  wire [15:0]                  sq_size_i,
    input  wire [15:0]                  sq_head_i,
    input  wire [15:0]                  sq_tail_i,
    input  wire [JSEND-1:0]             job_valid_i,    // send jobs in use
    // register block: group entry of the descriptor's group (x), stream
    // state
    output wire [`WC_NH0_GROUP_W-1:0]   gid_o,
    output wire [`WC_NH0_GROUP_W-1:0]   ngid_o,         // gid_o after this edge
    output wire [`WC_HEAD_DST_W-1:0]    node_o,         // unicast stream being set up
    // node_o after this edge: the stream tables are block RAM, read a
    // cycle ahead
    output wire [`WC_HEAD_DST_W-1:0]    nnode_o,
    input  wire                         gvalid_i,
    input  wire [`WC_HEAD_DST_W-1:0]    gparent_i,
    input  wire [NCW-1:0]               gnc_i,
    input  wire [MAXCHILD*DW-1:0]       gchild_i,
    input  wire [NNODES-1:0]            ubusy_i,
    input  wire [NGROUPS-1:0]           gbusy_i,
    input  wire [15:0]                  gnext_i,
    input  wire [15:0]                  unext_i,
    // completion FIFO grant for an invalid descriptor's completion
    input  wire                         push_i,
    output wire                         err_st_o,       // waiting to push it
    output wire [127:0]                 push_w_o,
    output wire                         desc_err_o,     // pushed: NICR_ERR_DESC + 1
    output wire                         adv_o,          // NICR_SQ_HEAD + 1
    // DMA client
    output wire                         req_o,
    output wire                         fetch_o,
    output wire [31:0]                  list_o,
    output wire [4:0]                   n_o,            // list words (<= MAXCHILD)
    input  wire                         dma_start_i,
    input  wire                         dma_wr_i,
    input  wire [4:0]                   dma_idx_i,
    input  wire [31:0]                  dma_data_i,
    input  wire                         dma_err_i,
    input  wire                         dma_done_i,
    // job creation, then the streams' bases
    output wire                         create_o,
    output wire [JW-1:0]                job_o,
    output wire [`WC_SD0_TAG_W-1:0]     c_tag_o,
    output wire [15:0]                  c_msglen_o,
    output wire [KW-1:0]                c_npk_o,
    output wire [31:0]                  c_addr_o,
    output wire [`WC_NH0_SRC_W-1:0]     c_src_o,
    output wire [`WC_NH0_TYPE_W-1:0]    c_type_o,
    output wire [`WC_NH0_GROUP_W-1:0]   c_group_o,
    output wire [NCW-1:0]               c_nc_o,
    output reg  [MAXCHILD*DW-1:0]       c_dst_o,
    // one child a cycle while the job unit's pipeline takes it
    // (init_gnt_i): a unicast destination's stream base, or a multicast
    // child's (the group's stream: the register block moves it on with
    // the last)
    output wire                         init_o,
    output wire                         init_grp_o,     // multicast: the group's stream
    output wire [CIW-1:0]               init_c_o,
    output wire [15:0]                  init_base_o,
    output wire                         init_fin_o,     // the job's last child
    input  wire                         init_gnt_i,
    // the receive processor starts a forwarding job: no send job starts
    // in its cycle (one job a cycle writes the job unit's rows)
    input  wire                         newfj_i,
    output wire                         busy_o
);
    localparam integer NB   = $clog2(NNODES);

    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_J
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_KW
        `WC_NIC_CHECK_KW_NPK
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (DW != `WC_HEAD_DST_W) $error("%m: DW is derived, leave it at its default");
        `WC_NIC_CHECK_MAXCHILD
        if (CIW != (MAXCHILD > 1 ? $clog2(MAXCHILD) : 1)) $error("%m: CIW is derived, leave it at its default");
        if (NCW != $clog2(MAXCHILD + 1)) $error("%m: NCW is derived, leave it at its default");
        if (JSEND < 1 || JSEND >= J) $error("%m: JSEND must be 1..J-1 (got %0d of %0d)", JSEND, J);
    end
    localparam integer GB   = $clog2(NGROUPS);
    localparam [DW-1:0] NOPAR = `WC_NIC_NO_PARENT;
    localparam [15:0]   PAY16 = PAYLOAD[15:0];
    localparam [2:0] S_IDLE = 3'd0, S_FETCH = 3'd1, S_CHECK = 3'd2, S_LIST = 3'd3,
                     S_LCHK = 3'd4, S_ERR = 3'd5, S_WAIT = 3'd6, S_INIT = 3'd7;
    localparam [7:0] ST_OK = `WC_NIC_ST_OK, ST_BADOP = `WC_NIC_ST_BADOP, ST_BADLEN = `WC_NIC_ST_BADLEN,
                     ST_BADDST = `WC_NIC_ST_BADDST, ST_NOGROUP = `WC_NIC_ST_NOGROUP,
                     ST_NODST = `WC_NIC_ST_NODST, ST_BUSERR = `WC_NIC_ST_BUSERR;
    localparam [`WC_NH0_TYPE_W-1:0] PT_UDATA = `WC_PT_UDATA, PT_MDATA = `WC_PT_MDATA;
    localparam [`WC_CD0_KIND_W-1:0] CK_SEND = `WC_CK_SEND;

    // ---------------------------------------------------------------- state
    wire          clr = !rst_ni || soft_i;
    reg  [2:0]    st_q, st_d;
    reg  [JW-1:0] job_q, job_d;
    reg  [7:0]    status_q, status_d;
    reg           err_q, err_d;         // a bus error while reading
    reg  [4:0]    i_q, i_d;             // stream being set up
    reg  [127:0]  d_q, d_d;             // the descriptor
    // a multisend's destination list: node ids only (a word with other
    // bits set fails the check as it arrives)
    reg  [MAXCHILD*DW-1:0] l_q, l_d;
    // The list is checked as it arrives (the DMA delivers its words in
    // order, each once): the first bad word's status so far, and the
    // nodes named so far (a mask, for the duplicate and busy tests), in
    // place of comparing every pair of words at LCHK.
    reg  [7:0]         lst_q, lst_d;
    reg  [(1<<NB)-1:0] lmask_q, lmask_d;

    wire [31:0] d0 = d_q[0 +: 32];
    wire [31:0] d1 = d_q[32 +: 32];
    wire [31:0] d2 = d_q[64 +: 32];
    wire [31:0] d3 = d_q[96 +: 32];
    wire [`WC_SD0_OP_W-1:0]  op  = d0[`WC_SD0_OP_LSB +: `WC_SD0_OP_W];
    wire [`WC_SD0_LEN_W-1:0] len = d0[`WC_SD0_LEN_LSB +: `WC_SD0_LEN_W];
    wire [`WC_SD2_DST_W-1:0] x   = d2[`WC_SD2_DST_LSB +: `WC_SD2_DST_W];
    wire uni   = op == `WC_OP_UNICAST;
    wire multi = op == `WC_OP_MULTISEND;
    wire mcast = op == `WC_OP_MULTICAST;

    // ------------------------------------------------------------- checks
    reg [7:0] chk;
    always @* begin
        if (err_q)
            chk = ST_BUSERR;
        else if (op < `WC_OP_UNICAST || op > `WC_OP_MULTICAST || d1[1:0] != 2'b00 ||
                 (d2 >> `WC_SD2_DST_W) != 32'd0 || (uni && d3 != 32'd0) || (multi && d3[1:0] != 2'b00))
            chk = ST_BADOP;
        else if (len == 0 || len > `WC_NIC_MAX_MSG)
            chk = ST_BADLEN;
        else if (uni)
            chk = ({20'd0, x} >= NNODES || x == self_i) ? ST_BADDST : ST_OK;
        else if (multi)
            chk = (x == 0 || {20'd0, x} > MAXCHILD) ? ST_NODST : ST_OK;
        else if (x == 0 || {20'd0, x} >= NGROUPS || !gvalid_i)
            chk = ST_NOGROUP;
        else if (gparent_i == NOPAR && d3 != 32'd0)
            chk = ST_BADOP;
        else if (gparent_i != NOPAR && mode_i != `WC_NIC_MODE_HOST)
            chk = ST_BADDST;
        else if (gparent_i != NOPAR && d3 >= NNODES)
            chk = ST_BADOP;
        else
            chk = (gnc_i == 0) ? ST_NODST : ST_OK;
    end

    // the list: the first bad entry decides.  A duplicate matters only if
    // every earlier word passed, so every earlier word is a node id below
    // NNODES and the 32-bit comparison is the mask's bit of the word's
    // node (a mask bit set by an earlier bad word is never consulted: that
    // word decided already).
    wire [31:0] lw    = dma_data_i;
    wire        lw_hi = (lw >> `WC_SD2_DST_W) != 32'd0;
    wire        lw_bd = lw >= NNODES || lw[DW-1:0] == self_i || lmask_q[lw[NB-1:0]];
    wire        lw_in = dma_wr_i && st_q == S_LIST;
    wire [7:0]  lchk  = err_q ? ST_BUSERR : lst_q;

    // every destination stream free (its previous message acknowledged);
    // a multisend's destinations are the mask's nodes (read in WAIT only,
    // after LCHK passed every word)
    reg free;
    always @* begin : streams
        if (uni)
            free = !ubusy_i[x[NB-1:0]];
        else if (mcast)
            free = !gbusy_i[x[GB-1:0]];
        else
            free = (lmask_q[NNODES-1:0] & ubusy_i) == {NNODES{1'b0}};
    end

    // first free send job
    reg          jfree;
    reg [JW-1:0] jnext;
    always @* begin : job_search
        integer j;
        jfree = 1'b0;
        jnext = {JW{1'b0}};
        for (j = JSEND - 1; j >= 0; j = j - 1)
            if (!job_valid_i[j]) begin
                jfree = 1'b1;
                jnext = j[JW-1:0];
            end
    end

    // ------------------------------------------------------- the new job
    // a valid message's packet count fits in KW bits
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0] npk16 = (len + PAY16 - 16'd1) / PAY16;
    /* verilator lint_on UNUSEDSIGNAL */
    assign job_o      = job_q;
    assign c_tag_o    = d0[`WC_SD0_TAG_LSB +: `WC_SD0_TAG_W];
    assign c_msglen_o = len;
    assign c_npk_o    = npk16[KW-1:0];
    assign c_addr_o   = d1;
    assign c_src_o    = (mcast && gparent_i != NOPAR) ? d3[`WC_NH0_SRC_W-1:0] : self_i;
    assign c_type_o   = mcast ? PT_MDATA : PT_UDATA;
    assign c_group_o  = mcast ? x : {`WC_NH0_GROUP_W{1'b0}};
    assign c_nc_o     = mcast ? gnc_i : uni ? {{(NCW-1){1'b0}}, 1'b1} : x[NCW-1:0];
    always @* begin : dsts
        integer c;
        for (c = 0; c < MAXCHILD; c = c + 1)
            c_dst_o[c*DW +: DW] = mcast ? gchild_i[c*DW +: DW] : uni ? x : l_q[c*DW +: DW];
    end

    // streams: the group's, or the unicast peer of destination i
    assign gid_o       = x;
    // the group's children are read a cycle ahead (block RAM)
    assign ngid_o      = clr ? {`WC_NH0_GROUP_W{1'b0}} : d_d[64 + `WC_SD2_DST_LSB +: `WC_SD2_DST_W];
    // the unicast stream of a descriptor, a list and a stream index
    // (node_o now, nnode_o after the edge: the same function of both)
    function [DW-1:0] stream_node(input [`WC_SD0_OP_W-1:0] o, input [DW-1:0] dst,
                                  input [MAXCHILD*DW-1:0] l, input [CIW-1:0] i);
        stream_node = o == `WC_OP_UNICAST ? dst : l[i*DW +: DW];
    endfunction
    assign node_o      = stream_node(op, x, l_q, i_q[CIW-1:0]);
    assign nnode_o     = clr ? {DW{1'b0}} :
                         stream_node(d_d[`WC_SD0_OP_LSB +: `WC_SD0_OP_W], d_d[64 + `WC_SD2_DST_LSB +: `WC_SD2_DST_W],
                                     l_d, i_d[CIW-1:0]);
    assign init_o      = st_q == S_INIT;
    assign init_grp_o  = mcast;
    assign init_c_o    = i_q[CIW-1:0];
    assign init_base_o = mcast ? gnext_i : unext_i;
    assign init_fin_o  = {3'd0, i_q} + 8'd1 == {{(8-NCW){1'b0}}, c_nc_o};
    assign create_o    = st_q == S_WAIT && free && !newfj_i;

    // ---------------------------------------------------------- completion
    assign err_st_o   = st_q == S_ERR;
    assign desc_err_o = st_q == S_ERR && push_i;
    assign adv_o      = desc_err_o || (init_o && init_fin_o && init_gnt_i);
    assign push_w_o   = {
        {16'd0, len} << `WC_CD3_LEN_LSB,
        d1,
        32'd0,
        (32'd1 << `WC_CD0_VALID_LSB) | ({20'd0, c_tag_o} << `WC_CD0_TAG_LSB) |
        ({28'd0, CK_SEND} << `WC_CD0_KIND_LSB) | ({24'd0, status_q} << `WC_CD0_STATUS_LSB)};

    // ---------------------------------------------------------- the DMA
    assign req_o   = st_q == S_FETCH || st_q == S_LIST;
    assign fetch_o = st_q == S_FETCH;
    assign list_o  = d3;
    assign n_o     = x[4:0];

    // ------------------------------------------------------- next state
    always @* begin : next
        integer k;
        k = 0;              // (assigned on every path: else Yosys 0.70 sees a latch)
        st_d = st_q;  job_d = job_q;  status_d = status_q;  err_d = err_q;  i_d = i_q;
        d_d = d_q;  l_d = l_q;  lst_d = lst_q;  lmask_d = lmask_q;
        case (st_q)
            S_IDLE:
                if (en_i && sq_size_i != 16'd0 && sq_head_i != sq_tail_i && jfree) begin
                    job_d = jnext;
                    st_d  = S_FETCH;
                end
            S_CHECK: begin
                status_d = chk;
                lst_d    = ST_OK;          // a list starts
                lmask_d  = {(1<<NB){1'b0}};
                st_d = (chk != ST_OK) ? S_ERR : multi ? S_LIST : S_WAIT;
            end
            S_LCHK: begin
                status_d = lchk;
                st_d = (lchk != ST_OK) ? S_ERR : S_WAIT;
            end
            S_ERR:
                if (push_i) st_d = S_IDLE;
            S_WAIT:
                if (free && !newfj_i) begin
                    i_d  = 5'd0;
                    st_d = S_INIT;
                end
            S_INIT:
                if (init_gnt_i) begin
                    i_d = i_q + 5'd1;
                    if (init_fin_o) st_d = S_IDLE;
                end
            default: ;
        endcase
        // the DMA's reads
        if (dma_start_i) err_d = 1'b0;
        if (dma_wr_i) begin
            // (the descriptor's 4 words or the list's MAXCHILD)
            for (k = 0; k < (MAXCHILD > 4 ? MAXCHILD : 4); k = k + 1)
                if (dma_idx_i == k[4:0]) begin
                    if (st_q == S_FETCH) begin
                        if (k < 4) d_d[k*32 +: 32] = dma_data_i;
                    end else if (k < MAXCHILD)
                        l_d[k*DW +: DW] = dma_data_i[DW-1:0];
                end
            err_d = err_d | dma_err_i;
        end
        if (lw_in) begin
            if (lst_q == ST_OK && lw_hi)      lst_d = ST_BADOP;
            else if (lst_q == ST_OK && lw_bd) lst_d = ST_BADDST;
            lmask_d[lw[NB-1:0]] = 1'b1;
        end
        if (dma_done_i) st_d = (st_q == S_FETCH) ? S_CHECK : S_LCHK;
    end
    assign busy_o = st_q != S_IDLE;

    // ---------------------------------------------------------- registers
    always @(posedge clk_i) begin
        if (clr) begin
            st_q <= S_IDLE;  job_q <= {JW{1'b0}};  status_q <= 8'd0;  err_q <= 1'b0;  i_q <= 5'd0;
            d_q <= 128'd0;  l_q <= {MAXCHILD*DW{1'b0}};  lst_q <= ST_OK;  lmask_q <= {(1<<NB){1'b0}};
        end else begin
            st_q <= st_d;  job_q <= job_d;  status_q <= status_d;  err_q <= err_d;  i_q <= i_d;
            d_q <= d_d;  l_q <= l_d;  lst_q <= lst_d;  lmask_q <= lmask_d;
        end
    end
`ifndef SYNTHESIS
    // The unit's path (docs/nic-uarch.md, Send-queue unit): IDLE -> FETCH
    // -> CHECK -> (LIST -> LCHK ->) WAIT -> INIT -> IDLE, a refused
    // descriptor CHECK/LCHK -> ERR -> IDLE; a state is left only along it.
    reg       stp_ok_q;
    reg [2:0] stp_q;
    wire [J-1:0] jv = {{(J-JSEND){1'b0}}, job_valid_i};
    reg  [5:0]   lcnt_q;                // list words delivered
    always @(posedge clk_i) begin
        stp_ok_q <= rst_ni && !soft_i;
        stp_q    <= st_q;
        if (!rst_ni || soft_i || st_q == S_CHECK) lcnt_q <= 6'd0;
        else if (lw_in)                            lcnt_q <= lcnt_q + 6'd1;
    end
    function legal(input [2:0] a, input [2:0] b);
        case (a)
            S_IDLE:  legal = b == S_IDLE || b == S_FETCH;
            S_FETCH: legal = b == S_FETCH || b == S_CHECK;
            S_CHECK: legal = b == S_ERR || b == S_LIST || b == S_WAIT;
            S_LIST:  legal = b == S_LIST || b == S_LCHK;
            S_LCHK:  legal = b == S_ERR || b == S_WAIT;
            S_ERR:   legal = b == S_ERR || b == S_IDLE;
            S_WAIT:  legal = b == S_WAIT || b == S_INIT;
            default: legal = b == S_INIT || b == S_IDLE;
        endcase
    endfunction
    always @(posedge clk_i) begin : protocol
        if (rst_ni) begin
            if (stp_ok_q && !legal(stp_q, st_q))
                $error("%m: send-queue state %0d followed state %0d", st_q, stp_q);
            // From FETCH until its job is live the unit holds one free send
            // job for the descriptor: nothing else creates send jobs.
            if (st_q != S_IDLE && ({{(32-JW){1'b0}}, job_q} >= JSEND || jv[job_q]))
                $error("%m: descriptor held for send job %0d, which is not a free send job", job_q);
            // The DMA serves the unit only while it asks: the descriptor's 4
            // words in FETCH, the list's x words in LIST.
            if ((dma_start_i || dma_wr_i || dma_done_i) && st_q != S_FETCH && st_q != S_LIST)
                $error("%m: DMA read delivered in send-queue state %0d", st_q);
            if (dma_wr_i && st_q == S_FETCH && dma_idx_i > 5'd3)
                $error("%m: descriptor word %0d", dma_idx_i);
            if (dma_wr_i && st_q == S_LIST && {7'd0, dma_idx_i} >= x)
                $error("%m: destination list word %0d of %0d", dma_idx_i, x);
            // The list is checked as it arrives: word after word, each
            // once, all of them.
            if (lw_in && {1'b0, dma_idx_i} != lcnt_q)
                $error("%m: destination list word %0d after %0d words", dma_idx_i, lcnt_q);
            if (dma_done_i && st_q == S_LIST && {6'd0, lcnt_q + {5'd0, lw_in}} != x)
                $error("%m: destination list of %0d words ended after %0d", x, lcnt_q + {5'd0, lw_in});
            // Only a refused descriptor completes from here, and only a
            // checked one becomes a job.
            if (push_i && st_q != S_ERR)
                $error("%m: descriptor completion pushed in state %0d", st_q);
            if (create_o && status_q != ST_OK)
                $error("%m: job created for a descriptor refused with status %0d", status_q);
            // (the second test is constant when MAXCHILD is 2^NCW - 1)
            /* verilator lint_off CMPCONST */
            if (create_o && !mcast && (c_nc_o == {NCW{1'b0}} || {{(32-NCW){1'b0}}, c_nc_o} > MAXCHILD))
            /* verilator lint_on CMPCONST */
                $error("%m: job created with %0d destinations", c_nc_o);
            // A stream has at most one send job at a time (docs/nic.md,
            // Reliability): INIT takes only streams that WAIT found free,
            // and a multisend names each destination once.
            if (init_o && {3'd0, i_q} >= {{(8-NCW){1'b0}}, c_nc_o})
                $error("%m: stream %0d of %0d destinations initialised", i_q, c_nc_o);
            if (init_o && !mcast && ubusy_i[node_o[NB-1:0]])
                $error("%m: unicast stream to node %0d given a second send job", node_o);
            if (init_o && mcast && gbusy_i[x[GB-1:0]])
                $error("%m: stream of group %0d given a second send job", x);
        end
    end
`endif
endmodule
`resetall

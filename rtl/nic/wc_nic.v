// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Multicast NIC: between a node's core (Wishbone slave for its registers,
// Wishbone master for DMA into host memory) and its router (one ejection
// and one injection link with credits).  docs/nic.md is the host-level
// contract; the C model is the cycle- and bit-exact reference, one module
// here per file there (wc_nic_rxa.v and cmodel/wc_nic_rxa.c, ...; this top
// and cmodel/wc_nic.c):
//
//   link in -> wc_nic_rxa (assemble, check) -> wc_nic_rxp (streams,
//   contexts, write queue) -> wc_nic_dma -> host memory
//   wc_nic_sq (send descriptors) -> wc_nic_jobs (job table, selection,
//   GM-2 acks and timeouts) -> wc_nic_tx (staging, emitter) -> link out
//   wc_nic_slots: received packets, shared by the receive and forward paths
//   wc_nic_regs: register slave, counters, group table, stream tables
//
// Every output is a function of registers only (no path from an input to
// an output in the same cycle), like the C model's wc_nic_eval(), so a
// harness may evaluate NICs and routers, route outputs to inputs (a host
// memory may answer a DMA request combinationally), then clock them all.
//
// The tables are memories with a registered read (block RAM on an FPGA),
// each read a cycle ahead at the entry its reader announces, with a bypass
// for a word written to that entry at that edge: the slots' payloads and
// payload CRCs, the staging buffers, the stream tables, the group table,
// the job unit's child table, the counters, the waiting messages
// (docs/nic-uarch.md says which unit holds which).  Per-entry flags stay
// flip-flops; the tables that a reset clears keep a written flag per
// entry, so their memories need no reset port.
module wc_nic #(
    // Node ids 0..NNODES-1 (wc_nic_cfg.nnodes), 2..WC_MAX_NODES.
    parameter integer NNODES  = 16,
    // Flit data width, 32..62: the NIC uses data bits 31:0, the rest is 0.
    parameter integer W       = `WC_FLIT_DATA_W,
    // Depth of the router input buffer the NIC injects into: its initial
    // credits, 1..255.
    parameter integer B       = 8,
    // Payload bytes per packet, a multiple of 4 in 4..WC_NIC_PAYLOAD.
    // Every NIC of a network must use the same value (packets carry
    // offsets that must be multiples of it).
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,
    // Receive slots of one packet each, 1..128.
    parameter integer NSLOT   = 72,
    // Send jobs (descriptors in progress), 1..8.
    parameter integer JSEND   = 4,
    // Forwarding jobs (messages being forwarded), 1..8: a forwarder
    // drops the first packet of a new message while all are busy.
    parameter integer JFWD    = 8,
    // Messages being received at once, 1..16: one per sender a node may
    // hear from at the same time.
    parameter integer NCTX    = 16,
    // Group table entries (ids 1..NGROUPS-1), 2..WC_NIC_GROUPS.
    parameter integer NGROUPS = `WC_NIC_GROUPS,
    // Packets a job may have unacknowledged per child (wc_nic_cfg.txwin),
    // 1..WC_NIC_WINDOW.
    parameter integer TXWIN   = 16,
    // Children of a group entry and destinations of a multisend, 1..
    // WC_NIC_MAX_CHILDREN: a commit or descriptor naming more is refused
    // with NODST.  Every job keeps this many children's go-back-N state
    // and every group entry this many ids, so the NIC's size grows with
    // it: a network of N nodes needs no more than N-1.
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN
) (
    input  wire              clk_i,
    // Active-low synchronous reset (every register, as wc_nic_reset()).
    input  wire              rst_ni,
    // This node's id, sampled while rst_ni is low; must be < NNODES.
    input  wire [11:0]       node_id_i,
    // Router ejection link: {type[1:0], data[W-1:0]}.  Never stalled: the
    // NIC returns a credit the cycle after every flit.
    input  wire              rx_valid_i,
    input  wire [W+1:0]      rx_flit_i,
    output wire              rx_credit_o,
    // Injection link into the router; zero when not valid.
    output wire              tx_valid_o,
    output wire [W+1:0]      tx_flit_o,
    // The router's input buffer freed a slot.
    input  wire              tx_credit_i,
    // Wishbone B4 classic slave: the register window (docs/nic.md).
    // s_ack_o one cycle after the request (a 32-bit counter read: two); s_dat_o the read value
    // (0 after a write).
    input  wire              s_cyc_i,
    input  wire              s_stb_i,
    input  wire              s_we_i,
    input  wire [31:0]       s_adr_i,        // byte address, bits 7:2 select the register
    input  wire [31:0]       s_dat_i,
    input  wire [3:0]        s_sel_i,
    output wire              s_ack_o,
    output wire [31:0]       s_dat_o,
    // Wishbone B4 classic master (DMA): one word per bus cycle; m_we,
    // m_adr, m_dat, m_sel are zero while m_stb is low, m_dat on reads.
    output wire              m_cyc_o,
    output wire              m_stb_o,
    output wire              m_we_o,
    output wire [31:0]       m_adr_o,
    output wire [31:0]       m_dat_o,
    output wire [3:0]        m_sel_o,
    input  wire              m_ack_i,
    input  wire              m_err_i,
    input  wire [31:0]       m_dat_i,
    // |(NICR_INT_STATUS & NICR_INT_ENABLE)
    output wire              irq_o
);
    localparam integer J    = JSEND + JFWD;
    localparam integer JW   = $clog2(J);
    localparam integer NPK  = (`WC_NIC_MAX_MSG + PAYLOAD - 1) / PAYLOAD;  // packets of the largest message
    localparam integer KW   = $clog2(NPK + 1);
    localparam integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1;
    localparam integer CW   = NCTX > 1 ? $clog2(NCTX) : 1;
    localparam integer PW   = PAYLOAD / 4;
    localparam integer IW   = PW > 1 ? $clog2(PW) : 1;
    localparam integer NG   = NNODES + NGROUPS;
    localparam integer SIDW = $clog2(NG);
    localparam integer DW   = `WC_HEAD_DST_W;
    localparam integer GIW  = `WC_NH0_GROUP_W;
    localparam integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1;
    localparam integer NCW  = $clog2(MAXCHILD + 1);
    localparam integer TW   = `WC_NH0_TYPE_W;
    localparam integer SCW  = $clog2(NSLOT + 1);
    localparam integer NB   = $clog2(NNODES);
    localparam integer GB   = $clog2(NGROUPS);

    // wc_nic_cfg_check()
    initial begin
        `WC_NIC_CHECK_NNODES
        `WC_NIC_CHECK_W
        `WC_NIC_CHECK_B
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_JSEND
        `WC_NIC_CHECK_JFWD
        `WC_NIC_CHECK_NCTX
        `WC_NIC_CHECK_NGROUPS
        `WC_NIC_CHECK_TXWIN
        `WC_NIC_CHECK_MAXCHILD
        if (NPK > 32767) $error("%m: PAYLOAD %0d makes too many packets per message", PAYLOAD);
    end

    // ---------------------------------------------------------------- wires
    // register block
    wire            srst;
    wire [DW-1:0]   self;
    wire            en;
    wire [1:0]      mode;
    wire [31:0]     timeout, now;
    wire [31:0]     sq_base, rq_base, cq_base;
    wire [15:0]     sq_size, sq_head, sq_tail, rq_size, rq_head, rq_tail, cq_size, cq_head, cq_tail;
    wire            ak_valid;
    wire [NNODES-1:0]  ubusy;
    wire [NGROUPS-1:0] gbusy;
    wire [15:0]     rp_uexp, rp_gexp, ak_exp, sq_gnext, sq_unext;
    wire [2:0]      ak_kind;
    wire            rp_gvalid, ak_gvalid, sq_gvalid;
    wire [DW-1:0]   rp_gparent, ak_gparent, sq_gparent;
    wire [NCW-1:0]  rp_gnc, sq_gnc;
    wire [MAXCHILD*DW-1:0] rp_gchild, sq_gchild;
    // receive assembler
    wire            ra_alloc, ra_wr, ra_crcw, ra_act;
    wire [SW-1:0]   ra_alloc_idx, ra_wr_slot, ra_crcw_slot;
    wire [IW-1:0]   ra_wr_idx;
    wire [31:0]     ra_wr_word, ra_crcw_val;
    wire            ev_valid, ev_slot_ok;
    wire [7:0]      ev_status;
    wire [TW-1:0]   ev_type;
    wire [SW-1:0]   ev_slot;
    wire [`WC_NH0_SRC_W-1:0]  ev_src;
    wire [GIW-1:0]  ev_group;
    wire [15:0]     ev_seq, ev_off, ev_len, ev_msglen;
    // slots
    wire            sl_free_ok, sl_evict_ok, sl_upd;
    wire [SW-1:0]   sl_free_idx, sl_evict_idx;
    wire [NSLOT-1:0]    sl_tag;
    wire [NSLOT*JW-1:0] sl_fj;
    wire [NSLOT*KW-1:0] sl_k;
    wire [31:0]     sl_em_word, sl_em_crcp, sl_dma_word;
    wire [SCW-1:0]  sl_cnt;
    // receive processor
    wire            rp_cnt, rp_rxpkt, rp_ack, rp_free, rp_tag, rp_setpend, rp_exp_inc, rp_exp_grp;
    wire            rp_newfj, rp_fjinc, rp_toobig, rp_busy, rp_rqb_rd;
    wire [1:0]      rp_rqb_n;
    wire [5:0]      rp_cnt_reg;
    wire [GIW-1:0]  rp_ack_grp;
    wire [`WC_NH0_SRC_W-1:0] rp_ack_from;
    wire [15:0]     rp_ack_seq;
    wire [SW-1:0]   rp_free_idx;
    wire [KW-1:0]   rp_tag_k, rp_npk;
    wire [SIDW-1:0] rp_sid, rp_sid2, rp_sid3;
    wire [2:0]      rp_pkind, rp_ack_kind;
    wire            rp_povr, rp_setpend2, rp_regrant;
    wire [JW-1:0]   rp_fj, rp_nfj;
    wire [`WC_NH0_SRC_W-1:0] rp_tab_node, rp_nf_src;
    wire [GIW-1:0]  rp_tab_gid, rp_nf_group;
    wire [15:0]     rp_nf_msglen, rp_nf_seq;
    wire [31:0]     rp_buf_addr;
    wire [127:0]    rp_toobig_w;
    wire            wq_any, wq_half, wq_last, wq_fjv;
    wire [JW-1:0]   wq_fj;
    wire [SW-1:0]   wq_slot, wq_nslot;
    wire [CW-1:0]   wq_ctx;
    wire [15:0]     wq_off, wq_len;
    wire [31:0]     ctx_addr;
    wire [`WC_NH0_SRC_W-1:0] ctx_src;
    wire [GIW-1:0]  ctx_group;
    wire [15:0]     ctx_msglen;
    wire            ctx_err;
    // jobs
    wire            jb_sl_valid, jb_sl_ack, jb_sl_req;
    wire [SIDW-1:0] jb_sl_sid, jb_ak_sid;
    wire            s_ready, s_from, s_fill;
    wire [SW-1:0]   s_buf;
    wire [JW-1:0]   s_job;
    wire [CIW-1:0]  s_child;
    wire [TW-1:0]   s_type;
    wire [KW-1:0]   s_k;
    wire [DW-1:0]   s_dst;
    wire [`WC_NH0_SRC_W-1:0] s_src;
    wire [GIW-1:0]  s_group;
    wire [15:0]     s_seq, s_off, s_len, s_msglen;
    wire [J-1:0]    job_valid, job_open;
    wire [J*GIW-1:0] job_group;
    wire [J*NCW-1:0] job_nc;
    wire            jb_fj_rdy, jb_init_gnt, s_first;
    wire [31:0]     job_addr;
    wire            jb_push, jb_push_send, jb_push_grp, jb_tmo, jb_busy;
    wire [127:0]    jb_push_w;
    wire [GB-1:0]   jb_push_gid;
    wire [NCW-1:0]  jb_push_nc;
    wire [MAXCHILD*DW-1:0] jb_push_dst;
    wire [KW-1:0]   jb_tmo_amt, jb_nak_amt;
    // transmit
    wire [SW-1:0]   tx_em_nslot, tx_sel_buf, tx_em_buf;
    wire [IW-1:0]   tx_em_nidx;
    wire            tx_sel_valid, tx_sel_fill, tx_sel_pin, tx_em_pin, tx_txpkt, tx_busy, tx_sel_data;
    wire [JW-1:0]   tx_sel_job;
    wire [15:0]     tx_sel_off, tx_sel_len;
    wire            st_pin0;
    wire [1:0]      st_valid;
    wire [2*JW-1:0] st_job;
    wire [2*KW-1:0] st_k;
    // DMA
    wire            dm_cq_room, dm_cqf_any, dm_cq_adv, dm_wq_pop, dm_rxw_done, dm_rxw_last, dm_rxw_err;
    wire [CW-1:0]   dm_ctx_idx, dm_rxw_ctx;
    wire [SW-1:0]   dm_slot_n, dm_rxw_slot;
    wire [IW-1:0]   dm_slot_nidx;
    wire            dm_rq_wr, dm_rq_buf, dm_rq_hi, dm_rq_done;
    wire            dm_hostdone, dm_hostdone_err;
    wire [JW-1:0]   dm_hostdone_job;
    wire [31:0]     dm_rq_data;
    wire [JW-1:0]   dm_job;
    wire            dm_st_start, dm_st_wr, dm_st_buf, dm_st_done, dm_st_err;
    wire [IW-1:0]   dm_st_idx;
    wire [31:0]     dm_st_word, dm_st_crc;
    wire            dm_sq_start, dm_sq_wr, dm_sq_err, dm_sq_done, dm_busy;
    wire [4:0]      dm_sq_idx;
    wire [31:0]     dm_sq_data;
    // send queue
    wire [GIW-1:0]  sq_gid, sq_ngid;
    // the receive processor's table group after the edge: the event's,
    // else the grant scanner's (as tab_gid_o chooses)
    wire            ev_nvalid;
    wire [GIW-1:0]  ev_ngroup, rp_s_ngid;
    wire [GIW-1:0]  rp_ngid = ev_nvalid ? ev_ngroup : rp_s_ngid;
    // and its table node after the edge (the expected sequence numbers)
    wire [`WC_NH0_SRC_W-1:0] ev_nsrc, rp_s_nnode;
    wire [`WC_NH0_SRC_W-1:0] rp_nnode = ev_nvalid ? ev_nsrc : rp_s_nnode;
    wire [DW-1:0]   sq_node, sq_nnode;
    wire            sq_err_st, sq_desc_err, sq_adv, sq_req, sq_fetch, sq_create, sq_init;
    wire            sq_init_grp, sq_init_fin, sq_busy;
    wire [127:0]    sq_push_w;
    wire [31:0]     sq_list;
    wire [4:0]      sq_n;
    wire [JW-1:0]   sq_job;
    wire [`WC_SD0_TAG_W-1:0] sq_c_tag;
    wire [15:0]     sq_c_msglen, sq_init_base;
    wire [KW-1:0]   sq_c_npk;
    wire [31:0]     sq_c_addr;
    wire [`WC_NH0_SRC_W-1:0] sq_c_src;
    wire [TW-1:0]   sq_c_type;
    wire [GIW-1:0]  sq_c_group;
    wire [NCW-1:0]  sq_c_nc;
    wire [MAXCHILD*DW-1:0] sq_c_dst;
    wire [CIW-1:0]  sq_init_c;

    // One completion per cycle: the receive processor's TOOBIG, then a
    // finished send job, then an invalid descriptor (the jobs unit already
    // stands back for TOOBIG).
    wire         sq_push = sq_err_st && dm_cq_room && !rp_toobig && !jb_push;
    wire         cq_push = rp_toobig || jb_push || sq_push;
    wire [127:0] cq_push_w = rp_toobig ? rp_toobig_w : jb_push ? jb_push_w : sq_push_w;

    // NICR_STATUS busy: any unit holds work
    wire busy = dm_busy || tx_busy || sq_busy || ev_valid || ra_act || rp_busy || dm_cqf_any || jb_busy;

    // ---------------------------------------------------------------- units
    wc_nic_regs #(.NNODES(NNODES), .NGROUPS(NGROUPS), .NSLOT(NSLOT), .KW(KW), .MAXCHILD(MAXCHILD)) u_regs (
        .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(node_id_i),
        .s_cyc_i(s_cyc_i), .s_stb_i(s_stb_i), .s_we_i(s_we_i), .s_adr_i(s_adr_i), .s_dat_i(s_dat_i),
        .s_sel_i(s_sel_i), .s_ack_o(s_ack_o), .s_dat_o(s_dat_o), .irq_o(irq_o), .soft_o(srst),
        .self_o(self), .en_o(en), .mode_o(mode), .timeout_o(timeout), .now_o(now),
        .sq_base_o(sq_base), .sq_size_o(sq_size), .sq_head_o(sq_head), .sq_tail_o(sq_tail),
        .rq_base_o(rq_base), .rq_size_o(rq_size), .rq_head_o(rq_head), .rq_tail_o(rq_tail),
        .cq_base_o(cq_base), .cq_size_o(cq_size), .cq_head_o(cq_head), .cq_tail_o(cq_tail),
        .busy_i(busy), .rqb_valid_i(rp_rqb_n != 2'd0),
        .cnt_i(rp_cnt), .cnt_reg_i(rp_cnt_reg), .rxpkt_i(rp_rxpkt),
        .tmo_i(jb_tmo), .tmo_amt_i(jb_tmo_amt), .nak_amt_i(jb_nak_amt), .txpkt_i(tx_txpkt),
        .sq_adv_i(sq_adv), .sq_err_i(sq_desc_err), .rq_adv_i(dm_rq_done), .cq_adv_i(dm_cq_adv),
        .slot_upd_i(sl_upd), .slot_cnt_i(sl_cnt),
        .exp_inc_i(rp_exp_inc), .exp_grp_i(rp_exp_grp), .exp_node_i(ev_src[NB-1:0]), .exp_gid_i(ev_group[GB-1:0]),
        .ack_clr_i(jb_sl_ack), .ack_clr_sid_i(jb_sl_sid), .ack_set_i(rp_setpend), .ack_set_sid_i(rp_sid),
        .ack_set_kind_i(rp_pkind), .ack_set_ovr_i(rp_povr), .ack_set2_i(rp_setpend2), .ack_set2_sid_i(rp_sid2),
        .ack_set3_i(rp_regrant), .ack_set3_sid_i(rp_sid3),
        .done_i(jb_push_send), .done_grp_i(jb_push_grp), .done_gid_i(jb_push_gid), .done_nc_i(jb_push_nc),
        .done_dst_i(jb_push_dst),
        .init_i(sq_init && jb_init_gnt && (!sq_init_grp || sq_init_fin)), .init_grp_i(sq_init_grp),
        .init_gid_i(sq_gid[GB-1:0]), .init_node_i(sq_node[NB-1:0]),
        .init_npk_i(sq_c_npk),
        .ubusy_o(ubusy), .gbusy_o(gbusy),
        .rp_node_i(rp_tab_node), .rp_nnode_i(rp_nnode), .rp_gid_i(rp_tab_gid), .rp_ngid_i(rp_ngid), .rp_uexp_o(rp_uexp), .rp_gexp_o(rp_gexp),
        .rp_gvalid_o(rp_gvalid), .rp_gparent_o(rp_gparent), .rp_gnc_o(rp_gnc), .rp_gchild_o(rp_gchild),
        .ak_valid_o(ak_valid), .ak_sid_o(jb_ak_sid), .ak_kind_o(ak_kind), .ak_exp_o(ak_exp), .ak_gvalid_o(ak_gvalid), .ak_gparent_o(ak_gparent),
        .sq_gid_i(sq_gid), .sq_ngid_i(sq_ngid), .sq_node_i(sq_node), .sq_nnode_i(sq_nnode), .sq_gvalid_o(sq_gvalid), .sq_gparent_o(sq_gparent),
        .sq_gnc_o(sq_gnc), .sq_gchild_o(sq_gchild), .sq_gnext_o(sq_gnext), .sq_unext_o(sq_unext)
    );

    wc_nic_rxa #(.W(W), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT)) u_rxa (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst), .self_i(self),
        .rx_valid_i(rx_valid_i), .rx_flit_i(rx_flit_i), .rx_credit_o(rx_credit_o),
        .free_ok_i(sl_free_ok), .free_idx_i(sl_free_idx), .evict_ok_i(sl_evict_ok), .evict_idx_i(sl_evict_idx),
        .alloc_o(ra_alloc), .alloc_idx_o(ra_alloc_idx),
        .wr_o(ra_wr), .wr_slot_o(ra_wr_slot), .wr_idx_o(ra_wr_idx), .wr_word_o(ra_wr_word),
        .crcw_o(ra_crcw), .crcw_slot_o(ra_crcw_slot), .crcw_val_o(ra_crcw_val),
        .act_o(ra_act),
        .ev_valid_o(ev_valid), .ev_status_o(ev_status), .ev_type_o(ev_type), .ev_slot_ok_o(ev_slot_ok),
        .ev_slot_o(ev_slot), .ev_src_o(ev_src), .ev_group_o(ev_group), .ev_seq_o(ev_seq),
        .ev_off_o(ev_off), .ev_len_o(ev_len), .ev_msglen_o(ev_msglen),
        .ev_nvalid_o(ev_nvalid), .ev_nsrc_o(ev_nsrc), .ev_ngroup_o(ev_ngroup)
    );

    // a forwarded packet's slot counts its job's children (a job starting
    // in this cycle: the group's); the selection's first copy from a slot
    // takes one
    wire [NCW-1:0] rp_tag_nc = (rp_newfj && rp_nfj == rp_fj) ? rp_gnc : job_nc[rp_fj*NCW +: NCW];
    wc_nic_slots #(.PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .J(J), .KW(KW), .MAXCHILD(MAXCHILD)) u_slots (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst),
        .sel_pin_i(tx_sel_pin), .sel_buf_i(tx_sel_buf), .em_pin_i(tx_em_pin), .em_buf_i(tx_em_buf),
        .nsel_pin_i(jb_sl_valid && s_from), .nsel_buf_i(s_buf),
        .first_i(jb_sl_valid && !jb_sl_ack && s_from && s_first), .first_slot_i(s_buf),
        .rp_free_i(rp_free), .rp_free_idx_i(rp_free_idx), .rp_newfj_i(rp_newfj), .rp_newfj_fj_i(rp_nfj),
        .rp_tag_i(rp_tag), .rp_tag_idx_i(ev_slot), .rp_tag_fj_i(rp_fj), .rp_tag_k_i(rp_tag_k),
        .rp_tag_nc_i(rp_tag_nc),
        .dma_done_i(dm_rxw_done), .dma_done_slot_i(dm_rxw_slot),
        .alloc_i(ra_alloc), .alloc_idx_i(ra_alloc_idx),
        .wr_i(ra_wr), .wr_slot_i(ra_wr_slot), .wr_idx_i(ra_wr_idx), .wr_word_i(ra_wr_word),
        .crcw_i(ra_crcw), .crcw_slot_i(ra_crcw_slot), .crcw_val_i(ra_crcw_val),
        .free_ok_o(sl_free_ok), .free_idx_o(sl_free_idx), .evict_ok_o(sl_evict_ok), .evict_idx_o(sl_evict_idx),
        .tag_o(sl_tag), .fj_o(sl_fj), .k_o(sl_k),
        .em_nslot_i(tx_em_nslot), .em_nidx_i(tx_em_nidx),
        .em_word_o(sl_em_word), .em_crcp_o(sl_em_crcp),
        .dma_nslot_i(dm_slot_n), .dma_nidx_i(dm_slot_nidx),
        .dma_word_o(sl_dma_word),
        .upd_o(sl_upd), .cnt_o(sl_cnt)
    );

    wc_nic_rxp #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT),
                 .JSEND(JSEND), .JFWD(JFWD), .NCTX(NCTX), .KW(KW), .MAXCHILD(MAXCHILD)) u_rxp (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst), .self_i(self), .en_i(en), .mode_i(mode),
        .now_i(now), .timeout_i(timeout), .tab_node_o(rp_tab_node), .tab_gid_o(rp_tab_gid), .s_ngid_o(rp_s_ngid), .s_nnode_o(rp_s_nnode),
        .ev_valid_i(ev_valid), .ev_status_i(ev_status), .ev_type_i(ev_type), .ev_slot_ok_i(ev_slot_ok),
        .ev_slot_i(ev_slot), .ev_src_i(ev_src), .ev_group_i(ev_group), .ev_seq_i(ev_seq),
        .ev_off_i(ev_off), .ev_len_i(ev_len), .ev_msglen_i(ev_msglen),
        .gvalid_i(rp_gvalid), .gparent_i(rp_gparent), .gnc_i(rp_gnc), .uexp_i(rp_uexp), .gexp_i(rp_gexp),
        .job_valid_i(job_valid), .job_group_i(job_group), .job_open_i(job_open), .fj_rdy_i(jb_fj_rdy),
        .cq_room_i(dm_cq_room),
        .cnt_o(rp_cnt), .cnt_reg_o(rp_cnt_reg), .rxpkt_o(rp_rxpkt),
        .ack_o(rp_ack), .ack_grp_o(rp_ack_grp), .ack_from_o(rp_ack_from), .ack_seq_o(rp_ack_seq),
        .ack_kind_o(rp_ack_kind), .free_o(rp_free), .free_idx_o(rp_free_idx), .tag_o(rp_tag), .tag_k_o(rp_tag_k),
        .setpend_o(rp_setpend), .sid_o(rp_sid), .pkind_o(rp_pkind), .povr_o(rp_povr),
        .setpend2_o(rp_setpend2), .sid2_o(rp_sid2), .regrant_o(rp_regrant), .sid3_o(rp_sid3),
        .exp_inc_o(rp_exp_inc), .exp_grp_o(rp_exp_grp),
        .newfj_o(rp_newfj), .nfj_o(rp_nfj), .fjinc_o(rp_fjinc), .fj_o(rp_fj),
        .nf_group_o(rp_nf_group), .nf_src_o(rp_nf_src), .nf_msglen_o(rp_nf_msglen), .npk_o(rp_npk),
        .nf_seq_o(rp_nf_seq), .buf_addr_o(rp_buf_addr),
        .toobig_o(rp_toobig), .toobig_w_o(rp_toobig_w),
        .rqb_n_o(rp_rqb_n), .rqb_rd_o(rp_rqb_rd), .rq_wr_i(dm_rq_wr), .rq_buf_i(dm_rq_buf),
        .rq_hi_i(dm_rq_hi), .rq_data_i(dm_rq_data),
        .rq_done_i(dm_rq_done),
        .wq_any_o(wq_any), .wq_half_o(wq_half), .wq_slot_o(wq_slot), .wq_nslot_o(wq_nslot), .wq_ctx_o(wq_ctx), .wq_off_o(wq_off), .wq_len_o(wq_len),
        .wq_last_o(wq_last), .wq_fjv_o(wq_fjv), .wq_fj_o(wq_fj), .wq_pop_i(dm_wq_pop),
        .ctx_idx_i(dm_ctx_idx), .ctx_addr_o(ctx_addr), .ctx_src_o(ctx_src), .ctx_group_o(ctx_group),
        .ctx_msglen_o(ctx_msglen), .ctx_err_o(ctx_err),
        .rxw_done_i(dm_rxw_done), .rxw_ctx_i(dm_rxw_ctx), .rxw_last_i(dm_rxw_last), .rxw_err_i(dm_rxw_err),
        .busy_o(rp_busy)
    );

    wc_nic_jobs #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT),
                  .JSEND(JSEND), .JFWD(JFWD), .KW(KW), .TXWIN(TXWIN), .MAXCHILD(MAXCHILD)) u_jobs (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst), .self_i(self), .mode_i(mode),
        .now_i(now), .timeout_i(timeout),
        .ack_i(rp_ack), .ack_grp_i(rp_ack_grp), .ack_from_i(rp_ack_from), .ack_seq_i(rp_ack_seq),
        .ack_kind_i(rp_ack_kind),
        .newfj_i(rp_newfj), .nfj_i(rp_nfj), .fjinc_i(rp_fjinc), .fj_i(rp_fj),
        .nf_group_i(rp_nf_group), .nf_src_i(rp_nf_src), .nf_msglen_i(rp_nf_msglen), .nf_npk_i(rp_npk),
        .nf_addr_i(rp_buf_addr), .nf_seq_i(rp_nf_seq), .nf_nc_i(rp_gnc), .nf_dst_i(rp_gchild),
        .fj_rdy_o(jb_fj_rdy), .toobig_i(rp_toobig), .cq_room_i(dm_cq_room),
        .create_i(sq_create), .cj_i(sq_job), .c_tag_i(sq_c_tag), .c_msglen_i(sq_c_msglen),
        .c_npk_i(sq_c_npk), .c_addr_i(sq_c_addr), .c_src_i(sq_c_src), .c_type_i(sq_c_type),
        .c_group_i(sq_c_group), .c_nc_i(sq_c_nc), .c_dst_i(sq_c_dst),
        .init_i(sq_init), .init_uni_i(!sq_init_grp), .init_node_i(sq_node), .init_c_i(sq_init_c),
        .init_base_i(sq_init_base), .init_fin_i(sq_init_fin), .init_gnt_o(jb_init_gnt), .ubusy_i(ubusy),
        .stage_err_i(dm_st_done && dm_st_err), .stage_err_job_i(tx_sel_job),
        .hostdone_i(dm_hostdone), .hostdone_job_i(dm_hostdone_job), .hostdone_err_i(dm_hostdone_err),
        .sel_busy_i(tx_sel_valid), .sel_data_i(tx_sel_data), .sel_job_i(tx_sel_job), 
        .ak_valid_i(ak_valid), .ak_sid_i(jb_ak_sid), .ak_kind_i(ak_kind), .ak_exp_i(ak_exp), .ak_gvalid_i(ak_gvalid), .ak_gparent_i(ak_gparent),
        .slot_tag_i(sl_tag), .slot_fj_i(sl_fj), .slot_k_i(sl_k),
        .stage_valid_i(st_valid), .stage_job_i(st_job), .stage_k_i(st_k), .stage0_pin_i(st_pin0),
        .sl_valid_o(jb_sl_valid), .sl_ack_o(jb_sl_ack), .sl_req_o(jb_sl_req), .sl_sid_o(jb_sl_sid),
        .s_ready_o(s_ready), .s_from_o(s_from), .s_buf_o(s_buf), .s_job_o(s_job), .s_child_o(s_child),
        .s_type_o(s_type), .s_fill_o(s_fill), .s_k_o(s_k), .s_dst_o(s_dst), .s_src_o(s_src),
        .s_group_o(s_group), .s_seq_o(s_seq), .s_off_o(s_off), .s_len_o(s_len), .s_msglen_o(s_msglen),
        .s_first_o(s_first),
        .job_valid_o(job_valid), .job_group_o(job_group), .job_open_o(job_open), .job_nc_o(job_nc),
        .adr_job_i(dm_job), .adr_o(job_addr),
        .push_o(jb_push), .push_send_o(jb_push_send), .push_w_o(jb_push_w), .push_grp_o(jb_push_grp), .push_gid_o(jb_push_gid),
        .push_nc_o(jb_push_nc), .push_dst_o(jb_push_dst),
        .tmo_o(jb_tmo), .tmo_amt_o(jb_tmo_amt), .nak_amt_o(jb_nak_amt), .busy_o(jb_busy)
    );

    wc_nic_tx #(.W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .J(J), .KW(KW), .MAXCHILD(MAXCHILD)) u_tx (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst),
        .tx_valid_o(tx_valid_o), .tx_flit_o(tx_flit_o), .tx_credit_i(tx_credit_i),
        // a REQ is sent as an ack is: header only
        .sl_valid_i(jb_sl_valid), .sl_ack_i(jb_sl_ack || jb_sl_req), .s_ready_i(s_ready), .s_from_i(s_from),
        .s_buf_i(s_buf), .s_job_i(s_job), .s_child_i(s_child), .s_type_i(s_type), .s_fill_i(s_fill),
        .s_k_i(s_k), .s_dst_i(s_dst), .s_src_i(s_src), .s_group_i(s_group), .s_seq_i(s_seq),
        .s_off_i(s_off), .s_len_i(s_len), .s_msglen_i(s_msglen),
        .inv_a_i(rp_newfj), .inv_a_job_i(rp_nfj), .inv_b_i(sq_create), .inv_b_job_i(sq_job),
        .st_start_i(dm_st_start), .st_wr_i(dm_st_wr), .st_buf_i(dm_st_buf), .st_idx_i(dm_st_idx),
        .st_word_i(dm_st_word), .st_done_i(dm_st_done), .st_crc_i(dm_st_crc),
        .em_nslot_o(tx_em_nslot), .em_nidx_o(tx_em_nidx),
        .slot_word_i(sl_em_word), .slot_crcp_i(sl_em_crcp),
        .sel_valid_o(tx_sel_valid), .sel_fill_o(tx_sel_fill), .sel_buf_o(tx_sel_buf), .sel_job_o(tx_sel_job),
        .sel_data_o(tx_sel_data),
        .sel_off_o(tx_sel_off), .sel_len_o(tx_sel_len), .sel_pin_slot_o(tx_sel_pin),
        .em_pin_slot_o(tx_em_pin), .em_buf_o(tx_em_buf),
        .stage0_pin_o(st_pin0), .stage_valid_o(st_valid), .stage_job_o(st_job), .stage_k_o(st_k),
        .txpkt_o(tx_txpkt), .busy_o(tx_busy)
    );

    wc_nic_dma #(.PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .NCTX(NCTX), .J(J), .MAXCHILD(MAXCHILD)) u_dma (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst),
        .m_cyc_o(m_cyc_o), .m_stb_o(m_stb_o), .m_we_o(m_we_o), .m_adr_o(m_adr_o), .m_dat_o(m_dat_o),
        .m_sel_o(m_sel_o), .m_ack_i(m_ack_i), .m_err_i(m_err_i), .m_dat_i(m_dat_i),
        .cq_base_i(cq_base), .cq_size_i(cq_size), .cq_head_i(cq_head), .cq_tail_i(cq_tail),
        .rq_base_i(rq_base), .rq_size_i(rq_size), .rq_head_i(rq_head), .rq_tail_i(rq_tail),
        .sq_base_i(sq_base), .sq_size_i(sq_size), .sq_head_i(sq_head),
        .push_i(cq_push), .push_w_i(cq_push_w), .cq_room_o(dm_cq_room), .cqf_any_o(dm_cqf_any),
        .cq_adv_o(dm_cq_adv),
        .wq_any_i(wq_any), .wq_half_i(wq_half), .wq_slot_i(wq_slot), .wq_nslot_i(wq_nslot), .wq_ctx_i(wq_ctx), .wq_off_i(wq_off), .wq_len_i(wq_len),
        .wq_last_i(wq_last), .wq_fjv_i(wq_fjv), .wq_fj_i(wq_fj), .wq_pop_o(dm_wq_pop),
        .ctx_idx_o(dm_ctx_idx), .ctx_addr_i(ctx_addr), .ctx_src_i(ctx_src), .ctx_group_i(ctx_group),
        .ctx_msglen_i(ctx_msglen), .ctx_err_i(ctx_err),
        .slot_nslot_o(dm_slot_n), .slot_nidx_o(dm_slot_nidx),
        .slot_word_i(sl_dma_word),
        .rxw_done_o(dm_rxw_done), .rxw_slot_o(dm_rxw_slot), .rxw_ctx_o(dm_rxw_ctx),
        .rxw_last_o(dm_rxw_last), .rxw_err_o(dm_rxw_err),
        .hostdone_o(dm_hostdone), .hostdone_job_o(dm_hostdone_job), .hostdone_err_o(dm_hostdone_err),
        .rqb_n_i(rp_rqb_n), .rqb_rd_i(rp_rqb_rd), .rq_wr_o(dm_rq_wr), .rq_buf_o(dm_rq_buf),
        .rq_hi_o(dm_rq_hi), .rq_data_o(dm_rq_data),
        .rq_done_o(dm_rq_done),
        .sel_valid_i(tx_sel_valid), .sel_fill_i(tx_sel_fill), .sel_buf_i(tx_sel_buf[0]), .sel_job_i(tx_sel_job),
        .sel_off_i(tx_sel_off), .sel_len_i(tx_sel_len), .job_o(dm_job), .job_addr_i(job_addr),
        .st_start_o(dm_st_start), .st_wr_o(dm_st_wr), .st_buf_o(dm_st_buf), .st_idx_o(dm_st_idx),
        .st_word_o(dm_st_word), .st_done_o(dm_st_done), .st_crc_o(dm_st_crc), .st_err_o(dm_st_err),
        .sq_req_i(sq_req), .sq_fetch_i(sq_fetch), .sq_list_i(sq_list), .sq_n_i(sq_n),
        .sq_start_o(dm_sq_start), .sq_wr_o(dm_sq_wr), .sq_idx_o(dm_sq_idx), .sq_data_o(dm_sq_data),
        .sq_err_o(dm_sq_err), .sq_done_o(dm_sq_done), .busy_o(dm_busy)
    );

    wc_nic_sq #(.NNODES(NNODES), .NGROUPS(NGROUPS), .PAYLOAD(PAYLOAD), .JSEND(JSEND), .J(J), .KW(KW),
                .MAXCHILD(MAXCHILD)) u_sq (
        .clk_i(clk_i), .rst_ni(rst_ni), .soft_i(srst), .self_i(self), .en_i(en), .mode_i(mode),
        .sq_size_i(sq_size), .sq_head_i(sq_head), .sq_tail_i(sq_tail), .job_valid_i(job_valid[JSEND-1:0]),
        .gid_o(sq_gid), .ngid_o(sq_ngid), .node_o(sq_node), .nnode_o(sq_nnode), .gvalid_i(sq_gvalid), .gparent_i(sq_gparent), .gnc_i(sq_gnc),
        .gchild_i(sq_gchild), .ubusy_i(ubusy), .gbusy_i(gbusy), .gnext_i(sq_gnext), .unext_i(sq_unext),
        .push_i(sq_push), .err_st_o(sq_err_st), .push_w_o(sq_push_w), .desc_err_o(sq_desc_err),
        .adv_o(sq_adv),
        .req_o(sq_req), .fetch_o(sq_fetch), .list_o(sq_list), .n_o(sq_n),
        .dma_start_i(dm_sq_start), .dma_wr_i(dm_sq_wr), .dma_idx_i(dm_sq_idx), .dma_data_i(dm_sq_data),
        .dma_err_i(dm_sq_err), .dma_done_i(dm_sq_done),
        .create_o(sq_create), .job_o(sq_job), .c_tag_o(sq_c_tag), .c_msglen_o(sq_c_msglen),
        .c_npk_o(sq_c_npk), .c_addr_o(sq_c_addr), .c_src_o(sq_c_src), .c_type_o(sq_c_type),
        .c_group_o(sq_c_group), .c_nc_o(sq_c_nc), .c_dst_o(sq_c_dst),
        .init_o(sq_init), .init_grp_o(sq_init_grp), .init_c_o(sq_init_c), .init_base_o(sq_init_base),
        .init_fin_o(sq_init_fin), .init_gnt_i(jb_init_gnt), .newfj_i(rp_newfj), .busy_o(sq_busy)
    );
`ifndef SYNTHESIS
    // The injection link as the router sees it, counted here independently
    // of the transmitter: a flit only with a credit (B after a reset, one
    // back per flit the router's buffer frees); an idle link and the data
    // bits above 31 carry zeros; a packet is head, NH0..NH3 and 0..PW
    // payload words, its head only between packets and its tail last.
    localparam [15:0] LMIN = `WC_NIC_HDR_FLITS + 1, LMAX = LMIN + PW[15:0];
    reg  [15:0] lcred_q, lnfl_q;
    reg         lopen_q;
    wire [1:0]  tx_ft = tx_flit_o[W+1:W];
    always @(posedge clk_i) begin
        if (!rst_ni || srst) begin
            lcred_q <= B[15:0];
            lopen_q <= 1'b0;
            lnfl_q  <= 16'd0;
        end else begin
            lcred_q <= lcred_q + {15'd0, tx_credit_i} - {15'd0, tx_valid_o};
            if (tx_valid_o) begin
                lopen_q <= !tx_ft[1];
                lnfl_q  <= tx_ft[0] ? 16'd1 : lnfl_q + 16'd1;
            end
        end
    end
    // the groups and nodes announced a cycle ahead for the register
    // block's block RAM (group entries, expected and next sequence numbers)
    reg  [GIW-1:0] rp_ngid_q, sq_ngid_q;
    reg  [DW-1:0]  sq_nnode_q;
    reg  [`WC_NH0_SRC_W-1:0] rp_nnode_q;
    reg            ngid_ok_q = 1'b0;
    // and the slot word the DMA announced for the slots' block RAM
    reg  [SW-1:0]  dm_slot_n_q;
    reg  [IW-1:0]  dm_slot_nidx_q;
    always @(posedge clk_i) begin
        dm_slot_n_q    <= dm_slot_n;
        dm_slot_nidx_q <= dm_slot_nidx;
        rp_ngid_q  <= rp_ngid;
        rp_nnode_q <= rp_nnode;
        sq_ngid_q  <= sq_ngid;
        sq_nnode_q <= sq_nnode;
        ngid_ok_q  <= 1'b1;
    end
    always @(posedge clk_i) begin : protocol
        integer s, n;
        // The register block reads the group children at the group each
        // reader announced in the cycle before: it must be the one read.
        if (ngid_ok_q && rp_tab_gid != rp_ngid_q)
            $error("%m: receive processor reads group %0d, announced %0d", rp_tab_gid, rp_ngid_q);
        if (ngid_ok_q && rp_tab_node != rp_nnode_q)
            $error("%m: receive processor reads node %0d, announced %0d", rp_tab_node, rp_nnode_q);
        if (ngid_ok_q && sq_gid != sq_ngid_q)
            $error("%m: send queue unit reads group %0d, announced %0d", sq_gid, sq_ngid_q);
        if (ngid_ok_q && sq_node != sq_nnode_q)
            $error("%m: send queue unit reads node %0d, announced %0d", sq_node, sq_nnode_q);
        // a receive write starts on word 0 of the head, announced then
        if (ngid_ok_q && dm_wq_pop && (dm_slot_n_q != wq_slot || dm_slot_nidx_q != {IW{1'b0}}))
            $error("%m: receive write of slot %0d starts on slot %0d word %0d", wq_slot, dm_slot_n_q,
                   dm_slot_nidx_q);
        if (rst_ni) begin
            if (tx_valid_o && lcred_q == 16'd0)
                $error("%m: flit sent to the router without a credit");
            if (!tx_valid_o && tx_flit_o != {(W+2){1'b0}})
                $error("%m: idle injection link carries %h", tx_flit_o);
            if (tx_valid_o && (tx_flit_o[W-1:0] >> 32) != {W{1'b0}})
                $error("%m: flit data bits above 31 set: %h", tx_flit_o);
            if (tx_valid_o && tx_ft == `WC_FT_SINGLE)
                $error("%m: one-flit packet sent");
            if (tx_valid_o && tx_ft == `WC_FT_HEAD && lopen_q)
                $error("%m: head flit sent inside a packet");
            if (tx_valid_o && !tx_ft[0] && !lopen_q)
                $error("%m: body or tail flit sent outside a packet");
            if (tx_valid_o && tx_ft == `WC_FT_TAIL && lopen_q && (lnfl_q + 16'd1 < LMIN || lnfl_q + 16'd1 > LMAX))
                $error("%m: packet of %0d flits sent (%0d..%0d)", lnfl_q + 16'd1, LMIN, LMAX);
            // One completion per cycle into the FIFO: the jobs unit stands
            // back for the receive processor's TOOBIG, the send queue unit
            // for both (else one of them would be lost).
            if ({1'b0, rp_toobig} + {1'b0, jb_push} + {1'b0, sq_push} > 2'd1)
                $error("%m: completions pushed together (TOOBIG %0d, job %0d, descriptor %0d)",
                       rp_toobig, jb_push, sq_push);
            // NICR_SLOTS counts the slots in use (the slot table reports
            // every change of its in-use set).
            n = 0;
            for (s = 0; s < NSLOT; s = s + 1)
                n = n + (u_slots.used_q[s] ? 1 : 0);
            if (n != {{(32-SCW){1'b0}}, u_regs.slots_q})
                $error("%m: NICR_SLOTS %0d with %0d slots in use", u_regs.slots_q, n);
        end
    end
`endif
endmodule
`resetall

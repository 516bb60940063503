// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// Receive slots: NSLOT packet buffers of PAYLOAD bytes and their state
// (in use, written to host memory, tagged for forwarding by job fj as its
// packet k with the children still to be sent it a first time, payload
// CRC).  cmodel/wc_nic_slots.c; the updates in the order of
// nic_slots_commit(): reclaim, the receive processor's release and
// forwarding tags, the selection's first copy from a slot, the DMA's
// "written" flag, then the assembler's allocation, payload write and CRC.
//
// A slot is reclaimed once its payload is in host memory, nothing is about
// to send from it, and no child of its forwarding job is still to be sent
// it a first time (a count set when the packet is tagged, down by one for
// each child's first copy taken from the slot).  A forwarder's
// retransmissions come from host memory, so slots never wait for
// acknowledgements (GM-2 Section 5.2).
module wc_nic_slots #(
    // Payload bytes per slot, multiple of 4 in 4..WC_NIC_PAYLOAD.
    parameter integer PAYLOAD = `WC_NIC_PAYLOAD,
    // Slots, 1..128.
    parameter integer NSLOT   = 72,
    // Jobs (send + forwarding), 2..16, and the width of a packet index.
    parameter integer J       = 8,
    parameter integer KW      = 7,
    // Children per job, 1..WC_NIC_MAX_CHILDREN (wc_nic's MAXCHILD).
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN,
    // Derived (leave at the default; the body checks them):
    parameter integer SW   = NSLOT > 1 ? $clog2(NSLOT) : 1,
    parameter integer JW   = $clog2(J),
    parameter integer PW   = PAYLOAD / 4,
    parameter integer IW   = PW > 1 ? $clog2(PW) : 1,
    parameter integer NCW  = $clog2(MAXCHILD + 1)
) (
    input  wire                     clk_i,
    input  wire                     rst_ni,
    input  wire                     soft_i,
    // slots that an emitter or a pending selection will read: never
    // reclaimed or evicted
    input  wire                     sel_pin_i,
    input  wire [SW-1:0]            sel_buf_i,
    input  wire                     em_pin_i,
    input  wire [SW-1:0]            em_buf_i,
    // the slot the transmit selection picks this cycle: not evicted in the
    // same cycle (its words would go out under this packet's header)
    input  wire                     nsel_pin_i,
    input  wire [SW-1:0]            nsel_buf_i,
    // the selection's packet is its child's first copy, from this slot
    input  wire                     first_i,
    input  wire [SW-1:0]            first_slot_i,
    // receive processor: release, retag on a new forwarding job, tag
    input  wire                     rp_free_i,
    input  wire [SW-1:0]            rp_free_idx_i,
    input  wire                     rp_newfj_i,
    input  wire [JW-1:0]            rp_newfj_fj_i,
    input  wire                     rp_tag_i,
    input  wire [SW-1:0]            rp_tag_idx_i,
    input  wire [JW-1:0]            rp_tag_fj_i,
    input  wire [KW-1:0]            rp_tag_k_i,
    input  wire [NCW-1:0]           rp_tag_nc_i,    // ... the job's children
    // DMA: a slot's payload is in host memory
    input  wire                     dma_done_i,
    input  wire [SW-1:0]            dma_done_slot_i,
    // receive assembler
    input  wire                     alloc_i,
    input  wire [SW-1:0]            alloc_idx_i,
    input  wire                     wr_i,
    input  wire [SW-1:0]            wr_slot_i,
    input  wire [IW-1:0]            wr_idx_i,
    input  wire [31:0]              wr_word_i,
    input  wire                     crcw_i,
    input  wire [SW-1:0]            crcw_slot_i,
    input  wire [31:0]              crcw_val_i,
    // first free slot, first evictable slot (for the assembler)
    output reg                      free_ok_o,
    output reg  [SW-1:0]            free_idx_o,
    output reg                      evict_ok_o,
    output reg  [SW-1:0]            evict_idx_o,
    // forwarding tags for the transmit selection: in use and tagged
    output wire [NSLOT-1:0]         tag_o,
    output wire [NSLOT*JW-1:0]      fj_o,
    output wire [NSLOT*KW-1:0]      k_o,
    // emitter read ports: the slot's payload CRC and a payload word,
    // both addressed a cycle ahead (the slot and word the emitter will
    // read after this edge)
    input  wire [SW-1:0]            em_nslot_i,
    input  wire [IW-1:0]            em_nidx_i,
    output wire [31:0]              em_word_o,
    output wire [31:0]              em_crcp_o,
    // DMA read port: a payload word addressed a cycle ahead (the running
    // write's next word, or word 0 of the write queue's next head)
    input  wire [SW-1:0]            dma_nslot_i,
    input  wire [IW-1:0]            dma_nidx_i,
    output wire [31:0]              dma_word_o,
    // slots in use after this edge, valid when upd_o (NICR_SLOTS, PEAK)
    output wire                     upd_o,
    output reg  [$clog2(NSLOT+1)-1:0] cnt_o
`ifdef FORMAL
    // (proofs only, formal/wc_nic_slots_fv.v: the slots' state and the
    // in-use set after this edge)
    , output wire [NSLOT-1:0]       fv_used_o,
    output wire [NSLOT-1:0]         fv_used_d_o,
    output wire [NSLOT-1:0]         fv_dma_o,
    output wire [NSLOT-1:0]         fv_fwd_o,
    output wire [NSLOT*NCW-1:0]     fv_need_o
`endif
);
    localparam integer SCW = $clog2(NSLOT + 1);

    initial begin
        `WC_NIC_CHECK_PAYLOAD
        `WC_NIC_CHECK_NSLOT
        `WC_NIC_CHECK_J
        `WC_NIC_CHECK_KW
        `WC_NIC_CHECK_KW_NPK
        `WC_NIC_CHECK_MAXCHILD
        if (SW != (NSLOT > 1 ? $clog2(NSLOT) : 1)) $error("%m: SW is derived, leave it at its default");
        if (NCW != $clog2(MAXCHILD + 1)) $error("%m: NCW is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (PW != PAYLOAD / 4) $error("%m: PW is derived, leave it at its default");
        if (IW != (PW > 1 ? $clog2(PW) : 1)) $error("%m: IW is derived, leave it at its default");
    end

    reg  [NSLOT-1:0]    used_q, used_d, dma_q, dma_d, fwd_q, fwd_d;
    reg  [NSLOT*JW-1:0] fj_q, fj_d;
    reg  [NSLOT*KW-1:0] k_q, k_d;
    reg  [NSLOT*NCW-1:0] need_q, need_d;     // children still to be sent the packet a first time
    // payload: slot s word i at s*PW + i, in block RAM, one copy per read
    // port (iCE40 blocks have one read and one write port)
    (* ram_style = "block", no_rw_check *) reg [31:0] mem_em  [0:NSLOT*PW-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] mem_dma [0:NSLOT*PW-1];
    // payload CRCs: one word a slot in block RAM, read a cycle ahead at
    // the emitter's next slot (below)
    (* ram_style = "block", no_rw_check *) reg [31:0] mem_crc [0:NSLOT-1];

    // payload memory address of word i of slot s: s * PW + i
    localparam integer MAW = (NSLOT * PW > 1) ? $clog2(NSLOT * PW) : 1;
    localparam [MAW-1:0] PWM = PW[MAW-1:0];
    function [MAW-1:0] maddr(input [SW-1:0] s, input [IW-1:0] i);
        integer b;
        reg [MAW-1:0] se, ie;
        begin
            se = {MAW{1'b0}};
            ie = {MAW{1'b0}};
            for (b = 0; b < SW && b < MAW; b = b + 1) se[b] = s[b];
            for (b = 0; b < IW && b < MAW; b = b + 1) ie[b] = i[b];
            maddr = se * PWM + ie;
        end
    endfunction

    // pinned: the selection or the emitter will still read it
    // (one-hot decodes of a slot index, none when it names no slot: one
    // operation on the slot vector where a loop over the slots would
    // compare every index, in simulation and in the netlist alike)
    function [NSLOT-1:0] onehot(input v, input [SW-1:0] i);
        begin
            onehot = {NSLOT{1'b0}};
            if (v) onehot[i] = 1'b1;
        end
    endfunction
    wire [NSLOT-1:0] pin = onehot(sel_pin_i, sel_buf_i) | onehot(em_pin_i, em_buf_i);

    // first free and first evictable slot (lowest index)
    always @* begin : search
        integer s;
        free_ok_o   = 1'b0;
        free_idx_o  = {SW{1'b0}};
        evict_ok_o  = 1'b0;
        evict_idx_o = {SW{1'b0}};
        for (s = NSLOT - 1; s >= 0; s = s - 1) begin
            if (!used_q[s]) begin
                free_ok_o  = 1'b1;
                free_idx_o = s[SW-1:0];
            end
            if (used_q[s] && dma_q[s] && !pin[s] && !(nsel_pin_i && nsel_buf_i == s[SW-1:0])) begin
                evict_ok_o  = 1'b1;
                evict_idx_o = s[SW-1:0];
            end
        end
    end

    // The per-slot rules (reclaim, the retag's release) visit every slot;
    // the events that name one slot (release, tag, first copy, written,
    // allocation, CRC) update it through its index, in
    // nic_slots_commit()'s order.
    wire [NSLOT-1:0] free_oh  = onehot(rp_free_i, rp_free_idx_i);
    wire [NSLOT-1:0] tag_oh   = onehot(rp_tag_i, rp_tag_idx_i);
    wire [NSLOT-1:0] done_oh  = onehot(dma_done_i, dma_done_slot_i);
    wire [NSLOT-1:0] alloc_oh = onehot(alloc_i, alloc_idx_i);
    wire             first_in = first_i && {{(32-SW){1'b0}}, first_slot_i} < NSLOT;
    wire             crcw_in  = crcw_i && {{(32-SW){1'b0}}, crcw_slot_i} < NSLOT;
    reg reclaim_any;
    always @* begin : next
        integer s;
        reg [JW-1:0] fj;
        reg keep;
        used_d = used_q;  fwd_d = fwd_q;
        reclaim_any = 1'b0;
        for (s = 0; s < NSLOT; s = s + 1) begin
            fj   = fj_q[s*JW +: JW];
            keep = fwd_q[s] && need_q[s*NCW +: NCW] != {NCW{1'b0}};
            if (used_q[s] && dma_q[s] && !pin[s] && !keep) begin
                used_d[s]   = 1'b0;
                reclaim_any = 1'b1;
            end
            if (rp_newfj_i && fwd_q[s] && fj == rp_newfj_fj_i)
                fwd_d[s] = 1'b0;
        end
        used_d = (used_d & ~free_oh) | alloc_oh;
        fwd_d  = (fwd_d | tag_oh) & ~alloc_oh;
        dma_d  = (dma_q | done_oh) & ~alloc_oh;
        if (free_oh != {NSLOT{1'b0}} || alloc_oh != {NSLOT{1'b0}})
            reclaim_any = 1'b1;
        fj_d = fj_q;  k_d = k_q;  need_d = need_q;
        if (tag_oh != {NSLOT{1'b0}}) begin
            fj_d[rp_tag_idx_i*JW +: JW]     = rp_tag_fj_i;
            k_d[rp_tag_idx_i*KW +: KW]      = rp_tag_k_i;
            need_d[rp_tag_idx_i*NCW +: NCW] = rp_tag_nc_i;
        end
        if (first_in && need_q[first_slot_i*NCW +: NCW] != {NCW{1'b0}})
            need_d[first_slot_i*NCW +: NCW] = need_q[first_slot_i*NCW +: NCW] - 1'b1;
    end

    always @* begin : count
        integer s;
        cnt_o = {SCW{1'b0}};
        for (s = 0; s < NSLOT; s = s + 1)
            cnt_o = cnt_o + {{(SCW-1){1'b0}}, used_d[s]};
    end
    assign upd_o = reclaim_any;
`ifdef FORMAL
    assign fv_used_o   = used_q;
    assign fv_used_d_o = used_d;
    assign fv_dma_o    = dma_q;
    assign fv_fwd_o    = fwd_q;
    assign fv_need_o   = need_q;
`endif

    assign tag_o      = used_q & fwd_q;
    assign fj_o       = fj_q;
    assign k_o        = k_q;

    wire clr = !rst_ni || soft_i;
    always @(posedge clk_i) begin
        if (clr) begin
            used_q <= {NSLOT{1'b0}};
            dma_q  <= {NSLOT{1'b0}};
            fwd_q  <= {NSLOT{1'b0}};
            fj_q   <= {NSLOT*JW{1'b0}};
            k_q    <= {NSLOT*KW{1'b0}};
            need_q <= {NSLOT*NCW{1'b0}};
        end else begin
            used_q <= used_d;
            dma_q  <= dma_d;
            fwd_q  <= fwd_d;
            fj_q   <= fj_d;
            k_q    <= k_d;
            need_q <= need_d;
        end
    end

    // The payload is never reset: a slot is read only below the length
    // its packet filled.  Both copies are read synchronously at the
    // address their reader will present next cycle, so each output is the
    // word an asynchronous read at this cycle's address would give.  A
    // word written in the cycle it is read ahead comes from a bypass
    // register (the RAM's answer to a read-write collision never matters,
    // no_rw_check).
    wire [MAW-1:0] wr_a   = maddr(wr_slot_i, wr_idx_i);
    wire [MAW-1:0] em_na  = maddr(em_nslot_i, em_nidx_i);
    wire [MAW-1:0] dma_na = maddr(dma_nslot_i, dma_nidx_i);
    reg  [31:0]    em_rd_q, dma_rd_q, wr_word_q;
    reg            em_byp_q, dma_byp_q;
    always @(posedge clk_i) begin
        if (wr_i) mem_em[wr_a] <= wr_word_i;
    end
    always @(posedge clk_i) begin
        if (wr_i) mem_dma[wr_a] <= wr_word_i;
    end
    always @(posedge clk_i) em_rd_q  <= mem_em[em_na];
    always @(posedge clk_i) dma_rd_q <= mem_dma[dma_na];
    always @(posedge clk_i) begin
        em_byp_q  <= wr_i && wr_a == em_na;
        dma_byp_q <= wr_i && wr_a == dma_na;
        wr_word_q <= wr_word_i;
    end
    assign em_word_o  = em_byp_q ? wr_word_q : em_rd_q;
    // A slot's payload CRC: 0 at its allocation, then the assembler's
    // value at the packet's end (nic_slots_commit()'s order; both come
    // from one flit, so they name the same slot: asserted below), through
    // one write port.  Read at the emitter's next slot with the bypass of
    // this cycle's write; never reset: the emitter reads only slots in
    // use, allocated (written 0) since the reset.
    wire           crc_we = crcw_in || alloc_i;
    wire [SW-1:0]  crc_wa = crcw_in ? crcw_slot_i : alloc_idx_i;
    wire [31:0]    crc_wd = crcw_in ? crcw_val_i : 32'd0;
    reg  [31:0]    crc_rd_q, crc_wd_q;
    reg            crc_byp_q;
    always @(posedge clk_i) begin
        if (crc_we) mem_crc[crc_wa] <= crc_wd;
    end
    always @(posedge clk_i) crc_rd_q <= mem_crc[em_nslot_i];
    always @(posedge clk_i) begin
        crc_byp_q <= crc_we && crc_wa == em_nslot_i;
        crc_wd_q  <= crc_wd;
    end
    assign em_crcp_o  = crc_byp_q ? crc_wd_q : crc_rd_q;
    assign dma_word_o = dma_byp_q ? wr_word_q : dma_rd_q;
`ifndef SYNTHESIS
    // A slot belongs to one packet from its allocation until it is freed:
    // it is allocated only free or evictable (its packet in host memory
    // and read by no one), written only while allocated, and everything
    // that reads it (selection, emitter) or writes its state (receive
    // processor, DMA) finds it in use.
    function in_use(input [SW-1:0] i);
        in_use = {{(32-SW){1'b0}}, i} < NSLOT && used_q[i];
    endfunction
    wire evictable = alloc_i && in_use(alloc_idx_i) && dma_q[alloc_idx_i] && !pin[alloc_idx_i] &&
                     !(nsel_pin_i && nsel_buf_i == alloc_idx_i);
    // The tags' invariant (one per slot) is a function of the tag
    // registers alone: checked when they change and once after reset, the
    // verdicts of a check every cycle at a fraction of its simulation cost.
    reg [NSLOT*(2+JW)-1:0] tchk_q;
    reg                    chk_seen_q;
    always @(posedge clk_i) begin
        chk_seen_q <= rst_ni;
        tchk_q     <= {fwd_q, used_q, fj_q};
    end
    wire t_chk = !chk_seen_q || {fwd_q, used_q, fj_q} != tchk_q;
    always @(posedge clk_i) begin : protocol
        integer s;
        if (rst_ni) begin
            if (alloc_i && {{(32-SW){1'b0}}, alloc_idx_i} >= NSLOT)
                $error("%m: slot %0d of %0d allocated", alloc_idx_i, NSLOT);
            else if (alloc_i && used_q[alloc_idx_i] && !evictable)
                $error("%m: slot %0d allocated twice (in use, not evictable)", alloc_idx_i);
            if (wr_i && !in_use(wr_slot_i) && !(alloc_i && alloc_idx_i == wr_slot_i))
                $error("%m: payload written to slot %0d, which is not allocated", wr_slot_i);
            if (crcw_i && !in_use(crcw_slot_i) && !(alloc_i && alloc_idx_i == crcw_slot_i))
                $error("%m: CRC written to slot %0d, which is not allocated", crcw_slot_i);
            // the CRCs' one write port
            if (crcw_i && alloc_i && crcw_slot_i != alloc_idx_i)
                $error("%m: CRC written to slot %0d in the cycle slot %0d is allocated", crcw_slot_i, alloc_idx_i);
            if (rp_free_i && !in_use(rp_free_idx_i))
                $error("%m: slot %0d released but not in use", rp_free_idx_i);
            if (rp_tag_i && !(in_use(rp_tag_idx_i) && !dma_q[rp_tag_idx_i]))
                $error("%m: slot %0d tagged for forwarding but not a packet just accepted", rp_tag_idx_i);
            if (rp_tag_i && {1'b0, rp_tag_fj_i} >= J[JW:0])
                $error("%m: slot %0d tagged for job %0d of %0d", rp_tag_idx_i, rp_tag_fj_i, J);
            // the DMA writes each accepted packet to host memory once
            if (dma_done_i && !(in_use(dma_done_slot_i) && !dma_q[dma_done_slot_i]))
                $error("%m: slot %0d written to host memory but not in use or written before", dma_done_slot_i);
            if (sel_pin_i && !in_use(sel_buf_i))
                $error("%m: the selection reads slot %0d, which is not in use", sel_buf_i);
            if (em_pin_i && !in_use(em_buf_i))
                $error("%m: the emitter reads slot %0d, which is not in use", em_buf_i);
            // the assembler takes what the encoders offer without looking
            if (free_ok_o != !(&used_q))
                $error("%m: free slot flag %0d with slots in use %b", free_ok_o, used_q);
            if (free_ok_o && in_use(free_idx_o))
                $error("%m: slot %0d offered as free but in use", free_idx_o);
            if (evict_ok_o && !(in_use(evict_idx_o) && dma_q[evict_idx_o] && !pin[evict_idx_o]))
                $error("%m: slot %0d offered for eviction but not in host memory or read", evict_idx_o);
            // a tag names a job: the reclaim rule and the selection index
            // the job table with it
            if (t_chk) begin
                for (s = 0; s < NSLOT; s = s + 1)
                    if (fwd_q[s] && used_q[s] && {1'b0, fj_q[s*JW +: JW]} >= J[JW:0])
                        $error("%m: slot %0d tagged for job %0d of %0d", s, fj_q[s*JW +: JW], J);
            end
        end
    end
`endif
endmodule
`resetall

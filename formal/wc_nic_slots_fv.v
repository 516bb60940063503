// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of wc_nic_slots, the NIC's receive slots
// (formal/nic_slots.sby).  Assumptions, the neighbours' protocol as
// wc_nic_slots' own checks state it:
//  - the receive assembler allocates only the slot the unit offers (the
//    first free one, else the first evictable one);
//  - the receive processor releases and tags only slots in use, tags
//    only a packet just accepted (not yet in host memory) for a job below
//    J with at most MAXCHILD children; the DMA reports a slot written to
//    host memory once, while in use; the selection, the emitter and a
//    first copy name slots in use (a first copy a tagged one);
//  - every index is below NSLOT; every other input (payload words, CRCs,
//    read addresses, soft reset) is free in every cycle;
//  - reset in the first cycle.
// Small sizes (3 slots of 16 bytes, 2 jobs, 2 children) keep the state
// space small; no rule below depends on them but through NSLOT.
// Properties, one per proof task (`define):
//   SL_OFFER  the unit offers a slot as free exactly when one is, and the
//             one it offers is free; it offers one for eviction exactly
//             when one is in host memory, read by no one and not picked
//             this cycle, and the one it offers is such a slot
//   SL_KEEP   a slot holds its packet until it is released: a slot in use
//             leaves use only when the receive processor releases it, or
//             when its payload is in host memory, no one reads it and no
//             child of its forwarding job still waits for a first copy;
//             a slot enters use only by an allocation
//   SL_COUNT  the count the unit exports (NICR_SLOTS, PEAK) is the number
//             of slots in use after the edge, and it is flagged whenever
//             it changes; the children a tagged slot still owes stay in
//             0..MAXCHILD
module wc_nic_slots_fv (
    input wire clk_i
);
    localparam integer PAYLOAD = 16, NSLOT = 3, J = 2, KW = 11, MAXCHILD = 2;
    localparam integer SW = 2, JW = 1, PW = PAYLOAD / 4, IW = 2, NCW = 2, SCW = 2;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg          soft, sel_pin, em_pin, nsel_pin, first, rp_free, rp_newfj, rp_tag;
    (* anyseq *) reg          dma_done, alloc, wr, crcw;
    (* anyseq *) reg [SW-1:0] sel_buf, em_buf, nsel_buf, first_slot, rp_free_idx, rp_tag_idx;
    (* anyseq *) reg [SW-1:0] dma_done_slot, alloc_idx, wr_slot, crcw_slot;
    (* anyseq *) reg [SW-1:0] em_nslot, dma_nslot;
    (* anyseq *) reg [JW-1:0] rp_newfj_fj, rp_tag_fj;
    (* anyseq *) reg [KW-1:0] rp_tag_k;
    (* anyseq *) reg [NCW-1:0] rp_tag_nc;
    (* anyseq *) reg [IW-1:0] wr_idx, em_nidx, dma_nidx;
    (* anyseq *) reg [31:0]   wr_word, crcw_val;

    wire              free_ok, evict_ok, upd;
    wire [SW-1:0]     free_idx, evict_idx;
    wire [NSLOT-1:0]  tag, used, used_d, dma, fwd;
    wire [NSLOT*JW-1:0] fj;
    wire [NSLOT*KW-1:0] k;
    wire [NSLOT*NCW-1:0] need;
    wire [31:0]       em_word, em_crcp, dma_word;
    wire [SCW-1:0]    cnt;

    wc_nic_slots #(.PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .J(J), .KW(KW), .MAXCHILD(MAXCHILD)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .soft_i(soft),
        .sel_pin_i(sel_pin), .sel_buf_i(sel_buf), .em_pin_i(em_pin), .em_buf_i(em_buf),
        .nsel_pin_i(nsel_pin), .nsel_buf_i(nsel_buf), .first_i(first), .first_slot_i(first_slot),
        .rp_free_i(rp_free), .rp_free_idx_i(rp_free_idx), .rp_newfj_i(rp_newfj), .rp_newfj_fj_i(rp_newfj_fj),
        .rp_tag_i(rp_tag), .rp_tag_idx_i(rp_tag_idx), .rp_tag_fj_i(rp_tag_fj), .rp_tag_k_i(rp_tag_k),
        .rp_tag_nc_i(rp_tag_nc), .dma_done_i(dma_done), .dma_done_slot_i(dma_done_slot),
        .alloc_i(alloc), .alloc_idx_i(alloc_idx), .wr_i(wr), .wr_slot_i(wr_slot), .wr_idx_i(wr_idx),
        .wr_word_i(wr_word), .crcw_i(crcw), .crcw_slot_i(crcw_slot), .crcw_val_i(crcw_val),
        .free_ok_o(free_ok), .free_idx_o(free_idx), .evict_ok_o(evict_ok), .evict_idx_o(evict_idx),
        .tag_o(tag), .fj_o(fj), .k_o(k), .em_nslot_i(em_nslot), .em_nidx_i(em_nidx),
        .em_word_o(em_word), .em_crcp_o(em_crcp),
        .dma_nslot_i(dma_nslot), .dma_nidx_i(dma_nidx), .dma_word_o(dma_word), .upd_o(upd), .cnt_o(cnt),
        .fv_used_o(used), .fv_used_d_o(used_d), .fv_dma_o(dma), .fv_fwd_o(fwd), .fv_need_o(need)
    );

    function automatic in_range(input [SW-1:0] i);
        in_range = {{(32-SW){1'b0}}, i} < NSLOT;
    endfunction
    function automatic [SCW-1:0] ones(input [NSLOT-1:0] v);
        integer b;
        begin
            ones = {SCW{1'b0}};
            for (b = 0; b < NSLOT; b = b + 1) ones = ones + {{(SCW-1){1'b0}}, v[b]};
        end
    endfunction
    // per slot: read by the selection or the emitter; evictable; the
    // children its forwarding job still owes a first copy
    wire [NSLOT-1:0] pin_v, evict_v, owed_v;
    genvar g;
    generate
        for (g = 0; g < NSLOT; g = g + 1) begin : per_slot
            assign pin_v[g]   = (sel_pin && sel_buf == g) || (em_pin && em_buf == g);
            assign evict_v[g] = used[g] && dma[g] && !pin_v[g] && !(nsel_pin && nsel_buf == g);
            assign owed_v[g]  = fwd[g] && need[g*NCW +: NCW] != {NCW{1'b0}};
        end
    endgenerate

    always @* if (rst_n_q) begin : protocol
        assume(!alloc || (free_ok && alloc_idx == free_idx) || (!free_ok && evict_ok && alloc_idx == evict_idx));
        assume(!rp_free  || (in_range(rp_free_idx) && used[rp_free_idx]));
        assume(!rp_tag   || (in_range(rp_tag_idx) && used[rp_tag_idx] && !dma[rp_tag_idx] &&
                             {1'b0, rp_tag_fj} < J && rp_tag_nc <= MAXCHILD));
        assume(!rp_newfj || {1'b0, rp_newfj_fj} < J);
        assume(!dma_done || (in_range(dma_done_slot) && used[dma_done_slot] && !dma[dma_done_slot]));
        assume(!sel_pin  || (in_range(sel_buf) && used[sel_buf]));
        assume(!em_pin   || (in_range(em_buf) && used[em_buf]));
        assume(!nsel_pin || (in_range(nsel_buf) && used[nsel_buf]));
        assume(!first    || (in_range(first_slot) && used[first_slot] && fwd[first_slot]));
        assume(!wr   || (in_range(wr_slot) && (used[wr_slot] || (alloc && alloc_idx == wr_slot))));
        assume(!crcw || (in_range(crcw_slot) && (used[crcw_slot] || (alloc && alloc_idx == crcw_slot))));
    end

`ifdef SL_OFFER
    always @* if (rst_n_q) begin : offer
        integer s;
        reg any_free, any_evict;
        any_free = 1'b0; any_evict = 1'b0;
        for (s = 0; s < NSLOT; s = s + 1) begin
            any_free  = any_free  || !used[s];
            any_evict = any_evict || evict_v[s];
        end
        assert(free_ok == any_free);
        assert(!free_ok || (in_range(free_idx) && !used[free_idx]));
        assert(evict_ok == any_evict);
        assert(!evict_ok || (in_range(evict_idx) && evict_v[evict_idx]));
    end
`endif

`ifdef SL_KEEP
    always @* if (rst_n_q && !soft) begin : keep
        integer s;
        for (s = 0; s < NSLOT; s = s + 1) begin
            if (used[s] && !used_d[s])
                assert((rp_free && rp_free_idx == s[SW-1:0]) ||
                       (dma[s] && !pin_v[s] && !owed_v[s]));
            if (!used[s] && used_d[s])
                assert(alloc && alloc_idx == s[SW-1:0]);
        end
    end
`endif

`ifdef SL_COUNT
    always @* if (rst_n_q) begin : count
        integer s;
        assert(cnt == ones(used_d));
        assert(upd || ones(used_d) == ones(used));
        for (s = 0; s < NSLOT; s = s + 1)
            assert(need[s*NCW +: NCW] <= MAXCHILD);
    end
`endif
endmodule
`resetall

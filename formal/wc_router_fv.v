// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// the per-pop properties (RT_XBAR, RT_PORT, RT_LOCAL) share the state of
// input ti's buffer front and leave the tracked worm's assumptions out
`ifdef RT_XBAR
`define RT_POP
`endif
`ifdef RT_PORT
`define RT_POP
`endif
`ifdef RT_LOCAL
`define RT_POP
`endif
// Proof harness of wc_router (formal/router.sby), its neighbours as
// assumptions:
//  - each upstream sender (a router output or a NIC) starts with B
//    credits after reset, spends one per flit and sends only with one
//    left, and gets one back for every in_credit_o;
//  - its flits form well-formed worms: a head first, body flits, a tail
//    last (a head-and-tail flit is a worm of its own); a multidestination
//    head with k address flits (k <= 2 here) is followed by at least k
//    flits before its tail, and is not a single flit;
//  - each downstream receiver is a buffer of B flits: it takes every
//    flit the router sends, drains at any rate, and returns one credit a
//    cycle after each flit leaves it (the credit wire of wc_input_ctrl);
//  - the node drains every absorption channel (no flow control);
//  - the node id is any valid node, latched in reset; reset in the first
//    cycle only; without IRC every head is unicast; with MESH_EDGE (XY)
//    nothing comes in on the links a node on the mesh's border lacks.
// Data independence: the router never reads the top bits of a flit's
// data (a head's USER field, a body flit above ADDR_DST), so the checker
// tags every flit there with the input it entered on (bits W-1..W-3) and
// a flag for the one tracked worm (bit W-4); the assumptions fix those
// bits, every other bit is free.
// Properties, one per proof task (`define):
//   RT_CREDIT  every output's credit counter is within 0..B and equals the
//              free slots of the downstream buffer (less the credits on
//              their way back); the downstream buffer never overflows
//   RT_BUFFER  every input buffer holds at most B flits: its count plus
//              the sender's credits plus the credit in flight is B
//   RT_WORM    an output carries one worm at a time: a head only between
//              worms, then flits of the same input up to a tail
//   RT_XBAR    every output flit is the front of the input its tag
//              names, popped in that cycle, unchanged (an absorbed
//              worm's head rewritten for the next destination); no
//              output flit of no input; a pop only of a present front
//   RT_PORT    each pop of input ti (any, chosen by the solver; every
//              worm it gets) reaches exactly one output, its worm's
//              (the head's route; an absorbed worm's forward leg), none
//              for a discarded worm or the stripped address flit
//   RT_LOCAL   each pop of a worm absorbed at ti reaches ti's absorption
//              channel unchanged, and no other pop does
//              (with fifo.sby `order` and RT_WORM these give RT_ORDER and
//              RT_ABSORB: docs/formal.md, wc_router)
//   RT_ORDER   the tracked worm (any one, on any input, chosen by the
//              solver; routable, not absorbed here) leaves only on the
//              port the routing function chose for its head, and a
//              tracked flit (any position, any data) leaves at its place
//              in the worm, unchanged: in order, none twice, none lost
//              before a later one
//   RT_ABSORB  the tracked worm is a multidestination worm absorbed here
//              (conformant forward leg): its flits reach the input's
//              absorption channel in order and unchanged, and the forward
//              copy leaves on the port the routing function chose for the
//              next destination, with the head rewritten and the first
//              address stripped
module wc_router_fv #(
    parameter integer ROUTING    = `WC_ROUTING_ECUBE,
    parameter integer CUBE_N     = 2,
    parameter integer ALL_PORT   = 0,
    parameter integer MESH_X     = 2,
    parameter integer MESH_Y     = 2,
    // table routing: hosts and ports (the table, written through the
    // configuration port at any time, is free: any route in any cycle)
    parameter integer NNODES     = 4,
    parameter integer TABLE_P    = 3,
    parameter integer B          = 2,
    parameter integer STAGES     = 1,
    // 1: multidestination worms in the traffic (intermediate reception)
    parameter integer IRC        = 1,
    // XY: 1 = the node is one of a MESH_X x MESH_Y mesh, so the links it
    // lacks on the mesh's border carry nothing in (the per-pop tasks)
    parameter integer MESH_EDGE  = 0
) (
    input wire clk_i
);
    localparam integer MESH = (ROUTING == `WC_ROUTING_XY || ROUTING == `WC_ROUTING_WEST_FIRST) ? 1 : 0;
    localparam integer TAB  = (ROUTING == `WC_ROUTING_TABLE) ? 1 : 0;
    localparam integer P  = (TAB != 0) ? TABLE_P : (MESH != 0) ? 5 :
                            ((ALL_PORT != 0) ? 2 * CUBE_N : CUBE_N + 1);
    localparam integer PW = $clog2(P);
    localparam integer W  = 32;
    localparam integer FW = W + 2;
    localparam integer CW = $clog2(B + 1);
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer NW = `WC_HEAD_NADDR_W;
    localparam integer NNODE = (TAB != 0) ? NNODES : (MESH != 0) ? MESH_X * MESH_Y : (1 << CUBE_N);
    localparam integer CAW = 8;
    // tag bits: source input, tracked worm
    localparam integer TS = W - 3;
    localparam integer TM = W - 4;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyconst *) reg [DW-1:0] node;
    (* anyseq *)   reg [P-1:0]    in_valid;
    (* anyseq *)   reg [P*FW-1:0] in_flit;
    (* anyseq *)   reg [P-1:0]    ds_pop;
    (* anyseq *)   reg            cfg_we;
    (* anyseq *)   reg [CAW-1:0]  cfg_addr;
    (* anyseq *)   reg [7:0]      cfg_data;
    wire [P-1:0]    in_credit, out_valid, abs_valid;
    wire [P*FW-1:0] out_flit, abs_flit;
    wire [P*CW-1:0] fv_cred, fv_cnt;
    wire [P-1:0]    fv_pop;
    wire [P*FW-1:0] fv_head, fv_next;
    reg  [P-1:0]    out_credit;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0]     drops;
    /* verilator lint_on UNUSEDSIGNAL */

    wc_router #(.P(P), .W(W), .B(B), .ROUTING(ROUTING), .CUBE_N(CUBE_N), .ALL_PORT(ALL_PORT),
                .HIGH_FIRST(1), .MESH_X(MESH_X), .MESH_Y(MESH_Y), .NNODES(NNODES), .CAW(CAW),
                .STAGES(STAGES)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .node_id_i(node),
        .cfg_we_i(cfg_we), .cfg_addr_i(cfg_addr), .cfg_data_i(cfg_data),
        .in_valid_i(in_valid), .in_flit_i(in_flit), .in_credit_o(in_credit),
        .out_valid_o(out_valid), .out_flit_o(out_flit), .out_credit_i(out_credit),
        .abs_valid_o(abs_valid), .abs_flit_o(abs_flit), .drop_count_o(drops),
        .fv_cred_o(fv_cred), .fv_cnt_o(fv_cnt),
        .fv_pop_o(fv_pop), .fv_head_o(fv_head), .fv_next_o(fv_next));

    always @* assume ({1'b0, node} < (DW + 1)'(NNODE));

    // the ports widened to 2^PW (zeros above P): indexed by the tracked
    // input and port without reading past a vector
    localparam integer PX = 1 << PW;
    wire [PX-1:0]    in_valid_x  = PX'(in_valid);
    wire [PX*FW-1:0] in_flit_x   = (PX*FW)'(in_flit);
    wire [PX-1:0]    out_valid_x = PX'(out_valid);
    wire [PX*FW-1:0] out_flit_x  = (PX*FW)'(out_flit);
    wire [PX-1:0]    abs_valid_x = PX'(abs_valid);
    wire [PX*FW-1:0] abs_flit_x  = (PX*FW)'(abs_flit);

    // the routing function, as a reference for the tracked worm: the
    // route of a destination arriving on input ti
    (* anyconst *) reg [PW-1:0] ti;
    always @* assume ({1'b0, ti} < (PW + 1)'(P));   // P = 8 fits PW + 1 bits only
    reg  [DW-1:0] ref_dst;
    wire [PW-1:0] ref_port;
    wire          ref_ok, ref_local, ref_turn;
    generate
        // west-first's reference is XY's (its deterministic choice): only
        // the tasks that do not read the reference run on it (the initial
        // block below refuses RT_ORDER and RT_ABSORB there)
        // table routing has no fixed route to follow (the table changes
        // at will): only the tasks that do not read the reference run on
        // it, as on west-first
        if (TAB != 0) begin : g_table
            assign ref_port  = {PW{1'b0}};
            assign ref_ok    = 1'b1;
            assign ref_local = 1'b0;
            assign ref_turn  = 1'b1;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ref = ^{ref_dst, ti};
            /* verilator lint_on UNUSEDSIGNAL */
        end else if (MESH != 0) begin : g_xy
            wc_route_xy #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_ref (
                .node_i(node), .dst_i(ref_dst), .in_port_i(ti),
                .port_o(ref_port), .ok_o(ref_ok), .local_o(ref_local), .turn_ok_o(ref_turn));
        end else begin : g_ecube
            wc_route_ecube #(.N(CUBE_N), .ALL_PORT(ALL_PORT), .HIGH_FIRST(1), .PW(PW)) u_ref (
                .node_i(node), .dst_i(ref_dst), .in_port_i(ti),
                .port_o(ref_port), .ok_o(ref_ok), .local_o(ref_local), .turn_ok_o(ref_turn));
        end
    endgenerate

    // ---- upstream: credits and well-formed worms, per input
    reg [CW-1:0] ucred_q [0:P-1];
    reg [P-1:0]  inw_q;            // inside a worm
    reg [1:0]    need_q [0:P-1];   // address flits still owed
    // the tracked worm: on input ti, picked at its head, once
    (* anyseq *) reg pick_worm, pick_flit;
    reg          tw_q, twdone_q;   // tracked worm being sent; sent
    reg          tabs_q;           // it is absorbed here
    reg [3:0]    tin_q;            // its flits sent so far
    reg [FW-1:0] thead_q;          // its head
    reg [PW-1:0] tport_q;          // where it must leave
    reg          tf_q;             // a tracked flit picked
    reg [3:0]    tfi_q;            // its index in the worm
    reg [FW-1:0] tfd_q;            // its flit
    reg [FW-1:0] trw_q;            // the rewritten head (absorbed worm)

    wire [FW-1:0] tflit = in_flit_x[ti*FW +: FW];
    wire          tsend = in_valid_x[ti];
    wire          thd   = tflit[W];
    wire          tmul  = (tflit[`WC_HEAD_KIND_LSB +: `WC_HEAD_KIND_W] == `WC_HEAD_KIND_W'(`WC_KIND_MULTI)) &&
                          (tflit[`WC_HEAD_NADDR_LSB +: NW] != {NW{1'b0}});
    wire          tstart = rst_n_q && tsend && thd && !tw_q && !twdone_q && pick_worm;
    wire          tcur   = tstart || (tw_q && tsend);   // this flit is the tracked worm's
    always @* ref_dst = tflit[`WC_HEAD_DST_LSB +: DW];

    genvar i;
    generate
        for (i = 0; i < P; i = i + 1) begin : g_up
            wire [FW-1:0] f    = in_flit[i*FW +: FW];
            wire          hd   = f[W];
            wire          tl   = f[W + 1];
            wire [NW-1:0] na   = f[`WC_HEAD_NADDR_LSB +: NW];
            wire          mul  = (f[`WC_HEAD_KIND_LSB +: `WC_HEAD_KIND_W] == `WC_HEAD_KIND_W'(`WC_KIND_MULTI));
            // a mesh node's link across the border: no neighbour sends
            wire          edge = (MESH != 0 && MESH_EDGE != 0) &&
                                 ((i == `WC_MESH_PORT_E && node % DW'(MESH_X) == DW'(MESH_X - 1)) ||
                                  (i == `WC_MESH_PORT_W && node % DW'(MESH_X) == {DW{1'b0}}) ||
                                  (i == `WC_MESH_PORT_N && node / DW'(MESH_X) == DW'(MESH_Y - 1)) ||
                                  (i == `WC_MESH_PORT_S && node / DW'(MESH_X) == {DW{1'b0}}));
            always @* begin
                if (!rst_n_q || edge) assume (!in_valid[i]);
                if (in_valid[i]) begin
                    assume (ucred_q[i] != {CW{1'b0}});
                    assume (hd == !inw_q[i]);
                    if (hd) begin
                        assume (!mul || na <= NW'(2));
                        if (IRC == 0) assume (!mul);
                        if (mul && na != {NW{1'b0}}) assume (!tl);
                    end else if (need_q[i] > 2'd1) begin
                        assume (!tl);
                    end
                    assume (f[TS +: 3] == 3'(i));
`ifndef RT_POP
                    assume (f[TM] == ((i == ti) && tcur));
`endif
                end
            end
            always @(posedge clk_i) begin
                if (!rst_n_q) begin
                    ucred_q[i] <= CW'(B);
                    inw_q[i]   <= 1'b0;
                    need_q[i]  <= 2'd0;
                end else begin
                    ucred_q[i] <= ucred_q[i] - CW'(in_valid[i]) + CW'(in_credit[i]);
                    if (in_valid[i]) begin
                        inw_q[i] <= !tl;
                        if (hd)
                            need_q[i] <= mul ? na[1:0] : 2'd0;
                        else if (need_q[i] != 2'd0)
                            need_q[i] <= need_q[i] - 2'd1;
                    end
                end
            end
        end
    endgenerate

    // the tracked worm's own assumptions: routable, absorbed here or not
    // as the property asks, a conformant forward leg; at most 15 flits
    // (not for the per-pop tasks, which follow every worm of input ti)
    wire tabs_hd = tmul && ref_ok && ref_local;
`ifndef RT_POP
    always @* if (tsend && rst_n_q) begin
        if (tstart) begin
            assume (ref_ok);
`ifdef RT_ABSORB
            assume (tabs_hd);
`else
            assume (!tabs_hd);
`endif
        end
        if (tw_q && tin_q == 4'd1 && tabs_q)
            assume (ref_ok && ref_turn && !tflit[W] &&
                    (!ref_local || thead_q[`WC_HEAD_NADDR_LSB +: NW] == NW'(1)));
        if (tw_q) assume (tin_q != 4'd15);
    end
`endif
    always @(posedge clk_i) begin
        if (!rst_n_q) begin
            tw_q <= 1'b0;
            twdone_q <= 1'b0;
            tf_q <= 1'b0;
            tin_q <= 4'd0;
            tabs_q <= 1'b0;
        end else if (tcur) begin
            tin_q <= tin_q + 4'd1;
            if (tstart) begin
                tw_q    <= 1'b1;
                thead_q <= tflit;
                tabs_q  <= tabs_hd;
                tport_q <= ref_port;
            end
            if (tflit[W + 1]) begin
                tw_q     <= 1'b0;
                twdone_q <= 1'b1;
            end
            if (tw_q && tin_q == 4'd1 && tabs_q) begin
                // the forward leg's port and the head the next router gets
                tport_q <= ref_port;
                trw_q <= thead_q;
                trw_q[`WC_HEAD_DST_LSB +: DW] <= tflit[`WC_ADDR_DST_LSB +: DW];
                trw_q[`WC_HEAD_NADDR_LSB +: NW] <= thead_q[`WC_HEAD_NADDR_LSB +: NW] - 1'b1;
                trw_q[W + 1] <= tflit[W + 1];
            end
            if (pick_flit && !tf_q) begin
                tf_q  <= 1'b1;
                tfi_q <= tin_q;
                tfd_q <= tflit;
            end
        end
    end

    // ---- downstream buffers, per output
    reg [CW:0] ds_q [0:P-1];
    generate
        for (i = 0; i < P; i = i + 1) begin : g_ds
            always @(posedge clk_i) begin
                if (!rst_n_q) begin
                    ds_q[i]       <= {(CW + 1){1'b0}};
                    out_credit[i] <= 1'b0;
                end else begin
                    ds_q[i]       <= ds_q[i] + (CW + 1)'(out_valid[i]) - (CW + 1)'(ds_pop[i] && ds_q[i] != 0);
                    out_credit[i] <= ds_pop[i] && ds_q[i] != 0;
                end
            end
        end
    endgenerate

`ifdef RT_CREDIT
    generate
        for (i = 0; i < P; i = i + 1) begin : g_credit
            always @* if (rst_n_q) begin
                assert (fv_cred[i*CW +: CW] <= CW'(B));
                assert (ds_q[i] <= (CW + 1)'(B));
                assert ({1'b0, fv_cred[i*CW +: CW]} + ds_q[i] + (CW + 1)'(out_credit[i]) == (CW + 1)'(B));
            end
        end
    endgenerate
`endif

`ifdef RT_BUFFER
    generate
        for (i = 0; i < P; i = i + 1) begin : g_buffer
            always @* if (rst_n_q) begin
                assert (fv_cnt[i*CW +: CW] <= CW'(B));
                assert ({1'b0, fv_cnt[i*CW +: CW]} + {1'b0, ucred_q[i]} + (CW + 1)'(in_credit[i]) == (CW + 1)'(B));
            end
        end
    endgenerate
`endif

`ifdef RT_WORM
    // per output: inside a worm, and the input it came from
    reg [P-1:0] ow_q;
    reg [2:0]   osrc_q [0:P-1];
    generate
        for (i = 0; i < P; i = i + 1) begin : g_worm
            wire [FW-1:0] f = out_flit[i*FW +: FW];
            always @(posedge clk_i) begin
                if (!rst_n_q) ow_q[i] <= 1'b0;
                else if (out_valid[i]) begin
                    ow_q[i]   <= !f[W + 1];
                    osrc_q[i] <= f[TS +: 3];
                end
            end
            always @* if (rst_n_q && out_valid[i]) begin
                assert (f[W] == !ow_q[i]);
                if (ow_q[i]) assert (f[TS +: 3] == osrc_q[i]);
            end
        end
    endgenerate
`endif

`ifdef RT_ORDER
    // the tracked worm's flits out, counted on the port they must use
    reg [3:0] tout_q;
    wire      tout = out_valid_x[tport_q] && out_flit_x[tport_q*FW + TM];
    always @(posedge clk_i) begin
        if (!rst_n_q) tout_q <= 4'd0;
        else if (tout) tout_q <= tout_q + 4'd1;
    end
    generate
        for (i = 0; i < P; i = i + 1) begin : g_order
            always @* if (rst_n_q) begin
                if (out_valid[i] && out_flit[i*FW + TM]) assert (PW'(i) == tport_q);
                if (abs_valid[i]) assert (!abs_flit[i*FW + TM]);
            end
        end
    endgenerate
    always @* if (rst_n_q) begin
        assert (tout_q <= tin_q);
        if (tout) begin
            assert (tout_q < tin_q);
            if (tf_q && tout_q == tfi_q) assert (out_flit_x[tport_q*FW +: FW] == tfd_q);
        end
    end
`endif

`ifdef RT_ABSORB
    // the absorbed copy on input ti's channel; the forward copy on the
    // forward leg's port, one flit (the stripped address) shorter
    reg [3:0] tabs_n_q, tout_q;
    wire      tab  = abs_valid_x[ti] && abs_flit_x[ti*FW + TM];
    wire      tout = out_valid_x[tport_q] && out_flit_x[tport_q*FW + TM];
    always @(posedge clk_i) begin
        if (!rst_n_q) begin
            tabs_n_q <= 4'd0;
            tout_q   <= 4'd0;
        end else begin
            if (tab)  tabs_n_q <= tabs_n_q + 4'd1;
            if (tout) tout_q   <= tout_q + 4'd1;
        end
    end
    generate
        for (i = 0; i < P; i = i + 1) begin : g_absorb
            always @* if (rst_n_q) begin
                if (abs_valid[i] && abs_flit[i*FW + TM]) assert (PW'(i) == ti);
                // the forward port is known once the address flit is in
                if (out_valid[i] && out_flit[i*FW + TM]) assert (tin_q >= 4'd2 && PW'(i) == tport_q);
            end
        end
    endgenerate
    always @* if (rst_n_q) begin
        assert (tabs_n_q <= tin_q);
        if (tab) begin
            assert (tabs_n_q < tin_q);
            if (tf_q && tabs_n_q == tfi_q) assert (abs_flit_x[ti*FW +: FW] == tfd_q);
        end
        if (tout) begin
            assert (tout_q + 4'd1 < tin_q);
            if (tout_q == 4'd0) assert (out_flit_x[tport_q*FW +: FW] == trw_q);
            if (tf_q && tout_q != 4'd0 && tout_q + 4'd1 == tfi_q) assert (out_flit_x[tport_q*FW +: FW] == tfd_q);
        end
    end
`endif

`ifdef RT_POP
    // ---- input ti's buffer front: every worm, as it leaves the buffer
    // (fifo.sby `order` proves the front presents the pushed flits in
    // order, each once; these tasks prove where each pop goes)
    wire [PX-1:0]    pop_x  = PX'(fv_pop);
    wire [PX*FW-1:0] head_x = (PX*FW)'(fv_head);
    wire [PX*FW-1:0] next_x = (PX*FW)'(fv_next);
    wire [PX*CW-1:0] cnt_x  = (PX*CW)'(fv_cnt);
    wire [FW-1:0] fh   = head_x[ti*FW +: FW];
    wire [FW-1:0] fn   = next_x[ti*FW +: FW];
    wire          fpop = pop_x[ti];
    wire [CW-1:0] fcnt = cnt_x[ti*CW +: CW];
    wire [NW-1:0] fna  = fh[`WC_HEAD_NADDR_LSB +: NW];
    wire          fmul = (fh[`WC_HEAD_KIND_LSB +: `WC_HEAD_KIND_W] == `WC_HEAD_KIND_W'(`WC_KIND_MULTI)) &&
                         (fna != {NW{1'b0}});
    // the outputs carrying a flit of input ti (its tag), and how many
    reg [PX-1:0]  fo;
    reg [3:0]     fon;
    reg [PW-1:0]  fo_first;
    always @* begin : carriers
        integer k;
        fo = {PX{1'b0}};
        fon = 4'd0;
        fo_first = {PW{1'b0}};
        for (k = P - 1; k >= 0; k = k - 1) begin
            fo[k] = out_valid[k] && out_flit[k*FW + TS +: 3] == 3'(ti);
            fon = fon + 4'(fo[k]);
            if (fo[k]) fo_first = PW'(k);
        end
    end
    // the worm at the front: under way (its head left, its tail not),
    // its kind and its output (an absorbed worm's: the forward leg's),
    // and for an absorbed worm whether the next pop is the address flit
    // the forward copy strips
    localparam [1:0] FK_DROP = 2'd0, FK_UNI = 2'd1, FK_ABS = 2'd2;
    reg          fw_q, fsec_q;
    reg [1:0]    fk_q;
    reg [PW-1:0] fp_q;
    // a head's kind and output as it leaves
    wire [1:0]    fk_new;
    wire [PW-1:0] fp_new;
    generate
        if (TAB != 0) begin : g_ftab
            // the table is free: the kind and output are what the head
            // did (the later flits must follow it)
            assign fk_new = abs_valid_x[ti] ? FK_ABS : (fon != 4'd0) ? FK_UNI : FK_DROP;
            assign fp_new = fo_first;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_f = ^{fn, fcnt, fmul};
            /* verilator lint_on UNUSEDSIGNAL */
        end else begin : g_ffn
            // the routing function on the head's destination and on the
            // address flit behind it (the forward leg), from input ti
            wire [PW-1:0] hp, np;
            wire          hok, hloc, np_ok, nloc, nturn, hturn;
            if (MESH != 0) begin : g_xy
                wc_route_xy #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_h (
                    .node_i(node), .dst_i(fh[`WC_HEAD_DST_LSB +: DW]), .in_port_i(ti),
                    .port_o(hp), .ok_o(hok), .local_o(hloc), .turn_ok_o(hturn));
                wc_route_xy #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_n (
                    .node_i(node), .dst_i(fn[`WC_ADDR_DST_LSB +: DW]), .in_port_i(ti),
                    .port_o(np), .ok_o(np_ok), .local_o(nloc), .turn_ok_o(nturn));
            end else begin : g_ecube
                wc_route_ecube #(.N(CUBE_N), .ALL_PORT(ALL_PORT), .HIGH_FIRST(1), .PW(PW)) u_h (
                    .node_i(node), .dst_i(fh[`WC_HEAD_DST_LSB +: DW]), .in_port_i(ti),
                    .port_o(hp), .ok_o(hok), .local_o(hloc), .turn_ok_o(hturn));
                wc_route_ecube #(.N(CUBE_N), .ALL_PORT(ALL_PORT), .HIGH_FIRST(1), .PW(PW)) u_n (
                    .node_i(node), .dst_i(fn[`WC_ADDR_DST_LSB +: DW]), .in_port_i(ti),
                    .port_o(np), .ok_o(np_ok), .local_o(nloc), .turn_ok_o(nturn));
            end
            // absorbed here, its forward leg conformant (the address flit
            // is in: an absorbed head leaves only then), or discarded
            // (a head's route that is neither an ejection nor a legal
            // turn is unroutable: wc_router.v's route records)
            wire here = fmul && hok && hloc;
            wire leg  = fcnt >= CW'(2) && !fn[W] && np_ok && nturn && (!nloc || fna == NW'(1));
            wire drop = !hok || !(hturn || hloc) || (fmul && fh[W + 1]) || (here && !leg);
            assign fk_new = drop ? FK_DROP : here ? FK_ABS : FK_UNI;
            assign fp_new = here ? np : hp;
        end
    endgenerate
    wire [1:0]    fk = fw_q ? fk_q : fk_new;
    wire [PW-1:0] fp = fw_q ? fp_q : fp_new;
    always @(posedge clk_i) begin
        if (!rst_n_q) begin
            fw_q   <= 1'b0;
            fsec_q <= 1'b0;
            fk_q   <= FK_DROP;
            fp_q   <= {PW{1'b0}};
        end else if (fpop) begin
            fsec_q <= !fw_q && fk_new == FK_ABS;
            if (!fw_q) begin
                fk_q <= fk_new;
                fp_q <= fp_new;
            end
            fw_q <= !fh[W + 1];
        end
    end
    // the forward view of the front: the head of an absorbed worm goes
    // on with the next destination, one address fewer, and the address
    // flit's tail bit
    reg [FW-1:0] fexp;
    always @* begin
        fexp = fh;
        if (!fw_q && fk_new == FK_ABS) begin
            fexp[`WC_HEAD_DST_LSB +: DW]   = fn[`WC_ADDR_DST_LSB +: DW];
            fexp[`WC_HEAD_NADDR_LSB +: NW] = fna - 1'b1;
            fexp[W + 1]                    = fn[W + 1];
        end
    end
    // the worms in the buffer are whole: a head at the front exactly
    // between worms (the upstream's worms, in fifo order)
    always @* if (rst_n_q && fcnt != {CW{1'b0}}) assert (fh[W] == !fw_q);
`endif

`ifdef RT_XBAR
    // every output flit is the front of the input its tag names, popped
    // in this cycle, as the forward view; a pop only of a front that is
    // there (the buffer's own protocol, fifo.sby)
    generate
        for (i = 0; i < P; i = i + 1) begin : g_xbar
            always @* if (rst_n_q && out_valid[i]) begin
                assert ({1'b0, out_flit[i*FW + TS +: 3]} < 4'(P));
                if (fo[i]) assert (out_flit[i*FW +: FW] == fexp);
            end
        end
    endgenerate
    always @* if (rst_n_q) begin
        if (fpop) assert (fcnt != {CW{1'b0}});
        if (fon != 4'd0) assert (fpop);
        if (abs_valid_x[ti]) assert (fpop && abs_flit_x[ti*FW +: FW] == fh);
    end
`endif

`ifdef RT_PORT
    // each pop reaches exactly one output, the one its worm holds (the
    // route of its head; an absorbed worm's forward leg), none for a
    // discarded worm and none for the address flit an absorbed worm
    // strips; no output carries a flit of ti that did not leave its buffer
    always @* if (rst_n_q) begin
        if (!fpop || fk == FK_DROP || (fk == FK_ABS && fw_q && fsec_q))
            assert (fon == 4'd0);
        else
            assert (fon == 4'd1 && fo[fp]);
    end
`endif

`ifdef RT_LOCAL
    // each pop of a worm absorbed here reaches the absorption channel of
    // input ti, unchanged, and only those pops do
    always @* if (rst_n_q) begin
        if (fpop && fk == FK_ABS)
            assert (abs_valid_x[ti] && abs_flit_x[ti*FW +: FW] == fh);
        else
            assert (!abs_valid_x[ti]);
    end
    generate
        for (i = 0; i < P; i = i + 1) begin : g_local
            // and no other input's channel carries a flit of ti
            always @* if (rst_n_q && abs_valid[i]) assert (abs_flit[i*FW + TS +: 3] == 3'(i));
        end
    endgenerate
`endif

    initial begin
        if (B < 1) $error("%m: B must be >= 1 (got %0d)", B);
        if (P > 8) $error("%m: the source tag holds 8 inputs (P = %0d)", P);
`ifdef RT_ORDER
        if (ROUTING == `WC_ROUTING_WEST_FIRST) $error("%m: RT_ORDER follows one route; west-first has two");
        if (TAB != 0) $error("%m: RT_ORDER follows a fixed route; a free table has none");
`endif
`ifdef RT_ABSORB
        if (ROUTING == `WC_ROUTING_WEST_FIRST) $error("%m: RT_ABSORB follows one route; west-first has two");
        if (TAB != 0) $error("%m: RT_ABSORB follows a fixed route; a free table has none");
`endif
    end
endmodule
`ifdef RT_POP
`undef RT_POP
`endif
`resetall

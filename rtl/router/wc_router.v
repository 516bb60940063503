// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Input-buffered wormhole router with credit flow control.
//
//   link in -> [wc_input_ctrl: FIFO] -> route compute -> [wc_output_ctrl:
//   round-robin allocation, credits] -> wc_crossbar -> link out
//
// Timing (STAGES = 1): a flit written into an input buffer at the end of
// cycle t is routed, allocated and driven onto the output link in cycle
// t+1 and lands in the next router's buffer at the end of t+1: one cycle
// per hop for the head, one flit per cycle per port after it.  STAGES = 2:
// the route is computed as the flit is written (or looked up a cycle
// ahead), the head is allocated its output in t+1 into a register and
// crosses in t+2: two cycles per hop for a head, still one flit per cycle
// after it, and an output allocates its next worm in the cycle its tail
// crosses.  Outputs depend only on
// registers (no combinational path from link inputs to link outputs), so
// routers chain without loops.  Credits return one cycle after a flit
// leaves a buffer; the credit loop is 3 cycles (send, dequeue, credit
// visible), so B >= 3 sustains one flit per cycle per port.
//
// Every piece maps to one C function of cmodel/wc_router.c, which the
// lockstep harness compares cycle by cycle.
module wc_router #(
    // Ports, 2..64.
    parameter integer P          = 5,
    // Flit data width W >= 32 (head fields per defs/wc_defs.def).
    parameter integer W          = `WC_FLIT_DATA_W,
    // Input buffer depth in flits, >= 1 (>= 3 for full throughput).
    parameter integer B          = 8,
    // WC_ROUTING_ECUBE / _XY / _TABLE / _WEST_FIRST.
    parameter integer ROUTING    = `WC_ROUTING_XY,
    // e-cube: dimension, node model, order.
    parameter integer CUBE_N     = 4,
    parameter integer ALL_PORT   = 0,
    parameter integer HIGH_FIRST = 1,
    // XY / west-first mesh size.
    parameter integer MESH_X     = 4,
    parameter integer MESH_Y     = 4,
    // Table routing: hosts addressed.
    parameter integer NNODES     = 64,
    // Configuration address width (table routing).
    parameter integer CAW        = 16,
    // Buffer depth from which the input buffers keep their body in block
    // RAM (wc_fifo.v: the first two flits are registers either way).
    parameter integer FIFO_RAM_MIN_B = 5,
    // Hop pipeline: 1 = route, allocation and traversal of a head in one
    // cycle (one cycle per hop); 2 = allocation registered, traversal in
    // the next cycle (two cycles per hop for a head, one per flit after
    // it), so arbitration and transfer are separate paths of the clock
    // period.  Mirrors wc_router_cfg.stages.
    parameter integer STAGES     = 1
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    // This router's node id (e-cube, XY), sampled while rst_ni is low
    // (strap it to a constant, or drive it from configuration before
    // releasing reset); ignored after reset.
    input  wire [`WC_HEAD_DST_W-1:0]  node_id_i,
    // Route table configuration (table routing; ignored otherwise).
    input  wire                       cfg_we_i,
    input  wire [CAW-1:0]             cfg_addr_i,
    input  wire [7:0]                 cfg_data_i,
    // Links: port p occupies bits [p*FW +: FW], FW = W + 2 ({type, data}).
    input  wire [P-1:0]               in_valid_i,
    input  wire [P*(W+2)-1:0]         in_flit_i,
    output wire [P-1:0]               in_credit_o,
    output wire [P-1:0]               out_valid_o,
    output wire [P*(W+2)-1:0]         out_flit_o,
    input  wire [P-1:0]               out_credit_i,
    // Absorption channels: the copy of a multidestination worm absorbed
    // here, per input port it arrived on.  No flow control: the node
    // consumes every flit (the consumption assumption of intermediate
    // reception); only absorbing worms use them.
    output wire [P-1:0]               abs_valid_o,
    output wire [P*(W+2)-1:0]         abs_flit_o,
    // Worms discarded as unroutable or malformed (saturating).
    output wire [15:0]                drop_count_o
`ifdef FORMAL
    // (proofs only, formal/wc_router_fv.v): each output's credit
    // counter and each input buffer's count, CW = clog2(B + 1) bits each;
    // each input buffer's pop, its front and the flit behind it
    , output wire [P*$clog2(B + 1)-1:0] fv_cred_o
    , output wire [P*$clog2(B + 1)-1:0] fv_cnt_o
    , output wire [P-1:0]               fv_pop_o
    , output wire [P*(W+2)-1:0]         fv_head_o
    , output wire [P*(W+2)-1:0]         fv_next_o
`endif
);
    // One C++ class for all routers of a network instead of one flattened
    // copy per router: network builds stay fast (and so does the model).
    /* verilator no_inline_module */
    localparam integer FW = W + 2;
    localparam integer PW = (P > 1) ? $clog2(P) : 1;
    localparam integer DW = `WC_HEAD_DST_W;
    // Function-routed routers (XY, e-cube) compute a flit's route as it is
    // written into the input buffer and store it beside the flit
    // ({turn_ok, local, ok, port}, and an adaptive function's second
    // output {alt_ok, alt_port} above it); table routers look up at the
    // front.
    localparam integer ADAPT = (ROUTING == `WC_ROUTING_WEST_FIRST) ? 1 : 0;
    localparam integer RW  = (ROUTING == `WC_ROUTING_TABLE) ? 0 : (ADAPT != 0) ? 2 * PW + 4 : PW + 3;
    localparam integer RWP = (RW > 0) ? RW : 1;

    initial begin
        if (P < 2 || P > 64) $error("%m: P must be 2..64 (got %0d)", P);
        if (W < 32) $error("%m: W must be >= 32 (got %0d)", W);
        if (B < 1) $error("%m: B must be >= 1 (got %0d)", B);
        if (ROUTING == `WC_ROUTING_ECUBE && P != ((ALL_PORT != 0) ? 2 * CUBE_N : CUBE_N + 1))
            $error("%m: e-cube with N=%0d ALL_PORT=%0d needs P=%0d (got %0d)", CUBE_N, ALL_PORT,
                   (ALL_PORT != 0) ? 2 * CUBE_N : CUBE_N + 1, P);
        if ((ROUTING == `WC_ROUTING_XY || ROUTING == `WC_ROUTING_WEST_FIRST) && P != 5)
            $error("%m: XY and west-first routing need P=5 (got %0d)", P);
        if (ROUTING < 0 || ROUTING > 3) $error("%m: unknown ROUTING %0d", ROUTING);
        if (STAGES != 1 && STAGES != 2) $error("%m: STAGES must be 1 or 2 (got %0d)", STAGES);
    end

    // The address is a register latched in reset, so route compute depends
    // on registers only: a router's outputs are a function of its state.
    reg [DW-1:0] node_q;
    always @(posedge clk_i) begin
        if (!rst_ni) node_q <= node_id_i;
    end

    // ---- input units -------------------------------------------------
    wire [P*FW-1:0] fwdv;
    // The router does not read the front or the flit behind it (the
    // crossbar carries the forward views; table routers look up the
    // destinations the input reports a cycle ahead).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [P*FW-1:0] head, next;
    /* verilator lint_on UNUSEDSIGNAL */
`ifdef FORMAL
    assign fv_head_o = head;
    assign fv_next_o = next;
`endif
    wire [P-1:0]    nonempty, req, active, dual, hold, skip, drop, grant, fwd;
    wire [P*PW-1:0] port, held_port;
    reg  [P-1:0]    held_cred;
    wire [P*PW-1:0] rport, nport;
    wire [P-1:0]    rok, rlocal, nok, nlocal, nturn;
    // route records: of the flit arriving, of the front, of the one behind
    wire [P*RWP-1:0] in_rt, head_rt, next_rt;
    // destinations of the front and the flit behind it next cycle
    wire [P*DW-1:0]  ahead_dst, ahead_ndst;
    wire [P-1:0]     ahead_fvld, ahead_nvld;
    // adaptive routing: output a better than output b (bit a*P + b)
    wire [P*P-1:0]   better;

    genvar i;
    generate
        for (i = 0; i < P; i = i + 1) begin : g_in
            wc_input_ctrl #(.FW(FW), .B(B), .PW(PW), .RW(RW), .NP(P), .RAM_MIN_B(FIFO_RAM_MIN_B), .STAGES(STAGES)) u_in (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .in_valid_i(in_valid_i[i]), .in_flit_i(in_flit_i[i*FW +: FW]),
                .in_route_i(in_rt[i*RWP +: RWP]),
                .head_route_o(head_rt[i*RWP +: RWP]), .next_route_o(next_rt[i*RWP +: RWP]),
                .ahead_dst_o(ahead_dst[i*DW +: DW]), .ahead_ndst_o(ahead_ndst[i*DW +: DW]),
                .ahead_vld_o({ahead_nvld[i], ahead_fvld[i]}),
                .credit_o(in_credit_o[i]),
                .head_o(head[i*FW +: FW]), .nonempty_o(nonempty[i]),
                .next_o(next[i*FW +: FW]), .fwd_o(fwdv[i*FW +: FW]),
                .route_port_i(rport[i*PW +: PW]), .route_ok_i(rok[i]), .route_local_i(rlocal[i]),
                .nroute_port_i(nport[i*PW +: PW]), .nroute_ok_i(nok[i]), .nroute_local_i(nlocal[i]),
                .turn_ok_i(nturn[i]), .better_i(better),
                .req_o(req[i]), .port_o(port[i*PW +: PW]), .active_o(active[i]),
                .dual_o(dual[i]), .hold_o(hold[i]), .skip_o(skip[i]),
                .abs_valid_o(abs_valid_o[i]), .abs_flit_o(abs_flit_o[i*FW +: FW]),
                .grant_i(grant[i]), .fwd_i(fwd[i]), .drop_o(drop[i]),
                .held_port_o(held_port[i*PW +: PW]), .held_cred_i(held_cred[i])
`ifdef FORMAL
                , .fv_cnt_o(fv_cnt_o[i*$clog2(B + 1) +: $clog2(B + 1)])
                , .fv_pop_o(fv_pop_o[i])
`endif
            );
        end
    endgenerate

    // ---- route compute (one module per routing function) -----------------
    // Two routes per input: the front flit's destination (a head) and the
    // address flit behind it (the forward leg of an absorbed worm).
    generate
        if (ROUTING == `WC_ROUTING_TABLE) begin : g_rt_table
            // Table routers know their position only through the table;
            // up*/down* conformance of a forward leg is the table lookup
            // itself (phase from the arrival port).  The route of the
            // front and of the flit behind it is the table's in the cycle
            // they are there (the table may be rewritten while a flit
            // waits): the lookups read copies of the table in block RAM,
            // addressed a cycle ahead with the destinations the input
            // will have at its front and behind it after this cycle's pop
            // and push; an input's two lookups share one copy, as at most
            // one of them is a new destination in a cycle (SHARE = 1,
            // wc_route_table.v), told which of them are flits' so that
            // an empty buffer's field is never kept.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_node_id = ^{node_q, head_rt, next_rt, head, next};
            /* verilator lint_on UNUSEDSIGNAL */
            wire [2*P*DW-1:0] dsts;
            wire [2*P*PW-1:0] ports;
            wire [2*P-1:0]    oks, locals;
            assign dsts = {ahead_ndst, ahead_dst};
            wc_route_table #(.P(P), .PW(PW), .NNODES(NNODES), .CAW(CAW), .NL(2 * P), .SHARE(1)) u_rt (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .cfg_we_i(cfg_we_i), .cfg_addr_i(cfg_addr_i), .cfg_data_i(cfg_data_i),
                .dst_i(dsts), .vld_i({ahead_nvld, ahead_fvld}),
                .port_o(ports), .ok_o(oks), .local_o(locals)
            );
            assign in_rt  = {P*RWP{1'b0}};
            assign rport  = ports[0 +: P*PW];
            assign nport  = ports[P*PW +: P*PW];
            assign rok    = oks[0 +: P];
            assign nok    = oks[P +: P];
            assign rlocal = locals[0 +: P];
            assign nlocal = locals[P +: P];
            assign nturn  = {P{1'b1}};
        end else begin : g_rt_fn
            // Function-routed routers have no table: the configuration
            // port exists only so every router has the same interface.
            // The route is a function of the flit, the input port and the
            // node id (fixed after reset), so it is computed on the way into
            // the buffer: the same route the front would compute, a cycle
            // earlier.  A head and an address flit carry the destination
            // in the same field, so one record per flit serves as the
            // head's route at the front and as the forward leg's route
            // behind it.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_cfg = ^{cfg_we_i, cfg_addr_i, cfg_data_i, ahead_dst, ahead_ndst, ahead_fvld, ahead_nvld};
            /* verilator lint_on UNUSEDSIGNAL */
            for (i = 0; i < P; i = i + 1) begin : g_rc
                wire [DW-1:0] dst = in_flit_i[i*FW + `WC_HEAD_DST_LSB +: DW];
                wire [PW-1:0] rc_port;
                wire          rc_ok, rc_local, rc_turn;
                if (ROUTING == `WC_ROUTING_ECUBE) begin : g_ecube
                    wc_route_ecube #(.N(CUBE_N), .ALL_PORT(ALL_PORT), .HIGH_FIRST(HIGH_FIRST), .PW(PW)) u_rc (
                        .node_i(node_q), .dst_i(dst), .in_port_i(PW'(i)),
                        .port_o(rc_port), .ok_o(rc_ok), .local_o(rc_local), .turn_ok_o(rc_turn)
                    );
                end else if (ROUTING == `WC_ROUTING_WEST_FIRST) begin : g_west_first
                    wire          rc_alt_ok;
                    wire [PW-1:0] rc_alt_port;
                    wc_route_west_first #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_rc (
                        .node_i(node_q), .dst_i(dst), .in_port_i(PW'(i)),
                        .port_o(rc_port), .ok_o(rc_ok), .local_o(rc_local), .turn_ok_o(rc_turn),
                        .alt_ok_o(rc_alt_ok), .alt_port_o(rc_alt_port)
                    );
                    assign in_rt[i*RWP + PW + 3 +: PW + 1] = {rc_alt_ok, rc_alt_port};
                end else begin : g_xy
                    wc_route_xy #(.MX(MESH_X), .MY(MESH_Y), .PW(PW)) u_rc (
                        .node_i(node_q), .dst_i(dst), .in_port_i(PW'(i)),
                        .port_o(rc_port), .ok_o(rc_ok), .local_o(rc_local), .turn_ok_o(rc_turn)
                    );
                end
                // A head whose route is neither an ejection nor a legal
                // turn (BRCP: wc_route_*.v turn_ok_o) is as unroutable as
                // a destination outside the network: conformant routers
                // never send one, and dropping it lets the outputs take
                // requests only from the inputs a turn can come from
                // (turn_legal below).
                assign in_rt[i*RWP +: PW + 3] = {rc_turn, rc_local, rc_ok && (rc_turn || rc_local), rc_port};
                wire [RWP-1:0] h = head_rt[i*RWP +: RWP];
                wire [RWP-1:0] n = next_rt[i*RWP +: RWP];
                assign rport[i*PW +: PW] = h[PW-1:0];
                assign rok[i]            = h[PW];
                assign rlocal[i]         = h[PW + 1];
                assign nport[i*PW +: PW] = n[PW-1:0];
                assign nok[i]            = n[PW];
                assign nlocal[i]         = n[PW + 1];
                assign nturn[i]          = n[PW + 2];
            end
            // (the turn check applies to the forward leg only; the second
            // outputs are the input's to choose from)
            /* verilator lint_off UNUSEDSIGNAL */
            wire [P-1:0] unused_turn;
            wire [2*P*RWP-1:0] unused_alt = {head_rt, next_rt};
            for (i = 0; i < P; i = i + 1) begin : g_ut
                assign unused_turn[i] = head_rt[i*RWP + PW + 2];
            end
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    // ---- output units, transfer decision and crossbar --------------------
    // Selections are one-hot (an output's owner or this cycle's winner), so
    // the crossbar, the transfer decision and the grants gathered per input
    // are AND-OR trees with no index to decode.  The crossbar carries each
    // input's forward view: it is the front flit itself except for the
    // rewritten head of an absorbing worm, which is what that worm's
    // output must carry.
    wire [P*P-1:0]  sel_oh, gnt_oh;
    wire [P-1:0]    busy, has_cred, own;
    wire [P*CRW-1:0] cred;
    wire [P*FW-1:0] xbar_out;
    reg  [P-1:0]    sel_tail;
    reg  [P-1:0]    xfer;
    // (indices for the unit bench; the router uses the one-hot forms)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [P*PW-1:0] unused_sel, unused_gidx;
    wire [P-1:0]    unused_gvalid;
    /* verilator lint_on UNUSEDSIGNAL */

    localparam integer CRW = $clog2(B + 1);
    genvar o;
    generate
        for (o = 0; o < P; o = o + 1) begin : g_out
            reg [P-1:0] req_here;
            always @* begin : reqs
                integer k;
                for (k = 0; k < P; k = k + 1)
                    req_here[k] = req[k] && (port[k*PW +: PW] == PW'(o)) && turn_legal(k, o);
            end
            wc_output_ctrl #(.P(P), .IW(PW), .B(B), .STAGES(STAGES)) u_out (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .req_i(req_here), .xfer_i(xfer[o]),
                .tail_i(sel_tail[o]), .credit_i(out_credit_i[o]),
                .sel_o(unused_sel[o*PW +: PW]), .sel_oh_o(sel_oh[o*P +: P]),
                .busy_o(busy[o]), .has_cred_o(has_cred[o]),
                .gnt_valid_o(unused_gvalid[o]), .gnt_idx_o(unused_gidx[o*PW +: PW]), .gnt_oh_o(gnt_oh[o*P +: P]),
                .own_o(own[o]), .cred_o(cred[o*CRW +: CRW])
`ifdef FORMAL
                , .fv_cred_o(fv_cred_o[o*$clog2(B + 1) +: $clog2(B + 1)])
`endif
            );
            assign out_valid_o[o] = xfer[o];
            // Idle links carry zeros so waveforms and lockstep compare
            // clean: the crossbar's select is this cycle's transfer
            // (below), so an idle output selects nothing.
            assign out_flit_o[o*FW +: FW] = xbar_out[o*FW +: FW];
        end
    endgenerate

    // The inputs an output can be requested from: a routed head's port is
    // an ejection or a legal turn (the route records' ok bit), so for
    // function routers the pairs below are the only ones that ever
    // request, and the output's arbitration and crossbar leg of every
    // other input are constant (an XY router's Y inputs never reach its X
    // outputs, an e-cube input only the dimensions after its own in the
    // resolution order, an all-port cube's ejection port only its own
    // dimension).  Table routers turn
    // wherever their tables say.  Mirrors each route module's turn_ok_o
    // and ejection ports; the assertion at the end checks every request.
    function automatic turn_legal(input integer ip, input integer op);
        if (ROUTING == `WC_ROUTING_XY)
            turn_legal = op == `WC_MESH_PORT_L ||
                         ((ip == `WC_MESH_PORT_E || ip == `WC_MESH_PORT_W) ? op != ip :
                          (ip == `WC_MESH_PORT_N) ? op == `WC_MESH_PORT_S :
                          (ip == `WC_MESH_PORT_S) ? op == `WC_MESH_PORT_N : 1'b1);
        else if (ROUTING == `WC_ROUTING_WEST_FIRST)
            turn_legal = op == `WC_MESH_PORT_L ||
                         ((ip == `WC_MESH_PORT_E || ip == `WC_MESH_PORT_W) ? op != ip :
                          (ip == `WC_MESH_PORT_N) ? (op == `WC_MESH_PORT_S || op == `WC_MESH_PORT_E) :
                          (ip == `WC_MESH_PORT_S) ? (op == `WC_MESH_PORT_N || op == `WC_MESH_PORT_E) : 1'b1);
        else if (ROUTING == `WC_ROUTING_ECUBE)
            turn_legal = (op >= CUBE_N) ? ((ALL_PORT == 0) || (ip < CUBE_N && op == CUBE_N + ip)) :
                         (ip >= CUBE_N) ? 1'b1 :
                         (HIGH_FIRST != 0) ? op < ip : op > ip;
        else
            turn_legal = 1'b1;
    endfunction
    // The adaptive choice's comparison (wc_router.c better()): output a
    // is better than output b when a is free and b owned, or both alike
    // and a has more credits.  From registers only, so the choice adds no
    // path from this cycle's allocation; only adaptive functions have it.
    // Only the pairs the routing function can offer are compared (the
    // others are never read): west-first offers a second output only
    // beside E, and it is N or S (wc_route_west_first.v), so two
    // comparators instead of P*P, and the inputs' choice selects between
    // two bits instead of from the whole matrix: shorter hop, fewer LUTs.
    function automatic offered(input integer alt, input integer first);
        if (ROUTING == `WC_ROUTING_WEST_FIRST)
            offered = (alt == `WC_MESH_PORT_N || alt == `WC_MESH_PORT_S) && first == `WC_MESH_PORT_E;
        else
            offered = 1'b1;
    endfunction
    generate
        if (ADAPT != 0) begin : g_better
            // (outputs that are never an offered pair's, W and L, go
            // unread)
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_pairs = ^{own, cred};
            /* verilator lint_on UNUSEDSIGNAL */
            for (o = 0; o < P; o = o + 1) begin : g_ba
                for (i = 0; i < P; i = i + 1) begin : g_bb
                    if (offered(o, i)) begin : g_cmp
                        assign better[o*P + i] = {~own[o], cred[o*CRW +: CRW]} > {~own[i], cred[i*CRW +: CRW]};
                    end else begin : g_none
                        assign better[o*P + i] = 1'b0;
                    end
                end
            end
        end else begin : g_nobetter
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_own = ^{own, cred};
            /* verilator lint_on UNUSEDSIGNAL */
            assign better = {P*P{1'b0}};
        end
    endgenerate

    // A worm moves when its output has a credit; the forward copy of an
    // absorbed worm waits while the stripped address goes to the node, and
    // nothing moves in the cycle an absorbing head is granted.
    // (two stages: an owner is never an idle input, so no head being
    // granted is selected and the hold is left off the transfer's path)
    wire [P-1:0] ready = nonempty & ~((STAGES == 2) ? {P{1'b0}} : hold) & ~(dual & skip);
    always @* begin : transfer
        integer q;
        for (q = 0; q < P; q = q + 1)
            xfer[q] = busy[q] && has_cred[q] && ((sel_oh[q*P +: P] & ready) != {P{1'b0}});
    end

    // The crossbar selects the input an output moves a flit from this
    // cycle (its owner or winner, qualified by the transfer): the zeros of
    // an idle link come out of the AND-OR tree itself, with no gate per
    // bit behind it.  (The output unit reads the tail bit only with its
    // transfer, but takes it from the selection alone, which maps
    // smaller than from the gated crossbar.)
    reg [P*P-1:0] xsel;
    always @* begin : xsel_gate
        integer q, k;
        for (q = 0; q < P; q = q + 1) begin
            xsel[q*P +: P] = sel_oh[q*P +: P] & {P{xfer[q]}};
            sel_tail[q]    = 1'b0;
            for (k = 0; k < P; k = k + 1)
                sel_tail[q] = sel_tail[q] | (sel_oh[q*P + k] & fwdv[k*FW + W + 1]);
        end
    end
    wc_crossbar #(.P(P), .NI(P), .FW(FW), .IW(P), .ONEHOT(1)) u_xbar (
        .in_i(fwdv), .sel_i(xsel), .out_o(xbar_out)
    );

    // The credit of the output each input holds (its early request, two
    // stages).
    always @* begin : held
        integer h, q;
        for (h = 0; h < P; h = h + 1) begin
            held_cred[h] = 1'b0;
            for (q = 0; q < P; q = q + 1)
                if (held_port[h*PW +: PW] == PW'(q)) held_cred[h] = has_cred[q];
        end
    end

    // Per-input grant / forward, gathered from the outputs.
    reg [P-1:0] grant_r, fwd_r;
    always @* begin : gather
        integer b;
        grant_r = {P{1'b0}};
        fwd_r   = {P{1'b0}};
        for (b = 0; b < P; b = b + 1) begin
            grant_r = grant_r | gnt_oh[b*P +: P];
            fwd_r   = fwd_r | (sel_oh[b*P +: P] & {P{xfer[b]}});
        end
    end
    assign grant = grant_r;
    assign fwd   = fwd_r;

    // ---- drop counter --------------------------------------------------
    // The discards of this cycle counted first, then one saturating add:
    // the same count as adding them one by one, without a chain of P
    // incrementers (one saturating carry chain per input was the
    // router's longest path on ECP5).
    localparam integer NCW = $clog2(P + 1);
    reg [15:0]    drops_q, drops_d;
    reg [NCW-1:0] ndrop;
    always @* begin : count
        integer c;
        reg [16:0] sum;
        ndrop = {NCW{1'b0}};
        for (c = 0; c < P; c = c + 1)
            ndrop = ndrop + NCW'(drop[c]);
        sum     = {1'b0, drops_q} + 17'(ndrop);
        drops_d = sum[16] ? 16'hffff : sum[15:0];
    end
    always @(posedge clk_i) begin
        if (!rst_ni) drops_q <= 16'd0;
        else         drops_q <= drops_d;
    end
    assign drop_count_o = drops_q;

`ifndef SYNTHESIS
    // Protocol: an output carries one worm at a time, and a tail always
    // ends the allocation it belongs to.
    always @(posedge clk_i) begin : protocol
        integer q;
        if (rst_ni) begin
            for (q = 0; q < P; q = q + 1)
                if (fwd[q] && !(active[q] || dual[q] || grant[q]))
                    $error("%m: input %0d forwarded without allocation", q);
            for (q = 0; q < P; q = q + 1)
                if (STAGES == 2 && (sel_oh[q*P +: P] & hold) != {P{1'b0}})
                    $error("%m: two stages: output %0d owned by an input whose head is being granted", q);
            // a request the turn mask removes would wait for ever
            for (q = 0; q < P; q = q + 1)
                if (req[q] && !turn_legal(q, {{(32 - PW){1'b0}}, port[q*PW +: PW]}))
                    $error("%m: input %0d requests output %0d, which no legal turn reaches", q, port[q*PW +: PW]);
        end
    end
`endif
endmodule
`resetall

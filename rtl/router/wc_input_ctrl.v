// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Input unit of one router port: the input buffer plus the worm state.
//
// Unicast: a head flit at the buffer front that is not yet part of an
// allocated worm requests the output its route compute chose; once
// granted the input is 'active' and every flit of the worm follows to
// that output until the tail.
//
// Multidestination worms (intermediate reception): a head whose kind is
// WC_KIND_MULTI with address flits left, routed to a node (ejection) port
// of this router, is absorbed here and forwarded.  The input asks only for
// the forward output F (the route of the first address flit); the
// absorbed copy leaves on this input's own absorption channel (abs_*_o),
// which the node always drains, so it is never allocated, never waited
// for and never blocks: an absorbing worm waits only for F, a channel of
// the base routing, and BRCP keeps those dependencies acyclic.  (Sharing
// the node's ejection channel instead would let two absorbing worms each
// hold one ejection channel while waiting for a link towards the other:
// a cycle.)  The copies move together: a flit goes to the absorption
// channel as it goes to F; F gets the head rewritten to the next
// destination (one address fewer) and skips the first address flit, so
// the address is stripped.  The forward turn must continue the base
// routing (turn_ok_i); a worm that breaks it, or has no address flit
// behind a multidestination head, is discarded and counted like any
// malformed worm.  Mirrors wc_router_eval/commit in cmodel/wc_router.c.
//
// Decisions made when a flit is written (cycle-neutral: the results are
// pure functions of the flit and of the router's fixed configuration, so
// computing them on the way in rather than at the buffer front changes no
// decision and no cycle, and takes them off the router's one-cycle hop):
// the kind decode of a head (multidestination with address flits, the
// last address) always; the route of the flit's destination field when
// the router supplies one (RW > 0: XY and e-cube, whose route depends on
// the flit, the input port and the node id latched in reset; table
// routers look up at the front, since their table may be rewritten while
// a flit waits).  A head and an address flit carry the destination in the
// same field, so the one stored route serves as the head's route at the
// front and as the forward leg's route behind it.
//
// Malformed input never blocks the port: an unroutable head, or a body or
// tail with no worm in progress, is discarded together with the rest of
// its worm (up to its tail, or the next head) and counted once.  A
// discarded flit frees its slot, so it returns a credit like a forwarded
// one.
module wc_input_ctrl #(
    parameter integer FW = 34,  // flit width = W + 2 (type on top)
    parameter integer B  = 8,   // buffer depth, >= 1
    parameter integer PW = 3,   // output port index width
    // Route record width stored beside each flit ({turn_ok, local, ok,
    // port}: PW + 3; an adaptive routing function's {alt_ok, alt_port,
    // turn_ok, local, ok, port}: 2*PW + 4), or 0 when routes come from
    // route_*_i/nroute_*_i.
    parameter integer RW = 0,
    // the router's ports (better_i)
    parameter integer NP = 5,
    // depth from which the buffer's body is block RAM (wc_fifo.v)
    parameter integer RAM_MIN_B = 5,
    // hop pipeline (wc_router.v STAGES): with 2, the head behind a
    // crossing tail requests in the tail's cycle (early request)
    parameter integer STAGES = 1
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // Link from upstream.
    input  wire          in_valid_i,
    input  wire [FW-1:0] in_flit_i,
    // Route record of in_flit_i's destination field (RW > 0; ignored
    // otherwise): {turn_ok, local, ok, port}.
    input  wire [((RW > 0) ? RW : 1)-1:0] in_route_i,
    output wire          credit_o,     // one slot freed last cycle
    // Buffer front and the flit behind it.
    output wire [FW-1:0] head_o,
    output wire          nonempty_o,
    output wire [FW-1:0] next_o,
    // The front flit as the forward copy sees it (the head rewritten for
    // the next destination while absorbing; otherwise head_o).
    output wire [FW-1:0] fwd_o,
    // Stored route records of the front flit and the one behind it (RW >
    // 0; zero otherwise).
    output wire [((RW > 0) ? RW : 1)-1:0] head_route_o,
    output wire [((RW > 0) ? RW : 1)-1:0] next_route_o,
    // The destination fields the front and the flit behind it will have
    // next cycle (after this cycle's pop and push): table routers address
    // their synchronous lookups with them.  Don't care where no such flit
    // will be.
    output wire [`WC_HEAD_DST_W-1:0] ahead_dst_o,
    output wire [`WC_ADDR_DST_W-1:0] ahead_ndst_o,
    // Whether those flits will be there: {behind, front}.  A lookup
    // that keeps words between cycles (the table's shared copy) must not
    // take an absent flit's field for a destination.
    output wire [1:0]                ahead_vld_o,
    // Route of the front flit's destination (meaningful for a head).
    input  wire [PW-1:0] route_port_i,
    input  wire          route_ok_i,
    input  wire          route_local_i,
    // Route of next_o's address (the forward leg of an absorbed worm),
    // and whether that turn continues the base routing.
    input  wire [PW-1:0] nroute_port_i,
    input  wire          nroute_ok_i,
    input  wire          nroute_local_i,
    input  wire          turn_ok_i,
    // Adaptive routing (RW = 2*PW + 4): bit a*NP + b set when output a is
    // better than output b this cycle (free against owned, else more
    // credits; wc_router.v), from registers.  A head whose record offers
    // a second output takes it when it is better than the first: the
    // choice of wc_router_route() in cmodel/wc_router.c, made in the
    // cycle the request is made, for the front's request (la_port) and
    // the early request (le_port) alike.
    input  wire [NP*NP-1:0] better_i,
    // Allocation request and the output it is for.
    output wire          req_o,
    output wire [PW-1:0] port_o,
    // State for the router's transfer decision.
    output wire          active_o,     // unicast worm holds port_o
    output wire          dual_o,       // absorbing worm holds its forward output
    output wire          hold_o,       // absorbing head being granted: no transfer yet
    output wire          skip_o,       // front is the stripped address: absorbed only
    // Absorption channel to the node (no flow control: always drained).
    output wire          abs_valid_o,
    output wire [FW-1:0] abs_flit_o,
    // From the output side this cycle.
    input  wire          grant_i,      // req_o won its output
    input  wire          fwd_i,        // front flit crossed the crossbar
    // The output this input holds (port_q) and whether that output has a
    // credit: for a unicast worm in progress, whether its front crosses
    // this cycle (fwd_i) straight from registers.
    output wire [PW-1:0] held_port_o,
    input  wire          held_cred_i,
    output wire          drop_o        // a worm was discarded (count it)
`ifdef FORMAL
    // (proofs only, formal/wc_router_fv.v: the buffer's count, and
    // whether its front leaves this cycle)
    , output wire [$clog2(B + 1)-1:0] fv_cnt_o
    , output wire                     fv_pop_o
`endif
);
    localparam integer W  = FW - 2;
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer NW = `WC_HEAD_NADDR_W;
    localparam integer RWP = (RW > 0) ? RW : 1;
    // the record offers a second output
    localparam integer ALT = (RW >= 2 * PW + 4) ? 1 : 0;

    wire          empty, two;
    wire          pop;
    reg           active_q, active_d;
    reg  [PW-1:0] port_q, port_d;
    reg           dropping_q, dropping_d;
    reg           credit_q;
    reg           dual_q, dual_d;       // an absorbing worm holds port_q
    reg           skip_q, skip_d;
    // its head has left: a later head (a worm that lost its tail) is
    // carried as a body flit, never rewritten or stripped again
    reg           hdone_q, hdone_d;

    // Per-flit decode stored beside it: {multi with address flits, one
    // address flit left}.
    localparam integer DCW = 2;
    localparam integer SW  = FW + DCW + RW;
    wire [NW-1:0]  in_naddr = in_flit_i[`WC_HEAD_NADDR_LSB +: NW];
    wire           in_multi = (in_flit_i[`WC_HEAD_KIND_LSB +: `WC_HEAD_KIND_W] == `WC_HEAD_KIND_W'(`WC_KIND_MULTI)) &&
                              (in_naddr != {NW{1'b0}});
    wire [DCW-1:0] in_dec   = {in_multi, in_naddr == NW'(1)};
    localparam integer CW  = $clog2(B + 1);
    wire [SW-1:0]  slot_in, slot_head, slot_next, slot_third;
    wire [CW-1:0]  cnt;
    wire [DCW-1:0] dec;
    // The front's request, a cycle ahead (RW > 0): see below; and the
    // early request's (le_*, two stages).
    wire           la_head, la_reqok, la_here, le_ok;
    wire [PW-1:0]  la_port, le_port;
    // (adaptive routing: the records' first outputs, before the choice)
    wire [PW-1:0]  la_pport, le_pport;
    generate
        if (RW > 0) begin : g_rs
            assign slot_in      = {in_route_i, in_dec, in_flit_i};
            assign head_route_o = slot_head[FW + DCW +: RW];
            assign next_route_o = slot_next[FW + DCW +: RW];
        end else begin : g_rn
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_route = ^in_route_i;
            /* verilator lint_on UNUSEDSIGNAL */
            assign slot_in      = {in_dec, in_flit_i};
            assign head_route_o = {RWP{1'b0}};
            assign next_route_o = {RWP{1'b0}};
        end
    endgenerate
    // (the decode behind the front: its multidestination bit for the
    // early request)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [DCW-1:0] next_dec = slot_next[FW +: DCW];
    /* verilator lint_on UNUSEDSIGNAL */

    // What the front's flags a cycle ahead read of the flit behind the
    // front and of the third (below) is a slot's top bits, its type,
    // decode and route record: its data bits are read behind the front
    // only (the forward copy's rewritten head), so in the block-RAM form
    // they are the front's register and one body read (wc_fifo.v LA).
    // Table routers look up the third's address field (ahead_ndst_o):
    // every bit.
    localparam integer LA = (RW > 0) ? SW - W : SW;
    wc_fifo #(.FW(SW), .B(B), .RAM_MIN_B(RAM_MIN_B), .LA(LA)) u_fifo (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .push_i(in_valid_i), .data_i(slot_in),
        .pop_i(pop), .head_o(slot_head), .empty_o(empty),
        .next_o(slot_next), .two_o(two),
        .third_o(slot_third), .cnt_o(cnt)
    );
    assign head_o = slot_head[FW-1:0];
`ifdef FORMAL
    assign fv_cnt_o = cnt;
    assign fv_pop_o = pop;
`endif
    assign next_o = slot_next[FW-1:0];
    assign dec    = slot_head[FW +: DCW];

    wire          is_head = head_o[W];
    wire          is_tail = head_o[W + 1];
    wire [NW-1:0] naddr   = head_o[`WC_HEAD_NADDR_LSB +: NW];
    wire          multi   = dec[1];
    wire          last    = dec[0];   // naddr == 1
    wire          idle    = !active_q && !dual_q;
    // A fresh head starts a worm even while discarding: a worm that lost
    // its tail must not swallow the next one.
    wire fresh   = !empty && idle && is_head;
    wire stray   = !empty && idle && !is_head;
    // absorbed here: a multidestination head whose destination is ours
    wire here0   = multi && route_ok_i && route_local_i;
    // its forward leg, once the first address flit is in
    wire leg_ok  = two && !next_o[W] && nroute_ok_i && turn_ok_i &&
                   (!nroute_local_i || last);
    // with one-flit buffers the address flit can never sit behind the
    // head: such a router cannot absorb, so it drops the worm rather than
    // block the input
    wire bad0    = !route_ok_i || (multi && is_tail) || (here0 && (B < 2 || (two && !leg_ok)));
    wire bad     = fresh && bad0;
    wire discard = bad || stray;
    // the request of a head at the front, were the input idle: unicast
    // heads (and multidestination heads passing through) ask for their
    // route; absorbing heads for their forward leg
    wire          reqok0 = !bad0 && (!here0 || two);
    wire [PW-1:0] port0  = here0 ? nroute_port_i : route_port_i;
    // The same from registers when the routes are stored (RW > 0): the
    // front flags are a function of the buffer's contents and count
    // only, so they are computed a cycle ahead, for the front the buffer
    // will have with a pop and without one, and the pop picks one at the
    // end of the cycle.  The request then starts at registers and an idle
    // bit, not at the buffer's read multiplexers and the decode after
    // them.  (Table routers look their routes up at the front: theirs stay
    // combinational.)
    wire here = idle && la_here && la_head;
    // the early request's condition at the buffer (two stages; see there)
    wire le_ok0 = two && is_tail && next_o[W] && nroute_ok_i &&
                  !(next_dec[1] && (nroute_local_i || next_o[W + 1]));

    generate
        if (RW > 0) begin : g_la
            // candidates: [0] no pop, [1] pop (the front leaves)
            wire [CW:0]   n_in  = {1'b0, cnt} + (CW + 1)'(in_valid_i);
            wire [SW-1:0] f [0:1];
            wire [SW-1:0] n [0:1];
            wire [CW:0]   c [0:1];
            assign f[0] = (cnt == CW'(0)) ? slot_in : slot_head;
            assign n[0] = (cnt == CW'(1)) ? slot_in : slot_next;
            assign c[0] = n_in;
            assign f[1] = (cnt == CW'(1)) ? slot_in : slot_next;
            assign n[1] = (cnt == CW'(2)) ? slot_in : slot_third;
            assign c[1] = n_in - 1'b1;
            wire [PW+2:0] flags [0:1];
            wire [PW:0]   eflags [0:1];
            genvar k;
            for (k = 0; k < 2; k = k + 1) begin : g_cand
                wire [RW-1:0] fr    = f[k][FW + DCW +: RW];
                wire [RW-1:0] nr    = n[k][FW + DCW +: RW];
                wire          has2  = c[k] >= (CW + 1)'(2);
                wire          fhere = f[k][FW + 1] && fr[PW] && fr[PW + 1];
                wire          fleg  = has2 && !n[k][W] && nr[PW] && nr[PW + 2] && (!nr[PW + 1] || f[k][FW]);
                wire          fbad  = !fr[PW] || (f[k][FW + 1] && f[k][W + 1]) || (fhere && (B < 2 || (has2 && !fleg)));
                assign flags[k] = {c[k] != {(CW + 1){1'b0}} && f[k][W], !fbad && (!fhere || has2), fhere,
                                   fhere ? nr[PW-1:0] : fr[PW-1:0]};
                // the early request's (two stages): the front a tail, a
                // head behind it that will be routed
                assign eflags[k] = {has2 && f[k][W + 1] && n[k][W] && nr[PW] &&
                                    !(n[k][FW + 1] && (nr[PW + 1] || n[k][W + 1])), nr[PW-1:0]};
            end
            reg [PW+2:0] la_q;
            always @(posedge clk_i) begin
                if (!rst_ni) la_q <= {(PW + 3){1'b0}};
                else         la_q <= flags[(pop && !empty) ? 1 : 0];
            end
            assign {la_head, la_reqok, la_here, la_pport} = la_q;
            reg [PW:0] le_q;
            always @(posedge clk_i) begin
                if (!rst_ni) le_q <= {(PW + 1){1'b0}};
                else         le_q <= eflags[(pop && !empty) ? 1 : 0];
            end
            assign {le_ok, le_pport} = le_q;
            if (ALT != 0) begin : g_alt
                // The second outputs, a cycle ahead like the first: the
                // forward leg's record for an absorbed head, the front's
                // otherwise; the early request's is the record behind.
                wire [PW:0] aflags [0:1];
                wire [PW:0] eaflags [0:1];
                for (k = 0; k < 2; k = k + 1) begin : g_acand
                    wire [RW-1:0] fr    = f[k][FW + DCW +: RW];
                    wire [PW:0]   na    = n[k][FW + DCW + PW + 3 +: PW + 1];
                    wire          fhere = f[k][FW + 1] && fr[PW] && fr[PW + 1];
                    assign aflags[k]  = fhere ? na : fr[PW + 3 +: PW + 1];
                    assign eaflags[k] = na;
                end
                reg [PW:0] la_alt_q, le_alt_q;
                always @(posedge clk_i) begin
                    if (!rst_ni) begin
                        la_alt_q <= {(PW + 1){1'b0}};
                        le_alt_q <= {(PW + 1){1'b0}};
                    end else begin
                        la_alt_q <= aflags[(pop && !empty) ? 1 : 0];
                        le_alt_q <= eaflags[(pop && !empty) ? 1 : 0];
                    end
                end
                // the choice: the second output when it is better.  An
                // AND-OR over the pairs rather than an index into the
                // matrix: the pairs the router does not compare are
                // constant zeros (wc_router.v offered()), which synthesis
                // removes from AND terms but not from a multiplexer
                function automatic pick(input [NP*NP-1:0] bm, input [PW-1:0] a, input [PW-1:0] b);
                    integer x, y;
                    pick = 1'b0;
                    for (x = 0; x < NP; x = x + 1)
                        for (y = 0; y < NP; y = y + 1)
                            pick = pick | (bm[x*NP + y] & (a == PW'(x)) & (b == PW'(y)));
                endfunction
                wire [PW-1:0] la_aport = la_alt_q[PW-1:0];
                wire [PW-1:0] le_aport = le_alt_q[PW-1:0];
                wire la_take = la_alt_q[PW] && pick(better_i, la_aport, la_pport);
                wire le_take = le_alt_q[PW] && pick(better_i, le_aport, le_pport);
                assign la_port = la_take ? la_aport : la_pport;
                assign le_port = le_take ? le_aport : le_pport;
            end else begin : g_noalt
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_better = ^better_i;
                /* verilator lint_on UNUSEDSIGNAL */
                assign la_port = la_pport;
                assign le_port = le_pport;
            end
`ifndef SYNTHESIS
            always @(posedge clk_i) begin
                // (the port matters only to a request)
                if (rst_ni && (la_head != (!empty && is_head) ||
                               (la_head && {la_reqok, la_here} != {reqok0, here0}) ||
                               (la_head && la_reqok && la_pport != port0)))
                    $error("%m: front flags a cycle ahead disagree with the front: %b %b %b %h vs %b %b %b %h cnt %0d",
                           la_head, la_reqok, la_here, la_pport, !empty && is_head, reqok0, here0, port0, cnt);
                if (rst_ni && (le_ok != le_ok0 || (le_ok && le_pport != nroute_port_i)))
                    $error("%m: early-request flags a cycle ahead disagree with the buffer: %b %h vs %b %h",
                           le_ok, le_pport, le_ok0, nroute_port_i);
            end
`endif
        end else begin : g_nla
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_la = ^{slot_third, cnt, better_i, la_pport, le_pport};
            /* verilator lint_on UNUSEDSIGNAL */
            assign la_pport = {PW{1'b0}};
            assign le_pport = {PW{1'b0}};
            assign la_head  = !empty && is_head;
            assign la_reqok = reqok0;
            assign la_here  = here0;
            // (the port of an input that does not request: as it always was)
            assign la_port  = fresh ? port0 : route_port_i;
            assign le_ok    = le_ok0;
            assign le_port  = nroute_port_i;
        end
    endgenerate

    // (the same candidates as the flags a cycle ahead above, for the
    // destination fields only)
    wire popping = pop && !empty;
    assign ahead_dst_o  = popping ? ((cnt == CW'(1)) ? in_flit_i[`WC_HEAD_DST_LSB +: `WC_HEAD_DST_W]
                                                     : next_o[`WC_HEAD_DST_LSB +: `WC_HEAD_DST_W])
                                  : ((cnt == CW'(0)) ? in_flit_i[`WC_HEAD_DST_LSB +: `WC_HEAD_DST_W]
                                                     : head_o[`WC_HEAD_DST_LSB +: `WC_HEAD_DST_W]);
    // (the occupancy after this cycle's pop and push; a push never
    // overflows the buffer: the credit protocol)
    wire [CW:0] ahead_cnt = {1'b0, cnt} + (CW + 1)'(in_valid_i) - (CW + 1)'(popping);
    assign ahead_vld_o = {ahead_cnt >= (CW + 1)'(2), ahead_cnt != {(CW + 1){1'b0}}};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [FW-1:0] third = slot_third[FW-1:0];
    /* verilator lint_on UNUSEDSIGNAL */
    assign ahead_ndst_o = popping ? ((cnt == CW'(2)) ? in_flit_i[`WC_ADDR_DST_LSB +: `WC_ADDR_DST_W]
                                                     : third[`WC_ADDR_DST_LSB +: `WC_ADDR_DST_W])
                                  : ((cnt == CW'(1)) ? in_flit_i[`WC_ADDR_DST_LSB +: `WC_ADDR_DST_W]
                                                     : next_o[`WC_ADDR_DST_LSB +: `WC_ADDR_DST_W]);

    // Early request (two stages): a unicast worm whose tail crosses now,
    // with a head behind it that will be routed, not absorbed or
    // dropped, asks for that head's route in this cycle, so the head
    // crosses in the next one, right behind its tail (the input loses no
    // cycle between worms).  Absorbed and dropped heads wait for the
    // front, as fresh heads do.  The route behind the front is ready for
    // both kinds of router (the stored record, the table's second lookup).
    // Whether the tail crosses is its output's credit: the output belongs
    // to this worm and nothing else holds a unicast front back, so the
    // request does not wait for the crossbar's decision (fwd_i).
    // (from registers a cycle ahead where the routes are stored, as the
    // front's request: le_ok, below)
    wire early_ok = (STAGES == 2) && active_q && le_ok;
    wire early    = early_ok && held_cred_i;
    assign held_port_o = port_q;
    assign nonempty_o = !empty;
    assign req_o      = (idle && la_head && la_reqok) || early;
    assign port_o     = early_ok ? le_port : (active_q || dual_q) ? port_q : la_port;
    assign active_o   = active_q;
    assign dual_o     = dual_q;
    assign hold_o     = here;
    assign skip_o     = skip_q;
    // the stripped address needs no output: it only goes to the node
    // Whether the front crosses.  Two stages: only an output owned at the
    // start of the cycle moves a flit, and the output this input holds is
    // owned by it, so the front crosses exactly when that output has a
    // credit (the transfer decision of wc_router.v, asserted equal below):
    // the pop then does not wait for the output side's decision.
    wire   fwd        = (STAGES == 2) ? ((active_q || (dual_q && !skip_q)) && !empty && held_cred_i) : fwd_i;
    wire   absorb     = dual_q && (fwd || (skip_q && !empty));
    assign pop        = discard || fwd || absorb;
    assign abs_valid_o = absorb;
    assign abs_flit_o  = absorb ? head_o : {FW{1'b0}};
    assign drop_o     = bad || (stray && !dropping_q);
    assign credit_o   = credit_q;

    // the head the forward copy carries: next destination, one address
    // fewer, and a single-flit worm if the stripped address was the tail
    reg [FW-1:0] rewrite;
    always @* begin
        rewrite = head_o;
        rewrite[`WC_HEAD_DST_LSB +: DW]   = next_o[`WC_ADDR_DST_LSB +: DW];
        rewrite[`WC_HEAD_NADDR_LSB +: NW] = naddr - 1'b1;
        rewrite[W + 1]                    = next_o[W + 1];
    end
    assign fwd_o = (dual_q && !hdone_q && is_head) ? rewrite : head_o;

    always @* begin
        active_d   = active_q;
        port_d     = port_q;
        dropping_d = dropping_q;
        dual_d     = dual_q;
        skip_d     = skip_q;
        hdone_d    = hdone_q;
        if (grant_i && !here) begin
            active_d = 1'b1;
            port_d   = early_ok ? le_port : la_port;
        end
        if (grant_i && here) begin
            dual_d   = 1'b1;
            port_d   = la_port;
        end
        // (a one-flit worm is granted and forwarded in the same cycle; an
        // early grant goes on with the worm behind the tail)
        if (fwd && !dual_q && is_tail && !(grant_i && early_ok))
            active_d = 1'b0;
        if (absorb) begin
            skip_d  = is_head && !hdone_q;
            hdone_d = 1'b1;
            if (is_tail) begin
                dual_d  = 1'b0;
                skip_d  = 1'b0;
                hdone_d = 1'b0;
            end
        end
        if (fresh)
            dropping_d = 1'b0;
        if (discard)
            dropping_d = !is_tail;
    end

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            active_q   <= 1'b0;
            port_q     <= {PW{1'b0}};
            dropping_q <= 1'b0;
            credit_q   <= 1'b0;
            dual_q     <= 1'b0;
            skip_q     <= 1'b0;
            hdone_q    <= 1'b0;
        end else begin
            active_q   <= active_d;
            port_q     <= port_d;
            dropping_q <= dropping_d;
            credit_q   <= pop;
            dual_q     <= dual_d;
            skip_q     <= skip_d;
            hdone_q    <= hdone_d;
        end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
        if (rst_ni && grant_i && !req_o)
            $error("%m: grant without request");
        if (rst_ni && fwd != fwd_i)
            $error("%m: the front's own transfer decision %b disagrees with the router's %b", fwd, fwd_i);
        if (rst_ni && active_q && !empty && held_cred_i != fwd_i)
            $error("%m: a unicast worm's front crossed against its output's credit (%b, crossed %b)", held_cred_i, fwd_i);
        if (rst_ni && grant_i && STAGES == 2 && fwd_i && !early)
            $error("%m: two stages: a grant beside a transfer that is not an early request");
        if (rst_ni && fwd_i && !(active_q || (dual_q && !skip_q) || (grant_i && fresh && !here)))
            $error("%m: forward without an allocated output");
        if (rst_ni && active_q && dual_q)
            $error("%m: unicast and absorbing worm at once");
    end
`endif
endmodule
`resetall

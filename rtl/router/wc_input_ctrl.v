`default_nettype none
`include "wc_defs.vh"
// Input unit of one router port: the input buffer plus the worm state.
//
// A head flit at the buffer front that is not yet part of an allocated
// worm requests the output its route compute chose.  Once granted, the
// input is 'active' and every flit of the worm follows to that output
// until the tail.  Malformed input never blocks the port: an unroutable
// head, or a body/tail with no worm in progress, is discarded together
// with the rest of its worm (up to its tail, or the next head) and
// counted once.  A discarded flit frees its slot, so it returns a credit
// like a forwarded one.  Mirrors struct wc_in / in_eval() in
// cmodel/wc_router.c.
module wc_input_ctrl #(
    parameter integer FW = 34,  // flit width = W + 2 (type on top)
    parameter integer B  = 8,   // buffer depth, >= 1
    parameter integer PW = 3    // output port index width
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // Link from upstream.
    input  wire          in_valid_i,
    input  wire [FW-1:0] in_flit_i,
    output wire          credit_o,     // one slot freed last cycle
    // Buffer front, to route compute and crossbar.
    output wire [FW-1:0] head_o,
    output wire          nonempty_o,
    // Route of the front flit (meaningful when it is a head).
    input  wire [PW-1:0] route_port_i,
    input  wire          route_ok_i,
    // Allocation request for a fresh routable head, and where it goes
    // (the allocated port while active).
    output wire          req_o,
    output wire [PW-1:0] port_o,
    output wire          active_o,
    // From the output side this cycle.
    input  wire          grant_i,      // req_o won its output
    input  wire          fwd_i,        // front flit crossed the crossbar
    output wire          drop_o        // a worm was discarded (count it)
);
    localparam integer W = FW - 2;

    wire          empty;
    wire          pop;
    reg           active_q, active_d;
    reg  [PW-1:0] port_q, port_d;
    reg           dropping_q, dropping_d;
    reg           credit_q;

    wc_fifo #(.FW(FW), .B(B)) u_fifo (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .push_i(in_valid_i), .data_i(in_flit_i),
        .pop_i(pop), .head_o(head_o), .empty_o(empty)
    );

    wire is_head = head_o[W];
    wire is_tail = head_o[W + 1];
    // A fresh head starts a worm even while discarding: a worm that lost
    // its tail must not swallow the next one.
    wire fresh   = !empty && !active_q && is_head;
    wire stray   = !empty && !active_q && !is_head;
    wire discard = (fresh && !route_ok_i) || stray;

    assign nonempty_o = !empty;
    assign req_o      = fresh && route_ok_i;
    assign port_o     = active_q ? port_q : route_port_i;
    assign active_o   = active_q;
    assign pop        = discard || fwd_i;
    assign drop_o     = (fresh && !route_ok_i) || (stray && !dropping_q);
    assign credit_o   = credit_q;

    always @* begin
        active_d   = active_q;
        port_d     = port_q;
        dropping_d = dropping_q;
        if (grant_i) begin
            active_d = 1'b1;
            port_d   = route_port_i;
        end
        if (fwd_i && is_tail)
            active_d = 1'b0;
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
        end else begin
            active_q   <= active_d;
            port_q     <= port_d;
            dropping_q <= dropping_d;
            credit_q   <= pop;
        end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
        if (rst_ni && grant_i && !req_o)
            $error("%m: grant without request");
        if (rst_ni && fwd_i && !(active_q || grant_i))
            $error("%m: forward without an allocated output");
    end
`endif
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
`include "wc_nic_checks.vh"
// The job unit's adaptive timeout (docs/nic-flow.md): one round-trip probe
// at a time.  A first-time data packet starts one if none runs (stage B of
// its SEL); an ack that covers its packet is a round trip, which raises the
// peak at once or lowers it by a sixteenth of the difference; a resend of
// its child (a timeout, a NAK: Karn) or the end of its job (completion, or
// a new job in its place) ends it.  The timeout is eight times the peak,
// clamped to [WC_NIC_RTO_MIN, NICR_TIMEOUT].
// cmodel/wc_nic_jrto.c (and nic_rto() in cmodel/wc_nic_int.h).
module wc_nic_jrto #(
    parameter integer JSEND    = 4,
    parameter integer JFWD     = 8,
    parameter integer KW       = 7,
    parameter integer MAXCHILD = `WC_NIC_MAX_CHILDREN,
    // Derived (leave at the default; the body checks them):
    parameter integer J    = JSEND + JFWD,
    parameter integer JW   = $clog2(J),
    parameter integer CIW  = MAXCHILD > 1 ? $clog2(MAXCHILD) : 1
) (
    input  wire             clk_i,
    input  wire             rst_ni,
    input  wire             soft_i,
    input  wire [31:0]      now_i,
    input  wire [31:0]      timeout_i,  // NICR_TIMEOUT: the largest
    output wire [31:0]      rto_o,
    // stage B (wc_nic_jrel): the operation's job and child
    input  wire [JW-1:0]    b_j_i,
    input  wire [CIW-1:0]   b_c_i,
    input  wire             start_i,    // SEL: a first-time data packet k_i
    input  wire [KW-1:0]    k_i,
    input  wire             sample_i,   // ACK: the probe's packet acknowledged
    input  wire             nak_pr_i,   // ACK: a NAK rewinds the probe's child
    input  wire             tmo_i,      // TMO: the child timed out
    input  wire             push_i,     // DONE: the job leaves
    input  wire             newfj_i,    // a forwarding job starts at nfj_i
    input  wire [JW-1:0]    nfj_i,
    input  wire             create_i,   // a send job starts at cj_i
    input  wire [JW-1:0]    cj_i,
    output wire             pr_v_o,
    output wire [JW-1:0]    pr_j_o,
    output wire [CIW-1:0]   pr_c_o,
    output wire [KW-1:0]    pr_k_o
);
    initial begin
        `WC_NIC_CHECK_JSEND
        `WC_NIC_CHECK_JFWD
        `WC_NIC_CHECK_MAXCHILD
        `WC_NIC_CHECK_KW
        if (J != JSEND + JFWD) $error("%m: J is derived, leave it at its default");
        if (JW != $clog2(J)) $error("%m: JW is derived, leave it at its default");
        if (CIW != (MAXCHILD > 1 ? $clog2(MAXCHILD) : 1)) $error("%m: CIW is derived, leave it at its default");
    end

    reg            prv_q;
    reg  [JW-1:0]  prj_q;
    reg  [CIW-1:0] prc_q;
    reg  [KW-1:0]  prk_q;
    reg  [31:0]    prt_q, pk_q;
    wire [31:0]    rto_p = pk_q << 3;
    wire [31:0]    rto_l = rto_p < `WC_NIC_RTO_MIN ? `WC_NIC_RTO_MIN : rto_p;
    assign rto_o  = rto_l < timeout_i ? rto_l : timeout_i;
    assign pr_v_o = prv_q;
    assign pr_j_o = prj_q;
    assign pr_c_o = prc_q;
    assign pr_k_o = prk_q;
    wire [31:0] rtt  = now_i - prt_q;
    wire        mine = prj_q == b_j_i && prc_q == b_c_i;
    wire        stop = prv_q && (sample_i || nak_pr_i || (tmo_i && mine) || (push_i && prj_q == b_j_i) ||
                                 (newfj_i && nfj_i == prj_q) || (create_i && cj_i == prj_q));
    always @(posedge clk_i) begin
        if (!rst_ni || soft_i) begin
            prv_q <= 1'b0;  prj_q <= {JW{1'b0}};  prc_q <= {CIW{1'b0}};  prk_q <= {KW{1'b0}};
            prt_q <= 32'd0;  pk_q <= 32'd0;
        end else begin
            if (sample_i) pk_q <= rtt > pk_q ? rtt : pk_q - ((pk_q - rtt) >> 4);
            if (stop) prv_q <= 1'b0;
            if (start_i && !prv_q) begin
                prv_q <= 1'b1;  prj_q <= b_j_i;  prc_q <= b_c_i;  prk_q <= k_i;  prt_q <= now_i;
            end
        end
    end
`ifndef SYNTHESIS
    always @(posedge clk_i) begin : protocol
        if (rst_ni && !soft_i && (sample_i || nak_pr_i) && !(prv_q && mine))
            $error("%m: a round trip or Karn's rule for job %0d child %0d, not the probe's", b_j_i, b_c_i);
    end
`endif
endmodule
`resetall

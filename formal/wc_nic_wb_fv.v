// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of the NIC's Wishbone B4 classic slave, the core's way to
// its registers (formal/nic_wb.sby), on the whole wc_nic: the slave's
// rules hold whatever the rest of the NIC is doing.  Assumptions:
//  - the master (the core, docs/bus.md) keeps STB only inside CYC and
//    holds a request (CYC, STB, WE, ADR, DAT, SEL) unchanged until its
//    acknowledgement;
//  - the network, the router's credits and the host memory's answers to
//    the NIC's own master are free in every cycle;
//  - reset in the first cycle.
// Small sizes (2 nodes, 2 slots of 16 bytes, one send and one forwarding
// job, one context, 2 groups, one child, a window of 2).
// Properties, one per proof task (`define):
//   WB_ANSWER  an acknowledgement only for a request in progress; every
//              request acknowledged within 2 cycles; an acknowledgement
//              lasts one cycle (a request held past it is a new one)
//   WB_READ    a register reads back what was written: after a write of V
//              to NICR_TIMEOUT is acknowledged, every acknowledged read of
//              it returns V until the next write of it or a soft reset
module wc_nic_wb_fv (
    input wire clk_i
);
    localparam integer NNODES = 2, W = `WC_FLIT_DATA_W, B = 2, PAYLOAD = 16, NSLOT = 2, JSEND = 1, JFWD = 1,
                       NCTX = 1, NGROUPS = 2, TXWIN = 2, MAXCHILD = 1;

    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg          cyc, stb, we, rx_valid, tx_credit, m_ack, m_err;
    (* anyseq *) reg [31:0]   adr, dat, m_dat;
    (* anyseq *) reg [3:0]    sel;
    (* anyseq *) reg [W+1:0]  rx_flit;
    (* anyconst *) reg [11:0] node_id;

    wire          rx_credit, tx_valid, ack, m_cyc, m_stb, m_we, irq;
    wire [W+1:0]  tx_flit;
    wire [31:0]   s_dat, m_adr, m_dato;
    wire [3:0]    m_sel;

    wc_nic #(.NNODES(NNODES), .W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND), .JFWD(JFWD),
             .NCTX(NCTX), .NGROUPS(NGROUPS), .TXWIN(TXWIN), .MAXCHILD(MAXCHILD)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q), .node_id_i(node_id),
        .rx_valid_i(rx_valid), .rx_flit_i(rx_flit), .rx_credit_o(rx_credit),
        .tx_valid_o(tx_valid), .tx_flit_o(tx_flit), .tx_credit_i(tx_credit),
        .s_cyc_i(cyc), .s_stb_i(stb), .s_we_i(we), .s_adr_i(adr), .s_dat_i(dat), .s_sel_i(sel),
        .s_ack_o(ack), .s_dat_o(s_dat),
        .m_cyc_o(m_cyc), .m_stb_o(m_stb), .m_we_o(m_we), .m_adr_o(m_adr), .m_dat_o(m_dato), .m_sel_o(m_sel),
        .m_ack_i(m_ack), .m_err_i(m_err), .m_dat_i(m_dat), .irq_o(irq)
    );

    // the master's request of the last cycle, still waiting
    reg        wait_q, ack_q;
    reg        we_q;
    reg [31:0] adr_q, dat_q;
    reg [3:0]  sel_q;
    reg [1:0]  waited_q;
    always @(posedge clk_i) begin
        wait_q   <= rst_n_q && cyc && stb && !ack;
        ack_q    <= rst_n_q && ack;
        we_q     <= we;
        adr_q    <= adr;
        dat_q    <= dat;
        sel_q    <= sel;
        waited_q <= (rst_n_q && cyc && stb && !ack) ? (waited_q == 2'd3 ? 2'd3 : waited_q + 2'd1) : 2'd0;
    end
    always @* if (rst_n_q) begin : master
        assume(!stb || cyc);
        if (wait_q) assume(cyc && stb && we == we_q && adr == adr_q && dat == dat_q && sel == sel_q);
    end

`ifdef WB_ANSWER
    always @* if (rst_n_q) begin : answer
        assert(!ack || (cyc && stb));
        assert(waited_q <= 2'd2);
        assert(!(ack && ack_q));
    end
`endif

`ifdef WB_READ
    wire       treg  = adr[7:2] == `WC_NICR_TIMEOUT;
    wire       srst  = ack && we && adr[7:2] == `WC_NICR_CTRL && dat[3];
    reg        tv_q;
    reg [31:0] tval_q;
    always @(posedge clk_i) begin
        if (!rst_n_q || srst) tv_q <= 1'b0;
        else if (ack && we && treg) begin
            tv_q   <= 1'b1;
            tval_q <= dat;
        end
    end
    always @* if (rst_n_q) begin : readback
        if (ack && !we && treg && tv_q) assert(s_dat == tval_q);
    end
`endif
endmodule
`resetall

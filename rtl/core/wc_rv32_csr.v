// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Machine-mode CSRs of the node core, trap entry/return and interrupt
// selection (The RISC-V ISA Manual Vol. II, "Machine-Level ISA": mstatus,
// mtvec direct mode, mepc, mcause, mtval, mie/mip, counters).  WARL
// choices are listed in docs/core.md and mirrored by cmodel/rv32/rv32_iss.c.
module wc_rv32_csr #(
    // Value of mhartid.
    parameter [31:0] HARTID = 32'd0
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // CSR number of the instruction in execute.
    input  wire [11:0] addr_i,
    // The instruction intends to write (decoder's csr_we); with the
    // read-only address range this makes it illegal.
    input  wire        write_intent_i,
    // Commit the write of wdata_i (no trap).
    input  wire        we_i,
    input  wire [31:0] wdata_i,
    output reg  [31:0] rdata_o,
    // addr_i is not implemented, or written while read-only.
    output wire        illegal_o,
    // Trap entry this cycle: saves epc/cause/tval, stacks MIE.
    input  wire        trap_i,
    input  wire [31:0] trap_cause_i,
    input  wire [31:0] trap_epc_i,
    input  wire [31:0] trap_tval_i,
    // mret this cycle: MIE <= MPIE, MPIE <= 1.
    input  wire        mret_i,
    // An instruction retired (not a trap): count it in minstret.
    input  wire        instret_i,
    // Interrupt lines (level): timer and external.
    input  wire        irq_timer_i,
    input  wire        irq_ext_i,
    output wire [31:0] mtvec_o,
    output wire [31:0] mepc_o,
    // An enabled interrupt is pending; irq_cause_o is its mcause.
    output wire        irq_take_o,
    output wire [31:0] irq_cause_o
);
    localparam integer MIE_B  = 3;
    // the pc is word aligned (no compressed instructions)
    wire [1:0] unused_epc = trap_epc_i[1:0];
    localparam integer MPIE_B = 7;

    reg        mie_q, mie_d, mpie_q, mpie_d;
    reg [31:0] mien_q, mien_d;          // the mie CSR
    reg [29:0] mtvec_q, mtvec_d;
    reg [31:0] mscratch_q, mscratch_d;
    reg [29:0] mepc_q, mepc_d;
    reg [31:0] mcause_q, mcause_d;
    reg [31:0] mtval_q, mtval_d;
    reg [63:0] mcycle_q, mcycle_d;
    reg [63:0] minstret_q, minstret_d;

    wire [31:0] irq_mask = (32'd1 << `WC_IRQ_MTI) | (32'd1 << `WC_IRQ_MEI);
    wire [31:0] mip      = ({31'd0, irq_timer_i} << `WC_IRQ_MTI) |
                           ({31'd0, irq_ext_i} << `WC_IRQ_MEI);
    wire [31:0] pend     = mip & mien_q;
    reg         known;

    always @* begin
        known = 1'b1;
        case (addr_i)
            `WC_CSR_MSTATUS:  rdata_o = (32'd3 << 11) | ({31'd0, mpie_q} << MPIE_B) |
                                             ({31'd0, mie_q} << MIE_B);
            `WC_CSR_MISA:     rdata_o = `WC_MISA_RV32IM;
            `WC_CSR_MIE:      rdata_o = mien_q;
            `WC_CSR_MTVEC:    rdata_o = {mtvec_q, 2'b00};
            `WC_CSR_MSCRATCH: rdata_o = mscratch_q;
            `WC_CSR_MEPC:     rdata_o = {mepc_q, 2'b00};
            `WC_CSR_MCAUSE:   rdata_o = mcause_q;
            `WC_CSR_MTVAL:    rdata_o = mtval_q;
            `WC_CSR_MIP:      rdata_o = mip;
            `WC_CSR_MCYCLE, `WC_CSR_CYCLE:       rdata_o = mcycle_q[31:0];
            `WC_CSR_MCYCLEH, `WC_CSR_CYCLEH:     rdata_o = mcycle_q[63:32];
            `WC_CSR_MINSTRET, `WC_CSR_INSTRET:   rdata_o = minstret_q[31:0];
            `WC_CSR_MINSTRETH, `WC_CSR_INSTRETH: rdata_o = minstret_q[63:32];
            `WC_CSR_MVENDORID, `WC_CSR_MARCHID,
            `WC_CSR_MIMPID:   rdata_o = 32'd0;
            `WC_CSR_MHARTID:  rdata_o = HARTID;
            default: begin
                rdata_o = 32'd0;
                known   = 1'b0;
            end
        endcase
    end
    assign illegal_o = !known || (write_intent_i && addr_i[11:10] == 2'b11);

    always @* begin
        mie_d      = mie_q;
        mpie_d     = mpie_q;
        mien_d     = mien_q;
        mtvec_d    = mtvec_q;
        mscratch_d = mscratch_q;
        mepc_d     = mepc_q;
        mcause_d   = mcause_q;
        mtval_d    = mtval_q;
        mcycle_d   = mcycle_q + 64'd1;
        minstret_d = instret_i ? minstret_q + 64'd1 : minstret_q;
        if (trap_i) begin
            mepc_d   = trap_epc_i[31:2];
            mcause_d = trap_cause_i;
            mtval_d  = trap_tval_i;
            mpie_d   = mie_q;
            mie_d    = 1'b0;
        end else if (mret_i) begin
            mie_d  = mpie_q;
            mpie_d = 1'b1;
        end else if (we_i) begin
            // an explicit write wins over the counter increment
            case (addr_i)
                `WC_CSR_MSTATUS: begin
                    mie_d  = wdata_i[MIE_B];
                    mpie_d = wdata_i[MPIE_B];
                end
                `WC_CSR_MIE:       mien_d     = wdata_i & irq_mask;
                `WC_CSR_MTVEC:     mtvec_d    = wdata_i[31:2];
                `WC_CSR_MSCRATCH:  mscratch_d = wdata_i;
                `WC_CSR_MEPC:      mepc_d     = wdata_i[31:2];
                `WC_CSR_MCAUSE:    mcause_d   = wdata_i;
                `WC_CSR_MTVAL:     mtval_d    = wdata_i;
                `WC_CSR_MCYCLE:    mcycle_d   = {mcycle_q[63:32], wdata_i};
                `WC_CSR_MCYCLEH:   mcycle_d   = {wdata_i, mcycle_q[31:0]};
                `WC_CSR_MINSTRET:  minstret_d = {minstret_q[63:32], wdata_i};
                `WC_CSR_MINSTRETH: minstret_d = {wdata_i, minstret_q[31:0]};
                default: ;              // misa, mip: writes ignored
            endcase
        end
    end

    always @(posedge clk_i)
        if (!rst_ni) begin
            mie_q  <= 1'b0;
            mpie_q <= 1'b0;
            mien_q <= 32'd0;
        end else begin
            mie_q  <= mie_d;
            mpie_q <= mpie_d;
            mien_q <= mien_d;
        end
    always @(posedge clk_i)
        if (!rst_ni) begin
            mcycle_q   <= 64'd0;
            minstret_q <= 64'd0;
        end else begin
            mcycle_q   <= mcycle_d;
            minstret_q <= minstret_d;
        end
    always @(posedge clk_i)
        if (!rst_ni) begin
            mtvec_q    <= 30'd0;
            mscratch_q <= 32'd0;
            mepc_q     <= 30'd0;
            mcause_q   <= 32'd0;
            mtval_q    <= 32'd0;
        end else begin
            mtvec_q    <= mtvec_d;
            mscratch_q <= mscratch_d;
            mepc_q     <= mepc_d;
            mcause_q   <= mcause_d;
            mtval_q    <= mtval_d;
        end

    assign mtvec_o     = {mtvec_q, 2'b00};
    assign mepc_o      = {mepc_q, 2'b00};
    // external before timer, as the privileged spec orders them (MEI > MTI)
    assign irq_take_o  = mie_q && pend != 32'd0;
    assign irq_cause_o = pend[`WC_IRQ_MEI] ? (32'h80000000 | `WC_IRQ_MEI)
                                           : (32'h80000000 | `WC_IRQ_MTI);
endmodule
`resetall

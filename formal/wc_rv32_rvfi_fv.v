// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Proof harness of wc_rv32_core over its RVFI port (formal/rv32_rvfi.sby;
// built with RISCV_FORMAL).  Assumptions, the neighbours' protocol: both
// buses' slaves answer only a request, never with ACK and ERR together,
// with any data, after any number of cycles; the interrupt lines are
// free; reset in the first cycle.  Properties, one per proof task:
//   RV_PC    PC continuity: each record starts where the one before it
//            ended; a record that does not trap ends on an aligned PC;
//            the records are numbered 0, 1, ... without a gap
//   RV_REG   register file consistency: a source register read returns
//            the last value a record wrote to it (one register, any,
//            tracked), x0 reads 0, a record writing no register reports
//            0 as its value
//   RV_DEC   decode: each fetched instruction (no interrupt, no fetch
//            fault) decoded as RV32IM + Zicsr by the decoder below,
//            written from the ISA manual: an instruction outside the set
//            traps as illegal; inside it, outside the CSR forms (whose
//            legality depends on the CSR), it does not, and reports the
//            destination and source registers its format names
module wc_rv32_rvfi_fv #(
    parameter integer MD_STEPS = 4
) (
    input wire clk_i
);
    reg rst_n_q = 1'b0;
    always @(posedge clk_i) rst_n_q <= 1'b1;

    (* anyseq *) reg [31:0] idat, ddat;
    (* anyseq *) reg        iack, ierr, dack, derr, irq_t, irq_e;
    wire        icyc, istb, dcyc, dstb, dwe, iwe;
    wire [3:0]  isel, dsel;
    wire [31:0] iadr, dadr, idat_o, ddat_o;
    wire        valid, trap, intr, halt;
    wire [31:0] insn, pc_r, pc_w, rd_wd, maddr, mrd, mwd, cause, rs1_d, rs2_d;
    wire [4:0]  rd_a, rs1_a, rs2_a;
    wire [3:0]  rmask, wmask;
    wire [63:0] order;
    wire [1:0]  mode, ixl;

    wc_rv32_core #(.RVFI(1), .MD_STEPS(MD_STEPS)) dut (
        .clk_i(clk_i), .rst_ni(rst_n_q),
        .ibus_cyc_o(icyc), .ibus_stb_o(istb), .ibus_we_o(iwe), .ibus_sel_o(isel), .ibus_adr_o(iadr),
        .ibus_dat_o(idat_o), .ibus_dat_i(idat), .ibus_ack_i(iack), .ibus_err_i(ierr),
        .dbus_cyc_o(dcyc), .dbus_stb_o(dstb), .dbus_we_o(dwe), .dbus_sel_o(dsel), .dbus_adr_o(dadr),
        .dbus_dat_o(ddat_o), .dbus_dat_i(ddat), .dbus_ack_i(dack), .dbus_err_i(derr),
        .irq_timer_i(irq_t), .irq_ext_i(irq_e),
        .rvfi_valid_o(valid), .rvfi_insn_o(insn), .rvfi_pc_rdata_o(pc_r), .rvfi_pc_wdata_o(pc_w),
        .rvfi_rd_addr_o(rd_a), .rvfi_rd_wdata_o(rd_wd), .rvfi_mem_addr_o(maddr),
        .rvfi_mem_rmask_o(rmask), .rvfi_mem_wmask_o(wmask), .rvfi_mem_rdata_o(mrd),
        .rvfi_mem_wdata_o(mwd), .rvfi_trap_o(trap), .rvfi_intr_o(intr), .rvfi_cause_o(cause),
        .rvfi_order_o(order), .rvfi_rs1_addr_o(rs1_a), .rvfi_rs2_addr_o(rs2_a),
        .rvfi_rs1_rdata_o(rs1_d), .rvfi_rs2_rdata_o(rs2_d), .rvfi_halt_o(halt),
        .rvfi_mode_o(mode), .rvfi_ixl_o(ixl));

    always @* begin
        assume (!(iack && ierr) && !(dack && derr));
        if (!istb) assume (!iack && !ierr);
        if (!dstb) assume (!dack && !derr);
    end

`ifdef RV_PC
    reg        seen_q = 1'b0;
    reg [31:0] last_pc_q;
    reg [63:0] next_order_q = 64'd0;
    always @(posedge clk_i)
        if (rst_n_q && valid) begin
            seen_q       <= 1'b1;
            last_pc_q    <= pc_w;
            next_order_q <= order + 64'd1;
        end
    always @* if (rst_n_q && valid) begin
        if (seen_q) assert (pc_r == last_pc_q);
        else        assert (pc_r == `WC_SOC_RAM_BASE);
        assert (order == next_order_q);
        if (!trap) assert (pc_w[1:0] == 2'b00);
        assert (!halt && mode == 2'd3 && ixl == 2'd1);
    end
`endif

`ifdef RV_REG
    (* anyconst *) reg [4:0] k;        // the tracked register
    reg        known_q = 1'b0;
    reg [31:0] val_q;
    always @(posedge clk_i)
        if (rst_n_q && valid && rd_a == k && k != 5'd0) begin
            known_q <= 1'b1;
            val_q   <= rd_wd;
        end
    always @* if (rst_n_q && valid) begin
        if (rs1_a == 5'd0) assert (rs1_d == 32'd0);
        if (rs2_a == 5'd0) assert (rs2_d == 32'd0);
        if (rd_a == 5'd0)  assert (rd_wd == 32'd0);
        if (known_q && rs1_a == k) assert (rs1_d == val_q);
        if (known_q && rs2_a == k) assert (rs2_d == val_q);
    end
`endif

`ifdef RV_DEC
    // RV32I + M + Zicsr + the machine-mode system instructions, by opcode
    // (the ISA manual's base opcode map and instruction tables)
    wire [6:0] op = insn[6:0];
    wire [2:0] fn3 = insn[14:12];
    wire [6:0] fn7 = insn[31:25];
    reg        legal, csr, w_rd, r1, r2;
    always @* begin
        legal = 1'b0; csr = 1'b0; w_rd = 1'b0; r1 = 1'b0; r2 = 1'b0;
        case (op)
            7'h37, 7'h17: begin legal = 1'b1; w_rd = 1'b1; end                  // LUI, AUIPC
            7'h6f:        begin legal = 1'b1; w_rd = 1'b1; end                  // JAL
            7'h67:        begin legal = fn3 == 3'd0; w_rd = 1'b1; r1 = 1'b1; end  // JALR
            7'h63:        begin legal = fn3 != 3'd2 && fn3 != 3'd3; r1 = 1'b1; r2 = 1'b1; end
            7'h03:        begin legal = fn3 != 3'd3 && fn3 < 3'd6; w_rd = 1'b1; r1 = 1'b1; end
            7'h23:        begin legal = fn3 < 3'd3; r1 = 1'b1; r2 = 1'b1; end
            7'h13: begin                                                         // OP-IMM
                legal = fn3 == 3'd1 ? fn7 == 7'h00 : fn3 == 3'd5 ? (fn7 == 7'h00 || fn7 == 7'h20) : 1'b1;
                w_rd = 1'b1; r1 = 1'b1;
            end
            7'h33: begin                                                         // OP, M
                legal = fn7 == 7'h00 || fn7 == 7'h01 || (fn7 == 7'h20 && (fn3 == 3'd0 || fn3 == 3'd5));
                w_rd = 1'b1; r1 = 1'b1; r2 = 1'b1;
            end
            7'h0f:        legal = fn3 == 3'd0 || fn3 == 3'd1;                    // FENCE, FENCE.I
            7'h73: begin
                if (fn3 == 3'd0)
                    legal = insn[31:7] == 25'h0000000 || insn[31:7] == 25'h0002000 ||  // ECALL, EBREAK
                            insn[31:7] == 25'h0604000 || insn[31:7] == 25'h020a000;    // MRET, WFI
                else if (fn3 != 3'd4) begin
                    legal = 1'b1; csr = 1'b1; w_rd = 1'b1; r1 = !fn3[2];
                end
            end
            default: ;
        endcase
    end
    always @* if (rst_n_q && valid && !intr && cause != `WC_CAUSE_IFETCH_FAULT) begin
        if (!legal) assert (trap && cause == `WC_CAUSE_ILLEGAL);
        if (legal && !csr) assert (!(trap && cause == `WC_CAUSE_ILLEGAL));
        if (legal && !trap) begin
            assert (rd_a == (w_rd ? insn[11:7] : 5'd0));
            assert (rs1_a == (r1 ? insn[19:15] : 5'd0));
            assert (rs2_a == (r2 ? insn[24:20] : 5'd0));
        end
    end
`endif
endmodule
`resetall

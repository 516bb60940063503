// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Wormcast node core: RV32IM + Zicsr, machine mode only, multi-cycle (not
// pipelined) for area.  Every instruction goes
//   FETCH (Wishbone read on the fetch port, >= 2 cycles with a registered-ack
//          slave; the register file reads the source registers straight off
//          the returning data)
//   EXEC  (1 cycle: ALU, branch, CSR, traps, interrupts; most instructions
//          retire here)
//   MEM   (loads/stores: one Wishbone cycle on the data port, >= 2 cycles)
//   MD    (mul/div: 33 cycles in wc_rv32_muldiv)
// so CPI is 3 for ALU/branch/CSR, 5 for loads/stores and 36 for M ops with
// single-wait-state memory.  Buses and timing: docs/bus.md; pipeline, CSRs
// and the retire port: docs/core.md.
module wc_rv32_core #(
    // Address of the first instruction after reset.
    parameter [31:0] RESET_PC = `WC_SOC_RAM_BASE,
    // Value of mhartid.
    parameter [31:0] HARTID   = 32'd0,
    // 1: drive the rvfi_* retire port; 0: tie it off (saves its registers).
    parameter integer RVFI    = 1,
    // Multiply/divide bits per cycle (1, 2 or 4): M ops take 3 + 32/MD_STEPS
    // + 1 cycles; each doubling adds two 33-bit adders.
    parameter integer MD_STEPS = 1
) (
    input  wire        clk_i,
    // Synchronous active-low reset.
    input  wire        rst_ni,
    // Fetch port: Wishbone B4 classic master, read-only, whole words.
    output wire        ibus_cyc_o,
    output wire        ibus_stb_o,
    output wire        ibus_we_o,
    output wire [3:0]  ibus_sel_o,
    output wire [31:0] ibus_adr_o,
    output wire [31:0] ibus_dat_o,
    input  wire [31:0] ibus_dat_i,
    input  wire        ibus_ack_i,
    input  wire        ibus_err_i,
    // Data port: Wishbone B4 classic master, byte lanes through SEL.
    output wire        dbus_cyc_o,
    output wire        dbus_stb_o,
    output wire        dbus_we_o,
    output wire [3:0]  dbus_sel_o,
    output wire [31:0] dbus_adr_o,
    output wire [31:0] dbus_dat_o,
    input  wire [31:0] dbus_dat_i,
    input  wire        dbus_ack_i,
    input  wire        dbus_err_i,
    // Interrupt lines (level sensitive): mip.MTIP and mip.MEIP.
    input  wire        irq_timer_i,
    input  wire        irq_ext_i,
    // Retire port in the style of RVFI: one record per retired instruction
    // or trap, valid for one cycle, one cycle after the instruction ends.
    output wire        rvfi_valid_o,
    output wire [31:0] rvfi_insn_o,
    output wire [31:0] rvfi_pc_rdata_o,
    output wire [31:0] rvfi_pc_wdata_o,
    output wire [4:0]  rvfi_rd_addr_o,
    output wire [31:0] rvfi_rd_wdata_o,
    output wire [31:0] rvfi_mem_addr_o,
    output wire [3:0]  rvfi_mem_rmask_o,
    output wire [3:0]  rvfi_mem_wmask_o,
    output wire [31:0] rvfi_mem_rdata_o,
    output wire [31:0] rvfi_mem_wdata_o,
    output wire        rvfi_trap_o,
    output wire        rvfi_intr_o,
    output wire [31:0] rvfi_cause_o
`ifdef RISCV_FORMAL
    ,
    // Only with RISCV_FORMAL defined (proofs; docs/formal.md): the rest of
    // RVFI, valid with rvfi_valid_o.  Record index since reset; the source
    // registers an instruction's format reads (0/0 for the others);
    // machine mode (3), XLEN 32 (ixl 1), never halts.  Absent from
    // synthesis and simulation builds, whose area and ports stay as they are.
    output wire [63:0] rvfi_order_o,
    output wire [4:0]  rvfi_rs1_addr_o,
    output wire [4:0]  rvfi_rs2_addr_o,
    output wire [31:0] rvfi_rs1_rdata_o,
    output wire [31:0] rvfi_rs2_rdata_o,
    output wire        rvfi_halt_o,
    output wire [1:0]  rvfi_mode_o,
    output wire [1:0]  rvfi_ixl_o
`endif
);
    generate
        if (RVFI != 0 && RVFI != 1) begin : g_bad_rvfi
            initial $error("%m: RVFI must be 0 or 1 (got %0d)", RVFI);
        end
        if (RESET_PC[1:0] != 2'b00) begin : g_bad_pc
            initial $error("%m: RESET_PC must be 4-byte aligned (got %h)", RESET_PC);
        end
    endgenerate

    localparam [1:0] S_FETCH = 2'd0, S_EXEC = 2'd1, S_MEM = 2'd2, S_MD = 2'd3;

    reg  [1:0]  state_q, state_d;
    reg  [31:0] pc_q, pc_d;
    reg  [31:0] ir_q, ir_d;
    reg         ifault_q, ifault_d;   // the fetch of ir_q ended in a bus error

    // ---- decode and operands ------------------------------------------
    wire        illegal, rd_we, is_lui, is_auipc, is_jal, is_jalr, is_branch;
    wire        is_load, is_store, is_alu, alu_imm, is_md, is_csr, csr_we;
    wire        is_ecall, is_ebreak, is_mret;
    wire [3:0]  alu_op;
    wire [31:0] imm;
    wc_rv32_decode u_dec (
        .insn_i(ir_q), .illegal_o(illegal), .rd_we_o(rd_we), .lui_o(is_lui),
        .auipc_o(is_auipc), .jal_o(is_jal), .jalr_o(is_jalr), .branch_o(is_branch),
        .load_o(is_load), .store_o(is_store), .alu_o(is_alu), .alu_imm_o(alu_imm),
        .alu_op_o(alu_op), .md_o(is_md), .csr_o(is_csr), .csr_we_o(csr_we),
        .ecall_o(is_ecall), .ebreak_o(is_ebreak), .mret_o(is_mret), .imm_o(imm)
    );

    wire [31:0] rs1, rs2;
    reg         rf_we;
    reg  [31:0] rf_wdata;
    wire [4:0]  rd = ir_q[11:7];
    wc_rv32_regfile u_rf (
        .clk_i(clk_i), .re_i(state_q == S_FETCH && ibus_ack_i),
        .raddr1_i(ibus_dat_i[19:15]), .raddr2_i(ibus_dat_i[24:20]),
        .rdata1_o(rs1), .rdata2_o(rs2),
        .we_i(rf_we), .waddr_i(rd), .wdata_i(rf_wdata)
    );

    // is_alu: ALU ops need no special handling beyond the default path.
    wire        unused_alu = is_alu;

    wire [31:0] alu_a = is_auipc ? pc_q : is_lui ? 32'd0 : rs1;
    wire [31:0] alu_b = alu_imm ? imm : rs2;
    wire [31:0] alu_res;
    wire        eq, lt, ltu;
    wc_rv32_alu u_alu (.op_i(alu_op), .a_i(alu_a), .b_i(alu_b), .res_o(alu_res),
                       .eq_o(eq), .lt_o(lt), .ltu_o(ltu));

    // ---- control flow ---------------------------------------------------
    wire [2:0]  f3      = ir_q[14:12];
    reg         cond;
    always @* begin
        case (f3[2:1])
            2'b00:   cond = eq;
            2'b10:   cond = lt;
            default: cond = ltu;
        endcase
    end
    wire        taken   = is_jal || is_jalr || (is_branch && (cond ^ f3[0]));
    wire [31:0] pc4     = pc_q + 32'd4;
    wire [31:0] target  = is_jalr ? {alu_res[31:1], 1'b0} : pc_q + imm;
    wire [31:0] next_pc;
    wire        jmp_mis = taken && target[1];

    // ---- memory access --------------------------------------------------
    wire [31:0] maddr   = alu_res;
    wire        mis_h   = f3[1:0] == 2'b01 && maddr[0];
    wire        mis_w   = f3[1:0] == 2'b10 && maddr[1:0] != 2'b00;
    wire        mem_mis = mis_h || mis_w;
    wire [3:0]  msel    = f3[1:0] == 2'b00 ? 4'b0001 << maddr[1:0]
                        : f3[1:0] == 2'b01 ? 4'b0011 << maddr[1:0] : 4'b1111;
    wire [31:0] mwdata  = f3[1:0] == 2'b00 ? {4{rs2[7:0]}}
                        : f3[1:0] == 2'b01 ? {2{rs2[15:0]}} : rs2;
    wire [31:0] lshift  = dbus_dat_i >> {maddr[1:0], 3'b000};
    wire [31:0] ldata   = f3[1:0] == 2'b00 ? {{24{lshift[7] & !f3[2]}}, lshift[7:0]}
                        : f3[1:0] == 2'b01 ? {{16{lshift[15] & !f3[2]}}, lshift[15:0]}
                        : lshift;
    wire [31:0] lanes   = {{8{msel[3]}}, {8{msel[2]}}, {8{msel[1]}}, {8{msel[0]}}};

    // ---- multiply / divide ----------------------------------------------
    wire        md_done;
    wire [31:0] md_res;
    reg         md_start;
    wc_rv32_muldiv #(.STEPS(MD_STEPS)) u_md (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(md_start), .op_i(f3),
        .a_i(rs1), .b_i(rs2), .done_o(md_done), .result_o(md_res)
    );

    // ---- CSRs, traps ----------------------------------------------------
    reg         trap, csr_commit, retire, mret_commit;
    reg  [31:0] trap_cause, trap_tval;
    wire [31:0] csr_rdata, mtvec, mepc, irq_cause;
    wire        csr_illegal, irq_take;
    wire [31:0] csr_src = f3[2] ? {27'd0, ir_q[19:15]} : rs1;
    wire [31:0] csr_wdata = f3[1:0] == 2'b01 ? csr_src
                          : f3[1:0] == 2'b10 ? (csr_rdata | csr_src)
                          : (csr_rdata & ~csr_src);
    wc_rv32_csr #(.HARTID(HARTID)) u_csr (
        .clk_i(clk_i), .rst_ni(rst_ni), .addr_i(ir_q[31:20]),
        .write_intent_i(is_csr && csr_we), .we_i(csr_commit), .wdata_i(csr_wdata),
        .rdata_o(csr_rdata), .illegal_o(csr_illegal),
        .trap_i(trap), .trap_cause_i(trap_cause), .trap_epc_i(pc_q), .trap_tval_i(trap_tval),
        .mret_i(mret_commit), .instret_i(retire && !trap),
        .irq_timer_i(irq_timer_i), .irq_ext_i(irq_ext_i),
        .mtvec_o(mtvec), .mepc_o(mepc), .irq_take_o(irq_take), .irq_cause_o(irq_cause)
    );
    assign next_pc = is_mret ? mepc : taken ? target : pc4;

    // ---- the state machine ----------------------------------------------
    reg         intr;
    always @* begin
        state_d     = state_q;
        pc_d        = pc_q;
        ir_d        = ir_q;
        ifault_d    = ifault_q;
        trap        = 1'b0;
        intr        = 1'b0;
        trap_cause  = 32'd0;
        trap_tval   = 32'd0;
        retire      = 1'b0;
        csr_commit  = 1'b0;
        mret_commit = 1'b0;
        md_start    = 1'b0;
        rf_we       = 1'b0;
        rf_wdata    = 32'd0;
        case (state_q)
            S_FETCH: begin
                if (ibus_ack_i || ibus_err_i) begin
                    ir_d     = ibus_dat_i;
                    ifault_d = ibus_err_i;
                    state_d  = S_EXEC;
                end
            end
            S_EXEC: begin
                retire  = 1'b1;
                state_d = S_FETCH;
                if (irq_take) begin
                    trap = 1'b1; intr = 1'b1; trap_cause = irq_cause;
                end else if (ifault_q) begin
                    trap = 1'b1; trap_cause = `WC_CAUSE_IFETCH_FAULT; trap_tval = pc_q;
                end else if (illegal || (is_csr && csr_illegal)) begin
                    trap = 1'b1; trap_cause = `WC_CAUSE_ILLEGAL; trap_tval = ir_q;
                end else if (is_ecall) begin
                    trap = 1'b1; trap_cause = `WC_CAUSE_ECALL_M;
                end else if (is_ebreak) begin
                    trap = 1'b1; trap_cause = `WC_CAUSE_BREAKPOINT;
                end else if (jmp_mis) begin
                    trap = 1'b1; trap_cause = `WC_CAUSE_IFETCH_MISALIGN; trap_tval = target;
                end else if ((is_load || is_store) && mem_mis) begin
                    trap = 1'b1; trap_tval = maddr;
                    trap_cause = is_load ? `WC_CAUSE_LOAD_MISALIGN : `WC_CAUSE_STORE_MISALIGN;
                end else if (is_load || is_store) begin
                    retire  = 1'b0;
                    state_d = S_MEM;
                end else if (is_md) begin
                    retire   = 1'b0;
                    md_start = 1'b1;
                    state_d  = S_MD;
                end else begin
                    csr_commit  = is_csr && csr_we;
                    mret_commit = is_mret;
                    rf_we       = rd_we;
                    rf_wdata    = is_csr ? csr_rdata : (is_jal || is_jalr) ? pc4 : alu_res;
                    pc_d        = next_pc;
                end
                if (trap)
                    pc_d = mtvec;
            end
            S_MEM: begin
                if (dbus_ack_i || dbus_err_i) begin
                    retire  = 1'b1;
                    state_d = S_FETCH;
                    if (dbus_err_i) begin
                        trap       = 1'b1;
                        trap_tval  = maddr;
                        trap_cause = is_load ? `WC_CAUSE_LOAD_FAULT : `WC_CAUSE_STORE_FAULT;
                        pc_d       = mtvec;
                    end else begin
                        rf_we    = is_load;
                        rf_wdata = ldata;
                        pc_d     = pc4;
                    end
                end
            end
            default: begin   // S_MD
                if (md_done) begin
                    retire   = 1'b1;
                    state_d  = S_FETCH;
                    rf_we    = 1'b1;
                    rf_wdata = md_res;
                    pc_d     = pc4;
                end
            end
        endcase
    end

    always @(posedge clk_i)
        if (!rst_ni) state_q <= S_FETCH;
        else         state_q <= state_d;
    always @(posedge clk_i)
        if (!rst_ni) pc_q <= RESET_PC;
        else         pc_q <= pc_d;
    always @(posedge clk_i) ir_q     <= ir_d;
    always @(posedge clk_i) ifault_q <= ifault_d;

    // ---- bus ports ---------------------------------------------------------
    assign ibus_cyc_o = state_q == S_FETCH;
    assign ibus_stb_o = state_q == S_FETCH;
    assign ibus_we_o  = 1'b0;
    assign ibus_sel_o = 4'b1111;
    assign ibus_adr_o = pc_q;
    assign ibus_dat_o = 32'd0;
    assign dbus_cyc_o = state_q == S_MEM;
    assign dbus_stb_o = state_q == S_MEM;
    assign dbus_we_o  = is_store;
    assign dbus_sel_o = msel;
    assign dbus_adr_o = {maddr[31:2], 2'b00};
    assign dbus_dat_o = mwdata;

    // ---- retire port ---------------------------------------------------------
    generate
        if (RVFI != 0) begin : g_rvfi
            reg        valid_q, trap_q, intr_q;
            reg [31:0] insn_q, pc_rd_q, pc_wr_q, rd_wdata_q, maddr_q, mrdata_q, mwdata_q, cause_q;
            reg [4:0]  rd_q;
            reg [3:0]  rmask_q, wmask_q;
            wire       mem_ok = state_q == S_MEM && !trap;
            wire       rd_ok  = rf_we && rd != 5'd0;
            always @(posedge clk_i)
                if (!rst_ni) valid_q <= 1'b0;
                else         valid_q <= retire;
            always @(posedge clk_i)
                if (retire) begin
                    insn_q     <= (intr || ifault_q) ? 32'd0 : ir_q;
                    pc_rd_q    <= pc_q;
                    pc_wr_q    <= pc_d;
                    rd_q       <= rd_ok ? rd : 5'd0;
                    rd_wdata_q <= rd_ok ? rf_wdata : 32'd0;
                    maddr_q    <= mem_ok ? {maddr[31:2], 2'b00} : 32'd0;
                    rmask_q    <= mem_ok && is_load ? msel : 4'd0;
                    wmask_q    <= mem_ok && is_store ? msel : 4'd0;
                    mrdata_q   <= mem_ok && is_load ? dbus_dat_i : 32'd0;
                    mwdata_q   <= mem_ok && is_store ? (mwdata & lanes) : 32'd0;
                    trap_q     <= trap;
                    intr_q     <= intr;
                    cause_q    <= trap ? trap_cause : 32'd0;
                end
            assign rvfi_valid_o     = valid_q;
            assign rvfi_insn_o      = insn_q;
            assign rvfi_pc_rdata_o  = pc_rd_q;
            assign rvfi_pc_wdata_o  = pc_wr_q;
            assign rvfi_rd_addr_o   = rd_q;
            assign rvfi_rd_wdata_o  = rd_wdata_q;
            assign rvfi_mem_addr_o  = maddr_q;
            assign rvfi_mem_rmask_o = rmask_q;
            assign rvfi_mem_wmask_o = wmask_q;
            assign rvfi_mem_rdata_o = mrdata_q;
            assign rvfi_mem_wdata_o = mwdata_q;
            assign rvfi_trap_o      = trap_q;
            assign rvfi_intr_o      = intr_q;
            assign rvfi_cause_o     = cause_q;
`ifdef RISCV_FORMAL
            // source registers by format: R (OP), branches and stores read
            // both; I-type, loads, JALR and the register CSR forms rs1
            wire [6:0] opc    = ir_q[6:0];
            wire       rd2    = opc == 7'b0110011 || opc == 7'b1100011 || opc == 7'b0100011;
            wire       rd1    = rd2 || opc == 7'b0010011 || opc == 7'b0000011 || opc == 7'b1100111 ||
                                (opc == 7'b1110011 && !f3[2] && f3[1:0] != 2'b00);
            wire       isrc   = !intr && !ifault_q;
            reg [63:0] order_q;
            reg [4:0]  rs1a_q, rs2a_q;
            reg [31:0] rs1d_q, rs2d_q;
            always @(posedge clk_i)
                if (!rst_ni)      order_q <= 64'd0;
                else if (valid_q) order_q <= order_q + 64'd1;
            always @(posedge clk_i)
                if (retire) begin
                    rs1a_q <= isrc && rd1 ? ir_q[19:15] : 5'd0;
                    rs2a_q <= isrc && rd2 ? ir_q[24:20] : 5'd0;
                    rs1d_q <= isrc && rd1 ? rs1 : 32'd0;
                    rs2d_q <= isrc && rd2 ? rs2 : 32'd0;
                end
            assign rvfi_order_o     = order_q;
            assign rvfi_rs1_addr_o  = rs1a_q;
            assign rvfi_rs2_addr_o  = rs2a_q;
            assign rvfi_rs1_rdata_o = rs1d_q;
            assign rvfi_rs2_rdata_o = rs2d_q;
            assign rvfi_halt_o      = 1'b0;
            assign rvfi_mode_o      = 2'd3;
            assign rvfi_ixl_o       = 2'd1;
`endif
        end else begin : g_no_rvfi
            // only the retire port uses these
            wire unused_rvfi = &{1'b0, lanes, intr};
            assign rvfi_valid_o     = 1'b0;
            assign rvfi_insn_o      = 32'd0;
            assign rvfi_pc_rdata_o  = 32'd0;
            assign rvfi_pc_wdata_o  = 32'd0;
            assign rvfi_rd_addr_o   = 5'd0;
            assign rvfi_rd_wdata_o  = 32'd0;
            assign rvfi_mem_addr_o  = 32'd0;
            assign rvfi_mem_rmask_o = 4'd0;
            assign rvfi_mem_wmask_o = 4'd0;
            assign rvfi_mem_rdata_o = 32'd0;
            assign rvfi_mem_wdata_o = 32'd0;
            assign rvfi_trap_o      = 1'b0;
            assign rvfi_intr_o      = 1'b0;
            assign rvfi_cause_o     = 32'd0;
`ifdef RISCV_FORMAL
            assign rvfi_order_o     = 64'd0;
            assign rvfi_rs1_addr_o  = 5'd0;
            assign rvfi_rs2_addr_o  = 5'd0;
            assign rvfi_rs1_rdata_o = 32'd0;
            assign rvfi_rs2_rdata_o = 32'd0;
            assign rvfi_halt_o      = 1'b0;
            assign rvfi_mode_o      = 2'd3;
            assign rvfi_ixl_o       = 2'd1;
`endif
        end
    endgenerate

`ifndef SYNTHESIS
    // Wishbone B4 classic: a master holds its request until ACK or ERR.
    reg        ireq_q, dreq_q;
    reg [31:0] iadr_q, dadr_q;
    always @(posedge clk_i) begin
        ireq_q <= rst_ni && ibus_stb_o && !ibus_ack_i && !ibus_err_i;
        dreq_q <= rst_ni && dbus_stb_o && !dbus_ack_i && !dbus_err_i;
        iadr_q <= ibus_adr_o;
        dadr_q <= dbus_adr_o;
    end
    always @(posedge clk_i) begin
        if (rst_ni && ireq_q && (!ibus_stb_o || ibus_adr_o != iadr_q))
            $error("%m: fetch request dropped or changed before ACK");
        if (rst_ni && dreq_q && (!dbus_stb_o || dbus_adr_o != dadr_q))
            $error("%m: data request dropped or changed before ACK");
        if (rst_ni && (ibus_ack_i && ibus_err_i || dbus_ack_i && dbus_err_i))
            $error("%m: ACK and ERR together");
        if (rst_ni && state_q == S_EXEC && pc_q[1:0] != 2'b00)
            $error("%m: misaligned pc %h reached execute", pc_q);
    end
`endif
endmodule
`resetall

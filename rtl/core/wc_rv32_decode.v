// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Instruction decoder of the node core: classifies the 32-bit word,
// extracts the immediate of its format and flags every encoding outside
// RV32IM + Zicsr + mret/wfi as illegal.  The legality rules are exactly the
// mask/match list of cmodel/rv32/rv32_insns.def (the instruction-set model
// decodes from that table; lockstep runs compare the two on every word the
// random generator produces).  Purely combinational.
module wc_rv32_decode (
    input  wire [31:0] insn_i,
    output wire        illegal_o,
    // Writes rd (the core drops writes to x0).
    output wire        rd_we_o,
    output wire        lui_o,
    output wire        auipc_o,
    output wire        jal_o,
    output wire        jalr_o,
    output wire        branch_o,
    output wire        load_o,
    output wire        store_o,
    // OP or OP-IMM computed by the ALU.
    output wire        alu_o,
    // ALU operand b is the immediate (OP-IMM, loads, stores, jalr, lui,
    // auipc); rs2 for OP and branches.
    output wire        alu_imm_o,
    output wire [3:0]  alu_op_o,
    // Multiply/divide (funct3 selects the operation).
    output wire        md_o,
    // Zicsr instruction; csr_we_o: it writes the CSR (csrrw*, or a non-zero
    // rs1/uimm field for set/clear).
    output wire        csr_o,
    output wire        csr_we_o,
    output wire        ecall_o,
    output wire        ebreak_o,
    output wire        mret_o,
    // Immediate of the instruction's format, sign-extended.
    output reg  [31:0] imm_o
);
    wire [6:0] opc = insn_i[6:0];
    wire [2:0] f3  = insn_i[14:12];
    wire [6:0] f7  = insn_i[31:25];

    localparam [6:0] OPC_LUI = 7'b0110111, OPC_AUIPC = 7'b0010111,
                     OPC_JAL = 7'b1101111, OPC_JALR = 7'b1100111,
                     OPC_BR  = 7'b1100011, OPC_LOAD = 7'b0000011,
                     OPC_ST  = 7'b0100011, OPC_IMM = 7'b0010011,
                     OPC_OP  = 7'b0110011, OPC_MISC = 7'b0001111,
                     OPC_SYS = 7'b1110011;

    wire is_imm  = opc == OPC_IMM;
    wire is_op   = opc == OPC_OP;
    // OP-IMM: shifts need funct7 0 (srai: 0100000); the rest take any imm.
    wire imm_ok  = (f3 == 3'b001) ? (f7 == 7'd0)
                 : (f3 == 3'b101) ? (f7 == 7'd0 || f7 == 7'b0100000) : 1'b1;
    // OP: funct7 0 any funct3, 0100000 only sub/sra, 0000001 the M ops.
    wire op_ok   = (f7 == 7'd0) || (f7 == 7'b0000001) ||
                   (f7 == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101));
    wire sys0    = opc == OPC_SYS && f3 == 3'b000;

    assign lui_o    = opc == OPC_LUI;
    assign auipc_o  = opc == OPC_AUIPC;
    assign jal_o    = opc == OPC_JAL;
    assign jalr_o   = opc == OPC_JALR && f3 == 3'b000;
    assign branch_o = opc == OPC_BR && f3[2:1] != 2'b01;
    assign load_o   = opc == OPC_LOAD && (f3 == 3'b000 || f3 == 3'b001 || f3 == 3'b010 ||
                                          f3 == 3'b100 || f3 == 3'b101);
    assign store_o  = opc == OPC_ST && (f3 == 3'b000 || f3 == 3'b001 || f3 == 3'b010);
    assign md_o     = is_op && f7 == 7'b0000001;
    assign alu_o    = (is_imm && imm_ok) || (is_op && op_ok && !md_o);
    assign csr_o    = opc == OPC_SYS && f3 != 3'b000 && f3 != 3'b100;
    assign csr_we_o = csr_o && (f3[1:0] == 2'b01 || insn_i[19:15] != 5'd0);
    assign ecall_o  = sys0 && insn_i[31:7] == 25'h0000000;
    assign ebreak_o = sys0 && insn_i[31:7] == 25'h0002000;
    assign mret_o   = sys0 && insn_i[31:7] == 25'h0604000;
    wire   wfi      = sys0 && insn_i[31:7] == 25'h020a000;
    wire   fence    = opc == OPC_MISC && f3[2:1] == 2'b00;

    assign illegal_o = !(lui_o || auipc_o || jal_o || jalr_o || branch_o || load_o ||
                         store_o || alu_o || md_o || csr_o || ecall_o || ebreak_o ||
                         mret_o || wfi || fence);
    assign rd_we_o  = lui_o || auipc_o || jal_o || jalr_o || load_o || alu_o || md_o || csr_o;
    assign alu_imm_o = !is_op && opc != OPC_BR;   // branches compare rs1 with rs2
    // Register shifts and OP take funct7[5]; OP-IMM only for srai (addi
    // must not become a subtract).
    assign alu_op_o = !(alu_o) ? 4'b0000
                    : {(is_op || f3 == 3'b101) && insn_i[30], f3};

    always @* begin
        if (lui_o || auipc_o)
            imm_o = {insn_i[31:12], 12'd0};
        else if (jal_o)
            imm_o = {{12{insn_i[31]}}, insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};
        else if (opc == OPC_BR)
            imm_o = {{20{insn_i[31]}}, insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
        else if (opc == OPC_ST)
            imm_o = {{21{insn_i[31]}}, insn_i[30:25], insn_i[11:7]};
        else
            imm_o = {{21{insn_i[31]}}, insn_i[30:20]};
    end
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Icarus testbench of the node SoC: loads +hex=<file> (written by
// `rv32iss --hex`), runs until the retire port shows a store to
// +tohost=<hex address> or to the exit register, prints PASS/FAIL in the
// format of the C harnesses.  Shows the RTL runs unchanged on a second
// simulator; lockstep checking stays in the Verilator harness.
module wc_tb_soc;
    reg         clk = 1'b0;
    reg         rst_n = 1'b0;
    reg  [31:0] tohost;
    integer     max_cycles, cycles, retired;

    wire        cons_v, exit_v;
    wire [7:0]  cons_d;
    wire [31:0] exit_c;
    wire        valid, trap, intr;
    wire [31:0] insn, pc_r, pc_w, rd_wdata, maddr, mrdata, mwdata, cause;
    wire [4:0]  rd;
    wire [3:0]  rmask, wmask;

    wc_soc_node u_soc (
        .clk_i(clk), .rst_ni(rst_n), .console_ready_i(1'b1),
        .console_valid_o(cons_v), .console_data_o(cons_d),
        .exit_valid_o(exit_v), .exit_code_o(exit_c),
        .rvfi_valid_o(valid), .rvfi_insn_o(insn), .rvfi_pc_rdata_o(pc_r),
        .rvfi_pc_wdata_o(pc_w), .rvfi_rd_addr_o(rd), .rvfi_rd_wdata_o(rd_wdata),
        .rvfi_mem_addr_o(maddr), .rvfi_mem_rmask_o(rmask), .rvfi_mem_wmask_o(wmask),
        .rvfi_mem_rdata_o(mrdata), .rvfi_mem_wdata_o(mwdata), .rvfi_trap_o(trap),
        .rvfi_intr_o(intr), .rvfi_cause_o(cause)
    );

    always #5 clk = !clk;

    initial begin
        if (!$value$plusargs("tohost=%h", tohost)) tohost = 32'hffffffff;
        if (!$value$plusargs("max=%d", max_cycles)) max_cycles = 1000000;
        cycles  = 0;
        retired = 0;
        repeat (2) @(posedge clk);
        rst_n = 1'b1;
    end

    always @(posedge clk) begin
        cycles <= cycles + 1;
        if (cons_v) $write("%c", cons_d);
        if (valid) retired <= retired + 1;
        if (valid && !trap && wmask != 4'd0 && (maddr == {tohost[31:2], 2'b00})) begin
            if (mwdata == 32'd1) $display("icarus: PASS after %0d records, %0d cycles", retired + 1, cycles);
            else $display("icarus: FAIL code %0d", mwdata >> 1);
            $finish;
        end
        if (exit_v) begin
            if (exit_c == 32'd1) $display("icarus: PASS (exit register) after %0d cycles", cycles);
            else $display("icarus: FAIL code %0d (exit register)", exit_c >> 1);
            $finish;
        end
        if (cycles > max_cycles) begin
            $display("icarus: no exit after %0d cycles", cycles);
            $finish;
        end
    end

    wire unused_ok = &{1'b0, insn, pc_r, pc_w, rd, rd_wdata, rmask, mrdata, intr, cause};
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Device block of the node SoC (one Wishbone B4 classic slave): console,
// simulation exit, a software-driven external interrupt line, the node's
// id and the system size (read only: a write is acknowledged and changes
// nothing, so firmware cannot fault on them) and a RISC-V style machine
// timer (mtime counts clock cycles, timer interrupt while mtime >=
// mtimecmp; The RISC-V ISA Manual Vol. II, "Machine Timer Registers").
// Addresses: the SOC and NODE groups of defs/wc_defs.def.  ACK (or ERR for
// an address without a register) one cycle after the request.
module wc_soc_mmio (
    input  wire        clk_i,
    input  wire        rst_ni,
    // Straps: this node's id and the number of nodes in the system (0 and
    // 1 in the stand-alone core SoC).
    input  wire [`WC_HEAD_DST_W-1:0] node_id_i,
    input  wire [`WC_HEAD_DST_W:0]   node_count_i,
    input  wire        cyc_i,
    input  wire        stb_i,
    input  wire        we_i,
    input  wire [3:0]  sel_i,
    input  wire [31:0] adr_i,
    input  wire [31:0] dat_i,
    output wire [31:0] dat_o,
    output wire        ack_o,
    output wire        err_o,
    // Console: one character per byte store to the console register.
    output wire        console_valid_o,
    output wire [7:0]  console_data_o,
    // Exit: the word stored to the exit register (1 pass, code<<1|1 fail).
    output wire        exit_valid_o,
    output wire [31:0] exit_code_o,
    output wire        irq_timer_o,
    output wire        irq_ext_o
);
    reg  [63:0] mtime_q, mtime_d, cmp_q, cmp_d;
    reg         irq_q, irq_d;
    reg  [31:0] dat_q, dat_d;
    reg         ack_q, ack_d, err_q, err_d;
    reg         cons_q, cons_d, exit_q, exit_d;
    reg  [31:0] wdat_q, wdat_d;

    wire        go  = cyc_i && stb_i && !ack_q && !err_q;
    wire [31:0] lanes = {{8{sel_i[3]}}, {8{sel_i[2]}}, {8{sel_i[1]}}, {8{sel_i[0]}}};

    function [31:0] merge(input [31:0] old, input [31:0] nw, input [31:0] m);
        merge = (old & ~m) | (nw & m);
    endfunction

    always @* begin
        mtime_d = mtime_q + 64'd1;
        cmp_d   = cmp_q;
        irq_d   = irq_q;
        dat_d   = 32'd0;
        ack_d   = 1'b0;
        err_d   = 1'b0;
        cons_d  = 1'b0;
        exit_d  = 1'b0;
        wdat_d  = wdat_q;
        if (go) begin
            ack_d = 1'b1;
            case (adr_i)
                `WC_SOC_CONSOLE_ADDR: begin
                    cons_d = we_i && sel_i[0];
                    wdat_d = dat_i;
                end
                `WC_SOC_EXIT_ADDR: begin
                    exit_d = we_i;
                    wdat_d = dat_i;
                end
                `WC_SOC_IRQ_ADDR: begin
                    dat_d = {31'd0, irq_q};
                    if (we_i && sel_i[0]) irq_d = dat_i[0];
                end
                `WC_NODE_ID_ADDR:    dat_d = 32'(node_id_i);
                `WC_NODE_COUNT_ADDR: dat_d = 32'(node_count_i);
                `WC_SOC_MTIME_ADDR: begin
                    dat_d = mtime_q[31:0];
                    if (we_i) mtime_d[31:0] = merge(mtime_q[31:0], dat_i, lanes);
                end
                `WC_SOC_MTIME_ADDR + 4: begin
                    dat_d = mtime_q[63:32];
                    if (we_i) mtime_d[63:32] = merge(mtime_q[63:32], dat_i, lanes);
                end
                `WC_SOC_MTIMECMP_ADDR: begin
                    dat_d = cmp_q[31:0];
                    if (we_i) cmp_d[31:0] = merge(cmp_q[31:0], dat_i, lanes);
                end
                `WC_SOC_MTIMECMP_ADDR + 4: begin
                    dat_d = cmp_q[63:32];
                    if (we_i) cmp_d[63:32] = merge(cmp_q[63:32], dat_i, lanes);
                end
                default: begin
                    ack_d = 1'b0;
                    err_d = 1'b1;
                end
            endcase
        end
    end

    always @(posedge clk_i)
        if (!rst_ni) begin
            mtime_q <= 64'd0;
            cmp_q   <= {64{1'b1}};   // no timer interrupt until software sets it
            irq_q   <= 1'b0;
        end else begin
            mtime_q <= mtime_d;
            cmp_q   <= cmp_d;
            irq_q   <= irq_d;
        end
    always @(posedge clk_i)
        if (!rst_ni) begin
            ack_q  <= 1'b0;
            err_q  <= 1'b0;
            cons_q <= 1'b0;
            exit_q <= 1'b0;
        end else begin
            ack_q  <= ack_d;
            err_q  <= err_d;
            cons_q <= cons_d;
            exit_q <= exit_d;
        end
    always @(posedge clk_i) dat_q  <= dat_d;
    always @(posedge clk_i) wdat_q <= wdat_d;

    assign dat_o           = dat_q;
    assign ack_o           = ack_q;
    assign err_o           = err_q;
    assign console_valid_o = cons_q;
    assign console_data_o  = wdat_q[7:0];
    assign exit_valid_o    = exit_q;
    assign exit_code_o     = wdat_q;
    assign irq_timer_o     = mtime_q >= cmp_q;
    assign irq_ext_o       = irq_q;
endmodule
`resetall

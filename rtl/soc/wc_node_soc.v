// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// The Wormcast node SoC (docs/system.md): the RV32IM core, the node RAM
// shared with the NIC's DMA (wc_node_ram: single port, DMA first), the
// device block (console, exit, timer, software interrupt line, node id,
// system size) and the multicast NIC, whose link is the router's local
// port.  The router is outside (wc_node puts one beside it), so a
// simulation can wire the routers as a network of its own.
//
// Decode (memory map: the SOC and NODE groups of defs/wc_defs.def):
//   fetch port  RAM
//   data port   RAM, device block, NIC register window
//   NIC DMA     RAM
// and every other address ends its Wishbone cycle with ERR one cycle after
// the request (the core raises an access fault, the NIC a bus error).
//
// Every output is a function of registers only, like the NIC's and the
// router's, so a harness may read all nodes and routers, route outputs
// to inputs and then clock them all.  Besides the link and the devices
// the outputs show what lockstep with the C model (cmodel/wc_node_soc.c)
// compares every cycle: the fields of wc_node_out (defs/wc_node_port.h).
module wc_node_soc #(
    // RAM size in bytes: a power of two, 4 KiB..16 MiB.
    parameter integer RAM_BYTES = `WC_NODE_RAM_SIZE,
    // $readmemh image of the RAM ("" for none; simulations load through
    // the RAM's back door instead).
    parameter         RAM_INIT  = "",
    // Drive the core's retire port (verification); 0 for synthesis.
    parameter integer RVFI      = 1,
    // Multiply/divide bits per cycle of the core (1, 2, 4).
    parameter integer MD_STEPS  = 1,
    // The NIC's parameters (rtl/nic/wc_nic.v checks them).  NNODES bounds
    // the system size: node ids 0..node_count_i-1 with node_count_i <= NNODES.
    parameter integer NNODES /*verilator public_flat*/ = 16,
    parameter integer W         = `WC_FLIT_DATA_W,
    parameter integer B         = 8,
    parameter integer PAYLOAD   = `WC_NIC_PAYLOAD,
    parameter integer NSLOT     = 72,
    parameter integer JSEND     = 4,
    parameter integer JFWD      = 8,
    parameter integer NCTX      = 16,
    parameter integer NGROUPS   = `WC_NIC_GROUPS,
    parameter integer TXWIN     = 16,
    parameter integer MAXCHILD  = `WC_NIC_MAX_CHILDREN
) (
    input  wire                       clk_i,
    // Synchronous active-low reset of everything but the RAM contents.
    input  wire                       rst_ni,
    // Straps: this node's id (the NIC samples it in reset) and the number
    // of nodes in the system, both readable by firmware.
    input  wire [`WC_HEAD_DST_W-1:0]  node_id_i,
    input  wire [`WC_HEAD_DST_W:0]    node_count_i,

    // ---- the router's local port: {type[1:0], data[W-1:0]} flits -------
    input  wire                       rx_valid_i,
    input  wire [W+1:0]               rx_flit_i,
    output wire                       rx_credit_o,
    output wire                       tx_valid_o,
    output wire [W+1:0]               tx_flit_o,
    input  wire                       tx_credit_i,

    // ---- devices -------------------------------------------------------
    // One character per byte store to the console register.
    output wire                       console_valid_o,
    output wire [7:0]                 console_data_o,
    // The word stored to the exit register (1 pass, code<<1|1 fail).
    output wire                       exit_valid_o,
    output wire [31:0]                exit_code_o,

    // ---- observation: the core's two bus masters -------------------------
    output wire                       ibus_cyc_o,
    output wire                       ibus_stb_o,
    output wire                       ibus_we_o,
    output wire [3:0]                 ibus_sel_o,
    output wire [31:0]                ibus_adr_o,
    output wire [31:0]                ibus_dat_o,
    output wire                       dbus_cyc_o,
    output wire                       dbus_stb_o,
    output wire                       dbus_we_o,
    output wire [3:0]                 dbus_sel_o,
    output wire [31:0]                dbus_adr_o,
    output wire [31:0]                dbus_dat_o,
    // ---- observation: the RAM arbiter's grant (WC_NODE_GNT_*) and the
    // core's interrupt inputs
    output wire [1:0]                 gnt_o,
    output wire                       irq_timer_o,
    output wire                       irq_ext_o,
    // ---- observation: the core's retire port (see wc_rv32_core) --------
    output wire                       rvfi_valid_o,
    output wire [31:0]                rvfi_insn_o,
    output wire [31:0]                rvfi_pc_rdata_o,
    output wire [31:0]                rvfi_pc_wdata_o,
    output wire [4:0]                 rvfi_rd_addr_o,
    output wire [31:0]                rvfi_rd_wdata_o,
    output wire [31:0]                rvfi_mem_addr_o,
    output wire [3:0]                 rvfi_mem_rmask_o,
    output wire [3:0]                 rvfi_mem_wmask_o,
    output wire [31:0]                rvfi_mem_rdata_o,
    output wire [31:0]                rvfi_mem_wdata_o,
    output wire                       rvfi_trap_o,
    output wire                       rvfi_intr_o,
    output wire [31:0]                rvfi_cause_o,
    // ---- observation: the NIC's outputs besides the link (see wc_nic) --
    output wire                       nic_s_ack_o,
    output wire [31:0]                nic_s_dat_o,
    output wire                       nic_m_cyc_o,
    output wire                       nic_m_stb_o,
    output wire                       nic_m_we_o,
    output wire [31:0]                nic_m_adr_o,
    output wire [31:0]                nic_m_dat_o,
    output wire [3:0]                 nic_m_sel_o,
    output wire                       nic_irq_o
);
    localparam [31:0] RAM_BASE  = `WC_SOC_RAM_BASE;
    localparam [31:0] RAM_SIZE  = RAM_BYTES;
    localparam [31:0] MMIO_BASE = `WC_SOC_MMIO_BASE;
    localparam [31:0] MMIO_SIZE = `WC_SOC_MMIO_SIZE;
    localparam [31:0] NIC_BASE  = `WC_NODE_NIC_BASE;
    localparam [31:0] NIC_SIZE  = `WC_NODE_NIC_SIZE;

    // the same range as the C model's wc_node_soc_cfg_check()
    initial begin
        if (RAM_BYTES < 4096 || RAM_BYTES > 16777216 || (RAM_BYTES & (RAM_BYTES - 1)) != 0)
            $error("%m: RAM_BYTES must be a power of two in 4 KiB..16 MiB (got %0d)", RAM_BYTES);
    end

    // ---- the core ----------------------------------------------------
    wire        i_cyc, i_stb, i_we, i_ack, i_err;
    wire [3:0]  i_sel;
    wire [31:0] i_adr, i_dw, i_dr;
    wire        d_cyc, d_stb, d_we, d_ack, d_err;
    wire [3:0]  d_sel;
    wire [31:0] d_adr, d_dw, d_dr;
    wire        irq_timer, irq_soft, irq_ext;

    wc_rv32_core #(.RESET_PC(RAM_BASE), .RVFI(RVFI), .MD_STEPS(MD_STEPS)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .ibus_cyc_o(i_cyc), .ibus_stb_o(i_stb), .ibus_we_o(i_we), .ibus_sel_o(i_sel),
        .ibus_adr_o(i_adr), .ibus_dat_o(i_dw), .ibus_dat_i(i_dr), .ibus_ack_i(i_ack),
        .ibus_err_i(i_err),
        .dbus_cyc_o(d_cyc), .dbus_stb_o(d_stb), .dbus_we_o(d_we), .dbus_sel_o(d_sel),
        .dbus_adr_o(d_adr), .dbus_dat_o(d_dw), .dbus_dat_i(d_dr), .dbus_ack_i(d_ack),
        .dbus_err_i(d_err),
        .irq_timer_i(irq_timer), .irq_ext_i(irq_ext),
        .rvfi_valid_o(rvfi_valid_o), .rvfi_insn_o(rvfi_insn_o),
        .rvfi_pc_rdata_o(rvfi_pc_rdata_o), .rvfi_pc_wdata_o(rvfi_pc_wdata_o),
        .rvfi_rd_addr_o(rvfi_rd_addr_o), .rvfi_rd_wdata_o(rvfi_rd_wdata_o),
        .rvfi_mem_addr_o(rvfi_mem_addr_o), .rvfi_mem_rmask_o(rvfi_mem_rmask_o),
        .rvfi_mem_wmask_o(rvfi_mem_wmask_o), .rvfi_mem_rdata_o(rvfi_mem_rdata_o),
        .rvfi_mem_wdata_o(rvfi_mem_wdata_o), .rvfi_trap_o(rvfi_trap_o),
        .rvfi_intr_o(rvfi_intr_o), .rvfi_cause_o(rvfi_cause_o)
    );

    // ---- address decode ----------------------------------------------
    wire        m_cyc, m_stb, m_we, m_ack, m_err;
    wire [3:0]  m_sel;
    wire [31:0] m_adr, m_dw, m_dr;

    wire i_req  = i_cyc && i_stb;
    wire d_req  = d_cyc && d_stb;
    wire m_req  = m_cyc && m_stb;
    wire i_ram  = i_adr - RAM_BASE < RAM_SIZE;
    wire d_ram  = d_adr - RAM_BASE < RAM_SIZE;
    wire d_mmio = d_adr - MMIO_BASE < MMIO_SIZE;
    wire d_nic  = d_adr - NIC_BASE < NIC_SIZE;
    wire m_ram  = m_adr - RAM_BASE < RAM_SIZE;

    // ERR responders for unmapped addresses: one cycle, like the slaves.
    reg i_nerr_q, d_nerr_q, m_nerr_q;
    always @(posedge clk_i)
        if (!rst_ni) begin
            i_nerr_q <= 1'b0;
            d_nerr_q <= 1'b0;
            m_nerr_q <= 1'b0;
        end else begin
            i_nerr_q <= i_req && !i_ram && !i_nerr_q;
            d_nerr_q <= d_req && !d_ram && !d_mmio && !d_nic && !d_nerr_q;
            m_nerr_q <= m_req && !m_ram && !m_nerr_q;
        end

    // ---- RAM: the core's two masters share its core port ---------------
    // They never request together, so the one requesting RAM owns it and
    // owns the ACK that comes back while it still holds its request.
    wire        ci_req = i_req && i_ram;
    wire        cd_req = d_req && d_ram;
    wire        c_ack;
    wire [31:0] c_dr;
    wc_node_ram #(.BYTES(RAM_BYTES), .INIT_FILE(RAM_INIT)) u_ram (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .c_cyc_i(ci_req || cd_req), .c_stb_i(ci_req || cd_req),
        .c_we_i(cd_req ? d_we : i_we), .c_sel_i(cd_req ? d_sel : i_sel),
        .c_adr_i(cd_req ? d_adr : i_adr), .c_dat_i(cd_req ? d_dw : i_dw),
        .c_dat_o(c_dr), .c_ack_o(c_ack),
        .d_cyc_i(m_cyc && m_ram), .d_stb_i(m_stb && m_ram), .d_we_i(m_we), .d_sel_i(m_sel),
        .d_adr_i(m_adr), .d_dat_i(m_dw), .d_dat_o(m_dr), .d_ack_o(m_ack),
        .gnt_o(gnt_o)
    );

    // ---- devices -------------------------------------------------------
    wire        io_ack, io_err;
    wire [31:0] io_dr;
    wc_soc_mmio u_mmio (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .node_id_i(node_id_i), .node_count_i(node_count_i),
        .cyc_i(d_cyc && d_mmio), .stb_i(d_stb && d_mmio), .we_i(d_we), .sel_i(d_sel),
        .adr_i(d_adr), .dat_i(d_dw), .dat_o(io_dr), .ack_o(io_ack), .err_o(io_err),
        .console_valid_o(console_valid_o), .console_data_o(console_data_o),
        .exit_valid_o(exit_valid_o), .exit_code_o(exit_code_o),
        .irq_timer_o(irq_timer), .irq_ext_o(irq_soft)
    );

    // ---- NIC -------------------------------------------------------------
    wc_nic #(
        .NNODES(NNODES), .W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
        .JFWD(JFWD), .NCTX(NCTX), .NGROUPS(NGROUPS), .TXWIN(TXWIN), .MAXCHILD(MAXCHILD)
    ) u_nic (
        .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(node_id_i),
        .rx_valid_i(rx_valid_i), .rx_flit_i(rx_flit_i), .rx_credit_o(rx_credit_o),
        .tx_valid_o(tx_valid_o), .tx_flit_o(tx_flit_o), .tx_credit_i(tx_credit_i),
        .s_cyc_i(d_cyc && d_nic), .s_stb_i(d_stb && d_nic), .s_we_i(d_we), .s_adr_i(d_adr),
        .s_dat_i(d_dw), .s_sel_i(d_sel), .s_ack_o(nic_s_ack_o), .s_dat_o(nic_s_dat_o),
        .m_cyc_o(m_cyc), .m_stb_o(m_stb), .m_we_o(m_we), .m_adr_o(m_adr), .m_dat_o(m_dw),
        .m_sel_o(m_sel), .m_ack_i(m_ack), .m_err_i(m_nerr_q), .m_dat_i(m_dr),
        .irq_o(nic_irq_o)
    );
    assign m_err = m_nerr_q;

    // ---- responses -------------------------------------------------------
    // A master holds its request until the answer, so the slave its
    // address selects now is the one answering.
    assign i_dr  = c_dr;
    assign i_ack = c_ack && ci_req;
    assign i_err = i_nerr_q;
    assign d_dr  = d_ram ? c_dr : d_nic ? nic_s_dat_o : io_dr;
    assign d_ack = (c_ack && cd_req) || io_ack || nic_s_ack_o;
    assign d_err = d_nerr_q || io_err;
    assign irq_ext = nic_irq_o || irq_soft;

    assign ibus_cyc_o  = i_cyc;
    assign ibus_stb_o  = i_stb;
    assign ibus_we_o   = i_we;
    assign ibus_sel_o  = i_sel;
    assign ibus_adr_o  = i_adr;
    assign ibus_dat_o  = i_dw;
    assign dbus_cyc_o  = d_cyc;
    assign dbus_stb_o  = d_stb;
    assign dbus_we_o   = d_we;
    assign dbus_sel_o  = d_sel;
    assign dbus_adr_o  = d_adr;
    assign dbus_dat_o  = d_dw;
    assign irq_timer_o = irq_timer;
    assign irq_ext_o   = irq_ext;
    assign nic_m_cyc_o = m_cyc;
    assign nic_m_stb_o = m_stb;
    assign nic_m_we_o  = m_we;
    assign nic_m_adr_o = m_adr;
    assign nic_m_dat_o = m_dw;
    assign nic_m_sel_o = m_sel;

`ifndef SYNTHESIS
    // The bus promises the decode relies on: the core's masters never
    // request together (one owner of the RAM's core port), a RAM grant is
    // answered on its master's port in the next cycle, no answer without
    // a request, never ACK and ERR together, one slave at a time; and
    // straps the harness must keep (ids inside the system, the system
    // inside what the NIC was built for).
    reg gnt_core_q, gnt_dma_q;
    always @(posedge clk_i) begin
        gnt_core_q <= rst_ni && gnt_o[0];
        gnt_dma_q  <= rst_ni && gnt_o[1];
    end
    always @(posedge clk_i)
        if (rst_ni) begin
            if (gnt_core_q && !(i_ack || d_ack))
                $error("%m: a granted core RAM request was not acknowledged");
            if (gnt_dma_q && !m_ack)
                $error("%m: a granted DMA request was not acknowledged");
            if (i_req && d_req)
                $error("%m: fetch and data ports request together");
            if ((i_ack || i_err) && !i_req)
                $error("%m: fetch port answered without a request");
            if ((d_ack || d_err) && !d_req)
                $error("%m: data port answered without a request");
            if ((m_ack || m_err) && !m_req)
                $error("%m: DMA answered without a request");
            if (i_ack && i_err || d_ack && d_err || m_ack && m_err)
                $error("%m: ACK and ERR together");
            if (32'(c_ack && cd_req) + 32'(io_ack) + 32'(io_err) + 32'(nic_s_ack_o) + 32'(d_nerr_q) > 1)
                $error("%m: two slaves answer the data port");
            if (32'(node_id_i) >= 32'(node_count_i) || 32'(node_count_i) > NNODES)
                $error("%m: node id %0d of %0d nodes, NIC built for %0d", node_id_i, node_count_i, NNODES);
        end
`endif
endmodule
`resetall

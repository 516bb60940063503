// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// One Wormcast node as the FPGA flow places it: the node SoC (wc_node_soc:
// core, RAM, devices, NIC) on the local port of its own router.  The
// router's other ports are the node's network ports; a system is one
// wc_node per host of the topology with their network ports linked.
//
// The local port follows the routing's port numbering (docs/router.md):
// XY port 4, one-port e-cube port CUBE_N, table routing port 0 (a switch
// with one host, its host on the lowest port, docs/topology.md).  Network
// port k is router port k with the local port left out, so for XY and
// e-cube the two numberings agree and for table routing network port k is
// router port k+1.
module wc_node #(
    // ---- the node SoC (see wc_node_soc) ----------------------------------
    parameter integer RAM_BYTES  = `WC_NODE_RAM_SIZE,
    parameter         RAM_INIT   = "",
    // The retire port costs registers and no FPGA design reads it.
    parameter integer RVFI       = 0,
    parameter integer MD_STEPS   = 1,
    // NNODES: the NIC's node ids and the hosts a routing table addresses.
    parameter integer NNODES     = 16,
    // W: flit data width of NIC and router; B: the router's input buffer
    // depth, which is also the NIC's initial credit count.
    parameter integer W          = `WC_FLIT_DATA_W,
    parameter integer B          = 8,
    parameter integer PAYLOAD    = `WC_NIC_PAYLOAD,
    parameter integer NSLOT      = 72,
    parameter integer JSEND      = 4,
    parameter integer JFWD       = 8,
    parameter integer NCTX       = 16,
    parameter integer NGROUPS    = `WC_NIC_GROUPS,
    parameter integer TXWIN      = 16,
    parameter integer MAXCHILD   = `WC_NIC_MAX_CHILDREN,
    // ---- the router (see wc_router) --------------------------------------
    parameter integer P          = 5,
    parameter integer ROUTING    = `WC_ROUTING_XY,
    parameter integer CUBE_N     = 4,
    parameter integer ALL_PORT   = 0,
    parameter integer HIGH_FIRST = 1,
    parameter integer MESH_X     = 4,
    parameter integer MESH_Y     = 4,
    parameter integer CAW        = 16
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    // Straps (sampled in reset by NIC and router; read by firmware).
    input  wire [`WC_HEAD_DST_W-1:0] node_id_i,
    input  wire [`WC_HEAD_DST_W:0]   node_count_i,
    // Route table configuration (table routing; ignored otherwise).
    input  wire                      cfg_we_i,
    input  wire [CAW-1:0]            cfg_addr_i,
    input  wire [7:0]                cfg_data_i,

    // ---- network ports: port k occupies bits [k*(W+2) +: W+2] ------------
    input  wire [P-2:0]              net_in_valid_i,
    input  wire [(P-1)*(W+2)-1:0]    net_in_flit_i,
    output wire [P-2:0]              net_in_credit_o,
    output wire [P-2:0]              net_out_valid_o,
    output wire [(P-1)*(W+2)-1:0]    net_out_flit_o,
    input  wire [P-2:0]              net_out_credit_i,

    // ---- devices ---------------------------------------------------------
    output wire                      console_valid_o,
    output wire [7:0]                console_data_o,
    output wire                      exit_valid_o,
    output wire [31:0]               exit_code_o,

    // ---- router status ---------------------------------------------------
    // Worms the router discarded as unroutable or malformed (saturating).
    output wire [15:0]               drop_count_o
);
    localparam integer FW    = W + 2;
    localparam integer LOCAL = ROUTING == `WC_ROUTING_XY ? 4 :
                               ROUTING == `WC_ROUTING_ECUBE ? CUBE_N : 0;

    // The router checks its own parameters; these are the node's.
    initial begin
        if (ROUTING == `WC_ROUTING_ECUBE && ALL_PORT != 0)
            $error("%m: a node has one link: all-port e-cube (ALL_PORT=1) needs N links");
        if (LOCAL >= P)
            $error("%m: local port %0d of a %0d-port router", LOCAL, P);
    end

    // ---- the router's port vectors: the local port spliced in -------------
    wire [P-1:0]    r_in_valid, r_in_credit, r_out_valid, r_out_credit;
    wire [P*FW-1:0] r_in_flit, r_out_flit;
    wire            l_rx_valid, l_rx_credit, l_tx_valid, l_tx_credit;
    wire [FW-1:0]   l_rx_flit, l_tx_flit;

    // (not k: the units below declare their own k, which would hide it)
    genvar gp;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_port
            if (gp == LOCAL) begin : g_local
                assign r_in_valid[gp]           = l_tx_valid;
                assign r_in_flit[gp*FW +: FW]   = l_tx_flit;
                assign r_out_credit[gp]         = l_rx_credit;
                assign l_tx_credit              = r_in_credit[gp];
                assign l_rx_valid               = r_out_valid[gp];
                assign l_rx_flit                = r_out_flit[gp*FW +: FW];
            end else begin : g_net
                localparam integer N = gp < LOCAL ? gp : gp - 1;
                assign r_in_valid[gp]           = net_in_valid_i[N];
                assign r_in_flit[gp*FW +: FW]   = net_in_flit_i[N*FW +: FW];
                assign r_out_credit[gp]         = net_out_credit_i[N];
                assign net_in_credit_o[N]       = r_in_credit[gp];
                assign net_out_valid_o[N]       = r_out_valid[gp];
                assign net_out_flit_o[N*FW +: FW] = r_out_flit[gp*FW +: FW];
            end
        end
    endgenerate

    // Absorption channels serve path-based multicast hosts that consume
    // every flit; the NIC multicasts in software trees and has none.
    wire [P-1:0]    unused_abs_valid;
    wire [P*FW-1:0] unused_abs_flit;
    wc_router #(
        .P(P), .W(W), .B(B), .ROUTING(ROUTING), .CUBE_N(CUBE_N), .ALL_PORT(ALL_PORT),
        .HIGH_FIRST(HIGH_FIRST), .MESH_X(MESH_X), .MESH_Y(MESH_Y), .NNODES(NNODES), .CAW(CAW)
    ) u_router (
        .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(node_id_i),
        .cfg_we_i(cfg_we_i), .cfg_addr_i(cfg_addr_i), .cfg_data_i(cfg_data_i),
        .in_valid_i(r_in_valid), .in_flit_i(r_in_flit), .in_credit_o(r_in_credit),
        .out_valid_o(r_out_valid), .out_flit_o(r_out_flit), .out_credit_i(r_out_credit),
        .abs_valid_o(unused_abs_valid), .abs_flit_o(unused_abs_flit),
        .drop_count_o(drop_count_o)
    );

    // The observation ports serve lockstep, which runs wc_node_soc alone.
    wire [31:0]  unused_ibus_adr, unused_ibus_dat, unused_dbus_adr, unused_dbus_dat;
    wire [3:0]   unused_ibus_sel, unused_dbus_sel;
    wire [1:0]   unused_gnt;
    wire [31:0]  unused_rvfi_insn, unused_rvfi_pc_rdata, unused_rvfi_pc_wdata, unused_rvfi_rd_wdata;
    wire [31:0]  unused_rvfi_mem_addr, unused_rvfi_mem_rdata, unused_rvfi_mem_wdata, unused_rvfi_cause;
    wire [31:0]  unused_nic_s_dat, unused_nic_m_adr, unused_nic_m_dat;
    wire [4:0]   unused_rvfi_rd_addr;
    wire [3:0]   unused_rvfi_mem_rmask, unused_rvfi_mem_wmask, unused_nic_m_sel;
    wire [15:0]  unused_bits;
    wc_node_soc #(
        .RAM_BYTES(RAM_BYTES), .RAM_INIT(RAM_INIT), .RVFI(RVFI), .MD_STEPS(MD_STEPS),
        .NNODES(NNODES), .W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
        .JFWD(JFWD), .NCTX(NCTX), .NGROUPS(NGROUPS), .TXWIN(TXWIN), .MAXCHILD(MAXCHILD)
    ) u_soc (
        .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(node_id_i), .node_count_i(node_count_i),
        .rx_valid_i(l_rx_valid), .rx_flit_i(l_rx_flit), .rx_credit_o(l_rx_credit),
        .tx_valid_o(l_tx_valid), .tx_flit_o(l_tx_flit), .tx_credit_i(l_tx_credit),
        .console_valid_o(console_valid_o), .console_data_o(console_data_o),
        .exit_valid_o(exit_valid_o), .exit_code_o(exit_code_o),
        .ibus_cyc_o(unused_bits[0]), .ibus_stb_o(unused_bits[1]), .ibus_we_o(unused_bits[2]),
        .ibus_sel_o(unused_ibus_sel), .ibus_adr_o(unused_ibus_adr), .ibus_dat_o(unused_ibus_dat),
        .dbus_cyc_o(unused_bits[3]), .dbus_stb_o(unused_bits[4]), .dbus_we_o(unused_bits[5]),
        .dbus_sel_o(unused_dbus_sel), .dbus_adr_o(unused_dbus_adr), .dbus_dat_o(unused_dbus_dat),
        .gnt_o(unused_gnt), .irq_timer_o(unused_bits[6]), .irq_ext_o(unused_bits[7]),
        .rvfi_valid_o(unused_bits[8]), .rvfi_insn_o(unused_rvfi_insn),
        .rvfi_pc_rdata_o(unused_rvfi_pc_rdata), .rvfi_pc_wdata_o(unused_rvfi_pc_wdata),
        .rvfi_rd_addr_o(unused_rvfi_rd_addr), .rvfi_rd_wdata_o(unused_rvfi_rd_wdata),
        .rvfi_mem_addr_o(unused_rvfi_mem_addr), .rvfi_mem_rmask_o(unused_rvfi_mem_rmask),
        .rvfi_mem_wmask_o(unused_rvfi_mem_wmask), .rvfi_mem_rdata_o(unused_rvfi_mem_rdata),
        .rvfi_mem_wdata_o(unused_rvfi_mem_wdata), .rvfi_trap_o(unused_bits[9]),
        .rvfi_intr_o(unused_bits[10]), .rvfi_cause_o(unused_rvfi_cause),
        .nic_s_ack_o(unused_bits[11]), .nic_s_dat_o(unused_nic_s_dat),
        .nic_m_cyc_o(unused_bits[12]), .nic_m_stb_o(unused_bits[13]), .nic_m_we_o(unused_bits[14]),
        .nic_m_adr_o(unused_nic_m_adr), .nic_m_dat_o(unused_nic_m_dat), .nic_m_sel_o(unused_nic_m_sel),
        .nic_irq_o(unused_bits[15])
    );

`ifndef SYNTHESIS
    // The local link's flow control (docs/router.md): the NIC injects
    // only with a credit in hand (B slots, one back per freed slot) and
    // returns a credit the cycle after every flit it is sent.
    reg [8:0] l_credits_q;
    reg       l_rx_q;
    always @(posedge clk_i)
        if (!rst_ni) begin
            l_credits_q <= 9'(B);
            l_rx_q      <= 1'b0;
        end else begin
            l_credits_q <= l_credits_q - 9'(l_tx_valid) + 9'(l_tx_credit);
            l_rx_q      <= l_rx_valid;
        end
    always @(posedge clk_i)
        if (rst_ni) begin
            if (l_tx_valid && l_credits_q == 9'd0)
                $error("%m: the NIC injects without a credit");
            if (l_credits_q > 9'(B))
                $error("%m: the router returned more credits than its %0d slots", B);
            if (l_rx_credit != l_rx_q)
                $error("%m: the NIC's credit is not the cycle after its flit");
        end
`endif
endmodule
`resetall

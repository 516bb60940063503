// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Four nodes on a 2x2 mesh on one board (design `system`, docs/fpga.md):
// each a wc_node (core, RAM with the firmware loaded at synthesis, NIC,
// XY router), their network ports linked as `wormcast run --topo
// mesh:2x2` links them (node y*2 + x; ports 0 +x, 1 -x, 2 +y, 3 -y; a
// router output drives its neighbour's input directly, as the C network
// does), all leaving reset in the same cycle.  So the board runs the
// firmware cycle for cycle as `wormcast run --engine c` does, as long as
// no console buffer fills (below).
//
// The consoles share the UART a line at a time, each line prefixed
// "[n] " as `wormcast run` prints it: a node's console bytes go into its
// own buffer (CONS_BYTES, block RAM), and the UART side takes whole
// lines from the buffers in turn.  A node's console stores do not wait
// (the node SoC has no console back-pressure): a byte that finds its
// buffer full is dropped and counted, and the status line reports the
// count, which fails the run if it is not zero.
//
// After every node has exited and the buffers are empty, a status line
// repeats every STATUS_CYCLES (wc_fpga_system_report):
//   "wc system exit C0 C1 C2 C3 lost LLLL PASS"
// with each node's main() return value and the dropped console bytes.
//
// LEDs (status_o): [0] heartbeat, [1] every node passed (and no byte was
// lost), [2] a node failed or bytes were lost, [3] running (a node has
// not exited), [7:4] node n has exited.
module wc_fpga_system #(
    // Each node's RAM in bytes (a power of two; the firmware's link), and
    // its $readmemh image: 32-bit words from WC_SOC_RAM_BASE, the same
    // firmware for every node (it reads its id from the node's straps).
    // "" elaborates but leaves the RAMs empty.
    parameter integer RAM_BYTES     = `WC_NODE_RAM_SIZE,
    parameter         INIT_FILE     = "",
    // Clock cycles per UART bit (clock / 115200, rounded).
    parameter integer UART_DIV      = 434,
    // Clock cycles from one status line to the next after the exits.
    parameter integer STATUS_CYCLES = 50_000_000,
    // The heartbeat LED toggles every 2^HEART_BIT cycles.
    parameter integer HEART_BIT     = 24,
    // Multiply/divide bits per cycle of the cores (1, 2, 4).
    parameter integer MD_STEPS      = 1,
    // Console buffer per node in bytes, a power of two >= 16: lines wait
    // there while the UART sends another node's (115200 baud is about a
    // character per 4,300 cycles at 50 MHz).
    parameter integer CONS_BYTES    = 1024,
    // The nodes' flit width, router input depth and NIC parameters
    // (wc_node), the defaults the C node model's.  The builds pass what
    // `wormcast netgen --topo mesh:2x2 --params node --nic LIST` prints
    // for the FPGA designs' NIC (NIC_BOARD, mk/nicrtl.mk), so that
    // `wormcast run --nic LIST` runs the same system (the node model
    // takes NNODES 16 for systems of up to 16 nodes, and NNODES orders
    // the NIC's acknowledgement round robin).
    parameter integer NNODES        = 16,
    parameter integer W             = `WC_FLIT_DATA_W,
    parameter integer B             = 8,
    parameter integer PAYLOAD       = `WC_NIC_PAYLOAD,
    parameter integer NSLOT         = 72,
    parameter integer JSEND         = 4,
    parameter integer JFWD          = 8,
    parameter integer NCTX          = 16,
    parameter integer NGROUPS       = `WC_NIC_GROUPS,
    parameter integer TXWIN         = 16,
    parameter integer MAXCHILD      = `WC_NIC_MAX_CHILDREN
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    // The console: every node's lines, 115200 baud 8N1 (UART_DIV).
    output wire       uart_tx_o,
    // The LEDs: [0] heartbeat, [1] all passed, [2] a failure or lost
    // bytes, [3] running, [7:4] node n has exited (above).
    output wire [7:0] status_o
);
    localparam integer MX = 2, MY = 2, N = MX * MY;
    localparam integer FW = W + 2;
    localparam integer NP = 4;                 // network ports per node (XY: P - 1)
    localparam integer CW = $clog2(CONS_BYTES);

    initial begin
        if (UART_DIV < 2) $error("%m: UART_DIV must be >= 2 (got %0d)", UART_DIV);
        if (STATUS_CYCLES < 1) $error("%m: STATUS_CYCLES must be >= 1 (got %0d)", STATUS_CYCLES);
        if (HEART_BIT < 1 || HEART_BIT > 31) $error("%m: HEART_BIT must be 1..31 (got %0d)", HEART_BIT);
        if (NNODES < N) $error("%m: NNODES must be at least the %0d nodes (got %0d)", N, NNODES);
        if (CONS_BYTES < 16 || (CONS_BYTES & (CONS_BYTES - 1)) != 0)
            $error("%m: CONS_BYTES must be a power of two >= 16 (got %0d)", CONS_BYTES);
    end

    // ---- the nodes and their links ---------------------------------------
    // port (n, k) is bit n*NP + k; its peer is the neighbour's opposite port
    wire [N*NP-1:0]    o_valid, i_credit;
    // (the edge ports' outputs lead nowhere)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [N*NP*FW-1:0] o_flit;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [N-1:0]       cons_valid, exit_valid;
    wire [N*8-1:0]     cons_byte;
    wire [N*32-1:0]    exit_code;

    genvar gn;
    generate
        for (gn = 0; gn < N; gn = gn + 1) begin : g_node
            localparam integer X = gn % MX, Y = gn / MX;
            // the peer of port k: +x, -x, +y, -y (-1: the mesh's edge)
            localparam integer P0 = X + 1 < MX ? (gn + 1) * NP + 1 : -1;
            localparam integer P1 = X > 0 ? (gn - 1) * NP + 0 : -1;
            localparam integer P2 = Y + 1 < MY ? (gn + MX) * NP + 3 : -1;
            localparam integer P3 = Y > 0 ? (gn - MX) * NP + 2 : -1;
            wire [NP-1:0]    n_valid, n_credit;
            wire [NP*FW-1:0] n_flit;
            genvar gk;
            for (gk = 0; gk < NP; gk = gk + 1) begin : g_port
                localparam integer PEER = gk == 0 ? P0 : gk == 1 ? P1 : gk == 2 ? P2 : P3;
                if (PEER >= 0) begin : g_link
                    assign n_valid[gk]            = o_valid[PEER];
                    assign n_flit[gk*FW +: FW]    = o_flit[PEER*FW +: FW];
                    assign n_credit[gk]           = i_credit[PEER];
                end else begin : g_edge
                    assign n_valid[gk]            = 1'b0;
                    assign n_flit[gk*FW +: FW]    = {FW{1'b0}};
                    assign n_credit[gk]           = 1'b0;
                end
            end
            wire [15:0] unused_drops;
            wc_node #(
                .RAM_BYTES(RAM_BYTES), .RAM_INIT(INIT_FILE), .RVFI(0), .MD_STEPS(MD_STEPS),
                .NNODES(NNODES), .W(W), .B(B), .PAYLOAD(PAYLOAD), .NSLOT(NSLOT), .JSEND(JSEND),
                .JFWD(JFWD), .NCTX(NCTX), .NGROUPS(NGROUPS), .TXWIN(TXWIN), .MAXCHILD(MAXCHILD),
                .P(NP + 1), .ROUTING(`WC_ROUTING_XY), .MESH_X(MX), .MESH_Y(MY)
            ) u_node (
                .clk_i(clk_i), .rst_ni(rst_ni),
                .node_id_i(`WC_HEAD_DST_W'(gn)), .node_count_i((`WC_HEAD_DST_W+1)'(N)),
                .cfg_we_i(1'b0), .cfg_addr_i(16'd0), .cfg_data_i(8'd0),
                .net_in_valid_i(n_valid), .net_in_flit_i(n_flit), .net_in_credit_o(i_credit[gn*NP +: NP]),
                .net_out_valid_o(o_valid[gn*NP +: NP]), .net_out_flit_o(o_flit[gn*NP*FW +: NP*FW]),
                .net_out_credit_i(n_credit),
                .console_valid_o(cons_valid[gn]), .console_data_o(cons_byte[gn*8 +: 8]),
                .exit_valid_o(exit_valid[gn]), .exit_code_o(exit_code[gn*32 +: 32]),
                .drop_count_o(unused_drops)
            );
        end
    endgenerate

    // ---- exits ---------------------------------------------------------
    reg [N-1:0]    exited_q;
    reg [N*32-1:0] code_q;
    always @(posedge clk_i)
        if (!rst_ni) begin
            exited_q <= {N{1'b0}};
            code_q   <= {N*32{1'b0}};
        end else begin : exits
            integer n;
            for (n = 0; n < N; n = n + 1)
                if (exit_valid[n] && !exited_q[n]) begin
                    exited_q[n]          <= 1'b1;
                    code_q[n*32 +: 32]   <= exit_code[n*32 +: 32];
                end
        end

    // ---- console buffers -------------------------------------------------
    // One per node; the UART side reads one byte at a time (rd), its value
    // a cycle later in rdat.
    reg  [N*(CW+1)-1:0] wp_q, rp_q;             // write and read counts
    reg  [15:0]         lost_q;
    wire [N-1:0]        cons_any;
    wire [N*8-1:0]      rdat;
    reg  [N-1:0]        rd;
    wire [N-1:0]        full;
    generate
        for (gn = 0; gn < N; gn = gn + 1) begin : g_cons
            wire [CW:0] wp = wp_q[gn*(CW+1) +: CW+1], rp = rp_q[gn*(CW+1) +: CW+1];
            assign cons_any[gn] = wp != rp;
            assign full[gn]     = wp - rp == CONS_BYTES[CW:0];
            reg [7:0] mem_q [0:CONS_BYTES-1];
            reg [7:0] rdat_q;
            always @(posedge clk_i) begin
                if (cons_valid[gn] && !full[gn]) mem_q[wp[CW-1:0]] <= cons_byte[gn*8 +: 8];
                if (rd[gn]) rdat_q <= mem_q[rp[CW-1:0]];
            end
            assign rdat[gn*8 +: 8] = rdat_q;
            always @(posedge clk_i)
                if (!rst_ni) begin
                    wp_q[gn*(CW+1) +: CW+1] <= {(CW+1){1'b0}};
                    rp_q[gn*(CW+1) +: CW+1] <= {(CW+1){1'b0}};
                end else begin
                    if (cons_valid[gn] && !full[gn]) wp_q[gn*(CW+1) +: CW+1] <= wp + 1'b1;
                    if (rd[gn]) rp_q[gn*(CW+1) +: CW+1] <= rp + 1'b1;
                end
        end
    endgenerate
    always @(posedge clk_i)
        if (!rst_ni) lost_q <= 16'd0;
        else if ((cons_valid & full) != {N{1'b0}} && lost_q != 16'hffff) lost_q <= lost_q + 1'b1;

    // ---- the UART side: whole lines in turn, each "[n] " first -----------
    localparam [2:0] S_PICK = 3'd0, S_PRE = 3'd1, S_RD = 3'd2, S_DAT = 3'd3, S_RPT = 3'd4;
    reg  [2:0]  st_q;
    reg  [1:0]  cur_q, rr_q;                  // the node whose line goes out; the next to look at first
    reg  [1:0]  pos_q;                        // prefix character
    wire        tx_ready;
    reg         tx_valid;
    reg  [7:0]  tx_byte;
    wire [7:0]  cur_dat = rdat[cur_q*8 +: 8];
    // the first node from rr_q on with bytes waiting
    reg         pick_any;
    reg  [1:0]  pick;
    always @* begin : pick_next
        integer i;
        reg [1:0] n;
        pick_any = 1'b0;
        pick     = 2'd0;
        for (i = N - 1; i >= 0; i = i - 1) begin
            n = rr_q + 2'(i);
            if (cons_any[n]) begin
                pick_any = 1'b1;
                pick     = n;
            end
        end
    end

    // the status line: once every node has exited and every line is out
    wire        all_exited = &exited_q;
    wire        rpt_valid;
    wire [7:0]  rpt_byte;
    localparam integer SW = $clog2(STATUS_CYCLES + 1);
    reg  [SW-1:0] wait_q;
    wire        rpt_start = st_q == S_PICK && all_exited && !pick_any && !rpt_valid && wait_q == {SW{1'b0}};
    always @(posedge clk_i)
        if (!rst_ni || !all_exited) wait_q <= {SW{1'b0}};
        else if (rpt_start)         wait_q <= SW'(STATUS_CYCLES);
        else if (wait_q != {SW{1'b0}}) wait_q <= wait_q - 1'b1;

    always @* begin
        rd       = {N{1'b0}};
        tx_valid = 1'b0;
        tx_byte  = 8'd0;
        case (st_q)
            S_PRE: begin
                tx_valid = 1'b1;
                tx_byte  = pos_q == 2'd0 ? "[" : pos_q == 2'd1 ? 8'h30 + {6'd0, cur_q} :
                           pos_q == 2'd2 ? "]" : " ";
            end
            S_RD:  rd[cur_q] = cons_any[cur_q];
            S_DAT: begin
                tx_valid = 1'b1;
                tx_byte  = cur_dat;
            end
            S_RPT: begin
                tx_valid = rpt_valid;
                tx_byte  = rpt_byte;
            end
            default: ;
        endcase
    end

    always @(posedge clk_i)
        if (!rst_ni) begin
            st_q  <= S_PICK;
            cur_q <= 2'd0;
            rr_q  <= 2'd0;
            pos_q <= 2'd0;
        end else case (st_q)
            S_PICK:
                if (pick_any) begin
                    st_q  <= S_PRE;
                    cur_q <= pick;
                    pos_q <= 2'd0;
                end else if (rpt_start) begin
                    st_q <= S_RPT;
                end
            S_PRE:
                if (tx_ready) begin
                    pos_q <= pos_q + 1'b1;
                    if (pos_q == 2'd3) st_q <= S_RD;
                end
            S_RD:
                if (cons_any[cur_q]) st_q <= S_DAT;
            S_DAT:
                if (tx_ready) begin
                    if (cur_dat == 8'h0a) begin
                        st_q <= S_PICK;
                        rr_q <= cur_q + 1'b1;
                    end else begin
                        st_q <= S_RD;
                    end
                end
            S_RPT:
                // the report takes its start in S_PICK's cycle and is busy
                // from the next; it ends when its line is out
                if (!rpt_valid) st_q <= S_PICK;
            default: st_q <= S_PICK;
        endcase

    wire pass_all = lost_q == 16'd0 && code_q == {N{32'd1}};
    wc_fpga_system_report #(.N(N)) u_report (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(rpt_start), .code_i(code_q), .lost_i(lost_q),
        .pass_i(pass_all), .valid_o(rpt_valid), .byte_o(rpt_byte), .ready_i(tx_ready && st_q == S_RPT)
    );
    wc_fpga_uart_tx #(.DIV(UART_DIV)) u_tx (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(tx_valid), .byte_i(tx_byte),
        .ready_o(tx_ready), .tx_o(uart_tx_o)
    );

    reg [HEART_BIT:0] heart_q;
    always @(posedge clk_i)
        if (!rst_ni) heart_q <= '0;
        else         heart_q <= heart_q + 1'b1;
    assign status_o = {exited_q, !all_exited, all_exited && !pass_all, all_exited && pass_all,
                       heart_q[HEART_BIT]};

`ifndef SYNTHESIS
    // A line goes out whole: the UART side reads only a buffer with bytes
    // in it, and leaves a node only after its newline.
    always @(posedge clk_i)
        if (rst_ni) begin
            if ((rd & ~cons_any) != {N{1'b0}})
                $error("%m: console buffer read while empty (%b)", rd);
            if (st_q == S_RPT && !all_exited)
                $error("%m: status line before every node exited");
        end
`endif
endmodule
`resetall

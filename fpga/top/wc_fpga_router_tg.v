// SPDX-License-Identifier: Apache-2.0
`default_nettype none
`include "wc_defs.vh"
// Board self-test of one router: a traffic generator (wc_fpga_tg) on
// every input link, a checker (wc_fpga_chk) on every output link, a
// status line on the UART and status on the LEDs.  The router runs as in
// a network (node NODE of a 4x4 mesh or a 4-cube), its neighbours played
// by the generators and checkers.  With table routing (WC_FPGA_RT_TABLE
// defined) the router is the up*/down* table router of make fpga-area's
// router_table row (8 ports, 64 hosts, B = 8), one router of an irregular
// network: its table image (RT_IMAGE, wc_fpga_rt_table.vh, which make
// writes from `wormcast topo --tables memh`: fpga/tops.mk) is written
// through the configuration port after reset, before any traffic; each
// generator sends only to the hosts its port's phase can reach (a worm
// that arrived on a down link goes down only), and each checker expects
// the ports the image gives.  With a routing function, each generator
// sends only to the hosts its port reaches by a legal turn, as a
// conformant neighbour would.
//
// Traffic runs in epochs: RUN_CYCLES of injection, then DRAIN_CYCLES
// without, after which every worm sent must have been received (a lost
// or duplicated worm is an error) and the status line goes out.  Errors:
// a checker's rule broken, a worm lost or duplicated, the router's drop
// counter above zero (every destination is routable), a flit on an
// absorption channel (no worm here is multidestination).
//
// This core has no board specifics (clock, pins): wc_fpga_ice40_top adds
// them, and the netlist tests simulate this module as synthesized.
module wc_fpga_router_tg #(
    // WC_ROUTING_XY or WC_ROUTING_WEST_FIRST (4x4 mesh, P = 5),
    // WC_ROUTING_ECUBE (4-cube, one-port, high dimension first, P = 5)
    // or WC_ROUTING_TABLE (the image's router: P = 8, 64 hosts; needs
    // WC_FPGA_RT_TABLE).
    parameter integer ROUTING      = `WC_ROUTING_XY,
    // The router's node id; any of the 16.
    parameter integer NODE         = 5,
    // Router input buffer depth; >= 3 sustains a flit per cycle per port
    // (the table router: its area row's 8, buffers in block RAM).
    parameter integer B            = (ROUTING == `WC_ROUTING_TABLE) ? 8 : 4,
    // Offered load per input, in sixteenths of a flit per cycle.
    parameter integer RATE         = 8,
    // The router's hop pipeline (wc_router.v STAGES), 1 or 2.
    parameter integer STAGES       = 1,
    // Epoch: cycles of injection, then of drain (a drain must outlast the
    // longest backlog: P inputs of B flits plus 8-flit worms behind them).
    parameter integer RUN_CYCLES   = 1 << 24,
    parameter integer DRAIN_CYCLES = 1024,
    // UART clock cycles per bit (clock frequency / baud rate).
    parameter integer UART_DIV     = 434,
    // Heartbeat LED: toggles every 2^HEART_BIT cycles.
    parameter integer HEART_BIT    = 24,
    // Checker self-test: one generator corrupts one flit (see wc_fpga_tg);
    // the line must then say FAIL.
    parameter integer INJECT_ERR   = 0
) (
    input  wire       clk_i,
    input  wire       rst_ni,
    output wire       uart_tx_o,
    // [0] heartbeat, [1] pass (epochs completed, no error), [2] error,
    // [7:3] worms received, bits 16..20 (traffic visibly moving)
    output wire [7:0] led_o
);
    localparam integer TAB = (ROUTING == `WC_ROUTING_TABLE) ? 1 : 0;
    localparam integer P  = (TAB != 0) ? 8 : 5;
    localparam integer NN = (TAB != 0) ? 64 : 16;
    localparam integer W  = `WC_FLIT_DATA_W;
    localparam integer FW = W + 2;
    localparam integer DW = `WC_HEAD_DST_W;
    localparam integer RW = $clog2(RUN_CYCLES + DRAIN_CYCLES);

    // The table image: entry phase*NN + dst, then down_only of each input
    // (the layout of wc_route_table.v's configuration port).
    localparam integer RT_N = 2 * NN + P;
`ifdef WC_FPGA_RT_TABLE
    `include "wc_fpga_rt_table.vh"
`else
    localparam integer RT_WORDS = RT_N;
    localparam [RT_WORDS*8-1:0] RT_IMAGE = {RT_WORDS{8'h00}};
`endif
    // the hosts a worm entering on port p may go to (its phase has a
    // route), and the (phase, dst) entries that lead to port p
    function automatic [NN-1:0] rt_dst_ok(input integer p);
        integer d;
        reg       ph;
        reg [7:0] e;
        ph = RT_IMAGE[(2 * NN + p) * 8];
        for (d = 0; d < NN; d = d + 1) begin
            e = RT_IMAGE[((ph ? NN : 0) + d) * 8 +: 8];
            rt_dst_ok[d] = e != 8'(`WC_RT_PORT_NONE) && (e & 8'(`WC_RT_PORT_MASK)) < 8'(P);
        end
    endfunction
    function automatic [2*NN-1:0] rt_to_port(input integer p);
        integer a;
        reg [7:0] e, m;
        for (a = 0; a < 2 * NN; a = a + 1) begin
            e = RT_IMAGE[a * 8 +: 8];
            m = e & 8'(`WC_RT_PORT_MASK);
            rt_to_port[a] = e != 8'(`WC_RT_PORT_NONE) && 32'(m) == p;
        end
    endfunction
    // the hosts a worm entering a function router on port p may go to:
    // those its routing function reaches by ejection or a legal turn
    // from p (the neighbours a generator plays are conformant routers;
    // wc_router.v drops a worm no legal turn reaches, and a drop is an
    // error of this test)
    localparam integer MX = 4;
    function automatic legal(input integer p, input integer o);
        if (ROUTING == `WC_ROUTING_ECUBE)
            legal = o == 4 || p == 4 || o < p;            // high dimension first
        else if (o == `WC_MESH_PORT_L || p == `WC_MESH_PORT_L)
            legal = 1'b1;
        else if (p == `WC_MESH_PORT_E || p == `WC_MESH_PORT_W)
            legal = o != p && (ROUTING != `WC_ROUTING_WEST_FIRST || o != `WC_MESH_PORT_W || p == `WC_MESH_PORT_E);
        else if (ROUTING == `WC_ROUTING_WEST_FIRST)
            legal = o == `WC_MESH_PORT_E || o == ((p == `WC_MESH_PORT_N) ? `WC_MESH_PORT_S : `WC_MESH_PORT_N);
        else
            legal = o == ((p == `WC_MESH_PORT_N) ? `WC_MESH_PORT_S : `WC_MESH_PORT_N);
    endfunction
    function automatic [NN-1:0] fn_dst_ok(input integer p);
        integer d, x, y, dx, dy, j, k, diff;
        x = NODE % MX;
        y = NODE / MX;
        for (d = 0; d < NN; d = d + 1) begin
            dx = d % MX;
            dy = d / MX;
            if (ROUTING == `WC_ROUTING_ECUBE) begin
                diff = (NODE ^ d) & 15;
                k = 4;                                     // ejection, unless
                for (j = 0; j < 4; j = j + 1)              // the highest differing dimension
                    if (((diff >> j) & 1) != 0) k = j;
                fn_dst_ok[d] = legal(p, k);
            end else if (dx < x)
                fn_dst_ok[d] = legal(p, `WC_MESH_PORT_W);
            else if (ROUTING == `WC_ROUTING_WEST_FIRST && dx > x && dy != y)
                // the legal one of the two minimal outputs is taken
                fn_dst_ok[d] = legal(p, `WC_MESH_PORT_E) || legal(p, (dy > y) ? `WC_MESH_PORT_N : `WC_MESH_PORT_S);
            else if (dx > x)
                fn_dst_ok[d] = legal(p, `WC_MESH_PORT_E);
            else if (dy != y)
                fn_dst_ok[d] = legal(p, (dy > y) ? `WC_MESH_PORT_N : `WC_MESH_PORT_S);
            else
                fn_dst_ok[d] = legal(p, `WC_MESH_PORT_L);
        end
    endfunction
    // the down_only bits of the first np inputs
    function automatic [P-1:0] rt_down(input integer np);
        integer q;
        rt_down = {P{1'b0}};
        for (q = 0; q < np; q = q + 1) rt_down[q] = RT_IMAGE[(2 * NN + q) * 8];
    endfunction

    initial begin
        if (ROUTING != `WC_ROUTING_XY && ROUTING != `WC_ROUTING_WEST_FIRST &&
            ROUTING != `WC_ROUTING_ECUBE && ROUTING != `WC_ROUTING_TABLE)
            $error("%m: ROUTING must be XY, west-first, e-cube or table (got %0d)", ROUTING);
        if (TAB != 0 && RT_WORDS != RT_N)
            $error("%m: the table image has %0d words, the router takes %0d", RT_WORDS, RT_N);
`ifndef WC_FPGA_RT_TABLE
        if (TAB != 0) $error("%m: table routing needs the image: define WC_FPGA_RT_TABLE (fpga/tops.mk)");
`endif
        if (NODE < 0 || NODE > 15) $error("%m: NODE must be 0..15 (got %0d)", NODE);
        if (RUN_CYCLES < 1 || DRAIN_CYCLES < 64) $error("%m: epochs too short");
        if (HEART_BIT < 1 || HEART_BIT > 31) $error("%m: HEART_BIT must be 1..31");
    end

    wire [P-1:0]    in_valid, in_credit, out_valid, out_credit, abs_valid;
    wire [P*FW-1:0] in_flit, out_flit;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [P*FW-1:0] abs_flit;   // checked through abs_valid only
    /* verilator lint_on UNUSEDSIGNAL */
    wire [15:0]     drops;
    wire [P-1:0]    sent_w, recv_w, err_w;

    // ---- configuration: the table image, a word a cycle after reset ----
    localparam integer CAW = 8;
    localparam integer KW  = $clog2(RT_N + 1);
    reg  [KW-1:0] cfg_q;
    wire          cfg_we   = TAB != 0 && cfg_q < KW'(RT_N);
    wire          cfg_done = TAB == 0 || !cfg_we;
    always @(posedge clk_i) begin
        if (!rst_ni)     cfg_q <= {KW{1'b0}};
        else if (cfg_we) cfg_q <= cfg_q + 1'b1;
    end
    wire [7:0] cfg_data = RT_IMAGE[cfg_q * 8 +: 8];

    // ---- epochs --------------------------------------------------------
    reg [RW-1:0] ep_q;
    wire         run   = cfg_done && ep_q < RW'(RUN_CYCLES);
    wire         check = ep_q == RW'(RUN_CYCLES + DRAIN_CYCLES - 1);
    always @(posedge clk_i) begin
        if (!rst_ni || check) ep_q <= {RW{1'b0}};
        else if (cfg_done)    ep_q <= ep_q + 1'b1;
    end

    wc_router #(
        .P(P), .W(W), .B(B), .ROUTING(ROUTING), .CUBE_N(4), .ALL_PORT(0), .HIGH_FIRST(1),
        .MESH_X(4), .MESH_Y(4), .NNODES(NN), .CAW(CAW), .STAGES(STAGES)
    ) u_router (
        .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(DW'(NODE)),
        .cfg_we_i(cfg_we), .cfg_addr_i(CAW'(cfg_q)), .cfg_data_i(cfg_data),
        .in_valid_i(in_valid), .in_flit_i(in_flit), .in_credit_o(in_credit),
        .out_valid_o(out_valid), .out_flit_o(out_flit), .out_credit_i(out_credit),
        .abs_valid_o(abs_valid), .abs_flit_o(abs_flit), .drop_count_o(drops)
    );

    genvar i;
    generate
        for (i = 0; i < P; i = i + 1) begin : g_port
            wc_fpga_tg #(
                .SRC(i), .B(B), .NNODES(NN), .RATE(RATE), .SEED(16'h1d0f + 16'(i * 4099)), .W(W),
                .INJECT_ERR((i == 0) ? INJECT_ERR : 0),
                .DST_OK((TAB != 0) ? rt_dst_ok(i) : fn_dst_ok(i))
            ) u_tg (
                .clk_i(clk_i), .rst_ni(rst_ni), .run_i(run),
                .valid_o(in_valid[i]), .flit_o(in_flit[i*FW +: FW]), .credit_i(in_credit[i]),
                .done_o(sent_w[i])
            );
            wc_fpga_chk #(
                .PORT(i), .P(P), .ROUTING(ROUTING), .MESH_X(4), .MESH_Y(4), .CUBE_N(4),
                .HIGH_FIRST(1), .W(W), .NNODES(NN),
                .RT_HERE((TAB != 0) ? rt_to_port(i) : {2*NN{1'b0}}), .RT_DOWN(rt_down(P))
            ) u_chk (
                .clk_i(clk_i), .rst_ni(rst_ni), .node_i(DW'(NODE)),
                .valid_i(out_valid[i]), .flit_i(out_flit[i*FW +: FW]), .credit_o(out_credit[i]),
                .done_o(recv_w[i]), .err_o(err_w[i])
            );
        end
    endgenerate

    // ---- totals and errors ---------------------------------------------
    function automatic [3:0] ones(input [P-1:0] v);
        integer k;
        ones = 4'd0;
        for (k = 0; k < P; k = k + 1) ones = ones + {3'd0, v[k]};
    endfunction

    reg [31:0] sent_q, recv_q;
    reg [15:0] err_q;
    reg [15:0] epochs_q;
    // An absorption lands in a register first, as the links do in the
    // checkers (wc_fpga_chk), so that the router's transfer logic does not
    // run on into the error count; it is counted a cycle later, and an
    // error is never lost (the count and FAIL only grow).
    reg        abs_q;
    wire       lost  = check && (sent_q != recv_q);
    wire       e_now = (|err_w) || abs_q || lost;
    always @(posedge clk_i) begin
        if (!rst_ni) abs_q <= 1'b0;
        else         abs_q <= |abs_valid;
    end
    always @(posedge clk_i) begin
        if (!rst_ni) begin
            sent_q   <= 32'd0;
            recv_q   <= 32'd0;
            err_q    <= 16'd0;
            epochs_q <= 16'd0;
        end else begin
            sent_q <= sent_q + {28'd0, ones(sent_w)};
            recv_q <= recv_q + {28'd0, ones(recv_w)};
            if (e_now && err_q != 16'hffff) err_q <= err_q + 16'd1;
            if (check && epochs_q != 16'hffff) epochs_q <= epochs_q + 16'd1;
        end
    end
    wire fail = (err_q != 16'd0) || (drops != 16'd0);

    // ---- report --------------------------------------------------------
    wire       tx_valid, tx_ready;
    wire [7:0] tx_byte;
    // check + 1: the totals include the drain's last cycle
    reg        report_q;
    always @(posedge clk_i) begin
        if (!rst_ni) report_q <= 1'b0;
        else         report_q <= check;
    end
    wc_fpga_report #(.NAME((ROUTING == `WC_ROUTING_XY) ? "xy  " : (ROUTING == `WC_ROUTING_WEST_FIRST) ? "wf  " :
                           (TAB != 0) ? "tabl" : "cube")) u_report (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(report_q),
        .sent_i(sent_q), .recv_i(recv_q), .err_i(err_q), .drop_i(drops), .fail_i(fail),
        .valid_o(tx_valid), .byte_o(tx_byte), .ready_i(tx_ready)
    );
    wc_fpga_uart_tx #(.DIV(UART_DIV)) u_uart (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(tx_valid), .byte_i(tx_byte),
        .ready_o(tx_ready), .tx_o(uart_tx_o)
    );

    reg [31:0] heart_q;
    always @(posedge clk_i) begin
        if (!rst_ni) heart_q <= 32'd0;
        else         heart_q <= heart_q + 32'd1;
    end
    assign led_o = {recv_q[20:16], fail, !fail && epochs_q != 16'd0, heart_q[HEART_BIT]};

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
        if (rst_ni && lost) $error("%m: %0d worms sent, %0d received after the drain", sent_q, recv_q);
    end
`endif
endmodule
`resetall

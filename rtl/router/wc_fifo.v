// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Input buffer of one router port: a synchronous FIFO whose first three
// flits sit in registers and the rest in a body memory.
// Push and pop may happen in the same cycle.  The front, the flit behind
// it and the one behind that are registers (the router's route compute
// sees a flit the cycle after it arrived: one cycle per hop; intermediate
// reception reads the flit behind the front, and the input unit's
// request a cycle ahead the third).  Every flit is also written into the
// body; the body is read a cycle ahead (the address of the flit that
// will be fourth next cycle, chosen by this cycle's pop), so its one
// synchronous read port refills the third register on a pop exactly
// when the flit moves up.  A flit written in the cycle it is read (the
// fourth arriving) comes from a bypass register instead, so what the
// RAM returns on a read-write collision never matters.  The outputs are
// the same flits, in the same cycles, as a FIFO read combinationally
// from registers would give.
// Overflow cannot happen with correct credit flow control; the assertion
// at the end catches an upstream that ignores credits.
module wc_fifo #(
    // Flit width in bits (data + type), >= 1.
    parameter integer FW = 34,
    // Depth in flits, >= 1.  Need not be a power of two: pointers wrap
    // explicitly so --buffer can take any value.
    parameter integer B  = 8,
    // Depth from which the body is a block RAM (iCE40 SB_RAM40_4K, ECP5
    // DP16KD); below it, flip-flops.  B <= 3 has no body at all.  A body
    // of B flits costs B*FW flip-flops and a B-to-1 read multiplexer
    // (about FW*B/2 LUT4); a RAM costs ceil(FW/16) iCE40 blocks of 4 Kbit
    // for any B up to 256, so it pays once the multiplexer outgrows the
    // share of block RAM a design can spare (docs/fpga.md, "Area").
    parameter integer RAM_MIN_B = 5
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // Write side: the link from the upstream router / terminal.
    input  wire          push_i,
    input  wire [FW-1:0] data_i,
    // Read side: head of queue valid when !empty_o; pop_i removes it.
    input  wire          pop_i,
    output wire [FW-1:0] head_o,
    output wire          empty_o,
    // The flit behind the front, valid when two_o: a multidestination
    // head needs its first address flit to route the forward copy.
    output wire [FW-1:0] next_o,
    output wire          two_o,
    // The flit two places behind the front (valid when three are in) and
    // the count: the input unit looks a cycle ahead at what the front
    // will be.
    output wire [FW-1:0] third_o,
    output wire [$clog2(B + 1)-1:0] cnt_o
);
    // flits held in registers
    localparam integer K  = (B < 3) ? B : 3;
    localparam integer CW = $clog2(B + 1);

    initial begin
        if (FW < 1) $error("%m: FW must be >= 1 (got %0d)", FW);
        if (B < 1)  $error("%m: B must be >= 1 (got %0d)", B);
    end

    reg  [CW-1:0] cnt_q;
    wire          pop  = pop_i && !empty_o;
    // the flit that moves up into the last register on a pop: the body's
    // fourth (B > 3 only)
    wire [FW-1:0] fourth;

    assign cnt_o   = cnt_q;
    assign two_o   = ({1'b0, cnt_q} >= (CW + 1)'(2));
    assign empty_o = (cnt_q == 0);
    wire   full    = (cnt_q == B[CW-1:0]);

    always @(posedge clk_i) begin
        if (!rst_ni)
            cnt_q <= {CW{1'b0}};
        else
            cnt_q <= cnt_q + CW'(push_i) - CW'(pop);
    end

    // Register j holds flit j.  On a pop it takes flit j+1 (the next
    // register, or the body's fourth) if there is one, else the flit
    // arriving; without a pop it takes the arriving flit when that is
    // flit j.  Registers beyond the count hold anything (never read).
    reg  [FW-1:0] r_q [0:K-1];
    genvar j;
    generate
        for (j = 0; j < K; j = j + 1) begin : g_r
            wire [FW-1:0] up;
            if (j + 1 < K) begin : g_reg
                assign up = r_q[j + 1];
            end else begin : g_body
                assign up = fourth;
            end
            wire          take_up;
            if (j + 1 < B) begin : g_up
                assign take_up = pop && ({1'b0, cnt_q} > (CW + 1)'(j + 1));
            end else begin : g_last
                // (flit j is the last there can be)
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_up = ^up;
                /* verilator lint_on UNUSEDSIGNAL */
                assign take_up = 1'b0;
            end
            always @(posedge clk_i) begin
                if (pop || (push_i && cnt_q == CW'(j)))
                    r_q[j] <= take_up ? up : data_i;
            end
        end
    endgenerate
    assign head_o  = r_q[0];
    assign next_o  = r_q[(K > 1) ? 1 : 0];
    assign third_o = r_q[(K > 2) ? 2 : 0];

    generate
        if (B > K) begin : g_body
            localparam integer AW = $clog2(B);
            // write pointer, and the address of flit 3 (the front's + 3)
            reg  [AW-1:0] wr_q, r3_q;
            wire [AW-1:0] r3_inc = (r3_q == AW'(B - 1)) ? {AW{1'b0}} : r3_q + 1'b1;
            wire [AW-1:0] raddr  = pop ? r3_inc : r3_q;
            reg  [FW-1:0] rdata_q, byp_data_q;
            reg           byp_q;
            if (B >= RAM_MIN_B) begin : g_ram
                (* ram_style = "block", no_rw_check *) reg [FW-1:0] mem_q [0:B-1];
                always @(posedge clk_i) begin
                    if (push_i) mem_q[wr_q] <= data_i;
                end
                always @(posedge clk_i) rdata_q <= mem_q[raddr];
            end else begin : g_ff
                (* ram_style = "logic", no_rw_check *) reg [FW-1:0] mem_q [0:B-1];
                always @(posedge clk_i) begin
                    if (push_i) mem_q[wr_q] <= data_i;
                end
                always @(posedge clk_i) rdata_q <= mem_q[raddr];
            end
            always @(posedge clk_i) begin
                // the flit written now is the one read now: flit 3 next
                // cycle, which the memory's read cannot return yet
                byp_q <= push_i && wr_q == raddr;
                if (push_i) byp_data_q <= data_i;
            end
            assign fourth = byp_q ? byp_data_q : rdata_q;
            always @(posedge clk_i) begin
                if (!rst_ni) begin
                    wr_q <= {AW{1'b0}};
                    r3_q <= AW'(3);
                end else begin
                    if (push_i) wr_q <= (wr_q == AW'(B - 1)) ? {AW{1'b0}} : wr_q + 1'b1;
                    r3_q <= raddr;
                end
            end
        end else begin : g_nobody
            assign fourth = {FW{1'b0}};
        end
    endgenerate

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
        if (rst_ni && push_i && full && !pop_i)
            $error("%m: push into a full FIFO (upstream ignored credits)");
        if (rst_ni && pop_i && empty_o)
            $error("%m: pop from an empty FIFO");
    end
`endif
endmodule
`resetall

// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Input buffer of one router port: a synchronous FIFO.
// Push and pop may happen in the same cycle.  The front, the flit behind
// it and the one behind that are visible the cycle after they arrived
// (the router's route compute sees a flit then: one cycle per hop;
// intermediate reception reads the flit behind the front, and the input
// unit's request a cycle ahead the third).
// Two implementations, the same flits in the same cycles:
//  - B < RAM_MIN_B: flip-flops, read combinationally at the read pointer
//    and the two places after it.
//  - B >= RAM_MIN_B: the front is a register and every flit is also
//    written into a body memory in block RAM (synchronous read ports),
//    read a cycle ahead (the address chosen by this cycle's pop), so a
//    read register holds a flit behind the front and refills the register
//    before it on a pop exactly when the flit moves up.  The top LA bits
//    of a slot (what the input unit looks a cycle ahead at) are kept as
//    the front, a register for the flit behind it and a body read of the
//    third; the bits below them only as the front and a body read of the
//    flit behind it, so they pass one multiplexer fewer (third_o's low
//    bits are zero).  A flit written in the cycle it is read comes from a
//    bypass register instead, so what the RAM returns on a read-write
//    collision never matters.
// Overflow cannot happen with correct credit flow control; the assertion
// at the end catches an upstream that ignores credits.
module wc_fifo #(
    // Flit width in bits (data + type), >= 1.
    parameter integer FW = 34,
    // Depth in flits, >= 1.  Need not be a power of two: pointers wrap
    // explicitly so --buffer can take any value.
    parameter integer B  = 8,
    // Depth from which the buffer is registers and a block RAM body
    // (iCE40 SB_RAM40_4K, ECP5 DP16KD).  In flip-flops a buffer costs
    // B*FW flip-flops and three B-to-1 read multiplexers; the RAM form
    // two FW-bit registers with their input multiplexers, the bypass
    // multiplexer of the third flit, a bypass register and ceil(FW/16)
    // iCE40 blocks for any B up to 256.  The RAM form has fewer LUT4
    // already at B = 4 but takes 15 of an HX8K's 32 blocks and lengthens
    // the path from the pop (which loads the registers and picks the read
    // address); 5 keeps the board designs (B = 4) as they were, without
    // block RAM, at their clock (docs/fpga.md, "Router memories in block
    // RAM").
    parameter integer RAM_MIN_B = 5,
    // In the RAM form, the flit bits past the last whole 16-bit word of
    // block RAM are kept in flip-flops instead when there are at most
    // this many: an iCE40 block is 16 bits wide at 256 words, so a 36-bit
    // slot (a table router's flit and its decode) took a third block for
    // 4 bits, 24 of an HX8K's 32 blocks for 8 inputs, where B*4 flip-flops
    // and a 4-bit read multiplexer do (16 blocks).  Wider rests (an XY
    // router's 42-bit slot) keep their block.
    parameter integer RAM_FF_BITS = 4,
    // In the RAM form, the top bits of a slot that third_o and a register
    // behind the front keep (1..FW): the others are the front's register
    // and one body read, one LUT4 per bit fewer.  FW: every bit.
    parameter integer LA = FW
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
    // The flit two places behind the front (valid when three are in; in
    // the RAM form its top LA bits only, zeros below) and the count: the
    // input unit looks a cycle ahead at what the front will be.
    output wire [FW-1:0] third_o,
    output wire [$clog2(B + 1)-1:0] cnt_o
);
    localparam integer CW = $clog2(B + 1);
    // the RAM form needs a body behind its two registers
    localparam integer USE_RAM = (B >= RAM_MIN_B && B >= 3) ? 1 : 0;

    initial begin
        if (FW < 1) $error("%m: FW must be >= 1 (got %0d)", FW);
        if (B < 1)  $error("%m: B must be >= 1 (got %0d)", B);
        if (LA < 1 || LA > FW) $error("%m: LA must be 1..FW (got %0d)", LA);
    end

    reg  [CW-1:0] cnt_q;
    wire          pop  = pop_i && !empty_o;

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

    generate
        if (USE_RAM != 0) begin : g_ram
            localparam integer AW = $clog2(B);
            // the slot's low bits (front and one read) and its top LA bits
            localparam integer LO = FW - LA;
            // The front (r0) and, for the top bits, the flit behind it
            // (r1).  On a pop a register takes the flit behind it (r1, or
            // the body's read) if there is one, else the flit arriving;
            // without a pop it takes the arriving flit when that is its
            // flit.  Registers beyond the count hold anything (never
            // read).  The flit behind the front's low bits and the third
            // flit's top bits are the body's reads themselves (or the
            // bypass): no registers of their own.
            reg  [FW-1:0] r0_q;
            reg  [FW-1:LO] r1_q, third;
            wire [FW-1:0] next;
            always @(posedge clk_i) begin
                if (pop || (push_i && cnt_q == CW'(0)))
                    r0_q <= (pop && cnt_q > CW'(1)) ? next : data_i;
                if (pop || (push_i && cnt_q == CW'(1)))
                    r1_q <= (pop && cnt_q > CW'(2)) ? third : data_i[FW-1:LO];
            end
            assign head_o  = r0_q;
            assign next_o  = next;

            // write pointer, and the addresses of flits 1 and 2 (the
            // front's + 1 and + 2)
            reg  [AW-1:0] wr_q, r2_q;
            wire [AW-1:0] r2_inc = (r2_q == AW'(B - 1)) ? {AW{1'b0}} : r2_q + 1'b1;
            wire [AW-1:0] raddr  = pop ? r2_inc : r2_q;
            reg  [FW-1:LO] rdata_q;
            reg  [FW-1:0] byp_data_q;
            reg           byp_q;
            // the top bits' body: MB bits in block RAM, the FB above them
            // in flip-flops, read alike (a cycle ahead, registered)
            localparam integer FR = LA % 16;
            localparam integer FB = (LA > 16 && FR != 0 && FR <= RAM_FF_BITS) ? FR : 0;
            localparam integer MB = LA - FB;
            (* ram_style = "block", no_rw_check *) reg [MB-1:0] mem_q [0:B-1];
            always @(posedge clk_i) begin
                if (push_i) mem_q[wr_q] <= data_i[LO +: MB];
            end
            always @(posedge clk_i) rdata_q[LO +: MB] <= mem_q[raddr];
            if (FB > 0) begin : g_ffb
                (* ram_style = "logic" *) reg [FB-1:0] ffm_q [0:B-1];
                always @(posedge clk_i) begin
                    if (push_i) ffm_q[wr_q] <= data_i[FW-1:LO+MB];
                end
                always @(posedge clk_i) rdata_q[FW-1:LO+MB] <= ffm_q[raddr];
            end
            always @(posedge clk_i) begin
                // the flit written now is flit 2 next cycle (its address
                // is raddr), which the memory's read cannot return yet
                byp_q <= push_i && (pop ? cnt_q == CW'(3) : cnt_q == CW'(2));
                if (push_i) byp_data_q <= data_i;
            end
            always @* third = byp_q ? byp_data_q[FW-1:LO] : rdata_q;
            // the low bits' body, read at flit 1 (a cycle ahead, as above)
            if (LO > 0) begin : g_lo
                reg  [AW-1:0] r1a_q;
                wire [AW-1:0] r1_inc = (r1a_q == AW'(B - 1)) ? {AW{1'b0}} : r1a_q + 1'b1;
                wire [AW-1:0] raddr1 = pop ? r1_inc : r1a_q;
                reg  [LO-1:0] rlo_q;
                reg           bypl_q;
                (* ram_style = "block", no_rw_check *) reg [LO-1:0] mlo_q [0:B-1];
                always @(posedge clk_i) begin
                    if (push_i) mlo_q[wr_q] <= data_i[LO-1:0];
                end
                always @(posedge clk_i) rlo_q <= mlo_q[raddr1];
                always @(posedge clk_i) begin
                    // the flit written now is flit 1 next cycle
                    bypl_q <= push_i && (pop ? cnt_q == CW'(2) : cnt_q == CW'(1));
                    if (!rst_ni) r1a_q <= AW'(1);
                    else         r1a_q <= raddr1;
                end
                assign next    = {r1_q, bypl_q ? byp_data_q[LO-1:0] : rlo_q};
                assign third_o = {third, {LO{1'b0}}};
`ifndef SYNTHESIS
                always @(posedge clk_i) begin
                    if (rst_ni && push_i && (wr_q == raddr1) != (pop ? cnt_q == CW'(2) : cnt_q == CW'(1)))
                        $error("%m: low bits' bypass decision disagrees with the addresses (wr %0d, read %0d, cnt %0d)",
                               wr_q, raddr1, cnt_q);
                end
`endif
            end else begin : g_nlo
                assign next    = r1_q;
                assign third_o = third;
            end
            always @(posedge clk_i) begin
                if (!rst_ni) begin
                    wr_q <= {AW{1'b0}};
                    r2_q <= AW'(2);
                end else begin
                    if (push_i) wr_q <= (wr_q == AW'(B - 1)) ? {AW{1'b0}} : wr_q + 1'b1;
                    r2_q <= raddr;
                end
            end
`ifndef SYNTHESIS
            always @(posedge clk_i) begin
                if (rst_ni && push_i && (wr_q == raddr) != (pop ? cnt_q == CW'(3) : cnt_q == CW'(2)))
                    $error("%m: bypass decision disagrees with the addresses (wr %0d, read %0d, cnt %0d)",
                           wr_q, raddr, cnt_q);
            end
`endif
        end else begin : g_ff
            localparam integer AW = (B > 1) ? $clog2(B) : 1;
            reg [FW-1:0] mem_q [0:B-1];
            reg [AW-1:0] rd_q, wr_q;
            assign head_o  = mem_q[rd_q];
            wire [AW-1:0] rd_next = (rd_q == AW'(B - 1)) ? {AW{1'b0}} : rd_q + 1'b1;
            assign next_o  = mem_q[rd_next];
            wire [AW-1:0] rd_third = (rd_next == AW'(B - 1)) ? {AW{1'b0}} : rd_next + 1'b1;
            assign third_o = mem_q[rd_third];
            always @(posedge clk_i) begin
                if (push_i) mem_q[wr_q] <= data_i;
            end
            always @(posedge clk_i) begin
                if (!rst_ni) begin
                    rd_q <= {AW{1'b0}};
                    wr_q <= {AW{1'b0}};
                end else begin
                    if (pop)    rd_q <= rd_next;
                    if (push_i) wr_q <= (wr_q == AW'(B - 1)) ? {AW{1'b0}} : wr_q + 1'b1;
                end
            end
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

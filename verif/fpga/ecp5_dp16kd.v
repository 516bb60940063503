// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// A simulation model of the ECP5 DP16KD block RAM, for the netlists that
// synth_ecp5 writes (make fpga-netlist-ecp5): Yosys ships the primitive
// as a black box only, and the vendor's model is not open.  It covers
// what Yosys's ECP5 memory mapping instantiates (share/lattice/
// brams_map_16kd.v) and stops at elaboration on anything else, so that a
// new use cannot pass unmodelled:
//  - true dual port, each port 1, 9 or 18 bits wide: each reads and
//    writes at its own address (x18: ADx[13:4], byte enables ADx[1:0];
//    x9: ADx[13:3]; x1: ADx[13:0], what a RAM one bit wide per block
//    becomes, as the nodes' 64 KiB RAMs do); WRITEMODE NORMAL keeps the output during a write
//    (Yosys's "no_change"), WRITETHROUGH shows the new word,
//    READBEFOREWRITE the old one;
//  - pseudo dual port, both widths 36: port A writes ADA[13:5] with byte
//    enables ADA[3:0] (data {DIB, DIA}), port B reads ADB[13:5] onto
//    {DOB, DOA}.
// The array is 1,024 words of 18 bits, as Yosys lays out INITVAL_xx (16
// words of 18 bits, each padded to 20); 36-bit word a is 18-bit words 2a
// (DIA, DOA) and 2a + 1 (DIB, DOB); 9-bit word a is the low (a even) or
// high half of 18-bit word a / 2; 1-bit word a is bit a % 16 of 18-bit
// word a / 16 counting the data bits only (bits 0-7, then 9-16: the
// parity bits 8 and 17 are not in the x1 space; Yosys's INITVAL for a
// RAM one bit wide was read to find this).  Output registers (REGMODE OUTREG),
// chip selects, inverted clocks and other widths are not modelled.  RSTx
// clears the port's output (at the edge; RESETMODE ASYNC at once).  What
// this proves is the netlist's logic around the blocks under this reading
// of the primitive, not the silicon (docs/fpga.md).  A read and a write of
// one word through different ports in one cycle give the order of the two
// always blocks below; the designs never use such a read (their RAMs
// bypass it).
// (the primitive's name, not the file's; its unused ports and parameters
// are the primitive's interface)
/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module DP16KD #(
    parameter integer DATA_WIDTH_A = 18,
    parameter integer DATA_WIDTH_B = 18,
    parameter [127:0] REGMODE_A = "NOREG",
    parameter [127:0] REGMODE_B = "NOREG",
    parameter [127:0] RESETMODE = "SYNC",
    parameter [127:0] ASYNC_RESET_RELEASE = "SYNC",
    parameter [127:0] CSDECODE_A = "0b000",
    parameter [127:0] CSDECODE_B = "0b000",
    parameter [127:0] WRITEMODE_A = "NORMAL",
    parameter [127:0] WRITEMODE_B = "NORMAL",
    parameter [127:0] CLKAMUX = "CLKA",
    parameter [127:0] CLKBMUX = "CLKB",
    parameter [127:0] GSR = "ENABLED",
    parameter [319:0] INITVAL_00 = 320'd0, INITVAL_01 = 320'd0, INITVAL_02 = 320'd0, INITVAL_03 = 320'd0, INITVAL_04 = 320'd0, INITVAL_05 = 320'd0, INITVAL_06 = 320'd0, INITVAL_07 = 320'd0,
    parameter [319:0] INITVAL_08 = 320'd0, INITVAL_09 = 320'd0, INITVAL_0A = 320'd0, INITVAL_0B = 320'd0, INITVAL_0C = 320'd0, INITVAL_0D = 320'd0, INITVAL_0E = 320'd0, INITVAL_0F = 320'd0,
    parameter [319:0] INITVAL_10 = 320'd0, INITVAL_11 = 320'd0, INITVAL_12 = 320'd0, INITVAL_13 = 320'd0, INITVAL_14 = 320'd0, INITVAL_15 = 320'd0, INITVAL_16 = 320'd0, INITVAL_17 = 320'd0,
    parameter [319:0] INITVAL_18 = 320'd0, INITVAL_19 = 320'd0, INITVAL_1A = 320'd0, INITVAL_1B = 320'd0, INITVAL_1C = 320'd0, INITVAL_1D = 320'd0, INITVAL_1E = 320'd0, INITVAL_1F = 320'd0,
    parameter [319:0] INITVAL_20 = 320'd0, INITVAL_21 = 320'd0, INITVAL_22 = 320'd0, INITVAL_23 = 320'd0, INITVAL_24 = 320'd0, INITVAL_25 = 320'd0, INITVAL_26 = 320'd0, INITVAL_27 = 320'd0,
    parameter [319:0] INITVAL_28 = 320'd0, INITVAL_29 = 320'd0, INITVAL_2A = 320'd0, INITVAL_2B = 320'd0, INITVAL_2C = 320'd0, INITVAL_2D = 320'd0, INITVAL_2E = 320'd0, INITVAL_2F = 320'd0,
    parameter [319:0] INITVAL_30 = 320'd0, INITVAL_31 = 320'd0, INITVAL_32 = 320'd0, INITVAL_33 = 320'd0, INITVAL_34 = 320'd0, INITVAL_35 = 320'd0, INITVAL_36 = 320'd0, INITVAL_37 = 320'd0,
    parameter [319:0] INITVAL_38 = 320'd0, INITVAL_39 = 320'd0, INITVAL_3A = 320'd0, INITVAL_3B = 320'd0, INITVAL_3C = 320'd0, INITVAL_3D = 320'd0, INITVAL_3E = 320'd0, INITVAL_3F = 320'd0,
    parameter [127:0] INIT_DATA = "STATIC"
) (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
                DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
                ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA,
    input  wire CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
                DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
                DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
                ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB,
    input  wire CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
                DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    localparam PDP = DATA_WIDTH_A == 36;
    initial begin
        if (!(DATA_WIDTH_A == 36 && DATA_WIDTH_B == 36) &&
            !((DATA_WIDTH_A == 1 || DATA_WIDTH_A == 9 || DATA_WIDTH_A == 18) &&
              (DATA_WIDTH_B == 1 || DATA_WIDTH_B == 9 || DATA_WIDTH_B == 18)))
            $fatal(1, "%m: DP16KD widths %0d/%0d are not modelled", DATA_WIDTH_A, DATA_WIDTH_B);
        if (REGMODE_A != "NOREG" || REGMODE_B != "NOREG" || CLKAMUX != "CLKA" || CLKBMUX != "CLKB" ||
            CSDECODE_A != "0b000" || CSDECODE_B != "0b000")
            $fatal(1, "%m: DP16KD output registers, inverted clocks or chip selects are not modelled");
        if (!(WRITEMODE_A == "NORMAL" || WRITEMODE_A == "WRITETHROUGH" || WRITEMODE_A == "READBEFOREWRITE") ||
            !(WRITEMODE_B == "NORMAL" || WRITEMODE_B == "WRITETHROUGH" || WRITEMODE_B == "READBEFOREWRITE"))
            $fatal(1, "%m: DP16KD write mode unknown");
    end

    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
                       DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
                       DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
                       ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
                       ADB4, ADB3, ADB2, ADB1, ADB0};
    // port A's output (true dual port), port B's, and the low half of a
    // 36-bit read (port B's clock)
    reg  [17:0] doa_q, dob_q, dlo_q;
    wire        arst_a = RESETMODE == "ASYNC" && RSTA;
    wire        arst_b = RESETMODE == "ASYNC" && RSTB;
    wire [17:0] doa = PDP ? (arst_b ? 18'd0 : dlo_q) : (arst_a ? 18'd0 : doa_q);
    wire [17:0] dob = arst_b ? 18'd0 : dob_q;
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
            DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
            DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

    // written by both ports, each on its own clock: a true dual-port RAM
    /* verilator lint_off MULTIDRIVEN */
    reg [17:0] mem [0:1023];
    /* verilator lint_on MULTIDRIVEN */
    function [319:0] initval(input integer r);
        case (r)
            0: initval = INITVAL_00;
            1: initval = INITVAL_01;
            2: initval = INITVAL_02;
            3: initval = INITVAL_03;
            4: initval = INITVAL_04;
            5: initval = INITVAL_05;
            6: initval = INITVAL_06;
            7: initval = INITVAL_07;
            8: initval = INITVAL_08;
            9: initval = INITVAL_09;
            10: initval = INITVAL_0A;
            11: initval = INITVAL_0B;
            12: initval = INITVAL_0C;
            13: initval = INITVAL_0D;
            14: initval = INITVAL_0E;
            15: initval = INITVAL_0F;
            16: initval = INITVAL_10;
            17: initval = INITVAL_11;
            18: initval = INITVAL_12;
            19: initval = INITVAL_13;
            20: initval = INITVAL_14;
            21: initval = INITVAL_15;
            22: initval = INITVAL_16;
            23: initval = INITVAL_17;
            24: initval = INITVAL_18;
            25: initval = INITVAL_19;
            26: initval = INITVAL_1A;
            27: initval = INITVAL_1B;
            28: initval = INITVAL_1C;
            29: initval = INITVAL_1D;
            30: initval = INITVAL_1E;
            31: initval = INITVAL_1F;
            32: initval = INITVAL_20;
            33: initval = INITVAL_21;
            34: initval = INITVAL_22;
            35: initval = INITVAL_23;
            36: initval = INITVAL_24;
            37: initval = INITVAL_25;
            38: initval = INITVAL_26;
            39: initval = INITVAL_27;
            40: initval = INITVAL_28;
            41: initval = INITVAL_29;
            42: initval = INITVAL_2A;
            43: initval = INITVAL_2B;
            44: initval = INITVAL_2C;
            45: initval = INITVAL_2D;
            46: initval = INITVAL_2E;
            47: initval = INITVAL_2F;
            48: initval = INITVAL_30;
            49: initval = INITVAL_31;
            50: initval = INITVAL_32;
            51: initval = INITVAL_33;
            52: initval = INITVAL_34;
            53: initval = INITVAL_35;
            54: initval = INITVAL_36;
            55: initval = INITVAL_37;
            56: initval = INITVAL_38;
            57: initval = INITVAL_39;
            58: initval = INITVAL_3A;
            59: initval = INITVAL_3B;
            60: initval = INITVAL_3C;
            61: initval = INITVAL_3D;
            62: initval = INITVAL_3E;
            63: initval = INITVAL_3F;
            default: initval = 320'd0;
        endcase
    endfunction
    initial begin : init
        integer r, i;
        reg [319:0] v;
        for (r = 0; r < 64; r = r + 1) begin
            v = initval(r);
            for (i = 0; i < 16; i = i + 1) mem[r * 16 + i] = v[i * 20 +: 18];
        end
        doa_q = 18'd0;
        dob_q = 18'd0;
        dlo_q = 18'd0;
    end

    // A port's width as a mode (0 x1, 1 x9, 2 x18); the bit of an x1
    // word within its 18-bit word (the parity bits skipped); the word a
    // true-dual-port access at ad sees (x9: in bits 8:0, x1: bit 0), and
    // the 18-bit word after writing di there (with the byte enables of an
    // x18 port).
    localparam [1:0] XA = DATA_WIDTH_A == 18 ? 2'd2 : DATA_WIDTH_A == 9 ? 2'd1 : 2'd0;
    localparam [1:0] XB = DATA_WIDTH_B == 18 ? 2'd2 : DATA_WIDTH_B == 9 ? 2'd1 : 2'd0;
    function [4:0] bit1(input [13:0] ad);
        bit1 = ad[3] ? 5'd9 + {2'd0, ad[2:0]} : {2'd0, ad[2:0]};
    endfunction
    function [17:0] view(input [1:0] x, input [13:0] ad, input [17:0] w);
        view = x == 2'd2 ? w : x == 2'd1 ? {9'd0, ad[3] ? w[17:9] : w[8:0]} : {17'd0, w[bit1(ad)]};
    endfunction
    function [17:0] rd(input [1:0] x, input [13:0] ad);
        rd = view(x, ad, mem[ad[13:4]]);
    endfunction
    function [17:0] merged(input [1:0] x, input [13:0] ad, input [17:0] di);
        reg [17:0] w;
        begin
            w = mem[ad[13:4]];
            if (x == 2'd2) begin
                if (ad[0]) w[8:0]  = di[8:0];
                if (ad[1]) w[17:9] = di[17:9];
            end else if (x == 2'd1) begin
                if (ad[3]) w[17:9] = di[8:0];
                else w[8:0] = di[8:0];
            end else w[bit1(ad)] = di[0];
            merged = w;
        end
    endfunction
    function [17:0] seen(input [1:0] x, input [13:0] ad, input [17:0] di);
        seen = view(x, ad, merged(x, ad, di));
    endfunction

    always @(posedge CLKA) begin
        if (PDP) begin
            if (CEA && WEA) begin
                if (ada[0]) mem[{ada[13:5], 1'b0}][8:0]  <= dia[8:0];
                if (ada[1]) mem[{ada[13:5], 1'b0}][17:9] <= dia[17:9];
                if (ada[2]) mem[{ada[13:5], 1'b1}][8:0]  <= dib[8:0];
                if (ada[3]) mem[{ada[13:5], 1'b1}][17:9] <= dib[17:9];
            end
        end else if (RSTA) begin
            doa_q <= 18'd0;
        end else if (CEA) begin
            if (!WEA) doa_q <= rd(XA, ada);
            else if (WRITEMODE_A == "WRITETHROUGH") doa_q <= seen(XA, ada, dia);
            else if (WRITEMODE_A == "READBEFOREWRITE") doa_q <= rd(XA, ada);
            if (WEA) mem[ada[13:4]] <= merged(XA, ada, dia);
        end
    end
    always @(posedge CLKB) begin
        if (RSTB) begin
            dob_q <= 18'd0;
            dlo_q <= 18'd0;
        end else if (CEB) begin
            if (PDP) begin
                dlo_q <= mem[{adb[13:5], 1'b0}];
                dob_q <= mem[{adb[13:5], 1'b1}];
            end else begin
                if (!WEB) dob_q <= rd(XB, adb);
                else if (WRITEMODE_B == "WRITETHROUGH") dob_q <= seen(XB, adb, dib);
                else if (WRITEMODE_B == "READBEFOREWRITE") dob_q <= rd(XB, adb);
                if (WEB) mem[adb[13:4]] <= merged(XB, adb, dib);
            end
        end
    end
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on DECLFILENAME */
`resetall

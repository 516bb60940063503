// SPDX-License-Identifier: Apache-2.0
// Bench of the core board design (fpga/top/wc_fpga_core.v), run on the RTL
// and on the netlist Yosys synthesized from it: clocks the design until it
// has printed the given number of status lines after the firmware's exit,
// decodes its UART, and checks the status lines (all the same, PASS, or
// FAIL with --expect-fail) and the LEDs they imply.  It prints the console
// text, the status lines and a digest of the UART and LED pins on every
// cycle, so the RTL run and the netlist run can be compared line for line:
// a netlist that behaves differently from its RTL is a failure.
//   tb [--lines K] [--cycles MAX] [--expect-fail]
// Build with -DTB_UART_DIV=<the design's UART_DIV>.
#include <cstdio>
#include <cstring>
#include "verilated.h"
#include "Vwc_fpga_core.h"
#include "tb_fpga.h"

#ifndef TB_UART_DIV
#error "build with -DTB_UART_DIV=<UART_DIV of the design>"
#endif

int main(int argc, char **argv)
{
    TbOpts o{2000000, 3};
    tb_parse(argc, argv, o);
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_fpga_core top{&ctx};

    TbText text(TB_UART_DIV);
    long c, exit_cycle = -1;

    top.clk_i = 0;
    top.rst_ni = 0;
    for (c = 0; c < o.max_cycles && (long)text.status.size() < o.want_lines; c++) {
        if (c == 4) top.rst_ni = 1;
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        unsigned tx = top.uart_tx_o, st = top.status_o;
        if (exit_cycle < 0 && !(st & 8) && c > 8) exit_cycle = c;
        text.step(c, tx, st);
    }
    unsigned st = top.status_o;
    top.final();

    text.print();
    std::printf("%ld cycles, exit at cycle %ld, %zu console lines, %zu status lines, UART framing errors %d, "
                "LEDs %02x, output digest %016llx\n",
                c, exit_cycle, text.console.size(), text.status.size(), text.framing(), st, text.digest);
    int bad = text.check(c, o.want_lines);
    unsigned code = 0;
    char verdict[8] = "";
    for (const std::string &l : text.status) {
        if (std::sscanf(l.c_str(), "wc core exit %8x %4s", &code, verdict) != 2) {
            std::printf("FAIL line not in the status format: '%s'\n", l.c_str());
            bad++;
        }
    }
    bool pass = !std::strcmp(verdict, "PASS") && code == 0;
    // LEDs: [0] heartbeat, [1] pass, [2] fail, [3] running, [7:4] the code's low bits
    unsigned want_led = pass ? 0x2 : 0x4 | (code & 15) << 4;
    if ((st & 0xfe) != want_led) { std::printf("FAIL LEDs %02x after the exit, want %02x (+ heartbeat)\n", st, want_led); bad++; }
    if (o.expect_fail ? pass || !std::strcmp(verdict, "") : !pass) {
        std::printf("FAIL %s\n", o.expect_fail ? "the broken firmware's failure was not reported" : "the firmware reported a failure");
        bad++;
    }
    std::printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

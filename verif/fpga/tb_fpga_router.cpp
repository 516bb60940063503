// SPDX-License-Identifier: Apache-2.0
// Bench of the router board self-test (fpga/top/wc_fpga_router_tg.v), run
// on the RTL and on the netlist Yosys synthesized from it: clocks the
// design, decodes its UART, and checks the status lines (traffic moving,
// every worm sent received, no error, the router dropped nothing).  It
// prints the lines and a digest of every output on every cycle, so the
// RTL run and the netlist run can be compared line for line: a netlist
// that behaves differently from its RTL is a failure.
//   tb --cycles N [--expect-fail]
// Build with -DTB_UART_DIV=<the design's UART_DIV>.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "verilated.h"
#include "Vwc_fpga_router_tg.h"
#include "uart_rx.h"

#ifndef TB_UART_DIV
#error "build with -DTB_UART_DIV=<UART_DIV of the design>"
#endif

int main(int argc, char **argv)
{
    long cycles = 200000;
    bool expect_fail = false;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--cycles") && i + 1 < argc) {
            char *end;
            cycles = std::strtol(argv[++i], &end, 10);
            if (*end || cycles < 1) { std::fprintf(stderr, "tb: --cycles takes a positive number\n"); return 2; }
        } else if (!std::strcmp(argv[i], "--expect-fail")) {
            expect_fail = true;
        } else if (argv[i][0] == '+') {
            continue;   // Verilator's own +verilator+ options
        } else {
            std::fprintf(stderr, "tb: unknown argument '%s' (--cycles N, --expect-fail)\n", argv[i]);
            return 2;
        }
    }
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_fpga_router_tg top{&ctx};

    UartRx rx(TB_UART_DIV);
    std::string line;
    std::vector<std::string> lines;
    unsigned long long digest = 1469598103934665603ull;   // FNV-1a over (tx, led) per cycle

    top.clk_i = 0;
    top.rst_ni = 0;
    for (long c = 0; c < cycles; c++) {
        if (c == 4) top.rst_ni = 1;
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        unsigned tx = top.uart_tx_o, led = top.led_o;
        digest = (digest ^ (tx | led << 1)) * 1099511628211ull;
        int b = rx.step(c, tx);
        if (b == '\n') { lines.push_back(line); line.clear(); }
        else if (b >= 0 && b != '\r') line += (char)b;
    }
    int framing = rx.framing;

    int fail_lines = 0, bad = 0;
    unsigned long prev_sent = 0;
    for (const std::string &l : lines) {
        std::printf("%s\n", l.c_str());
        char name[8];
        unsigned long sent, recv;
        unsigned err, drop;
        char verdict[8];
        if (std::sscanf(l.c_str(), "wc %4c sent %lx recv %lx err %x drop %x %4s", name, &sent, &recv, &err, &drop,
                        verdict) != 6) {
            std::printf("FAIL line not in the status format: '%s'\n", l.c_str());
            bad++;
            continue;
        }
        if (!std::strcmp(verdict, "FAIL")) fail_lines++;
        else if (std::strcmp(verdict, "PASS") || err || drop || sent != recv || sent <= prev_sent) {
            std::printf("FAIL status line says PASS but the counts disagree: '%s'\n", l.c_str());
            bad++;
        }
        prev_sent = sent;
    }
    std::printf("%ld cycles, %zu status lines, %d FAIL lines, UART framing errors %d, output digest %016llx\n", cycles,
                lines.size(), fail_lines, framing, digest);
    if (lines.size() < 3) { std::printf("FAIL fewer than 3 status lines\n"); bad++; }
    if (framing) bad++;
    if (expect_fail ? fail_lines == 0 : fail_lines != 0) {
        std::printf("FAIL %s\n", expect_fail ? "the injected error was not reported" : "the design reported an error");
        bad++;
    }
    std::printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

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
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "verilated.h"
#include "Vwc_fpga_core.h"
#include "uart_rx.h"

#ifndef TB_UART_DIV
#error "build with -DTB_UART_DIV=<UART_DIV of the design>"
#endif

static long arg_num(const char *opt, const char *s)
{
    char *end;
    long v = std::strtol(s, &end, 10);
    if (*end || v < 1) {
        std::fprintf(stderr, "tb: %s takes a positive number (got '%s')\n", opt, s);
        std::exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    long max_cycles = 2000000, want_lines = 3;
    bool expect_fail = false;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--cycles") && i + 1 < argc) {
            max_cycles = arg_num("--cycles", argv[++i]);
        } else if (!std::strcmp(argv[i], "--lines") && i + 1 < argc) {
            want_lines = arg_num("--lines", argv[++i]);
        } else if (!std::strcmp(argv[i], "--expect-fail")) {
            expect_fail = true;
        } else if (argv[i][0] == '+') {
            continue;   // Verilator's own +verilator+ options
        } else {
            std::fprintf(stderr, "tb: unknown argument '%s' (--lines K, --cycles MAX, --expect-fail)\n", argv[i]);
            return 2;
        }
    }
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_fpga_core top{&ctx};

    UartRx rx(TB_UART_DIV);
    std::string line;
    std::vector<std::string> console, status;
    unsigned long long digest = 1469598103934665603ull;   // FNV-1a over (tx, status) per cycle
    long c, exit_cycle = -1;

    top.clk_i = 0;
    top.rst_ni = 0;
    for (c = 0; c < max_cycles && (long)status.size() < want_lines; c++) {
        if (c == 4) top.rst_ni = 1;
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        unsigned tx = top.uart_tx_o, st = top.status_o;
        digest = (digest ^ (tx | st << 1)) * 1099511628211ull;
        if (exit_cycle < 0 && !(st & 8) && c > 8) exit_cycle = c;
        int b = rx.step(c, tx);
        if (b == '\n') {
            // console lines end with '\n' only; status lines with "\r\n"
            bool is_status = !line.empty() && line.back() == '\r';
            if (is_status) line.pop_back();
            (is_status ? status : console).push_back(line);
            line.clear();
        } else if (b >= 0) {
            line += (char)b;
        }
    }
    int framing = rx.framing;
    unsigned st = top.status_o;
    top.final();

    int bad = 0;
    for (const std::string &l : console) std::printf("%s\n", l.c_str());
    for (const std::string &l : status) std::printf("%s\n", l.c_str());
    std::printf("%ld cycles, exit at cycle %ld, %zu console lines, %zu status lines, UART framing errors %d, "
                "LEDs %02x, output digest %016llx\n",
                c, exit_cycle, console.size(), status.size(), framing, st, digest);
    if ((long)status.size() < want_lines) { std::printf("FAIL only %zu status lines in %ld cycles\n", status.size(), c); bad++; }
    if (!line.empty()) { std::printf("FAIL an unfinished line: '%s'\n", line.c_str()); bad++; }
    if (framing) bad++;
    unsigned code = 0;
    char verdict[8] = "";
    for (const std::string &l : status) {
        if (l != status[0]) { std::printf("FAIL status lines differ: '%s' after '%s'\n", l.c_str(), status[0].c_str()); bad++; }
        if (std::sscanf(l.c_str(), "wc core exit %8x %4s", &code, verdict) != 2) {
            std::printf("FAIL line not in the status format: '%s'\n", l.c_str());
            bad++;
        }
    }
    bool pass = !std::strcmp(verdict, "PASS") && code == 0;
    // LEDs: [0] heartbeat, [1] pass, [2] fail, [3] running, [7:4] the code's low bits
    unsigned want_led = pass ? 0x2 : 0x4 | (code & 15) << 4;
    if ((st & 0xfe) != want_led) { std::printf("FAIL LEDs %02x after the exit, want %02x (+ heartbeat)\n", st, want_led); bad++; }
    if (expect_fail ? pass || !std::strcmp(verdict, "") : !pass) {
        std::printf("FAIL %s\n", expect_fail ? "the broken firmware's failure was not reported" : "the firmware reported a failure");
        bad++;
    }
    std::printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

// SPDX-License-Identifier: Apache-2.0
// Bench of the 4-node system board design (fpga/top/wc_fpga_system.v):
// clocks it from reset until it has printed the given number of status
// lines after every node's exit, decodes its UART and prints the console
// lines ("[n] ..."), the status lines, the cycle each node exited in
// (counted from the first cycle out of reset, as `wormcast run` counts)
// and a digest of the UART and LED pins on every cycle, so that a run can
// be compared with `wormcast run` on mesh:2x2 (tools/fpga-system.sh) and
// the netlist's run with the RTL's.  It checks the status lines (all the
// same, in the format, PASS; FAIL with --expect-fail) and the LEDs they
// imply.
//   tb [--lines K] [--cycles MAX] [--expect-fail]
// Build with -DTB_UART_DIV=<the design's UART_DIV>.
#include <cstdio>
#include <cstring>
#include "verilated.h"
#include "Vwc_fpga_system.h"
#include "tb_fpga.h"

#ifndef TB_UART_DIV
#error "build with -DTB_UART_DIV=<UART_DIV of the design>"
#endif

int main(int argc, char **argv)
{
    const int N = 4, RESET = 4;
    TbOpts o{10000000, 2};
    tb_parse(argc, argv, o);
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_fpga_system top{&ctx};

    TbText text(TB_UART_DIV);
    long c, exit_at[N];
    for (int n = 0; n < N; n++) exit_at[n] = -1;

    top.clk_i = 0;
    top.rst_ni = 0;
    for (c = 0; c < o.max_cycles && (long)text.status.size() < o.want_lines; c++) {
        if (c == RESET) top.rst_ni = 1;
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        unsigned tx = top.uart_tx_o, st = top.status_o;
        // The first edge out of reset (iteration RESET) ends system cycle
        // 0.  `wormcast run` names the cycle whose outputs first show the
        // node's exit word; status_o[4+n] takes it at that cycle's edge.
        for (int n = 0; n < N; n++)
            if (exit_at[n] < 0 && (st >> (4 + n) & 1) && c >= RESET) exit_at[n] = c - RESET;
        text.step(c, tx, st);
    }
    unsigned st = top.status_o;
    top.final();

    text.print();
    int bad = 0;
    long lo = -1, hi = -1;
    for (int n = 0; n < N; n++) {
        if (exit_at[n] < 0) { std::printf("FAIL node %d did not exit\n", n); bad++; continue; }
        if (lo < 0 || exit_at[n] < lo) lo = exit_at[n];
        if (exit_at[n] > hi) hi = exit_at[n];
    }
    std::printf("exits at cycles %ld..%ld\n", lo, hi);
    std::printf("%ld cycles, %zu console lines, %zu status lines, UART framing errors %d, LEDs %02x, "
                "output digest %016llx\n",
                c, text.console.size(), text.status.size(), text.framing(), st, text.digest);
    bad += text.check(c, o.want_lines);
    for (const std::string &l : text.console)
        if (l.size() < 4 || l[0] != '[' || l[1] < '0' || l[1] >= '0' + N || l[2] != ']' || l[3] != ' ') {
            std::printf("FAIL console line without its node: '%s'\n", l.c_str());
            bad++;
        }
    char verdict[8] = "";
    for (const std::string &l : text.status) {
        unsigned code[N], lost;
        if (std::sscanf(l.c_str(), "wc system exit %8x %8x %8x %8x lost %4x %4s", &code[0], &code[1], &code[2],
                        &code[3], &lost, verdict) != 6) {
            std::printf("FAIL line not in the status format: '%s'\n", l.c_str());
            bad++;
        }
    }
    bool pass = !std::strcmp(verdict, "PASS");
    // LEDs: [0] heartbeat, [1] pass, [2] fail, [3] running, [7:4] exited
    unsigned want_led = 0xf0 | (pass ? 0x2 : 0x4);
    if ((st & 0xfe) != want_led) { std::printf("FAIL LEDs %02x after the exits, want %02x (+ heartbeat)\n", st, want_led); bad++; }
    if (o.expect_fail ? pass || !std::strcmp(verdict, "") : !pass) {
        std::printf("FAIL %s\n", o.expect_fail ? "the failing firmware's failure was not reported" : "the system reported a failure");
        bad++;
    }
    std::printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

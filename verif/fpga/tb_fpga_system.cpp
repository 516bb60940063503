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
// Build with -DTB_UART_DIV=<the design's UART_DIV>, or with -DTB_BOARD_TOP
// -DTB_CLK_HZ=<its clock> to run the ECP5 board top instead
// (wc_fpga_ecp5_top with WC_FPGA_SYSTEM, as its synthesized netlist; the
// PLL modelled as a wire, verif/fpga/ecp5_ehxplll.v): then the board's
// power-on reset (WC_FPGA_POR_CYCLES) is the reset, its LED register shows
// the status a cycle late, and the UART divider is the board's.
#include <cstdio>
#include <cstring>
#include "verilated.h"
#include "tb_fpga.h"
#ifdef TB_BOARD_TOP
#include "wc_defs.h"
#include "Vwc_fpga_ecp5_top.h"
typedef Vwc_fpga_ecp5_top Top;
#define TB_CLK clk_in
#define TB_TX uart_tx
#define TB_STATUS led
static const long RESET = WC_FPGA_POR_CYCLES, STATUS_LAT = 1;
// the board's UART divider, from the clock the netlist was made for
#ifndef TB_CLK_HZ
#error "build with -DTB_CLK_HZ=<the board design's CLK_HZ>"
#endif
#define TB_UART_DIV ((TB_CLK_HZ + WC_FPGA_BAUD / 2) / WC_FPGA_BAUD)
#else
#include "Vwc_fpga_system.h"
typedef Vwc_fpga_system Top;
#define TB_CLK clk_i
#define TB_TX uart_tx_o
#define TB_STATUS status_o
static const long RESET = 4, STATUS_LAT = 0;
#endif
#ifndef TB_UART_DIV
#error "build with -DTB_UART_DIV=<UART_DIV of the design>"
#endif


int main(int argc, char **argv)
{
    const int N = 4;
    TbOpts o{10000000, 2};
    tb_parse(argc, argv, o);
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Top top{&ctx};

    TbText text(TB_UART_DIV);
    long c, exit_at[N];
    for (int n = 0; n < N; n++) exit_at[n] = -1;

    int left = N;
    top.TB_CLK = 0;
#ifndef TB_BOARD_TOP
    top.rst_ni = 0;
#endif
    // (settled at clock low first, so that iteration 0's rise is an edge:
    // the board's power-on reset counts them)
    top.eval();
    for (c = 0; c < o.max_cycles && (long)text.status.size() < o.want_lines; c++) {
#ifndef TB_BOARD_TOP
        if (c == RESET) top.rst_ni = 1;
#endif
        top.TB_CLK = 1;
        top.eval();
        top.TB_CLK = 0;
        top.eval();
        unsigned tx = top.TB_TX, st = top.TB_STATUS;
        // The first edge out of reset (iteration RESET) ends system cycle
        // 0.  `wormcast run` names the cycle whose outputs first show the
        // node's exit word; status_o[4+n] takes it at that cycle's edge.
        for (int n = 0; n < N; n++)
            if (exit_at[n] < 0 && (st >> (4 + n) & 1) && c >= RESET + STATUS_LAT) {
                exit_at[n] = c - RESET - STATUS_LAT;
                // (a slow run, the netlist's, shows the exits long before its lines)
                if (--left == 0) { std::printf("(every node has exited, cycle %ld)\n", c); std::fflush(stdout); }
            }
        text.step(c, tx, st);
    }
    unsigned st = top.TB_STATUS;
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

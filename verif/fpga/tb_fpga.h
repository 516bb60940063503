// SPDX-License-Identifier: Apache-2.0
// What the FPGA board-design benches (tb_fpga_core.cpp, tb_fpga_system.cpp)
// share: their options, and the UART text split into console lines (ending
// "\n") and status lines (ending "\r\n") with a digest of the pins.
#ifndef WC_TB_FPGA_H
#define WC_TB_FPGA_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "uart_rx.h"

struct TbOpts {
    long max_cycles;
    long want_lines;      // status lines to wait for after the exit
    bool expect_fail = false;
};

// --cycles MAX, --lines K, --expect-fail; Verilator's +options pass.
// Bad input: a message and exit status 2.
static inline void tb_parse(int argc, char **argv, TbOpts &o)
{
    auto num = [](const char *opt, const char *s) {
        char *end;
        long v = std::strtol(s, &end, 10);
        if (*end || v < 1) {
            std::fprintf(stderr, "tb: %s takes a positive number (got '%s')\n", opt, s);
            std::exit(2);
        }
        return v;
    };
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--cycles") && i + 1 < argc) {
            o.max_cycles = num("--cycles", argv[++i]);
        } else if (!std::strcmp(argv[i], "--lines") && i + 1 < argc) {
            o.want_lines = num("--lines", argv[++i]);
        } else if (!std::strcmp(argv[i], "--expect-fail")) {
            o.expect_fail = true;
        } else if (argv[i][0] != '+') {
            std::fprintf(stderr, "tb: unknown argument '%s' (--lines K, --cycles MAX, --expect-fail)\n", argv[i]);
            std::exit(2);
        }
    }
}

class TbText {
public:
    explicit TbText(long uart_div) : rx_(uart_div) {}
    // cycle c's UART pin and status (LED) pins
    void step(long c, unsigned tx, unsigned st)
    {
        digest = (digest ^ (tx | st << 1)) * 1099511628211ull;
        int b = rx_.step(c, tx);
        if (b == '\n') {
            bool is_status = !line_.empty() && line_.back() == '\r';
            if (is_status) line_.pop_back();
            (is_status ? status : console).push_back(line_);
            line_.clear();
        } else if (b >= 0) {
            line_ += (char)b;
        }
    }
    void print() const
    {
        for (const std::string &l : console) std::printf("%s\n", l.c_str());
        for (const std::string &l : status) std::printf("%s\n", l.c_str());
    }
    // the checks every design's text must pass after c cycles: enough
    // status lines, all alike, no unfinished line, no framing error;
    // prints what fails and returns how many did
    int check(long c, long want_lines) const
    {
        int bad = 0;
        if ((long)status.size() < want_lines) { std::printf("FAIL only %zu status lines in %ld cycles\n", status.size(), c); bad++; }
        if (!line_.empty()) { std::printf("FAIL an unfinished line: '%s'\n", line_.c_str()); bad++; }
        if (rx_.framing) bad++;
        for (const std::string &l : status)
            if (l != status[0]) { std::printf("FAIL status lines differ: '%s' after '%s'\n", l.c_str(), status[0].c_str()); bad++; }
        return bad;
    }
    int framing() const { return rx_.framing; }
    std::vector<std::string> console, status;
    unsigned long long digest = 1469598103934665603ull;   // FNV-1a over (tx, status) per cycle

private:
    UartRx rx_;
    std::string line_;
};

#endif

// SPDX-License-Identifier: Apache-2.0
// The FPGA benches' UART receiver (8N1, as fpga/top/wc_fpga_uart_tx.v
// sends): finds the start bit's falling edge, samples each bit in its
// middle, counts a low stop bit as a framing error.
#ifndef WC_UART_RX_H
#define WC_UART_RX_H

class UartRx {
public:
    explicit UartRx(long div) : div_(div) {}
    // The line's level in cycle c (cycles in order): the byte whose stop
    // bit was sampled in this cycle, or -1.  The first cycles are skipped
    // (the line is undefined until the design's reset).
    int step(long c, unsigned tx)
    {
        if (state_ < 0) {
            if (!tx && c > 8) { state_ = 0; next_ = c + div_ + div_ / 2; byte_ = 0; }
            return -1;
        }
        if (c != next_) return -1;
        if (state_ < 8) {
            byte_ |= (tx & 1u) << state_;
            state_++;
            next_ += div_;
            return -1;
        }
        if (!tx) framing++;
        state_ = -1;
        return (int)byte_;
    }
    int framing = 0;

private:
    long div_;
    int state_ = -1;   // -1 idle, 0..7 data bits, 8 stop
    long next_ = 0;
    unsigned byte_ = 0;
};

#endif

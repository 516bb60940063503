# SPDX-License-Identifier: Apache-2.0
# Radiona ULX3S (Lattice ECP5, CABGA381): 25 MHz oscillator, FT231X as the
# UART, eight LEDs lit when high.  The board comes with the 12F, 25F, 45F
# or 85F: ULX3S_DEVICE=12k|25k|45k|85k (make variable or environment)
# picks it, 85k by default.
FAMILY      := ecp5
DEVICE      := 85k
PACKAGE     := CABGA381
SPEED       := 6
CLK_IN_MHZ  := 25
NLED        := 8
LED_NEG     := 0

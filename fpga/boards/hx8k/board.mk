# SPDX-License-Identifier: Apache-2.0
# Lattice iCE40-HX8K breakout board.
FAMILY      := ice40
DEVICE      := hx8k
PACKAGE     := ct256
CLK_IN_MHZ  := 12
NLED        := 8
LED_NEG     := 0
PLL_PAD     := 0

# SPDX-License-Identifier: Apache-2.0
# 1BitSquared iCEBreaker (iCE40UP5K).
FAMILY      := ice40
DEVICE      := up5k
PACKAGE     := sg48
CLK_IN_MHZ  := 12
NLED        := 2
LED_NEG     := 1
PLL_PAD     := 1

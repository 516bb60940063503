# SPDX-License-Identifier: Apache-2.0
# The designs `make fpga TOP=<name>` knows: for each, the board-top
# module (% stands for the board's family: wc_fpga_ice40_top,
# wc_fpga_ecp5_top), its sources and the parameters that make it that
# design.
FPGA_TOPS := router_xy router_cube

FPGA_TOP_SRCS := $(wildcard fpga/top/wc_fpga_*.v) $(wildcard rtl/router/*.v)
# the board self-test of one router: XY (4x4 mesh) or e-cube (4-cube),
# node 5, half the link bandwidth offered per input
FPGA_TOP_router_xy   := wc_fpga_%_top
FPGA_PAR_router_xy   := -set ROUTING 1 -set NODE 5 -set RATE 8
FPGA_TOP_router_cube := wc_fpga_%_top
FPGA_PAR_router_cube := -set ROUTING 0 -set NODE 5 -set RATE 8

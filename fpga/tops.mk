# SPDX-License-Identifier: Apache-2.0
# The designs `make fpga TOP=<name>` knows: for each, the board-top
# module (% stands for the board's family: wc_fpga_ice40_top,
# wc_fpga_ecp5_top), its sources and the parameters that make it that
# design; FPGA_DEPS_<name>: files the build needs made first;
# FPGA_SRCS_<name>, FPGA_DEFS_<name>: its sources and Verilog defines
# where they are not the router designs';
# FPGA_MHZ_<board>_<name>: its target clock where the board's default
# (mk/fpga.mk) does not suit; FPGA_FAMILIES_<name>: the only families that
# can build it, where not every one can.
FPGA_TOPS := router_xy router_wf router_cube core system

# the router designs' sources, which do not change with the core design's
# (Yosys's result moves with anything else it reads, so a router netlist
# stays as it was); FPGA_SRCS_<name> where a design reads more,
# FPGA_DEFS_<name>: its Verilog defines
FPGA_CORE_TOP_SRCS := fpga/top/wc_fpga_core.v fpga/top/wc_fpga_core_report.v
# (the 4-node system's, which its simulations read too: mk/fpga.mk)
FPGA_SYSTEM_TOP_SRCS := fpga/top/wc_fpga_system.v fpga/top/wc_fpga_system_report.v
FPGA_SYSTEM_SRCS      = $(FPGA_SYSTEM_TOP_SRCS) fpga/top/wc_fpga_uart_tx.v $(NODE_RTL)
FPGA_TOP_SRCS := $(filter-out $(FPGA_CORE_TOP_SRCS) $(FPGA_SYSTEM_TOP_SRCS),$(wildcard fpga/top/wc_fpga_*.v)) \
                 $(wildcard rtl/router/*.v)
# the board self-test of one router: XY or west-first (4x4 mesh) or
# e-cube (4-cube), node 5, half the link bandwidth offered per input; ROUTER_STAGES=1|2
# its hop pipeline (wc_router.v STAGES), the two-stage builds in
# <design>_s2 beside the one-stage ones (FPGA_DIR_<design>)
ROUTER_STAGES ?= 1
ifeq ($(filter 1 2,$(ROUTER_STAGES)),)
$(error ROUTER_STAGES='$(ROUTER_STAGES)': the router's hop pipeline is 1 or 2 stages)
endif
FPGA_ROUTER_SFX      := $(if $(filter 2,$(ROUTER_STAGES)),_s2)
FPGA_TOP_router_xy   := wc_fpga_%_top
FPGA_PAR_router_xy   := -set ROUTING $(WC_ROUTING_XY) -set NODE 5 -set RATE 8 -set STAGES $(ROUTER_STAGES)
FPGA_DIR_router_xy   := router_xy$(FPGA_ROUTER_SFX)
FPGA_TOP_router_wf   := wc_fpga_%_top
FPGA_PAR_router_wf   := -set ROUTING $(WC_ROUTING_WEST_FIRST) -set NODE 5 -set RATE 8 -set STAGES $(ROUTER_STAGES)
FPGA_DIR_router_wf   := router_wf$(FPGA_ROUTER_SFX)
FPGA_TOP_router_cube := wc_fpga_%_top
FPGA_PAR_router_cube := -set ROUTING $(WC_ROUTING_ECUBE) -set NODE 5 -set RATE 8 -set STAGES $(ROUTER_STAGES)
FPGA_DIR_router_cube := router_cube$(FPGA_ROUTER_SFX)
# the RV32IM core alone with its firmware in block RAM: FPGA_CORE_RAM
# bytes (the RTL parameter and the firmware's link both take it from
# here; 8 KiB is 16 of the iCE40's 512-byte blocks beside the register
# file's 4) and the program FPGA_CORE_FW, its image made by mk/fpga.mk
FPGA_CORE_RAM ?= 8192
FPGA_CORE_FW  ?= sw/fw/tests/hello.c
FPGA_CORE_HEX := $(BUILD)/fpga/fw/core.hex
# (the core SoC's sources, CORE_RTL: mk/core.mk)
FPGA_TOP_core  := wc_fpga_%_top
FPGA_SRCS_core := $(FPGA_TOP_SRCS) $(FPGA_CORE_TOP_SRCS) $(CORE_RTL)
FPGA_DEFS_core := -DWC_FPGA_CORE
FPGA_PAR_core  := -set RAM_BYTES $(FPGA_CORE_RAM) -set INIT_FILE \"$(FPGA_CORE_HEX)\"
FPGA_DEPS_core := $(FPGA_CORE_HEX)
# the 4-node system (wc_fpga_system): four wc_node on a 2x2 mesh with
# their firmware FPGA_SYSTEM_FW in block RAM (by default the ring test,
# every node printing, whose netlist fpga-netlist-system runs), the nodes'
# and NICs' parameters those of `wormcast netgen --params node --nic
# NIC_BOARD`, set on wc_fpga_system by Yosys commands the build writes
# (FPGA_YS_system, mk/fpga.mk).  ECP5 only: its area
# (docs/results/fpga.md) is beyond any iCE40.
FPGA_SYSTEM_FW      ?= $(SYS_B)/fw/ring.elf
FPGA_SYSTEM_HEX     := $(BUILD)/fpga/fw/system.hex
FPGA_TOP_system      := wc_fpga_%_top
FPGA_SRCS_system      = fpga/top/wc_fpga_ecp5_top.v fpga/top/wc_fpga_board.v $(FPGA_SYSTEM_SRCS)
FPGA_DEFS_system     := -DWC_FPGA_SYSTEM
FPGA_FAMILIES_system := ecp5
# synthesized for area (docs/fpga.md, "ECP5 synthesis options"): LUT4s
# without the PFU multiplexers (which suit wide multiplexers, not the NIC's
# XOR networks), index arithmetic in LUTs, not MULT18X18D (which the
# netlist simulation has no model of),
# comparisons with constants in LUTs, not carry chains.  Those are mapped
# before synth_ecp5, not by its -cmp2softlogic: Yosys 0.70's mapping gets
# a constant on the left wrong (c < x as c <= x), which made the NIC's
# netlist refuse legal groups and the system's hang.  So the design is
# flattened and optimized first, every constant moved to the right
# (fpga/wc_cmp_const_right.v) and only then mapped; a comparison that
# becomes constant later stays on a carry chain, which is right.  The
# same command makes the NIC's netlist that fpga-netlist-nic runs in
# lockstep with the C model.
FPGA_ECP5_AREA_PRE     := hierarchy -top @TOP@; proc; flatten; opt -nodffe -nosdff; wreduce; \
                          techmap -map fpga/wc_cmp_const_right.v; techmap -map +/cmp2softlogic.v
FPGA_ECP5_SYNTH_system := $(FPGA_ECP5_AREA_PRE); synth_ecp5 -top @TOP@ -nowidelut -nodsp
# its place and route, near the device's full LUT sites, takes longer than
# flow.sh's default bound of 1,200 s (its build time: docs/results/fpga.md)
FPGA_PNR_TIMEOUT_system := 5400
# the self-test of the up*/down* table router of make fpga-area's
# router_table row (P = 8, 64 hosts, B = 8): router FPGA_RT_ROUTER of the
# irregular network FPGA_RT_TOPO, its table image written through the
# configuration port after reset, taken from `wormcast topo --tables
# memh` as a Verilog header (wc_fpga_router_tg.v); the HX8K only (the
# UP5K has too few LUTs for it; the ULX3S's ECP5 build is not made).
# It does not fit the HX8K yet (docs/results/fpga.md), so make fpga leaves it out until the router is
# smaller; make fpga BOARD=hx8k TOP=router_table tries it.
FPGA_TOPS += router_table
FPGA_ON_REQUEST := router_table
FPGA_RT_TOPO   := irregular:16,8,4,1
FPGA_RT_ROUTER := 5
FPGA_RT_VH     := $(BUILD)/fpga/rt/wc_fpga_rt_table.vh
FPGA_TOP_router_table    := wc_fpga_%_top
FPGA_PAR_router_table    := -set ROUTING $(WC_ROUTING_TABLE) -set NODE $(FPGA_RT_ROUTER) -set RATE 8
FPGA_DEFS_router_table   := -DWC_FPGA_RT_TABLE -I$(dir $(FPGA_RT_VH))
FPGA_DEPS_router_table   := $(FPGA_RT_VH)
FPGA_BOARDS_router_table := hx8k

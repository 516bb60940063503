# SPDX-License-Identifier: Apache-2.0
# Wormcast: the one entry point.
#   make            build the host CLI build/bin/wormcast
#   make demo       16 nodes running multicast firmware, RTL-vs-C-model lockstep a newcomer can watch
#   make test       everything CI runs (at most 30 minutes on 2 cores)
#   make check      the short tier for the edit-run loop (at most 5 minutes on 2 cores)
#   make lint       verilator -Wall over every RTL module, plus iverilog
#   make bench      speed / latency / size figures -> build/bench/*.txt
#   make soak       long randomized runs (not in CI), the sanitized tier test-asan
#   make fuzz       every parser and loader under libFuzzer + ASan/UBSan (10 min)
#   make results    regenerate docs/results/ (CSV + PNG)
#   make fpga       FPGA builds and synthesis reports (BOARD=, TOP= for one)
#   make fpga-area  every design synthesized for iCE40 and ECP5 -> build/fpga/area.txt (in make fpga)
#   make formal     every SymbiYosys proof, a line per property (docs/formal.md); make formal-mutants
#   make help       every target of every tier, one line each
# A build step prints one short line; make V=1 prints each command in full.
# Components add themselves through mk/*.mk by appending to TEST_TARGETS,
# BENCH_TARGETS, SOAK_TARGETS, LINT_TARGETS, RESULTS_TARGETS.

BUILD   ?= build
CC      ?= gcc
CXX     ?= g++
CFLAGS  ?= -O2 -g
WC_STD    = -std=c99 -Wall -Wextra -pedantic
# Layers, bottom up (docs/architecture.md; tools/layers.conf is the table
# that make check-layers enforces).  Each layer compiles with the include
# paths of itself and the layers below it, and nothing else, so an include
# that points up does not even compile.
INC_defs   := -Idefs
INC_lib    := $(INC_defs) -Isw/lib
INC_cmodel := $(INC_lib) -Icmodel -Icmodel/topo -Icmodel/rv32 -I$(BUILD)/core/include
INC_host   := $(INC_cmodel) -Isw/host
INC_cli    := $(INC_host) -Isw/cli
# tests and tools built on the libraries see every layer
WC_CFLAGS  = $(WC_STD) $(INC_host)
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
export BUILD
# Each build step prints one short line ("  CC      sw/host/wc_sim.c");
# make V=1 prints every command in full as well.  A recipe line starts
# with $(Q) where the short line stands for it.
V       ?= 0
Q       := $(if $(filter 1,$(V)),,@)

TEST_TARGETS    :=
BENCH_TARGETS   :=
SOAK_TARGETS    :=
LINT_TARGETS    :=
RESULTS_TARGETS :=
FPGA_TARGETS    :=

.PHONY: all deps demo test check lint bench soak results fpga clean check-gen gen help
all: $(BUILD)/bin/wormcast $(BUILD)/bin/wormcast-flit

deps:
	@tools/deps.sh base

# ---- shared definitions -------------------------------------------------
$(BUILD)/bin/gendefs: tools/gendefs.c defs/wc_defs.def
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) -std=c99 -Wall -Wextra -o $@ $<

gen: $(BUILD)/bin/gendefs
	$(BUILD)/bin/gendefs vh > rtl/include/wc_defs.vh
	$(BUILD)/bin/gendefs md > docs/defs.md

# The committed Verilog header and doc table must match defs/wc_defs.def.
check-gen: $(BUILD)/bin/gendefs
	@$(BUILD)/bin/gendefs vh | cmp -s - rtl/include/wc_defs.vh || { echo "check-gen: rtl/include/wc_defs.vh is stale: run make gen" >&2; exit 1; }
	@$(BUILD)/bin/gendefs md | cmp -s - docs/defs.md || { echo "check-gen: docs/defs.md is stale: run make gen" >&2; exit 1; }
	@echo "check-gen: generated headers and doc tables match defs/wc_defs.def"
TEST_TARGETS += check-gen

# No include points up the layers (tools/layers.conf).  The self-test
# plants upward includes in a copy of the tree and expects each to be caught.
.PHONY: check-layers
check-layers:
	@tools/check-layers.sh
	@tests/layers/test_layers.sh
TEST_TARGETS += check-layers

# Every source file names the project's license (LICENSE, Apache-2.0).
.PHONY: check-spdx
check-spdx:
	@tools/spdx.sh
TEST_TARGETS += check-spdx

# ---- host CLI and libraries ---------------------------------------------
# One archive per layer; link order is top layer first.
LIB_SRCS    := $(wildcard sw/lib/*.c)
# cmodel/rv32: the core's models join the archive (the system model uses
# them); rv32_run.c is the stand-alone ISS's main and stays out.
CMODEL_SRCS := $(wildcard cmodel/*.c cmodel/topo/*.c) $(filter-out cmodel/rv32/rv32_run.c,$(wildcard cmodel/rv32/*.c))
HOST_SRCS   := $(wildcard sw/host/*.c)
CLI_SRCS    := $(wildcard sw/cli/*.c)
obj_of       = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
WC_LIB_A    := $(BUILD)/lib/libwc_lib.a
WC_CMODEL_A := $(BUILD)/lib/libwc_cmodel.a
WC_HOST_A   := $(BUILD)/lib/libwc_host.a
WC_LIBS     := $(WC_HOST_A) $(WC_CMODEL_A) $(WC_LIB_A)

$(BUILD)/obj/sw/lib/%.o: sw/lib/%.c
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) $(INC_lib) -MMD -MP -c -o $@ $<
$(BUILD)/obj/cmodel/%.o: cmodel/%.c | $(BUILD)/core/include/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) $(INC_cmodel) -MMD -MP -c -o $@ $<
$(BUILD)/obj/sw/host/%.o: sw/host/%.c | $(BUILD)/core/include/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) $(INC_host) -MMD -MP -c -o $@ $<
$(BUILD)/obj/sw/cli/%.o: sw/cli/%.c | $(BUILD)/core/include/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) $(INC_cli) -MMD -MP -c -o $@ $<

$(WC_LIB_A): $(call obj_of,$(LIB_SRCS))
$(WC_CMODEL_A): $(call obj_of,$(CMODEL_SRCS))
$(WC_HOST_A): $(call obj_of,$(HOST_SRCS))
$(WC_LIBS):
	@mkdir -p $(@D)
	@echo "  AR      $@"
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/bin/wormcast: $(call obj_of,$(CLI_SRCS)) $(WC_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) -o $@ $(call obj_of,$(CLI_SRCS)) $(WC_LIBS) -lm -ldl

# The flit decoder the waveform layouts name (GTKWave's translate filter
# process, verif/wave/wc_flit_filter.c): it needs the definitions alone.
$(BUILD)/bin/wormcast-flit: verif/wave/wc_flit_filter.c defs/wc_defs.h defs/wc_defs.def
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) $(INC_defs) -o $@ $<

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

# mk/common.mk first: the rules the others share; mk/fpga.mk last: its
# netlist benches reuse the router and unit benches' variables (and
# mk/fpga-area.mk after it, which uses its variables)
include mk/common.mk $(filter-out mk/common.mk mk/fpga.mk mk/fpga-area.mk,$(sort $(wildcard mk/*.mk))) mk/fpga.mk mk/fpga-area.mk

# ---- aggregate targets ----------------------------------------------------
# tools/run-tests.sh: what the targets share is built first (make -j), then
# the targets run $(JOBS) at a time, each target's output printed whole
# when it ends, with its wall and CPU time and the totals.
test: deps
	@tools/run-tests.sh --jobs $(JOBS) --prep "all $(TEST_PREP)" --first "$(TEST_FIRST)" $(TEST_TARGETS)

lint: deps $(LINT_TARGETS)
bench: deps all $(BENCH_TARGETS)
soak: deps all $(SOAK_TARGETS)
results: deps all $(RESULTS_TARGETS)
	$(RESULTS_PAGES)
# make fpga BOARD=b TOP=t: that one build (mk/fpga.mk)
fpga: deps $(or $(FPGA_ONE),$(FPGA_TARGETS))

clean:
	rm -rf $(BUILD)

# the entry points and every target of each tier, one line each, from the
# comments of the makefiles (tools/make-help.sh)
HELP_LISTS = test="$(TEST_TARGETS)" lint="$(LINT_TARGETS)" bench="$(BENCH_TARGETS)" soak="$(SOAK_TARGETS)" \
             results="$(RESULTS_TARGETS)" fpga="$(FPGA_TARGETS)"
help:
	@tools/make-help.sh $(HELP_LISTS)

demo: deps
	@$(MAKE) --no-print-directory all
	@tools/demo.sh

# make help describes every target; a build step prints one short line
.PHONY: test-make
test-make:
	@tests/build/test_make.sh $(BUILD)/tests/make $(HELP_LISTS)
TEST_TARGETS += test-make

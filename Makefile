# Wormcast: the one entry point.
#   make            build the host CLI build/bin/wormcast
#   make demo       a lockstep RTL-vs-C-model run a newcomer can watch
#   make test       everything CI runs (< 20 min on 2 cores)
#   make lint       verilator -Wall over every RTL module, plus iverilog
#   make bench      speed / latency / size figures -> build/bench/*.txt
#   make soak       long randomized runs (not in CI)
#   make results    regenerate docs/results/ (CSV + PNG)
#   make fpga       yosys synthesis reports
# Components add themselves through mk/*.mk by appending to TEST_TARGETS,
# BENCH_TARGETS, SOAK_TARGETS, LINT_TARGETS, RESULTS_TARGETS.

BUILD   ?= build
CC      ?= gcc
CXX     ?= g++
CFLAGS  ?= -O2 -g
WC_CFLAGS = -std=c99 -Wall -Wextra -pedantic -Icmodel -Isw/lib -Isw/host
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
export BUILD

TEST_TARGETS    :=
BENCH_TARGETS   :=
SOAK_TARGETS    :=
LINT_TARGETS    :=
RESULTS_TARGETS :=
FPGA_TARGETS    :=

.PHONY: all deps demo test lint bench soak results fpga clean check-gen gen
all: $(BUILD)/bin/wormcast

deps:
	@tools/deps.sh base

# ---- shared definitions -------------------------------------------------
$(BUILD)/bin/gendefs: tools/gendefs.c defs/wc_defs.def
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -std=c99 -Wall -Wextra -o $@ $<

gen: $(BUILD)/bin/gendefs
	$(BUILD)/bin/gendefs vh > rtl/include/wc_defs.vh
	$(BUILD)/bin/gendefs md > docs/defs.md

# The committed Verilog header and doc table must match defs/wc_defs.def.
check-gen: $(BUILD)/bin/gendefs
	@$(BUILD)/bin/gendefs vh | cmp -s - rtl/include/wc_defs.vh || { echo "check-gen: rtl/include/wc_defs.vh is stale: run make gen" >&2; exit 1; }
	@$(BUILD)/bin/gendefs md | cmp -s - docs/defs.md || { echo "check-gen: docs/defs.md is stale: run make gen" >&2; exit 1; }
	@echo "check-gen: generated headers and doc tables match defs/wc_defs.def"
TEST_TARGETS += check-gen

# ---- host CLI and libraries ---------------------------------------------
LIB_SRCS   := $(wildcard sw/lib/*.c sw/host/*.c)
CMODEL_SRCS:= $(wildcard cmodel/*.c)
CLI_SRCS   := $(wildcard sw/cli/*.c)
HOST_OBJS  := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS) $(CMODEL_SRCS))
CLI_OBJS   := $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRCS))

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/lib/libwormcast.a: $(HOST_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/bin/wormcast: $(CLI_OBJS) $(BUILD)/lib/libwormcast.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJS) $(BUILD)/lib/libwormcast.a -lm -ldl

-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d)

include $(sort $(wildcard mk/*.mk))

# ---- aggregate targets ----------------------------------------------------
test: deps
	@$(MAKE) --no-print-directory all
	@tools/run-tests.sh $(TEST_TARGETS)

lint: deps $(LINT_TARGETS)
bench: deps all $(BENCH_TARGETS)
soak: deps all $(SOAK_TARGETS)
results: deps all $(RESULTS_TARGETS)
fpga: deps $(FPGA_TARGETS)

clean:
	rm -rf $(BUILD)

demo: deps
	@$(MAKE) --no-print-directory all
	@tools/demo.sh

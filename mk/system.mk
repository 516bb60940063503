# SPDX-License-Identifier: Apache-2.0
# The Wormcast system (docs/system.md): wormcast run on networks of nodes.
#   make test-run     the C system model runs firmware on several topologies;
#                     every bad input and failed run gives its message and
#                     exit status; the C-model mutations are caught by a
#                     second C instance (tests/system/test_run.sh)
#   make test-system-rtl  Verilated nodes and routers in lockstep with the C
#                     system model; every mutation caught against the RTL
#                     (tests/system/test_system_rtl.sh; builds the node
#                     model once per parameter set, under build/rtl)
#   make bench-system C-model and Verilated speed of a 16-node system, and
#                     mcast_bench on 4, 8 and 16 nodes (C model; a subset on
#                     the RTL in lockstep), the goals and the host-based time
#                     split -> build/bench/system.txt (tests/system/
#                     bench_system.sh; about ten minutes)
#   make results-system  the bench, then docs/results/system_*.csv and the
#                     plot (docs/results/system.md quotes system.txt)
# Outputs under $(BUILD)/system.

SYS_B     := $(BUILD)/system
SYS_FWS   := hello trap hang fail ring
SYS_ELFS  := $(patsubst %,$(SYS_B)/fw/%.elf,$(SYS_FWS)) $(SYS_B)/fw/big.elf

TEST_TARGETS += test-run test-system-rtl
TEST_PREP    += $(SYS_ELFS) $(BUILD)/bin/wormcast
.PHONY: test-run test-system-rtl

# Node images: the smoke firmware's layout (node RAM) and runtime.
SYS_NODE_ELFS := $(patsubst %,$(SYS_B)/fw/%.elf,$(SYS_FWS))
$(SYS_B)/fw/hello.elf: tests/node/fw_hello.c
$(filter-out %/hello.elf,$(SYS_NODE_ELFS)): $(SYS_B)/fw/%.elf: tests/system/fw_%.c
$(SYS_NODE_ELFS): tests/node/node_fw.h sw/fw/rt.h $(FW_RT_OBJS) $(NRTL_B)/link.ld
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -Itests/node $(NRTL_LDFLAGS) -o $@ $(FW_RT_OBJS) $(filter %.c,$^) $(FW_LIBGCC)

# Too big for the node on purpose: linked for the core SoC's larger RAM.
$(SYS_B)/fw/big.elf: tests/system/fw_big.c tests/node/node_fw.h $(FW_RT_OBJS) $(CORE_B)/link.ld
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -Itests/node $(FW_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(FW_LIBGCC)

test-run: $(SYS_ELFS) $(BUILD)/bin/wormcast
	@WC=$(BUILD)/bin/wormcast SYS_FW=$(SYS_B)/fw tests/system/test_run.sh

test-system-rtl: $(SYS_ELFS) $(BUILD)/bin/wormcast
	@WC=$(BUILD)/bin/wormcast SYS_FW=$(SYS_B)/fw tests/system/test_system_rtl.sh

BENCH_TARGETS += bench-system
RESULTS_TARGETS += results-system
.PHONY: bench-system results-system
# wormcast builds the Verilated node and router models on first use
bench-system: $(BUILD)/bin/wormcast $(NODE_ELFS)
	@mkdir -p $(BUILD)/bench
	@WC=$(BUILD)/bin/wormcast NODE_FW=$(NODE_B)/fw OUT=$(BUILD)/bench/system.txt tests/system/bench_system.sh

results-system: bench-system
	cp $(BUILD)/bench/system_mcast.csv $(BUILD)/bench/system_latency16.csv docs/results/
	gnuplot -e "csv='docs/results/system_latency16.csv'; png='docs/results/system_latency16.png'" \
	  tests/system/bench_plot.gp

# the demo runs the smallest images
all: $(SYS_ELFS)

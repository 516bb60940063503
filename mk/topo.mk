# SPDX-License-Identifier: Apache-2.0
# Topology layer: tests for cmodel/topo/wc_topo*.c and `wormcast topo`.
#   make test-topo       topologies, the file: format, up*/down* tables; `wormcast topo`
#   make bench-topo      up*/down* table build and check times of the largest networks -> build/bench/topo.txt
#   make soak-topo       3,000 random irregular networks: up*/down* tables legal, shortest, connected
#   make test-cdg        every routing function's channel dependency graph acyclic (cubes, meshes,
#                        random irregular networks), up*/down* routes legal; a mutant per family caught
#   make soak-cdg        the same on 500 more random irregular networks
TEST_TARGETS += test-topo
TEST_PREP    += $(BUILD)/bin/test_topo

TOPO_TEST_BIN := $(BUILD)/bin/test_topo

$(TOPO_TEST_BIN): tests/topo/test_topo.c $(WC_TEST_DEPS)
	$(wc_test_link)

.PHONY: test-topo
test-topo: $(TOPO_TEST_BIN) $(BUILD)/bin/wormcast
	@$(TOPO_TEST_BIN) tests/topo
	@tests/topo/cli_test.sh $(BUILD)/bin/wormcast $(BUILD)/tests/topo

BENCH_TARGETS += bench-topo
.PHONY: bench-topo
bench-topo: $(BUILD)/bin/wormcast
	@tests/topo/bench.sh $(BUILD)/bin/wormcast $(BUILD)/bench/topo.txt

SOAK_TARGETS += soak-topo
TOPO_SOAK_N ?= 3000
TOPO_SOAK_SEED ?= 1
.PHONY: soak-topo
soak-topo: $(TOPO_TEST_BIN)
	@$(TOPO_TEST_BIN) --soak $(TOPO_SOAK_N) $(TOPO_SOAK_SEED)

# deadlock freedom of the routing functions (docs/formal.md)
CDG_TEST_BIN := $(BUILD)/bin/test_cdg
$(CDG_TEST_BIN): tests/topo/test_cdg.c $(WC_TEST_DEPS)
	$(wc_test_link)
TEST_TARGETS += test-cdg
TEST_PREP    += $(CDG_TEST_BIN)
.PHONY: test-cdg soak-cdg
test-cdg: $(CDG_TEST_BIN)
	@$(CDG_TEST_BIN)
SOAK_TARGETS += soak-cdg
soak-cdg: $(CDG_TEST_BIN)
	@$(CDG_TEST_BIN) --soak 500 $(TOPO_SOAK_SEED)

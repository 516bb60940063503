# Topology layer: tests for sw/host/wc_topo*.c and `wormcast topo`.
TEST_TARGETS += test-topo

TOPO_TEST_BIN := $(BUILD)/bin/test_topo

$(TOPO_TEST_BIN): tests/topo/test_topo.c $(BUILD)/lib/libwormcast.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(BUILD)/lib/libwormcast.a -lm

.PHONY: test-topo
test-topo: $(TOPO_TEST_BIN) $(BUILD)/bin/wormcast
	@$(TOPO_TEST_BIN) tests/topo
	@tests/topo/cli_test.sh $(BUILD)/bin/wormcast $(BUILD)/tests/topo

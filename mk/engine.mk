# SPDX-License-Identifier: Apache-2.0
# The engine framework of sw/host (system instances, lockstep comparator,
# scoreboard) on C instances alone; the RTL side runs in test-lockstep,
# test-mutation and test-nic-lockstep-net.
ENGINE_TEST_BIN := $(BUILD)/tests/router/test_engine

$(ENGINE_TEST_BIN): tests/router/test_engine.c tests/kbin/test_kbin.h $(WC_LIBS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm -ldl

.PHONY: test-engine
test-engine: $(ENGINE_TEST_BIN)
	@$(ENGINE_TEST_BIN)
TEST_TARGETS += test-engine

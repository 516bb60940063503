# SPDX-License-Identifier: Apache-2.0
# The engine framework of sw/host (system instances, lockstep comparator,
# scoreboard) on C instances alone; the RTL side runs in test-lockstep,
# test-mutation and test-nic-lockstep-net.
#   make test-engine     the engine framework (instances, lockstep comparator, scoreboard) on C instances
ENGINE_TEST_BIN := $(BUILD)/tests/router/test_engine

$(ENGINE_TEST_BIN): WC_TEST_LIBS := -ldl
$(ENGINE_TEST_BIN): tests/router/test_engine.c $(WC_TEST_DEPS)
	$(wc_test_link)

.PHONY: test-engine
test-engine: $(ENGINE_TEST_BIN)
	@$(ENGINE_TEST_BIN)
TEST_TARGETS += test-engine
TEST_PREP    += $(ENGINE_TEST_BIN)

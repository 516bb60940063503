# SPDX-License-Identifier: Apache-2.0
# Inputs from outside: the loaders and parsers against malformed input.
#   make test-inputs  (make test, seconds) the loaders' regression cases
#                     (tests/fuzz/test_inputs.c: each failed before its fix)
INPUTS_TEST := $(BUILD)/tests/fuzz/test_inputs

$(INPUTS_TEST): tests/fuzz/test_inputs.c $(WC_TEST_DEPS)
	$(wc_test_link)

.PHONY: test-inputs
test-inputs: $(INPUTS_TEST)
	@mkdir -p $(BUILD)/tests/fuzz
	@$(INPUTS_TEST) $(BUILD)/tests/fuzz
TEST_TARGETS += test-inputs
TEST_PREP    += $(INPUTS_TEST)

# SPDX-License-Identifier: Apache-2.0
# Robustness: input from outside, RTL failures, saturated runs.  What
# each tier runs:
#   make test-inputs  (make test, a second) the loaders' regression cases
#                     (tests/fuzz/test_inputs.c: each failed before its fix)
#   make test-rtl-assert  (make test, seconds once the models are built) an
#                     RTL assertion on every engine kind, caught on purpose
#                     with --mutate-rtl (tests/system/rtl_assert.sh)
INPUTS_TEST := $(BUILD)/tests/fuzz/test_inputs

$(INPUTS_TEST): tests/fuzz/test_inputs.c $(WC_TEST_DEPS)
	$(wc_test_link)

.PHONY: test-inputs test-rtl-assert
test-inputs: $(INPUTS_TEST)
	@mkdir -p $(BUILD)/tests/fuzz
	@$(INPUTS_TEST) $(BUILD)/tests/fuzz
TEST_TARGETS += test-inputs
TEST_PREP    += $(INPUTS_TEST)

# (this file is read before mk/sc.mk and mk/system.mk: their outputs by path)
RA_SC    := $(BUILD)/sc/libwcsc.so
RA_HELLO := $(BUILD)/system/fw/hello.elf
test-rtl-assert: $(BUILD)/bin/wormcast $(RA_HELLO) $(RA_SC) $(NRTL_ENGINE) $(RTL_STAMP)/nic-16 \
                 $(call rtl_models,cube1-b2 cube4)
	@WC=$(BUILD)/bin/wormcast SYS_FW=$(BUILD)/system/fw SC=1 tests/system/rtl_assert.sh
TEST_TARGETS += test-rtl-assert

# SPDX-License-Identifier: Apache-2.0
# Allocation failures in the C models (tests/test_alloc.c): every calloc of
# the network, NIC, instruction-set and cycle-accurate core models'
# creation fails in turn and must come back as NULL with "out of memory
# for ..." and nothing leaked.
# The wrapped calloc/free see the models' own calls, not the C library's.
#   make test-alloc      every allocation of the C models fails in turn: NULL, a message, nothing leaked
ALLOC_TEST_BIN := $(BUILD)/tests/test_alloc

$(ALLOC_TEST_BIN): WC_TEST_FLAGS = -Icmodel/rv32 -Wl,--wrap=calloc,--wrap=free
$(ALLOC_TEST_BIN): WC_TEST_LIBS = $(CORE_B)/librv32.a
$(ALLOC_TEST_BIN): tests/test_alloc.c $(WC_TEST_DEPS) $(CORE_B)/librv32.a
	$(wc_test_link)

.PHONY: test-alloc
test-alloc: $(ALLOC_TEST_BIN)
	@$(ALLOC_TEST_BIN) $(BUILD)/tests
TEST_TARGETS += test-alloc
TEST_PREP    += $(ALLOC_TEST_BIN)

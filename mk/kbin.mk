# SPDX-License-Identifier: Apache-2.0
# k-binomial trees, FPFS/FCFS, postal tree, ForwardInSwitch/RAM/CCO:
# unit tests, CLI contract checks, rv32im build of the freestanding parts,
# and the Kesavan & Panda step-level results.

KBIN_LIB      := $(wildcard sw/lib/wc_kbin.c sw/lib/wc_fpfs.c sw/lib/wc_postal.c sw/lib/wc_fis.c sw/lib/wc_ram.c sw/lib/wc_cco.c)
KBIN_TESTS    := $(patsubst tests/kbin/%.c,$(BUILD)/tests/kbin/%,$(wildcard tests/kbin/test_*.c))
KBIN_RV32_CC  ?= riscv64-unknown-elf-gcc
KBIN_RV32_FLAGS = -march=rv32im -mabi=ilp32 -ffreestanding -nostdlib -std=c99 -Wall -Wextra -pedantic -Werror -O2 -Idefs -Isw/lib

$(BUILD)/tests/kbin/%: tests/kbin/%.c tests/kbin/test_kbin.h $(WC_LIBS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm

# The algorithm cores must build for the firmware target without warnings.
kbin-rv32:
	@mkdir -p $(BUILD)/rv32/kbin
	@for f in $(KBIN_LIB); do \
	  $(KBIN_RV32_CC) $(KBIN_RV32_FLAGS) -c -o $(BUILD)/rv32/kbin/$$(basename $$f .c).o $$f || exit 1; \
	done
	@echo "kbin-rv32: $(words $(KBIN_LIB)) freestanding sources build for rv32im with -Werror"

test-kbin: $(BUILD)/bin/wormcast $(KBIN_TESTS) kbin-rv32
	@set -e; for t in $(KBIN_TESTS); do echo "--- $$t"; $$t; done
	@echo "--- tests/kbin/cli.sh"; WORMCAST=$(BUILD)/bin/wormcast tests/kbin/cli.sh

# ---- results: docs/results/kbin_* ------------------------------------------
KBIN_RES := docs/results
$(BUILD)/tests/kbin/results: tests/kbin/results.c $(WC_LIBS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm

results-kbin: $(BUILD)/tests/kbin/results
	@mkdir -p $(KBIN_RES)
	$(BUILD)/tests/kbin/results $(KBIN_RES)
	gnuplot -e "outdir='$(KBIN_RES)'" tests/kbin/results.gp
	@echo "results-kbin: CSV and PNG in $(KBIN_RES)/kbin_*"

# ---- bench: fpfs on 10^5-node trees -> build/bench/fpfs.txt ---------------
bench-fpfs: $(BUILD)/bin/wormcast
	@tests/kbin/bench_fpfs.sh $(BUILD)/bin/wormcast $(BUILD)/bench/fpfs.txt

.PHONY: test-kbin kbin-rv32 results-kbin bench-fpfs
TEST_TARGETS    += test-kbin
RESULTS_TARGETS += results-kbin
BENCH_TARGETS   += bench-fpfs

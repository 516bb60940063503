# SPDX-License-Identifier: Apache-2.0
# k-binomial trees, FPFS/FCFS, postal tree, ForwardInSwitch/RAM/CCO:
# unit tests, CLI contract checks, and the Kesavan & Panda step-level
# results.  The algorithm cores build for the firmware target with the
# rest of the freestanding library ($(RV32_LIB_A), mk/common.mk).
#   make test-kbin         k-binomial trees, FPFS/FCFS, postal tree, ForwardInSwitch, RAM, CCO; their CLI commands
#   make results-kbin      Kesavan and Panda's figures at step level (docs/results/kbinomial.md)
#   make results-kbin-net  Kesavan and Panda Figs. 13-14 at cycle level through wormcast sweep (minutes)
#   make results-liu       Liu et al. Figs. 13-15 at flit level (docs/results/liu.md, minutes)
#   make bench-fpfs        fpfs on 10^5-node trees -> build/bench/fpfs.txt

KBIN_TESTS    := $(patsubst tests/kbin/%.c,$(BUILD)/tests/kbin/%,$(wildcard tests/kbin/test_*.c))

$(BUILD)/tests/kbin/%: tests/kbin/%.c $(WC_TEST_DEPS)
	$(wc_test_link)

test-kbin: $(BUILD)/bin/wormcast $(KBIN_TESTS) $(RV32_LIB_A)
	@set -e; for t in $(KBIN_TESTS); do echo "--- $$t"; $$t; done
	@echo "--- tests/kbin/cli.sh"; WORMCAST=$(BUILD)/bin/wormcast tests/kbin/cli.sh

# ---- results: docs/results/kbin_* ------------------------------------------
KBIN_RES := docs/results
$(BUILD)/tests/kbin/results: tests/kbin/results.c $(WC_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm

results-kbin: $(BUILD)/tests/kbin/results
	@mkdir -p $(KBIN_RES)
	$(BUILD)/tests/kbin/results $(KBIN_RES)
	gnuplot -e "outdir='$(KBIN_RES)'" tests/kbin/results.gp
	@echo "results-kbin: CSV and PNG in $(KBIN_RES)/kbin_*"

# Figs. 13-14 at cycle level: 4,200 wormcast msg runs through wormcast
# sweep (docs/sweep.md), minutes on 2 cores; resumes after an interruption
results-kbin-net: $(BUILD)/bin/wormcast results-kbin
	@tests/kbin/net_figs.sh $(BUILD)/bin/wormcast $(KBIN_RES) $(BUILD)/sweep
	$(call results_page,kbinomial)

# ---- bench: fpfs on 10^5-node trees -> build/bench/fpfs.txt ---------------
bench-fpfs: $(BUILD)/bin/wormcast
	@tests/kbin/bench_fpfs.sh $(BUILD)/bin/wormcast $(BUILD)/bench/fpfs.txt

.PHONY: test-kbin results-kbin results-kbin-net bench-fpfs
TEST_TARGETS    += test-kbin
TEST_PREP       += $(KBIN_TESTS)
RESULTS_TARGETS += results-kbin results-kbin-net
BENCH_TARGETS   += bench-fpfs

# Liu et al. Figs. 13-15 at flit level (docs/results/liu.md): 840 wormcast
# sim runs of multiple multicast through wormcast sweep, minutes; then
# liu.md from its template
results-liu: $(BUILD)/bin/wormcast
	@tests/kbin/liu_figs.sh $(BUILD)/bin/wormcast docs/results $(BUILD)/sweep
	$(call results_page,liu)
.PHONY: results-liu
RESULTS_TARGETS += results-liu

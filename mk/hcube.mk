# SPDX-License-Identifier: Apache-2.0
# Hypercube multicast (sw/lib/wc_hcube*, wc_steps*, wc_contention*,
# wc_scatter*, `wormcast tree`): tests, the rv32 build check of the whole
# freestanding library, and the Robinson et al. Figs. 9-10 results.
TEST_TARGETS    += test-hcube test-rv32-lib
RESULTS_TARGETS += results-hcube

HCUBE_TEST_BIN := $(BUILD)/bin/test_hcube
HCUBE_RES_BIN  := $(BUILD)/bin/hcube_results
RV32_CC        ?= riscv64-unknown-elf-gcc
RV32_FLAGS     := -march=rv32im -mabi=ilp32 -ffreestanding -std=c99 -Wall -Wextra -Werror -O2 -Idefs -Isw/lib

$(HCUBE_TEST_BIN): tests/hcube/test_hcube.c $(WC_LIBS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm

$(HCUBE_RES_BIN): tests/hcube/hcube_results.c $(WC_LIBS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm

.PHONY: test-hcube test-rv32-lib results-hcube
test-hcube: $(HCUBE_TEST_BIN) $(BUILD)/bin/wormcast
	@$(HCUBE_TEST_BIN)
	@tests/hcube/cli_test.sh $(BUILD)/bin/wormcast $(BUILD)/tests/hcube

# Every sw/lib/*.c must build for the firmware target, warnings as errors.
test-rv32-lib:
	@mkdir -p $(BUILD)/rv32lib
	@pass=0; fail=0; for f in $(wildcard sw/lib/*.c); do \
	  if $(RV32_CC) $(RV32_FLAGS) -c -o $(BUILD)/rv32lib/$$(basename $$f .c).o $$f; then \
	    echo "rv32im: $$f ok"; pass=$$((pass+1)); \
	  else echo "rv32im: $$f FAILED"; fail=$$((fail+1)); fi; done; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

# Robinson et al. Figs. 9-10: CSV from the step model, PNG via gnuplot.
results-hcube: $(HCUBE_RES_BIN)
	@mkdir -p docs/results
	$(HCUBE_RES_BIN) 6 docs/results/hcube_fig9_6cube.csv
	$(HCUBE_RES_BIN) 10 docs/results/hcube_fig10_10cube.csv
	gnuplot -e "csv='docs/results/hcube_fig9_6cube.csv'; png='docs/results/hcube_fig9_6cube.png'; ttl='6-cube, all-port (Robinson et al. Fig. 9)'" tests/hcube/hcube_plot.gp
	gnuplot -e "csv='docs/results/hcube_fig10_10cube.csv'; png='docs/results/hcube_fig10_10cube.png'; ttl='10-cube, all-port (Robinson et al. Fig. 10)'" tests/hcube/hcube_plot.gp

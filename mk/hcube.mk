# SPDX-License-Identifier: Apache-2.0
# Hypercube multicast (sw/lib/wc_hcube*, wc_steps*, wc_contention*,
# wc_scatter*, `wormcast tree`): tests and the Robinson et al. Figs. 9-10
# results.  (The rv32 build check of the whole freestanding library,
# test-rv32-lib, is in mk/common.mk.)
#   make test-hcube           hypercube trees (U-cube, Maxport, Combine, W-sort), step model, contention, `wormcast tree`
#   make results-hcube        Robinson et al. Figs. 9-10 from the step model (CSV, PNG)
#   make results-hcube-flit   Robinson et al. Figs. 13-14 at flit level on cube:10:all (an hour of CPU)
#   make results-hcube-flit5  Robinson et al. Figs. 11-12 at flit level on cube:5:all (seconds)
TEST_TARGETS    += test-hcube
TEST_PREP       += $(BUILD)/bin/test_hcube
RESULTS_TARGETS += results-hcube

HCUBE_TEST_BIN := $(BUILD)/bin/test_hcube
HCUBE_RES_BIN  := $(BUILD)/bin/hcube_results

$(HCUBE_TEST_BIN): tests/hcube/test_hcube.c $(WC_TEST_DEPS)
	$(wc_test_link)

$(HCUBE_RES_BIN): tests/hcube/hcube_results.c $(WC_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(WC_CFLAGS) -o $@ $< $(WC_LIBS) -lm

.PHONY: test-hcube results-hcube
test-hcube: $(HCUBE_TEST_BIN) $(BUILD)/bin/wormcast
	@$(HCUBE_TEST_BIN)
	@tests/hcube/cli_test.sh $(BUILD)/bin/wormcast $(BUILD)/tests/hcube

# Robinson et al. Figs. 9-10: CSV from the step model, PNG via gnuplot.
results-hcube: $(HCUBE_RES_BIN)
	@mkdir -p docs/results
	$(HCUBE_RES_BIN) 6 docs/results/hcube_fig9_6cube.csv
	$(HCUBE_RES_BIN) 10 docs/results/hcube_fig10_10cube.csv
	gnuplot -e "csv='docs/results/hcube_fig9_6cube.csv'; png='docs/results/hcube_fig9_6cube.png'; ttl='6-cube, all-port (Robinson et al. Fig. 9)'" tests/hcube/hcube_plot.gp
	gnuplot -e "csv='docs/results/hcube_fig10_10cube.csv'; png='docs/results/hcube_fig10_10cube.png'; ttl='10-cube, all-port (Robinson et al. Fig. 10)'" tests/hcube/hcube_plot.gp

# Robinson et al. Figs. 13-14 at flit level (cube:10:all, 4 KB messages):
# `wormcast sim --mcast-scheme tree` through wormcast sweep
# (docs/results/hcube_flit.sweep), the paper's 100 sets a point: about an
# hour of one core, spread over every core.  Not part of make test.
HCUBE_FLIT_CSV := docs/results/hcube_fig13_14_10cube_flit.csv
.PHONY: results-hcube-flit
results-hcube-flit: $(BUILD)/bin/wormcast
	@mkdir -p docs/results
	tests/hcube/flit_results.sh $(BUILD)/bin/wormcast docs/results/hcube_flit.sweep $(BUILD)/sweep/hcube_flit $(HCUBE_FLIT_CSV)
	gnuplot -e "csv='$(HCUBE_FLIT_CSV)'; png='docs/results/hcube_fig13_10cube_flit.png'; off=0; ttl='10-cube all-port, 4 KB, flit level: average delay (Robinson et al. Fig. 13)'" tests/hcube/flit_plot.gp
	gnuplot -e "csv='$(HCUBE_FLIT_CSV)'; png='docs/results/hcube_fig14_10cube_flit.png'; off=1; ttl='10-cube all-port, 4 KB, flit level: maximum delay (Robinson et al. Fig. 14)'" tests/hcube/flit_plot.gp
RESULTS_TARGETS += results-hcube-flit

# Figs. 11-12 (the paper's nCUBE-2 5-cube, measured) at flit level on
# cube:5:all: 160 runs through wormcast sweep, seconds
HCUBE_FLIT5_CSV := docs/results/hcube_fig11_12_5cube_flit.csv
.PHONY: results-hcube-flit5
results-hcube-flit5: $(BUILD)/bin/wormcast
	@mkdir -p docs/results
	@tests/hcube/flit_results.sh $(BUILD)/bin/wormcast docs/results/hcube_flit5.sweep $(BUILD)/sweep/hcube_flit5 $(HCUBE_FLIT5_CSV)
	@gnuplot -e "csv='$(HCUBE_FLIT5_CSV)'; png='docs/results/hcube_fig11_5cube_flit.png'; off=0; ttl='5-cube all-port, 4 KB, flit level: average delay (Robinson et al. Fig. 11)'" tests/hcube/flit_plot.gp
	@gnuplot -e "csv='$(HCUBE_FLIT5_CSV)'; png='docs/results/hcube_fig12_5cube_flit.png'; off=1; ttl='5-cube all-port, 4 KB, flit level: maximum delay (Robinson et al. Fig. 12)'" tests/hcube/flit_plot.gp
RESULTS_TARGETS += results-hcube-flit5

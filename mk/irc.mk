# SPDX-License-Identifier: Apache-2.0
# Multidestination worms (sw/lib/wc_worm*, wc_brcp*, wc_irc*,
# cmodel/topo/wc_brcp_topo*, `wormcast worm`): library tests against a routing
# oracle, the lecture notes' claims, CLI contract, and the docs pictures.
#   make test-irc         multidestination worms and BRCP schemes against a routing oracle; `wormcast worm`
#   make results-irc      the pictures of docs/irc.md (docs/img/irc_*.png)
#   make results-lecture  the lecture notes' scatter and mesh chain multicast at flit level (docs/results/lecture.md)
TEST_TARGETS    += test-irc
TEST_PREP       += $(BUILD)/bin/test_irc $(BUILD)/bin/test_mchain
RESULTS_TARGETS += results-irc

IRC_TEST_BIN := $(BUILD)/bin/test_irc

$(IRC_TEST_BIN): tests/irc/test_irc.c $(WC_TEST_DEPS)
	$(wc_test_link)
$(BUILD)/bin/test_mchain: tests/irc/test_mchain.c $(WC_TEST_DEPS)
	$(wc_test_link)

.PHONY: test-irc results-irc
test-irc: $(IRC_TEST_BIN) $(BUILD)/bin/test_mchain $(BUILD)/bin/wormcast
	@$(IRC_TEST_BIN) tests/irc
	@$(BUILD)/bin/test_mchain
	@tests/irc/cli_test.sh $(BUILD)/bin/wormcast $(BUILD)/tests/irc

# docs/img/irc_*.png: Graphviz pictures of the schemes in docs/irc.md.
IRC_PICS = \
  irc_bcast_cr:mesh:6x6:bcast-cr:0:all \
  irc_bcast_rcc:mesh:6x6:bcast-rcc:0:all \
  irc_bcast_rcr:mesh:6x6:bcast-rcr:0:all \
  irc_bcast_any:mesh:7x6:bcast-any:15:all \
  irc_bcast_trivial:mesh:9x4:bcast-any:13:all \
  irc_chain_q4:cube:4:chain:0:1,4,7,10,11,12 \
  irc_mesh_mcast:mesh:8x8:mesh-mcast:27:1,5,9,14,22,30,33,40,45,50,60,62 \
  irc_updown:irregular:8,6,2,3:updown:0:3,5,7,8,11,12,14,15
results-irc: $(BUILD)/bin/wormcast
	@mkdir -p docs/img
	@set -e; for p in $(IRC_PICS); do \
	  name=$${p%%:*}; rest=$${p#*:}; dst=$${rest##*:}; rest=$${rest%:*}; src=$${rest##*:}; rest=$${rest%:*}; \
	  scheme=$${rest##*:}; topo=$${rest%:*}; \
	  case $$topo in irregular*) eng="neato";; *) eng="neato -n2";; esac; \
	  $(BUILD)/bin/wormcast worm --topo $$topo --scheme $$scheme --src $$src --dst $$dst --format dot \
	    | $$eng -Tpng -o docs/img/$$name.png; \
	  echo "results-irc: docs/img/$$name.png ($$topo $$scheme from $$src)"; done

# The notes' one-to-all scatter (with and without combining) and mesh chain
# multicast at flit level beside their formulas (docs/results/lecture.md):
# 100 wormcast sim runs through wormcast sweep, seconds
RESULTS_TARGETS += results-lecture
results-lecture: $(BUILD)/bin/wormcast
	@tests/irc/lecture_figs.sh $(BUILD)/bin/wormcast docs/results $(BUILD)/sweep
	$(call results_page,lecture)
.PHONY: results-lecture

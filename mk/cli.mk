# SPDX-License-Identifier: Apache-2.0
# The wormcast CLI (sw/cli): the option parser and errors of every command,
# every command's --help, the README's examples run as pasted, and
# wormcast sweep through GNU parallel (tests/cli/sweep.sh, seconds).
#   make test-cli         every command's options, errors, --help, JSON keys and examples; the README's commands
#   make test-readme-rtl  the README's commands with an RTL engine too (they verilate: minutes)
#   make test-tutorial    every command of docs/tutorial.md and the how-to pages, RTL ones too
TEST_TARGETS += test-cli
.PHONY: test-cli test-readme-rtl
test-cli: $(BUILD)/bin/wormcast
	@tests/cli/cli.sh $(BUILD)/bin/wormcast
	@tests/cli/readme.sh $(BUILD)/bin/wormcast README.md
	@tests/cli/sweep.sh $(BUILD)/bin/wormcast

# The README's examples with an RTL engine too; they verilate the routers
# and NICs they use on first run (minutes), so make test skips them.
SOAK_TARGETS += test-readme-rtl
test-readme-rtl: $(BUILD)/bin/wormcast
	@WORMCAST_README_RTL=1 tests/cli/readme.sh $(BUILD)/bin/wormcast README.md

# The tutorial and the how-to pages: every wormcast command in them, the
# RTL ones too (they load the models make test builds beforehand)
DOC_WALKS := docs/tutorial.md docs/howto-topology.md docs/howto-firmware.md docs/howto-ip.md
TEST_TARGETS += test-tutorial
.PHONY: test-tutorial
test-tutorial: $(BUILD)/bin/wormcast $(NODE_ELFS) $(call rtl_models,mesh4)
	@WORMCAST_README_RTL=1 tests/cli/readme.sh --examples-only $(BUILD)/bin/wormcast $(DOC_WALKS)

# SPDX-License-Identifier: Apache-2.0
# make check: the short tier for the edit-run loop, at most 5 minutes on
# two cores once the Verilated models it loads are built (a first run
# verilates them: minutes more).  The lint of the router, NIC and bench
# wrappers, the unit benches of the router and the NIC and the core's
# lockstep suite, the C-model and CLI tests, and one short lockstep run
# per engine of the tool (tests/check/lockstep.sh).  make test runs all
# of it and the long runs besides.
#   make check                  all of it, as make test runs its targets (tools/run-tests.sh)
#   make check-cli              the CLI's option parser, every command's --help and its examples
#   make check-lockstep-*       one short lockstep run of one engine: RTL routers (sim), NICs (msg), nodes (run), SystemC
CHECK_LOCKSTEP := check-lockstep-router check-lockstep-nic check-lockstep-node check-lockstep-sc
CHECK_TARGETS  := check-gen check-spdx test-make test-lint-router test-lint-nic lint-unit lint-nicunit \
                  test-unit test-nicunit test-core test-topo test-kbin test-hcube test-irc test-nic test-engine \
                  test-alloc test-inputs test-rv32-lib test-docs test-results-current test-nic-msg test-sim-cli test-mem test-run check-cli \
                  $(CHECK_LOCKSTEP)
# (CHECK_PREP is expanded when check runs, after every mk file is read)
# what the targets share, built first: the benches and test programs, the
# models the lockstep runs load
CHECK_PREP      = $(UNIT_BINS) $(NU_test_BINS) core-tools core-fw $(NODE_ELFS) $(SYS_ELFS) \
                  $(call rtl_models,mesh4 cube4) $(RTL_STAMP)/nic-16 $(NRTL_ENGINE) $(SC_SO) \
                  $(TOPO_TEST_BIN) $(KBIN_TESTS) $(HCUBE_TEST_BIN) $(IRC_TEST_BIN) $(BUILD)/bin/test_mchain \
                  $(NIC_TESTS) $(ENGINE_TEST_BIN) $(ALLOC_TEST_BIN) $(INPUTS_TEST) $(RV32_LIB_A)
CHECK_LS       := tests/check/lockstep.sh $(BUILD)/bin/wormcast

.PHONY: check check-cli $(CHECK_LOCKSTEP)
check: deps
	@tools/run-tests.sh --name check --jobs $(JOBS) --prep "all $(CHECK_PREP)" $(CHECK_TARGETS)

# the CLI's option parser and every command's help and examples; the
# README's and the sweep's runs are make test's (test-cli)
check-cli: $(BUILD)/bin/wormcast
	@tests/cli/cli.sh $(BUILD)/bin/wormcast
	@tests/cli/readme.sh --help-only $(BUILD)/bin/wormcast

check-lockstep-router: $(BUILD)/bin/wormcast $(call rtl_models,mesh4)
	@$(CHECK_LS) router
check-lockstep-nic: $(BUILD)/bin/wormcast $(RTL_STAMP)/nic-16 $(call rtl_models,cube4)
	@$(CHECK_LS) nic
# (this file is read before mk/node.mk, mk/fw.mk and mk/sc.mk: their outputs by path)
check-lockstep-node: $(BUILD)/bin/wormcast $(BUILD)/node-rtl/engine.path $(BUILD)/system/fw/ring.elf $(call rtl_models,cube4)
	@$(CHECK_LS) node $(BUILD)/system/fw/ring.elf
check-lockstep-sc: $(BUILD)/bin/wormcast $(BUILD)/sc/libwcsc.so
	@$(CHECK_LS) sc

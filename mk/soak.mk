# SPDX-License-Identifier: Apache-2.0
# Long runs in constant memory (docs/results/soak.md): every run prints its
# resident memory every WARM cycles, and the memory after LONG cycles may
# exceed that after WARM cycles of the same run by at most 10% (plus, beyond
# saturation, what the growing source queues hold: tests/soak/memory.sh).
# (After mk/router.mk and mk/nic.mk, whose model stamps it names.)
#   make test-mem        memory flat: 10^5 against 10^6 cycles on the C engine (seconds)
#   make soak-mem        memory flat over 10^7 cycles of every lockstep configuration (hours) -> docs/results/soak_mem.csv, soak.md

# make test: the C engine, 10^5 against 10^6 cycles, multidestination
# worms at a low load and unicasts beyond saturation (seconds)
test-mem: $(BUILD)/bin/wormcast
	@tests/soak/memory.sh $(BUILD)/bin/wormcast 100000 1000000 c '@(irc-irr16-low|cube4-sat)'
TEST_TARGETS += test-mem

# make soak: every lockstep configuration of make test (the router runs of
# verif/net/lockstep.cfg but the medium loads, the NIC networks of
# tests/nic/lockstep_net.sh), C model and lockstep, 10^6 against 10^7
# cycles each (hours)
soak-mem: $(BUILD)/bin/wormcast $(LOCKSTEP_MODELS) $(RTL_STAMP)/nic-16 $(call rtl_models,cube4 irr8)
	@MEMORY_CSV=docs/results/soak_mem.csv tests/soak/memory.sh $(BUILD)/bin/wormcast 1000000 10000000 "c lockstep"
	$(call results_page,soak)
SOAK_TARGETS += soak-mem

.PHONY: test-mem soak-mem

# SPDX-License-Identifier: Apache-2.0
# NIC shared definitions and packet-level C reference (docs/nic.md):
# packet codec, group table with the id rule, FPFS/FCFS orders, GM-2
# reliability state machines and their lossy-channel simulation.
#   make test-nic     unit tests + reliability simulation + rv32im build
#                     (the NIC library is part of $(RV32_LIB_A), mk/common.mk)
#   make test-nic-msg             networks of model NICs: CLI errors, clean and lossy runs, lockstep and its mutations
#   make test-nic-faults          10,000 messages under link faults at 1e-3: every one exactly once, intact, in order
#   make test-nic-lockstep-net-*  networks of Verilated routers and NICs in lockstep with the C model, one run each
#   make bench-nic                NIC multicast latency against host forwarding, FPFS against FCFS (RTL)
#   make bench-nic-flow           what the NIC spends on retransmission, with and without faults (docs/nic-flow.md)
#   make results-nic              both on the C model -> docs/results/nic_*.csv and nic.md
#   make results-yu               Yu, Buntinas and Panda Figs. 4-5 and 7-8 at cycle level (docs/results/yu.md)

NIC_TESTS   := $(patsubst tests/nic/%.c,$(BUILD)/tests/nic/%,$(wildcard tests/nic/test_*.c))

$(BUILD)/tests/nic/%: tests/nic/%.c $(WC_TEST_DEPS)
	$(wc_test_link)

# The model test shares its bench board and directed scenarios with the
# RTL lockstep bench (verif/nic/, mk/nicunit.mk): one copy of each.
NIC_BENCH_SRCS := verif/nic/nic_bench.c verif/nic/nic_scen.c
$(BUILD)/tests/nic/test_nic_model: WC_TEST_FLAGS = -Iverif/nic
$(BUILD)/tests/nic/test_nic_model: tests/nic/test_nic_model.c $(NIC_BENCH_SRCS) verif/nic/nic_bench.h $(WC_TEST_DEPS)
	$(wc_test_link)

# The NIC library is what the NIC firmware and the RTL reference share:
# it must build freestanding for rv32im without a warning.
test-nic: $(NIC_TESTS) $(RV32_LIB_A)
	@set -e; for t in $(NIC_TESTS); do echo "--- $$t"; $$t; done

.PHONY: test-nic
TEST_TARGETS += test-nic
TEST_PREP    += $(NIC_TESTS)

# Message-level runs of a network of model NICs: CLI errors, clean and
# lossy runs in every mode, the lockstep comparison path and its mutations.
test-nic-msg: $(BUILD)/bin/wormcast
	@tests/nic/msg_cli.sh $(BUILD)/bin/wormcast
TEST_TARGETS += test-nic-msg
.PHONY: test-nic-msg

# Reliability under link faults at 1e-3 per packet (drops and bit flips):
# 10,000 messages on cube:4 and shorter runs in FCFS and host mode on an
# irregular network, every message exactly once, intact and in order.
test-nic-faults: $(BUILD)/bin/wormcast
	@tests/nic/faults.sh $(BUILD)/bin/wormcast 10000 0.001
TEST_TARGETS += test-nic-faults
.PHONY: test-nic-faults

# NIC figures on the RTL (ENGINE=c for the C model): multicast latency NIC
# vs host forwarding, FPFS vs FCFS buffer peaks, multisend vs unicasts.
bench-nic: $(BUILD)/bin/wormcast
	@verif/net/bench-nic.sh $(BUILD)/bin/wormcast
BENCH_TARGETS += bench-nic
.PHONY: bench-nic

# What the NIC spends on retransmission, with and without link faults
# (docs/nic-flow.md): random mixes on cube:4 and irregular:8,8,2,1, FPFS
# and FCFS, on the C model -> build/bench/nic_flow.txt (minutes)
bench-nic-flow: $(BUILD)/bin/wormcast
	@BUILD=$(BUILD) verif/net/bench-nic-flow.sh $(BUILD)/bin/wormcast
BENCH_TARGETS += bench-nic-flow
.PHONY: bench-nic-flow

# docs/results/nic.md: both benches on the C model (cycle-exact with the
# RTL) into docs/results, then the page from its template (two minutes)
results-nic: $(BUILD)/bin/wormcast
	@ENGINE=c verif/net/bench-nic.sh $(BUILD)/bin/wormcast docs/results
	@BUILD=$(BUILD) verif/net/bench-nic-flow.sh $(BUILD)/bin/wormcast docs/results
	$(call results_page,nic)
RESULTS_TARGETS += results-nic
.PHONY: results-nic

# Networks of NICs in lockstep (Verilated routers and NICs against the C
# model): cube:4 and irregular:8,8,2,1, FPFS and FCFS, random mixes of
# 1 B to 16 KiB messages, at least 200,000 cycles each; then the C-model
# mutations must be caught at network level.
# The runs are independent: one make target each, run side by side by
# make -j and make test; test-nic-lockstep-net is all of them.  They load
# one NIC model (both topologies have 16 nodes) built once beforehand, as
# the router models are (mk/router.mk).
RTL_NIC_SRCS := $(wildcard rtl/nic/* rtl/router/* rtl/include/* verif/net/* cmodel/* defs/*)
$(RTL_STAMP)/nic-16: $(RTL_NIC_SRCS) $(BUILD)/bin/wormcast $(call rtl_models,cube4)
	@mkdir -p $(@D)
	@$(BUILD)/bin/wormcast msg --topo cube:4 --engine rtl --messages 4 --size 64 --quiet > $@.log 2>&1 \
	  || { cat $@.log; echo "$(RTL_STAMP): building the RTL NIC model for 16 nodes failed"; exit 1; }
	@touch $@
# The traced variant of the same NIC model (wormcast msg --wave and a
# lockstep mismatch's waveform, build-engine.sh nic-fst), built once
# beforehand for test-rtl-assert, its only user in make test.
$(RTL_STAMP)/nic-16-fst: $(RTL_NIC_SRCS) $(BUILD)/bin/wormcast $(call rtl_models,cube4)
	@mkdir -p $@.d
	@$(BUILD)/bin/wormcast msg --topo cube:4 --engine rtl --messages 4 --size 64 --quiet --wave $@.d/w > $@.log 2>&1 \
	  || { cat $@.log; echo "$(RTL_STAMP): building the traced RTL NIC model for 16 nodes failed"; exit 1; }
	@touch $@
TEST_PREP    += $(RTL_STAMP)/nic-16-fst
LOCKSTEP_NET_PARTS := cube4-fpfs:cube:4/fpfs cube4-fcfs:cube:4/fcfs irr8-fpfs:irregular:8,8,2,1/fpfs \
                      irr8-fcfs:irregular:8,8,2,1/fcfs faults:faults trees:trees mutations:mutations
LOCKSTEP_NET_PIECES := $(foreach p,$(LOCKSTEP_NET_PARTS),test-nic-lockstep-net-$(firstword $(subst :, ,$(p))))
lockstep_net_part    = $(patsubst $(1):%,%,$(filter $(1):%,$(LOCKSTEP_NET_PARTS)))
$(LOCKSTEP_NET_PIECES): test-nic-lockstep-net-%: $(BUILD)/bin/wormcast $(RTL_STAMP)/nic-16 $(call rtl_models,cube4 irr8)
	@tests/nic/lockstep_net.sh $(BUILD)/bin/wormcast 200000 '$(call lockstep_net_part,$*)'
test-nic-lockstep-net: $(LOCKSTEP_NET_PIECES)
TEST_TARGETS += $(LOCKSTEP_NET_PIECES)
TEST_FIRST   += $(filter-out %-mutations,$(LOCKSTEP_NET_PIECES)) test-nic-faults
TEST_PREP    += $(RTL_STAMP)/nic-16
.PHONY: test-nic-lockstep-net $(LOCKSTEP_NET_PIECES)

# Yu, Buntinas and Panda Figs. 4-5 and 7-8 at cycle level
# (docs/results/yu.md): 4,240 wormcast msg runs through wormcast sweep,
# a few minutes on 2 cores; then yu.md from its template
RESULTS_TARGETS += results-yu
results-yu: $(BUILD)/bin/wormcast
	@tests/nic/yu_figs.sh $(BUILD)/bin/wormcast docs/results $(BUILD)/sweep
	$(call results_page,yu)
.PHONY: results-yu

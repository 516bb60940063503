# SPDX-License-Identifier: Apache-2.0
# NIC lockstep bench (verif/nic/, README there): the Verilated NIC
# (rtl/nic/wc_nic.v) and its C model (cmodel/wc_nic.c) side by side on the
# same inputs, every output compared every cycle, stimulus from the
# directed scenarios of verif/nic/nic_scen.c and a seeded random host,
# network and memory (verif/nic/nic_rand.c).
#   make test-nic-lockstep   directed scenarios + one random run (seed 1) per parameter set, each covering every event class
#   make test-nic-mutation   every C model mutation (tb_nic_c --mutations) must stop a run with a mismatch
#   make soak-nic-lockstep   seed 2 of the test runs, then long random runs, seeds 11..20, five parameter sets
#   make nic-twin            the bench against a second C model (needs no RTL)
#   verif/nic/run.sh --params "NSLOT=8 ..." --seed 5 --cycles 100000 [--wave nic.fst]
# One Verilated build per parameter set in $(BUILD)/unit/nic/<parameters>/.

NICU_B      := $(BUILD)/unit/nic
# the C model: the top and one file per RTL unit (cmodel/wc_nic_int.h)
NICU_CSRCS  := verif/nic/nic_lock.c verif/nic/nic_rand.c verif/nic/nic_bench.c verif/nic/nic_scen.c \
               cmodel/wc_nic.c $(wildcard cmodel/wc_nic_*.c) sw/lib/wc_nic_pkt.c sw/lib/wc_nic_group.c \
               sw/lib/wc_nic_rel.c
NICU_COBJS  := $(patsubst %.c,$(NICU_B)/obj/%.o,$(NICU_CSRCS))
NICU_HDRS   := $(wildcard verif/nic/*.h) verif/nic/nic_bench.h cmodel/wc_nic.h cmodel/wc_nic_int.h defs/wc_defs.h \
               sw/lib/wc_nic_pkt.h sw/lib/wc_nic_group.h sw/lib/wc_nic_rel.h defs/wc_rng.h defs/wc_defs.def
NICU_CFLAGS := $(CFLAGS) -std=c99 -Wall -Wextra -pedantic -Idefs -Isw/lib -Icmodel -Icmodel/topo -Iverif/nic

TEST_TARGETS += test-nic-lockstep test-nic-mutation
# the longest target of make test: started before all others
TEST_FIRST   := test-nic-lockstep $(TEST_FIRST)
TEST_PREP    += $(NICU_B)/tb_nic_c $(NICU_B)/libnicbench.a
SOAK_TARGETS += soak-nic-lockstep
.PHONY: test-nic-lockstep test-nic-mutation soak-nic-lockstep nic-twin

$(NICU_B)/obj/%.o: %.c $(NICU_HDRS)
	@mkdir -p $(@D)
	$(CC) $(NICU_CFLAGS) -c -o $@ $<

# the C side of every bench build: stimulus, comparison, report, C model
$(NICU_B)/libnicbench.a: $(NICU_COBJS)
	rm -f $@ && ar rcs $@ $^

# the bench against a second C model; also resolves --params for run.sh
$(NICU_B)/tb_nic_c: verif/nic/tb_nic_c.c $(NICU_B)/libnicbench.a
	$(CC) $(NICU_CFLAGS) -o $@ $^

test-nic-lockstep: $(NICU_B)/tb_nic_c $(NICU_B)/libnicbench.a
	@verif/nic/suite.sh test

test-nic-mutation: $(NICU_B)/tb_nic_c $(NICU_B)/libnicbench.a
	@verif/nic/suite.sh mutation

soak-nic-lockstep: $(NICU_B)/tb_nic_c $(NICU_B)/libnicbench.a
	@verif/nic/suite.sh soak

nic-twin: $(NICU_B)/tb_nic_c
	@verif/nic/suite.sh twin

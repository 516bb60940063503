# SPDX-License-Identifier: Apache-2.0
# Simulator speed: the output of the faster simulator is the old one's.
#   make test-speed-same     the bench workloads and more runs print the same, byte for byte, as the base build SPEED_BASE
#   make bench-speed         cycles/s of this tree against BASE=REV (default: the previous tag, else HEAD~) -> build/bench/speed.csv
# SPEED_BASE is the last revision whose output every command must print
# (a deliberate change of the model's behaviour moves it to the commit
# that makes the change): 3868b5f, the group commit's children checked
# one step a cycle, which delays a group install's GT_RESULT by those
# steps.  Before it 92cba11, the NIC's pending acks as a queue, which
# sends acks in the order streams became pending; and 5b6bf5d,
# the last revision before the activity-driven simulator, against which
# the speed work up to 5130a84 printed the same for every run.
# bench-speed: ROUNDS=N alternating rounds (5), ENGINES="c rtl" (c),
# ONLY="mesh8-0.1 ..." (every workload of tests/speed/workloads.txt);
# RESULTS=1 writes docs/results/speed.csv (the C engine, every workload),
# then speed_rtl.csv (ENGINES "rtl lockstep" on SPEED_RTL_ONLY, ROUNDS
# SPEED_RTL_ROUNDS: a base router network takes minutes per run on the
# larger networks) and speed.md.
SPEED_BASE ?= 3868b5f
BASE       ?=

# (make test, about 40 s the first time: the base's build, then seconds)
TEST_TARGETS += test-speed-same
.PHONY: test-speed-same bench-speed
test-speed-same: $(BUILD)/bin/wormcast
	@tests/speed/same-output.sh "$$(tools/speed-base.sh $(SPEED_BASE))" $(BUILD)/bin/wormcast

BENCH_TARGETS += bench-speed
SPEED_RTL_ONLY   ?= mesh8-0.1 mesh16-0.02
SPEED_RTL_ROUNDS ?= 3
bench-speed: $(BUILD)/bin/wormcast
	@$(if $(RESULTS),OUT=docs/results/speed.csv ENGINES=c) tools/bench-speed.sh $(BUILD)/bin/wormcast $(BASE)
	$(if $(RESULTS),@OUT=docs/results/speed_rtl.csv ENGINES="rtl lockstep" ONLY="$(SPEED_RTL_ONLY)" ROUNDS=$(SPEED_RTL_ROUNDS) \
	  tools/bench-speed.sh $(BUILD)/bin/wormcast $(BASE))
	$(if $(RESULTS),@tools/results-page.sh docs/results/speed.md.in docs/results/speed.md)

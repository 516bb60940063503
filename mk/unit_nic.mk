# SPDX-License-Identifier: Apache-2.0
# Unit benches of the NIC: one Verilated C++ testbench per module of
# rtl/nic/ (verif/nicunit/tb_nic_<unit>.cpp, README there), each beside
# the matching C unit of cmodel/wc_nic_<unit>.c, every output port
# compared every cycle.  (mk/nicunit.mk is the whole-NIC lockstep bench.)
#   make test-nicunit      build and run each bench on its small parameter
#                          set, then a --mutate run of each that must end
#                          in a mismatch report
#   make soak-nicunit      the test sets under more seeds and longer runs,
#                          and the RTL's default and extreme parameter sets
#   make nicunit-<unit>-<set>   build one, e.g. nicunit-jobs-small builds
#                          $(BUILD)/unit/nicunit/jobs/small/Vwc_nic_jobs
# Every bench takes --seed N, --cycles N and --mutate CYCLE.
#
# make test's budget is tight: the test sets are small (few slots, jobs,
# nodes and a 16-byte payload keep the Verilated code small) and are
# compiled at -O0: building is most of their cost, and at -O0 building
# and running the nine took 21 CPU-seconds where -O1 took 27 (the jobs
# unit alone: -O0 10 s to build, -O1 15, Verilator's default -Os 23).
# The soak sets run for long and get -O1.  The Verilator runtime is the
# one mk/unit.mk builds.

NUB       := $(BUILD)/unit/nicunit
NU_CLIBS  := $(WC_CMODEL_A) $(WC_LIB_A)
NU_DEPS   := rtl/include/wc_defs.vh rtl/include/wc_nic_checks.vh verif/nicunit/nicunit.h verif/unit/unit.h \
             verif/nicunit/nicunit_jobs.h cmodel/wc_nic.h cmodel/wc_nic_int.h defs/wc_defs.h defs/wc_rng.h $(NU_CLIBS) $(UNIT_RT) mk/unit_nic.mk
NU_OPT_test := -O0
NU_OPT_soak := -O1

# $(call nu_bench,UNIT,SET,TOP,VERILOG,PARAMS,KIND[,BENCH])
#   builds $(NUB)/UNIT/SET/VTOP from verif/nicunit/tb_nic_UNIT.cpp; PARAMS
#   (NAME=VALUE) reach Verilator as -GNAME=VALUE and the bench as
#   -DUT_NAME=VALUE; BENCH only the bench (what the C side needs that the
#   module has no parameter for, e.g. the payload behind a KW); KIND is
#   test or soak (the sets make test runs).
define nu_bench
.PHONY: nicunit-$(1)-$(2)
nicunit-$(1)-$(2): $(NUB)/$(1)/$(2)/V$(3)
$(NUB)/$(1)/$(2)/V$(3): $(4) verif/nicunit/tb_nic_$(1).cpp $(NU_DEPS)
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "verilate nicunit $(1)/$(2)"
	@nice verilator --cc --exe --build -j 2 -Irtl/include -Irtl/nic -Irtl/router \
	  --top-module $(3) -Mdir $(NUB)/$(1)/$(2) $(addprefix -G,$(5)) \
	  -CFLAGS "-I$(abspath verif/nicunit) -I$(abspath verif/unit) -I$(abspath defs) -I$(abspath cmodel) -I$(abspath sw/lib) $(addprefix -DUT_,$(5) $(7))" \
	  -MAKEFLAGS "VM_GLOBAL_FAST= VM_GLOBAL_SLOW= OPT_FAST=$(NU_OPT_$(6)) OPT_SLOW=$(NU_OPT_$(6)) OPT_GLOBAL=$(NU_OPT_$(6))" \
	  -LDFLAGS "$(abspath $(UNIT_RT))" \
	  $(4) $(abspath verif/nicunit/tb_nic_$(1).cpp) $(abspath $(NU_CLIBS)) > $(NUB)/$(1)/$(2)/build.log 2>&1 \
	  || { tail -30 $(NUB)/$(1)/$(2)/build.log; exit 1; }
NU_$(6)_BINS += $(NUB)/$(1)/$(2)/V$(3)
endef

NU_test_BINS :=
NU_soak_BINS :=
NR := rtl/nic
NU_ARB := rtl/router/wc_rr_arb.v
$(eval $(call nu_bench,crc,w1w4,nicunit_crc_top,verif/nicunit/nicunit_crc_top.v $(NR)/wc_nic_crc.v,,test))
$(eval $(call nu_bench,slots,small,wc_nic_slots,$(NR)/wc_nic_slots.v,PAYLOAD=16 NSLOT=5 J=4 KW=11 MAXCHILD=3,test))
$(eval $(call nu_bench,rxa,small,wc_nic_rxa,$(NR)/wc_nic_rxa.v,W=40 PAYLOAD=16 NSLOT=3,test))
$(eval $(call nu_bench,tx,small,wc_nic_tx,$(NR)/wc_nic_tx.v $(NR)/wc_nic_crc.v,W=36 B=2 PAYLOAD=16 NSLOT=3 J=4 KW=11,test))
$(eval $(call nu_bench,sq,small,wc_nic_sq,$(NR)/wc_nic_sq.v,NNODES=6 NGROUPS=4 PAYLOAD=16 JSEND=2 J=4 KW=11,test))
$(eval $(call nu_bench,dma,small,wc_nic_dma,$(NR)/wc_nic_dma.v $(NR)/wc_nic_crc.v $(NU_ARB),PAYLOAD=16 NSLOT=4 NCTX=2 J=4,test))
$(eval $(call nu_bench,regs,small,wc_nic_regs,$(NR)/wc_nic_regs.v $(NU_ARB),NNODES=6 NGROUPS=5 NSLOT=5 KW=11,test))
$(eval $(call nu_bench,rxp,small,wc_nic_rxp,$(NR)/wc_nic_rxp.v,NNODES=6 NGROUPS=4 PAYLOAD=16 NSLOT=4 JSEND=1 JFWD=2 NCTX=2 KW=11,test))
NU_JOBS := $(NR)/wc_nic_jobs.v $(NR)/wc_nic_jtab.v $(NR)/wc_nic_jrel.v $(NR)/wc_nic_jsel.v $(NR)/wc_nic_jrto.v $(NU_ARB)
$(eval $(call nu_bench,jobs,small,wc_nic_jobs,$(NU_JOBS),NNODES=6 NGROUPS=4 PAYLOAD=16 NSLOT=3 JSEND=2 JFWD=2 KW=11 TXWIN=3 MAXCHILD=3,test))
$(eval $(call nu_bench,jrto,small,wc_nic_jrto,$(NR)/wc_nic_jrto.v,JSEND=2 JFWD=2 KW=11 MAXCHILD=3,test))
$(eval $(call nu_bench,jrel,small,wc_nic_jrel,$(NR)/wc_nic_jrel.v,NNODES=6 NGROUPS=4 JSEND=2 JFWD=2 KW=11 MAXCHILD=3,test,PAYLOAD=16))
$(eval $(call nu_bench,jsel,small,wc_nic_jsel,$(NR)/wc_nic_jsel.v $(NU_ARB),NNODES=6 NGROUPS=4 PAYLOAD=16 NSLOT=3 JSEND=2 JFWD=2 KW=11 TXWIN=3 MAXCHILD=3,test))
$(eval $(call nu_bench,jtab,small,wc_nic_jtab,$(NR)/wc_nic_jtab.v,NNODES=6 NGROUPS=4 JSEND=2 JFWD=2 KW=11 MAXCHILD=3,test,PAYLOAD=16))

# make soak: the RTL's defaults (those of the top, wc_nic_cfg_default),
# the smallest legal set (the "tiny" soak set of mk/nicunit.mk: one slot,
# one context, a 4-byte payload, two nodes, a window of one) and, where a
# unit has tables sized by them, the largest
NU_DEF_NIC := NNODES=16 NGROUPS=64 PAYLOAD=256 NSLOT=72
$(eval $(call nu_bench,slots,default,wc_nic_slots,$(NR)/wc_nic_slots.v,PAYLOAD=256 NSLOT=72 J=12 KW=7,soak))
$(eval $(call nu_bench,slots,tiny,wc_nic_slots,$(NR)/wc_nic_slots.v,PAYLOAD=4 NSLOT=1 J=2 KW=13 MAXCHILD=1,soak))
$(eval $(call nu_bench,slots,large,wc_nic_slots,$(NR)/wc_nic_slots.v,PAYLOAD=256 NSLOT=128 J=16 KW=7,soak))
$(eval $(call nu_bench,rxa,default,wc_nic_rxa,$(NR)/wc_nic_rxa.v,W=32 PAYLOAD=256 NSLOT=72,soak))
$(eval $(call nu_bench,rxa,tiny,wc_nic_rxa,$(NR)/wc_nic_rxa.v,W=62 PAYLOAD=4 NSLOT=1,soak))
$(eval $(call nu_bench,tx,default,wc_nic_tx,$(NR)/wc_nic_tx.v $(NR)/wc_nic_crc.v,W=32 B=8 PAYLOAD=256 NSLOT=72 J=12 KW=7,soak))
$(eval $(call nu_bench,tx,tiny,wc_nic_tx,$(NR)/wc_nic_tx.v $(NR)/wc_nic_crc.v,W=62 B=1 PAYLOAD=4 NSLOT=1 J=2 KW=13,soak))
$(eval $(call nu_bench,sq,default,wc_nic_sq,$(NR)/wc_nic_sq.v,NNODES=16 NGROUPS=64 PAYLOAD=256 JSEND=4 J=12 KW=7,soak))
$(eval $(call nu_bench,sq,tiny,wc_nic_sq,$(NR)/wc_nic_sq.v,NNODES=2 NGROUPS=2 PAYLOAD=4 JSEND=1 J=2 KW=13,soak))
$(eval $(call nu_bench,sq,large,wc_nic_sq,$(NR)/wc_nic_sq.v,NNODES=4096 NGROUPS=64 PAYLOAD=256 JSEND=8 J=16 KW=7,soak))
$(eval $(call nu_bench,dma,default,wc_nic_dma,$(NR)/wc_nic_dma.v $(NR)/wc_nic_crc.v $(NU_ARB),PAYLOAD=256 NSLOT=72 NCTX=16 J=12,soak))
$(eval $(call nu_bench,dma,tiny,wc_nic_dma,$(NR)/wc_nic_dma.v $(NR)/wc_nic_crc.v $(NU_ARB),PAYLOAD=4 NSLOT=1 NCTX=1 J=2,soak))
$(eval $(call nu_bench,regs,default,wc_nic_regs,$(NR)/wc_nic_regs.v $(NU_ARB),NNODES=16 NGROUPS=64 NSLOT=72 KW=7,soak))
$(eval $(call nu_bench,regs,tiny,wc_nic_regs,$(NR)/wc_nic_regs.v $(NU_ARB),NNODES=2 NGROUPS=2 NSLOT=1 KW=13,soak))
$(eval $(call nu_bench,regs,large,wc_nic_regs,$(NR)/wc_nic_regs.v $(NU_ARB),NNODES=4096 NGROUPS=64 NSLOT=128 KW=7,soak))
$(eval $(call nu_bench,rxp,default,wc_nic_rxp,$(NR)/wc_nic_rxp.v,$(NU_DEF_NIC) JSEND=4 JFWD=8 NCTX=16 KW=7,soak))
$(eval $(call nu_bench,rxp,tiny,wc_nic_rxp,$(NR)/wc_nic_rxp.v,NNODES=2 NGROUPS=2 PAYLOAD=4 NSLOT=1 JSEND=1 JFWD=1 NCTX=1 KW=13,soak))
$(eval $(call nu_bench,jobs,default,wc_nic_jobs,$(NU_JOBS),$(NU_DEF_NIC) JSEND=4 JFWD=8 KW=7 TXWIN=16,soak))
$(eval $(call nu_bench,jobs,tiny,wc_nic_jobs,$(NU_JOBS),NNODES=2 NGROUPS=2 PAYLOAD=4 NSLOT=1 JSEND=1 JFWD=1 KW=13 TXWIN=1,soak))
$(eval $(call nu_bench,jrto,default,wc_nic_jrto,$(NR)/wc_nic_jrto.v,JSEND=4 JFWD=8 KW=7,soak))
$(eval $(call nu_bench,jrel,default,wc_nic_jrel,$(NR)/wc_nic_jrel.v,NNODES=16 NGROUPS=64 JSEND=4 JFWD=8 KW=7,soak,PAYLOAD=256))
$(eval $(call nu_bench,jrel,tiny,wc_nic_jrel,$(NR)/wc_nic_jrel.v,NNODES=2 NGROUPS=2 JSEND=1 JFWD=1 KW=13 MAXCHILD=1,soak,PAYLOAD=4))
$(eval $(call nu_bench,jsel,default,wc_nic_jsel,$(NR)/wc_nic_jsel.v $(NU_ARB),$(NU_DEF_NIC) JSEND=4 JFWD=8 KW=7 TXWIN=16,soak))
$(eval $(call nu_bench,jsel,tiny,wc_nic_jsel,$(NR)/wc_nic_jsel.v $(NU_ARB),NNODES=2 NGROUPS=2 PAYLOAD=4 NSLOT=1 JSEND=1 JFWD=1 KW=13 TXWIN=1 MAXCHILD=1,soak))
$(eval $(call nu_bench,jtab,default,wc_nic_jtab,$(NR)/wc_nic_jtab.v,NNODES=16 NGROUPS=64 JSEND=4 JFWD=8 KW=7,soak,PAYLOAD=256))
$(eval $(call nu_bench,jtab,tiny,wc_nic_jtab,$(NR)/wc_nic_jtab.v,NNODES=2 NGROUPS=2 JSEND=1 JFWD=1 KW=13 MAXCHILD=1,soak,PAYLOAD=4))
$(eval $(call nu_bench,jrto,tiny,wc_nic_jrto,$(NR)/wc_nic_jrto.v,JSEND=1 JFWD=1 KW=13 MAXCHILD=1,soak))

TEST_TARGETS += test-nicunit
TEST_PREP    += $(NU_test_BINS)
SOAK_TARGETS += soak-nicunit
LINT_TARGETS += lint-nicunit
.PHONY: test-nicunit soak-nicunit lint-nicunit

# $(call nu_runs,BINS,SEEDS,CYCLES,LOG): every bench under every seed
# (CYCLES empty: each bench's own default), counted; a failed run shows
# its tail
nu_runs = for s in $(2); do for b in $(1); do \
	  if $$b --seed $$s $(if $(3),--cycles $(3)) > $(NUB)/$(4) 2>&1; then pass=$$((pass+1)); tail -1 $(NUB)/$(4); \
	  else fail=$$((fail+1)); echo "FAIL $$b --seed $$s"; tail -5 $(NUB)/$(4); fi; done; done

# Each bench once (seed 1, its default length), then with its C side
# flipped at cycle NU_MUTATE_AT: that run must end in a mismatch report.
# Then the C model's own mutations of the job unit's pieces (wc_nic.h,
# WC_NIC_MUTATIONS), each against the bench of its piece (UNIT:K): those
# runs must end in a mismatch report too.
NU_MUTATE_AT ?= 100
NU_MODEL_MUTS := jsel:4 jsel:6 jsel:15 jrel:10 jrel:11 jrel:12 jrel:13 regs:16 regs:17 regs:18 regs:19 regs:20 rxp:21 slots:22 regs:23
nu_bin = $(filter $(NUB)/$(1)/small/%,$(NU_test_BINS))
test-nicunit: $(NU_test_BINS)
	@pass=0; fail=0; \
	$(call nu_runs,$(NU_test_BINS),1,,test.log); \
	for b in $(NU_test_BINS); do \
	  $$b --mutate $(NU_MUTATE_AT) > $(NUB)/mutate.log 2>&1; rc=$$?; \
	  if [ $$rc -eq 1 ] && grep -q '^MISMATCH' $(NUB)/mutate.log; then pass=$$((pass+1)); \
	    echo "ok   $$b --mutate $(NU_MUTATE_AT): $$(grep '^MISMATCH' $(NUB)/mutate.log | cut -c1-120)"; \
	  else fail=$$((fail+1)); echo "FAIL $$b --mutate $(NU_MUTATE_AT) was not caught (exit $$rc)"; tail -3 $(NUB)/mutate.log; fi; done; \
	$(foreach u,$(NU_MODEL_MUTS),b=$(call nu_bin,$(word 1,$(subst :, ,$(u)))); k=$(word 2,$(subst :, ,$(u))); \
	  $$b --model-mutate $$k > $(NUB)/mutate.log 2>&1; rc=$$?; \
	  if [ $$rc -eq 1 ] && grep -q '^MISMATCH' $(NUB)/mutate.log; then pass=$$((pass+1)); \
	    echo "ok   $$b --model-mutate $$k: $$(grep '^MISMATCH' $(NUB)/mutate.log | cut -c1-120)"; \
	  else fail=$$((fail+1)); echo "FAIL $$b --model-mutate $$k was not caught (exit $$rc)"; tail -3 $(NUB)/mutate.log; fi; ) \
	echo "test-nicunit: $(words $(NU_test_BINS)) benches + $(words $(NU_test_BINS)) mutation checks + $(words $(NU_MODEL_MUTS)) model mutations"; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

# Soak: the test sets under other seeds and ten times longer, then the
# default, tiny and large sets under the same seeds.
NU_SOAK_SEEDS  ?= 11 12 13 14 15 16 17 18 19 20
NU_SOAK_CYCLES ?= 400000
soak-nicunit: $(NU_test_BINS) $(NU_soak_BINS)
	@pass=0; fail=0; \
	$(call nu_runs,$(NU_test_BINS),$(NU_SOAK_SEEDS),$(NU_SOAK_CYCLES),soak.log); \
	$(call nu_runs,$(NU_soak_BINS),$(NU_SOAK_SEEDS),,soak.log); \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

# The bench's own Verilog is linted like the RTL.
lint-nicunit:
	@verilator --lint-only -Wall -Irtl/nic --top-module nicunit_crc_top verif/nicunit/nicunit_crc_top.v $(NR)/wc_nic_crc.v
	@echo "lint-nicunit: verilator -Wall clean on verif/nicunit/*.v"

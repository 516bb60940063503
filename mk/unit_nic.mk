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
# compiled at -O1, which builds and runs these short runs faster than
# -Os or -O2 do; the Verilator runtime is the one mk/unit.mk builds.

NUB       := $(BUILD)/unit/nicunit
NU_CLIBS  := $(WC_CMODEL_A) $(WC_LIB_A)
NU_DEPS   := rtl/include/wc_defs.vh rtl/include/wc_nic_checks.vh verif/nicunit/nicunit.h verif/unit/unit.h \
             cmodel/wc_nic.h cmodel/wc_nic_int.h defs/wc_defs.h defs/wc_rng.h $(NU_CLIBS) $(UNIT_RT) mk/unit_nic.mk
NU_OPT    := -O1

# $(call nu_bench,UNIT,SET,TOP,VERILOG,PARAMS,KIND)
#   builds $(NUB)/UNIT/SET/VTOP from verif/nicunit/tb_nic_UNIT.cpp; PARAMS
#   (NAME=VALUE) reach Verilator as -GNAME=VALUE and the bench as
#   -DUT_NAME=VALUE; KIND is test or soak (the sets make test runs).
define nu_bench
.PHONY: nicunit-$(1)-$(2)
nicunit-$(1)-$(2): $(NUB)/$(1)/$(2)/V$(3)
$(NUB)/$(1)/$(2)/V$(3): $(4) verif/nicunit/tb_nic_$(1).cpp $(NU_DEPS)
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "verilate nicunit $(1)/$(2)"
	@nice verilator --cc --exe --build -j 2 -Wno-fatal -Irtl/include -Irtl/nic -Irtl/router \
	  --top-module $(3) -Mdir $(NUB)/$(1)/$(2) $(addprefix -G,$(5)) \
	  -CFLAGS "-I$(abspath verif/nicunit) -I$(abspath verif/unit) -I$(abspath defs) -I$(abspath cmodel) -I$(abspath sw/lib) $(addprefix -DUT_,$(5))" \
	  -MAKEFLAGS "VM_GLOBAL_FAST= VM_GLOBAL_SLOW= OPT_FAST=$(NU_OPT) OPT_SLOW=$(NU_OPT) OPT_GLOBAL=$(NU_OPT)" \
	  -LDFLAGS "$(abspath $(UNIT_RT))" \
	  $(4) $(abspath verif/nicunit/tb_nic_$(1).cpp) $(abspath $(NU_CLIBS)) > $(NUB)/$(1)/$(2)/build.log 2>&1 \
	  || { tail -30 $(NUB)/$(1)/$(2)/build.log; exit 1; }
NU_$(6)_BINS += $(NUB)/$(1)/$(2)/V$(3)
endef

NU_test_BINS :=
NU_soak_BINS :=
NR := rtl/nic
NU_ARB := rtl/router/wc_rr_arb.v
$(eval $(call nu_bench,crc,w1w3,nicunit_crc_top,verif/nicunit/nicunit_crc_top.v $(NR)/wc_nic_crc.v,,test))
$(eval $(call nu_bench,slots,small,wc_nic_slots,$(NR)/wc_nic_slots.v,PAYLOAD=16 NSLOT=5 J=4 KW=11,test))
$(eval $(call nu_bench,rxa,small,wc_nic_rxa,$(NR)/wc_nic_rxa.v,W=40 PAYLOAD=16 NSLOT=3,test))
$(eval $(call nu_bench,tx,small,wc_nic_tx,$(NR)/wc_nic_tx.v $(NR)/wc_nic_crc.v,W=36 B=2 PAYLOAD=16 NSLOT=3 J=4 KW=11,test))
$(eval $(call nu_bench,sq,small,wc_nic_sq,$(NR)/wc_nic_sq.v,NNODES=6 NGROUPS=4 PAYLOAD=16 JSEND=2 J=4 KW=11,test))
$(eval $(call nu_bench,dma,small,wc_nic_dma,$(NR)/wc_nic_dma.v $(NR)/wc_nic_crc.v $(NU_ARB),PAYLOAD=16 NSLOT=4 NCTX=2 J=4,test))
$(eval $(call nu_bench,regs,small,wc_nic_regs,$(NR)/wc_nic_regs.v,NNODES=6 NGROUPS=5 NSLOT=5 KW=11,test))
$(eval $(call nu_bench,rxp,small,wc_nic_rxp,$(NR)/wc_nic_rxp.v,NNODES=6 NGROUPS=4 PAYLOAD=16 NSLOT=4 JSEND=1 JFWD=2 NCTX=2 KW=11,test))
$(eval $(call nu_bench,jobs,small,wc_nic_jobs,$(NR)/wc_nic_jobs.v $(NU_ARB),NNODES=6 NGROUPS=4 PAYLOAD=16 NSLOT=3 JSEND=2 JFWD=2 KW=11 TXWIN=3,test))

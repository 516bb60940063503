# SPDX-License-Identifier: Apache-2.0
# Unit benches of the router submodules: one Verilated C++ testbench per
# module (verif/unit/tb_*.cpp), each compared against the C model
# (cmodel/wc_router.c, cmodel/wc_route.c).  Outputs under $(BUILD)/unit.
#   make test-unit        build (if sources changed) and run every bench
#   make unit-<dir>       build one bench, e.g. unit-wc_fifo-b3 builds
#                         $(BUILD)/unit/wc_fifo/b3/Vwc_fifo
# Each bench takes '--seed N' to replay other random stimulus.
#   make soak-unit       every router unit bench again under ten more seeds
#   make lint-unit       verilator -Wall on the benches' Verilog wrappers

UNIT_B     := $(BUILD)/unit
# The Verilator runtime is compiled once and linked into every bench
# instead of once per build directory: it is most of a bench's build time.
UNIT_RT    := $(UNIT_B)/rt/verilated.o $(UNIT_B)/rt/verilated_threads.o
UNIT_COBJS := $(BUILD)/obj/cmodel/wc_router.o $(BUILD)/obj/cmodel/wc_route.o
UNIT_DEPS  := $(wildcard rtl/router/*.v) rtl/include/wc_defs.vh verif/unit/unit.h \
              cmodel/wc_router.h cmodel/wc_route.h defs/wc_defs.h defs/wc_defs.def defs/wc_rng.h \
              $(UNIT_COBJS) $(UNIT_RT) mk/unit.mk

TEST_TARGETS += test-unit
.PHONY: test-unit

$(UNIT_B)/rt/%.o:
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)nice $(CXX) -O2 -faligned-new -I$(VL_INC) -I$(VL_INC)/vltstd $(VL_RTDEF) \
	  -c -o $@ $(VL_INC)/$*.cpp

# $(call unit_bench,DIR,TOP,VERILOG,TB,PARAMS)
#   DIR is <module> or <module>/<configuration> under $(UNIT_B); PARAMS are NAME=VALUE pairs given to Verilator as -GNAME=VALUE and to
#   the testbench as -DUT_NAME=VALUE, so both sides see one set of values.
define unit_bench
.PHONY: unit-$(subst /,-,$(1))
unit-$(subst /,-,$(1)): $(UNIT_B)/$(1)/V$(2)
$(UNIT_B)/$(1)/V$(2): $(3) verif/unit/$(4) $(UNIT_DEPS)
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "verilate $(1)"
	@nice verilator --cc --exe --build -O2 -j 2 -Irtl/include -Irtl/router \
	  --top-module $(2) -Mdir $(UNIT_B)/$(1) $(addprefix -G,$(5)) \
	  -CFLAGS "-O2 -I$(abspath verif/unit) -I$(abspath defs) -I$(abspath cmodel) -I$(abspath sw/lib) $(addprefix -DUT_,$(5))" \
	  -MAKEFLAGS "VM_GLOBAL_FAST= VM_GLOBAL_SLOW=" \
	  -LDFLAGS "$(abspath $(UNIT_COBJS) $(UNIT_RT))" \
	  $(3) $(abspath verif/unit/$(4)) > $(UNIT_B)/$(1)/build.log 2>&1 \
	  || { tail -30 $(UNIT_B)/$(1)/build.log; exit 1; }
UNIT_BINS += $(UNIT_B)/$(1)/V$(2)
endef

UNIT_BINS :=
UR := rtl/router
$(eval $(call unit_bench,wc_rr_arb,unit_arb_top,verif/unit/unit_arb_top.v $(UR)/wc_rr_arb.v,tb_rr_arb.cpp,))
# e-cube: n = 1..6 in each build, one build per node model x order
$(foreach a,0 1,$(foreach h,0 1,$(eval $(call unit_bench,wc_route_ecube/ap$(a)_hf$(h),unit_ecube_top,verif/unit/unit_ecube_top.v $(UR)/wc_route_ecube.v,tb_route_ecube.cpp,ALL_PORT=$(a) HIGH_FIRST=$(h)))))
$(eval $(call unit_bench,wc_route_xy,unit_xy_top,verif/unit/unit_xy_top.v $(UR)/wc_route_xy.v,tb_route_xy.cpp,))
# table: power-of-two NNODES with P = 2^PW, and a non-power-of-two NNODES
# with P < 2^PW so entries P..2^PW-1 fit the port field yet must not route
$(eval $(call unit_bench,wc_route_table/p8_n64,wc_route_table,$(UR)/wc_route_table.v,tb_route_table.cpp,P=8 PW=3 NNODES=64))
# with NL = 3P lookups (the module's default, 2P, is the first build)
$(eval $(call unit_bench,wc_route_table/p5_n48,wc_route_table,$(UR)/wc_route_table.v,tb_route_table.cpp,P=5 PW=3 NNODES=48 NL=15))
# a copy per pair of lookups (SHARE = 1, the router's), behind input
# buffers, both kinds of NNODES
$(eval $(call unit_bench,wc_route_table/p8_n64_share,wc_route_table,$(UR)/wc_route_table.v,tb_route_table.cpp,P=8 PW=3 NNODES=64 SHARE=1))
$(eval $(call unit_bench,wc_route_table/p5_n48_share,wc_route_table,$(UR)/wc_route_table.v,tb_route_table.cpp,P=5 PW=3 NNODES=48 SHARE=1))
# NI = 2P as in the router (front flits, then forward views), and NI = P
$(eval $(call unit_bench,wc_crossbar/p5,wc_crossbar,$(UR)/wc_crossbar.v,tb_crossbar.cpp,P=5 NI=10 FW=34 IW=4))
$(eval $(call unit_bench,wc_crossbar/p7,wc_crossbar,$(UR)/wc_crossbar.v,tb_crossbar.cpp,P=7 NI=14 FW=66 IW=4))
$(eval $(call unit_bench,wc_crossbar/p5_ni5,wc_crossbar,$(UR)/wc_crossbar.v,tb_crossbar.cpp,P=5 FW=34 IW=3))
# flip-flops (B = 1, 3) and block RAM (B = 8, and B = 4 made RAM: the
# shortest body behind the three registers)
$(foreach b,1 3 8,$(eval $(call unit_bench,wc_fifo/b$(b),wc_fifo,$(UR)/wc_fifo.v,tb_fifo.cpp,FW=34 B=$(b))))
$(eval $(call unit_bench,wc_fifo/b4_ram,wc_fifo,$(UR)/wc_fifo.v,tb_fifo.cpp,FW=34 B=4 RAM_MIN_B=4))
# the low bits read behind the front only (LA < FW): the function
# routers' 42-bit slot with its top 10 bits looked ahead at, and the
# shortest body
$(eval $(call unit_bench,wc_fifo/b8_la,wc_fifo,$(UR)/wc_fifo.v,tb_fifo.cpp,FW=42 B=8 LA=10))
$(eval $(call unit_bench,wc_fifo/b4_ram_la,wc_fifo,$(UR)/wc_fifo.v,tb_fifo.cpp,FW=34 B=4 RAM_MIN_B=4 LA=4))
$(foreach b,1 2 3,$(eval $(call unit_bench,wc_input_ctrl/b$(b),wc_input_ctrl,$(UR)/wc_input_ctrl.v $(UR)/wc_fifo.v,tb_input_ctrl.cpp,FW=34 B=$(b) PW=3)))
$(eval $(call unit_bench,wc_output_ctrl/s1,wc_output_ctrl,$(UR)/wc_output_ctrl.v $(UR)/wc_rr_arb.v,tb_output_ctrl.cpp,P=5 IW=3 B=3))
$(eval $(call unit_bench,wc_output_ctrl/s2,wc_output_ctrl,$(UR)/wc_output_ctrl.v $(UR)/wc_rr_arb.v,tb_output_ctrl.cpp,P=5 IW=3 B=3 STAGES=2))
# whole router, one per routing function, plus an all-port low-first cube
# (ejection port chosen by the arrival dimension) with one-flit buffers,
# and a table router with 48-bit flit data
UNIT_MESH := MESH_X=4 MESH_Y=4 NNODES=64
$(eval $(call unit_bench,wc_router/xy,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=5 B=4 ROUTING=$(WC_ROUTING_XY) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 $(UNIT_MESH)))
$(eval $(call unit_bench,wc_router/ecube,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=5 B=3 ROUTING=$(WC_ROUTING_ECUBE) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 $(UNIT_MESH)))
$(eval $(call unit_bench,wc_router/ecube_ap,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=6 B=1 ROUTING=$(WC_ROUTING_ECUBE) CUBE_N=3 ALL_PORT=1 HIGH_FIRST=0 $(UNIT_MESH)))
$(eval $(call unit_bench,wc_router/table,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=8 B=2 W=48 ROUTING=$(WC_ROUTING_TABLE) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 $(UNIT_MESH)))
# the two-stage hop (STAGES=2): XY with intermediate reception, e-cube all-port, the table router
$(eval $(call unit_bench,wc_router/xy_s2,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=5 B=4 ROUTING=$(WC_ROUTING_XY) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 $(UNIT_MESH) STAGES=2))
$(eval $(call unit_bench,wc_router/ecube_ap_s2,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=6 B=1 ROUTING=$(WC_ROUTING_ECUBE) CUBE_N=3 ALL_PORT=1 HIGH_FIRST=0 $(UNIT_MESH) STAGES=2))
$(eval $(call unit_bench,wc_router/table_s2,wc_router,$(UR)/wc_router.v,tb_router.cpp,P=8 B=2 W=48 ROUTING=$(WC_ROUTING_TABLE) CUBE_N=4 ALL_PORT=0 HIGH_FIRST=1 $(UNIT_MESH) STAGES=2))

TEST_PREP += $(UNIT_BINS)

# Each bench prints its checks and 'N passed, N failed'; the mutation runs
# show the whole-router lockstep has teeth (a C model with the arbiter
# pointer frozen, the other dimension order, the node given the forwarded
# head instead of the one it absorbs, the address count not decremented in
# the forward copy's head, an illegal turn routed instead of dropped (XY
# and e-cube: a network never sends one, this bench's random heads on
# every input do), and in the two-stage router a granted head
# crossing in its grant cycle: each must be caught by the lockstep group
# itself, not by any other failing group).
test-unit: $(UNIT_BINS)
	@pass=0; fail=0; \
	for b in $(UNIT_BINS); do echo "--- $$b"; \
	  if $$b; then pass=$$((pass+1)); else fail=$$((fail+1)); fi; done; \
	for mu in 1 2 3 4 7; do \
	  $(UNIT_B)/wc_router/xy/Vwc_router --mutate $$mu --no-lost-tail 1 > $(UNIT_B)/wc_router/xy/mutate$$mu.log 2>&1; \
	  if grep -q '^FAIL .*vs C model each cycle' $(UNIT_B)/wc_router/xy/mutate$$mu.log; then \
	    echo "ok   mutation check: router lockstep catches C model mutation $$mu"; pass=$$((pass+1)); \
	  else echo "FAIL mutation check: router lockstep passed with C model mutation $$mu"; fail=$$((fail+1)); fi; done; \
	$(UNIT_B)/wc_router/ecube/Vwc_router --mutate 7 --no-lost-tail 1 > $(UNIT_B)/wc_router/ecube/mutate7.log 2>&1; \
	if grep -q '^FAIL .*vs C model each cycle' $(UNIT_B)/wc_router/ecube/mutate7.log; then \
	  echo "ok   mutation check: e-cube router lockstep catches C model mutation 7"; pass=$$((pass+1)); \
	else echo "FAIL mutation check: e-cube router lockstep passed with C model mutation 7"; fail=$$((fail+1)); fi; \
	$(UNIT_B)/wc_router/xy_s2/Vwc_router --mutate 5 --no-lost-tail 1 > $(UNIT_B)/wc_router/xy_s2/mutate5.log 2>&1; \
	if grep -q '^FAIL .*vs C model each cycle' $(UNIT_B)/wc_router/xy_s2/mutate5.log; then \
	  echo "ok   mutation check: two-stage router lockstep catches C model mutation 5"; pass=$$((pass+1)); \
	else echo "FAIL mutation check: two-stage router lockstep passed with C model mutation 5"; fail=$$((fail+1)); fi; \
	echo "test-unit: $(words $(UNIT_BINS)) benches + 7 mutation checks"; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

# Soak: every bench again under other seeds (random stimulus only; the
# exhaustive sweeps repeat unchanged).
UNIT_SOAK_SEEDS ?= 11 12 13 14 15 16 17 18 19 20
SOAK_TARGETS += soak-unit
.PHONY: soak-unit
soak-unit: $(UNIT_BINS)
	@pass=0; fail=0; \
	for s in $(UNIT_SOAK_SEEDS); do for b in $(UNIT_BINS); do \
	  if $$b --seed $$s > $(UNIT_B)/soak.log 2>&1; then pass=$$((pass+1)); \
	  else fail=$$((fail+1)); echo "FAIL $$b --seed $$s"; tail -8 $(UNIT_B)/soak.log; fi; done; \
	  echo "soak-unit: seed $$s done"; done; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

# The bench wrappers are Verilog too: keep them as clean as the RTL.
LINT_TARGETS += lint-unit
.PHONY: lint-unit
lint-unit:
	@for t in unit_arb_top unit_ecube_top unit_xy_top; do \
	  verilator --lint-only -Wall -Irtl/include -Irtl/router --top-module $$t verif/unit/$$t.v || exit 1; done
	@echo "lint-unit: verilator -Wall clean on verif/unit/*.v"

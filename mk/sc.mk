# SPDX-License-Identifier: Apache-2.0
# SystemC modules (sc/, docs/systemc.md): wc::router and wc::nic in two
# implementations each (the C model in an SC_MODULE, the Verilated RTL of
# `verilator --sc`); wc_sc, networks of routers from topology names in
# lockstep with an all-C network; and the SystemC engine of the wormcast
# tool (BUILD/sc/libwcsc.so: `wormcast sim|msg --engine sc|lockstep-sc`).
#   make sc         all of it
#   make test-sc    mixed networks (RTL routers and NICs among C ones)
#                   against the C model on cube:4 and mesh:4x4, and the
#                   mutations that must fail
#   make bench-sc   all-C, mixed, all-RTL SystemC networks against the C and
#                   RTL engines of wormcast sim and msg (RESULTS=1: into docs/results/engines.md)
#   make test-sc-node  (soak) the node SoC as an RTL SystemC module: its
#                   `verilator --sc` build (minutes) and a firmware run with
#                   one RTL node in lockstep with the C system model
SC_B       := $(BUILD)/sc
SC_BIN     := $(SC_B)/wc_sc
SC_SO      := $(SC_B)/libwcsc.so
SC_CFLAGS  := $(shell pkg-config --cflags systemc 2>/dev/null)
SC_LIBS    := $(or $(shell pkg-config --libs systemc 2>/dev/null),-lsystemc)
# One Verilated router per parameter set, named by a topology: the -G flags
# are those the tool gives the routers of that topology
# (`wormcast netgen --params router`: wc_router_params, sw/host/wc_netgen.c),
# so a SystemC RTL router is the router of the network builds and of the
# RTL engine, parameter for parameter.
# SC_RTL_OPTS_<name>: the netgen options beside the topology (a routing
# function other than the topology's default).
SC_RTL_CFGS := cube4:cube:4 mesh4:mesh:4x4 mesh4wf:mesh:4x4
SC_RTL_OPTS_mesh4wf := --routing west-first
SC_RTL_NAMES := $(foreach c,$(SC_RTL_CFGS),$(firstword $(subst :, ,$(c))))
SC_RTL_LIBS  := $(foreach n,$(SC_RTL_NAMES),$(SC_B)/vl/$(n)/Vwc_router_$(n)__ALL.a)
# One Verilated NIC (minutes to build): the parameter set `wormcast msg`
# gives the NICs of SC_NIC_TOPO (`wormcast netgen --params nic`:
# wc_nic_params of wc_msg_nic_cfg, the RTL NIC engine's), verilated by
# verif/net/build-engine.sh with the NIC engine's Verilator flags.
# cube:4 and mesh:4x4 (16 nodes each) share it.
SC_NIC_TOPO  := cube:4
SC_NIC_LIB   := $(SC_B)/vl/nic/Vwc_nic_sc__ALL.a
SC_VL_RT     := $(SC_B)/vl/rt/verilated.o $(SC_B)/vl/rt/verilated_threads.o
# One Verilated node SoC (minutes to build, so only test-sc-node and the
# programs that run RTL nodes build it): the parameter set `wormcast run`
# gives the nodes of SC_NODE_TOPO (`wormcast netgen --params node`:
# wc_node_params, the RTL node engine's), verilated by
# verif/net/build-engine.sh with the node engine's Verilator flags.  Its
# NNODES (16) serves every system of 2..16 nodes.
SC_NODE_TOPO := cube:4
SC_NODE_LIB  := $(SC_B)/vl/node/Vwc_node_sc__ALL.a
SC_HDRS      := $(wildcard sc/*.h)
SC_SRCS      := $(wildcard sc/*.cpp)
.PHONY: test-sc test-sc-node bench-sc sc

# $(call sc_rtl_router,NAME,TOPOLOGY)
define sc_rtl_router
$(SC_B)/vl/$(1)/params: $(WC) $(wildcard rtl/router/*.v) rtl/include/wc_defs.vh
	@mkdir -p $$(@D)
	@$(WC) netgen --topo $(2) $(SC_RTL_OPTS_$(1)) --params router > $$@.tmp
	@grep -q -- '-GP=' $$@.tmp || { echo "sc: no wc_router parameters from wormcast netgen --topo $(2) --params router" >&2; exit 1; }
	@cmp -s $$@.tmp $$@ 2>/dev/null && rm -f $$@.tmp || mv $$@.tmp $$@
$(SC_B)/vl/$(1)/topo: mk/sc.mk
	@mkdir -p $$(@D)
	@echo '$(2)$(if $(SC_RTL_OPTS_$(1)), $(SC_RTL_OPTS_$(1)))' > $$@
$(SC_B)/vl/$(1)/Vwc_router_$(1)__ALL.a: $(SC_B)/vl/$(1)/params $(wildcard rtl/router/*.v) rtl/include/wc_defs.vh mk/sc.mk
	@echo "sc: verilating the $(2)$(if $(SC_RTL_OPTS_$(1)), $(SC_RTL_OPTS_$(1))) router (--sc): $$$$(cat $$<)"
	@verilator --sc -O3 --x-assign fast --x-initial fast --prefix Vwc_router_$(1) -Mdir $$(@D) \
	  -Irtl/include -Irtl/router --top-module wc_router --unroll-count 256 --unroll-stmts 100000 \
	  $$$$(cat $$<) rtl/router/*.v > $$(@D)/verilator.log 2>&1 || { cat $$(@D)/verilator.log; exit 1; }
	@# Verilator keeps the timestamps of sources it regenerates unchanged,
	@# so the objects of an older build (other flags: -fPIC came later)
	@# would look current: build them afresh
	@rm -f $$(@D)/*.o $$(@D)/*.a
	@$$(MAKE) -s -C $$(@D) -f Vwc_router_$(1).mk OPT_FAST=-O2 OPT_SLOW=-O1 \
	  CXXFLAGS="-fPIC $(SC_CFLAGS)" Vwc_router_$(1)__ALL.a > $$(@D)/make.log 2>&1 || { tail -30 $$(@D)/make.log; exit 1; }
endef
$(foreach c,$(SC_RTL_CFGS),$(eval $(call sc_rtl_router,$(firstword $(subst :, ,$(c))),$(patsubst $(firstword $(subst :, ,$(c))):%,%,$(c)))))

$(SC_B)/vl/nic/params: $(WC) sw/host/wc_msg.c sw/host/wc_netgen.c cmodel/wc_nic.c
	@mkdir -p $(@D)
	@$(WC) netgen --topo $(SC_NIC_TOPO) --params nic > $@.tmp
	@grep -q -- '-GNNODES=' $@.tmp || { echo "sc: no wc_nic parameters from wormcast netgen --topo $(SC_NIC_TOPO) --params nic" >&2; exit 1; }
	@cmp -s $@.tmp $@ 2>/dev/null && rm -f $@.tmp || mv $@.tmp $@
$(SC_NIC_LIB): $(SC_B)/vl/nic/params $(wildcard rtl/nic/*.v) rtl/router/wc_rr_arb.v rtl/include/wc_defs.vh verif/net/build-engine.sh verif/net/vflags.sh
	@echo "sc: verilating the NIC (--sc, minutes): $$(cat $<)"
	@nice verif/net/build-engine.sh nic-sc $(@D) $$(cat $<)

$(SC_B)/vl/node/params: $(WC) sw/host/wc_run.c sw/host/wc_netgen.c cmodel/wc_node_soc.c cmodel/wc_nic.c
	@mkdir -p $(@D)
	@$(WC) netgen --topo $(SC_NODE_TOPO) --params node > $@.tmp
	@grep -q -- '-GRAM_BYTES=' $@.tmp || { echo "sc: no wc_node_soc parameters from wormcast netgen --topo $(SC_NODE_TOPO) --params node" >&2; exit 1; }
	@cmp -s $@.tmp $@ 2>/dev/null && rm -f $@.tmp || mv $@.tmp $@
$(SC_NODE_LIB): $(SC_B)/vl/node/params $(wildcard rtl/soc/*.v rtl/core/*.v rtl/nic/*.v) rtl/router/wc_rr_arb.v \
                rtl/include/wc_defs.vh verif/net/build-engine.sh verif/net/vflags.sh
	@echo "sc: verilating the node SoC (--sc, minutes): $$(cat $<)"
	@nice verif/net/build-engine.sh node-sc $(@D) $$(cat $<)
# WC_SC_NODE_CFGS(X): X(class, root class, "-G flags", "what it is for")
$(SC_B)/wc_sc_node_cfgs.h: $(SC_B)/vl/node/params mk/sc.mk
	@mkdir -p $(@D)
	@{ echo "/* Generated by mk/sc.mk. Do not edit. */"; \
	  echo '#include "Vwc_node_sc.h"'; echo '#include "Vwc_node_sc___024root.h"'; \
	  printf '#define WC_SC_NODE_CFGS(X) \\\n    X(Vwc_node_sc, Vwc_node_sc___024root, "%s", "the nodes of wormcast run on %s")\n' \
	    "$$(cat $<)" "$(SC_NODE_TOPO)"; \
	  } > $@.tmp && mv $@.tmp $@

# The Verilator runtime once, for SystemC models
SC_VL_DEF := -DVM_COVERAGE=0 -DVM_SC=1 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0
$(SC_B)/vl/rt/%.o: mk/sc.mk defs/wc_vl_hook.h
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CXX) -O2 -fPIC -std=c++17 -faligned-new $(SC_CFLAGS) -I$(VL_INC) -I$(VL_INC)/vltstd $(SC_VL_DEF) \
	  -include defs/wc_vl_hook.h -c -o $@ $(VL_INC)/$*.cpp

# WC_SC_RTL_CFGS(X): one X(class, "-G flags", "topology") per Verilated
# router; WC_SC_NIC_CFGS(X) the same for the NIC (sc/wc_sc_rtl.cpp)
$(SC_B)/wc_sc_rtl_cfgs.h: $(foreach n,$(SC_RTL_NAMES),$(SC_B)/vl/$(n)/params $(SC_B)/vl/$(n)/topo) $(SC_B)/vl/nic/params mk/sc.mk
	@mkdir -p $(@D)
	@{ echo "/* Generated by mk/sc.mk. Do not edit. */"; \
	  for n in $(SC_RTL_NAMES); do echo "#include \"Vwc_router_$$n.h\""; done; \
	  echo '#include "Vwc_nic_sc.h"'; \
	  printf '#define WC_SC_RTL_CFGS(X)'; \
	  for n in $(SC_RTL_NAMES); do printf ' \\\n    X(Vwc_router_%s, "%s", "%s")' $$n "$$(cat $(SC_B)/vl/$$n/params)" "$$(cat $(SC_B)/vl/$$n/topo)"; done; \
	  echo; \
	  printf '#define WC_SC_NIC_CFGS(X) \\\n    X(Vwc_nic_sc, "%s", "the NICs of wormcast msg on %s")\n' "$$(cat $(SC_B)/vl/nic/params)" "$(SC_NIC_TOPO)"; \
	  } > $@.tmp && mv $@.tmp $@

SC_CXXFLAGS := -O2 -g -fPIC -std=c++17 -Wall -Wextra -faligned-new -Isc $(INC_host) $(SC_CFLAGS)
SC_VL_INC   := -I$(SC_B) $(foreach n,$(SC_RTL_NAMES) nic,-I$(SC_B)/vl/$(n)) -isystem $(VL_INC) -isystem $(VL_INC)/vltstd $(SC_VL_DEF)
SC_OBJS     := $(patsubst sc/%.cpp,$(SC_B)/obj/%.o,$(SC_SRCS))
$(SC_B)/obj/wc_sc_rtl.o: sc/wc_sc_rtl.cpp $(SC_B)/wc_sc_rtl_cfgs.h $(SC_RTL_LIBS) $(SC_NIC_LIB) $(SC_HDRS)
	@mkdir -p $(@D)
	@echo "  CXX     $<"
	$(Q)$(CXX) $(SC_CXXFLAGS) $(SC_VL_INC) -MMD -MP -c -o $@ $<
$(SC_B)/obj/wc_sc_node_rtl.o: sc/wc_sc_node_rtl.cpp $(SC_B)/wc_sc_node_cfgs.h $(SC_NODE_LIB) $(SC_HDRS)
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	$(Q)$(CXX) $(SC_CXXFLAGS) -I$(SC_B) -I$(SC_B)/vl/node -isystem $(VL_INC) -isystem $(VL_INC)/vltstd $(SC_VL_DEF) -MMD -MP -c -o $@ $<
$(SC_B)/obj/%.o: sc/%.cpp $(SC_HDRS) | $(BUILD)/core/include/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CXX     $<"
	$(Q)$(CXX) $(SC_CXXFLAGS) -MMD -MP -c -o $@ $<
-include $(wildcard $(SC_B)/obj/*.d)
# the layer's objects a program links (the engine and wc_sc's main aside,
# and the node factories: a program links one of the two)
SC_NODE_NONE := $(SC_B)/obj/wc_sc_node_none.o
SC_NODE_RTL  := $(SC_B)/obj/wc_sc_node_rtl.o
SC_LIB_OBJS := $(filter-out $(SC_B)/obj/wc_sc_main.o $(SC_B)/obj/wc_sc_engine.o $(SC_NODE_NONE) $(SC_NODE_RTL),$(SC_OBJS))
SC_VL_LIBS  := $(SC_RTL_LIBS) $(SC_NIC_LIB) $(SC_VL_RT)
$(SC_BIN): $(SC_LIB_OBJS) $(SC_B)/obj/wc_sc_main.o $(SC_VL_LIBS) $(WC_LIBS)
	@echo "  LD      $@"
	$(Q)$(CXX) -O2 -o $@ $(SC_B)/obj/wc_sc_main.o $(SC_LIB_OBJS) $(SC_VL_LIBS) $(WC_LIBS) $(SC_LIBS) -lm -pthread
# the minimal sc_main of docs/systemc.md, built and run by test-sc: the
# link line a program outside the project uses (SC_LINK)
SC_LINK      = $(SC_LIB_OBJS) $(SC_VL_LIBS) $(WC_LIBS) $(SC_LIBS) -lm -pthread
SC_MIN      := $(SC_B)/sc_min
$(SC_MIN): sc/example/sc_min.cpp $(SC_HDRS) $(SC_LIB_OBJS) $(SC_VL_LIBS) $(WC_LIBS)
	@echo "  LD      $@"
	$(Q)$(CXX) $(SC_CXXFLAGS) -o $@ $< $(SC_LINK)

# The engine's shared object links the C layers it uses compiled again
# with -fPIC (the tool's archives are not position-independent); their
# symbols stay inside it.
SC_PIC_SRCS := $(LIB_SRCS) $(wildcard cmodel/*.c cmodel/topo/*.c) sw/host/wc_netgen.c
SC_PIC_A    := $(SC_B)/pic/libwc_pic.a
$(SC_B)/pic/%.o: %.c | $(BUILD)/core/include/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $< (-fPIC)"
	$(Q)$(CC) $(CFLAGS) -fPIC $(WC_STD) $(INC_host) -MMD -MP -c -o $@ $<
$(SC_PIC_A): $(patsubst %.c,$(SC_B)/pic/%.o,$(SC_PIC_SRCS))
	@mkdir -p $(@D)
	@echo "  AR      $@"
	$(Q)rm -f $@ && ar rcs $@ $^
-include $(shell find $(SC_B)/pic -name '*.d' 2>/dev/null)
# (the engine runs routers and NICs: the node module stays out, and with it
# the core's model, which the position-independent archive does not hold)
SC_SO_OBJS  := $(filter-out $(SC_B)/obj/wc_sc_node.o,$(SC_LIB_OBJS))
$(SC_SO): $(SC_B)/obj/wc_sc_engine.o $(SC_SO_OBJS) $(SC_VL_LIBS) $(SC_PIC_A)
	@echo "  LD      $@"
	$(Q)$(CXX) -shared -o $@.tmp $(SC_B)/obj/wc_sc_engine.o $(SC_SO_OBJS) $(SC_VL_LIBS) $(SC_PIC_A) \
	  -Wl,--exclude-libs,ALL $(SC_LIBS) -lm -pthread && mv $@.tmp $@

# the TLM-2.0 virtual platform of docs/systemc.md: NICs behind TLM sockets,
# a CPU per node running the host driver, one multicast checked
# (tlm_mcast); and the smallest platform, shown in the page (tlm_min)
SC_TLM      := $(SC_B)/tlm_mcast $(SC_B)/tlm_min
$(SC_TLM): $(SC_B)/%: sc/example/%.cpp $(SC_HDRS) $(SC_LIB_OBJS) $(SC_VL_LIBS) $(WC_LIBS)
	@echo "  LD      $@"
	$(Q)$(CXX) $(SC_CXXFLAGS) -o $@ $< $(SC_LINK)

# a system of nodes (wc::node) running firmware in lockstep with the C
# system model: sc_node with C-model nodes only (seconds to build), and
# sc_node_rtl, which links the Verilated node (minutes: test-sc-node)
SC_NODE      := $(SC_B)/sc_node
SC_NODE_RTLP := $(SC_B)/sc_node_rtl
$(SC_NODE): sc/example/sc_node.cpp $(SC_HDRS) $(SC_LIB_OBJS) $(SC_NODE_NONE) $(SC_VL_LIBS) $(WC_LIBS)
	@echo "  LD      $@"
	$(Q)$(CXX) $(SC_CXXFLAGS) -o $@ $< $(SC_NODE_NONE) $(SC_LINK)
$(SC_NODE_RTLP): sc/example/sc_node.cpp $(SC_HDRS) $(SC_LIB_OBJS) $(SC_NODE_RTL) $(SC_NODE_LIB) $(SC_VL_LIBS) $(WC_LIBS)
	@echo "  LD      $@"
	$(Q)$(CXX) $(SC_CXXFLAGS) -o $@ $< $(SC_NODE_RTL) $(SC_NODE_LIB) $(SC_LINK)

sc: $(SC_BIN) $(SC_MIN) $(SC_SO) $(SC_TLM) $(SC_NODE)
TEST_PREP += $(SC_BIN) $(SC_MIN) $(SC_SO) $(SC_TLM) $(SC_NODE)

# the engine as a program other than the CLI opens it (a second simulation refused)
SC_ENGINE_TEST := $(BUILD)/tests/sc/test_sc_engine
$(SC_ENGINE_TEST): WC_TEST_LIBS := -ldl
$(SC_ENGINE_TEST): tests/sc/test_sc_engine.c $(WC_TEST_DEPS)
	$(wc_test_link)
TEST_PREP += $(SC_ENGINE_TEST)

test-sc: $(SC_BIN) $(SC_MIN) $(SC_SO) $(WC) $(SC_ENGINE_TEST) $(SC_TLM)
	@SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(SC_ENGINE_TEST)
	@tests/sc/sc.sh $(SC_BIN) $(SC_MIN) $(WC)
	@tests/sc/tlm.sh $(SC_TLM) $(WC)
	@tests/sc/node.sh $(SC_NODE) $(WC) $(NODE_B)/fw
TEST_TARGETS += test-sc
test-sc: $(SC_NODE) $(NODE_ELFS)

# the RTL node in SystemC: its build (minutes) and the lockstep runs
test-sc-node: $(SC_NODE_RTLP) $(WC) $(NODE_ELFS)
	@tests/sc/node.sh --rtl $(SC_NODE_RTLP) $(WC) $(NODE_B)/fw
SOAK_TARGETS += test-sc-node

# (RESULTS=1: its rows also replace those of docs/results/engines_net.csv,
# and docs/results/engines.md is written again)
bench-sc: $(SC_BIN) $(SC_SO) $(WC) $(call rtl_models,cube4 mesh4) $(RTL_STAMP)/nic-16
	@sc/bench.sh $(SC_BIN) $(WC)
	$(if $(RESULTS),@tools/csv-merge.sh bench$(comma)topology$(comma)engine$(comma)rtl_nodes docs/results/engines_net.csv $(BUILD)/bench/systemc.csv)
	$(if $(RESULTS),$(call results_page,engines))
BENCH_TARGETS += bench-sc

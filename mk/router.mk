# SPDX-License-Identifier: Apache-2.0
# Router RTL, C model, lockstep harness and network simulator.
#   make lint-router         verilator -Wall on every router module, configuration and generated network; iverilog
#   make test-lint-router    lint-router in make test
#   make test-synth-router   yosys synth_ice40 of the 8x8 mesh router, XY and west-first (LUT4 count)
#   make test-lockstep-*     the router lockstep suite (verif/net/lockstep.cfg), one network each: RTL against C model
#   make test-mutation       each C-model mutation of sim --engine lockstep must be caught
#   make test-malformed      malformed worms are dropped and counted, in the C model and the RTL alike
#   make test-sim-cli        wormcast sim and netgen: bad input is a clear error with exit status 2
#   make test-credit         the credit loop: a link sustains min(1, B/3) flits a cycle, C model and RTL
#   make test-sim-multicast  sim multicasts: unicasts, trees of unicasts and worms complete, clean in lockstep
#   make soak-router         every lockstep run of verif/net/lockstep.cfg for 2M cycles
#   make bench-router        router and simulator figures against BookSim2 -> build/bench/router.txt and CSVs
#   make results-router      the same with the window study -> docs/results/router_*.csv, router_load.png, router.md
#   make bench-irc           multidestination worms against a binomial tree of unicasts, on the RTL -> build/bench/irc.txt
#   make fpga-router         iCE40 synthesis (and fmax) of one router per routing function
#   make results-routing     west-first against XY on mesh:8x8, latency against load (docs/results/routing.md, minutes)
WC           := $(BUILD)/bin/wormcast
ROUTER_RTL   := $(sort $(wildcard rtl/router/*.v))
VLINT        := verilator --lint-only -Wall -Irtl/include -Irtl/router
# Router configurations linted on their own: every routing function and
# node model, odd buffer depths and node counts.
ROUTER_LINT_CFGS := \
  "-GROUTING=$(WC_ROUTING_XY)" \
  "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=1 -GP=2" \
  "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=4 -GP=5 -GHIGH_FIRST=0" \
  "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=6 -GP=12 -GALL_PORT=1" \
  "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=10 -GP=20 -GALL_PORT=1" \
  "-GROUTING=$(WC_ROUTING_TABLE) -GP=8 -GNNODES=64" \
  "-GROUTING=$(WC_ROUTING_TABLE) -GP=8 -GNNODES=48 -GB=3" \
  "-GROUTING=$(WC_ROUTING_XY) -GSTAGES=2" \
  "-GROUTING=$(WC_ROUTING_WEST_FIRST)" \
  "-GROUTING=$(WC_ROUTING_WEST_FIRST) -GSTAGES=2 -GMESH_X=8 -GMESH_Y=8 -GB=3" \
  "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=6 -GP=7 -GSTAGES=2" \
  "-GROUTING=$(WC_ROUTING_ECUBE) -GCUBE_N=6 -GP=12 -GALL_PORT=1 -GSTAGES=2" \
  "-GROUTING=$(WC_ROUTING_TABLE) -GP=8 -GNNODES=64 -GSTAGES=2"
# Generated network tops linted and compiled whole.
NET_LINT_TOPOS := cube:4 cube:3:all mesh:4x4 irregular:8,8,2,1
# (and the same netgen with these options)
NET_LINT_EXTRA := "mesh:4x4 --routing west-first" "mesh:4x4 --routing west-first --router-stages 2"

.PHONY: lint-router test-lint-router test-synth-router test-lockstep test-mutation test-malformed test-sim-cli \
        bench-router results-router soak-router demo-router

# ---- the Verilated router models the suites load ----------------------------
# (RTL_STAMP and rtl_models: mk/common.mk)
RTL_ROUTER_SRCS   := $(wildcard rtl/router/* rtl/include/* verif/net/*)
# $(call rtl_router_model,NAME,TOPOLOGY,MORE OPTIONS); commas in TOPOLOGY as
# $(comma) (mk/common.mk)
define rtl_router_model
$(RTL_STAMP)/router-$(1): $(RTL_ROUTER_SRCS) $(WC)
	@mkdir -p $$(@D)
	@$(WC) sim --topo $(2) --engine rtl --rate 0.05 --warmup 0 --cycles 500 --quiet $(3) > $$@.log 2>&1 \
	  || { cat $$@.log; echo "$(RTL_STAMP): building the RTL router model for $(2) failed"; exit 1; }
	@touch $$@
RTL_MODELS += $(RTL_STAMP)/router-$(1)
endef
$(eval $(call rtl_router_model,cube1-b2,cube:1,--buffer 2))
$(eval $(call rtl_router_model,cube4,cube:4))
$(eval $(call rtl_router_model,cube4all,cube:4:all))
$(eval $(call rtl_router_model,cube6,cube:6))
$(eval $(call rtl_router_model,cube6all,cube:6:all))
$(eval $(call rtl_router_model,mesh4,mesh:4x4))
$(eval $(call rtl_router_model,mesh8,mesh:8x8))
$(eval $(call rtl_router_model,irr8,irregular:8$(comma)8$(comma)2$(comma)1))
$(eval $(call rtl_router_model,irr16,irregular:16$(comma)8$(comma)4$(comma)1))
# the two-stage hop's (--router-stages 2: a model of its own)
$(eval $(call rtl_router_model,mesh4s2,mesh:4x4,--router-stages 2))
$(eval $(call rtl_router_model,cube4s2,cube:4,--router-stages 2))
$(eval $(call rtl_router_model,irr16s2,irregular:16$(comma)8$(comma)4$(comma)1,--router-stages 2))
# west-first (--routing west-first), in both hop modes
$(eval $(call rtl_router_model,mesh4wf,mesh:4x4,--routing west-first))
$(eval $(call rtl_router_model,mesh4wfs2,mesh:4x4,--routing west-first --router-stages 2))
$(eval $(call rtl_router_model,mesh8wf,mesh:8x8,--routing west-first))
$(eval $(call rtl_router_model,mesh8wfs2,mesh:8x8,--routing west-first --router-stages 2))
.PHONY: rtl-models
rtl-models: $(RTL_MODELS)
TEST_PREP += $(RTL_MODELS)

lint-router: $(WC)
	@set -e; for m in $(ROUTER_RTL); do \
	  $(VLINT) $$m --top-module $$(basename $$m .v); done; \
	ncfg=0; for c in $(ROUTER_LINT_CFGS); do \
	  $(VLINT) rtl/router/wc_router.v --top-module wc_router $$c; ncfg=$$((ncfg+1)); done; \
	mkdir -p $(BUILD)/lint; \
	for t in $(NET_LINT_TOPOS) $(NET_LINT_EXTRA); do \
	  $(WC) netgen --topo $$t > $(BUILD)/lint/wc_net_top.v; \
	  $(VLINT) $(BUILD)/lint/wc_net_top.v $(ROUTER_RTL) --top-module wc_net_top; \
	  iverilog -g2012 -Irtl/include -Irtl/router -o $(BUILD)/lint/net.vvp $(BUILD)/lint/wc_net_top.v $(ROUTER_RTL); \
	done; \
	iverilog -g2012 -Irtl/include -o $(BUILD)/lint/router.vvp $(ROUTER_RTL); \
	echo "lint-router: verilator -Wall clean on $(words $(ROUTER_RTL)) modules, $$ncfg router configurations, networks $(NET_LINT_TOPOS) $(NET_LINT_EXTRA); iverilog compiles them"
LINT_TARGETS += lint-router

test-lint-router: lint-router
TEST_TARGETS += test-lint-router

# Yosys must synthesize a router; the figures go to build/fpga.
test-synth-router:
	@mkdir -p $(BUILD)/fpga
	@yosys -q -l $(BUILD)/fpga/router_mesh_ice40.log -p "read_verilog -sv -Irtl/include $(ROUTER_RTL); \
	  chparam -set ROUTING $(WC_ROUTING_XY) -set MESH_X 8 -set MESH_Y 8 wc_router; synth_ice40 -top wc_router; \
	  tee -q -o $(BUILD)/fpga/router_mesh_ice40.stat stat"
	@grep -q "SB_LUT4" $(BUILD)/fpga/router_mesh_ice40.stat
	@echo "test-synth-router: yosys synth_ice40 of the mesh router: $$(awk '/SB_LUT4/ {print $$2}' $(BUILD)/fpga/router_mesh_ice40.stat) LUT4, $$(awk '/Number of cells/ {print $$4}' $(BUILD)/fpga/router_mesh_ice40.stat) cells"
	@yosys -q -l $(BUILD)/fpga/router_wf_ice40.log -p "read_verilog -sv -Irtl/include $(ROUTER_RTL); \
	  chparam -set ROUTING $(WC_ROUTING_WEST_FIRST) -set MESH_X 8 -set MESH_Y 8 wc_router; synth_ice40 -top wc_router; \
	  tee -q -o $(BUILD)/fpga/router_wf_ice40.stat stat"
	@grep -q "SB_LUT4" $(BUILD)/fpga/router_wf_ice40.stat
	@echo "test-synth-router: yosys synth_ice40 of the west-first mesh router: $$(awk '/SB_LUT4/ {print $$2}' $(BUILD)/fpga/router_wf_ice40.stat) LUT4, $$(awk '/Number of cells/ {print $$4}' $(BUILD)/fpga/router_wf_ice40.stat) cells"
TEST_TARGETS += test-synth-router

# The lockstep suite in independent pieces, one per run-name prefix of
# verif/net/lockstep.cfg (cube4-*, irc-*, ...), so that make -j and make
# test run them side by side; test-lockstep is all the pieces.  make test
# runs the low and saturating loads of each network; the medium loads
# run in soak-router (with every other run, at 2M cycles), which keeps
# make test within its 20 minutes on two cores.
LOCKSTEP_RUNS   := $(shell awk '!/^\#/ && NF {print $$1}' verif/net/lockstep.cfg)
# The two-stage hop's runs (s2-*) are one piece of a few runs of its own:
# the mesh with one-cycle allocation at saturation, and the table router
# with intermediate reception (the rest in soak-router).
LOCKSTEP_PIECES := $(filter-out test-lockstep-s2 test-lockstep-wf test-lockstep-wfs2,$(addprefix test-lockstep-,$(sort $(foreach n,$(LOCKSTEP_RUNS),$(firstword $(subst -, ,$(n)))))))
LOCKSTEP_MODELS := $(call rtl_models,cube4 cube6 cube6all mesh4 mesh8 irr16)
LOCKSTEP_S2     := s2-@(mesh4-sat|cube4-low|irc-irr16-low)
.PHONY: $(LOCKSTEP_PIECES) test-lockstep-s2 test-lockstep-wf test-lockstep-wfs2
$(LOCKSTEP_PIECES): test-lockstep-%: $(WC) $(LOCKSTEP_MODELS)
	@verif/net/lockstep-suite.sh $(WC) verif/net/lockstep.cfg 10000 190000 '$*-!(medium)'
test-lockstep-s2: $(WC) $(call rtl_models,mesh4s2 cube4s2 irr16s2)
	@verif/net/lockstep-suite.sh $(WC) verif/net/lockstep.cfg 10000 190000 '$(LOCKSTEP_S2)'
# West-first (wf-*, wfs2-*: its own models), one piece per hop mode.
test-lockstep-wf: $(WC) $(call rtl_models,mesh8wf)
	@verif/net/lockstep-suite.sh $(WC) verif/net/lockstep.cfg 10000 190000 'wf-*'
test-lockstep-wfs2: $(WC) $(call rtl_models,mesh8wfs2)
	@verif/net/lockstep-suite.sh $(WC) verif/net/lockstep.cfg 10000 190000 'wfs2-*'
test-lockstep: $(LOCKSTEP_PIECES) test-lockstep-s2 test-lockstep-wf test-lockstep-wfs2
TEST_TARGETS += $(LOCKSTEP_PIECES) test-lockstep-s2 test-lockstep-wf test-lockstep-wfs2
TEST_FIRST   += test-lockstep-cube6all test-lockstep-irc test-lockstep-cube6 test-lockstep-mesh8

test-mutation: $(WC) $(call rtl_models,mesh4 cube4 cube4all irr8 mesh4s2 mesh4wf mesh4wfs2)
	@tests/router/mutation.sh $(WC)
TEST_TARGETS += test-mutation

test-malformed: $(WC) $(call rtl_models,mesh4 cube4all irr8)
	@tests/router/malformed.sh $(WC)
TEST_TARGETS += test-malformed

test-sim-cli: $(WC)
	@tests/router/cli.sh $(WC)
TEST_TARGETS += test-sim-cli

soak-router: $(WC)
	@verif/net/lockstep-suite.sh $(WC) verif/net/lockstep.cfg 20000 2000000
SOAK_TARGETS += soak-router

bench-router: $(WC)
	@verif/net/bench-router.sh $(WC)
BENCH_TARGETS += bench-router

# docs/results/router.md: the same figures plus the window study (about 15
# minutes on 2 cores), their CSVs and the latency-against-load plot; the
# simulator speeds are measured again only with ROUTER_SPEED=1 (they
# depend on the machine, the rest is the same on any)
results-router: $(WC)
	@verif/net/bench-router.sh --window $(if $(ROUTER_SPEED),,--no-speed) $(WC) docs/results
	gnuplot -e "dir='docs/results'" verif/net/router.gp
	$(call results_page,router)
RESULTS_TARGETS += results-router

# iCE40 synthesis of one router per routing function (and place and route
# for fmax when nextpnr-ice40 is installed: tools/deps.sh fpga).
# (FPGA_ROUTER_<name>: the parameters, which make fpga-area maps too)
FPGA_ROUTER_mesh   := -set ROUTING $(WC_ROUTING_XY) -set MESH_X 8 -set MESH_Y 8
FPGA_ROUTER_cube6  := -set ROUTING $(WC_ROUTING_ECUBE) -set CUBE_N 6 -set P 7
FPGA_ROUTER_updown := -set ROUTING $(WC_ROUTING_TABLE) -set P 8 -set NNODES 64 -set CAW 8
FPGA_ROUTERS := $(foreach r,mesh cube6 updown,$(r):"$(FPGA_ROUTER_$(r))")
fpga-router:
	@mkdir -p $(BUILD)/fpga
	@for spec in $(FPGA_ROUTERS); do \
	  name=$${spec%%:*}; params=$${spec#*:}; \
	  yosys -q -l $(BUILD)/fpga/router_$$name.log -p "read_verilog -sv -Irtl/include $(ROUTER_RTL); \
	    chparam $$params wc_router; synth_ice40 -top wc_router -json $(BUILD)/fpga/router_$$name.json; \
	    tee -q -o $(BUILD)/fpga/router_$$name.stat stat" || exit 1; \
	  lut=$$(awk '/SB_LUT4/ {print $$2}' $(BUILD)/fpga/router_$$name.stat); \
	  ff=$$(awk '/SB_DFF/ {s+=$$2} END {print s}' $(BUILD)/fpga/router_$$name.stat); \
	  ram=$$(awk '/SB_RAM40_4K/ {print $$2}' $(BUILD)/fpga/router_$$name.stat); \
	  fmax=""; \
	  if command -v nextpnr-ice40 >/dev/null; then \
	    nextpnr-ice40 --hx8k --package ct256 --json $(BUILD)/fpga/router_$$name.json --pcf-allow-unconstrained \
	      --freq 50 -q -l $(BUILD)/fpga/router_$$name.pnr.log >/dev/null 2>&1 && \
	    fmax=$$(grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" $(BUILD)/fpga/router_$$name.pnr.log | tail -1 | awk '{print $$(NF-1)}'); \
	  fi; \
	  echo "router $$name: $$lut LUT4, $$ff flip-flops, $${ram:-0} RAM40_4K$${fmax:+, fmax $$fmax MHz (hx8k)}"; \
	done | tee $(BUILD)/fpga/routers.txt
FPGA_TARGETS += fpga-router

test-credit: $(WC) $(call rtl_models,cube1-b2)
	@tests/router/credit.sh $(WC)
TEST_TARGETS += test-credit

test-sim-multicast: $(WC) $(call rtl_models,mesh4 mesh8 cube4 cube4all irr8)
	@tests/router/multicast.sh $(WC)
TEST_TARGETS += test-sim-multicast

bench-irc: $(WC)
	@verif/net/bench-irc.sh $(WC)
BENCH_TARGETS += bench-irc

# West-first against XY on mesh:8x8 (docs/results/routing.md): 6 curves
# through wormcast sweep, about 3 minutes on 2 cores
results-routing: $(WC)
	@tests/router/routing_figs.sh $(WC) docs/results $(BUILD)/sweep
	$(call results_page,routing)
.PHONY: results-routing
RESULTS_TARGETS += results-routing

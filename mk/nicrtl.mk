# SPDX-License-Identifier: Apache-2.0
# NIC RTL (rtl/nic/, one module per unit of cmodel/wc_nic.c): lint and
# synthesis.  The lockstep bench against the C model is mk/nicunit.mk
# (it verilates through verif/nic/build-nic.sh).
#   make lint-nic         verilator -Wall on every module alone and on wc_nic
#                         for several parameter sets, plus Icarus
#   make test-nic-assert  the protocol assertions at the end of every module
#                         fire: verif/nic/tb_nic_assert.v drives each unit
#                         illegally through its ports (Icarus, seconds)
#   make test-synth-nic   yosys synth_ice40 of a small NIC (LUT4 count); part of
#                         make fpga, not make test: minutes of CPU (the
#                         board NIC's area: docs/results/fpga.md; where the
#                         LUT4s go: docs/nic-uarch.md, "Area")

# the round-robin arbiter is the router's (one copy for both)
NIC_RTL   := $(sort $(wildcard rtl/nic/*.v)) rtl/router/wc_rr_arb.v
NIC_VLINT := verilator --lint-only -Wall -Irtl/include -Irtl/nic -Irtl/router
# wc_nic configurations linted whole: the defaults; a small NIC with many
# nodes and one of each resource; wide flits with a short router buffer
# and a narrow window; odd sizes everywhere (a payload that is not a
# power of two, one-bit window, widest flits); the largest tables.
NIC_LINT_CFGS := \
  "" \
  "-GNNODES=64 -GNSLOT=8 -GJSEND=1 -GJFWD=1 -GNCTX=1 -GNGROUPS=8 -GPAYLOAD=64 -GMAXCHILD=1" \
  "-GW=48 -GB=2 -GTXWIN=4" \
  "-GNNODES=24 -GW=62 -GB=3 -GPAYLOAD=12 -GNSLOT=5 -GJSEND=3 -GJFWD=2 -GNCTX=3 -GNGROUPS=5 -GTXWIN=1 -GMAXCHILD=3" \
  "-GNNODES=4096 -GPAYLOAD=4 -GNSLOT=1 -GJSEND=8 -GJFWD=8 -GNCTX=16 -GNGROUPS=2 -GB=255 -GTXWIN=64"
# the same sets for Icarus (-P names the top)
NIC_IV_CFGS := \
  "" \
  "-Pwc_nic.NNODES=64 -Pwc_nic.NSLOT=8 -Pwc_nic.JSEND=1 -Pwc_nic.JFWD=1 -Pwc_nic.NCTX=1 -Pwc_nic.NGROUPS=8 -Pwc_nic.PAYLOAD=64 -Pwc_nic.MAXCHILD=1" \
  "-Pwc_nic.W=48 -Pwc_nic.B=2 -Pwc_nic.TXWIN=4" \
  "-Pwc_nic.NNODES=4 -Pwc_nic.NSLOT=8 -Pwc_nic.NGROUPS=8 -Pwc_nic.PAYLOAD=64 -Pwc_nic.MAXCHILD=3"
# The NIC of the FPGA designs (the 4-node system, fpga/top/wc_fpga_system.v)
# by the RTL's parameter names, as `wormcast run --nic` and `wormcast netgen
# --nic` take them: 8 slots and 8 groups, one send and one forwarding
# job, two contexts, packets of 64 bytes, and 3 children per group entry
# and multisend (a tree over 4 nodes has no more): the fewest of each
# that the system's programs pass with (docs/fpga.md); its area and the
# 4-node system's: docs/results/fpga.md.
NIC_BOARD := NSLOT=8,JSEND=1,JFWD=1,NCTX=2,NGROUPS=8,PAYLOAD=64,MAXCHILD=3
# iCE40 synthesis of that NIC, with the 16 node ids the node model gives
# a system of up to 16 nodes
NIC_SYNTH_NNODES := 16
NIC_SYNTH_PARAMS := -set NNODES $(NIC_SYNTH_NNODES) $(foreach kv,$(subst $(comma), ,$(NIC_BOARD)),-set $(subst =, ,$(kv)))

.PHONY: lint-nic test-lint-nic test-nic-assert test-synth-nic

lint-nic:
	@set -e; for m in $(NIC_RTL); do \
	  $(NIC_VLINT) $$m --top-module $$(basename $$m .v); done; \
	ncfg=0; for c in $(NIC_LINT_CFGS); do \
	  $(NIC_VLINT) rtl/nic/wc_nic.v --top-module wc_nic $$c; ncfg=$$((ncfg+1)); done; \
	mkdir -p $(BUILD)/lint; \
	for c in $(NIC_IV_CFGS); do \
	  iverilog -g2012 -Irtl/include -s wc_nic $$c -o $(BUILD)/lint/nic.vvp $(NIC_RTL); done; \
	echo "lint-nic: verilator -Wall clean on $(words $(NIC_RTL)) modules and $$ncfg wc_nic configurations; iverilog compiles it"
LINT_TARGETS += lint-nic

test-lint-nic: lint-nic
TEST_TARGETS += test-lint-nic

# each case: one unit (or the whole NIC) given one input its neighbours
# never produce must print exactly the expected $error; a legal run none
test-nic-assert:
	@tests/nic/nic_assert.sh $(BUILD)
TEST_TARGETS += test-nic-assert

# -defer: elaborate only the parameter set asked for (the defaults alone
# take Yosys minutes).
test-synth-nic:
	@mkdir -p $(BUILD)/fpga
	@yosys -q -l $(BUILD)/fpga/nic_ice40.log -p "read_verilog -sv -defer -Irtl/include $(NIC_RTL); \
	  chparam $(NIC_SYNTH_PARAMS) wc_nic; synth_ice40 -top wc_nic; \
	  tee -q -o $(BUILD)/fpga/nic_ice40.stat stat"
	@grep -q "SB_LUT4" $(BUILD)/fpga/nic_ice40.stat
	@echo "test-synth-nic: yosys synth_ice40 of a small NIC ($(NIC_SYNTH_PARAMS)): $$(awk '/SB_LUT4/ {print $$2}' $(BUILD)/fpga/nic_ice40.stat) LUT4, $$(awk '/SB_DFF/ {s+=$$2} END {print s}' $(BUILD)/fpga/nic_ice40.stat) flip-flops, $$(awk '/Number of cells/ {n=$$4} END {print n}' $(BUILD)/fpga/nic_ice40.stat) cells"
FPGA_TARGETS += test-synth-nic

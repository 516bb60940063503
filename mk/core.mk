# SPDX-License-Identifier: Apache-2.0
# RV32IM node core, its instruction-set model, the node SoC, firmware and
# the lockstep harness.  Outputs under $(BUILD)/core.
#   make test-core            ISA tests + C programs in lockstep, mutation
#                             check, 1M-instruction random lockstep run;
#                             the same in cycle lockstep with the cycle model
#   make lint-core            verilator -Wall, iverilog, yosys synth_ice40
#   make bench-core           CPI, simulation speed, LUT4 count -> build/bench/core.txt
#   make run-fw PROG=sw/fw/tests/sort.c ENGINE=rtl|iss|lockstep|cycle|cyclestep
#   make soak-core            random lockstep and cycle lockstep runs over many seeds

CORE_B      := $(BUILD)/core
CORE_INC    := $(CORE_B)/include
# Firmware compiles with the flags of the freestanding library (mk/common.mk);
# assembly sources get the architecture and include paths only (the C
# dialect options do not apply to them).
FW_CC       := $(RV32_CC)
FW_ARCH     := $(RV32_ARCH)
# libgcc of the rv32im multilib (the zicsr suffix does not change it)
FW_MULTI    := -march=rv32im -mabi=ilp32
FW_INC      := -Isw/fw -I$(CORE_INC) -Idefs -Isw/lib
FW_CFLAGS   := $(RV32_CFLAGS) -fno-builtin-printf $(FW_INC)
FW_ASFLAGS  := $(FW_ARCH) -g $(FW_INC)
FW_LDFLAGS  := $(FW_ARCH) -nostdlib -nostartfiles -Wl,--no-warn-rwx-segments -T $(CORE_B)/link.ld
FW_LIBGCC    = $(shell $(FW_CC) $(FW_MULTI) -print-libgcc-file-name)
# the core SoC only: the node SoC's modules (mk/node.mk) would pull in the NIC
CORE_RTL    := $(wildcard rtl/core/*.v) rtl/soc/wc_soc_node.v rtl/soc/wc_soc_ram.v rtl/soc/wc_soc_mmio.v \
               rtl/soc/wc_node_ram.v
CORE_CORE_RTL := $(wildcard rtl/core/*.v)
ISS_SRCS    := $(filter-out cmodel/rv32/rv32_run.c,$(wildcard cmodel/rv32/*.c))
ISS_OBJS    := $(patsubst cmodel/rv32/%.c,$(CORE_B)/iss/%.o,$(ISS_SRCS))
ISS_CFLAGS  := $(CFLAGS) -std=c99 -Wall -Wextra -pedantic -Icmodel/rv32 -I$(CORE_INC) $(INC_defs)
CORE_ISS    := $(CORE_B)/rv32iss
CORE_LOCK   := $(CORE_B)/vobj/lockstep
CORE_RVGEN  := $(CORE_B)/rvgen
FW_RT_OBJS  := $(CORE_B)/fw/crt0.o $(CORE_B)/fw/rt.o
ISA_TESTS   := $(patsubst sw/fw/tests/isa/%.S,%,$(wildcard sw/fw/tests/isa/*.S))
FW_CTESTS   := $(patsubst sw/fw/tests/%.c,%,$(wildcard sw/fw/tests/*.c))
ISA_ELFS    := $(patsubst %,$(CORE_B)/fw/isa/%.elf,$(ISA_TESTS))
FW_CELFS    := $(patsubst %,$(CORE_B)/fw/tests/%.elf,$(FW_CTESTS))
BENCH_ELF   := $(CORE_B)/fw/bench/bench.elf
# The 1M-instruction random lockstep run: 8 blocks x 1000 slots, 140 times.
RAND_SEED   ?= 1
RAND_ARGS   ?= 8 1000 140
RAND_MIN    ?= 1000000

TEST_TARGETS  += test-core
TEST_PREP     += core-tools core-fw
LINT_TARGETS  += lint-core
BENCH_TARGETS += bench-core
SOAK_TARGETS  += soak-core

.PHONY: test-core lint-core bench-core soak-core run-fw core-fw core-tools
.SECONDARY:

# ---- generated #define header (addresses above INT_MAX, assembler) ------
$(CORE_INC)/wc_defs_macros.h: $(BUILD)/bin/gendefs
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(BUILD)/bin/gendefs h > $@.tmp && mv $@.tmp $@

$(CORE_B)/link.ld: sw/fw/link.ld.S $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CPP     $@"
	$(Q)$(FW_CC) -E -P -x c -I$(CORE_INC) $< -o $@

# ---- instruction-set model ------------------------------------------------
$(CORE_B)/iss/%.o: cmodel/rv32/%.c $(wildcard cmodel/rv32/*.h) cmodel/rv32/rv32_insns.def $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(ISS_CFLAGS) -c -o $@ $<

$(CORE_B)/librv32.a: $(ISS_OBJS)
	@echo "  AR      $@"
	$(Q)rm -f $@ && ar rcs $@ $^

$(CORE_ISS): cmodel/rv32/rv32_run.c $(CORE_B)/librv32.a
	@echo "  LD      $@"
	$(Q)$(CC) $(ISS_CFLAGS) -o $@ $< $(CORE_B)/librv32.a

$(CORE_RVGEN): verif/core/rvgen.c
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) -std=c99 -Wall -Wextra -pedantic -o $@ $<

# ---- Verilated SoC + lockstep harness -------------------------------------
$(CORE_LOCK): $(CORE_RTL) rtl/include/wc_defs.vh verif/core/lockstep.cpp $(CORE_B)/librv32.a
	@mkdir -p $(@D)
	@echo "  VL      $@ (verilating the core SoC: about a minute)"
	$(Q)nice verilator --cc --exe --build -O3 -j 2 -Wno-fatal -Irtl/include \
	  --top-module wc_soc_node -Mdir $(CORE_B)/vobj -o lockstep \
	  -CFLAGS "-O2 -I$(abspath cmodel/rv32) -I$(abspath $(CORE_INC))" \
	  -LDFLAGS "$(abspath $(CORE_B)/librv32.a)" \
	  $(CORE_RTL) $(abspath verif/core/lockstep.cpp) > $(CORE_B)/verilator.log 2>&1 \
	  || { tail -30 $(CORE_B)/verilator.log; exit 1; }

# The same harness around a core with the 4-bits-per-cycle multiplier/divider.
$(CORE_B)/vobj_md4/lockstep: $(CORE_RTL) rtl/include/wc_defs.vh verif/core/lockstep.cpp $(CORE_B)/librv32.a
	@mkdir -p $(@D)
	@echo "  VL      $@ (verilating the core SoC: about a minute)"
	$(Q)nice verilator --cc --exe --build -O3 -j 2 -Wno-fatal -Irtl/include -GMD_STEPS=4 \
	  --top-module wc_soc_node -Mdir $(CORE_B)/vobj_md4 -o lockstep \
	  -CFLAGS "-O2 -I$(abspath cmodel/rv32) -I$(abspath $(CORE_INC))" \
	  -LDFLAGS "$(abspath $(CORE_B)/librv32.a)" \
	  $(CORE_RTL) $(abspath verif/core/lockstep.cpp) > $(CORE_B)/verilator_md4.log 2>&1 \
	  || { tail -30 $(CORE_B)/verilator_md4.log; exit 1; }

# Cycle lockstep (verif/core/cyclestep.cpp): the cycle-accurate C model of
# the core against each Verilated SoC above, linked with that build's
# objects rather than verilated a second time; WC_CYC_MD_STEPS tells the
# harness which MD_STEPS the SoC was built with.
CYC_CXXFLAGS  = -O2 -faligned-new -I$(VL_INC) -I$(VL_INC)/vltstd $(VL_RTDEF) $(INC_cmodel)
CORE_CYC     := $(CORE_B)/vobj/cyclestep
CORE_CYC4    := $(CORE_B)/vobj_md4/cyclestep
# The device block is the node's C model of it (cmodel/wc_soc_mmio.c).
$(CORE_CYC) $(CORE_CYC4): $(CORE_B)/%/cyclestep: verif/core/cyclestep.cpp $(CORE_B)/%/lockstep $(CORE_B)/librv32.a $(WC_CMODEL_A)
	@echo "  LD      $@"
	$(Q)nice $(CXX) $(CYC_CXXFLAGS) -DWC_CYC_MD_STEPS=$(if $(filter vobj_md4,$*),4,1) -I$(@D) -o $@ $< \
	  $(@D)/Vwc_soc_node__ALL.a $(@D)/verilated.o $(@D)/verilated_threads.o $(CORE_B)/librv32.a $(WC_CMODEL_A) -pthread

# Icarus build of the SoC with a small testbench (second simulator)
$(CORE_B)/tb_soc.vvp: $(CORE_RTL) verif/core/wc_tb_soc.v rtl/include/wc_defs.vh
	@mkdir -p $(@D)
	@echo "  IVL     $@"
	$(Q)iverilog -g2012 -Irtl/include -s wc_tb_soc -o $@ $(CORE_RTL) verif/core/wc_tb_soc.v

# ---- firmware --------------------------------------------------------------
$(CORE_B)/fw/%.o: sw/fw/%.S $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  AS      $<"
	$(Q)$(FW_CC) $(FW_ASFLAGS) -c -o $@ $<
$(CORE_B)/fw/%.o: sw/fw/%.c sw/fw/rt.h $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(FW_CC) $(FW_CFLAGS) -c -o $@ $<

$(CORE_B)/fw/isa/%.elf: sw/fw/tests/isa/%.S sw/fw/tests/isa/wc_test.h $(FW_RT_OBJS) $(CORE_B)/link.ld
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_ASFLAGS) $(FW_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(FW_LIBGCC)

# Programs that use the algorithm library link its rv32im archive.
FW_LIB_kbin := sw/lib/wc_kbin.c
$(CORE_B)/fw/tests/kbin.elf: sw/fw/tests/kbin.c sw/fw/rt.h $(FW_RT_OBJS) $(CORE_B)/link.ld $(RV32_LIB_A)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FW_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(RV32_LIB_A) $(FW_LIBGCC)

# Host twins of the C tests that use only the console (not the timer).
FW_TWINS := sort crc kbin
$(CORE_B)/host/%: sw/fw/tests/%.c sw/fw/host_rt.c sw/fw/rt.h $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) -std=c99 -Wall -Wextra -Isw/fw -I$(CORE_INC) -Idefs -Isw/lib -o $@ $< sw/fw/host_rt.c $(FW_LIB_$*)

$(CORE_B)/fw/tests/%.elf: sw/fw/tests/%.c sw/fw/rt.h $(FW_RT_OBJS) $(CORE_B)/link.ld
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FW_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(FW_LIBGCC)

$(BENCH_ELF): sw/fw/bench/bench.c sw/fw/rt.h $(FW_RT_OBJS) $(CORE_B)/link.ld
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FW_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(FW_LIBGCC)

$(CORE_B)/fw/rand/rand%.S: $(CORE_RVGEN)
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(CORE_RVGEN) $* $(RAND_ARGS) > $@

# a longer stream (about 11M instructions) for the speed figures
$(CORE_B)/fw/rand/speed.S: $(CORE_RVGEN)
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(CORE_RVGEN) 7 8 1000 1500 > $@

$(CORE_B)/fw/rand/%.elf: $(CORE_B)/fw/rand/%.S $(FW_RT_OBJS) $(CORE_B)/link.ld
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_ASFLAGS) $(FW_LDFLAGS) -o $@ $(FW_RT_OBJS) $< $(FW_LIBGCC)

core-fw: $(ISA_ELFS) $(FW_CELFS) $(patsubst %,$(CORE_B)/host/%,$(FW_TWINS)) $(BENCH_ELF) $(CORE_B)/fw/rand/rand$(RAND_SEED).elf
core-tools: $(CORE_ISS) $(CORE_LOCK) $(CORE_RVGEN) $(CORE_B)/tb_soc.vvp $(CORE_B)/vobj_md4/lockstep $(CORE_CYC) $(CORE_CYC4)

# ---- make test part ------------------------------------------------------------
CORE_TEST_ENV = CORE_B=$(CORE_B) ISA_TESTS="$(ISA_TESTS)" FW_CTESTS="$(FW_CTESTS)" FW_TWINS="$(FW_TWINS)" \
  RAND_ELF=$(CORE_B)/fw/rand/rand$(RAND_SEED).elf RAND_MIN=$(RAND_MIN)
test-core: core-tools core-fw
	@rc=0; $(CORE_TEST_ENV) tests/core/test_core.sh || rc=1; \
	  echo "# cycle-accurate model (tests/core/test_cyc.sh)"; \
	  $(CORE_TEST_ENV) tests/core/test_cyc.sh || rc=1; exit $$rc

lint-core: $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(CORE_B)
	$(Q)verilator --lint-only -Wall -Irtl/include --top-module wc_soc_node $(CORE_RTL)
	$(Q)verilator --lint-only -Wall -Irtl/include --top-module wc_rv32_core $(CORE_CORE_RTL)
	$(Q)verilator --lint-only -Wall -Irtl/include --top-module wc_rv32_core -GMD_STEPS=4 -GRVFI=0 $(CORE_CORE_RTL)
	$(Q)iverilog -g2012 -Irtl/include -s wc_soc_node -o $(CORE_B)/soc.vvp $(CORE_RTL)
	$(Q)nice yosys -q -p "read_verilog -Irtl/include -DSYNTHESIS $(CORE_CORE_RTL); chparam -set RVFI 0 wc_rv32_core; synth_ice40 -top wc_rv32_core; tee -o $(CORE_B)/synth_ice40.txt stat" > $(CORE_B)/yosys.log
	$(Q)nice yosys -q -p "read_verilog -Irtl/include -DSYNTHESIS $(CORE_CORE_RTL); chparam -set RVFI 0 -set MD_STEPS 2 wc_rv32_core; synth_ice40 -top wc_rv32_core; tee -o $(CORE_B)/synth_ice40_md2.txt stat" > $(CORE_B)/yosys_md2.log
	@echo "lint-core: verilator -Wall clean, iverilog elaborates, yosys synth_ice40 ran ($$(awk '/SB_LUT4/ {print $$2; exit}' $(CORE_B)/synth_ice40.txt) LUT4)"

# ---- bench -----------------------------------------------------------------------
bench-core: core-tools $(BENCH_ELF) $(CORE_B)/fw/rand/speed.elf lint-core
	@mkdir -p $(BUILD)/bench
	@CORE_B=$(CORE_B) BENCH_ELF=$(BENCH_ELF) tests/core/bench_core.sh | tee $(BUILD)/bench/core.txt

# ---- soak: many random seeds in lockstep and cycle lockstep (both MD_STEPS) -----
SOAK_SEEDS ?= 2 3 4 5 6 7 8 9 10 11
soak-core: core-tools
	@set -e; for s in $(SOAK_SEEDS); do \
	  $(MAKE) --no-print-directory $(CORE_B)/fw/rand/rand$$s.elf >/dev/null; \
	  $(CORE_LOCK) --quiet --min-instret $(RAND_MIN) $(CORE_B)/fw/rand/rand$$s.elf; \
	  for c in $(CORE_CYC) $(CORE_CYC4); do \
	    $$c --quiet --min-instret $(RAND_MIN) $(CORE_B)/fw/rand/rand$$s.elf; done; done

# ---- run one program ----------------------------------------------------------------
ENGINE ?= lockstep
run-fw: core-tools $(FW_RT_OBJS) $(CORE_B)/link.ld $(RV32_LIB_A)
	@test -n "$(PROG)" || { echo "run-fw: set PROG=<file.c|file.S>" >&2; exit 2; }
	@test -f "$(PROG)" || { echo "run-fw: $(PROG): no such file" >&2; exit 2; }
	@mkdir -p $(CORE_B)/fw/run
	$(FW_CC) $(if $(filter %.S,$(PROG)),$(FW_ASFLAGS),$(FW_CFLAGS)) $(FW_LDFLAGS) -o $(CORE_B)/fw/run/prog.elf \
	  $(FW_RT_OBJS) $(PROG) $(RV32_LIB_A) $(FW_LIBGCC)
	@case "$(ENGINE)" in \
	  iss) $(CORE_ISS) $(CORE_B)/fw/run/prog.elf ;; \
	  rtl|lockstep) $(CORE_LOCK) --engine $(ENGINE) $(CORE_B)/fw/run/prog.elf ;; \
	  cyclestep) $(CORE_CYC) $(CORE_B)/fw/run/prog.elf ;; \
	  cycle) $(CORE_CYC) --engine model $(CORE_B)/fw/run/prog.elf ;; \
	  *) echo "run-fw: ENGINE must be rtl, iss, lockstep, cycle or cyclestep (got '$(ENGINE)')" >&2; exit 2 ;; \
	esac

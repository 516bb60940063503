# SPDX-License-Identifier: Apache-2.0
# Rules the other mk/*.mk files share.  The Makefile includes this file
# before the others, so its variables are defined before any rule names
# them in a prerequisite list.
#   make test-rv32-lib   the freestanding library builds for rv32im and calls nothing outside itself

# a comma where make's function syntax takes one literally
comma := ,

# the routing function selectors (the router's ROUTING parameter) for -G
# and chparam settings, read from their one source: WC_ROUTING_XY,
# WC_ROUTING_ECUBE, WC_ROUTING_TABLE, WC_ROUTING_WEST_FIRST
WC_ROUTING_VARS := $(shell sed -n 's/^WC_CONST.ROUTING_\([A-Z_]*\), *\([0-9][0-9]*\),.*/WC_ROUTING_\1:=\2/p' defs/wc_defs.def)
$(foreach v,$(WC_ROUTING_VARS),$(eval $(v)))
$(if $(and $(WC_ROUTING_XY),$(WC_ROUTING_ECUBE),$(WC_ROUTING_TABLE),$(WC_ROUTING_WEST_FIRST)),,\
  $(error defs/wc_defs.def: the ROUTING constants were not found ($(WC_ROUTING_VARS))))

# ---- make test --------------------------------------------------------------
# Besides TEST_TARGETS, each mk file names in TEST_PREP the files (programs,
# benches, model stamps) its test targets build, and in TEST_FIRST its
# longest targets (a minute of CPU or more), longest first.  make test
# builds TEST_PREP with one make -j before any target runs, so targets
# running side by side never build the same file, and starts the
# TEST_FIRST targets first (tools/run-tests.sh; later runs order the
# targets by the times of the last run).
TEST_PREP  := $(BUILD)/bin/gendefs
TEST_FIRST :=

# ---- C test programs -------------------------------------------------------
# Every test program uses the one harness (tests/wc_test.h) and links the
# layer archives:  BIN: SOURCES $(WC_TEST_DEPS)  then  $(wc_test_link);
# target-specific WC_TEST_FLAGS and WC_TEST_LIBS add options and archives.
WC_TEST_DEPS := tests/wc_test.h $(WC_LIBS)
define wc_test_link
@mkdir -p $(@D)
@echo "  LD      $@"
$(Q)$(CC) $(CFLAGS) $(WC_CFLAGS) $(WC_TEST_FLAGS) -o $@ $(filter %.c,$^) $(WC_TEST_LIBS) $(WC_LIBS) -lm
endef

# ---- C++ programs linked with Verilated objects ---------------------------------
# Include path and defines that code compiled outside Verilator's own
# makefile needs to match the runtime it links (mk/unit.mk, mk/core.mk).
VL_INC      = $(shell verilator --getenv VERILATOR_ROOT)/include
VL_RTDEF   := -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0

# ---- the Verilated models the suites load -----------------------------------
# `wormcast --engine rtl|lockstep` verilates a model on first use.  Suites
# that run in parallel (make -j, make test) must not both find one missing
# and build it at once, so each model is built once by a short RTL run
# that leaves a stamp in RTL_STAMP (mk/router.mk, mk/nic.mk), and the
# suites name the stamps of the models they load as prerequisites.  A
# stamp is stale when the tool or the sources the loader checks
# (sw/host/wc_rtl.c) change.
RTL_STAMP  := $(BUILD)/rtl-models
RTL_MODELS :=
# $(call rtl_models,NAME...): the stamps of router models by name
rtl_models  = $(patsubst %,$(RTL_STAMP)/router-%,$(1))

# ---- the freestanding library for rv32im -------------------------------------
# One flag set for everything that runs on the node core: the library and
# the firmware (mk/core.mk) compile with it.  Freestanding, no libc at link
# time, C99 without extensions, every warning an error.
RV32_CC     ?= riscv64-unknown-elf-gcc
RV32_NM     ?= riscv64-unknown-elf-nm
RV32_AR     ?= riscv64-unknown-elf-ar
RV32_ARCH   := -march=rv32im_zicsr_zifencei -mabi=ilp32
RV32_CFLAGS := $(RV32_ARCH) -O2 -g -std=c99 -ffreestanding -nostdlib -Wall -Wextra -pedantic -Werror
# One section per function and object, so that a link with --gc-sections
# (the node firmware, mk/fw.mk: 64 KiB of RAM) keeps only what it calls.
RV32_SECTIONS := -ffunction-sections -fdata-sections
RV32_B      := $(BUILD)/rv32
RV32_LIB_A  := $(RV32_B)/libwc_lib.a
RV32_LIB_OBJS := $(patsubst sw/lib/%.c,$(RV32_B)/obj/sw/lib/%.o,$(LIB_SRCS))

$(RV32_B)/obj/sw/lib/%.o: sw/lib/%.c
	@mkdir -p $(@D)
	@echo "  CC      $< (rv32im)"
	$(Q)$(RV32_CC) $(RV32_CFLAGS) $(RV32_SECTIONS) $(INC_lib) -MMD -MP -c -o $@ $<

$(RV32_LIB_A): $(RV32_LIB_OBJS)
	@mkdir -p $(@D)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(RV32_AR) rcs $@ $^

-include $(RV32_LIB_OBJS:.o=.d)

# The firmware path may call nothing outside the library but what a
# freestanding C compiler itself emits (mem* and libgcc's __* helpers):
# no stdio, no malloc.
.PHONY: rv32-lib test-rv32-lib
rv32-lib: $(RV32_LIB_A)
test-rv32-lib: $(RV32_LIB_A)
	@pass=0; fail=0; \
	n=$$($(RV32_AR) t $(RV32_LIB_A) | wc -l); \
	if [ $$n -eq $(words $(LIB_SRCS)) ]; then pass=$$((pass+1)); \
	  echo "ok   all $$n sources of sw/lib build for rv32im with $(filter-out -g -O2,$(RV32_CFLAGS))"; \
	else fail=$$((fail+1)); echo "FAIL $(RV32_LIB_A) holds $$n objects for $(words $(LIB_SRCS)) sources"; fi; \
	ext=$$($(RV32_NM) $(RV32_LIB_OBJS) | awk 'NF == 3 && $$2 != "U" {def[$$3] = 1} NF == 2 && $$1 == "U" {use[$$2] = 1} \
	  END {for (s in use) if (!(s in def) && s !~ /^(memcpy|memset|memmove|memcmp|__.*)$$/) printf " %s", s}'); \
	if [ -z "$$ext" ]; then pass=$$((pass+1)); echo "ok   the library calls nothing outside itself but mem* and libgcc helpers"; \
	else fail=$$((fail+1)); echo "FAIL the freestanding library calls outside itself:$$ext"; fi; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]
TEST_TARGETS += test-rv32-lib
TEST_PREP    += $(RV32_LIB_A)

# SPDX-License-Identifier: Apache-2.0
# Robustness: input from outside, RTL failures, saturated runs.  What
# each tier runs:
#   make test-inputs  (make test, a second) the loaders' regression cases
#                     (tests/fuzz/test_inputs.c: each failed before its fix)
#   make test-rtl-assert  (make test, seconds once the models are built) an
#                     RTL assertion on every engine kind, caught on purpose
#                     with --mutate-rtl (tests/system/rtl_assert.sh)
INPUTS_TEST := $(BUILD)/tests/fuzz/test_inputs

$(INPUTS_TEST): tests/fuzz/test_inputs.c $(WC_TEST_DEPS)
	$(wc_test_link)

.PHONY: test-inputs test-rtl-assert
test-inputs: $(INPUTS_TEST)
	@mkdir -p $(BUILD)/tests/fuzz
	@$(INPUTS_TEST) $(BUILD)/tests/fuzz
TEST_TARGETS += test-inputs
TEST_PREP    += $(INPUTS_TEST)

# (this file is read before mk/sc.mk and mk/system.mk: their outputs by path)
RA_SC    := $(BUILD)/sc/libwcsc.so
RA_HELLO := $(BUILD)/system/fw/hello.elf
test-rtl-assert: $(BUILD)/bin/wormcast $(RA_HELLO) $(RA_SC) $(NRTL_ENGINE) $(RTL_STAMP)/nic-16 \
                 $(RTL_STAMP)/nic-16-fst $(call rtl_models,cube1-b2 cube4)
	@WC=$(BUILD)/bin/wormcast SYS_FW=$(BUILD)/system/fw SC=1 tests/system/rtl_assert.sh
TEST_TARGETS += test-rtl-assert

# ---- fuzzing ------------------------------------------------------------------
#   make fuzz         (not in make test or soak: FUZZ_TIME seconds a target,
#                     90 by default: 10.5 minutes for the 7) every parser and
#                     loader of outside input under libFuzzer with ASan and
#                     UBSan (Debian's clang, libfuzzer-14-dev): topology names
#                     and files, JSON trees, the sweep spec, the ELF loader,
#                     the CLI's option tables and value parsers, the firmware's
#                     --arg block, the NIC's packet decoder fed from the link.
#                     Seeds and the corpus: tests/fuzz/corpus/TARGET (new
#                     inputs that add coverage are merged back in); a crash
#                     stops the target, its input in build/fuzz/crash/TARGET:
#                     copy it to tests/fuzz/crashes/TARGET with the fix.
#                     build/fuzz/report.txt: executions and coverage per target.
#   make test-fuzz-regress  (make test, seconds) every corpus and crash input
#                     through the targets built without libFuzzer
#                     (tests/fuzz/fuzz_main.c)
FUZZ_TARGETS := topo tree sweep elf cli fwargs nic
FUZZ_TIME    ?= 90
FUZZ_CC      ?= clang
FUZZ_B       := $(BUILD)/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS  := -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(WC_STD) $(INC_cli) -Isw/fw -Itests/fuzz
# every layer's sources once more, instrumented (the CLI without its main)
# (the firmware's sources only for fwargs: its wc_arg_long is not the CLI's)
FUZZ_SRCS    := $(LIB_SRCS) $(CMODEL_SRCS) $(HOST_SRCS) $(filter-out sw/cli/main.c,$(CLI_SRCS)) tests/fuzz/fuzz_util.c
FUZZ_FW_SRCS := sw/fw/node.c sw/fw/mc_tree.c sw/fw/mc_tree_hcube.c
FUZZ_OBJS    := $(patsubst %.c,$(FUZZ_B)/obj/%.o,$(FUZZ_SRCS))
FUZZ_FW_OBJS := $(patsubst %.c,$(FUZZ_B)/obj/%.o,$(FUZZ_FW_SRCS))
FUZZ_A       := $(FUZZ_B)/libwc_fuzz.a
FUZZ_BINS    := $(patsubst %,$(FUZZ_B)/fuzz_%,$(FUZZ_TARGETS))

$(FUZZ_B)/obj/%.o: %.c | $(BUILD)/core/include/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CC      $< (fuzz)"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<
$(FUZZ_A): $(FUZZ_OBJS) | fuzz-deps
	@echo "  AR      $@"
	$(Q)rm -f $@ && ar rcs $@ $^
$(FUZZ_B)/fuzz_fwargs: FUZZ_EXTRA = $(FUZZ_FW_OBJS)
$(FUZZ_B)/fuzz_fwargs: $(FUZZ_FW_OBJS)
$(FUZZ_B)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_A)
	@echo "  LD      $@"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_EXTRA) $(FUZZ_A) -lm -ldl
-include $(shell find $(FUZZ_B)/obj -name '*.d' 2>/dev/null)

.PHONY: fuzz fuzz-build fuzz-deps test-fuzz-regress
fuzz-deps:
	@tools/deps.sh base fuzz
fuzz-build: $(FUZZ_BINS)
fuzz: $(FUZZ_BINS)
	@tools/fuzz.sh $(FUZZ_B) $(FUZZ_TIME) $(FUZZ_TARGETS)

# the same targets, plain: gcc, no sanitizer (test-asan builds them with)
FUZZR_B    := $(BUILD)/fuzz-regress
FUZZR_BINS := $(patsubst %,$(FUZZR_B)/fuzz_%,$(FUZZ_TARGETS))
FUZZR_SRCS := tests/fuzz/fuzz_util.c tests/fuzz/fuzz_main.c
FUZZR_CLI  := $(call obj_of,$(filter-out sw/cli/main.c,$(CLI_SRCS)))
$(FUZZR_B)/fuzz_fwargs: FUZZR_EXTRA = $(FUZZ_FW_SRCS)
$(FUZZR_B)/fuzz_%: FUZZR_EXTRA = $(FUZZR_CLI)
$(FUZZR_B)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZR_SRCS) $(FUZZ_FW_SRCS) $(FUZZR_CLI) $(WC_LIBS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(WC_STD) $(INC_cli) -Isw/fw -Itests/fuzz -o $@ $< $(FUZZR_SRCS) $(FUZZR_EXTRA) $(WC_LIBS) -lm -ldl
test-fuzz-regress: $(FUZZR_BINS)
	@mkdir -p $(FUZZR_B)/tmp; for t in $(FUZZ_TARGETS); do \
	  d=; for x in tests/fuzz/corpus/$$t tests/fuzz/crashes/$$t; do [ -d $$x ] && d="$$d $$x"; done; \
	  TMPDIR=$(FUZZR_B)/tmp $(FUZZR_B)/fuzz_$$t $$d > $(FUZZR_B)/$$t.log 2>&1 || \
	    { tail -20 $(FUZZR_B)/$$t.log; echo "FAIL test-fuzz-regress: fuzz_$$t on$$d"; exit 1; }; \
	  echo "ok   $$(tail -1 $(FUZZR_B)/$$t.log)"; \
	done; echo "test-fuzz-regress: every corpus and crash input of $(words $(FUZZ_TARGETS)) targets ran"
TEST_TARGETS += test-fuzz-regress
TEST_PREP    += $(FUZZR_BINS)

# ---- the sanitized tier ---------------------------------------------------------
#   make test-asan    (make soak: about 5 minutes on 2 cores, too much for the
#                     make test budget) the C model, host simulator and CLI
#                     built with ASan and UBSan into $(BUILD)/asan, then the
#                     suites that run the C engines: the CLI's (options, the
#                     README, sweep), sim's, run's, the loaders' cases and
#                     the fuzz regression inputs
ASAN_SUITES := test-cli test-sim-cli test-run test-inputs test-fuzz-regress
.PHONY: test-asan
test-asan: fuzz-deps
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan CC=$(FUZZ_CC) \
	  CFLAGS="-O1 -g $(FUZZ_SAN)" ASAN_OPTIONS=detect_leaks=1 $(ASAN_SUITES)
SOAK_TARGETS += test-asan

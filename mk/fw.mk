# SPDX-License-Identifier: Apache-2.0
# Firmware of the Wormcast node: node services, the multicast runtime on
# the NIC driver and the apps of sw/fw/apps, linked for the node's RAM
# (NODE_RAM_SIZE, stack at the top; docs/system.md, "Firmware runtime").
# Outputs under $(BUILD)/node.
#   make node-fw     build/node/fw/*.elf and build/node/fw/sizes.txt
#   make test-fw     host tests: tree placement against the library,
#                    the argument parser, the ELFs fit the node, and the
#                    apps on whole systems with the C system model
#                    (tests/fw/system.sh)
#   build/bin/wormcast run --topo cube:3 --fw build/node/fw/APP.elf [--arg K=V]...
#                    one app on every node (docs/system.md)

NODE_B       := $(BUILD)/node
NODE_APPS    := $(patsubst sw/fw/apps/%.c,%,$(filter-out sw/fw/apps/app.c,$(wildcard sw/fw/apps/*.c)))
NODE_ELFS    := $(patsubst %,$(NODE_B)/fw/%.elf,$(NODE_APPS))
NODE_RT_SRCS := sw/fw/rt.c sw/fw/node.c sw/fw/mc.c sw/fw/mc_tree.c sw/fw/apps/app.c
NODE_OBJS    := $(NODE_B)/obj/crt0.o $(patsubst sw/fw/%.c,$(NODE_B)/obj/%.o,$(NODE_RT_SRCS))
NODE_HDRS    := $(wildcard sw/fw/*.h sw/fw/apps/*.h) $(CORE_INC)/wc_defs_macros.h
NODE_CFLAGS  := $(FW_CFLAGS) $(RV32_SECTIONS) -DWC_NODE -Isw/fw/apps
NODE_LDFLAGS := $(FW_ARCH) -nostdlib -nostartfiles -Wl,--no-warn-rwx-segments -Wl,--gc-sections -T $(NODE_B)/link.ld
FWT_B        := $(BUILD)/tests/fw
FWT_TESTS    := $(patsubst tests/fw/%.c,$(FWT_B)/%,$(wildcard tests/fw/test_*.c))

TEST_TARGETS += test-fw
TEST_FIRST   += test-fw
TEST_PREP    += $(NODE_ELFS) $(FWT_TESTS) $(BUILD)/bin/wormcast

.PHONY: node-fw test-fw

$(NODE_B)/link.ld: sw/fw/link.ld.S $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  CPP     $@"
	$(Q)$(FW_CC) -E -P -x c -DWC_NODE -I$(CORE_INC) $< -o $@

$(NODE_B)/obj/crt0.o: sw/fw/crt0.S $(CORE_INC)/wc_defs_macros.h
	@mkdir -p $(@D)
	@echo "  AS      $<"
	$(Q)$(FW_CC) $(FW_ASFLAGS) -DWC_NODE -c -o $@ $<

$(NODE_B)/obj/%.o: sw/fw/%.c $(NODE_HDRS)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(FW_CC) $(NODE_CFLAGS) -c -o $@ $<

$(NODE_B)/fw/%.elf: $(NODE_B)/obj/apps/%.o $(NODE_OBJS) $(NODE_B)/link.ld $(RV32_LIB_A)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(NODE_LDFLAGS) -o $@ $(NODE_OBJS) $(NODE_EXTRA) $< $(RV32_LIB_A) $(FW_LIBGCC)

# The bench's two 16 KiB receive buffers leave its code a few dozen bytes
# beside the stack's reserve at -O2: its own object (table and CSV output,
# the runs' bookkeeping; nothing between the timestamps it compares, which
# are taken in the runtime) is optimized for size: 200 bytes more margin.
$(NODE_B)/obj/apps/mcast_bench.o: NODE_CFLAGS := $(NODE_CFLAGS) -Os

# Hypercube trees (sw/fw/mc_tree_hcube.c) cost some 3 KiB: the apps that
# have the room link them; the bench needs that room for two 16 KiB buffers.
NODE_HCUBE_ELFS := $(NODE_B)/fw/mcast_stress.elf $(NODE_B)/fw/collectives.elf
$(NODE_HCUBE_ELFS): NODE_EXTRA := $(NODE_B)/obj/mc_tree_hcube.o
$(NODE_HCUBE_ELFS): $(NODE_B)/obj/mc_tree_hcube.o

# The link refuses an image that leaves less than NODE_STACK bytes; the
# table says what each ELF takes and what is left.
$(NODE_B)/fw/sizes.txt: $(NODE_ELFS) tests/fw/sizes.sh
	@RV32_NM=$(RV32_NM) tests/fw/sizes.sh $(NODE_ELFS) > $@.tmp && mv $@.tmp $@

node-fw: $(NODE_ELFS) $(NODE_B)/fw/sizes.txt
	@cat $(NODE_B)/fw/sizes.txt

# ---- host tests -----------------------------------------------------------
# The placement and the parser are plain C99: they compile for the host
# with the library's host archive.
$(FWT_B)/%: tests/fw/%.c sw/fw/mc_tree.c sw/fw/mc_tree_hcube.c sw/fw/node.c sw/fw/mc_tree.h sw/fw/node.h \
            $(WC_TEST_DEPS)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(WC_CFLAGS) -Isw/fw -o $@ $(filter %.c,$^) $(WC_LIBS) -lm

test-fw: $(FWT_TESTS) $(NODE_ELFS) $(NODE_B)/fw/sizes.txt $(BUILD)/bin/wormcast
	@set -e; for t in $(FWT_TESTS); do echo "--- $$t"; $$t; done
	@echo "--- node firmware sizes"; cat $(NODE_B)/fw/sizes.txt
	@echo "--- tests/fw/system.sh"; WC=$(BUILD)/bin/wormcast NODE_FW=$(NODE_B)/fw tests/fw/system.sh

# `make` builds the node firmware too: wormcast run needs it
all: $(NODE_ELFS)

# SPDX-License-Identifier: Apache-2.0
# The RTL as IP for other designs (docs/howto-ip.md).
#   make test-tables      wormcast topo --tables: the exported images and cfg writes, loaded into the
#                         RTL table router (Icarus), route every hop of every host pair
TEST_TARGETS += test-tables
.PHONY: test-tables
test-tables: $(BUILD)/bin/wormcast
	@tests/ip/tables.sh $(BUILD)/bin/wormcast $(BUILD)/tests/ip

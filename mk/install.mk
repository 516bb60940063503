# SPDX-License-Identifier: Apache-2.0
# The relocatable tool (docs/rtl-engine.md): where the RTL engine finds its
# sources and builds its models, make install / uninstall, and the test.
#   make install PREFIX=/opt/wc [DESTDIR=...]   (PREFIX defaults to /usr/local)
#     PREFIX/bin/wormcast, wormcast-flit (the flit decoder its waveform layouts name)
#     PREFIX/share/wormcast/        the RTL, shims and build script it verilates on demand
#     PREFIX/share/doc/wormcast/    README, LICENSE, docs/
#   make uninstall PREFIX=...       removes exactly those (models built by an
#                                   installed copy live in the per-user cache)
#   make test-install    a build elsewhere, an installed copy, a wrong root, two processes building one model

# The loader falls back to the checkout it was built from and, for that
# checkout, to the directory it was built in.
$(BUILD)/obj/sw/host/wc_rtl.o: override CFLAGS += -DWC_SRC_ROOT='"$(abspath .)"' -DWC_BUILD_DIR='"$(abspath $(BUILD))"'

PREFIX  ?= /usr/local
DESTDIR ?=
# Every header the engine ABI includes or the build forces in goes with it
# (defs/wc_*_port.h, defs/wc_vl_hook.h): a
# header left out fails the first model an installed copy builds.
WC_SHARE_FILES := $(sort $(wildcard rtl/include/*.vh rtl/router/*.v rtl/nic/*.v rtl/core/*.v rtl/soc/*.v \
                    verif/net/wc_rtl_*.cpp verif/net/*.h defs/wc_*_port.h)) \
                  verif/net/build-engine.sh verif/net/vflags.sh defs/wc_engine_abi.h defs/wc_vl_hook.h
WC_DOC_FILES   := README.md LICENSE $(sort $(wildcard docs/*.md docs/img/* docs/results/*))

.PHONY: install uninstall test-install
install: $(BUILD)/bin/wormcast $(BUILD)/bin/wormcast-flit
	@test -n "$(PREFIX)" || { echo "install: PREFIX is empty" >&2; exit 2; }
	@set -e; d='$(DESTDIR)$(PREFIX)'; \
	install -d "$$d/bin"; install -m 755 $(BUILD)/bin/wormcast "$$d/bin/wormcast"; \
	install -m 755 $(BUILD)/bin/wormcast-flit "$$d/bin/wormcast-flit"; \
	for f in $(WC_SHARE_FILES); do \
	  if [ -x $$f ]; then m=755; else m=644; fi; install -D -p -m $$m $$f "$$d/share/wormcast/$$f"; done; \
	for f in $(WC_DOC_FILES); do install -D -p -m 644 $$f "$$d/share/doc/wormcast/$$f"; done; \
	echo "install: $$d/bin/wormcast, $(words $(WC_SHARE_FILES)) files in $$d/share/wormcast, $(words $(WC_DOC_FILES)) in $$d/share/doc/wormcast"

uninstall:
	@test -n "$(PREFIX)" || { echo "uninstall: PREFIX is empty" >&2; exit 2; }
	rm -f '$(DESTDIR)$(PREFIX)/bin/wormcast' '$(DESTDIR)$(PREFIX)/bin/wormcast-flit'
	rm -rf '$(DESTDIR)$(PREFIX)/share/wormcast' '$(DESTDIR)$(PREFIX)/share/doc/wormcast'

# A build elsewhere, an installed copy, a wrong root, an engine of another
# ABI, two processes building one model.  Its directories persist under
# BUILD/install-test, so only its first run verilates (two small routers).
test-install: $(BUILD)/bin/wormcast $(BUILD)/bin/wormcast-flit
	@tests/install/test_install.sh $(abspath $(BUILD)/bin/wormcast) $(abspath $(BUILD)/install-test)
TEST_TARGETS += test-install

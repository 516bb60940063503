# SPDX-License-Identifier: Apache-2.0
# Waveforms that read like the network: the layouts of sim --wave and run
# --wave (sw/host/wc_wave.c, wc_node_wave.c) and the flit decoder they
# name, GTKWave's translate filter process (verif/wave/wc_flit_filter.c).
#   make test-wave         the decoder, and the layouts' link, node and C-model groups (seconds)
#   make wave-pictures     docs/img/lockstep_wave.png and irc_forward_absorb.png through GTKWave (needs xvfb-run)
TEST_TARGETS  += test-wave
CHECK_TARGETS += test-wave
.PHONY: test-wave wave-pictures
test-wave: $(BUILD)/bin/wormcast $(BUILD)/bin/wormcast-flit $(call rtl_models,mesh4)
	@tests/wave/wave.sh $(BUILD)/bin/wormcast $(BUILD)/bin/wormcast-flit $(BUILD)/tests/wave

wave-pictures: $(BUILD)/bin/wormcast $(BUILD)/bin/wormcast-flit
	@tools/deps.sh pictures
	@tools/wave-picture.sh

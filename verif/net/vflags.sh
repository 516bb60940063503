# SPDX-License-Identifier: Apache-2.0
# The options of the Verilated builds, sourced by verif/net/build-engine.sh
# (wormcast's engines and the SystemC libraries), verif/nic/build-nic.sh
# and verif/nic/run.sh (the NIC benches).
#
# NIC_VFLAGS: Verilator's options for every build of the NIC, alone or
# inside the node.  One list, because the NIC bench links the engine's
# build of the default set instead of verilating it again: both must be
# the same model.
#
# -fno-dfg: the NIC keeps its per-job and per-child state in wide flat
# vectors that per-child blocks update slice by slice; Verilator's
# data-flow pass reassembles those slices into one concatenation per
# vector, copying kilobits once per slice every cycle.  Without it the
# node model runs about twice as fast and builds sooner.
#
# --unroll-count 128: the packet CRC over the router head and three header
# words (wc_nic_crc, NW = 4) is a 128-step shift chain, and the
# acknowledgement arbiter has NNODES + NGROUPS requests (80 with the
# 16-node tables, 128 with the 64-node ones).  Beyond Verilator's default
# of 64 these loops stay loops whose every step shifts and masks wide
# temporaries at a computed index; unrolled, each step is a few operations
# on constants: the node model runs 12-15% faster (64-node mcast_stress,
# 20,000 cycles, task clock, runs alternated).  The statement limit stays
# at its default: raising it as well (to 100,000) also unrolls the receive
# slots' 72-way update loop into code that runs out of the instruction
# cache, and the node model runs 1.5x slower.
NIC_VFLAGS=(-fno-dfg --unroll-count 128)
# VL_MAKEOPT: how the generated C++ is compiled.  The per-cycle code at
# -O2; the code that runs once (the constructor, the initial settle, the
# trace declarations) at -O0, which compiles in half the time and runs
# once.
VL_MAKEOPT=(OPT_FAST=-O2 OPT_SLOW=-O0)

/* SPDX-License-Identifier: Apache-2.0 */
/* The GTKWave layout of one traced RTL node (the FST that
 * wc_engine_node_trace writes): the core (state and pc, instruction bus,
 * data bus, retire port, interrupt lines), the RAM arbiter, the NIC
 * (register slave, DMA master, completion interrupt, network port), the
 * router's local port as the node drives and sees it, and the devices
 * (console, exit).  The names are the FST's as Verilator writes them: top
 * scope nodeN (the model's instance name), then wc_node_soc and its
 * instances; tests/system/test_system_rtl.sh checks every one of them
 * against a real dump.  Times are the node engine's: 10 per cycle. */
#ifndef WC_NODE_WAVE_H
#define WC_NODE_WAVE_H
#include "wc_gtkw.h"

/* unit: the traced node */
typedef wc_unit_wave wc_node_wave;

/* Write the layout to path.  0, or -1 with a message naming the file. */
int wc_node_wave_layout(const char *path, const wc_node_wave *w, char *err, int errlen);
#endif

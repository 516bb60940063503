/* SPDX-License-Identifier: Apache-2.0 */
/* The GTKWave layout of one traced RTL NIC (the FST that
 * wc_engine_nic_trace writes, wormcast msg --wave): the link to the
 * router (transmit and receive, with the transmitter's credit count),
 * the host bus (register slave, DMA master), the completion interrupt
 * with the rings' pointers, and the NIC's state.  The names are the
 * FST's as Verilator writes them: top scope nicN (the model's instance
 * name) with the ports as the harness drives them, then wc_nic and its
 * instances; tests/system/rtl_assert.sh checks every one of them against
 * a real dump.  Times are the NIC engine's: 10 per cycle. */
#ifndef WC_NIC_WAVE_H
#define WC_NIC_WAVE_H
#include "wc_gtkw.h"

/* unit: the traced NIC (its node id) */
typedef wc_unit_wave wc_nic_wave;

/* Write the layout to path.  0, or -1 with a message naming the file. */
int wc_nic_wave_layout(const char *path, const wc_nic_wave *w, char *err, int errlen);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Port-level waveforms of a network run: every compared signal of the
 * chosen routers (the RTL's value, and in lockstep the C model's expected
 * value beside it), written as VCD, converted to FST with vcd2fst when it
 * is installed, plus a GTKWave layout that reads like the network: a group
 * per node (what it injects, what it receives, the copies its router
 * absorbs for it) and per link ("router 0 -> router 1, +x"), no
 * unconnected port and no absorption channel that was never used, the C
 * model's values in one closed group, and the flits decoded by
 * wormcast-flit (verif/wave/wc_flit_filter.c) where it lies beside the
 * running wormcast. */
#ifndef WC_WAVE_H
#define WC_WAVE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "wc_topo.h"

typedef struct wc_wave wc_wave;

/* path: output without extension (.vcd/.fst/.gtkw are added);
 * routers/nr: which routers (NULL = all); expected: add C-model columns. */
wc_wave *wc_wave_open(const char *path, const wc_topo *t, int W, const int *routers, int nr, int expected);
/* one cycle: per flat port idx: v/f/c actual, ev/ef/ec expected (may be NULL);
 * inj_v/inj_f: what terminals drive into terminal ports this cycle;
 * av/af (eav/eaf expected): the absorption channels */
void wc_wave_cycle(wc_wave *w, long cycle, const uint8_t *v, const uint64_t *f, const uint8_t *c,
                   const uint8_t *ev, const uint64_t *ef, const uint8_t *ec,
                   const uint8_t *inj_v, const uint64_t *inj_f, const uint8_t *inj_c,
                   const uint8_t *av, const uint64_t *af, const uint8_t *eav, const uint64_t *eaf);
/* finish: closes the VCD, converts to FST if possible; prints what it
 * wrote to out */
void wc_wave_close(wc_wave *w, FILE *out);
/* The flit decoder beside the running binary (build/bin or PREFIX/bin):
 * 0 and its absolute path in buf, or -1 when there is none. */
int wc_wave_filter(char *buf, size_t n);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* The waveform of a lockstep mismatch, for the commands whose RTL units
 * can be traced (wormcast run: nodes; msg: NICs): the deterministic run
 * again, the mismatching unit traced over the window before the mismatch,
 * ending in the mismatching cycle.  The command runs it between prep and
 * report; failures are reported and the verdict stays the mismatch. */
#ifndef CLI_WAVE_H
#define CLI_WAVE_H
#include <stdio.h>
#include "wc_topo.h"

/* Cycles a mismatch's waveform records, up to and including the
 * mismatching one: enough for the packets, DMA transfers and firmware
 * that lead up to it, at a cost of about a second. */
#define WC_CLI_MISMATCH_WINDOW 2000

typedef struct {
    const char *cmd;    /* "run", "msg": the messages' "wormcast CMD:" */
    const char *what;   /* "node", "NIC": the unit in the messages */
    const char *file;   /* "node", "nic": PREFIX.FILEn.fst */
    const char *tag;    /* the mismatch's report, "MISMATCH", "LOCKSTEP MISMATCH" */
    char prefix[1100];  /* DIR/mismatch: the re-run's --wave */
    char note[600];     /* the layout's comment: the mismatch */
    int unit;           /* the unit to trace */
    long from;          /* the first traced cycle */
} wc_cli_mwave;

/* Fills w for a mismatch at cycle in unit (or, if unit < 0, the unit on
 * router, else unit 0), with the waveform in wave_dir (NULL: BUILD/waves,
 * made if missing), and says that the re-run starts.  w->cmd, what, file
 * and tag are set by the caller.  0, or -1 after saying why on stderr. */
int wc_cli_mwave_prep(wc_cli_mwave *w, const wc_topo *t, int unit, int router, long cycle, const char *mismatch,
                      const char *wave_dir);

/* After the re-run (failed: err, else its mismatch cycle2/mismatch2):
 * whether it repeated the mismatch, and the waveform's line on out. */
void wc_cli_mwave_report(const wc_cli_mwave *w, const char *err, long cycle, const char *mismatch, long cycle2,
                         const char *mismatch2, FILE *out);
#endif

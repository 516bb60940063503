/* SPDX-License-Identifier: Apache-2.0 */
/* The waveform of a lockstep mismatch (cli_wave.h). */
#include <stdio.h>
#include <string.h>
#include "cli_wave.h"
#include "wc_rtl.h"

int wc_cli_mwave_prep(wc_cli_mwave *w, const wc_topo *t, int unit, int router, long cycle, const char *mismatch,
                      const char *wave_dir)
{
    char dir[1024], err[600];
    int n;
    for (n = 0; unit < 0 && n < t->nnodes; n++)
        if (t->node_router[n] == router)
            unit = n;
    w->unit = unit < 0 ? 0 : unit;
    if (wave_dir)
        snprintf(dir, sizeof dir, "%s", wave_dir);
    else
        snprintf(dir, sizeof dir, "%s/waves", wc_build_dir());
    if (wc_mkdirs(dir, err, sizeof err)) {
        fprintf(stderr, "wormcast %s: no waveform of the mismatch: %s\n", w->cmd, err);
        return -1;
    }
    snprintf(w->prefix, sizeof w->prefix, "%s/mismatch", dir);
    snprintf(w->note, sizeof w->note, "%s: %s", w->tag, mismatch);
    w->from = cycle > WC_CLI_MISMATCH_WINDOW - 1 ? cycle - (WC_CLI_MISMATCH_WINDOW - 1) : 0;
    fflush(stdout);
    fprintf(stderr, "wormcast %s: re-running to record %s %d over cycles %ld..%ld\n", w->cmd, w->what, w->unit,
            w->from, cycle);
    return 0;
}

void wc_cli_mwave_report(const wc_cli_mwave *w, const char *err, long cycle, const char *mismatch, long cycle2,
                         const char *mismatch2, FILE *out)
{
    const char *p = w->prefix, *f = w->file;
    int u = w->unit;
    if (err) {
        fprintf(stderr, "wormcast %s: no waveform of the mismatch: %s\n", w->cmd, err);
        return;
    }
    if (cycle2 != cycle || strcmp(mismatch2, mismatch))
        fprintf(stderr, "wormcast %s: the re-run did not repeat the mismatch (%s%s%s): the waveform shows another "
                "run\n", w->cmd, cycle2 < 0 ? "no mismatch" : w->tag, cycle2 < 0 ? "" : ": ", cycle2 < 0 ? "" : mismatch2);
    fprintf(out, "waveform of the mismatch: %s.%s%d.fst, layout %s.%s%d.gtkw (view: gtkwave %s.%s%d.fst %s.%s%d.gtkw)\n",
            p, f, u, p, f, u, p, f, u, p, f, u);
}

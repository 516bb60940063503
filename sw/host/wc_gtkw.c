/* SPDX-License-Identifier: Apache-2.0 */
/* GTKWave layout of one traced RTL unit (wc_gtkw.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "wc_err.h"
#include "wc_gtkw.h"
#include "wc_wave.h"

/* a blank line carrying a comment; group begin and end (analyzer.h) */
#define F_COMMENT "200"
#define F_GROUP "800200"
#define F_GROUP_END "1000200"
/* hex through a translate filter process (wormcast-flit) */
#define F_FILTERED "4022"

/* filter: the flit decoder's command line, or NULL */
static void put_sig(FILE *g, const char *top, int unit, int W, const wc_gtkw_sig *s, const char *filter)
{
    int bits = s->bits == WC_GTKW_FLIT ? W + 2 : s->bits;
    const char *fmt = s->fmt ? s->fmt : bits == 1 ? WC_GTKW_BIN : WC_GTKW_HEX;
    if (s->bits == WC_GTKW_FLIT && filter)
        fprintf(g, "@%s\n^>1 %s\n%s%d%s.%s", F_FILTERED, filter, top, unit, s->scope, s->name);
    else
        fprintf(g, "@%s\n%s%d%s.%s", fmt, top, unit, s->scope, s->name);
    if (bits > 1)
        fprintf(g, "[%d:0]", bits - 1);
    fputc('\n', g);
}

int wc_gtkw_layout(const char *path, const char *top, const char *what, const wc_unit_wave *w,
                   const wc_gtkw_group *groups, size_t ng, char *err, int errlen)
{
    FILE *g = fopen(path, "w");
    size_t k;
    const wc_gtkw_sig *s;
    char fpath[4096], filter[4200];
    const char *fl = NULL;
    /* about 40 cycles across the window; a mark near its right edge */
    long start = w->mark >= 0 && w->mark - 32 > w->from ? w->mark - 32 : w->from;
    if (!g)
        return wc_err(err, errlen, "cannot write the waveform layout %s: %s", path, strerror(errno));
    fprintf(g, "[*] wormcast: RTL %s %d traced from cycle %ld; cycle C is at time 10*C, its clock edge at "
               "10*C+5\n", what, w->unit, w->from);
    if (w->note)
        fprintf(g, "[*] %s\n", w->note);
    if (!wc_wave_filter(fpath, sizeof fpath)) {
        snprintf(filter, sizeof filter, "%s --width=%d", fpath, w->W);
        fl = filter;
        fprintf(g, "[*] flits decoded by %s: H head (dst, multi +N address flits), B body, T tail, "
                   "HT head and tail, - none\n", fpath);
    }
    fprintf(g, "[dumpfile] \"%s\"\n[timestart] %ld\n[size] 1500 900\n*-6.500000 %ld -1 -1 -1\n"
               "[sst_width] 240\n[signals_width] 360\n", w->fst, start * 10, w->mark >= 0 ? w->mark * 10 : -1L);
    fprintf(g, "@%s\n%s%d.clk_i\n%s%d.rst_ni\n", WC_GTKW_BIN, top, w->unit, top, w->unit);
    for (k = 0; k < ng; k++) {
        fprintf(g, "@%s\n-%s\n", F_GROUP, groups[k].title);
        if (groups[k].comment)
            fprintf(g, "@%s\n-%s\n", F_COMMENT, groups[k].comment);
        for (s = groups[k].s; s->name; s++)
            put_sig(g, top, w->unit, w->W, s, fl);
        fprintf(g, "@%s\n-%s\n", F_GROUP_END, groups[k].title);
    }
    if (fclose(g))
        return wc_err(err, errlen, "cannot write the waveform layout %s: %s", path, strerror(errno));
    return 0;
}

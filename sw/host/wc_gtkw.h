/* SPDX-License-Identifier: Apache-2.0 */
/* The GTKWave layout of one traced RTL unit (a node SoC, wc_node_wave.h,
 * or a NIC, wc_nic_wave.h): the header that opens the FST at the traced
 * window with a marker, the clock and reset, then groups of signals, each
 * named as Verilator writes it in the FST (top scope UNITn, the model's
 * instance name, then the scopes below it).  Times are the engines': ten
 * per cycle, cycle C at 10*C, its clock edge at 10*C+5. */
#ifndef WC_GTKW_H
#define WC_GTKW_H
#include <stddef.h>

/* GTKWave trace flags (its analyzer.h): hex, binary, decimal, ASCII,
 * each right justified. */
#define WC_GTKW_HEX "22"
#define WC_GTKW_BIN "28"
#define WC_GTKW_DEC "24"
#define WC_GTKW_ASCII "820"
#define WC_GTKW_FLIT (-1)       /* a signal's bits: W+2, a flit */

typedef struct {
    const char *scope;  /* below the top scope: "" the model's ports, else ".a.b" */
    const char *name;
    int bits;           /* 1, a width, or WC_GTKW_FLIT */
    const char *fmt;    /* NULL: binary for one bit, hex for more */
} wc_gtkw_sig;

typedef struct {
    const char *title;
    const char *comment;        /* NULL none */
    const wc_gtkw_sig *s;       /* ends with a NULL name */
} wc_gtkw_group;

/* What a traced unit's layout shows. */
typedef struct {
    const char *fst;            /* the dump the layout opens */
    int unit;                   /* the traced unit's index (node id) */
    int W;                      /* flit data width (flits are W+2 bits) */
    long from;                  /* first traced cycle: where the view starts */
    long mark;                  /* cycle under the marker (a mismatch), -1 none */
    const char *note;           /* a comment at the top of the file, NULL none */
} wc_unit_wave;

/* Write the layout of w to path: top scope TOPn (top "node", "nic"),
 * described as "RTL WHAT n" (what "node", "NIC"), with ng groups.  0, or
 * -1 with a message naming the file. */
int wc_gtkw_layout(const char *path, const char *top, const char *what, const wc_unit_wave *w,
                   const wc_gtkw_group *g, size_t ng, char *err, int errlen);
#endif

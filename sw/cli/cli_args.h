/* SPDX-License-Identifier: Apache-2.0 */
/* The option parser of every wormcast command.  A command describes its
 * options in one table (name, kind, range or choices, help, destination);
 * the same table drives parsing, the error messages and --help, so an
 * option cannot be accepted without being documented, and every command
 * reports bad usage the same way (defs/wc_err.h: "wormcast CMD: MESSAGE"
 * on stderr, exit status 2).
 *
 * Accepted forms: --opt VALUE and --opt=VALUE; flags take no value.  An
 * unknown option, a missing value, a value out of range and an option
 * given twice (unless its entry says it repeats) are errors.  The initial
 * value of a destination is its default: --help prints it when it lies in
 * the option's range. */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H
#include <stdio.h>
#include "wc_err.h"

typedef enum {
    WC_OPT_FLAG,   /* int *: set to 1 */
    WC_OPT_INT,    /* int *: decimal in lo..hi */
    WC_OPT_LONG,   /* long *: decimal in lo..hi */
    WC_OPT_DOUBLE, /* double *: number in dlo..dhi */
    WC_OPT_STRING, /* const char **: the argument itself */
    WC_OPT_CHOICE, /* int *: values[i] (or i) of the choice named */
    WC_OPT_FUNC    /* any: fn parses the value */
} wc_opt_kind;

/* Parses the value of a WC_OPT_FUNC option into dst.  val is NULL when an
 * optional value was left out.  0, or -1 with the message in err. */
typedef int (*wc_opt_fn)(const char *opt, const char *val, void *dst, char *err, int errlen);

typedef struct wc_opt {
    const char *name;             /* "--topo" */
    wc_opt_kind kind;
    const char *meta;             /* the value in --help ("T"); a meta in
                                     brackets ("[A:B:S]") makes the value of
                                     a FUNC option optional */
    const char *help;             /* lines separated by '\n' */
    void *dst;
    long lo, hi;                  /* INT, LONG */
    double dlo, dhi;              /* DOUBLE */
    const char *const *choices;   /* CHOICE: names, NULL-terminated */
    const int *values;            /* CHOICE: what each name stores (NULL: its index) */
    wc_opt_fn fn;                 /* FUNC */
    int repeat;                   /* FUNC: may be given more than once (fn
                                     sees each value in turn) */
    int given;                    /* set by wc_cli_parse */
} wc_opt;

/* The table's entries.  The casts check the destination's type. */
#define WC_OPT_DST_(T, p) ((void *)(1 ? (p) : (T *)0))
#define WC_OPT_FLAG(n, var, h) \
    { .name = n, .kind = WC_OPT_FLAG, .help = h, .dst = WC_OPT_DST_(int, var) }
#define WC_OPT_INT(n, m, var, l, u, h) \
    { .name = n, .kind = WC_OPT_INT, .meta = m, .help = h, .dst = WC_OPT_DST_(int, var), .lo = l, .hi = u }
#define WC_OPT_LONG(n, m, var, l, u, h) \
    { .name = n, .kind = WC_OPT_LONG, .meta = m, .help = h, .dst = WC_OPT_DST_(long, var), .lo = l, .hi = u }
#define WC_OPT_DOUBLE(n, m, var, l, u, h) \
    { .name = n, .kind = WC_OPT_DOUBLE, .meta = m, .help = h, .dst = WC_OPT_DST_(double, var), .dlo = l, .dhi = u }
#define WC_OPT_STRING(n, m, var, h) \
    { .name = n, .kind = WC_OPT_STRING, .meta = m, .help = h, .dst = WC_OPT_DST_(const char *, var) }
#define WC_OPT_CHOICE(n, m, var, names, vals, h) \
    { .name = n, .kind = WC_OPT_CHOICE, .meta = m, .help = h, .dst = WC_OPT_DST_(int, var), \
      .choices = names, .values = vals }
#define WC_OPT_FUNC(n, m, f, d, h) \
    { .name = n, .kind = WC_OPT_FUNC, .meta = m, .help = h, .dst = d, .fn = f }
#define WC_OPT_FUNC_REPEAT(n, m, f, d, h) \
    { .name = n, .kind = WC_OPT_FUNC, .meta = m, .help = h, .dst = d, .fn = f, .repeat = 1 }
#define WC_OPT_END { .name = 0 }
/* The routers' hop pipeline (wc_topo.stages), one option for every
 * command that builds a network. */
#define WC_OPT_ROUTER_STAGES(var) \
    WC_OPT_INT("--router-stages", "S", var, 1, 2, \
               "router hop pipeline: 1 = a head is allocated and crosses in one\n" \
               "cycle per hop, 2 = registered allocation, then traversal (two\n" \
               "cycles per hop for a head, shorter clock period)")
/* The network's routing function by name (wc_topo_set_routing), one
 * option for every command that builds a network. */
#define WC_OPT_ROUTING(var) \
    WC_OPT_STRING("--routing", "NAME", var, \
                  "routing function of a mesh: xy (default) or west-first; the\n" \
                  "other networks keep theirs (cube: ecube, switched: table)")
/* The network names every command takes (wc_topo_create). */
#define WC_TOPO_NAMES "cube:N[:all][:low] | mesh:XxY | irregular:S,P,H,SEED | file:PATH"

typedef struct wc_cli {
    const char *cmd;        /* "sim" */
    const char *synopsis;   /* what follows "usage: wormcast sim " */
    const char *about;      /* printed before the options, or NULL */
    const char *more;       /* printed after the options, or NULL */
    const char *required;   /* names of the required options, space-separated, or NULL */
    wc_opt *opts;           /* ends with WC_OPT_END */
    const char *keys;       /* the keys of the JSON output, one "KEY  meaning" a line,
                               or NULL: --help prints them under "JSON keys:" */
    const char *examples;   /* two or three command lines, each "wormcast CMD ...  # what
                               it shows", one a line: the end of --help (make test-cli
                               runs them) */
} wc_cli;

/* wc_cli_parse: WC_CLI_RUN when the command should run; otherwise the
 * exit status, everything printed (0 after --help, 2 after bad usage). */
#define WC_CLI_RUN (-1)
int wc_cli_parse(wc_cli *c, int argc, char **argv);
void wc_cli_help(const wc_cli *c, FILE *f);
/* How often an option was given (0 if it is not in the table). */
int wc_cli_given(const wc_cli *c, const char *name);
/* Prints "wormcast CMD: MESSAGE" on stderr; returns 2, the exit status of
 * bad usage or input. */
int wc_cli_error(const wc_cli *c, const char *fmt, ...) WC_PRINTF(2, 3);
/* Options that make no sense together: "A takes no B (WHY)" when both were
 * given, "A needs B (WHY)" when A was given and ok is 0.  0, or 2 with the
 * message printed. */
int wc_cli_excl(const wc_cli *c, const char *a, const char *b, const char *why);
int wc_cli_needs(const wc_cli *c, const char *a, int ok, const char *b, const char *why);

/* The one integer parser: the whole string, decimal, an optional sign,
 * in lo..hi.  0, or -1 with "OPT expects an integer in LO..HI, got 'V'
 * (why)" in err. */
int wc_arg_long(const char *opt, const char *v, long lo, long hi, long *out, char *err, int errlen);
int wc_arg_int(const char *opt, const char *v, long lo, long hi, int *out, char *err, int errlen);
int wc_arg_double(const char *opt, const char *v, double lo, double hi, double *out, char *err, int errlen);
/* Splits s at each sep into at most max fields of up to 31 characters;
 * the field count, or -1 when there are more or longer ones. */
typedef char wc_arg_field[32];
int wc_arg_fields(const char *s, char sep, wc_arg_field *f, int max);
/* A comma-separated list of integers in lo..hi ("" is an empty list when
 * allow_empty, at most maxn items when maxn > 0) into a new array *out
 * (free it).  The count, or -1 with "OPT: 'ITEM' is not a NOUN (why)" in
 * err. */
int wc_arg_list(const char *opt, const char *noun, const char *s, long lo, long hi, int allow_empty, int maxn,
                int **out, char *err, int errlen);
#endif

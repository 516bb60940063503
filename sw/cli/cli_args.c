/* SPDX-License-Identifier: Apache-2.0 */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_args.h"
#include "wc_err.h"

/* Range ends such as 2^40 read better as powers of two than as 13 digits. */
static const char *fmt_long(char *buf, size_t len, long v)
{
    unsigned long u = (unsigned long)v;
    int k;
    if (v >= (1L << 20))
        for (k = 20; k < (int)(8 * sizeof u); k++) {
            unsigned long p = 1UL << k;
            if (u == p) {
                snprintf(buf, len, "2^%d", k);
                return buf;
            }
            if (u == p - 1) {
                snprintf(buf, len, "2^%d-1", k);
                return buf;
            }
        }
    snprintf(buf, len, "%ld", v);
    return buf;
}

int wc_arg_long(const char *opt, const char *v, long lo, long hi, long *out, char *err, int errlen)
{
    const char *p = v, *why = NULL;
    char a[32], b[32];
    char *end;
    long x = 0;
    if (*p == '-' || *p == '+')
        p++;
    if (!*p || strspn(p, "0123456789") != strlen(p)) {
        why = "not an integer";
    } else {
        errno = 0;
        x = strtol(v, &end, 10);
        if (errno || *end || x < lo || x > hi)
            why = "out of range";
    }
    if (why)
        return wc_err(err, errlen, "%s expects an integer in %s..%s, got '%s' (%s)", opt, fmt_long(a, sizeof a, lo),
                      fmt_long(b, sizeof b, hi), v, why);
    *out = x;
    return 0;
}

int wc_arg_int(const char *opt, const char *v, long lo, long hi, int *out, char *err, int errlen)
{
    long x;
    if (wc_arg_long(opt, v, lo, hi, &x, err, errlen) < 0)
        return -1;
    *out = (int)x;
    return 0;
}

int wc_arg_double(const char *opt, const char *v, double lo, double hi, double *out, char *err, int errlen)
{
    char *end;
    double x = 0;
    const char *why = NULL;
    if (!*v || strchr(" \t\n", *v)) {
        why = "not a number";
    } else {
        errno = 0;
        x = strtod(v, &end);
        if (*end || end == v || x != x)
            why = "not a number";
        else if (errno || !(x >= lo && x <= hi))
            why = "out of range";
    }
    if (why && hi > DBL_MAX)
        return wc_err(err, errlen, "%s expects a number >= %g, got '%s' (%s)", opt, lo, v, why);
    if (why)
        return wc_err(err, errlen, "%s expects a number in %g..%g, got '%s' (%s)", opt, lo, hi, v, why);
    *out = x;
    return 0;
}

int wc_arg_fields(const char *s, char sep, wc_arg_field *f, int max)
{
    int n = 0;
    for (;;) {
        size_t len = strcspn(s, (char[]){ sep, 0 });
        if (n == max || len >= sizeof f[0])
            return -1;
        memcpy(f[n], s, len);
        f[n++][len] = 0;
        if (!s[len])
            return n;
        s += len + 1;
    }
}

int wc_arg_list(const char *opt, const char *noun, const char *s, long lo, long hi, int allow_empty, int maxn,
                int **out, char *err, int errlen)
{
    int cnt = 1, n = 0, len;
    const char *p, *why = NULL;
    char item[64], sub[128];
    *out = NULL;
    if (!*s) {
        if (!allow_empty)
            return wc_err(err, errlen, "%s: '' is not a %s (empty list)", opt, noun);
        cnt = 0;
    }
    for (p = s; *p; p++)
        cnt += *p == ',';
    if (maxn > 0 && cnt > maxn)
        return wc_err(err, errlen, "%s: more than %d items in '%.60s'", opt, maxn, s);
    if (!(*out = wc_alloc((size_t)cnt + 1, sizeof **out, opt, err, errlen)))
        return -1;
    for (p = s; n < cnt; n++) {
        long v;
        len = (int)strcspn(p, ",");
        if (len == 0)
            why = p[0] == ',' || p == s ? "an empty item" : "a trailing ','";
        else if (len >= (int)sizeof item)
            why = "not an integer";
        if (why) {
            snprintf(sub, sizeof sub, "%s in '%.60s'", why, s);
            break;
        }
        memcpy(item, p, (size_t)len);
        item[len] = 0;
        if (wc_arg_long(opt, item, lo, hi, &v, NULL, 0) < 0) {
            char a[32], b[32];
            /* digits are an integer however many: out of range, as
             * wc_arg_long says of a single value */
            const char *d = item + (item[0] == '-' || item[0] == '+');
            if (*d && strspn(d, "0123456789") == strlen(d))
                snprintf(sub, sizeof sub, "out of range %s..%s", fmt_long(a, sizeof a, lo), fmt_long(b, sizeof b, hi));
            else
                snprintf(sub, sizeof sub, "not an integer");
            why = sub;
            break;
        }
        (*out)[n] = (int)v;
        p += len + (p[len] == ',');
    }
    if (why) {
        free(*out);
        *out = NULL;
        return wc_err(err, errlen, "%s: '%.*s' is not a %s (%s)", opt, len < 40 ? len : 40, p, noun, sub);
    }
    return n;
}

int wc_cli_error(const wc_cli *c, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "wormcast %s: ", c->cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

/* After a usage error: the synopsis, and where the rest is. */
static int usage_error(const wc_cli *c)
{
    fprintf(stderr, "usage: wormcast %s %s   (wormcast %s --help: every option)\n", c->cmd, c->synopsis, c->cmd);
    return 2;
}

static wc_opt *find(const wc_cli *c, const char *a, size_t len)
{
    wc_opt *o;
    for (o = c->opts; o->name; o++)
        if (strlen(o->name) == len && !strncmp(o->name, a, len))
            return o;
    return NULL;
}

int wc_cli_given(const wc_cli *c, const char *name)
{
    const wc_opt *o = find(c, name, strlen(name));
    return o ? o->given : 0;
}

int wc_cli_excl(const wc_cli *c, const char *a, const char *b, const char *why)
{
    if (!wc_cli_given(c, a) || !wc_cli_given(c, b))
        return 0;
    return wc_cli_error(c, "%s takes no %s (%s)", a, b, why);
}

int wc_cli_needs(const wc_cli *c, const char *a, int ok, const char *b, const char *why)
{
    if (!wc_cli_given(c, a) || ok)
        return 0;
    return wc_cli_error(c, "%s needs %s (%s)", a, b, why);
}

/* "a, b or c" */
static void choice_list(const wc_opt *o, const char *sep, const char *last, char *buf, size_t len)
{
    int i, n = 0;
    size_t at = 0;
    buf[0] = 0;
    while (o->choices[n])
        n++;
    for (i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i == 0 ? "" : i == n - 1 ? last : sep, o->choices[i]);
}

static int choice_value(const wc_opt *o, int i)
{
    return o->values ? o->values[i] : i;
}

static int set_value(const wc_cli *c, wc_opt *o, const char *v)
{
    char err[512], list[256];
    int rc = 0, i;
    switch (o->kind) {
    case WC_OPT_INT:
        rc = wc_arg_int(o->name, v, o->lo, o->hi, o->dst, err, sizeof err);
        break;
    case WC_OPT_LONG:
        rc = wc_arg_long(o->name, v, o->lo, o->hi, o->dst, err, sizeof err);
        break;
    case WC_OPT_DOUBLE:
        rc = wc_arg_double(o->name, v, o->dlo, o->dhi, o->dst, err, sizeof err);
        break;
    case WC_OPT_STRING:
        *(const char **)o->dst = v;
        break;
    case WC_OPT_CHOICE:
        for (i = 0; o->choices[i] && strcmp(o->choices[i], v); i++)
            ;
        if (o->choices[i]) {
            *(int *)o->dst = choice_value(o, i);
        } else {
            choice_list(o, ", ", " or ", list, sizeof list);
            rc = wc_err(err, sizeof err, "%s expects %s, got '%s'", o->name, list, v);
        }
        break;
    case WC_OPT_FUNC:
        rc = o->fn(o->name, v, o->dst, err, sizeof err);
        break;
    case WC_OPT_FLAG:
        WC_BUG("flag %s has no value", o->name);
    }
    return rc < 0 ? wc_cli_error(c, "%s", err) : 0;
}

int wc_cli_parse(wc_cli *c, int argc, char **argv)
{
    int i;
    wc_opt *o;
    for (o = c->opts; o->name; o++)
        o->given = 0;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *eq, *v = NULL;
        size_t len;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            wc_cli_help(c, stdout);
            return 0;
        }
        if (strncmp(a, "--", 2)) {
            wc_cli_error(c, "unexpected argument '%s' (options start with --)", a);
            return usage_error(c);
        }
        eq = strchr(a, '=');
        len = eq ? (size_t)(eq - a) : strlen(a);
        if (!(o = find(c, a, len))) {
            wc_cli_error(c, "unknown option '%.*s'", (int)len, a);
            return usage_error(c);
        }
        if (o->given++ && !o->repeat)
            return wc_cli_error(c, "%s given twice", o->name);
        if (o->kind == WC_OPT_FLAG) {
            if (eq)
                return wc_cli_error(c, "%s takes no value, got '%s'", o->name, a);
            *(int *)o->dst = 1;
            continue;
        }
        if (eq) {
            v = eq + 1;
        } else if (o->kind == WC_OPT_FUNC && o->meta && o->meta[0] == '[') {
            /* an optional value: the next argument unless it is an option */
            if (i + 1 < argc && argv[i + 1][0] != '-')
                v = argv[++i];
        } else {
            const char *n = i + 1 < argc ? argv[i + 1] : NULL;
            /* "--topo --routes" lost its value: say so rather than taking
             * the next option for one */
            if (!n)
                return wc_cli_error(c, "%s needs a value", o->name);
            if (!strncmp(n, "--", 2) && (find(c, n, strcspn(n, "=")) || !strcmp(n, "--help")))
                return wc_cli_error(c, "%s needs a value (the next argument '%s' is an option)", o->name, n);
            v = argv[++i];
        }
        if (set_value(c, o, v))
            return 2;
    }
    if (c->required) {
        const char *p = c->required;
        while (*p) {
            size_t len = strcspn(p, " ");
            if (len && !(o = find(c, p, len)))
                WC_BUG("required option %.*s is not in the table of %s", (int)len, p, c->cmd);
            if (len && !o->given) {
                wc_cli_error(c, "%s is required", o->name);
                return usage_error(c);
            }
            p += len + (p[len] == ' ');
        }
    }
    return WC_CLI_RUN;
}

/* Range, choices and default of an option, as --help shows them; the
 * default is the destination's value before parsing, shown when it is a
 * value the option accepts. */
static void describe(const wc_opt *o, char *buf, size_t len)
{
    char a[32], b[32], range[256], def[64] = "";
    int i;
    range[0] = 0;
    switch (o->kind) {
    case WC_OPT_INT:
    case WC_OPT_LONG: {
        long d = o->kind == WC_OPT_INT ? *(const int *)o->dst : *(const long *)o->dst;
        snprintf(range, sizeof range, "%s..%s", fmt_long(a, sizeof a, o->lo), fmt_long(b, sizeof b, o->hi));
        if (d >= o->lo && d <= o->hi)
            snprintf(def, sizeof def, "%ld", d);
        break;
    }
    case WC_OPT_DOUBLE: {
        double d = *(const double *)o->dst;
        if (o->dhi > DBL_MAX)
            snprintf(range, sizeof range, ">= %g", o->dlo);
        else
            snprintf(range, sizeof range, "%g..%g", o->dlo, o->dhi);
        if (d >= o->dlo && d <= o->dhi)
            snprintf(def, sizeof def, "%g", d);
        break;
    }
    case WC_OPT_CHOICE:
        choice_list(o, "|", "|", range, sizeof range);
        for (i = 0; o->choices[i] && choice_value(o, i) != *(const int *)o->dst; i++)
            ;
        if (o->choices[i])
            snprintf(def, sizeof def, "%s", o->choices[i]);
        break;
    case WC_OPT_STRING:
        if (*(const char *const *)o->dst)
            snprintf(def, sizeof def, "%s", *(const char *const *)o->dst);
        break;
    case WC_OPT_FLAG:
        break;
    case WC_OPT_FUNC:
        if (o->repeat)
            snprintf(range, sizeof range, "repeatable");
        break;
    }
    snprintf(buf, len, "%s%s%s%s", range, range[0] && def[0] ? ", " : "", def[0] ? "default " : "", def);
}

/* Each line of text indented by two spaces. */
static void put_lines(FILE *f, const char *text)
{
    while (*text) {
        size_t n = strcspn(text, "\n");
        fprintf(f, "  %.*s\n", (int)n, text);
        text += n + (text[n] == '\n');
    }
}

void wc_cli_help(const wc_cli *c, FILE *f)
{
    const wc_opt *o;
    int width = 10;
    char left[96], extra[400];
    fprintf(f, "usage: wormcast %s %s\n", c->cmd, c->synopsis);
    if (c->about)
        fprintf(f, "%s%s", c->about, c->about[strlen(c->about) - 1] == '\n' ? "" : "\n");
    for (o = c->opts; o->name; o++) {
        int w = (int)strlen(o->name) + (o->meta ? 1 + (int)strlen(o->meta) : 0);
        if (w > width && w <= 22)
            width = w;
    }
    fprintf(f, "options:\n");
    for (o = c->opts; o->name; o++) {
        const char *h = o->help ? o->help : "";
        snprintf(left, sizeof left, "%s%s%s", o->name, o->meta ? " " : "", o->meta ? o->meta : "");
        describe(o, extra, sizeof extra);
        fprintf(f, "  %-*s  ", width, left);
        if ((int)strlen(left) > width)
            fprintf(f, "\n  %-*s  ", width, "");
        for (;;) {
            size_t n = strcspn(h, "\n");
            fprintf(f, "%.*s", (int)n, h);
            h += n;
            if (!*h) {
                /* the range on the line's end while it fits in 100 columns */
                if (extra[0] && width + 7 + n + strlen(extra) > 100)
                    fprintf(f, "\n  %-*s ", width, "");
                break;
            }
            h++;
            fprintf(f, "\n  %-*s  ", width, "");
        }
        if (extra[0])
            fprintf(f, " [%s]", extra);
        fputc('\n', f);
    }
    fprintf(f, "  %-*s  print this help and exit\n", width, "--help, -h");
    if (c->more)
        fprintf(f, "%s%s", c->more, c->more[strlen(c->more) - 1] == '\n' ? "" : "\n");
    if (c->keys) {
        fprintf(f, "JSON keys:\n");
        put_lines(f, c->keys);
    }
    if (c->examples) {
        fprintf(f, "examples:\n");
        put_lines(f, c->examples);
    }
}

/* SPDX-License-Identifier: Apache-2.0 */
/* Recursive-descent JSON reader (RFC 8259 grammar). */
#include "wc_json.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>

typedef struct {
    const char *s;
    int pos, line, col;
    char *err;
    int errlen;
    int failed;
    int depth;
} jp;

static void jfail(jp *p, const char *fmt, ...)
{
    va_list ap;
    int k;
    if (p->failed)
        return;
    p->failed = 1;
    k = snprintf(p->err, (size_t)p->errlen, "line %d col %d: ", p->line, p->col);
    if (k < 0 || k >= p->errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(p->err + k, (size_t)(p->errlen - k), fmt, ap);
    va_end(ap);
}

static int peek(jp *p) { return (unsigned char)p->s[p->pos]; }

static void adv(jp *p)
{
    if (!p->s[p->pos])
        return;
    if (p->s[p->pos] == '\n') {
        p->line++;
        p->col = 1;
    } else
        p->col++;
    p->pos++;
}

static void ws(jp *p)
{
    while (peek(p) == ' ' || peek(p) == '\t' || peek(p) == '\n' || peek(p) == '\r')
        adv(p);
}

static wc_json *newv(jp *p, enum wc_json_kind k)
{
    wc_json *v = calloc(1, sizeof *v);
    if (!v) {
        jfail(p, "out of memory");
        return NULL;
    }
    v->kind = k;
    v->line = p->line;
    v->col = p->col;
    return v;
}

static void put_utf8(char *o, int *n, unsigned c)
{
    if (c < 0x80)
        o[(*n)++] = (char)c;
    else if (c < 0x800) {
        o[(*n)++] = (char)(0xc0 | (c >> 6));
        o[(*n)++] = (char)(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        o[(*n)++] = (char)(0xe0 | (c >> 12));
        o[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3f));
        o[(*n)++] = (char)(0x80 | (c & 0x3f));
    } else {
        o[(*n)++] = (char)(0xf0 | (c >> 18));
        o[(*n)++] = (char)(0x80 | ((c >> 12) & 0x3f));
        o[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3f));
        o[(*n)++] = (char)(0x80 | (c & 0x3f));
    }
}

static int hex4(jp *p, unsigned *out)
{
    int i;
    unsigned v = 0;
    for (i = 0; i < 4; i++) {
        int c = peek(p);
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else {
            jfail(p, "bad \\u escape: expected 4 hex digits");
            return -1;
        }
        adv(p);
    }
    *out = v;
    return 0;
}

/* Parses a string at '"'; returns a malloc'd UTF-8 copy. */
static char *pstring(jp *p)
{
    /* escapes never make the text longer than the source */
    int start = p->pos, n = 0;
    size_t cap;
    char *o;
    adv(p);
    cap = strlen(p->s + start) + 1;
    o = malloc(cap);
    if (!o) {
        jfail(p, "out of memory");
        return NULL;
    }
    for (;;) {
        int c = peek(p);
        if (c == 0) {
            jfail(p, "unterminated string");
            break;
        }
        if (c < 0x20) {
            jfail(p, "control character in string");
            break;
        }
        if (c == '"') {
            adv(p);
            o[n] = 0;
            return o;
        }
        if (c == '\\') {
            adv(p);
            c = peek(p);
            switch (c) {
            case '"': case '\\': case '/': o[n++] = (char)c; adv(p); break;
            case 'b': o[n++] = '\b'; adv(p); break;
            case 'f': o[n++] = '\f'; adv(p); break;
            case 'n': o[n++] = '\n'; adv(p); break;
            case 'r': o[n++] = '\r'; adv(p); break;
            case 't': o[n++] = '\t'; adv(p); break;
            case 'u': {
                unsigned u, lo;
                adv(p);
                if (hex4(p, &u) < 0)
                    goto bad;
                if (u >= 0xd800 && u < 0xdc00) {
                    if (peek(p) != '\\') { jfail(p, "lone surrogate in \\u escape"); goto bad; }
                    adv(p);
                    if (peek(p) != 'u') { jfail(p, "lone surrogate in \\u escape"); goto bad; }
                    adv(p);
                    if (hex4(p, &lo) < 0)
                        goto bad;
                    if (lo < 0xdc00 || lo >= 0xe000) { jfail(p, "bad surrogate pair"); goto bad; }
                    u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
                } else if (u >= 0xdc00 && u < 0xe000) {
                    jfail(p, "lone surrogate in \\u escape");
                    goto bad;
                }
                put_utf8(o, &n, u);
                break;
            }
            default:
                jfail(p, "bad escape '\\%c' in string", c ? c : '0');
                goto bad;
            }
            continue;
        }
        o[n++] = (char)c;
        adv(p);
    }
bad:
    free(o);
    return NULL;
}

static wc_json *pvalue(jp *p);

static int push(jp *p, wc_json *a, wc_json *item, char *key)
{
    wc_json **ni = realloc(a->items, sizeof *ni * (size_t)(a->n + 1));
    if (!ni) {
        jfail(p, "out of memory");
        return -1;
    }
    a->items = ni;
    if (a->kind == WC_JSON_OBJECT) {
        char **nk = realloc(a->keys, sizeof *nk * (size_t)(a->n + 1));
        if (!nk) {
            jfail(p, "out of memory");
            return -1;
        }
        a->keys = nk;
        a->keys[a->n] = key;
    }
    a->items[a->n++] = item;
    return 0;
}

static wc_json *pnumber(jp *p)
{
    int start = p->pos;
    wc_json *v = newv(p, WC_JSON_NUMBER);
    if (!v)
        return NULL;
    if (peek(p) == '-')
        adv(p);
    if (peek(p) == '0')
        adv(p);
    else if (peek(p) >= '1' && peek(p) <= '9')
        while (peek(p) >= '0' && peek(p) <= '9')
            adv(p);
    else {
        jfail(p, "bad number");
        goto bad;
    }
    if (peek(p) == '.') {
        adv(p);
        if (!(peek(p) >= '0' && peek(p) <= '9')) { jfail(p, "bad number: digit expected after '.'"); goto bad; }
        while (peek(p) >= '0' && peek(p) <= '9')
            adv(p);
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        adv(p);
        if (peek(p) == '+' || peek(p) == '-')
            adv(p);
        if (!(peek(p) >= '0' && peek(p) <= '9')) { jfail(p, "bad number: digit expected in exponent"); goto bad; }
        while (peek(p) >= '0' && peek(p) <= '9')
            adv(p);
    }
    v->text = malloc((size_t)(p->pos - start + 1));
    if (!v->text) { jfail(p, "out of memory"); goto bad; }
    memcpy(v->text, p->s + start, (size_t)(p->pos - start));
    v->text[p->pos - start] = 0;
    v->number = strtod(v->text, NULL);
    return v;
bad:
    wc_json_free(v);
    return NULL;
}

static int word(jp *p, const char *w)
{
    size_t n = strlen(w);
    if (strncmp(p->s + p->pos, w, n))
        return 0;
    while (n--)
        adv(p);
    return 1;
}

static wc_json *pvalue(jp *p)
{
    wc_json *v = NULL;
    int c;
    ws(p);
    c = peek(p);
    if (++p->depth > 256) {
        jfail(p, "nesting deeper than 256");
        return NULL;
    }
    if (c == '{' || c == '[') {
        int obj = c == '{';
        v = newv(p, obj ? WC_JSON_OBJECT : WC_JSON_ARRAY);
        if (!v)
            goto out;
        adv(p);
        ws(p);
        if (peek(p) == (obj ? '}' : ']')) {
            adv(p);
            goto out;
        }
        for (;;) {
            char *key = NULL;
            wc_json *item;
            ws(p);
            if (obj) {
                int i;
                if (peek(p) != '"') { jfail(p, "expected a member name in double quotes"); goto bad; }
                key = pstring(p);
                if (!key)
                    goto bad;
                for (i = 0; i < v->n; i++)
                    if (!strcmp(v->keys[i], key)) {
                        jfail(p, "duplicate member \"%s\"", key);
                        free(key);
                        goto bad;
                    }
                ws(p);
                if (peek(p) != ':') { jfail(p, "expected ':' after member name"); free(key); goto bad; }
                adv(p);
            }
            item = pvalue(p);
            if (!item) {
                free(key);
                goto bad;
            }
            if (push(p, v, item, key) < 0) {
                free(key);
                wc_json_free(item);
                goto bad;
            }
            ws(p);
            if (peek(p) == ',') {
                adv(p);
                continue;
            }
            if (peek(p) == (obj ? '}' : ']')) {
                adv(p);
                break;
            }
            jfail(p, obj ? "expected ',' or '}' in object" : "expected ',' or ']' in array");
            goto bad;
        }
    } else if (c == '"') {
        v = newv(p, WC_JSON_STRING);
        if (!v)
            goto out;
        v->text = pstring(p);
        if (!v->text)
            goto bad;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        v = pnumber(p);
    } else if (word(p, "true") || word(p, "false")) {
        v = newv(p, WC_JSON_BOOL);
        if (v)
            v->boolean = p->s[p->pos - 1] == 'e' && p->s[p->pos - 2] == 'u';
    } else if (word(p, "null")) {
        v = newv(p, WC_JSON_NULL);
    } else if (c == 0) {
        jfail(p, "unexpected end of input");
    } else {
        jfail(p, "unexpected character '%c'", c);
    }
out:
    p->depth--;
    return v;
bad:
    wc_json_free(v);
    p->depth--;
    return NULL;
}

wc_json *wc_json_parse(const char *src, char *err, int errlen)
{
    jp p;
    wc_json *v;
    memset(&p, 0, sizeof p);
    p.s = src;
    p.line = p.col = 1;
    p.err = err;
    p.errlen = errlen;
    v = pvalue(&p);
    if (v) {
        ws(&p);
        if (peek(&p)) {
            jfail(&p, "trailing characters after the JSON value");
            wc_json_free(v);
            v = NULL;
        }
    }
    return v;
}

wc_json *wc_json_parse_file(const char *path, char *err, int errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL, msg[200];
    size_t n = 0, cap = 0;
    wc_json *v;
    if (!f) {
        snprintf(err, (size_t)errlen, "%s: cannot open", path);
        return NULL;
    }
    for (;;) {
        size_t got;
        if (n + 4096 + 1 > cap) {
            char *nb = realloc(buf, cap = (cap ? cap * 2 : 8192));
            if (!nb) {
                free(buf);
                fclose(f);
                snprintf(err, (size_t)errlen, "%s: out of memory", path);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    buf[n] = 0;
    if (strlen(buf) != n) {
        free(buf);
        snprintf(err, (size_t)errlen, "%s: NUL byte in file", path);
        return NULL;
    }
    v = wc_json_parse(buf, msg, (int)sizeof msg);
    if (!v)
        snprintf(err, (size_t)errlen, "%s: %s", path, msg);
    free(buf);
    return v;
}

void wc_json_free(wc_json *v)
{
    int i;
    if (!v)
        return;
    for (i = 0; i < v->n; i++) {
        wc_json_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    free(v);
}

const wc_json *wc_json_get(const wc_json *v, const char *key)
{
    int i;
    if (!v || v->kind != WC_JSON_OBJECT)
        return NULL;
    for (i = 0; i < v->n; i++)
        if (!strcmp(v->keys[i], key))
            return v->items[i];
    return NULL;
}

const char *wc_json_kind_name(enum wc_json_kind k)
{
    static const char *const names[] = { "null", "boolean", "number", "string", "array", "object" };
    return (unsigned)k < 6 ? names[k] : "?";
}

void wc_json_put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

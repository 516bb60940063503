/* SPDX-License-Identifier: Apache-2.0 */
/* Recursive-descent JSON reader (RFC 8259 grammar), linear time. */
#include "wc_json.h"
#include "wc_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>

/* Member names seen so far, keyed by (object serial, name), to find a
 * duplicate in O(1) instead of comparing with every earlier member. */
typedef struct {
    unsigned long obj;
    const char *key;
} jkey;

typedef struct {
    const char *s;
    int pos, line, col;
    char *err;
    int errlen;
    int failed;
    int depth;
    long nvalues;
    unsigned long nobj;
    jkey *keys;
    size_t nkeys, keycap;   /* keycap: 0 or a power of two */
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
    wc_json *v;
    if (++p->nvalues > WC_JSON_MAX_VALUES) {
        jfail(p, "more than %d values (the limit of the JSON reader)", WC_JSON_MAX_VALUES);
        return NULL;
    }
    v = calloc(1, sizeof *v);
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
    /* escapes never make the text longer than the source, so the source
     * span up to the closing quote bounds the copy */
    int start = p->pos, n = 0, e = p->pos + 1;
    size_t cap;
    char *o;
    adv(p);
    while (p->s[e] && p->s[e] != '"')
        e += p->s[e] == '\\' && p->s[e + 1] ? 2 : 1;
    cap = (size_t)(e - start) + 1;
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

/* Appends to an array or object.  The arrays double when n reaches a
 * power of two (their capacity is implied by n), so appending is
 * amortized O(1). */
static int push(jp *p, wc_json *a, wc_json *item, char *key)
{
    size_t cap = a->n ? 2 * (size_t)a->n : 1;
    if ((a->n & (a->n - 1)) == 0) {
        wc_json **ni = realloc(a->items, sizeof *ni * cap);
        if (!ni) {
            jfail(p, "out of memory");
            return -1;
        }
        a->items = ni;
        if (a->kind == WC_JSON_OBJECT) {
            char **nk = realloc(a->keys, sizeof *nk * cap);
            if (!nk) {
                jfail(p, "out of memory");
                return -1;
            }
            a->keys = nk;
        }
    }
    if (a->kind == WC_JSON_OBJECT)
        a->keys[a->n] = key;
    a->items[a->n++] = item;
    return 0;
}

static size_t key_hash(unsigned long obj, const char *key)
{
    size_t h = (size_t)2166136261u ^ (size_t)obj * 0x9e3779b1u;
    for (; *key; key++)
        h = (h ^ (unsigned char)*key) * 16777619u;
    return h;
}

/* Records member name key of object number obj: 1 if the object already
 * has it, 0 if new, -1 out of memory.  Open addressing, load <= 1/2. */
static int key_seen(jp *p, unsigned long obj, const char *key)
{
    size_t i, mask;
    if (2 * (p->nkeys + 1) > p->keycap) {
        size_t ncap = p->keycap ? 2 * p->keycap : 64, j;
        jkey *nt = calloc(ncap, sizeof *nt);
        if (!nt)
            return -1;
        for (j = 0; j < p->keycap; j++)
            if (p->keys[j].key) {
                for (i = key_hash(p->keys[j].obj, p->keys[j].key) & (ncap - 1); nt[i].key; i = (i + 1) & (ncap - 1))
                    ;
                nt[i] = p->keys[j];
            }
        free(p->keys);
        p->keys = nt;
        p->keycap = ncap;
    }
    mask = p->keycap - 1;
    for (i = key_hash(obj, key) & mask; p->keys[i].key; i = (i + 1) & mask)
        if (p->keys[i].obj == obj && !strcmp(p->keys[i].key, key))
            return 1;
    p->keys[i].obj = obj;
    p->keys[i].key = key;
    p->nkeys++;
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
    if (++p->depth > WC_JSON_MAX_DEPTH) {
        jfail(p, "nesting deeper than %d levels (the limit of the JSON reader)", WC_JSON_MAX_DEPTH);
        p->depth--;
        return NULL;
    }
    if (c == '{' || c == '[') {
        int obj = c == '{';
        unsigned long oid = ++p->nobj;
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
                int seen;
                if (peek(p) != '"') { jfail(p, "expected a member name in double quotes"); goto bad; }
                key = pstring(p);
                if (!key)
                    goto bad;
                seen = key_seen(p, oid, key);
                if (seen) {
                    if (seen < 0)
                        jfail(p, "out of memory");
                    else
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
    free(p.keys);
    return v;
}

wc_json *wc_json_parse_file(const char *path, char *err, int errlen)
{
    char msg[200];
    size_t n;
    char *buf = wc_file_read(path, path, "JSON file", WC_FILE_MAX_BYTES, &n, err, errlen);
    wc_json *v;
    if (!buf)
        return NULL;
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

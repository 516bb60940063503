/* SPDX-License-Identifier: Apache-2.0 */
/* Node services (see node.h): the argument area and its parser. */
#include <limits.h>
#include "node.h"

/* In .data, not .bss: the loader patches the ELF image by symbol, and
 * crt0 would clear a .bss array after the loader wrote it. */
char wc_args[WC_NODE_ARGS_MAX] __attribute__((section(".data.wc_args"))) = "";

static int is_sep(char c) { return c == '\0' || c == ',' || c == ':'; }

int wc_token_is(const char *tok, const char *word)
{
    while (*word && *tok == *word) {
        tok++;
        word++;
    }
    return *word == '\0' && is_sep(*tok);
}

const char *wc_arg(const char *key)
{
    unsigned i = 0, n = (unsigned)WC_NODE_ARGS_MAX;
    while (i < n && wc_args[i] != '\0') {
        unsigned j = 0;
        /* one entry: compare its key, then skip to the NUL that ends it */
        while (i + j < n && key[j] != '\0' && wc_args[i + j] == key[j])
            j++;
        if (key[j] == '\0' && i + j < n && wc_args[i + j] == '=') {
            unsigned v = i + j + 1, e = v;
            while (e < n && wc_args[e] != '\0')
                e++;
            /* a value that runs off the end of the area is not a value */
            return e < n ? &wc_args[v] : 0;
        }
        while (i < n && wc_args[i] != '\0')
            i++;
        i++;
    }
    return 0;
}

int wc_parse_long(const char *s, long *v, const char **end)
{
    unsigned long x = 0, base = 10, lim;
    int neg = 0, digits = 0;
    if (!s)
        return -1;
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    /* the magnitude of LONG_MIN is one more than LONG_MAX */
    lim = neg ? (unsigned long)LONG_MAX + 1u : (unsigned long)LONG_MAX;
    for (;; s++, digits++) {
        unsigned long d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned long)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned long)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned long)(*s - 'A' + 10);
        else
            break;
        if (x > (lim - d) / base)
            return -1;
        x = x * base + d;
    }
    if (end)
        *end = s;
    if (!digits || !is_sep(*s))
        return -1;
    *v = neg ? (long)(0ul - x) : (long)x;
    return 0;
}

long wc_arg_long(const char *key, long def)
{
    const char *end;
    long v;
    /* the whole value: "4,16" is a list, not the number 4 */
    return wc_parse_long(wc_arg(key), &v, &end) || *end ? def : v;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* A small JSON reader for the CLI's input files (host only: allocates).
 * Full JSON syntax (RFC 8259) is accepted; numbers keep their source text
 * so ids round-trip exactly.
 *
 * Bounded: files of at most WC_FILE_MAX_BYTES (wc_file.h), nesting of at
 * most WC_JSON_MAX_DEPTH arrays/objects (the reader recurses), at most
 * WC_JSON_MAX_VALUES values (about 100 bytes of memory each).  Time is
 * linear in the input: duplicate member names are found by hashing. */
#ifndef WC_JSON_H
#define WC_JSON_H

enum { WC_JSON_MAX_DEPTH = 256,
       WC_JSON_MAX_VALUES = 1 << 20 };  /* a tree of n nodes takes <= 2n + 3 */

enum wc_json_kind { WC_JSON_NULL, WC_JSON_BOOL, WC_JSON_NUMBER, WC_JSON_STRING,
                    WC_JSON_ARRAY, WC_JSON_OBJECT };

typedef struct wc_json {
    enum wc_json_kind kind;
    int boolean;
    double number;
    char *text;               /* string value, or a number's source text */
    int n;                    /* elements / members */
    struct wc_json **items;   /* array elements or object member values */
    char **keys;              /* object member names */
    int line, col;            /* where the value starts, for messages */
} wc_json;

/* Parse a whole document; NULL on error with "line L col C: what" in err. */
wc_json *wc_json_parse(const char *src, char *err, int errlen);
/* Read and parse a file; NULL on error with the file name in err (and the
 * limit, when the file is too large or is a directory). */
wc_json *wc_json_parse_file(const char *path, char *err, int errlen);
void wc_json_free(wc_json *v);
/* Member of an object by name, NULL if absent or v is not an object. */
const wc_json *wc_json_get(const wc_json *v, const char *key);
const char *wc_json_kind_name(enum wc_json_kind k);

/* Output helper shared by the CLI commands. */
#include <stdio.h>
/* Write s as a JSON string literal (quotes and escapes). */
void wc_json_put_string(FILE *f, const char *s);
#endif

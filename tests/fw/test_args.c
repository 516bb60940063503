/* SPDX-License-Identifier: Apache-2.0 */
/* The firmware's argument area and its parser (sw/fw/node.c) on the
 * host: lookups, numbers, the list helpers, and an area the loader filled
 * badly (no terminator, a value running off the end). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "node.h"
#include "../wc_test.h"

/* Fill the area as the loader does: NUL-separated entries, an empty one
 * to end them. */
static void load(const char *const *kv, int n)
{
    size_t at = 0;
    int i;
    memset(wc_args, 0x55, sizeof wc_args);
    for (i = 0; i < n; i++) {
        size_t l = strlen(kv[i]) + 1;
        memcpy(wc_args + at, kv[i], l);
        at += l;
    }
    wc_args[at] = '\0';
}

static void lookups(void)
{
    static const char *const kv[] = { "sizes=4,16,64", "size=7", "mode=", "x=1=2", "novalue", "reps=3" };
    const char *v;
    load(kv, 6);
    CHECK((v = wc_arg("sizes")) && !strcmp(v, "4,16,64"), "sizes");
    CHECK((v = wc_arg("size")) && !strcmp(v, "7"), "size is not taken for sizes or the reverse");
    CHECK((v = wc_arg("mode")) && !strcmp(v, ""), "an empty value is a value");
    CHECK((v = wc_arg("x")) && !strcmp(v, "1=2"), "the value runs to the NUL, '=' included");
    CHECK(!wc_arg("novalue"), "an entry without '=' has no value");
    CHECK((v = wc_arg("reps")) && !strcmp(v, "3"), "an entry after one without '='");
    CHECK(!wc_arg("siz") && !wc_arg("sizess") && !wc_arg("") && !wc_arg("4,16,64"), "no partial matches");
    CHECK(!wc_arg("1"), "values are not keys");
    CHECK(wc_arg_long("size", -1) == 7 && wc_arg_long("reps", 0) == 3, "numbers");
    CHECK(wc_arg_long("sizes", -1) == -1, "a list is not a number");
    CHECK(wc_arg_long("mode", 42) == 42 && wc_arg_long("absent", 42) == 42, "empty or absent: the default");
}

static void ends(void)
{
    static const char *const none[] = { 0 };
    memset(wc_args, 0, sizeof wc_args);
    CHECK(!wc_arg("a"), "an all-zero area (the ELF's own) has no arguments");
    load(none, 0);
    CHECK(!wc_arg("a"), "an empty list");
    /* a value that runs off the end of the area */
    memset(wc_args, 'a', sizeof wc_args);
    memcpy(wc_args, "k=", 2);
    CHECK(!wc_arg("k"), "a value without its NUL inside the area is not returned");
    /* a key that runs off the end */
    memset(wc_args, 'k', sizeof wc_args);
    CHECK(!wc_arg("k") && !wc_arg("kk"), "no terminator at all: nothing found, nothing read beyond");
    /* the last entry fills the area to its final byte */
    memset(wc_args, 'v', sizeof wc_args);
    memcpy(wc_args, "k=", 2);
    wc_args[sizeof wc_args - 1] = '\0';
    CHECK(wc_arg("k") && strlen(wc_arg("k")) == sizeof wc_args - 3, "a value ending at the last byte");
    /* an entry after the terminator is not an argument */
    load(none, 0);
    memcpy(wc_args + 1, "k=1", 4);
    CHECK(!wc_arg("k"), "entries after the empty one are ignored");
}

static void numbers(void)
{
    static const struct { const char *s; int ok; long v; } cases[] = {
        { "0", 1, 0 },       { "42", 1, 42 },       { "-17", 1, -17 },     { "+5", 1, 5 },
        { "0x10", 1, 16 },   { "0XfF", 1, 255 },    { "-0x10", 1, -16 },   { "2147483647", 1, 2147483647L },
        { "", 0, 0 },        { "-", 0, 0 },         { "0x", 0, 0 },        { "12x", 0, 0 },
        { " 1", 0, 0 },      { "1 ", 0, 0 },        { "abc", 0, 0 },       { "08", 1, 8 },
        { "16,64", 1, 16 },  { "3:4", 1, 3 },
    };
    unsigned i;
    char big[64];
    long v;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = wc_parse_long(cases[i].s, &v, 0);
        CHECK(rc == (cases[i].ok ? 0 : -1) && (!cases[i].ok || v == cases[i].v), "parse '%s'", cases[i].s);
    }
    snprintf(big, sizeof big, "%ld", LONG_MAX);
    CHECK(wc_parse_long(big, &v, 0) == 0 && v == LONG_MAX, "LONG_MAX");
    snprintf(big, sizeof big, "%ld", LONG_MIN);
    CHECK(wc_parse_long(big, &v, 0) == 0 && v == LONG_MIN, "LONG_MIN");
    snprintf(big, sizeof big, "%ld0", LONG_MAX);
    CHECK(wc_parse_long(big, &v, 0) == -1, "overflow refused");
    CHECK(wc_parse_long("99999999999999999999999", &v, 0) == -1, "far overflow refused");
    CHECK(wc_parse_long(0, &v, 0) == -1, "NULL refused");
    {
        const char *end;
        CHECK(wc_parse_long("16,64", &v, &end) == 0 && v == 16 && *end == ',', "end points at the separator");
    }
    CHECK(wc_token_is("fpfs", "fpfs") && wc_token_is("fpfs,host", "fpfs") && wc_token_is("kbin:3", "kbin"),
          "tokens end at NUL, ',' or ':'");
    CHECK(!wc_token_is("fpfsx", "fpfs") && !wc_token_is("fpf", "fpfs") && !wc_token_is("", "fpfs"),
          "no partial tokens");
}

int main(void)
{
    CHECK(sizeof wc_args == WC_NODE_ARGS_MAX, "the area is NODE_ARGS_MAX bytes");
    GROUP("lookups in a well-formed area", lookups());
    GROUP("badly terminated areas", ends());
    GROUP("numbers and tokens", numbers());
    return wc_test_done();
}

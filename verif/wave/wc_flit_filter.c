/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast-flit: a flit {type[1:0], data[W-1:0]} (defs/wc_defs.def, FLIT
 * and HEAD) as words: what kind of flit, and for a head its destination,
 * its kind (unicast or multidestination, with the address flits that
 * follow) and its user field; for a body or tail flit the payload word.
 *
 *   wormcast-flit [--width=W] [--valid] [--user=NAME] [HEX...]
 *
 * With values, one line each: the value, then its decoding.  Without, it
 * is a GTKWave "Translate Filter Process": one value a line on stdin (as
 * GTKWave shows it, hex digits), one decoded line back on stdout at once.
 * The layouts `wormcast sim --wave` and `wormcast run --wave` write name
 * it for every flit row.  GTKWave passes what follows the program's name
 * in the layout as a single argument, so options may also come as one
 * argument with spaces ("--width=32 --user=src").
 *
 * --valid: each value is {valid, flit}, W + 3 bits, as the layouts show a
 * link (the valid signal beside the flit bits in one row): "-" while no
 * flit is valid, so an idle link is not taken for a body flit of zeros.
 *
 * --user names the head's HEAD_USER field and shows it always: the
 * simulator's traffic puts the source node there (--user=src, which the
 * sim layouts pass); without it the field is shown as "user" when it is
 * not 0 (the NIC leaves it 0).  A line that is not a hex number (GTKWave's x or z) comes back
 * as it is, and so does a value that does not fit W + 2 bits. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_defs.h"

static int W = WC_FLIT_DATA_W;
static const char *user = "user";
static int with_valid;     /* --valid: the bit above the flit is its valid bit */
static int user_named;     /* --user given: the field is shown even when 0 */

/* 0 and the decoding in out, or -1 when s is not a flit of W + 2 bits */
static int decode(const char *s, char *out, size_t n)
{
    uint64_t v = 0, data;
    int digits = 0, type;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    for (; *s; s++) {
        int d = isdigit((unsigned char)*s) ? *s - '0'
              : isxdigit((unsigned char)*s) ? tolower((unsigned char)*s) - 'a' + 10 : -1;
        if (d < 0 || v >> 60)
            return -1;
        v = v << 4 | (uint64_t)d;
        digits++;
    }
    if (!digits || (W + 2 + with_valid < 64 && v >> (W + 2 + with_valid)))
        return -1;
    /* with --valid the row is {valid, flit}: no flit while valid is 0 */
    if (with_valid) {
        if (!(v >> (W + 2) & 1)) {
            snprintf(out, n, "-");
            return 0;
        }
        v &= (UINT64_C(1) << (W + 2)) - 1;
    }
    type = (int)(v >> W) & 3;
    data = W < 64 ? v & ((UINT64_C(1) << W) - 1) : v;
    if (type == WC_FT_HEAD || type == WC_FT_SINGLE) {
        uint32_t h = (uint32_t)data;
        int kind = (int)WC_GET(h, HEAD_KIND), naddr = (int)WC_GET(h, HEAD_NADDR), u = (int)WC_GET(h, HEAD_USER);
        int k = snprintf(out, n, "%s dst %u", type == WC_FT_HEAD ? "H" : "HT", (unsigned)WC_GET(h, HEAD_DST));
        if (kind == WC_KIND_MULTI)
            k += snprintf(out + k, n - (size_t)k, " multi +%d", naddr);
        else if (kind != WC_KIND_UNICAST || naddr)
            k += snprintf(out + k, n - (size_t)k, " kind %d naddr %d", kind, naddr);
        if (u || user_named)
            k += snprintf(out + k, n - (size_t)k, " %s %d", user, u);
        if (data >> 32)
            snprintf(out + k, n - (size_t)k, " hi %llx", (unsigned long long)(data >> 32));
    } else {
        snprintf(out, n, "%s %0*llx", type == WC_FT_TAIL ? "T" : "B", (W + 3) / 4, (unsigned long long)data);
    }
    return 0;
}

static int option(const char *a)
{
    char *end;
    long w;
    if (!strncmp(a, "--width=", 8)) {
        w = strtol(a + 8, &end, 10);
        if (*end || w < 32 || w > 62) {
            fprintf(stderr, "wormcast-flit: --width expects 32..62, got '%s'\n", a + 8);
            return -1;
        }
        W = (int)w;
        return 1;
    }
    if (!strcmp(a, "--valid")) {
        with_valid = 1;
        return 1;
    }
    if (!strncmp(a, "--user=", 7) && a[7]) {
        user = a + 7;
        user_named = 1;
        return 1;
    }
    if (a[0] == '-' && a[1] == '-') {
        fprintf(stderr, "wormcast-flit: unknown option '%s'\n"
                        "usage: wormcast-flit [--width=W] [--valid] [--user=NAME] [HEX...]   (no HEX: a filter of stdin)\n", a);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    char line[256], out[128], *tok, *save = NULL;
    const char *values[256];
    int i, nvalues = 0, rc = 0, o;
    /* the options and the values, also from one argument holding several */
    for (i = 1; i < argc; i++)
        for (tok = strtok_r(argv[i], " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
            if ((o = option(tok)) < 0)
                return 2;
            if (o == 0) {
                if (nvalues == (int)(sizeof values / sizeof values[0])) {
                    fprintf(stderr, "wormcast-flit: at most %d values at once\n", nvalues);
                    return 2;
                }
                values[nvalues++] = tok;
            }
        }
    for (i = 0; i < nvalues; i++) {
        if (decode(values[i], out, sizeof out)) {
            fprintf(stderr, "wormcast-flit: '%s' is not a flit of %d bits in hex\n", values[i], W + 2 + with_valid);
            rc = 2;
        } else
            printf("%s  %s\n", values[i], out);
    }
    if (nvalues)
        return rc;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        printf("%s\n", decode(line, out, sizeof out) ? line : out);
        fflush(stdout);
    }
    return 0;
}

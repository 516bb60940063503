/* SPDX-License-Identifier: Apache-2.0 */
/* The firmware's argument block (sw/fw/node.c: wc_arg, wc_parse_long,
 * wc_token_is), as the loader leaves it in wc_args (NUL-separated
 * KEY=VALUE strings, not necessarily terminated), and the tree names the
 * apps read from it (mc_tree_parse), compiled for the host. */
#include <string.h>
#include "fuzz.h"
#include "mc_tree.h"
#include "node.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const keys[] = { "count", "seed", "trees", "modes", "sizes", "limit", "roots", "" };
    unsigned i;
    memset(wc_args, 0, sizeof wc_args);
    memcpy(wc_args, data, size < sizeof wc_args ? size : sizeof wc_args);
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *v = wc_arg(keys[i]), *end, *p;
        long x;
        mc_tree t;
        if (!v)
            continue;
        (void)wc_arg_long(keys[i], 0);
        (void)wc_token_is(v, "fpfs");
        /* a comma-separated list, element by element, as the apps walk it */
        for (p = v; p && *p;) {
            (void)wc_parse_long(p, &x, &end);
            (void)mc_tree_parse(p, &t);
            p = strchr(p, ',');
            if (p)
                p++;
        }
    }
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* The sweep spec: wormcast sweep --spec FILE --dry-run (the spec parsed,
 * checked and expanded into its job list; nothing runs). */
#include "fuzz.h"

int wc_cmd_sweep(int argc, char **argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_quiet();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = fuzz_file(data, size, ".sweep");
    char *argv[] = { "sweep", "--spec", (char *)p, "--dry-run", NULL };
    if (p)
        (void)wc_cmd_sweep(4, argv);
    return 0;
}

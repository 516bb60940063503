/* SPDX-License-Identifier: Apache-2.0 */
/* The RV32 ELF loader (rv_elf_parse) on an image in a buffer of exactly
 * its size, into a node RAM. */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "rv32_elf.h"
#include "wc_defs.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t ram[1 << 16];
    rv_elf_info_t info;
    char err[256];
    uint8_t *b = malloc(size ? size : 1);
    if (!b)
        return 0;
    memcpy(b, data, size);
    (void)rv_elf_parse(b, size, "fuzz.elf", ram, 0x80000000u, sizeof ram, &info, err, sizeof err);
    free(b);
    return 0;
}

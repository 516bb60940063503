/* SPDX-License-Identifier: Apache-2.0 */
/* Minimal ELF32 little-endian RISC-V loader for the node SoC (host only). */
#ifndef RV32_ELF_H
#define RV32_ELF_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct rv_elf_info {
    uint32_t entry;
    uint32_t tohost;      /* address of symbol tohost, 0 if absent */
    int has_tohost;
    uint32_t args, args_size; /* symbol wc_args (firmware arguments, docs/system.md), 0 if absent */
    uint32_t lo, hi;      /* loaded byte range [lo, hi) */
} rv_elf_info_t;

/* The loader reads the whole file: larger ones (the node's RAM is far
 * smaller, debug sections included) are refused before reading. */
#define RV_ELF_MAX_BYTES (64L << 20)

/* Load the PT_LOAD segments of `path` into ram (ram_base, ram_size).
 * Returns 0, or -1 with "PATH: reason" in err (defs/wc_err.h). */
int rv_elf_load(const char *path, uint8_t *ram, uint32_t ram_base,
                uint32_t ram_size, rv_elf_info_t *info, char *err, int errlen);
/* The same for an image already in memory, buf[0..len), called path in
 * messages: every offset and size it holds is checked against len. */
int rv_elf_parse(const uint8_t *buf, size_t len, const char *path, uint8_t *ram, uint32_t ram_base,
                 uint32_t ram_size, rv_elf_info_t *info, char *err, int errlen);
/* Write ram[lo..hi) as $readmemh words (one 32-bit word per line) with an
 * @address line, so the Verilog RAM loads the same image.  0, or -1 with
 * the reason in err. */
int rv_elf_write_hex(const char *path, const uint8_t *ram, uint32_t ram_base,
                     const rv_elf_info_t *info, char *err, int errlen);
#ifdef __cplusplus
}
#endif
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* ELF32 loader: reads program headers (PT_LOAD) and the symbol table only,
 * which is all riscv-tests style programs need (entry, tohost).  Layout from
 * the System V ABI "ELF header", "Program header", "Symbol table" sections. */
#include "rv32_elf.h"
#include "wc_err.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint32_t rd16(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8; }

static int fail(const char *path, const char *why, uint8_t *buf, char *err, int errlen)
{
    free(buf);
    return wc_err(err, errlen, "%s: %s", path, why);
}
#define FAIL(why) fail(path, why, buf, err, errlen)

int rv_elf_load(const char *path, uint8_t *ram, uint32_t ram_base,
                uint32_t ram_size, rv_elf_info_t *info, char *err, int errlen)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long len;
    uint32_t phoff, phnum, phentsz, shoff, shnum, shentsz, i;

    if (!f)
        return wc_err(err, errlen, "%s: cannot open", path);
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (len <= 0) {
        fclose(f);
        return wc_err(err, errlen, "%s: cannot read (empty or not a regular file)", path);
    }
    if (len > RV_ELF_MAX_BYTES) {
        fclose(f);
        return wc_err(err, errlen, "%s: %ld bytes, more than the %ld an ELF for the node may have", path, len,
                      (long)RV_ELF_MAX_BYTES);
    }
    if (!(buf = wc_alloc((size_t)len, 1, "the ELF image", err, errlen))) {
        fclose(f);
        return -1;
    }
    if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        return FAIL("cannot read");
    }
    fclose(f);
    if (len < 52 || memcmp(buf, "\177ELF", 4) != 0)
        return FAIL("not an ELF file");
    if (buf[4] != 1 || buf[5] != 1 || rd16(buf + 18) != 243)
        return FAIL("not a 32-bit little-endian RISC-V ELF");
    memset(info, 0, sizeof *info);
    info->entry = rd32(buf + 24);
    info->lo = 0xffffffffu;
    phoff = rd32(buf + 28);
    shoff = rd32(buf + 32);
    phentsz = rd16(buf + 42);
    phnum = rd16(buf + 44);
    shentsz = rd16(buf + 46);
    shnum = rd16(buf + 48);
    if ((uint64_t)phoff + (uint64_t)phnum * phentsz > (uint64_t)len)
        return FAIL("program headers outside the file");
    for (i = 0; i < phnum; i++) {
        const uint8_t *ph = buf + phoff + i * phentsz;
        uint32_t off = rd32(ph + 4), pa = rd32(ph + 12), fsz = rd32(ph + 16), msz = rd32(ph + 20);
        if (rd32(ph) != 1 || msz == 0)
            continue;
        if (pa < ram_base || (uint64_t)pa - ram_base + msz > ram_size) {
            char why[160];
            snprintf(why, sizeof why, "segment 0x%08x..0x%08llx does not fit the RAM 0x%08x..0x%08llx (%u bytes)", pa,
                     (unsigned long long)pa + msz, ram_base, (unsigned long long)ram_base + ram_size, ram_size);
            return FAIL(why);
        }
        if ((uint64_t)off + fsz > (uint64_t)len || fsz > msz)
            return FAIL("segment outside the file");
        memcpy(ram + (pa - ram_base), buf + off, fsz);
        memset(ram + (pa - ram_base) + fsz, 0, msz - fsz);
        if (pa < info->lo) info->lo = pa;
        if (pa + msz > info->hi) info->hi = pa + msz;
    }
    if (info->hi == 0)
        return FAIL("no loadable segment");
    if ((uint64_t)shoff + (uint64_t)shnum * shentsz <= (uint64_t)len) {
        for (i = 0; i < shnum; i++) {
            const uint8_t *sh = buf + shoff + i * shentsz, *str;
            uint32_t so, ssz, link, k, stro, strsz;
            if (rd32(sh + 4) != 2)          /* SHT_SYMTAB */
                continue;
            so = rd32(sh + 16);
            ssz = rd32(sh + 20);
            link = rd32(sh + 24);
            if (link >= shnum || (uint64_t)so + ssz > (uint64_t)len)
                break;
            stro = rd32(buf + shoff + link * shentsz + 16);
            strsz = rd32(buf + shoff + link * shentsz + 20);
            if ((uint64_t)stro + strsz > (uint64_t)len)
                break;
            str = buf + stro;
            for (k = 0; k + 16 <= ssz; k += 16) {
                const uint8_t *sym = buf + so + k;
                const char *name = (const char *)str + rd32(sym);
                /* a name must end inside its string table */
                if (rd32(sym) >= strsz || !memchr(name, 0, strsz - rd32(sym)))
                    continue;
                if (!strcmp(name, "tohost")) {
                    info->tohost = rd32(sym + 4);
                    info->has_tohost = 1;
                } else if (!strcmp(name, "wc_args")) {
                    info->args = rd32(sym + 4);
                    info->args_size = rd32(sym + 8);
                }
            }
        }
    }
    free(buf);
    return 0;
}

int rv_elf_write_hex(const char *path, const uint8_t *ram, uint32_t ram_base,
                     const rv_elf_info_t *info, char *err, int errlen)
{
    FILE *f = fopen(path, "w");
    uint32_t a, lo = info->lo & ~3u;
    if (!f)
        return wc_err(err, errlen, "%s: cannot write", path);
    fprintf(f, "@%x\n", (lo - ram_base) / 4);
    for (a = lo; a < info->hi; a += 4) {
        const uint8_t *p = ram + (a - ram_base);
        fprintf(f, "%08x\n", rd32(p));
    }
    return fclose(f) == 0 ? 0 : wc_err(err, errlen, "%s: write failed", path);
}

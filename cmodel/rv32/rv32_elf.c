/* SPDX-License-Identifier: Apache-2.0 */
/* ELF32 loader: reads program headers (PT_LOAD) and the symbol table only,
 * which is all riscv-tests style programs need (entry, tohost).  Layout from
 * the System V ABI "ELF header", "Program header", "Symbol table" sections. */
#define _POSIX_C_SOURCE 200809L
#include "rv32_elf.h"
#include "wc_err.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint32_t rd32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint32_t rd16(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8; }

static int fail(const char *path, const char *why, char *err, int errlen)
{
    return wc_err(err, errlen, "%s: %s", path, why);
}
#define FAIL(why) fail(path, why, err, errlen)

/* The sizes of one program and one section header in ELF32: a file that
 * claims smaller ones would have the fields read past each entry. */
#define PH_SIZE 32u
#define SH_SIZE 40u

int rv_elf_parse(const uint8_t *buf, size_t len, const char *path, uint8_t *ram, uint32_t ram_base,
                 uint32_t ram_size, rv_elf_info_t *info, char *err, int errlen)
{
    uint32_t phoff, phnum, phentsz, shoff, shnum, shentsz, i;

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
    if (phnum && phentsz < PH_SIZE)
        return FAIL("program header entries shorter than the 32 bytes of ELF32");
    if (shnum && shentsz < SH_SIZE)
        return FAIL("section header entries shorter than the 40 bytes of ELF32");
    if ((uint64_t)phoff + (uint64_t)phnum * phentsz > (uint64_t)len)
        return FAIL("program headers outside the file");
    /* a cut-off section table means a truncated file: its segments may be
     * cut too, and the symbols (tohost, wc_args) are lost */
    if (shnum && (uint64_t)shoff + (uint64_t)shnum * shentsz > (uint64_t)len)
        return FAIL("section headers outside the file (truncated?)");
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
            const char *name;
            /* a name must end inside its string table */
            if (rd32(sym) >= strsz || !memchr(str + rd32(sym), 0, strsz - rd32(sym)))
                continue;
            name = (const char *)str + rd32(sym);
            if (!strcmp(name, "tohost")) {
                info->tohost = rd32(sym + 4);
                info->has_tohost = 1;
            } else if (!strcmp(name, "wc_args")) {
                info->args = rd32(sym + 4);
                info->args_size = rd32(sym + 8);
            }
        }
    }
    return 0;
}

int rv_elf_load(const char *path, uint8_t *ram, uint32_t ram_base,
                uint32_t ram_size, rv_elf_info_t *info, char *err, int errlen)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; only a
     * regular file is read, so nothing after the open can block either */
    int fd = open(path, O_RDONLY | O_NONBLOCK), rc;
    struct stat st;
    uint8_t *buf;
    size_t n = 0;

    memset(&st, 0, sizeof st);
    if (fd < 0)
        return wc_err(err, errlen, "%s: cannot open", path);
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return wc_err(err, errlen, "%s: cannot read (%s)", path,
                      S_ISDIR(st.st_mode) ? "a directory" : "not a regular file");
    }
    if (st.st_size <= 0) {
        close(fd);
        return wc_err(err, errlen, "%s: cannot read (empty)", path);
    }
    if (st.st_size > RV_ELF_MAX_BYTES) {
        close(fd);
        return wc_err(err, errlen, "%s: %lld bytes, more than the %ld an ELF for the node may have", path,
                      (long long)st.st_size, (long)RV_ELF_MAX_BYTES);
    }
    if (!(buf = wc_alloc((size_t)st.st_size, 1, "the ELF image", err, errlen))) {
        close(fd);
        return -1;
    }
    while (n < (size_t)st.st_size) {
        ssize_t got = read(fd, buf + n, (size_t)st.st_size - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n != (size_t)st.st_size) {
        free(buf);
        return wc_err(err, errlen, "%s: cannot read (%zu of %lld bytes)", path, n, (long long)st.st_size);
    }
    rc = rv_elf_parse(buf, n, path, ram, ram_base, ram_size, info, err, errlen);
    free(buf);
    return rc;
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

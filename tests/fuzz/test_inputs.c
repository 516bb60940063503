/* SPDX-License-Identifier: Apache-2.0 */
/* Loaders against malformed and unusual inputs, one check per defect a
 * bad-input audit or the fuzzers (tests/fuzz/) found: each case failed
 * before its fix.  Under make test-asan the same program runs with
 * AddressSanitizer, which also catches reads past a buffer that leave the
 * result unchanged.
 * usage: test_inputs DIR (a directory it may create scratch files in) */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "rv32_elf.h"
#include "wc_file.h"
#include "../wc_test.h"

static void wr16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void wr32(uint8_t *p, uint32_t v) { wr16(p, v & 0xffff); wr16(p + 2, v >> 16); }

#define BASE 0x80000000u
/* A small valid RV32 ELF: header, one PT_LOAD of 8 bytes, then (with
 * sections) a null section, .symtab with the symbol tohost, .strtab.
 * phent/shent are the entry sizes the header claims; the tables are laid
 * out with them, at the end of the file (so that an entry read past its
 * size runs off the file).  Returns the length. */
static size_t make_elf(uint8_t *b, int sections, uint32_t phent, uint32_t shent)
{
    size_t seg = 52, ph, sym, str, sh, len;
    memset(b, 0, 1024);
    memcpy(b, "\177ELF", 4);
    b[4] = 1; /* ELFCLASS32 */
    b[5] = 1; /* little-endian */
    b[6] = 1;
    wr16(b + 16, 2);   /* ET_EXEC */
    wr16(b + 18, 243); /* EM_RISCV */
    wr32(b + 20, 1);
    wr32(b + 24, BASE);
    wr16(b + 40, 52);
    wr32(b + seg, 0x00000013); /* nop */
    wr32(b + seg + 4, 0);
    sym = seg + 8;
    memset(b + sym, 0, 32);
    wr32(b + sym + 16, 1);          /* name "tohost" at strtab offset 1 */
    wr32(b + sym + 20, BASE + 4);
    str = sym + 32;
    memcpy(b + str, "\0tohost\0", 8);
    ph = str + 8;
    wr32(b + 28, (uint32_t)ph);
    wr16(b + 42, phent);
    wr16(b + 44, 1);
    wr32(b + ph, 1); /* PT_LOAD */
    if (phent >= 24) {
        wr32(b + ph + 4, (uint32_t)seg);
        wr32(b + ph + 12, BASE);
        wr32(b + ph + 16, 8);
        wr32(b + ph + 20, 8);
    }
    len = ph + phent;
    if (sections) {
        sh = len;
        wr32(b + 32, (uint32_t)sh);
        wr16(b + 46, shent);
        wr16(b + 48, 3);
        memset(b + sh, 0, 3 * shent);
        if (shent >= 40) {
            wr32(b + sh + shent + 4, 2); /* SHT_SYMTAB */
            wr32(b + sh + shent + 16, (uint32_t)sym);
            wr32(b + sh + shent + 20, 32);
            wr32(b + sh + shent + 24, 2);
            wr32(b + sh + 2 * shent + 4, 3); /* SHT_STRTAB */
            wr32(b + sh + 2 * shent + 16, (uint32_t)str);
            wr32(b + sh + 2 * shent + 20, 8);
        }
        len = sh + 3 * shent;
    }
    return len;
}

static int parse(const uint8_t *b, size_t len, rv_elf_info_t *info, char *err)
{
    static uint8_t ram[4096];
    err[0] = 0;
    return rv_elf_parse(b, len, "t.elf", ram, BASE, sizeof ram, info, err, 256);
}

static void elf_cases(void)
{
    uint8_t b[1024], *exact;
    rv_elf_info_t info;
    char err[256];
    size_t len;
    GROUP("ELF: a well-formed image loads, with its symbol", {
        len = make_elf(b, 1, 32, 40);
        CHECK(parse(b, len, &info, err) == 0 && info.has_tohost && info.tohost == BASE + 4 && info.hi == BASE + 8,
              "valid ELF: '%s', tohost %d 0x%x", err, info.has_tohost, info.tohost);
    });
    /* The tables end the file, each in a buffer of exactly its length
     * (ASan sees a read past it). */
    GROUP("ELF: program header entries shorter than 32 bytes are refused", {
        len = make_elf(b, 0, 8, 40);
        exact = malloc(len);
        memcpy(exact, b, len);
        CHECK(parse(exact, len, &info, err) == -1 && strstr(err, "t.elf: program header entries shorter"),
              "e_phentsize 8: '%s'", err);
        free(exact);
    });
    GROUP("ELF: section header entries shorter than 40 bytes are refused", {
        len = make_elf(b, 1, 32, 16);
        exact = malloc(len);
        memcpy(exact, b, len);
        CHECK(parse(exact, len, &info, err) == -1 && strstr(err, "t.elf: section header entries shorter"),
              "e_shentsize 16: '%s'", err);
        free(exact);
    });
    GROUP("ELF: a section header table cut off by the file's end is refused", {
        len = make_elf(b, 1, 32, 40);
        CHECK(parse(b, len - 20, &info, err) == -1 && strstr(err, "section headers outside the file"),
              "truncated section table: '%s'", err);
    });
    GROUP("ELF: no section headers at all (stripped) still loads", {
        len = make_elf(b, 0, 32, 40);
        CHECK(parse(b, len, &info, err) == 0 && !info.has_tohost, "no sections: '%s'", err);
    });
}

/* Runs f on a FIFO without a writer in a child; 1 when it returned within
 * 5 s (the child is killed otherwise). */
static int returns_on_fifo(const char *fifo, int (*f)(const char *, char *), char *err)
{
    time_t t0 = time(NULL);
    int r = f(fifo, err);
    return time(NULL) - t0 < 5 && r == -1;
}

static int load_elf(const char *path, char *err)
{
    static uint8_t ram[4096];
    rv_elf_info_t info;
    err[0] = 0;
    return rv_elf_load(path, ram, BASE, sizeof ram, &info, err, 256);
}

static void file_cases(const char *dir)
{
    char fifo[512], err[256];
    GROUP("ELF loader: a directory is named as one, no byte count", {
        CHECK(load_elf(dir, err) == -1 && strstr(err, "a directory") && !strstr(err, "bytes"), "directory: '%s'", err);
    });
    snprintf(fifo, sizeof fifo, "%s/test_inputs.fifo", dir);
    unlink(fifo);
    if (mkfifo(fifo, 0600)) {
        CHECK(0, "mkfifo %s: %s", fifo, strerror(errno));
        return;
    }
    /* Before the fix the ELF loader's fopen waited for a writer for ever:
     * alarm() ends the program then, as a failure. */
    alarm(20);
    GROUP("ELF loader: a FIFO without a writer is refused at once", {
        CHECK(returns_on_fifo(fifo, load_elf, err) && strstr(err, "not a regular file"), "FIFO ELF: '%s'", err);
    });
    alarm(0);
    unlink(fifo);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_inputs DIR\n");
        return 2;
    }
    elf_cases();
    file_cases(argv[1]);
    return wc_test_done();
}

/* SPDX-License-Identifier: Apache-2.0 */
/* The fuzz targets without libFuzzer: each FILE, or each file of each
 * DIRECTORY, is one input (the corpus and the crashes under tests/fuzz/).
 * Exit 0 when every input ran; a crash ends the program as it would the
 * fuzzer.  usage: fuzz_TARGET FILE|DIRECTORY... */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

static long ran;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f) {
        fprintf(stderr, "fuzz: cannot open %s\n", path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (n < 0 || !(buf = malloc((size_t)n + 1)) || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        fprintf(stderr, "fuzz: cannot read %s\n", path);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)n);
    free(buf);
    ran++;
    return 0;
}

int main(int argc, char **argv)
{
    int i, bad = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (i = 1; i < argc; i++) {
        struct stat st;
        DIR *d;
        struct dirent *e;
        if (stat(argv[i], &st) || !S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[i]) < 0;
            continue;
        }
        if (!(d = opendir(argv[i]))) {
            bad = 1;
            continue;
        }
        while ((e = readdir(d))) {
            char p[4096];
            if (e->d_name[0] == '.')
                continue;
            snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
            bad |= run_file(p) < 0;
        }
        closedir(d);
    }
    fprintf(stderr, "%s: %ld inputs ran\n", argv[0], ran);
    return bad ? 2 : 0;
}

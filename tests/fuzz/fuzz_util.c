/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers of the fuzz targets (fuzz.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"

const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix)
{
    static char path[256];
    const char *dir = getenv("TMPDIR");
    FILE *f;
    snprintf(path, sizeof path, "%s/wc-fuzz-%ld%s", dir && *dir ? dir : "/tmp", (long)getpid(), suffix);
    if (!(f = fopen(path, "wb")))
        return NULL;
    if (size && fwrite(data, 1, size, f) != size) {
        fclose(f);
        return NULL;
    }
    return fclose(f) ? NULL : path;
}

const char *fuzz_str(const uint8_t *data, size_t size, size_t max)
{
    static char buf[65536];
    if (max > sizeof buf - 1)
        max = sizeof buf - 1;
    if (size > max)
        size = max;
    memcpy(buf, data, size);
    buf[size] = 0;
    return buf;
}

void fuzz_quiet(void)
{
    static int done;
    if (!done && freopen("/dev/null", "w", stdout))
        done = 1;
}

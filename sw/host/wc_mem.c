/* SPDX-License-Identifier: Apache-2.0 */
/* Resident memory of this process (wc_mem.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include "wc_mem.h"

int wc_mem_kib(long *rss, long *peak)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    struct rusage ru;
    *rss = *peak = -1;
    if (f) {
        while (fgets(line, sizeof line, f)) {
            if (!strncmp(line, "VmRSS:", 6))
                sscanf(line + 6, "%ld", rss);
            else if (!strncmp(line, "VmHWM:", 6))
                sscanf(line + 6, "%ld", peak);
        }
        fclose(f);
    }
    /* Linux reports ru_maxrss in KiB */
    if (*peak < 0 && !getrusage(RUSAGE_SELF, &ru))
        *peak = ru.ru_maxrss;
    return *peak < 0 ? -1 : 0;
}

void wc_mem_note(char *buf, int len)
{
    long rss, peak;
    wc_mem_kib(&rss, &peak);
    if (rss >= 0)
        snprintf(buf, (size_t)len, "resident %ld KiB (peak %ld KiB)", rss, peak);
    else if (peak >= 0)
        snprintf(buf, (size_t)len, "resident memory unknown (peak %ld KiB)", peak);
    else
        snprintf(buf, (size_t)len, "resident memory unknown");
}

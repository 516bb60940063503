/* SPDX-License-Identifier: Apache-2.0 */
/* Bounded whole-file reads (wc_file.h).  POSIX for open(), fstat() and
 * poll(): the size and the kind of the file are asked before any byte is
 * read, and a file that is not a regular one is waited for in bounded
 * steps. */
#define _POSIX_C_SOURCE 200809L
#include "wc_file.h"
#include "wc_err.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

/* "16 MiB" for whole mebibytes, else the byte count: limits read better
 * in the unit they were chosen in. */
static void limit_text(size_t limit, char *buf, size_t n)
{
    if (limit >= ((size_t)1 << 20) && limit % ((size_t)1 << 20) == 0)
        snprintf(buf, n, "%zu MiB", limit >> 20);
    else
        snprintf(buf, n, "%zu bytes", limit);
}

/* Waits until fd (not a regular file) has data or its end: 1, or 0 after
 * WC_FILE_WAIT_S seconds with neither.  A FIFO opened without a writer
 * reports nothing until one comes, so this is what ends that wait. */
static int readable(int fd)
{
    struct pollfd p;
    int r;
    p.fd = fd;
    p.events = POLLIN;
    p.revents = 0;
    do
        r = poll(&p, 1, WC_FILE_WAIT_S * 1000);
    while (r < 0 && errno == EINTR);
    return r != 0; /* an error shows at the read */
}

char *wc_file_read(const char *path, const char *name, const char *what, size_t limit,
                   size_t *len, char *err, int errlen)
{
    FILE *f;
    struct stat st;
    char *buf = NULL, lim[32];
    size_t n = 0, cap;
    int fd, regular;

    limit_text(limit, lim, sizeof lim);
    /* O_NONBLOCK: the open of a FIFO returns at once, writer or not */
    fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        wc_err(err, errlen, "%s: cannot open: %s", name, strerror(errno));
        return NULL;
    }
    memset(&st, 0, sizeof st);
    if (fstat(fd, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            close(fd);
            wc_err(err, errlen, "%s: is a directory, not a %s", name, what);
            return NULL;
        }
        if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > (unsigned long long)limit) {
            close(fd);
            wc_err(err, errlen, "%s: %lld bytes, larger than the limit of %s for a %s", name,
                   (long long)st.st_size, lim, what);
            return NULL;
        }
    }
    regular = S_ISREG(st.st_mode);
    /* a regular file reads as ever; anything else is read as data comes,
     * each wait bounded (readable) */
    if (regular)
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!(f = fdopen(fd, "rb"))) {
        close(fd);
        wc_err(err, errlen, "%s: cannot open: %s", name, strerror(errno));
        return NULL;
    }
    /* A regular file's size is only a hint (it may grow meanwhile), and a
     * pipe or device has none: read in growing chunks up to limit + 1
     * bytes, the one extra byte telling "more than the limit". */
    cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 65536;
    if (cap > limit + 2)
        cap = limit + 2;
    for (;;) {
        size_t got, want;
        if (!buf || n + 1 == cap) {
            char *nb;
            if (buf)
                cap = cap > limit / 2 + 1 ? limit + 2 : 2 * cap;
            nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                wc_err(err, errlen, "%s: out of memory reading it (%zu bytes)", name, cap);
                return NULL;
            }
            buf = nb;
        }
        want = cap - 1 - n;
        if (!regular) {
            ssize_t r;
            if (!readable(fd)) {
                free(buf);
                fclose(f);
                wc_err(err, errlen, "%s: no data for %d s (not a regular file: a FIFO without a writer?)", name,
                       WC_FILE_WAIT_S);
                return NULL;
            }
            r = read(fd, buf + n, want);
            if (r < 0 && (errno == EAGAIN || errno == EINTR))
                continue;
            if (r < 0) {
                int e = errno;
                free(buf);
                fclose(f);
                wc_err(err, errlen, "%s: cannot read: %s", name, strerror(e));
                return NULL;
            }
            got = (size_t)r;
            n += got;
            if (got == 0)
                break;
            if (n > limit) {
                free(buf);
                fclose(f);
                wc_err(err, errlen, "%s: longer than the limit of %s for a %s (not a regular file: read until the "
                       "limit)", name, lim, what);
                return NULL;
            }
            continue;
        }
        got = fread(buf + n, 1, want, f);
        n += got;
        if (n > limit) {
            free(buf);
            fclose(f);
            wc_err(err, errlen, "%s: longer than the limit of %s for a %s%s", name, lim, what,
                   S_ISREG(st.st_mode) ? "" : " (not a regular file: read until the limit)");
            return NULL;
        }
        if (got < want)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        fclose(f);
        wc_err(err, errlen, "%s: cannot read: %s", name, e ? strerror(e) : "read error");
        return NULL;
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

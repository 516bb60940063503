/* SPDX-License-Identifier: Apache-2.0 */
/* Bounded reading of the files the tool takes as input (topology files,
 * JSON trees).  Host only: allocates.
 *
 * Every input file is read whole into memory, so each has a size limit:
 * a regular file larger than the limit is refused by its size before
 * anything is read; a pipe or device (which may never end, /dev/zero) is
 * read up to the limit and refused when more follows; a directory is
 * refused as such.  Messages name the file and the limit.  Reading a file
 * that is not a regular one waits at most WC_FILE_WAIT_S seconds for each
 * piece of data (a FIFO nobody writes to is refused then, not waited on
 * for ever). */
#ifndef WC_FILE_H
#define WC_FILE_H
#include <stddef.h>

/* The limit of every input file: 16 MiB.  A topology file of the largest
 * network the tool accepts (4096 switches x 64 ports) takes about 3 MiB, a
 * JSON chain of 10^5 nodes 1.6 MiB and one of WC_TREE_MAX_NODES (5 x 10^5)
 * about 9 MiB. */
#define WC_FILE_MAX_BYTES ((size_t)16 << 20)
/* The longest wait for data from a pipe or FIFO. */
#define WC_FILE_WAIT_S 10

/* Reads the file at path (at most limit bytes) into a NUL-terminated
 * buffer the caller frees; *len receives the byte count (the buffer may
 * hold NUL bytes before it).  name is how messages call the file (e.g.
 * "file:PATH" or PATH), what what it should be ("topology file").  NULL
 * with "NAME: ..." in err on failure. */
char *wc_file_read(const char *path, const char *name, const char *what, size_t limit,
                   size_t *len, char *err, int errlen);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* What the fuzz targets (tests/fuzz/fuzz_*.c, mk/robust.mk) share: the
 * libFuzzer entry, a scratch file for the loaders that take a path, and
 * stdout sent to /dev/null (the commands print their results there).
 * Each target is linked twice: with libFuzzer (make fuzz: clang, ASan,
 * UBSan) and with fuzz_main.c, which runs it on files (make test: every
 * corpus and crash input, make test-asan the same sanitized). */
#ifndef WC_FUZZ_H
#define WC_FUZZ_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* data written whole to this process's scratch file; its path (static),
 * or NULL when it cannot be written */
const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix);
/* data as a NUL-terminated string (at most max bytes; static buffer) */
const char *fuzz_str(const uint8_t *data, size_t size, size_t max);
/* stdout to /dev/null, once */
void fuzz_quiet(void);
#endif

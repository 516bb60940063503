/* SPDX-License-Identifier: Apache-2.0 */
/* Tiny runtime of the node firmware: console output, exit, memory helpers
 * and access to the SoC devices.  Freestanding: no libc. */
#ifndef WC_RT_H
#define WC_RT_H
#include <stddef.h>
#include <stdint.h>
#include "wc_defs_macros.h"

#define WC_MMIO32(a) (*(volatile uint32_t *)(uintptr_t)(a))

int wc_putchar(int c);
int wc_puts(const char *s);           /* no newline appended */
int wc_printf(const char *fmt, ...);  /* %d %u %x %08x %-8s %c %%: width, 0 and - flags, l modifier */
void wc_exit(int code) __attribute__((noreturn));
uint64_t wc_mtime(void);
void wc_set_mtimecmp(uint64_t t);
/* Trap hook: return the address to resume at.  Programs that use
 * interrupts override this weak default (which fails the run). */
uint32_t wc_trap_handler(uint32_t mcause, uint32_t mepc, uint32_t mtval);

void *memcpy(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);

static inline uint32_t wc_rdcycle(void) { uint32_t v; __asm__ volatile("csrr %0, mcycle" : "=r"(v)); return v; }
static inline uint32_t wc_rdinstret(void) { uint32_t v; __asm__ volatile("csrr %0, minstret" : "=r"(v)); return v; }
#endif

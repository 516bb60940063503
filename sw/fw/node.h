/* SPDX-License-Identifier: Apache-2.0 */
/* Node services of the Wormcast firmware (docs/system.md, "Firmware
 * runtime"): who am I, how many are we, the loader's arguments, the NIC's
 * register window, sleeping until the NIC interrupts, and global time.
 *
 * The argument parser is plain C99 (the host tests compile it); the device
 * accesses exist only when compiling for the node core. */
#ifndef WC_NODE_H
#define WC_NODE_H
#include <stdint.h>
#include "wc_defs.h"

/* The argument area.  The loader overwrites this .data array, found by its
 * ELF symbol, with NUL-separated "KEY=VALUE" strings; an empty string (two
 * NULs in a row, or a NUL at the start) ends the list. */
extern char wc_args[WC_NODE_ARGS_MAX];

/* The value of the first KEY=VALUE whose key equals key, or NULL.  Never
 * reads beyond the area, even if the loader forgot the terminator. */
const char *wc_arg(const char *key);

/* wc_arg as a number: decimal, 0x hexadecimal, an optional sign; def when
 * the key is absent or its value is not one whole number. */
long wc_arg_long(const char *key, long def);

/* Parse a whole number from s (the wc_arg_long syntax): 0 and *v, or -1.
 * Also for the comma-separated lists of the apps: *end (may be NULL) is
 * where parsing stopped; the number ends at a NUL, ',' or ':'. */
int wc_parse_long(const char *s, long *v, const char **end);

/* Compare a NUL- or separator-ended token with a word: 1 when equal. */
int wc_token_is(const char *tok, const char *word);

#if defined(__riscv)
#include "rt.h"

static inline unsigned node_id(void) { return WC_MMIO32(WC_NODE_ID_ADDR) & 0xfffu; }
static inline unsigned node_count(void) { return WC_MMIO32(WC_NODE_COUNT_ADDR); }

static inline uint32_t node_nic_rd(unsigned reg)
{
    return WC_MMIO32(WC_NODE_NIC_BASE + 4u * reg);
}

static inline void node_nic_wr(unsigned reg, uint32_t v)
{
    WC_MMIO32(WC_NODE_NIC_BASE + 4u * reg) = v;
}

/* Global time: mcycle counts clock cycles since reset, and every node of
 * the system leaves reset in the same cycle, so the values of different
 * nodes compare.  Nobody may write mcycle. */
static inline uint64_t node_time(void)
{
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile("csrr %0, mcycleh" : "=r"(hi));
        __asm__ volatile("csrr %0, mcycle" : "=r"(lo));
        __asm__ volatile("csrr %0, mcycleh" : "=r"(hi2));
    } while (hi != hi2);
    return (uint64_t)hi << 32 | lo;
}

static inline uint32_t node_time32(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

/* Let the NIC's interrupt wake wfi without ever trapping: mie.MEIE on,
 * mstatus.MIE off.  A pending interrupt that mie enables ends wfi whatever
 * mstatus.MIE says (privileged spec, WFI), so the firmware needs no trap
 * handler and no interrupt can fall between its check and its wfi. */
static inline void node_irq_init(void)
{
    __asm__ volatile("csrc mstatus, %0" : : "r"(1u << WC_MSTATUS_MIE));
    __asm__ volatile("csrs mie, %0" : : "r"(1u << WC_IRQ_MEI));
}

/* Sleep until an interrupt enabled in mie is pending (returns at once if
 * one is).  Callers re-arm the source and re-check their condition first:
 * see mc.c, mc_idle(). */
static inline void node_wfi(void) { __asm__ volatile("wfi"); }
#endif
#endif

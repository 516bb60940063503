/* SPDX-License-Identifier: Apache-2.0 */
#include "rv32_soc.h"
#include "wc_defs_macros.h"

void rv_soc_init(rv_soc_t *d, FILE *console)
{
    d->mtime = 0;
    d->mtimecmp = ~0ull;     /* no timer interrupt until software sets it */
    d->irq = 0;
    d->console = console;
}

uint32_t rv_soc_mip(const rv_soc_t *d)
{
    return (d->mtime >= d->mtimecmp ? 1u << WC_IRQ_MTI : 0) |
           ((d->irq & 1) << WC_IRQ_MEI);
}

static uint32_t merge(uint32_t old, uint32_t sel, uint32_t d)
{
    int i;
    for (i = 0; i < 4; i++)
        if (sel >> i & 1)
            old = (old & ~(0xffu << 8 * i)) | (d & 0xffu << 8 * i);
    return old;
}

static int soc_load(void *ctx, uint32_t a, uint32_t sel, uint32_t *v)
{
    rv_soc_t *d = ctx;
    (void)sel;
    switch (a) {
    case WC_SOC_CONSOLE_ADDR: case WC_SOC_EXIT_ADDR: *v = 0; return 0;
    case WC_SOC_IRQ_ADDR: *v = d->irq; return 0;
    case WC_SOC_MTIME_ADDR: *v = (uint32_t)d->mtime; return 0;
    case WC_SOC_MTIME_ADDR + 4: *v = (uint32_t)(d->mtime >> 32); return 0;
    case WC_SOC_MTIMECMP_ADDR: *v = (uint32_t)d->mtimecmp; return 0;
    case WC_SOC_MTIMECMP_ADDR + 4: *v = (uint32_t)(d->mtimecmp >> 32); return 0;
    default: return -1;
    }
}

static int soc_store(void *ctx, uint32_t a, uint32_t sel, uint32_t v)
{
    rv_soc_t *d = ctx;
    switch (a) {
    case WC_SOC_CONSOLE_ADDR:
        if (d->console && (sel & 1)) {
            fputc((int)(v & 0xff), d->console);
            fflush(d->console);
        }
        return 0;
    case WC_SOC_EXIT_ADDR: return 0;
    case WC_SOC_IRQ_ADDR: d->irq = merge(d->irq, sel, v) & 1; return 0;
    case WC_SOC_MTIME_ADDR:
        d->mtime = (d->mtime & ~0xffffffffull) | merge((uint32_t)d->mtime, sel, v);
        return 0;
    case WC_SOC_MTIME_ADDR + 4:
        d->mtime = (d->mtime & 0xffffffffull) | (uint64_t)merge((uint32_t)(d->mtime >> 32), sel, v) << 32;
        return 0;
    case WC_SOC_MTIMECMP_ADDR:
        d->mtimecmp = (d->mtimecmp & ~0xffffffffull) | merge((uint32_t)d->mtimecmp, sel, v);
        return 0;
    case WC_SOC_MTIMECMP_ADDR + 4:
        d->mtimecmp = (d->mtimecmp & 0xffffffffull) | (uint64_t)merge((uint32_t)(d->mtimecmp >> 32), sel, v) << 32;
        return 0;
    default: return -1;
    }
}

static uint32_t soc_csr_nd(void *ctx, uint32_t csr, uint32_t own)
{
    return csr == WC_CSR_MIP ? rv_soc_mip(ctx) : own;
}

const rv_bus_ops_t rv_soc_ops = { soc_load, soc_store, soc_csr_nd };

int rv_exit_check(const rv_retire_t *r, uint32_t tohost, int has_tohost,
                  uint32_t *value)
{
    if (r->trap || !r->mem_wmask)
        return 0;
    if ((has_tohost && r->mem_addr == (tohost & ~3u)) || r->mem_addr == WC_SOC_EXIT_ADDR) {
        *value = r->mem_wdata;
        return 1;
    }
    return 0;
}

int rv_exit_report(const char *who, uint32_t value, uint64_t instret)
{
    if (value == 1) {
        printf("%s: PASS after %llu instructions\n", who, (unsigned long long)instret);
        return 0;
    }
    if (value & 1)
        printf("%s: FAIL code %u (test %u) after %llu instructions\n", who, value >> 1,
               value >> 1, (unsigned long long)instret);
    else
        printf("%s: FAIL: tohost written with 0x%08x (bit 0 clear: not an exit code)\n", who, value);
    return 1;
}

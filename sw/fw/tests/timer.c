/* SPDX-License-Identifier: Apache-2.0 */
/* Interrupts from C: the timer fires TICKS times through wc_trap_handler
 * while main spins (with wfi, a no-op on this core); then the external
 * interrupt line is raised by software and must be taken once. */
#include "rt.h"

#define TICKS 5
#define PERIOD 200
static volatile int ticks, ext;
static volatile uint32_t last_cause;

uint32_t wc_trap_handler(uint32_t mcause, uint32_t mepc, uint32_t mtval)
{
    (void)mtval;
    last_cause = mcause;
    if (mcause == (0x80000000u | WC_IRQ_MTI)) {
        ticks++;
        if (ticks < TICKS)
            wc_set_mtimecmp(wc_mtime() + PERIOD);
        else
            wc_set_mtimecmp(~0ull);
        return mepc;
    }
    if (mcause == (0x80000000u | WC_IRQ_MEI)) {
        ext++;
        WC_MMIO32(WC_SOC_IRQ_ADDR) = 0;
        return mepc;
    }
    wc_printf("timer: unexpected trap mcause %x mepc %x\n", mcause, mepc);
    wc_exit(99);
}

int main(void)
{
    uint32_t spins = 0;
    wc_set_mtimecmp(wc_mtime() + PERIOD);
    __asm__ volatile("csrs mie, %0" :: "r"((1u << WC_IRQ_MTI) | (1u << WC_IRQ_MEI)));
    __asm__ volatile("csrsi mstatus, 8");
    while (ticks < TICKS && spins < 100000) {
        __asm__ volatile("wfi");
        spins++;
    }
    wc_printf("timer: %d ticks\n", ticks);
    WC_MMIO32(WC_SOC_IRQ_ADDR) = 1;
    for (spins = 0; ext == 0 && spins < 1000; spins++)
        ;
    wc_printf("timer: external interrupt taken %d time(s), last mcause %x\n", ext, last_cause);
    __asm__ volatile("csrci mstatus, 8");
    if (ticks != TICKS || ext != 1) {
        wc_printf("timer: FAIL\n");
        return 1;
    }
    wc_printf("timer: OK\n");
    return 0;
}

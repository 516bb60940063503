/* SPDX-License-Identifier: Apache-2.0 */
/* Device side of the node SoC for stand-alone model runs: console, timer
 * (mtime counts retired instructions here, clock cycles in the RTL), the
 * external interrupt register and the exit register, plus the riscv-tests
 * tohost convention shared with the lockstep harness. */
#ifndef RV32_SOC_H
#define RV32_SOC_H
#include "rv32_iss.h"
#include <stdio.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct rv_soc {
    uint64_t mtime, mtimecmp;
    uint32_t irq;
    FILE *console;
} rv_soc_t;

extern const rv_bus_ops_t rv_soc_ops;
void rv_soc_init(rv_soc_t *d, FILE *console);
uint32_t rv_soc_mip(const rv_soc_t *d);

/* If r is a store that ends the run (tohost or the exit register), set
 * *value to the stored word and return 1. */
int rv_exit_check(const rv_retire_t *r, uint32_t tohost, int has_tohost,
                  uint32_t *value);
/* Print the verdict for an exit value; returns the process exit status. */
int rv_exit_report(const char *who, uint32_t value, uint64_t instret);
#ifdef __cplusplus
}
#endif
#endif

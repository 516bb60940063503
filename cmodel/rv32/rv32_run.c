/* SPDX-License-Identifier: Apache-2.0 */
/* rv32iss: run an ELF on the instruction-set model with the SoC devices.
 *   rv32iss [--trace] [--quiet] [--max N] [--mutate INSN] prog.elf
 *   rv32iss --hex FILE prog.elf   write the RAM image for $readmemh and
 *                                 print the tohost address, do not run
 * Exit status 0 when the program reports pass through tohost / the exit
 * register, 1 on fail, 2 on usage or load errors, 3 on timeout. */
#include "rv32_elf.h"
#include "rv32_soc.h"
#include "wc_defs_macros.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv)
{
    const char *elf = NULL, *hex = NULL;
    unsigned long long max = 100000000ull, n;
    int trace = 0, i, mut = -1, quiet = 0;
    rv_elf_info_t info;
    rv_soc_t soc;
    rv_iss_t *s;
    rv_retire_t r;
    uint32_t val;
    char line[160], err[600];
    clock_t t0;

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace"))
            trace = 1;
        else if (!strcmp(argv[i], "--quiet"))
            quiet = 1;
        else if (!strcmp(argv[i], "--hex") && i + 1 < argc)
            hex = argv[++i];
        else if (!strcmp(argv[i], "--max") && i + 1 < argc)
            max = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--mutate") && i + 1 < argc) {
            mut = rv_op_by_name(argv[++i]);
            if (mut < 0) {
                fprintf(stderr, "rv32iss: unknown instruction '%s' for --mutate\n", argv[i]);
                return 2;
            }
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "rv32iss: unknown option '%s'\nusage: rv32iss [--trace] [--quiet] [--max N] [--mutate INSN] [--hex FILE] prog.elf\n", argv[i]);
            return 2;
        } else
            elf = argv[i];
    }
    if (!elf) {
        fprintf(stderr, "usage: rv32iss [--trace] [--quiet] [--max N] [--mutate INSN] prog.elf\n");
        return 2;
    }
    rv_soc_init(&soc, stdout);
    s = rv_iss_new(WC_SOC_RAM_BASE, WC_SOC_RAM_SIZE, &rv_soc_ops, &soc, err, sizeof err);
    if (!s) {
        fprintf(stderr, "rv32iss: %s\n", err);
        return 2;
    }
    if (rv_elf_load(elf, rv_iss_ram(s), WC_SOC_RAM_BASE, WC_SOC_RAM_SIZE, &info, err, sizeof err) != 0) {
        fprintf(stderr, "rv32iss: %s\n", err);
        rv_iss_free(s);
        return 2;
    }
    if (hex) {
        int rc = rv_elf_write_hex(hex, rv_iss_ram(s), WC_SOC_RAM_BASE, &info, err, sizeof err);
        if (rc == 0)
            printf("%08x\n", info.has_tohost ? info.tohost : WC_SOC_EXIT_ADDR);
        else
            fprintf(stderr, "rv32iss: %s\n", err);
        rv_iss_free(s);
        return rc ? 2 : 0;
    }
    rv_iss_reset(s, WC_SOC_RAM_BASE);
    rv_iss_set_mutation(s, mut);
    t0 = clock();
    for (n = 0; n < max; n++) {
        int irq = rv_iss_pending_irq(s, rv_soc_mip(&soc));
        if (irq < 0 || rv_iss_interrupt(s, (uint32_t)irq, &r) != 0)
            rv_iss_step(s, &r);
        soc.mtime++;
        if (trace) {
            rv_format_retire(&r, line, sizeof line);
            fprintf(stderr, "%s\n", line);
        }
        if (rv_exit_check(&r, info.tohost, info.has_tohost, &val)) {
            double sec = (double)(clock() - t0) / CLOCKS_PER_SEC;
            int rc = rv_exit_report("iss", val, rv_iss_instret(s));
            if (!quiet)
                printf("iss: %llu steps in %.3f s (%.1f M instructions/s)\n", n + 1, sec,
                       sec > 0 ? (double)(n + 1) / sec / 1e6 : 0.0);
            rv_iss_free(s);
            return rc;
        }
    }
    fprintf(stderr, "rv32iss: %s: no exit after %llu instructions (pc %08x)\n", elf, max, rv_iss_pc(s));
    rv_iss_free(s);
    return 3;
}

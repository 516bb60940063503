/* SPDX-License-Identifier: Apache-2.0 */
/* Random RV32IM instruction-stream generator for lockstep runs.
 *   rvgen SEED BLOCKS BLOCKLEN ITERS > prog.S
 * Emits an assembly `main` (linked with sw/fw/crt0.S) that seeds x1..x28
 * with random values and runs BLOCKS blocks of BLOCKLEN random slots ITERS
 * times.  Slots are any RV32IM/Zicsr instruction: ALU, M, loads and stores
 * (base t6 = a 4 KiB data area in RAM, offsets inside it, a few
 * deliberately misaligned), forward branches and jumps inside the block,
 * CSR accesses, ecall/ebreak/illegal words and fences.  Exceptions resume
 * at mepc + 4; the machine timer interrupts every PERIOD cycles (period
 * drawn from the seed) at whatever instruction is running, and its handler
 * restarts mtime.  The handler uses t4 only.  Reserved: t3 (x28, jalr
 * pairs), t4 (x29), t5 (x30, loop counter), t6 (x31, data base).  Same
 * seed, same program. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t st;
static uint32_t rnd(void)
{
    /* xorshift64* (Vigna, "An experimental exploration of Marsaglia's
     * xorshift generators, scrambled", 2016) */
    st ^= st >> 12;
    st ^= st << 25;
    st ^= st >> 27;
    return (uint32_t)((st * 2685821657736338717ull) >> 32);
}
static uint32_t below(uint32_t n) { return rnd() % n; }
static int reg(void) { return 1 + (int)below(27); }

/* Interesting operand values: edges of signed/unsigned ranges. */
static uint32_t value(void)
{
    static const uint32_t edge[] = { 0, 1, 2, 0xffffffffu, 0x80000000u, 0x7fffffffu,
                                     0x80000001u, 0xfffffffeu, 31, 32, 0x0000ffffu };
    return below(4) == 0 ? edge[below(sizeof edge / sizeof edge[0])] : rnd();
}

static const char *const rr[] = { "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and" };
static const char *const md[] = { "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu" };
static const char *const ri[] = { "addi", "slti", "sltiu", "xori", "ori", "andi" };
static const char *const sh[] = { "slli", "srli", "srai" };
static const char *const br[] = { "beq", "bne", "blt", "bge", "bltu", "bgeu" };
static const char *const ld[] = { "lb", "lbu", "lh", "lhu", "lw" };
static const char *const sto[] = { "sb", "sh", "sw" };
static const char *const csr_r[] = { "mscratch", "mcause", "mtval", "mepc", "minstret", "mcycle",
                                     "mhartid", "misa", "mstatus", "mie", "instret", "mtvec",
                                     "mip", "cycleh" };
#define N(a) (sizeof a / sizeof a[0])

static void slot(int b, int i, int len)
{
    uint32_t k = below(100);
    int skip;
    if (k < 24)
        printf("    %s x%d, x%d, x%d\n", rr[below(N(rr))], reg(), reg(), reg());
    else if (k < 38)
        printf("    %s x%d, x%d, %d\n", ri[below(N(ri))], reg(), reg(), (int)below(4096) - 2048);
    else if (k < 44)
        printf("    %s x%d, x%d, %u\n", sh[below(N(sh))], reg(), reg(), below(32));
    else if (k < 47)
        printf("    %s x%d, 0x%x\n", below(2) ? "lui" : "auipc", reg(), below(1u << 20));
    else if (k < 50)
        printf("    li x%d, 0x%x\n", reg(), value());
    else if (k < 58)
        printf("    %s x%d, x%d, x%d\n", md[below(N(md))], reg(), reg(), reg());
    else if (k < 70) {
        int w = (int)below(N(ld)), size = w < 2 ? 1 : w < 4 ? 2 : 4;
        int off = (int)(below(2040) & ~(uint32_t)(size - 1));
        if (below(40) == 0)
            off |= 1;            /* misaligned unless a byte access */
        printf("    %s x%d, %d(t6)\n", ld[w], reg(), off);
    } else if (k < 80) {
        int w = (int)below(N(sto)), size = 1 << w;
        int off = (int)(below(2040) & ~(uint32_t)(size - 1));
        if (below(40) == 0)
            off |= 2;
        printf("    %s x%d, %d(t6)\n", sto[w], reg(), off);
    } else if (k < 90) {
        skip = 1 + (int)below(6);
        if (i + skip > len) skip = len - i;
        printf("    %s x%d, x%d, b%d_%d\n", br[below(N(br))], reg(), reg(), b, i + skip);
    } else if (k < 92) {
        skip = 1 + (int)below(4);
        if (i + skip > len) skip = len - i;
        printf("    jal x%d, b%d_%d\n", below(4) ? reg() : 0, b, i + skip);
    } else if (k < 94)
        /* the skipped third word belongs to the slot, so a following
         * pair cannot be entered in the middle with a stale t4 */
        printf("    auipc t3, 0\n    jalr x%d, 12(t3)\n    .word 0x0000005b\n", reg());
    else if (k < 98) {
        uint32_t c = below(6);
        if (c == 0) printf("    csrw mscratch, x%d\n", reg());
        else if (c == 1) printf("    csrrwi x%d, mscratch, %u\n", reg(), below(32));
        else if (c == 2) printf("    csrrs x%d, mscratch, x%d\n", reg(), reg());
        else if (c == 3) printf("    csrrc x%d, mscratch, x%d\n", reg(), reg());
        else printf("    csrr x%d, %s\n", reg(), csr_r[below(N(csr_r))]);
    } else if (k < 99) {
        static const char *const t[] = { "ecall", "ebreak", ".word 0x0000005b", ".word 0x02005013",
                                         "csrw mhartid, x1", "csrr x1, 0x7c0" };
        printf("    %s\n", t[below(N(t))]);
    } else
        printf("    %s\n", below(2) ? "fence" : "fence.i");
}

int main(int argc, char **argv)
{
    long seed, blocks, len, iters;
    int b, i;
    uint32_t period;
    if (argc != 5) {
        fprintf(stderr, "usage: rvgen SEED BLOCKS BLOCKLEN ITERS > prog.S\n");
        return 2;
    }
    seed = strtol(argv[1], NULL, 0);
    blocks = strtol(argv[2], NULL, 0);
    len = strtol(argv[3], NULL, 0);
    iters = strtol(argv[4], NULL, 0);
    if (blocks < 1 || blocks > 64 || len < 1 || len > 4000 || iters < 1 || iters > 100000) {
        fprintf(stderr, "rvgen: BLOCKS 1..64, BLOCKLEN 1..4000, ITERS 1..100000\n");
        return 2;
    }
    st = 0x9e3779b97f4a7c15ull ^ (uint64_t)seed;
    if (!st) st = 1;
    period = 1500 + below(3000);
    printf("/* generated by verif/core/rvgen %ld %ld %ld %ld */\n", seed, blocks, len, iters);
    printf("#include \"wc_defs_macros.h\"\n");
    printf("    .text\n    .globl main\nmain:\n");
    printf("    la t4, rv_trap\n    csrw mtvec, t4\n    la t6, rv_data\n    li t5, %ld\n", iters);
    /* timer: mtime restarts at T0 (the register's own address, so the
     * handler needs no second register), interrupt at T0 + period */
    printf("    li t3, WC_SOC_MTIMECMP_ADDR\n    li t4, WC_SOC_MTIME_ADDR + %u\n", period);
    printf("    sw t4, 0(t3)\n    sw zero, 4(t3)\n");
    printf("    li t4, WC_SOC_MTIME_ADDR\n    sw t4, 0(t4)\n    sw zero, 4(t4)\n");
    printf("    li t4, 1 << WC_IRQ_MTI\n    csrw mie, t4\n    csrsi mstatus, 8\n");
    for (i = 1; i <= 27; i++)
        printf("    li x%d, 0x%x\n", i, value());
    printf("rv_loop:\n");
    for (b = 0; b < blocks; b++) {
        for (i = 0; i < len; i++) {
            printf("b%d_%d:\n", b, i);
            slot(b, i, (int)len);
        }
        printf("b%d_%ld:\n", b, len);
    }
    printf("    addi t5, t5, -1\n    beqz t5, rv_done\n    j rv_loop\n");
    printf("rv_done:\n    li a0, 0\n    j wc_exit\n");
    printf("    .align 2\nrv_trap:\n    csrr t4, mcause\n    bltz t4, rv_irq\n");
    printf("    csrr t4, mepc\n    addi t4, t4, 4\n    csrw mepc, t4\n    mret\n");
    printf("rv_irq:\n    li t4, WC_SOC_MTIME_ADDR\n    sw t4, 0(t4)\n    sw zero, 4(t4)\n    mret\n");
    printf("    .data\n    .align 12\nrv_data:\n");
    for (i = 0; i < 1024; i++)
        printf("    .word 0x%08x\n", rnd());
    return 0;
}

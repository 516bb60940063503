/* SPDX-License-Identifier: Apache-2.0 */
/* Allocation failures in the C models: every calloc of a model's creation
 * is made to fail in turn (the program is linked with
 * -Wl,--wrap=calloc,--wrap=free, so the models' own calls come here), and
 * each time the creation must return NULL with "out of memory for ..." in
 * the caller's buffer (defs/wc_err.h), having freed what it had already
 * allocated.  Then the ELF loader's error paths: messages in err, nothing
 * printed by the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_net.h"
#include "wc_nic.h"
#include "wc_topo.h"
#include "rv32_iss.h"
#include "rv32_elf.h"
#include "wc_rv32_core.h"
#include "wc_test.h"

void *__real_calloc(size_t n, size_t size);
void __real_free(void *p);
void *__wrap_calloc(size_t n, size_t size);
void __wrap_free(void *p);

/* The wrapped calls: the k-th calloc from arming fails; live blocks are
 * tracked to see that a failed creation leaves none behind. */
#define MAXLIVE 65536
static void *live[MAXLIVE];
static long nlive, ncalls, fail_at;

void *__wrap_calloc(size_t n, size_t size)
{
    void *p;
    ncalls++;
    if (fail_at && ncalls == fail_at)
        return NULL;
    p = __real_calloc(n, size);
    if (p && nlive < MAXLIVE)
        live[nlive++] = p;
    return p;
}

void __wrap_free(void *p)
{
    long i;
    for (i = nlive - 1; i >= 0; i--)
        if (live[i] == p) {
            live[i] = live[--nlive];
            break;
        }
    __real_free(p);
}

static void arm(long k)
{
    ncalls = 0;
    fail_at = k;
}

typedef void *(*create_fn)(const void *arg, char *err, int errlen);
typedef void (*free_fn)(void *obj);

/* Fail each allocation of one creation in turn; returns how many there are. */
static long fail_each(const char *what, create_fn create, free_fn destroy, const void *arg)
{
    char err[300];
    long k, total = -1, caught = 0, leaks = 0, silent = 0;
    for (k = 1; k < 10000; k++) {
        long before = nlive;
        void *obj;
        err[0] = 0;
        arm(k);
        obj = create(arg, err, sizeof err);
        arm(0);
        if (obj) {
            destroy(obj);
            total = k - 1;
            break;
        }
        if (strstr(err, "out of memory for "))
            caught++;
        else {
            silent++;
            printf("     %s: allocation %ld failed with message '%s'\n", what, k, err);
        }
        if (nlive != before)
            leaks++;
    }
    CHECK(total > 0, "%s: creation succeeds once no allocation fails", what);
    CHECK(caught == total && silent == 0, "%s: %ld of %ld allocation failures give NULL and \"out of memory for ...\"",
          what, caught, total);
    CHECK(leaks == 0, "%s: %ld failed creations leave allocations behind", what, leaks);
    printf("%-4s %s: each of its %ld allocations made to fail: NULL, \"out of memory for ...\", nothing leaked\n",
           caught == total && silent == 0 && leaks == 0 && total > 0 ? "ok" : "FAIL", what, total);
    return total;
}

typedef struct { const wc_topo *t; int W, B; } net_arg;
static void *net_create(const void *a, char *err, int errlen)
{
    const net_arg *n = a;
    return wc_net_create(n->t, n->W, n->B, 0, err, errlen);
}
static void net_free(void *n) { wc_net_free(n); }

static void *nic_create(const void *c, char *err, int errlen) { return wc_nic_create(c, 1, err, errlen); }
static void nic_free(void *n) { wc_nic_free(n); }

static const rv_bus_ops_t no_bus;
static void *iss_create(const void *a, char *err, int errlen)
{
    (void)a;
    return rv_iss_new(0x80000000u, 1u << 16, &no_bus, NULL, err, errlen);
}
static void iss_free(void *s) { rv_iss_free(s); }

static void *core_create(const void *c, char *err, int errlen) { return wc_rv32_core_create(c, err, errlen); }
static void core_free(void *c) { wc_rv32_core_free(c); }

static void test_nets(void)
{
    static const char *const topos[] = { "cube:4", "mesh:4x4", "irregular:8,8,2,1" };
    size_t i;
    for (i = 0; i < sizeof topos / sizeof topos[0]; i++) {
        char err[300], what[100];
        net_arg a;
        wc_topo *t = wc_topo_create(topos[i], err, sizeof err);
        CHECK(t != NULL, "topology %s: %s", topos[i], err);
        if (!t)
            continue;
        a.t = t;
        a.W = 32;
        a.B = 4;
        snprintf(what, sizeof what, "wc_net_create(%s)", topos[i]);
        fail_each(what, net_create, net_free, &a);
        wc_topo_free(t);
    }
}

static void test_nic(void)
{
    wc_nic_cfg c;
    wc_nic_cfg_default(&c, 16);
    CHECK(fail_each("wc_nic_create(16 nodes)", nic_create, nic_free, &c) >= 10,
          "wc_nic_create allocates its slots, buffers and streams");
}

static void test_iss(void)
{
    fail_each("rv_iss_new", iss_create, iss_free, NULL);
}

/* The cycle-accurate core: its allocation, and parameters it refuses
 * before allocating (the message names the parameter). */
static void test_core(void)
{
    wc_rv32_core_cfg c, bad;
    char err[300];
    wc_rv32_core_cfg_default(&c);
    fail_each("wc_rv32_core_create", core_create, core_free, &c);
    GROUP("wc_rv32_core_create refuses a bad RESET_PC, MD_STEPS or mutation with a message", {
        bad = c;
        bad.reset_pc = 0x80000002u;
        err[0] = 0;
        CHECK(!wc_rv32_core_create(&bad, err, sizeof err) && strstr(err, "reset_pc 0x80000002"), "reset_pc: '%s'", err);
        bad = c;
        bad.md_steps = 8;
        err[0] = 0;
        CHECK(!wc_rv32_core_create(&bad, err, sizeof err) && strstr(err, "md_steps must be 1, 2 or 4 (got 8)"),
              "md_steps: '%s'", err);
        bad = c;
        bad.mutate = WC_RV32_MUT_COUNT;
        err[0] = 0;
        CHECK(!wc_rv32_core_create(&bad, err, sizeof err) && strstr(err, "mutate"), "mutate: '%s'", err);
        CHECK(wc_rv32_core_cfg_check(&c, err, sizeof err) == 0, "the default configuration is refused: '%s'", err);
    });
}

/* The ELF loader reports into err; a failed image allocation says so too. */
static void test_elf(const char *dir)
{
    char err[300], path[600];
    rv_elf_info_t info;
    static uint8_t ram[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/not-an-elf.tmp", dir);
    f = fopen(path, "wb");
    CHECK(f != NULL, "cannot write %s", path);
    if (!f)
        return;
    fputs("not an ELF file, but long enough to be read as one: 0123456789abcdef", f);
    fclose(f);
    GROUP("rv_elf_load: a missing file, a non-ELF and a failed allocation are reported in err", {
        err[0] = 0;
        CHECK(rv_elf_load("no-such.elf", ram, 0, sizeof ram, &info, err, sizeof err) == -1 &&
              !strcmp(err, "no-such.elf: cannot open"), "missing ELF: '%s'", err);
        err[0] = 0;
        CHECK(rv_elf_load(path, ram, 0, sizeof ram, &info, err, sizeof err) == -1 && strstr(err, ": not an ELF file"),
              "non-ELF: '%s'", err);
        err[0] = 0;
        arm(1);
        CHECK(rv_elf_load(path, ram, 0, sizeof ram, &info, err, sizeof err) == -1 &&
              strstr(err, "out of memory for the ELF image"), "ELF image allocation failure: '%s'", err);
        arm(0);
    });
    remove(path);
}

/* usage: test_alloc DIR (a directory it may write a scratch file to) */
int main(int argc, char **argv)
{
    test_nets();
    test_nic();
    test_iss();
    test_core();
    test_elf(argc > 1 ? argv[1] : ".");
    return wc_test_done();
}

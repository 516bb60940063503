/* SPDX-License-Identifier: Apache-2.0 */
/* Smoke test of the Verilated node engine (verif/net/wc_rtl_nodes.cpp,
 * WC_ENGINE_NODES of defs/wc_engine_abi.h) without the C model: the table
 * the loader checks, then two firmware images on a system of two nodes
 * with an idle link.  Every cycle it checks the bus promises the node's
 * outputs show (the core's masters never request together, the grant goes
 * only to a pending RAM request, no DMA without NIC work) and at the end
 * the console text and the exit codes.
 *
 * usage: test_node_rtl LIBWCNODE.so HELLO.elf NICREG.elf
 *        test_node_rtl --bench LIBWCNODE.so ELF NODES CYCLES
 * (the second form prints the engine's speed in node-cycles/s). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, mkstemp */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "rv32_elf.h"
#include "wc_defs_macros.h"
#include "wc_engine_abi.h"
#include "wc_test.h"

#define RESET_CYCLES 4
#define MAX_NODES 64
#define CON_MAX 256

typedef struct {
    char con[CON_MAX];
    int len;
    int exits;              /* exit register stores seen */
    uint32_t code;          /* the first one's value */
} node_run;

typedef struct {
    long both_req;          /* cycles the fetch and data ports requested together */
    long bad_gnt;           /* grants to a master without a pending RAM request */
    long dma_waits;         /* cycles a pending DMA request was not granted */
    long core_waits;        /* cycles a pending core request was not granted */
    int core_wait_max;      /* the longest wait of one core request */
    long core_gnt, dma_gnt; /* grants seen */
    long dma_req, tx;       /* cycles with a NIC DMA request, flits injected */
    long retired;           /* retire records */
} bus_stats;

static const wc_engine_nodes_abi *open_engine(const char *so, void **dl)
{
    const wc_engine_nodes_abi *(*entry)(void);
    if (!(*dl = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
        printf("FAIL cannot load %s: %s\n", so, dlerror());
        return NULL;
    }
    *(void **)&entry = dlsym(*dl, WC_ENGINE_NODES_SYM);
    if (!entry) {
        printf("FAIL %s has no %s\n", so, WC_ENGINE_NODES_SYM);
        return NULL;
    }
    return entry();
}

/* The program's image as RAM words into every node (the back door). */
static int load_elf(const wc_engine_nodes_abi *t, void *h, int count, const char *elf)
{
    char err[256];
    rv_elf_info_t info;
    uint8_t *ram = calloc(t->ram_bytes, 1);
    uint32_t *w = calloc(t->ram_bytes / 4, sizeof *w);
    int rc = -1;
    if (!ram || !w)
        printf("FAIL no memory for a %u-byte RAM image\n", t->ram_bytes);
    else if (rv_elf_load(elf, ram, WC_SOC_RAM_BASE, t->ram_bytes, &info, err, sizeof err))
        printf("FAIL %s\n", err);
    else {
        uint32_t lo = (info.lo - WC_SOC_RAM_BASE) & ~3u, hi = (info.hi - WC_SOC_RAM_BASE + 3) & ~3u, i;
        for (i = lo; i < hi; i += 4)
            w[i / 4] = (uint32_t)ram[i] | (uint32_t)ram[i + 1] << 8 | (uint32_t)ram[i + 2] << 16 |
                       (uint32_t)ram[i + 3] << 24;
        for (int n = 0; n < count; n++)
            t->load(h, n, WC_SOC_RAM_BASE + lo, w + lo / 4, (hi - lo) / 4);
        rc = 0;
    }
    free(ram);
    free(w);
    return rc;
}

/* What a node's previous cycle left for the next one. */
typedef struct {
    int core_ack, dma_ack;  /* granted last cycle: acknowledged now */
    int wait;               /* cycles the current core request has waited */
} arb_state;

static int in_ram(const wc_wb_req *q, uint32_t ram_bytes)
{
    return q->cyc && q->stb && q->adr - WC_SOC_RAM_BASE < ram_bytes;
}

/* One node's cycle against the arbiter's rules (docs/bus.md). */
static void check_arb(const wc_node_out *o, uint32_t ram_bytes, arb_state *a, bus_stats *s)
{
    wc_wb_req dma = { o->nic.m_cyc, o->nic.m_stb, o->nic.m_we, o->nic.m_sel, o->nic.m_adr, o->nic.m_dat };
    /* a request is pending unless its ACK is out this very cycle */
    int pc = (in_ram(&o->ibus, ram_bytes) || in_ram(&o->dbus, ram_bytes)) && !a->core_ack;
    int pd = in_ram(&dma, ram_bytes) && !a->dma_ack;
    int gc = o->gnt == WC_NODE_GNT_CORE, gd = o->gnt == WC_NODE_GNT_DMA;
    s->both_req += o->ibus.stb && o->dbus.stb;
    s->bad_gnt += (gc && !pc) || (gd && !pd) || (o->gnt != WC_NODE_GNT_NONE && !gc && !gd);
    s->dma_waits += pd && !gd;
    s->core_waits += pc && !gc;
    a->wait = pc && !gc ? a->wait + 1 : 0;
    if (a->wait > s->core_wait_max)
        s->core_wait_max = a->wait;
    a->core_ack = gc;
    a->dma_ack = gd;
    s->core_gnt += gc;
    s->dma_gnt += gd;
    s->dma_req += dma.cyc;
    s->tx += o->tx_valid;
    s->retired += o->rvfi.valid;
}

/* Run until every node has stored to the exit register or max cycles.
 * Idle links get no flits and no credits; linked, nodes 2k and 2k+1 are
 * each other's network.  Returns the cycles run. */
static long run(const wc_engine_nodes_abi *t, void *h, int count, int linked, long max, node_run *r, bus_stats *s)
{
    int done = 0;
    long c;
    arb_state a[MAX_NODES];
    wc_node_out o[MAX_NODES];
    memset(a, 0, sizeof a);
    for (c = 0; c < max && done < count; c++) {
        for (int n = 0; n < count; n++) {
            t->get(h, n, &o[n]);
            check_arb(&o[n], t->ram_bytes, &a[n], s);
            if (o[n].console_valid && r[n].len < CON_MAX - 1)
                r[n].con[r[n].len++] = (char)o[n].console_data;
            if (o[n].exit_valid && r[n].exits++ == 0) {
                r[n].code = o[n].exit_code;
                done++;
            }
        }
        for (int n = 0; n < count; n++) {
            wc_node_in in = { 0, 0, 0 };
            int p = n ^ 1;
            if (linked && p < count)
                in = (wc_node_in){ o[p].tx_valid, o[p].tx_flit, o[p].rx_credit };
            t->set(h, n, &in);
        }
        t->tick(h);
    }
    return c;
}

/* The console text each firmware must print on node n of count. */
static void want_hello(char *b, size_t len, int n, int count) { snprintf(b, len, "node %d of %d\n", n, count); }
static void want_nicreg(char *b, size_t len, int n, int count)
{
    (void)count;
    snprintf(b, len, "node %d: nic id %d timeout %x\n", n, n, 0x1234u + 0x100u * (unsigned)n);
}
static void want_dma(char *b, size_t len, int n, int count)
{
    (void)count;
    snprintf(b, len, n ? "node 1: received %d bytes from node 0, data ok\n" : "node 0: sent %d bytes to node 1\n",
             2 * WC_NIC_PAYLOAD + 88);
}

/* One firmware on a fresh system of count nodes. */
static void smoke(const wc_engine_nodes_abi *t, const char *what, const char *elf, int count, int linked,
                  void (*want_fn)(char *, size_t, int, int))
{
    char err[256];
    node_run r[MAX_NODES];
    bus_stats s;
    void *h = t->create(count, err, sizeof err);
    CHECK(h != NULL, "%s: create(%d): %s", what, count, err);
    if (!h || load_elf(t, h, count, elf)) {
        if (h)
            t->destroy(h);
        return;
    }
    t->reset(h, RESET_CYCLES);
    for (int pass = 0; pass < 2; pass++) {
        long cycles;
        memset(r, 0, sizeof r);
        memset(&s, 0, sizeof s);
        cycles = run(t, h, count, linked, 200000, r, &s);
        for (int n = 0; n < count; n++) {
            char want[CON_MAX];
            want_fn(want, sizeof want, n, count);
            CHECK(strcmp(r[n].con, want) == 0, "%s node %d: console '%s', expected '%s'", what, n, r[n].con, want);
            CHECK(r[n].exits == 1 && r[n].code == 1, "%s node %d: %d exits, code %u (expected one, 1 = pass)", what,
                  n, r[n].exits, r[n].code);
        }
        CHECK(s.both_req == 0, "%s: fetch and data ports requested together in %ld cycles", what, s.both_req);
        CHECK(s.bad_gnt == 0, "%s: %ld grants without a pending request", what, s.bad_gnt);
        CHECK(s.dma_waits == 0, "%s: pending DMA requests waited %ld cycles", what, s.dma_waits);
        CHECK(s.core_wait_max <= 1, "%s: a core request waited %d cycles", what, s.core_wait_max);
        CHECK(s.core_gnt > 0 && s.retired > 0 && s.core_gnt >= s.retired,
              "%s: %ld core grants for %ld retired instructions", what, s.core_gnt, s.retired);
        if (linked)
            CHECK(s.dma_gnt > 0 && s.tx > 0 && s.core_waits > 0,
                  "%s: %ld DMA grants, %ld flits, %ld core waits: the collisions did not happen", what, s.dma_gnt,
                  s.tx, s.core_waits);
        else
            CHECK(s.dma_gnt == 0 && s.dma_req == 0 && s.tx == 0,
                  "%s: an idle NIC made %ld DMA requests, %ld grants, %ld flits", what, s.dma_req, s.dma_gnt, s.tx);
        printf("     %s, run %d: %ld cycles, %ld retired, RAM grants %ld core / %ld DMA, %ld core wait cycles, "
               "%ld flits\n", what, pass + 1, cycles, s.retired, s.core_gnt, s.dma_gnt, s.core_waits, s.tx);
        /* a reset keeps the RAM: the second pass runs the same program again */
        t->reset(h, RESET_CYCLES);
    }
    t->destroy(h);
}

static int bench(const char *so, const char *elf, int count, long cycles)
{
    void *dl = NULL, *h;
    char err[256];
    node_run r[MAX_NODES];
    bus_stats s;
    struct timespec a, b;
    const wc_engine_nodes_abi *t = open_engine(so, &dl);
    if (!t || count < 1 || count > MAX_NODES)
        return 1;
    if (!(h = t->create(count, err, sizeof err))) {
        printf("FAIL %s\n", err);
        return 1;
    }
    if (load_elf(t, h, count, elf))
        return 1;
    t->reset(h, RESET_CYCLES);
    memset(r, 0, sizeof r);
    memset(&s, 0, sizeof s);
    clock_gettime(CLOCK_MONOTONIC, &a);
    /* exits do not stop the bench: it runs until cycles */
    long done = 0;
    while (done < cycles)
        done += run(t, h, count, 0, cycles - done, r, &s);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double sec = (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
    printf("node engine: %d nodes x %ld cycles in %.2f s: %.0f node-cycles/s, %.0f system cycles/s, %ld retired\n",
           count, cycles, sec, count * cycles / sec, cycles / sec, s.retired);
    t->destroy(h);
    dlclose(dl);
    return 0;
}

/* Every node engine is built able to trace: a node dumps into a file of
 * its own, opened once, and closing writes what the edges produced. */
static void trace_check(const wc_engine_nodes_abi *t, void *h)
{
    char path[] = "/tmp/wc_node_traceXXXXXX";
    long size = -1;
    FILE *f;
    int fd = mkstemp(path);
    CHECK(fd >= 0, "a temporary file for the trace");
    if (fd < 0)
        return;
    close(fd);
    t->reset(h, RESET_CYCLES);
    CHECK(t->trace_open(h, 0, path) == 0, "trace_open of node 0");
    CHECK(t->trace_open(h, 0, path) == -1, "a second trace_open of node 0 refused");
    t->tick(h);
    t->tick(h);
    t->trace_close(h);
    if ((f = fopen(path, "rb"))) {
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fclose(f);
    }
    CHECK(size > 0, "the trace of node 0 holds %ld bytes", size);
    remove(path);
}

int main(int argc, char **argv)
{
    void *dl = NULL;
    const wc_engine_nodes_abi *t;
    char err[256] = "";
    if (argc == 6 && strcmp(argv[1], "--bench") == 0)
        return bench(argv[2], argv[3], atoi(argv[4]), atol(argv[5]));
    if (argc != 5) {
        fprintf(stderr, "usage: %s LIBWCNODE.so HELLO.elf NICREG.elf DMA.elf\n"
                        "       %s --bench LIBWCNODE.so ELF NODES CYCLES\n", argv[0], argv[0]);
        return 2;
    }
    if (!(t = open_engine(argv[1], &dl)))
        return 1;
    GROUP("the engine's table is the one the loader checks", {
        CHECK(t->head.abi_version == WC_ENGINE_ABI_VERSION, "ABI version %u", t->head.abi_version);
        CHECK(t->head.kind == WC_ENGINE_NODES, "kind %u", t->head.kind);
        CHECK(t->head.size == sizeof *t, "table of %u bytes", t->head.size);
        CHECK(t->in_size == sizeof(wc_node_in) && t->out_size == sizeof(wc_node_out), "port structs %u/%u bytes",
              t->in_size, t->out_size);
        CHECK(t->ram_bytes == WC_NODE_RAM_SIZE, "RAM of %u bytes", t->ram_bytes);
        CHECK(t->create(0, err, sizeof err) == NULL && err[0], "create(0) refused with a message");
        void *h = t->create(1, err, sizeof err);
        CHECK(h != NULL, "create(1): %s", err);
        if (h) {
            trace_check(t, h);
            t->destroy(h);
        }
    });
    GROUP("two nodes print their id and the system size, pass, and again after a reset",
          smoke(t, "hello", argv[2], 2, 0, want_hello));
    GROUP("two nodes read their id from the NIC window and write/read a NIC register",
          smoke(t, "nicreg", argv[3], 2, 0, want_nicreg));
    GROUP("node 0 sends node 1 a message through the NICs; DMA and cores collide on the RAM",
          smoke(t, "dma", argv[4], 2, 1, want_dma));
    dlclose(dl);
    return wc_test_done();
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast run: a system of Wormcast nodes (core, RAM, devices, NIC per
 * node, cmodel/wc_node_soc.h) on the routers of a topology, running
 * firmware until every node has written its exit code (docs/system.md).
 * The engine is the C system model, the Verilated RTL, or both in
 * lockstep compared every cycle (wc_lockstep.h). */
#ifndef WC_RUN_H
#define WC_RUN_H
#include <stdint.h>
#include <stdio.h>
#include "wc_topo.h"

#define WC_RUN_MAX_ARGS 64

typedef struct {
    const wc_topo *t;
    int engine;                 /* WC_ENGINE_C, _RTL, _LOCKSTEP, _LOCKSTEP_C */
    const char *fw;             /* image of every node without its own */
    const char **fw_node;       /* [t->nnodes] or NULL: per-node images (NULL entries: fw) */
    const char *args[WC_RUN_MAX_ARGS]; /* "K=V", written to the firmware's wc_args */
    int nargs;
    long max_cycles;            /* a run that has not ended by then hangs */
    const char *wave;           /* RTL nodes: PREFIX.nodeN.fst and its GTKWave layout
                                 * PREFIX.nodeN.gtkw (wc_node_wave.h); NULL for none */
    const int *wave_nodes;      /* nodes to trace; NULL: node 0 */
    int nwave;
    long wave_from;             /* cycle the traces start in (0: from reset) */
    long wave_mark;             /* cycle the layouts put their marker on, -1 none */
    const char *wave_note;      /* a comment line for the layouts, NULL none */
    int md_steps;               /* the core's MD_STEPS */
    const char *nic;            /* the NICs' parameters, "K=V,..." (wc_nic_cfg_parse); NULL: the defaults */
    int mutate_core, mutate_node, mutate_nic;   /* lockstep self-check: breaks the C model */
    int mutate_rtl;             /* WC_ENGINE_MUTATE_RTL_* into the RTL (self-check of its assertions) */
    double fault_drop, fault_flip;              /* link faults per packet (injection links) */
    uint64_t seed;              /* fault injector seed */
    int progress;               /* progress lines on stderr every few seconds */
    FILE *out;                  /* console lines and the summary */
} wc_run_opts;

typedef struct {
    long cycles;                /* cycles simulated */
    double seconds;             /* wall time of the cycle loop */
    int nodes, exited, passed;  /* node count, nodes that wrote an exit code, with 1 (pass) */
    int hang;                   /* max_cycles reached first */
    int still_active;           /* ... with the network or a console active near the end: a
                                 * program that needs more cycles (TIMEOUT), not a hung one */
    int trap;                   /* a node took an exception (reported) */
    long mismatch_cycle;        /* -1: none */
    int mismatch_node;          /* the node that differed, -1: a router did */
    int mismatch_router;        /* the router that differed, -1: a node did */
    char mismatch[512];
    char rtl_assert[512];       /* the RTL assertion that ended the run (wc_lockstep_rtl_assert), or "" */
} wc_run_result;

void wc_run_opts_default(wc_run_opts *o);

/* One firmware image as wormcast run loads it into a node: the ELF's
 * segments in a RAM image of ram_bytes, the "K=V" strings of args written
 * to its wc_args (docs/system.md), and the byte range [lo, hi) to copy
 * into the node's RAM (words ram[(lo - WC_SOC_RAM_BASE) / 4] on).  0, or
 * -1 with a message that names node (the first node to run it). */
typedef struct {
    const char *path;
    uint32_t *ram;              /* RAM image (words) */
    uint32_t lo, hi;            /* word-aligned byte range to load */
} wc_run_image;
int wc_run_image_load(wc_run_image *im, const char *path, const char *const *args, int nargs, uint32_t ram_bytes,
                      int node, char *err, int errlen);
void wc_run_image_free(wc_run_image *im);
/* Set-up errors (a bad image, argument or option): -1 with a message.
 * Otherwise 0 and the verdict in *r: the run passed when every node
 * exited with pass, without hang, trap or mismatch. */
int wc_run(const wc_run_opts *o, wc_run_result *r, char *err, int errlen);
int wc_run_passed(const wc_run_result *r);
#endif

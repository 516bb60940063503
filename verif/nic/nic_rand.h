/* SPDX-License-Identifier: Apache-2.0 */
/* Seeded random stimulus for one NIC on the bench board (tests/nic/
 * nic_bench.h): a host program (rings, receive buffers, send descriptors
 * of all three opcodes with valid and invalid fields, group table
 * installs, counter reads and clears, interrupts, soft resets), pretend
 * peers (data toward the NIC with sequence numbers near the expected
 * ones, bad and corrupted packets, acks for what the NIC sends, late or
 * missing), a router with random credit return and a host memory with
 * wait states and bus errors.  Everything follows from the seed. */
#ifndef NIC_RAND_H
#define NIC_RAND_H
#include <stdint.h>
#include "nic_bench.h"

typedef struct {
    uint64_t seed;
    long cycles;                /* run length */
    int node;                   /* node id, -1: drawn from the seed */
    int require_coverage;       /* fail the run if an expected event never happened */
    int verbose;                /* one line per epoch */
    int long_epochs;            /* epochs of 1.5M..3M cycles, one peer, two groups at most, big
                                   messages: with a small PAYLOAD, sequence numbers wrap */
} nr_opts;

/* Memory the environment needs on the board. */
#define NR_MEMSIZE (1u << 20)

/* Run on b (its DUT attached or not) with parameters cfg.  Prints the
 * run's statistics and coverage.  Returns 0 if the run completed with
 * every check passing (and coverage complete when required), 1 if not;
 * b->stopped tells whether the DUT differed. */
int nr_run(nic_bench *b, const wc_nic_cfg *cfg, const nr_opts *o);
#endif

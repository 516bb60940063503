/* SPDX-License-Identifier: Apache-2.0 */
/* NIC lockstep bench: the C model (cmodel/wc_nic.c) and a DUT -- the
 * Verilated rtl/nic/wc_nic (tb_nic.cpp) or a second C model (tb_nic_c.c,
 * to test the bench itself) -- run side by side on identical inputs.
 * Each cycle both models' outputs are compared, field by field, before the
 * inputs computed from the C model's outputs are driven to both and the
 * clock edge is taken; the first difference stops the run with the cycle,
 * the signal, the C model's value (expected) and the DUT's (actual), the
 * recent inputs and what the stimulus was doing.
 *
 * Stimulus: the directed scenarios of verif/nic/nic_scen.c and the seeded
 * random environment of nic_rand.c.  Options: see usage() in nic_lock.c
 * and verif/nic/README.md. */
#ifndef NIC_LOCK_H
#define NIC_LOCK_H
#include "wc_nic.h"

/* The DUT side.  Every callback gets the handle open() returned. */
typedef struct {
    const char *name;           /* in reports: "RTL" */
    /* the parameters the DUT was built with ("NNODES=16 W=32 ..."), or
     * NULL if it takes any */
    const char *built;
    void *(*open)(const wc_nic_cfg *c, const char *wave, char *err, int errlen);
    void (*close)(void *d);
    /* rst_ni low for edges clock edges with node_id_i = node, then
     * released: the outputs are those of the reset state */
    void (*reset)(void *d, unsigned node, int edges);
    /* outputs as they are now (after the last edge and drive) */
    void (*outputs)(void *d, wc_nic_out *o);
    /* inputs of this cycle, settled, no clock edge */
    void (*drive)(void *d, const wc_nic_in *in);
    /* the rising clock edge (and the falling one) */
    void (*edge)(void *d);
    /* nonzero with a message if the DUT's own checks fired since the last
     * call (RTL assertions); NULL if it has none */
    int (*failed)(void *d, char *msg, int n);
} nl_dut_ops;

/* The whole program: options, directed scenarios, random run, report.
 * Returns the exit status. */
int nl_main(int argc, char **argv, const nl_dut_ops *ops);

/* "NAME=VALUE ..." (NNODES W B PAYLOAD NSLOT JSEND JFWD NCTX NGROUPS TXWIN,
 * case-insensitive, spaces or commas between) applied to c.  Returns 0, or
 * -1 with a message. */
int nl_parse_params(const char *s, wc_nic_cfg *c, char *err, int errlen);
/* Every parameter of c as "NNODES=16 W=32 ..." (prefix "-G" for
 * Verilator when g is set). */
void nl_format_params(const wc_nic_cfg *c, int g, char *buf, int n);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* The lockstep bench with a second C model as the DUT: the bench tested
 * without the RTL.  It must run clean (the two models are the same code)
 * and must stop at the first cycle where a mutated reference differs,
 * which shows that the comparison, the stimulus and the report work
 * before any RTL is involved.  make nic-twin builds it. */
#include <stdlib.h>
#include <string.h>
#include "nic_lock.h"
#include "wc_err.h"

typedef struct {
    wc_nic *n;
    wc_nic_cfg c;
    wc_nic_in in;
} twin;

static void *twin_open(const wc_nic_cfg *c, const char *wave, char *err, int errlen)
{
    twin *t = wc_alloc(1, sizeof *t, "the C twin", err, errlen);
    (void)wave;
    if (t) {
        t->c = *c;
        t->c.mutate = 0;
    }
    return t;
}

static void twin_close(void *d)
{
    twin *t = d;
    wc_nic_free(t->n);
    free(t);
}

static void twin_reset(void *d, unsigned node, int edges)
{
    twin *t = d;
    char err[200];
    (void)edges;
    wc_nic_free(t->n);
    t->n = wc_nic_create(&t->c, node, err, sizeof err);
    if (!t->n) {
        /* the bench has no error path here: the run cannot go on */
        fprintf(stderr, "tb_nic_c: %s\n", err);
        exit(2);
    }
    memset(&t->in, 0, sizeof t->in);
}

static void twin_outputs(void *d, wc_nic_out *o)
{
    wc_nic_eval(((twin *)d)->n, o);
}

static void twin_drive(void *d, const wc_nic_in *in)
{
    ((twin *)d)->in = *in;
}

static void twin_edge(void *d)
{
    twin *t = d;
    wc_nic_commit(t->n, &t->in);
}

int main(int argc, char **argv)
{
    nl_dut_ops ops;
    memset(&ops, 0, sizeof ops);
    ops.name = "C twin";
    ops.open = twin_open;
    ops.close = twin_close;
    ops.reset = twin_reset;
    ops.outputs = twin_outputs;
    ops.drive = twin_drive;
    ops.edge = twin_edge;
    return nl_main(argc, argv, &ops);
}

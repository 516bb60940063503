/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle- and bit-exact C model of the NIC (rtl/nic/wc_nic.v): packetizer,
 * receive path, replication engine (FPFS/FCFS), GM-2 reliability, DMA
 * master and register block.  docs/nic.md is the host-level contract,
 * docs/nic-uarch.md the cycle-level one this model and the RTL share.
 *
 * One cycle is two calls, as for the router (cmodel/wc_router.h):
 * wc_nic_eval() gives this cycle's outputs, a function of registered state
 * only; wc_nic_commit() applies the clock edge given this cycle's inputs.
 * Since no output depends on a same-cycle input, a harness may evaluate
 * every NIC and router, route the outputs to the inputs (a host memory may
 * answer a DMA request combinationally), then commit everything.
 *
 * All state lives behind the handle; nothing is global. */
#ifndef WC_NIC_H
#define WC_NIC_H
#include <stdint.h>
#include <stdio.h>
#include "wc_defs.h"
#include "wc_nic_port.h"

typedef struct wc_nic wc_nic;

/* Elaboration parameters: wc_nic_cfg (wc_nic_port.h, shared with the
 * engine ABI). */

/* The C model's deliberate breaks for the lockstep self-check
 * (cfg.mutate 1..WC_NIC_MUTATIONS): what mutation k breaks, for reports. */
#define WC_NIC_MUTATIONS 23
const char *wc_nic_mutation_name(int k);

/* Defaults: the configuration the tests and benches use. */
void wc_nic_cfg_default(wc_nic_cfg *c, int nnodes);
/* 0, or -1 with a message naming the bad parameter. */
int wc_nic_cfg_check(const wc_nic_cfg *c, char *err, int errlen);

/* Inputs and outputs of one cycle: wc_nic_in, wc_nic_out (wc_nic_port.h,
 * shared with the Verilated NIC). */

/* NULL with a message on bad parameters.  node_id is the RTL's node_id_i,
 * sampled in reset. */
wc_nic *wc_nic_create(const wc_nic_cfg *c, unsigned node_id, char *err, int errlen);
void wc_nic_free(wc_nic *n);
void wc_nic_reset(wc_nic *n);
void wc_nic_eval(wc_nic *n, wc_nic_out *o);
void wc_nic_commit(wc_nic *n, const wc_nic_in *in);
/* Register value as a read would return it, without side effects (for the
 * harness's statistics and the scoreboard; the host driver uses the bus). */
uint32_t wc_nic_peek(const wc_nic *n, unsigned reg);
/* One line per busy unit (send queue, jobs with their children's
 * sent/acked counts, contexts, transmitter): for stall reports. */
void wc_nic_dump(const wc_nic *n, FILE *f);
#endif

/* SPDX-License-Identifier: Apache-2.0 */
/* Emit the Verilog top of a whole network (wc_net_top) for a topology:
 * one wc_router per switch/node, links wired per the topology, terminal
 * ports and every router port brought out for the lockstep harness. */
#ifndef WC_NETGEN_H
#define WC_NETGEN_H
#include <stdio.h>
#include "wc_topo.h"
#include "wc_nic.h"
#include "wc_node_soc.h"
int wc_netgen_verilog(const wc_topo *t, int W, int B, FILE *f);

/* The wc_router parameters a topology needs, in one place for the
 * generated network top and for the per-router Verilator builds. */
#define WC_ROUTER_NPARAMS 12
typedef struct { const char *name; long value; } wc_param;
void wc_router_params(const wc_topo *t, int W, int B, wc_param out[WC_ROUTER_NPARAMS]);

/* The wc_nic parameters of a NIC configuration (the RTL's names), in one
 * place for the NIC engine's Verilator build (wc_rtl.c) and the SystemC
 * NIC's (mk/sc.mk, through `wormcast netgen --params nic`). */
#define WC_NIC_NPARAMS 11
void wc_nic_params(const wc_nic_cfg *c, wc_param out[WC_NIC_NPARAMS]);

/* The wc_node_soc parameters of a node configuration: the NIC's, then
 * RAM_BYTES and MD_STEPS, in one place for the node engine's Verilator
 * build (wc_rtl.c) and the SystemC node's (mk/sc.mk, through `wormcast
 * netgen --params node`). */
#define WC_NODE_NPARAMS (WC_NIC_NPARAMS + 2)
void wc_node_params(const wc_node_soc_cfg *c, wc_param out[WC_NODE_NPARAMS]);

/* A NIC configuration named by the RTL's parameter names, so that one
 * list sets the C model (wormcast run --nic) and the RTL's -G flags
 * (wormcast netgen --params node --nic, the FPGA system design): "K=V,..."
 * with K one of WC_NIC_CFG_KEYS (NNODES, W and B follow the topology and
 * the tool's options).  Sets the fields of c it
 * names; the caller checks the result (wc_nic_cfg_check).  0, or -1 with
 * the reason in err. */
#define WC_NIC_CFG_KEYS "PAYLOAD NSLOT JSEND JFWD NCTX NGROUPS TXWIN MAXCHILD"
int wc_nic_cfg_parse(wc_nic_cfg *c, const char *list, char *err, int errlen);
#endif

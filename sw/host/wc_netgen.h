/* Emit the Verilog top of a whole network (wc_net_top) for a topology:
 * one wc_router per switch/node, links wired per the topology, terminal
 * ports and every router port brought out for the lockstep harness. */
#ifndef WC_NETGEN_H
#define WC_NETGEN_H
#include <stdio.h>
#include "wc_topo.h"
int wc_netgen_verilog(const wc_topo *t, int W, int B, FILE *f);
#endif

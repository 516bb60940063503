/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast netgen: print the Verilog top of a whole network, or the -G
 * parameters of its routers, NICs or node SoCs (for Verilator builds made outside the
 * tool, as mk/sc.mk makes the SystemC ones). */
#include <stdio.h>
#include "wc_netgen.h"
#include "wc_msg.h"
#include "wc_run.h"
#include "wc_defs.h"
#include "cli_args.h"

enum { PARAMS_NONE, PARAMS_ROUTER, PARAMS_NIC, PARAMS_NODE };

static void print_params(const wc_param *prm, int n)
{
    int i;
    for (i = 0; i < n; i++)
        printf("%s-G%s=%ld", i ? " " : "", prm[i].name, prm[i].value);
    printf("\n");
}

int wc_cmd_netgen(int argc, char **argv)
{
    static const char *const kinds[] = { "router", "nic", "node", NULL };
    static const int kind_v[] = { PARAMS_ROUTER, PARAMS_NIC, PARAMS_NODE };
    const char *topo = NULL, *nic = NULL;
    int W = WC_FLIT_DATA_W, B = 8, st, params = PARAMS_NONE, stages = 1;
    const char *routing = NULL;
    char err[512];
    wc_topo *t;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo, WC_TOPO_NAMES),
        WC_OPT_ROUTER_STAGES(&stages),
        WC_OPT_ROUTING(&routing),
        WC_OPT_INT("--width", "W", &W, 32, 62, "flit data width in bits"),
        WC_OPT_INT("--buffer", "B", &B, 1, 4096, "router input buffer depth in flits"),
        WC_OPT_CHOICE("--params", "K", &params, kinds, kind_v,
                      "instead of the Verilog, print on one line the -G flags of the\n"
                      "network's routers (router), of the NICs wormcast msg gives it (nic)\n"
                      "or of the node SoCs wormcast run gives it (node), as the tool's RTL\n"
                      "engines are verilated with them"),
        WC_OPT_STRING("--nic", "LIST", &nic, "with --params nic or node: the NIC parameters K=V,... as\n"
                      "wormcast run --nic takes them"),
        WC_OPT_END
    };
    wc_cli cli = { "netgen", "--topo T [--width W] [--buffer B] [--params router|nic|node [--nic LIST]]",
                   "prints the Verilog top module of the whole network (routers and links) on stdout", NULL,
                   "--topo", opts, NULL, NULL };
    cli.examples = "wormcast netgen --topo mesh:4x4                             # the Verilog top of a 4x4 mesh\n"
                   "wormcast netgen --topo irregular:16,8,4,1 --params router   # the -G flags of its routers";
    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    if ((st = wc_cli_needs(&cli, "--nic", params == PARAMS_NIC || params == PARAMS_NODE, "--params nic or node",
                           "it sets the NIC's parameters")))
        return st;
    if (!(t = wc_topo_create(topo, err, sizeof err)))
        return wc_cli_error(&cli, "%s", err);
    t->stages = stages;
    if (routing && wc_topo_set_routing(t, routing, err, sizeof err)) {
        wc_topo_free(t);
        return wc_cli_error(&cli, "%s", err);
    }
    if (params == PARAMS_ROUTER) {
        wc_param prm[WC_ROUTER_NPARAMS];
        wc_router_params(t, W, B, prm);
        print_params(prm, WC_ROUTER_NPARAMS);
    } else if (params == PARAMS_NIC) {
        wc_msg_opts o;
        wc_nic_cfg nc;
        wc_param prm[WC_NIC_NPARAMS];
        wc_msg_defaults(&o);
        o.width = W;
        o.buffer = B;
        if (wc_msg_nic_cfg(t, &o, &nc, err, sizeof err) ||
            (nic && (wc_nic_cfg_parse(&nc, nic, err, sizeof err) || wc_nic_cfg_check(&nc, err, sizeof err)))) {
            wc_topo_free(t);
            return wc_cli_error(&cli, "%s", err);
        }
        wc_nic_params(&nc, prm);
        print_params(prm, WC_NIC_NPARAMS);
    } else if (params == PARAMS_NODE) {
        wc_run_opts ro;
        wc_node_soc_cfg nc;
        wc_param prm[WC_NODE_NPARAMS];
        wc_run_opts_default(&ro);
        wc_node_soc_cfg_default(&nc, t->nnodes);
        nc.md_steps = ro.md_steps;
        nc.nic.W = W;
        nc.nic.B = B;
        if ((nic && wc_nic_cfg_parse(&nc.nic, nic, err, sizeof err)) || wc_node_soc_cfg_check(&nc, err, sizeof err)) {
            wc_topo_free(t);
            return wc_cli_error(&cli, "%s", err);
        }
        wc_node_params(&nc, prm);
        print_params(prm, WC_NODE_NPARAMS);
    } else {
        wc_netgen_verilog(t, W, B, stdout);
    }
    wc_topo_free(t);
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast netgen: print the Verilog top of a whole network. */
#include <stdio.h>
#include "wc_netgen.h"
#include "wc_defs.h"
#include "cli_args.h"

int wc_cmd_netgen(int argc, char **argv)
{
    const char *topo = NULL;
    int W = WC_FLIT_DATA_W, B = 8, st;
    char err[512];
    wc_topo *t;
    wc_opt opts[] = {
        WC_OPT_STRING("--topo", "T", &topo, WC_TOPO_NAMES),
        WC_OPT_INT("--width", "W", &W, 32, 62, "flit data width in bits"),
        WC_OPT_INT("--buffer", "B", &B, 1, 4096, "router input buffer depth in flits"),
        WC_OPT_END
    };
    wc_cli cli = { "netgen", "--topo T [--width W] [--buffer B]",
                   "prints the Verilog top module of the whole network (routers and links) on stdout", NULL,
                   "--topo", opts };
    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    if (!(t = wc_topo_create(topo, err, sizeof err)))
        return wc_cli_error(&cli, "%s", err);
    wc_netgen_verilog(t, W, B, stdout);
    wc_topo_free(t);
    return 0;
}

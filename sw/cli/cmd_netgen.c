/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast netgen: print the Verilog top of a whole network. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_netgen.h"
#include "wc_defs.h"

int wc_cmd_netgen(int argc, char **argv)
{
    const char *topo = NULL;
    int W = WC_FLIT_DATA_W, B = 8, i;
    char err[512];
    wc_topo *t;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--topo") && i + 1 < argc) topo = argv[++i];
        else if (!strcmp(argv[i], "--width") && i + 1 < argc) W = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--buffer") && i + 1 < argc) B = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: wormcast netgen --topo T [--width W] [--buffer B]\n");
            return 2;
        }
    }
    if (!topo) { fprintf(stderr, "wormcast netgen: --topo is required\n"); return 2; }
    if (W < 32 || W > 62 || B < 1 || B > 4096) {
        fprintf(stderr, "wormcast netgen: --width must be 32..62 and --buffer 1..4096\n");
        return 2;
    }
    if (!(t = wc_topo_create(topo, err, sizeof err))) { fprintf(stderr, "wormcast netgen: %s\n", err); return 2; }
    wc_netgen_verilog(t, W, B, stdout);
    wc_topo_free(t);
    return 0;
}

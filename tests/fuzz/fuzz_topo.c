/* SPDX-License-Identifier: Apache-2.0 */
/* Topology names and files (wc_topo_create): the first byte chooses a
 * name (the rest of the input, as typed after --topo) or a file (the rest
 * is its text, read through file:PATH).  Every topology made is checked
 * (routes of its up*-down* tables) and freed. */
#include <string.h>
#include "fuzz.h"
#include "wc_topo.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512], name[300];
    wc_topo *t;
    if (!size)
        return 0;
    if (data[0] & 1) {
        const char *p = fuzz_file(data + 1, size - 1, ".net");
        if (!p)
            return 0;
        snprintf(name, sizeof name, "file:%s", p);
    } else {
        snprintf(name, sizeof name, "%s", fuzz_str(data + 1, size - 1, 256));
    }
    if ((t = wc_topo_create(name, err, sizeof err))) {
        if (t->nnodes >= 2)
            (void)wc_topo_route(t, t->node_router[0], t->node_port[0], t->nnodes - 1);
        wc_topo_free(t);
    }
    return 0;
}

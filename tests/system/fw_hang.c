/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast run must report a run that does not end: node 0 passes, the
 * others spin forever. */
#include "node_fw.h"

int main(void)
{
    if (node_id() == 0)
        node_exit(0);
    for (;;)
        ;
}

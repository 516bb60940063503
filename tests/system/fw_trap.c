/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast run must report a node that takes an exception: node 1 runs
 * an all-zero word (an illegal instruction), the others wait. */
#include "node_fw.h"

int main(void)
{
    if (node_id() == 1)
        __asm__ volatile(".word 0");
    for (;;)
        ;
}

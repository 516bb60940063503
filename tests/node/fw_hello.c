/* SPDX-License-Identifier: Apache-2.0 */
/* Node smoke firmware 1: every node prints its id and the system size
 * from the device block and passes; a write to the read-only registers
 * must change neither. */
#include "node_fw.h"

int main(void)
{
    uint32_t id = node_id(), n = node_count();
    WC_MMIO32(WC_NODE_ID_ADDR) = 0xffffffffu;
    WC_MMIO32(WC_NODE_COUNT_ADDR) = 0;
    wc_printf("node %u of %u\n", id, n);
    node_exit(node_id() == id && node_count() == n ? 0 : 1);
}

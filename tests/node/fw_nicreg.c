/* SPDX-License-Identifier: Apache-2.0 */
/* Node smoke firmware 2: the NIC register window.  NICR_ID carries this
 * node's id in bits 11:0 (the NIC's strap, the same as the device
 * block's), and a read/write register keeps what was written to it. */
#include "node_fw.h"

int main(void)
{
    uint32_t id = node_id(), nic_id = NODE_NICR(WC_NICR_ID) & ((1u << WC_HEAD_DST_W) - 1);
    uint32_t t = 0x1234u + 0x100u * id;
    NODE_NICR(WC_NICR_TIMEOUT) = t;
    uint32_t back = NODE_NICR(WC_NICR_TIMEOUT);
    wc_printf("node %u: nic id %u timeout %x\n", id, nic_id, back);
    if (nic_id != id)
        node_exit(2);
    node_exit(back == t ? 0 : 3);
}

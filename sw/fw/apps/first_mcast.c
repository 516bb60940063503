/* SPDX-License-Identifier: Apache-2.0 */
/* The tutorial's firmware (docs/tutorial.md): node 0 multicasts one
 * message to every other node along a tree its NIC forwards, and every
 * node checks what it got.  The smallest app on the multicast runtime
 * (sw/fw/mc.h), to copy and change.
 *
 * Arguments: tree=binomial (any name mc_tree_parse takes: kbin:2,
 * kbin:opt, postal:3, ...), len=1000 (bytes, 1..4096). */
#include "app.h"
#include "mc.h"
#include "node.h"
#include "rt.h"

#define MAX_LEN 4096u

/* a send buffer with headroom, then two receive buffers of a guard word,
 * a 4-byte unicast header and the message each */
static uint32_t mem[MC_BUF_WORDS(MAX_LEN) + 2 * (2 + MAX_LEN / 4)];

int main(void)
{
    mc_cfg c = { 0 };
    mc_group all;
    mc_tree t;
    uint8_t *msg = MC_BUF_DATA(mem);
    long len = app_arg_num("first_mcast", "len", 1000, 1, MAX_LEN);
    unsigned i, got;
    if (len < 0)
        return 2;
    c.nic_mode = WC_NIC_MODE_FPFS;
    c.pool = mem + MC_BUF_WORDS(MAX_LEN);
    c.pool_bytes = sizeof mem - 4 * MC_BUF_WORDS(MAX_LEN);
    c.buf_bytes = MAX_LEN;
    if (mc_init(&c) || mc_tree_parse(wc_arg("tree") ? wc_arg("tree") : "binomial", &t) ||
        mc_group_world(&all, 1, 0, &t) || mc_barrier(&all))
        return 2;
    if (node_id() == 0) {
        for (i = 0; i < (unsigned)len; i++)
            msg[i] = (uint8_t)(i * 7 + 1);
        if (mc_send(&all, msg, (unsigned)len, MC_FWD_NIC))
            return 4;
        wc_printf("first_mcast: node 0 sent %ld bytes to %u nodes\n", len, node_count() - 1);
        return mc_finish();
    }
    if (mc_recv(&all, msg, MAX_LEN, &got) || got != (unsigned)len)
        return 3;
    for (i = 0; i < got; i++)
        if (msg[i] != (uint8_t)(i * 7 + 1))
            return 3;
    wc_printf("first_mcast: node %u got all %u bytes\n", node_id(), got);
    return mc_finish();
}

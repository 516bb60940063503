/* SPDX-License-Identifier: Apache-2.0 */
/* Node smoke firmware 3: a unicast message from node 0 to node 1 through
 * the NICs (the harness links the two nodes' local ports directly), so
 * the DMA reads descriptors and payload from RAM and writes the received
 * message and the completions into it while the cores poll the RAM: the
 * arbiter's collisions.  Three packets: two full, one short. */
#include "node_fw.h"

#define MSG_BYTES (2 * WC_NIC_PAYLOAD + 88)
#define RING 4
#define TAG 0x5a

static uint32_t sq[RING * WC_NIC_SDESC_WORDS] __attribute__((aligned(16)));
static uint32_t rq[RING * WC_NIC_RDESC_WORDS] __attribute__((aligned(16)));
static volatile uint32_t cq[RING * WC_NIC_CDESC_WORDS] __attribute__((aligned(16)));
static uint32_t msg[MSG_BYTES / 4];
static uint32_t buf[(MSG_BYTES + WC_NIC_PAYLOAD) / 4];

static uint32_t field(uint32_t w, unsigned lsb, unsigned width) { return w >> lsb & ((1u << width) - 1); }
static uint32_t pattern(uint32_t i) { return i * 2654435761u ^ 0xa5a5a5a5u; }

/* the first completion: word 0 once CD0_VALID is set */
static uint32_t completion(void)
{
    while (!field(cq[0], WC_CD0_VALID_LSB, WC_CD0_VALID_W))
        ;
    return cq[0];
}

int main(void)
{
    uint32_t id = node_id(), c0, i;
    node_nic_rings(sq, rq, cq, RING);
    NODE_NICR(WC_NICR_CTRL) = 1;    /* enable, FPFS */
    if (id == 1) {
        rq[0] = (uint32_t)(uintptr_t)buf;
        rq[1] = sizeof buf;
        NODE_NICR(WC_NICR_RQ_TAIL) = 1;
        c0 = completion();
        if (field(c0, WC_CD0_KIND_LSB, WC_CD0_KIND_W) != WC_CK_RECV ||
            field(c0, WC_CD0_STATUS_LSB, WC_CD0_STATUS_W) != WC_NIC_ST_OK)
            node_exit(2);
        if (field(cq[1], WC_CD1_SRC_LSB, WC_CD1_SRC_W) != 0 || field(cq[3], WC_CD3_LEN_LSB, WC_CD3_LEN_W) != MSG_BYTES)
            node_exit(3);
        for (i = 0; i < MSG_BYTES / 4; i++)
            if (buf[i] != pattern(i))
                node_exit(4);
        wc_printf("node 1: received %u bytes from node 0, data ok\n", (unsigned)MSG_BYTES);
    } else {
        for (i = 0; i < MSG_BYTES / 4; i++)
            msg[i] = pattern(i);
        sq[0] = WC_OP_UNICAST << WC_SD0_OP_LSB | TAG << WC_SD0_TAG_LSB | (uint32_t)MSG_BYTES << WC_SD0_LEN_LSB;
        sq[1] = (uint32_t)(uintptr_t)msg;
        sq[2] = 1;
        sq[3] = 0;
        NODE_NICR(WC_NICR_SQ_TAIL) = 1;
        c0 = completion();
        if (field(c0, WC_CD0_KIND_LSB, WC_CD0_KIND_W) != WC_CK_SEND ||
            field(c0, WC_CD0_STATUS_LSB, WC_CD0_STATUS_W) != WC_NIC_ST_OK ||
            field(c0, WC_CD0_TAG_LSB, WC_CD0_TAG_W) != TAG)
            node_exit(2);
        wc_printf("node 0: sent %u bytes to node 1\n", (unsigned)MSG_BYTES);
    }
    node_exit(0);
}

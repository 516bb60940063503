/* SPDX-License-Identifier: Apache-2.0 */
/* Every node sends a message to its successor and receives one from its
 * predecessor (node ids in a ring), sleeping in wfi until the NIC's
 * completion interrupt: DMA against the core for the RAM, the NIC's
 * interrupt into the core, and the core's interrupt entry, every cycle in
 * lockstep.  Arguments: none. */
#include "node_fw.h"

#define MSG_BYTES (3 * WC_NIC_PAYLOAD + 52)
#define RING 4
#define MIE_MEIE (1u << 11)

static uint32_t sq[RING * WC_NIC_SDESC_WORDS] __attribute__((aligned(16)));
static uint32_t rq[RING * WC_NIC_RDESC_WORDS] __attribute__((aligned(16)));
static volatile uint32_t cq[RING * WC_NIC_CDESC_WORDS] __attribute__((aligned(16)));
static uint32_t msg[MSG_BYTES / 4];
static uint32_t buf[(MSG_BYTES + WC_NIC_PAYLOAD) / 4];
static volatile unsigned irqs;

static uint32_t field(uint32_t w, unsigned lsb, unsigned width) { return w >> lsb & ((1u << width) - 1); }
static uint32_t pattern(uint32_t src, uint32_t i) { return (i + 1) * 2654435761u ^ src * 0x01010101u; }

uint32_t wc_trap_handler(uint32_t mcause, uint32_t mepc, uint32_t mtval)
{
    (void)mtval;
    if (mcause != 0x8000000bu)
        node_exit(9);
    /* acknowledge the completion interrupt (write 1 to clear) */
    NODE_NICR(WC_NICR_INT_STATUS) = 1;
    irqs++;
    return mepc;
}

/* completion k once it is valid, sleeping between interrupts */
static uint32_t completion(unsigned k)
{
    while (!field(cq[k * WC_NIC_CDESC_WORDS], WC_CD0_VALID_LSB, WC_CD0_VALID_W))
        __asm__ volatile("wfi");
    return cq[k * WC_NIC_CDESC_WORDS];
}

int main(void)
{
    uint32_t id = node_id(), n = node_count(), next = (id + 1) % n, prev = (id + n - 1) % n, i, c;
    unsigned got_send = 0, got_recv = 0, k;
    for (i = 0; i < MSG_BYTES / 4; i++)
        msg[i] = pattern(id, i);
    node_nic_rings(sq, rq, cq, RING);
    NODE_NICR(WC_NICR_INT_ENABLE) = 1;
    __asm__ volatile("csrs mie, %0" : : "r"(MIE_MEIE));
    __asm__ volatile("csrsi mstatus, 8");
    NODE_NICR(WC_NICR_CTRL) = 1;    /* enable, FPFS */
    rq[0] = (uint32_t)(uintptr_t)buf;
    rq[1] = sizeof buf;
    /* the descriptors must be in RAM before the NIC hears of them */
    __asm__ volatile("" : : : "memory");
    NODE_NICR(WC_NICR_RQ_TAIL) = 1;
    sq[0] = WC_OP_UNICAST << WC_SD0_OP_LSB | (id & 0xfff) << WC_SD0_TAG_LSB | (uint32_t)MSG_BYTES << WC_SD0_LEN_LSB;
    sq[1] = (uint32_t)(uintptr_t)msg;
    sq[2] = next;
    sq[3] = 0;
    __asm__ volatile("" : : : "memory");
    NODE_NICR(WC_NICR_SQ_TAIL) = 1;
    for (k = 0; k < 2; k++) {
        c = completion(k);
        if (field(c, WC_CD0_STATUS_LSB, WC_CD0_STATUS_W) != WC_NIC_ST_OK)
            node_exit(2);
        if (field(c, WC_CD0_KIND_LSB, WC_CD0_KIND_W) == WC_CK_SEND)
            got_send++;
        else if (field(c, WC_CD0_KIND_LSB, WC_CD0_KIND_W) == WC_CK_RECV) {
            got_recv++;
            if (field(cq[k * WC_NIC_CDESC_WORDS + 1], WC_CD1_SRC_LSB, WC_CD1_SRC_W) != prev ||
                field(cq[k * WC_NIC_CDESC_WORDS + 3], WC_CD3_LEN_LSB, WC_CD3_LEN_W) != MSG_BYTES)
                node_exit(3);
            for (i = 0; i < MSG_BYTES / 4; i++)
                if (buf[i] != pattern(prev, i))
                    node_exit(4);
        }
    }
    if (got_send != 1 || got_recv != 1 || !irqs)
        node_exit(5);
    wc_printf("node %u: sent to %u, received from %u, %u interrupts\n", id, next, prev, irqs);
    node_exit(0);
}

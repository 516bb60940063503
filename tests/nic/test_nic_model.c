/* SPDX-License-Identifier: Apache-2.0 */
/* One NIC of the cycle model on a bench (nic_bench.h): the test plays the
 * router (it injects flits on the ejection link, collects what the NIC
 * injects), the host memory (a combinational Wishbone slave) and the host
 * (register accesses on the slave bus), and runs the directed scenarios
 * of nic_scen.c: every bad-input case of docs/nic.md, the group table's id
 * rule through the registers, the receive path with duplicates and early
 * packets, sends with acknowledgements, timeout and go-back-N, forwarding
 * in FPFS and FCFS order, multisend with one DMA read per packet,
 * host-based mode and receive buffers too small for a message.  The same
 * scenarios run against the RTL in verif/nic/ (make test-nic-lockstep). */
#include <stdio.h>
#include "nic_bench.h"

int main(void)
{
    nic_bench *b = nb_new(256u * 1024u);
    wc_nic_cfg cfg;
    int rc;
    if (!b) {
        printf("FAIL out of memory\n");
        return 1;
    }
    wc_nic_cfg_default(&cfg, 16);
    nic_scen_run(b, &cfg, NULL);
    rc = nb_summary(b);
    nb_free(b);
    return rc;
}

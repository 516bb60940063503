/* SPDX-License-Identifier: Apache-2.0 */
/* The NIC's packet decoder fed from the link: the input as flits (5 bytes
 * each: type and data) through wc_nic_pkt_parse, then into the C NIC
 * model's receive port one flit at a time as a router would send them
 * (the next flit once the NIC returned the credit of the last), its DMA
 * master answered from a zeroed host memory.  A malformed packet must be
 * dropped and counted; nothing may crash or trip the model's checks. */
#include <string.h>
#include "fuzz.h"
#include "wc_nic.h"
#include "wc_nic_pkt.h"
#include "wc_defs.h"

static wc_nic *nic;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    wc_nic_cfg c;
    char err[256];
    (void)argc, (void)argv;
    wc_nic_cfg_default(&c, 16);
    nic = wc_nic_create(&c, 3, err, sizeof err);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint32_t flits[1024];
    uint8_t payload[4096];
    wc_nic_hdr h;
    unsigned n = 0, k, cyc;
    size_t i;
    int credit = 1;
    if (!nic)
        return 0;
    for (i = 0; i + 5 <= size && n < 1024; i += 5)
        flits[n++] = (uint32_t)data[i + 1] | (uint32_t)data[i + 2] << 8 | (uint32_t)data[i + 3] << 16 |
                     (uint32_t)data[i + 4] << 24;
    (void)wc_nic_pkt_parse(flits, n, 3, &h, payload);
    wc_nic_reset(nic);
    for (k = 0, cyc = 0; cyc < 4 * 1024 + 256; cyc++) {
        wc_nic_out o;
        wc_nic_in in;
        memset(&in, 0, sizeof in);
        wc_nic_eval(nic, &o);
        if (o.rx_credit)
            credit = 1;
        if (credit && k < n) {
            const uint8_t ty = data[5 * k] & 3;
            in.rx_valid = 1;
            in.rx_flit = (uint64_t)ty << 32 | flits[k];
            k++;
            credit = 0;
        }
        in.m_ack = o.m_cyc && o.m_stb;
        in.tx_credit = o.tx_valid;
        wc_nic_commit(nic, &in);
        if (k == n && cyc > 4 * n + 64)
            break;
    }
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 */
/* The NIC's CRC step (rtl/nic/wc_nic_crc.v): one payload word folded into
 * the CRC carried in finalized form.  The CRC itself is the packet codec's
 * (sw/lib/wc_nic_pkt.c), which the host side and the firmware share; the
 * NW = 4 step of the RTL, the head and header words that finish a packet's CRC, is
 * wc_nic_crc_finish() there. */
#include "wc_nic_int.h"

uint32_t nic_crc_word(uint32_t crc, uint32_t w)
{
    return wc_nic_crc_words(crc, &w, 1);
}

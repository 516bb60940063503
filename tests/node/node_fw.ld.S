/* SPDX-License-Identifier: Apache-2.0 */
/* The node smoke firmware's layout: the firmware layout of sw/fw/link.ld.S
 * over the node's RAM (NODE_RAM_SIZE) instead of the core SoC's.  The
 * macro header has an include guard, so the redefinition below is what
 * link.ld.S sees. */
#include "wc_defs_macros.h"
#undef WC_SOC_RAM_SIZE
#define WC_SOC_RAM_SIZE WC_NODE_RAM_SIZE
#include "link.ld.S"

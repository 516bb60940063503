/* SPDX-License-Identifier: Apache-2.0 */
/* An image larger than the node RAM (linked for the core SoC's larger
 * RAM): wormcast run must refuse it before running anything. */
#include "node_fw.h"

static volatile uint32_t table[96 * 1024 / 4] = { 1 };

int main(void)
{
    node_exit(table[0] == 1 ? 0 : 1);
}

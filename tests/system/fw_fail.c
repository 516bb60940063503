/* SPDX-License-Identifier: Apache-2.0 */
/* Node 2 exits with failure code 5: wormcast run must say so and fail. */
#include "node_fw.h"

int main(void)
{
    node_exit(node_id() == 2 ? 5 : 0);
}

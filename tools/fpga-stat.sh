#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The LUT4 and block RAM count of a Yosys stat file of either family
# (iCE40 SB_LUT4 / SB_RAM40_4K, ECP5 LUT4 / DP16KD), as "N LUT4, M RAM":
# the column order differs between Yosys versions.
# usage: tools/fpga-stat.sh STAT
set -u
[ $# -eq 1 ] && [ -f "$1" ] || { echo "fpga-stat.sh: usage: STAT (a Yosys stat file)" >&2; exit 2; }
awk '{ for (i = 1; i <= 2; i++) { j = 3 - i
         if ($i ~ /^(SB_)?LUT4$/) l += $j
         if ($i ~ /^(SB_RAM40_4K|DP16KD)$/) { r += $j; rn = $i } } }
     END { printf "%d LUT4", l; if (r) printf ", %d %s", r, rn; printf "\n" }' "$1"

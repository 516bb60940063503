#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Proves fpga/wc_cmp_const_right.v (a constant on the left of <, <=, >, >=
# moved to the right) changes no comparison's truth: the comparisons of
# verif/fpga/cmp_const.v before and after it are equivalent for every
# input (a miter and Yosys's SAT solver).  With --softlogic (a Yosys with
# share/cmp2softlogic.v, the ECP5 venv's) the system's whole comparison
# mapping, the move and then that map, is proved the same way, and the
# map alone must differ somewhere: that is the Yosys bug the move works
# around (c < x mapped as c <= x), so this check also shows the test
# design reaches it.  Should a Yosys map it right, the check says so and
# the move can go.
# usage: tools/fpga-cmp-check.sh YOSYS [--softlogic] LOGDIR
set -eu
ys=$1 soft=0
shift
[ "${1-}" = --softlogic ] && { soft=1; shift; }
logs=${1:?usage: fpga-cmp-check.sh YOSYS [--softlogic] LOGDIR}
mkdir -p "$logs"
# equivalent NAME "PASSES": the RTL and the RTL after PASSES agree on
# every input (exit 0), or not (1)
equivalent() {
  "$ys" -q -l "$logs/$1.log" -p "read_verilog -sv verif/fpga/cmp_const.v; proc; opt_clean; \
    copy wc_cmp_const gold; rename wc_cmp_const gate; cd gate; $2; cd; \
    miter -equiv -flatten -make_assert gold gate miter; sat -verify -prove-asserts miter" > /dev/null 2>&1
}
move="techmap -map fpga/wc_cmp_const_right.v"
equivalent move "$move" \
  || { echo "fpga-cmp-check: FAIL: fpga/wc_cmp_const_right.v changes a comparison's result ($logs/move.log)" >&2; exit 1; }
if [ $soft = 0 ]; then
  echo "fpga-cmp-check: fpga/wc_cmp_const_right.v keeps all 20 comparisons of verif/fpga/cmp_const.v (proved for every input)"
  exit 0
fi
equivalent move-softlogic "$move; techmap -map +/cmp2softlogic.v" \
  || { echo "fpga-cmp-check: FAIL: the move and cmp2softlogic change a comparison's result ($logs/move-softlogic.log)" >&2; exit 1; }
if equivalent softlogic "techmap -map +/cmp2softlogic.v"; then
  echo "fpga-cmp-check: this Yosys maps constants on the left right: fpga/wc_cmp_const_right.v is no longer needed"
else
  echo "fpga-cmp-check: the system's comparison mapping keeps all 20 comparisons (proved for every input); without the move, Yosys's cmp2softlogic alone gets some wrong ($logs/softlogic.log)"
fi

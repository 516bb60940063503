#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks one finished iCE40 build of fpga/flow.sh (make test's
# test-fpga-pnr): the summary says PASS with an fmax at or above the
# target, the placement used logic cells, and the bitstream is there and
# is an iCE40 one (its preamble 7EAA997E within the first bytes, after the
# comment icepack writes), and icetime, the second timing opinion, ran.
# usage: tools/fpga-pnr-check.sh BUILD_DIR
set -u
[ $# -eq 1 ] || { echo "fpga-pnr-check.sh: usage: BUILD_DIR" >&2; exit 2; }
d=$1
pass=0 fail=0
ok()  { echo "ok   - $*"; pass=$((pass + 1)); }
bad() { echo "FAIL - $*"; fail=$((fail + 1)); }

line=$(head -1 "$d/summary.txt" 2>/dev/null)
[ -n "$line" ] || { echo "FAIL - no summary in $d (the flow did not finish)"; exit 1; }
echo "  $line"
fmax=$(echo "$line" | sed -n 's/.*fmax \([0-9.]*\) MHz\( (seed [0-9]*)\)\{0,1\} at target \([0-9.]*\) MHz: \(PASS\|FAIL\).*/\1 \3 \4/p')
read -r f t v <<< "$fmax"
if [ "${v:-}" = PASS ] && awk -v a="$f" -v b="$t" 'BEGIN {exit !(a >= b && b > 0)}'; then
  ok "timing met: fmax $f MHz at target $t MHz"
else
  bad "timing: '$line'"
fi
cells=$(echo "$line" | sed -n 's|.*, \([0-9]*\)/\([0-9]*\) logic cells.*|\1 \2|p')
read -r used total <<< "$cells"
if [ -n "${used:-}" ] && [ "$used" -gt 1000 ] && [ "$used" -le "$total" ]; then
  ok "placed: $used of $total logic cells"
else
  bad "placement utilisation not understood: '$line'"
fi
bin=$d/design.bin
if [ -s "$bin" ] && od -An -tx1 -N64 -v "$bin" | tr -d ' \n' | grep -q 7eaa997e; then
  ok "bitstream $bin: $(stat -c %s "$bin") bytes, iCE40 preamble present"
else
  bad "no iCE40 bitstream at $bin"
fi
if grep -q "Total path delay" "$d/icetime.txt" 2>/dev/null; then
  ok "icetime: $(grep -m1 'Total path delay' "$d/icetime.txt" | sed 's/^ *//')"
else
  bad "icetime gave no timing report ($d/icetime.txt)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

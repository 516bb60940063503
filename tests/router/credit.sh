#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The credit loop is 3 cycles (docs/router.md): a link sustains B/3 flits
# per cycle for B < 3 and one flit per cycle from B = 3.  Two nodes of
# cube:1 stream to each other at 0.95 flits/node/cycle; the accepted load
# must be min(0.95, B/3) (within 1%), in the C model and, for B = 2, in
# the RTL in lockstep.
set -u
wc=$1
pass=0 fail=0
for spec in "1 c" "2 c" "3 c" "4 c" "2 lockstep"; do
  set -- $spec
  row=$("$wc" sim --topo cube:1 --traffic neighbor --rate 0.95 --buffer "$1" --engine "$2" \
        --warmup 1000 --cycles 20000 --quiet --csv --drain-max 0 | tail -1)
  acc=$(cut -d, -f8 <<<"$row")
  off=$(cut -d, -f7 <<<"$row")
  want=$(awk -v b="$1" -v o="$off" 'BEGIN {w = b / 3; print (w < o ? w : o)}')
  if awk -v a="$acc" -v w="$want" 'BEGIN {exit !(a > w * 0.99 && a < w * 1.01)}'; then
    pass=$((pass+1)); echo "ok   B=$1 $2: accepted $acc flits/node/cycle (expected $want)"
  else
    fail=$((fail+1)); echo "FAIL B=$1 $2: accepted $acc flits/node/cycle, expected $want"
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

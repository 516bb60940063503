#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Intermediate reception figures for `make bench`: one multicast at a time
# on an idle network, on the RTL, multidestination worms (BRCP schemes of
# sw/lib/wc_irc.c) against a binomial tree of unicasts; completion latency
# (creation to the last destination's tail) and rounds / steps.
# Writes build/bench/irc.txt and prints it.
set -eu
wc=$1 engine=${ENGINE:-rtl} out=${BUILD:-build}/bench/irc.txt
mkdir -p "$(dirname "$out")"
{
echo "# Wormcast intermediate-reception bench ($(date -u +%Y-%m-%dT%H:%MZ), engine $engine)"
echo "# one multicast on an idle network; random source (and destinations), 10 sets (5 for broadcast)"
printf '%-9s %-7s %-6s %-6s %12s %12s %8s\n' topology payload dests scheme lat_avg lat_min..max rounds
for t in mesh:8x8 cube:6; do
  for pk in 8 64; do
    for d in all 8 16 32; do
      sets=10; [ "$d" = all ] && sets=5
      for sch in worm tree; do
        row=$("$wc" sim --topo $t --engine "$engine" --mcast-once $d --mcast-scheme $sch --packet $pk --sets $sets --seed 11 --csv | tail -1)
        IFS=, read -r _ _ nd _ _ _ avg lo hi rounds <<<"$row"
        printf '%-9s %-7s %-6s %-6s %12s %12s %8s\n' $t $pk "$d" $sch "$avg" "$lo..$hi" "$rounds"
      done
    done
  done
done
echo "# payload = flits per unicast packet (a worm adds one address flit per further destination)"
echo "# rounds: worm rounds of the scheme; for the tree, steps of the binomial tree"
} | tee "$out"
echo "written to $out"

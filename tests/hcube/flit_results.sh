#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Robinson et al. Figs. 13-14 at flit level: on the all-port 10-cube
# (cube:10:all), one multicast of a 4 KB message at a time on an idle
# network, sent as unicasts along the U-cube, Maxport, Combine and W-sort
# trees (wormcast sim --mcast-scheme tree), against the number of
# destinations.  Fig. 13 is the delay averaged over the destinations, Fig.
# 14 the largest (the multicast's completion); both averaged over SETS
# random sources and destination sets, the same sets for every algorithm
# (one seed).  Not part of make test: about 0.5 s of one core per set
# at 1024 nodes, so the paper's 100 sets at the default points take about
# an hour.
#   usage: flit_results.sh WORMCAST OUT.csv   (env SETS, POINTS, PACKET, TOPO)
set -eu
wc=$1 out=$2
sets=${SETS:-100}
topo=${TOPO:-cube:10:all}
# 4096 bytes of 32-bit flits behind the head flit
packet=${PACKET:-1025}
points=${POINTS:-"1 2 4 8 16 32 64 128 200 256 300 400 500 512 600 700 800 900 1000 1023"}
algos="ucube maxport combine wsort"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
  echo "# Robinson et al. Figs. 13-14 at flit level: $topo, $packet-flit messages, $sets random sets per point (wormcast sim --mcast-once)"
  printf 'destinations'
  for a in $algos; do printf ',%s_avg,%s_max' "$a" "$a"; done
  printf '\n'
  for m in $points; do
    printf '%s' "$m"
    for a in $algos; do
      "$wc" sim --topo "$topo" --mcast-once "$m" --mcast-scheme tree --tree-algo "$a" --packet "$packet" \
        --sets "$sets" --seed 1 --csv >"$tmp"
      # dest_lat_avg (Fig. 13) and lat_avg, the mean completion (Fig. 14)
      awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { printf ",%s,%s", $c["dest_lat_avg"], $c["lat_avg"] }' "$tmp"
    done
    printf '\n'
  done
} >"$out"
echo "written to $out"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Router / simulator figures for `make bench`, against the goals of the
# router issue (reference: BookSim2, 5-stage router, same workloads).
# Writes build/bench/router.txt and prints it.
set -u
wc=$1 out=${BUILD:-build}/bench/router.txt
mkdir -p "$(dirname "$out")"
tmp=$(mktemp)
field() { # csv row, column name -> value
  awk -F, -v col="$2" 'NR==1 {for (i=1;i<=NF;i++) if ($i==col) c=i} NR==2 {print $c}' <<<"$1"
}
{
echo "# Wormcast router bench ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m))"
echo "# packets of 8 flits, 8-flit input buffers, 1 virtual channel, uniform Bernoulli injection"
echo
echo "## Simulation speed (simulated cycles per second; 2000 warmup + 30000 measured cycles)"
printf '%-10s %-6s %-8s %12s\n' topology rate engine cycles_per_s
for t in mesh:8x8 cube:6; do
  for r in 0.1 0.3; do
    for e in c rtl; do
      row=$("$wc" sim --topo $t --rate $r --engine $e --warmup 2000 --cycles 30000 --quiet --csv --drain-max 0)
      printf '%-10s %-6s %-8s %12.0f\n' $t $r $e "$(field "$row" cycles_per_s)"
      echo "$t $r $e $(field "$row" cycles_per_s)" >> "$tmp"
    done
  done
done
echo
echo "## Zero-load latency (rate 0.01, 100000 cycles); saturation: the highest stable offered load of a"
echo "## sweep (step 0.01, 20000 + 200000 cycles a point; stable: drained, average latency <= 500, accepted"
echo "## within 1% of offered); overload: the most a run of the sweep accepted (not a saturation figure)"
printf '%-10s %-10s %14s %9s %12s %12s\n' topology traffic zero_load_lat sat_rate sat_offered overload_acc
for spec in "mesh:8x8 uniform" "mesh:8x8 transpose" "mesh:8x8 bitcomp" "cube:6 uniform"; do
  set -- $spec
  row=$("$wc" sim --topo $1 --traffic $2 --rate 0.01 --warmup 5000 --cycles 100000 --quiet --csv)
  zl=$(field "$row" lat_avg)
  sw=$("$wc" sim --topo $1 --traffic $2 --sweep 0.01:1.5:0.01)
  sr=$(sed -n 's/^# saturation: rate \([0-9.]*\), offered \([0-9.]*\) .*/\1/p' <<<"$sw")
  so=$(sed -n 's/^# saturation: rate \([0-9.]*\), offered \([0-9.]*\) .*/\2/p' <<<"$sw")
  ov=$(sed -n 's/^# accepted throughput under overload: at most \([0-9.]*\) .*/\1/p' <<<"$sw")
  printf '%-10s %-10s %14.2f %9.4f %12.4f %12.4f\n' $1 $2 "$zl" "$sr" "$so" "$ov"
  echo "$1 $2 zl $zl sat $so rate $sr" >> "$tmp"
done
echo
echo "## Goals (from the router issue; BookSim2 figures measured on this class of machine)"
zl=$(awk '$1=="mesh:8x8" && $2=="uniform" {print $4}' "$tmp")
sm=$(awk '$1=="mesh:8x8" && $2=="uniform" {print $6}' "$tmp")
sc=$(awk '$1=="cube:6" && $2=="uniform" {print $6}' "$tmp")
st=$(awk '$1=="mesh:8x8" && $2=="transpose" {print $8}' "$tmp")
cs=$(awk '$1=="mesh:8x8" && $2=="0.1" && $3=="c" {print $4}' "$tmp")
rs=$(awk '$1=="mesh:8x8" && $2=="0.1" && $3=="rtl" {print $4}' "$tmp")
goal() { # what value op bound reference
  local ok; ok=$(awk -v v="$2" -v b="$4" -v op="$3" 'BEGIN {print (op=="<=" ? v<=b : v>=b) ? "met" : "MISSED"}')
  printf '%-46s %12s  goal %s %-8s (%s)  %s\n' "$1" "$2" "$3" "$4" "$5" "$ok"
}
goal "zero-load latency, mesh:8x8 uniform (cycles)" "$zl" "<=" 20 "BookSim 40.7" 
goal "saturation, mesh:8x8 uniform (flits/node/cyc)" "$sm" ">=" 0.235 "BookSim 0.145, 0.235 w/o tail credits"
goal "saturation, cube:6 uniform (flits/node/cyc)" "$sc" ">=" 0.35 "BookSim 0.351"
goal "saturation, mesh:8x8 transpose (per sender)" "$st" "<=" 0.1429 "channel bound 1/7: a bound, not a goal"
goal "C model speed, mesh:8x8 @0.1 (cycles/s)" "$cs" ">=" 200000 "10x BookSim 21000"
goal "Verilated RTL speed, mesh:8x8 @0.1 (cycles/s)" "$rs" ">=" 21000 "BookSim 21000"
} | tee "$out"
rm -f "$tmp"
echo "written to $out"

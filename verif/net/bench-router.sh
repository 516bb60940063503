#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Router and simulator figures, against the goals of the router issue
# (reference: BookSim2's published figures, same workloads).  Writes the
# CSVs that docs/results/router.md quotes into DIR and a readable summary
# to build/bench/router.txt.
#   usage: bench-router.sh [--window] [--no-speed] WORMCAST [DIR]
#   DIR       where the CSVs go (default build/bench; make results-router
#             gives docs/results)
#   --window  also the window study: every saturation sweep again with
#             shorter and longer warm-up + measured windows (about 8 more
#             minutes), router_window.csv
#   --no-speed  keep DIR's router_speed.csv as it is: speeds depend on the
#             machine and its load, the rest is deterministic, so `make
#             results` (which passes it) writes the same pages on any
#             machine; `make results-router ROUTER_SPEED=1` measures again
# CSVs (one header line, then rows; rates as the sweep prints them):
#   router_speed.csv  topology,rate,engine,cycles_per_s,load: simulated
#                     cycles per second, 2000 warm-up + 30000 measured
#                     cycles, and the load average before the run
#   router_load.csv   topology,traffic,stages,zero_load_lat,sat_rate,
#                     sat_offered,sat_lat,next_rate,next_lat,overload_rate,
#                     overload_acc: zero-load latency (rate 0.01, 5000 +
#                     100000 cycles); the saturation sweep's answer (the
#                     highest stable rate, its offered load and latency),
#                     the first rate above it with its latency, and the most
#                     a run of the sweep accepted
#   router_sweep.csv  topology,traffic,stages,rate,offered,accepted,lat_avg,
#                     lat_p99,drained: every point of those sweeps (drained 0:
#                     measured packets still in the network at the end)
#   router_hop.csv    topology,traffic,stages,rate,lat_avg,lat_p99: one
#                     link at nearly zero load (cube:6 neighbour traffic)
#   router_window.csv topology,traffic,warmup,cycles,sat_rate,sat_lat,
#                     next_rate,next_lat (--window)
set -u -o pipefail
window=0 speed=1
while :; do
  case ${1:-} in
    --window) window=1; shift ;;
    --no-speed) speed=0; shift ;;
    *) break ;;
  esac
done
wc=${1:?usage: bench-router.sh [--window] [--no-speed] WORMCAST [DIR]}
dir=${2:-${BUILD:-build}/bench}
txt=${BUILD:-build}/bench/router.txt
mkdir -p "$dir" "$(dirname "$txt")"
[ -x "$wc" ] || { echo "bench-router: $wc is not an executable" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { # csv row (header, values), column name -> value
  awk -F, -v col="$2" 'NR==1 {for (i=1;i<=NF;i++) if ($i==col) c=i} NR==2 {print $c}' <<<"$1"
}
load() { cut -d' ' -f1 /proc/loadavg; }
progress() { echo "bench-router: $*" >&2; }

# The sweep's table and verdict lines -> one router_load row on stdout,
# its points appended to the file POINTS
sweep_rows() { # topology traffic stages zero_load_lat sweep-output POINTS
  awk -v t="$1" -v tr="$2" -v s="$3" -v zl="$4" -v pts="$6" '
    /^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+/ {
      n++; rate[n] = $1; lat[n] = $4
      printf "%s,%s,%s,%s,%s,%s,%s,%s,%d\n", t, tr, s, $1, $2, $3, $4, $5, ($0 !~ /did not drain/) >> pts
    }
    /^# saturation: rate/ {
      sr = $4; sub(/,$/, "", sr); so = $6
      for (i = 1; i <= NF; i++) if ($i == "latency") { sl = $(i + 1) }
    }
    /^# accepted throughput under overload/ { oa = $8; orate = $NF; sub(/\)$/, "", orate) }
    END {
      if (sr == "") { printf "bench-router: no saturation in the sweep of %s %s\n", t, tr > "/dev/stderr"; exit 1 }
      nr = "-"; nl = "-"
      for (i = 1; i <= n; i++) if (rate[i] + 0 > sr + 0) { nr = rate[i]; nl = lat[i]; break }
      printf "%s,%s,%s,%s,%.4f,%s,%s,%s,%s,%s,%s\n", t, tr, s, zl, sr, so, sl, nr, nl, orate, oa
    }' <<<"$5"
}

if [ $speed = 0 ]; then
  [ -s "$dir/router_speed.csv" ] || { echo "bench-router: --no-speed needs $dir/router_speed.csv" >&2; exit 2; }
  cp "$dir/router_speed.csv" "$tmp/speed"
else
progress "simulation speed (C model and Verilated RTL, 8 runs)"
echo "topology,rate,engine,cycles_per_s,load" > "$tmp/speed"
for t in mesh:8x8 cube:6; do
  for r in 0.1 0.3; do
    for e in c rtl; do
      l=$(load)
      # --drain-max 0: speed only, so a run at 0.3 ends saturated (exit 1)
      row=$("$wc" sim --topo $t --rate $r --engine $e --warmup 2000 --cycles 30000 --quiet --csv --drain-max 0 2>/dev/null)
      cps=$(field "$row" cycles_per_s)
      [ -n "$cps" ] || { echo "bench-router: sim --topo $t --rate $r --engine $e gave no speed" >&2; exit 1; }
      echo "$t,$r,$e,$cps,$l" >> "$tmp/speed"
    done
  done
done
fi

echo "topology,traffic,stages,zero_load_lat,sat_rate,sat_offered,sat_lat,next_rate,next_lat,overload_rate,overload_acc" > "$tmp/load"
echo "topology,traffic,stages,rate,offered,accepted,lat_avg,lat_p99,drained" > "$tmp/sweep"
for spec in "mesh:8x8 uniform 1" "mesh:8x8 transpose 1" "mesh:8x8 bitcomp 1" "cube:6 uniform 1" \
            "mesh:8x8 uniform 2" "cube:6 uniform 2"; do
  set -- $spec
  progress "zero-load latency and saturation sweep: $1 $2, $3 stage(s)"
  row=$("$wc" sim --topo $1 --traffic $2 --router-stages $3 --rate 0.01 --warmup 5000 --cycles 100000 --quiet --csv) ||
    { echo "bench-router: zero-load run of $spec failed" >&2; exit 1; }
  sw=$("$wc" sim --topo $1 --traffic $2 --router-stages $3 --sweep 0.01:1.5:0.01) ||
    { echo "bench-router: sweep of $spec failed" >&2; exit 1; }
  sweep_rows $1 $2 $3 "$(field "$row" lat_avg)" "$sw" "$tmp/sweep" >> "$tmp/load" || exit 1
done

echo "topology,traffic,stages,rate,lat_avg,lat_p99" > "$tmp/hop"
for s in 1 2; do
  row=$("$wc" sim --topo cube:6 --traffic neighbor --router-stages $s --rate 0.002 --cycles 100000 --quiet --csv) ||
    { echo "bench-router: one-link run failed" >&2; exit 1; }
  echo "cube:6,neighbor,$s,0.002,$(field "$row" lat_avg),$(field "$row" lat_p99)" >> "$tmp/hop"
done

if [ $window = 1 ]; then
  echo "topology,traffic,warmup,cycles,sat_rate,sat_lat,next_rate,next_lat" > "$tmp/window"
  for w in "3000 20000" "10000 100000" "40000 400000"; do
    set -- $w; wu=$1 cy=$2
    for spec in "mesh:8x8 uniform" "mesh:8x8 transpose" "mesh:8x8 bitcomp" "cube:6 uniform"; do
      set -- $spec
      progress "window study: $1 $2, $wu + $cy cycles a point"
      sw=$("$wc" sim --topo $1 --traffic $2 --sweep 0.01:1.5:0.01 --warmup $wu --cycles $cy) ||
        { echo "bench-router: window sweep of $spec failed" >&2; exit 1; }
      sweep_rows $1 $2 1 - "$sw" /dev/null | awk -F, -v wu=$wu -v cy=$cy 'BEGIN {OFS = ","} {print $1, $2, wu, cy, $5, $7, $8, $9}' >> "$tmp/window" || exit 1
    done
  done
  # the default window's row, from the sweeps above
  awk -F, 'BEGIN {OFS = ","} NR > 1 && $3 == 1 {print $1, $2, 20000, 200000, $5, $7, $8, $9}' "$tmp/load" >> "$tmp/window"
  cp "$tmp/window" "$dir/router_window.csv"
fi
cp "$tmp/speed" "$dir/router_speed.csv"
cp "$tmp/load" "$dir/router_load.csv"
tail -n +2 "$tmp/sweep" | sort -t, -k1,1 -k2,2 -k3,3n -k4,4n | cat <(head -1 "$tmp/sweep") - > "$dir/router_sweep.csv"
cp "$tmp/hop" "$dir/router_hop.csv"

# The summary: the CSVs as tables, then the issue's goals
{
echo "# Wormcast router bench ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m)); CSVs in $dir"
echo "# packets of 8 flits, 8-flit input buffers, 1 virtual channel, Bernoulli injection"
for f in speed load hop; do echo; column -s, -t "$dir/router_$f.csv"; done
[ $window = 1 ] && { echo; column -s, -t "$dir/router_window.csv"; }
echo
echo "## Goals (from the router issue; BookSim2's figures as published there)"
get() { awk -F, -v t="$2" -v k="$3" -v s="$4" -v c="$5" 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == c) n = i; next}
  $1 == t && $2 == k && $3 == s {print $n}' "$dir/router_$1.csv"; }
goal() { # what value op bound reference
  local ok; ok=$(awk -v v="$2" -v b="$4" -v op="$3" 'BEGIN {print (op=="<=" ? v<=b : v>=b) ? "met" : "MISSED"}')
  printf '%-46s %12s  goal %s %-8s (%s)  %s\n' "$1" "$2" "$3" "$4" "$5" "$ok"
}
goal "zero-load latency, mesh:8x8 uniform (cycles)" "$(get load mesh:8x8 uniform 1 zero_load_lat)" "<=" 20 "BookSim 40.7"
goal "saturation, mesh:8x8 uniform (flits/node/cyc)" "$(get load mesh:8x8 uniform 1 sat_offered)" ">=" 0.235 "BookSim 0.145, 0.235 w/o tail credits"
goal "saturation, cube:6 uniform (flits/node/cyc)" "$(get load cube:6 uniform 1 sat_offered)" ">=" 0.35 "BookSim 0.351"
goal "saturation, two stages, mesh:8x8 uniform" "$(get load mesh:8x8 uniform 2 sat_offered)" ">=" 0.28 "the router issue"
goal "C model speed, mesh:8x8 @0.1 (cycles/s)" "$(get speed mesh:8x8 0.1 c cycles_per_s)" ">=" 200000 "10x BookSim 21000"
goal "Verilated RTL speed, mesh:8x8 @0.1 (cycles/s)" "$(get speed mesh:8x8 0.1 rtl cycles_per_s)" ">=" 21000 "BookSim 21000"
} | tee "$txt"
echo "written: $txt and the CSVs in $dir"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Long runs in constant memory (issue 16): each run prints its resident
# memory every WARM cycles (--progress); the memory after LONG cycles may
# exceed the memory after WARM cycles of the same run by at most 10%.
#
# The runs are the lockstep configurations of make test: every run of
# verif/net/lockstep.cfg but the medium loads (routers, unicast and
# multidestination worms), and the NIC networks of tests/nic/lockstep_net.sh
# (wormcast msg, FPFS and FCFS, one run with link faults), each on every
# ENGINE given.  Each prints its cycles, lockstep mismatches, the memory
# at WARM and LONG cycles and its peak.
#
# Beyond saturation (the -sat runs, which run on: --run-on) the network
# accepts less than the sources offer, and the open-loop sources queue the
# rest up to the backlog's cap (--queue-cap): that backlog is traffic in
# flight, and it grows with the run until the cap.  Such a
# run may also grow by queued_bytes per packet added to the source queues
# between WARM and LONG: its 48-byte record, its queue entry (4 bytes,
# twice while the queue doubles), for a worm of a multicast its share of
# the multicast's record and sends, and the latency histograms' share as
# latencies grow past what they were (docs/engine.md; measured on the C
# model: 67 to 78 bytes with unicasts, 112 to 116 with multicast worms).
#
# usage: memory.sh WORMCAST [WARM] [LONG] [ENGINES] [FILTER]
#   ENGINES: "c", "lockstep" or both (default "c lockstep")
#   FILTER:  a bash extended glob on the run names, e.g. '@(irc-irr16-low|nic-cube4-fpfs)'
#   MEMORY_CSV=FILE (environment): each run's row goes into FILE too,
#   replacing the row of the same run and engine (so that runs made in
#   groups add up to one table: docs/results/soak_mem.csv); columns run,
#   engine, kind (low, sat or nic), warm, long, cycles, mism, rss_warm,
#   rss_long, growth_pct, allowed, peak (KiB), result, commit, date
# make test runs the C engine on two runs for 10^5 vs 10^6 cycles
# (test-mem), make soak every run on both engines for 10^6 vs 10^7
# (soak-mem; hours: docs/results/soak.md).
set -u
shopt -s extglob
wc=$1 warm=${2:-1000000} long=${3:-10000000} engines=${4:-c lockstep} filter=${5:-}
here=$(dirname "$0")
cfg=$here/../../verif/net/lockstep.cfg
bound_pct=10 queued_bytes=192 hist_kib=2048
pass=0 fail=0
commit=$(git -C "$(dirname "$0")" rev-parse --short=7 HEAD 2>/dev/null || echo -)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/../../tools/csvcol.sh"

if [ $((long % warm)) -ne 0 ] || [ "$long" -le "$warm" ]; then
  echo "memory.sh: LONG ($long) must be a multiple of WARM ($warm) above it" >&2; exit 2
fi

# on the progress line of cycle C in FILE (C "end": the last line), the
# number after the word W ("resident", "(peak") or, for "queued,", before it
#   at FILE C W
at() {
  awk -v c="$2" -v w="$3" '$1 == "cycle" && (c == "end" || $2 == c || $2 == c":") {
    for (i = 2; i <= NF; i++) if ($i == w) v = (w == "queued," ? $(i - 1) : $(i + 1)); if (c != "end") exit }
    END {print v}' "$1"
}

# the runs: NAME and the wormcast arguments
runs=()
while read -r name topo rate extra; do
  case "$name" in ''|\#*|*-medium) continue ;; esac
  runs+=("$name|sim --topo $topo --rate $rate $extra --warmup 10000 --cycles $long --seed 7 --drain-max 50000 --run-on")
done < "$cfg"
for topo in cube:4 irregular:8,8,2,1; do
  for mode in fpfs fcfs; do
    short=$(sed 's/irregular:8,8,2,1/irr8/; s/cube:4/cube4/' <<<"$topo")
    runs+=("nic-$short-$mode|msg --topo $topo --mode $mode --messages 100 --min-cycles $long --size 1-16384 --seed 5")
  done
done
runs+=("nic-faults|msg --topo cube:4 --messages 100 --min-cycles $long --size 1-16384 --fault-rate 0.01 --seed 6")

printf '%-16s %-8s %9s %5s %12s %12s %7s %12s %12s %s\n' run engine cycles mism "rss@$warm" "rss@$long" growth \
  allowed peak result
for engine in $engines; do
  for r in "${runs[@]}"; do
    name=${r%%|*} args=${r#*|}
    [ -n "$filter" ] && [[ "$name" != $filter ]] && continue
    # shellcheck disable=SC2086
    out=$("$wc" $args --engine "$engine" --progress "$warm" --csv 2>"$tmp/err"); rc=$?
    cyc=$(col "$out" cycles)
    # sim names the column mismatches, msg mismatch
    mism=$(col "$out" "$([ "${args%% *}" = sim ] && echo mismatches || echo mismatch)")
    r0=$(at "$tmp/err" "$warm" resident) r1=$(at "$tmp/err" "$long" resident)
    q0=$(at "$tmp/err" "$warm" queued,) q1=$(at "$tmp/err" "$long" queued,)
    peak=$(at "$tmp/err" end "(peak")
    allowed=- growth=- res=FAIL
    if [ -n "$r0" ] && [ -n "$r1" ]; then
      # KiB: 10% of the memory at WARM, and the backlog's share
      allowed=$(( r0 * bound_pct / 100 + ( ${q1:-0} > ${q0:-0} ? (${q1:-0} - ${q0:-0}) * queued_bytes / 1024 : 0 ) ))
      # past saturation the latencies keep reaching values not seen
      # before, and the latency histogram grows toward its bound (the
      # 2 MiB table of sw/host/wc_score.c) after the backlog's cap
      [ "$(col "$out" saturated)" = 1 ] && allowed=$(( allowed + hist_kib ))
      growth=$(( r1 - r0 ))
      # a run past saturation exits 1 for its undelivered measured packets
      sat=$(col "$out" saturated)
      if { [ $rc -eq 0 ] || { [ $rc -eq 1 ] && [ "${sat:-0}" = 1 ]; }; } && [ "${mism:-1}" = 0 ] && [ "${cyc:-0}" -ge "$long" ] && [ $growth -le "$allowed" ]; then
        res=PASS
      fi
    fi
    if [ $res = PASS ]; then pass=$((pass+1)); else fail=$((fail+1)); res="FAIL (exit $rc)"; fi
    printf '%-16s %-8s %9s %5s %12s %12s %7s %12s %12s %s\n' "$name" "$engine" "${cyc:-?}" "${mism:-?}" \
      "${r0:-?} KiB" "${r1:-?} KiB" "$( [ "$growth" = - ] && echo - || awk -v g="$growth" -v b="$r0" 'BEGIN {printf "%+.1f%%", 100 * g / b}')" \
      "$allowed KiB" "${peak:-?} KiB" "$res"
    [ "${res%% *}" = FAIL ] && tail -5 "$tmp/err" | sed 's/^/    /'
    if [ -n "${MEMORY_CSV:-}" ]; then
      case $name in nic-*) kind=nic ;; *-sat) kind=sat ;; *) kind=low ;; esac
      gp=$( [ "$growth" = - ] && echo - || awk -v g="$growth" -v b="$r0" 'BEGIN {printf "%.1f", 100 * g / b}')
      echo "$name,$engine,$kind,$warm,$long,${cyc:--},${mism:--},${r0:--},${r1:--},$gp,$allowed,${peak:--},$res,$commit,$(date -u +%Y-%m-%d)" >> "$tmp/rows"
    fi
  done
done
[ $((pass + fail)) -gt 0 ] || { echo "memory.sh: no run named '$filter'" >&2; exit 2; }
if [ -n "${MEMORY_CSV:-}" ]; then
  hdr=run,engine,kind,warm,long,cycles,mism,rss_warm,rss_long,growth_pct,allowed,peak,result,commit,date
  # the rows of FILE that no run of this call replaces, then this call's
  { echo "$hdr"
    { [ -s "$MEMORY_CSV" ] && awk -F, 'NR == FNR {got[$1 "," $2] = 1; next} FNR > 1 && !(($1 "," $2) in got)' "$tmp/rows" "$MEMORY_CSV"
      cat "$tmp/rows"; } | sort -t, -k2,2 -k1,1
  } > "$tmp/csv" && cp "$tmp/csv" "$MEMORY_CSV"
  echo "memory.sh: rows written to $MEMORY_CSV"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# NIC flow control and recovery for `make bench` (docs/nic-flow.md): what
# a NIC spends on retransmission, with and without link faults, on random
# mixes of unicasts, multisends and multicasts.  Per run: packets resent,
# timeouts, duplicate/early and no-room drops (each also per faulted
# packet), goodput (payload bytes delivered intact per cycle, all nodes)
# and message latency (posting to the last destination's completion).
# Workloads, each on cube:4 and irregular:8,8,2,1, FPFS and FCFS:
#   mix4k      300 messages of 1 B..4 KiB, seed 3, no faults
#   mix16k     3,000 messages of 1 B..16 KiB, seed 9, without and with
#              faults at 1e-3 per packet (the p99 ratio compares the two)
#   mcast      1,000 multicasts of 1 B..16 KiB, 8 in flight per host,
#              seed 4: forwarders short of forwarding jobs
# The C model runs them (it is cycle-exact with the RTL: make test's
# lockstep runs compare the two on the same mixes).
# usage: bench-nic-flow.sh WORMCAST [DIR]
# Writes $BUILD/bench/nic_flow.txt and DIR/nic_flow.csv (default DIR
# $BUILD/bench): topo,mode,load,fault_rate,cycles,faulted,resent,timeouts,
# dups,nobuf,goodput,lat_avg,p99,max,p99_clean,stall,bad (p99_clean: the
# same workload's p99 without faults, 0 for a clean run; bad: deliveries
# lost, duplicated or corrupt)
set -eu
wc=$1 out=${BUILD:-build}/bench/nic_flow.txt dir=${2:-${BUILD:-build}/bench}
mkdir -p "$(dirname "$out")" "$dir"
csv=$dir/nic_flow.csv
echo "topo,mode,load,fault_rate,cycles,faulted,resent,timeouts,dups,nobuf,goodput,lat_avg,p99,max,p99_clean,stall,bad" > "$csv"
. "$(dirname "$0")/../../tools/csvcol.sh"
row() { # name p99_ref args...: runs, prints one row; sets $p99
  local name=$1 ref=$2; shift 2
  # a run that stalls or loses still prints its row: the verdict column says so
  local o; o=$("$wc" msg --quiet --csv "$@" 2>/dev/null) || true
  [ -n "$(col "$o" cycles)" ] || { echo "FAIL: $name: wormcast msg $* printed no result" >&2; exit 1; }
  local faults=$(( $(col "$o" faults_dropped) + $(col "$o" faults_flipped) ))
  p99=$(col "$o" lat_p99)
  set -- $name
  echo "$1,$2,$3,${4:-0},$(col "$o" cycles),$faults,$(col "$o" retx),$(col "$o" timeouts),$(col "$o" dups),$(col "$o" err_nobuf),$(awk -v b="$(col "$o" bytes)" -v c="$(col "$o" cycles)" 'BEGIN {printf "%.2f", b / c}'),$(col "$o" lat_avg),$p99,$(col "$o" lat_max),$ref,$(col "$o" stall),$(( $(col "$o" lost) + $(col "$o" duplicated) + $(col "$o" corrupt) ))" >> "$csv"
  awk -v n="$name" -v cyc="$(col "$o" cycles)" -v f=$faults -v rt="$(col "$o" retx)" -v to="$(col "$o" timeouts)" \
      -v du="$(col "$o" dups)" -v nb="$(col "$o" err_nobuf)" -v by="$(col "$o" bytes)" -v av="$(col "$o" lat_avg)" \
      -v p="$p99" -v mx="$(col "$o" lat_max)" -v ref="$ref" -v ok="$(col "$o" lost)$(col "$o" duplicated)$(col "$o" corrupt)" -v st="$(col "$o" stall)" '
    function per(x) { return f ? sprintf("%.2f", x / f) : "-" }
    BEGIN { printf "%-26s %9d %6d %7d %6d %6d %6d %6s %6s %6s %6s %7.2f %8.0f %7d %7d %6s%s\n",
            n, cyc, f, rt, to, du, nb, per(rt), per(to), per(du), per(nb), by / cyc, av, p, mx,
            ref ? sprintf("%.2fx", p / ref) : "-",
            st == "1" ? "  STALL (watchdog)" : ok == "000" ? "" : "  LOSS/DUP/CORRUPT" }'
}
{
echo "# Wormcast NIC flow control and recovery ($(date -u +%Y-%m-%dT%H:%MZ), C model)"
echo "# faulted: packets the links dropped or flipped; /f: per faulted packet; goodput: payload bytes"
echo "# delivered intact per cycle, all nodes; p99x: p99 against the same workload without faults"
printf '%-26s %9s %6s %7s %6s %6s %6s %6s %6s %6s %6s %7s %8s %7s %7s %6s\n' run cycles faulted resent tmo \
  dups nobuf rs/f to/f du/f nb/f goodput lat_avg p99 max p99x
for topo in cube:4 irregular:8,8,2,1; do
  for mode in fpfs fcfs; do
    case $topo in cube:4) t=cube4 ;; *) t=irr8 ;; esac
    row "$t $mode mix4k" 0 --topo "$topo" --mode $mode --messages 300 --size 1-4096 --seed 3
    row "$t $mode mix16k" 0 --topo "$topo" --mode $mode --messages 3000 --size 1-16384 --seed 9
    clean=$p99
    row "$t $mode mix16k 1e-3" "$clean" --topo "$topo" --mode $mode --messages 3000 --size 1-16384 --seed 9 \
      --fault-rate 0.001
    row "$t $mode mcast" 0 --topo "$topo" --mode $mode --messages 1000 --size 1-16384 --seed 4 --mix multicast \
      --outstanding 8
  done
done
} | tee "$out"
echo "written to $out and $csv"

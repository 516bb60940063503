#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The NIC lockstep make targets (mk/nicunit.mk):
#   suite.sh test       directed scenarios + one random run per parameter set
#   suite.sh mutation   each C model mutation must stop a run with a mismatch
#   suite.sh soak       long random runs over more seeds and three sets
#   suite.sh twin       the same bench against a second C model (no RTL)
# Runs go $JOBS at a time (default 2), logs in $BUILD/unit/nic/logs/.  Each
# run prints one line; the last line is "N passed, M failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
mode=${1:?usage: suite.sh test|mutation|soak|twin}
bdir=${BUILD:-build}/unit/nic
logs=$bdir/logs/$mode.$$          # concurrent suites keep apart
jobs=${JOBS:-2}
# one of each job, few slots and groups, and the 4-node board's 3 children
# per group and multisend (its directed scenarios send to at most 3)
small="NNODES=64 NSLOT=8 JSEND=1 JFWD=1 NCTX=2 NGROUPS=8 PAYLOAD=64 MAXCHILD=3"
# wide flits, a two-flit router buffer, three slots, a narrow send window
third="NNODES=32 W=48 B=2 NSLOT=3 JSEND=2 JFWD=2 NCTX=4 NGROUPS=16 TXWIN=4"
# soak only: the smallest NIC (two nodes, one credit, one slot, 4-byte
# packets), and 4-byte packets in long epochs on few streams, so that
# 16-bit sequence numbers wrap
tiny="NNODES=2 B=1 PAYLOAD=4 NSLOT=1 JSEND=1 JFWD=1 NCTX=1 NGROUPS=2 TXWIN=1"
wrap="PAYLOAD=4 NNODES=4"
# and every parameter at its largest (slow to build and to run: fewer runs)
max="NNODES=4096 W=62 B=255 NSLOT=128 JSEND=8 JFWD=8 NCTX=16 NGROUPS=64 TXWIN=64"
cycles=${NIC_CYCLES:-3000000}
# the default set is the slowest to simulate (72 slots of 64 words)
cycles_def=${NIC_CYCLES_DEFAULT:-2000000}
soak_cycles=${NIC_SOAK_CYCLES:-5000000}
mkdir -p "$logs"

# one run: NAME | PARAMS | OPTIONS ; engine: run.sh (RTL) or the C twin
runs=()
add() { runs+=("$1|$2|$3"); }
engine=rtl
case $mode in
  test)
    add "directed scenarios, defaults" "" "--directed"
    add "directed scenarios, small set (lockstep only)" "$small" "--directed"
    # one seed per set here (every event class must still be covered);
    # seed 2 and ten more run in make soak, where time is no object
    for s in 1; do
      add "random seed $s, defaults, $cycles_def cycles" "" "--random --coverage --seed $s --cycles $cycles_def"
      add "random seed $s, small set, $cycles cycles" "$small" "--random --coverage --seed $s --cycles $cycles"
      add "random seed $s, third set, $cycles cycles" "$third" "--random --coverage --seed $s --cycles $cycles"
    done ;;
  soak)
    for s in 2; do
      add "random seed $s, defaults, $cycles_def cycles" "" "--random --coverage --seed $s --cycles $cycles_def"
      add "random seed $s, small set, $cycles cycles" "$small" "--random --coverage --seed $s --cycles $cycles"
      add "random seed $s, third set, $cycles cycles" "$third" "--random --coverage --seed $s --cycles $cycles"
    done
    for s in 11 12 13 14 15 16 17 18 19 20; do
      add "random seed $s, defaults, $soak_cycles cycles" "" "--random --seed $s --cycles $soak_cycles"
      add "random seed $s, small set, $soak_cycles cycles" "$small" "--random --seed $s --cycles $soak_cycles"
      add "random seed $s, third set, $soak_cycles cycles" "$third" "--random --seed $s --cycles $soak_cycles"
      add "random seed $s, tiny set, $soak_cycles cycles" "$tiny" "--random --seed $s --cycles $soak_cycles"
      add "random seed $s, 4-byte packets, long epochs, $soak_cycles cycles" "$wrap" \
        "--random --long --seed $s --cycles $soak_cycles"
    done
    for s in 11 12 13; do
      add "random seed $s, largest set, 300000 cycles" "$max" "--random --seed $s --cycles 300000"
    done ;;
  twin)
    engine=twin
    add "twin: directed scenarios" "" "--directed"
    add "twin: random, defaults" "" "--random --coverage --seed 1 --cycles 1000000"
    add "twin: random, small set" "$small" "--random --coverage --seed 1 --cycles 1000000"
    add "twin: random, third set" "$third" "--random --coverage --seed 1 --cycles 1000000" ;;
  mutation) ;;
  *) echo "suite.sh: unknown mode $mode" >&2; exit 2 ;;
esac

run_one() {   # run_one ENGINE LOG PARAMS OPTIONS...
  local eng=$1 log=$2 params=$3
  shift 3
  if [ "$eng" = twin ]; then
    "$bdir/tb_nic_c" --params "$params" "$@" > "$log" 2>&1
  else
    verif/nic/run.sh --params "$params" "$@" > "$log" 2>&1
  fi
}

# first lines of a failed run's report
why() {
  grep -m1 -A4 '^MISMATCH' "$1" | sed 's/^/    /'
  grep -m3 -E '^(FAIL|run.sh|.*coverage: never)' "$1" | sed 's/^/    /'
  grep -m1 'replay:' "$1" | sed 's/^ */    /'
}

pass=0 fail=0

# the last line; logs are kept only when something failed
finish() {
  if [ $fail -eq 0 ]; then rm -rf "$logs"; else echo "     logs: $logs"; fi
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
}

# build every parameter set first, in parallel (a Verilator build is most
# of the time on a clean tree)
if [ "$engine" = rtl ]; then
  make -s --no-print-directory "$bdir/tb_nic_c" "$bdir/libnicbench.a" || exit 1
  sets=("")
  case $mode in test) sets+=("$small" "$third") ;; mutation) sets+=("$small") ;; soak) sets+=("$small" "$third" "$tiny" "$wrap" "$max") ;; esac
  t0=$(date +%s)
  pids=()
  for p in "${sets[@]}"; do
    verif/nic/run.sh --params "$p" --build-only & pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || { echo "FAIL building the lockstep bench (see above)"; echo "0 passed, 1 failed"; exit 1; }
  done
  echo "     benches built in $(( $(date +%s) - t0 ))s"
else
  make -s --no-print-directory "$bdir/tb_nic_c" || exit 1
fi

if [ "$mode" = mutation ]; then
  # Each mutation must be caught by a random run (the DUT is not mutated,
  # the reference is), and the same run without the mutation must pass
  # past that cycle: then the comparison itself caught it.  Done against
  # the RTL and, as a check of the bench alone, against the C twin.  A
  # mutation that ignores MAXCHILD changes nothing at its default (16):
  # it runs on the small set, where MAXCHILD is 3.
  muts=$("$bdir/tb_nic_c" --mutations | cut -d' ' -f1)
  for eng in rtl twin; do
    for k in $muts; do
      log=$logs/${eng}_m$k.log
      mp=""
      "$bdir/tb_nic_c" --mutations | grep -q "^$k .*MAXCHILD" && mp=$small
      t0=$(date +%s)
      run_one $eng "$log" "$mp" --random --seed 1 --cycles 1000000 --mutate $k
      rc=$?
      at=$(sed -n 's/.*, cycle \([0-9]*\) of the run;.*/\1/p' "$log" | head -1)
      what="mutation $k against the $( [ $eng = rtl ] && echo RTL || echo C twin)"
      if [ $rc -eq 1 ] && [ -n "$at" ]; then
        run_one $eng "$log.base" "$mp" --random --seed 1 --cycles $((at + 1000))
        if [ $? -eq 0 ]; then
          sig=$(sed -n 's/^  signal   //p' "$log" | head -1)
          echo "ok   $what: caught at cycle $at ($sig; the unmutated run passes that cycle) ($(( $(date +%s) - t0 ))s)"
          pass=$((pass + 1))
        else
          echo "FAIL $what: the unmutated run fails too, so the mutation check proves nothing"
          why "$log.base"
          fail=$((fail + 1))
        fi
      else
        echo "FAIL $what: not caught (exit $rc)"
        tail -5 "$log" | sed 's/^/    /'
        fail=$((fail + 1))
      fi
    done
  done
  echo "test-nic-mutation: C model mutations $(echo $muts) (tb_nic_c --mutations says what each breaks), against the RTL and the C twin"
  finish
fi

# the runs, $jobs at a time
i=0
for r in "${runs[@]}"; do
  IFS='|' read -r name params opts <<< "$r"
  log=$logs/run$i.log
  (
    t0=$(date +%s)
    # shellcheck disable=SC2086
    run_one $engine "$log" "$params" $opts
    echo "$? $(( $(date +%s) - t0 ))" > "$log.res"
  ) &
  i=$((i + 1))
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
done
wait
i=0
for r in "${runs[@]}"; do
  IFS='|' read -r name params opts <<< "$r"
  log=$logs/run$i.log
  read -r rc secs < "$log.res"
  if [ "$rc" -eq 0 ]; then
    extra=$(sed -n 's/^ok   random run: seed [0-9]*, \([0-9]*\) cycles compared.*/\1 cycles compared/p; s/^ok   directed scenarios: \(.*\)/\1/p' "$log" | head -1)
    echo "ok   $name: $extra (${secs}s)"
    pass=$((pass + 1))
  else
    echo "FAIL $name (${secs}s, log $log)"
    why "$log"
    fail=$((fail + 1))
  fi
  i=$((i + 1))
done
echo "$mode: ${#runs[@]} runs (engine: $engine)"
finish

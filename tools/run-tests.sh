#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test: build what the test targets share with one `make -jN`, then
# run the targets N at a time, each in a make of its own with its output
# kept in a file and printed whole when it ends.  Prints each target's
# wall and CPU time, the totals, and the closing line 'N passed, N failed'
# (targets); exits non-zero if any failed.
# usage: tools/run-tests.sh [--jobs N] [--name NAME] [--prep "TARGETS"] [--first "TARGETS"] TARGET...
#   --name N    the tier: logs in $BUILD/N-logs, times in $BUILD/N-times.txt
#               (default test; make check runs with --name check)
#   --jobs N    targets at a time (default: the number of cores)
#   --prep T    built before any test runs: the programs, benches and
#               Verilated models more than one target uses, so that no two
#               targets build the same file at once
#   --first T   the longest targets, started first in this order; a later
#               run starts them longest first by the times the last run
#               left in $BUILD/test-times.txt
set -u
jobs=$(nproc 2>/dev/null || echo 2) prep="" first="" name=test
while [ $# -gt 0 ]; do
  case $1 in
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --prep) prep=${2?--prep needs a list}; shift 2 ;;
    --name) name=${2:?--name needs a name}; shift 2 ;;
    --first) first=${2?--first needs a list}; shift 2 ;;
    --) shift; break ;;
    -*) echo "run-tests.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
case $jobs in ''|*[!0-9]*|0) echo "run-tests.sh: --jobs takes a positive number (got '$jobs')" >&2; exit 2 ;; esac
[ $# -gt 0 ] || { echo "run-tests.sh: no test targets given" >&2; exit 2; }
build=${BUILD:-build}
logs=$build/$name-logs
times_file=$build/$name-times.txt
rm -rf "$logs"; mkdir -p "$logs"

# The makes started here are not recursive makes of the one that runs this
# script: they get no share of its job slots, so drop what refers to them.
MAKEFLAGS=$(sed -E 's/(^| )--jobserver-(auth|fds)=[^ ]*//g; s/(^| )-j[0-9]*( |$)/ /g' <<< "${MAKEFLAGS:-}")
export MAKEFLAGS

now() { date +%s.%N; }
# CPU seconds (user + system) of the children the shell waited for: the
# second line of bash `times`, which must run in that shell itself (not in
# a pipe or $(...)), written to a file first
cpu_of() { awk 'NR == 2 {t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] }
  printf "%.1f", t}' "$1"; }
fmt() { awk -v s="$1" 'BEGIN {printf "%d:%04.1f", s / 60, s - int(s / 60) * 60}'; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
# wait a moment; every minute say what is still running, so that a long
# stretch without a finished target is seen to go on
tick=0
tick() {
  sleep 0.5; tick=$((tick + 1))
  [ $((tick % 120)) -ne 0 ] || echo "    ... $(fmt "$(since "$start")"): $*"
}

start=$(now)
prep_cpu=0 prep_wall=0
if [ -n "$prep" ]; then
  echo "=== building what the tests share (make -j$jobs)"
  # shellcheck disable=SC2086
  ( make --no-print-directory -j"$jobs" $prep > "$logs/prep.log" 2>&1; rc=$?; times > "$logs/prep.times"; exit $rc ) &
  prep_pid=$!
  while [ -n "$(jobs -rp)" ]; do tick "building"; done
  wait $prep_pid
  rc=$?
  prep_wall=$(since "$start")
  prep_cpu=$(cpu_of "$logs/prep.times")
  if [ $rc -ne 0 ]; then
    tail -40 "$logs/prep.log"
    # what is missing may be shared: build it in one target at a time
    jobs=1
    echo "--- build: FAIL ($prep_wall s wall, $prep_cpu s CPU; log $logs/prep.log); the targets build what they lack, one at a time"
  else
    echo "--- build: done ($prep_wall s wall, $prep_cpu s CPU)"
  fi
fi

# order: longest first by the last run's times; a target without one
# starts first if --first names it (in that order), last otherwise
declare -A last=()
if [ -f "$times_file" ]; then
  while read -r t w _; do last[$t]=$w; done < "$times_file"
fi
mapfile -t order < <(
  i=0; declare -A rank=()
  for f in $first; do rank[$f]=$((1000000 - i)); i=$((i+1)); done
  for t in "$@"; do echo "${last[$t]:-${rank[$t]:-0}} $t"; done | sort -rn -k1,1 -s | awk '{print $2}')

# one target: its output, exit status, wall and CPU seconds in $logs
run_one() {
  local t=$1 t0 rc
  t0=$(now)
  make --no-print-directory "$t" > "$logs/$t.log" 2>&1
  rc=$?
  times > "$logs/$t.times"
  echo "$rc $(since "$t0") $(cpu_of "$logs/$t.times")" > "$logs/$t.res"
  return $rc
}

pass=0 fail=0 failed=() summary=()
declare -A pid_of=()
report() {   # print a finished target whole
  local t=$1 rc wall cpu
  read -r rc wall cpu < "$logs/$t.res"
  echo "=== $t"
  cat "$logs/$t.log"
  if [ "$rc" -eq 0 ]; then
    pass=$((pass+1)); echo "--- $t: PASS ($wall s wall, $cpu s CPU)"
  else
    fail=$((fail+1)); failed+=("$t"); echo "--- $t: FAIL ($wall s wall, $cpu s CPU; log $logs/$t.log)"
  fi
  summary+=("$t $wall $cpu $([ "$rc" -eq 0 ] && echo PASS || echo FAIL)")
}

running=0
next=0
while [ $next -lt ${#order[@]} ] || [ $running -gt 0 ]; do
  while [ $running -lt "$jobs" ] && [ $next -lt ${#order[@]} ]; do
    t=${order[$next]}
    run_one "$t" &
    pid_of[$!]=$t
    running=$((running+1)); next=$((next+1))
  done
  # reap and print the targets that ended; while none has, tick
  ended=0
  while [ $ended = 0 ]; do
    alive=" $(jobs -rp | tr '\n' ' ') "
    for p in "${!pid_of[@]}"; do
      [[ $alive == *" $p "* ]] && continue
      wait "$p"
      report "${pid_of[$p]}"
      unset "pid_of[$p]"
      running=$((running-1)); ended=1
    done
    [ $ended = 1 ] || tick "running ${pid_of[*]}"
  done
done

total=$(since "$start")
# this run's times, and the last known ones of the targets it did not run
printf '%s\n' "${summary[@]}" | sort -k2,2 -rn > "$logs/times"
{ cat "$logs/times"
  for t in "${!last[@]}"; do grep -q "^$t " "$logs/times" || echo "$t ${last[$t]} - -"; done
} > "$times_file.tmp" && mv "$times_file.tmp" "$times_file"
echo
echo "test targets, longest first (wall s, CPU s):"
awk '{printf "  %-34s %7.1f %7.1f  %s\n", $1, $2, $3, $4}' "$logs/times"
cpu=$(awk -v p="$prep_cpu" '{c += $3} END {printf "%.1f", c + p}' "$logs/times")
longest=$(head -1 "$logs/times" | awk '{print $1 " " $2 " s"}')
echo "$# test targets, $jobs at a time: $(fmt "$total") wall (build $prep_wall s, then the targets; longest: $longest); $(fmt "$cpu") CPU in all"
[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

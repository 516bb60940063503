#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run the lockstep suite of verif/net/lockstep.cfg (NAME TOPOLOGY RATE
# [more wormcast sim options]): each run at least
# WARMUP + CYCLES cycles (plus up to 50000 cycles of drain and the flush), zero mismatches, zero lost or
# duplicated packets, no deadlock (wormcast sim exits non-zero on any).
# The saturating loads are past the saturation on purpose: the runs go on
# (--run-on, the sources' backlog held at its cap) and such a run exits 1
# for the measured packets it could not deliver; that exit with the CSV's
# saturated = 1 and every other check clean is its pass.
# usage: lockstep-suite.sh WORMCAST [CFG] [WARMUP] [CYCLES] [FILTER]
#   FILTER: a bash extended glob on the run names, e.g. 'cube4-*' or
#   'mesh8-!(medium)'
set -u
shopt -s extglob
wc=$1 cfg=${2:-$(dirname "$0")/lockstep.cfg} warmup=${3:-10000} cycles=${4:-190000} filter=${5:-}
pass=0 fail=0
printf '%-16s %-20s %6s %9s %9s %8s %9s %8s %s\n' run topology rate cycles delivered latency accepted seconds result
while read -r name topo rate extra; do
  case "$name" in ''|\#*) continue ;; esac
  [ -n "$filter" ] && [[ "$name" != $filter ]] && continue
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  out=$("$wc" sim --topo "$topo" --rate "$rate" --engine lockstep --warmup "$warmup" --cycles "$cycles" $extra \
        --seed 7 --quiet --csv --drain-max 50000 --run-on --wave-dir "${BUILD:-build}/waves/$name" 2>"${BUILD:-build}/lockstep-$name.err")
  rc=$?
  t1=$(date +%s.%N)
  row=$(printf '%s\n' "$out" | tail -1 | sed 's/^"[^"]*"/topo/')
  IFS=, read -r _ _ _ _ _ _ offered accepted lat _ _ _ inj deliv lost dup ooo corrupt drops mal sat dead mism cyc cps <<<"$row"
  if { [ $rc -eq 0 ] || { [ $rc -eq 1 ] && [ "${sat:-0}" = 1 ]; }; } && [ "${mism:-1}" = 0 ] && [ "${lost:-1}" = 0 ] && [ "${dup:-1}" = 0 ] && [ "${dead:-1}" = 0 ] \
     && [ "${cyc:-0}" -ge $((warmup + cycles)) ] && [ "${deliv:-0}" -gt 0 ] && [ "$inj" = "$deliv" ]; then
    res=PASS; pass=$((pass+1))
  else
    res="FAIL (exit $rc)"; fail=$((fail+1))
    sed 's/^/    /' "${BUILD:-build}/lockstep-$name.err" | tail -20
  fi
  printf '%-16s %-20s %6s %9s %9s %8s %9s %8.1f %s\n' "$name" "$topo" "$rate" "${cyc:-?}" "${deliv:-?}" \
    "${lat:-?}" "${accepted:-?}" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$res"
done < "$cfg"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

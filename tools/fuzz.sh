#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make fuzz (mk/robust.mk): each target for SECONDS under libFuzzer, from
# its corpus tests/fuzz/corpus/TARGET (seeds and earlier finds; new inputs
# collect in DIR/corpus/TARGET and those that add coverage are merged
# back), one line per target in DIR/report.txt: executions, coverage
# (edges), features, corpus size, and any crash (its input under
# DIR/crash/TARGET: add it to tests/fuzz/crashes/TARGET with the fix).
# usage: fuzz.sh DIR SECONDS TARGET...
set -u
dir=$1 secs=$2; shift 2
mkdir -p "$dir"
report=$dir/report.txt
: > "$report"
fail=0
for t in "$@"; do
  seeds=tests/fuzz/corpus/$t work=$dir/corpus/$t crash=$dir/crash/$t
  mkdir -p "$seeds" "$work" "$crash"
  log=$dir/$t.log
  # one input at most 4 KiB; 10 s or 2 GiB for one input is a finding
  TMPDIR=$dir nice "$dir/fuzz_$t" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crash/" "$work" "$seeds" > "$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  ft=$(grep -Eo 'ft: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  # the new inputs that add coverage join the kept corpus
  TMPDIR=$dir "$dir/fuzz_$t" -merge=1 "$seeds" "$work" > "$dir/$t.merge.log" 2>&1
  n=$(find "$seeds" -type f | wc -l)
  if [ $rc -eq 0 ]; then res="no finding"
  else res="FINDING (exit $rc): $(ls "$crash" | head -3 | tr '\n' ' ')"; fail=1; fi
  printf '%-8s %5ss  %10s executions  cov %6s  ft %6s  corpus %5s  %s\n' "$t" "$secs" "${execs:-?}" "${cov:-?}" \
    "${ft:-?}" "$n" "$res" | tee -a "$report"
done
exit $fail

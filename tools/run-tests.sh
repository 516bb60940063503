#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run each make test target in turn, keep going, print a summary and the
# closing line 'N passed, N failed'.  Exit non-zero if any failed.
set -u
pass=0; fail=0; failed=()
start=$(date +%s)
for t in "$@"; do
  t0=$(date +%s)
  echo "=== $t"
  if make --no-print-directory "$t"; then
    pass=$((pass+1)); echo "--- $t: PASS ($(( $(date +%s)-t0 ))s)"
  else
    fail=$((fail+1)); failed+=("$t"); echo "--- $t: FAIL ($(( $(date +%s)-t0 ))s)"
  fi
done
echo
echo "test targets: $# in $(( $(date +%s)-start ))s"
[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

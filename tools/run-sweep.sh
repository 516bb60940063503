#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs figures' sweeps for make results, each into DIR/NAME for the spec
# NAME.sweep: resumes one when its directory holds the job list of the
# same spec run by the same wormcast binary (an interrupted make results
# continues where it stopped; a failed run still fails the figure), starts
# it over when the spec or the binary changed or it never ran: a model
# changed since the runs would leave its old figures behind.
# Usage: run-sweep.sh WORMCAST DIR SPEC...   (merged CSV: DIR/NAME/FIGURE.csv)
set -u
wc=$1 dir=$2
shift 2
bin=$(sha256sum < "$wc") || { echo "run-sweep: cannot read $wc" >&2; exit 2; }
for spec in "$@"; do
  out=$dir/$(basename "$spec" .sweep)
  stamp=$out.wormcast.sha256   # (beside the sweep's directory, which holds only the sweep's files)
  rc=2
  if [ -e "$out/jobs.tsv" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$bin" ]; then
    "$wc" sweep --spec "$spec" --out "$out" --resume && rc=0 || rc=$?
  fi
  # 2: no job list yet, not this spec's, or another binary's runs
  if [ $rc -eq 2 ]; then
    mkdir -p "$dir" && echo "$bin" > "$stamp" || exit 2
    "$wc" sweep --spec "$spec" --out "$out" && rc=0 || rc=$?
  fi
  [ $rc -eq 0 ] || exit $rc
done

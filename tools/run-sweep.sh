#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs figures' sweeps for make results, each into DIR/NAME for the spec
# NAME.sweep: resumes one when its directory holds the job list of the
# same spec (an interrupted make results continues where it stopped; a
# failed run still fails the figure), starts it over when the spec changed
# or it never ran.
# Usage: run-sweep.sh WORMCAST DIR SPEC...   (merged CSV: DIR/NAME/FIGURE.csv)
set -u
wc=$1 dir=$2
shift 2
for spec in "$@"; do
  out=$dir/$(basename "$spec" .sweep)
  rc=2
  if [ -e "$out/jobs.tsv" ]; then
    "$wc" sweep --spec "$spec" --out "$out" --resume && rc=0 || rc=$?
  fi
  # 2: no job list yet, or not this spec's
  [ $rc -eq 2 ] && { "$wc" sweep --spec "$spec" --out "$out" && rc=0 || rc=$?; }
  [ $rc -eq 0 ] || exit $rc
done

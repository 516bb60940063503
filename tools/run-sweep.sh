#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs one figure's sweep for make results: resumes it when its output
# directory holds the job list of the same spec (an interrupted make
# results continues where it stopped; a failed run still fails the
# figure), starts it over when the spec changed or it never ran.
# Usage: run-sweep.sh WORMCAST SPEC DIR   (the merged CSV: DIR/FIGURE.csv)
set -u
wc=$1 spec=$2 dir=$3
rc=2
if [ -e "$dir/jobs.tsv" ]; then
  "$wc" sweep --spec "$spec" --out "$dir" --resume && rc=0 || rc=$?
fi
# 2: no job list yet, or not this spec's
[ $rc -eq 2 ] && { "$wc" sweep --spec "$spec" --out "$dir" && rc=0 || rc=$?; }
exit $rc

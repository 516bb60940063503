#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Simulation speed of this tree against a base revision: builds REV in a
# git work tree under BUILD/speed-base/ (tools/speed-base.sh), then runs both wormcast builds
# alternately, ROUNDS rounds, on every workload of tests/speed/workloads.txt
# and engine of ENGINES, and prints per workload the ratio of simulated
# cycles per second (this tree / base): the median of the rounds' ratios
# and their spread (min..max), beside each build's median cycles/s.
# Alternating rounds cancel most of a shared machine's drift; the load
# average before and after is printed (and kept in the CSV) to judge it.
# Writes BUILD/bench/speed.csv (docs/results/speed.csv when OUT says so).
# Usage: bench-speed.sh NEW_WORMCAST [REV]      env: ROUNDS (5), ENGINES (c),
#        ONLY (workload names, space separated), OUT (CSV path)
set -eu
new=$1 rev=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
rounds=${ROUNDS:-5} engines=${ENGINES:-c} out=${OUT:-$build/bench/speed.csv}
[ -x "$new" ] || { echo "bench-speed: $new is not an executable (make first)" >&2; exit 2; }
case $rounds in ''|*[!0-9]*|0) echo "bench-speed: ROUNDS must be a positive integer" >&2; exit 2 ;; esac
if [ -z "$rev" ]; then
  # the previous release tag, else the commit before this one
  rev=$(git -C "$here" describe --tags --abbrev=0 HEAD~ 2>/dev/null || echo HEAD~)
fi
short=$(git -C "$here" rev-parse --short "$rev" 2>/dev/null || echo "$rev")
echo "bench-speed: base $rev ($short), built in $build/speed-base/"
base=$("$here/tools/speed-base.sh" "$rev")
mkdir -p "$(dirname "$out")"

speed() { # wormcast args... -> cycles/s of the run
  local line
  line=$("$@" 2>/dev/null | grep -E '^  speed ' || true)
  sed -n 's/.*= \([0-9][0-9]*\) cycles\/s.*/\1/p' <<<"$line"
}
load() { cut -d' ' -f1 /proc/loadavg; }
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
load0=$(load)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
  echo "# wormcast simulation speed, $(git -C "$here" rev-parse --short HEAD) against $rev ($short), $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# machine: ${cpu:-unknown}, $(nproc) cores, $(uname -m); $rounds alternating rounds"
  echo "workload,engine,rounds,base_cps,new_cps,ratio,ratio_min,ratio_max,load_before,load_after"
} >"$tmp"
printf '%-14s %-7s %12s %12s %8s %17s\n' workload engine base_cyc/s new_cyc/s ratio "spread (min..max)"
while read -r name _short cmd; do
  case $name in ''|'#'*) continue ;; esac
  if [ -n "${ONLY:-}" ] && ! grep -qw -- "$name" <<<"$ONLY"; then continue; fi
  for e in $engines; do
    l0=$(load) b=() n=() r=()
    for ((k = 0; k < rounds; k++)); do
      # shellcheck disable=SC2086
      if ((k % 2)); then nv=$(speed "$new" $cmd --engine $e); bv=$(speed "$base" $cmd --engine $e)
      else bv=$(speed "$base" $cmd --engine $e); nv=$(speed "$new" $cmd --engine $e); fi
      [ -n "$bv" ] && [ -n "$nv" ] || { echo "bench-speed: $name ($e): a run printed no speed: wormcast $cmd --engine $e" >&2; exit 1; }
      b+=("$bv") n+=("$nv") r+=("$(awk -v a="$nv" -v b="$bv" 'BEGIN {printf "%.4f", a / b}')")
    done
    med() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
    mn=$(printf '%s\n' "${r[@]}" | sort -g | head -1) mx=$(printf '%s\n' "${r[@]}" | sort -g | tail -1)
    bm=$(med "${b[@]}") nm=$(med "${n[@]}") rm=$(med "${r[@]}")
    printf '%-14s %-7s %12.0f %12.0f %7.2fx %8.2f..%-7.2f\n' "$name" "$e" "$bm" "$nm" "$rm" "$mn" "$mx"
    echo "$name,$e,$rounds,$bm,$nm,$rm,$mn,$mx,$l0,$(load)" >>"$tmp"
  done
done <"$here/tests/speed/workloads.txt"
cp "$tmp" "$out"
echo "bench-speed: load average $load0 before, $(load) after; ${cpu:-unknown}, $(nproc) cores; written to $out"

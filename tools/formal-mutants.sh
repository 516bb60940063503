#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make formal-mutants: every mutant (formal/mutants/*.patch, a small RTL
# change) applied to a copy of rtl/ and formal/ under OUT, never to the
# tree, and the proofs it names run there: each must FAIL.  A patch names
# its proofs in lines '# breaks: formal/NAME.sby:TASK' before the diff.
# Prints caught / NOT caught per mutant and 'N passed, N failed'
# (mutants caught, mutants that escaped); exits 1 if any escaped.
# usage: tools/formal-mutants.sh [--venv DIR] [--out DIR] [MUTANT.patch...]
set -u
venv=${BUILD:-build}/venv out=${BUILD:-build}/formal-mutants
while [ $# -gt 0 ]; do
  case $1 in
    --venv) venv=${2:?--venv needs a directory}; shift 2 ;;
    --out)  out=${2:?--out needs a directory}; shift 2 ;;
    -*) echo "formal-mutants.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || set -- formal/mutants/*.patch
root=$(pwd) tools=$(cd "$(dirname "$0")" && pwd)
venv=$(cd "$venv" && pwd) || exit 2
mkdir -p "$out" && out=$(cd "$out" && pwd)
caught=0 escaped=0
for m in "$@"; do
  [ -f "$m" ] || { echo "formal-mutants.sh: no mutant '$m'" >&2; exit 2; }
  name=$(basename "$m" .patch)
  proofs=$(sed -n 's/^# breaks: *//p' "$m")
  [ -n "$proofs" ] || { echo "formal-mutants.sh: $m names no proof ('# breaks: formal/NAME.sby:TASK')" >&2; exit 2; }
  copy=$out/$name
  rm -rf "$copy" && mkdir -p "$copy"
  cp -r "$root/rtl" "$root/formal" "$copy/"
  if ! patch -s -p1 -d "$copy" < "$m" > "$copy.patch.log" 2>&1; then
    echo "mutant $name: the patch does not apply:" >&2; sed 's/^/    /' "$copy.patch.log" >&2
    escaped=$((escaped + 1)); continue
  fi
  # a mutant is caught when every proof it names fails on it
  if (cd "$copy" && "$tools/formal.sh" --venv "$venv" --out "$copy/work" --expect-fail $proofs) > "$copy.log" 2>&1; then
    printf '%-28s caught      %s\n' "$name" "$(echo $proofs)"
    caught=$((caught + 1))
  else
    printf '%-28s NOT caught  %s\n' "$name" "$(echo $proofs)"
    sed 's/^/    /' "$copy.log"
    escaped=$((escaped + 1))
  fi
done
echo "$caught passed, $escaped failed"
[ "$escaped" -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The simulator's speed work changes no output: every run of
# tests/speed/workloads.txt (cut to its short cycle count) and of
# tests/speed/extra.txt, with the base build and with this one, must print
# the same standard output, standard error and exit status, byte for byte,
# in text and in CSV form.  Only the measured speed differs between two
# runs of one build: the text form's "speed" line and the CSV column
# cycles_per_s are blanked in both before the comparison.
# Usage: same-output.sh BASE_WORMCAST NEW_WORMCAST
set -u
[ $# -eq 2 ] || { echo "usage: same-output.sh BASE_WORMCAST NEW_WORMCAST" >&2; exit 2; }
base=$1 new=$2 here=$(dirname "$0")
for b in "$base" "$new"; do
  [ -x "$b" ] || { echo "same-output: $b is not an executable" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# blank what measures the machine rather than the model
mask() {
  sed -e 's/^\(  speed  *\).*/\1(time)/' "$1" |
  awk '
    # commas inside quotes (irregular:16,8,4,1) are no separators
    function hide(s,    o, i, ch, q) {
      o = ""; q = 0
      for (i = 1; i <= length(s); i++) {
        ch = substr(s, i, 1)
        if (ch == "\"") q = !q
        o = o ((q && ch == ",") ? "\001" : ch)
      }
      return o
    }
    function show(s) { gsub(/\001/, ",", s); return s }
    { line = hide($0); n = split(line, f, ",") }
    /^[a-z_]+(,[a-z_0-9]+)+$/ { c = 0; for (i = 1; i <= n; i++) if (f[i] == "cycles_per_s") c = i; print; next }
    c && n >= c && n > 1 {
      f[c] = "-"; o = f[1]
      for (i = 2; i <= n; i++) o = o "," f[i]
      print show(o); next
    }
    { print }'
}
run() { # which name args...
  local which=$1 name=$2; shift 2
  local b=$base; [ "$which" = new ] && b=$new
  "$b" "$@" >"$tmp/$name.$which.out" 2>"$tmp/$name.$which.err"
  echo "exit $?" >>"$tmp/$name.$which.out"
  mask "$tmp/$name.$which.out" >"$tmp/$name.$which.o"
  mask "$tmp/$name.$which.err" >"$tmp/$name.$which.e"
}
runs=()
while read -r name short cmd; do
  case $name in ''|'#'*) continue ;; esac
  if [ "$short" != - ]; then
    cmd=$(sed -e "s/--cycles [0-9]*/--cycles $short/" <<<"$cmd")
  fi
  runs+=("$name|$cmd" "$name-csv|$cmd --csv")
done <"$here/workloads.txt"
while read -r name cmd; do
  case $name in ''|'#'*) continue ;; esac
  runs+=("$name|$cmd")
done <"$here/extra.txt"
fail=0 n=0
for r in "${runs[@]}"; do
  name=${r%%|*} cmd=${r#*|}
  # shellcheck disable=SC2086
  run base "$name" $cmd
  # shellcheck disable=SC2086
  run new "$name" $cmd
  n=$((n + 1))
  if cmp -s "$tmp/$name.base.o" "$tmp/$name.new.o" && cmp -s "$tmp/$name.base.e" "$tmp/$name.new.e"; then
    echo "ok   $name"
  else
    echo "FAIL $name: wormcast $cmd prints something else than the base build:"
    diff "$tmp/$name.base.o" "$tmp/$name.new.o" | head -10
    diff "$tmp/$name.base.e" "$tmp/$name.new.e" | head -10
    fail=1
  fi
done
[ $fail = 0 ] && echo "same-output: all $n runs print the same as the base build" || exit 1

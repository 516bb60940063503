# SPDX-License-Identifier: Apache-2.0
# Shared by the system test scripts: counters and one expectation on a
# wormcast run.  Source it; set WC first.
pass=0; fail=0
ok()  { pass=$((pass+1)); echo "ok   - $*"; }
bad() { fail=$((fail+1)); echo "FAIL - $*"; }
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

# expect NAME RC PATTERN -- ARGS: `wormcast run ARGS` exits with RC and
# prints PATTERN (grep -E) on stdout or stderr; the line matched is shown.
expect() {
  local name=$1 want=$2 pat=$3; shift 4
  "$WC" run --quiet "$@" > "$out/o" 2>&1; local rc=$?
  if [ $rc -eq "$want" ] && grep -Eq -- "$pat" "$out/o"; then ok "$name (exit $rc): $(grep -E -- "$pat" "$out/o" | head -1)"
  else bad "$name: exit $rc, want $want and /$pat/"; tail -5 "$out/o"; fi
}

# nnodes TOPO: the number of nodes (hosts) of a topology name
nnodes() { "$WC" topo --topo "$1" | sed -n 's/^ *"nnodes": \([0-9]*\),/\1/p'; }

# layout_ok GTKW FST MIN GROUP...: the GTKWave layout opens FST, names at
# least MIN signals and each GROUP (a title's start), and every signal it
# names is one of FST as Verilator wrote it (the scope path and the
# [msb:lsb] of the fst2vcd declarations).  Prints the signal count.
layout_ok() {
  local gtkw=$1 fst=$2 min=$3 n g
  shift 3
  command -v fst2vcd > /dev/null || { echo "fst2vcd not found (Debian package gtkwave)"; return 1; }
  grep -qF "[dumpfile] \"$(realpath "$fst")\"" "$gtkw" || { echo "$gtkw does not open $fst"; return 1; }
  fst2vcd "$fst" 2> /dev/null | awk '/^\$enddefinitions/ { exit }
    /^\$scope/ { p[++d] = $3 } /^\$upscope/ { d-- }
    /^\$var/ { n = p[1]; for (i = 2; i <= d; i++) n = n "." p[i]; n = n "." $5; if ($6 ~ /^\[/) n = n $6; print n }' |
    sort -u > "$out/fst.names"
  grep -v '^[@[*^-]' "$gtkw" | sort -u > "$out/gtkw.names"
  n=$(wc -l < "$out/gtkw.names")
  [ "$n" -ge "$min" ] || { echo "$gtkw names $n signals"; return 1; }
  for g; do
    grep -q -- "^-$g" "$gtkw" || { echo "$gtkw has no group '$g'"; return 1; }
  done
  comm -23 "$out/gtkw.names" "$out/fst.names" > "$out/missing"
  [ -s "$out/missing" ] && { echo "$gtkw names signals $fst lacks:"; head -5 "$out/missing"; return 1; }
  echo "$n signals"
}

# fst_span FST: the first and the last time FST dumps, "FIRST LAST "
fst_span() { fst2vcd "$1" 2> /dev/null | sed -n 's/^#\([0-9]*\)$/\1/p' | sed -n '1p;$p' | tr '\n' ' '; }

finish() {
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
}

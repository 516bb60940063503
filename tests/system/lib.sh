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

finish() {
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
}

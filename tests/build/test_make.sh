#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The build describes itself:
#  1. make help has a line for every entry point and for every target of
#     every tier (tools/make-help.sh --check: none without a description);
#  2. a build step prints one short line ("  LD      FILE"), and with V=1
#     the full command as well.
# usage: test_make.sh SCRATCH_DIR HELP_ARGS...   (from the repository root)
set -u
tmp=$1; shift
mkdir -p "$(dirname "$tmp")"
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# 1. make help
out=$(tools/make-help.sh --check "$@" 2>"$tmp.err"); rc=$?
if [ $rc -eq 0 ]; then ok "make help describes every target ($(grep -c '^  ' <<<"$out") lines)"
else bad "make help: $(cat "$tmp.err")"; fi
for e in demo test lint bench soak fuzz results fpga help; do
  grep -Eq "^  $e +[^ ]" <<<"$out" || bad "make help does not list the entry point $e"
done
# the check can fail: a target nothing describes
if tools/make-help.sh --check test="wc-undescribed-target" >/dev/null 2>"$tmp.err"; then
  bad "make-help.sh --check passed a target without a description"
elif grep -q "wc-undescribed-target" "$tmp.err"; then ok "make-help.sh --check names a target without a description"
else bad "make-help.sh --check failed without naming the target: $(cat "$tmp.err")"; fi
rm -f "$tmp.err"
# the names shown: plain ones and the members of groups prefix-{a,b,...}
names=" $(awk '/^  [^ ]/ {print $1}' <<<"$out" | while read -r w; do
  if [[ $w =~ ^([^{]*)\{([^}]*)\}$ ]]; then
    IFS=, read -ra m <<<"${BASH_REMATCH[2]}"; for x in "${m[@]}"; do printf '%s ' "${BASH_REMATCH[1]}$x"; done
  else printf '%s ' "$w"; fi; done) "
n=0 missing=""
for arg in "$@"; do
  for t in ${arg#*=}; do
    n=$((n+1))
    [[ $names == *" $t "* ]] || missing+=" $t"
  done
done
[ -z "$missing" ] && ok "make help lists all $n targets of the tiers" || bad "make help does not list:$missing"

# 2. one short line a step; V=1 the command too
# (these makes are not recursive makes of the one that runs this test:
# make -j2 test-make would hand them its job slots and they would warn)
unset MAKEFLAGS MFLAGS MAKELEVEL
rm -rf "$tmp"; mkdir -p "$tmp"
q=$(make --no-print-directory BUILD="$tmp/q" "$tmp/q/bin/gendefs" 2>&1)
if [ "$q" = "  LD      $tmp/q/bin/gendefs" ]; then ok "make prints one short line for a step: '$q'"
else bad "make printed for one step: $q"; fi
v=$(make --no-print-directory V=1 BUILD="$tmp/v" "$tmp/v/bin/gendefs" 2>&1)
if grep -q "^  LD      $tmp/v/bin/gendefs$" <<<"$v" && grep -q -- "-o $tmp/v/bin/gendefs tools/gendefs.c" <<<"$v"; then
  ok "make V=1 prints the full command"
else bad "make V=1 printed: $v"; fi
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

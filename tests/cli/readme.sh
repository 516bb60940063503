#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's CLI examples run as pasted, and every command documents
# every option.
#  1. Each `wormcast ...` line in a code block of the given Markdown files
#     (with its '\' continuation lines) is handed to bash as it stands, from
#     the repository root, with this build's wormcast first on PATH: a '|'
#     or '&' in it would run as a shell operator and fail.  It must exit 0
#     within 300 s.  Examples with an RTL engine (--engine rtl or lockstep)
#     verilate on first use, which takes minutes: they run only with
#     WORMCAST_README_RTL=1 (make test-readme-rtl), within 1800 s each, and
#     are listed as skipped otherwise.
#  2. `wormcast --help` names every command; each `wormcast CMD --help`
#     exits 0 and has a line for every option in the table of
#     sw/cli/cmd_CMD.c.
# Usage: readme.sh WORMCAST [MARKDOWN...]   (default README.md)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
wc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
[ $# -gt 0 ] || set -- README.md
cd "$root"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"; ln -s "$wc" "$tmp/bin/wormcast"
pass=0 fail=0 skip=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# 1. the examples
n=0
for md in "$@"; do
  [ -f "$md" ] || { bad "$md: no such file"; continue; }
  inblock=0 cmd="" line_no=0 start=0
  while IFS= read -r line || [ -n "$line" ]; do
    line_no=$((line_no+1))
    case $line in '```'*) inblock=$((1-inblock)); continue ;; esac
    [ $inblock = 1 ] || continue
    if [ -z "$cmd" ]; then
      [[ $line =~ ^[[:space:]]*wormcast([[:space:]]|$) ]] || continue
      start=$line_no
    fi
    cmd+="$line"$'\n'
    [[ $line == *\\ ]] && continue          # continued on the next line
    n=$((n+1))
    name="$md:$start: $(sed -E 's/[[:space:]]+#.*//; s/[[:space:]]+/ /g' <<<"${cmd%%$'\n'*}")"
    limit=300
    [[ $cmd =~ --engine[[:space:]=](rtl|lockstep)([[:space:]]|$) ]] && limit=1800
    if [ $limit -gt 300 ] && [ "${WORMCAST_README_RTL:-0}" != 1 ]; then
      skip=$((skip+1)); echo "skip $name (RTL engine: WORMCAST_README_RTL=1 runs it)"
    else
      t0=$SECONDS
      PATH="$tmp/bin:$PATH" timeout $limit bash -o pipefail -c "$cmd" >"$tmp/out" 2>"$tmp/err"; rc=$?
      if [ $rc -eq 0 ] && [ -s "$tmp/out" ]; then ok "$name ($((SECONDS-t0)) s)"
      else bad "$name: exit $rc, $(wc -c <"$tmp/out") bytes out; stderr: $(tail -3 "$tmp/err")"; fi
    fi
    cmd=""
  done < "$md"
  [ -z "$cmd" ] || bad "$md:$start: the example ends in a '\\' continuation"
done
[ $n -gt 0 ] && ok "$n examples found in $*" || bad "no wormcast examples found in $*"

# 2. help names every command and every option
cmds=$("$wc" --help | sed -n '/^commands:/,$ s/^  \([a-z][a-z0-9]*\) .*/\1/p')
[ -n "$cmds" ] && ok "wormcast --help lists commands: $(echo $cmds)" || bad "wormcast --help lists no command"
for c in $(sed -n 's/^WC_CMD(\([a-z0-9]*\),.*/\1/p' sw/cli/commands.def); do
  grep -qx "$c" <<<"$cmds" || bad "wormcast --help does not list $c (sw/cli/commands.def)"
done
for c in $cmds; do
  help=$("$wc" "$c" --help 2>"$tmp/err"); rc=$?
  if [ $rc -ne 0 ] || ! grep -q "^usage: wormcast $c " <<<"$help" || [ -s "$tmp/err" ]; then
    bad "wormcast $c --help: exit $rc, $(head -1 <<<"$help") $(cat "$tmp/err")"; continue
  fi
  src=sw/cli/cmd_$c.c
  opts=$(grep -o 'WC_OPT_[A-Z]*("--[a-z0-9-]*"' "$src" 2>/dev/null | sed 's/.*("\(.*\)"/\1/')
  [ -n "$opts" ] || { bad "wormcast $c: no option table found in $src"; continue; }
  missing=""
  for o in $opts; do grep -Eq -- "^  $o( |$)" <<<"$help" || missing+=" $o"; done
  [ -z "$missing" ] && ok "wormcast $c --help documents its $(wc -w <<<"$opts") options" \
                    || bad "wormcast $c --help lacks$missing"
done

echo "readme: $n examples ($skip skipped), help of every command"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

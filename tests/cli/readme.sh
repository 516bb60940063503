#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The documentation's CLI examples run as pasted, and every command
# documents every option, its JSON keys and examples of its own.
#  1. Each `wormcast ...` line in a code block of the given Markdown files
#     (with its '\' continuation lines, and what it is piped into) is
#     handed to bash as it stands, with this build's wormcast first on
#     PATH, in a scratch directory that holds links to the repository's
#     top-level entries (paths relative to the root work; files the
#     commands write land there).  It must exit 0 within 300 s and print
#     something or write a file.  Examples with an RTL engine (--engine
#     rtl or lockstep) verilate on first use, which takes minutes: they
#     run only with WORMCAST_README_RTL=1 (make test-readme-rtl), within
#     1800 s each, and are listed as skipped otherwise.  A first line
#     ending in "# exits N" must exit N instead.  wormcast-flit lines run
#     the same way.
#  1b. A block fenced as ```shell is a walk through the tree (copy a
#     file, make, run): the whole block runs as one script in a copy of
#     the repository's tracked files (the scratch build of the copy holds
#     what its make steps build), with this build's wormcast first on
#     PATH.  It must exit 0 and print something.
#  2. `wormcast --help` names every command; each `wormcast CMD --help`
#     exits 0, has a line for every option in the table of
#     sw/cli/cmd_CMD.c, is what `wormcast help CMD` prints, and ends with
#     two or three examples, which run as in 1; a command with "JSON
#     keys:" names there every key its examples' JSON output holds.
# Usage: readme.sh [--examples-only|--help-only] WORMCAST [MARKDOWN...]   (default README.md)
#   --examples-only  part 1 alone; --help-only  part 2 alone (make check)
set -u
only=0
[ "${1:-}" = --examples-only ] && { only=1; shift; }
[ "${1:-}" = --help-only ] && { only=2; shift; }
root=$(cd "$(dirname "$0")/../.." && pwd)
wc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
[ $# -gt 0 ] || set -- README.md
cd "$root"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"; ln -s "$wc" "$tmp/bin/wormcast"
[ -x "$(dirname "$wc")/wormcast-flit" ] && ln -s "$(dirname "$wc")/wormcast-flit" "$tmp/bin/wormcast-flit"
# the scratch directory the examples run in
mkdir "$tmp/run"
for e in "$root"/*; do ln -s "$e" "$tmp/run/$(basename "$e")"; done
pass=0 fail=0 skip=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# run_example NAME COMMAND: runs it as described above; the output stays
# in $tmp/out
run_example() {
  local name=$1 cmd=$2 limit=300 t0 rc before after want=0
  [[ ${cmd%%$'\n'*} =~ \#[[:space:]]*exits[[:space:]]+([0-9]+)[[:space:]]*$ ]] && want=${BASH_REMATCH[1]}
  [[ $cmd =~ --engine[[:space:]=](rtl|lockstep)([[:space:]]|$) ]] && limit=1800
  if [ $limit -gt 300 ] && [ "${WORMCAST_README_RTL:-0}" != 1 ]; then
    skip=$((skip+1)); echo "skip $name (RTL engine: WORMCAST_README_RTL=1 runs it)"; return
  fi
  t0=$SECONDS
  # what the last example wrote goes: a file is this one's
  find "$tmp/run" -mindepth 1 -maxdepth 1 ! -type l -exec rm -rf {} +
  before=$(ls "$tmp/run" | wc -l)
  (cd "$tmp/run" && PATH="$tmp/bin:$PATH" timeout $limit bash -o pipefail -c "$cmd") >"$tmp/out" 2>"$tmp/err"; rc=$?
  after=$(ls "$tmp/run" | wc -l)
  if [ $rc -eq $want ] && { [ -s "$tmp/out" ] || [ "$after" -gt "$before" ]; }; then ok "$name ($((SECONDS-t0)) s)"
  else bad "$name: exit $rc (expected $want), $(wc -c <"$tmp/out") bytes out; stderr: $(tail -3 "$tmp/err")"; fi
}

# run_walk NAME SCRIPT: 1b above
run_walk() {
  local name=$1 cmd=$2 t0=$SECONDS rc
  rm -rf "$tmp/tree"; mkdir "$tmp/tree"
  (cd "$root" && git ls-files -z | tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$tmp/tree"
  (cd "$tmp/tree" && PATH="$tmp/bin:$PATH" MAKEFLAGS= timeout 600 bash -e -o pipefail -c "$cmd") >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 0 ] && [ -s "$tmp/out" ]; then ok "$name ($((SECONDS-t0)) s, in a copy of the tree)"
  else bad "$name: exit $rc, $(wc -c <"$tmp/out") bytes out; stderr: $(tail -3 "$tmp/err")"; fi
  rm -rf "$tmp/tree"
}

# 1. the examples
n=0
[ $only = 2 ] && set --
for md in "$@"; do
  [ -f "$md" ] || { bad "$md: no such file"; continue; }
  inblock=0 cmd="" line_no=0 start=0 walk=0 wcmd=""
  while IFS= read -r line || [ -n "$line" ]; do
    line_no=$((line_no+1))
    case $line in
      '```shell') inblock=1; walk=1; wcmd=""; start=$((line_no+1)); continue ;;
      '```'*)
        if [ $walk = 1 ]; then
          n=$((n+1)); run_walk "$md:$start: $(head -1 <<<"$wcmd") ..." "$wcmd"; walk=0
        fi
        inblock=$((1-inblock)); continue ;;
    esac
    [ $inblock = 1 ] || continue
    if [ $walk = 1 ]; then wcmd+="$line"$'\n'; continue; fi
    if [ -z "$cmd" ]; then
      [[ $line =~ ^[[:space:]]*wormcast(-flit)?([[:space:]]|$) ]] || continue
      start=$line_no
    fi
    cmd+="$line"$'\n'
    [[ $line == *\\ ]] && continue          # continued on the next line
    n=$((n+1))
    name="$md:$start: $(sed -E 's/[[:space:]]+#.*//; s/[[:space:]]+/ /g' <<<"${cmd%%$'\n'*}")"
    run_example "$name" "$cmd"
    cmd=""
  done < "$md"
  [ -z "$cmd" ] || bad "$md:$start: the example ends in a '\\' continuation"
done
[ $only = 2 ] || { [ $n -gt 0 ] && ok "$n examples found in $*" || bad "no wormcast examples found in $*"; }

if [ $only = 1 ]; then
  echo "readme: $n examples of $* ($skip skipped)"
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]; exit
fi

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
  [ "$("$wc" help "$c" 2>&1)" = "$help" ] && ok "wormcast help $c is wormcast $c --help" \
    || bad "wormcast help $c differs from wormcast $c --help"
  src=sw/cli/cmd_$c.c
  opts=$(grep -o 'WC_OPT_[A-Z]*("--[a-z0-9-]*"' "$src" 2>/dev/null | sed 's/.*("\(.*\)"/\1/')
  [ -n "$opts" ] || { bad "wormcast $c: no option table found in $src"; continue; }
  missing=""
  for o in $opts; do grep -Eq -- "^  $o( |$)" <<<"$help" || missing+=" $o"; done
  [ -z "$missing" ] && ok "wormcast $c --help documents its $(wc -w <<<"$opts") options" \
                    || bad "wormcast $c --help lacks$missing"
  # the examples: the last section, two or three lines
  ex=$(sed -n '/^examples:$/,$ p' <<<"$help" | tail -n +2)
  nex=$(grep -c "^  wormcast $c " <<<"$ex")
  if [ "$(tail -1 <<<"$help")" = "$(tail -1 <<<"$ex")" ] && [ "$nex" -ge 2 ] && [ "$nex" -le 3 ] &&
     [ "$nex" -eq "$(grep -c . <<<"$ex")" ]; then ok "wormcast $c --help ends with $nex examples"
  else bad "wormcast $c --help does not end with two or three 'wormcast $c' examples"; continue; fi
  keys=$(sed -n '/^JSON keys:$/,/^examples:$/ p' <<<"$help")
  while IFS= read -r line; do
    ecmd=$(sed -E 's/^  //; s/[[:space:]]+#[^|]*$//' <<<"$line")
    run_example "wormcast $c --help: $ecmd" "$ecmd"
    # every key of a JSON output is named under "JSON keys:"
    if [ -n "$keys" ] && head -c 1 "$tmp/out" | grep -q '{'; then
      unnamed=""
      for k in $(grep -oE '"[A-Za-z_][A-Za-z0-9_]*" *:' "$tmp/out" | tr -d '": ' | sort -u); do
        grep -Eq "(^|[ {,])$k([ :,}]|$)" <<<"$keys" || unnamed+=" $k"
      done
      [ -z "$unnamed" ] && ok "wormcast $c: every key of its JSON output is in --help" \
                        || bad "wormcast $c: JSON keys not in --help:$unnamed"
    fi
  done < <(grep "^  wormcast " <<<"$ex")
done

echo "readme: $n examples of $*, the help and examples of every command ($skip skipped)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

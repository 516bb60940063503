#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every source file carries "SPDX-License-Identifier: Apache-2.0" in its
# first lines (the project's license, LICENSE at the root).
# usage: tools/spdx.sh [--fix] [ROOT]
#   check (default): list the files without it, exit 1 if any
#   --fix: add the line in each file's own comment syntax
set -eu
fix=0
[ "${1:-}" = --fix ] && { fix=1; shift; }
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
tag="SPDX-License-Identifier: Apache-2.0"

# the comment syntax of a source file, or nothing for files that are not source
style() {
  case $1 in
    *.c|*.h|*.S|*.def|*.inc) echo c ;;
    *.cpp|*.hpp|*.v|*.vh|*.sv|*.dot) echo cpp ;;
    *.sh|*.mk|*.sby|*.patch|*/Makefile|Makefile|*.gp|*.cfg|*.conf|*.py|.ci/run|*.gitignore) echo hash ;;
    *) echo "" ;;
  esac
}

if git rev-parse --git-dir >/dev/null 2>&1; then files=$(git ls-files -co --exclude-standard); else files=$(find . -type f | sed 's|^\./||'); fi
missing=0; n=0
for f in $files; do
  case $f in build/*) continue ;; esac
  s=$(style "$f"); [ -n "$s" ] || continue
  [ -f "$f" ] || continue
  n=$((n+1))
  head -5 "$f" | grep -q "$tag" && continue
  if [ $fix = 0 ]; then echo "spdx: $f lacks '$tag'" >&2; missing=$((missing+1)); continue; fi
  case $s in
    c)    line="/* $tag */" ;;
    cpp)  line="// $tag" ;;
    hash) line="# $tag" ;;
  esac
  if head -1 "$f" | grep -q '^#!'; then sed -i "1a $line" "$f"; else sed -i "1i $line" "$f"; fi
  echo "spdx: added to $f"
done
if [ $missing -gt 0 ]; then echo "spdx: $missing of $n source files lack the license line (tools/spdx.sh --fix adds it)" >&2; exit 1; fi
echo "spdx: all $n source files carry '$tag'"

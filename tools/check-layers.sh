#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fail on any #include that points up the layers of tools/layers.conf.
# usage: tools/check-layers.sh [ROOT]   (default: the repository of this script)
# Every "quoted" include of a C/C++ source is resolved as the compiler
# would (the including file's directory first, then the layer directories);
# a header that lives only in a layer the file may not see is an error.
# Headers found nowhere must be generated ones (Verilator's, the build's
# wc_defs_macros.h); anything else is an error too, so a typo cannot hide
# an upward include.
set -eu
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
conf=tools/layers.conf
[ -f "$conf" ] || { echo "check-layers: $root/$conf: no such file" >&2; exit 2; }

declare -A dir_layer allowed
dirs=()
while IFS='|' read -r name may ds; do
  case $name in \#*|'') continue ;; esac
  name=${name// /}
  allowed[$name]=" $name $(echo $may) "
  for d in $ds; do dir_layer[$d]=$name; dirs+=("$d"); done
done < "$conf"

generated() {
  case $1 in V*.h|verilated*.h|svdpi.h|wc_defs_macros.h|wc_sc_rtl_cfgs.h|wc_sc_node_cfgs.h|systemc.h|tlm.h) return 0 ;; esac
  return 1
}

if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  files=$(git ls-files -co --exclude-standard -- '*.c' '*.h' '*.cpp' '*.hpp' '*.def' '*.S' '*.inc')
else
  files=$(find . -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' -o -name '*.def' -o -name '*.S' \) | sed 's|^\./||')
fi

bad=0; checked=0; nfiles=0
for f in $files; do
  [ -f "$f" ] || continue
  fdir=${f%/*}; [ "$fdir" = "$f" ] && fdir=.
  layer=${dir_layer[$fdir]:-}
  if [ -z "$layer" ]; then
    case $f in build/*) continue ;; esac
    echo "check-layers: $f: directory $fdir is in no layer of $conf" >&2; bad=$((bad+1)); continue
  fi
  nfiles=$((nfiles+1))
  while IFS=: read -r line inc; do
    checked=$((checked+1))
    # the compiler's first choice: relative to the including file
    # (a plain name needs no normalising: it is in fdir or nowhere)
    if [[ $inc == */* ]]; then rel=$(realpath -m --relative-to=. "$fdir/$inc"); else rel=$fdir/$inc; fi
    if [ -f "$rel" ]; then
      tl=${dir_layer[${rel%/*}]:-}
      if [ -z "$tl" ] || [[ ${allowed[$layer]} != *" $tl "* ]]; then
        echo "check-layers: $f:$line: includes \"$inc\" = $rel (layer ${tl:-none}); layer $layer may include only:${allowed[$layer]}" >&2
        bad=$((bad+1))
      fi
      continue
    fi
    found=""; ok=""
    for d in "${dirs[@]}"; do
      if [ -f "$d/$inc" ]; then
        found+=" $d(${dir_layer[$d]})"
        [[ ${allowed[$layer]} == *" ${dir_layer[$d]} "* ]] && ok=1
      fi
    done
    if [ -n "$ok" ]; then continue; fi
    if [ -n "$found" ]; then
      echo "check-layers: $f:$line: includes \"$inc\", found only in$found; layer $layer may include only:${allowed[$layer]}" >&2
      bad=$((bad+1))
    elif ! generated "${inc##*/}"; then
      echo "check-layers: $f:$line: includes \"$inc\", which is in no layer directory and not a generated header" >&2
      bad=$((bad+1))
    fi
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | sed -E 's/^([0-9]+):[^"]*"([^"]+)".*/\1:\2/')
done
if [ $bad -gt 0 ]; then
  echo "check-layers: $bad include(s) break the layering of $conf" >&2
  exit 1
fi
echo "check-layers: $checked includes in $nfiles files follow the layers of $conf"

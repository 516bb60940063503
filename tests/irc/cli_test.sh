#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `wormcast worm` through the CLI: schemes print worms that the --check mode
# accepts one by one, JSON parses, the dot picture renders, and every bad
# input exits non-zero with a message naming the problem.
# Usage: cli_test.sh WORMCAST SCRATCHDIR
set -u
wc=$1; dir=$2
mkdir -p "$dir"
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }

# expect_err RC SUBSTRING ARGS...: exit status RC, SUBSTRING on stderr, nothing on stdout
expect_err() {
  local want=$1 msg=$2 out err rc; shift 2
  out=$("$wc" worm "$@" 2>"$dir/err"); rc=$?
  err=$(cat "$dir/err")
  if [ $rc -ne "$want" ]; then bad "$*: exit $rc, want $want (stderr: $err)"; return; fi
  if [[ "$err" != *"$msg"* ]]; then bad "$*: stderr '$err' lacks '$msg'"; return; fi
  if [ -n "$out" ]; then bad "$*: printed '$out' despite the error"; return; fi
  ok
}

expect_err 2 "--topo is required"                      --scheme chain --src 0 --dst 1
expect_err 2 "unknown option '--bogus'"                --topo cube:4 --bogus 1
expect_err 2 "--src needs a value"                     --topo cube:4 --src
expect_err 2 "unknown --scheme 'tree'"                 --topo cube:4 --scheme tree --src 0 --dst 1
expect_err 2 "scheme chain needs a hypercube"          --topo mesh:4x4 --scheme chain --src 0 --dst 1,2
expect_err 2 "needs a 2D mesh"                         --topo cube:4 --scheme bcast-cr --src 0
expect_err 2 "scheme updown needs a switched network"  --topo cube:4 --scheme updown --src 0 --dst 1
expect_err 2 "this scheme needs a mesh"                --topo irregular:8,6,2,1 --scheme mesh-mcast --src 0 --dst 1
expect_err 2 "bcast-cr needs the source in a corner"   --topo mesh:4x4 --scheme bcast-cr --src 5
expect_err 2 "this scheme needs the source in a corner" --topo mesh:4x4 --scheme bcast-rcc --src 6
expect_err 2 "is a broadcast: --dst must be all"       --topo mesh:4x4 --scheme bcast-any --src 5 --dst 1,2
expect_err 2 "--dst is required"                       --topo cube:4 --scheme chain --src 0
expect_err 2 "--dst: 'x' is not a node id"             --topo cube:4 --scheme chain --src 0 --dst 1,x
expect_err 2 "--dst: '' is not a node id"              --topo cube:4 --scheme chain --src 0 --dst 1,,2
expect_err 2 "destination 0 is the source"             --topo cube:4 --scheme chain --src 0 --dst 1,0
expect_err 2 "destination 3 listed twice"              --topo cube:4 --scheme chain --src 0 --dst 3,1,3
expect_err 2 "destination 16 out of range"             --topo cube:4 --scheme chain --src 0 --dst 16
expect_err 2 "--src 16 outside cube:4"                 --topo cube:4 --scheme chain --src 16 --dst 1
expect_err 2 "--format expects text, json or dot, got 'svg'" --topo cube:4 --scheme chain --src 0 --dst 1 --format svg
expect_err 2 "--topo cube:11"                          --topo cube:11 --scheme chain --src 0 --dst 1
expect_err 2 "--check takes no --scheme"               --topo cube:4 --check 0:1 --scheme chain
expect_err 2 "expected SRC:D1,D2"                      --topo cube:4 --check 5
expect_err 2 "empty destination list"                  --topo cube:4 --check 5:
expect_err 2 "--check: 'q' is not a node id"           --topo cube:4 --check 0:1,q
expect_err 1 "destination 9 after 12: the path would take dimension 2 after dimension 2 (e-cube order is highest first)" \
                                                       --topo cube:4 --check 0:12,9
expect_err 1 "destination 6 after 5: the path would move in x after moving in y" --topo mesh:4x4 --check 0:5,6
expect_err 1 "destination 5 listed twice"              --topo mesh:4x4 --check 0:5,9,5
expect_err 1 "forbids up after down"                   --topo irregular:16,8,4,1 --check 0:60,56,52,48,44,40,36,32,28,24,20,16,12,8,4

# --check accepts
out=$("$wc" worm --topo cube:4 --check 0:8,12,14,15 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$out" = "conformant" ] && ok || bad "--check 0:8,12,14,15 -> $rc '$out'"
out=$("$wc" worm --topo mesh:4x4 --check 0:1,2,3,7,11,15 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$out" = "conformant" ] && ok || bad "--check mesh row+column -> $rc '$out'"

# every worm a scheme prints passes --check on its own (text format parsed)
check_scheme() {
  local topo=$1; shift
  local txt line src dsts n=0
  txt=$("$wc" worm --topo "$topo" "$@" 2>"$dir/err") || { bad "$topo $*: $(cat "$dir/err")"; return; }
  while read -r line; do
    case $line in round*)
      src=${line#*: }; src=${src%% *}; dsts=${line##*-> }
      if [ "$("$wc" worm --topo "$topo" --check "$src:$dsts" 2>&1)" != conformant ]; then
        bad "$topo $*: worm '$line' rejected by --check"; return; fi
      n=$((n+1));;
    esac
  done <<< "$txt"
  [ $n -gt 0 ] && ok || bad "$topo $*: no worms printed"
}
check_scheme mesh:8x8 --scheme bcast-any --src 27
check_scheme mesh:8x8 --scheme bcast-cr --src 63
check_scheme mesh:8x8 --scheme mesh-mcast --src 9 --dst all
check_scheme cube:6 --scheme chain --src 5 --dst all
check_scheme cube:6:low --scheme chain --src 5 --dst 1,2,3,9,17,33,40,63
check_scheme irregular:16,8,4,1 --scheme updown --src 7 --dst all
check_scheme irregular:16,8,4,1 --scheme unicast-tree --src 7 --dst 1,2,3,40

# round counts the notes give: 2 from a corner, 2 from any source when X <= Y+1
r=$("$wc" worm --topo mesh:8x8 --scheme bcast-any --src 27 --format json | sed 's/.*"rounds":\([0-9]*\).*/\1/')
[ "$r" = 2 ] && ok || bad "mesh:8x8 bcast-any from 27: $r rounds, want 2"
r=$("$wc" worm --topo mesh:12x3 --scheme bcast-any --src 17 --format json | sed 's/.*"rounds":\([0-9]*\).*/\1/')
[ "$r" = 3 ] && ok || bad "mesh:12x3 bcast-any from 17 (centre, X > Y+1): $r rounds, want 3"

# dot renders (mesh and cube with pinned positions, irregular with neato)
if command -v neato >/dev/null; then
  for args in "--topo mesh:6x6 --scheme bcast-rcc --src 0" "--topo cube:4 --scheme chain --src 0 --dst 1,4,7,10,11,12" \
              "--topo irregular:8,6,2,3 --scheme updown --src 0 --dst all"; do
    # shellcheck disable=SC2086
    "$wc" worm $args --format dot > "$dir/w.dot" || { bad "dot $args"; continue; }
    grep -q 'label="w0 r1"' "$dir/w.dot" || { bad "dot $args: worm 0 not labelled"; continue; }
    case $args in *irregular*) eng="neato";; *) eng="neato -n2";; esac
    $eng -Tpng -o "$dir/w.png" "$dir/w.dot" 2>"$dir/err" && [ -s "$dir/w.png" ] && ok || bad "dot $args does not render: $(cat "$dir/err")"
  done
else
  echo "neato not installed: dot rendering not checked"
fi

echo "cli: wormcast worm error cases, --check, worms re-checked one by one, JSON round counts, dot rendering"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

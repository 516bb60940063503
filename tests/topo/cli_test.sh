#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `wormcast topo` through the CLI: valid names give JSON, every bad input
# gives exit 2 and a message naming the problem.
# Usage: cli_test.sh WORMCAST SCRATCHDIR
set -u
wc=$1; dir=$2
mkdir -p "$dir"
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }

# expect_err NAME SUBSTRING: exit status 2, SUBSTRING on stderr, nothing on stdout
expect_err() {
  local out err rc
  out=$("$wc" topo --topo "$1" 2>"$dir/err"); rc=$?
  err=$(cat "$dir/err")
  if [ $rc -ne 2 ]; then bad "$1: exit $rc, want 2 (stderr: $err)"; return; fi
  if [[ "$err" != *"$2"* ]]; then bad "$1: stderr '$err' lacks '$2'"; return; fi
  if [ -n "$out" ]; then bad "$1: printed JSON despite the error"; return; fi
  ok
}

# f NAME CONTENT: write a scratch topology file
f() { printf '%b' "$2" > "$dir/$1"; }

expect_err "foo:3"                 "unknown topology 'foo:3'"
expect_err "cube:x"                "malformed dimension 'x'"
expect_err "cube:"                 "malformed dimension"
expect_err "cube:11"               "dimension 11 out of range 1..10"
expect_err "cube:0"                "out of range 1..10"
expect_err "cube:99999999999999999999999" "out of range"
expect_err "cube:4:bogus"          "unknown or repeated option 'bogus'"
expect_err "cube:4:all:all"        "unknown or repeated option 'all'"
expect_err "mesh:4"                "malformed size '4'"
expect_err "mesh:4xq"              "malformed size"
expect_err "mesh:0x4"              "out of range"
expect_err "mesh:65x64"            "out of range"
expect_err "irregular:16,8,4"      "expected irregular:S,P,H,SEED"
expect_err "irregular:16,8,4,1,2"  "expected irregular:S,P,H,SEED"
expect_err "irregular:16,8,x,1"    "malformed hosts per switch H 'x'"
expect_err "irregular:16,100,4,1"  "ports P=100 out of range"
expect_err "irregular:0,8,4,1"     "switch count S=0 out of range"
expect_err "irregular:16,8,0,1"    "hosts per switch H=0 out of range"
expect_err "irregular:16,8,9,1"    "hosts per switch H=9 out of range"
expect_err "irregular:16,4,4,1"    "cannot connect 16 switches"
expect_err "irregular:3,3,2,1"     "cannot connect 3 switches"
expect_err "irregular:4096,8,2,1"  "exceed the maximum of 4096 nodes"
expect_err "file:$dir/does-not-exist.net" "does-not-exist.net: cannot open"
expect_err "file:"                 "missing path"

f disc.net      'switches 4\nhosts 1\nlink 0 1\nlink 1 2\n'
expect_err "file:$dir/disc.net"    "switch 3 is unreachable"
f hostport.net  'switches 2\nports 4\nhosts 2\nlink 0 2 1 0\n'
expect_err "file:$dir/hostport.net" "hostport.net:4: switch 1 port 0 is a host port"
f full.net      'switches 3\nports 2\nhosts 1\nlink 0 1\nlink 0 2\n'
expect_err "file:$dir/full.net"    "full.net:5: switch 0 has no free port left"
f dup.net       'switches 3\nports 4\nhosts 1\nlink 0 2 1 2\nlink 0 2 2 2\n'
expect_err "file:$dir/dup.net"     "dup.net:5: duplicate link on switch 0 port 2 (already used by the link on line 4)"
f range.net     'switches 2\nports 4\nhosts 1\nlink 0 9 1 1\n'
expect_err "file:$dir/range.net"   "range.net:4: switch 0 port 9 out of range (ports 4)"
f short.net     '# comment\nswitches 2\nlink 0\n'
expect_err "file:$dir/short.net"   "short.net:3: expected 'link SA PA SB PB' or 'link SA SB'"
f kw.net        'switches 2\nlnk 0 1\n'
expect_err "file:$dir/kw.net"      "kw.net:2: unknown keyword 'lnk'"
f num.net       'switches abc\n'
expect_err "file:$dir/num.net"     "num.net:1: malformed switch count 'abc'"
f sw.net        'switches 2\nhosts 1\nlink 0 5\n'
expect_err "file:$dir/sw.net"      "sw.net:3: switch 5 out of range (switches 2)"
f self.net      'switches 2\nhosts 1\nlink 1 1\n'
expect_err "file:$dir/self.net"    "self.net:3: link connects switch 1 to itself"
f twice.net     'switches 2\nswitches 3\n'
expect_err "file:$dir/twice.net"   "twice.net:2: 'switches' given twice"
f hosts2.net    'switches 2\nhosts 1\nhosts 2\nlink 0 1\n'
expect_err "file:$dir/hosts2.net"  "hosts2.net:3: default 'hosts COUNT' given twice (first on line 2)"
expect_err "file:$dir"             "file:$dir: is a directory, not a topology file"
# input files are bounded (16 MiB): a device that never ends and a large
# regular file are refused naming the file and the limit
expect_err "file:/dev/zero"        "file:/dev/zero: longer than the limit of 16 MiB for a topology file"
truncate -s 17M "$dir/huge.net"
expect_err "file:$dir/huge.net"    "huge.net: 17825792 bytes, larger than the limit of 16 MiB for a topology file"
rm -f "$dir/huge.net"
f nohosts.net   'switches 2\nlink 0 1\n'
expect_err "file:$dir/nohosts.net" "no hosts"
f toomany.net   'switches 1\nports 2\nhosts 3\n'
expect_err "file:$dir/toomany.net" "switch 0: 3 hosts do not fit in 2 ports"
f a_two.anynet  'router 0 node 0 router 1\nrouter 1 node 0\n'
expect_err "file:$dir/a_two.anynet" "a_two.anynet:2: node 0 is connected to routers 0 and 1"
f a_gap.anynet  'router 0 node 0 node 2 router 1\nrouter 1 node 3\n'
expect_err "file:$dir/a_gap.anynet" "node 1 missing"
f a_tok.anynet  'router 0 node 0 foo 1\n'
expect_err "file:$dir/a_tok.anynet" "a_tok.anynet:1: unexpected 'foo'"
f a_nn.anynet   'node 0 node 1\n'
expect_err "file:$dir/a_nn.anynet" "a_nn.anynet:1: cannot connect node 0 to node 1"
f a_disc.anynet 'router 0 node 0 router 1\nrouter 2 node 1\n'
expect_err "file:$dir/a_disc.anynet" "switch 2 is unreachable"

# CLI usage errors
"$wc" topo >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && grep -q -- "--topo is required" "$dir/err" && ok || bad "topo without --topo: exit $rc"
"$wc" topo --topo cube:3 --bogus >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && grep -q "unknown option '--bogus'" "$dir/err" && ok || bad "topo --bogus: exit $rc"

# valid output: JSON keys present, route count for cube:3 (8*7 pairs)
out=$("$wc" topo --topo cube:3 --routes); rc=$?
n=$(printf '%s\n' "$out" | grep -c '"src"')
[ $rc -eq 0 ] && [ "$n" -eq 56 ] && ok || bad "cube:3 --routes: exit $rc, $n routes (want 56)"
out=$("$wc" topo --topo irregular:8,8,2,1 --routes --check 2>"$dir/err"); rc=$?
for key in '"name": "irregular:8,8,2,1"' '"kind": "switched"' '"nrouters": 8' '"nports": 8' '"nnodes": 16' \
           '"links": [' '"hosts": [' '"tree": {"root": 0' '"up_end":' '"routes": ['; do
  [[ "$out" == *"$key"* ]] && ok || bad "irregular:8,8,2,1 JSON lacks $key"
done
[ $rc -eq 0 ] && grep -q "ok: 256 host pairs" "$dir/err" && ok || bad "irregular:8,8,2,1 --check: exit $rc: $(cat "$dir/err")"
# the largest ring-like network: every one of the 4096^2 routes checked
# (it used to take minutes: the checker followed each route hop by hop)
"$wc" topo --topo irregular:4096,3,1,1 --check >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 0 ] && grep -q "ok: 16777216 host pairs legal, shortest and connected" "$dir/err" && ok ||
  bad "irregular:4096,3,1,1 --check: exit $rc: $(cat "$dir/err")"
if command -v python3 >/dev/null 2>&1; then
  for n in cube:3:all mesh:3x2 irregular:8,8,2,1; do
    "$wc" topo --topo $n --routes | python3 -c 'import json,sys; json.load(sys.stdin)' && ok || bad "$n: JSON does not parse"
  done
fi
echo "cli: $((pass+fail)) checks of wormcast topo (error messages and exit codes, JSON keys)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

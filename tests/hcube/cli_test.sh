#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `wormcast tree` through the CLI: the papers' examples in JSON, the dot and
# text renderings, destination order independence, and every bad input
# (exit 2, message on stderr, nothing on stdout).
# Usage: cli_test.sh WORMCAST SCRATCHDIR
set -u
wc=$1; dir=$2
mkdir -p "$dir"
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }

# has DESC JSON SUBSTRING
has() { if [[ "$2" == *"$3"* ]]; then ok; else bad "$1: '$3' not in $2"; fi; }

# steps_of JSON -> the "steps" value
steps_of() { sed -n 's/.*"steps":\([0-9]*\),.*/\1/p' <<<"$1"; }
# nedges JSON
nedges() { grep -o '"from"' <<<"$1" | wc -l; }

fig3="1,3,5,7,11,12,14,15"   # Figs. 2/3/8: 0001 0011 0101 0111 1011 1100 1110 1111

j=$("$wc" tree --topo cube:4:all --algo wsort --src 0 --dst "$fig3")
has "Fig. 8(c) W-sort" "$j" '"topo":"cube:4:all","algo":"wsort","src":0,"port":"all","edges":['
has "Fig. 8(c) W-sort 2 steps" "$j" '"steps":2,"contention_free":true}'
[ "$(nedges "$j")" -eq 8 ] && ok || bad "Fig. 8(c): $(nedges "$j") edges, want 8"
has "Fig. 8(c) 0->14 in step 1" "$j" '{"from":0,"to":14,"step":1}'
has "Fig. 8(c) 14->11 in step 2" "$j" '{"from":14,"to":11,"step":2}'

j=$("$wc" tree --topo cube:4 --algo ucube --src 0 --dst "$fig3")
has "Fig. 3(c) U-cube one-port (default for cube:4)" "$j" '"port":"one"'
has "Fig. 3(c) U-cube 4 steps" "$j" '"steps":4,"contention_free":true}'
has "Fig. 3(c) first send 0000->0111" "$j" '"edges":[{"from":0,"to":7,"step":1}'

j=$("$wc" tree --topo cube:4 --port all --algo ucube --src 0 --dst "$fig3")
has "Fig. 3(d) U-cube all-port 4 steps" "$j" '"steps":4'
has "Fig. 3(d) 0111->1011 in step 3" "$j" '{"from":7,"to":11,"step":3}'

j=$("$wc" tree --topo cube:4:all --algo maxport --src 0 --dst "$fig3")
has "Fig. 8(b) Maxport 4 steps" "$j" '"steps":4,"contention_free":true}'

j=$("$wc" tree --topo cube:4:all --algo maxport --src 0 --dst 9,10,11)
has "Fig. 6(a) Maxport 3 steps" "$j" '"steps":3'
j=$("$wc" tree --topo cube:4:all --algo ucube --src 0 --dst 9,10,11)
has "Fig. 6(b) U-cube 2 steps" "$j" '"steps":2'

# Fig. 5: source 0100, same operation as Fig. 3 relative to the source
j=$("$wc" tree --topo cube:4 --algo ucube --src 4 --dst 1,3,5,7,8,10,11,15)
has "Fig. 5 U-cube from 0100: 4 steps" "$j" '"steps":4,"contention_free":true}'
has "Fig. 5 first send 0100->0011 (relative 0111)" "$j" '"edges":[{"from":4,"to":3,"step":1}'

# destination order does not matter
a=$("$wc" tree --topo cube:6:all --algo combine --src 5 --dst 1,9,33,62,17,40,8,2,63)
b=$("$wc" tree --topo cube:6:all --algo combine --src 5 --dst 63,2,8,40,17,62,33,9,1)
[ "$a" = "$b" ] && ok || bad "destination order changed the tree"

# binomial / linear / k-binomial on the source-relative chain
j=$("$wc" tree --topo cube:5 --algo binomial --src 3 --dst 0,1,2,4,5,6,7,8,9,10,11,12,13,14,15)
has "binomial one-port: ceil(log2 16) = 4 steps" "$j" '"steps":4,"contention_free":true}'
j=$("$wc" tree --topo cube:4 --algo linear --src 0 --dst "$fig3")
has "linear one-port: 8 steps" "$j" '"steps":8,'
l1=$("$wc" tree --topo cube:4 --algo kbinomial:1 --src 0 --dst "$fig3")
[ "$l1" = "$(sed 's/"algo":"linear"/"algo":"kbinomial:1"/' <<<"$j")" ] && ok || bad "kbinomial:1 differs from linear"
j=$("$wc" tree --topo cube:4 --algo kbinomial --src 0 --dst "$fig3")
has "kbinomial without K names the chosen k" "$j" '"algo":"kbinomial:2"'
has "kbinomial optimal k for one packet: 4 steps" "$j" '"steps":4,'
j=$("$wc" tree --topo cube:4:all --port one --algo wsort --src 0 --dst "$fig3")
has "--port overrides the topology's port model" "$j" '"port":"one"'

# low-first routing (nCUBE-2 order): the paper says nothing changes; the
# bit-reversed Fig. 8 set (0,8,12,10,14,13,3,7,15) takes 2 W-sort steps too
j=$("$wc" tree --topo cube:4:all:low --algo wsort --src 0 --dst 8,12,10,14,13,3,7,15)
has "low-first W-sort on the reversed Fig. 8 set: 2 steps" "$j" '"steps":2,"contention_free":true}'

# renderings
"$wc" tree --topo cube:4:all --algo wsort --src 0 --dst "$fig3" --format dot > "$dir/t.dot"
if dot -Tsvg "$dir/t.dot" > "$dir/t.svg" 2>"$dir/dot.err"; then ok; else bad "dot rejects the output: $(cat "$dir/dot.err")"; fi
grep -q '"0000" -> "1110" \[label="1"\];' "$dir/t.dot" && ok || bad "dot: arc 0000->1110 labelled 1 missing"
grep -q '"1110" -> "1011" \[label="2"\];' "$dir/t.dot" && ok || bad "dot: arc 1110->1011 labelled 2 missing"
t=$("$wc" tree --topo cube:4:all --algo wsort --src 0 --dst "$fig3" --format text)
[ "$(grep -c '^step ' <<<"$t")" -eq 8 ] && ok || bad "text: want 8 step lines"
has "text summary" "$t" "steps 2, contention-free"

# expect_err SUBSTRING ARGS...: exit 2, SUBSTRING on stderr, nothing on stdout
expect_err() {
  local want=$1 out err rc; shift
  out=$("$wc" tree "$@" 2>"$dir/err"); rc=$?
  err=$(cat "$dir/err")
  if [ $rc -ne 2 ]; then bad "$*: exit $rc, want 2 (stderr: $err)"; return; fi
  if [[ "$err" != *"$want"* ]]; then bad "$*: stderr '$err' lacks '$want'"; return; fi
  if [ -n "$out" ]; then bad "$*: printed output despite the error"; return; fi
  ok
}
expect_err "destination 0 is the source"  --topo cube:4 --algo wsort --src 0 --dst 1,0
expect_err "destination 3 is listed twice" --topo cube:4 --algo ucube --src 0 --dst 3,1,3
expect_err "destination 16 is outside"    --topo cube:4 --algo maxport --src 0 --dst 1,16
expect_err "'x' is not a node id"          --topo cube:4 --algo combine --src 0 --dst 1,x
expect_err "'' is not a node id"           --topo cube:4 --algo combine --src 0 --dst ""
expect_err "'-1' is not a node id"         --topo cube:4 --algo combine --src 0 --dst 2,-1
expect_err "--src 16 outside"              --topo cube:4 --algo combine --src 16 --dst 1
expect_err "unknown --algo 'foo'"          --topo cube:4 --algo foo --src 0 --dst 1
expect_err "K must be an integer >= 1"     --topo cube:4 --algo kbinomial:0 --src 0 --dst 1
expect_err "only binary n-cubes"           --topo mesh:4x4 --algo ucube --src 0 --dst 1
expect_err "dimension 11 out of range"     --topo cube:11 --algo ucube --src 0 --dst 1
expect_err "--port expects one or all, got 'two'" --topo cube:4 --algo ucube --src 0 --dst 1 --port two
expect_err "--format expects json, dot or text, got 'svg'" --topo cube:4 --algo ucube --src 0 --dst 1 --format svg
expect_err "--dst is required"             --topo cube:4 --algo ucube --src 0
expect_err "unknown option '--bogus'"      --topo cube:4 --bogus 1
expect_err "--src needs a value"           --topo cube:4 --algo ucube --src

echo "cli: checked wormcast tree on Figs. 3, 5, 6, 8, formats, options and bad input"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

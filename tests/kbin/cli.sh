#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CLI contract checks for wormcast kopt / fpfs / fis: JSON shape, values
# derived by hand from the papers, and clear errors on bad input.
set -u
W=${WORMCAST:-build/bin/wormcast}
D=$(mktemp -d); trap 'rm -rf "$D"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
# expect_out DESC EXPECTED-STDOUT-SUBSTRING CMD...
expect_out() {
  local desc=$1 want=$2; shift 2
  local out; out=$("$@" 2>"$D/err"); local rc=$?
  if [ $rc -eq 0 ] && [[ "$out" == *"$want"* ]]; then ok "$desc"; else bad "$desc: rc=$rc out=$out err=$(cat "$D/err")"; fi
}
# expect_err DESC STDERR-SUBSTRING CMD...
expect_err() {
  local desc=$1 want=$2; shift 2
  local out; out=$("$@" 2>"$D/err"); local rc=$?
  if [ $rc -ne 0 ] && [ -z "$out" ] && grep -qF -- "$want" "$D/err"; then ok "$desc"; else bad "$desc: rc=$rc out=$out err=$(cat "$D/err")"; fi
}

# Lemma 1 by hand for n=16: k=1 15+3, k=2 N=1,2,4,7,12,20 -> 5+6, k=3 5+9, k=4 4+12
expect_out "kopt n=16 m=4 -> k=2 L1=5 11 steps" '{"n":16,"m":4,"k":2,"L1":5,"steps":11}' $W kopt --n 16 --m 4
expect_out "kopt n=4 m=3 -> linear wins (Fig. 5: 5 steps)" '{"n":4,"m":3,"k":1,"L1":3,"steps":5}' $W kopt --n 4 --m 3
expect_out "kopt n=8 m=1 -> binomial" '{"n":8,"m":1,"k":3,"L1":3,"steps":3}' $W kopt --n 8 --m 1
expect_err "kopt rejects n=1" "--n" $W kopt --n 1 --m 2
expect_err "kopt rejects a non-integer" "not an integer" $W kopt --n 8x --m 2
expect_err "kopt requires --m" "--m is required" $W kopt --n 8
expect_err "kopt rejects unknown options" "unknown option" $W kopt --n 8 --m 2 --k 3

echo '{"root":"R","children":{"R":["A","B"],"A":["C"]}}' > "$D/bin.json"
echo '{"root":0,"children":{"0":[1],"1":[2],"2":[3]}}' > "$D/lin.json"
echo '{"root":0,"children":{"0":[1,2,3],"1":[4,5],"2":[6]}}' > "$D/b8a.json"
expect_out "fpfs Fig. 5(a) binomial 3 packets: 6 steps" '{"steps":6,"L":[2,4,6],"max_buffer":1' $W fpfs --tree "$D/bin.json" --m 3
expect_out "fpfs Fig. 5(b) linear 3 packets: 5 steps" '{"steps":5,"L":[3,4,5],"max_buffer":1' $W fpfs --tree "$D/lin.json" --m 3
# FCFS on Fig. 5(a): R sends packets 1-3 to A in steps 1-3, then to B in 4-6
expect_out "fcfs Fig. 5(a): B gets packets in steps 4,5,6" '{"steps":6,"L":[4,5,6]' $W fpfs --tree "$D/bin.json" --m 3 --mode fcfs
expect_out "fpfs Fig. 8 binomial 3 packets to 7 destinations: 9 steps" '{"steps":9,"L":[3,6,9]' $W fpfs --tree "$D/b8a.json" --m 3
# bad_tree DESC FILE-TEXT STDERR-SUBSTRING
bad_tree() { printf '%s' "$2" > "$D/e.json"; expect_err "fpfs: $1" "$3" $W fpfs --tree "$D/e.json" --m 2; }
bad_tree "malformed JSON names line and column" $'{"root":"R",\n "children":{"R":["A",]}}' "line 2 col"
bad_tree "node with two parents" '{"root":"R","children":{"R":["A","B"],"A":["B"]}}' 'node "B" has two parents'
bad_tree "cycle" '{"root":"R","children":{"R":["A"],"X":["Y"],"Y":["X"]}}' "cycle through node"
bad_tree "cycle back to the root" '{"root":"R","children":{"R":["A"],"A":["R"]}}' "cycle: the root"
bad_tree "unknown node" '{"root":"R","children":{"R":["A"],"Q":["Y"]}}' 'unknown node "Q"'
bad_tree "unknown member" '{"root":"R","kids":{}}' 'unknown member "kids"'
bad_tree "child that is not a name" '{"root":"R","children":{"R":[["A"]]}}' "not a node name"
bad_tree "duplicate member" '{"root":"R","children":{"R":["A"],"R":["B"]}}' 'duplicate member "R"'
expect_err "fpfs: missing file" "cannot open" $W fpfs --tree "$D/none.json" --m 2
expect_err "fpfs: bad mode" "--mode expects fpfs or fcfs, got 'lifo'" $W fpfs --tree "$D/bin.json" --m 2 --mode lifo
expect_err "fpfs: m=0" "--m" $W fpfs --tree "$D/bin.json" --m 0

# Bounded input: every refusal names the file and the limit, exits 2.
# expect_err2 DESC STDERR-SUBSTRING CMD...: as expect_err, and the exit status is 2
expect_err2() {
  local desc=$1 want=$2; shift 2
  local out; out=$("$@" 2>"$D/err"); local rc=$?
  if [ $rc -eq 2 ] && [ -z "$out" ] && grep -qF -- "$want" "$D/err"; then ok "$desc"; else bad "$desc: rc=$rc out=$out err=$(cat "$D/err")"; fi
}
expect_err2 "fpfs: /dev/zero stops at the 16 MiB limit" "/dev/zero: longer than the limit of 16 MiB for a JSON file" \
  $W fpfs --tree /dev/zero --m 2
mkdir "$D/dir"
expect_err2 "fpfs: a directory is named as such" "$D/dir: is a directory, not a JSON file" $W fpfs --tree "$D/dir" --m 2
truncate -s 17M "$D/huge.json"
expect_err2 "fpfs: a regular file over the limit is refused by its size" "huge.json: 17825792 bytes, larger than the limit of 16 MiB" \
  $W fpfs --tree "$D/huge.json" --m 2
rm -f "$D/huge.json"
awk 'BEGIN { for (i = 0; i < 300; i++) printf "["; for (i = 0; i < 300; i++) printf "]"; print "" }' > "$D/deep.json"
expect_err2 "fpfs: nesting deeper than the JSON limit" "nesting deeper than 256 levels (the limit of the JSON reader)" \
  $W fpfs --tree "$D/deep.json" --m 2
awk 'BEGIN { printf "{\"root\":0,\"children\":{\"0\":[1"; for (i = 0; i < 1048576; i++) printf ",1"; print "]}}" }' > "$D/vals.json"
expect_err2 "fpfs: more values than the JSON limit" "more than 1048576 values (the limit of the JSON reader)" \
  $W fpfs --tree "$D/vals.json" --m 1
awk 'BEGIN { printf "{\"root\":0,\"children\":{\"0\":[1"; for (i = 2; i < 500000; i++) printf ",%d", i; print "]}}" }' > "$D/star500k.json"
expect_out "fpfs: a star of 500000 nodes (the tree limit) runs: 499999 steps" '{"steps":499999,' $W fpfs --tree "$D/star500k.json" --m 1
awk 'BEGIN { printf "{\"root\":0,\"children\":{\"0\":[1"; for (i = 2; i < 500000; i++) printf ",%d", i; print "],\"1\":[500000]}}" }' > "$D/star500k1.json"
expect_err2 "fpfs: one node over the tree limit" "star500k1.json: more than 500000 nodes (the limit for trees)" \
  $W fpfs --tree "$D/star500k1.json" --m 1
rm -f "$D/vals.json" "$D/star500k.json" "$D/star500k1.json"
# A chain of n nodes pipelines: packet j reaches the last node in step n+j-2.
awk 'BEGIN { printf "{\"root\":0,\"children\":{"; for (i = 0; i < 19999; i++) { if (i) printf ","; printf "\"%d\":[%d]", i, i + 1 }; print "}}" }' > "$D/chain20k.json"
expect_out "fpfs: a chain of 20000 nodes, 4 packets: 20002 steps" '{"steps":20002,"L":[19999,20000,20001,20002],"max_buffer":1,' \
  $W fpfs --tree "$D/chain20k.json" --m 4
expect_err2 "fpfs: nodes x (m+3) over the work limit" "20000 nodes x 5000 packets is too large to simulate" \
  $W fpfs --tree "$D/chain20k.json" --m 5000
echo '{"root":"R","children":{"R":["A","B"],"A":["B"]}}' > "$D/two.json"
expect_err2 "fpfs: a malformed tree is bad input: exit 2" 'node "B" has two parents' $W fpfs --tree "$D/two.json" --m 2

if [ -f tests/kbin/cli_fis.sh ]; then . tests/kbin/cli_fis.sh; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

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

if [ -f tests/kbin/cli_fis.sh ]; then . tests/kbin/cli_fis.sh; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Multicast traffic in the simulator: a fraction of messages go to N
# random destinations as separate unicasts, as a binomial tree of
# unicasts that the destinations forward, or as multidestination worms.
# Runs in lockstep stay clean, multicasts complete, and both the tree and
# the worms beat separate unicasts from the source for 16 destinations at
# low load (log-depth schemes against 16 serialized sends).
set -u
wc=$1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
col() { awk -F, -v c="$2" 'NR==1 {for (i=1;i<=NF;i++) if ($i==c) k=i} NR==2 {print $k}' <<<"$1"; }
for spec in "mesh:4x4 unicast" "mesh:4x4 tree" "irregular:8,8,2,1 tree" "cube:4:all tree" \
            "mesh:4x4 worm" "irregular:8,8,2,1 worm" "cube:4:all worm" "cube:4 worm"; do
  set -- $spec
  out=$("$wc" sim --topo "$1" --engine lockstep --rate 0.05 --multicast 0.3 --mcast-dests 6 --mcast-scheme "$2" \
        --warmup 1000 --cycles 20000 --seed 9 --quiet --csv | sed 's/^"[^"]*"/topo/')
  rc=$?
  check "$1 $2: lockstep run passes (exit $rc)" "[ $rc -eq 0 ]"
  check "$1 $2: multicasts measured ($(col "$out" mcasts))" "[ $(col "$out" mcasts) -gt 50 ]"
  check "$1 $2: completion latency reported ($(col "$out" mcast_lat_avg))" "awk 'BEGIN {exit !($(col "$out" mcast_lat_avg) > 0)}'"
done
u=$("$wc" sim --topo mesh:8x8 --rate 0.02 --multicast 0.5 --mcast-dests 16 --mcast-scheme unicast --warmup 2000 --cycles 30000 --quiet --csv)
t=$("$wc" sim --topo mesh:8x8 --rate 0.02 --multicast 0.5 --mcast-dests 16 --mcast-scheme tree --warmup 2000 --cycles 30000 --quiet --csv)
lu=$(col "$u" mcast_lat_avg) lt=$(col "$t" mcast_lat_avg)
check "mesh:8x8, 16 destinations: tree ($lt cycles) completes before separate unicasts ($lu cycles)" "awk 'BEGIN {exit !($lt < $lu)}'"
w=$("$wc" sim --topo mesh:8x8 --rate 0.02 --multicast 0.5 --mcast-dests 16 --mcast-scheme worm --warmup 2000 --cycles 30000 --quiet --csv)
lw=$(col "$w" mcast_lat_avg)
check "mesh:8x8, 16 destinations: multidestination worms ($lw cycles) complete before separate unicasts ($lu cycles)" "awk 'BEGIN {exit !($lw < $lu)}'"
err=$("$wc" sim --topo mesh:4x4 --multicast 0.1 --mcast-scheme worm --packet 1 2>&1 >/dev/null); rc=$?
check "worm scheme needs a payload flit for the id" "[ $rc -ne 0 ] && grep -q 'needs --packet >= 2' <<<\"\$err\""
o=$("$wc" sim --topo mesh:8x8 --engine rtl --mcast-once all --mcast-scheme worm --packet 64 --sets 2 --csv | tail -1)
check "RTL broadcast with worms completes in 2 rounds on mesh:8x8 ($o)" "[ \"\$(cut -d, -f10 <<<\"\$o\")\" = 2 ]"
err=$("$wc" sim --topo mesh:4x4 --multicast 0.1 --mcast-dests 16 2>&1 >/dev/null); rc=$?
check "too many destinations refused" "[ $rc -ne 0 ] && grep -q 'mcast-dests 16 out of range 1..15' <<<\"\$err\""

# --mcast-scheme tree --tree-algo: every tree of the library, in lockstep on
# a network it applies to, some with node overheads (which hold sends back
# in the simulator, not in the engines).  Each run must complete every
# measured multicast with every destination reached exactly once: the
# scoreboard counts lost and duplicated unicasts, mcast_bad counts copies
# that reached a node their multicast did not (or no longer) owe one.
for spec in "cube:4:all ucube 0 0" "cube:4:all maxport 5 3" "cube:4:all combine 0 0" "cube:4:all wsort 5 3" \
            "cube:4 ucube 0 0" "cube:4 wsort 0 0" "mesh:4x4 binomial 5 3" "cube:4:all kbinomial:2 0 0" \
            "mesh:4x4 kbinomial 0 0" "cube:4 postal 5 3" "mesh:4x4 postal:30 0 0" \
            "irregular:8,8,2,1 cco 0 0" "irregular:8,8,2,1 spcco 5 3" "irregular:8,8,2,1 ram 0 0" \
            "irregular:8,8,2,1 ram:stb 0 0" "irregular:8,8,2,1 ram:rc 5 3" "mesh:4x4 mchain 0 0" "mesh:4x4 star 5 3"; do
  set -- $spec
  out=$("$wc" sim --topo "$1" --engine lockstep --rate 0.04 --multicast 0.3 --mcast-dests 6 --mcast-scheme tree \
        --tree-algo "$2" --mcast-startup "$3" --mcast-forward "$4" --warmup 1000 --cycles 20000 --seed 9 --quiet --csv |
        sed 's/^"[^"]*"/topo/')
  rc=$?
  n=$(col "$out" mcasts) done=$(col "$out" mcasts_done) mb=$(col "$out" mcast_bad)
  check "$1 tree:$2 (overheads $3/$4): lockstep run passes, nothing lost or duplicated (exit $rc)" "[ $rc -eq 0 ] && [ $(col "$out" lost) -eq 0 ] && [ $(col "$out" duplicated) -eq 0 ]"
  check "$1 tree:$2: $done of $n measured multicasts complete, $mb copies not owed" "[ $n -gt 50 ] && [ $done -eq $n ] && [ $mb -eq 0 ]"
  check "$1 tree:$2: the csv names the tree ($(col "$out" mcast_scheme))" "[ $(col "$out" mcast_scheme) = tree:$2 ]"
done
# the overheads, exactly: one destination costs startup + forward more; a
# U-cube broadcast on the one-port cube:4 (4 steps) four times that
once() { "$wc" sim --topo "$1" --engine "$2" --mcast-once "$3" --mcast-scheme tree --tree-algo "$4" --packet 16 --sets 3 \
         --mcast-startup "$5" --mcast-forward "$6" --csv | tail -1 | cut -d, -f7; }
for eng in c rtl; do
  a=$(once cube:4:all $eng 1 binomial 0 0) b=$(once cube:4:all $eng 1 binomial 100 10)
  check "engine $eng, one destination: startup 100 + forward 10 adds 110 cycles ($a -> $b)" "awk 'BEGIN {d = $b - $a - 110; exit !(d < 0.01 && d > -0.01)}'"
done
a=$(once cube:4 c all ucube 0 0) b=$(once cube:4 c all ucube 100 10)
check "U-cube broadcast on cube:4: 4 steps of startup 100 + forward 10 add 440 cycles ($a -> $b)" "awk 'BEGIN {d = $b - $a - 440; exit !(d < 0.01 && d > -0.01)}'"
# the delay averaged over destinations (Robinson et al. Fig. 13) equals the
# completion for one destination and is below it for several
r1=$("$wc" sim --topo cube:4:all --mcast-once 1 --mcast-scheme tree --packet 16 --sets 3 --csv | tail -1)
r8=$("$wc" sim --topo cube:4:all --mcast-once 8 --mcast-scheme tree --tree-algo wsort --packet 16 --sets 3 --csv | tail -1)
check "one destination: average delay = completion ($(cut -d, -f11 <<<"$r1") = $(cut -d, -f7 <<<"$r1"))" "[ \"\$(cut -d, -f11 <<<\"\$r1\")\" = \"\$(cut -d, -f7 <<<\"\$r1\")\" ]"
check "8 destinations: average delay below completion ($(cut -d, -f11 <<<"$r8") < $(cut -d, -f7 <<<"$r8"))" "awk 'BEGIN {exit !($(cut -d, -f11 <<<"$r8") < $(cut -d, -f7 <<<"$r8"))}'"
# Robinson et al. Section 5: on an all-port cube W-sort beats U-cube
u=$("$wc" sim --topo cube:6:all --mcast-once 24 --mcast-scheme tree --tree-algo ucube --packet 256 --sets 50 --csv | tail -1 | cut -d, -f7)
w=$("$wc" sim --topo cube:6:all --mcast-once 24 --mcast-scheme tree --tree-algo wsort --packet 256 --sets 50 --csv | tail -1 | cut -d, -f7)
check "cube:6:all, 24 destinations, 256-flit messages: W-sort ($w cycles) completes before U-cube ($u cycles)" "awk 'BEGIN {exit !($w < $u)}'"
# Liu et al.'s multiple multicast (--mcast-batch): M multicasts at once,
# each complete (the run exits 1 otherwise), on the RTL in lockstep too;
# the throughput is the flits delivered per cycle until the last one ends
for a in cco ram:stc ram:rb; do
  o=$("$wc" sim --topo irregular:16,8,4,1 --engine lockstep --mcast-once 10 --mcast-batch 12 --mcast-scheme tree \
      --tree-algo "$a" --packet 32 --sets 2 --csv); rc=$?
  row=$(tail -1 <<<"$o" | sed 's/^"[^"]*"/topo/')
  check "lockstep, 12 multicasts at once along $a trees: all complete (exit $rc; $row)" \
        "[ $rc -eq 0 ] && [ \"\$(cut -d, -f12 <<<\"\$row\")\" = 12 ]"
done
o=$("$wc" sim --topo irregular:16,8,4,1 --mcast-once 10 --mcast-scheme tree --tree-algo ram --packet 32 --sets 1 --csv | tail -1 | sed 's/^"[^"]*"/topo/')
check "one multicast: throughput = 10 x 32 flits / completion ($o)" \
      "awk -F, '{ exit !(\$13 > 0 && (\$13 - 320 / \$7) < 0.001 && (\$13 - 320 / \$7) > -0.001) }' <<<\"\$o\""
b1=$("$wc" sim --topo irregular:32,16,8,1 --mcast-once 40 --mcast-batch 32 --mcast-scheme tree --tree-algo cco --packet 256 --sets 2 --csv | tail -1 | sed 's/^"[^"]*"/topo/' | cut -d, -f7)
b2=$("$wc" sim --topo irregular:32,16,8,1 --mcast-once 40 --mcast-batch 32 --mcast-scheme tree --tree-algo ram:rc --packet 256 --sets 2 --csv | tail -1 | sed 's/^"[^"]*"/topo/' | cut -d, -f7)
check "32 multicasts at once on 256 hosts: RAM Random-Cyclic ($b2 cycles) completes before CCO ($b1 cycles), Liu et al.'s claim for many multicasts" "awk 'BEGIN {exit !($b2 < $b1)}'"

# --mcast-long P:K: all M long is the batch with --packet P; some long
# take longer than none
bl() { "$wc" sim --topo irregular:16,8,4,1 --mcast-once 6 --mcast-batch 8 --mcast-scheme tree --tree-algo spcco --sets 2 \
       --csv "$@" | tail -1 | sed 's/^"[^"]*"/topo/' | cut -d, -f7,13; }
all_long=$(bl --packet 16 --mcast-long 200:8) plain=$(bl --packet 200) none=$(bl --packet 16 --mcast-long 200:0) two=$(bl --packet 16 --mcast-long 200:2)
check "--mcast-long 200:8 of 8 = --packet 200 ($all_long = $plain); 2 long ($two) complete after none ($none)" \
      "[ -n \"$all_long\" ] && [ \"$all_long\" = \"$plain\" ] && awk 'BEGIN {exit !(${two%%,*} > ${none%%,*})}'"

# the lecture notes: the mesh chain reaches n nodes in ceil(log2 n) rounds
# from any source; one-to-all scatter with combining (--mcast-scatter: the
# send to a node carries its subtree's data) takes the notes' t_s log z +
# (t_d + M t_m)(z - 1) on a 1-D mesh, here within 2 cycles (t_d = t_m = 1
# cycle; where the source sits moves the last hop by a cycle)
r=$("$wc" sim --topo mesh:8x8 --engine lockstep --mcast-once 31 --mcast-scheme tree --tree-algo mchain --packet 16 --sets 5 --csv | tail -1)
check "mesh:8x8, 31 destinations along the mesh chain, lockstep: 5 rounds ($r)" "[ \"\$(cut -d, -f10 <<<\"\$r\")\" = 5 ]"
sc=$("$wc" sim --topo mesh:16x1 --mcast-once all --mcast-scheme tree --tree-algo mchain --mcast-scatter --packet 64 --mcast-forward 100 --sets 4 --csv | tail -1 | cut -d, -f7)
check "scatter with combining on mesh:16x1, M = 64, t_s = 100: $sc cycles against 100 x 4 + 65 x 15 = 1375" "awk 'BEGIN {d = $sc - 1375; exit !(d <= 2 && d >= -2)}'"
sl=$("$wc" sim --topo mesh:4x4 --engine lockstep --mcast-once all --mcast-scheme tree --tree-algo mchain --mcast-scatter --packet 8 --sets 3 --csv); rc=$?
check "scatter with combining in lockstep on mesh:4x4 (exit $rc)" "[ $rc -eq 0 ]"
ns=$("$wc" sim --topo cube:4 --mcast-once all --mcast-scheme tree --tree-algo star --mcast-scatter --packet 64 --sets 2 --csv | tail -1 | cut -d, -f7)
nu=$("$wc" sim --topo cube:4 --mcast-once all --mcast-scheme unicast --packet 64 --sets 2 --csv | tail -1 | cut -d, -f7)
check "a star scatter is the unicast scheme ($ns = $nu cycles)" "[ -n \"$ns\" ] && [ \"$ns\" = \"$nu\" ]"

# bad input: non-zero exit and a message naming the problem
bad() {
  local want=$1; shift
  err=$("$wc" sim "$@" 2>&1 >/dev/null); rc=$?
  check "refused ($rc): $* -> $want" "[ $rc -eq 2 ] && grep -q -- \"\$want\" <<<\"\$err\""
}
bad "unknown --tree-algo 'bogus'" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo bogus
bad "hypercube algorithm (Robinson et al.): it needs cube:N" --topo mesh:4x4 --multicast 0.1 --mcast-scheme tree --tree-algo wsort
bad "needs irregular:S,P,H,SEED or file:PATH, not cube:4" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo ram
bad "K (the most children of a node) must be an integer in 1..4096" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo kbinomial:0
bad "K (the most children of a node) must be an integer" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo kbinomial:x
bad "LAT (cycles) must be an integer" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo postal:
bad "takes no ':' parameter" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo ucube:3
bad "--tree-algo mchain is the notes' chain multicast on meshes" --topo cube:4 --multicast 0.1 --mcast-scheme tree --tree-algo mchain
bad "--mcast-scatter combines along a tree: it needs --mcast-scheme tree" --topo cube:4 --mcast-once 3 --mcast-scatter
bad "ram takes stb, stc, rb or rc" --topo irregular:8,8,2,1 --multicast 0.1 --mcast-scheme tree --tree-algo ram:xb
bad "--mcast-batch needs --mcast-once" --topo irregular:8,8,2,1 --multicast 0.1 --mcast-batch 4
bad "--mcast-long needs --mcast-batch" --topo irregular:8,8,2,1 --mcast-once 3 --mcast-long 100:1
bad "--mcast-long 100:5: the batch has 4 multicasts" --topo irregular:8,8,2,1 --mcast-once 3 --mcast-batch 4 --mcast-long 100:5
bad "--mcast-long expects P:K" --topo irregular:8,8,2,1 --mcast-once 3 --mcast-batch 4 --mcast-long 100
bad "--mcast-batch 17 needs as many distinct sources: irregular:8,8,2,1 has 16 nodes" --topo irregular:8,8,2,1 --mcast-once 3 --mcast-batch 17
bad "needs --mcast-scheme tree" --topo cube:4 --multicast 0.1 --mcast-scheme worm --tree-algo ucube
bad "mcast-forward" --topo cube:4 --multicast 0.1 --mcast-scheme tree --mcast-forward -1
bad "--mcast-startup needs --multicast or --mcast-once" --topo cube:4 --rate 0.1 --mcast-startup 10
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# wormcast msg: bad input is a clear error and exit code 2; then small
# end-to-end runs (clean, lossy, lockstep self-check) must come out exact.
set -u
wc=$1
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
expect_err() { # name pattern args...: exit 2 and stderr naming the problem
  local name=$1 pat=$2; shift 2
  local err; err=$("$wc" "$@" 2>&1 >/dev/null); local rc=$?
  if [ $rc -eq 2 ] && grep -q -- "$pat" <<<"$err"; then ok "$name"
  else bad "$name (exit $rc): $err"; fi
}
. "$(dirname "$0")/../../tools/csvcol.sh"

expect_err "missing topology" "--topo is required" msg
expect_err "unknown topology" "unknown topology 'torus:4'" msg --topo torus:4
expect_err "size 0-10" "--size expects MIN-MAX" msg --topo cube:3 --size 0-10
expect_err "size 5-1" "--size expects MIN-MAX" msg --topo cube:3 --size 5-1
expect_err "size 1-20000" "--size expects MIN-MAX" msg --topo cube:3 --size 1-20000
expect_err "size garbage" "--size expects MIN-MAX" msg --topo cube:3 --size big
expect_err "unknown mix kind" "unknown message kind 'broadcast'" msg --topo cube:3 --mix unicast,broadcast
expect_err "empty mix" "--mix expects a list" msg --topo cube:3 --mix ,
expect_err "unknown mode" "--mode expects fpfs, fcfs or host, got 'lifo'" msg --topo cube:3 --mode lifo
expect_err "fault rate above 0.5" "--fault-rate expects a number in 0..0.5" msg --topo cube:3 --fault-rate 0.6
expect_err "negative fault rate" "--fault-rate expects a number in 0..0.5" msg --topo cube:3 --fault-rate -0.1
expect_err "unknown engine" "--engine expects c, rtl, lockstep, lockstep-c, sc or lockstep-sc, got 'gpu'" msg --topo cube:3 --engine gpu
expect_err "all-port cube refused" "injection ports per node" msg --topo cube:3:all
expect_err "too many groups" "too many groups" msg --topo cube:5
expect_err "too many groups per node" "too many groups" msg --topo cube:3 --groups-per-node 8
expect_err "multicast without groups" "needs --groups-per-node >= 1" msg --topo cube:3 --groups-per-node 0
expect_err "outstanding out of range" "--outstanding expects an integer in 1..48" msg --topo cube:3 --outstanding 0
expect_err "memory too small" "host memory of 65536 bytes is too small" msg --topo cube:3 --mem-size 64k
expect_err "bad group" "--group expects ROOT:D1,D2" msg --topo cube:3 --group 1
expect_err "group node outside" "destination 9 is not a node" msg --topo cube:3 --group 0:1,9
expect_err "group repeats" "destination 2 repeats" msg --topo cube:3 --group 0:2,2
expect_err "mutate without lockstep" "--mutate breaks the C model of a lockstep run" msg --topo cube:3 --mutate 1
expect_err "mutate with the RTL alone" "engine rtl compares nothing" msg --topo cube:3 --engine rtl --mutate 2
# (the count from the model's header, so a new mutation needs no edit here)
nmut=$(sed -n 's/^#define WC_NIC_MUTATIONS \([0-9]*\).*/\1/p' "$(dirname "$0")/../../cmodel/wc_nic.h")
expect_err "mutation that does not exist" "the NIC mutations are 1\.\.$nmut" msg --topo cube:3 --engine lockstep-c --mutate $((nmut + 1))
expect_err "nothing to post" "--messages 0 posts nothing" msg --topo cube:3 --messages 0
expect_err "fixed and random groups" "--groups-per-node and --group exclude each other" msg --topo cube:3 --group 0:1,2 --groups-per-node 1
expect_err "groups without multicast" "--groups-per-node 1 without multicast in the mix" msg --topo cube:3 --mix unicast --groups-per-node 1
expect_err "once with min-cycles" "--min-cycles keeps random traffic going" msg --topo cube:3 --group 0:all --once multicast --min-cycles 1000
expect_err "host delay beyond the watchdog" "--host-delay 500 reaches the --watchdog of 400 cycles" msg --topo cube:3 --host-delay 500 --watchdog 400
expect_err "timeout beyond the watchdog with faults" "--timeout 2000 must be below the --watchdog of 1000" msg --topo cube:3 --fault-rate 0.01 --timeout 2000 --watchdog 1000
expect_err "once without a group" "--once needs --group" msg --topo cube:3 --once multicast
expect_err "unknown once kind" "--once expects multicast, multisend or unicasts" msg --topo cube:3 --group 0:all --once broadcast
expect_err "kbin 0" "--kbin expects an integer in 1..30, got '0'" msg --topo cube:3 --kbin 0
expect_err "unknown tree" "--tree expects binomial, kbinomial\[:K\] (K 1..30) or postal\[:LAT\] (LAT 1..1000), got 'kbin:2'" msg --topo cube:3 --tree kbin:2
expect_err "tree k 0" "got 'kbinomial:0'" msg --topo cube:3 --tree kbinomial:0
expect_err "postal latency 0" "got 'postal:0'" msg --topo cube:3 --tree postal:0
expect_err "tree and kbin" "--tree kbinomial:K names the same tree" msg --topo cube:3 --tree postal --kbin 2
expect_err "unknown option" "unknown option '--frobnicate'" msg --topo cube:3 --frobnicate

# end to end: every kind, every mode, clean links.  Without faults nothing
# is resent, nothing times out and nothing is dropped (docs/nic-flow.md:
# admission before data), also under the heavy multicast load where the
# forwarders run short of forwarding jobs and receive buffers.
clean() { # name args...
  local name=$1; shift
  local csv rc; csv=$("$wc" msg --csv --quiet "$@" 2>&1); rc=$?
  local r t nb du; r=$(col "$csv" retx) t=$(col "$csv" timeouts) nb=$(col "$csv" err_nobuf) du=$(col "$csv" dups)
  if [ $rc -eq 0 ] && [ "$r" = 0 ] && [ "$t" = 0 ] && [ "$nb" = 0 ] && [ "$du" = 0 ]; then
    ok "$name: $(col "$csv" delivered) deliveries, 0 resent, 0 timeouts, 0 no-buffer drops, 0 duplicates"
  else bad "$name (exit $rc): resent '$r' timeouts '$t' no-buffer '$nb' duplicates '$du': $csv"; fi
}
for mode in fpfs fcfs host; do
  clean "clean run, all kinds, mode $mode" --topo cube:3 --messages 60 --size 1-4096 --mode $mode
  # (host mode forwards through its own send jobs: fewer in flight)
  clean "clean heavy multicast, mode $mode" --topo cube:3 --mix multicast --messages 300 --size 1-16384 \
    --outstanding "$([ $mode = host ] && echo 3 || echo 8)" --mode $mode --seed 4
done
clean "clean run, all kinds, irregular:8,8,2,1" --topo irregular:8,8,2,1 --messages 300 --size 1-4096 --seed 3
# lossy links: still exact, and the NICs had to retransmit
csv=$("$wc" msg --topo cube:3 --messages 100 --size 1-4096 --fault-rate 0.01 --csv --quiet 2>&1); rc=$?
retx=$(col "$csv" retx)
if [ $rc -eq 0 ] && [ "${retx:-0}" -gt 0 ]; then ok "lossy run exact with $retx retransmissions"
else bad "lossy run (exit $rc, retx ${retx:-?}): $csv"; fi
# lossy multicast through forwarding NICs: retransmissions come from the
# forwarders' host buffers, and completions must keep each group's order
for mode in fpfs fcfs host; do
  if out=$("$wc" msg --topo cube:3 --mix multicast --messages 200 --size 1-4096 --fault-rate 0.01 --mode $mode --quiet 2>&1); then
    ok "lossy multicast, mode $mode"
  else bad "lossy multicast, mode $mode: $(grep deliveries <<<"$out")"; fi
done
# --kbin picks the tree: for 64 packets the chain (k = 1) beats the
# binomial tree under FPFS (Kesavan and Panda), and every k is exact
lat() { col "$("$wc" msg --topo cube:3 --group 0:all --once multicast --size 16384 --csv --quiet "$@" 2>&1)" lat_max; }
chain=$(lat --kbin 1) bin=$(lat) k9=$(lat --kbin 9)
if [ -n "$chain" ] && [ -n "$bin" ] && [ "$chain" -lt "$bin" ] && [ "$k9" = "$bin" ]; then
  ok "kbin 1 (chain) $chain < binomial $bin cycles; kbin 9 is the binomial tree"
else bad "kbin: chain '$chain', binomial '$bin', kbin 9 '$k9' cycles"; fi
for k in 1 2; do
  if out=$("$wc" msg --topo cube:3 --mix multicast --messages 60 --size 1-4096 --mode host --kbin $k --quiet 2>&1); then
    ok "clean multicast over k-binomial trees, k = $k, host mode"
  else bad "kbin $k host: $(grep deliveries <<<"$out")"; fi
done
# --tree names the library's trees: kbinomial alone is the optimal k for
# the largest message (64 packets on 8 nodes: the chain), postal:1 is the
# binomial tree (send time = latency), postal:3 (the default) another tree
kopt=$(lat --tree kbinomial) k1=$(lat --tree kbinomial:1) p1=$(lat --tree postal:1) p3=$(lat --tree postal)
if [ -n "$kopt" ] && [ "$kopt" = "$chain" ] && [ "$k1" = "$chain" ] && [ "$p1" = "$bin" ] && [ -n "$p3" ] &&
   [ "$p3" != "$bin" ]; then
  ok "--tree: kbinomial (optimal k) $kopt = kbinomial:1 = chain; postal:1 $p1 = binomial; postal:3 $p3 cycles"
else bad "--tree: kbinomial '$kopt', kbinomial:1 '$k1', chain '$chain', postal:1 '$p1', binomial '$bin', postal:3 '$p3'"; fi
for t in postal postal:5 kbinomial:2; do
  for mode in fpfs host; do
    if out=$("$wc" msg --topo cube:3 --mix multicast --messages 60 --size 1-4096 --mode $mode --tree $t --quiet 2>&1) &&
       grep -q ", $t\(:3\)\? trees\|, $t trees" <<<"$out"; then
      ok "clean multicast over --tree $t, mode $mode"
    else bad "--tree $t $mode: $(head -1 <<<"$out"; grep deliveries <<<"$out")"; fi
  done
done
# --skew: a destination's host joins the multicast up to MAX/2 late.  The
# hosts' time (joining to the last completion taken) is reported for every
# --once multicast; with the NICs forwarding, a late host finds its
# message there (its time falls), in host mode it delays its subtree (the
# multicast's latency grows with the skew)
expect_err "skew without --once multicast" "skew applies to --once multicast" msg --topo cube:3 --skew 100
expect_err "skew beyond the watchdog" "--skew 300000 reaches the --watchdog" msg --topo cube:3 --group 0:all --once multicast --skew 300000
hostcols() { "$wc" msg --topo cube:4 --group 0:all --once multicast --size 64 --seed 3 --csv --quiet "$@" |
             tail -1 | awk -F, '{print $34, $(NF-1), $NF}'; }
read -r nb0_lat nb0_avg nb0_max <<<"$(hostcols --mode fpfs)"
read -r nb_lat nb_avg nb_max <<<"$(hostcols --mode fpfs --skew 20000)"
read -r hb0_lat hb0_avg hb0_max <<<"$(hostcols --mode host)"
read -r hb_lat hb_avg hb_max <<<"$(hostcols --mode host --skew 20000)"
if [ -n "$nb0_avg" ] && [ -n "$hb_avg" ] && awk -v a="$nb0_avg" -v b="$nb_avg" -v c="$hb0_avg" -v d="$hb_avg" \
     -v hl0="$hb0_lat" -v hl="$hb_lat" -v m="$nb0_max" -v l="$nb0_lat" \
     'BEGIN { exit !(a > 0 && b < a && d > c && hl > hl0 + 1000 && m >= l) }'; then
  ok "--skew 20000: NIC-based hosts' time $nb0_avg -> $nb_avg, host-based $hb0_avg -> $hb_avg (latency $hb0_lat -> $hb_lat)"
else bad "--skew: NIC $nb0_avg/$nb_avg (lat $nb0_lat max $nb0_max), host $hb0_avg/$hb_avg (lat $hb0_lat -> $hb_lat)"; fi
if out=$("$wc" msg --topo cube:3 --group 0:all --once multicast --size 100 --skew 5000 --mode host 2>&1) &&
   grep -q "hosts        avg .* cycles from joining the multicast to the last completion taken (8 hosts, each joining" <<<"$out"
then ok "--skew: the hosts' line, 8 members"; else bad "--skew text: $out"; fi

# lockstep self-check: identical instances agree, a broken one is caught
if out=$("$wc" msg --topo cube:3 --messages 30 --size 1-2000 --engine lockstep-c --quiet 2>&1) &&
   grep -q "0 mismatches" <<<"$out"; then ok "lockstep-c: 0 mismatches"
else bad "lockstep-c: $out"; fi
out=$("$wc" msg --topo cube:3 --messages 30 --size 1-2000 --engine lockstep-c --mutate 1 --quiet 2>&1); rc=$?
if [ $rc -eq 1 ] && grep -q "LOCKSTEP MISMATCH: cycle [0-9]* node [0-9]* nic " <<<"$out"; then ok "lockstep-c: mutation caught"
else bad "lockstep-c mutation (exit $rc): $out"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The synthesized netlists in simulation (mk/fpga.mk builds the benches):
#  1. each named router netlist in the router unit bench, in lockstep with
#     the C model;
#  2. the board self-test as RTL and as netlist for CYCLES cycles: both
#     pass, and print the same status lines and output digest;
#  3. the self-test RTL with an injected error must report FAIL (the
#     comparison in 2 can see a difference only if the design can fail);
#  4. each tg:NAME argument: the self-test RTL of another routing function
#     (DIR/tg_rtl_NAME) passes, and its mutant (DIR/tg_rtl_NAME_mut, a
#     checker that accepts less than the router may do) reports FAIL.
# DIR/router_NAME and the self-test netlist's folder (FPGA_TG_NL, tg_nl by
# default) may hold either family's netlist.
# usage: tools/fpga-netlist.sh DIR CYCLES ROUTER|tg:NAME...
set -u
[ $# -ge 3 ] || { echo "fpga-netlist.sh: usage: DIR CYCLES ROUTER|tg:NAME..." >&2; exit 2; }
dir=$1 cycles=$2
shift 2
pass=0 fail=0
ok()  { echo "ok   - $*"; pass=$((pass + 1)); }
bad() { echo "FAIL - $*"; fail=$((fail + 1)); }
# cells STAT: its LUT4 and block RAM count
cells() { "$(dirname "$0")/fpga-stat.sh" "$1"; }

routers=() selftests=()
for a in "$@"; do
  case $a in tg:*) selftests+=("${a#tg:}") ;; *) routers+=("$a") ;; esac
done

for r in ${routers[@]+"${routers[@]}"}; do
  log=$dir/router_$r/run.log
  if "$dir/router_$r/Vwc_router" > "$log" 2>&1; then
    ok "router $r netlist ($(cells "$dir/router_$r/synth.stat")) in lockstep with the C model: $(grep -c '^ok ' "$log") check groups"
  else
    bad "router $r netlist against the C model (see $log):"; grep -m3 -E '^FAIL|mismatch' "$log"
  fi
done

tg=$dir/${FPGA_TG_NL:-tg_nl}
"$dir/tg_rtl/Vwc_fpga_router_tg" --cycles "$cycles" > "$dir/tg_rtl/run.log" 2>&1; rtl=$?
"$tg/Vwc_fpga_router_tg" --cycles "$cycles" > "$tg/run.log" 2>&1; nl=$?
if [ $rtl -eq 0 ]; then ok "self-test RTL: $(tail -2 "$dir/tg_rtl/run.log" | head -1)"
else bad "self-test RTL (see $dir/tg_rtl/run.log)"; tail -3 "$dir/tg_rtl/run.log"; fi
if [ $nl -eq 0 ] && cmp -s "$dir/tg_rtl/run.log" "$tg/run.log"; then
  ok "self-test netlist $(basename "$tg") ($(cells "$tg/synth.stat")): the same $(grep -c '^wc ' "$tg/run.log") status lines and output digest as the RTL"
else
  bad "self-test netlist $(basename "$tg") differs from the RTL or failed:"; diff "$dir/tg_rtl/run.log" "$tg/run.log" | head -6
fi
if "$dir/tg_rtl_err/Vwc_fpga_router_tg" --cycles "$cycles" --expect-fail > "$dir/tg_rtl_err/run.log" 2>&1; then
  ok "self-test with an injected error reports FAIL: $(grep -m1 FAIL "$dir/tg_rtl_err/run.log")"
else
  bad "self-test with an injected error did not report it (see $dir/tg_rtl_err/run.log)"
fi
for t in ${selftests[@]+"${selftests[@]}"}; do
  d=$dir/tg_rtl_$t
  if "$d/Vwc_fpga_router_tg" --cycles "$cycles" > "$d/run.log" 2>&1; then
    ok "self-test RTL ($t): $(tail -2 "$d/run.log" | head -1)"
  else
    bad "self-test RTL ($t) (see $d/run.log)"; tail -3 "$d/run.log"
  fi
  if "${d}_mut/Vwc_fpga_router_tg" --cycles "$cycles" --expect-fail > "${d}_mut/run.log" 2>&1; then
    ok "self-test ($t) with its checker's mutant reports FAIL: $(grep -m1 FAIL "${d}_mut/run.log")"
  else
    bad "self-test ($t) with its checker's mutant did not fail (see ${d}_mut/run.log)"
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

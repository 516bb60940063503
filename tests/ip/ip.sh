#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The RTL as IP (make ip: build/ip/wormcast_NAME.core, build/ip/NAME.f):
#  1. every core's lint target runs clean through FuseSoC (Verilator -Wall);
#  2. every file list serves its tool: NAME.f lints clean under plain
#     Verilator (-f), NAME.icarus.f elaborates under Icarus (-g2012 -c),
#     NAME.ys under Yosys (router and core; for the others, which take
#     Yosys a minute each, it must read the sources of NAME.f with -sv);
#  3. docs/examples/ip, copied outside the tree, instantiates the router:
#     its core depends on wormcast:ip:router and FuseSoC simulates it with
#     Verilator; the same bench built from router.f alone with Verilator,
#     and from router.icarus.f with Icarus, passes too.
# usage: FUSESOC=... tests/ip/ip.sh IP_DIR "NAMES" SCRATCH   (from the repository root)
set -u
ipd=$(cd "$1" && pwd) names=$2 tmp=$3
fs=${FUSESOC:?FUSESOC: the fusesoc program}; case $fs in /*) ;; *) fs=$(pwd)/$fs ;; esac
root=$(pwd)
rm -rf "$tmp"; mkdir -p "$tmp"; tmp=$(cd "$tmp" && pwd)
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
top_of() { sed -n 's/^    toplevel: //p' "$ipd/wormcast_$1.core" | head -1; }

# 1. FuseSoC lint of every core
for n in $names; do
  if "$fs" --cores-root "$ipd" run --target lint --work-root "$tmp/lint-$n" "wormcast:ip:$n" > "$tmp/lint-$n.log" 2>&1; then
    ok "fusesoc run --target lint wormcast:ip:$n: verilator -Wall clean ($(grep -c '^      - rtl\|^      - fpga' "$ipd/wormcast_$n.core") files, top $(top_of "$n"))"
  else bad "fusesoc lint wormcast:ip:$n: $(grep -v '^WARNING\|^INFO' "$tmp/lint-$n.log" | tail -5)"; fi
done
# 2. the file lists alone, each with its tool: Verilator, Icarus, Yosys
for n in $names; do
  t=$(top_of "$n")
  if verilator --lint-only -Wall -f "$ipd/$n.f" --top-module "$t" > "$tmp/f-$n.log" 2>&1; then
    ok "verilator --lint-only -Wall -f $n.f: clean"
  else bad "verilator -f $n.f: $(tail -5 "$tmp/f-$n.log")"; fi
  if iverilog -g2012 -c "$ipd/$n.icarus.f" -s "$t" -o "$tmp/iv-$n.vvp" > "$tmp/iv-$n.log" 2>&1; then
    ok "iverilog -g2012 -c $n.icarus.f -s $t: elaborates"
  else bad "iverilog -c $n.icarus.f: $(tail -5 "$tmp/iv-$n.log")"; fi
  # Yosys reads the NIC, and so the node and the system, for a minute
  # (make lint and make fpga do): for those, the script reads what the
  # Verilator list holds, every file with -sv
  if [ "$n" = router ] || [ "$n" = core ]; then
    if yosys -q -p "script $ipd/$n.ys; proc; check -assert" > "$tmp/ys-$n.log" 2>&1; then
      ok "yosys: script $n.ys elaborates $t"
    else bad "yosys script $n.ys: $(tail -5 "$tmp/ys-$n.log")"; fi
  elif [ "$(grep -v '^//\|^+\|^--' "$ipd/$n.f")" = "$(sed -n 's/^read_verilog -sv -I[^ ]* //p' "$ipd/$n.ys")" ] &&
       grep -qx "hierarchy -top $t" "$ipd/$n.ys"; then
    ok "yosys: $n.ys reads every source of $n.f with -sv, top $t"
  else bad "yosys: $n.ys does not read the sources of $n.f with -sv"; fi
done
# 3. a design outside the tree
ex=$tmp/example; mkdir -p "$ex"; cp "$root"/docs/examples/ip/* "$ex/"
if (cd "$ex" && "$fs" --cores-root "$ipd" --cores-root "$ex" run --target sim --work-root "$ex/work" \
      example:wormcast:router_demo) > "$tmp/demo.log" 2>&1 && grep -q "^router_demo: PASS" "$tmp/demo.log"; then
  ok "docs/examples/ip outside the tree: FuseSoC builds it from the router's core and Verilator runs it: $(grep '^router_demo:' "$tmp/demo.log")"
else bad "docs/examples/ip through FuseSoC: $(grep -v '^WARNING\|^INFO' "$tmp/demo.log" | tail -6)"; fi
if (cd "$ex" && verilator --binary --timing -Wno-fatal -f "$ipd/router.f" tb_router_demo.v --top-module tb_router_demo \
      -Mdir obj > vl.log 2>&1 && ./obj/Vtb_router_demo) > "$tmp/demo-f.log" 2>&1 && grep -q "^router_demo: PASS" "$tmp/demo-f.log"; then
  ok "the same bench from router.f with Verilator: PASS"
else bad "the bench from router.f with Verilator: $(tail -4 "$tmp/demo-f.log") $(tail -4 "$ex/vl.log")"; fi
if iverilog -g2012 -c "$ipd/router.icarus.f" -o "$ex/demo.vvp" "$ex/tb_router_demo.v" > "$tmp/iv.log" 2>&1 &&
   vvp -n "$ex/demo.vvp" | grep -q "^router_demo: PASS"; then
  ok "the same bench from router.icarus.f with Icarus (iverilog -g2012 -c): PASS"
else bad "the bench from router.f with Icarus: $(tail -4 "$tmp/iv.log")"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

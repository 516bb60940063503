#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The 4-node system board design (wc_fpga_system) as RTL against the C
# system model (mk/fpga.mk builds the bench and the firmware images):
#  1. each program runs on every node to its exit and the design prints
#     PASS status lines (the bench checks them and the LEDs);
#  2. each node's console lines are those `wormcast run --topo mesh:2x2`
#     prints for the same ELF, and the nodes exit in the same cycles: the
#     board design is the C model's system, cycle for cycle.  STRESS (the
#     NICs multicasting under load) prints from node 0, RING from every
#     node at once through the shared UART;
#  3. FAIL (node 2 returns 5) must make the design print FAIL and light
#     the fail LED, and the C model run with another seed prints other
#     lines than STRESS's: the comparisons above can fail.
# With --board, only 2. for one ELF whose image the bench has built in
# (the board design's synthesized netlist, make fpga-netlist-system), with
# one status line (the board's come a second apart); WHAT names the run.
# usage: tools/fpga-system.sh DIR WORMCAST NIC STRESS RING FAIL
#        tools/fpga-system.sh --board DIR WORMCAST NIC ELF WHAT
#   (NIC: the design's NIC parameters as wormcast run --nic takes them, ""
#    for the NIC's defaults; ELF paths; DIR holds Vwc_fpga_system and each
#    ELF's image as NAME.hex, NAME the ELF's base name; the bench reads
#    fw.hex in its working folder, so each runs in DIR/NAME)
set -u
board=0 what="the system RTL" nlines=2
if [ "${1:-}" = --board ]; then
  shift
  [ $# -eq 5 ] || { echo "fpga-system.sh: usage: --board DIR WORMCAST NIC ELF WHAT" >&2; exit 2; }
  board=1 what=$5 nlines=1
  set -- "$1" "$2" "$3" "$4"
else
  [ $# -eq 6 ] || { echo "fpga-system.sh: usage: DIR WORMCAST NIC STRESS RING FAIL" >&2; exit 2; }
fi
dir=$1 wc=$2 nic=$3 stress=$4 ring=${5:-} failelf=${6:-}
# the C model's system: mesh:2x2 with the design's NIC
ref() { "$wc" run --topo mesh:2x2 ${nic:+--nic "$nic"} --quiet "$@"; }
hexof() { echo "$dir/$(basename "$1" .elf).hex"; }
if [ $board = 1 ]; then need=("$dir/Vwc_fpga_system" "$wc" "$stress")
else need=("$dir/Vwc_fpga_system" "$wc" "$stress" "$ring" "$failelf" "$(hexof "$stress")" "$(hexof "$ring")" "$(hexof "$failelf")")
fi
for f in "${need[@]}"; do
  [ -f "$f" ] || { echo "fpga-system.sh: $f missing" >&2; exit 2; }
done
pass=0 fail=0
ok()  { echo "ok   - $*"; pass=$((pass + 1)); }
bad() { echo "FAIL - $*"; fail=$((fail + 1)); }
bin=$(cd "$dir" && pwd)/Vwc_fpga_system
# run ELF [ARGS]: the design with ELF's image, in DIR/NAME/run.log
run() {
  local elf=$1 d
  shift
  d=$dir/$(basename "$elf" .elf)
  mkdir -p "$d" && { [ $board = 1 ] || cp "$(hexof "$elf")" "$d/fw.hex"; } && (cd "$d" && "$bin" --lines $nlines "$@") > "$d/run.log" 2>&1
}
# each node's console lines, node by node in the order printed
lines() { grep '^\[[0-9]\] ' "$1" | sort -s -k1,1; }
exits() { grep -o 'exits at cycles [0-9]*\.\.[0-9]*' "$1" | head -1; }

for elf in "$stress" $ring; do
  name=$(basename "$elf" .elf) d=$dir/$(basename "$elf" .elf)
  if run "$elf"; then ok "$name on $what: $(grep 'cycles, ' "$d/run.log"); $(grep -m1 '^wc system exit' "$d/run.log")"
  else bad "$name on $what (see $d/run.log)"; tail -4 "$d/run.log"; fi
  ref --fw "$elf" > "$d/ref.log" 2>&1; ref=$?
  if [ $ref -eq 0 ] && [ -n "$(lines "$d/ref.log")" ] && diff <(lines "$d/run.log") <(lines "$d/ref.log") > "$d/ref.diff"; then
    ok "$name: every node's console lines are wormcast run's on mesh:2x2${nic:+ --nic $nic} ($(lines "$d/ref.log" | wc -l) lines)"
  else bad "$name: console lines differ from wormcast run's (exit $ref):"; head -6 "$d/ref.diff"; fi
  if [ -n "$(exits "$d/ref.log")" ] && [ "$(exits "$d/run.log")" = "$(exits "$d/ref.log")" ]; then
    ok "$name: the nodes exit in wormcast run's cycles, $(exits "$d/ref.log" | cut -d' ' -f4)"
  else bad "$name: exit cycles: $what '$(exits "$d/run.log")', wormcast run '$(exits "$d/ref.log")'"; fi
done

if [ $board = 1 ]; then
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]; exit
fi
name=$(basename "$failelf" .elf)
if run "$failelf" --expect-fail && grep -q '^wc system exit .* FAIL$' "$dir/$name/run.log"; then
  ok "$name: the design reports the failure: $(grep -m1 '^wc system exit' "$dir/$name/run.log")"
else bad "$name: the failure was not reported (see $dir/$name/run.log)"; fi
d=$dir/$(basename "$stress" .elf)
ref --fw "$stress" --arg seed=2 > "$d/ref2.log" 2>&1
if [ -n "$(lines "$d/ref2.log")" ] && ! diff -q <(lines "$d/run.log") <(lines "$d/ref2.log") > /dev/null; then
  ok "$(basename "$stress" .elf) with seed 2 prints other lines, so the comparison can fail"
else bad "the run with seed 2 printed the same lines (see $d/ref2.log)"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

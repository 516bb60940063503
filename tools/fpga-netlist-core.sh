#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The core board design (wc_fpga_core) as RTL and as its synth_ice40
# netlist (mk/fpga.mk builds the benches and the firmware images):
#  1. the RTL runs the firmware to its exit and prints PASS status lines;
#  2. its console text is what the instruction-set model prints for the ELF;
#  3. the netlist prints the same console text and status lines, with the
#     same digest of the UART and LED pins on every cycle;
#  4. the firmware variant that expects a wrong value must print FAIL, and
#     the design must say so on the UART and the LEDs (the comparisons
#     above can see a difference only if the design can fail).
# NETLIST: the netlist bench's folder in DIR (core_nl, iCE40's, by
# default; core_nl_ecp5 for ECP5's).
# usage: tools/fpga-netlist-core.sh DIR ISS IMAGE [NETLIST]   (IMAGE.elf, IMAGE.hex, IMAGE_break.hex)
set -u
[ $# -eq 3 ] || [ $# -eq 4 ] || { echo "fpga-netlist-core.sh: usage: DIR ISS IMAGE [NETLIST]" >&2; exit 2; }
dir=$1 iss=$2 img=$3 nl_dir=$1/${4:-core_nl}
for f in "$img.elf" "$img.hex" "${img}_break.hex" "$dir/core_rtl/Vwc_fpga_core" "$nl_dir/Vwc_fpga_core"; do
  [ -f "$f" ] || { echo "fpga-netlist-core.sh: $f missing" >&2; exit 2; }
done
pass=0 fail=0
ok()  { echo "ok   - $*"; pass=$((pass + 1)); }
bad() { echo "FAIL - $*"; fail=$((fail + 1)); }
# cells STAT: its LUT4 and block RAM count
cells() { "$(dirname "$0")/fpga-stat.sh" "$1"; }
lines=3

# the RTL reads its image from fw.hex in its working folder
rtl_bin=$(cd "$dir/core_rtl" && pwd)/Vwc_fpga_core
run_rtl() {  # NAME IMAGE.hex ARGS...
  local d=$dir/core_$1 hex=$2
  shift 2
  mkdir -p "$d" && cp "$hex" "$d/fw.hex" && (cd "$d" && "$rtl_bin" --lines $lines "$@") > "$d/run.log" 2>&1
}
console() { awk '/^wc core exit / {exit} {print}' "$1"; }

run_rtl rtl "$img.hex"; rtl=$?
if [ $rtl -eq 0 ]; then ok "core RTL: $(tail -2 "$dir/core_rtl/run.log" | head -1)"
else bad "core RTL (see $dir/core_rtl/run.log)"; tail -3 "$dir/core_rtl/run.log"; fi

"$iss" "$img.elf" 2>&1 | grep -v '^iss:' > "$dir/core_rtl/iss.log"
if [ -s "$dir/core_rtl/iss.log" ] && diff <(console "$dir/core_rtl/run.log") "$dir/core_rtl/iss.log" > "$dir/core_rtl/iss.diff"; then
  ok "core RTL console text is the instruction-set model's for $(basename "$img").elf ($(wc -l < "$dir/core_rtl/iss.log") lines)"
else bad "core RTL console text differs from the model's:"; head -6 "$dir/core_rtl/iss.diff"; fi

"$nl_dir/Vwc_fpga_core" --lines $lines > "$nl_dir/run.log" 2>&1; nl=$?
if [ $nl -eq 0 ] && [ $rtl -eq 0 ] && cmp -s "$dir/core_rtl/run.log" "$nl_dir/run.log"; then
  ok "core netlist $(basename "$nl_dir") ($(cells "$nl_dir/synth.stat")): the same $(console "$nl_dir/run.log" | wc -l) console lines, $(grep -c '^wc core exit ' "$nl_dir/run.log") status lines and output digest as the RTL"
else
  bad "core netlist $(basename "$nl_dir") differs from the RTL or failed:"; diff "$dir/core_rtl/run.log" "$nl_dir/run.log" | head -6
fi

if run_rtl break "${img}_break.hex" --expect-fail && grep -q "^hello: FAIL" "$dir/core_break/run.log" &&
   ! cmp -s "$dir/core_rtl/run.log" "$dir/core_break/run.log"; then
  ok "core RTL with the broken firmware reports it: $(grep -m1 '^wc core exit' "$dir/core_break/run.log")"
else
  bad "core RTL with the broken firmware did not report FAIL (see $dir/core_break/run.log)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

